"""The Warbound card catalog: data/warbound/*.yaml loaded and validated.

Files (types in games/warbound/rules/defs.py): terrain.yaml, factions.yaml,
skills.yaml, characters.yaml, leaders.yaml, upgrades.yaml (equipment,
formations, vocations), action_board.yaml, scenario.yaml (scenarios and
objective cards), and the starter decks lists/*.yaml.  `load_catalog`
checks types (engine.core.catalog) and then every cross reference, and
reports all problems at once as `file:line: field: message`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine.core.catalog import DataError, line_at, load_yaml, validate_map
from games.warbound.rules.defs import (ActionSpace, Character, Equipment, Faction, Formation, Leader,
                                 Objective, Scenario, Skill, TerrainType, Vocation)

DATA_DIR = Path(__file__).resolve().parents[3] / "data" / "warbound"


@dataclass(frozen=True, eq=False)
class Catalog:
    folder: str
    terrain: dict[str, TerrainType]
    factions: dict[str, Faction]
    skills: dict[str, Skill]
    characters: dict[str, Character]
    leaders: dict[str, Leader]
    equipment: dict[str, Equipment]
    formations: dict[str, Formation]
    vocations: dict[str, Vocation]
    board: dict[str, ActionSpace]
    scenarios: dict[str, Scenario]
    objectives: dict[str, Objective]
    decks: dict        # starter deck id -> games.warbound.rules.decks.Deck
    memo: dict = field(default_factory=dict, compare=False, repr=False)   # values derived from this data

    def card_name(self, cid: str) -> str:
        for table in (self.characters, self.leaders, self.equipment, self.formations, self.vocations):
            if cid in table:
                return table[cid].name
        return cid


def _section(data, key: str, file: str, problems: list[str]):
    if not isinstance(data, dict) or key not in data:
        problems.append(f"{file}:{getattr(data, 'line', 1)}: {key}: required section is missing")
        return {}
    return data[key]


def _load(folder: Path, name: str, model, problems: list[str], section: str | None = None) -> dict:
    path = folder / name
    try:
        data = load_yaml(path)
        if section is not None:
            data = _section(data, section, str(path), problems)
            if not data:
                return {}
        return validate_map(model, data, str(path), model.__name__.lower())
    except DataError as e:
        problems.extend(e.problems)
        return {}


def _raw(folder: Path, name: str):
    try:
        return load_yaml(folder / name)
    except DataError:
        return None


def _where(folder: Path, name: str, loc: tuple) -> str:
    data = _raw(folder, name)
    return f"{folder / name}:{line_at(data, loc) if data is not None else 0}"


def load_catalog(folder: str | Path | None = None) -> Catalog:
    """Load and cross-check the data in `folder` (default data/warbound):
    a new catalog each call (the ruleset keeps the one a game is set up
    with: engine/core/game.py Game.catalog)."""
    folder = Path(folder if folder is not None else DATA_DIR).resolve()
    problems: list[str] = []
    terrain = _load(folder, "terrain.yaml", TerrainType, problems)
    factions = _load(folder, "factions.yaml", Faction, problems)
    skills = _load(folder, "skills.yaml", Skill, problems)
    characters = _load(folder, "characters.yaml", Character, problems)
    leaders = _load(folder, "leaders.yaml", Leader, problems)
    equipment = _load(folder, "upgrades.yaml", Equipment, problems, "equipment")
    formations = _load(folder, "upgrades.yaml", Formation, problems, "formations")
    vocations = _load(folder, "upgrades.yaml", Vocation, problems, "vocations")
    board = _load(folder, "action_board.yaml", ActionSpace, problems)
    scenarios = _load(folder, "scenario.yaml", Scenario, problems, "scenarios")
    objectives = _load(folder, "scenario.yaml", Objective, problems, "objectives")
    if problems:
        raise DataError(problems)

    def bad(file: str, loc: tuple, what: str) -> None:
        from engine.core.catalog import field_name
        problems.append(f"{_where(folder, file, loc)}: {field_name(loc)}: {what}")

    def skill_ok(file, loc, sid, timings) -> None:
        sk = skills.get(sid)
        if sk is None:
            bad(file, loc, f"unknown skill {sid!r}")
        elif sk.timing not in timings:
            bad(file, loc, f"skill {sid!r} is a {sk.timing} skill, expected {' or '.join(timings)}")

    for fid, f in factions.items():
        for i, sid in enumerate(f.reference):
            skill_ok("factions.yaml", (fid, "reference", i), sid, ("passive", "active"))
    for cid, c in characters.items():
        if c.faction not in factions:
            bad("characters.yaml", (cid, "faction"), f"unknown faction {c.faction!r}")
        sides = [("profile", c.profile.skills, c.profile.cost)]
        if c.panic.skills is not None or c.panic.cost is not None:
            sides.append(("panic", c.panic.skills or (), c.panic.cost))
        for side, sk, cost in sides:
            for i, sid in enumerate(sk):
                skill_ok("characters.yaml", (cid, side, "skills", i), sid, ("passive", "active"))
            for col in (cost.colored if cost else {}):
                if col not in factions:
                    bad("characters.yaml", (cid, side, "cost", "colored"), f"unknown faction colour {col!r}")
        if (c.profile.armor is not None) != ("armor" in c.icons):
            bad("characters.yaml", (cid, "icons"), "the armor icon and an armor profile go together")
        if (c.profile.accuracy is not None) != ("ranged" in c.icons):
            bad("characters.yaml", (cid, "icons"), "the ranged icon and an accuracy go together")
    for lid, ld in leaders.items():
        if ld.faction not in factions:
            bad("leaders.yaml", (lid, "faction"), f"unknown faction {ld.faction!r}")
        skill_ok("leaders.yaml", (lid, "skill"), ld.skill, ("leader",))
        for i, period in enumerate(ld.orders):
            for col in period:
                if col not in factions:
                    bad("leaders.yaml", (lid, "orders", i), f"unknown faction colour {col!r}")
    for eid, e in equipment.items():
        if e.faction is not None and e.faction not in factions:
            bad("upgrades.yaml", ("equipment", eid, "faction"), f"unknown faction {e.faction!r}")
        for i, sid in enumerate(e.skills):
            skill_ok("upgrades.yaml", ("equipment", eid, "skills", i), sid, ("passive", "active"))
    for vid, v in vocations.items():
        for key in ("faction", "applies_to"):
            val = getattr(v, key)
            if val is not None and val not in factions:
                bad("upgrades.yaml", ("vocations", vid, key), f"unknown faction {val!r}")
        if v.skill is not None:
            skill_ok("upgrades.yaml", ("vocations", vid, "skill"), v.skill, ("leader",))
    for sid, s in skills.items():
        col = s.effect.color
        if col and col not in factions:
            bad("skills.yaml", (sid, "effect", "color"), f"unknown faction colour {col!r}")
    for scid, sc in scenarios.items():
        if len(sc.periods) != sc.turns:
            bad("scenario.yaml", ("scenarios", scid, "periods"), f"one Period per turn ({sc.turns} turns)")
        for i, oid in enumerate(sc.objectives):
            if oid not in objectives:
                bad("scenario.yaml", ("scenarios", scid, "objectives", i), f"unknown objective {oid!r}")
    for aid, a in board.items():
        if a.aim and "shoot" not in a.parts:
            bad("action_board.yaml", (aid, "aim"), "Aim is always combined with a Shoot Action")
    if problems:
        raise DataError(problems)
    cat = Catalog(str(folder), terrain, factions, skills, characters, leaders, equipment, formations,
                  vocations, board, scenarios, objectives, {})
    from games.warbound.rules.decks import deck_problems_text, load_deck
    lists = folder / "lists"
    for path in sorted(lists.glob("*.yaml")) if lists.is_dir() else ():
        try:
            deck = load_deck(path, cat)
        except DataError as e:
            problems.extend(e.problems)
            continue
        problems.extend(deck_problems_text(cat, deck))
        cat.decks[path.stem] = deck
    if problems:
        raise DataError(problems)
    return cat


# What each Exploration board (board.BOARDS; tools/make_warbound_maps.py) is, for the launcher
SCENARIO_TEXT = {
    "recommended": "Two 8x8 sections, a ruin, smog and rubble on each side: the board to learn on.",
    "crossfire": "Ruin walls and rubble across both sections break the lines of fire; smog in the middle.",
    "smog_fields": "Toxic smog over both sections hides who stands behind it (it blocks sight, not movement); few walls.",
}


def scenario_words(cat: Catalog, scenario_id: str) -> tuple:
    """The launcher's name (the id in words) and line for a scenario (rules.scenario_title, scenario_text)."""
    return None, SCENARIO_TEXT.get(scenario_id)
