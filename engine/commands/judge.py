"""`main.py judge`: how fair is a map?  For designers.

Static facts from the game (`ruleset.judge_map(state)`: per seat, what its
deployment offers) and a tournament of the game's computer players on the
map, every seat played by the same agent, so a seat that wins more often
than its share marks an advantage of its position.
"""
from __future__ import annotations

import json
import sys

from engine.core import registry
from engine.core.agents import agent_names, make_agent
from engine.core.rules import Setup
from engine.commands.simulate import _progress, play_out


def judge(game: str, scenario: str, players: int, games: int, seed: int, options: dict | None = None) -> dict:
    rules = registry.get(game)
    agent = make_agent(game, agent_names(game)[0], rules)
    agents = [agent] * players
    base = Setup(game, players, seed=seed, scenario=scenario, options=dict(options or {}))
    from engine.core.dice import SeededDice
    state, _ = rules.initial_state(base, SeededDice(seed))
    report: dict = {"game": game, "scenario": scenario, "players": players}
    if hasattr(rules, "judge_map"):
        report["seats"] = rules.judge_map(state)
    wins = [0] * players
    lengths = []
    for g in range(games):
        r = play_out(rules, Setup(game, players, seed=seed + g, scenario=scenario, options=dict(options or {})),
                     agents, max_actions=3000)
        for w in r["winners"]:
            wins[w] += 1 / len(r["winners"])
        lengths.append(r["actions"])
        _progress(g + 1, games)
    sys.stderr.write("\n")
    fair = games / players
    report["tournament"] = {
        "games": games, "agent": agent_names(game)[0],
        "wins_per_seat": [round(w, 1) for w in wins],
        "expected_if_fair": round(fair, 1),
        "largest_edge": round(max(abs(w - fair) for w in wins) / max(1, games), 3),
        "mean_actions": round(sum(lengths) / max(1, len(lengths)), 1),
    }
    return report


def judge_cmd(args) -> int:
    from engine.core.army_lists import armies_options
    rules = registry.get(args.game)
    scenario = args.scenario or rules.scenarios()[0]
    options = armies_options(args.game, getattr(args, "armies", None))
    players = args.players or len(options.get("armies") or ()) or rules.min_players
    report = judge(args.game, scenario, players, args.games, args.seed, options)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{rules.title} on {scenario}, {players} players")
    for i, s in enumerate(report.get("seats", [])):
        print(f"  seat {i + 1}: " + ", ".join(f"{k} {v}" for k, v in s.items()))
    t = report["tournament"]
    print(f"  {t['games']} games of {t['agent']} against itself: wins per seat {t['wins_per_seat']} "
          f"(fair: {t['expected_if_fair']} each); largest edge {t['largest_edge']:.1%}")
    return 0
