"""Headless computer-vs-computer play: `main.py simulate`.

Games are spread over `--workers` processes (default: every core) or a Ray
cluster (`--cluster`) by engine/commands/pool.py; the JSON is the same
whichever way they ran, apart from "timing".  `play_out` (one game, the
fastest path) lives in engine/commands/playout.py and is re-exported here
for the fuzz tests and bench.
"""
from __future__ import annotations

import json
import sys
import time

from engine.commands.playout import GameJob, play_out  # noqa: F401 - re-exported
from engine.commands.pool import default_workers, run_games
from engine.commands.results_file import ResultsFile
from engine.core import overrides, registry
from engine.core.agents import agent_names, make_agent


def simulate_cmd(args) -> int:
    from engine.core.army_lists import armies_options
    rules = registry.get(args.game)
    options = armies_options(args.game, getattr(args, "armies", None))
    options.update(getattr(args, "option", None) or {})      # --option KEY=VALUE (checked by the command line)
    players = args.players or len(options.get("armies") or ()) or rules.min_players
    if args.seats:
        seat_names = args.seats.split(",")
    else:
        seat_names = [args.ai or agent_names(args.game)[0]] * players
    players = len(seat_names)
    for n in seat_names:
        make_agent(args.game, n, rules)          # an unknown agent fails here, before any game
    scenario = args.scenario or rules.scenarios()[0]
    jobs = [GameJob(args.game, players, args.seed + g, scenario, tuple(seat_names), dict(options), args.max_actions)
            for g in range(args.games)]
    results = ResultsFile(args.results, jobs[0].run_key()) if args.results and jobs else None
    workers = args.workers or default_workers()
    t0 = time.perf_counter()
    with overrides.forbidden("simulate"):       # computer play follows the rules as written
        run = run_games(jobs, workers, args.cluster, results, progress=not args.quiet, label=f"{args.game} games")
    dt = time.perf_counter() - t0
    played = run.ordered()
    wins = [0] * players
    total_actions = 0
    games = []
    for r in played:
        total_actions += r["actions"]
        for w in r["winners"]:
            wins[w] += 1
        games.append({"game": r["seed"] - args.seed, "seed": r["seed"], "winners": r["winners"], "reason": r["reason"],
                      "actions": r["actions"], "rounds": r["rounds"], "first": r.get("first")})
    fresh = len(played) - run.resumed
    chosen = {k: v for k, v in options.items() if k != "armies"}
    report = {"game": args.game, "seats": seat_names, "scenario": scenario, **({"options": chosen} if chosen else {}),
              "games": games,
              "wins": wins, "draws": sum(1 for r in played if not r["winners"]),
              "complete": len(played) == len(jobs),
              "timing": {"seconds": round(dt, 3), "workers": workers, "cluster": args.cluster,
                         "games_played_now": fresh,
                         "games_per_second": round(fresh / dt, 3) if dt else 0,
                         "actions_per_second": round(total_actions / dt, 1) if dt and not run.resumed else None}}
    if run.interrupted:
        sys.stderr.write(f"stopped: {len(played)} of {len(jobs)} games kept"
                         + (f"; run the same command again to resume from {args.results}\n" if args.results
                            else "; add --results FILE to be able to resume\n"))
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for i, name in enumerate(seat_names):
            print(f"seat {i + 1} ({name}): {wins[i]} wins")
        t = report["timing"]
        print(f"draws (action cap): {report['draws']}; {total_actions} actions in {len(played)} games; "
              f"{t['games_per_second']} games/s on {args.cluster or f'{workers} workers'}")
    return 130 if run.interrupted else 0
