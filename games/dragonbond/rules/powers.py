"""Powers: action powers, reactions, combined powers, and their effects.
dragonbond.txt § Powers and Abilities, § Timings, § Cost, § Making Attacks
vs. Rolling Dice, § Activating Powers, § Healing, § Combined Power,
§ 2. Powers (reactions).
"""
from __future__ import annotations

from engine.core.rules import Event
from engine.core.words import possessive
from games.dragonbond.rules import combat, dicepool, flow, modifiers, movement, space, stats, wounds
from games.dragonbond.rules.frames import Casualties, PowerEffects, push
from games.dragonbond.rules.state import DBState, Temp, Unit

R_POWERS = "dragonbond.txt § Powers [X]:"
R_TIMING = "dragonbond.txt § Timings"
R_COST = "dragonbond.txt § Cost"
R_ACTIVATE = "dragonbond.txt § Activating Powers"
R_ROLLING = "dragonbond.txt § Making Attacks vs. Rolling Dice"
R_COMBINED = "dragonbond.txt § Combined Power"
R_REACT = "dragonbond.txt § 2. Powers"
R_LOS = "dragonbond.txt § Line of Sight"
COMBINED = "combined"


def action_powers(state: DBState, u: Unit) -> list[tuple]:
    """(key, power, card unit) of the unit's Action powers (the combined
    power under the key "combined")."""
    out = [(p.name, p, part) for p, part, _ in stats.abilities(state, u) if p.timing == "action"]
    if stats.combined_power(state, u) is not None:
        out.append((COMBINED, None, u))
    return out


def find(state: DBState, u: Unit, key: str):
    for k, p, part in action_powers(state, u):
        if k == key:
            return p, part
    return None, None


def _halves(state: DBState, u: Unit):
    gh, dh, g, d = stats.combined_power(state, u)
    return [(gh, g), (dh, d)]


def spec_of(state: DBState, u: Unit, key: str):
    """(target kind, range, effects) of a power or the combined power."""
    if key == COMBINED:
        halves = _halves(state, u)
        rng = min(h.range for h, _ in halves)
        kinds = {h.target for h, _ in halves}
        target = "enemy" if "enemy" in kinds else halves[0][0].target
        return target, rng, [e for h, _ in halves for e in h.effects]
    p, _ = find(state, u, key)
    return p.target, p.range, list(p.effects)


def target_problem(state: DBState, u: Unit, kind: str, rng: float, t: Unit | None) -> tuple | None:
    if kind == "self":
        return None if t is None or t.uid == u.uid else ("This power affects only the unit itself.", R_POWERS)
    if t is None or not t.alive or not t.models:
        if t is not None and t.riding is not None:
            return ("While mounted, only the dragon may be targeted.", "dragonbond.txt § The Dragonriding Keyword")
        return ("Choose a unit on the battlefield.", R_POWERS)
    if kind == "ally" and t.owner != u.owner:
        return ("This power targets a friendly unit.", R_POWERS)
    if kind == "enemy" and t.owner == u.owner:
        return ("This power targets an enemy unit.", R_POWERS)
    if t.uid == u.uid:
        return None
    if kind == "enemy" and rng <= 0:
        if not space.engaged_pair(state, u, t):
            return ("This power reaches only units engaged with this one.", R_POWERS)
        return None
    d = space.distance(state, u, t)
    if d > rng + 1e-9:
        return (f"{stats.name(state, t)} is {d:.1f}\" away; the power reaches {rng:g}\".", R_POWERS)
    if not space.line_of_sight(state, u, t):
        return (f"No line of sight to {stats.name(state, t)}.", R_LOS)
    return None


def power_problem(state: DBState, u: Unit, key: str, target: int | None) -> tuple | None:
    """Why `u` may not use the Action power `key` on `target` now."""
    t = state.units.get(target) if target is not None else None
    if key == COMBINED:
        if stats.combined_power(state, u) is None:
            return ("Only a general riding its bonded dragon has a combined power.", R_COMBINED)
        for _half, part in _halves(state, u):
            if stats.exhausted(part):
                return (f"{stats.card(part).name} is exhausted: both halves of the combined power must be "
                        "activated together.", R_COMBINED)
        if COMBINED in u.used:
            return ("A power may be activated once per turn.", R_ACTIVATE)
    else:
        p, part = find(state, u, key)
        if p is None:
            return (f"{stats.name(state, u)} has no Action power {key!r}.", R_TIMING)
        if stats.exhausted(part) or stats.exhausted(u):
            return (f"{stats.name(state, u)} is exhausted and may not activate powers.", R_POWERS)
        if key in u.used:
            return ("A power may be activated once per turn.", R_ACTIVATE)
        if any(e.kind == "attack" for e in p.effects) and t is not None and t.alive and t.models:
            w = next(e.weapon for e in p.effects if e.kind == "attack")
            bad = combat.target_problem(state, u, t, w)
            if bad:
                return bad
    kind, rng, _ = spec_of(state, u, key)
    return target_problem(state, u, kind, rng, t if kind != "self" else (t or u))


def use_power(state: DBState, u: Unit, key: str, target: int | None, events: list) -> None:
    """Pay, and resolve (after any opportunity attacks it provokes)."""
    if key == COMBINED:
        name = stats.combined_name(state, u)
        for half, part in _halves(state, u):
            stats.add_fatigue(state, part, half.cost, events, f"{half.name}, its half", R_COMBINED)
    else:
        p, part = find(state, u, key)
        name = p.name
        stats.add_fatigue(state, part, p.cost, events, p.name, R_COST)
    u.used = u.used + (key,)
    tid = target if target is not None else u.uid
    events.append(Event("power", f"{stats.label(state, u)} activates {name}"
                        + (f" on {stats.name(state, state.units[tid])}" if tid != u.uid else ""),
                        R_COMBINED if key == COMBINED else R_POWERS, depth=1,
                        data={"uid": u.uid, "power": key, "target": tid}))
    push(state, PowerEffects(u.uid, key, tid))
    enemies = flow.oa_candidates(state, u.uid)
    if enemies:
        flow.ask_oas(state, u.uid, enemies, f"attempts to activate {name} while engaged")


def power_effects(state: DBState, dice, events: list, uid: int, key: str, target: int) -> None:
    u = state.units[uid]
    t = state.units.get(target)
    if not (u.alive and u.models) or t is None or not t.alive or not (t.models or t.riding is not None):
        events.append(Event("ruling", "The power fizzles: its user or target is gone", R_POWERS))
        return
    if (key == COMBINED and stats.combined_power(state, u) is None) or (key != COMBINED and find(state, u, key)[0] is None):
        events.append(Event("ruling", f"{key} is lost before it resolves (its captain fell)", R_POWERS))
        return
    kind, rng, effects = spec_of(state, u, key)
    name = stats.combined_name(state, u) if key == COMBINED else key
    part = u
    if key != COMBINED:
        part = find(state, u, key)[1] or u
    push(state, Casualties())
    attacks = [e for e in effects if e.kind == "attack"]
    for fx in effects:
        if fx.kind != "attack":
            apply_effect(state, u, t, fx, dice, events, name, by_player=u.owner, paying=part)
    for fx in reversed(attacks):
        if t.alive and t.models:
            combat.declare(state, u, t, fx.weapon.name, "power", events, power=name, weapon_spec=fx.weapon)


def apply_effect(state: DBState, src: Unit, t: Unit, fx, dice, events: list, name: str, by_player: int,
                 paying: Unit | None = None) -> None:
    """One effect of a power or sacrifice on unit t."""
    if not t.alive:
        return
    k = fx.kind
    if k == "modifier":
        dur = fx.duration if fx.duration != "always" else "round"
        t.temp.append(Temp(fx.roll, fx.up, fx.down, dur, name))
        words = ", ".join(x for x in (f"upgrade {fx.up}" if fx.up else "", f"downgrade {fx.down}" if fx.down else "")
                          if x)
        events.append(Event("ruling", f"{name}: {stats.name(state, t)} {words} {fx.roll.replace('_', ' ')} dice "
                            f"{'for this attack' if dur == 'attack' else 'until the end of the round'}",
                            "dragonbond.txt § Modifiers"))
    elif k == "hits":
        pool = dicepool.pool_of(fx.dice)
        ex = (paying or src).exhaustion
        up, down, notes = modifiers.roll_mods(state, src, "power", {"other": t, "exhaustion": ex})
        for text, rule in notes:
            events.append(Event("modifier", "  " + text, rule))
        pool = dicepool.modify(pool, up, down, state=state)
        r = dicepool.roll_action(state.catalog, dice, pool, False, events, f"{name} (a power roll, not an attack)", R_ROLLING,
                                 state=state)
        blocks = 0
        if r.hits and t.models:
            ranged = not space.engaged_pair(state, src, t)
            dpool = combat.defense_pool(state, t, src, ranged, r.hits)
            blocks = dicepool.roll_defense(state.catalog, dice, dpool, events, f"{stats.name(state, t)} defends", R_ROLLING,
                                           state=state)
        n = max(0, r.hits - blocks) + r.crits
        events.append(Event("ruling", f"{name}: {r.hits} hit{'s' if r.hits != 1 else ''} - {blocks} block"
                            f"{'s' if blocks != 1 else ''} + {r.crits} critical = {n} wound{'s' if n != 1 else ''}",
                            R_ROLLING))
        wounds.add_wounds(state, t, n, by_player, src.uid, events, name)
    elif k == "wounds":
        wounds.add_wounds(state, t, fx.amount, by_player, src.uid, events, name)
    elif k == "heal":
        wounds.heal(state, t, fx.amount, events, name)
    elif k == "status":
        n = fx.count
        if fx.dice is not None:
            pool = dicepool.modify(dicepool.pool_of(fx.dice), *modifiers.roll_mods(state, src, "power", {"other": t})[:2],
                                   state=state)
            n = dicepool.roll_action(state.catalog, dice, pool, False, events, f"{name} (power roll)", R_ROLLING, state=state).total
        movement.add_status(state, t, fx.status, n, by_player if by_player != t.owner else -1, events, name,
                            "dragonbond.txt § Applying Status Effects")
    elif k == "fatigue":
        if fx.add:
            stats.add_fatigue(state, t, 1 if fx.amount == "all" else fx.amount, events, name,
                              "dragonbond.txt § Exhaustion and Fatigue")
        else:
            stats.remove_fatigue(state, t, fx.amount, events, name, "dragonbond.txt § Removing Fatigue")
    # speed, stamina, keyword, range: standing rules (passive powers), nothing to do now


def sacrifice(state: DBState, dice, events: list, uid: int, targets: tuple[int, ...]) -> None:
    """A fallen captain's once-only Sacrifice effects on the units it names
    (wounds.captain_dies), then its standing effect, if any, announced."""
    u = state.units[uid]
    assert u.captain is not None        # only a unit with a captain has one fall
    sac = state.catalog.captains[u.captain].sacrifice
    for tid in targets:
        for fx in sac.once:
            apply_effect(state, u, state.units[tid], fx, dice, events, sac.name, by_player=u.owner)
    if sac.persistent and u.models:
        events.append(Event("ruling", f"Sacrifice — {sac.name}: {sac.text}", wounds.R_SACRIFICE))


def use_reaction(state: DBState, u: Unit, pname: str, cause: int, dice, events: list, trigger: str) -> None:
    for p, part in flow.reaction_powers(state, u.uid, trigger):
        if p.name != pname:
            continue
        stats.add_fatigue(state, part, p.cost, events, p.name, R_COST)
        u.used = u.used + (p.name,)
        events.append(Event("power", f"{stats.label(state, u)} reacts: {p.name}", R_REACT, depth=1,
                            data={"uid": u.uid, "power": p.name}))
        c = state.units.get(cause)
        t = u if p.target == "self" or c is None else c
        push(state, Casualties())
        for fx in p.effects:
            apply_effect(state, u, t, fx, dice, events, p.name, by_player=u.owner, paying=part)
        return
    raise KeyError(pname)


def preview(state: DBState, u: Unit, key: str, target: int | None) -> list[str]:
    kind, rng, effects = spec_of(state, u, key)
    t = state.units.get(target) if target is not None else u
    out = []
    if key == COMBINED:
        for half, part in _halves(state, u):
            out.append(f"{half.name} ({possessive(stats.card(part).name)} half): cost {half.cost} on its card — {half.text}")
    else:
        p, part = find(state, u, key)
        out.append(f"{p.name}: cost {p.cost} fatigue on {possessive(stats.card(part).name)} card — {p.text}")
    for fx in effects:
        if fx.kind == "hits" and t is not None and t.models:
            pool = dicepool.pool_of(fx.dice)
            up, down, _ = modifiers.roll_mods(state, u, "power", {"other": t})
            pool = dicepool.modify(pool, up, down, state=state)
            per = tuple(dicepool.pool_of(stats.defense_spec(t, not space.engaged_pair(state, u, t))))
            dist = dicepool.wounds_dist(state.catalog, tuple(pool), per)
            out.append(f"Roll {dicepool.describe_pool(pool)}: expected {dicepool.expected(dist):.2f} wounds")
        elif fx.kind == "attack" and t is not None and t.models:
            out.extend(combat.preview_lines(state, u, t, fx.weapon))
    if flow.oa_candidates(state, u.uid):
        out.append("Engaged: the enemy may make an opportunity attack first.")
    return out
