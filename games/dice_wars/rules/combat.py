"""Weapon attacks, counterstrikes, damage and death.
dice_wars.txt § Weapon Attacks, § Attack Types, § Traits, Challenge VII.
"""
from __future__ import annotations

from engine.hex import grid as hexgrid
from engine.core import odds
from engine.core.rules import Event
from engine.core.rulings import reading
from engine.core.words import possessive
from games.dice_wars.rules import stats, victory
from games.dice_wars.rules.rulings import LEY_LINES_DEFENDERS
from games.dice_wars.rules.state import Cond, DWState, Unit, on_map

R_ATTACK = "dice_wars.txt § Weapon Attacks"
R_TERRAIN = "dice_wars.txt § Terrain"
R_GUARD = "dice_wars.txt § Guarding"
R_VET = "dice_wars.txt § Challenge VII: Veteran Units"
R_CLAR = "dice_wars.txt § Rule Clarifications"


def contest_terms(state: DWState, att: Unit | None, dfn: Unit, counterstrike: bool = False,
                  power: int | None = None, magic: bool | None = None):
    """(dice, sides, attack modifier, attack notes, defense modifier, defense
    notes) for a roll of att against dfn.  Physical: 2d6 + attack vs 2d6 +
    defense; magic: d20 vs d20, defense ignored, only magic bonuses count."""
    if magic is None:
        assert att is not None, "a relic spell's roll (no unit) says whether it is magic (skills.resolve)"
        magic = stats.is_magic(att) if power is None else False
    an: list = []
    dn: list = []
    td = state.catalog.terrain
    if att is None:          # a relic spell: no unit rolls it, only its power counts
        kind = "magic" if magic else "spell"
        a = power or 0
        an.append((f"spell power {a}", "dice_wars.txt § Challenge I: Ancient Relics"))
        if magic:
            d = stats.roll_modifier(state, dfn, None, "magic", False, kind, dn)
            bonus = td[stats.terrain(state, on_map(dfn))].magic_bonus
            if bonus and reading(state, LEY_LINES_DEFENDERS.id) == "both":
                d += bonus
                dn.append((f"Ley Lines +{bonus} magic", R_TERRAIN))
            return 1, 20, a, an, d, dn, kind
        d = stats.static_stat(state, dfn, "defense", dn) + stats.roll_modifier(state, dfn, None, "defense", False, kind, dn)
        return 2, 6, a, an, d, dn, kind
    kind = "magic" if magic else stats.card(att).weapon
    if magic:
        a = (power or 0) + stats.roll_modifier(state, att, dfn, "magic", True, kind, an, counterstrike)
        d = stats.roll_modifier(state, dfn, att, "magic", False, kind, dn, counterstrike)
        for who, notes, _sign in ((att, an, 1), (dfn, dn, 1)):
            bonus = td[stats.terrain(state, on_map(who))].magic_bonus
            if who is dfn and reading(state, LEY_LINES_DEFENDERS.id) != "both":
                bonus = 0                  # house ruling: Ley Lines help only the attacker
            if bonus:
                notes.append((f"Ley Lines +{bonus} magic", R_TERRAIN))
                if who is att:
                    a += bonus
                else:
                    d += bonus
        return 1, 20, a, an, d, dn, kind
    if power is None:
        a = stats.static_stat(state, att, "attack", an)
        an.insert(0, (f"{stats.card(att).name} attack {stats.card(att).attack}", R_ATTACK))
    else:
        a = power
        an.insert(0, (f"skill power {power}", "dice_wars.txt § Skills"))
    a += stats.roll_modifier(state, att, dfn, "attack", True, kind, an, counterstrike)
    if kind == "melee" and power is None:
        bonus = td[stats.terrain(state, on_map(att))].melee_attack
        if bonus:
            a += bonus
            an.append((f"Badlands +{bonus} attack to melee units", R_TERRAIN))
    dn.append((f"{stats.card(dfn).name} defense {stats.card(dfn).defense}", R_ATTACK))
    d = stats.static_stat(state, dfn, "defense", dn)
    d += stats.roll_modifier(state, dfn, att, "defense", False, kind, dn, counterstrike)
    if dfn.guarding:
        d += 1
        dn.append(("guarding +1 defense", R_GUARD))
    return 2, 6, a, an, d, dn, kind


def hit_chance(state: DWState, att: Unit, dfn: Unit, **kw) -> float:
    n, s, a, _, d, _, _ = contest_terms(state, att, dfn, **kw)
    return odds.contest(n, s, a, n, s, d)


def roll_contest(state: DWState, dice, att: Unit | None, dfn: Unit, events: list, what: str, **kw) -> bool:
    """Roll until the tie is broken (§ Weapon Attacks); log every roll."""
    n, s, a, an, d, dn, kind = contest_terms(state, att, dfn, **kw)
    for text, rule in an:
        events.append(Event("modifier", "  attacker: " + text, rule))
    for text, rule in dn:
        events.append(Event("modifier", "  defender: " + text, rule))
    while True:
        ra = dice.roll(s, n)
        rd = dice.roll(s, n)
        ta, tdf = sum(ra) + a, sum(rd) + d
        events.append(Event("roll", f"{what}: {'+'.join(map(str, ra))}{a:+d} = {ta} vs "
                            f"{'+'.join(map(str, rd))}{d:+d} = {tdf}", R_ATTACK,
                            data={"dice": [[s, v] for v in ra] + [[s, v] for v in rd],
                                  "split": len(ra), "who": what,
                                  "labels": [stats.unit_label(state, att) if att else what,
                                             stats.unit_label(state, dfn)]}))
        if ta != tdf:
            return ta > tdf
        events.append(Event("ruling", "Tie: reroll until the tie is broken", R_ATTACK))


def damage(state: DWState, target: Unit, amount: int, killer: Unit | None, killer_owner: int,
           source: str, events: list) -> None:
    if target.hp <= 0 or amount <= 0:
        return
    sh = stats.has_status(target, "shielded")
    if sh is not None:
        target.conds.remove(sh)
        events.append(Event("ruling", f"{possessive(stats.unit_label(state, target))} shield absorbs the damage", "dice_wars.txt § Conditions"))
        return
    target.hp -= amount
    events.append(Event("damage", f"{stats.unit_label(state, target)} takes {amount} damage from {source} "
                        f"({max(0, target.hp)}/{target.max_hp} HP)", R_ATTACK,
                        data={"uid": target.uid, "amount": amount}))
    if target.hp <= 0:
        kill(state, target, killer, killer_owner, events)
        return
    found = stats.has_effect(state, target, "on_damaged")
    if found:
        # the condition is caused by whoever struck the blow, so it lasts
        # until that player's next phase (docs/games/dice_wars.md § Conditions)
        e, name, rule = found
        target.conds.append(Cond(e.stat, e.amount, killer_owner, name))
        events.append(Event("ruling", f"{name}: {e.amount:+d} {e.stat} until "
                            f"{possessive(state.players[killer_owner].name)} next phase", rule))


def kill(state: DWState, u: Unit, killer: Unit | None, killer_owner: int, events: list) -> None:
    events.append(Event("death", f"{stats.unit_label(state, u)} is killed", R_ATTACK, depth=1,
                        data={"uid": u.uid, "at": list(u.pos) if u.pos else None}))
    at = u.pos
    if at is not None and state.occupied.get(at) == u.uid:
        del state.occupied[at]
    u.hp = 0
    u.pos = None
    u.guarding = False
    if killer is not None and not stats.friendly(state, killer.owner, u.owner):
        for a in state.activations:
            if a.uid == killer.uid:
                a.kills += 1
    victory.after_death(state, u, killer_owner, events)
    # Kablooeey! and friends: on-death effects resolve after the death (§ Traits)
    t = stats.card(u).trait
    if t is not None and at is not None:
        for e in t.effects:
            if e.kind == "on_death":
                events.append(Event("ruling", f"{possessive(stats.card(u).name)} {t.name} goes off", "dice_wars.txt § Traits"))
                for h in hexgrid.within(at, e.radius):
                    v = stats.unit_at(state, h)
                    if v is None or v.hp <= 0:
                        continue
                    if e.affects == "enemies" and stats.friendly(state, v.owner, u.owner):
                        continue
                    damage(state, v, e.damage, None, u.owner, t.name, events)
    if (killer is not None and killer.hp > 0 and killer.tier == "advanced" and not killer.veteran
            and state.options.get("veterans") and not stats.friendly(state, killer.owner, u.owner)):
        promote(state, killer, events)


def promote(state: DWState, u: Unit, events: list) -> None:
    vet = state.catalog.veterans.get(u.cls)
    if vet is None:
        return
    old = stats.card(u).name
    u.veteran = True
    new_max = stats.resolve(state, u).hp
    u.hp = max(1, new_max - (u.max_hp - u.hp))
    u.max_hp = new_max
    events.append(Event("ruling", f"{old} becomes a veteran: {vet.name}", R_VET, data={"uid": u.uid}))


def weapon_attack(state: DWState, dice, att: Unit, dfn: Unit, events: list, counterstrike: bool = False) -> None:
    """One weapon attack (or a guard's counterstrike) of att on dfn."""
    what = "Counterstrike" if counterstrike else "Attack"
    hit = roll_contest(state, dice, att, dfn, events, what, counterstrike=counterstrike)
    if not hit:
        events.append(Event("ruling", "The defender rolls higher: no damage", R_ATTACK))
        return
    amount = 1
    for trait, name, rule in stats.trait_sources(state, att):
        for e in trait.effects:
            if e.kind == "extra_damage" and stats.when_holds(state, e.when, att, dfn, True, stats.attack_kind(att), counterstrike):
                amount += e.amount
                events.append(Event("ruling", f"{name}: +{e.amount} damage", rule))
    notes: list = []
    extra = stats.roll_modifier(state, att, dfn, "damage", True, stats.attack_kind(att), notes, counterstrike)
    for text, rule in notes:
        events.append(Event("ruling", text, rule))
    damage(state, dfn, amount + extra, att, att.owner, f"{possessive(stats.card(att).name)} {'counterstrike' if counterstrike else 'attack'}", events)
