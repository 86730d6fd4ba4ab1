"""`main.py check`: validate data, maps, saves and scripts.  Prints
`file:line: field: problem` lines and exits non-zero when anything is
wrong; never a traceback."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from engine.core import registry
from engine.core.catalog import DataError

ROOT = Path(__file__).resolve().parents[1]


def check_path(path: Path) -> list[str]:
    from engine.core.saves import SaveError
    problems: list[str] = []
    if path.is_dir():
        for p in sorted(path.rglob("*")):
            if p.suffix in (".yaml", ".yml", ".tmx", ".tmj", ".json") and ".venv" not in p.parts:
                problems.extend(check_path(p))
        return problems
    if not path.exists():
        return [f"{path}:0: no such file"]
    try:
        if path.suffix == ".tmj" or (path.suffix == ".tmx" and _orthogonal(path)):
            from engine.maps.tablemap import load_table_map     # a free-measure table
            load_table_map(path, known_terrain=_known_terrain(path))
        elif path.suffix == ".tmx":
            from engine.maps.hexmap import load_hex_map
            load_hex_map(path, known_terrain=_known_terrain(path))
        elif path.suffix == ".json":
            from engine.core.match import Match
            Match.load(path)
        elif path.suffix in (".yaml", ".yml"):
            problems.extend(_check_yaml(path))
    except DataError as e:
        problems.extend(e.problems)
    except SaveError as e:
        problems.append(str(e))
    return problems


def _orthogonal(path: Path) -> bool:
    """A Tiled XML map drawn on a square grid: a table, not a hex map."""
    try:
        head = path.read_text(encoding="utf-8", errors="replace")[:4000]
    except OSError:
        return False
    return 'orientation="orthogonal"' in head or "orientation='orthogonal'" in head


def _known_terrain(path: Path):
    for g in registry.all_games():
        if g.game_id in path.parts and hasattr(g, "terrain_ids"):
            return g.terrain_ids()
    return None


def _check_yaml(path: Path) -> list[str]:
    from engine.core.catalog import load_yaml
    data = load_yaml(path)
    if isinstance(data, dict) and "actions" in data and "game" in data:
        from engine.commands.script import ScriptError, run_script
        try:
            report = run_script(path)
        except ScriptError as e:
            return [str(e)]
        return report["failures"]
    for g in registry.all_games():
        if hasattr(g, "check_data") and path.parent.name == g.game_id:
            return g.check_data(path.parent)
    return []


def check_cmd(paths: list[str]) -> int:
    problems: list[str] = []
    if not paths:
        for g in registry.all_games():
            if hasattr(g, "check_data"):
                problems.extend(g.check_data(None))
        targets = [ROOT / "assets" / "maps", ROOT / "tests" / "scripts"]
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
