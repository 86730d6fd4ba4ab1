"""The Exploration hexboard (warbound.txt § The Hexboard): two 8x8
sections, a starting tile at the 3rd column and 3rd row from each
section's closed corner, obstacles (cannot be traversed or occupied) and
obstructing terrain (blocks sight) per hex, and the scenario's Scan
markers.  Built once per catalog from a Tiled map (engine.maps.hexmap) and shared,
immutable, by every state of a match.
"""
from __future__ import annotations

from pathlib import Path

from engine.core.catalog_memo import per_catalog
from engine.hex import grid
from engine.maps.hexmap import HexMapData, load_hex_map

MAP_DIR = Path(__file__).resolve().parents[3] / "assets" / "maps" / "warbound"
BOARDS = ("recommended", "crossfire", "smog_fields")
SECTION = 8


class Board:
    def __init__(self, data: HexMapData, name: str, terrain_types: dict):
        self.name = name
        self.path = data.path
        self.terrain: dict = dict(data.terrain)
        self.hexes = tuple(sorted(self.terrain))
        self.cols, self.rows = data.width, data.height
        self.blocked = frozenset(h for h, t in self.terrain.items() if terrain_types[t].blocks_move)
        self.obstructing = frozenset(h for h, t in self.terrain.items() if terrain_types[t].blocks_sight)
        self.open = frozenset(h for h in self.hexes if h not in self.blocked)
        self.nbrs = {h: tuple(n for n in grid.neighbors(h) if n in self.open) for h in self.open}
        self.section_cols = int(data.properties.get("section_cols", SECTION))
        self.section = {h: min(1, grid.axial_to_offset(h)[0] // self.section_cols) for h in self.hexes}
        starts = sorted(h for h, t in self.terrain.items() if terrain_types[t].start)
        self.starts = tuple(sorted(starts, key=lambda h: self.section[h]))
        self.scans = tuple(sorted(o.hex for o in data.objects if o.type == "scan"))
        cx, cy = (self.cols - 1) / 2, (self.rows - 1) / 2
        def off_centre(h):
            col, row = grid.axial_to_offset(h)
            return abs(col - cx) + abs(row - cy)
        best = min((off_centre(h) for h in self.scans), default=0)
        self.centre_scans = tuple(h for h in self.scans if off_centre(h) == best)
        self._los: dict = {}

    def sight(self, a, b) -> bool:
        """Hex line of sight: the line between the two tiles crosses no
        obstructing hex (the end tiles never block; miniatures never do)."""
        key = (a, b) if a <= b else (b, a)
        v = self._los.get(key)
        if v is None:
            v = grid.line_of_sight(a, b, self.obstructing.__contains__)
            self._los[key] = v
        return v

    def label(self, h) -> str:
        col, row = grid.axial_to_offset(h)
        return f"{chr(65 + col)}{row + 1}"


@per_catalog
def load_board(catalog, name: str) -> Board:
    """The board `name` (a shipped one or a Tiled file's path) with the
    catalog's terrain, read once per catalog."""
    terrain = catalog.terrain
    path = MAP_DIR / f"{name}.tmx" if name in BOARDS else Path(name)
    return Board(load_hex_map(path, known_terrain=set(terrain)), name, terrain)
