"""What a unit is now: its experience modifier on everything, armour
rerolls, movement rate, attack dice, ranks, special rules in force and the
spells on it this turn.

battle_valor_fantasy.txt § Success Dice;, § Armor Values, § Weapon
Attributes, § Movement Rates (MR), § Bestiary, § Formations Special Rules;.
"""
from __future__ import annotations

import math

from games.battle_valor_fantasy.rules.state import BVFState, Unit

R_EXPERIENCE = "battle_valor_fantasy.txt § Army Construction;"
R_BESTIARY = "battle_valor_fantasy.txt § Bestiary"
RANKS = {"levy": 0, "regular": 1, "veteran": 2, "elite": 3}


def name(u: Unit) -> str:
    return u.name


def effects(u: Unit) -> list:
    return [] if u.profile is None else u.profile.effects()


def any_effect(u: Unit, attr: str):
    for e in effects(u):
        v = getattr(e, attr)
        if v:
            return v
    return None


def experience_mods(state: BVFState, u: Unit) -> list[tuple[str, int]]:
    """The Successes the unit adds or loses on everything it attempts."""
    out = []
    if u.profile is not None and u.profile.modifier:
        out.append((u.level.capitalize(), u.profile.modifier))
    if u.profile is not None:
        for rid, _, e in u.profile.rules:
            if e.all_rolls:
                out.append((state.catalog.special_rules[rid].name, e.all_rolls))
    bad = u.effects.get("all_rolls", 0)
    if bad:
        out.append(("Bad Luck", bad))
    return out


def rank(u: Unit) -> int:
    return RANKS.get(u.level, 1)


def armour_level(u: Unit) -> int:
    if u.profile is None:
        return 3 if u.kind != "unit" else 0
    lvl = u.profile.armour.level
    if u.effects.get("corrosion"):
        lvl = max(0, lvl - 1)
    return lvl


def armour_rerolls(state: BVFState, u: Unit) -> int:
    if u.profile is not None and u.profile.machine:
        return 3                 # § Attacking War Machines: heavy armour
    return state.catalog.armour_by_level(armour_level(u)).rerolls


def base_mr(u: Unit) -> float:
    if u.profile is None:
        return 6.0
    mr = u.profile.mr
    if any_effect(u, "monstrous"):
        mr = max(0.0, mr - u.wounds)
    return mr


def weapon(state: BVFState, u: Unit):
    if u.profile is None:
        return None
    return state.catalog.weapons.get(u.profile.weapon)


def missile(state: BVFState, u: Unit):
    if u.profile is None:
        return None
    if u.profile.machine:
        return state.catalog.weapons.get(u.profile.machine)
    if u.profile.missile:
        return state.catalog.weapons.get(u.profile.missile)
    return None


def weapon_kind(state: BVFState, u: Unit) -> str:
    w = weapon(state, u)
    if w is None:
        return "hand"
    if w.pole:
        return "pole"
    if w.negates_armour:
        return "double_handed"
    return "hand"


def is_pike(state: BVFState, u: Unit) -> bool:
    w = weapon(state, u)
    return w is not None and w.stops_impact


def spellcaster(u: Unit) -> bool:
    return u.kind == "wizard"


def causes(u: Unit) -> str | None:
    c = None
    for e in effects(u):
        if e.causes == "terror":
            return "terror"
        if e.causes == "fear":
            c = "fear"
    return c


def large(u: Unit) -> bool:
    return u.profile is not None and u.profile.large


def mounted(u: Unit) -> bool:
    return u.profile is not None and u.profile.mounted


def cavalry(u: Unit) -> bool:
    return u.profile is not None and u.profile.unit_type == "cavalry"


def independent(u: Unit) -> bool:
    return bool(any_effect(u, "independent"))


def has_leader(u: Unit) -> bool:
    """A command stand still alive, or Independent (always counts as having one)."""
    return independent(u) or (u.command_stand() is not None and "leader" not in u.marks)


def has_musician(u: Unit) -> bool:
    return u.command_stand() is not None and not u.effects.get("musician_lost") and "musician" not in u.marks


def has_standard(u: Unit) -> bool:
    return u.standard and u.command_stand() is not None and "standard" not in u.marks


def never_flees(u: Unit) -> bool:
    return bool(any_effect(u, "never_flees")) or (u.profile is not None and u.profile.troop == "berserkers")


def machine(u: Unit) -> bool:
    return u.profile is not None and u.profile.machine is not None


def monstrous(u: Unit) -> bool:
    return bool(any_effect(u, "monstrous"))


def ranks_deep(u: Unit) -> int:
    n = len(u.stands) - len(u.stragglers)
    if u.formation == "wedge":
        k, r = 0, 0
        while k < n:
            r += 1
            k += r
        return r
    if u.formation in ("column", "snake"):
        return n
    return max(1, math.ceil(n / max(1, min(u.files, n or 1))))


def attack_dice(u: Unit) -> int:
    """One die per figure (a stand's attacks shared among its figures);
    monstrous creatures attack with their current MR."""
    if u.profile is None or machine(u):
        return 0
    if u.profile.attacks == "current_mr" or monstrous(u):
        return int(base_mr(u))
    per_stand = int(u.profile.attacks)
    figs = max(1, u.profile.figures)
    return sum(s.figures for s in u.stands if s.sid not in u.stragglers) * per_stand // figs


def formation(state: BVFState, u: Unit):
    return state.catalog.formations.get(u.formation)


def in_line(u: Unit) -> bool:
    """More stands wide than deep (§ Line;)."""
    return u.formation in ("line", "shield_wall") and ranks_deep(u) < min(u.files, len(u.stands))


def in_attack_column(u: Unit) -> bool:
    return u.formation == "attack_column"


def ignore_wounds(u: Unit) -> int:
    return sum(e.ignore_wounds for e in effects(u))


def living(state: BVFState, player: int) -> list[Unit]:
    return [u for u in state.units.values() if u.owner == player and u.on_table and u.kind == "unit"]
