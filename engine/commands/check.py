"""`main.py check`: validate data, maps, saves and scripts.  Prints
`file:line: field: problem` lines and exits non-zero when anything is
wrong; never a traceback."""
from __future__ import annotations

import sys
from pathlib import Path

from engine.commands.script import ScriptError
from engine.core import registry
from engine.core.catalog import DataError
from engine.core.limits import cut_text
from engine.core.saves import SaveError

ROOT = Path(__file__).resolve().parents[2]


SUFFIXES = (".yaml", ".yml", ".tmx", ".tmj", ".json")
MAX_PROBLEMS = 50             # per file: a broken 1,000,000-cell map is not a million lines


def check_path(path: Path) -> list[str]:
    """Problems of one file or of every known file under a folder.  A file
    check cannot read is a problem too: nothing passes unrecognised."""
    problems: list[str] = []
    if path.is_dir():
        for p in sorted(path.rglob("*")):
            if p.suffix in SUFFIXES and ".venv" not in p.parts and p.is_file():
                problems.extend(check_path(p))
        return problems
    if not path.exists():
        return [f"{cut_text(str(path))}:0: no such file"]
    if path.suffix not in SUFFIXES:
        return [f"{cut_text(str(path))}:0: (file): not recognised: check reads data and rules scripts "
                "(.yaml), Tiled maps (.tmx, .tmj) and saves (.json)"]
    try:
        problems = _check_file(path)
    except (DataError, ScriptError) as e:
        problems = list(getattr(e, "problems", [str(e)]))
    except SaveError as e:
        problems = [str(e)]
    except RecursionError:
        problems = [f"{cut_text(str(path))}:0: (file): nested too deeply to check"]
    except Exception as e:  # noqa: BLE001 - never a traceback; name the file and what went wrong
        problems = [f"{cut_text(str(path))}:0: (file): cannot check this file: {type(e).__name__}: "
                    f"{cut_text(str(e), 200)}"]
    if len(problems) > MAX_PROBLEMS:
        problems = problems[:MAX_PROBLEMS] + [f"{cut_text(str(path))}:0: (file): and "
                                              f"{len(problems) - MAX_PROBLEMS} more problems"]
    return [cut_text(p, 600) for p in problems]


def _check_file(path: Path) -> list[str]:
    from engine.commands.playable import is_table_map, map_problems
    if is_table_map(path):                   # a free-measure table: it must deploy both sides
        return map_problems(path, _game_of(path))
    elif path.suffix == ".tmx":
        from engine.maps.hexmap import load_hex_map
        load_hex_map(path, known_terrain=_known_terrain(path))
    elif path.suffix == ".json":
        from engine.core.match import Match
        Match.load(path)
    else:
        return _check_yaml(path)
    return []


def _known_terrain(path: Path):
    from engine.commands.playable import terrain_of
    game = _game_of(path)
    return terrain_of(game) if game else None


def _game_of(path: Path) -> str | None:
    """The game a map is for, from its folder (assets/maps/<game>/)."""
    for g in registry.all_games():
        if g.game_id in path.parts and hasattr(g, "terrain_ids"):
            return g.game_id
    return None


def _check_yaml(path: Path) -> list[str]:
    from engine.commands.script import run_script
    from engine.core.catalog import load_yaml
    data = load_yaml(path)
    if path.parent.name == "tutorials" and isinstance(data, dict) and "steps" in data:
        from engine.core.lessons import Lesson       # a lesson or guided game (data/<game>/tutorials/, docs/lessons.md)
        return Lesson(path).check()                  # read field by field, then played to its end
    from engine.core.army_lists import check_list_file, is_list_data, supports_lists
    if is_list_data(data) or path.parent.name == "lists":
        game = data.get("game") if isinstance(data, dict) else None
        owner = next((g for g in registry.all_games() if g.game_id in (game, path.parent.parent.name)), None)
        if owner is None or supports_lists(owner):
            return check_list_file(path)          # the shared army-list checks (engine/core/army_lists.py)
        if hasattr(owner, "check_data") and path.parent.parent.name == owner.game_id:
            return owner.check_data(path.parent.parent)    # a game that checks its own lists
        return [f"{path}:1: game: {owner.title} checks its lists with its data folder (data/{owner.game_id}/lists/)"]
    if isinstance(data, dict) and "game" in data and ("actions" in data or "expect" in data):
        return run_script(path)["failures"]
    for g in registry.all_games():
        if hasattr(g, "check_data") and path.parent.name == g.game_id:
            return g.check_data(path.parent)
    if isinstance(data, dict) and ("game" in data or "actions" in data or "expect" in data) \
            or data is None or isinstance(data, list):
        return run_script(path)["failures"]      # ScriptError for anything malformed, an empty file or a list
    return [f"{cut_text(str(path))}:0: (file): not recognised: neither a rules script (game, actions, expect) "
            "nor a data file in a game's data folder (data/<game>/)"]


def check_cmd(paths: list[str]) -> int:
    problems: list[str] = []
    if not paths:
        for g in registry.all_games():
            if hasattr(g, "check_data"):
                try:
                    problems.extend(g.check_data(None))
                except Exception as e:  # noqa: BLE001 - report, never a traceback
                    problems.append(f"data/{g.game_id}:0: (data): cannot check: {type(e).__name__}: "
                                    f"{cut_text(str(e), 200)}")
        targets = [ROOT / "assets" / "maps", ROOT / "tests" / "scripts"]
        targets += [ROOT / "data" / g.game_id / "tutorials" for g in registry.all_games()]   # played to their end
        paths = [str(t) for t in targets if t.exists()]
    seen = set()
    for p in paths:
        for line in check_path(Path(p)):
            if line not in seen:
                seen.add(line)
                problems.append(line)
    for line in problems:
        print(line)
    if not problems:
        print("ok: everything checks out", file=sys.stderr)
    return 1 if problems else 0
