"""Bases sliding in a straight line, met exactly: where a moving base
first touches a convex outline or comes on top of another base (the
separating axes' intervals solved for the slide, not sampled), and a grid
of bases filed by the squares they meet.  Battle Valor's moves use it for
their straight runs (games/battle_valor_fantasy/rules/travel.py); any table game
may."""
from __future__ import annotations

import math
from typing import Any, Sequence

from engine.table.geometry import EPS, Box, Foot, Point

Ring = Sequence[Point]                      # an outline's corners in order
Line = tuple[float, float]                  # a unit direction of travel (ux, uy)
Placed = tuple[Foot, Any]                   # a base and the unit it belongs to (any game's unit)
# (inches, the unit met or None, True when a base leaves the table)
Hit = tuple[float, Any, bool]


def boxes_meet(a: Box, b: Box, m: float = 0.0) -> bool:
    """Two boxes (x0, y0, x1, y1) lie within `m` of each other."""
    return not (a[0] > b[2] + m or b[0] > a[2] + m or a[1] > b[3] + m or b[1] > a[3] + m)


_CONVEX: dict[int, tuple[Ring, bool]] = {}      # id(ring) -> (that ring, convex)


def convex(ring: Ring) -> bool:
    """The outline turns one way all round (remembered per outline)."""
    key = id(ring)
    v = _CONVEX.get(key)
    if v is None or v[0] is not ring:
        n = len(ring)
        signs = set()
        for i in range(n):
            (ax, ay), (bx, by), (cx, cy) = ring[i], ring[(i + 1) % n], ring[(i + 2) % n]
            cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx)
            if abs(cross) > 1e-12:
                signs.add(cross > 0)
        if len(_CONVEX) > 10_000:
            _CONVEX.clear()
        v = _CONVEX[key] = (ring, len(signs) <= 1 and n >= 3)
    return v[1]


def touch_time(moving: Sequence[Foot], line: Line, ring: Ring, bbox: Box) -> float | None:
    """The least inches along `line` at which a base of `moving` first
    touches the convex outline `ring` (None: never)."""
    best: float | None = None
    for f in moving:
        t = slide_contact(outline(f), ring, line[0], line[1], -1e-9)
        if t is not None and (best is None or t < best):
            best = t
    return best


CIRCLE_SIDES = 16
_COS = math.cos(math.pi / CIRCLE_SIDES)


def outline(f: Foot) -> tuple[Point, ...]:
    """A base's corners; a round base's circumscribed polygon (a hair
    larger than the circle: it is met a little early, never late)."""
    if f.corners is not None:
        return f.corners
    r = f.r / _COS
    return tuple((f.x + r * math.cos(2 * math.pi * (k + 0.5) / CIRCLE_SIDES),
                  f.y + r * math.sin(2 * math.pi * (k + 0.5) / CIRCLE_SIDES)) for k in range(CIRCLE_SIDES))


MARGIN = 1e-3        # formations.overlapping's: bases overlapping by this much or less are not on each other


def first_hit(moving: Sequence[Foot], line: Line, others: Sequence[Placed],
              W_H: tuple[float, float] | None = None) -> Hit | None:
    """(inches, unit or None, False) for the first of `others` ((base, unit))
    that a base of `moving` sliding along the unit direction `line` comes
    on top of (overlapping by more than MARGIN: the separating axes'
    intervals, solved for the slide), or (inches, None, True) when a base
    first leaves the table (W_H: its size); None when neither happens."""
    ux, uy = line
    best: Hit | None = None
    if W_H is not None:
        W, H = W_H
        for f in moving:
            b = f.bbox
            for lim in ((W + EPS - b[2]) / ux if ux > 1e-12 else math.inf,
                        (b[0] + EPS) / -ux if ux < -1e-12 else math.inf,
                        (H + EPS - b[3]) / uy if uy > 1e-12 else math.inf,
                        (b[1] + EPS) / -uy if uy < -1e-12 else math.inf):
                if lim < math.inf and (best is None or lim < best[0]):
                    best = (max(0.0, lim), None, True)
    outs = [(f, outline(f)) for f in moving]
    for g, v in others:
        gb = g.bbox
        pg: tuple[Point, ...] | None = None
        for f, pf in outs:
            ab = f.bbox
            # the boxes first: a slide whose swept box never meets g's box cannot reach it (nor before `best`)
            t_in, t_out = 0.0, math.inf if best is None else best[0]
            span = _clip(ab[0], ab[2], gb[0], gb[2], ux, 0.0, t_in, t_out)
            if span is not None:
                span = _clip(ab[1], ab[3], gb[1], gb[3], uy, 0.0, *span)
            if span is None:
                continue
            if pg is None:
                pg = outline(g)
            t = slide_contact(pf, pg, ux, uy)
            if t is not None and (best is None or t < best[0]):
                best = (max(0.0, t - 1e-6), v, False)        # a hair before: surely clear, not a rounding on
    return best


def axes(poly: Ring) -> list[Point]:
    """The unit normals of a convex outline's edges, one of each parallel
    pair (a rectangle's two, a regular polygon's half)."""
    n = len(poly)
    out = []
    for i in range(n // 2 if n % 2 == 0 else n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        nx, ny = y2 - y1, x1 - x2
        L = math.hypot(nx, ny)
        if L > EPS:
            out.append((nx / L, ny / L))
    return out


def slide_contact(pa: Ring, pb: Ring, ux: float, uy: float, margin: float = MARGIN) -> float | None:
    """The least t >= 0 at which polygon `pa` moved by t * (ux, uy) overlaps
    convex `pb` by more than `margin` on every separating axis (None:
    never).  An axis overlaps more than the margin while hi_a + w t - lo_b
    > margin and hi_b - lo_a - w t > margin (w: the slide along the axis),
    every base being far larger than the margin."""
    enter, leave = 0.0, math.inf
    for poly in (pa, pb):
        for nx, ny in axes(poly):
            da = [px * nx + py * ny for px, py in pa]
            db = [px * nx + py * ny for px, py in pb]
            span = _clip(min(da), max(da), min(db), max(db), ux * nx + uy * ny, margin, enter, leave)
            if span is None:
                return None
            enter, leave = span
    return enter


def _clip(lo_a: float, hi_a: float, lo_b: float, hi_b: float, w: float, margin: float, t_in: float,
          t_out: float) -> tuple[float, float] | None:
    """[t_in, t_out) narrowed to the t at which interval a, moved by w t
    along one axis, overlaps interval b by more than `margin` (None: never
    within it)."""
    if -1e-12 <= w <= 1e-12:
        if hi_a - lo_b <= margin or hi_b - lo_a <= margin:
            return None
        return t_in, t_out
    t1, t2 = (lo_b + margin - hi_a) / w, (hi_b - margin - lo_a) / w
    if t1 > t2:
        t1, t2 = t2, t1
    if t1 > t_in:
        t_in = t1
    if t2 < t_out:
        t_out = t2
    return None if t_in >= t_out else (t_in, t_out)


class Grid:
    """Bases filed by the CELL-inch squares their boxes meet."""
    CELL = 4.0
    __slots__ = ("cells", "items")

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[Placed]] = {}
        self.items: list[Placed] = []

    def add(self, g: Foot, v: Any) -> None:
        b, c = g.bbox, self.CELL
        item = (g, v)
        self.items.append(item)
        for i in range(int(b[0] // c), int(b[2] // c) + 1):
            for j in range(int(b[1] // c), int(b[3] // c) + 1):
                self.cells.setdefault((i, j), []).append(item)

    def near(self, box: Box, m: float = 1e-3) -> list[Placed]:
        """The (base, unit) whose box lies within `m` of `box`, each once."""
        c = self.CELL
        out: list[Placed] = []
        seen: set[int] = set()
        for i in range(int((box[0] - m) // c), int((box[2] + m) // c) + 1):
            for j in range(int((box[1] - m) // c), int((box[3] + m) // c) + 1):
                for item in self.cells.get((i, j), ()):
                    if id(item) not in seen:
                        seen.add(id(item))
                        if boxes_meet(item[0].bbox, box, m):
                            out.append(item)
        return out

    def __bool__(self) -> bool:
        return bool(self.items)
