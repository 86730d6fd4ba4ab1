"""The table aids of Battle Valor Fantasy, as shapes for the board to draw
over the table (engine/ui/table_contract.py `OverlayShape`); headless.

- a charge, before it is committed (hovering an enemy with a unit that may
  charge it): the lane the two front corners sweep, the wheel's arc of the
  corner that travels farthest, where the block ends (green within reach,
  red short) and the target's edge it contacts, coloured and named (front,
  flank, rear);
- a move or reform chosen but not yet committed: the ghost of every stand
  where it will stand, the command stand marked, and an advance's path;
- the linear obstacles built in the battle (works.py);
- the selected General's 12" (his command: +2 to charge, passing his
  order, rallying, rerolls; § Generals;).

Reads the state; never changes it.
"""
from __future__ import annotations

import math

from engine.table.formations import Block, BlockMove, Frame, shifted, wheel_pivot, wheeled
from engine.ui.table_contract import OverlayShape
from games.battle_valor_fantasy.rules import combat, moves, space, works
from games.battle_valor_fantasy.rules.state import BVFState, Unit

SIDE_COLOURS = {"front": "#F0E442", "left": "#E69F00", "right": "#E69F00", "rear": "#D55E00"}
SIDE_WORDS = {"front": "front", "left": "left flank", "right": "right flank", "rear": "rear"}
GOOD, SHORT, GHOST, WORK = "#7CE07C", "#FF6B6B", "#FFFFFF", "#C8A165"
ARC_STEPS = 16


def _arc(px: float, py: float, x: float, y: float, angle: float) -> list[tuple[float, float]]:
    """Points of (x, y) turning `angle` degrees about (px, py)."""
    out = []
    for k in range(ARC_STEPS + 1):
        a = math.radians(angle * k / ARC_STEPS)
        c, s = math.cos(a), math.sin(a)
        dx, dy = x - px, y - py
        out.append((px + dx * c - dy * s, py + dx * s + dy * c))
    return out


def _block_paths(block: Block, final: Frame, angle: float) -> tuple[list, list, list]:
    """The paths of the front-left and front-right corners and of the
    corner that travels farthest in the wheel, for the cheaper of wheeling
    first or last (as engine/table/formations.py measures a charge)."""
    if abs(angle) < 1e-6:
        end = shifted(block, final).corners()
        st = block.corners()
        return [st[0], end[0]], [st[1], end[1]], []
    # wheel first
    w = wheeled(block, angle)
    px, py = wheel_pivot(block, angle)
    st = block.corners()
    end = shifted(block, final).corners()
    far = max(range(4), key=lambda i: math.hypot(st[i][0] - px, st[i][1] - py))
    first = [_arc(px, py, *st[i], angle) + [end[i]] for i in (0, 1)]
    first_far = _arc(px, py, *st[far], angle)
    len_first = math.hypot(final.x - w.x, final.y - w.y)
    # straight first: undo the wheel from the end
    eb = shifted(block, final)
    qx, qy = wheel_pivot(eb, angle)
    a = math.radians(-angle)
    c, s = math.cos(a), math.sin(a)
    bx = qx + (final.x - qx) * c - (final.y - qy) * s
    by = qy + (final.x - qx) * s + (final.y - qy) * c
    before = shifted(block, Frame(bx, by, block.frame.facing))
    bc = before.corners()
    bpx, bpy = wheel_pivot(before, angle)
    len_last = math.hypot(bx - block.frame.x, by - block.frame.y)
    if len_first <= len_last:
        return first[0], first[1], first_far
    last = [[st[i]] + _arc(bpx, bpy, *bc[i], angle) for i in (0, 1)]
    return last[0], last[1], _arc(bpx, bpy, *bc[far], angle)


def _lanes(block: Block, way, col: str) -> list[OverlayShape]:
    """The paths the block's front corners take along its way, and the arc
    of the corner that travels farthest in its wheel."""
    L = way.length
    n = 24 if way.wheel_at() is not None else 1
    frames = [way.frame_at(L * k / n) for k in range(n + 1)]
    corners = [shifted(block, f).corners() for f in frames]
    out = [OverlayShape(tuple(c[i] for c in corners), col, 2, dashed=True) for i in (0, 1)]
    w = way.wheel_at()
    if w is not None:
        leg = next(leg for leg in way.legs if leg.wheel)
        f0 = way.frame_at(w)
        b0 = shifted(block, f0)
        st = b0.corners()
        far = max(range(4), key=lambda i: math.hypot(st[i][0] - leg.px, st[i][1] - leg.py))
        out.append(OverlayShape(tuple(_arc(leg.px, leg.py, *st[far], leg.angle)), "#FFFFFF", 2,
                                label=f"wheel {abs(leg.angle):.0f}°"))
    return out


def _slowed_mark(block: Block, way, trip) -> list[OverlayShape]:
    """Where difficult terrain is first touched on the way: the block's
    front there, labelled (the rest of the move is halved)."""
    if trip is None or trip.entered is None or trip.entered >= way.length - 1e-6:
        return []
    fl, fr, _, _ = shifted(block, way.frame_at(trip.entered)).corners()
    return [OverlayShape((fl, fr), SHORT, 3, label=f"{trip.terrain.split(' (')[0]}: rest halved")]


def charge_shapes(state: BVFState, u: Unit, t: Unit) -> list[OverlayShape]:
    """The lane, the wheel arc, the block in contact and the contact edge,
    along the way the charge takes (combat.plan), and where difficult
    terrain halves the rest."""
    pl = combat.plan(state, u, t)
    cp = pl.frame
    reach = combat.charge_reach(state, u)
    ok = pl.reaches and not pl.blocked
    col = GOOD if ok else SHORT
    block = space.block(state, u)
    if pl.way is not None:
        out = _lanes(block, pl.way, col) + _slowed_mark(block, pl.way, pl.trip)
    else:
        left, right, far = _block_paths(block, cp.frame, cp.angle)
        out = [OverlayShape(tuple(left), col, 2, dashed=True), OverlayShape(tuple(right), col, 2, dashed=True)]
    end = shifted(block, cp.frame).corners()
    why = "" if ok else (" - out of reach" if not pl.reaches else f" - blocked: {pl.blocked}")
    out.append(OverlayShape(tuple(end), col, 2, closed=True,
                            label=f"{pl.length:.1f}\" of {reach:g}\"{why}"))
    tb = space.block(state, t)
    side = pl.side
    (ax, ay), (bx, by), _ = tb.edge(cp.side)
    out.append(OverlayShape(((ax, ay), (bx, by)), SIDE_COLOURS.get(side, "#FFFFFF"), 5,
                            label=SIDE_WORDS.get(side, side)))
    return out


def ghost_shapes(state: BVFState, feet: list, command_sid, colour: str = GHOST) -> list[OverlayShape]:
    """Every base outlined where it would stand; the command stand's front
    edge drawn thick."""
    out = []
    for f in feet:
        if f.corners is not None:
            out.append(OverlayShape(tuple(f.corners), colour, 2, closed=True, dashed=True))
            if f.tag == command_sid:
                out.append(OverlayShape((f.corners[0], f.corners[1]), colour, 4))
        else:
            pts = tuple((f.x + f.r * math.cos(a * math.pi / 8), f.y + f.r * math.sin(a * math.pi / 8))
                        for a in range(16))
            out.append(OverlayShape(pts, colour, 1, closed=True, dashed=True))
    return out


def reform_shapes(state: BVFState, u: Unit, formation: str | None, files: int, facing: float,
                  ok: bool) -> list[OverlayShape]:
    col = GHOST if ok else SHORT
    if u.kind != "unit" or not formation:
        feet = [g.moved(g.x, g.y, facing) for g in space.feet(state, u)]
    else:
        feet = space.layout(u, Frame(space.frame_of(u).x, space.frame_of(u).y, facing), formation, files)
    c = u.command_stand()
    return ghost_shapes(state, feet, c.sid if c else None, col)


def advance_shapes(state: BVFState, u: Unit, m: BlockMove, ok: bool) -> list[OverlayShape]:
    from engine.table.formations import block_move
    block = space.block(state, u)
    frame, length = block_move(block, m)
    col = GOOD if ok else SHORT
    # the path of the front corners: forward, wheel, forward
    f1 = block.frame.moved(m.first)
    b1 = shifted(block, f1)
    st, c1 = block.corners(), b1.corners()
    paths = []
    for i in (0, 1):
        pts = [st[i], c1[i]]
        if abs(m.angle) > 1e-6:
            px, py = wheel_pivot(b1, m.angle)
            pts += _arc(px, py, *c1[i], m.angle)[1:]
        pts.append(shifted(block, frame).corners()[i])
        paths.append(OverlayShape(tuple(pts), col, 2, dashed=True))
    dx, dy = frame.x - block.frame.x, frame.y - block.frame.y
    da = m.angle
    sx, sy = block.frame.x, block.frame.y
    feet = []
    for g in space.feet(state, u):
        if g.tag in u.stragglers:
            continue
        # each base moves with the block: rotate about the command stand, then shift
        a = math.radians(da)
        rx, ry = g.x - sx, g.y - sy
        x = sx + rx * math.cos(a) - ry * math.sin(a) + dx
        y = sy + rx * math.sin(a) + ry * math.cos(a) + dy
        feet.append(g.moved(x, y, (g.facing + da) % 360.0))
    c = u.command_stand()
    out = paths + ghost_shapes(state, feet, c.sid if c else None, col)
    out += _slowed_mark(block, moves.advance_way(state, u, m), moves.advance_trip(state, u, m))
    out.append(OverlayShape(tuple(shifted(block, frame).corners()), col, 1, closed=True,
                            label=f"{length:.1f}\""))
    return out


def build_shapes(state: BVFState, u: Unit, ok: bool) -> list[OverlayShape]:
    g = works.strip_foot(works.planned(state, u))
    return [OverlayShape(tuple(g.corners), WORK if ok else SHORT, 2, closed=True, dashed=True,
                         label="2\" obstacle")]


def works_shapes(state: BVFState) -> list[OverlayShape]:
    return [OverlayShape(tuple(g.corners), WORK, 3, closed=True, fill=True) for g in works.feet(state)]


def general_shapes(state: BVFState, g: Unit) -> list[OverlayShape]:
    """The ring 12" from the General's base edge."""
    fs = space.feet(state, g)
    if not fs:
        return []
    f = fs[0]
    r = (f.r if f.round else f.shape.radius) + space.GENERAL_RANGE
    pts = tuple((f.x + r * math.cos(2 * math.pi * k / 72), f.y + r * math.sin(2 * math.pi * k / 72)) for k in range(72))
    return [OverlayShape(pts, "#F0E442", 2, closed=True, dashed=True)]
