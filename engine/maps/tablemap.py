"""Table maps: orthogonal Tiled maps (.tmx XML or .tmj JSON) whose object
layers hold terrain polygons and scenario zones, read as inches.

A table map is an orthogonal Tiled map.  Its size is the table's: the map
property `inch` (a float) gives pixels per inch, and defaults to the tile
width (one tile per inch square).  Tile layers are decoration and ignored.
Every object in an object layer is a terrain piece or a zone:

- `type` (Tiled's class) names it: one of `zone_types` (e.g. deployment,
  objective) makes a zone; anything else is a terrain type (checked against
  `known_terrain` when given).
- shape: rectangle, ellipse (a 24-sided polygon), polygon; a point only for
  zones (markers such as objectives).  Rotation is honoured.
- custom properties: `blocking`, `impassable`, `difficult` (bool),
  `instant` (a status effect id), `occupation` (a roll modifier such as
  "defense+1"), and any others, kept in `properties`.  A terrain type's
  defaults (`terrain_defaults[type]`) fill in what the object leaves out.

Every problem is reported as `file:line: field: message` (MapError), never
a traceback.  A .tmx is read like a hex map (engine/maps/hexmap.py): the
file bounded and indexed with its lines (engine/maps/source.py), the
objects' geometry by pytmx (engine/maps/tmx.py), their shape kind and
properties' types from the index (pytmx tells neither points nor ellipses
apart).  pytmx reads no JSON: a .tmj is read with the catalog's
line-keeping YAML loader (JSON is YAML).  Both become the same `_Obj`s.
`main.py check` (engine/commands/check.py) sends orthogonal maps here and
hexagonal ones to the hex map reader.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from engine.core.catalog import DataError, LineDict, LineList, load_yaml
from engine.core.limits import MAX_TMJ_BYTES
from engine.maps.source import MapError, Problems, check_value, read_xml
from engine.maps.tmx import load_tmx
from engine.table.geometry import MAX_TABLE, MIN_TABLE, Piece, Table

ZONE_TYPES = ("deployment", "objective", "zone")
FLAG_KEYS = ("blocking", "impassable", "difficult")
ELLIPSE_SIDES = 24


@dataclass(frozen=True)
class TableMapData:
    path: str
    width: float                  # inches
    height: float
    terrain: tuple[Piece, ...]
    zones: tuple[Piece, ...]
    properties: dict
    lines: dict = field(default_factory=dict, compare=False)    # piece id -> its object's line; "" -> the map's

    def line_of(self, piece_id: str = "") -> int:
        return self.lines.get(piece_id, self.lines.get("", 1))

    def table(self) -> Table:
        return Table(self.width, self.height, self.terrain, self.zones, name=Path(self.path).stem)


# ---- a uniform view of TMX and TMJ objects -----------------------------------

@dataclass
class _Obj:
    line: int
    attrib: dict                  # id, name, type, x, y, width, height, rotation (strings or numbers)
    shape: str                    # rectangle | ellipse | polygon | polyline | point | text | tile
    points: list | None           # relative points for polygons
    shape_line: int
    props: list                   # (name, type, value, line)


@dataclass
class _Map:
    line: int
    attrib: dict
    props: list
    objects: list
    groups: int = 0               # object layers (a table map without one is not a table map)


def _read_tmx(path: str) -> _Map:
    root = read_xml(path)
    if root.tag != "map":
        raise MapError([f"{path}:{root.line}: map: root element is <{root.tag}>, expected <map>"])

    def props(node):
        out = []
        for c in node.children:
            if c.tag == "properties":
                for p in c.children:
                    if p.tag == "property":
                        out.append((p.attrib.get("name", ""), p.attrib.get("type", "string"),
                                    p.attrib.get("value", p.text or None), p.line))
        return out

    nodes = []
    groups = []

    def walk(node):
        for c in node.children:
            if c.tag == "objectgroup":
                groups.append(c.line)
                nodes.extend(o for o in c.children if o.tag == "object")
            elif c.tag == "group":
                walk(c)

    walk(root)
    # pytmx reads the geometry of a map whose every object it can read; the
    # objects of one it cannot are reported by _piece from what was written
    readable = all(_number_ok(o.attrib.get(k, "0")) for o in nodes for k in ("x", "y", "width", "height", "rotation"))
    readable = readable and all("id" in o.attrib for o in nodes) and all(
        _points_ok(s.attrib.get("points", "")) for o in nodes for s in o.children if s.tag in ("polygon", "polyline"))
    by_id = {str(o.id): o for o in load_tmx(path, root).objects} if readable else {}
    objects = []
    for node in nodes:
        o = by_id.get(node.attrib.get("id"))
        shape_node = next((k for k in node.children if k.tag in
                           ("point", "ellipse", "polygon", "polyline", "text")), None)
        shape = shape_node.tag if shape_node is not None else ("tile" if "gid" in node.attrib else "rectangle")
        attrib = dict(node.attrib)
        if "type" not in attrib and "class" in attrib:
            attrib["type"] = attrib["class"]
        pts = shape_node.attrib.get("points", "") if shape in ("polygon", "polyline") else None
        if o is not None:           # the geometry as pytmx read it
            attrib.update({k: repr(float(getattr(o, k) or 0)) for k in ("x", "y", "width", "height", "rotation")})
            if shape in ("polygon", "polyline"):
                pts = " ".join(f"{px - o.x!r},{py - o.y!r}" for px, py in o.points)
        objects.append(_Obj(node.line, attrib, shape, pts,
                            shape_node.line if shape_node is not None else node.line, props(node)))
    return _Map(root.line, dict(root.attrib), props(root), objects, len(groups))


def _number_ok(raw: str) -> bool:
    try:
        return math.isfinite(float(raw))
    except ValueError:
        return False


def _points_ok(raw: str) -> bool:
    try:
        pts = [tuple(float(v) for v in p.split(",")) for p in raw.split()]
    except ValueError:
        return False
    return bool(pts) and all(len(p) == 2 and all(map(math.isfinite, p)) for p in pts)


def _read_tmj(path: str) -> _Map:
    try:
        data = load_yaml(path, limit=MAX_TMJ_BYTES)     # JSON is YAML: this keeps line numbers
    except DataError as e:
        raise MapError([p.replace("YAML syntax", "JSON syntax") for p in e.problems]) from None
    if not isinstance(data, dict):
        raise MapError([f"{path}:1: map: a Tiled JSON map is an object"])

    def props(d):
        out = []
        ps = d.get("properties") if isinstance(d, dict) else None
        if isinstance(ps, list):
            for i, p in enumerate(ps):
                if isinstance(p, dict):
                    v = p.get("value")
                    out.append((str(p.get("name", "")), str(p.get("type", "string")),
                                None if v is None else (str(v).lower() if isinstance(v, bool) else str(v)),
                                ps.line_of(i) if isinstance(ps, LineList) else 0))
        return out

    objects = []
    groups = []

    def walk(layers):
        if not isinstance(layers, list):
            return
        for layer in layers:
            if not isinstance(layer, dict):
                continue
            if layer.get("type") == "objectgroup":
                groups.append(1)
                objs = layer.get("objects") or []
                for i, o in enumerate(objs):
                    if not isinstance(o, dict):
                        continue
                    line = objs.line_of(i) if isinstance(objs, LineList) else 0
                    attrib = {k: v for k, v in o.items() if not isinstance(v, (list, dict))}
                    if not attrib.get("type") and attrib.get("class"):
                        attrib["type"] = attrib["class"]
                    if o.get("point"):
                        shape = "point"
                    elif o.get("ellipse"):
                        shape = "ellipse"
                    elif "polygon" in o:
                        shape = "polygon"
                    elif "polyline" in o:
                        shape = "polyline"
                    elif "text" in o:
                        shape = "text"
                    elif "gid" in o:
                        shape = "tile"
                    else:
                        shape = "rectangle"
                    pts = None
                    shape_line = line
                    if shape in ("polygon", "polyline"):
                        raw = o.get(shape)
                        shape_line = o.line_of(shape) if isinstance(o, LineDict) else line
                        try:
                            pts = " ".join(f"{float(p['x'])},{float(p['y'])}" for p in raw)
                        except (TypeError, KeyError, ValueError):
                            pts = repr(raw)
                    objects.append(_Obj(line, {k: (str(v).lower() if isinstance(v, bool) else str(v))
                                               for k, v in attrib.items()}, shape, pts, shape_line, props(o)))
            elif layer.get("type") == "group":
                walk(layer.get("layers"))

    walk(data.get("layers"))
    attrib = {k: (str(v) if not isinstance(v, (list, dict)) else v) for k, v in data.items()}
    return _Map(getattr(data, "line", 1), attrib, props(data), objects, len(groups))


# ---- values ------------------------------------------------------------------------

def _num(attrib, key, file, line, problems, default=None):
    raw = attrib.get(key)
    if raw is None or raw == "":
        if default is None:
            problems.add(file, line, key, f"missing {key}")
        return default
    try:
        return float(raw)
    except (TypeError, ValueError):
        problems.add(file, line, key, f"not a number: {raw!r}")
        return default


def load_table_map(path, known_terrain: set[str] | dict | None = None,
                   terrain_defaults: dict | None = None, zone_types=ZONE_TYPES) -> TableMapData:
    """Read a table map.  Raises MapError listing every problem found."""
    path = str(path)
    m = _read_tmj(path) if path.endswith((".tmj", ".json")) else _read_tmx(path)
    problems = Problems()
    orient = m.attrib.get("orientation", "")
    if orient != "orthogonal":
        problems.add(path, m.line, "orientation", f'a table map is "orthogonal", got "{orient}"')
    if str(m.attrib.get("infinite", "0")) not in ("0", "false", "False"):
        problems.add(path, m.line, "infinite", "infinite maps are not supported")
    w = _num(m.attrib, "width", path, m.line, problems, 0.0)
    h = _num(m.attrib, "height", path, m.line, problems, 0.0)
    tw = _num(m.attrib, "tilewidth", path, m.line, problems, 0.0)
    th = _num(m.attrib, "tileheight", path, m.line, problems, 0.0)
    mprops = {}
    for name, kind, raw, line in m.props:
        mprops[name] = check_value(name, kind, raw, path, line, problems)
    if not m.groups:
        problems.add(path, m.line, "layers", "no object layer: a table map holds its terrain and zones "
                     "in object layers")
    if problems:
        raise MapError(problems)
    inch = mprops.get("inch", tw)
    if not isinstance(inch, (int, float)) or isinstance(inch, bool) or not 0 < inch < 1e9:
        raise MapError([f"{path}:{m.line}: property inch: pixels per inch must be a positive number"])
    width, height = w * tw / inch, h * th / inch
    lo, hi = MIN_TABLE, MAX_TABLE
    short, long_ = sorted((width, height))
    if short < lo[0] - 1e-9 or long_ < lo[1] - 1e-9 or short > hi[0] + 1e-9 or long_ > hi[1] + 1e-9:
        problems.add(path, m.line, "width", f"the table is {width:g} x {height:g} inches; it must be "
                     f"from {lo[0]:g} x {lo[1]:g} (2 x 2 ft) to {hi[0]:g} x {hi[1]:g} (4 x 6 ft)")
    terrain, zones = [], []
    lines = {"": m.line}
    seen_ids: set = set()
    for o in m.objects:
        piece = _piece(o, path, inch, width, height, known_terrain, terrain_defaults or {}, zone_types, problems)
        if piece is None:
            continue
        if piece.id in seen_ids:
            piece.id = f"{piece.id}_{o.attrib.get('id', len(seen_ids))}"
        seen_ids.add(piece.id)
        lines[piece.id] = o.line
        (zones if piece.type in zone_types else terrain).append(piece)
    if problems:
        raise MapError(problems)
    return TableMapData(path, width, height, tuple(terrain), tuple(zones), mprops, lines)


def _piece(o: _Obj, path, inch, width, height, known, defaults, zone_types, problems) -> Piece | None:
    a = o.attrib
    name = a.get("name", "") or ""
    label = f"object {name or '#' + str(a.get('id', '?'))}"
    typ = (a.get("type") or "").strip()
    if not typ:
        problems.add(path, o.line, label, "has no type (class): give a terrain type or a zone type "
                     f"({', '.join(zone_types)})")
        return None
    is_zone = typ in zone_types
    if not is_zone and known is not None and typ not in known:
        problems.add(path, o.line, label, f"unknown terrain type {typ!r} (known: {', '.join(sorted(known))})")
        return None
    if o.shape in ("text", "tile", "polyline") or (o.shape == "point" and not is_zone):
        problems.add(path, o.shape_line, label, f"a {o.shape} cannot be "
                     f"{'a zone' if is_zone else 'terrain'}: use a rectangle, ellipse or polygon")
        return None
    x = _num(a, "x", path, o.line, problems, 0.0) / inch
    y = _num(a, "y", path, o.line, problems, 0.0) / inch
    w = _num(a, "width", path, o.line, problems, 0.0) / inch
    h = _num(a, "height", path, o.line, problems, 0.0) / inch
    rot = math.radians(_num(a, "rotation", path, o.line, problems, 0.0))

    def at(dx, dy):
        return (x + dx * math.cos(rot) - dy * math.sin(rot), y + dx * math.sin(rot) + dy * math.cos(rot))

    props = dict(defaults.get(typ, {}))
    for pname, kind, raw, line in o.props:
        v = check_value(pname, kind, raw, path, line, problems)
        if pname in FLAG_KEYS and not isinstance(v, bool):
            problems.add(path, line, f"property {pname}", "must be a bool")
            continue
        props[pname] = v
    point = None
    ring: tuple = ()
    if o.shape == "point":
        point = (x, y)
    elif o.shape == "polygon":
        try:
            rel = [tuple(float(v) for v in p.split(",")) for p in (o.points or "").split()]
            if len(rel) < 3 or any(len(p) != 2 for p in rel):
                raise ValueError
        except ValueError:
            problems.add(path, o.shape_line, label, f"bad polygon points {o.points!r}")
            return None
        ring = tuple(at(px / inch, py / inch) for px, py in rel)
    elif o.shape == "ellipse":
        if w <= 0 or h <= 0:
            problems.add(path, o.line, label, "an ellipse needs a positive width and height")
            return None
        ring = tuple(at(w / 2 + w / 2 * math.cos(2 * math.pi * i / ELLIPSE_SIDES),
                        h / 2 + h / 2 * math.sin(2 * math.pi * i / ELLIPSE_SIDES)) for i in range(ELLIPSE_SIDES))
    else:
        if w <= 0 or h <= 0:
            problems.add(path, o.line, label, "a rectangle needs a positive width and height")
            return None
        ring = (at(0, 0), at(w, 0), at(w, h), at(0, h))
    pts = list(ring) or [point]
    out = [p for p in pts if not (-1e-6 <= p[0] <= width + 1e-6 and -1e-6 <= p[1] <= height + 1e-6)]
    if out:
        problems.add(path, o.line, label, f"lies outside the table (a corner at {out[0][0]:.2f}, "
                     f"{out[0][1]:.2f} inches; the table is {width:g} x {height:g})")
        return None
    if ring and abs(_area(ring)) < 1e-6:
        problems.add(path, o.line, label, "has no area")
        return None
    pid = name or f"{typ}_{a.get('id', '?')}"
    return Piece(pid, typ, ring=ring, point=point, name=name, properties=props)


def _area(ring) -> float:
    n = len(ring)
    return sum(ring[i][0] * ring[(i + 1) % n][1] - ring[(i + 1) % n][0] * ring[i][1] for i in range(n)) / 2
