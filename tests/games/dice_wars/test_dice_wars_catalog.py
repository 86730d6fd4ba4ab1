"""The Dice Wars card catalog: the real data loads and keeps every fact the
rulebook states; broken copies fail with `file:line: field: message`."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from engine.core.catalog import DataError
from games.dice_wars.rules.catalog import DATA_DIR, DIE_SIDES, load_catalog


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


# ---- the real catalog ----------------------------------------------------------
def test_counts(cat):
    assert len(cat.factions) == 4
    assert len(cat.classes_of("basic")) == 6
    assert len(cat.classes_of("advanced")) == 8
    assert len(cat.classes_of("hero")) == 12
    assert len(cat.veterans) == 8
    assert len(cat.cities) == 6
    assert len(cat.relics) == 6


def test_hundred_distinct_cards(cat):
    # dice_wars.txt § Game Contents: 100 unit cards
    cards = cat.all_cards()
    assert len(cards) == 100
    assert len({c.id for c in cards}) == 100
    assert sum(c.veteran for c in cards) == 32
    assert sum(c.tier == "hero" for c in cards) == 12
    # the four faction cards of a class really differ somewhere (or the class is unadjusted)
    for cls in cat.classes_of("basic") + cat.classes_of("advanced"):
        stats = {(c.attack, c.defense, c.range, c.move) for c in cards if c.cls == cls and not c.veteran}
        adjusted = sum(cls in f.adjust for f in cat.factions.values())
        assert len(stats) >= min(adjusted, 2)


def test_hp_by_tier(cat):
    # dice_wars.txt § Units
    for c in cat.all_cards():
        assert c.hp == {"basic": 1, "advanced": 2, "hero": 3}[c.tier]


def test_faces_cover_each_die_once(cat):
    # dice_wars.txt § Grab Your Cards: match die faces to cards
    for tier, sides in DIE_SIDES.items():
        got = sorted(cat.classes[c].face for c in cat.classes_of(tier))
        assert got == list(range(1, sides + 1))
        for face in got:
            assert cat.classes[cat.class_for_face(tier, face)].face == face


def test_named_units_and_their_facts(cat):
    by_name = {u.name: cid for cid, u in cat.classes.items()}
    for name in ["Knight", "Assassin", "Cavalier", "Witch", "Barbarian", "Wizard", "Acolyte",
                 "Paladin", "Archer", "Thistlecrown", "Vorn & Jorn", "Ad'ee & El'ee", "Xulinor"]:
        assert name in by_name, name
    t = {cid: u.tier for cid, u in cat.classes.items()}
    assert t["knight"] == t["assassin"] == t["witch"] == t["barbarian"] == t["wizard"] == t["paladin"] == "advanced"
    assert t["cavalier"] == t["acolyte"] == t["archer"] == "basic"
    assert t["thistlecrown"] == t["vorn_jorn"] == t["adee_elee"] == t["xulinor"] == "hero"
    for f in cat.factions:
        # § Command Phase example: a 2-damage back attack kills a Knight in one strike
        assert cat.card("knight", f).hp == 2
        assert cat.card("knight", f, veteran=True).hp == 2
        # § Guarding example: Witch attack 2, Barbarian defense 2 (1 under Miasma)
        assert cat.card("witch", f).attack == 2
        assert cat.card("barbarian", f).defense == 2
        # § Movement: the Cavalier travels further than the standard 5
        assert cat.card("cavalier", f).move > 5
        assert cat.card("archer", f).weapon == "shot"
        assert cat.card("acolyte", f).attack == "M"
    sa = cat.classes["assassin"]
    assert sa.trait.name == "Cloak & Dagger"
    fx = sa.trait.effects[0]
    assert fx.kind == "extra_damage" and fx.amount == 1 and fx.when.from_behind is True
    w = cat.classes["witch"].trait
    assert w.name == "Miasma"
    assert [(e.kind, e.affects, e.stat, e.amount) for e in w.effects] == [("aura", "enemies", "defense", -1)]
    b = cat.classes["barbarian"]
    assert b.skill.name == "Taunt" and b.skill.aim == "units"
    assert {"kind": "status", "status": "taunted"} in [e.model_dump() for e in b.skill.effects]
    assert b.trait.name == "Rage" and b.trait.effects[0].kind == "on_damaged"
    nova = cat.classes["wizard"].skill
    assert nova.name == "Frost Nova" and nova.target == "self" and nova.radius == 1
    # § Skills example: a check of 9 gives Greater Frost Nova, the Wizard gains +2
    assert nova.check.minimum <= 9 and nova.check.greater <= 9
    assert any(e.kind == "condition" and e.amount == 2 for e in nova.greater)
    ac = cat.classes["acolyte"].trait
    assert ac.name == "Studious" and any(e.kind == "modifier" and e.stat == "magic" for e in ac.effects)
    th = cat.classes["thistlecrown"]
    assert th.trait.name == "Wild Swing" and th.trait.effects[0].kind == "sweep"
    assert th.skill.name == "Hurl" and th.skill.carry and th.skill.target == "enemy"
    assert th.skill.effects[0].kind == "hurl"
    vj = cat.classes["vorn_jorn"].trait
    assert vj.name == "Demolition"
    mv = [e for e in vj.effects if e.kind == "movement"][0]
    assert set(mv.pass_terrain) == {"mountain", "wall"}
    assert any(e.kind != "movement" for e in vj.effects)   # dangerous in opponent phases
    ae = cat.classes["adee_elee"].trait
    assert ae.name == "Kablooeey!" and ae.effects[0].kind == "on_death"
    xu = cat.classes["xulinor"].trait
    assert any(e.kind == "movement" and e.ley_line_travel for e in xu.effects)


def test_every_class_has_trait_or_skill(cat):
    for cid, u in cat.classes.items():
        if u.tier == "basic":
            assert u.trait or u.skill, cid
        else:
            assert u.trait and u.skill, cid


def test_skill_texts_state_their_numbers(cat):
    skills = [u.skill for u in cat.classes.values() if u.skill]
    skills += [v.skill for v in cat.veterans.values() if v.skill]
    skills += [c.skill for c in cat.cities.values() if c.skill]
    skills += [r.skill for r in cat.relics.values() if r.skill] + [r.spell for r in cat.relics.values()]
    for s in skills:
        if s.range is not None and s.range >= 2:
            assert str(s.range) in s.text, s.name
        if s.range == 1:
            assert "adjacent" in s.text, s.name
        if s.greater is not None and s.check.greater is not None:
            assert f"{s.check.greater}+" in s.text, s.name
        for fx in list(s.effects) + list(s.greater or []):
            n = getattr(fx, "power", None) or getattr(fx, "hexes", None)
            if fx.kind in ("attack", "pull") and n:
                assert str(n) in s.text, s.name


def test_factions_balanced_and_bonuses(cat):
    f = cat.factions
    assert set(f) == {"bloodblades", "mercurio", "valegaard", "octarine"}
    assert {x.letter for x in f.values()} == set("BMVO")
    assert f["bloodblades"].color == "#D55E00" and f["octarine"].color == "#CC79A7"
    assert (f["bloodblades"].bonus.name, f["mercurio"].bonus.name, f["valegaard"].bonus.name,
            f["octarine"].bonus.name) == ("Assault", "Armada", "Sylvania", "Chirality")
    assert f["octarine"].bonus.effects == []
    assert f["bloodblades"].bonus.effects[0].when.adjacent_terrain == ["mountain"]
    assert f["mercurio"].bonus.effects[0].when.adjacent_terrain == ["water"]
    assert f["valegaard"].bonus.effects[0].when.self_terrain == ["forest"]
    for fac in f.values():
        deltas = [getattr(d, s) for d in fac.adjust.values() for s in ("attack", "defense", "range", "move")]
        assert sum(x for x in deltas if x > 0) == -sum(x for x in deltas if x < 0) > 0, fac.id
        assert all(cat.classes[c].tier != "hero" for c in fac.adjust)


def test_veterans_stack_on_faction_cards(cat):
    assert set(cat.veterans) == set(cat.classes_of("advanced"))
    base = cat.card("knight", "bloodblades")
    vet = cat.card("knight", "bloodblades", veteran=True)
    assert vet.attack == base.attack + cat.veterans["knight"].delta.attack
    assert vet.name == cat.veterans["knight"].name and vet.veteran
    assert vet.skill == cat.veterans["knight"].skill and vet.trait == base.trait
    assert cat.card("knight", "bloodblades") is base            # memoised
    with pytest.raises(ValueError):
        cat.card("archer", "mercurio", veteran=True)
    hero = cat.card("brakka", "octarine")
    assert hero.faction is None and hero is cat.card("brakka", None)


def test_cities_and_relics(cat):
    c = cat.cities
    assert set(c) == {"solamyra", "kordolith", "doratheria", "astramore", "zenpaelo", "pyrus"}
    assert c["solamyra"].skill.name == "Secret Tunnels"
    assert any(e.kind == "teleport" for e in c["solamyra"].skill.effects)
    assert c["kordolith"].trait.name == "Clockwork Rhythm" and c["kordolith"].trait.effects[0].stat == "move"
    assert c["doratheria"].skill.name == "Arrow Rain"
    assert c["astramore"].skill.name == "Sacred Benediction"
    assert c["zenpaelo"].trait.name == "Secluded Refuge" and c["zenpaelo"].trait.effects[0].stat == "defense"
    mil = c["pyrus"].trait
    assert mil.name == "Military Academies" and mil.effects[0].stat == "attack"
    assert mil.effects[0].when.weapon == ["melee"]
    assert c["pyrus"].relic_condition == "capture_with_buffed"
    assert any(x.relic_condition == "capture_from_player" for x in c.values())
    assert len({x.sigil for x in c.values()}) == 6
    for r in cat.relics.values():
        assert r.trait or r.skill
        assert r.spell is not None


def test_every_item_marked_with_a_source(cat):
    for group in (cat.classes, cat.factions, cat.veterans, cat.cities, cat.relics):
        for item in group.values():
            assert item.source in ("house", "rulebook")
    for name in ("units", "factions", "veterans", "cities", "relics"):
        text = (DATA_DIR / f"{name}.yaml").read_text()
        entries = re.findall(r"(?m)^[a-z_]+:\s*$", text)
        assert text.count("\n  source: ") == len(entries), name


def test_the_ruleset_reads_the_shipped_catalog_once_and_a_load_is_a_new_one():
    from engine.core import registry
    rules = registry.get("dice_wars")
    assert rules.catalog() is rules.catalog()
    assert load_catalog() is not load_catalog(DATA_DIR)      # nothing cached by a global (issue 37)


# ---- broken copies ---------------------------------------------------------------
def _copy(tmp_path: Path) -> Path:
    dst = tmp_path / "dice_wars"
    shutil.copytree(DATA_DIR, dst)
    return dst


def _line_of(text: str, pattern: str, after: int = 0) -> int:
    """1-based number of the first line at or after line `after` matching."""
    for i, line in enumerate(text.splitlines(), 1):
        if i >= after and re.search(pattern, line):
            return i
    raise AssertionError(pattern)


def _problems(root: Path) -> list[str]:
    with pytest.raises(DataError) as e:
        load_catalog(root)
    for p in e.value.problems:
        assert re.match(r"^[a-z]+\.yaml:\d+: \S.*?: .+", p), p
    return e.value.problems


def test_unknown_key(tmp_path):
    root = _copy(tmp_path)
    f = root / "units.yaml"
    text = f.read_text()
    knight = _line_of(text, r"^knight:$")
    lines = text.splitlines()
    lines.insert(knight, "  armour: heavy")           # becomes line knight+1
    f.write_text("\n".join(lines) + "\n")
    assert _problems(root) == [f"units.yaml:{knight + 1}: knight.armour: unknown field"]


def test_wrong_type(tmp_path):
    root = _copy(tmp_path)
    f = root / "units.yaml"
    text = f.read_text()
    line = _line_of(text, r"^  defense:", after=_line_of(text, r"^paladin:$"))
    lines = text.splitlines()
    lines[line - 1] = "  defense: sturdy"
    f.write_text("\n".join(lines) + "\n")
    probs = _problems(root)
    assert len(probs) == 1
    assert probs[0].startswith(f"units.yaml:{line}: paladin.defense: ")
    assert "'sturdy'" in probs[0]


def test_wrong_type_nested(tmp_path):
    root = _copy(tmp_path)
    f = root / "units.yaml"
    text = f.read_text()
    line = _line_of(text, r"check: \{minimum: 4, greater: 9\}", after=_line_of(text, r"^barbarian:$"))
    f.write_text(_replace_line(text, line, "    check: {minimum: four, greater: 9}"))
    probs = _problems(root)
    assert probs and probs[0].startswith(f"units.yaml:{line}: barbarian.skill.check.minimum: ")


def _replace_line(text: str, line: int, new: str) -> str:
    lines = text.splitlines()
    lines[line - 1] = new
    return "\n".join(lines) + "\n"


def test_duplicate_die_face(tmp_path):
    root = _copy(tmp_path)
    f = root / "units.yaml"
    text = f.read_text()
    line = _line_of(text, r"^  face: 2$", after=_line_of(text, r"^spearman:$"))
    f.write_text(_replace_line(text, line, "  face: 1"))
    probs = _problems(root)
    assert f"units.yaml:{line}: spearman.face: d6 face 1 is already rolled by footman" in probs
    top = _line_of(text, r"^footman:$")         # a file-level problem points at the mapping's start
    assert f"units.yaml:{top}: (top): no basic class is rolled on d6 face(s) 2" in probs
    assert len(probs) == 2


def test_face_off_the_die(tmp_path):
    root = _copy(tmp_path)
    f = root / "units.yaml"
    text = f.read_text()
    line = _line_of(text, r"^  face: 8$", after=_line_of(text, r"^wizard:$"))
    f.write_text(_replace_line(text, line, "  face: 9"))
    probs = _problems(root)
    assert probs[0] == f"units.yaml:{line}: wizard.face: face 9 is not on a d8 (advanced faces are 1-8)"


def test_yaml_syntax_error(tmp_path):
    root = _copy(tmp_path)
    f = root / "units.yaml"
    text = f.read_text()
    line = _line_of(text, r"^  code: Ar$")
    f.write_text(_replace_line(text, line, "  code: [Ar"))
    probs = _problems(root)
    assert len(probs) == 1
    m = re.match(r"units\.yaml:(\d+): YAML syntax: ", probs[0])
    assert m, probs[0]
    # the parser notices the unclosed flow sequence on the line after it
    assert line <= int(m.group(1)) <= line + 1


def test_dangling_faction_adjust(tmp_path):
    root = _copy(tmp_path)
    f = root / "factions.yaml"
    text = f.read_text()
    line = _line_of(text, r"^    footman: \{attack: 1, defense: -1\}$")
    f.write_text(_replace_line(text, line, "    dragoon: {attack: 1, defense: -1}"))
    assert _problems(root) == [f"factions.yaml:{line}: bloodblades.adjust.dragoon: unknown class 'dragoon'"]


def test_unbalanced_faction_and_magic_attack_delta(tmp_path):
    root = _copy(tmp_path)
    f = root / "factions.yaml"
    text = f.read_text()
    line = _line_of(text, r"^    acolyte: \{range: 1\}$")
    f.write_text(_replace_line(text, line, "    acolyte: {range: 1, attack: 1}"))
    probs = _problems(root)
    adjust = _line_of(text, r"^  adjust:", after=_line_of(text, r"^octarine:$"))
    assert f"factions.yaml:{line}: octarine.adjust.acolyte.attack: acolyte attacks with magic ('M'): its attack cannot change" in probs
    assert any(p.startswith(f"factions.yaml:{adjust}: octarine.adjust: a faction's card deltas must balance") for p in probs)


def test_unknown_terrain_and_missing_veteran(tmp_path):
    root = _copy(tmp_path)
    f = root / "units.yaml"
    text = f.read_text()
    line = _line_of(text, r"pass_terrain: \[mountain, wall\]")
    f.write_text(text.replace("pass_terrain: [mountain, wall]", "pass_terrain: [mountain, lava]"))
    v = root / "veterans.yaml"
    vt = v.read_text()
    start = _line_of(vt, r"^witch:$")
    end = _line_of(vt, r"^wizard:$")
    v.write_text("\n".join(vt.splitlines()[:start - 1] + vt.splitlines()[end - 1:]) + "\n")
    probs = _problems(root)
    assert f"units.yaml:{line}: vorn_jorn.trait.effects[0].pass_terrain[1]: unknown terrain 'lava'" in probs
    top = _line_of(vt, r"^knight:$")           # a file-level problem points at the mapping's start
    assert f"veterans.yaml:{top}: (top): advanced class witch has no veteran card" in probs
    assert len(probs) == 2


def test_all_problems_reported_at_once(tmp_path):
    root = _copy(tmp_path)
    u = root / "units.yaml"
    text = u.read_text()
    line = _line_of(text, r"^  defense:", after=_line_of(text, r"^knight:$"))
    u.write_text(_replace_line(text, line, "  defense: lots"))
    c = root / "cities.yaml"
    ct = c.read_text()
    cline = _line_of(ct, r"^  relic_condition: capture_with_hero$")
    c.write_text(_replace_line(ct, cline, "  relic_condition: capture_by_moonlight"))
    probs = _problems(root)
    assert any(p.startswith(f"units.yaml:{line}: knight.defense: ") for p in probs)
    assert any(p.startswith(f"cities.yaml:{cline}: zenpaelo.relic_condition: ") for p in probs)


def test_spell_rules(tmp_path):
    root = _copy(tmp_path)
    f = root / "relics.yaml"
    text = f.read_text()
    lines = text.splitlines()
    # Unbreakable gets a range (inserted after its target line)
    ub = _line_of(text, r"^    target: ally$", after=_line_of(text, r"^    name: Unbreakable$"))
    lines.insert(ub, "    range: 2")                   # becomes line ub + 1
    # Second Dawn (earlier in the file) targets self and gets a check
    sd = _line_of(text, r"^    target: ally$", after=_line_of(text, r"^    name: Second Dawn$"))
    assert sd < ub
    lines[sd - 1] = "    target: self"
    lines.insert(sd, "    check: {minimum: 4}")        # becomes line sd + 1, Unbreakable moves down 1
    f.write_text("\n".join(lines) + "\n")
    assert sorted(_problems(root)) == sorted([
        f"relics.yaml:{sd + 1}: dawn_staff.spell.check: a spell is cast instantly with no check, "
        "so it has no check or greater result",
        f"relics.yaml:{sd}: dawn_staff.spell.target: a spell has no casting unit: it cannot target self",
        f"relics.yaml:{ub + 2}: legion_aegis.spell.range: a spell has no casting unit to measure from: "
        "it reaches the whole map (omit range)",
    ])


def test_hero_adjust_refused(tmp_path):
    root = _copy(tmp_path)
    f = root / "factions.yaml"
    text = f.read_text()
    line = _line_of(text, r"^    cavalier: \{move: 1, defense: -1\}$")
    f.write_text(_replace_line(text, line, "    brakka: {move: 1, defense: -1}"))
    assert _problems(root) == [f"factions.yaml:{line}: mercurio.adjust.brakka: "
                               "brakka is a hero: heroes are colourless and have no faction card"]
