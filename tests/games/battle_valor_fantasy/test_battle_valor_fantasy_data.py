"""Battle Valor Fantasy data and army building: every number the text gives,
cross-references, the 88-point unit, army validation with its messages, the
shipped lists and the scenario tables."""
import shutil
import subprocess
import sys
from engine.core import registry

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import ROOT, examples

from engine.core.catalog import DataError
from games.battle_valor_fantasy.rules.army import ArmyOptions, army_points, unit_points, unit_profile, validate_army
from games.battle_valor_fantasy.rules.catalog import DATA_DIR, MAP_DIR, load_catalog, scenario_table
from games.battle_valor_fantasy.rules.defs import ArmyList, ListUnit


def shipped():
    """The shipped catalog, as the ruleset holds it."""
    return registry.get("battle_valor_fantasy").catalog()




def army(units, characters=(), points=1000, race="human", **kw) -> ArmyList:
    return ArmyList.model_validate({"name": "Test", "points": points, "race": race, "units": list(units),
                                    "characters": list(characters), **kw})


FOOT = {"troop": "infantry", "stands": 6, "command": True}
TWO_FOOT = [{"name": "A", **FOOT}, {"name": "B", **FOOT}]


def reasons(problems):
    return [p.reason for p in problems]


# ---- the text's numbers --------------------------------------------------------

def test_cost_table_is_the_texts():
    table = {  # battle_valor_fantasy.txt § The Cost of Things, "Troop Costs PER STAND"
        "infantry": (3, 6, 9, 12), "cavalry": (5, 8, 11, 14), "animal_pack": (3, 6, 9, 12),
        "heavy_infantry": (4, 8, 12, 16), "line_breaker": (6, 9, 12, 15), "shock": (8, 12, 16, 20),
        "flier": (5, 10, 15, 20), "chariot": (4, 8, 12, 16), "monstrous_creature": (15, 25, 35, 45),
        "war_machine": (10, 15, 20, 25)}
    c = shipped()
    assert set(c.unit_types) == set(table)
    for tid, costs in table.items():
        ut = c.unit_types[tid]
        assert (ut.cost.levy, ut.cost.regular, ut.cost.veteran, ut.cost.elite) == costs, tid
    assert [c.weapons[w].cost for w in ("hand", "double_handed", "pole", "bow")] == [0, 1, 1, 0]
    assert [c.armour[a].cost for a in ("none", "light", "medium", "heavy")] == [0, 1, 2, 3]
    assert [c.armour[a].rerolls for a in ("none", "light", "medium", "heavy")] == [0, 1, 2, 3]


def test_the_88_point_unit():
    # "I take a unit of 6 Veteran Infantry (6 x 9 points) 54, give them a Command Stand 10,
    # Double Handed Weapons (6 x 1) 6, Heavy Armor (6 x 3) 18. Total Unit Cost = 88 Points"
    unit = ListUnit(name="Example", troop="infantry", stands=6, experience="veteran", weapon="double_handed",
                    armour="heavy", command=True)
    assert unit_points(shipped(), unit) == 88


def test_movement_rates_sizes_and_bases():
    c = shipped()
    mr = {t: c.unit_types[t].mr for t in c.unit_types}
    assert mr == {"infantry": 4, "cavalry": 8, "animal_pack": 8, "chariot": 8, "heavy_infantry": 6,
                  "line_breaker": 6, "shock": 6, "flier": 10, "monstrous_creature": 6, "war_machine": 4}
    mins = {t: c.unit_types[t].min_stands for t in c.unit_types}
    assert mins["infantry"] == mins["cavalry"] == mins["animal_pack"] == mins["heavy_infantry"] == 4
    assert mins["line_breaker"] == 5 and mins["shock"] == mins["flier"] == mins["chariot"] == 3
    assert c.unit_types["monstrous_creature"].max_stands == c.unit_types["war_machine"].max_stands == 1
    assert {(b.width_mm, b.depth_mm, b.shape) for b in c.bases.values()} == {
        (40, 40, "rect"), (40, 20, "rect"), (40, 60, "rect"), (100, 50, "rect"), (25, 25, "round"),
        (40, 40, "round")}
    assert c.base_of("missile_troops").id == "rect_40x20" and c.figures_of("missile_troops") == 2
    assert c.bases["round_25"].arc == 360 and c.bases["square_40"].arc == 90
    assert "chariot" not in [t for t, u in c.unit_types.items() if u.source == "house"]
    assert "base" in c.unit_types["chariot"].house_fields


def test_experience_and_the_sliding_scale():
    c = shipped()
    assert {e: c.experience[e].modifier for e in c.experience} == {"levy": -1, "regular": 0, "veteran": 1, "elite": 2}
    chart = {("elite", "veteran"): 1, ("elite", "regular"): 2, ("elite", "levy"): 3, ("veteran", "regular"): 1,
             ("veteran", "levy"): 2, ("regular", "levy"): 1}
    for a in c.experience:
        for d in c.experience:
            extra = max(0, c.experience[a].rank - c.experience[d].rank)
            assert extra == chart.get((a, d), 0), (a, d)


def test_bestiary():
    c = shipped()
    named = ["Berserkers", "Bears", "Hippogriffs", "Horses", "Ponies", "Rams", "Raptors", "Wolves",
             "Young Wyverns", "War Boars", "War Hounds", "War Wolves", "Ice Trolls", "Ogre Wreckers",
             "Stone Golems", "Giants", "Iron Golems", "Moor Beasts", "Juggernaut", "Tricericade", "War Mammoth"]
    names = {t.name for t in c.troops.values()} | {m.name for m in c.mounts.values()}
    assert set(named) <= names
    assert c.mounts["young_wyverns"].mr == 10 and c.mounts["hippogriffs"].attacks == 3
    assert c.troops["berserkers"].attacks == 4 and c.troops["giants"].attacks == 3
    assert c.troops["juggernaut"].attacks == "current_mr"
    assert "shock 3" in c.troops["giants"].rules and "unstoppable_charge 2" in c.troops["iron_golems"].rules
    rules = dict((r, lv) for r, lv, _ in c.effects(c.troops["war_mammoth"].rules))
    assert rules == {"monstrous_creature": 0, "independent": 2, "terror": 0, "shock": 2, "tough_hide": 4,
                     "unstoppable_charge": 1}
    hide4 = c.special_rules["tough_hide"].effect_at(4)
    assert hide4.armour == "medium" and hide4.missile_needs_six
    assert c.special_rules["shock"].effect_at(2).impact_per == "current_mr"
    assert c.special_rules["independent"].effect_at(2).never_flees
    assert not c.special_rules["independent"].effect_at(1).never_flees
    for tid in ("heavy_infantry", "giant_eagles", "war_chariots"):
        assert c.troops[tid].source == "house"           # sections the text left empty
    assert all(m.source == "rulebook" and m.house_fields == ["cost"] for m in c.mounts.values())


def test_spells_formations_characters_orders():
    c = shipped()
    assert len(c.spells) == 20
    for kind in ("offensive", "defensive"):
        assert sorted(s.threshold for s in c.spells.values() if s.kind == kind) == list(range(2, 12))
    assert c.spells["crevasse"].shield_proof and c.spells["fire_ball"].fire
    assert {f.name for f in c.formations.values()} == {"Skirmish", "Line", "Movement Column", "Attack Column",
                                                      "Square", "Snake", "Wedge", "Shield Wall"}
    assert c.formations["wedge"].min_stands == 6 and c.formations["square"].min_stands == 4
    assert c.formations["snake"].unit_types == ["cavalry"] and not c.formations["column"].can_charge
    assert c.formations["line"].shoot_bonus == 2 and c.formations["skirmish"].move_bonus == 2
    assert len(c.formations["square"].slots) == 4
    costs = {k: (v.cost.regular, v.cost.veteran, v.cost.elite) for k, v in c.characters.items() if k != "general"}
    assert costs == {"apothecary": (10, 15, 20), "assassin": (10, 15, 20), "captain": (5, 10, 15),
                     "seer": (5, 10, 15), "thief": (5, 10, 15), "wizard": (10, 20, 30)}
    assert (c.characters["wizard"].dice.regular, c.characters["wizard"].dice.elite) == (10, 20)
    g = c.characters["general"]
    assert (g.cost.regular, g.range, g.rerolls, g.attach, g.base) == (0, 12, 3, "never", "round_40")
    assert len(c.orders) == 10 and c.orders["fire"].phases == [8, 11]
    assert c.races["dwarian"].attribute == "Dwarian Resilience" and c.races["dwarian"].effect.ignore_wounds == 1
    assert all(r.source == "house" for k, r in c.races.items() if k != "dwarian")


# ---- cross-references and file:line errors ----------------------------------------

def _broken_copy(tmp_path, name, old, new):
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder, path


@pytest.mark.parametrize("name, old, new, message", [
    ("troops.yaml", "rules: [stubborn]", "rules: [stubborness]", "unknown special rule 'stubborness'"),
    ("troops.yaml", "shock 3", "shock 7", "Shock has levels 1, 2, 3"),
    ("troops.yaml", "unit_type: shock\n", "unit_type: shocks\n", "unknown unit type 'shocks'"),
    ("troops.yaml", "weapons: [hand, double_handed, pole, pike]", "weapons: [hand, bow]",
     "bow is a missile weapon"),
    ("mounts.yaml", "rules: [nimble]", "rules: [nimble 2]", "Nimble has no levels"),
    ("unit_types.yaml", "base: round_25", "base: round_30", "unknown base 'round_30'"),
    ("special_rules.yaml", "effect: {armour: light, rider_armour_up: 1}\n      text: They",
     "effect: {armour: chain, rider_armour_up: 1}\n      text: They", "unknown armour 'chain'"),
    ("limits.yaml", "unit_type: flier", "unit_type: fliers", "unknown unit type 'fliers'"),
    ("scenarios.yaml", "deployment: [south, north]", "deployment: [south, east]", "no deployment zone 'east'"),
    ("scenarios.yaml", "map: border_march.tmx", "map: nowhere.tmx", "no map 'nowhere.tmx'"),
    ("spells.yaml", "threshold: 7", "threshold: seven", "valid integer"),
    ("troops.yaml", "  attacks: 4\n", "  attacks: 4\n  strength: 4\n", "unknown field"),
    ("mounts.yaml", "house_fields: [cost]", "house_fields: [price]", "'price' is no field of this entry"),
])
def test_data_errors_name_file_line_and_field(tmp_path, name, old, new, message):
    folder, path = _broken_copy(tmp_path, name, old, new)
    with pytest.raises(DataError) as e:
        load_catalog(folder)
    hits = [p for p in e.value.problems if message in p]
    assert hits, e.value.problems
    file, line, rest = hits[0].split(":", 2)
    assert file == str(path) and int(line) > 0 and rest.strip()
    bad_line = path.read_text(encoding="utf-8").splitlines()[int(line) - 1]
    assert bad_line.strip(), hits[0]


def test_a_shipped_list_that_breaks_the_rules_fails_the_catalog(tmp_path):
    folder, path = _broken_copy(tmp_path, "lists/human_500.yaml", "armour: heavy, command: 1}",
                                "armour: heavy, shields: 1, command: 1}")
    with pytest.raises(DataError) as e:
        load_catalog(folder)
    (msg,) = e.value.problems
    line = int(msg.split(":")[1])
    assert "Aldmoor Guard" in path.read_text().splitlines()[line - 1]
    assert msg.endswith("entries[0].shields: Elite Infantry: Double Handed Weapons take both hands: no shields "
                        "with them (battle_valor_fantasy.txt § Shield Wall)")


# ---- army validation ---------------------------------------------------------------

def test_each_army_must_include():
    one = army([{"name": "A", **FOOT}, {"name": "Riders", "troop": "cavalry", "mount": "horses", "stands": 4}])
    (p,) = validate_army(shipped(), one)
    assert p.reason == "two Infantry Units: at least 2, the army has 1"
    assert p.rule == "battle_valor_fantasy.txt § Each Army Must Include the Following"
    assert validate_army(shipped(), army(TWO_FOOT)) == []
    missile_and_berserkers = army([{"name": "Bows", "troop": "missile_troops", "missile": "bow", "stands": 4},
                                   {"name": "Mad", "troop": "berserkers", "stands": 4}])
    assert validate_army(shipped(), missile_and_berserkers) == []
    general_twice = army(TWO_FOOT, [{"type": "general"}])
    assert any("one, and only one" in r for r in reasons(validate_army(shipped(), general_twice)))


@pytest.mark.parametrize("unit, message, rule", [
    ({"troop": "infantry", "stands": 3}, "Infantry units have at least 4 stands (got 3)", "Unit Sizes"),
    ({"troop": "ice_trolls", "stands": 4}, "Line Breaker units have at least 5 stands (got 4)", "Unit Sizes"),
    ({"troop": "war_mammoth", "stands": 2}, "are individual units by themselves", "Unit Sizes"),
    ({"troop": "infantry", "stands": 4, "missile": "bow"}, "carry no missile weapons (foot that shoot are Missile "
     "Troops", "Miniature Bases"),
    ({"troop": "missile_troops", "stands": 4}, "need a missile weapon", "Miniature Bases"),
    ({"troop": "missile_troops", "stands": 4, "missile": "pole"}, "'pole' is not a missile weapon",
     "Phase 8 Fire Missile Units"),
    ({"troop": "war_hounds", "stands": 4, "weapon": "pole"}, "War Hounds fight with natural, not pole", "Bestiary"),
    ({"troop": "infantry", "stands": 4, "weapon": "lance"}, "'lance' is not a close-combat weapon",
     "Weapon Attributes"),
    ({"troop": "ice_trolls", "stands": 5, "armour": "heavy"}, "cannot buy armour (its hide is its armour)",
     "Bestiary"),
    ({"troop": "bolt_thrower", "stands": 1, "armour": "light"}, "war machines count as having heavy armour",
     "Bestiary"),
    ({"troop": "infantry", "stands": 4, "armour": "mithril"}, "unknown armour 'mithril'", "Armor Values"),
    ({"troop": "infantry", "stands": 4, "weapon": "double_handed", "shields": True},
     "Double Handed Weapons take both hands: no shields", "Shield Wall"),
    ({"troop": "missile_troops", "stands": 4, "missile": "bow", "shields": True}, "carry no shields", "Shield Wall"),
    ({"troop": "cavalry", "stands": 4}, "cavalry ride a mount", "Bestiary"),
    ({"troop": "cavalry", "stands": 4, "mount": "dragons"}, "unknown mount 'dragons'", "Bestiary"),
    ({"troop": "infantry", "stands": 4, "mount": "horses"}, "only cavalry ride mounts", "Bestiary"),
    ({"troop": "berserkers", "stands": 4, "command": True}, "always count as having a command stand", "Bestiary"),
    ({"troop": "stone_thrower", "stands": 1, "command": True}, "a unit by itself, without a command stand",
     "Unit Sizes"),
    ({"troop": "dragons", "stands": 4}, "unknown troop 'dragons'", "Bestiary"),
    ({"troop": "infantry", "stands": 4, "race": "gnome"}, "unknown race 'gnome'", "Introduction"),
])
def test_unit_problems(unit, message, rule):
    problems = validate_army(shipped(), army(TWO_FOOT + [{"name": "X", **unit}]))
    hits = [p for p in problems if message in p.reason]
    assert hits, reasons(problems)
    assert hits[0].rule == f"battle_valor_fantasy.txt § {rule}"
    assert hits[0].where[:2] == ("units", 2)


def test_characters():
    two_wizards = army(TWO_FOOT, [{"type": "wizard"}, {"type": "wizard"}])
    (p,) = validate_army(shipped(), two_wizards)
    assert p.reason.startswith("a second Wizard needs 1 of each character type first (short: Apothecary")
    assert p.rule == "battle_valor_fantasy.txt § Characters"
    full_set = [{"type": t, "attached_to": "A"} for t in ("apothecary", "assassin", "captain", "seer", "thief")]
    ok = army(TWO_FOOT, [{"type": "wizard"}, {"type": "wizard"}] + full_set, points=2000)
    assert validate_army(shipped(), ok) == []
    assert army_points(shipped(), ok) == 2 * (6 * 6 + 10) + 2 * 10 + 10 + 10 + 5 + 5 + 5
    loose_captain = army(TWO_FOOT, [{"type": "captain"}])
    assert reasons(validate_army(shipped(), loose_captain)) == [
        "a Captain starts the game attached to a unit"]
    lost = army(TWO_FOOT, [{"type": "wizard", "attached_to": "Nobody"}])
    assert reasons(validate_army(shipped(), lost)) == ["Wizard is attached to 'Nobody', which is no unit of this army"]
    unknown = army(TWO_FOOT, [{"type": "bard"}])
    assert "unknown character 'bard'" in reasons(validate_army(shipped(), unknown))[0]


def test_points_and_game_size():
    big = army(TWO_FOOT + [{"name": "C", "troop": "infantry", "stands": 30, "experience": "elite",
                            "armour": "heavy", "weapon": "pole", "command": True}], points=500)
    (p,) = validate_army(shipped(), big)
    assert p.reason == f"the army costs {army_points(shipped(), big)} points, over the game's 500"
    assert p.rule == "battle_valor_fantasy.txt § Points"
    assert validate_army(shipped(), big, {"points": 1000}) == []
    assert validate_army(shipped(), big, ArmyOptions(points=1000)) == []


def test_playtest_limitations_scale_per_1000_points():
    elites = [{"name": f"E{i}", "troop": "infantry", "stands": 4, "experience": "elite"} for i in range(2)]
    lst = army(elites + [{"name": "L", "troop": "infantry", "stands": 4, "experience": "levy"}], points=1000)
    assert validate_army(shipped(), lst) == []                  # no limitations unless asked
    (p,) = validate_army(shipped(), lst, {"playtest": True})
    assert p.reason == "No more than 1 Elite Unit per 1000 points: at most 1 for 1000 points, the army has 2"
    assert p.rule == "battle_valor_fantasy.txt § Limitations"
    assert reasons(validate_army(shipped(), lst, {"playtest": True, "points": 2000})) == [
        "You must have 1 Levy Unit per 1000 points: at least 2 for 2000 points, the army has 1"]
    no_levy = army(TWO_FOOT)
    assert reasons(validate_army(shipped(), no_levy, {"playtest": True})) == [
        "You must have 1 Levy Unit per 1000 points: at least 1 for 1000 points, the army has 0"]
    machines = army(TWO_FOOT + [{"name": f"M{i}", "troop": "bolt_thrower", "stands": 1, "experience": "levy"}
                                for i in range(3)], points=500)
    assert reasons(validate_army(shipped(), machines, {"playtest": True})) == [
        "No more than 2 War Machines per 1000 points: at most 2 for 500 points, the army has 3"]


def test_duplicate_unit_names():
    problems = validate_army(shipped(), army([{"name": "A", **FOOT}, {"name": "A", **FOOT}]))
    assert any("two units are called 'A'" in r for r in reasons(problems))


unit_values = st.fixed_dictionaries({
    "name": st.sampled_from(["A", "B", "C", "D"]),
    "troop": st.sampled_from(sorted(shipped().troops) + ["dragons"]),
    "stands": st.integers(1, 40),
    "experience": st.sampled_from(["levy", "regular", "veteran", "elite"]),
    "weapon": st.sampled_from([None, "hand", "pole", "pike", "double_handed", "natural", "bow", "nope"]),
    "missile": st.sampled_from([None, "bow", "javelin", "bolt_thrower", "pole"]),
    "armour": st.sampled_from(["none", "light", "heavy", "cardboard"]),
    "shields": st.booleans(), "command": st.booleans(),
    "mount": st.sampled_from([None, "horses", "young_wyverns", "cats"]),
})


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(unit_values, min_size=1, max_size=8),
       st.lists(st.fixed_dictionaries({"type": st.sampled_from(sorted(shipped().characters) + ["bard"]),
                                       "attached_to": st.sampled_from([None, "A", "Z"])}), max_size=6),
       st.booleans(), st.sampled_from([500, 1000, 2000]))
def test_validation_never_raises_and_valid_lists_cost_what_they_say(units, chars, playtest, points):
    lst = army(units, chars, points=points)
    problems = validate_army(shipped(), lst, {"playtest": playtest})
    assert all(p.reason and p.rule.startswith("battle_valor_fantasy.txt § ") for p in problems)
    if not problems:
        assert army_points(shipped(), lst) <= points
        for i in range(len(lst.units)):
            prof = unit_profile(shipped(), lst, i)
            assert prof.points == unit_points(shipped(), lst.units[i]) and 0 <= prof.armour.level <= 3


# ---- shipped lists ---------------------------------------------------------------

def test_shipped_lists_are_legal_and_balanced():
    c = shipped()
    assert len(c.lists) >= 4
    sizes = {}
    for name, lst in c.lists.items():
        assert validate_army(c, lst, {"playtest": True}) == [], name
        spent = army_points(c, lst)
        assert 0.95 * lst.points <= spent <= lst.points, (name, spent)
        sizes.setdefault(lst.points, set()).add(lst.race)
    assert {500, 1000, 2000} <= set(sizes) and all(len(r) >= 2 for r in sizes.values())
    assert len({lst.race for lst in c.lists.values()}) >= 4


def test_rosters_read_into_the_games_lists():
    c = shipped()
    lst = c.lists["dwarian_1000"]
    assert [u.name for u in lst.units][:3] == ["Elite Infantry", "Veteran Infantry", "Veteran Heavy Infantry"]
    assert lst.general.name == "Thane Borin Ironhand" and lst.race == "dwarian"
    (wizard,) = lst.characters
    assert (wizard.type, wizard.experience, wizard.attached_to) == ("wizard", "veteran", "Veteran Infantry")
    assert unit_points(c, lst.units[0]) == 10 * (12 + 1 + 3) + 10
    text = (DATA_DIR / "lists" / "human_2000.yaml").read_text(encoding="utf-8")
    assert all(line.startswith("  - {") for line in text.split("entries:\n")[1].splitlines())
    assert all("limitations: playtest" in (DATA_DIR / "lists" / f"{n}.yaml").read_text() for n in c.lists)


def test_profiles():
    c = shipped()
    lst = c.lists["elf_1000"]
    knights = unit_profile(c, lst, [u.name for u in lst.units].index("Veteran Cavalry on Hippogriffs"))
    assert knights.armour.id == "heavy"           # medium + 1 level for riding Tough Hide 1
    assert knights.mr == 8 and knights.attacks == 3 and knights.mounted and knights.has("fear")
    assert knights.race_effect is not None and knights.race_effect.ignore_long_range
    outriders = unit_profile(c, lst, [u.name for u in lst.units].index("Regular Cavalry on Horses"))
    assert outriders.mounted_missile
    orcs = c.lists["orc_2000"]
    jug = unit_profile(c, orcs, 0)
    assert jug.wounds == 6 and jug.armour.id == "medium" and jug.counts_as_command and jug.large
    wolves = unit_profile(c, c.lists["frigian_1000"], 8)
    assert wolves.troop == "war_wolves" and wolves.armour.id == "light"
    allied = ArmyList.model_validate({**c.lists["human_500"].model_dump(), "units": [
        *[u.model_dump() for u in c.lists["human_500"].units], {"name": "Allies", "troop": "infantry", "stands": 4,
                                                               "race": "dwarian"}]})
    assert unit_profile(c, allied, len(allied.units) - 1).race_effect is None   # only the General's race


# ---- scenario tables -----------------------------------------------------------------

def test_scenario_tables_load_with_zones_and_objectives():
    c = shipped()
    assert len(c.scenarios) >= 3
    for sid, s in c.scenarios.items():
        t = scenario_table(c, sid)
        assert (t.width, t.height) in ((72, 48), (48, 48))
        zones = {z.name: z for z in t.zones if z.type == "deployment"}
        assert set(s.deployment) <= set(zones)
        assert s.turns == 6
        objectives = [z for z in t.zones if z.type == "objective"]
        assert bool(objectives) == bool(s.victory.objective), sid
        kinds = {p.type for p in t.terrain}
        assert kinds <= set(c.terrain)
    kinds = set().union(*({p.type for p in scenario_table(c, sid).terrain} for sid in c.scenarios))
    assert {"road", "woods", "wall", "hedge", "building", "river", "field", "hill"} <= kinds
    river = next(p for p in scenario_table(c, "fords_of_legian").terrain if p.type == "river")
    assert river.impassable and river.properties["natural"]


def test_table_generator_reproduces_the_maps(tmp_path):
    before = {p.name: p.read_bytes() for p in MAP_DIR.glob("*.tmx")}
    subprocess.run([sys.executable, str(ROOT / "tools" / "make_battle_valor_fantasy_tables.py")], check=True,
                   capture_output=True)
    after = {p.name: p.read_bytes() for p in MAP_DIR.glob("*.tmx")}
    assert before == after and len(after) >= 3
