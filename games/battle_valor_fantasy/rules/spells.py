"""Casting spells: one or more Wizards with Spell orders roll their dice
together against the spell's threshold, the target in sight of every
caster; the enemy's unactivated Wizards may dispel with one more Success;
the twenty spells' effects (data/battle_valor_fantasy/spells.yaml); Magic
Shield keeps further spells off (Crevasse excepted).

battle_valor_fantasy.txt § Phase 6 Cast Spells;, § Dispels, § Offensive
Spells;, § Defensive Spells;, § Wizards 10 Points (Veteran 20 Points,
Elite 30 Points).
"""
from __future__ import annotations

import math

from engine.core.rules import Event
from engine.core.words import count
from games.battle_valor_fantasy.rules import casualties, characters, moves, rerolls, space, stats, success
from games.battle_valor_fantasy.rules.state import BVFState, Pending, Unit

R_CAST = "battle_valor_fantasy.txt § Phase 6 Cast Spells;"
R_DISPEL = "battle_valor_fantasy.txt § Dispels"
R_OFF = "battle_valor_fantasy.txt § Offensive Spells;"
R_DEF = "battle_valor_fantasy.txt § Defensive Spells;"
NO_CONFUSION = ("fate", "fire_and_flee", "flee")


def wizards_of(state: BVFState, caster: Unit) -> list[Unit]:
    """The Wizards who cast or dispel for a caster: a Wizard on its own, or
    those attached to a unit, which act on the unit's counters (§ Characters
    Attached to Units;: "he acts in accordance with the unit itself,
    following the same orders")."""
    if caster.kind == "wizard":
        return [caster] if caster.attached < 0 else []
    if caster.kind == "unit":
        return characters.with_unit(state, caster, "wizard")
    return []


def caster_dice(state: BVFState, caster: Unit) -> int:
    return sum(w.dice for w in wizards_of(state, caster))


def caster_name(state: BVFState, caster: Unit) -> str:
    if caster.kind == "wizard":
        return caster.name
    ws = wizards_of(state, caster)
    return f"{' and '.join(w.name for w in ws)} with {caster.name}"


def casters_dice(state: BVFState, casters: list[Unit]) -> int:
    return sum(caster_dice(state, c) for c in casters)


def cast_need(state: BVFState, player: int, t: Unit) -> int:
    """The face a casting die needs: 6 at an enemy in woods or an exposed
    character (§ Woods, § Targeting Characters), else 5."""
    return 6 if (space.in_woods(state, t) or characters.is_target(t)) and t.owner != player else 5


def cast_chance(state: BVFState, player: int, casters: list[Unit], spell_id: str, t: Unit) -> float:
    """The chance the casting reaches the spell's threshold (before any
    General's reroll): what the preview, the computer's score and its reason show."""
    return success.chance_at_least(casters_dice(state, casters), state.catalog.spells[spell_id].threshold,
                                   need=cast_need(state, player, t))


def dispel_chance(state: BVFState, wizards: list[Unit], got: int) -> float:
    """The chance these Wizards score more Successes than the `got` of the casting (§ Dispels)."""
    return success.chance_at_least(casters_dice(state, wizards), got + 1)


def cast_problem(state: BVFState, player: int, casters: list[Unit], spell_id: str, t: Unit,
                 t2: Unit | None = None, order: str | None = None) -> tuple[str, str] | None:
    c = state.catalog
    if spell_id not in c.spells:
        return f"No spell {spell_id!r}", R_CAST
    sp = c.spells[spell_id]
    for w in casters:
        if characters.attached_wizard(w) and w.owner == player and w.attached in state.units:
            return (f"{w.name} is with {state.units[w.attached].name}: it casts on that unit's Spell order",
                    characters.R_ATTACHED)
        if w.owner != player or not wizards_of(state, w) or not w.on_table:
            return f"{w.name} is not one of your Wizards (on its own, or with a unit)", R_CAST
        if "spell" not in w.orders or w.activated:
            return f"{w.name} has no Spell order to activate", R_CAST
    if len({w.uid for w in casters}) != len(casters):
        return "Each Wizard casts once", R_CAST
    if t.attached >= 0 and t.owner != player:
        return f"{t.name} is with a unit: it cannot be singled out", characters.R_MOVING
    if not t.on_table:
        return "The target is not on the table", R_CAST
    if sp.target in ("enemy", "two_enemies") and t.owner == player:
        return f"{sp.name} is cast on an enemy unit", R_OFF
    if sp.target == "friendly" and t.owner != player:
        return f"{sp.name} is cast on one of your own units", R_DEF
    if t.kind == "general" and sp.target != "friendly":
        return "The General can never be targeted", R_CAST
    if t.owner != player and characters.is_target(t) and characters.target_problem(state, t):
        return characters.target_problem(state, t)
    if t.effects.get("spell_immune") and not sp.shield_proof:
        return f"{t.name} is under a Magic Shield: no further spells this turn", R_DEF
    for w in casters:
        if w.uid != t.uid and not space.line_of_sight(state, w, t):
            return f"{w.name} cannot see {t.name}", R_CAST
        if w.uid != t.uid and space.in_woods(state, t) and not _near_wood_edge(state, t):
            return f"{t.name} is deep in a wood: it cannot be seen", "battle_valor_fantasy.txt § Woods, Forests and Jungles"
    if sp.effect == "change_orders":
        if t2 is None or t2.owner == player or t2.uid == t.uid or not t2.on_table or t2.kind == "general":
            return "Confusion needs a second enemy unit", R_OFF
        if t2.effects.get("spell_immune"):
            return f"{t2.name} is under a Magic Shield", R_DEF
        if order is None or order in NO_CONFUSION or order not in c.orders:
            return "Confusion changes orders to anything but Fate, Fire & Flee or Flee", R_OFF
    if sp.effect == "change_own_order" and (order is None or order not in c.orders or order == "fate"):
        return "Wisdom changes the unit's order to another order", R_DEF
    if sp.effect in ("forced_flee",) and stats.never_flees(t):
        return f"{t.name} can never be made to flee", "battle_valor_fantasy.txt § Bestiary"
    return None


def _near_wood_edge(state: BVFState, t: Unit) -> bool:
    from games.battle_valor_fantasy.rules.fire import _near_edge
    return any(_near_edge(p, f) for p in space.terrain_under(state, t) if p.flag("woods")
               for f in space.feet(state, t))


def cast(state: BVFState, player: int, casters: list[Unit], spell_id: str, t: Unit, dice, ev: list[Event],
         t2: Unit | None = None, order: str | None = None, to: tuple | None = None) -> None:
    sp = state.catalog.spells[spell_id]
    for w in casters:
        w.activated = True
        w.orders = [o for o in w.orders if o != "spell"]
    n = casters_dice(state, casters)
    names = " and ".join(caster_name(state, w) for w in casters)
    need = cast_need(state, player, t)
    r = success.roll(dice, f"{names} cast {sp.name}", n, (), need=need)
    r = rerolls.again(state, casters[0], r, lambda: success.roll(dice, f"{names} cast {sp.name} (rerolled)", n, (),
                                                                 need=need), ev)
    on = space.told_apart(state, casters[0].owner, t)
    ev.append(Event("cast", f"{names} cast{'s' if len(casters) == 1 else ''} {sp.name} on {on} "
                    f"(needs {sp.threshold})", R_CAST, 0, data={"spell": spell_id, "target": t.uid}))
    ev.append(Event("roll", r.text(), R_CAST, data=r.data()))
    if r.total < sp.threshold:
        ev.append(Event("ruling", f"{sp.name} fails ({r.total} of {sp.threshold})", R_CAST))
        return
    enemy = 1 - player
    if dispellers(state, enemy):
        state.pending.append(Pending("dispel", enemy, (spell_id, t.uid, r.total, player,
                                                        -1 if t2 is None else t2.uid, order or "",
                                                        tuple(to) if to else ())))
        ev.append(Event("ruling", f"{sp.name} is cast with {count(r.total, 'Success')}; "
                        f"{state.players[enemy].name} may try to dispel it", R_DISPEL))
        return
    resolve(state, player, spell_id, t, r.total, dice, ev, t2, order, to)


def dispellers(state: BVFState, player: int) -> list[Unit]:
    """Unactivated Wizards on their own, and unactivated units (not
    fleeing) with a Wizard attached: dispelling activates the unit."""
    return [w for w in state.units.values() if w.owner == player and w.on_table and not w.activated
            and (w.kind == "wizard" or (w.kind == "unit" and not w.fleeing and wizards_of(state, w)))]


def dispel(state: BVFState, wizards: list[Unit], dice, ev: list[Event]) -> None:
    pd = state.pending.pop()
    spell_id, tuid, got, player, t2, order, to = pd.data
    sp = state.catalog.spells[spell_id]
    for w in wizards:
        w.activated = True
        if w.kind == "wizard":
            w.orders = [o for o in w.orders if o != "spell"]
        elif w.orders:             # the unit's counters go with its Wizard's activation (§ Dispels)
            ev.append(Event("ruling", f"{caster_name(state, w)} dispels: {w.name} is activated and its "
                            f"{' and '.join(w.orders)} counter is removed", R_DISPEL))
            w.orders = []
    n = casters_dice(state, wizards)
    r = success.roll(dice, " and ".join(caster_name(state, w) for w in wizards) + " dispel", n, ())
    ev.append(Event("roll", r.text() + f" (needs {got + 1})", R_DISPEL, data=r.data()))
    if r.total >= got + 1:
        ev.append(Event("ruling", f"{sp.name} is dispelled", R_DISPEL))
        return
    ev.append(Event("ruling", f"The dispel fails: {sp.name} takes effect", R_DISPEL))
    resolve(state, player, spell_id, state.units[tuid], got, dice, ev,
            state.units[t2] if t2 >= 0 else None, order or None, to or None)


def allow(state: BVFState, dice, ev: list[Event]) -> None:
    pd = state.pending.pop()
    spell_id, tuid, got, player, t2, order, to = pd.data
    resolve(state, player, spell_id, state.units[tuid], got, dice, ev,
            state.units[t2] if t2 >= 0 else None, order or None, to or None)


def resolve(state: BVFState, player: int, spell_id: str, t: Unit, got: int, dice, ev: list[Event],
            t2: Unit | None = None, order: str | None = None, to: tuple | None = None) -> None:
    sp = state.catalog.spells[spell_id]
    rule = R_OFF if sp.kind == "offensive" else R_DEF
    e = sp.effect
    if not t.on_table:
        return
    if e == "casualty_dice":
        if sp.fire and stats.any_effect(t, "fire_immune"):
            ev.append(Event("ruling", f"{t.name} is Frigid: fire does not harm it", "battle_valor_fantasy.txt § Bestiary"))
            return
        r = success.roll(dice, f"{t.name} against {sp.name}", sp.amount, (), modifiable=False)
        ev.append(Event("roll", r.text() + " (cannot be modified)", rule, data=r.data()))
        r = rerolls.guard_again(state, t, r, lambda: success.roll(dice, f"{t.name} against {sp.name} (rerolled)",
                                                                  sp.amount, (), modifiable=False), ev)
        casualties.take(state, t, r.failures, ev)
    elif e == "casualty_dice_per_success":
        r = success.roll(dice, f"{t.name} against {sp.name}", got, (), rerolls=stats.armour_rerolls(state, t),
                         modifiable=False)
        ev.append(Event("roll", r.text() + " (armour rerolls allowed)", rule, data=r.data()))
        r = rerolls.guard_again(state, t, r, lambda: success.roll(dice, f"{t.name} against {sp.name} (rerolled)", got,
                                                                  (), rerolls=stats.armour_rerolls(state, t),
                                                                  modifiable=False), ev)
        casualties.take(state, t, r.failures, ev)
    elif e == "chain_lightning":
        _chain(state, t, got, dice, ev)
    elif e == "forced_flee":
        ev.append(Event("ruling", f"{t.name} must flee at once", rule))
        moves.flee(state, t, dice, ev, rule)
    elif e == "change_orders":
        assert t2 is not None and order is not None, "cast_problem asks Confusion for a second unit and an order"
        for v in (t, t2):
            v.orders = [order]
        ev.append(Event("ruling", f"Confusion: {t.name} and {t2.name} now have {order} orders", rule))
    elif e == "change_own_order":
        assert order is not None, "cast_problem asks Wisdom for an order"
        t.orders = [order] + [o for o in t.orders if o == "flee"]
        ev.append(Event("ruling", f"Wisdom: {t.name} changes its order to {order}", rule))
    elif e == "carry":
        assert to is not None, "checks.py asks the Great Bird of Thunder where to"
        dx, dy, facing = to
        ev.append(Event("ruling", "The Great Bird of Thunder scoops up the unit", rule))
        moves.place_move(state, t, dx, dy, ev, rule, "Bird of Thunder", facing)
    elif e == "extra_advance":
        _vigor(state, t, ev, rule)
    else:
        amount = {"all_rolls": sp.amount or -2, "reroll_defence": got, "reroll_attack": got}.get(e, 1)
        t.effects[e] = amount
        ev.append(Event("ruling", f"{sp.name}: {sp.text}", rule))


def _chain(state: BVFState, t: Unit, n: int, dice, ev: list[Event]) -> None:
    """§ Offensive Spells; Chain Lightning: "the lightning will jump to the
    next closest unit, friend or foe": the unit nearest (edge to edge, as
    every distance) to the one just struck, measured from where that one
    stood when struck (it may have been destroyed); the lower uid on a tie."""
    hit = {t.uid}
    cur = t
    while n > 0 and cur is not None and cur.on_table:
        struck = list(space.feet(state, cur))
        r = success.roll(dice, f"{cur.name} against Chain Lightning", n, (), modifiable=False)
        ev.append(Event("roll", r.text(), R_OFF, data=r.data()))
        r = rerolls.guard_again(state, cur, r, lambda: success.roll(dice, f"{cur.name} against Chain Lightning "
                                                                    "(rerolled)", n, (), modifiable=False), ev)
        n = casualties.take(state, cur, r.failures, ev)
        if n <= 0:
            break
        rest = [v for v in space.on_table(state) if v.uid not in hit and v.kind == "unit"]
        if not rest:
            break
        cur = min(rest, key=lambda v: (space.fast_distance(struck, space.feet(state, v)), v.uid))
        hit.add(cur.uid)
        ev.append(Event("ruling", f"The lightning jumps to {cur.name}, the closest unit", R_OFF))


def _vigor(state: BVFState, t: Unit, ev: list[Event], rule: str) -> None:
    from engine.table.formations import BlockMove
    allowed = moves.advance_allowance(state, t)
    d = allowed
    while d >= 1.0:
        m = BlockMove(d, 0.0, 0.0)
        if moves.advance_problem(state, t, m) is None:
            moves.advance(state, t, m, ev, "makes an extra advance of", rule)
            return
        d -= 1.0
    ev.append(Event("ruling", f"Vigor: {t.name} has no room to advance", rule))


_ = math
