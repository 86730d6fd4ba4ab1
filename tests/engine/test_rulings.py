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
from tiers import TESTS

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


def test_dragonbonds_odds_helpers_follow_the_matchs_reading_of_changes_beyond_dice():
    """The previews' exact odds (combat._wounds_dist, _expected_after_blocks)
    take the match's reading of dragonbond.changes_beyond_dice: one red
    defense die with three upgrades is black + white when changes start
    over, black when each die changes once."""
    from games.dragonbond.rules import combat, dicepool
    assert dicepool.modify([1], 3, 0) == [3, 1] and dicepool.modify([1], 3, 0, once=True) == [2]
    m = _match({"dragonbond.changes_beyond_dice": "each_die_once"})
    assert dicepool.each_die_once(m.state) and not dicepool.each_die_once(_match().state)
    assert dicepool.modify([1], 3, 0, state=m.state) == [2]
    pool = (3, 3)
    cat = m.state.catalog
    start_over = combat._wounds_dist(cat, pool, (1,), 3, False, False)
    once = combat._wounds_dist(cat, pool, (1,), 3, False, True)
    assert start_over != once
    # black + white blocks more than one black die: fewer wounds when changes start over
    assert dicepool.expected(start_over) < dicepool.expected(once)
    assert combat._expected_after_blocks(cat, 2, (1,), 3, False) < combat._expected_after_blocks(cat, 2, (1,), 3, True)


def test_dragonbonds_dice_faces_reading_reads_the_same_faces_from_the_top():
    from games.dragonbond.rules import dicepool
    cat = registry.get("dragonbond").catalog()
    for t in (1, 2, 3):
        faces = cat.action_dice[t - 1].faces
        assert [dicepool.face(cat, "action", t, n, True) for n in range(1, 11)] == list(reversed(faces))
        assert [dicepool.face(cat, "action", t, n) for n in range(1, 11)] == list(faces)
    m = _match({"dragonbond.dice_faces": "high_first"})
    assert dicepool.high_first(m.state) and not dicepool.high_first(_match().state)


def test_every_reading_other_than_ours_has_a_golden_script():
    """The bar of issue 16: for every ruling, golden scripts play each
    reading (ours by every other script of the game, the others by name)."""
    from engine.core.catalog import load_yaml, plain
    played: dict = {}
    for path in (TESTS / "scripts").rglob("ruling_*.yaml"):
        chosen = plain(load_yaml(path)).get("setup", {}).get("options", {}).get("rulings", {})
        for rid, key in chosen.items():
            played.setdefault(rid, set()).add(key)
    for rules in registry.all_games():
        for r in rulings_of(rules):
            for rd in r.readings:
                if not rd.default:
                    assert rd.key in played.get(r.id, set()), f"{r.id}: no tests/scripts/*/ruling_*.yaml plays {rd.key}"


def test_uberdrakes_preview_shows_where_a_move_stops_when_passing_starts_combat():
    """The move of ruling_zoc_*.yaml: Dash from G3 passes next to Water on F4."""
    from engine.core.actions import Action
    from games.uberdrakes.rules.board import hex_label
    position = {"active": 0, "dragons": [{"dragon": "fire", "at": "G3", "facing": 1, "coins": 6, "hand": ["dash"]},
                                         {"dragon": "water", "at": "F4"}, {"dragon": "earth", "at": "Q13"}]}
    previews = {}
    for key in ("stopping_only", "passing_starts"):
        m = Match(Setup("uberdrakes", 3, 1, options={"position": position,
                                                     "rulings": {"uberdrakes.zoc_passing": key}}))
        to = m.rules.script_param(m.state, "to", "H6")
        a = Action.make("move", 0, how="card", m="dash", to=to, facing=1, portal=False)
        assert m.check(a) is None
        previews[key] = (m.rules.move_preview(m.state, a), m.rules.preview(m.state, a))
    (ours, _), (house, words) = previews["stopping_only"], previews["passing_starts"]
    assert hex_label(tuple(ours["to"])) != "G4" and not ours["zoc"] and not ours["stopped"]   # Merkezi
    assert hex_label(tuple(house["to"])) == "G4" and house["stopped"] and [z["name"] for z in house["zoc"]]
    assert any("Stops on the first space next to an opponent" in w for w in words)
