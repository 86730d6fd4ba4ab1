"""Army building: what a unit and an army cost, what a unit in a list *is*
(its profile), and every way a list breaks the army rules.

battle_valor_fantasy.txt § The Cost of Things (troop costs per stand by
experience, +1 double handed and pole weapons, +1/+2/+3 armour, 10 points a
command stand, the General free), § Unit Sizes, § Each Army Must Include the
Following, § Limitations (the playtest limits per 1000 points, an option),
§ Characters (a second of a type only once there is one of each).

`validate_army(catalog, army, options)` is pure: it returns every problem
(reason, rule, where in the list's data) and never raises, whatever the list
holds.  List files (the shared roster format) are read in roster.py.  Decisions: docs/games/battle_valor_fantasy.md § Army building.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping

from games.battle_valor_fantasy.rules.defs import ArmyList, Armour, Base, Effect, ListUnit

F = "battle_valor_fantasy.txt"
R_COST = f"{F} § The Cost of Things"
R_POINTS = f"{F} § Points"
R_SIZES = f"{F} § Unit Sizes"
R_TYPES = f"{F} § Unit Types"
R_MUST = f"{F} § Each Army Must Include the Following"
R_LIMITS = f"{F} § Limitations"
R_BESTIARY = f"{F} § Bestiary"
R_BASES = f"{F} § Miniature Bases"
R_WEAPONS = f"{F} § Weapon Attributes"
R_ARMOUR = f"{F} § Armor Values"
R_SHIELDS = f"{F} § Shield Wall"
R_INTRO = f"{F} § Introduction"
R_CHARACTERS = f"{F} § Characters"
R_MOVING_CHARACTERS = f"{F} § Moving Characters"
R_CHARACTER_TYPES = f"{F} § Characters Types"
R_MISSILE = f"{F} § Phase 8 Fire Missile Units"
COMMAND_STAND_COST = 10            # § The Cost of Things
ORDINARY_CHARACTERS = ("apothecary", "assassin", "captain", "seer", "thief", "wizard")


@dataclass(frozen=True)
class Problem:
    """One way a list breaks the rules: `where` is the path to the offending
    value in the list's data (keys and indexes), for `file:line` messages."""
    reason: str
    rule: str
    where: tuple = ()
    incomplete: bool = False     # more picks can mend it (too few of something): a builder still takes picks

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})"


@dataclass(frozen=True)
class ArmyOptions:
    """`points`: the game size (None: the list's own); `playtest`: apply the
    playtest limitations per 1000 points."""
    points: int | None = None
    playtest: bool = False

    @classmethod
    def of(cls, options) -> "ArmyOptions":
        if options is None:
            return cls()
        if isinstance(options, ArmyOptions):
            return options
        if isinstance(options, Mapping):
            pts = options.get("points")
            return cls(points=int(pts) if pts not in (None, "", 0) else None,
                       playtest=bool(options.get("playtest", options.get("playtest_limits", False))))
        return cls()


# ---- costs -----------------------------------------------------------------------

def unit_points(cat, unit: ListUnit) -> int:
    """Points of one unit (§ The Cost of Things; mounts: our prices).  The
    command stand is one of the unit's stands, bought as an upgrade: the
    text's example pays weapons and armour for all 6 stands and 10 for the
    command stand."""
    troop = cat.troops[unit.troop]
    ut = cat.unit_types[troop.unit_type]
    weapon = cat.weapons.get(unit.weapon or troop.weapons[0])
    per_stand = ut.cost.of(unit.experience)
    per_stand += weapon.cost if weapon else 0
    per_stand += cat.armour[unit.armour].cost if unit.armour in cat.armour else 0
    if unit.missile in cat.weapons:
        per_stand += cat.weapons[unit.missile].cost
    if unit.mount in cat.mounts:
        per_stand += cat.mounts[unit.mount].cost
    return unit.stands * per_stand + (COMMAND_STAND_COST if unit.command else 0)


def character_points(cat, ctype: str, level: str) -> int:
    c = cat.characters.get(ctype)
    return (c.cost.of(level) or 0) if c else 0


def army_points(cat, army: ArmyList) -> int:
    """Every unit and character; the General is free."""
    total = 0
    for u in army.units:
        if u.troop in cat.troops:
            total += unit_points(cat, u)
    for c in army.characters:
        total += character_points(cat, c.type, c.experience)
    return total


# ---- what a unit is -----------------------------------------------------------

@dataclass(frozen=True)
class UnitProfile:
    """A unit of a list resolved against the catalog: everything the rules
    need to know about it before the battle changes it."""
    name: str
    troop: str
    unit_type: str
    race: str
    stands: int
    experience: str
    modifier: int                     # the experience modifier
    mr: float                         # inches
    base: Base
    figures: int
    attacks: int | str                # per stand, or "current_mr"
    weapon: str
    missile: str | None
    machine: str | None
    armour: Armour                    # effective: bought, hide, mount
    shields: bool
    command: bool                     # a command stand bought
    counts_as_command: bool           # bought, or Independent
    mount: str | None
    mounted: bool
    large: bool
    rules: tuple = ()                 # (rule id, level, Effect) of troop and mount
    race_effect: Effect | None = None  # the General's race attribute, if this unit is of his race
    points: int = 0
    mounted_missile: bool = False     # Mounted Missile Troops: two orders
    wounds: int = 0                   # monstrous creatures (= MR) and war machines (machine + crew)

    def has(self, rule_id: str) -> bool:
        return any(r == rule_id for r, _, _ in self.rules)

    def effects(self) -> list[Effect]:
        out = [e for _, _, e in self.rules]
        if self.race_effect is not None:
            out.append(self.race_effect)
        return out


def unit_profile(cat, army: ArmyList, index: int) -> UnitProfile:
    """The profile of `army.units[index]` (the list must be valid)."""
    u = army.units[index]
    troop = cat.troops[u.troop]
    ut = cat.unit_types[troop.unit_type]
    mount = cat.mounts.get(u.mount) if u.mount else None
    troop_rules = cat.effects(troop.rules)
    mount_rules = cat.effects(mount.rules) if mount else []
    level = cat.armour[u.armour].level
    for _, _, e in troop_rules:
        if e.armour is not None:
            level = max(level, cat.armour[e.armour].level)
    for _, _, e in mount_rules:
        level += e.rider_armour_up
    armour = cat.armour_by_level(min(level, 3))
    race = u.race or army.race
    general_race = army.general.race or army.race
    race_effect = cat.races[race].effect if race == general_race and race in cat.races else None
    independent = any(e.independent for _, _, e in troop_rules)
    mr = troop.mr or (mount.mr if mount else ut.mr)
    wounds = 0
    if any(e.monstrous for _, _, e in troop_rules):
        wounds = int(mr)
    elif ut.machine_wounds or ut.crew_wounds:
        wounds = ut.machine_wounds + ut.crew_wounds
    return UnitProfile(
        name=u.name, troop=u.troop, unit_type=troop.unit_type, race=race, stands=u.stands,
        experience=u.experience, modifier=cat.experience[u.experience].modifier, mr=mr,
        base=cat.base_of(u.troop), figures=cat.figures_of(u.troop),
        attacks=mount.attacks if mount else troop.attacks, weapon=u.weapon or troop.weapons[0],
        missile=u.missile, machine=troop.machine, armour=armour, shields=u.shields, command=u.command,
        counts_as_command=u.command or independent, mount=u.mount, mounted=ut.mounted, large=ut.large,
        rules=tuple(troop_rules + mount_rules), race_effect=race_effect, points=unit_points(cat, u),
        mounted_missile=ut.mounted and troop.unit_type == "cavalry" and u.missile is not None, wounds=wounds)


# ---- validation --------------------------------------------------------------------

def validate_army(cat, army: ArmyList, options=None) -> list[Problem]:
    """Every way `army` breaks the army rules, as Problems; [] when it is a
    legal army.  `options`: ArmyOptions or a mapping with `points` (the
    game size; default the list's) and `playtest` (the playtest limits)."""
    opts = ArmyOptions.of(options)
    out: list[Problem] = []
    size = opts.points or army.points
    names: dict[str, int] = {}
    for i, u in enumerate(army.units):
        where = ("units", i)
        if u.name in names:
            out.append(Problem(f"two units are called {u.name!r} (units {names[u.name] + 1} and {i + 1}); "
                               "characters and hidden notes name units, so names must differ", R_INTRO,
                               where + ("name",)))
        names.setdefault(u.name, i)
        out.extend(_unit_problems(cat, army, u, where))
    for key, race in (("race", army.race), (("general", "race"), army.general.race)):
        if race is not None and race not in cat.races:
            out.append(Problem(f"unknown race {race!r} (known: {', '.join(cat.races)})", R_INTRO,
                               key if isinstance(key, tuple) else (key,)))
    out.extend(_character_problems(cat, army, names))
    for lim in cat.limits.values():
        if lim.optional and not (opts.playtest and lim.id == "playtest"):
            continue
        out.extend(_limit_problems(cat, army, lim, size))
    total = army_points(cat, army)
    if total > size:
        out.append(Problem(f"the army costs {total} points, over the game's {size}", R_POINTS, ("units",)))
    return out


def _unit_problems(cat, army: ArmyList, u: ListUnit, where: tuple) -> list[Problem]:
    out: list[Problem] = []
    troop = cat.troops.get(u.troop)
    if troop is None:
        return [Problem(f"unknown troop {u.troop!r} (the bestiary has: {', '.join(cat.troops)})", R_BESTIARY,
                        where + ("troop",))]
    ut = cat.unit_types[troop.unit_type]
    if u.race is not None and u.race not in cat.races:
        out.append(Problem(f"unknown race {u.race!r} (known: {', '.join(cat.races)})", R_INTRO, where + ("race",)))
    if u.stands < ut.min_stands:
        out.append(Problem(f"{u.name}: {ut.name} units have at least {ut.min_stands} stands (got {u.stands})",
                           R_SIZES, where + ("stands",)))
    elif u.stands > ut.max_stands:
        what = ("are individual units by themselves" if ut.max_stands == 1
                else f"have at most {ut.max_stands} stands (our bound: the text sets none)")
        out.append(Problem(f"{u.name}: {ut.name} units {what} (got {u.stands})", R_SIZES, where + ("stands",)))
    weapon_id = u.weapon or troop.weapons[0]
    weapon = cat.weapons.get(weapon_id)
    if weapon is None or weapon.kind != "melee":
        out.append(Problem(f"{u.name}: {weapon_id!r} is not a close-combat weapon (known: "
                           f"{', '.join(w for w, d in cat.weapons.items() if d.kind == 'melee')})", R_WEAPONS,
                           where + ("weapon",)))
        weapon = None
    elif weapon_id not in troop.weapons:
        out.append(Problem(f"{u.name}: {troop.name} fight with {', '.join(troop.weapons)}, not {weapon_id}",
                           R_BESTIARY, where + ("weapon",)))
    if u.missile is not None:
        m = cat.weapons.get(u.missile)
        if m is None or m.kind != "missile":
            out.append(Problem(f"{u.name}: {u.missile!r} is not a missile weapon (known: "
                               f"{', '.join(w for w, d in cat.weapons.items() if d.kind == 'missile')})", R_MISSILE,
                               where + ("missile",)))
        elif troop.missile == "never":
            hint = " (foot that shoot are Missile Troops, 2 to a 40 x 20 mm base)" if ut.id == "infantry" else ""
            out.append(Problem(f"{u.name}: {troop.name} carry no missile weapons{hint}", R_BASES, where + ("missile",)))
    elif troop.missile == "required":
        out.append(Problem(f"{u.name}: {troop.name} need a missile weapon (missile: bow, crossbow, ...)", R_BASES,
                           where + ("missile",)))
    if u.armour not in cat.armour:
        out.append(Problem(f"{u.name}: unknown armour {u.armour!r} (known: {', '.join(cat.armour)})", R_ARMOUR,
                           where + ("armour",)))
    elif u.armour != "none" and not troop.armour:
        why = ("war machines count as having heavy armour" if ut.id == "war_machine"
               else "its hide is its armour" if any(e.armour for _, _, e in cat.effects(troop.rules))
               else "beasts wear no armour")
        out.append(Problem(f"{u.name}: {troop.name} cannot buy armour ({why})", R_BESTIARY, where + ("armour",)))
    if u.shields:
        if not troop.shields:
            out.append(Problem(f"{u.name}: {troop.name} carry no shields", R_SHIELDS, where + ("shields",)))
        elif weapon is not None and weapon.two_handed:
            out.append(Problem(f"{u.name}: {weapon.name} take both hands: no shields with them", R_SHIELDS,
                               where + ("shields",)))
    if troop.mount:
        if u.mount is None:
            out.append(Problem(f"{u.name}: cavalry ride a mount (mount: {', '.join(cat.mounts)})", R_BESTIARY,
                               where + ("mount",)))
        elif u.mount not in cat.mounts:
            out.append(Problem(f"{u.name}: unknown mount {u.mount!r} (known: {', '.join(cat.mounts)})", R_BESTIARY,
                               where + ("mount",)))
    elif u.mount is not None:
        out.append(Problem(f"{u.name}: only cavalry ride mounts", R_BESTIARY, where + ("mount",)))
    if u.command:
        if ut.max_stands == 1:
            out.append(Problem(f"{u.name}: a {ut.name} is a unit by itself, without a command stand", R_SIZES,
                               where + ("command",)))
        elif any(e.independent for _, _, e in cat.effects(troop.rules)):
            out.append(Problem(f"{u.name}: {troop.name} are Independent and always count as having a command "
                               "stand: do not buy one", R_BESTIARY, where + ("command",)))
    return out


def _character_problems(cat, army: ArmyList, names: dict) -> list[Problem]:
    out: list[Problem] = []
    counts = {c: 0 for c in ORDINARY_CHARACTERS if c in cat.characters}
    for i, ch in enumerate(army.characters):
        where = ("characters", i)
        ctype = cat.characters.get(ch.type)
        if ctype is None:
            out.append(Problem(f"unknown character {ch.type!r} (known: {', '.join(cat.characters)})",
                               R_CHARACTER_TYPES, where + ("type",)))
            continue
        if ch.type == "general":
            out.append(Problem("the General is given under `general:`; an army has one, and only one", R_MUST,
                               where + ("type",)))
            continue
        if ctype.cost.of(ch.experience) is None:
            out.append(Problem(f"a {ctype.name} comes as {', '.join(x for x in ('regular', 'veteran', 'elite') if ctype.cost.of(x) is not None)}",
                               R_CHARACTER_TYPES, where + ("experience",)))
        if ch.race is not None and ch.race not in cat.races:
            out.append(Problem(f"unknown race {ch.race!r}", R_INTRO, where + ("race",)))
        if ch.attached_to is None:
            if ctype.attach == "required":
                out.append(Problem(f"a {ctype.name} starts the game attached to a unit",
                                   R_MOVING_CHARACTERS, where + ("attached_to",)))
        elif ch.attached_to not in names:
            out.append(Problem(f"{ctype.name} is attached to {ch.attached_to!r}, which is no unit of this army",
                               R_MOVING_CHARACTERS, where + ("attached_to",)))
        else:
            target = army.units[names[ch.attached_to]]
            ut = cat.troops[target.troop].unit_type if target.troop in cat.troops else None
            if ut == "war_machine":
                out.append(Problem(f"{ctype.name} cannot join a war machine's crew", R_MOVING_CHARACTERS,
                                   where + ("attached_to",)))
        counts[ch.type] = counts.get(ch.type, 0) + 1
    if counts:
        low = min(counts.values())
        for ctype_id, n in counts.items():
            if n > low + 1:
                need = n - 1
                missing = [cat.characters[c].name for c, k in counts.items() if k < need]
                nth = {2: "second", 3: "third"}.get(n, f"{n}th")
                out.append(Problem(f"a {nth} {cat.characters[ctype_id].name} needs {need} of each character type "
                                   f"first (short: {', '.join(missing)})", R_CHARACTERS, ("characters",)))
    return out


def _limit_problems(cat, army: ArmyList, lim, size: int) -> list[Problem]:
    out: list[Problem] = []
    if lim.per_points:
        most = max(1, math.ceil(size / lim.per_points))
        least = max(1, size // lim.per_points)
    else:
        most = least = 1
    rule = f"{F} § {lim.rule}"
    for c in lim.counts:
        n = _count(cat, army, c)
        if c.exactly is not None and n != c.exactly * least:
            out.append(Problem(f"{c.text}: the army has {n}", rule, ("units",) if c.what == "units" else ("general",),
                               incomplete=n < c.exactly * least))
        if c.max is not None and n > c.max * most:
            scale = f" for {size} points" if lim.per_points else ""
            out.append(Problem(f"{c.text}{' per ' + str(lim.per_points) + ' points' if lim.per_points else ''}: "
                               f"at most {c.max * most}{scale}, the army has {n}", rule,
                               ("characters",) if c.what == "characters" else ("units",)))
        if c.min is not None and n < c.min * least:
            scale = f" for {size} points" if lim.per_points else ""
            out.append(Problem(f"{c.text}{' per ' + str(lim.per_points) + ' points' if lim.per_points else ''}: "
                               f"at least {c.min * least}{scale}, the army has {n}", rule,
                               ("characters",) if c.what == "characters" else ("units",), incomplete=True))
    return out


def _count(cat, army: ArmyList, c) -> int:
    if c.what == "general":
        return 1 + sum(ch.type == "general" for ch in army.characters)
    if c.what == "characters":
        return sum(1 for ch in army.characters if c.character is None or ch.type == c.character)
    n = 0
    for u in army.units:
        troop = cat.troops.get(u.troop)
        if troop is None:
            continue
        if c.unit_type is not None and troop.unit_type != c.unit_type:
            continue
        if c.experience is not None and u.experience != c.experience:
            continue
        n += 1
    return n


# ---- a roster -----------------------------------------------------------------------

def summary(cat, army: ArmyList) -> list[str]:
    """One line per unit and character with its points, and the total: the
    roster as a player reads it."""
    lines = [f"{army.name} ({army.race}, {army.points}-point game)"]
    lines.append(f"  General {army.general.name}: free")
    for u in army.units:
        if u.troop not in cat.troops:
            continue
        troop = cat.troops[u.troop]
        kit = [cat.weapons[u.weapon or troop.weapons[0]].name] if (u.weapon or troop.weapons[0]) in cat.weapons else []
        if u.missile in cat.weapons:
            kit.append(cat.weapons[u.missile].name)
        if u.armour in cat.armour and u.armour != "none":
            kit.append(cat.armour[u.armour].name)
        if u.shields:
            kit.append("Shields")
        if u.mount in cat.mounts:
            kit.append(cat.mounts[u.mount].name)
        if u.command:
            kit.append("Command Stand")
        lines.append(f"  {u.name}: {u.stands} {cat.experience[u.experience].name} {troop.name}"
                     f" ({', '.join(kit)}) = {unit_points(cat, u)}")
    for ch in army.characters:
        if ch.type in cat.characters:
            att = f", with {ch.attached_to}" if ch.attached_to else ""
            lines.append(f"  {ch.experience.title()} {cat.characters[ch.type].name}{att} = "
                         f"{character_points(cat, ch.type, ch.experience)}")
    lines.append(f"  Total: {army_points(cat, army)} of {army.points}")
    return lines
