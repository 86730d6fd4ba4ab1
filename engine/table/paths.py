"""Shortest paths on the free-measure table.

A moving base (treated as a circle of radius r: a round base's radius; for
a rectangle, the radius of the circle it fits in) may not pass through
obstacles: other bases (circles), chains of bases (capsules: the gap
between two bases of one unit standing within coherency is part of that
unit), impassable terrain (polygons), nor leave the table.  Difficult
terrain makes the length inside it count `difficult` times.

The path is found on a visibility graph (Lozano-Perez): corner nodes around
every obstacle, offset a hair further out than the base's radius so that
straight runs between nodes never graze it; A* over edges tested lazily, and
only nodes that could lie on a path no longer than the limit (inside the
ellipse |s-n| + |n-g| <= limit) are considered.  With difficult terrain the
graph also has that terrain's corners, so the result is a close upper bound
of the true weighted shortest path.
"""
from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field
from typing import Any, Sequence

from engine.table.geometry import Piece, Ring, Table, ring_segment_dist, seg_point_dist2, seg_seg_dist2, point_in_ring

MARGIN = 0.02           # inches: graph nodes stand this far outside the obstacles
_K = 12                 # corners around a round obstacle
_GROW = 1.0 / math.cos(math.pi / _K)
_SLACK = 1e-6           # grazing an obstacle by less than this is no collision


@dataclass
class Obstacles:
    """What a mover of radius `r` must go around.  Circles and capsules are
    given with the obstacle's own radius; `r` is added here."""
    r: float
    width: float
    height: float
    circles: list[tuple[float, float, float]] = field(default_factory=list)       # (x, y, R)
    capsules: list[tuple[float, float, float, float, float]] = field(default_factory=list)   # (x1, y1, x2, y2, R)
    polygons: list[Piece] = field(default_factory=list)      # Piece (impassable)
    difficult: list[Piece] = field(default_factory=list)     # Piece (costs more inside)
    difficult_factor: float = 2.0

    def __post_init__(self) -> None:
        r = self.r
        self._c = [(x, y, R + r, (x - R - r, y - R - r, x + R + r, y + R + r)) for x, y, R in self.circles]
        self._k = [(x1, y1, x2, y2, R + r, (min(x1, x2) - R - r, min(y1, y2) - R - r,
                                            max(x1, x2) + R + r, max(y1, y2) + R + r))
                   for x1, y1, x2, y2, R in self.capsules]
        self._p = [(p.ring, (p.bbox[0] - r, p.bbox[1] - r, p.bbox[2] + r, p.bbox[3] + r)) for p in self.polygons]

    # -- tests --
    def free(self, x: float, y: float) -> bool:
        """A base centred here is on the table and touches no obstacle."""
        r = self.r
        if x < r - 1e-9 or y < r - 1e-9 or x > self.width - r + 1e-9 or y > self.height - r + 1e-9:
            return False
        for cx, cy, R, _ in self._c:
            if (x - cx) ** 2 + (y - cy) ** 2 < (R - _SLACK) ** 2:
                return False
        for x1, y1, x2, y2, R, _ in self._k:
            if seg_point_dist2(x1, y1, x2, y2, x, y) < (R - _SLACK) ** 2:
                return False
        for ring, b in self._p:
            if b[0] <= x <= b[2] and b[1] <= y <= b[3]:
                if point_in_ring(x, y, ring) or ring_segment_dist(ring, x, y, x, y) < r - _SLACK:
                    return False
        return True

    def blocker(self, ax: float, ay: float, bx: float, by: float) -> object:
        """The first obstacle the straight run a->b hits, or None.

        A run starts from where the model stands, whatever touches it: an
        obstacle the start is already inside (a model in contact with two
        enemy bases stands in the gap between them) blocks only a run that
        goes deeper into it, never one that leaves it (the distance to its
        core never drops below the start's), so no model is ever trapped."""
        sx0, sy0, sx1, sy1 = min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)
        r = self.r
        if sx0 < r - 1e-9 or sy0 < r - 1e-9 or sx1 > self.width - r + 1e-9 or sy1 > self.height - r + 1e-9:
            return "the table edge"
        for c in self._c:
            b = c[3]
            if b[2] < sx0 or b[0] > sx1 or b[3] < sy0 or b[1] > sy1:
                continue
            lim = (c[2] - _SLACK) ** 2
            d = seg_point_dist2(ax, ay, bx, by, c[0], c[1])
            if d < lim:
                start = (ax - c[0]) ** 2 + (ay - c[1]) ** 2
                if start < lim and d >= start - 1e-12:
                    continue                        # leaving an obstacle it stood in
                return c
        for k in self._k:
            b = k[5]
            if b[2] < sx0 or b[0] > sx1 or b[3] < sy0 or b[1] > sy1:
                continue
            lim = (k[4] - _SLACK) ** 2
            d = seg_seg_dist2(ax, ay, bx, by, k[0], k[1], k[2], k[3])
            if d < lim:
                start = seg_point_dist2(k[0], k[1], k[2], k[3], ax, ay)
                if start < lim and d >= start - 1e-12:
                    continue
                return k
        for ring, b in self._p:
            if b[2] < sx0 or b[0] > sx1 or b[3] < sy0 or b[1] > sy1:
                continue
            d = ring_segment_dist(ring, ax, ay, bx, by)
            if d < r - _SLACK:
                start = ring_segment_dist(ring, ax, ay, ax, ay)
                if 0.0 < start < r - _SLACK and d >= start - 1e-9:
                    continue                        # grazing terrain it already touched, moving off it
                return ring
        return None

    def clear(self, ax: float, ay: float, bx: float, by: float) -> bool:
        return self.blocker(ax, ay, bx, by) is None

    def cost(self, ax: float, ay: float, bx: float, by: float) -> float:
        """Length of a straight run, difficult terrain counted extra."""
        L = math.hypot(bx - ax, by - ay)
        if not self.difficult or L <= 0:
            return L
        extra = 0.0
        for p in self.difficult:
            b = p.bbox
            if max(ax, bx) < b[0] or min(ax, bx) > b[2] or max(ay, by) < b[1] or min(ay, by) > b[3]:
                continue
            extra += inside_length(p.ring, ax, ay, bx, by)
        return L + (self.difficult_factor - 1.0) * extra

    # -- graph --
    def _nodes(self, sx: float, sy: float, gx: float, gy: float, limit: float) -> list[tuple[float, float]]:
        out = []
        r = self.r

        def add(x: float, y: float) -> None:
            if limit < math.inf and math.hypot(x - sx, y - sy) + math.hypot(x - gx, y - gy) > limit + 1e-9:
                return
            if self.free(x, y):
                out.append((x, y))

        for cx, cy, R, _ in self._c:
            rr = (R + MARGIN) * _GROW
            for i in range(_K):
                a = (i + 0.5) * 2 * math.pi / _K
                add(cx + rr * math.cos(a), cy + rr * math.sin(a))
        for x1, y1, x2, y2, R, _ in self._k:
            rr = (R + MARGIN) * _GROW
            for ex, ey in ((x1, y1), (x2, y2)):
                for i in range(_K):
                    a = (i + 0.5) * 2 * math.pi / _K
                    add(ex + rr * math.cos(a), ey + rr * math.sin(a))
        for ring, _ in self._p:
            for x, y in offset_corners(ring, r + MARGIN):
                add(x, y)
        for p in self.difficult:
            for x, y in offset_corners(p.ring, MARGIN):
                add(x, y)
            for x, y in offset_corners(p.ring, -MARGIN):
                add(x, y)
        return out

    def _escapes(self, sx: float, sy: float, gx: float, gy: float, limit: float) -> list[tuple[float, float]]:
        """Ways out for a start wedged inside obstacles (a model in contact
        with bases all round): free points a straight run away reaches."""
        out = []
        for i in range(24):
            a = i * math.pi / 12
            for d in (0.25, 0.5, 1.0, 2.0, 3.0):
                x, y = sx + d * math.cos(a), sy + d * math.sin(a)
                if d + math.hypot(gx - x, gy - y) > limit + 1e-9:
                    break
                if self.free(x, y):
                    out.append((x, y))
                    break
        return out

    def shortest(self, sx: float, sy: float, gx: float, gy: float,
                 limit: float = math.inf) -> tuple[float, list[tuple[float, float]]] | None:
        """(length, [points]) of the shortest path, or None when there is
        none no longer than `limit`."""
        if self.clear(sx, sy, gx, gy):
            c = self.cost(sx, sy, gx, gy)
            if not self.difficult or c <= math.hypot(gx - sx, gy - sy) + 1e-9:
                return (c, [(sx, sy), (gx, gy)]) if c <= limit + 1e-9 else None
        if not self.free(gx, gy):
            return None
        if math.hypot(gx - sx, gy - sy) > limit + 1e-9:
            return None
        nodes = [(sx, sy), (gx, gy)] + self._nodes(sx, sy, gx, gy, limit)
        if not self.free(sx, sy):
            nodes += self._escapes(sx, sy, gx, gy, limit)
        n = len(nodes)
        best = [math.inf] * n
        prev = [-1] * n
        done = [False] * n
        best[0] = 0.0
        heap = [(math.hypot(gx - sx, gy - sy), 0.0, 0)]
        while heap:
            f, g, i = heapq.heappop(heap)
            if done[i]:
                continue
            done[i] = True
            if i == 1:
                pts = []
                k = 1
                while k != -1:
                    pts.append(nodes[k])
                    k = prev[k]
                return (g, pts[::-1])
            ax, ay = nodes[i]
            for j in range(1, n):
                if done[j]:
                    continue
                bx, by = nodes[j]
                h = math.hypot(gx - bx, gy - by)
                lower = g + math.hypot(bx - ax, by - ay)
                if lower >= best[j] or lower + h > limit + 1e-9:
                    continue
                if not self.clear(ax, ay, bx, by):
                    continue
                ng = g + self.cost(ax, ay, bx, by)
                if ng < best[j] and ng + h <= limit + 1e-9:
                    best[j] = ng
                    prev[j] = i
                    heapq.heappush(heap, (ng + h, ng, j))
        return None


def offset_corners(ring: Sequence[tuple[float, float]], d: float) -> list[tuple[float, float]]:
    """The polygon's corners pushed `d` outwards along their bisectors (a
    mitred offset; corners that turn inwards are skipped when d > 0)."""
    n = len(ring)
    if n < 3:
        return []
    area = sum(ring[i][0] * ring[(i + 1) % n][1] - ring[(i + 1) % n][0] * ring[i][1] for i in range(n))
    sgn = 1.0 if area > 0 else -1.0
    out = []
    for i in range(n):
        px, py = ring[i - 1]
        x, y = ring[i]
        nx_, ny_ = ring[(i + 1) % n]
        e1x, e1y = x - px, y - py
        e2x, e2y = nx_ - x, ny_ - y
        l1, l2 = math.hypot(e1x, e1y), math.hypot(e2x, e2y)
        if l1 <= 1e-12 or l2 <= 1e-12:
            continue
        # outward normals (ring orientation decides which side is out)
        n1x, n1y = sgn * e1y / l1, -sgn * e1x / l1
        n2x, n2y = sgn * e2y / l2, -sgn * e2x / l2
        turn = (e1x * e2y - e1y * e2x) * sgn
        if d > 0 and turn < 0:
            continue                     # a reflex corner: paths never bend there
        bx, by = n1x + n2x, n1y + n2y
        bl = math.hypot(bx, by)
        if bl <= 1e-9:
            continue
        cos_half = bl / 2
        k = d / max(cos_half, 0.2)
        out.append((x + bx / bl * k, y + by / bl * k))
    return out


def inside_length(ring: Ring, ax: float, ay: float, bx: float, by: float) -> float:
    """How much of segment a->b lies inside the polygon."""
    ex, ey = bx - ax, by - ay
    L = math.hypot(ex, ey)
    if L <= 0:
        return 0.0
    ts = [0.0, 1.0]
    n = len(ring)
    for i in range(n):
        cx, cy = ring[i - 1]
        dx, dy = ring[i]
        fx, fy = dx - cx, dy - cy
        den = ex * fy - ey * fx
        if abs(den) <= 1e-12:
            continue
        t = ((cx - ax) * fy - (cy - ay) * fx) / den
        u = ((cx - ax) * ey - (cy - ay) * ex) / den
        if 0 < t < 1 and 0 <= u <= 1:
            ts.append(t)
    ts.sort()
    total = 0.0
    for k in range(len(ts) - 1):
        t0, t1 = ts[k], ts[k + 1]
        if t1 - t0 <= 1e-12:
            continue
        tm = (t0 + t1) / 2
        if point_in_ring(ax + tm * ex, ay + tm * ey, ring):
            total += (t1 - t0) * L
    return total


def path_length(pts: Sequence[tuple[float, float]]) -> float:
    return sum(math.hypot(pts[i + 1][0] - pts[i][0], pts[i + 1][1] - pts[i][1]) for i in range(len(pts) - 1))


def walk(pts: Sequence[tuple[float, float]], d: float) -> tuple[float, float]:
    """The point `d` inches along a polyline (its end if shorter)."""
    for i in range(len(pts) - 1):
        (ax, ay), (bx, by) = pts[i], pts[i + 1]
        L = math.hypot(bx - ax, by - ay)
        if d <= L:
            if L <= 0:
                return (ax, ay)
            t = d / L
            return (ax + t * (bx - ax), ay + t * (by - ay))
        d -= L
    return pts[-1]


def walk_from_zone(table: Table, zone: Piece, gx: float, gy: float, r: float = 0.5,
                   difficult_factor: float = 2.0) -> float | None:
    """Inches a base of radius `r` walks from a zone (a deployment zone) to
    the point (gx, gy) around the table's impassable terrain, difficult
    ground counted `difficult_factor` times: the shortest path from the
    zone's point nearest the goal (a close upper bound), or None when the
    goal cannot be reached.  The judge's movement facts for table maps."""
    from shapely.geometry import Point
    from shapely.ops import nearest_points
    poly = zone.polygon()
    if poly.contains(Point(gx, gy)):
        return 0.0
    near = nearest_points(poly, Point(gx, gy))[0]
    obstacles = Obstacles(r, table.width, table.height, polygons=list(table.impassable),
                          difficult=list(table.difficult), difficult_factor=difficult_factor)
    found = obstacles.shortest(near.x, near.y, gx, gy)
    return None if found is None else round(found[0], 1)


def zone_walks(table: Table, zones: Sequence[Piece], goals: Sequence[tuple[str, float, float]], r: float = 0.5,
               difficult_factor: float = 2.0) -> list[dict[str, Any]]:
    """Per zone: {"movement to <goal> (in)": inches or None, ...,
    "objectives it reaches first": [goals it reaches strictly sooner than
    every other zone]}."""
    walks = [{name: walk_from_zone(table, z, x, y, r, difficult_factor) for name, x, y in goals} for z in zones]
    far = math.inf
    out = []
    for i, mine in enumerate(walks):
        row: dict[str, Any] = {f"movement to {name} (in)": v for name, v in mine.items()}
        row["objectives it reaches first"] = [
            name for name, v in mine.items()
            if v is not None and all(v < (w if (w := o[name]) is not None else far) for j, o in enumerate(walks)
                                     if j != i)]
        out.append(row)
    return out
