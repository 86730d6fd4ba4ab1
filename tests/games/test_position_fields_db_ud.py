"""Custom positions of Dragonbond and UberDrakes (the setup option
`position` of scripts, tutorials and tests) are read field by field: a
hostile value is refused with its field's path and in words, never with
Python's ("int() argument must be ...", a bare KeyError's key).

Each case edits one line of a golden script and runs it as `main.py script`
does; the refusal must be `file:line: setup: <path>: <what>`.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.test_hostile_words import FILE_LINE, JARGON
from tiers import ROOT

DB = "tests/scripts/dragonbond/charge_example.yaml"
UD = "tests/scripts/uberdrakes/rider_delivery.yaml"
CLAWS = "captain: packleader_vrask,"
FIRE = "{dragon: fire, at: K4, facing: 0, rider: water_knight, hand: [dash], coins: 6}"
TOP_DB = "    current: 0\n"
TOP_UD = "    stock:"

# (script, text replaced, replacement, the refusal after `setup: `)
CASES = {
    "db list for a number": (DB, CLAWS, CLAWS + " wounds: [1, 2],",
                             "position.units[1].wounds: a whole number was expected, not <a list of 2 items>"),
    "db unknown unit card": (DB, "unit: blooded_claws", "unit: blooded_clams",
                             "position.units[1].unit: unknown 'blooded_clams' (14 known, such as blooded_claws, "),
    "db unknown captain": (DB, "captain: packleader_vrask", "captain: packleader_vrusk",
                           "position.units[1].captain: unknown 'packleader_vrusk' (known for blooded_claws: "
                           "packleader_vrask, bloodhowler_mag)"),
    "db missing player": (DB, "{name: claws, player: 1,", "{name: claws,",
                          "position.units[1].player: required field is missing"),
    "db huge models": (DB, CLAWS, CLAWS + " models: 99999999999,",
                       "position.units[1].models: 99999999999 is out of range (1 to 7)"),
    "db huge damage": (DB, CLAWS, CLAWS + " damage: 99999999999,",
                       "position.units[1].damage: 99999999999 is out of range (0 to 99)"),
    "db text coordinate": (DB, "[2, 22.26]", "[x, 22.26]",
                           "position.units[1].at[0][0]: a number was expected, not 'x'"),
    "db huge coordinate": (DB, "[2, 22.26]", "[1.0e+308, 22.26]",
                           "position.units[1].at[0][0]: 1e+308 is out of range (0 to 48)"),
    "db point of three": (DB, "[2, 22.26]", "[2, 22.26, 1]",
                          "position.units[1].at[0]: a point [x, y] was expected, not <a list of 3 items>"),
    "db too many models": (DB, "[6.5, 22.26], ", "[6.5, 22.26], [8, 22.26], ",
                           "position.units[1].at: at most 7 entries, not 8"),
    "db off the table": (DB, "[2, 10], [3.5, 10]", "[0, 10], [3.5, 10]",
                         "position.units[0]: a model of Oathguard Duelists is off the table at (0, 10)"),
    "db captain_at": (DB, CLAWS, CLAWS + " captain_at: 9,", "position.units[1].captain_at: 9 is out of range (0 to 6)"),
    "db name twice": (DB, "{name: claws,", "{name: duelists,",
                      "position.units[1].name: 'duelists' names an earlier unit too"),
    "db unit not a mapping": (DB, "      - {name: duelists", "      - hello\n      - {name: duelists",
                              "position.units[0]: a mapping was expected, not 'hello'"),
    "db bond to nothing": (DB, TOP_DB, TOP_DB + "    bonds: [[duelists, dragon]]\n",
                           "position.bonds[0][1]: no unit is named 'dragon' (named: duelists, claws)"),
    "db bond of two units": (DB, TOP_DB, TOP_DB + "    bonds: [[duelists, claws]]\n",
                             "position.bonds[0]: a general, then a dragon"),
    "db mounted without bond": (DB, TOP_DB, TOP_DB + "    mounted: [claws]\n",
                                "position.mounted[0]: 'claws' is not a general with a bonded dragon"),
    "db order": (DB, TOP_DB, TOP_DB + "    order: [0, 5]\n", "position.order[1]: 5 is out of range (0 to 1)"),
    "db scores": (DB, TOP_DB, TOP_DB + "    scores: [x, 1]\n",
                  "position.scores[0]: a whole number was expected, not 'x'"),
    "db mode": (DB, TOP_DB, TOP_DB + "    mode: chess\n",
                "position.mode: one of control, annihilation was expected, not 'chess'"),
    "db current": (DB, TOP_DB, "    current: [0]\n", "position.current: a whole number was expected"),
    "ud list for a number": (UD, "coins: 6", "coins: [1, 2]",
                             "position.dragons[0].coins: a whole number was expected, not <a list of 2 items>"),
    "ud huge number": (UD, "coins: 6", "coins: 99999999999",
                       "position.dragons[0].coins: 99999999999 is out of range (0 to 999)"),
    "ud unknown dragon": (UD, "{dragon: water,", "{dragon: watr,",
                          "position.dragons[1].dragon: unknown 'watr' (known: earth, fire, lightning, metal, "
                          "water, wind)"),
    "ud dragon taken": (UD, "{dragon: water,", "{dragon: fire,",
                        "position.dragons[1].dragon: 'fire' is taken by position.dragons[0]"),
    "ud missing dragon": (UD, "{dragon: water, at: I7}", "{at: I7}",
                          "position.dragons[1].dragon: required field is missing"),
    "ud dragon not a mapping": (UD, "      - {dragon: water, at: I7}", "      - water",
                                "position.dragons[1]: a mapping was expected, not 'water'"),
    "ud seat twice": (UD, "{dragon: water,", "{player: 0, dragon: water,",
                      "position.dragons[1].player: player 0 is given a dragon in position.dragons[0] too"),
    "ud unknown rider": (UD, FIRE, FIRE.replace("water_knight", "water_knigt"),
                         "position.dragons[0].rider: unknown 'water_knigt' (36 known, such as water_knight"),
    "ud unknown card": (UD, "[dash]", "[dash, dsah]",
                        "position.dragons[0].hand[1]: unknown 'dsah' (known: bank_left, bank_right, "),
    "ud card not left": (UD, "[dash]", "[dash, dash, dash, dash, dash, dash]",
                         "position.dragons[0].hand[4]: no movement card 'dash' is left"),
    "ud hoard item": (UD, "coins: 6", "coins: 6, items: [diamond]",
                      "position.dragons[0].items[0]: unknown 'diamond' (known: blink_scroll, dragon_lance, "),
    "ud general action": (UD, "coins: 6", "coins: 6, used: [forward, forward, forward]",
                          "position.dragons[0].used: 'forward' is used 3 times"),
    "ud mask": (UD, "coins: 6", "coins: 6, mask: gold", "position.dragons[0].mask: unknown 'gold' (known: earth, fire, "),
    "ud roost_next": (UD, "coins: 6", "coins: 6, roost_next: 3",
                      "position.dragons[0].roost_next: one of village, pickup, treasure, cave was expected, not 3"),
    "ud flag": (UD, "coins: 6", "coins: 6, roosted: yes please",
                "position.dragons[0].roosted: true or false was expected, not 'yes please'"),
    "ud vp below riders": (UD, "coins: 6", "coins: 6, delivered: [fire_mage, earth_mage], vp: 1",
                           "position.dragons[0].vp: 1 is out of range (2 to 999)"),
    "ud facing": (UD, "facing: 0", "facing: 7", "position.dragons[0].facing: 7 is out of range (0 to 5)"),
    "ud hex off the board": (UD, "at: I7}", "at: Z99}", "position.dragons[1].at: 'Z99' is off the board"),
    "ud hex of text": (UD, "at: I7}", "at: [1, x]}",
                       "position.dragons[1].at: a hex was expected (a label like E5 or [q, r]), not "),
    "ud hex of many digits": (UD, "at: I7}", "at: I77777777777}",
                              "position.dragons[1].at: a hex was expected (a label like E5 or [q, r]), not "),
    "ud stock village": (UD, "{Merkezi: stock_1}", "{Atlantis: stock_1}",
                         "position.stock: unknown 'Atlantis' (known: Güneyköy, "),
    "ud stock card": (UD, "{Merkezi: stock_1}", "{Merkezi: stock_99}",
                      "position.stock.Merkezi: unknown 'stock_99' (known: stock_1, "),
    "ud stock card twice": (UD, "{Merkezi: stock_1}", "{Merkezi: stock_1, Kuzeyköy: stock_1}",
                            "position.stock.Kuzeyköy: 'stock_1' is given to another village too"),
    "ud stock list": (UD, "{Merkezi: stock_1}", "[1, 2]", "position.stock: a mapping was expected"),
    "ud sandstorm village": (UD, TOP_UD, "    sandstorm: {village: Atlantis, caster: 0}\n" + TOP_UD,
                             "position.sandstorm.village: unknown 'Atlantis' (known: Güneyköy, "),
    "ud sandstorm caster": (UD, TOP_UD, "    sandstorm: {village: Merkezi, caster: [0]}\n" + TOP_UD,
                            "position.sandstorm.caster: a whole number was expected"),
    "ud sandstorm missing caster": (UD, TOP_UD, "    sandstorm: {village: Merkezi}\n" + TOP_UD,
                                    "position.sandstorm.caster: required field is missing"),
    "ud pickup side": (UD, TOP_UD, "    pickups: {north: [fire_mage]}\n" + TOP_UD,
                       "position.pickups: unknown 'north' (known: east, west)"),
    "ud deck card placed": (UD, TOP_UD, "    rider_deck: [water_knight]\n" + TOP_UD,
                            "position.rider_deck[0]: no rider 'water_knight' is left"),
    "ud round": (UD, "    active: 0\n", "    active: 0\n    round: 99999999999\n",
                 "position.round: 99999999999 is out of range (1 to 3)"),
    "ud a dragon short": (UD, "      - {dragon: earth, at: Q13}\n", "",
                          "position.dragons: a list of 3 dragons (one per player) was expected, "
                          "not <a list of 2 items>"),
}


def _refusals(path: Path) -> list[str]:
    from engine.commands.script import ScriptError, run_script
    try:
        return run_script(path)["failures"] or ["(not refused)"]
    except ScriptError as e:
        return [str(p) for p in getattr(e, "problems", [str(e)])]


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_hostile_position_is_refused_by_its_field(case, tmp_path):
    script, old, new, words = CASES[case]
    text = (ROOT / script).read_text()
    assert old in text, f"{case}: the golden script changed"
    path = tmp_path / "hostile.yaml"
    path.write_text(text.replace(old, new, 1))
    (msg,) = _refusals(path)
    assert FILE_LINE.match(msg), msg
    assert not JARGON.search(msg), msg
    assert f": setup: {words}" in msg, msg


def test_the_golden_scripts_still_build_their_positions(tmp_path):
    """The cases' sources run unchanged (the readers refuse only what is wrong)."""
    for script in (DB, UD):
        assert _refusals(ROOT / script) == ["(not refused)"]


def test_null_optional_fields_read_as_absent():
    """`captain: null`, `rider: null`, `at: null` and null lists keep their
    defaults, as before the fields were read one by one."""
    from engine.core.dice import ScriptedDice
    from engine.core.match import Match
    from engine.core.rules import Setup
    units = [{"name": "claws", "player": 1, "unit": "blooded_claws", "captain": None, "centre": [20, 30]},
             {"name": "duel", "player": 0, "unit": "oathguard_duelists", "archetype": None, "centre": [20, 10]}]
    m = Match(Setup("dragonbond", 2, seed=3, options={"position": {"units": units, "order": None}}),
              dice=ScriptedDice([], seed=3))
    claws = m.state.units[m.state.options["names"]["claws"]]
    assert claws.captain == "packleader_vrask" and claws.captain_alive
    dragons = [{"dragon": "water", "at": [4, 6]},
               {"dragon": "fire", "at": None, "rider": None, "hand": None, "mask": None, "roost_next": None}]
    m = Match(Setup("uberdrakes", 2, seed=1, options={"position": {"dragons": dragons}}),
              dice=ScriptedDice([], seed=1))
    water, fire = m.state.players      # the first to play is placed: not fire
    assert fire.hex is None and fire.rider is None and fire.hand == [] and fire.roost_next == ""
    assert water.hex == m.state.board.anchor_of[(4, 6)]
