"""The Battle Valor Fantasy catalog: data/battle_valor_fantasy/*.yaml loaded,
validated and cross-checked, and the shipped army lists (lists/*.yaml).
Every problem is `file:line: field: message`, all at once.  The lists are
files in the shared roster format (engine/core/army_lists.py), read by
games/battle_valor_fantasy/rules/roster.py; `Catalog.lists` holds them as the
game's typed ArmyList.

Files (types in games/battle_valor_fantasy/rules/defs.py): experience, bases,
armour, weapons, special_rules, unit_types, mounts, troops, spells,
formations, characters, races, orders, terrain, limits, scenarios.  Besides
the types: every id one file names in another exists (bases, unit types,
weapons of the right kind, special rules and their levels, armour, unit
types of formations and limits, characters, maps), and every shipped list
obeys the army rules with the playtest limitations on
(games/battle_valor_fantasy/rules/army.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine.core.army_lists import describe_problem
from engine.core.catalog import DataError, check_refs, field_name, line_at, load_files, named_scenario
from games.battle_valor_fantasy.rules import list_hooks, roster
from games.battle_valor_fantasy.rules.defs import (EXPERIENCES, Armour, ArmyList, Base, CharacterType, Effect,
                                             Experience, Formation, Limit, Mount, Order, Race, Scenario,
                                             SpecialRule, Spell, TerrainType, Troop, UnitType, Weapon)

ROOT = Path(__file__).resolve().parents[3]
DATA_DIR = ROOT / "data" / "battle_valor_fantasy"
LIST_DIR = DATA_DIR / "lists"
MAP_DIR = ROOT / "assets" / "maps" / "battle_valor_fantasy"
RULEBOOK = "battle_valor_fantasy.txt"

FILES: dict[str, tuple[str, type]] = {
    "experience": ("experience.yaml", Experience),
    "bases": ("bases.yaml", Base),
    "armour": ("armour.yaml", Armour),
    "weapons": ("weapons.yaml", Weapon),
    "special_rules": ("special_rules.yaml", SpecialRule),
    "unit_types": ("unit_types.yaml", UnitType),
    "mounts": ("mounts.yaml", Mount),
    "troops": ("troops.yaml", Troop),
    "spells": ("spells.yaml", Spell),
    "formations": ("formations.yaml", Formation),
    "characters": ("characters.yaml", CharacterType),
    "races": ("races.yaml", Race),
    "orders": ("orders.yaml", Order),
    "terrain": ("terrain.yaml", TerrainType),
    "limits": ("limits.yaml", Limit),
    "scenarios": ("scenarios.yaml", Scenario),
}


def parse_rule(text: str) -> tuple[str, int]:
    """"tough_hide 2" -> ("tough_hide", 2); "fear" -> ("fear", 0)."""
    parts = str(text).split()
    if len(parts) == 1:
        return parts[0], 0
    if len(parts) == 2 and parts[1].isdigit():
        return parts[0], int(parts[1])
    raise ValueError(f"a special rule is an id and an optional level, e.g. 'shock 1' (got {text!r})")


@dataclass(frozen=True, eq=False)
class Catalog:
    experience: dict[str, Experience]
    bases: dict[str, Base]
    armour: dict[str, Armour]
    weapons: dict[str, Weapon]
    special_rules: dict[str, SpecialRule]
    unit_types: dict[str, UnitType]
    mounts: dict[str, Mount]
    troops: dict[str, Troop]
    spells: dict[str, Spell]
    formations: dict[str, Formation]
    characters: dict[str, CharacterType]
    races: dict[str, Race]
    orders: dict[str, Order]
    terrain: dict[str, TerrainType]
    limits: dict[str, Limit]
    scenarios: dict[str, Scenario]
    lists: dict[str, ArmyList]
    folder: str = ""
    memo: dict = field(default_factory=dict, compare=False, repr=False)   # values derived from this data

    def effects(self, rules) -> list[tuple[str, int, Effect]]:
        """(rule id, level, effect) for rule texts such as ["fear", "shock 1"]."""
        out = []
        for text in rules:
            rid, level = parse_rule(text)
            out.append((rid, level, self.special_rules[rid].effect_at(level)))
        return out

    def unit_type_of(self, troop_id: str) -> UnitType:
        return self.unit_types[self.troops[troop_id].unit_type]

    def base_of(self, troop_id: str) -> Base:
        t = self.troops[troop_id]
        return self.bases[t.base or self.unit_types[t.unit_type].base]

    def figures_of(self, troop_id: str) -> int:
        t = self.troops[troop_id]
        return t.figures or self.unit_types[t.unit_type].figures

    def armour_by_level(self, level: int) -> Armour:
        return next(a for a in self.armour.values() if a.level == level)

    def terrain_defaults(self) -> dict[str, dict]:
        return {tid: t.defaults() for tid, t in self.terrain.items()}

    def map_path(self, scenario_id: str) -> Path:
        sc = self.scenarios.get(scenario_id)
        return MAP_DIR / (sc.map if sc is not None else self.map_scenario(scenario_id).map)

    def scenario(self, scenario_id: str):
        """A shipped scenario by id, or a designer's table map (a .tmx or .tmj
        path) played as a shipped scenario (`map_scenario`)."""
        sc = self.scenarios.get(scenario_id)
        return sc if sc is not None else self.map_scenario(scenario_id)

    def map_scenario(self, path: str):
        """A designer's table map played as the shipped scenario its map
        property `scenario` names (its turns, deployment zone names, armies and
        victory; the full pitched battle when it names none): how `main.py
        view` and `main.py judge` play a map file, and how the judge's fairer
        variants of a scenario (engine/commands/variants.py) are played.
        Read once per catalog."""
        key = ("map_scenario", str(path))
        if key not in self.memo:
            self.memo[key] = _map_scenario(self, path)
        return self.memo[key]


def _rule_problems(cat_rules: dict, rules, file: str, data, loc: tuple, problems: list[str]) -> None:
    for i, text in enumerate(rules):
        where = loc + (i,)
        try:
            rid, level = parse_rule(text)
        except ValueError as e:
            problems.append(f"{file}:{line_at(data, where)}: {field_name(where)}: {e}")
            continue
        rule = cat_rules.get(rid)
        if rule is None:
            problems.append(f"{file}:{line_at(data, where)}: {field_name(where)}: unknown special rule {rid!r}")
        elif rule.levels and level not in rule.levels:
            problems.append(f"{file}:{line_at(data, where)}: {field_name(where)}: {rule.name} has levels "
                            f"{', '.join(str(k) for k in sorted(rule.levels))}; say e.g. '{rid} "
                            f"{min(rule.levels)}' (got {text!r})")
        elif not rule.levels and level:
            problems.append(f"{file}:{line_at(data, where)}: {field_name(where)}: {rule.name} has no levels "
                            f"(got {text!r})")


def _effect_problems(cat: Catalog, effect: Effect | None, file: str, data, loc: tuple, problems: list[str]) -> None:
    if effect is not None and effect.armour is not None and effect.armour not in cat.armour:
        where = loc + ("armour",)
        problems.append(f"{file}:{line_at(data, where)}: {field_name(where)}: unknown armour {effect.armour!r}")


def load_catalog(folder: str | Path = DATA_DIR, list_dir: str | Path | None = None) -> Catalog:
    """The catalog in `folder`, with the army lists of `list_dir` (default
    folder/lists); DataError lists every problem at once."""
    folder = Path(folder)
    problems: list[str] = []
    try:
        raw, parsed = load_files(folder, FILES)
    except DataError as e:
        problems.extend(e.problems)
    files: dict = {}
    ldir = Path(list_dir) if list_dir is not None else folder / "lists"
    for path in sorted(ldir.glob("*.yaml")) if ldir.is_dir() else []:
        try:
            files[path.stem] = list_hooks.load_list(path)
        except DataError as e:
            problems.extend(e.problems)
    if problems:
        raise DataError(problems)
    cat = Catalog(**parsed, lists={}, folder=str(folder))
    _cross_check(cat, raw, problems)
    if not problems:
        _check_lists(cat, files, problems)
    if problems:
        raise DataError(problems)
    return cat


def _cross_check(cat: Catalog, raw: dict, problems: list[str]) -> None:
    for key in FILES:
        f, data = raw[key]
        for did, d in getattr(cat, key).items():
            for i, name in enumerate(d.house_fields):
                if name not in type(d).model_fields or name in ("id", "source", "house_fields", "text"):
                    loc = (did, "house_fields", i)
                    problems.append(f"{f}:{line_at(data, loc)}: {field_name(loc)}: {name!r} is no field of "
                                    f"this entry (house_fields names the designed ones)")
    f, data = raw["experience"]
    if sorted(cat.experience) != sorted(EXPERIENCES):
        problems.append(f"{f}:1: (top): the experience levels are exactly {', '.join(EXPERIENCES)}")
    f, data = raw["weapons"]
    for wid, w in cat.weapons.items():
        if w.counts_as is not None:
            check_refs(problems, f, data, (wid, "counts_as"), [w.counts_as], cat.weapons, "weapon")
    f, data = raw["special_rules"]
    for rid, r in cat.special_rules.items():
        _effect_problems(cat, r.effect, f, data, (rid, "effect"), problems)
        for lv, level in r.levels.items():
            _effect_problems(cat, level.effect, f, data, (rid, "levels", lv, "effect"), problems)
    f, data = raw["unit_types"]
    for uid, u in cat.unit_types.items():
        check_refs(problems, f, data, (uid, "base"), [u.base], cat.bases, "base")
    f, data = raw["mounts"]
    for mid, m in cat.mounts.items():
        _rule_problems(cat.special_rules, m.rules, f, data, (mid, "rules"), problems)
    f, data = raw["troops"]
    for tid, t in cat.troops.items():
        check_refs(problems, f, data, (tid, "unit_type"), [t.unit_type], cat.unit_types, "unit type")
        if t.base is not None:
            check_refs(problems, f, data, (tid, "base"), [t.base], cat.bases, "base")
        _rule_problems(cat.special_rules, t.rules, f, data, (tid, "rules"), problems)
        for i, wid in enumerate(t.weapons):
            where = (tid, "weapons", i)
            if wid not in cat.weapons:
                problems.append(f"{f}:{line_at(data, where)}: {field_name(where)}: unknown weapon {wid!r}")
            elif cat.weapons[wid].kind != "melee":
                problems.append(f"{f}:{line_at(data, where)}: {field_name(where)}: {wid} is a {cat.weapons[wid].kind} "
                                "weapon; `weapons` lists close-combat weapons (missile: says whether it shoots)")
        is_machine = t.unit_type == "war_machine"
        if t.machine is not None:
            if t.machine not in cat.weapons or cat.weapons[t.machine].kind != "machine":
                problems.append(f"{f}:{line_at(data, (tid, 'machine'))}: {tid}.machine: unknown war machine "
                                f"engine {t.machine!r}")
        if is_machine != (t.machine is not None):
            problems.append(f"{f}:{line_at(data, (tid,))}: {tid}.machine: war machines, and only they, name "
                            "their engine")
        if t.mount != (t.unit_type == "cavalry"):
            problems.append(f"{f}:{line_at(data, (tid,))}: {tid}.mount: cavalry, and only cavalry, ride a mount")
        monstrous = any(r.split()[:1] == ["monstrous_creature"] for r in t.rules)
        if (t.attacks == "current_mr") != monstrous:
            problems.append(f"{f}:{line_at(data, (tid, 'attacks'))}: {tid}.attacks: attacks equal to the current MR "
                            "go with the Monstrous Creature rule (battle_valor_fantasy.txt § Bestiary)")
    f, data = raw["formations"]
    for fid, fm in cat.formations.items():
        if fm.unit_types is not None:
            check_refs(problems, f, data, (fid, "unit_types"), fm.unit_types, cat.unit_types, "unit type")
    f, data = raw["characters"]
    for cid, c in cat.characters.items():
        check_refs(problems, f, data, (cid, "base"), [c.base], cat.bases, "base")
        for key in ("dice", "bonus"):
            nums = getattr(c, key)
            if nums is None:
                continue
            for level_name in ("regular", "veteran", "elite"):
                if (c.cost.of(level_name) is None) != (nums.of(level_name) is None):
                    problems.append(f"{f}:{line_at(data, (cid, key))}: {cid}.{key}: give a value for each level "
                                    "the character is sold at (cost)")
                    break
    if "general" not in cat.characters or cat.characters["general"].attach != "never":
        problems.append(f"{raw['characters'][0]}:1: (top): the General (id general) is a character that never "
                        "attaches (battle_valor_fantasy.txt § Moving Characters)")
    f, data = raw["races"]
    for rid, race in cat.races.items():
        _effect_problems(cat, race.effect, f, data, (rid, "effect"), problems)
    f, data = raw["limits"]
    for lid, lim in cat.limits.items():
        for i, count in enumerate(lim.counts):
            if count.character is not None:
                check_refs(problems, f, data, (lid, "counts", i, "character"), [count.character], cat.characters,
                           "character")
            if count.unit_type is not None:
                check_refs(problems, f, data, (lid, "counts", i, "unit_type"), [count.unit_type], cat.unit_types,
                           "unit type")
    f, data = raw["scenarios"]
    for sid, s in cat.scenarios.items():
        for key in s.options:
            if key not in OPTIONAL_RULES:
                problems.append(f"{f}:{line_at(data, (sid, 'options'))}: {sid}.options: no optional rule {key!r} "
                                f"(known: {', '.join(OPTIONAL_RULES)})")
        if not (MAP_DIR / s.map).exists():
            problems.append(f"{f}:{line_at(data, (sid, 'map'))}: {sid}.map: no map {s.map!r} in {MAP_DIR}")
            continue
        try:
            table = scenario_table(cat, sid)
        except DataError as e:
            problems.extend(e.problems)
            continue
        zones = {z.name for z in table.zones if z.type == "deployment"}
        for i, zone in enumerate(s.deployment):
            if zone not in zones:
                problems.append(f"{f}:{line_at(data, (sid, 'deployment', i))}: {sid}.deployment[{i}]: the map "
                                f"has no deployment zone {zone!r} (it has: {', '.join(sorted(zones))})")
        objectives = sum(z.type == "objective" for z in table.zones)
        if s.victory.objective and not objectives:
            problems.append(f"{f}:{line_at(data, (sid, 'victory'))}: {sid}.victory.objective: scores objectives "
                            f"but {s.map} has none")


def scenario_table(cat: Catalog, scenario_id: str):
    """The scenario's table map (engine.maps.tablemap.TableMapData), its
    terrain typed by terrain.yaml; MapError (a DataError) if it is broken."""
    from engine.maps.tablemap import load_table_map
    return load_table_map(cat.map_path(scenario_id), known_terrain=set(cat.terrain),
                          terrain_defaults=cat.terrain_defaults())


def _check_lists(cat: Catalog, files: dict, problems: list[str]) -> None:
    """Every shipped list passes the shared checks and the army rules (with
    the limitations it declares); the legal ones become `cat.lists` (the
    game's typed ArmyList, by file stem)."""
    for stem, al in files.items():
        bad = [describe_problem(al, p) for p in list_hooks.problems_of(cat, al)]
        problems.extend(bad)
        if not bad:
            cat.lists[stem] = roster.read(cat, al.to_dict()).army


OPTIONAL_RULES = ("advanced_combat", "reserves")     # the launcher's optional rules a scenario may switch on


def _map_scenario(c: Catalog, path: str):
    if not str(path).endswith((".tmx", ".tmj")):
        raise ValueError(f"unknown scenario {path!r}; known: {', '.join(sorted(c.scenarios))} "
                         "or a .tmx/.tmj table map")
    from engine.maps.tablemap import load_table_map
    data = load_table_map(path, known_terrain=set(c.terrain), terrain_defaults=c.terrain_defaults())
    base_id = data.properties.get("scenario") or FULL_BATTLE_ID
    base = c.scenarios.get(base_id) if isinstance(base_id, str) else None
    if base is None:
        raise ValueError(f"{path}: property scenario: {base_id!r} names no scenario; known: "
                         f"{', '.join(sorted(c.scenarios))}")
    name = data.properties.get("title") or data.properties.get("name")
    return base.model_copy(update={"id": str(path), "map": str(Path(path).resolve()),
                                   "name": name if isinstance(name, str) and name else Path(path).stem})


FULL_BATTLE_ID = "field_of_abaci"     # setup.FULL_BATTLE: what a map names no scenario of is played as


def scenario_words(cat: Catalog, scenario_id: str) -> tuple:
    """The launcher's name and line for a scenario (rules.scenario_title, scenario_text)."""
    return named_scenario(cat.scenarios, scenario_id)


NARROW = ("column", "snake", "wedge", "square")     # formations whose width is fixed by their shape


def formation_words(cat: Catalog, formation: str, files: int) -> str:
    """A formation as the log, the card and the buttons say it: "Attack
    Column 2 wide", "Movement Column", "Square" (a width only where the
    player chooses one; "Square 1 wide" was seen on a button)."""
    name = cat.formations[formation].name
    return name if formation in NARROW else f"{name} {files} wide"
