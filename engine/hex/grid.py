"""Hex geometry in axial coordinates (q, r), after Red Blob Games' guide.

A hex is a plain (q, r) tuple: hashable and fast.  Cube coordinates are
(q, r, -q-r).  Directions are numbered 0..5 clockwise on screen starting
East, for pointy-top hexes with y growing downward:
0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE.  Offset coordinates ("odd-r", as Tiled
stores a staggered pointy-top map) are used only for files and display.
`Layout` is the only thing that knows about pixels.
"""
from __future__ import annotations

import heapq
import math
import re
from dataclasses import dataclass
from typing import Callable, Iterable, TypeGuard

from engine.core.limits import cut

Hex = tuple[int, int]

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
DIRECTION_NAMES = ("E", "SE", "SW", "W", "NW", "NE")


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def neighbor(h: Hex, d: int) -> Hex:
    dq, dr = DIRECTIONS[d % 6]
    return (h[0] + dq, h[1] + dr)


def neighbors(h: Hex) -> list[Hex]:
    q, r = h
    return [(q + 1, r), (q, r + 1), (q - 1, r + 1), (q - 1, r), (q, r - 1), (q + 1, r - 1)]


def distance(a: Hex, b: Hex) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: Hex, radius: int) -> list[Hex]:
    if radius == 0:
        return [center]
    out = []
    h = (center[0] + DIRECTIONS[4][0] * radius, center[1] + DIRECTIONS[4][1] * radius)
    for d in range(6):
        for _ in range(radius):
            out.append(h)
            h = neighbor(h, d)
    return out


def within(center: Hex, radius: int) -> list[Hex]:
    q0, r0 = center
    out = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            out.append((q0 + dq, r0 + dr))
    return out


def rotate(h: Hex, center: Hex, steps: int) -> Hex:
    """Rotate h around center by 60 degrees clockwise `steps` times."""
    x, z = h[0] - center[0], h[1] - center[1]
    y = -x - z
    for _ in range(steps % 6):
        x, y, z = -z, -x, -y
    return (x + center[0], z + center[1])


def _round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return (int(q), int(r))


def line(a: Hex, b: Hex, nudge: float = 1e-6) -> list[Hex]:
    """The hexes on the straight line from a to b, both included."""
    n = distance(a, b)
    if n == 0:
        return [a]
    aq, ar = a[0] + nudge, a[1] + nudge
    bq, br = b[0] + nudge, b[1] + nudge
    return [_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


def line_of_sight(a: Hex, b: Hex, blocked: Callable[[Hex], bool]) -> bool:
    """True when a most direct line of hexes from a to b passes no blocker.

    Where the line runs exactly along hex edges there are two most direct
    lines; sight is clear if either is (the generous reading, as most hex
    wargames rule).  The end hexes themselves never block.
    """
    for nudge in (1e-6, -1e-6):
        path = line(a, b, nudge)
        if not any(blocked(h) for h in path[1:-1]):
            return True
    return False


def direction_to(a: Hex, b: Hex) -> int:
    """The direction (0..5) from a whose ray is closest to b."""
    if a == b:
        return 0
    ax, ay = _unit_xy(b[0] - a[0], b[1] - a[1])
    best, best_dot = 0, -9.0
    for d, (dq, dr) in enumerate(DIRECTIONS):
        ux, uy = _unit_xy(dq, dr)
        dot = ax * ux + ay * uy
        if dot > best_dot + 1e-9:
            best, best_dot = d, dot
    return best


def _unit_xy(q: float, r: float) -> tuple[float, float]:
    x = math.sqrt(3) * q + math.sqrt(3) / 2 * r
    y = 1.5 * r
    n = math.hypot(x, y) or 1.0
    return x / n, y / n


def front_hexes(h: Hex, facing: int) -> list[Hex]:
    """The three hexes in front of a unit facing `facing`."""
    return [neighbor(h, facing - 1), neighbor(h, facing), neighbor(h, facing + 1)]


def back_hex(h: Hex, facing: int) -> Hex:
    """The single hex directly behind (used by knockback)."""
    return neighbor(h, facing + 3)


def is_behind(target: Hex, facing: int, source: Hex) -> bool:
    """True when `source` lies in the rear half of `target` (the back three
    directions), i.e. an attack from it strikes the target's back."""
    if source == target:
        return False
    d = direction_to(target, source)
    return (d - facing) % 6 in (2, 3, 4)


def reachable(start: Hex, budget: int, step_cost: Callable[[Hex, Hex], int | None],
              can_end: Callable[[Hex], bool] = lambda h: True,
              stops: Callable[[Hex], bool] = lambda h: False) -> dict[Hex, tuple[int, Hex | None]]:
    """Dijkstra over hexes.  Returns {hex: (cost, previous hex)} for every
    hex a unit can stop on.  `step_cost(a, b)` is the cost of stepping from a
    to its neighbour b, or None when b cannot be entered.  A hex for which
    `stops` is true can be entered but not left (movement is interrupted
    there).  Hexes that can be passed but not ended on (allies) are left out
    of the result but still searched through."""
    best: dict[Hex, tuple[int, Hex | None]] = {start: (0, None)}
    heap = [(0, start)]
    while heap:
        cost, h = heapq.heappop(heap)
        if cost > best[h][0]:
            continue
        if h != start and stops(h):
            continue
        for n in neighbors(h):
            c = step_cost(h, n)
            if c is None:
                continue
            nc = cost + c
            if nc > budget:
                continue
            old = best.get(n)
            if old is None or nc < old[0]:
                best[n] = (nc, h)
                heapq.heappush(heap, (nc, n))
    out = Reach({h: v for h, v in best.items() if h == start or can_end(h)})
    out.searched = best
    return out


class Reach(dict[Hex, tuple[int, Hex | None]]):
    """`reachable`'s result: hexes a unit can stop on; `.searched` also
    holds the hexes it can only pass through, for rebuilding paths."""
    searched: dict[Hex, tuple[int, Hex | None]]


def path_to(found: dict[Hex, tuple[int, Hex | None]], goal: Hex) -> list[Hex]:
    """Rebuild the path (start..goal) from `reachable`'s result."""
    found = getattr(found, "searched", found)
    out = [goal]
    while (step := found[out[-1]][1]) is not None:
        out.append(step)
    out.reverse()
    return out


def offset_to_axial(col: int, row: int) -> Hex:
    """Tiled's staggered pointy-top map, odd rows shifted right (odd-r)."""
    return (col - (row - (row & 1)) // 2, row)


_LABEL = re.compile(r"[A-Za-z][0-9]{1,3}")
LABEL_REACH = 999     # |q|, |r| of a hex given as [q, r] in a file: far beyond any board


def is_label(value: object) -> TypeGuard[str]:
    """A hex's label as files write them ("E5"), not a unit's name."""
    return isinstance(value, str) and _LABEL.fullmatch(value) is not None


def parse_label(value: object, noun: str = "hex") -> Hex:
    """A hex as a file writes it: a label like "E5" (column letter, row from 1,
    as Tiled shows them) or [q, r] axial whole numbers; ValueError in words
    ("a tile was expected (a label like E5 or [q, r]), not ...") otherwise."""
    if is_label(value):
        return offset_to_axial(ord(value[0].upper()) - 65, int(value[1:]) - 1)
    if isinstance(value, list | tuple) and len(value) == 2 and all(_coordinate(x) for x in value):
        return (int(value[0]), int(value[1]))
    raise ValueError(f"a {noun} was expected (a label like E5 or [q, r]), not {cut(value)}")


def _coordinate(x: object) -> bool:
    return (type(x) is int or type(x) is float and x.is_integer()) and abs(x) <= LABEL_REACH


def axial_to_offset(h: Hex) -> tuple[int, int]:
    q, r = h
    return (q + (r - (r & 1)) // 2, r)


@dataclass(frozen=True)
class Layout:
    """Pointy-top hexes of circumradius `size` pixels, hex (0,0) at origin."""
    size: float
    origin: tuple[float, float] = (0.0, 0.0)

    def to_pixel(self, h: Hex) -> tuple[float, float]:
        q, r = h
        s = self.size
        return (self.origin[0] + s * (math.sqrt(3) * q + math.sqrt(3) / 2 * r),
                self.origin[1] + s * 1.5 * r)

    def from_pixel(self, x: float, y: float) -> Hex:
        px = (x - self.origin[0]) / self.size
        py = (y - self.origin[1]) / self.size
        fq = math.sqrt(3) / 3 * px - 1.0 / 3 * py
        fr = 2.0 / 3 * py
        return _round(fq, fr)

    def corners(self, h: Hex, scale: float = 1.0) -> list[tuple[float, float]]:
        cx, cy = self.to_pixel(h)
        s = self.size * scale
        return [(cx + s * math.cos(math.radians(60 * i - 30)),
                 cy + s * math.sin(math.radians(60 * i - 30))) for i in range(6)]

    def bounds(self, hexes: Iterable[Hex]) -> tuple[float, float, float, float]:
        xs, ys = [], []
        for h in hexes:
            x, y = self.to_pixel(h)
            xs.append(x)
            ys.append(y)
        w = self.size * math.sqrt(3) / 2
        return (min(xs) - w, min(ys) - self.size, max(xs) + w, max(ys) + self.size)
