"""The command line: every subcommand of main.py.  Headless except `play`
and the drawing half of `render` and `bench` (which import engine.ui lazily)."""
from __future__ import annotations

import argparse
import json
import random
import sys
import time

from engine.core.catalog import DataError


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="main.py", description="Warbench: tabletop wargames, hotseat and solo.")
    sub = p.add_subparsers(dest="cmd")
    play = sub.add_parser("play", help="open a game in the window")
    play.add_argument("game", nargs="?")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--seats", default=None, help="comma list: human or an agent name per player")
    play.add_argument("--scenario", default=None)
    play.add_argument("--load", default=None)
    sim = sub.add_parser("simulate", help="computer-vs-computer games, headless")
    sim.add_argument("game")
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--ai", default=None, help="agent for every seat (default: the game's best)")
    sim.add_argument("--seats", default=None, help="comma list of agents, one per player")
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument("--scenario", default=None)
    sim.add_argument("--max-actions", type=int, default=4000)
    sim.add_argument("--json", action="store_true")
    ren = sub.add_parser("render", help="draw a position to a PNG without a window")
    ren.add_argument("game")
    ren.add_argument("--seed", type=int, default=1)
    ren.add_argument("--players", type=int, default=None)
    ren.add_argument("--scenario", default=None)
    ren.add_argument("--load", default=None)
    ren.add_argument("--size", default="1920x1080")
    ren.add_argument("--out", required=True)
    chk = sub.add_parser("check", help="validate data, maps, saves and scripts")
    chk.add_argument("paths", nargs="*")
    scr = sub.add_parser("script", help="run a rules script headless")
    scr.add_argument("file")
    jdg = sub.add_parser("judge", help="how fair is a map: per-seat facts and a computer tournament")
    jdg.add_argument("game")
    jdg.add_argument("--scenario", default=None, help="a scenario name or a Tiled map path")
    jdg.add_argument("--players", type=int, default=None)
    jdg.add_argument("--games", type=int, default=20)
    jdg.add_argument("--seed", type=int, default=1)
    jdg.add_argument("--json", action="store_true")
    bench = sub.add_parser("bench", help="frame time and rules speed")
    bench.add_argument("game")
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--frames", type=int, default=300)
    bench.add_argument("--seconds", type=float, default=5.0)
    return p


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.cmd in (None, "play"):
            from engine.ui.app import run_app
            if args.cmd is None:
                args = argparse.Namespace(game=None, seed=None, seats=None, load=None, scenario=None)
            if args.seats:
                args.seats = args.seats.split(",")
            return run_app(args) or 0
        if args.cmd == "simulate":
            from engine.commands.simulate import simulate_cmd
            return simulate_cmd(args)
        if args.cmd == "render":
            from engine.commands.tools import render_cmd
            return render_cmd(args)
        if args.cmd == "check":
            from engine.commands.check import check_cmd
            return check_cmd(args.paths)
        if args.cmd == "script":
            from engine.commands.script import script_cmd
            return script_cmd(args.file)
        if args.cmd == "judge":
            from engine.commands.judge import judge_cmd
            return judge_cmd(args)
        if args.cmd == "bench":
            from engine.commands.tools import bench_cmd
            return bench_cmd(args)
    except KeyError as e:
        print(f"error: {e.args[0] if e.args else e}", file=sys.stderr)
        return 2
    except DataError as e:
        print(str(e), file=sys.stderr)
        return 2
    return 0
