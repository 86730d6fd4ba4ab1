"""Attacks: declaring, dice pools, modifiers, the attack and defense rolls,
ranged attacks into engaged units, wounds and consolidation.
dragonbond.txt § Attacks, § Ranged Attacks, § Ranged Attacks Against
Engaged Units, § Performing an Attack, § Flanking, § Charge [2].
"""
from __future__ import annotations


from engine.core.catalog_memo import per_catalog
from engine.core.rules import Event
from engine.core.odds import percent
from games.dragonbond.rules import dicepool, flow, modifiers, space, stats, wounds
from games.dragonbond.rules.frames import AttackAfter, AttackRoll, Casualties, push
from games.dragonbond.rules.state import DBState, Pending, Unit

R_ATTACKS = "dragonbond.txt § Attacks"
R_RANGED = "dragonbond.txt § Ranged Attacks"
R_SPLIT = "dragonbond.txt § Ranged Attacks Against"
R_PERFORM = "dragonbond.txt § Performing an Attack"
R_CONSOLIDATE = "dragonbond.txt § Performing an Attack"
R_LOS = "dragonbond.txt § Line of Sight"
R_ENGAGED = "dragonbond.txt § Engaged"
R_OA = "dragonbond.txt § 1. Opportunity Attack"


def target_problem(state: DBState, u: Unit, t: Unit | None, w) -> tuple | None:
    """Why `u` may not attack `t` with weapon `w` now (reason, rule), or None."""
    if t is None or not t.alive or not t.models:
        if t is not None and t.riding is not None:
            return ("While mounted, only the dragon may be targeted by attacks.",
                    "dragonbond.txt § The Dragonriding Keyword")
        return ("There is no such unit on the battlefield.", R_ATTACKS)
    if t.owner == u.owner:
        return ("Attacks are made against enemy units.", R_ATTACKS)
    if w.type == "melee":
        if not space.engaged_models(state, u, t):
            return (f"{stats.name(state, u)} is not engaged with {stats.name(state, t)}: melee attacks need "
                    "base-to-base contact (1\" with Reach).", R_ENGAGED)
        return None
    if space.engaged_pair(state, u, t):
        return (f"{stats.name(state, u)} is engaged with {stats.name(state, t)}: attack it in melee.", R_SPLIT)
    d = space.distance(state, u, t)
    if d > w.range + 1e-9:
        return (f"{stats.name(state, t)} is {d:.1f}\" away; {w.name} reaches {w.range:g}\".", R_ATTACKS)
    if not space.line_of_sight(state, u, t):
        return (f"No line of sight from {stats.name(state, u)} to {stats.name(state, t)}.", R_LOS)
    return None


def fighting_models(state: DBState, u: Unit, t: Unit, w) -> int:
    """Models that roll dice: engaged with the target (melee), or within
    range of it (ranged) (§ 2. Determine Engaged Models and Collect Dice).
    A mounted pair's weapons are each borne by one model."""
    if w.type == "melee":
        n = len(space.engaged_models(state, u, t))
    else:
        n = space.models_within(state, u, t, w.range)
    if u.rider is not None or stats.card(u).models == 1:
        return min(n, 1)
    return n


def attack_pool(state: DBState, u: Unit, t: Unit, w, charging: bool = False, notes: list | None = None,
                extra_up: int = 0, models: int | None = None) -> list[int]:
    n = fighting_models(state, u, t, w) if models is None else models
    base = dicepool.pool_of(w.dice, n)
    if not base:
        return []
    roll = "melee_attack" if w.type == "melee" else "ranged_attack"
    up, down, why = modifiers.roll_mods(state, u, roll, {"other": t, "charging": charging, "weapon": w.name})
    up += extra_up
    if notes is not None:
        notes.extend(why)
    return dicepool.modify(base, up, down, state=state)


def defense_pool(state: DBState, t: Unit, attacker: Unit | None, ranged: bool, hits: int,
                 notes: list | None = None) -> list[int]:
    spec = stats.defense_spec(t, ranged)
    base = dicepool.pool_of(spec, hits)
    if not base:
        return []
    up, down, why = modifiers.roll_mods(state, t, "ranged_defense" if ranged else "melee_defense", {"other": attacker})
    if notes is not None:
        notes.extend(why)
    return dicepool.modify(base, up, down, state=state)


def split_targets(state: DBState, u: Unit, t: Unit, w) -> list[Unit]:
    """The units a ranged attack's hits are shared among: the target and
    every unit engaged with it, nearest to the attacker first."""
    if w.type != "ranged":
        return [t]
    group = [t] + [state.units[x] for x in sorted(space.in_combat_with(state, t)) if x != u.uid]
    if len(group) == 1:
        return group
    return sorted(group, key=lambda v: (space.distance(state, u, v), v.uid))


# ---- the attack, in steps -------------------------------------------------------------------------

def declare(state: DBState, u: Unit, t: Unit, wname: str, kind: str, events: list, power: str = "",
            weapon_spec=None) -> None:
    """Start an attack.  kind: attack | charge | oa | power."""
    w = weapon_spec if weapon_spec is not None else stats.weapon(state, u, wname)[0]
    events.append(Event("attack", f"{stats.label(state, u)} attacks {stats.label(state, t)} with {w.name}"
                        f"{' (' + power + ')' if power else ''}"
                        f"{' — opportunity attack' if kind == 'oa' else ''}", R_PERFORM, depth=1,
                        data={"uid": u.uid, "target": t.uid, "weapon": w.name, "type": w.type}))
    push(state, AttackAfter(u.uid, t.uid, kind, w.type == "melee"))
    push(state, Casualties())
    push(state, AttackRoll(u.uid, t.uid, wname, kind, power, weapon_spec.model_dump() if weapon_spec is not None else None))
    if t.owner != u.owner:
        flow.ask_reaction(state, t.uid, "targeted", u.uid)
    if w.type == "ranged" and kind != "oa":
        enemies = flow.oa_candidates(state, u.uid)
        if enemies:
            flow.ask_oas(state, u.uid, enemies, "attempts a ranged attack while engaged")


def attack_roll(state: DBState, dice, events: list, uid: int, target: int, weapon: str, kind: str, power: str,
                spec) -> None:
    u, t = state.units[uid], state.units[target]
    if not (u.alive and u.models and t.alive and t.models):
        events.append(Event("ruling", "The attack does not happen: attacker or target is gone", R_PERFORM))
        return
    if spec is not None:
        from games.dragonbond.rules.defs import WeaponSpec
        w = WeaponSpec.model_validate(spec)
    else:
        w = stats.weapon(state, u, weapon)[0]
    if w.type == "melee" and not space.engaged_models(state, u, t):
        events.append(Event("ruling", f"{stats.name(state, u)} is no longer engaged with {stats.name(state, t)}: "
                            "the declared melee attack fails", R_ATTACKS))
        return
    notes: list = []
    pool = attack_pool(state, u, t, w, charging=kind == "charge", notes=notes)
    for text, rule in notes:
        events.append(Event("modifier", "  " + text, rule))
    if not pool:
        events.append(Event("ruling", f"No model of {stats.name(state, u)} can fight: no dice", R_PERFORM))
        flow.end_of_attack_temps(state, (u.uid, t.uid))
        return
    roll = dicepool.roll_action(state.catalog, dice, pool, stats.has(state, u, "sharp"), events,
                                f"{stats.name(state, u)} attacks", R_PERFORM, state=state)
    group = split_targets(state, u, t, w)
    dealt = {v.uid: [0, 0] for v in group}
    if len(group) > 1:
        for v, share in zip(group, shares(roll.hits, roll.crits, len(group))):
            dealt[v.uid] = share
        events.append(Event("ruling", f"{stats.name(state, t)} is engaged: the hits are shared, nearest first "
                            "(criticals first): " + ", ".join(f"{stats.name(state, v)} {dealt[v.uid][0]} hit"
                                                              f"{'s' if dealt[v.uid][0] != 1 else ''}"
                                                              + (f" + {dealt[v.uid][1]} critical"
                                                                 if dealt[v.uid][1] else "")
                                                              for v in group), R_SPLIT))
    else:
        dealt[t.uid] = [roll.hits, roll.crits]
    for v in group:
        h, c = dealt[v.uid]
        if h == 0 and c == 0:
            continue
        blocks = 0
        if h:
            dn: list = []
            dpool = defense_pool(state, v, u, w.type == "ranged", h, dn)
            for text, rule in dn:
                events.append(Event("modifier", "  " + text, rule))
            blocks = dicepool.roll_defense(state.catalog, dice, dpool, events, f"{stats.name(state, v)} defends", R_PERFORM,
                                           state=state)
        n = max(0, h - blocks) + c
        events.append(Event("ruling", f"{h} hit{'s' if h != 1 else ''} - {blocks} block{'s' if blocks != 1 else ''}"
                            f" + {c} critical = {n} wound{'s' if n != 1 else ''} on {stats.name(state, v)}",
                            R_PERFORM))
        wounds.add_wounds(state, v, n, u.owner, u.uid, events)
    flow.end_of_attack_temps(state, [u.uid] + [v.uid for v in group])


def attack_after(state: DBState, dice, events: list, uid: int, target: int, kind: str, melee: bool) -> None:
    """6. Consolidate (melee attacks only): models no longer engaged may
    move up to 2" to engage the unit they attacked."""
    u, t = state.units[uid], state.units[target]
    if not melee or kind == "oa":
        return
    if not (u.alive and u.models and t.alive and t.models):
        return
    from games.dragonbond.rules import movement
    if movement.plan_follow_up(state, u, t, what="consolidate") is None:
        return
    state.pending.append(Pending("follow_up", u.owner, uid, target, what="consolidate"))


def shares(hits: int, crits: int, n: int) -> list[list[int]]:
    """How hits and criticals are dealt among n units, nearest first,
    criticals first (§ Ranged Attacks Against Engaged Units), as the attack
    deals them: [[hits, crits] per unit]."""
    out = [[0, 0] for _ in range(n)]
    for i, k in enumerate(["c"] * crits + ["h"] * hits):
        out[i % n][0 if k == "h" else 1] += 1
    return out


def expected_by_unit(state: DBState, u: Unit, t: Unit, w, pool: list[int]) -> list[tuple[Unit, float]]:
    """Expected wounds on each unit the attack's hits reach (the target
    alone, or shared with the units engaged with it), exactly."""
    group = split_targets(state, u, t, w)
    sharp = stats.has(state, u, "sharp")
    ranged = w.type == "ranged"
    per = []
    for v in group:
        up, down, _ = modifiers.roll_mods(state, v, "ranged_defense" if ranged else "melee_defense", {"other": u})
        per.append((tuple(dicepool.pool_of(stats.defense_spec(v, ranged))), up - down))
    out = [0.0] * len(group)
    once = dicepool.each_die_once(state)          # the match's reading of dragonbond.changes_beyond_dice
    for (h, c), p in dicepool.attack_dist(state.catalog, tuple(pool), sharp):
        for i, (hh, cc) in enumerate(shares(h, c, len(group))):
            out[i] += p * (_expected_after_blocks(state.catalog, hh, per[i][0], per[i][1], once) + cc)
    return list(zip(group, out))


@per_catalog
def _expected_after_blocks(cat, hits: int, per_hit: tuple, net: int, once: bool = False) -> float:
    """Expected unblocked hits; `once`: the house ruling has each die change once."""
    if hits == 0:
        return 0.0
    dp = dicepool.modify(list(per_hit) * hits, max(net, 0), max(-net, 0), once=once)
    return sum(max(0, hits - b) * q for b, q in dicepool.blocks_dist(cat, tuple(dp)))


def preview_lines(state: DBState, u: Unit, t: Unit, w, charging: bool = False, models: int | None = None) -> list[str]:
    """Odds in words: the pools and the exact chance of each number of
    wounds (`models`: how many fight, if not those engaged now)."""
    out = []
    notes: list = []
    n = fighting_models(state, u, t, w) if models is None else models
    pool = attack_pool(state, u, t, w, charging, notes, models=n)
    if not pool:
        return ["No model can fight: no dice."]
    out.append(f"Attack: {dicepool.describe_pool(pool)} ({n} model{'s' if n != 1 else ''} fighting)")
    out.extend("  " + n for n, _ in notes)
    out.append("  each die — " + dicepool.odds_line(state.catalog, pool))
    sharp = stats.has(state, u, "sharp")
    dn: list = []
    per_hit = defense_pool(state, t, u, w.type == "ranged", 1, dn)
    base_per_hit = dicepool.pool_of(stats.defense_spec(t, w.type == "ranged"))
    out.append(f"Defense per hit: {dicepool.describe_pool(base_per_hit, 'defense')}"
               + (" (modified for the whole roll)" if dn else ""))
    out.extend("  " + n for n, _ in dn)
    if per_hit:
        out.append("  each die — " + dicepool.odds_line(state.catalog, per_hit, "defense"))
    up, down, _ = modifiers.roll_mods(state, t, "ranged_defense" if w.type == "ranged" else "melee_defense",
                                  {"other": u})
    group = split_targets(state, u, t, w)
    if len(group) > 1:
        split = expected_by_unit(state, u, t, w, pool)
        mine = next(e for v, e in split if v.uid == t.uid)
        out.append(f"Expected wounds: {mine:.2f} (the hits are shared, nearest first)")
        for v, e in split:
            if v.uid == t.uid:
                continue
            mine = v.owner == u.owner
            out.append(("Warning: " if mine else "") + f"{stats.name(state, v)}{' (yours!)' if mine else ''} takes "
                       f"{e:.2f} expected wounds of the shared hits ({R_SPLIT})")
        return out
    dist = _wounds_dist(state.catalog, tuple(pool), tuple(base_per_hit), up - down, sharp, dicepool.each_die_once(state))
    out.append(f"Expected wounds: {dicepool.expected(dist):.2f}")
    h = stats.health(t)
    out.append("Wounds: " + ", ".join(f"{k}+ {percent(dicepool.at_least(dist, k))}" for k in range(1, 6)
                                      if dicepool.at_least(dist, k) > 0.005))
    if stats.card(t).kind != "huge":
        kill = dicepool.at_least(dist, h - t.wounds)
        out.append(f"Kills at least one model: {percent(kill)}")
    return out


@per_catalog
def _wounds_dist(cat, pool: tuple, per_hit: tuple, net: int, sharp: bool, once: bool = False):
    """Exact wounds distribution, the defense modifiers applied to each
    possible number of hits (`once`: the match reads
    dragonbond.changes_beyond_dice as each die changing once)."""
    out: dict = {}
    for (hh, c), p in dicepool.attack_dist(cat, pool, sharp):
        if hh == 0:
            out[c] = out.get(c, 0.0) + p
            continue
        dp = dicepool.modify(list(per_hit) * hh, max(net, 0), max(-net, 0), once=once)
        for b, q in dicepool.blocks_dist(cat, tuple(dp)):
            w = max(0, hh - b) + c
            out[w] = out.get(w, 0.0) + p * q
    return tuple(sorted(out.items()))


def expected_wounds(state: DBState, u: Unit, t: Unit, w, charging: bool = False) -> float:
    pool = attack_pool(state, u, t, w, charging)
    if not pool:
        return 0.0
    base_per_hit = dicepool.pool_of(stats.defense_spec(t, w.type == "ranged"))
    up, down, _ = modifiers.roll_mods(state, t, "ranged_defense" if w.type == "ranged" else "melee_defense",
                                  {"other": u})
    return dicepool.expected(_wounds_dist(state.catalog, tuple(pool), tuple(base_per_hit), up - down,
                                          stats.has(state, u, "sharp"), dicepool.each_die_once(state)))
