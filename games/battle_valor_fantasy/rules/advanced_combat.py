"""The Advanced Combat Rules (an option, off by default: "These rules should
be considered optional"): counter charges and the loss of the front rank.

- **Counter charge** (§ Counter Charge;): a unit with a Charge order (or a
  Seer, § Seers) charged from the front may counter charge: its player
  decides (a pending `counter` / `receive` decision).  Both roll their
  charge dice; the stands that make it meet half way between the two
  (the counter charger moves at most its own charge reach); impact hits of
  both sides come first, then both strike with their full dice before any
  casualty is removed.
- **Loss of the front rank** (§ Loss of Front Rank;): front_rank.py.

Decisions: docs/games/battle_valor_fantasy.md § Advanced combat.
"""
from __future__ import annotations

import math

from engine.core.rules import Event
from games.battle_valor_fantasy.rules import casualties, characters, combat, space, success
from games.battle_valor_fantasy.rules.front_rank import OPTION as OPTION, on  # OPTION: game.py reads advanced_combat.OPTION
from games.battle_valor_fantasy.rules.state import BVFState, Pending, Unit

R_COUNTER = "battle_valor_fantasy.txt § Counter Charge;"


# ---- counter charges ---------------------------------------------------------------------------

def can_counter(state: BVFState, u: Unit, t: Unit) -> bool:
    """May `t`, charged by `u`, counter charge?  A Charge order still unused
    (or a Seer with it), free to charge `u`, charged from the front by a
    charge that reaches."""
    if not on(state) or u.kind != "unit" or t.kind != "unit" or t.engaged or t.activated or t.fleeing \
            or u.formation == "skirmish":
        return False
    if "charge" not in t.orders and not characters.with_unit(state, t, "seer"):
        return False
    if t.formation in ("skirmish", "square") or combat.charge_problem(state, t, u) is not None:
        return False
    pl = combat.plan(state, u, t)
    return pl.reaches and not pl.blocked and pl.side == "front" and _room(state, u, t, pl)


def ask(state: BVFState, u: Unit, t: Unit, ev: list[Event]) -> bool:
    """Before a charge is resolved: hand the decision to the charged unit's
    player when it may counter charge (True: the charge waits)."""
    if not can_counter(state, u, t):
        return False
    state.pending.append(Pending("counter", t.owner, (u.uid, t.uid)))
    ev.append(Event("ruling", f"{t.name} may counter charge {u.name}", R_COUNTER, 0))
    return True


def decide(state: BVFState, counter: bool, dice, ev: list[Event]) -> None:
    pd = state.pending.pop()
    u, t = state.units[pd.data[0]], state.units[pd.data[1]]
    if counter:
        counter_charge(state, u, t, dice, ev)
    else:
        ev.append(Event("ruling", f"{t.name} stands to receive the charge", R_COUNTER))
        combat.charge(state, u, t, dice, ev)


def _shift(fs, dx: float, dy: float, n: int):
    return [f.moved(f.x + dx, f.y + dy) if i < n else f for i, f in enumerate(fs)]


def _meeting(state: BVFState, u: Unit, t: Unit, pl):
    """Where the two meet: the charger's contact frame and the counter
    charger's stands shifted back along the charge by half its length (at
    most the counter charger's own reach).  Returns (dx, dy, L, s_t)."""
    f0 = space.frame_of(u)
    vx, vy = pl.frame.frame.x - f0.x, pl.frame.frame.y - f0.y
    L = math.hypot(vx, vy)
    if L <= 1e-9:
        return 0.0, 0.0, 0.0, 0.0
    s_t = min(L / 2, combat.charge_reach(state, t))
    return -vx / L * s_t, -vy / L * s_t, L, s_t


def _placed(state: BVFState, u: Unit, t: Unit, pl, arrived: int, met: int):
    dx, dy, L, s_t = _meeting(state, u, t, pl)
    sts, tst = space.ordered(u), space.ordered(t)
    shape = space.shape_of(u)
    slots = space.slots_for(u.formation, len(sts), u.files, shape)
    fs_u = _shift(pl.frame.feet(slots, shape, arrived, [s.sid for s in sts]), dx, dy, arrived)
    fs_t = _shift([space._foot(space.shape_of(t), s) for s in tst], dx, dy, met)
    return sts, tst, fs_u, fs_t, L, s_t


def _room(state: BVFState, u: Unit, t: Unit, pl) -> bool:
    """Room for every stand of both to meet half way."""
    _, _, fs_u, fs_t, _, _ = _placed(state, u, t, pl, len(u.stands), len(t.stands))
    return space.fits(state, t, fs_t, ignore=(u.uid,)) is None and space.fits(state, u, fs_u, ignore=(t.uid,)) is None


def counter_charge(state: BVFState, u: Unit, t: Unit, dice, ev: list[Event]) -> None:
    ev.append(Event("charge", f"{t.name} counter charges {space.told_apart(state, t.owner, u)}", R_COUNTER, 0,
                    data={"uid": t.uid, "target": u.uid}))
    rt = success.roll(dice, f"{t.name} counter charge", len(t.stands), combat.charge_mods(state, t))
    ev.append(Event("roll", rt.text(), R_COUNTER, data=rt.data()))
    t.activated = True
    t.orders = [o for o in t.orders if o == "flee"]
    met = min(rt.total, len(t.stands))
    if met <= 0:
        ev.append(Event("ruling", f"No stand of {t.name} gets away: it receives the charge", R_COUNTER))
        combat.charge(state, u, t, dice, ev)
        return
    pl = combat.plan(state, u, t)
    ru = success.roll(dice, f"{u.name} charge", len(u.stands), combat.charge_mods(state, u))
    ev.append(Event("roll", ru.text(), combat.R_CHARGE, data=ru.data()))
    u.activated = True
    arrived = min(ru.total, len(u.stands))
    if arrived <= 0:
        met = 0
    sts, tst, fs_u, fs_t, L, s_t = _placed(state, u, t, pl, arrived, met)
    space.put(state, t, fs_t, tst)
    fs_u = combat._clear_stragglers(state, u, t, sts, fs_u, arrived)
    space.put(state, u, fs_u, sts)
    u.facing = pl.frame.frame.facing
    combat.left_behind(u, sts, arrived, t)
    combat.left_behind(t, tst, met, u)
    # t's geometry was looked at (its stands placed, before u's stragglers were cleared) under its
    # old stragglers: a new version, or its block would be remembered for the wrong signature
    state.touch(moved=t)
    if arrived <= 0:
        ev.append(Event("ruling", f"No stand of {u.name} makes it: both units stop, nobody meets", R_COUNTER))
        return
    ev.append(Event("ruling", f"{arrived} stand{'s' if arrived != 1 else ''} of {u.name} and {met} of {t.name} "
                    f"meet half way ({L - s_t:.1f}\" and {s_t:.1f}\")", R_COUNTER))
    combat.engage(u, t)
    fight_together(state, u, t, dice, ev)


def fight_together(state: BVFState, u: Unit, t: Unit, dice, ev: list[Event]) -> None:
    """Impact hits of both first, casualties removed; then both strike with
    their full dice before any casualty is removed."""
    contact = space.centre(state, u)
    dead = combat.resolve_impact(state, u, t, "front", dice, ev, contact)
    back = combat.resolve_impact(state, t, u, "front", dice, ev, contact)
    if u.on_table and t.on_table:
        before = state.copy()
        dead += combat.strike(state, u, t, dice, ev, "front", True, True, False, contact)
        ev.append(Event("ruling", f"{t.name} strikes at the same time, with every figure it had", R_COUNTER))
        mine: list[Event] = []
        n = combat.strike(before, before.units[t.uid], before.units[u.uid], dice, mine, "front", True, True, False,
                          contact)
        ev.extend(e for e in mine if e.kind != "casualty")
        back += casualties.take(state, u, n, ev, contact, ignorable=False)
    for a, b in ((u, t), (t, u)):
        if b.uid in a.rounds:
            a.rounds[b.uid] += 1
        a.activated = True
        a.orders = [o for o in a.orders if o == "flee"]
    casualties.fill_gaps(state, u)
    casualties.fill_gaps(state, t)
    combat._follow_through(state, u, t, dead, back, dice, ev)
    combat._follow_through(state, t, u, back, dead, dice, ev)
