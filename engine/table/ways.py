"""A block's way over the table: the straight runs and the wheel a
formation-keeping move is made of, in order, so that any point of the move
can be asked for (where the unit stands after `s` inches) and what it
meets on the way can be found (a game's own rules say what blocks and what
slows: games/battle_valor_fantasy/rules/travel.py).

Lengths are measured as formations.block_move measures them: a straight
run moves every point its length; a wheel moves the corner farthest from
its pivot along its arc, and the inches of a wheel are that corner's.  So
`Way.length` is the move's length as the rules count it, and
`Way.frame_at(s)` the place after `s` of those inches.

General (no game in it); imports only the table's own modules.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from engine.table.formations import Block, BlockMove, Frame, shifted, wheel_length, wheel_pivot, wheeled
from engine.table.geometry import EPS


@dataclass(frozen=True, slots=True)
class Leg:
    """One part of a way: a straight run along (ux, uy) with the facing
    kept, or (`angle` set) a wheel of `angle` degrees about (px, py).
    `length` in inches (a wheel's: its farthest corner's arc)."""
    length: float
    ux: float = 0.0
    uy: float = 0.0
    px: float = 0.0
    py: float = 0.0
    angle: float = 0.0

    @property
    def wheel(self) -> bool:
        return self.angle != 0.0


def _turn(x: float, y: float, px: float, py: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    dx, dy = x - px, y - py
    return px + dx * c - dy * s, py + dx * s + dy * c


def along(frame: Frame, leg: Leg, s: float) -> Frame:
    """The frame `s` inches into one leg that starts at `frame`."""
    if leg.wheel:
        t = 0.0 if leg.length <= EPS else min(1.0, max(0.0, s / leg.length))
        x, y = _turn(frame.x, frame.y, leg.px, leg.py, leg.angle * t)
        return Frame(x, y, (frame.facing + leg.angle * t) % 360.0)
    return Frame(frame.x + leg.ux * s, frame.y + leg.uy * s, frame.facing)


@dataclass(frozen=True, slots=True)
class Way:
    """Where a block starts and its legs, in order."""
    start: Frame
    legs: tuple[Leg, ...] = ()

    @property
    def length(self) -> float:
        return sum(leg.length for leg in self.legs)

    @property
    def end(self) -> Frame:
        return self.frame_at(math.inf)

    def frame_at(self, s: float) -> Frame:
        """The block's frame after `s` inches of the way (its end beyond it)."""
        f = self.start
        left = max(0.0, s)
        for leg in self.legs:
            if left < leg.length:
                return along(f, leg, left)
            f = along(f, leg, leg.length)
            left -= leg.length
        return f

    def cut(self, s: float) -> "Way":
        """The first `s` inches of the way."""
        legs, left = [], max(0.0, s)
        for leg in self.legs:
            if left <= EPS:
                break
            if leg.length <= left:
                legs.append(leg)
                left -= leg.length
                continue
            if leg.wheel:
                legs.append(Leg(left, px=leg.px, py=leg.py, angle=leg.angle * left / leg.length))
            else:
                legs.append(Leg(left, leg.ux, leg.uy))
            left = 0.0
        return Way(self.start, tuple(legs))

    def wheel_at(self) -> float | None:
        """Inches into the way where its wheel begins (None: no wheel)."""
        s = 0.0
        for leg in self.legs:
            if leg.wheel:
                return s
            s += leg.length
        return None


def straight(frame: Frame, dx: float, dy: float) -> Way:
    """A straight run by (dx, dy), the facing kept."""
    L = math.hypot(dx, dy)
    if L <= EPS:
        return Way(frame)
    return Way(frame, (Leg(L, dx / L, dy / L),))


def _wheel_leg(block: Block, angle: float) -> Leg | None:
    if abs(angle) <= EPS:
        return None
    px, py = wheel_pivot(block, angle)
    return Leg(wheel_length(block, angle), px=px, py=py, angle=angle)


def block_way(block: Block, move: BlockMove) -> Way:
    """The way of formations.block_move: forward `first`, the wheel,
    forward `then` (negative legs run backward, as block_move allows)."""
    legs = []
    f = block.frame
    if abs(move.first) > EPS:
        fx, fy = f.forward
        sign = 1.0 if move.first > 0 else -1.0
        legs.append(Leg(abs(move.first), fx * sign, fy * sign))
        f = f.moved(move.first)
    w = _wheel_leg(shifted(block, f), move.angle)
    if w is not None:
        legs.append(w)
        f = wheeled(shifted(block, f), move.angle)
    if abs(move.then) > EPS:
        fx, fy = f.forward
        sign = 1.0 if move.then > 0 else -1.0
        legs.append(Leg(abs(move.then), fx * sign, fy * sign))
    return Way(block.frame, tuple(legs))


def charge_ways(block: Block, final: Frame, angle: float) -> list[Way]:
    """The ways a charge into `final` may take with its one wheel: wheeling
    first then straight, and straight first then wheeling into place (as
    formations.plan_charge measures them), the shorter first; one way when
    there is no wheel."""
    f0 = block.frame
    if abs(angle) <= EPS:
        return [straight(f0, final.x - f0.x, final.y - f0.y)]
    first = wheeled(block, angle)
    w1 = _wheel_leg(block, angle)
    assert w1 is not None                   # the angle is not 0 here
    a = straight(first, final.x - first.x, final.y - first.y)
    way_first = Way(f0, (w1,) + a.legs)
    end = shifted(block, final)
    px, py = wheel_pivot(end, angle)
    sx, sy = _turn(final.x, final.y, px, py, -angle)
    before = Frame(sx, sy, f0.facing)
    b = straight(f0, sx - f0.x, sy - f0.y)
    w2 = _wheel_leg(shifted(block, before), angle)
    assert w2 is not None
    way_last = Way(f0, b.legs + (w2,))
    return sorted((way_first, way_last), key=lambda w: w.length)
