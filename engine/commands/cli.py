"""The command line: every subcommand of main.py.  Headless except `play`
and the drawing half of `render` and `bench` (which import engine.ui lazily)."""
from __future__ import annotations

import argparse
import os
import sys

from engine.commands.pool import RunError
from engine.core import collector
from engine.core.catalog import DataError
from engine.core.limits import cut, cut_text
from engine.core.saves import SaveError, trust_map


def _count(low: int, high: int):
    """An argparse type: a whole number from low to high."""
    def parse(text: str) -> int:
        try:
            if len(text) > 12:
                raise ValueError
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {cut(text)}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high:,}, got {value}")
        return value
    parse.__name__ = "number"
    return parse


def _seed(text: str) -> int:
    try:
        if len(text) > 19:
            raise ValueError
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {cut(text)}") from None


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {cut(text)}") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most 3600, got {cut(text)}")
    return value


def _size(text: str) -> tuple[int, int]:
    parts = text.lower().split("x")
    try:
        if len(parts) != 2 or len(text) > 12:
            raise ValueError
        w, h = int(parts[0]), int(parts[1])
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1920x1080, got {cut(text)}") from None
    if not (320 <= w <= 8192 and 240 <= h <= 8192):
        raise argparse.ArgumentTypeError(f"{w}x{h}: width 320 to 8192 and height 240 to 8192 pixels")
    return w, h


def _out_png(text: str) -> str:
    if os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{cut(text)} is a folder; give a file name such as board.png")
    folder = os.path.dirname(text) or "."
    if not os.path.isdir(folder):
        raise argparse.ArgumentTypeError(f"no folder {cut(folder)} to write into")
    return text


PICTURES = (".png", ".svg", ".pdf")       # what judge --plot draws (matplotlib's savefig, by the suffix)


def _out_picture(text: str) -> str:
    """judge --plot: checked before the tournament, never after it."""
    text = _out_png(text)
    if not text.lower().endswith(PICTURES):
        raise argparse.ArgumentTypeError(f"{cut(text)}: the picture is a {', '.join(PICTURES)} file, "
                                         "such as judge.png")
    return text


ARMIES_HELP = "comma list of army-list files (or shipped list names), one per player"


def _parser(prog: str = "main.py") -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=prog, description="Warbench: tabletop wargames, hotseat and solo.")
    sub = p.add_subparsers(dest="cmd")
    play = sub.add_parser("play", help="open a game in the window")
    play.add_argument("game", nargs="?")
    play.add_argument("--seed", type=_seed, default=None)
    play.add_argument("--seats", default=None, help="comma list: human or an agent name per player")
    play.add_argument("--scenario", default=None)
    play.add_argument("--load", default=None)
    play.add_argument("--armies", default=None, help=ARMIES_HELP)
    play.add_argument("--option", action="append", default=None, metavar="KEY=VALUE", help=OPTION_HELP)
    sim = sub.add_parser("simulate", help="computer-vs-computer games, headless")
    sim.add_argument("game")
    sim.add_argument("--games", type=_count(1, 100_000), default=10)
    sim.add_argument("--seed", type=_seed, default=1)
    sim.add_argument("--ai", default=None, help="agent for every seat (default: the game's best)")
    sim.add_argument("--seats", default=None, help="comma list of agents, one per player")
    sim.add_argument("--players", type=_count(1, 99), default=None)
    sim.add_argument("--scenario", default=None)
    sim.add_argument("--max-actions", type=_count(1, 10_000_000), default=4000)
    sim.add_argument("--json", action="store_true")
    sim.add_argument("--armies", default=None, help=ARMIES_HELP)
    sim.add_argument("--option", action="append", default=None, metavar="KEY=VALUE", help=OPTION_HELP)
    _run_arguments(sim)
    ren = sub.add_parser("render", help="draw a position to a PNG without a window")
    ren.add_argument("game")
    ren.add_argument("--seed", type=_seed, default=1)
    ren.add_argument("--players", type=_count(1, 99), default=None)
    ren.add_argument("--scenario", default=None)
    ren.add_argument("--load", default=None)
    ren.add_argument("--size", type=_size, default=(1920, 1080), help="WIDTHxHEIGHT in pixels")
    ren.add_argument("--out", type=_out_png, required=True)
    chk = sub.add_parser("check", help="validate data, maps, saves, scripts and army lists")
    chk.add_argument("paths", nargs="*")
    scr = sub.add_parser("script", help="run a rules script headless")
    scr.add_argument("file")
    jdg = sub.add_parser("judge", help="how fair is a map: per-seat facts and a computer tournament")
    jdg.add_argument("game")
    jdg.add_argument("--scenario", default=None, help="a scenario name or a Tiled map path")
    jdg.add_argument("--players", type=_count(1, 99), default=None)
    jdg.add_argument("--games", type=_count(1, 100_000), default=20)
    jdg.add_argument("--seed", type=_seed, default=1)
    jdg.add_argument("--json", action="store_true")
    jdg.add_argument("--armies", default=None, help=ARMIES_HELP)
    jdg.add_argument("--plot", type=_out_picture, default=None, metavar="OUT.png",
                     help="draw the map with heatmaps and the win rates with their intervals")
    jdg.add_argument("--swap", choices=("none", "places", "armies", "both"), default="none",
                     help="play every deal again from every seat's place (places: seat-balanced), with every "
                          "seat's army, or both, and say whether the map, the armies or the seats move the result")
    jdg.add_argument("--fairer", default=None, metavar="OUT.tmx",
                     help="if the map is not fair, search small changes of it (seat-balanced, --games each) and "
                          "write the fair one that changes it least as a Tiled map")
    jdg.add_argument("--variants", type=_count(1, 1000), default=12,
                     help="with --fairer: how many of the smallest changes to try (default 12)")
    _run_arguments(jdg)
    view = sub.add_parser("view", help="a Tiled map in the map viewer, redrawn whenever the file is saved")
    view.add_argument("map", help="a .tmx or .tmj map file")
    view.add_argument("--game", default=None, help="the game the map is for (default: from its folder)")
    rul = sub.add_parser("rulings", help="a game's house rulings: the readings a group may choose")
    rul.add_argument("game")
    rul.add_argument("--json", action="store_true")
    docs = sub.add_parser("docs", help="write the reference pages made from the games' declarations")
    docs.add_argument("what", choices=["actions"], help="actions: docs/scripts/<game>.md, each game's action kinds")
    docs.add_argument("--out", default=None, help="the folder to write them in (default: the project's docs/scripts)")
    bench = sub.add_parser("bench", help="frame time and rules speed")
    bench.add_argument("game")
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--frames", type=_count(1, 100_000), default=300)
    bench.add_argument("--seconds", type=_seconds, default=5.0)
    bench.add_argument("--scenario", help="the map or scenario to measure on (default: the game's first; a "
                                          "scenario may switch options on, e.g. battle_valor_fantasy long_flank)")
    bench.add_argument("--players", type=_count(1, 8), help="players (default: the game's typical count; "
                                                            "the drawn board: the most it takes)")
    bench.add_argument("--option", action="append", default=None, metavar="KEY=VALUE", help=OPTION_HELP)
    bench.add_argument("--hard-actions", type=_count(1, 100_000), default=400, metavar="N",
                       help="the hard player is timed over one game of up to N actions (default 400)")
    return p


OPTION_HELP = ("a game option, as the launcher's checkboxes set it (repeatable), e.g. "
               "battle_valor_fantasy --option advanced_combat=on")
TRUE_WORDS, FALSE_WORDS = ("on", "true", "yes", "1"), ("off", "false", "no", "0")


def _options(rules, pairs: list[str], fail) -> dict:
    """`--option KEY=VALUE` pairs as match options, checked against the
    game's own options (the launcher's): a wrong one fails with the known."""
    specs = {o.key: o for o in rules.options()}
    out: dict = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        spec = specs.get(key.strip())
        if not sep or spec is None:
            fail(f"argument --option: {cut(pair)} is not KEY=VALUE with a known key "
                 f"(known: {', '.join(specs) or 'none'})")
        value = value.strip()
        if spec.choices:
            if value not in spec.choices:
                fail(f"argument --option: {cut(key)} is one of {', '.join(map(str, spec.choices))}, got {cut(value)}")
            out[spec.key] = value
        elif value.lower() in TRUE_WORDS + FALSE_WORDS:
            out[spec.key] = value.lower() in TRUE_WORDS
        else:
            fail(f"argument --option: {cut(key)} is on or off, got {cut(value)}")
    return out


def _validate(p: argparse.ArgumentParser, args) -> None:
    """Check the arguments against the game they name: parser.error (usage,
    message, exit 2) for any mistake, before anything runs."""
    from engine.core import registry
    from engine.core.agents import agent_names
    sub = p._subparsers._group_actions[0].choices.get(args.cmd) if args.cmd else None
    fail = sub.error if sub is not None else p.error
    game = getattr(args, "game", None)
    if game is None:
        scenario = getattr(args, "scenario", None)
        if getattr(args, "seats", None) or (scenario and not getattr(args, "load", None)):
            fail("--scenario and --seats need a game")
        if scenario:                  # play --load SAVE --scenario MAP: the save's own map, named by the user
            if not scenario.endswith((".tmx", ".tmj")) or not os.path.isfile(scenario):
                fail(f"argument --scenario: {cut(scenario)} is not a Tiled map file (.tmx, .tmj)")
            trust_map(scenario)
        return
    try:
        rules = registry.get(game)
    except KeyError as e:
        fail(f"argument game: {cut_text(str(e.args[0]), 300)}")
    players = getattr(args, "players", None)
    if players is not None and not rules.min_players <= players <= rules.max_players:
        fail(f"argument --players: {rules.title} is for {rules.min_players} to {rules.max_players} players, "
             f"got {players}")
    if getattr(args, "option", None):
        args.option = _options(rules, args.option, fail)
    agents = agent_names(game)
    for name in ([getattr(args, "ai", None)] if getattr(args, "ai", None) else []):
        if name not in agents:
            fail(f"argument --ai: unknown computer player {cut(name)} (known: {', '.join(agents)})")
    seats = getattr(args, "seats", None)
    if seats:
        names = seats.split(",")
        allowed = agents + (["human"] if args.cmd == "play" else [])
        bad = [n for n in names if n not in allowed]
        if bad:
            fail(f"argument --seats: unknown seat {cut(bad[0])} (known: {', '.join(allowed)})")
        if not rules.min_players <= len(names) <= rules.max_players:
            fail(f"argument --seats: {rules.title} is for {rules.min_players} to {rules.max_players} players, "
                 f"got {len(names)} seats")
    armies = getattr(args, "armies", None)
    if armies is not None:
        _check_armies(rules, armies, players, seats.split(",") if seats else None, fail)
    scenario = getattr(args, "scenario", None)
    if scenario is not None:
        names = list(rules.scenarios())
        if scenario not in names:
            if not scenario.endswith((".tmx", ".tmj")) or not os.path.isfile(scenario):
                fail(f"argument --scenario: {cut(scenario)} is neither a scenario of {rules.title} "
                     f"(known: {', '.join(names)}) nor a Tiled map file (.tmx, .tmj)")
            _check_map(rules, scenario, players or (len(seats.split(",")) if seats else None), fail)
            trust_map(scenario)          # the user named this map: saves of it may name it too


def _check_map(rules, path: str, players: int | None, fail) -> None:
    """A table map given with --scenario must deploy both sides
    (engine/commands/playable.py), or nothing starts: no run that crashes,
    no game that sticks."""
    from engine.commands.playable import is_table_map, map_problems
    if not is_table_map(path):
        return
    problems = map_problems(path, rules.game_id, players)
    if problems:
        more = f" (and {len(problems) - 1} more: main.py check {cut(path)})" if len(problems) > 1 else ""
        fail(f"argument --scenario: {cut_text(problems[0], 600)}{more}")


def player_range(rules) -> str:
    low, high = rules.min_players, rules.max_players
    return f"{low} players" if low == high else f"{low} to {high} players"


def _check_armies(rules, armies: str, players: int | None, seats: list | None, fail) -> None:
    """`--armies A,B`: one list per player, so their number is the game's
    player count (and the --players or --seats given); a list of the
    wrong length would start a game no save of it could resume."""
    from engine.core.army_lists import supports_lists
    if not supports_lists(rules):
        fail(f"argument --armies: {rules.title} has no army lists")
    names = armies.split(",")
    if any(not n.strip() for n in names):
        fail(f"argument --armies: {cut(armies)} has an empty name; give one list per player, "
             "e.g. --armies A.yaml,B.yaml")
    n = len(names)
    lists = f"{n} list{'s' if n != 1 else ''}"
    want = players if players is not None else (len(seats) if seats else None)
    if want is not None and n != want:
        fail(f"argument --armies: one list per player: {want} players, got {lists}")
    if not rules.min_players <= n <= rules.max_players:
        fail(f"argument --armies: one list per player: {rules.title} is for {player_range(rules)}, got {lists}")


def _load_or_say(path: str):
    """Load a save given on the command line, or print why not (stderr) and return None."""
    from engine.core.match import Match
    try:
        return Match.load(path)
    except SaveError as e:
        print(cut_text(str(e), 2000), file=sys.stderr)
        return None


def _run_arguments(p: argparse.ArgumentParser) -> None:
    """How a long run plays its games (engine/commands/pool.py)."""
    p.add_argument("--workers", type=_count(1, 1024), default=None,
                   help="processes playing games at once (default: every core)")
    p.add_argument("--cluster", default=None, metavar="ADDRESS",
                   help="play the games as Ray tasks on this cluster ('local' starts one); pip install '.[cluster]'")
    p.add_argument("--results", default=None, metavar="FILE",
                   help="keep each finished game in FILE (JSON lines by seed); the same command again resumes")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def main(argv: list[str], prog: str = "main.py") -> int:
    collector.tune()
    p = _parser(prog)
    args = p.parse_args(argv)
    _validate(p, args)
    if getattr(args, "load", None) and args.cmd == "play" and _load_or_say(args.load) is None:
        return 2
    try:
        if args.cmd in (None, "play"):
            from engine.core.saves import cleanup_temp_files, default_dir, history_dir, in_progress_dir
            for folder in (default_dir(), default_dir() / "saves", in_progress_dir(), history_dir()):
                cleanup_temp_files(folder)          # left by a kill -9 mid-write
            from engine.ui.app import run_app
            if args.cmd is None:
                args = argparse.Namespace(game=None, seed=None, seats=None, load=None, scenario=None, armies=None,
                                          option=None)
            if args.seats:
                args.seats = args.seats.split(",")
            from engine.core.army_lists import armies_options
            args.options = armies_options(args.game, args.armies) if args.armies and args.game else {}
            args.options.update(args.option or {})          # --option KEY=VALUE (checked above)
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
        if args.cmd == "judge" and args.fairer:
            from engine.commands.variants import fairer_cmd
            return fairer_cmd(args)
        if args.cmd == "judge":
            from engine.commands.judge import judge_cmd
            return judge_cmd(args)
        if args.cmd == "view":
            from engine.commands.view import view_cmd
            return view_cmd(args)
        if args.cmd == "rulings":
            from engine.core.rulings import describe, rulings_of
            from engine.core import registry
            found = rulings_of(registry.get(args.game))
            if args.json:
                import json
                print(json.dumps([r.to_dict() for r in found], indent=2))
            else:
                print(describe(found))
            return 0
        if args.cmd == "docs":
            from pathlib import Path

            from engine.core.action_docs import DOCS_DIR, write_pages
            for path in write_pages(Path(args.out) if args.out else DOCS_DIR):
                print(path)
            return 0
        if args.cmd == "bench":
            from engine.commands.tools import bench_cmd
            return bench_cmd(args)
    except KeyError as e:
        print(f"error: {cut_text(str(e.args[0] if e.args else e), 2000)}", file=sys.stderr)
        return 2
    except (DataError, SaveError) as e:
        print(cut_text(str(e), 4000), file=sys.stderr)
        return 2
    except ValueError as e:                 # a setup the game refuses (e.g. a map it cannot use)
        print(f"error: {cut_text(str(e), 2000)}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"error: {cut_text(str(e.filename or ''), 300)}: {e.strerror or e}", file=sys.stderr)
        return 2
    except RunError as e:
        print(f"error: {cut_text(str(e), 2000)}", file=sys.stderr)
        return 2
    return 0


def console() -> int:
    """The `warbench` command of an installed Warbench (pyproject.toml)."""
    return main(sys.argv[1:], "warbench")
