"""Headless computer-vs-computer play: `main.py simulate` and the fuzz tests."""
from __future__ import annotations

import json
import random
import sys
import time

from engine.core import registry
from engine.core.agents import agent_names, make_agent
from engine.core.dice import SeededDice
from engine.core.rules import Setup


def play_out(rules, setup: Setup, agents: list, max_actions: int = 4000, on_step=None,
             list_legal: bool = False) -> dict:
    """Play one game to its end (or the action cap) without a Match: the
    fastest path, used by simulate, bench and the fuzz tests.  Agents that
    can sample (RandomAgent) skip listing every legal action unless
    `list_legal`; `on_step(state, action, legal_or_None)` sees each step."""
    dice = SeededDice(setup.seed)
    rng = random.Random(setup.seed ^ 0x5EED)
    state, _ = rules.initial_state(setup, dice)
    n = 0
    actions = []
    while n < max_actions:
        if rules.outcome(state) is not None:
            break
        p = rules.to_act(state)
        if not list_legal and getattr(agents[p], "samples", False):
            legal = None
            a = agents[p].choose(state, None, rng)
        else:
            legal = rules.legal_actions(state)
            mine = [a for a in legal if a.player == p]
            if not mine:
                raise AssertionError(f"no legal action for player {p} in an unfinished game")
            a = agents[p].choose(state, mine, rng)
        rules.apply(state, a, dice)
        actions.append(a)
        n += 1
        if on_step is not None:
            on_step(state, a, legal)
    out = rules.outcome(state)
    return {"winners": list(out.winners) if out else [], "reason": out.reason if out else "action cap reached",
            "actions": n, "rounds": getattr(state, "round", 0), "state": state, "log": actions, "rolls": dice.history}


def simulate_cmd(args) -> int:
    from engine.core.army_lists import armies_options
    rules = registry.get(args.game)
    options = armies_options(args.game, getattr(args, "armies", None))
    players = args.players or len(options.get("armies") or ()) or rules.min_players
    if args.seats:
        seat_names = args.seats.split(",")
    else:
        seat_names = [args.ai or agent_names(args.game)[0]] * players
    players = len(seat_names)
    agents = [make_agent(args.game, n, rules) for n in seat_names]
    scenario = args.scenario or rules.scenarios()[0]
    results = []
    wins = [0] * players
    total_actions = 0
    t0 = time.perf_counter()
    for g in range(args.games):
        setup = Setup(args.game, players, seed=args.seed + g, scenario=scenario, seats=tuple(seat_names),
                      options=dict(options))
        r = play_out(rules, setup, agents, args.max_actions)
        total_actions += r["actions"]
        for w in r["winners"]:
            wins[w] += 1
        results.append({"game": g, "seed": setup.seed, "winners": r["winners"], "reason": r["reason"],
                        "actions": r["actions"], "rounds": r["rounds"]})
        _progress(g + 1, args.games)
    dt = time.perf_counter() - t0
    sys.stderr.write("\n")
    report = {"game": args.game, "seats": seat_names, "scenario": scenario, "games": results,
              "wins": wins, "draws": sum(1 for r in results if not r["winners"]),
              "timing": {"seconds": round(dt, 3), "actions_per_second": round(total_actions / dt, 1) if dt else 0}}
    report["actions_per_second"] = report["timing"]["actions_per_second"]
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for i, name in enumerate(seat_names):
            print(f"seat {i + 1} ({name}): {wins[i]} wins")
        print(f"draws (action cap): {report['draws']}; {total_actions} actions, "
              f"{report['actions_per_second']} actions/s")
    return 0


def _progress(done: int, total: int) -> None:
    width = 30
    fill = int(width * done / total)
    sys.stderr.write(f"\r[{'#' * fill}{'.' * (width - fill)}] {done}/{total} games")
    sys.stderr.flush()
