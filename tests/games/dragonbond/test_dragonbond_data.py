"""Dragonbond data: the cards the text names, and data errors reported as
`file:line: field: message`."""
import shutil
from pathlib import Path

import pytest

from engine.core.catalog import DataError
from games.dragonbond.rules.army import army_problems
from engine.core import registry
from games.dragonbond.rules.catalog import DATA_DIR, load_catalog, parse_keywords
from games.dragonbond.rules.defs import Army

NAMED = ["Oathguard Halberdiers", "Oathguard Duelists", "Bucentaur Blades", "Blooded Claws", "Kirin Wardens",
         "Skorpikon Reavers", "Skorpikon Gore-Lancers", "Ogerron Phalanx", "Dreamshaper Casters",
         "Dragon Queen", "Blood Emperor", "Ferellon Fulgen", "Nagasha"]


def test_every_unit_the_text_names_is_carded():
    names = {u.name for u in registry.get("dragonbond").catalog().units.values()}
    assert set(NAMED) <= names
    u = registry.get("dragonbond").catalog().units
    assert u["oathguard_duelists"].speed == 9
    assert u["bucentaur_blades"].speed == 8
    assert u["blooded_claws"].models == 7
    assert any(w.name == "Javelins" and w.type == "ranged" for w in u["skorpikon_reavers"].weapons)
    lances = next(w for w in u["skorpikon_gore_lancers"].weapons if w.name == "Lances")
    assert (lances.dice.grey * u["skorpikon_gore_lancers"].models,
            lances.dice.white * u["skorpikon_gore_lancers"].models) == (3, 3)
    assert any(p.name == "Restful Dream" and p.trigger == "rest" for p in u["dreamshaper_casters"].powers)
    assert registry.get("dragonbond").catalog().captains["commander_leonise"].unit == "oathguard_halberdiers"
    assert {u["dragon_queen"].kind, u["blood_emperor"].kind} == {"general"}
    assert u["ferellon_fulgen"].dragon and u["nagasha"].dragon


def test_every_regular_unit_has_two_captains_and_big_ones_archetypes():
    for uid, u in registry.get("dragonbond").catalog().units.items():
        if u.kind == "unit":
            assert sum(c.unit == uid for c in registry.get("dragonbond").catalog().captains.values()) >= 2, uid
        else:
            assert sum(uid in a.units for a in registry.get("dragonbond").catalog().archetypes.values()) >= 2, uid


def test_sources_are_marked():
    assert registry.get("dragonbond").catalog().captains["commander_leonise"].source == "rulebook"
    assert all(d.source == "house" for d in registry.get("dragonbond").catalog().dice.values())
    assert all(t.source == "house" for t in registry.get("dragonbond").catalog().terrain.values())
    assert len(registry.get("dragonbond").catalog().terrain) == 5                      # "5 Terrain Tiles"


def test_ready_made_armies_are_legal():
    for a in registry.get("dragonbond").catalog().armies.values():
        assert army_problems(registry.get("dragonbond").catalog(), a, "control") == [], a.id


def test_army_rules():
    base = registry.get("dragonbond").catalog().armies["dawn_vanguard"]
    units = [au.model_dump() for au in base.units]
    twice = Army.model_validate({**base.model_dump(), "units": units + [units[2]]})
    msgs = [m for m, r, _ in army_problems(registry.get("dragonbond").catalog(), twice)]
    assert any("already leads unit" in m for m in msgs)
    dragons = Army.model_validate({**base.model_dump(), "units": units + [units[1]]})
    assert any("already has Ferellon Fulgen" in m for m, _, _ in army_problems(registry.get("dragonbond").catalog(), dragons))
    rules = {r for _, r, _ in army_problems(registry.get("dragonbond").catalog(), dragons)}
    assert "dragonbond.txt § Duplicates" in rules
    no_gen = Army.model_validate({**base.model_dump(), "bond": None, "units": units[1:]})
    assert any("Control needs a general" in m for m, _, _ in army_problems(registry.get("dragonbond").catalog(), no_gen, "control"))
    wrong = [dict(units[2], captain="blademistress_corvina")]
    bad = Army.model_validate({**base.model_dump(), "bond": None, "units": wrong})
    assert any("leads Oathguard Duelists, not Oathguard Halberdiers" in m for m, _, _ in army_problems(registry.get("dragonbond").catalog(), bad))
    two_gens = Army.model_validate({**registry.get("dragonbond").catalog().armies["blood_host"].model_dump(),
                                    "units": [au.model_dump() for au in registry.get("dragonbond").catalog().armies["blood_host"].units]
                                    + [{"unit": "blood_emperor", "archetype": "tyrant"}]})
    assert any("up to one general" in m for m, _, _ in army_problems(registry.get("dragonbond").catalog(), two_gens))


def test_keywords():
    assert parse_keywords(["sharp", "epic 2"]) == {"sharp": 0, "epic": 2}
    with pytest.raises(ValueError, match="unknown keyword 'fast'"):
        parse_keywords(["fast"])
    with pytest.raises(ValueError, match="Epic takes a number"):
        parse_keywords(["epic"])


@pytest.fixture
def data(tmp_path):
    d = tmp_path / "dragonbond"
    shutil.copytree(DATA_DIR, d)
    return d


def _edit(path: Path, old: str, new: str):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _line(path: Path, needle: str) -> int:
    for i, ln in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in ln:
            return i
    raise AssertionError(needle)


def test_errors_name_file_line_and_field(data):
    units = data / "units.yaml"
    _edit(units, "  speed: 9                       # rulebook", "  sped: 9")
    _edit(units, "  stamina: 4\n  health: 2\n  defense: {red: 1}", "  stamina: many\n  health: 2\n  defense: {red: 1}")
    with pytest.raises(DataError) as e:
        load_catalog(data)
    probs = e.value.problems
    assert f"{units}:{_line(units, 'sped: 9')}: oathguard_duelists.sped: unknown field" in probs
    assert any(p.startswith(f"{units}:{_line(units, 'stamina: many')}: dreamshaper_casters.stamina:") for p in probs)


def test_dangling_references_and_army_rules_are_reported(data):
    caps = data / "captains.yaml"
    _edit(caps, "  unit: oathguard_duelists\n  ability:\n    name: Lunge",
          "  unit: oathguard_dualists\n  ability:\n    name: Lunge")
    armies = data / "lists" / "dawn_vanguard.yaml"
    _edit(armies, "  - {unit: oathguard_duelists, captain: blademistress_corvina}",
          "  - {unit: oathguard_halberdiers, captain: commander_leonise}")
    with pytest.raises(DataError) as e:
        load_catalog(data)
    probs = e.value.problems
    line = _line(caps, "oathguard_dualists")
    assert f"{caps}:{line}: blademistress_corvina.unit: unknown unit card 'oathguard_dualists'" in probs
    dup = [p for p in probs if p.startswith(f"{armies}:") and "already leads unit" in p]
    assert dup and "dragonbond.txt § Duplicates" in dup[0]
    assert dup[0].startswith(f"{armies}:{_line(armies, 'ferellon_fulgen, archetype: stormcaller') + 2}: "
                             "entries[3].captain:")


def test_dice_faces_must_match_sides(data):
    dice = data / "dice.yaml"
    _edit(dice, "  faces: [{block: true}, {block: true}, {}, {}, {}, {}]", "  faces: [{block: true}]")
    with pytest.raises(DataError) as e:
        load_catalog(data)
    assert any(p.startswith(f"{dice}:") and "a d6 needs 6 faces" in p for p in e.value.problems)


def test_check_data_hook(data):
    from engine.core import registry
    rules = registry.get("dragonbond")
    assert rules.check_data(None) == []
    _edit(data / "terrain.yaml", "  instant: slow", "  instant: sticky")
    probs = rules.check_data(data)
    assert probs and probs[0].startswith(f"{data / 'terrain.yaml'}:")
