"""Army building: captains and archetypes, generals, huge creatures, the
duplicates rule, the Dragonbond declaration and our selection limits.
dragonbond.txt § Army Selection, § Generals, § Customizing Units,
§ Dragonbond, § Duplicates, § Activating the Bond.
"""
from __future__ import annotations

from pydantic import ValidationError

from engine.core import malformed
from engine.core.catalog import error_words
from games.dragonbond.rules.defs import Army

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
            out.append((f"{n_huge} huge creature{'s are' if n_huge != 1 else ' is'} over the {lim.name} limit of {lim.max_huge}", R_SELECT,
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


# ---- army lists (engine/core/army_lists.py) -------------------------------------------------
BOND_TEXT = ("The Dragonbond (dragonbond.txt § Activating the Bond): before the game your general may bond "
             "with one of your dragons; both cards turn to their bonded side. Only a bonded general can mount "
             "its dragon (§ Dragonriding): in base contact, for half its speed (§ Mounting); the rider and "
             "dragon then act as one unit with the Dragonriding keyword and a combined power. Whether the "
             "general starts the game mounted is chosen at the table when the bond is declared (§ Starting "
             "the Game). Leave the bond empty to fight without it.")


MOUNT_TEXT = ("Starting mounted (dragonbond.txt § Starting the Game, § Dragonriding): the general begins the "
              "game riding its bonded dragon; the pair is one unit with the Dragonriding keyword, both archetypes "
              "on their mounted side, and only the dragon may be targeted. The general may dismount later for "
              "half its speed (§ Dismounting).")


def list_to_army(data: dict, army_id: str = "") -> Army:
    """An army-list mapping (game, name, fields, entries) as the catalog's Army."""
    units = [{k: v for k, v in e.items() if k in ("unit", "captain", "archetype")} for e in data["entries"]]
    return Army.model_validate({"id": army_id or data.get("id") or "list", "name": data["name"],
                                "faction": data.get("faction"), "size": data.get("size"),
                                "bond": data.get("bond"), "units": units})


def _options_for(cat, card) -> list:
    from engine.core.army_lists import Option, Slot
    if card.kind == "unit":
        opts = tuple(Option(c.id, c.name, f"{c.ability.name}: {c.ability.text} Sacrifice — {c.sacrifice.name}: "
                            f"{c.sacrifice.text}") for c in cat.captains.values() if c.unit == card.id)
        return [Slot("captain", "Captain", opts, True, text=f"Every unit is led by a captain; no captain twice "
                     f"({R_CUSTOM}, {R_DUPES}).")]
    opts = tuple(Option(a.id, a.name, " ".join(f"{p.name}: {p.text}" for p in a.regular.abilities)
                        + (f" Mounted: {a.mounted.combined.name} (half of a combined power)."
                           if a.mounted and a.mounted.combined else ""))
                 for a in cat.archetypes.values() if card.id in a.units)
    text = f"Generals and huge creatures take an archetype ({R_CUSTOM})."
    if card.kind == "general" or card.dragon:
        text += " Its mounted side is used while the general rides its bonded dragon."
    return [Slot("archetype", "Archetype", opts, True, text=text)]


def army_catalog(cat):
    """What a Dragonbond list may pick, and the limits, for the builder."""
    from engine.core.army_lists import ArmyCatalog, Option, Pick, Slot
    picks = []
    for card in cat.units.values():
        what = {"unit": "unit", "general": "general", "huge": "dragon" if card.dragon else "huge creature"}[card.kind]
        text = f"{card.name}: {what}, {card.models} model{'s' if card.models != 1 else ''}, {card.points} points."
        if card.text:
            text += " " + card.text
        picks.append(Pick(card.id, card.name, card.kind, card.points, card.faction, text,
                          tuple(_options_for(cat, card))))
    factions = list(dict.fromkeys(c.faction for c in cat.units.values()))      # in card order
    names = {"dawn": "Dawnspire", "blood": "Blood Dominion"}
    sizes = tuple(Option(k, lim.name, f"up to {lim.points} points, {lim.max_units} units, {lim.max_huge} huge "
                                    f"creature{'s' if lim.max_huge != 1 else ''}, {lim.max_generals} general")
                  for k, lim in cat.limits.items())
    dragons = tuple(Option(c.id, c.name, "a dragon your general may bond with") for c in cat.units.values()
                    if c.dragon)
    fields = (Slot("faction", "Faction", tuple(Option(f, names.get(f, f.title())) for f in factions), True,
                   text=f"Every unit fights for the army's faction ({R_SELECT})."),
              Slot("size", "Battle size", sizes, True,
                   text="Our limits (§ Selecting Units is still under development in the text): points, units "
                        "and huge creatures per battle size."),
              Slot("bond", "Dragonbond", dragons, False, text=BOND_TEXT))
    limits = tuple(f"{lim.name}: {o.text} ({R_SELECT}, house)" for o, lim in zip(sizes, cat.limits.values()))
    limits += (f"Up to one general ({R_GENERALS}); Control needs one ({R_CONTROL}).",
               f"No captain twice and no huge creature twice ({R_DUPES}).")
    return ArmyCatalog("dragonbond", "unit", tuple(picks), fields, "faction", limits,
                       "Pick a faction and a battle size, then units (each with a captain) and generals or huge "
                       "creatures (each with an archetype).")


def _list_place(loc: tuple) -> tuple:
    """Where a field of the catalog's Army sits in the list's data (units are entries)."""
    return ("entries",) + tuple(loc[1:]) if loc[:1] == ("units",) else tuple(loc)


def list_problems(cat, army_list) -> list:
    """The army rules on a list, located in the list's own terms."""
    from engine.core.army_lists import ArmyProblem
    try:
        army = list_to_army(army_list.to_dict())
    except ValidationError as e:                # each field in the list's own terms
        return [ArmyProblem(error_words(err), R_SELECT, _list_place(err["loc"])) for err in e.errors()[:20]]
    except Exception as e:                      # noqa: BLE001 - a shape list_to_army cannot read
        return [ArmyProblem(f"not an army: {malformed.explain(e)}", R_SELECT, ())]
    out = []
    for msg, rule, where in army_problems(cat, army):
        out.append(ArmyProblem(msg, rule, _list_place(where)))
    return out


def list_points(cat, army_list) -> int:
    return sum(cat.units[e["unit"]].points for e in army_list.entries if e.get("unit") in cat.units)
