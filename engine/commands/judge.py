"""`main.py judge`: how fair is a map or scenario, and why?  For designers.

The game's own map facts (`ruleset.judge_map`: per seat or per deployment
side: movement by real paths to each objective, which objectives each seat
reaches first, how soon an enemy reaches each zone, sight into each zone,
cover, open ground) and a tournament of the game's computer player against
itself on the map: every seat's win rate with its 95% interval (Wilson),
the game length, the first player's advantage and the win rate per side.
A seat whose interval lies above the fair share marks an advantage of its
position.  With tracing (the default; `--plot` and the map viewer draw it)
every game also reports where units died and what they were, who took
each objective first, who first stood within reach of an enemy, and the
armies dealt; engine/commands/causes.py turns them into why a seat wins.

`swap` plays every deal of the dice again with the seats' places rotated
(`places`: a seat-balanced tournament, each seat from each place equally
often), with the armies rotated (`armies`), or both: the report then says
whether the result follows the places on the map, the armies or the seats
themselves (the game's `judge_swap` hook; engine/core/judging.py).

The games run through engine/commands/pool.py: on every core, on a Ray
cluster, resumable; the report is the same whichever way, apart from
"timing".
"""
from __future__ import annotations

import json
import sys
import time

from engine.commands.causes import analyse, map_or_player
from engine.commands.playout import GameJob
from engine.commands.pool import default_workers, run_games
from engine.commands.results_file import ResultsFile
from engine.commands.tally import tally
from engine.core import overrides, registry
from engine.core.agents import agent_names
from engine.core.dice import SeededDice
from engine.core.rules import Setup
from engine.commands.judge_words import describe  # noqa: F401 - the report in words, here for its callers

MAX_ACTIONS = 3000
SWAPS = ("none", "places", "armies", "both")


class JudgeError(Exception):
    """The judge cannot run as asked (said in words)."""


def arrangements(swap: str, players: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The (places, armies) each deal of the dice is played with: () is as
    dealt; a rotation by k gives seat i the place (or army) of seat i + k."""
    if swap not in SWAPS:
        raise JudgeError(f"--swap {swap}: one of {', '.join(SWAPS)}")
    turns = [tuple((i + k) % players for i in range(players)) if k else () for k in range(players)]
    return [(p if swap in ("places", "both") else (), a if swap in ("armies", "both") else ())
            for p in (turns if swap in ("places", "both") else [()])
            for a in (turns if swap in ("armies", "both") else [()])]


def judge_jobs(game: str, scenario: str, players: int, games: int, seed: int, options: dict | None = None,
               agent: str | None = None, trace: bool = True, swap: str = "none") -> list[GameJob]:
    """The games of a judge run: game g is keyed by seed + g; with swaps
    every deal of the dice (seed + g // arrangements) is played once in
    each arrangement."""
    agent = agent or agent_names(game)[0]
    ways = arrangements(swap, players)
    if len(ways) == 1:
        return [GameJob(game, players, seed + g, scenario, (agent,) * players, dict(options or {}), MAX_ACTIONS,
                        trace) for g in range(games)]
    return [GameJob(game, players, seed + g, scenario, (agent,) * players, dict(options or {}), MAX_ACTIONS, trace,
                    *ways[g % len(ways)], seed + g // len(ways)) for g in range(games)]


def swap_problem(game: str, scenario: str, players: int, seed: int, options: dict | None, swap: str) -> str | None:
    """Why this game cannot play the swapped tournaments (in words), or None."""
    ways = [w for w in arrangements(swap, players) if w != ((), ())]
    if not ways:
        return None
    rules = registry.get(game)
    state, _ = rules.initial_state(Setup(game, players, seed=seed, scenario=scenario, options=dict(options or {})),
                                   SeededDice(seed))
    return rules.judge_swap(state, *ways[-1])


def map_facts(game: str, scenario: str, players: int, seed: int, options: dict | None = None):
    """The game's map facts and its drawing (None, None for a game without hooks)."""
    rules = registry.get(game)
    state, _ = rules.initial_state(Setup(game, players, seed=seed, scenario=scenario, options=dict(options or {})),
                                   SeededDice(seed))
    facts = rules.judge_map(state)
    if isinstance(facts, list):                    # an older hook: per-seat facts only
        facts = {"seats": facts}
    return facts, rules.judge_canvas(state)


def heat(results: list[dict], players: int = 2) -> dict:
    """The traced games summed for the pictures: deaths, the decisive
    losses (each game's loser's last) and final positions ([x, y, who]),
    objective control per tenth of the game.  `who` is the seat, or the
    place on the map when the run swapped the places: `labels` names each
    (engine/commands/plot.py draws one heatmap per label)."""
    out: dict = {"deaths": [], "decisive": [], "final": [], "objectives": [], "control": [], "labels": []}
    by_place = any(r.get("places") for r in results)
    labels: list = [None] * players
    for r in results:
        if "final" not in r:
            continue
        perm = (r.get("places") or list(range(players))) if by_place else list(range(players))
        who = {s: perm[s] if s < len(perm) else s for s in range(players)}
        sides = r.get("sides") or []
        for s in range(min(players, len(sides))):
            if labels[who[s]] is None and sides[s]:
                labels[who[s]] = sides[s]
        out["deaths"].extend([x, y, who.get(o, o)] for x, y, o in r["deaths"])
        out["final"].extend([x, y, who.get(o, o), o in r["winners"]] for x, y, o in r["final"])
        if len(r["winners"]) == 1:
            last = next(([x, y, who.get(o, o)] for x, y, o in reversed(r["deaths"]) if o not in r["winners"]), None)
            if last is not None:
                out["decisive"].append(last)
        control = [[[b[who_of] for who_of in _inverse(who, players)] + b[players:] for b in obj]
                   for obj in r["control"]]
        if not out["objectives"]:
            out["objectives"] = r["objectives"]
            out["control"] = [[list(b) for b in obj] for obj in control]
        elif len(control) == len(out["control"]):
            for obj, add in zip(out["control"], control):
                for b, row in zip(obj, add):
                    for i, v in enumerate(row[:len(b)]):
                        b[i] += v
    out["labels"] = [(f"the {lab}" if by_place else f"seat {i + 1} ({lab})") if lab else f"seat {i + 1}"
                     for i, lab in enumerate(labels)]
    out["by_place"] = by_place
    return out


def _inverse(who: dict, players: int) -> list[int]:
    """For each colour index, the seat that had it in this game."""
    inv = list(range(players))
    for s, c in who.items():
        if 0 <= c < players:
            inv[c] = s
    return inv


def judge(game: str, scenario: str, players: int, games: int, seed: int, options: dict | None = None,
          workers: int | None = None, cluster: str | None = None, results_path=None, progress: bool = True,
          trace: bool = True, on_game=None, swap: str = "none") -> dict:
    """The whole report as plain data (the JSON of `judge --json`)."""
    rules = registry.get(game)
    agent = agent_names(game)[0]
    why_not = swap_problem(game, scenario, players, seed, options, swap)
    if why_not:
        raise JudgeError(f"--swap {swap}: {why_not}")
    jobs = judge_jobs(game, scenario, players, games, seed, options, agent, trace, swap)
    key = dict(jobs[0].run_key(), swap=swap) if swap != "none" and jobs else (jobs[0].run_key() if jobs else None)
    results = ResultsFile(results_path, key) if results_path and jobs else None   # refused first
    facts, canvas = map_facts(game, scenario, players, seed, options)
    t0 = time.perf_counter()
    with overrides.forbidden("judge"):          # balance numbers follow the rules as written
        run = run_games(jobs, workers, cluster, results, progress, label=f"judging {game}", on_game=on_game)
    dt = time.perf_counter() - t0
    played = run.ordered()
    report: dict = {"game": game, "title": rules.title, "scenario": scenario,
                    "scenario_title": scenario_words(rules, scenario), "players": players,
                    "options": dict(options or {}), "agent": agent, "map": facts or {},
                    "tournament": tally(played, players), "complete": len(played) == len(jobs)}
    if swap != "none":
        report["swap"] = swap
    if trace:
        report["heat"] = heat(played, players)
        report["why"] = analyse(played, players, canvas, facts, report["tournament"])
    elif swap != "none":
        report["why"] = {"map_or_player": map_or_player(played, players)}
    report["timing"] = {"seconds": round(dt, 3), "workers": workers or default_workers(), "cluster": cluster,
                        "interrupted": run.interrupted}
    return report


def judge_cmd(args) -> int:
    from engine.core.army_lists import armies_options
    rules = registry.get(args.game)
    scenario = args.scenario or rules.scenarios()[0]
    options = armies_options(args.game, getattr(args, "armies", None), args.players)
    players = args.players or len(options.get("armies") or ()) or rules.min_players
    try:
        report = judge(args.game, scenario, players, args.games, args.seed, options, args.workers, args.cluster,
                       args.results, progress=not args.quiet, swap=getattr(args, "swap", "none"))
    except JudgeError as e:
        sys.stderr.write(f"judge: {e}\n")
        return 2
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


def scenario_words(rules, scenario: str) -> str:
    """The scenario as the launcher names it, or a map file by its name."""
    if scenario in rules.scenarios():
        return rules.scenario_title(scenario)
    from pathlib import Path
    return Path(scenario).name

