"""`main.py render` and `main.py bench`."""
from __future__ import annotations

import json
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass

from engine.core import registry
from engine.core.agents import RandomAgent, agent_names, make_agent
from engine.core.dice import SeededDice
from engine.core.match import Match
from engine.core.rules import Setup


def busy_match(game: str, seed: int, players: int | None = None, scenario: str | None = None,
               turns: int = 0, options: dict | None = None) -> Match:
    """A fresh match played through its setup (and `turns` actions more) by
    the game's own agent, so the board has armies on it."""
    rules = registry.get(game)
    n = players or rules.max_players
    m = Match(Setup(game, n, seed=seed, scenario=scenario or rules.scenarios()[0],
                    seats=tuple(["human"] * n), options=dict(options or {})))
    agent = make_agent(game, agent_names(game)[0], rules)
    rng = random.Random(seed)
    extra = 0
    while m.outcome() is None:
        if not rules.in_setup(m.state):
            if extra >= turns:
                break
            extra += 1
        legal = [a for a in m.legal_actions() if a.player == m.to_act()]
        m.submit(agent.choose(m.state, legal, rng), autosave=False)
    return m


@dataclass(frozen=True)
class HardTimes:
    """The hard level over one game against the normal player: seconds per
    decision, and how many futures (and the positions they passed through)
    it weighed where it searched (a decision with one sensible idea weighs
    none)."""
    p95: float
    top: float
    decisions: int
    searched: int
    futures_median: int
    futures_min: int
    positions_median: int


def hard_move_times(game: str, rules, seed: int = 7, limit: int = 400, scenario: str | None = None,
                    players: int | None = None, options: dict | None = None) -> HardTimes:
    """Every decision of the hard player over (up to `limit` actions of) a
    game against the normal player, by the clock as in the app."""
    from engine.commands.simulate import play_out
    times: list = []
    futures: list = []
    positions: list = []
    hard = make_agent(game, "hard", rules)

    class Timed:
        samples = False

        def choose(self, state, legal, rng):
            t = time.perf_counter()
            a = hard.choose(state, legal, rng)
            times.append(time.perf_counter() - t)
            if getattr(hard, "last_futures", 0):
                futures.append(hard.last_futures)
                positions.append(hard.last_positions)
            return a
    n = players or rules.players_for_bench()
    agents = [make_agent(game, "normal", rules) for _ in range(n)]
    agents[0] = Timed()
    play_out(rules, Setup(game, n, seed=seed, scenario=scenario or rules.scenarios()[0], options=dict(options or {})),
             agents, max_actions=limit)
    if not times:
        return HardTimes(0.0, 0.0, 0, 0, 0, 0, 0)
    times.sort()
    return HardTimes(times[max(0, int(len(times) * 0.95) - 1)], times[-1], len(times), len(futures),
                     int(statistics.median(futures)) if futures else 0, min(futures) if futures else 0,
                     int(statistics.median(positions)) if positions else 0)


def render_cmd(args) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from engine.ui.render import render_png
    from engine.core.saves import SaveError
    if args.load:
        try:
            m = Match.load(args.load)
        except SaveError as e:
            print(str(e), file=sys.stderr)
            return 2
    else:
        m = busy_match(args.game, args.seed, args.players, args.scenario)
    size = args.size if isinstance(args.size, tuple) else tuple(int(x) for x in args.size.lower().split("x"))
    render_png(m, args.out, size)
    print(args.out)
    return 0


def bench_cmd(args) -> int:
    rules = registry.get(args.game)
    # (the command line has checked both: a scenario of the game or a Tiled map, a player count it takes)
    scenario = getattr(args, "scenario", None) or rules.scenarios()[0]
    players = getattr(args, "players", None) or rules.players_for_bench()
    options = dict(getattr(args, "option", None) or {})       # --option KEY=VALUE (checked by the command line)
    report: dict = {"game": args.game, "scenario": scenario, "players": players}
    if options:
        report["options"] = options
    # rules speed: random playouts, headless
    from engine.commands.simulate import play_out
    agents = [RandomAgent(rules) for _ in range(rules.max_players)]
    # the game's data (catalogs, the table map) loads once per process, before the clock: on the
    # Field of the Abaci it took 1.5 s, a third of the default 5 s window, and is no playout's speed
    rules.initial_state(Setup(args.game, players, seed=999, scenario=scenario, options=dict(options)), SeededDice(999))
    n = 0
    games = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < args.seconds:
        r = play_out(rules, Setup(args.game, players, seed=1000 + games, scenario=scenario, options=dict(options)),
                     agents, max_actions=3000)
        n += r["actions"]
        games += 1
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    report["actions_per_second"] = round(n / dt, 1)
    # the same per second of this process's CPU: what the rules cost when other work shares the cores
    # (the wall-clock rate above falls with the load average reported below)
    report["actions_per_cpu_second"] = round(n / max(cpu, 1e-9), 1)
    report["playouts"] = games
    # AI speed: worst time for one decision in a busy position
    # else the busiest board the game takes, or the one its bars name (Battle Valor: two armies)
    chosen = getattr(args, "players", None) or rules.bench_players
    m = busy_match(args.game, 7, players=chosen, scenario=scenario, turns=30, options=options)
    agent = make_agent(args.game, agent_names(args.game)[0], rules)
    worst = 0.0
    rng = random.Random(1)
    for _ in range(20):
        if m.outcome() is not None:
            break
        legal = [a for a in m.legal_actions() if a.player == m.to_act()]
        t = time.perf_counter()
        a = agent.choose(m.state, legal, rng)
        worst = max(worst, time.perf_counter() - t)
        m.submit(a, autosave=False)
    report["ai_move_ms_max"] = round(worst * 1000, 2)
    # an autosave's cost after every action: the save's text (its fingerprint included) of that busy match
    saves = []
    for _ in range(5):
        t = time.perf_counter()
        m.save_text()
        saves.append(time.perf_counter() - t)
    report["save_text_ms_median"] = round(statistics.median(saves) * 1000, 2)
    # the hard level (engine/core/search.py): every decision of one game against the normal player
    hard = hard_move_times(args.game, rules, scenario=scenario, players=players, options=options,
                           limit=getattr(args, "hard_actions", 400))
    report["ai_hard_move_ms_p95"] = round(hard.p95 * 1000, 1)
    report["ai_hard_move_ms_max"] = round(hard.top * 1000, 1)
    # how much the hard level looks ahead: futures weighed per decision where it searched
    # (the median and the fewest), and the positions those futures passed through
    report["ai_hard_decisions"] = hard.decisions
    report["ai_hard_searched_decisions"] = hard.searched
    report["ai_hard_futures_per_decision_median"] = hard.futures_median
    report["ai_hard_futures_per_decision_min"] = hard.futures_min
    report["ai_hard_positions_per_decision_median"] = hard.positions_median
    # drawing: a busy full map at 1920x1080, software rendering
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    try:
        from engine.ui.bench import frame_times
        cpu: list[float] = []
        times = frame_times(busy_match(args.game, 3, players=chosen, scenario=scenario, turns=12, options=options),
                            frames=args.frames,
                            size=(1920, 1080), cpu=cpu)
        times.sort()
        cpu.sort()
        report["frame_ms_p50"] = round(statistics.median(times), 3)
        report["frame_ms_p95"] = round(times[int(len(times) * 0.95) - 1], 3)
        # the frame's own cost: equal to the wall time on a quiet machine,
        # and what to compare with the bar when other jobs share the cores
        report["frame_cpu_ms_p95"] = round(cpu[int(len(cpu) * 0.95) - 1], 3)
        report["load_average_1min"] = round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None
    except ImportError as e:
        report["frame_error"] = str(e)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for k, v in report.items():
            print(f"{k}: {v}")
    return 0
