"""`main.py judge`: how fair is a map or scenario?  For designers.

The game's own map facts (`ruleset.judge_map`: per seat or per deployment
side: distances to objectives, cover, open ground, sight of the deployment
zones) and a tournament of the game's computer player against itself on
the map: every seat's win rate with its 95% interval (Wilson), the game
length, the first player's advantage and the win rate per side.  A seat
whose interval lies above the fair share marks an advantage of its
position.  With tracing (for `--plot` and the map viewer) every game also
reports where units died, where they stood when it was decided and who
held each objective over time (the hooks are in engine/core/judging.py).

The games run through engine/commands/pool.py: on every core, on a Ray
cluster, resumable; the report is the same whichever way, apart from
"timing".
"""
from __future__ import annotations

import json
import sys
import time

from engine.commands.playout import GameJob
from engine.commands.pool import default_workers, run_games
from engine.commands.results_file import ResultsFile
from engine.commands.tally import tally
from engine.core import overrides, registry
from engine.core.agents import agent_names
from engine.core.dice import SeededDice
from engine.core.rules import Setup

MAX_ACTIONS = 3000


def judge_jobs(game: str, scenario: str, players: int, games: int, seed: int, options: dict | None = None,
               agent: str | None = None, trace: bool = True) -> list[GameJob]:
    agent = agent or agent_names(game)[0]
    return [GameJob(game, players, seed + g, scenario, (agent,) * players, dict(options or {}), MAX_ACTIONS, trace)
            for g in range(games)]


def map_facts(game: str, scenario: str, players: int, seed: int, options: dict | None = None):
    """The game's map facts and its drawing (None, None for a game without hooks)."""
    rules = registry.get(game)
    state, _ = rules.initial_state(Setup(game, players, seed=seed, scenario=scenario, options=dict(options or {})),
                                   SeededDice(seed))
    facts = rules.judge_map(state)
    if isinstance(facts, list):                    # an older hook: per-seat facts only
        facts = {"seats": facts}
    return facts, rules.judge_canvas(state)


def heat(results: list[dict]) -> dict:
    """The traced games summed: deaths and final positions (x, y, owner,
    won) and objective control per tenth of the game."""
    out: dict = {"deaths": [], "final": [], "objectives": [], "control": []}
    for r in results:
        if "final" not in r:
            continue
        out["deaths"].extend(r["deaths"])
        out["final"].extend([x, y, o, o in r["winners"]] for x, y, o in r["final"])
        if not out["objectives"]:
            out["objectives"] = r["objectives"]
            out["control"] = [[list(b) for b in obj] for obj in r["control"]]
        elif len(r["control"]) == len(out["control"]):
            for obj, add in zip(out["control"], r["control"]):
                for b, row in zip(obj, add):
                    for i, v in enumerate(row[:len(b)]):
                        b[i] += v
    return out


def judge(game: str, scenario: str, players: int, games: int, seed: int, options: dict | None = None,
          workers: int | None = None, cluster: str | None = None, results_path=None, progress: bool = True,
          trace: bool = True, on_game=None) -> dict:
    """The whole report as plain data (the JSON of `judge --json`)."""
    rules = registry.get(game)
    agent = agent_names(game)[0]
    jobs = judge_jobs(game, scenario, players, games, seed, options, agent, trace)
    results = ResultsFile(results_path, jobs[0].run_key()) if results_path and jobs else None   # refused first
    facts, _ = map_facts(game, scenario, players, seed, options)
    t0 = time.perf_counter()
    with overrides.forbidden("judge"):          # balance numbers follow the rules as written
        run = run_games(jobs, workers, cluster, results, progress, label=f"judging {game}", on_game=on_game)
    dt = time.perf_counter() - t0
    played = run.ordered()
    report: dict = {"game": game, "title": rules.title, "scenario": scenario, "players": players,
                    "options": dict(options or {}), "agent": agent, "map": facts or {},
                    "tournament": tally(played, players), "complete": len(played) == len(jobs)}
    if trace:
        report["heat"] = heat(played)
    report["timing"] = {"seconds": round(dt, 3), "workers": workers or default_workers(), "cluster": cluster,
                        "interrupted": run.interrupted}
    return report


def judge_cmd(args) -> int:
    from engine.core.army_lists import armies_options
    rules = registry.get(args.game)
    scenario = args.scenario or rules.scenarios()[0]
    options = armies_options(args.game, getattr(args, "armies", None), args.players)
    players = args.players or len(options.get("armies") or ()) or rules.min_players
    report = judge(args.game, scenario, players, args.games, args.seed, options, args.workers, args.cluster,
                   args.results, progress=not args.quiet)
    if report["timing"]["interrupted"]:
        sys.stderr.write(f"stopped: {report['tournament']['games']} of {args.games} games kept"
                         + (f"; run the same command again to resume from {args.results}\n" if args.results
                            else "; add --results FILE to be able to resume\n"))
    if args.plot:
        from engine.commands.plot import plot_report
        _, canvas = map_facts(args.game, scenario, players, args.seed, options)
        plot_report(report, canvas, args.plot)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(describe(report))
        if args.plot:
            print(f"picture: {args.plot}")
    return 130 if report["timing"]["interrupted"] else 0


def describe(report: dict) -> str:
    """The report in words (the text of `judge` and the map viewer)."""
    lines = [f"{report['title']} on {report['scenario']}, {report['players']} players"]
    facts = report.get("map") or {}
    for i, s in enumerate(facts.get("seats") or []):
        lines.append(f"  seat {i + 1}: " + ", ".join(f"{k} {v}" for k, v in s.items()))
    for side, s in (facts.get("sides") or {}).items():
        lines.append(f"  {side}: " + ", ".join(f"{k} {v}" for k, v in s.items()))
    if facts.get("map"):
        lines.append("  map: " + ", ".join(f"{k} {v}" for k, v in facts["map"].items()))
    t = report["tournament"]
    lines.append(f"  {t['games']} games of {report['agent']} against itself (fair share {t['fair_share']:.0%}):")
    for s in t["seats"]:
        lines.append(f"    seat {s['seat']}: {_pct(s)}")
    for s in t.get("sides", []):
        lines.append(f"    {s['side']}: {_pct(s)}")
    if "first_player" in t:
        lines.append(f"    first player: {_pct(t['first_player'])}")
    if "length" in t:
        ln = t["length"]
        lines.append(f"    length: {ln['actions_mean']} actions on average ({ln['actions_min']}-{ln['actions_max']}), "
                     f"{ln['rounds_mean']} rounds; draws {t['draws']}, shared wins {t['shared_wins']}")
    return "\n".join(lines)


def _pct(s: dict) -> str:
    if not s["games"]:
        return "no games"
    return (f"wins {s['wins']}/{s['games']} = {s['rate']:.0%} (95% interval {s['low']:.0%}-{s['high']:.0%}): "
            f"{s['verdict']}")
