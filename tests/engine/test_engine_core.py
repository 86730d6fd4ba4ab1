import json

import pytest

from engine.core import odds
from engine.core.actions import Action
from engine.core.catalog import DataError, Definition, parse_yaml, validate_map
from engine.core.dice import DiceExhausted, ScriptedDice, SeededDice
from engine.core.saves import SaveError, atomic_write, read_save


def test_action_round_trip_and_hash():
    a = Action.make("move", 1, uid=3, to=(2, -1))
    b = Action.from_dict(json.loads(json.dumps(a.to_dict())))
    assert a == b and hash(a) == hash(b)
    assert a["to"] == (2, -1)
    with pytest.raises(ValueError):
        Action.from_dict({"player": 0})


def test_seeded_dice_reproduce_and_restore():
    d1, d2 = SeededDice(5), SeededDice(5)
    assert d1.roll(6, 10) == d2.roll(6, 10)
    s = d1.getstate()
    first = d1.roll(20, 3)
    d1.setstate(s)
    assert d1.roll(20, 3) == first
    assert len(d1.history) == 13


def test_scripted_dice_force_then_fail_strict():
    d = ScriptedDice([6, 1], strict=True)
    assert d.roll(6, 2) == [6, 1]
    with pytest.raises(DiceExhausted):
        d.roll(6)
    with pytest.raises(DiceExhausted):
        ScriptedDice([9]).roll(6)


def test_contest_odds_exact():
    # equal modifiers: a fair fight once ties are rerolled
    assert odds.contest(2, 6, 0, 2, 6, 0) == pytest.approx(0.5)
    # +1: P(win)/(P(win)+P(lose)) computed by hand from the 36x36 table
    win = lose = 0
    for a in range(2, 13):
        for d in range(2, 13):
            pa = (6 - abs(a - 7)) / 36
            pd = (6 - abs(d - 7)) / 36
            if a + 1 > d:
                win += pa * pd
            elif a + 1 < d:
                lose += pa * pd
    assert odds.contest(2, 6, 1, 2, 6, 0) == pytest.approx(win / (win + lose))
    assert odds.at_least(2, 6, 12) == pytest.approx(1 / 36)


class Unit(Definition):
    id: str
    hp: int


def test_catalog_reports_file_line_field():
    data = parse_yaml("a:\n  hp: 1\nb:\n  hp: x\n  wings: 2\n", "u.yaml")
    with pytest.raises(DataError) as e:
        validate_map(Unit, data, "u.yaml")
    lines = e.value.problems
    assert "u.yaml:4: b.hp: Input should be a valid integer" in lines[0]
    assert lines[1] == "u.yaml:5: b.wings: unknown field"


def test_yaml_syntax_error_names_line():
    with pytest.raises(DataError) as e:
        parse_yaml("a: 1\nb: [1, 2\n", "x.yaml")
    assert e.value.problems[0].startswith("x.yaml:3: YAML syntax")


def test_atomic_write_keeps_old_file_on_failure(tmp_path, monkeypatch):
    p = tmp_path / "save.json"
    atomic_write(p, "old")
    import os

    def boom(*a):
        raise OSError("disk full")
    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        atomic_write(p, "new")
    assert p.read_text() == "old"
    assert [f.name for f in tmp_path.iterdir()] == ["save.json"]


@pytest.mark.parametrize("text,expect", [
    ("{not json", "x.json:1: not valid JSON"),
    ("[]", "x.json:1: (top): a save is a JSON object"),
    ('{"format": 1, "setup": {}, "actions": [], "rolls": []}', "x.json:1: setup.game: required field is missing"),
    ('{"format": 9, "setup": {"game": "dice_wars", "players": 2},\n "actions": [], "rolls": []}', "x.json:1: format: version 9"),
    ('{"format": 1,\n "setup": {"game": "x", "players": 2},\n "actions": {},\n "rolls": []}', "x.json:3: actions: expected list"),
])
def test_bad_save_files_name_file_line_field(tmp_path, text, expect):
    p = tmp_path / "x.json"
    p.write_text(text)
    with pytest.raises(SaveError) as e:
        read_save(p)
    assert str(e.value).startswith(str(tmp_path / expect))


def test_a_chance_reads_100_or_0_percent_only_when_certain():
    """Seen in play: a spell at 99.99% showed "100%"; a player must be able to trust the ends."""
    from engine.core.odds import percent
    assert [percent(p) for p in (1, 0.9999, 0.995, 0.994, 0.5, 0.006, 0.004, 1e-9, 0)] == \
        ["100%", ">99%", ">99%", "99%", "50%", "1%", "<1%", "<1%", "0%"]
    from fractions import Fraction
    assert percent(Fraction(1, 3)) == "33%"


def test_words_for_players():
    from engine.core.words import count, possessive
    assert [count(1, "die"), count(3, "die"), count(0, "Success"), count(1, "Success"), count(2, "tile")] == \
        ["1 die", "3 dice", "0 Successes", "1 Success", "2 tiles"]
    assert possessive("Regular Longbows") == "Regular Longbows'" and possessive("King Aldric") == "King Aldric's"


def test_refusal_words_every_answer_of_a_games_check_alike():
    import pytest
    from engine.core.action_specs import BY_KIND, ActionSpec, Declared, Param
    from engine.core.actions import Action
    from engine.core.rules import Illegal, refusal

    def too_far(state, x):
        return ("Too far", "§ Move") if x["to"] > 5 else None
    declared = Declared({"move": ActionSpec("move", (Param("to", "int"),), "move", apply=lambda *args: None,
                                            describe=lambda s, x: "moves", check=too_far),
                         "wait": ActionSpec("wait", (), "wait", apply=lambda *args: None,
                                            describe=lambda s, x: "waits")}, players=lambda state: 2)
    a = Action.make("move", 0, to=3)
    assert refusal(lambda s, x: None, None, a, declared) is None
    r = refusal(lambda s, x: ("Too far", "§ Move"), None, a, declared)
    assert (r.reason, r.rule) == ("Too far", "§ Move")
    assert refusal(lambda s, x: "No", None, a, declared).reason == "No"
    own = Illegal("Mine", "§ 1")
    assert refusal(lambda s, x: own, None, a, declared) is own
    # a hostile action (a parameter of the wrong kind) is refused by the declaration, naming it
    assert refusal(lambda s, x: None, None, Action.make("move", 0, to="far"), declared).reason == \
        "Malformed move action: to: a whole number was expected, not 'far'"
    # a phase check that lets the action through to its kind's own check (BY_KIND)
    assert refusal(lambda s, x: BY_KIND, None, a, declared) is None
    assert refusal(lambda s, x: BY_KIND, None, Action.make("move", 0, to=9), declared).reason == "Too far"
    with pytest.raises(TypeError, match="wait: the phase check deferred to the kind, which declares no check"):
        refusal(lambda s, x: BY_KIND, None, Action.make("wait", 0), declared)
    # a bug inside the check raises
    with pytest.raises(KeyError):
        refusal(lambda s, x: x["unit"], None, a, declared)
