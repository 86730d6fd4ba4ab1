"""Geometry behind the table tools every free-measure game shares (no pygame).

The ruler (nearest base edge to a point or another base), the sight line
drawn from a selected unit to a hovered one (a clear line when there is
sight, else the nearest line and what blocks it), the reach area of a unit
(its bases grown by its move allowance, minus impassable terrain: a
display approximation, the rules keep the exact check) and the move
preview of a dragged model or unit (path length around obstacles).

The verdicts (can it see? may it move there?) always come from the game:
Table.line_of_sight or the controller's own query, and the rules' `check`.
This module only finds something to draw that agrees with them.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from engine.table.geometry import Foot, Piece, edge_distance, seg_point_dist2, segment_crosses_ring

Point = tuple[float, float]


def fmt_in(d: float) -> str:
    """Inches as the table shows them: one decimal, the inch mark."""
    if d < 0:
        d = 0.0
    return f'{d:.1f}"'


# ---- picking and measuring ------------------------------------------------------------

def foot_contains(f: Foot, x: float, y: float, slop: float = 0.0) -> float | None:
    """How far the point lies outside the base (<= slop), else None."""
    if f.corners is None:
        d = math.hypot(x - f.x, y - f.y) - f.r
    else:
        a = math.radians(f.facing)
        fx, fy = math.cos(a), math.sin(a)
        dx, dy = x - f.x, y - f.y
        u, v = dx * fx + dy * fy, -dx * fy + dy * fx
        qu, qv = abs(u) - f.shape.depth / 2, abs(v) - f.shape.width / 2
        d = max(qu, qv) if qu <= 0 and qv <= 0 else math.hypot(max(qu, 0.0), max(qv, 0.0))
    return d if d <= slop else None


def pick(models: Sequence, x: float, y: float, slop: float = 0.0):
    """The model (ModelSpec) whose base is under the point, or within
    `slop` inches of it (the nearest); None when none is."""
    best, bd = None, math.inf
    for m in models:
        f = m.foot
        b = f.bbox
        if x < b[0] - slop or x > b[2] + slop or y < b[1] - slop or y > b[3] + slop:
            continue
        d = foot_contains(f, x, y, slop)
        if d is not None and d < bd:
            best, bd = m, d
    return best


class PickIndex:
    """pick() over a fixed list of models through a grid of CELL-inch
    cells, for the pointer's every move over a table of hundreds of bases:
    the same answer as pick(models, ...) (the same test, in the list's
    order, on the models whose boxes reach the cells near the point)."""
    CELL = 2.0

    def __init__(self, models: Sequence):
        self.models = models
        self.cells: dict = {}
        c = self.CELL
        for i, m in enumerate(models):
            b = m.foot.bbox
            for gx in range(math.floor(b[0] / c), math.floor(b[2] / c) + 1):
                for gy in range(math.floor(b[1] / c), math.floor(b[3] / c) + 1):
                    self.cells.setdefault((gx, gy), []).append(i)

    def pick(self, x: float, y: float, slop: float = 0.0):
        c = self.CELL
        near: set = set()
        for gx in range(math.floor((x - slop) / c), math.floor((x + slop) / c) + 1):
            for gy in range(math.floor((y - slop) / c), math.floor((y + slop) / c) + 1):
                near.update(self.cells.get((gx, gy), ()))
        return pick([self.models[i] for i in sorted(near)], x, y, slop)


def edge_point(f: Foot, x: float, y: float) -> Point:
    """The point of the base's outline nearest to (x, y) (the centre when
    the point is the centre)."""
    if f.corners is None:
        dx, dy = x - f.x, y - f.y
        L = math.hypot(dx, dy)
        if L <= 1e-12:
            return (f.x, f.y)
        return (f.x + dx / L * f.r, f.y + dy / L * f.r)
    best, bp = math.inf, (f.x, f.y)
    c = f.corners
    for i in range(4):
        ax, ay = c[i]
        bx, by = c[(i + 1) % 4]
        ex, ey = bx - ax, by - ay
        L = ex * ex + ey * ey
        t = 0.0 if L <= 1e-12 else max(0.0, min(1.0, ((x - ax) * ex + (y - ay) * ey) / L))
        px, py = ax + t * ex, ay + t * ey
        d = (px - x) ** 2 + (py - y) ** 2
        if d < best:
            best, bp = d, (px, py)
    return bp


def nearest_points(a: Foot, b: Foot) -> tuple[Point, Point, float]:
    """The nearest points of two bases' outlines and the edge distance."""
    d = edge_distance(a, b)
    if a.corners is None and b.corners is None:
        pa = edge_point(a, b.x, b.y)
        pb = edge_point(b, a.x, a.y)
        return pa, pb, d
    from shapely.ops import nearest_points as np_
    p, q = np_(a.polygon(24), b.polygon(24))
    return (p.x, p.y), (q.x, q.y), d


def _box_gap(a: Foot, b: Foot) -> float:
    """A lower bound of edge_distance(a, b): the gap between their boxes."""
    ab, bb = a.bbox, b.bbox
    dx = max(0.0, ab[0] - bb[2], bb[0] - ab[2])
    dy = max(0.0, ab[1] - bb[3], bb[1] - ab[3])
    return math.hypot(dx, dy)


def group_nearest(xs: Sequence[Foot], ys: Sequence[Foot]) -> tuple[float, Point, Point]:
    """Edge distance between the nearest bases of two groups and the two
    points.  Pairs are measured nearest box first and the search stops once
    a box gap reaches the best distance found: two 20-stand blocks measure a
    handful of pairs, not 400 (the hover of a unit had cost 7 ms)."""
    best, pair = math.inf, None
    gaps = sorted((_box_gap(a, b), i, j) for i, a in enumerate(xs) for j, b in enumerate(ys))
    for gap, i, j in gaps:
        if gap > 0.0 and gap >= best:
            break                   # (a gap of 0 may still hide an overlap: a negative distance)
        d = edge_distance(xs[i], ys[j])
        if d < best:
            best, pair = d, (xs[i], ys[j])
    if pair is None:
        return math.inf, (0.0, 0.0), (0.0, 0.0)
    pa, pb, d = nearest_points(*pair)
    return d, pa, pb


@dataclass
class Ruler:
    """A measurement: from a point or the nearest edge of a base, to a point
    or the nearest edge of another base."""
    start: Point                    # where the drag began (table inches)
    end: Point                      # where the pointer is
    from_foot: Foot | None = None   # the base under the start (measure from its edge)
    to_foot: Foot | None = None     # the base under the end (measure to its edge)
    from_key: Any = None
    to_key: Any = None

    def points(self) -> tuple[Point, Point]:
        """The two ends of the measured line."""
        a, b = self.from_foot, self.to_foot
        if a is not None and b is not None and a is not b:
            pa, pb, _ = nearest_points(a, b)
            return pa, pb
        ex, ey = self.end
        if b is not None and a is None:
            return self.start, edge_point(b, *self.start)
        if a is not None:
            if foot_contains(a, ex, ey) is not None:      # still on the start base
                return (a.x, a.y), (a.x, a.y)
            return edge_point(a, ex, ey), (ex, ey)
        return self.start, (ex, ey)

    @property
    def distance(self) -> float:
        a, b = self.from_foot, self.to_foot
        if a is not None and b is not None and a is not b:
            return max(0.0, edge_distance(a, b))
        (x1, y1), (x2, y2) = self.points()
        return math.hypot(x2 - x1, y2 - y1)

    def label(self) -> str:
        what = "edge to edge" if self.from_foot is not None and self.to_foot is not None else (
            "from the base edge" if self.from_foot is not None else "")
        return fmt_in(self.distance) + (f" {what}" if what else "")


# ---- line of sight ---------------------------------------------------------------------

_FRACTIONS = (0.0, 1.0, -1.0, 0.5, -0.5)


def silhouette(f: Foot, nx: float, ny: float) -> list[Point]:
    """Points across a base, square to a line of normal n (centre first)."""
    if f.corners is None:
        return [(f.x + k * f.r * nx, f.y + k * f.r * ny) for k in _FRACTIONS]
    proj = sorted(((cx - f.x) * nx + (cy - f.y) * ny, cx, cy) for cx, cy in f.corners)
    lo, hi = proj[0], proj[-1]
    return [(f.x, f.y), (hi[1], hi[2]), (lo[1], lo[2]), ((f.x + hi[1]) / 2, (f.y + hi[2]) / 2),
            ((f.x + lo[1]) / 2, (f.y + lo[2]) / 2)]


def _box(a: Foot, b: Foot) -> tuple:
    return (min(a.bbox[0], b.bbox[0]), min(a.bbox[1], b.bbox[1]), max(a.bbox[2], b.bbox[2]), max(a.bbox[3], b.bbox[3]))


def _hit(a, b) -> bool:
    return not (a[2] < b[0] or a[0] > b[2] or a[3] < b[1] or a[1] > b[3])


def line_blockers(x1, y1, x2, y2, pieces: Iterable[Piece], feet: Iterable[Foot]) -> tuple[list, list]:
    """(pieces, feet) the segment passes through."""
    sb = (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))
    ps = [p for p in pieces if p.ring and _hit(sb, p.bbox) and segment_crosses_ring(p.ring, x1, y1, x2, y2)]
    fs = []
    for f in feet:
        if not _hit(sb, f.bbox):
            continue
        if f.corners is None:
            if seg_point_dist2(x1, y1, x2, y2, f.x, f.y) < (f.r - 1e-6) ** 2:
                fs.append(f)
        elif segment_crosses_ring(f.corners, x1, y1, x2, y2):
            fs.append(f)
    return ps, fs


@dataclass
class Sight:
    """What the board draws when a selected unit's player hovers another unit."""
    viewer: Any
    target: Any
    visible: bool
    distance: float                         # edge to edge, nearest models
    near: tuple[Point, Point]               # the nearest edge points
    line: tuple[Point, Point] | None        # a clear line of sight, or the nearest blocked one
    pieces: list = field(default_factory=list)   # Pieces blocking the drawn line
    feet: list = field(default_factory=list)     # Feet (models) blocking the drawn line
    note: str = ""                          # the game's words (e.g. "in range of its bows")

    def words(self, names=lambda p: p.name or p.type) -> str:
        d = fmt_in(self.distance) + " edge to edge"
        if self.visible:
            return d + " · in line of sight"
        what = [names(p) for p in self.pieces]
        if self.feet:
            what.append("models in the way" if len(self.feet) > 1 else "a model in the way")
        return d + " · no line of sight" + (": blocked by " + ", ".join(dict.fromkeys(what)) if what else "")


def sight_line(viewers: Sequence[Foot], targets: Sequence[Foot], pieces: Sequence[Piece],
               blockers: Sequence[Foot], visible: bool, budget: int = 3000):
    """A line to draw for a verdict the game already gave: (line, pieces,
    feet).  Visible: a clear sampled line - first the centre lines of every
    pair of models, nearest first, then four more points across each base
    (at most `budget` lines); None when none of those is clear (the game's
    query may sample differently).  Not visible: the nearest pair's centre
    line and the pieces and bases that block it.  A piece a model touches
    does not block that model's own lines (it sees out of the wood it
    stands in)."""
    pairs = sorted((((a.x - b.x) ** 2 + (a.y - b.y) ** 2), i, j)
                   for i, a in enumerate(viewers) for j, b in enumerate(targets))
    if not pairs:
        return None, [], []
    touch: dict = {}

    def own(f):
        v = touch.get(id(f))
        if v is None:
            v = touch[id(f)] = tuple(p for p in pieces if p.touches(f))
        return v

    def in_play(a, b):
        box = _box(a, b)
        skip = own(a) + own(b)
        return ([p for p in pieces if _hit(box, p.bbox) and p not in skip], [f for f in blockers if _hit(box, f.bbox)])

    if visible:
        for _, i, j in pairs:
            a, b = viewers[i], targets[j]
            pp, ff = in_play(a, b)
            ps, fs = line_blockers(a.x, a.y, b.x, b.y, pp, ff)
            if not ps and not fs:
                return ((a.x, a.y), (b.x, b.y)), [], []
        tested = 0
        for _, i, j in pairs:
            a, b = viewers[i], targets[j]
            pp, ff = in_play(a, b)
            dx, dy = b.x - a.x, b.y - a.y
            L = math.hypot(dx, dy) or 1.0
            nx, ny = -dy / L, dx / L
            for pa in silhouette(a, nx, ny):
                for pb in silhouette(b, nx, ny):
                    ps, fs = line_blockers(pa[0], pa[1], pb[0], pb[1], pp, ff)
                    if not ps and not fs:
                        return (pa, pb), [], []
                    tested += 1
                if tested >= budget:
                    return None, [], []
        return None, [], []
    _, i, j = pairs[0]
    a, b = viewers[i], targets[j]
    skip = own(a) + own(b)
    ps, fs = line_blockers(a.x, a.y, b.x, b.y, [p for p in pieces if p not in skip], blockers)
    return ((a.x, a.y), (b.x, b.y)), ps, fs


def first_hit(line: tuple[Point, Point], piece: Piece) -> Point | None:
    """Where a line enters a piece (to mark the blocker)."""
    (x1, y1), (x2, y2) = line
    ring = piece.ring
    best, bp = math.inf, None
    ex, ey = x2 - x1, y2 - y1
    for k in range(len(ring)):
        cx, cy = ring[k - 1]
        dx, dy = ring[k]
        fx, fy = dx - cx, dy - cy
        den = ex * fy - ey * fx
        if abs(den) <= 1e-12:
            continue
        t = ((cx - x1) * fy - (cy - y1) * fx) / den
        u = ((cx - x1) * ey - (cy - y1) * ex) / den
        if 0 <= t <= 1 and 0 <= u <= 1 and t < best:
            best, bp = t, (x1 + t * ex, y1 + t * ey)
    return bp


# ---- reach -------------------------------------------------------------------------------

def reach_area(feet: Sequence[Foot], allowance: float, table=None, impassable: Sequence[Piece] = ()):
    """Where the unit's bases could reach with `allowance` inches (shapely):
    each base grown by the allowance, minus impassable terrain, cut to the
    table.  An approximation for display: paths around obstacles, other
    units and difficult terrain are the rules' business."""
    from shapely.geometry import Polygon, box
    from shapely.ops import unary_union
    if allowance <= 0 or not feet:
        return None
    parts = []
    for f in feet:
        if f.corners is None:
            from shapely.geometry import Point as SPoint
            parts.append(SPoint(f.x, f.y).buffer(f.r + allowance, quad_segs=16))
        else:
            parts.append(Polygon(f.corners).buffer(allowance, quad_segs=8))
    area = unary_union(parts)
    if impassable:
        area = area.difference(unary_union([p.polygon() for p in impassable if p.ring]))
    if table is not None:
        area = area.intersection(box(0, 0, table.width, table.height))
    return None if area.is_empty else area


def polygons_of(geom) -> list[tuple[list[Point], list[list[Point]]]]:
    """(exterior, [holes]) rings of a shapely (multi)polygon."""
    if geom is None or geom.is_empty:
        return []
    gt = geom.geom_type
    if gt == "Polygon":
        return [(list(geom.exterior.coords), [list(r.coords) for r in geom.interiors])]
    if gt in ("MultiPolygon", "GeometryCollection"):
        out = []
        for g in geom.geoms:
            out.extend(polygons_of(g))
        return out
    return []


# ---- moving -------------------------------------------------------------------------------

@dataclass
class MoveLeg:
    """One model's move in a drag preview."""
    key: Any
    start: Foot                     # where it stands now (the state)
    end: Foot                       # where it would stand
    path: list = field(default_factory=list)     # points start..end (around obstacles when needed)
    length: float = 0.0             # inches travelled (difficult terrain counted as the game says)
    blocked: str = ""               # no way there: what is in the way


def place_group(start: dict, anchor: Point, to: Point, turn: float = 0.0) -> dict:
    """Every base of a group moved by (to - anchor) and turned `turn`
    degrees around the grabbed point: {key: (x, y, facing)}."""
    dx, dy = to[0] - anchor[0], to[1] - anchor[1]
    c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))
    out = {}
    for k, f in start.items():
        rx, ry = f.x - anchor[0], f.y - anchor[1]
        x = anchor[0] + rx * c - ry * s + dx
        y = anchor[1] + rx * s + ry * c + dy
        out[k] = (x, y, (f.facing + turn) % 360.0)
    return out


def leg(key, start: Foot, x: float, y: float, facing: float, obstacles=None, limit: float = math.inf) -> MoveLeg:
    """A model's move preview: a straight run when clear, else the shortest
    path around `obstacles` (engine.table.paths.Obstacles) within `limit`."""
    end = start.moved(x, y, facing)
    L = math.hypot(x - start.x, y - start.y)
    if obstacles is None or L <= 1e-9:
        return MoveLeg(key, start, end, [(start.x, start.y), (x, y)], L)
    blocker = obstacles.blocker(start.x, start.y, x, y)
    if blocker is None:
        return MoveLeg(key, start, end, [(start.x, start.y), (x, y)], obstacles.cost(start.x, start.y, x, y))
    if not obstacles.free(x, y):
        what = "the table edge" if blocker == "the table edge" else "something in the way"
        return MoveLeg(key, start, end, [(start.x, start.y), (x, y)], L, blocked=f"no room there: {what}")
    found = obstacles.shortest(start.x, start.y, x, y, limit)
    if found is None:
        return MoveLeg(key, start, end, [(start.x, start.y), (x, y)], L,
                       blocked="no way around the obstacles within its move")
    length, pts = found
    return MoveLeg(key, start, end, list(pts), length)
