"""Breaking through: a Wedge that charged, or a unit with Unstoppable
Charge, that causes more casualties than the enemy splits it in half
(a 2" gap in its centre) and moves on through it.

battle_valor_fantasy.txt § Wedge;: "If the charging unit causes more
casualties than the defending unit, move the charging unit a charge move
from the front stand past the enemy until it completes the entire move or
hits another unit. The unit it passed through must be split in half leaving
a 2 inch gap in the center ... If the charging unit hits another unit, this
starts another combat immediately."  § Bestiary (Unstoppable Charge): level
1 an Advance move that cannot bring it into contact with another enemy;
level 2 a Charge move, contact counts as another charge.  Decisions:
docs/games/battle_valor_fantasy.md § Breaking through.
"""
from __future__ import annotations

import math

from engine.core.rules import Event
from engine.table.formations import contact_side, overlapping, translate
from engine.core.words import possessive
from games.battle_valor_fantasy.rules import space, travel
from games.battle_valor_fantasy.rules.state import BVFState, Unit

GAP = 2.0            # inches between the two halves of the split unit
STEP = 0.25          # inches: backing off the parted defender goes in fifths of this
MAX_CHAIN = 3        # break-throughs one activation may chain (each needs a new won combat)


def split_feet(state: BVFState, att: Unit, dfd: Unit) -> dict[int, tuple[float, float]]:
    """Where the defender's stands go when split: the half on each side of
    the attacker's line of advance moves 1" away from it (a half that
    cannot move there stays).  {sid: (x, y)}."""
    fx, fy = math.cos(math.radians(att.facing)), math.sin(math.radians(att.facing))
    nx, ny = -fy, fx
    ax, ay = space.centre(state, att)
    sts = sorted(dfd.stands, key=lambda s: ((s.x - ax) * nx + (s.y - ay) * ny, s.sid))
    half = len(sts) // 2
    out = {}
    others = [g for v in space.on_table(state) if v.uid not in (att.uid, dfd.uid) for g in space.feet(state, v)]
    by_sid = {g.tag: g for g in space.feet(state, dfd)}
    for group, sign in ((sts[:half], -1.0), (sts[half:], 1.0)):
        dx, dy = sign * nx * GAP / 2, sign * ny * GAP / 2
        moved = [by_sid[s.sid].moved(s.x + dx, s.y + dy, s.facing) for s in group]
        if all(state.table.on_table(g) for g in moved) and not overlapping(moved, others):
            for s, g in zip(group, moved):
                out[s.sid] = (g.x, g.y)
    return out


def through(state: BVFState, att: Unit, dfd: Unit, mode: str, distance: float, rule: str, dice,
            ev: list[Event], fight, depth: int = 0) -> None:
    """Split `dfd` and move `att` on `distance` inches straight ahead
    (mode "charge": contact with an enemy starts a combat at once, fought by
    `fight(state, att, enemy, dice, ev, charging=True, side=..., contact=...)`;
    mode "advance": it stops half an inch short of enemies)."""
    if depth >= MAX_CHAIN or not att.on_table or not dfd.on_table:
        return
    body = [s for s in space.ordered(att) if s.sid not in att.stragglers]
    start = [g for g in space.feet(state, att) if g.tag not in att.stragglers]
    by_sid = {g.tag: g for g in start}
    start = [by_sid[s.sid] for s in body]
    fx, fy = math.cos(math.radians(att.facing)), math.sin(math.radians(att.facing))
    halves = split_feet(state, att, dfd) if len(dfd.stands) > 1 else {}
    dfd_after = [g.moved(*halves.get(g.tag, (g.x, g.y)), g.facing) for g in space.feet(state, dfd)]

    def at(d):
        return translate(start, fx * d, fy * d)

    # the way on, the defender ignored (it parts); the first thing met stops it (its own side's skirmishers
    # let it through), difficult terrain entered halves the rest (travel.py)
    gap = space.ADVANCE_GAP if mode == "advance" else 0.0
    box = space.hull(space.feet_box(start), space.feet_box(at(distance)))
    trip = travel.walk(state, att, at, distance, box, distance, ignore=(dfd.uid,), enemy_gap=gap, line=(fx, fy))
    last_clear = travel.settle(state, att, at, trip.reach, ignore=(dfd.uid,))
    hit = None
    if trip.blocked is not None and trip.blocked <= trip.budget + 1e-9:
        hit = state.units.get(trip.blocker_uid) if trip.blocker_uid >= 0 else "table"
    end = last_clear
    enemy_hit = hit if isinstance(hit, Unit) and hit.owner != att.owner and hit.kind == "unit" else None
    # it must end clear of the parted defender: back along its way until it is
    while end > 0 and overlapping(at(end), dfd_after):
        end = max(0.0, end - STEP / 5)
    if end <= 0 or overlapping(at(end), dfd_after):
        ev.append(Event("ruling", f"{att.name} has no room to break through {dfd.name}", rule))
        return
    # the defender is split
    for s in dfd.stands:
        if s.sid in halves:
            s.x, s.y = halves[s.sid]
    dfd.split = True
    for a, b in ((att, dfd), (dfd, att)):
        a.engaged = tuple(x for x in a.engaged if x != b.uid)
        a.rounds.pop(b.uid, None)
    for s, g in zip(body, at(end)):
        s.x, s.y = g.x, g.y
    state.touch()
    slow = f" ({trip.slowed()})" if trip.entered is not None and trip.entered < end + 1e-9 else ""
    ev.append(Event("ruling", f"{att.name} breaks through {dfd.name}, splitting it in half with a {GAP:g}\" gap "
                    f"({dfd.name} may only be issued a Reform order next turn), and moves on {end:.1f}\" of "
                    f"{distance:g}\"{slow}", rule, data={"uid": att.uid, "through": dfd.uid, "moved": round(end, 3)}))
    if enemy_hit is not None and mode == "charge" and end >= last_clear - 1e-6 and enemy_hit.on_table:
        for a, b in ((att, enemy_hit), (enemy_hit, att)):
            if b.uid not in a.engaged:
                a.engaged = a.engaged + (b.uid,)
            a.rounds.setdefault(b.uid, 0)
        side = contact_side(space.block(state, enemy_hit), space.main_feet(state, att), space.feet(state, enemy_hit))
        side = "front" if enemy_hit.formation == "square" else (side or "front")
        ev.append(Event("ruling", f"{att.name} runs into {possessive(enemy_hit.name)} {side}: another combat, at once", rule))
        fight(state, att, enemy_hit, dice, ev, charging=True, side=side, contact=space.centre(state, att),
              depth=depth + 1)
    elif isinstance(hit, Unit):
        ev.append(Event("ruling", f"{att.name} stops short of {hit.name}", rule))
