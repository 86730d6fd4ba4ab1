"""Warbound data, decks and dice: the catalog loads with every name the
text gives, broken files are reported as `file:line: field: message`,
every deck rule of warbound.txt § Deck creation is enforced by the pure
`validate_deck`, and the d12 reads as the text says."""
import shutil
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from engine.core.catalog import DataError
from engine.core.dice import ScriptedDice
from games.warbound.rules import wdice
from games.warbound.rules.board import BOARDS, load_board
from games.warbound.rules.catalog import DATA_DIR, load_catalog
from engine.core import registry
from games.warbound.rules.decks import Deck, DeckEntry, parse_deck, validate_deck
from tiers import examples


def test_every_name_the_text_gives_is_a_card():
    c = registry.get("warbound").catalog()
    names = {x.name for x in c.characters.values()}
    assert {"COPP", "Roh'na", "Analyst", "Oshi'goru", "Ork'edo Drummer", "Ork'edo Player", "Splatter"} <= names
    assert "kihai" in c.characters["orkedo_player"].profile.skills
    assert "opportunist" in c.characters["splatter"].profile.skills
    assert c.skills["sharp_shooting"].name == "Sharp shooting"
    assert c.vocations["veterans_vocation"].name == "Veteran's Vocation"
    assert c.vocations["veterans_vocation"].faction == "raiders"


def test_three_factions_with_every_card_type_and_reference_cards():
    c = registry.get("warbound").catalog()
    assert len(c.factions) >= 3
    for f in c.factions:
        assert sum(1 for x in c.characters.values() if x.faction == f) >= 4
        assert any(x.faction == f for x in c.leaders.values())
        assert c.factions[f].reference
    assert c.formations and len(c.equipment) >= 6 and len(c.vocations) >= 4


def test_copp_is_the_example_card():
    """warbound.txt § Character cards: two colorless and one Raiders token,
    a ranged weapon in the profile."""
    copp = registry.get("warbound").catalog().characters["copp"]
    assert copp.profile.cost.colorless == 2 and copp.profile.cost.colored == {"raiders": 1}
    assert "ranged" in copp.icons


def test_sources_are_marked():
    c = registry.get("warbound").catalog()
    assert c.formations["formation"].source == "rulebook"
    assert all(x.source == "house" for x in c.objectives.values())
    assert c.scenarios["exploration"].source == "house"


def test_starter_decks_are_legal():
    c = registry.get("warbound").catalog()
    assert {"raiders_starter", "directorate_starter", "kaigen_starter"} <= set(c.decks)
    for d in c.decks.values():
        assert validate_deck(c, d) == [] and len(d.cards()) == 8


def _rules(deck_text):
    c = registry.get("warbound").catalog()
    return [(p.rule, p.message) for p in validate_deck(c, parse_deck(deck_text))]


BASE = """
entries:
  - {card: warlord_kessa, vocation: veterans_vocation}
  - {card: copp}
  - {card: splatter}
  - {card: scrapper, formation: formation}
  - {card: junk_hound, equipment: shock_baton}
"""


def test_deck_rules_each_refused_with_its_rule():
    assert _rules(BASE) == []
    probs = _rules(BASE.replace("  - {card: copp}\n", ""))
    assert any("has 7 cards" in m and r.endswith("§ Deck creation rules") for r, m in probs)
    probs = _rules(BASE.replace(", vocation: veterans_vocation", "").replace(
        "{card: junk_hound, equipment: shock_baton}", "{card: junk_hound}").replace(
        "  - {card: copp}\n", "  - {card: copp}\n  - {card: analyst}\n  - {card: medtech}\n"))
    assert any("1 Upgrade card" in m and r.endswith("§ Upgrade cards") for r, m in probs), probs
    probs = _rules(BASE.replace("{card: copp}", "{card: splatter}"))
    assert any("2 cards named Splatter" in m for r, m in probs), probs
    probs = _rules(BASE.replace("{card: copp}", "{card: copp, equipment: pulse_pistol}").replace(
        "  - {card: splatter}\n", ""))
    assert any("already has a ranged icon" in m and r.endswith("§ Equipment card") for r, m in probs), probs
    probs = _rules(BASE.replace("card: warlord_kessa", "card: daimyo_kurose"))
    assert any("Veteran's Vocation" in m and r.endswith("§ Faction-specific cards") for r, m in probs), probs
    probs = _rules(BASE.replace("{card: copp}", "{card: copp, equipment: aegis_shell}").replace(
        "  - {card: splatter}\n", ""))
    assert any("Aegis shell" in m for r, m in probs), probs
    probs = _rules(BASE.replace("card: warlord_kessa", "card: overseer_vale").replace(
        "  - {card: copp}\n", "  - {card: warlord_kessa}\n"))
    assert any("2 Leader cards" in m and r.endswith("§ Leader cards") for r, m in probs), probs
    probs = _rules(BASE.replace("{card: copp}", "{card: copp, vocation: logistics}").replace(
        "  - {card: splatter}\n", ""))
    assert any("Vocation attaches to the Leader" in m for r, m in probs), probs


def test_two_formations_allowed_other_factions_allowed():
    c = registry.get("warbound").catalog()
    assert validate_deck(c, c.decks["kaigen_starter"]) == []
    mixed = Deck("mixed", (
        DeckEntry("ronin_broker", vocation="logistics"), DeckEntry("rohna", "plated_vest"), DeckEntry("orkedo_player"), DeckEntry("splatter"),
        DeckEntry("junk_hound"), DeckEntry("copp")))
    assert validate_deck(c, mixed) == []


def _broken(tmp_path, fname, old, new):
    root = tmp_path / f"data{len(list(tmp_path.iterdir()))}"
    shutil.copytree(DATA_DIR, root)
    p = root / fname
    text = p.read_text()
    assert old in text
    p.write_text(text.replace(old, new, 1))
    with pytest.raises(DataError) as e:
        load_catalog(root)
    return e.value.problems


def test_broken_data_names_file_line_and_field(tmp_path):
    probs = _broken(tmp_path, "characters.yaml", "  faction: raiders\n  icons: [ranged, armor]",
                    "  faction: pirates\n  icons: [ranged, armor]")
    assert any("characters.yaml:" in p and "copp.faction: unknown faction 'pirates'" in p for p in probs), probs
    line = int(probs[0].split("characters.yaml:")[1].split(":")[0])
    assert line > 1


def test_broken_deck_list_is_reported(tmp_path):
    probs = _broken(tmp_path, "lists/raiders_starter.yaml", "  - {card: copp}\n", "  - {card: copp, hat: 1}\n")
    assert any("raiders_starter.yaml:" in p and "entries[1].hat: unknown field" in p for p in probs), probs
    probs = _broken(tmp_path, "lists/raiders_starter.yaml", "  - {card: copp}\n", "  - {card: copp, equipment: pulse_pistol}\n")
    assert any("raiders_starter.yaml:6: entries[1].equipment: COPP already has a ranged icon" in p for p in probs), probs
    probs = _broken(tmp_path, "lists/raiders_starter.yaml", "  - {card: copp}\n", "  - {card: null}\n")
    assert any("raiders_starter.yaml:6: entries[1]: card ids are text" in p for p in probs), probs


def test_an_action_that_does_nothing_is_refused_at_its_line(tmp_path):
    probs = _broken(tmp_path, "action_board.yaml", "  parts: [move]\n", "  parts: []\n")
    assert any("action_board.yaml:" in p and "parts" in p for p in probs), probs


def test_d12_reads_and_naturals():
    rolls = wdice.roll(ScriptedDice([1, 10, 11, 12, 6]), 5)
    assert [r.value for r in rolls] == [1, 10, 5, 10, 6]
    assert not wdice.succeeds(rolls[0], 1, 5)          # natural [1] always fails
    assert wdice.succeeds(rolls[1], 13)                # natural [10] always succeeds
    assert wdice.succeeds(rolls[3], 13)                # a 12 reads 10
    assert wdice.p_success(5) == Fraction(8, 12)
    assert wdice.p_success(6) == Fraction(6, 12)
    dist = wdice.hits_distribution(2, 7)
    assert sum(dist) == 1 and dist[2] == Fraction(5, 12) ** 2


def test_aim_distribution_is_exact():
    plain = wdice.hits_distribution(1, 7)
    aimed = wdice.hits_distribution(1, 7, aim=True)
    assert aimed[1] == 1 - Fraction(7, 12) ** 2 and aimed[1] > plain[1]


def test_boards_have_two_sections_and_starting_tiles():
    for name in BOARDS:
        b = load_board(registry.get("warbound").catalog(), name)
        assert (b.cols, b.rows) == (16, 8)
        assert [b.label(h) for h in b.starts] == ["C3", "N6"]     # 3rd column / 3rd row from each closed corner
        assert b.section[b.starts[0]] == 0 and b.section[b.starts[1]] == 1
        assert b.blocked and b.obstructing and len(b.scans) == 4


_CAT = registry.get("warbound").catalog()
_CHARS = sorted(_CAT.characters)
_EQUIP = [None] + sorted(_CAT.equipment)
_LEADERS = sorted(_CAT.leaders)
_VOCS = [None] + sorted(_CAT.vocations)


@settings(max_examples=examples(150), deadline=None)
@given(st.sampled_from(_LEADERS), st.sampled_from(_VOCS),
       st.lists(st.tuples(st.sampled_from(_CHARS), st.sampled_from(_EQUIP), st.booleans()), max_size=7))
def test_validate_deck_is_total_and_agrees_with_the_count(leader, voc, entries):
    """Any deck gets a list of problems (never an exception); a deck the
    rules accept really has 8 cards, one Leader and two or more Upgrades."""
    deck = Deck("x", (DeckEntry(leader, vocation=voc),)
                + tuple(DeckEntry(c, e, "formation" if f else None) for c, e, f in entries))
    probs = validate_deck(_CAT, deck)
    assert all(p.rule.startswith("warbound.txt § ") for p in probs)
    if not probs:
        cards = deck.cards()
        assert len(cards) == 8
        assert sum(1 for c in cards if c in _CAT.equipment or c in _CAT.formations or c in _CAT.vocations) >= 2
        names = [c for c in cards if c not in _CAT.formations]
        assert len(names) == len(set(names))


def test_check_reads_the_whole_data_folder_with_lists_and_tutorials(tmp_path):
    """`main.py check data/warbound`: the catalog, the starter decks (army
    lists) and the tutorials (lessons, their own fields) all check clean;
    a broken lesson names its file, line and field."""
    from engine.commands.check import check_path
    assert check_path(DATA_DIR) == []
    bad = tmp_path / "tutorials"
    bad.mkdir()
    src = (DATA_DIR / "tutorials" / "07_armor_and_wounds.yaml").read_text()
    (bad / "broken.yaml").write_text(src.replace("title:", "titel:", 1))
    probs = check_path(bad / "broken.yaml")
    assert probs and "broken.yaml:" in probs[0] and "titel" in probs[0]
