"""Hostile custom positions of Dice Wars and Warbound are refused naming the
field, in the reader's words (engine/core/fields.py), never Python's.

A golden script's position is changed one field at a time (a list where a
number belongs, a name the catalog lacks, a required field left out, a
huge number) and run as `main.py script` runs it: the refusal must say
`file:line: setup: position.<path>: what`.  On the old readers (bare int(),
raw["at"], catalog lookups) these said `setup: 'at' names nothing in this
game` or `setup: a whole number was expected, not a list`, or were taken.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.commands.script import ScriptError, run_script
from tests.engine.test_hostile_words import FILE_LINE, JARGON
from tiers import ROOT

DICE_WARS = "tests/scripts/dice_wars/archer_high_ground.yaml"
WARBOUND = "tests/scripts/warbound/armor_example.yaml"


def _refusal(tmp_path, script: str, old: str, new: str) -> str:
    text = (ROOT / script).read_text()
    assert old in text, old
    path = tmp_path / Path(script).name
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(ScriptError) as info:
        run_script(path)
    msg = str(info.value)
    assert FILE_LINE.match(msg) and not JARGON.search(msg), msg
    assert ": setup: position" in msg, msg
    return msg


@pytest.mark.parametrize("old, new, words", [
    ("class: paladin, at: [10, 0]", "class: paladin, at: [10, 0], hp: [1, 2]",
     "position.units[3].hp: a whole number was expected, not <a list of 2 items>"),
    ("class: paladin, at: [10, 0]", "class: paladin, at: [10, 0], hp: 99999999999",
     "position.units[3].hp: 99999999999 is out of range (1 to "),
    ("at: [6, 0]", "at: [6, 0], facing: 99999999999", "position.units[1].facing: 99999999999 is out of range (0 to 5)"),
    ("class: paladin", "class: pirate", "position.units[3].class: unknown 'pirate' (26 known, such as acolyte, "),
    ("[[bloodblades], [mercurio]]", "[[bloodblades], [elves]]",
     "position.factions[1][0]: unknown 'elves' (known: bloodblades, mercurio, octarine, valegaard)"),
    ("[[bloodblades], [mercurio]]", "[[bloodblades], mercurio]", "position.factions[1]: a list of 1 to 2 names"),
    (", at: [6, 0]", "", "position.units[1].at: required field is missing"),
    ("{name: low, player: 0,", "{name: low,", "position.units[1].player: required field is missing"),
    ("at: [6, 0]", "at: [6, x]", "position.units[1].at: a hex was expected (a label like E5 or [q, r]), not "),
    ("at: [6, 0]", "at: [6.5, 0]", "position.units[1].at: a hex was expected"),
    ("at: [6, 0]", "at: Z99", "position.units[1].at: 'Z99' is off the map"),
    ("at: [6, 0]", "at: [6, 1]", "position.units[1].at: <a list of 2 items> is already occupied"),
    ("class: archer, at: [6, 0]", "class: archer, at: [6, 0], veteran: yes",
     "position.units[1].veteran: true or false was expected, not 'yes'"),
    ("class: thistlecrown,", "class: thistlecrown, veteran: true,",
     "position.units[2].veteran: only advanced units have veteran cards"),
    ("{name: low,", "{name: high,", "position.units[1].name: 'high' names another unit already"),
    ("current: 0", "current: [0]", "position.current: a whole number was expected, not <a list of 1 item>"),
    ("current: 0", "current: 2", "position.current: 2 is out of range (0 to 1)"),
    ("current: 0", "current: 0\n    dice: 3", "position: unknown field 'dice' (known: cities, current, "),
    ("[[bloodblades], [mercurio]]", "{a: 1}", "position.factions: a list was expected, not <a mapping of 1 entry>"),
    ("current: 0", "current: 0\n    cities: [{city: 99}]", "position.cities[0].city: 99 is out of range (0 to "),
    ("current: 0", "current: 0\n    cities: [{city: 0, card: atlantis}]",
     "position.cities[0].card: unknown 'atlantis'"),
    ("current: 0", "current: 0\n    relics: [[ring_of_power], []]", "position.relics[0][0]: unknown 'ring_of_power'"),
    ("current: 0", "current: 0\n    relic_deck: 7", "position.relic_deck: a list of 0 to "),
])
def test_a_hostile_dice_wars_position_names_the_field(tmp_path, old, new, words):
    msg = _refusal(tmp_path, DICE_WARS, old, new)
    assert words in msg, msg


@pytest.mark.parametrize("old, new, words", [
    ("equipment: plated_vest", "equipment: plated_vest, wounds: [1, 2]",
     "position.chars[1].wounds: a whole number was expected, not <a list of 2 items>"),
    ("equipment: plated_vest", "equipment: plated_vest, stress: 99999999999",
     "position.chars[1].stress: 99999999999 is out of range (0 to 99)"),
    ("card: rohna", "card: gandalf", "position.chars[1].card: unknown Character 'gandalf' (known: analyst, "),
    ("card: rohna, ", "", "position.chars[1].card: required field is missing"),
    ("card: rohna, at: E8", "card: rohna", "position.chars[1].at: required field is missing"),
    ("plated_vest", "plated_west", "position.chars[1].equipment: unknown Equipment 'plated_west' (known: "),
    ("formation: formation", "formation: phalanx", "position.chars[0].formation: unknown Formation 'phalanx'"),
    ("at: E8", "at: {a: 1}", "position.chars[1].at: a tile was expected (a label like E5 or [q, r]), not "),
    ("at2: B8", "at2: A8", "position.chars[0].at2: 'A8' is already occupied"),
    (", at2: B8", "", "position.chars[0].at2: a Formation needs a second tile"),
    ("player: 1, card: rohna", "player: 2, card: rohna", "position.chars[1].player: 2 is out of range (0 to 1)"),
    ("{kaigen: 6}", "{elves: 6}", "position.tokens[1]: unknown faction 'elves' (known: directorate, kaigen, "),
    ("{kaigen: 6}", "{kaigen: [6]}", "position.tokens[1].kaigen: a whole number was expected"),
    ("[{raiders: 6}, {kaigen: 6}]", "[{raiders: 6}, 6]", "position.tokens[1]: a mapping was expected, not 6"),
    ("hand: 0", "hand: 99999999999", "position.hand: 99999999999 is out of range (0 to 1)"),
    ("hand: 0", "hand: 0\n    turn: 0", "position.turn: 0 is out of range (1 to 5)"),
    ("hand: 0", "hand: 0\n    closed: [p9_fly]", "position.closed: unknown Action 'p9_fly' (known: "),
    ("hand: 0", "hand: 0\n    hourglass_on: [p1_shoot]", "position.hourglass_on: unknown Action <a list of 1"),
    ("hand: 0", "hand: 0\n    objective: win", "position.objective: unknown Objective 'win' (known: "),
    ("hand: 0", "hand: 0\n    vocations: [null, wizardry]", "position.vocations[1]: unknown Vocation 'wizardry'"),
    ("[{raiders: 6}, {kaigen: 6}]", "3", "position.tokens: a list was expected, not 3"),
])
def test_a_hostile_warbound_position_names_the_field(tmp_path, old, new, words):
    msg = _refusal(tmp_path, WARBOUND, old, new)
    assert words in msg, msg


def test_hexes_in_actions_are_refused_in_words():
    from games.dice_wars.rules import position as dice_wars
    from games.warbound.rules import position as warbound
    for module, what in ((dice_wars, "a hex"), (warbound, "a tile")):
        assert module.parse_hex("E5") == module.parse_hex([2, 4]) == (2, 4)
        assert module.parse_hex([2.0, 4]) == (2, 4)
        for bad in ("E", "5E", "E5x", "E²", [1, 2, 3], [True, 1], [1.5, 2], [10 ** 30, 0], None):
            with pytest.raises(ValueError) as info:
                module.parse_hex(bad)
            assert str(info.value).startswith(f"{what} was expected (a label like E5 or [q, r]), not "), info.value
