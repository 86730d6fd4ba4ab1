"""Tiled hex maps (.tmx, with inline or external .tsx tilesets) as plain data.

A Warbench map is a Tiled "hexagonal" map of pointy-top hexes with odd rows
shifted right (orientation="hexagonal" staggeraxis="y" staggerindex="odd",
i.e. odd-r offsets: `hexgrid.offset_to_axial`).  The tile layer named
`terrain` gives every cell a terrain id through its tile's custom property
`terrain`; objects in object layers are mapped to the hexes under them.

Every problem is a `MapError` whose lines read `file:line: field: message`,
never a traceback.  The XML is read here with expat (stdlib) rather than
pytmx.TiledMap: every error needs the line of the element at fault, which
pytmx does not keep; pytmx also imports pygame when it is installed, raises
bare Exceptions, and does not tell point and ellipse objects apart.  Only
data is loaded, never images.
"""
from __future__ import annotations

import base64
import gzip
import math
import os
import zlib
from dataclasses import dataclass, replace
from xml.parsers import expat

from engine.core.catalog import DataError
from engine.hex.grid import Hex, axial_to_offset, offset_to_axial

TERRAIN_LAYER = "terrain"
_GID_MASK = 0x0FFFFFFF          # the top four bits are flip/rotation flags


class MapError(DataError):
    """One or more `file:line: field: message` problems in a Tiled map."""


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


# --- XML with line numbers --------------------------------------------------

class _Node:
    __slots__ = ("tag", "attrib", "line", "children", "text", "text_line")

    def __init__(self, tag: str, attrib: dict, line: int):
        self.tag, self.attrib, self.line = tag, attrib, line
        self.children: list[_Node] = []
        self.text, self.text_line = "", line

    def find(self, tag: str) -> _Node | None:
        return next((c for c in self.children if c.tag == tag), None)

    def findall(self, tag: str) -> list[_Node]:
        return [c for c in self.children if c.tag == tag]


def _read_xml(path: str) -> _Node:
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise MapError([f"{path}:0: cannot read file: {e.strerror}"]) from None
    parser = expat.ParserCreate()
    stack: list[_Node] = []
    roots: list[_Node] = []

    def start(tag, attrib):
        node = _Node(tag, attrib, parser.CurrentLineNumber)
        (stack[-1].children if stack else roots).append(node)
        stack.append(node)

    def chars(text):
        node = stack[-1]
        if not node.text:
            node.text_line = parser.CurrentLineNumber
        node.text += text

    parser.StartElementHandler = start
    parser.EndElementHandler = lambda tag: stack.pop()
    parser.CharacterDataHandler = chars
    try:
        parser.Parse(data, True)
    except expat.ExpatError as e:
        raise MapError([f"{path}:{e.lineno}: XML syntax: {expat.ErrorString(e.code)}"]) from None
    except (LookupError, ValueError) as e:         # e.g. an unknown encoding="..."
        raise MapError([f"{path}:{parser.CurrentLineNumber}: XML syntax: {e}"]) from None
    return roots[0]


class _Problems(list):
    def add(self, file: str, line: int, field: str, message: str) -> None:
        self.append(f"{file}:{line}: {field}: {message}")

    def number(self, file: str, node: _Node, key: str, default=None, kind: type = int):
        """A numeric attribute; a missing one is a problem unless there is a default."""
        raw = node.attrib.get(key)
        if raw is None:
            if default is None:
                self.add(file, node.line, key, f"<{node.tag}> has no {key} attribute")
            return default
        try:
            value = kind(raw)
            if not math.isfinite(value):
                raise ValueError
            return value
        except ValueError:
            self.add(file, node.line, key, f"not a number: {raw!r}")
            return default


def _properties(node: _Node, file: str, problems: _Problems) -> dict:
    """A node's Tiled custom properties, typed (int, float, bool, class...)."""
    out: dict = {}
    props = node.find("properties")
    for p in props.findall("property") if props is not None else ():
        name, kind = p.attrib.get("name", ""), p.attrib.get("type", "string")
        raw = p.attrib.get("value", p.text)
        try:
            if kind == "class":
                out[name] = _properties(p, file, problems)
            elif kind in ("int", "object"):
                out[name] = int(raw)
            elif kind == "float":
                out[name] = float(raw)
            elif kind == "bool":
                if raw not in ("true", "false"):
                    raise ValueError
                out[name] = raw == "true"
            else:
                out[name] = raw
        except (TypeError, ValueError):
            problems.add(file, p.line, f"property {name}", f"not a valid {kind}: {raw!r}")
    return out


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
    root = _read_xml(path)
    problems = _Problems()
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
    if problems:
        raise MapError(problems)
    terrain = _terrain(root, path, width, height, _tilesets(root, path, known_terrain, problems), problems)
    geo = _Geometry(tw, th, side)
    objects = []
    for group in _layers(root, "objectgroup"):
        for node in group.findall("object"):
            obj = _object(node, path, geo, width, height, problems)
            if obj:
                objects.append(obj)
    properties = _properties(root, path, problems)
    if problems:
        raise MapError(problems)
    return HexMapData(path, width, height, terrain, tuple(objects), properties)


def _layers(node: _Node, tag: str):
    for child in node.children:
        if child.tag == tag:
            yield child
        elif child.tag == "group":
            yield from _layers(child, tag)


@dataclass
class _Tile:
    terrain: str | None
    file: str
    line: int
    id: int


class _Tiles:
    """The tiles of a map's tilesets by gid, and whether all could be read."""

    def __init__(self):
        self.props: dict[int, _Tile] = {}                  # tiles with a <tile> element
        self.ranges: list[tuple[int, int, str, int]] = []  # (firstgid, tilecount, file, line)
        self.complete = True

    def get(self, gid: int) -> _Tile | None:
        if gid in self.props:
            return self.props[gid]
        for first, count, file, line in self.ranges:
            if first <= gid < first + count:
                return _Tile(None, file, line, gid - first)
        return None


def _tilesets(root: _Node, path: str, known: set[str] | None, problems: _Problems) -> _Tiles:
    """Every tileset of the map, inline or external; reports bad terrain properties."""
    tiles = _Tiles()
    for ref in root.findall("tileset"):
        first = problems.number(path, ref, "firstgid", 1)
        file, node = path, ref
        if "source" in ref.attrib:
            file = os.path.join(os.path.dirname(path), ref.attrib["source"])
            try:
                node = _read_xml(file)
            except MapError as e:
                problems.extend(e.problems)
                tiles.complete = False
                continue
            if node.tag != "tileset":
                problems.add(file, node.line, "tileset", f"root element is <{node.tag}>, expected <tileset>")
                tiles.complete = False
                continue
        tiles.ranges.append((first, problems.number(file, node, "tilecount", 0), file, node.line))
        for t in node.findall("tile"):
            tid = problems.number(file, t, "id")
            if tid is None:
                continue
            value = _properties(t, file, problems).get("terrain")
            if value is not None and (not isinstance(value, str) or not value):
                problems.add(file, t.line, f"tile[{tid}].terrain", f"must be a terrain id, got {value!r}")
                value = None
            elif value is not None and known is not None and value not in known:
                problems.add(file, t.line, f"tile[{tid}].terrain", f"unknown terrain id {value!r} "
                             f"(known: {', '.join(sorted(known))})")
                value = ""     # reported; keeps the cells from reporting it again
            tiles.props[first + tid] = _Tile(value, file, t.line, tid)
    return tiles


def _cells(data: _Node, path: str, problems: _Problems) -> list[tuple[int | None, int]]:
    """(gid, line) of every cell of a layer's <data>, in row order (gid None: reported)."""
    encoding = data.attrib.get("encoding")
    if encoding == "csv":
        cells, line = [], data.text_line
        for token in data.text.split(","):
            here = line + token[:len(token) - len(token.lstrip())].count("\n")
            line += token.count("\n")
            try:
                cells.append((int(token), here))
            except ValueError:
                problems.add(path, here, TERRAIN_LAYER, f"not a tile number: {token.strip()!r}")
                cells.append((None, here))
        return cells
    if encoding == "base64":
        try:
            raw = base64.b64decode(data.text.strip(), validate=True)
            compression = data.attrib.get("compression")
            if compression == "zlib":
                raw = zlib.decompress(raw)
            elif compression == "gzip":
                raw = gzip.decompress(raw)
            elif compression:
                problems.add(path, data.line, "compression", f"{compression!r} is not supported "
                             "(use CSV, or base64 with zlib or gzip)")
                return []
        except (ValueError, zlib.error, OSError, EOFError) as e:
            problems.add(path, data.line, TERRAIN_LAYER, f"cannot decode layer data: {e}")
            return []
        return [(int.from_bytes(raw[i:i + 4], "little"), data.line) for i in range(0, len(raw) - 3, 4)]
    if encoding:
        problems.add(path, data.line, "encoding", f"{encoding!r} is not supported (use csv or base64)")
        return []
    return [(problems.number(path, t, "gid", 0), t.line) for t in data.findall("tile")]


def _terrain(root: _Node, path: str, width: int, height: int, tiles: _Tiles,
             problems: _Problems) -> dict[Hex, str]:
    """Terrain id of every cell of the `terrain` layer.  Only tiles the layer
    uses need a `terrain` property (a tileset may hold others)."""
    layers = [n for n in _layers(root, "layer") if n.attrib.get("name") == TERRAIN_LAYER]
    if len(layers) != 1:
        problems.add(path, layers[1].line if layers else root.line, TERRAIN_LAYER,
                     f'need exactly one tile layer named "{TERRAIN_LAYER}", found {len(layers)}')
        return {}
    data = layers[0].find("data")
    if data is None:
        problems.add(path, layers[0].line, TERRAIN_LAYER, "layer has no <data>")
        return {}
    cells = _cells(data, path, problems)
    if len(cells) != width * height:
        problems.add(path, data.line, TERRAIN_LAYER,
                     f"layer has {len(cells)} cells, the map needs {width}x{height} = {width * height}")
        return {}
    terrain: dict[Hex, str] = {}
    missing: set[int] = set()
    for i, (gid, line) in enumerate(cells):
        if gid is None:
            continue
        col, row = i % width, i // width
        gid &= _GID_MASK
        tile = tiles.get(gid)
        if gid == 0:
            problems.add(path, line, f"terrain[{col},{row}]", "empty cell: every hex needs a terrain tile")
        elif tile is None:
            if tiles.complete:
                problems.add(path, line, f"terrain[{col},{row}]", f"tile gid {gid} is in no tileset")
        elif tile.terrain is None:
            if gid not in missing:
                missing.add(gid)
                problems.add(tile.file, tile.line, f"tile[{tile.id}].terrain",
                             'missing: every tile used for terrain needs a "terrain" property')
        elif tile.terrain:
            terrain[offset_to_axial(col, row)] = tile.terrain
    return terrain


def _object(node: _Node, path: str, geo: _Geometry, width: int, height: int,
            problems: _Problems) -> MapObject | None:
    a = node.attrib
    name = a.get("name", "")
    label = f"object {name or '#' + a.get('id', '?')}"
    if "template" in a:
        problems.add(path, node.line, label, "object templates are not supported")
        return None
    x, y, w, h, rot = (problems.number(path, node, k, 0.0, float) for k in ("x", "y", "width", "height", "rotation"))
    ang = math.radians(rot)

    def at(dx: float, dy: float) -> tuple[float, float]:       # Tiled rotates about (x, y)
        return (x + dx * math.cos(ang) - dy * math.sin(ang), y + dx * math.sin(ang) + dy * math.cos(ang))

    shape = next((c for c in node.children if c.tag in ("point", "ellipse", "polygon", "polyline")), None)
    kind = shape.tag if shape is not None else "tile" if "gid" in a else "rectangle"
    test = None
    if kind == "point":
        pts = [(x, y)]
    elif kind == "tile":                       # drawn upwards from its bottom-left corner
        pts = [at(w / 2, -h / 2)]
    elif kind in ("polygon", "polyline"):
        try:
            rel = [tuple(float(v) for v in p.split(",")) for p in shape.attrib.get("points", "").split()]
            pts = [at(px, py) for px, py in rel]
            if not pts or any(len(p) != 2 or not all(map(math.isfinite, p)) for p in rel):
                raise ValueError
        except ValueError:
            problems.add(path, shape.line, label, f"bad {kind} points {shape.attrib.get('points', '')!r}")
            return None
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
        problems.add(path, node.line, label, f"lies outside the map (at column {col}, row {row}; "
                     f"the map is {width}x{height})")
        return None
    return MapObject(name, a.get("type", a.get("class", "")), offset_to_axial(*centre),
                     tuple(offset_to_axial(*c) for c in cells), _properties(node, path, problems))


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
    problems = _Problems()
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
                col, r = axial_to_offset(x)
                if turned:
                    col, r = w - 1 - col, h - 1 - r
                return offset_to_axial(col + bc * w, r + br * h)

            for x, t in block.terrain.items():
                terrain[move(x)] = t
            for o in block.objects:
                objects.append(replace(o, hex=move(o.hex), hexes=tuple(sorted(map(move, o.hexes), key=_order))))
            names.append(os.path.basename(block.path) + (" turned" if turned else ""))
    return HexMapData(f"compose({', '.join(names)})", w * len(grid[0]), h * len(grid), terrain,
                      tuple(objects), {"tile_cols": w, "tile_rows": h})


def tile_of(h: Hex, tile_cols: int, tile_rows: int) -> tuple[int, int]:
    """(block column, block row) of an axial hex in a composed map."""
    col, row = axial_to_offset(h)
    return (col // tile_cols, row // tile_rows)
