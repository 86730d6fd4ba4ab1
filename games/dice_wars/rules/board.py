"""The Dice Wars map: terrain per hex, the nine map tiles, cities, sites.

Built once from a Tiled map (engine.maps.hexmap) and shared, immutable, by every
state of a match.  dice_wars.txt § Map, § Cities, § Terrain.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.core.catalog_memo import per_catalog
from engine.hex import grid as hexgrid
from engine.hex.grid import Hex
from engine.maps.hexmap import HexMapData, compose, load_hex_map, tile_of

MAP_DIR = Path(__file__).resolve().parents[3] / "assets" / "maps" / "dice_wars"
RULE_MAP = "dice_wars.txt § Map"


@dataclass(frozen=True)
class CitySite:
    index: int
    name: str
    capital: Hex
    hexes: frozenset          # capital + city hexes (walls excluded)
    walls: frozenset
    tile: int


class Board:
    def __init__(self, data: HexMapData, name: str, terrain_override: dict | None = None):
        self.name = name
        self.path = data.path
        terrain = dict(data.terrain)
        if terrain_override:
            terrain.update(terrain_override)
        self.terrain: dict[Hex, str] = terrain
        self.hexes = tuple(sorted(terrain))
        self.tile_cols = int(data.properties.get("tile_cols", data.width))
        self.tile_rows = int(data.properties.get("tile_rows", data.height))
        self.tiles_x = max(1, data.width // self.tile_cols)
        self.tiles_y = max(1, data.height // self.tile_rows)
        self.tile_index: dict[Hex, int] = {}
        for h in self.hexes:
            tx, ty = tile_of(h, self.tile_cols, self.tile_rows)
            self.tile_index[h] = ty * self.tiles_x + tx
        self.tile_count = self.tiles_x * self.tiles_y
        self.nbrs = {h: tuple(n for n in hexgrid.neighbors(h) if n in terrain) for h in self.hexes}
        self._tiles: dict[int, list[Hex]] = {}
        # corners clockwise from top-left: play "continues to the left" around the table
        tx, ty = self.tiles_x - 1, self.tiles_y - 1
        self.corners = [0, tx, ty * self.tiles_x + tx, ty * self.tiles_x]
        cities: list[CitySite] = []
        for obj in data.objects:
            if obj.type == "city":
                cap = obj.hex
                ring = hexgrid.neighbors(cap)
                hexes = frozenset([cap] + [h for h in ring if terrain.get(h) in ("city", "capital")])
                walls = frozenset(h for h in ring if terrain.get(h) == "wall")
                cities.append(CitySite(len(cities), obj.name, cap, hexes, walls, self.tile_index.get(cap, -1)))
        self.cities = tuple(cities)
        self.city_at: dict[Hex, int] = {}
        for c in self.cities:
            for h in c.hexes | c.walls:
                self.city_at[h] = c.index
        self.capitals = {c.capital: c.index for c in self.cities}
        self.sites = tuple(o.hex for o in data.objects if o.type == "site")
        self.ruins = frozenset(h for h, t in terrain.items() if t == "ruins")
        self.tile_names: tuple | None = None     # a shuffled square's printed tile numbers per slot ("3R": turned)

    def tile_hexes(self, tile: int) -> list[Hex]:
        if tile not in self._tiles:
            self._tiles[tile] = [h for h in self.hexes if self.tile_index[h] == tile]
        return self._tiles[tile]

    def __contains__(self, h: Hex) -> bool:
        return h in self.terrain


def city_footprint(site: Hex) -> dict[Hex, str]:
    """A Hinterland city token: capital plus a ring of alternating walls and
    city hexes (the same shape as the map tiles' cities)."""
    out = {site: "capital"}
    for d, h in enumerate(hexgrid.neighbors(site)):
        out[h] = "wall" if d % 2 == 0 else "city"
    return out


@per_catalog
def load_map(cat, path: str) -> HexMapData:
    """The Tiled map at `path` with the catalog's terrain, read once per catalog."""
    return load_hex_map(path, known_terrain=set(cat.terrain))


SCENARIOS = ("balanced", "shuffled", "hinterland", "hinterland_shuffled")


def build_board(cat, scenario: str, dice, sites: str = "none") -> tuple[Board, list[str]]:
    """The board for a scenario.  Shuffled layouts (Challenge III) draw the
    tile order and 180-degree turns from the match dice, keeping tile 5 in
    the centre; `sites` (Challenge IV) puts cities or ruins on the
    Hinterland's sites; the maps are read with the catalog `cat`.  Returns
    the board and lines for the log."""
    notes: list[str] = []
    if scenario in ("balanced", "hinterland"):
        data = load_map(cat, str(MAP_DIR / f"{scenario}.tmx"))
    elif scenario in SHUFFLED:
        order = [1, 2, 3, 4, 6, 7, 8, 9]
        dice.shuffle(order)
        order.insert(CENTRE, 5)
        turns = [dice.roll(2)[0] == 2 for _ in range(9)]
        layout = list(zip(order, turns))
        board = finish_board(compose_tiles(cat, tile_prefix(scenario), layout), scenario, sites, layout)
        assert board.tile_names is not None   # finish_board names the tiles of the layout it is given
        notes.append("Tiles " + " ".join(board.tile_names)
                     + " (R = turned around), tile 5 the Dark Tower in the centre")
        return board, notes
    else:
        data = load_map(cat, scenario)          # a designer's own Tiled map
    return finish_board(data, scenario, sites), notes


SHUFFLED = ("shuffled", "hinterland_shuffled")
CENTRE = 4                # the Dark Tower's slot in the 3x3 square (row-major slots 0-8)


def tile_prefix(scenario: str) -> str:
    return "hinterland_" if scenario.startswith("hinterland") else "tile_"


def load_tile(cat, prefix: str, number: int) -> HexMapData:
    return load_map(cat, str(MAP_DIR / f"{prefix}{number}.tmx"))


def compose_tiles(cat, prefix: str, layout: list) -> HexMapData:
    """The 3x3 square from `layout`: per slot (row-major) (tile number,
    turned around)."""
    grid = [[(load_tile(cat, prefix, layout[r * 3 + c][0]), layout[r * 3 + c][1]) for c in range(3)] for r in range(3)]
    return compose(grid)


def finish_board(data: HexMapData, scenario: str, sites: str = "none", layout: list | None = None) -> Board:
    """The Board of a map, with Challenge IV's cities or ruins on a
    Hinterland's sites; `layout` (tile number, turned) per slot names a
    shuffled square's tiles."""
    hinter = scenario.startswith("hinterland")
    override: dict = {}
    if hinter and sites == "cities":
        for s in data_sites(data):
            override.update(city_footprint(s))
    elif hinter and sites == "ruins":
        for s in data_sites(data):
            override[s] = "ruins"
    if hinter and sites == "cities":
        # register the placed cities as city objects
        from engine.maps.hexmap import MapObject
        objs = tuple(data.objects) + tuple(MapObject(f"city_site_{i}", "city", s, (s,), {})
                                           for i, s in enumerate(data_sites(data)))
        data = HexMapData(data.path, data.width, data.height, data.terrain, objs, data.properties)
    board = Board(data, scenario, override)
    if layout is not None:
        board.tile_names = tuple(f"{n}{'R' if t else ''}" for n, t in layout)
    return board


def data_sites(data: HexMapData) -> list[Hex]:
    return [o.hex for o in data.objects if o.type == "site"]
