"""The free-measure table: inches, bases as circles and rectangles, terrain
and scenario zones as polygons.  General (no game in it): Dragonbond uses
round bases and 360-degree sight; Battle Valor Fantasy adds rectangular
stands, facing and arcs of vision.

Coordinates are inches with the origin at the top-left corner of the table,
x to the right and y down (as Tiled and the screen draw them).  Facing is in
degrees, 0 pointing along +x, 90 along +y (clockwise on screen).

Distances between bases are measured edge to edge (`edge_distance`, signed:
negative when bases overlap).  Everything a playout does many times is pure
Python arithmetic on circles and small convex polygons; shapely builds the
terrain shapes once (buffers, unions, ellipses) and answers the rare general
questions.  Paths around obstacles: engine/table/paths.py.  The line-of-sight
speed benchmark: engine/table/bench.py.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Sequence

Point = tuple[float, float]
Ring = Sequence[Point]        # a polygon's corners in order (a terrain outline, a base's corners)
Box = tuple[float, float, float, float]      # min x, min y, max x, max y
Arms = tuple[Any, ...]        # _arms: (ax, ay, bx, by, pax, pay, pbx, pby), or (None, r) for a round base

MM_PER_INCH = 25.4
CONTACT = 0.05           # inches: bases this close (edge to edge) or closer are in base-to-base contact
OVERLAP = 1e-3           # inches: bases overlapping by more than this are on top of each other
COHERENCY = 1.0          # inches: the usual coherency distance
EPS = 1e-9
PLACE_GAP = 0.01         # inches: the engine places touching bases this far apart, so they are in contact
                         # (<= CONTACT) and clear of each other (> -OVERLAP) even after rounding to 1/1000"

MIN_TABLE = (24.0, 24.0)     # 2 x 2 ft
MAX_TABLE = (48.0, 72.0)     # 4 x 6 ft (either way round)


def mm(value: float) -> float:
    """Millimetres to inches."""
    return value / MM_PER_INCH


# ---- bases ---------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class BaseShape:
    """A base: round (`width` is the diameter) or rectangular (`width`
    across the front, `depth` front to back), in inches."""
    kind: str            # "round" | "rect"
    width: float
    depth: float

    @classmethod
    def round_mm(cls, diameter: float) -> "BaseShape":
        d = mm(diameter)
        return cls("round", d, d)

    @classmethod
    def rect_mm(cls, width: float, depth: float) -> "BaseShape":
        return cls("rect", mm(width), mm(depth))

    @property
    def radius(self) -> float:
        """The radius of a round base; of the circumscribed circle of a rectangle."""
        if self.kind == "round":
            return self.width / 2
        return math.hypot(self.width, self.depth) / 2

    @property
    def round(self) -> bool:
        return self.kind == "round"

    def __str__(self) -> str:
        if self.round:
            return f"{self.width * MM_PER_INCH:.0f}mm round"
        return f"{self.width * MM_PER_INCH:.0f}x{self.depth * MM_PER_INCH:.0f}mm"


_TRIG: dict[float, tuple[float, float]] = {}


def unit_vector(degrees: float) -> tuple[float, float]:
    """(cos, sin) of an angle in degrees, remembered per angle (the same
    values math.cos/sin give: a playout turns to few distinct facings)."""
    v = _TRIG.get(degrees)
    if v is None:
        if len(_TRIG) > 100_000:
            _TRIG.clear()
        a = math.radians(degrees)
        v = _TRIG[degrees] = (math.cos(a), math.sin(a))
    return v


_ARMS: dict[int, tuple[BaseShape, dict[float, Arms]]] = {}   # id(shape) -> (shape, {facing: arms}); the entry keeps its shape alive


def _arms(shape: BaseShape, facing: float) -> Arms:
    """A base's half-extents turned to a facing, remembered per shape and
    facing (a playout places the same few shapes at few facings): forward
    (ax, ay) and right (bx, by) arms and their absolute values; for a round
    base (None, radius).  Kept per shape object (its id: hashing the
    dataclass runs Python code, and the shapes a game places are few,
    remembered objects), then per facing."""
    e = _ARMS.get(id(shape))
    if e is None or e[0] is not shape:
        if len(_ARMS) >= 1_000:
            _ARMS.clear()
        e = _ARMS[id(shape)] = (shape, {})
    by_facing = e[1]
    v = by_facing.get(facing)
    if v is not None:
        return v
    if len(by_facing) >= 100_000:
        by_facing.clear()
    if shape.kind == "round":
        v = (None, shape.width / 2)
    else:
        fx, fy = unit_vector(facing)                # forward
        rx, ry = -fy, fx                            # to the right (screen, y down)
        hw, hd = shape.width / 2, shape.depth / 2
        ax, ay, bx, by = fx * hd, fy * hd, rx * hw, ry * hw
        v = (ax, ay, bx, by, abs(ax), abs(ay), abs(bx), abs(by))
    by_facing[facing] = v
    return v


class Foot:
    """A base placed on the table: shape, centre and facing (degrees).
    Rectangles keep their four corners (front-left, front-right,
    back-right, back-left) for the arithmetic below."""
    __slots__ = ("shape", "x", "y", "facing", "r", "corners", "bbox", "tag", "memo")
    corners: tuple[Point, ...] | None     # None for a round base
    memo: dict[int, Any] | None
    r: float                              # the radius of a round base, else 0
    bbox: Box

    def __init__(self, shape: BaseShape, x: float, y: float, facing: float = 0.0, tag: Any = None,
                 arms: Arms | None = None) -> None:
        """`arms`: `arms_of(shape, facing)` when the caller has it (a
        formation's stands share one facing: formations.place)."""
        self.shape = shape
        self.x = x
        self.y = y
        self.facing = facing
        self.tag = tag
        self.memo = None          # cached facts about this placement (pieces it touches)
        if arms is None:
            e = _ARMS.get(id(shape))
            arms = e[1].get(facing) if e is not None and e[0] is shape else None
            if arms is None:
                arms = _arms(shape, facing)
        ax = arms[0]
        if ax is None:                            # round
            r = arms[1]
            self.r = r
            self.corners = None
            self.bbox = (x - r, y - r, x + r, y + r)
        else:
            self.r = 0.0
            _, ay, bx, by, pax, pay, pbx, pby = arms
            self.corners = ((x + ax - bx, y + ay - by),     # front-left
                            (x + ax + bx, y + ay + by),     # front-right
                            (x - ax + bx, y - ay + by),     # back-right
                            (x - ax - bx, y - ay - by))     # back-left
            # the corners' extremes without comparing them: rounding is
            # monotonic, so x - |ax| - |bx| is exactly the least of the four
            # sums above (and so on): the same floats min/max would give
            self.bbox = (x - pax - pbx, y - pay - pby, x + pax + pbx, y + pay + pby)

    @property
    def round(self) -> bool:
        return self.corners is None

    def moved(self, x: float, y: float, facing: float | None = None) -> "Foot":
        return Foot(self.shape, x, y, self.facing if facing is None else facing, self.tag)

    def polygon(self, segments: int = 32) -> Any:
        """The base as a shapely polygon (for drawing and general queries)."""
        from shapely.geometry import Point, Polygon
        if self.round:
            return Point(self.x, self.y).buffer(self.r, quad_segs=max(2, segments // 4))
        return Polygon(self.corners)

    def __repr__(self) -> str:
        return f"Foot({self.shape}, {self.x:.3f}, {self.y:.3f}, {self.facing:g})"


def arms_of(shape: BaseShape, facing: float) -> Arms:
    """The turned half-extents Foot() takes as `arms` (see `_arms`)."""
    e = _ARMS.get(id(shape))
    v = e[1].get(facing) if e is not None and e[0] is shape else None
    return v if v is not None else _arms(shape, facing)


# ---- small exact geometry ----------------------------------------------------------

def seg_point_dist2(ax: float, ay: float, bx: float, by: float, px: float, py: float) -> float:
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    if L <= EPS:
        return (px - ax) ** 2 + (py - ay) ** 2
    t = ((px - ax) * dx + (py - ay) * dy) / L
    if t < 0.0:
        t = 0.0
    elif t > 1.0:
        t = 1.0
    qx, qy = ax + t * dx - px, ay + t * dy - py
    return qx * qx + qy * qy


def _orient(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> float:
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)


def segments_intersect(ax: float, ay: float, bx: float, by: float, cx: float, cy: float, dx: float,
                       dy: float) -> bool:
    """Closed segments AB and CD share a point."""
    d1 = _orient(cx, cy, dx, dy, ax, ay)
    d2 = _orient(cx, cy, dx, dy, bx, by)
    d3 = _orient(ax, ay, bx, by, cx, cy)
    d4 = _orient(ax, ay, bx, by, dx, dy)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    if abs(d1) <= EPS and seg_point_dist2(cx, cy, dx, dy, ax, ay) <= EPS:
        return True
    if abs(d2) <= EPS and seg_point_dist2(cx, cy, dx, dy, bx, by) <= EPS:
        return True
    if abs(d3) <= EPS and seg_point_dist2(ax, ay, bx, by, cx, cy) <= EPS:
        return True
    if abs(d4) <= EPS and seg_point_dist2(ax, ay, bx, by, dx, dy) <= EPS:
        return True
    return False


def seg_seg_dist2(ax: float, ay: float, bx: float, by: float, cx: float, cy: float, dx: float, dy: float) -> float:
    if segments_intersect(ax, ay, bx, by, cx, cy, dx, dy):
        return 0.0
    return min(seg_point_dist2(ax, ay, bx, by, cx, cy), seg_point_dist2(ax, ay, bx, by, dx, dy),
               seg_point_dist2(cx, cy, dx, dy, ax, ay), seg_point_dist2(cx, cy, dx, dy, bx, by))


def point_in_ring(px: float, py: float, ring: Sequence[tuple[float, float]]) -> bool:
    inside = False
    if not ring:
        return inside
    xj, yj = ring[-1]             # each edge from the corner before (the last before the first)
    for xi, yi in ring:
        if (yi > py) != (yj > py) and px < (xj - xi) * (py - yi) / (yj - yi) + xi:
            inside = not inside
        xj, yj = xi, yi
    return inside


def ring_point_dist(ring: Sequence[tuple[float, float]], px: float, py: float) -> float:
    """Distance from a point to a polygon ring's area (0 inside)."""
    if point_in_ring(px, py, ring):
        return 0.0
    best = math.inf
    j = len(ring) - 1
    for i in range(len(ring)):
        d = seg_point_dist2(ring[j][0], ring[j][1], ring[i][0], ring[i][1], px, py)
        if d < best:
            best = d
        j = i
    return math.sqrt(best)


def ring_segment_dist(ring: Ring, ax: float, ay: float, bx: float, by: float) -> float:
    """Distance from a segment to a polygon ring's area (0 if they meet)."""
    if point_in_ring(ax, ay, ring):
        return 0.0
    best = math.inf
    j = len(ring) - 1
    for i in range(len(ring)):
        d = seg_seg_dist2(ax, ay, bx, by, ring[j][0], ring[j][1], ring[i][0], ring[i][1])
        if d < best:
            best = d
            if d == 0.0:
                return 0.0
        j = i
    return math.sqrt(best)


def segment_crosses_ring(ring: Ring, ax: float, ay: float, bx: float, by: float) -> bool:
    """The segment passes through the polygon's inside (touching its
    outline at a point, or running along it, does not count)."""
    sx0, sx1 = (ax, bx) if ax < bx else (bx, ax)
    sy0, sy1 = (ay, by) if ay < by else (by, ay)
    ex, ey = bx - ax, by - ay
    degenerate = False
    px, py = ring[-1]
    for qx, qy in ring:
        if not ((px < sx0 and qx < sx0) or (px > sx1 and qx > sx1) or (py < sy0 and qy < sy0)
                or (py > sy1 and qy > sy1)):
            d1 = (qx - px) * (ay - py) - (qy - py) * (ax - px)
            d2 = (qx - px) * (by - py) - (qy - py) * (bx - px)
            d3 = ex * (py - ay) - ey * (px - ax)
            d4 = ex * (qy - ay) - ey * (qx - ax)
            if ((d1 > EPS and d2 < -EPS) or (d1 < -EPS and d2 > EPS)) and \
                    ((d3 > EPS and d4 < -EPS) or (d3 < -EPS and d4 > EPS)):
                return True              # a clean crossing of an edge enters the inside
            if (abs(d1) <= EPS or abs(d2) <= EPS or abs(d3) <= EPS or abs(d4) <= EPS) and \
                    segments_intersect(ax, ay, bx, by, px, py, qx, qy):
                degenerate = True
        px, py = qx, qy
    if not degenerate:
        return point_in_ring(ax, ay, ring) and _dist_to_outline(ring, ax, ay) > 1e-7
    return _crosses_exact(ring, ax, ay, bx, by)


def _crosses_exact(ring: Ring, ax: float, ay: float, bx: float, by: float) -> bool:
    """The segment passes through the polygon's inside (touching its
    outline at a point does not count)."""
    hits = []
    j = len(ring) - 1
    for i in range(len(ring)):
        cx, cy = ring[j]
        dx, dy = ring[i]
        j = i
        if segments_intersect(ax, ay, bx, by, cx, cy, dx, dy):
            hits.append((cx, cy, dx, dy))
    if not hits:
        return point_in_ring(ax, ay, ring)
    # a crossing means some part of the segment lies strictly inside: test
    # the midpoints between consecutive crossing parameters
    ts = [0.0, 1.0]
    ex, ey = bx - ax, by - ay
    for cx, cy, dx, dy in hits:
        den = ex * (dy - cy) - ey * (dx - cx)
        if abs(den) > EPS:
            t = ((cx - ax) * (dy - cy) - (cy - ay) * (dx - cx)) / den
            ts.append(min(1.0, max(0.0, t)))
        else:       # collinear with an edge: its ends
            L = ex * ex + ey * ey
            if L > EPS:
                ts.append(min(1.0, max(0.0, ((cx - ax) * ex + (cy - ay) * ey) / L)))
                ts.append(min(1.0, max(0.0, ((dx - ax) * ex + (dy - ay) * ey) / L)))
    ts.sort()
    for k in range(len(ts) - 1):
        if ts[k + 1] - ts[k] > 1e-7:
            tm = (ts[k] + ts[k + 1]) / 2
            mx, my = ax + tm * ex, ay + tm * ey
            if point_in_ring(mx, my, ring) and _dist_to_outline(ring, mx, my) > 1e-7:
                return True          # strictly inside, not along the outline
    return False


def _dist_to_outline(ring: Ring, px: float, py: float) -> float:
    best = math.inf
    j = len(ring) - 1
    for i in range(len(ring)):
        d = seg_point_dist2(ring[j][0], ring[j][1], ring[i][0], ring[i][1], px, py)
        best = min(best, d)
        j = i
    return math.sqrt(best)


def _sat_depth(pa: Ring, pb: Ring, stop: float = -math.inf) -> float | None:
    """The smallest separating-axis overlap of two convex polygons (corner
    lists), or None when an edge's axis separates them.  The first overlap
    of `stop` or less is returned as soon as it is found (the smallest is
    at most `stop` too: an answer to "more than `stop`?")."""
    depth = math.inf
    four = len(pa) == 4 and len(pb) == 4
    if four:
        (a0x, a0y), (a1x, a1y), (a2x, a2y), (a3x, a3y) = pa
        (b0x, b0y), (b1x, b1y), (b2x, b2y), (b3x, b3y) = pb
    for poly in (pa, pb):
        n = len(poly)
        for i in range(n):
            x1, y1 = poly[i]
            x2, y2 = poly[(i + 1) % n]
            nx, ny = y2 - y1, x1 - x2
            L = math.hypot(nx, ny)
            if L <= EPS:
                continue
            nx, ny = nx / L, ny / L
            if four:
                p0, p1, p2, p3 = a0x * nx + a0y * ny, a1x * nx + a1y * ny, a2x * nx + a2y * ny, a3x * nx + a3y * ny
                q0, q1, q2, q3 = b0x * nx + b0y * ny, b1x * nx + b1y * ny, b2x * nx + b2y * ny, b3x * nx + b3y * ny
                hi_a, lo_a = max(p0, p1, p2, p3), min(p0, p1, p2, p3)
                hi_b, lo_b = max(q0, q1, q2, q3), min(q0, q1, q2, q3)
            else:
                a = [px * nx + py * ny for px, py in pa]
                b = [px * nx + py * ny for px, py in pb]
                hi_a, lo_a, hi_b, lo_b = max(a), min(a), max(b), min(b)
            o = (hi_a if hi_a < hi_b else hi_b) - (lo_a if lo_a > lo_b else lo_b)
            if o < 0:
                return None
            if o <= stop:
                return o
            if o < depth:
                depth = o
    return depth


def _sat_all_beyond(pa: Ring, pb: Ring, margin: float) -> bool:
    """`_sat_depth(pa, pb)` is not None and more than `margin`: every
    edge's axis overlaps by more than `margin`, found stopping at the first
    axis that does not."""
    depth = _sat_depth(pa, pb, margin)
    return depth is not None and depth > margin


def _corner_edge_pairs(pa: Ring, pb: Ring) -> Iterator[float]:
    """Squared distances between each corner of one polygon and each edge
    of the other (the gap of separated convex polygons is the least)."""
    for p, q in ((pa, pb), (pb, pa)):
        m = len(q)
        for px, py in p:
            for i in range(m):
                yield seg_point_dist2(q[i][0], q[i][1], q[(i + 1) % m][0], q[(i + 1) % m][1], px, py)


def _corner_edge_min(pa: Ring, pb: Ring) -> float:
    """`min(_corner_edge_pairs(pa, pb))`, the same floats in the same
    order (seg_point_dist2 written out: this runs for every pair of
    rectangles measured)."""
    best = math.inf
    for p, q in ((pa, pb), (pb, pa)):
        m = len(q)
        edges = []
        for i in range(m):
            ax, ay = q[i]
            dx, dy = q[(i + 1) % m][0] - ax, q[(i + 1) % m][1] - ay
            edges.append((ax, ay, dx, dy, dx * dx + dy * dy))
        for px, py in p:
            for ax, ay, dx, dy, L in edges:
                if L <= EPS:
                    d = (px - ax) ** 2 + (py - ay) ** 2
                else:
                    t = ((px - ax) * dx + (py - ay) * dy) / L
                    if t < 0.0:
                        t = 0.0
                    elif t > 1.0:
                        t = 1.0
                    qx, qy = ax + t * dx - px, ay + t * dy - py
                    d = qx * qx + qy * qy
                if d < best:
                    best = d
    return best


def _convex_signed_dist(pa: Ring, pb: Ring) -> float:
    """Signed distance between two convex polygons (corner lists): the gap
    when apart, minus the smallest separating-axis overlap when they meet."""
    depth = _sat_depth(pa, pb)
    if depth is not None:
        return -depth
    # separated: the distance is between a corner and an edge
    return math.sqrt(_corner_edge_min(pa, pb))


def _convex_below(pa: Ring, pb: Ring, limit: float) -> bool:
    """`_convex_signed_dist(pa, pb) < limit`, stopping as soon as it is known."""
    if limit <= 0.0:
        # below a limit of 0 or less: overlapping (no separating axis) by more than -limit on every axis
        return _sat_all_beyond(pa, pb, -limit)
    if _sat_depth(pa, pb) is not None:
        return True                   # they meet: the signed distance is not positive
    for d in _corner_edge_pairs(pa, pb):
        if math.sqrt(d) < limit:
            return True
    return False


def edge_distance_below(a: Foot, b: Foot, limit: float) -> bool:
    """`edge_distance(a, b) < limit` (the same answer, found sooner for two
    rectangles)."""
    if a.corners is not None and b.corners is not None:
        return _convex_below(a.corners, b.corners, limit)
    return edge_distance(a, b) < limit


def _rect_point_signed(f: Foot, px: float, py: float) -> float:
    """Signed distance from a point to a rectangle (negative inside)."""
    a = math.radians(f.facing)
    fx, fy = math.cos(a), math.sin(a)
    dx, dy = px - f.x, py - f.y
    u = dx * fx + dy * fy                 # along the facing
    v = dx * -fy + dy * fx                # sideways
    hu, hv = f.shape.depth / 2, f.shape.width / 2
    qu, qv = abs(u) - hu, abs(v) - hv
    if qu <= 0 and qv <= 0:
        return max(qu, qv)
    return math.hypot(max(qu, 0.0), max(qv, 0.0))


def edge_distance(a: Foot, b: Foot) -> float:
    """Base edge to base edge, in inches; negative when the bases overlap
    (by about that much)."""
    if a.corners is None and b.corners is None:
        return math.hypot(a.x - b.x, a.y - b.y) - a.r - b.r
    if a.corners is None:
        return _rect_point_signed(b, a.x, a.y) - a.r
    if b.corners is None:
        return _rect_point_signed(a, b.x, b.y) - b.r
    return _convex_signed_dist(a.corners, b.corners)


def point_distance(a: Foot, px: float, py: float) -> float:
    """From a base's edge to a point (0 if the point is under the base)."""
    if a.corners is None:
        return max(0.0, math.hypot(a.x - px, a.y - py) - a.r)
    return max(0.0, _rect_point_signed(a, px, py))


def overlaps(a: Foot, b: Foot) -> bool:
    return edge_distance(a, b) < -OVERLAP


def in_contact(a: Foot, b: Foot, reach: float = 0.0) -> bool:
    """Base-to-base contact (within the shared tolerance), or within
    `reach` inches more."""
    return edge_distance(a, b) <= CONTACT + reach


def group_distance(xs: Iterable[Foot], ys: Iterable[Foot]) -> float:
    """Between the nearest bases of two groups (units)."""
    ys = list(ys)
    best = math.inf
    for a in xs:
        for b in ys:
            d = edge_distance(a, b)
            if d < best:
                best = d
    return best


def coherency_groups(feet: Sequence[Foot], within: float = COHERENCY) -> list[list[int]]:
    """Indexes of the bases, grouped into chains in which each base is
    within `within` inches of another (an unbroken line)."""
    n = len(feet)
    seen = [False] * n
    groups = []
    for s in range(n):
        if seen[s]:
            continue
        seen[s] = True
        stack, comp = [s], [s]
        while stack:
            i = stack.pop()
            fi = feet[i]
            for j in range(n):
                if not seen[j] and edge_distance(fi, feet[j]) <= within + 1e-6:
                    seen[j] = True
                    stack.append(j)
                    comp.append(j)
        groups.append(sorted(comp))
    return groups


def coherent(feet: Sequence[Foot], within: float = COHERENCY) -> bool:
    """One unbroken chain of bases, each within `within` of another."""
    if len(feet) <= 1:
        return True
    return len(coherency_groups(feet, within)) == 1


def contact_point(mover: BaseShape, fx: float, fy: float, target: Foot, gap: float = 0.0) -> tuple[float, float]:
    """Where a round base coming from (fx, fy) stops in contact with
    `target` (straight towards the target's centre), `gap` inches short."""
    r = mover.width / 2 if mover.round else mover.radius
    dx, dy = fx - target.x, fy - target.y
    L = math.hypot(dx, dy) or 1.0
    ux, uy = dx / L, dy / L
    if target.corners is None:
        R = target.r + r + gap
        return (target.x + ux * R, target.y + uy * R)
    # rectangle: march out from the centre until clear
    lo, hi = 0.0, target.shape.radius + r + gap + 1.0
    for _ in range(40):
        mid = (lo + hi) / 2
        if _rect_point_signed(target, target.x + ux * mid, target.y + uy * mid) - r < gap:
            lo = mid
        else:
            hi = mid
    return (target.x + ux * hi, target.y + uy * hi)


def contact_ring(mover: BaseShape, target: Foot, n: int = 24, gap: float = PLACE_GAP,
                 toward: tuple[float, float] | None = None) -> list[tuple[float, float]]:
    """`n` centres, evenly round `target`, at which a base of `mover`
    touches it (`gap` inches apart: in contact within the shared
    tolerance), the nearest to `toward` first."""
    a0 = math.atan2(toward[1] - target.y, toward[0] - target.x) if toward is not None else 0.0
    out = []
    for k in range(n):
        step = (k + 1) // 2 * (1 if k % 2 else -1)          # 0, 1, -1, 2, -2, ...
        a = a0 + step * 2 * math.pi / n
        out.append(contact_point(mover, target.x + math.cos(a) * 100, target.y + math.sin(a) * 100, target, gap))
    return out


def first_contact(mover: BaseShape, sx: float, sy: float, ex: float, ey: float, others: Iterable[Foot],
                  gap: float = PLACE_GAP) -> tuple[float, float]:
    """The farthest point towards (ex, ey) a base of `mover` reaches in a
    straight line from (sx, sy) before touching any of `others`: where it
    touches the first one in its way (`gap` apart), solved, not stepped.
    Bases it already overlaps at the start do not stop it moving away."""
    L = math.hypot(ex - sx, ey - sy)
    if L <= EPS:
        return (sx, sy)
    ux, uy = (ex - sx) / L, (ey - sy) / L
    r = mover.width / 2 if mover.round else mover.radius
    best = L
    for f in others:
        R = (f.r if f.corners is None else f.shape.radius) + r + gap
        # |s + t u - c| = R: t^2 + 2 t (u.(s-c)) + |s-c|^2 - R^2 = 0
        dx, dy = sx - f.x, sy - f.y
        b = ux * dx + uy * dy
        c = dx * dx + dy * dy - R * R
        if c < 0:                       # already closer than touching: only moving away is free
            if b < 0:
                best = 0.0
            continue
        disc = b * b - c
        if disc < 0 or b >= 0:
            continue
        t = -b - math.sqrt(disc)
        if f.corners is not None and 0 <= t < best:
            # a rectangle: its circumscribed circle is met first; walk on to its edge
            lo, hi = t, min(best, -b + math.sqrt(disc))
            if edge_distance(Foot(mover, sx + ux * hi, sy + uy * hi), f) >= gap:
                continue
            for _ in range(40):
                mid = (lo + hi) / 2
                if edge_distance(Foot(mover, sx + ux * mid, sy + uy * mid), f) >= gap:
                    lo = mid
                else:
                    hi = mid
            t = lo
        if 0 <= t < best:
            best = t
    return (sx + ux * best, sy + uy * best)


# ---- facing and arcs ---------------------------------------------------------------

SLIDE_LIMIT = 4.0      # inches a deployment pressed by its zone's edge is slid in (both table games)


def slide_into(feet: Sequence[Foot], box: Box, limit: float = SLIDE_LIMIT) -> tuple[float, float] | None:
    """The shift (dx, dy) that brings every base wholly inside `box`
    (x0, y0, x1, y1) when they stick out of it by at most `limit` inches
    each way, a thousandth of an inch clear of its edge; (0, 0) when they
    are inside; None when further out (a placement pressed by a zone's edge
    is slid in, one pressed far from it is judged where it was pressed)."""
    bx0 = min(f.bbox[0] for f in feet)
    by0 = min(f.bbox[1] for f in feet)
    bx1 = max(f.bbox[2] for f in feet)
    by1 = max(f.bbox[3] for f in feet)
    x0, y0, x1, y1 = box
    clear = 1e-3
    dx = (x0 + clear - bx0 if bx0 < x0 else 0.0) - (bx1 - x1 + clear if bx1 > x1 else 0.0)
    dy = (y0 + clear - by0 if by0 < y0 else 0.0) - (by1 - y1 + clear if by1 > y1 else 0.0)
    if abs(dx) > limit or abs(dy) > limit:
        return None
    return dx, dy


def angle_to(a: Foot, px: float, py: float) -> float:
    """Bearing from a base's centre to a point, in degrees (0 = +x)."""
    return math.degrees(math.atan2(py - a.y, px - a.x)) % 360.0


def side_of(a: Foot, px: float, py: float) -> str:
    """Which side of a base a point lies on: front, right, rear or left,
    split by the base's diagonals (a round base splits at 45 degrees)."""
    rel = (angle_to(a, px, py) - a.facing + 180.0) % 360.0 - 180.0
    if a.round:
        half = 45.0
    else:
        half = math.degrees(math.atan2(a.shape.width / 2, a.shape.depth / 2))
    if -half <= rel <= half:
        return "front"
    if rel >= 180 - half or rel <= -(180 - half):
        return "rear"
    return "right" if rel > 0 else "left"


def arc_polygon(a: Foot, arc: float, reach: float = 200.0) -> Any:
    """The region a base sees with an arc of vision of `arc` degrees:
    everything for 360 or a round base; otherwise the area ahead of the
    front edge between lines from the front corners at arc/2 to either side
    of the facing (shapely polygon)."""
    from shapely.geometry import Polygon
    if arc >= 360 or a.corners is None:          # a.round
        return None
    fl, fr = a.corners[0], a.corners[1]
    h = math.radians(arc / 2)
    f = math.radians(a.facing)
    left = (fl[0] + reach * math.cos(f - h), fl[1] + reach * math.sin(f - h))
    right = (fr[0] + reach * math.cos(f + h), fr[1] + reach * math.sin(f + h))
    far = (a.x + 2 * reach * math.cos(f), a.y + 2 * reach * math.sin(f))
    return Polygon([fl, left, far, right, fr])


def in_arc(a: Foot, target: Foot, arc: float) -> bool:
    """Any part of `target` lies inside `a`'s arc of vision."""
    if arc >= 360 or a.round:
        return True
    wedge = arc_polygon(a, arc)
    return bool(wedge.intersects(target.polygon(16)))


# ---- the table -----------------------------------------------------------------------

@dataclass
class Piece:
    """A terrain piece or a scenario zone: a polygon (or a point, for
    markers) with a type and properties from the map.  `ring` is the outline
    as a list of (x, y) inches; `point` is set for point markers."""
    id: str
    type: str
    ring: tuple[Point, ...] = ()
    point: Point | None = None
    name: str = ""
    properties: dict[str, Any] = field(default_factory=dict)
    bbox: Box = (0.0, 0.0, 0.0, 0.0)

    def __post_init__(self) -> None:
        if self.point is not None and not self.ring:
            self.bbox = (self.point[0], self.point[1], self.point[0], self.point[1])
        elif self.ring:
            xs = [p[0] for p in self.ring]
            ys = [p[1] for p in self.ring]
            self.bbox = (min(xs), min(ys), max(xs), max(ys))

    def flag(self, key: str) -> bool:
        return bool(self.properties.get(key, False))

    @property
    def blocking(self) -> bool:
        return self.flag("blocking")

    @property
    def impassable(self) -> bool:
        return self.flag("impassable")

    @property
    def difficult(self) -> bool:
        return self.flag("difficult")

    @property
    def centre(self) -> tuple[float, float]:
        if self.point is not None:
            return self.point
        xs = [p[0] for p in self.ring]
        ys = [p[1] for p in self.ring]
        return (sum(xs) / len(xs), sum(ys) / len(ys))

    def polygon(self) -> Any:
        from shapely.geometry import Point, Polygon
        return Point(self.point) if self.point is not None and not self.ring else Polygon(self.ring)

    def contains_point(self, px: float, py: float) -> bool:
        if not self.ring:
            return False
        b = self.bbox
        if px < b[0] or px > b[2] or py < b[1] or py > b[3]:
            return False
        return point_in_ring(px, py, self.ring)

    def grid_points(self, spacing: float) -> list[tuple[float, float]]:
        """Points `spacing` inches apart on a grid over the piece, those
        inside it (sampling an area: sight coverage, heatmaps)."""
        x0, y0, x1, y1 = self.bbox
        out = []
        y = y0 + spacing / 2
        while y < y1:
            x = x0 + spacing / 2
            while x < x1:
                if self.contains_point(x, y):
                    out.append((x, y))
                x += spacing
            y += spacing
        return out

    def distance_to(self, f: Foot) -> float:
        """From a base's edge to this piece (0 when they touch or overlap)."""
        if not self.ring:
            assert self.point is not None       # a piece is a ring or a point
            return point_distance(f, *self.point)
        b = self.bbox
        if f.corners is None:
            if f.x + f.r < b[0] - 1 or f.x - f.r > b[2] + 1 or f.y + f.r < b[1] - 1 or f.y - f.r > b[3] + 1:
                gx = max(b[0] - f.x, 0.0, f.x - b[2])
                gy = max(b[1] - f.y, 0.0, f.y - b[3])
                return max(0.0, math.hypot(gx, gy) - f.r)
            return max(0.0, ring_point_dist(self.ring, f.x, f.y) - f.r)
        if any(point_in_ring(cx, cy, self.ring) for cx, cy in f.corners):
            return 0.0
        best = math.inf
        n = len(f.corners)
        for i in range(n):
            a, c = f.corners[i], f.corners[(i + 1) % n]
            best = min(best, ring_segment_dist(self.ring, a[0], a[1], c[0], c[1]))
        if best > 0 and point_in_ring(self.ring[0][0], self.ring[0][1], f.corners):
            return 0.0
        return best

    def touches(self, f: Foot) -> bool:
        """The base touches or lies on this piece (§ entering terrain).
        Remembered on the placement (terrain does not move)."""
        memo = f.memo
        if memo is None:
            memo = f.memo = {}
        v = memo.get(id(self))
        if v is None:
            v = memo[id(self)] = self._touches(f)
        return v

    def _touches(self, f: Foot) -> bool:
        b = self.bbox
        fb = f.bbox
        if fb[2] < b[0] - CONTACT or fb[0] > b[2] + CONTACT or fb[3] < b[1] - CONTACT or fb[1] > b[3] + CONTACT:
            return False
        if self.ring and f.corners is not None:
            return _rect_ring_within(self.ring, f.corners, CONTACT)
        return self.distance_to(f) <= CONTACT


class Table:
    """The playing surface: its size in inches, terrain pieces and zones.

    Static shapes are prepared once: bounding boxes for quick rejection,
    blocking pieces for line of sight, impassable ones for movement.
    """

    def __init__(self, width: float, height: float, terrain: Sequence[Piece] = (), zones: Sequence[Piece] = (),
                 name: str = ""):
        self.width = float(width)
        self.height = float(height)
        self.name = name
        self.terrain = list(terrain)
        self.zones = list(zones)
        self.blocking = [t for t in self.terrain if t.blocking]
        self.impassable = [t for t in self.terrain if t.impassable]
        self.difficult = [t for t in self.terrain if t.difficult]

    # -- placement --
    def on_table(self, f: Foot) -> bool:
        b = f.bbox
        return b[0] >= -EPS and b[1] >= -EPS and b[2] <= self.width + EPS and b[3] <= self.height + EPS

    def terrain_touching(self, f: Foot) -> list[Piece]:
        x0, y0, x1, y1 = f.bbox
        # a piece whose box lies beyond the base's (and the contact tolerance) cannot touch it (as _touches);
        # the pieces' boxes grown by the tolerance are made once per table (the same sums)
        grown = self.__dict__.get("_grown")
        if grown is None:
            grown = self._grown = [(t, t.bbox[0] - CONTACT, t.bbox[1] - CONTACT, t.bbox[2] + CONTACT,
                                    t.bbox[3] + CONTACT) for t in self.terrain]
        return [t for t, gx0, gy0, gx1, gy1 in grown
                if not (x1 < gx0 or x0 > gx1 or y1 < gy0 or y0 > gy1) and t.touches(f)]

    def terrain_occupied(self, feet: Sequence[Foot]) -> list[Piece]:
        """Pieces every base touches or stands on (§ occupying terrain)."""
        if not feet:
            return []
        return [t for t in self.terrain if all(t.touches(f) for f in feet)]

    def zone(self, name: str) -> Piece | None:
        for z in self.zones:
            if z.name == name or z.id == name:
                return z
        return None

    def zones_of(self, type_: str) -> list[Piece]:
        return [z for z in self.zones if z.type == type_]

    def in_zone(self, f: Foot, zone: Piece) -> bool:
        """The whole base lies inside the zone polygon."""
        if f.corners is None:
            if not zone.contains_point(f.x, f.y):
                return False
            return _dist_to_outline(zone.ring, f.x, f.y) >= f.r - 1e-6
        return all(zone.contains_point(cx, cy) for cx, cy in f.corners)

    def blocked_by_impassable(self, f: Foot) -> Piece | None:
        """The impassable piece this base stands on, if any."""
        for t in self.impassable:
            if _bbox_hit(t.bbox, f.bbox) and _overlaps_piece(t, f):
                return t
        return None

    # -- line of sight --
    def sight_coverage(self, zone: Piece, others: Sequence[Piece], shape: BaseShape, spacing: float = 4.0,
                       pieces: Sequence[Piece] | None = None) -> float | None:
        """The share (%) of lines between bases of `shape` sampled every
        `spacing` inches over `zone` and over the `others` that are clear
        (line_of_sight from theirs to ours); None when either has no room."""
        mine = [Foot(shape, x, y) for x, y in zone.grid_points(spacing)]
        theirs = [Foot(shape, x, y) for z in others for x, y in z.grid_points(spacing)]
        if not mine or not theirs:
            return None
        seen = sum(1 for f in mine for g in theirs if self.line_of_sight([g], [f], pieces=pieces))
        return round(100 * seen / (len(mine) * len(theirs)), 1)

    def line_of_sight(self, viewers: Sequence[Foot], targets: Sequence[Foot], blockers: Sequence[Foot] = (),
                      pieces: Sequence[Piece] | None = None) -> bool:
        """True if a straight line joins some part of a viewer's base to
        some part of a target's base without crossing a blocking terrain
        piece or a blocking base.  A piece a viewer or target touches does
        not block that model's lines (it sees out of, and is seen in, the
        wood it stands in; not through it).  Lines are sampled: the centres
        and four more points across each base, square to the line between
        them (25 lines per pair of bases), nearest pairs first."""
        return los(viewers, targets, self.blocking if pieces is None else pieces, blockers)


def _overlaps_piece(t: Piece, f: Foot) -> bool:
    if f.corners is None:
        if t.contains_point(f.x, f.y):
            return True
        return ring_point_dist(t.ring, f.x, f.y) < f.r - OVERLAP
    if t.ring:
        return _rect_ring_within(t.ring, f.corners, 0.0)
    return t.distance_to(f) == 0.0


def _rect_ring_within(ring: Ring, corners: Ring, limit: float) -> bool:
    """`Piece.distance_to(rectangle) <= limit` (limit >= 0), answered the
    same way but stopping at the first pair within the limit and skipping
    pairs of edges whose boxes lie farther apart than it (their distance
    cannot be smaller).  (tests/engine/test_table_properties.py holds them equal.)"""
    for cx, cy in corners:
        if point_in_ring(cx, cy, ring):
            return True
    reach = limit + 1e-4          # beyond segments_intersect's tolerance (a squared 1e-9)
    n = len(corners)
    m = len(ring)
    for i in range(n):
        ax, ay = corners[i]
        bx, by = corners[(i + 1) % n]
        ex0, ex1 = (ax, bx) if ax < bx else (bx, ax)
        ey0, ey1 = (ay, by) if ay < by else (by, ay)
        j = m - 1
        for k in range(m):
            px, py = ring[j]
            qx, qy = ring[k]
            j = k
            if (px > ex1 + reach and qx > ex1 + reach) or (px < ex0 - reach and qx < ex0 - reach) or \
                    (py > ey1 + reach and qy > ey1 + reach) or (py < ey0 - reach and qy < ey0 - reach):
                continue
            d2 = seg_seg_dist2(ax, ay, bx, by, px, py, qx, qy)
            if math.sqrt(d2) <= limit:
                return True
    return point_in_ring(ring[0][0], ring[0][1], corners)


# ---- line of sight -----------------------------------------------------------------------

_FRACTIONS = (0.0, 1.0, -1.0, 0.5, -0.5)


def _silhouette(f: Foot, nx: float, ny: float) -> list[tuple[float, float]]:
    """Points across a base, square to the sight line (normal n): the
    centre, both extremes and halfway to them."""
    if f.corners is None:
        r = f.r
        return [(f.x + k * r * nx, f.y + k * r * ny) for k in _FRACTIONS]
    proj = [((cx - f.x) * nx + (cy - f.y) * ny, cx, cy) for cx, cy in f.corners]
    hi = max(proj)
    lo = min(proj)
    pts = [(f.x, f.y), (hi[1], hi[2]), (lo[1], lo[2])]
    pts.append(((f.x + hi[1]) / 2, (f.y + hi[2]) / 2))
    pts.append(((f.x + lo[1]) / 2, (f.y + lo[2]) / 2))
    return pts


def _bbox_hit(a: Box, b: Box) -> bool:
    return not (a[2] < b[0] or a[0] > b[2] or a[3] < b[1] or a[1] > b[3])


def _seg_blocked(x1: float, y1: float, x2: float, y2: float, pieces: Iterable[Piece], feet: Iterable[Foot]) -> bool:
    sb = (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))
    for f in feet:
        if not _bbox_hit(sb, f.bbox):
            continue
        if f.corners is None:
            if seg_point_dist2(x1, y1, x2, y2, f.x, f.y) < (f.r - 1e-6) ** 2:
                return True
        elif segment_crosses_ring(f.corners, x1, y1, x2, y2):
            return True
    for t in pieces:
        if _bbox_hit(sb, t.bbox) and segment_crosses_ring(t.ring, x1, y1, x2, y2):
            return True
    return False


def los(viewers: Sequence[Foot], targets: Sequence[Foot], pieces: Sequence[Piece] = (),
        blockers: Sequence[Foot] = ()) -> bool:
    """See Table.line_of_sight."""
    if not viewers or not targets:
        return False
    x0 = min(min(f.bbox[0] for f in viewers), min(f.bbox[0] for f in targets))
    y0 = min(min(f.bbox[1] for f in viewers), min(f.bbox[1] for f in targets))
    x1 = max(max(f.bbox[2] for f in viewers), max(f.bbox[2] for f in targets))
    y1 = max(max(f.bbox[3] for f in viewers), max(f.bbox[3] for f in targets))
    region = (x0, y0, x1, y1)
    terr = [t for t in pieces if _bbox_hit(region, t.bbox)]
    feet = [b for b in blockers if _bbox_hit(region, b.bbox)]
    if not terr and not feet:
        return True
    if all(f.corners is None for f in viewers) and all(f.corners is None for f in targets):
        # the nearest few pairs in plain Python first: usually one has sight
        pairs = sorted(((a.x - b.x) ** 2 + (a.y - b.y) ** 2, i, j)
                       for i, a in enumerate(viewers) for j, b in enumerate(targets))
        for _, i, j in pairs[:4]:
            a, b = viewers[i], targets[j]
            box = (min(a.bbox[0], b.bbox[0]), min(a.bbox[1], b.bbox[1]),
                   max(a.bbox[2], b.bbox[2]), max(a.bbox[3], b.bbox[3]))
            tt = [t for t in terr if _bbox_hit(box, t.bbox)]
            ff = [f for f in feet if _bbox_hit(box, f.bbox)]
            if not ff and not tt:
                return True
            if tt:
                tt = [t for t in tt if not t.touches(a) and not t.touches(b)]
            if not _seg_blocked(a.x, a.y, b.x, b.y, tt, ff):
                return True
        from engine.table.sight import los_round
        return los_round(viewers, targets, terr, feet)
    return los_exact(viewers, targets, terr, feet)


def los_exact(viewers: Sequence[Foot], targets: Sequence[Foot], terr: Sequence[Piece],
              feet: Sequence[Foot]) -> bool:
    """Line of sight in plain Python, for any bases (the reference the
    vectorised round-base version is tested against)."""
    touch: dict[int, tuple[Piece, ...]] = {}

    def touching(f: Foot) -> tuple[Piece, ...]:
        k = id(f)
        v = touch.get(k)
        if v is None:
            v = tuple(t for t in terr if t.touches(f))
            touch[k] = v
        return v

    pairs = []
    for a in viewers:
        for b in targets:
            pairs.append(((a.x - b.x) ** 2 + (a.y - b.y) ** 2, a, b))
    pairs.sort(key=lambda p: p[0])
    deferred = []
    # first pass: pairs with nothing in between, and the centre-to-centre lines
    for _, a, b in pairs:
        box = (min(a.bbox[0], b.bbox[0]), min(a.bbox[1], b.bbox[1]),
               max(a.bbox[2], b.bbox[2]), max(a.bbox[3], b.bbox[3]))
        tt = [t for t in terr if _bbox_hit(box, t.bbox)]
        if tt:
            skip = touching(a) + touching(b)
            if skip:
                tt = [t for t in tt if t not in skip]
        ff = [f for f in feet if _bbox_hit(box, f.bbox)]
        if not tt and not ff:
            return True
        if not _seg_blocked(a.x, a.y, b.x, b.y, tt, ff):
            return True
        deferred.append((a, b, tt, ff))
    for a, b, tt, ff in deferred:
        dx, dy = b.x - a.x, b.y - a.y
        L = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / L, dx / L
        pa = _silhouette(a, nx, ny)
        pb = _silhouette(b, nx, ny)
        for i, (ax, ay) in enumerate(pa):
            for j, (bx, by) in enumerate(pb):
                if i == 0 and j == 0:
                    continue
                if not _seg_blocked(ax, ay, bx, by, tt, ff):
                    return True
    return False
