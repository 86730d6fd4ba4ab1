"""House rulings (engine/core/rulings.py): chosen readings live in the setup,
are checked, shown in the log header, saved, replayed and listed."""
import json

import pytest

from engine.commands.cli import main
from engine.core import registry
from engine.core.match import Match
from engine.core.rules import Setup
from engine.core.rulings import Reading, Ruling, define, reading, resolve, rulings_of
from engine.core.saves import SaveError

TURNS = "dragonbond.turn_counter"


def test_every_ruling_is_well_formed_and_cites_its_text():
    for rules in registry.all_games():
        for r in rulings_of(rules):
            assert r.game == rules.game_id and r.id.startswith(f"{r.game}.")
            assert ".txt § " in r.section
            assert sum(rd.default for rd in r.readings) == 1
            assert all(rd.rests_on and rd.summary for rd in r.readings)


def test_a_ruling_needs_one_default():
    with pytest.raises(ValueError, match="exactly one default"):
        define(Ruling("x.y", "x", "x.txt § Y", "?", (Reading("a", "a", "a"), Reading("b", "b", "b"))))


def test_defaults_are_filled_in_and_unknown_choices_refused():
    rulings = rulings_of(registry.get("dragonbond"))
    assert resolve(rulings, None) == {r.id: r.default for r in rulings}
    assert resolve(rulings, None)[TURNS] == "one_plus_units"
    assert resolve(rulings, {TURNS: "units_only"})[TURNS] == "units_only"
    with pytest.raises(ValueError, match="unknown ruling 'dragonbond.nope'"):
        resolve(rulings, {"dragonbond.nope": "x"})
    with pytest.raises(ValueError, match=r"ruling dragonbond.turn_counter \(dragonbond.txt § Turn Counter\) "
                                         r"has no reading 'seven'"):
        resolve(rulings, {TURNS: "seven"})


def _match(rulings=None):
    options = {"rulings": rulings} if rulings is not None else {}
    return Match(Setup("dragonbond", 2, seed=3, scenario=registry.get("dragonbond").scenarios()[0],
                       options=options))


def test_the_setup_holds_every_reading_and_the_header_names_the_house_ones():
    m = _match()
    assert m.setup.options["rulings"] == {r.id: r.default for r in rulings_of(m.rules)}
    assert reading(m.state, TURNS) == "one_plus_units"
    assert not any(e.kind == "rulings" for e in m.log[0].events)
    m = _match({TURNS: "units_only"})
    assert reading(m.state, TURNS) == "units_only"
    head = m.log[0].events[0]
    assert head.kind == "rulings" and "no extra 1" in head.text and head.rule == "dragonbond.txt § Turn Counter"


def test_a_setup_with_an_unknown_ruling_does_not_start():
    with pytest.raises(ValueError, match="dragonbond.turn_counter"):
        _match({TURNS: "sometimes"})


def test_readings_survive_save_load_and_replay(tmp_path):
    m = _match({TURNS: "units_only"})
    for _ in range(6):
        legal = m.legal_actions()
        if not legal:
            break
        m.submit(legal[0], autosave=False)
    path = tmp_path / "s.json"
    m.save(path)
    back = Match.load(path)
    assert back.setup.options["rulings"][TURNS] == "units_only"
    assert back.rules.fingerprint(back.state) == m.rules.fingerprint(m.state)
    data = json.loads(path.read_text())
    data["setup"]["options"]["rulings"] = {TURNS: "sometimes"}
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="has no reading 'sometimes'"):
        Match.load(path)


def test_rulings_command_lists_them(capsys):
    assert main(["rulings", "dragonbond"]) == 0
    out = capsys.readouterr().out
    assert "* one_plus_units" in out and "rests on" in out
    assert main(["rulings", "dice_wars", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [r["id"] for r in listed] == ["dice_wars.ley_lines_defenders", "dice_wars.arrow_rain_forest"]
    assert listed[0]["default"] == "both"


def test_a_script_naming_an_unknown_ruling_names_its_line(tmp_path):
    from engine.commands.script import ScriptError, run_script
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: dice_wars\nsetup:\n  players: 2\n  options:\n    rulings:\n"
                   "      dice_wars.ley_lines_defenders: never\nexpect: [{winners: null}]\n")
    with pytest.raises(ScriptError) as e:
        run_script(bad)
    assert str(e.value).startswith(f"{bad}:6: setup.options.rulings: ruling dice_wars.ley_lines_defenders")
