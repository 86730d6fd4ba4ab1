"""The strong general's look at the enemy's next charge (strong.StrongGeneral):
where a move would leave a unit, which enemy units could charge it there
next turn (the unit in their front arc and within their charge reach) and
what the best of those fights would gain the enemy toward victory
(ai_fight.fight_outlook from the charger's side: broken and destroyed
units, standards).  The normal general looks only at its own charges and
walks its slings, hounds and light horse into the reach of the enemy's
heavy units (Thornby Village, seeds 3000-3019: the Marchwardens' Levy
Slings destroyed in 20 games of 20, their horse archers in 20).
"""
from __future__ import annotations

import math

from engine.core.actions import Action
from engine.table.formations import Frame, in_arc as block_in_arc, wheel_length
from games.battle_valor_fantasy.rules import alliance, combat, flow, moves, space, stats, victory
from games.battle_valor_fantasy.ai.fight import fight_outlook
from games.battle_valor_fantasy.rules.state import BVFState, Unit


def can_charge(state, t: Unit) -> bool:
    """An enemy unit the general would give a Charge order (ai._order_for)."""
    if t.kind != "unit" or t.fleeing or t.engaged or stats.machine(t) or t.profile is None:
        return False
    if not (stats.has_leader(t) or t.profile.troop == "berserkers"):
        return False
    f = stats.formation(state, t)
    return f is None or f.can_charge


def still_moves(state: BVFState, t: Unit) -> float:
    """How far enemy unit `t` may still move toward us before next turn's
    charge: a Charge counter not yet spent closes at double pace (a charge
    out of reach still moves its full reach, § Step 3), an Advance counter
    its advance.  Read from the counters on the table, face up since the
    reveal (§ Phase 3 Reveal Orders;): none while orders are being placed."""
    if state.phase not in flow.PHASES or t.activated:
        return 0.0
    now = flow.PHASES.index(state.phase)
    if "charge" in t.orders and now <= flow.PHASES.index("combat"):
        return combat.charge_reach(state, t)
    if "advance" in t.orders and now <= flow.PHASES.index("advance"):
        return moves.advance_allowance(state, t)
    return 0.0


def chargers(state: BVFState, u: Unit) -> list:
    """(enemy unit, the reach of its charge next turn) of every enemy unit
    that could charge `u`: its charge reach from where it stands, and the
    move it may still make this turn first (still_moves: the Marchwardens'
    knights closed on the Juggernaut 16" from the orc line, out of every
    charge's reach, and the orcs' own closing charges brought the
    Berserkers into reach of them; Border March, seed 5000).  Remembered
    for this state version."""
    key = ("ai_chargers", u.owner)
    v = state.cache.get(key)
    if v is None:
        v = state.cache[key] = [(t, combat.charge_reach(state, t) + still_moves(state, t))
                                for t in space.enemies(state, u) if can_charge(state, t)]
    return v


def danger_at(state: BVFState, u: Unit, feet, besides: Unit | None = None) -> float:
    """The most victory points an enemy charge next turn at `u`, standing
    on `feet`, is expected to gain the enemy, and a share of what the
    others that could charge there would (worst_charge; 0: none reaches,
    or none would gain); `besides`: an enemy unit left out (the one `u`
    fights)."""
    return worst_charge(state, u, feet, besides)[0]


# of what every other enemy charge that could reach the place would gain, the share added to the
# worst one's (a place two or three enemy blocks can reach is worse than one only one reaches: the
# Marchwardens' horse archers and knights were charged by whichever of the orc heavies was left free)
OTHERS_SHARE = 0.5


def worst_charge(state: BVFState, u: Unit, feet, besides: Unit | None = None) -> tuple[float, Unit | None]:
    """(danger_at, the enemy unit whose charge it is; None when none):
    the best fight an enemy charge could start there next turn, and
    OTHERS_SHARE of what each other enemy that could charge there would
    gain."""
    worst, who, every = 0.0, None, 0.0
    box = space.feet_box(feet)
    for t, reach in chargers(state, u):
        if t is besides or space._bbox_gap(space.unit_bbox(state, t), box) > reach:
            continue
        tf = space.feet(state, t)
        if space.fast_distance(tf, feet, reach) > reach:
            continue
        if not block_in_arc(space.block(state, t), feet, space.arc_of(t)):
            continue
        gain = fight_outlook(state, t, u, "front", True, later=1)
        every += max(0.0, gain)
        if gain > worst:
            worst, who = gain, t
    return worst + OTHERS_SHARE * (every - worst), who


def danger_here(state: BVFState, u: Unit) -> float:
    """danger_at where `u` stands now (remembered for this state version)."""
    key = ("ai_danger", u.uid)
    v = state.cache.get(key)
    if v is None:
        v = state.cache[key] = danger_at(state, u, space.feet(state, u))
    return v


def charges_balance(state: BVFState, side: int) -> float:
    """Who may charge whom next, in victory points: what the enemy's
    charges could gain against `side`'s units where they stand, taken
    from what `side`'s could gain against the enemy's (danger_here, from
    each side; units in combat or fleeing left out).  0 once no charge is
    left in the game (the last turn past its combat phase)."""
    if state.phase in ("over", "deploy"):
        return 0.0
    if state.turn >= state.turns and state.phase in flow.PHASES and \
            flow.PHASES.index(state.phase) > flow.PHASES.index("combat"):
        return 0.0
    out = 0.0
    for u in space.on_table(state):
        if u.kind != "unit" or u.engaged or u.fleeing:
            continue
        d = danger_here(state, u)
        out += -d if alliance.side_of(state, u.owner) == side else d
    return out


def added_danger(state: BVFState, u: Unit, frame: Frame) -> float:
    """How much more an enemy charge would gain at `frame` than where `u`
    stands now (never below 0: a move out of danger is worth its own
    score, not a bonus)."""
    if u.kind != "unit" or not u.on_table or u.engaged:
        return 0.0
    there = danger_at(state, u, space.layout(u, frame))
    return max(0.0, there - danger_here(state, u))


TURNS = (60.0, -60.0, 90.0, -90.0)      # wheels beyond the listed 30 degrees


def more_advances(state: BVFState, u: Unit, listed: Action) -> list[Action]:
    """Advances of `u` the listed set lacks (choices._advances: straight on,
    30 degrees either way, toward the nearest enemy): wheels of 60 and 90
    degrees and toward the nearest objective, each with what is left of
    the move after the wheel (rounded down: the listed full wheel rounds
    up past the allowance and is refused) and half of it.  `listed` is one
    of its listed advances (its other parameters are kept)."""
    if u.kind != "unit" or u.engaged or not u.on_table:
        return []
    full = moves.advance_allowance(state, u)
    b = space.block(state, u)
    angles = list(TURNS)
    f = space.frame_of(u)
    objs = victory.objectives(state)
    if objs:
        ox, oy = min((z.centre for z in objs), key=lambda c: math.hypot(c[0] - f.x, c[1] - f.y))
        turn = (space.bearing(f.x, f.y, ox, oy) - u.facing + 180.0) % 360.0 - 180.0
        if 5.0 < abs(turn) <= 90.0:
            angles.append(round(turn, 1))
    keep = {k: v for k, v in listed.params if k not in ("first", "angle", "then")}
    out = []
    for ang in angles:
        w = wheel_length(b, ang)
        if w > full:
            continue
        rest = math.floor((full - w) * 1000.0) / 1000.0
        for then in sorted({rest, round(rest / 2, 3), 0.0}, reverse=True):
            out.append(Action.make("advance", listed.player, **{**keep, "first": 0.0, "angle": ang, "then": then}))
    return out
