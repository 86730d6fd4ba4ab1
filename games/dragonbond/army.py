"""Army building: captains and archetypes, generals, huge creatures, the
duplicates rule, the Dragonbond declaration and our selection limits.
dragonbond.txt § Army Selection, § Generals, § Customizing Units,
§ Dragonbond, § Duplicates, § Activating the Bond.
"""
from __future__ import annotations

from games.dragonbond.defs import Army

R_SELECT = "dragonbond.txt § Army Selection"
R_GENERALS = "dragonbond.txt § Generals"
R_CUSTOM = "dragonbond.txt § Customizing Units"
R_DUPES = "dragonbond.txt § Duplicates"
R_BOND = "dragonbond.txt § Activating the Bond"
R_CONTROL = "dragonbond.txt § Control"


def army_problems(cat, army: Army, mode: str = "") -> list[tuple[str, str, tuple]]:
    """Every way `army` breaks the rules: (message, rule, location in the
    army's data).  `mode` "control" also needs a general."""
    out: list[tuple[str, str, tuple]] = []
    captains: dict[str, int] = {}
    huge: dict[str, int] = {}
    generals = []
    points = 0
    lim = cat.limits.get(army.size)
    for i, au in enumerate(army.units):
        card = cat.units[au.unit]
        where = ("units", i)
        points += card.points
        if card.faction != army.faction:
            out.append((f"{card.name} fights for another faction ({card.faction})", R_SELECT, where + ("unit",)))
        if card.kind == "unit":
            if au.captain is None:
                out.append((f"{card.name} must be led by a captain", R_CUSTOM, where))
            elif cat.captains[au.captain].unit != au.unit:
                cap = cat.captains[au.captain]
                out.append((f"{cap.name} leads {cat.units[cap.unit].name}, not {card.name}", R_CUSTOM,
                            where + ("captain",)))
            if au.archetype is not None:
                out.append((f"{card.name} takes a captain, not an archetype", R_CUSTOM, where + ("archetype",)))
            if au.captain is not None:
                if au.captain in captains:
                    out.append((f"{cat.captains[au.captain].name} already leads unit {captains[au.captain] + 1}: "
                                "choose another captain", R_DUPES, where + ("captain",)))
                captains.setdefault(au.captain, i)
        else:
            if au.archetype is None:
                out.append((f"{card.name} must take an archetype", R_CUSTOM, where))
            elif au.unit not in cat.archetypes[au.archetype].units:
                out.append((f"{cat.archetypes[au.archetype].name} is not an archetype of {card.name}", R_CUSTOM,
                            where + ("archetype",)))
            if au.captain is not None:
                out.append((f"{card.name} takes an archetype, not a captain", R_CUSTOM, where + ("captain",)))
        if card.kind == "general":
            generals.append(i)
        if card.kind == "huge":
            if au.unit in huge:
                out.append((f"the army already has {card.name} (unit {huge[au.unit] + 1})", R_DUPES, where + ("unit",)))
            huge.setdefault(au.unit, i)
    if len(generals) > (lim.max_generals if lim else 1):
        out.append(("an army may contain up to one general", R_GENERALS, ("units", generals[1])))
    if mode == "control" and not generals:
        out.append(("Control needs a general in every army", R_CONTROL, ("units",)))
    if lim is not None:
        if points > lim.points:
            out.append((f"{points} points is over the {lim.name} limit of {lim.points}", R_SELECT, ("units",)))
        if len(army.units) > lim.max_units:
            out.append((f"{len(army.units)} units is over the {lim.name} limit of {lim.max_units}", R_SELECT,
                        ("units",)))
        n_huge = sum(1 for au in army.units if cat.units[au.unit].kind == "huge")
        if n_huge > lim.max_huge:
            out.append((f"{n_huge} huge creatures is over the {lim.name} limit of {lim.max_huge}", R_SELECT,
                        ("units",)))
    if army.bond is not None:
        dragon = cat.units.get(army.bond)
        if dragon is None or not dragon.dragon:
            out.append((f"{army.bond!r} is not a dragon", R_BOND, ("bond",)))
        elif army.bond not in huge:
            out.append((f"{dragon.name} is not in the army", R_BOND, ("bond",)))
        if not generals:
            out.append(("only a general can bond with a dragon", R_BOND, ("bond",)))
    return out


def army_points(cat, army: Army) -> int:
    return sum(cat.units[au.unit].points for au in army.units)
