"""Rank and flank on the free-measure table: units of stands arranged around
a command stand, their facing, sides and arcs, and the moves that keep the
formation (general: no game in it; Battle Valor Fantasy uses it).

A unit's place is a `Frame`: the command stand's centre and the unit's
facing (degrees, 0 along +x, y down as on screen).  Its shape is a list of
`Slot`s, offsets of each stand's centre from the command stand in inches
(`right` of it and `back` behind it) with a turn relative to the unit's
facing; slot 0 is always the command stand, at (0, 0), in the front rank as
close to its centre as possible.  `place` turns a frame and slots into
`Foot`s (engine/table/geometry.py) and every query below works on those.

Layouts: `ranks` (lines, columns and attack columns; skirmish with a gap),
`wedge` and `square`.  Moves: `block_move` (forward, one wheel about a front
corner, forward again; measured on the point that travels farthest),
`reform` (new slots and facing around the command stand, which stays put),
`charge` (into exact base-to-base contact with a target's edge, a number of
stands arriving and the rest left half way), `translate` toward or away
from a point (flight, stragglers).  Sides: `side_of_block` splits the plane
by the diagonals of a unit's block; `in_arc` is the 90-degree front arc
from the front corners (all round for round bases).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from engine.table.geometry import (CONTACT, EPS, BaseShape, Foot, _sat_depth, arms_of, edge_distance,
                                   edge_distance_below, unit_vector)

SIDES = ("front", "right", "rear", "left")


# ---- frames and slots -----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Frame:
    """Where a unit stands: its command stand's centre and its facing."""
    x: float
    y: float
    facing: float

    @property
    def forward(self) -> tuple[float, float]:
        return unit_vector(self.facing)

    def world(self, right: float, back: float) -> tuple[float, float]:
        fx, fy = self.forward
        rx, ry = -fy, fx
        return self.x + rx * right - fx * back, self.y + ry * right - fy * back

    def local(self, px: float, py: float) -> tuple[float, float]:
        """(right, back) of a point relative to the frame."""
        fx, fy = self.forward
        dx, dy = px - self.x, py - self.y
        return dx * -fy + dy * fx, -(dx * fx + dy * fy)

    def moved(self, forward: float) -> "Frame":
        fx, fy = self.forward
        return Frame(self.x + fx * forward, self.y + fy * forward, self.facing)


@dataclass(frozen=True, slots=True)
class Slot:
    """One stand's place: inches right of and behind the command stand's
    centre, and its turn from the unit's facing (degrees)."""
    right: float
    back: float
    turn: float = 0.0


def norm_angle(a: float) -> float:
    """Degrees into (-180, 180]."""
    a = (a + 180.0) % 360.0 - 180.0
    return 180.0 if a == -180.0 else a


# ---- layouts ---------------------------------------------------------------------------

def _step(shape: BaseShape) -> tuple[float, float]:
    return shape.width, shape.depth


def ranks(n: int, files: int, shape: BaseShape, gap: float = 0.0) -> list[Slot]:
    """`n` stands in ranks `files` wide (a partial last rank centred), the
    command stand as close to the centre of the front rank as possible
    (left of centre when the front rank is even).  Slot order: the command
    stand, then the front rank outward from it, then each rank behind."""
    if n <= 0:
        return []
    files = max(1, min(files, n))
    w, d = _step(shape)
    w, d = w + gap, d + gap
    c = (files - 1) // 2
    out: list[Slot] = []
    left = n
    rank = 0
    while left > 0:
        k = min(files, left)
        if rank == 0:
            cols = [(col - c) * w for col in range(k)]
        else:
            first = (files - k) / 2.0
            cols = [(first + i - c) * w for i in range(k)]
        cols.sort(key=lambda x: (abs(x), x))
        out.extend(Slot(x, rank * d) for x in cols)
        left -= k
        rank += 1
    return out


def wedge(n: int, shape: BaseShape) -> list[Slot]:
    """A pyramid: one stand (the command stand) in front, then 2, 3, ...
    (the last row may be partial, centred)."""
    w, d = _step(shape)
    out: list[Slot] = []
    row, left = 0, n
    while left > 0:
        k = min(row + 1, left)
        xs = sorted(((i - (k - 1) / 2.0) * w for i in range(k)), key=lambda x: (abs(x), x))
        out.extend(Slot(x, row * d) for x in xs)
        left -= k
        row += 1
    return out


def square(n: int, shape: BaseShape) -> list[Slot]:
    """Four stands facing outwards, touching at the corners (front, right,
    left, rear); a fifth in the hollow centre when it fits, any more in a
    file behind the rear stand facing forward."""
    w, d = _step(shape)
    base = [Slot(0.0, 0.0, 0.0), Slot(w / 2 + d / 2, d / 2 + w / 2, 90.0),
            Slot(-(w / 2 + d / 2), d / 2 + w / 2, 270.0), Slot(0.0, d + w, 180.0)]
    out = base[:max(0, min(4, n))]
    extra = n - 4
    behind = d + w + d
    if extra > 0 and d <= w + EPS:
        out.append(Slot(0.0, d / 2 + w / 2))
        extra -= 1
    for i in range(max(0, extra)):
        out.append(Slot(0.0, behind + i * d))
    return out


def place(frame: Frame, slots: Sequence[Slot], shape: BaseShape, tags: Sequence[Any] | None = None) -> list[Foot]:
    """The stands' bases on the table."""
    out = []
    fx, fy = unit_vector(frame.facing)
    rx, ry = -fy, fx
    x0, y0, facing = frame.x, frame.y, frame.facing
    turn = arms = None
    fc = facing
    for i, s in enumerate(slots):
        right, back = s.right, s.back
        if s.turn != turn or arms is None:       # the stands of a formation mostly share one turn
            turn = s.turn
            fc = (facing + turn) % 360.0
            arms = arms_of(shape, fc)
        out.append(Foot(shape, x0 + rx * right - fx * back, y0 + ry * right - fy * back, fc,
                        None if tags is None else tags[i], arms))
    return out


# ---- the block: extent, sides, arcs -------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Block:
    """A unit's rectangle in its own frame: right from `left` to `right`,
    behind the command stand's centre from `front` to `rear` (inches)."""
    frame: Frame
    left: float
    right: float
    front: float
    rear: float

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def depth(self) -> float:
        return self.rear - self.front

    def corners(self) -> list[tuple[float, float]]:
        """front-left, front-right, rear-right, rear-left (world)."""
        f = self.frame
        fx, fy = unit_vector(f.facing)          # (Frame.world four times, its facing turned once)
        rx, ry = -fy, fx
        x, y, left, right, front, rear = f.x, f.y, self.left, self.right, self.front, self.rear
        return [(x + rx * left - fx * front, y + ry * left - fy * front),
                (x + rx * right - fx * front, y + ry * right - fy * front),
                (x + rx * right - fx * rear, y + ry * right - fy * rear),
                (x + rx * left - fx * rear, y + ry * left - fy * rear)]

    def centre(self) -> tuple[float, float]:
        return self.frame.world((self.left + self.right) / 2, (self.front + self.rear) / 2)

    def edge(self, side: str) -> tuple[tuple[float, float], tuple[float, float], float]:
        """The world segment of one side and the facing (degrees) of its
        outward normal."""
        fl, fr, rr, rl = self.corners()
        f = self.frame.facing
        return {"front": (fl, fr, f), "right": (fr, rr, f + 90.0), "rear": (rr, rl, f + 180.0),
                "left": (rl, fl, f + 270.0)}[side]


def block_of(frame: Frame, feet: Sequence[Foot]) -> Block:
    """The rectangle, in the unit's frame, holding every base."""
    lo_r = lo_b = math.inf
    hi_r = hi_b = -math.inf
    fx, fy = frame.forward
    x0, y0 = frame.x, frame.y
    for f in feet:
        if f.corners is None:       # a circle's exact extent along the frame's axes
            r, b = frame.local(f.x, f.y)
            lo_r, hi_r = min(lo_r, r - f.r), max(hi_r, r + f.r)
            lo_b, hi_b = min(lo_b, b - f.r), max(hi_b, b + f.r)
            continue
        for px, py in f.corners:
            # frame.local(px, py) and min/max written out (the same floats: a block is made for every new
            # geometry)
            dx, dy = px - x0, py - y0
            r, b = dx * -fy + dy * fx, -(dx * fx + dy * fy)
            if r < lo_r:
                lo_r = r
            if r > hi_r:
                hi_r = r
            if b < lo_b:
                lo_b = b
            if b > hi_b:
                hi_b = b
    return Block(frame, lo_r, hi_r, lo_b, hi_b)


def side_of_block(block: Block, px: float, py: float) -> str:
    """Which side of a unit a point lies on: front, right, rear or left,
    the plane split by the block's diagonals extended."""
    cr, cb = (block.left + block.right) / 2, (block.front + block.rear) / 2
    r, b = block.frame.local(px, py)
    dr, db = r - cr, b - cb
    hw, hd = max(block.width / 2, EPS), max(block.depth / 2, EPS)
    # compare against the diagonal slopes
    if abs(dr) * hd <= abs(db) * hw:
        return "front" if db <= 0 else "rear"
    return "right" if dr > 0 else "left"


def point_in_arc(block: Block, px: float, py: float, arc: float = 90.0) -> bool:
    """The point lies in the arc of vision ahead of the block's front edge,
    bounded by lines from the front corners at arc/2 either side."""
    if arc >= 360:
        return True
    r, b = block.frame.local(px, py)
    ahead = block.front - b
    if ahead < -EPS:
        return False
    half = math.tan(math.radians(arc / 2))
    return block.left - ahead * half - EPS <= r <= block.right + ahead * half + EPS


def _sample_points(f: Foot) -> list[tuple[float, float]]:
    if f.corners is not None:
        cs = list(f.corners)
        mids = [((cs[i][0] + cs[(i + 1) % 4][0]) / 2, (cs[i][1] + cs[(i + 1) % 4][1]) / 2) for i in range(4)]
        return cs + mids + [(f.x, f.y)]
    return [(f.x, f.y)] + [(f.x + f.r * math.cos(a * math.pi / 4), f.y + f.r * math.sin(a * math.pi / 4))
                           for a in range(8)]


def in_arc(block: Block, targets: Sequence[Foot], arc: float = 90.0) -> bool:
    """Some part of some target base (a corner, an edge's middle or its
    centre) lies in the block's arc of vision."""
    if arc >= 360:
        return True
    return any(point_in_arc(block, px, py, arc) for t in targets for px, py in _sample_points(t))


# ---- contact --------------------------------------------------------------------------

def touching(a: Sequence[Foot], b: Sequence[Foot], tolerance: float = CONTACT) -> list[int]:
    """Indexes of bases in `a` in base-to-base contact with some base of `b`."""
    return [i for i, f in enumerate(a) if any(edge_distance(f, g) <= tolerance for g in b)]


def overlapping(a: Sequence[Foot], b: Sequence[Foot], margin: float = 1e-3) -> bool:
    """Some base of `a` lies on top of some base of `b`."""
    if len(a) == 1:               # one base (a slide's step): each box of `b` grown as it is met
        f = a[0]
        fx0, fy0, fx1, fy1 = f.bbox
        fx1 += margin
        fy1 += margin
        for g in b:
            gb = g.bbox
            if fx0 > gb[2] + margin or gb[0] > fx1 or fy0 > gb[3] + margin or gb[1] > fy1:
                continue
            if _on_top(f, g, margin):
                return True
        return False
    # (the boxes grown by the margin once, not per pair: the same sums)
    grown = [(g, g.bbox[0], g.bbox[1], g.bbox[2] + margin, g.bbox[3] + margin) for g in b]
    if not grown:
        return False
    for f in a:
        fx0, fy0, fx1, fy1 = f.bbox
        fx1 += margin
        fy1 += margin
        for g, gx0, gy0, gx1, gy1 in grown:
            if fx0 > gx1 or gx0 > fx1 or fy0 > gy1 or gy0 > fy1:
                continue
            if _on_top(f, g, margin):
                return True
    return False


def _on_top(f: Foot, g: Foot, margin: float) -> bool:
    """`edge_distance_below(f, g, -margin)`: two rectangles go straight to
    the separating-axis test it would make (_convex_below with a limit of
    -margin)."""
    if margin >= 0.0 and f.corners is not None and g.corners is not None:
        depth = _sat_depth(f.corners, g.corners, margin)
        return depth is not None and depth > margin
    return edge_distance_below(f, g, -margin)


def self_overlapping(feet: Sequence[Foot], margin: float = 1e-3) -> bool:
    for i in range(len(feet)):
        if overlapping(feet[i:i + 1], feet[i + 1:], margin):
            return True
    return False


def _faces_touched(block: Block, f: Foot) -> list[str]:
    """The sides of a block a base lies against: wholly beyond the side's
    line (within the contact tolerance) and overlapping the side along its
    length (a base meeting only a corner touches no side)."""
    pts = [block.frame.local(px, py) for px, py in _sample_points(f)]
    rs = [r for r, _ in pts]
    bs = [b for _, b in pts]
    along_rl = min(max(rs), block.right) - max(min(rs), block.left)
    along_fb = min(max(bs), block.rear) - max(min(bs), block.front)
    out = []
    if block.front - max(bs) >= -CONTACT and along_rl > CONTACT:
        out.append("front")
    if min(bs) - block.rear >= -CONTACT and along_rl > CONTACT:
        out.append("rear")
    if min(rs) - block.right >= -CONTACT and along_fb > CONTACT:
        out.append("right")
    if block.left - max(rs) >= -CONTACT and along_fb > CONTACT:
        out.append("left")
    return out


def contact_side(target: Block, attackers: Sequence[Foot], target_feet: Sequence[Foot]) -> str | None:
    """The side of the target the attacker's bases in contact touch (see
    `_faces_touched`); the side most of them touch wins (front before
    flanks before rear on a tie).  None when no base touches a side."""
    idx = touching(attackers, target_feet)
    count = {s: 0 for s in SIDES}
    for i in idx:
        for s in _faces_touched(target, attackers[i]):
            count[s] += 1
    if not any(count.values()):
        return None
    return max(SIDES, key=lambda s: (count[s], -SIDES.index(s)))


# ---- moves ------------------------------------------------------------------------------

def _rotate(px: float, py: float, cx: float, cy: float, deg: float) -> tuple[float, float]:
    a = math.radians(deg)
    c, s = math.cos(a), math.sin(a)
    dx, dy = px - cx, py - cy
    return cx + dx * c - dy * s, cy + dx * s + dy * c


def wheel_pivot(block: Block, angle: float) -> tuple[float, float]:
    """Wheeling right (positive, clockwise on screen) pivots on the front
    right corner; left on the front left."""
    fl, fr, _, _ = block.corners()
    return fr if angle > 0 else fl


def wheeled(block: Block, angle: float) -> Frame:
    """The frame after a wheel of `angle` degrees about a front corner."""
    px, py = wheel_pivot(block, angle)
    x, y = _rotate(block.frame.x, block.frame.y, px, py, angle)
    return Frame(x, y, (block.frame.facing + angle) % 360.0)


def wheel_length(block: Block, angle: float) -> float:
    """How far the point that travels farthest goes in a wheel: the corner
    farthest from the pivot, along its arc."""
    px, py = wheel_pivot(block, angle)
    r = max(math.hypot(cx - px, cy - py) for cx, cy in block.corners())
    return r * abs(math.radians(angle))


def shifted(block: Block, frame: Frame) -> Block:
    return Block(frame, block.left, block.right, block.front, block.rear)


@dataclass(frozen=True, slots=True)
class BlockMove:
    """Forward `first` inches, wheel `angle` degrees, forward `then`."""
    first: float = 0.0
    angle: float = 0.0
    then: float = 0.0


def block_move(block: Block, move: BlockMove) -> tuple[Frame, float]:
    """Where a formation-keeping move ends and its length, measured on the
    point that travels farthest (the wheel's outer rear corner)."""
    f1 = block.frame.moved(move.first)
    b1 = shifted(block, f1)
    length = abs(move.first)
    if abs(move.angle) > EPS:
        f2 = wheeled(b1, move.angle)
        length += wheel_length(b1, move.angle)
    else:
        f2 = f1
    f3 = f2.moved(move.then)
    return f3, length + abs(move.then)


def translate(feet: Sequence[Foot], dx: float, dy: float) -> list[Foot]:
    return [f.moved(f.x + dx, f.y + dy) for f in feet]


def away_vector(feet: Sequence[Foot], px: float, py: float, distance: float) -> tuple[float, float]:
    """The displacement `distance` inches directly away from a point (from
    the point through the bases' middle)."""
    cx = sum(f.x for f in feet) / len(feet)
    cy = sum(f.y for f in feet) / len(feet)
    dx, dy = cx - px, cy - py
    L = math.hypot(dx, dy)
    if L <= EPS:
        dx, dy, L = 0.0, 1.0, 1.0
    return dx / L * distance, dy / L * distance


def leading(feet: Sequence[Foot], vx: float, vy: float, k: int) -> list[int]:
    """The `k` bases farthest along a direction (those that lead a move
    that way, so the others follow without passing through them)."""
    order = sorted(range(len(feet)), key=lambda i: -(feet[i].x * vx + feet[i].y * vy))
    return sorted(order[:max(0, k)])


def casualty_order(feet: Sequence[Foot], px: float, py: float, last: int | None = 0) -> list[int]:
    """Which stands die first: nearest the point of contact first, the
    `last` one (the command stand) always last."""
    idx = sorted(range(len(feet)), key=lambda i: (edge_distance_point(feet[i], px, py), i))
    if last is not None and last in idx:
        idx.remove(last)
        idx.append(last)
    return idx


def edge_distance_point(f: Foot, px: float, py: float) -> float:
    return math.hypot(f.x - px, f.y - py)


# ---- charges ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ChargePlan:
    """How a charge ends: `frame` of the unit in contact (all in
    formation), the side of the target, the move's length, the wheel and
    whether it is within reach."""
    side: str
    frame: Frame
    length: float
    angle: float
    reaches: bool
    contact: tuple[float, float]           # the middle of the contact on the target's edge

    def feet(self, slots: Sequence[Slot], shape: BaseShape, arrived: int, tags: Sequence[Any] | None = None) -> list[Foot]:
        """Every stand: the first `arrived` slots in contact formation, the
        rest half the charge behind their places in it."""
        full = place(self.frame, slots, shape, tags)
        if arrived >= len(full):
            return full
        fx, fy = self.frame.forward
        back = self.length / 2
        return [f if i < arrived else f.moved(f.x - fx * back, f.y - fy * back) for i, f in enumerate(full)]


def _project(ax: float, ay: float, bx: float, by: float, px: float, py: float) -> float:
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    return 0.0 if L <= EPS else ((px - ax) * dx + (py - ay) * dy) / L


def _covered(ax: float, ay: float, bx: float, by: float, nx: float, ny: float,
             feet: Sequence[Foot]) -> list[tuple[float, float]]:
    """The stretches of an edge (as fractions along it) where a base of the
    unit actually reaches the edge line."""
    out = []
    for f in feet:
        pts = [(px, py) for px, py in _sample_points(f) if (px - ax) * nx + (py - ay) * ny >= -CONTACT]
        if pts:
            ts = [_project(ax, ay, bx, by, px, py) for px, py in pts]
            out.append((max(0.0, min(ts)), min(1.0, max(ts))))
    return sorted(out)


def plan_charge(mover: Block, command: BaseShape, target: Block, target_feet: Sequence[Foot],
                side: str | None = None, reach: float = math.inf) -> ChargePlan:
    """Align `mover` flush against one side of `target` (the side its
    middle lies on unless given): the unit turns to face straight into that
    side with one wheel, its command stand's front edge touching a target
    base on that edge, as near the straight line in as the edge allows.
    The length is the cheaper of wheeling first or last, measured on the
    point that travels farthest."""
    if side is None:
        cx, cy = mover.centre()
        side = side_of_block(target, cx, cy)
    (ax, ay), (bx, by), normal = target.edge(side)
    facing = (normal + 180.0) % 360.0
    angle = norm_angle(facing - mover.frame.facing)
    nx, ny = math.cos(math.radians(normal)), math.sin(math.radians(normal))
    t = _project(ax, ay, bx, by, mover.frame.x, mover.frame.y)
    spans = _covered(ax, ay, bx, by, nx, ny, target_feet) or [(0.0, 1.0)]
    t = min((min(max(t, t0), t1) for t0, t1 in spans), key=lambda c: abs(c - t))   # the first nearest, as before
    ex, ey = ax + (bx - ax) * t, ay + (by - ay) * t
    front_offset = -mover.front
    final = Frame(ex + nx * front_offset, ey + ny * front_offset, facing)
    length = _charge_length(mover, final, angle)
    return ChargePlan(side, final, length, angle, length <= reach + 1e-6, (ex, ey))


def _charge_length(mover: Block, final: Frame, angle: float) -> float:
    if abs(angle) <= EPS:
        return math.hypot(final.x - mover.frame.x, final.y - mover.frame.y)
    # wheel first, then straight
    w = wheeled(mover, angle)
    first = wheel_length(mover, angle) + math.hypot(final.x - w.x, final.y - w.y)
    # straight first, then wheel into place: undo the wheel from the end
    end = shifted(mover, final)
    pivot_end = wheel_pivot(end, angle)
    sx, sy = _rotate(final.x, final.y, pivot_end[0], pivot_end[1], -angle)
    before = Frame(sx, sy, mover.frame.facing)
    last = math.hypot(sx - mover.frame.x, sy - mover.frame.y) + wheel_length(shifted(mover, before), angle)
    return min(first, last)


SHORT_TOLERANCE = 0.001    # inches (a fortieth of a millimetre): where a bisected move stops short


def short_of(mover: Block, toward: tuple[float, float], distance: float, clear: Callable[[Frame], bool]) -> Frame:
    """The frame after moving up to `distance` inches straight toward a
    point (facing kept), as far as `clear(frame)` allows (bisected to
    within SHORT_TOLERANCE of the farthest clear frame: no player measures
    finer, and each step is a full check of the formation)."""
    dx, dy = toward[0] - mover.frame.x, toward[1] - mover.frame.y
    L = math.hypot(dx, dy)
    if L <= EPS or distance <= EPS:
        return mover.frame
    ux, uy = dx / L, dy / L
    f0 = mover.frame

    def at(s: float) -> Frame:
        return Frame(f0.x + ux * s, f0.y + uy * s, f0.facing)
    if clear(at(distance)):
        return at(distance)
    lo, hi = 0.0, distance
    while hi - lo > SHORT_TOLERANCE:
        mid = (lo + hi) / 2
        if clear(at(mid)):
            lo = mid
        else:
            hi = mid
    return at(lo)
