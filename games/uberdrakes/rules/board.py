"""The UberDrakes board: terrain per hex, spaces (single hexes and large
spaces), portals, zones of control and thick borders, with every table the
rules need precomputed once and shared, immutable, by all states.

A *space* is what the rules count: a single hex, or a large space (a
village, a pickup space, or the Caves: all four cave hexes are one space).
uberdrakes.txt § Spaces, § Villages, § Dragon Rider Pickup, § Caves,
§ Portals, § Zones of Control; docs/games/uberdrakes.md § The board.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.core.catalog_memo import per_catalog
from engine.hex import grid as hexgrid
from engine.core.catalog import DataError
from engine.hex.grid import Hex
from engine.maps.hexmap import HexMapData, load_hex_map

MAP_DIR = Path(__file__).resolve().parents[3] / "assets" / "maps" / "uberdrakes"
SCENARIOS = ("standard",)
LARGE_KINDS = ("village", "pickup", "cave")


@dataclass(frozen=True)
class Space:
    sid: int
    kind: str                 # terrain kind: desert, magic, mountain, ..., village, pickup, cave, portal
    terrain: str              # terrain id of its (first) hex
    hexes: tuple              # its hexes; one for a single space
    anchor: Hex               # where a dragon in it is drawn (centre of a village / pickup)
    name: str = ""
    large: bool = False
    protected: bool = False   # thick border all round (zones of control never cross it)
    mountain: int = 0
    element: str | None = None
    side: str = ""            # pickups: "west" / "east"
    start: bool = False       # Merkezi


def hex_label(h) -> str:
    col, row = hexgrid.axial_to_offset(tuple(h))
    return f"{chr(65 + col) if 0 <= col < 26 else col}{row + 1}"


def place_name(board, h) -> str:
    """Where a dragon ends, in words: a large space by its name (Merkezi,
    the West Rider Camp, the Caves), any other space by its label ("F10"):
    a move into a camp read "to C7", the camp's centre, after a click on D7."""
    sid = board.space_of.get(tuple(h)) if h is not None else None
    sp = board.spaces[sid] if sid is not None else None
    if sp is not None and sp.large:
        return sp.name if sp.kind == "village" or sp.name.startswith("The ") else f"the {sp.name}"
    return hex_label(h)


def parse_hex(value) -> Hex:
    """A hex as [q, r] (axial) or a label like "I7" (column letter, row)."""
    return hexgrid.parse_label(value)


def _step2(h: Hex, d1: int, d2: int) -> Hex:
    a, b = hexgrid.DIRECTIONS[d1 % 6], hexgrid.DIRECTIONS[d2 % 6]
    return (h[0] + a[0] + b[0], h[1] + a[1] + b[1])


class Board:
    def __init__(self, data: HexMapData, terrain_defs: dict, name: str = "standard"):
        self.name = name
        self.path = data.path
        self.width, self.height = data.width, data.height
        self.terrain: dict[Hex, str] = dict(data.terrain)
        self.hexes = tuple(sorted(self.terrain, key=lambda h: (h[1], h[0])))
        problems: list[str] = []
        spaces: list[Space] = []
        space_of: dict[Hex, int] = {}
        file = data.path

        def add_large(kind, name, hexes, anchor, props):
            bad = [h for h in hexes if self.terrain.get(h) is None or terrain_defs[self.terrain[h]].kind != kind]
            if bad:
                problems.append(f"{file}:0: object {name}: hex {hex_label(bad[0])} is not {kind} terrain")
                return
            taken = [h for h in hexes if h in space_of]
            if taken:
                problems.append(f"{file}:0: object {name}: hex {hex_label(taken[0])} is already part of "
                                f"{spaces[space_of[taken[0]]].name}")
                return
            sid = len(spaces)
            spaces.append(Space(sid, kind, self.terrain[hexes[0]], tuple(hexes), anchor, name, True, True,
                                side=str(props.get("side", "")), start=bool(props.get("start", False))))
            for h in hexes:
                space_of[h] = sid

        caves = []
        self.portals: list[Hex] = []
        borders: list = []
        for o in data.objects:
            if o.type in ("village", "pickup"):
                add_large(o.type, o.name or o.type, list(o.hexes), o.hex, o.properties)
            elif o.type == "cave":
                caves.append(o.hex)
            elif o.type == "portal":
                self.portals.append(o.hex)
            elif o.type == "border":
                borders.append(frozenset(o.hexes))
            elif o.type:
                problems.append(f"{file}:0: object {o.name}: unknown object type {o.type!r} "
                                "(village, pickup, cave, portal, border)")
        if caves:
            add_large("cave", "The Caves", caves, caves[0], {})
        for h in self.hexes:
            t = self.terrain[h]
            td = terrain_defs[t]
            if h in space_of:
                continue
            if td.kind in LARGE_KINDS:
                problems.append(f"{file}:0: terrain[{hex_label(h)}]: {td.kind} terrain outside any "
                                f"{td.kind} object")
                continue
            if td.kind == "portal" and h not in self.portals:
                problems.append(f"{file}:0: terrain[{hex_label(h)}]: portal terrain without a portal object")
            sid = len(spaces)
            spaces.append(Space(sid, td.kind, t, (h,), h, td.name, False, False, td.mountain, td.element))
            space_of[h] = sid
        if len(self.portals) != 2:
            problems.append(f"{file}:0: portal: the board has exactly two portals (found {len(self.portals)})")
        for p in self.portals:
            if self.terrain.get(p) is None or terrain_defs[self.terrain[p]].kind != "portal":
                problems.append(f"{file}:0: portal: {hex_label(p)} is not portal terrain")
        villages = [s for s in spaces if s.kind == "village"]
        pickups = [s for s in spaces if s.kind == "pickup"]
        if len(villages) != 3:
            problems.append(f"{file}:0: village: the board has three villages (found {len(villages)})")
        if sum(1 for v in villages if v.start) != 1:
            problems.append(f"{file}:0: village: exactly one village is the start (property start=true)")
        if sorted(p.side for p in pickups) != ["east", "west"]:
            problems.append(f"{file}:0: pickup: two pickup spaces, side west and side east")
        if problems:
            raise DataError(problems)
        self.spaces: tuple[Space, ...] = tuple(spaces)
        self.space_of = space_of
        self.villages = tuple(v.sid for v in villages)
        self.start_village = next(v.sid for v in villages if v.start)
        self.pickups = {p.side: p.sid for p in pickups}
        self.caves = space_of[caves[0]] if caves else -1
        self.other_portal = {self.portals[0]: self.portals[1], self.portals[1]: self.portals[0]}
        self._build_tables(borders)

    # ---- precomputed tables ----------------------------------------------------------
    def _build_tables(self, borders) -> None:
        T = self.terrain
        self.nb: dict[Hex, tuple] = {h: tuple(n if n in T else None for n in hexgrid.neighbors(h)) for h in self.hexes}
        blocked_edges = set()
        for inside in borders:
            for h in inside:
                for n in hexgrid.neighbors(h):
                    if n in T and n not in inside:
                        blocked_edges.add(frozenset((h, n)))
        for s in self.spaces:
            if s.protected:
                for h in s.hexes:
                    for n in self.nb[h]:
                        if n is not None and self.space_of[n] != s.sid:
                            blocked_edges.add(frozenset((h, n)))
        self.border_edges = frozenset(blocked_edges)       # for drawing the thick borders
        self.anchor_of: dict[Hex, Hex] = {}
        for s in self.spaces:
            for h in s.hexes:
                self.anchor_of[h] = h if s.kind == "cave" else s.anchor
        self.large_hex = {h: self.spaces[self.space_of[h]].large for h in self.hexes}
        self.portal_hex = frozenset(self.portals)
        # shareable: spaces several dragons may occupy (large spaces, the portal)
        self.shared = {h: self.large_hex[h] or h in self.portal_hex for h in self.hexes}
        # zones of control between single, non-portal spaces not across a thick border
        zoc: dict[Hex, tuple] = {}
        for h in self.hexes:
            if self.shared[h]:
                zoc[h] = ()
                continue
            zoc[h] = tuple(n for n in self.nb[h] if n is not None and not self.shared[n]
                           and frozenset((h, n)) not in blocked_edges)
        self.zoc = zoc
        # steps from inside a large space: from any of its hexes, facing any way, leaving it
        self.free_steps: dict[tuple[int, str], tuple] = {}
        for s in self.spaces:
            if not s.large:
                continue
            for kind in ("F", "B", "STRAFE", "ROLL"):
                seen: dict[tuple[Hex, int], None] = {}       # an ordered set of (exit, facing)
                for o in s.hexes:
                    for f in range(6):
                        for target in self.step_targets(o, f, kind):
                            if target is None or self.space_of.get(target) == s.sid:
                                continue
                            seen.setdefault((target, f), None)
                self.free_steps[(s.sid, kind)] = tuple(seen)
        # per hex: the labels
        self.labels = {h: hex_label(h) for h in self.hexes}

    def step_targets(self, h: Hex, f: int, kind: str) -> list:
        """Where a step of `kind` from h facing f may land (None: off the board)."""
        T = self.terrain
        if kind == "F":
            out = [hexgrid.neighbor(h, f)]
        elif kind == "B":
            out = [hexgrid.neighbor(h, f + 3)]
        elif kind == "STRAFE":
            out = [_step2(h, f - 1, f - 2), _step2(h, f + 1, f + 2)]
        else:   # ROLL: the two side hexes each side, or the perpendicular hex
            out = [hexgrid.neighbor(h, f - 1), hexgrid.neighbor(h, f - 2), _step2(h, f - 1, f - 2),
                   hexgrid.neighbor(h, f + 1), hexgrid.neighbor(h, f + 2), _step2(h, f + 1, f + 2)]
        return [t if t in T else None for t in out]

    # ---- questions ------------------------------------------------------------------
    def space(self, h: Hex) -> Space:
        return self.spaces[self.space_of[h]]

    def kind(self, h: Hex) -> str:
        return self.spaces[self.space_of[h]].kind

    def distance(self, a: Hex, b: Hex) -> int:
        """Spaces between two positions, from the nearest hexes of large spaces."""
        sa, sb = self.space(a), self.space(b)
        if sa.sid == sb.sid:
            return 0
        return min(hexgrid.distance(x, y) for x in sa.hexes for y in sb.hexes)

    def village_names(self) -> dict[int, str]:
        return {v: self.spaces[v].name for v in self.villages}

    def __contains__(self, h) -> bool:
        return h in self.terrain


@per_catalog
def load_board(cat, path: str | None = None) -> Board:
    """The board (a designer's Tiled map at `path`, or the rulebook's) with
    the catalog's terrain, read once per catalog."""
    p = path or str(MAP_DIR / "board.tmx")
    data = load_hex_map(p, known_terrain=set(cat.terrain))
    return Board(data, cat.terrain, "standard" if path is None else p)


def board_for(cat, scenario: str) -> Board:
    if scenario in ("", "standard"):
        return load_board(cat, None)
    return load_board(cat, scenario)          # a designer's own Tiled map
