"""Tiled hex maps (.tmx, with inline or external .tsx tilesets) as plain data.

A Warbench map is a Tiled "hexagonal" map of pointy-top hexes with odd rows
shifted right (orientation="hexagonal" staggeraxis="y" staggerindex="odd",
i.e. odd-r offsets: `hexgrid.offset_to_axial`).  The tile layer named
`terrain` gives every cell a terrain id through its tile's custom property
`terrain`; objects in object layers are mapped to the hexes under them.

pytmx (engine/maps/tmx.py) reads the values: layer data in any encoding,
tilesets, tile and object properties, object geometry.  Before it does,
the file is read bounded and indexed with its lines (engine/maps/source.py)
and checked, so every problem is a `MapError` whose lines read
`file:line: field: message`, never a traceback; the index also tells point
and ellipse objects apart, which pytmx does not.  Only data is loaded,
never images.
"""
from __future__ import annotations

import math
import os
from dataclasses import dataclass, replace

from engine.hex.grid import Hex, axial_to_offset, offset_to_axial
from engine.maps.source import MapError, Node, Problems, check_properties, plain_properties, read_xml
from engine.maps.tmx import check_layer_size, load_tmx

TERRAIN_LAYER = "terrain"
_GID_MASK = 0x0FFFFFFF          # the top four bits are flip/rotation flags
MAX_CELLS = 256 * 256


@dataclass(frozen=True)
class MapObject:
    name: str
    type: str
    hex: Hex                    # the hex under a point, or under a shape's centre
    hexes: tuple[Hex, ...]      # hexes whose centres lie inside the shape; (hex,) for points
    properties: dict


@dataclass(frozen=True)
class HexMapData:
    path: str
    width: int                  # offset columns
    height: int                 # offset rows
    terrain: dict[Hex, str]     # every cell of the map
    objects: tuple[MapObject, ...]
    properties: dict            # map-level custom properties


# --- pixel geometry of a staggered (odd-r) Tiled map -------------------------

class _Geometry:
    """Tiled's HexagonalRenderer numbers for staggeraxis="y"."""

    def __init__(self, tilewidth: int, tileheight: int, side: int):
        self.w, self.h = tilewidth & ~1, tileheight & ~1
        self.row_h = (self.h - side) // 2 + side
        self.col_w = self.w // 2

    def centre(self, col: int, row: int) -> tuple[float, float]:
        return (col * self.w + (row & 1) * self.col_w + self.w / 2, row * self.row_h + self.h / 2)

    def nearest(self, x: float, y: float) -> tuple[int, int]:
        """The (col, row) whose centre is nearest to a pixel (may be off the map)."""
        r0 = math.floor((y - self.h / 2) / self.row_h)
        best = None
        for row in range(r0 - 1, r0 + 3):
            c0 = math.floor((x - (row & 1) * self.col_w - self.w / 2) / self.w)
            for col in (c0, c0 + 1):
                cx, cy = self.centre(col, row)
                d = (cx - x) ** 2 + (cy - y) ** 2
                if best is None or d < best[0] - 1e-9:
                    best = (d, col, row)
        return best[1], best[2]

    def inside(self, test, xs: list[float], ys: list[float], width: int, height: int) -> list[tuple[int, int]]:
        """Cells in a pixel box whose centres pass `test`: the map's cells and
        the ring of cells just off it (enough to tell a shape sticks out)."""
        rows = range(max(-1, math.floor(min(ys) / self.row_h) - 1), min(height, math.ceil(max(ys) / self.row_h)) + 1)
        cols = range(max(-1, math.floor(min(xs) / self.w) - 1), min(width, math.ceil(max(xs) / self.w)) + 1)
        return [(c, r) for r in rows for c in cols if test(*self.centre(c, r))]


def _in_polygon(x: float, y: float, pts: list[tuple[float, float]]) -> bool:
    inside = False
    j = len(pts) - 1
    for i, (xi, yi) in enumerate(pts):
        xj, yj = pts[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


# --- loading -----------------------------------------------------------------

def load_hex_map(path, known_terrain: set[str] | None = None) -> HexMapData:
    """Read a Tiled hex map.  Raises MapError listing every problem found."""
    path = str(path)
    root = read_xml(path)
    problems = Problems()
    if root.tag != "map":
        raise MapError([f"{path}:{root.line}: map: root element is <{root.tag}>, expected <map>"])
    for key, want in (("orientation", "hexagonal"), ("staggeraxis", "y"), ("staggerindex", "odd")):
        got = root.attrib.get(key, "")
        if got != want:
            problems.add(path, root.line, key, f'must be "{want}" (pointy-top hexes, odd rows '
                         f'shifted right), got "{got}"')
    if root.attrib.get("infinite", "0") != "0":
        problems.add(path, root.line, "infinite", "infinite maps are not supported")
    if problems:
        raise MapError(problems)
    width, height, tw, th, side = (problems.number(path, root, k) for k in
                                   ("width", "height", "tilewidth", "tileheight", "hexsidelength"))
    if not problems and (min(width, height) < 1 or min(tw, th) < 2 or not 0 <= side < th):
        problems.add(path, root.line, "width", "map and tile sizes must be positive, "
                     "hexsidelength less than tileheight")
    if not problems and width * height > MAX_CELLS:
        problems.add(path, root.line, "width", f"the map has {width}x{height} cells; at most {MAX_CELLS}")
    if problems:
        raise MapError(problems)
    tilesets = _check_tilesets(root, path, known_terrain, problems)
    layer = _check_terrain_layer(root, path, width, width * height, problems)
    geo = _Geometry(tw, th, side)
    shapes = {}
    for group in _layers(root, "objectgroup"):
        for node in group.findall("object"):
            _check_object(node, path, problems)
            shapes[node.attrib.get("id")] = node
    check_properties(root, path, problems)
    if problems or tilesets is None or layer is None:
        raise MapError(problems)
    tmx = load_tmx(path, root, tuple(ts.root for ts in tilesets if ts.root is not root))
    terrain = _terrain(tmx, layer, path, width, height, tilesets, problems)
    objects = []
    for o in tmx.objects:
        obj = _object(o, shapes.get(str(o.id)), path, geo, width, height, problems)
        if obj:
            objects.append(obj)
    if problems:
        raise MapError(problems)
    return HexMapData(path, width, height, terrain, tuple(objects), plain_properties(tmx.properties))


def _layers(node: Node, tag: str):
    for child in node.children:
        if child.tag == tag:
            yield child
        elif child.tag == "group":
            yield from _layers(child, tag)


@dataclass
class _Tileset:
    """One tileset as written: where it is (for messages) and its range of gids."""
    file: str
    root: Node
    first: int
    count: int
    tile_lines: dict            # tile id -> line of its <tile>


def _check_tilesets(root: Node, path: str, known: set[str] | None, problems: Problems) -> list[_Tileset] | None:
    """Every tileset of the map, inline or external, with its tiles'
    `terrain` properties checked.  None when one could not be read."""
    out, complete = [], True
    for ref in root.findall("tileset"):
        first = problems.number(path, ref, "firstgid", 1)
        file, node = path, ref
        if "source" in ref.attrib:
            file = os.path.join(os.path.dirname(path), ref.attrib["source"])
            try:
                node = read_xml(file)
            except MapError as e:
                problems.extend(e.problems)
                complete = False
                continue
            if node.tag != "tileset":
                problems.add(file, node.line, "tileset", f"root element is <{node.tag}>, expected <tileset>")
                complete = False
                continue
        lines = {}
        for t in node.findall("tile"):
            tid = problems.number(file, t, "id")
            if tid is None:
                continue
            lines[tid] = t.line
            check_properties(t, file, problems)
            prop = next((p for p in (t.find("properties").findall("property") if t.find("properties") else ())
                         if p.attrib.get("name") == "terrain"), None)
            value = None if prop is None else prop.attrib.get("value", prop.text)
            if prop is not None and (prop.attrib.get("type", "string") != "string" or not value):
                problems.add(file, t.line, f"tile[{tid}].terrain", f"must be a terrain id, got {value!r}")
            elif value is not None and known is not None and value not in known:
                problems.add(file, t.line, f"tile[{tid}].terrain", f"unknown terrain id {value!r} "
                             f"(known: {', '.join(sorted(known))})")
        out.append(_Tileset(file, node if node is not ref else root, first,
                            problems.number(file, node, "tilecount", 0), lines))
    return out if complete else None


def _check_terrain_layer(root: Node, path: str, width: int, cells: int, problems: Problems) -> Node | None:
    """The `<data>` of the one terrain layer, checked to hold `cells` tiles."""
    layers = [n for n in _layers(root, "layer") if n.attrib.get("name") == TERRAIN_LAYER]
    if len(layers) != 1:
        problems.add(path, layers[1].line if layers else root.line, TERRAIN_LAYER,
                     f'need exactly one tile layer named "{TERRAIN_LAYER}", found {len(layers)}')
        return None
    data = layers[0].find("data")
    if data is None:
        problems.add(path, layers[0].line, TERRAIN_LAYER, "layer has no <data>")
        return None
    encoding = data.attrib.get("encoding")
    if encoding == "csv":
        tokens = _csv_tokens(data)
        bad = [(tok, line) for tok, line in tokens if not tok.strip().isdigit()]
        for tok, line in bad:
            problems.add(path, line, TERRAIN_LAYER, f"not a tile number: {tok.strip()!r}")
        if not bad and len(tokens) != cells:
            problems.add(path, data.line, TERRAIN_LAYER, f"layer has {len(tokens)} cells, the map needs {cells}")
        elif len(tokens) == cells:
            for i, (tok, line) in enumerate(tokens):
                if tok.strip().isdigit() and int(tok) & _GID_MASK == 0:
                    problems.add(path, line, f"terrain[{i % width},{i // width}]",
                                 "empty cell: every hex needs a terrain tile")
    elif encoding == "base64":
        why = check_layer_size(data, cells, path)
        if why:
            problems.add(path, data.line, TERRAIN_LAYER if "compression" not in why else "compression", why)
    else:
        problems.add(path, data.line, "encoding", f"{encoding!r} is not supported (use csv or base64)")
    return data


def _csv_tokens(data: Node) -> list[tuple[str, int]]:
    """(token, line) of every cell of CSV layer data."""
    out, line = [], data.text_line
    for token in data.text.split(","):
        out.append((token, line + token[:len(token) - len(token.lstrip())].count("\n")))
        line += token.count("\n")
    return out


def _terrain(tmx, data: Node, path: str, width: int, height: int, tilesets: list[_Tileset],
             problems: Problems) -> dict[Hex, str]:
    """Terrain id of every cell of the `terrain` layer.  Only tiles the layer
    uses need a `terrain` property (a tileset may hold others)."""
    layer = tmx.get_layer_by_name(TERRAIN_LAYER)
    lines = [line for _, line in _csv_tokens(data)] if data.attrib.get("encoding") == "csv" else None
    terrain: dict[Hex, str] = {}
    missing: set[int] = set()
    for row in range(height):
        for col in range(width):
            gid = layer.data[row][col]
            line = lines[row * width + col] if lines else data.line
            tiled = tmx.tiledgidmap.get(gid, 0) & _GID_MASK
            props = tmx.get_tile_properties_by_gid(gid) if gid else None
            home = next((ts for ts in tilesets if ts.first <= tiled < ts.first + ts.count), None)
            if not tiled:
                problems.add(path, line, f"terrain[{col},{row}]", "empty cell: every hex needs a terrain tile")
            elif home is None:
                problems.add(path, line, f"terrain[{col},{row}]", f"tile gid {tiled} is in no tileset")
            elif not props or "terrain" not in props:
                if tiled not in missing:
                    missing.add(tiled)
                    tid = tiled - home.first
                    problems.add(home.file, home.tile_lines.get(tid, home.root.line), f"tile[{tid}].terrain",
                                 'missing: every tile used for terrain needs a "terrain" property')
            else:
                terrain[offset_to_axial(col, row)] = props["terrain"]
    return terrain


def _check_object(node: Node, path: str, problems: Problems) -> None:
    a = node.attrib
    label = f"object {a.get('name', '') or '#' + a.get('id', '?')}"
    if "template" in a:
        problems.add(path, node.line, label, "object templates are not supported")
    if "id" not in a:
        problems.add(path, node.line, label, "has no id (saved by an old Tiled?)")
    for k in ("x", "y", "width", "height", "rotation"):
        problems.number(path, node, k, 0.0, float)
    for shape in node.children:
        if shape.tag in ("polygon", "polyline"):
            try:
                rel = [tuple(float(v) for v in pt.split(",")) for pt in shape.attrib.get("points", "").split()]
                if not rel or any(len(pt) != 2 or not all(map(math.isfinite, pt)) for pt in rel):
                    raise ValueError
            except ValueError:
                problems.add(path, shape.line, label, f"bad {shape.tag} points {shape.attrib.get('points', '')!r}")
    check_properties(node, path, problems)


def _object(o, node: Node | None, path: str, geo: _Geometry, width: int, height: int,
            problems: Problems) -> MapObject | None:
    """A pytmx object as the hexes it covers; `node` (its checked XML) says
    what shape it is where pytmx does not (point, ellipse)."""
    name = o.name or ""
    label = f"object {name or '#' + str(o.id)}"
    line = node.line if node is not None else 0
    x, y, w, h, rot = float(o.x), float(o.y), float(o.width), float(o.height), float(o.rotation or 0)
    ang = math.radians(rot)

    def at(dx: float, dy: float) -> tuple[float, float]:       # Tiled rotates about (x, y)
        return (x + dx * math.cos(ang) - dy * math.sin(ang), y + dx * math.sin(ang) + dy * math.cos(ang))

    shape = next((c.tag for c in (node.children if node is not None else ())
                  if c.tag in ("point", "ellipse", "polygon", "polyline")), None)
    kind = shape or ("tile" if o.gid else "rectangle")
    test = None
    if kind == "point":
        pts = [(x, y)]
    elif kind == "tile":                       # pytmx moved (x, y) to the top-left corner
        pts = [at(w / 2, h / 2)]
    elif kind in ("polygon", "polyline"):
        pts = [at(px - x, py - y) for px, py in o.points]
        if kind == "polygon":
            test = lambda px, py: _in_polygon(px, py, pts)  # noqa: E731
    else:
        pts = [at(0, 0), at(w, 0), at(w, h), at(0, h)]
        if kind == "ellipse":
            cx, cy = at(w / 2, h / 2)

            def test(px, py):
                dx, dy = px - cx, py - cy
                u = dx * math.cos(ang) + dy * math.sin(ang)
                v = -dx * math.sin(ang) + dy * math.cos(ang)
                return w > 0 and h > 0 and (u / (w / 2)) ** 2 + (v / (h / 2)) ** 2 <= 1
        else:
            test = lambda px, py: _in_polygon(px, py, pts)  # noqa: E731
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    centre = geo.nearest((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    if kind == "polyline":
        cells = list(dict.fromkeys(geo.nearest(px, py) for px, py in pts))
    else:
        cells = geo.inside(test, xs, ys, width, height) if test else []
    cells = sorted(set(cells), key=lambda c: (c[1], c[0])) or [centre]
    off = [c for c in [centre] + cells if not (0 <= c[0] < width and 0 <= c[1] < height)]
    if off:
        col, row = off[0]
        problems.add(path, line, label, f"lies outside the map (at column {col}, row {row}; "
                     f"the map is {width}x{height})")
        return None
    kind_name = getattr(o, "type", None) or getattr(o, "class", None) or ""
    return MapObject(name, kind_name, offset_to_axial(*centre),
                     tuple(offset_to_axial(*c) for c in cells), plain_properties(o.properties))


# --- composing map tiles -------------------------------------------------------

def _order(h: Hex) -> tuple[int, int]:
    return (h[1], axial_to_offset(h)[0])


def compose(grid: list[list[tuple[HexMapData, bool]]]) -> HexMapData:
    """Place equal-size blocks in rows (grid[row][col]); True turns a block
    by 180 degrees.  In an odd-r layout a block is moved or turned rigidly
    only if its height is even (offset (c, r) -> (w-1-c, h-1-r) is the
    axial negation about the block centre), so stacking rows of blocks or
    turning one needs even heights."""
    if not grid or not grid[0] or any(len(row) != len(grid[0]) for row in grid):
        raise ValueError("compose: grid must be a non-empty rectangle of blocks")
    first = grid[0][0][0]
    w, h = first.width, first.height
    problems = Problems()
    for row in grid:
        for block, turned in row:
            if (block.width, block.height) != (w, h):
                problems.add(block.path, 0, "compose", f"block is {block.width}x{block.height}, "
                             f"the first block is {w}x{h}")
            elif h % 2 and (turned or len(grid) > 1):
                problems.add(block.path, 0, "compose", f"an odd-r block of odd height ({h}) cannot be "
                             "stacked or turned")
    if problems:
        raise MapError(problems)
    terrain: dict[Hex, str] = {}
    objects: list[MapObject] = []
    names = []
    for br, row in enumerate(grid):
        for bc, (block, turned) in enumerate(row):
            def move(x: Hex) -> Hex:
                return in_block(x, w, h, bc, br, turned)

            for x, t in block.terrain.items():
                terrain[move(x)] = t
            for o in block.objects:
                objects.append(replace(o, hex=move(o.hex), hexes=tuple(sorted(map(move, o.hexes), key=_order))))
            names.append(os.path.basename(block.path) + (" turned" if turned else ""))
    return HexMapData(f"compose({', '.join(names)})", w * len(grid[0]), h * len(grid), terrain,
                      tuple(objects), {"tile_cols": w, "tile_rows": h})


def in_block(x: Hex, w: int, h: int, bc: int, br: int, turned: bool = False) -> Hex:
    """Where hex x of a w x h block lands when the block is put at block
    column bc, row br of a composed map (turned: by 180 degrees)."""
    col, r = axial_to_offset(x)
    if turned:
        col, r = w - 1 - col, h - 1 - r
    return offset_to_axial(col + bc * w, r + br * h)


def tile_of(h: Hex, tile_cols: int, tile_rows: int) -> tuple[int, int]:
    """(block column, block row) of an axial hex in a composed map."""
    col, row = axial_to_offset(h)
    return (col // tile_cols, row // tile_rows)
