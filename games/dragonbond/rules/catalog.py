"""The Dragonbond catalog: data/dragonbond/*.yaml loaded, validated and
cross-checked.  Every problem is `file:line: field: message`, all at once.

Files (types in games/dragonbond/rules/defs.py): dice.yaml, terrain.yaml,
units.yaml, captains.yaml, archetypes.yaml, limits.yaml, scenarios.yaml,
and the shipped army lists lists/*.yaml (engine/core/army_lists.py; each
becomes a ready-made Army named by its file).  Besides the types: captains lead existing unit cards,
archetypes lead generals and huge creatures, keywords are known, each kind
of die has its three tiers, and every ready-made army obeys the army rules
(games/dragonbond/rules/army.py).
"""
from __future__ import annotations

from typing import Any

from dataclasses import dataclass, field
from pathlib import Path

from engine.core.catalog import DataError, check_refs, field_name, line_at, load_files, named_scenario
from games.dragonbond.rules.defs import (Archetype, Army, Captain, DieType, Limit, Scenario, TerrainType,
                                   UnitCard)

ROOT = Path(__file__).resolve().parents[3]
DATA_DIR = ROOT / "data" / "dragonbond"
MAP_DIR = ROOT / "assets" / "maps" / "dragonbond"

FILES: dict[str, tuple[str, type]] = {
    "dice": ("dice.yaml", DieType),
    "terrain": ("terrain.yaml", TerrainType),
    "units": ("units.yaml", UnitCard),
    "captains": ("captains.yaml", Captain),
    "archetypes": ("archetypes.yaml", Archetype),
    "limits": ("limits.yaml", Limit),
    "scenarios": ("scenarios.yaml", Scenario),
}
KEYWORDS = ("sharp", "agile", "reach", "flying", "epic", "dragonriding", "huge", "blocking")


def parse_keywords(words) -> dict[str, int]:
    """["sharp", "epic 1"] -> {"sharp": 0, "epic": 1}; ValueError if unknown."""
    out: dict[str, int] = {}
    for w in words:
        parts = str(w).lower().split()
        if not parts or parts[0] not in KEYWORDS:
            raise ValueError(f"unknown keyword {w!r} (known: {', '.join(KEYWORDS)})")
        if parts[0] == "epic":
            if len(parts) != 2 or not parts[1].isdigit():
                raise ValueError(f"Epic takes a number: {w!r} (e.g. 'epic 1')")
            out["epic"] = int(parts[1])
        elif len(parts) != 1:
            raise ValueError(f"keyword {w!r} takes no value")
        else:
            out[parts[0]] = 0
    return out


@dataclass(frozen=True, eq=False)
class Catalog:
    dice: dict[str, DieType]
    terrain: dict[str, TerrainType]
    units: dict[str, UnitCard]
    captains: dict[str, Captain]
    archetypes: dict[str, Archetype]
    limits: dict[str, Limit]
    armies: dict[str, Army]
    scenarios: dict[str, Scenario]
    folder: str = ""
    action_dice: tuple = field(default=(), compare=False)     # DieType by tier - 1
    defense_dice: tuple = field(default=(), compare=False)
    memo: dict = field(default_factory=dict, compare=False, repr=False)   # values derived from this data

    def keywords(self, card_id: str, bonded: bool = False) -> dict[str, int]:
        card = self.units[card_id]
        words = card.keywords
        if bonded and card.bonded is not None and card.bonded.keywords is not None:
            words = card.bonded.keywords
        return parse_keywords(words)


def load_catalog(folder: str | Path = DATA_DIR) -> Catalog:
    """The catalog in `folder`, checked: a new one each call (the ruleset
    keeps the one a game is set up with: engine/core/game.py
    Game.catalog)."""
    folder = Path(folder)
    problems: list[str] = []
    raw, parsed = load_files(folder, FILES)
    parsed["armies"] = _load_lists(folder, raw, problems)
    if problems:
        raise DataError(problems)
    definitions: dict[str, Any] = dict(parsed)      # the Definitions by file key: Catalog's dict fields
    cat = Catalog(**definitions, folder=str(folder))
    _cross_check(cat, raw, problems)
    if problems:
        raise DataError(problems)
    act = tuple(next(d for d in cat.dice.values() if d.kind == "action" and d.tier == t) for t in (1, 2, 3))
    dfn = tuple(next(d for d in cat.dice.values() if d.kind == "defense" and d.tier == t) for t in (1, 2, 3))
    object.__setattr__(cat, "action_dice", act)
    object.__setattr__(cat, "defense_dice", dfn)
    return cat


def _load_lists(folder: Path, raw: dict, problems: list[str]) -> dict[str, Army]:
    """The shipped lists, as ready-made armies by file name."""
    from engine.core.army_lists import load_list
    from games.dragonbond.rules.army import list_to_army
    out: dict[str, Army] = {}
    raw["armies"] = {}
    for path in sorted((folder / "lists").glob("*.yaml")):
        try:
            al = load_list(path)
            out[path.stem] = list_to_army(al.to_dict(), path.stem)
            raw["armies"][path.stem] = al
        except DataError as e:
            problems.extend(e.problems)
        except ValueError as e:                  # pydantic: the shape of an army
            problems.append(f"{path}:1: (top): {e}")
    return out


def _cross_check(cat: Catalog, raw: dict, problems: list[str]) -> None:
    f, data = raw["dice"]
    for kind in ("action", "defense"):
        tiers = sorted(d.tier for d in cat.dice.values() if d.kind == kind)
        if tiers != [1, 2, 3]:
            problems.append(f"{f}:1: (top): {kind} dice need exactly one die of each tier 1, 2, 3 (got {tiers})")
    f, data = raw["units"]
    for uid, u in cat.units.items():
        for key, words in (("keywords", u.keywords),
                           ("bonded.keywords", u.bonded.keywords if u.bonded and u.bonded.keywords else [])):
            try:
                parse_keywords(words)
            except ValueError as e:
                loc = (uid,) + tuple(key.split("."))
                problems.append(f"{f}:{line_at(data, loc)}: {field_name(loc)}: {e}")
        if u.dragon and "huge" not in parse_keywords(u.keywords):
            problems.append(f"{f}:{line_at(data, (uid, 'keywords'))}: {uid}.keywords: a dragon has the Huge keyword")
    f, data = raw["captains"]
    for cid, c in cat.captains.items():
        check_refs(problems, f, data, (cid, "unit"), [c.unit], cat.units, "unit card")
        if c.unit in cat.units and cat.units[c.unit].kind != "unit":
            problems.append(f"{f}:{line_at(data, (cid, 'unit'))}: {cid}.unit: captains lead regular units; "
                            f"{c.unit} takes an archetype (dragonbond.txt § Customizing Units)")
    f, data = raw["archetypes"]
    for aid, a in cat.archetypes.items():
        check_refs(problems, f, data, (aid, "units"), a.units, cat.units, "unit card")
        for unit_id in a.units:
            card = cat.units.get(unit_id)
            if card is None:
                continue
            if card.kind == "unit":
                problems.append(f"{f}:{line_at(data, (aid, 'units'))}: {aid}.units: archetypes lead generals and "
                                f"huge creatures; {unit_id} takes a captain (dragonbond.txt § Customizing Units)")
            needs_mounted = card.kind == "general" or card.dragon
            if needs_mounted and a.mounted is None:
                problems.append(f"{f}:{line_at(data, (aid,))}: {aid}.mounted: archetypes of generals and dragons "
                                "have a mounted side (dragonbond.txt § Anatomy of an Archetype Card)")
            if needs_mounted and a.mounted is not None and a.mounted.combined is None:
                problems.append(f"{f}:{line_at(data, (aid, 'mounted'))}: {aid}.mounted.combined: the mounted side "
                                "holds half of a combined power (dragonbond.txt § Combined Power)")
        if len(a.regular.abilities) != 2:
            problems.append(f"{f}:{line_at(data, (aid, 'regular', 'abilities'))}: {aid}.regular.abilities: an "
                            "archetype grants two abilities (dragonbond.txt § Anatomy of an Archetype Card)")
    f, data = raw["scenarios"]
    for sid, s in cat.scenarios.items():
        check_refs(problems, f, data, (sid, "sizes"), s.sizes, cat.limits, "battle size")
        if not (MAP_DIR / s.map).exists():
            problems.append(f"{f}:{line_at(data, (sid, 'map'))}: {sid}.map: no map {s.map!r} in {MAP_DIR}")
    f, data = raw["limits"]
    for lid, lim in cat.limits.items():
        check_refs(problems, f, data, (lid, "tables"), lim.tables, cat.scenarios, "scenario")
    from engine.core.army_lists import list_problems
    from games.dragonbond.rules.army import army_catalog, list_problems as rules_of_list

    class _Rules:                                # this catalog's list rules (not the shipped one's)
        game_id = "dragonbond"
        title = "Dragonbond"
        army_lists = True
        army_catalog = staticmethod(lambda: army_catalog(cat))
        army_problems = staticmethod(lambda al: rules_of_list(cat, al))
        army_summary = staticmethod(lambda al: "")      # no list is shown here, only checked
    for al in raw["armies"].values():
        try:
            problems.extend(list_problems(al, _Rules()))
        except KeyError:                # a dangling reference in another file, reported above
            continue




def scenario_words(cat: Catalog, scenario_id: str) -> tuple:
    """The launcher's name and line for a scenario (rules.scenario_title, scenario_text)."""
    return named_scenario(cat.scenarios, scenario_id)
