"""Field works: "Any 'foot' unit that either does not have an order counter
or does not want to activate its existing order may construct 2 inches of
Linear Obstacle in front of it during any game turn"
(battle_valor_fantasy.txt § Linear Obstacles).

A built obstacle is a strip 2" long and half an inch deep (as the tables
draw linear obstacles), laid square across the front of the command stand,
touching it.  It stays for the rest of the battle.  A unit touching it on
its back side (the side it was built from) is behind it: enemies attacking
or shooting at it from the front side need 6s and its charges cause no
impact hits (§ Linear Obstacles).  Decisions: docs/games/
battle_valor_fantasy.md § Field works.
"""
from __future__ import annotations

import math

from engine.core.rules import Event
from engine.table.formations import overlapping
from engine.table.geometry import CONTACT, Foot, edge_distance
from games.battle_valor_fantasy.rules import space, stats
from games.battle_valor_fantasy.rules.state import BVFState, Unit

R_BUILD = "battle_valor_fantasy.txt § Linear Obstacles"
STRIP = space.STRIP


def strip_foot(work: tuple) -> Foot:
    x, y, facing = work[0], work[1], work[2]
    return Foot(STRIP, x, y, facing, ("work", round(x, 3), round(y, 3)))


def feet(state: BVFState) -> list[Foot]:
    """The built strips' bases (space.work_feet: they are difficult terrain too)."""
    return space.work_feet(state)


def is_foot(u: Unit) -> bool:
    """Foot troops: a unit that is not mounted, large, a war machine, a
    monstrous creature or a flier."""
    return (u.kind == "unit" and u.profile is not None and not stats.mounted(u) and not stats.large(u)
            and not stats.machine(u) and not stats.monstrous(u) and not space.flying(u))


def planned(state: BVFState, u: Unit) -> tuple:
    """Where the strip would go: centred on the command stand's front edge,
    just in front of it, across the unit's facing: (x, y, facing)."""
    f = space.frame_of(u)
    shape = space.shape_of(u)
    fx, fy = math.cos(math.radians(u.facing)), math.sin(math.radians(u.facing))
    d = shape.depth / 2 + STRIP.depth / 2 + 0.001
    return (round(f.x + fx * d, 4), round(f.y + fy * d, 4), round(u.facing % 360.0, 3), u.uid)


def build_problem(state: BVFState, u: Unit) -> tuple[str, str] | None:
    if not is_foot(u):
        return f"{u.name} is not a foot unit: only foot units build obstacles", R_BUILD
    if u.formation == "skirmish":
        return f"{u.name} is skirmishing: it has no front to build in front of", R_BUILD
    if u.engaged:
        return f"{u.name} is in combat", R_BUILD
    if u.fleeing:
        return f"{u.name} is fleeing", R_BUILD
    if u.effects.get("built"):
        return f"{u.name} has built its 2\" this turn", R_BUILD
    g = strip_foot(planned(state, u))
    if not state.table.on_table(g) or state.table.blocked_by_impassable(g) is not None:
        return "There is no room for it in front of the unit (the table edge or impassable terrain)", R_BUILD
    for v in space.on_table(state):
        if v.uid != u.uid and overlapping([g], space.feet(state, v)):
            return f"{v.name} stands where the obstacle would go", R_BUILD
    if overlapping([g], feet(state)):
        return "An obstacle already stands there", R_BUILD
    return None


def build(state: BVFState, u: Unit, ev: list[Event], instead: bool = True) -> None:
    """`instead`: of activating a counter of this phase (else the unit had no counter left)."""
    state.works = state.works + (planned(state, u),)
    state.touch()
    how = "instead of using its order" if instead else "(it has no order counter left)"
    ev.append(Event("build", f"{u.name} builds 2\" of linear obstacle in front of it {how}",
                    R_BUILD, data={"uid": u.uid}))


def behind(state: BVFState, u: Unit, frm: Unit | None = None) -> bool:
    """`u` touches a built obstacle from its back side (and, when the
    attacker `frm` is known, `frm` is on its front side)."""
    if not state.works:
        return False
    mine = space.feet(state, u)
    ub = space.unit_bbox(state, u)
    lim = CONTACT + 1e-6         # boxes farther apart than this on one axis: the bases cannot touch
    for w, g in zip(state.works, feet(state)):
        b = g.bbox
        if ub[0] - b[2] > lim or b[0] - ub[2] > lim or ub[1] - b[3] > lim or b[1] - ub[3] > lim:
            continue
        if not any(edge_distance(g, f) <= CONTACT for f in mine
                   if not (f.bbox[0] - b[2] > lim or b[0] - f.bbox[2] > lim or f.bbox[1] - b[3] > lim
                           or b[1] - f.bbox[3] > lim)):
            continue
        fx, fy = math.cos(math.radians(w[2])), math.sin(math.radians(w[2]))
        ux, uy = space.centre(state, u)
        if (ux - w[0]) * fx + (uy - w[1]) * fy >= 0:
            continue                      # u is on the front side: the obstacle does not cover it
        if frm is not None:
            ax, ay = space.centre(state, frm)
            if (ax - w[0]) * fx + (ay - w[1]) * fy <= 0:
                continue                  # the attacker is on the same side
        return True
    return False
