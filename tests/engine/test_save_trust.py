"""A save is trusted no further than the live game: its overrides are ones
the table could have granted (engine/core/overrides.py), a save of a newer
data version is refused naming it, and the army lists it carries are
checked like list files (engine/core/army_lists.py).  `check` says the
same as loading does."""
from __future__ import annotations

import json

import pytest

from engine.commands.check import check_path
from engine.core import army_lists, registry
from engine.core.match import Match
from engine.core.rules import Setup
from engine.core.saves import ReplayStopped, SaveError
from test_overrides import _deploying


def _override_save(tmp_path, seats=("human", "human")):
    """A Dice Wars save whose second action was allowed by the group (both people agreed)."""
    m, again = _deploying(seats)
    m.override(again, "misclick", [p for p in range(2) if seats[p] == "human"], autosave=False)
    path = tmp_path / "game.json"
    m.save(path)
    return path, json.loads(path.read_text())


def _write(path, data) -> None:
    path.write_text(json.dumps(data, indent=1))


def test_a_live_override_loads_and_checks(tmp_path):
    path, _ = _override_save(tmp_path)
    assert Match.load(path).overrides and check_path(path) == []


@pytest.mark.parametrize("confirmed, words", [([], "Every player at the table must agree"),
                                               ([0], "not yet: Blue"),
                                               ([1], "not yet: Red")])
def test_an_override_agreed_by_fewer_than_every_person_is_refused(tmp_path, confirmed, words):
    path, data = _override_save(tmp_path)
    data["actions"][1]["override"]["confirmed_by"] = confirmed
    _write(path, data)
    with pytest.raises(ReplayStopped) as e:
        Match.load(path)
    assert "actions[1].override: " in str(e.value) and words in str(e.value), str(e.value)
    assert e.value.index == 1                      # the game before it can still be opened
    problems = check_path(path)
    assert len(problems) == 1 and "actions[1].override: " in problems[0] and words in problems[0]


def test_an_override_of_a_computer_seats_move_is_refused(tmp_path):
    path, data = _override_save(tmp_path)
    data["setup"]["seats"] = ["greedy", "human"]         # Red, who moved, becomes a computer seat
    data["actions"][1]["override"]["confirmed_by"] = [1]
    _write(path, data)
    with pytest.raises(ReplayStopped, match=r"actions\[1\]\.override: .*Computer seats never ask for overrides"):
        Match.load(path)


def test_an_override_out_of_turn_is_refused(tmp_path):
    path, data = _override_save(tmp_path)
    data["actions"][1]["player"] = 1                     # Blue's move while Red is to act
    _write(path, data)
    with pytest.raises(ReplayStopped, match=r"actions\[1\]\.override: .*Only the player to decide now \(Red\)"):
        Match.load(path)


def test_an_override_of_an_action_the_rules_allow_is_refused(tmp_path):
    path, data = _override_save(tmp_path)
    data["actions"][0]["override"] = dict(data["actions"][1]["override"])    # the first placement was legal
    _write(path, data)
    with pytest.raises(ReplayStopped, match=r"actions\[0\]\.override: .*The rules allow this action"):
        Match.load(path)


def test_the_history_replay_refuses_an_override_the_table_could_not_grant(tmp_path):
    from engine.core import sessions
    from engine.core.overrides import OverrideRefused
    path, data = _override_save(tmp_path)
    data["actions"][1]["override"]["confirmed_by"] = []
    _write(path, data)
    match, steps = sessions.replay_start(path)
    match.play_recorded(steps[0])
    with pytest.raises(OverrideRefused, match="must agree"):
        match.play_recorded(steps[1])


@pytest.mark.parametrize("version, words", [("2", "data version 2"), (7, "data version 7"),
                                             ("99999999999999999999", "data version"),
                                             ([1], "expected a version number"), ("", "expected a version number")])
def test_a_save_of_a_newer_data_version_is_refused_naming_it(tmp_path, version, words):
    m = Match(Setup("dice_wars", 2, 5, "balanced", ("human", "human"), {}))
    path = tmp_path / "game.json"
    m.save(path)
    data = json.loads(path.read_text())
    data["data_version"] = version
    path.write_text(json.dumps(data, indent=2))
    line = next(i for i, ln in enumerate(path.read_text().splitlines(), 1) if '"data_version"' in ln)
    with pytest.raises(SaveError) as e:
        Match.load(path)
    msg = str(e.value)
    assert msg.startswith(f"{path}:{line}: data_version: ") and words in msg, msg
    assert check_path(path) == [msg]


def test_an_older_or_missing_data_version_still_loads(tmp_path):
    m = Match(Setup("dice_wars", 2, 5, "balanced", ("human", "human"), {}))
    path = tmp_path / "game.json"
    m.save(path)
    data = json.loads(path.read_text())
    for version in ("0", None):
        if version is None:
            del data["data_version"]
        else:
            data["data_version"] = version
        path.write_text(json.dumps(data))
        Match.load(path)


def _list_save(tmp_path, game, names, spoil):
    opts = army_lists.armies_option(names, game, 2)
    m = Match(Setup(game, 2, seed=1, scenario=registry.get(game).scenarios()[0], seats=("human", "human"),
                    options={"armies": opts}))
    path = tmp_path / "game.json"
    m.save(path)
    data = json.loads(path.read_text())
    spoil(data["setup"]["options"]["armies"][1])
    path.write_text(json.dumps(data, indent=2))
    return path


def test_an_illegal_army_list_in_a_save_is_refused_like_a_list_file(tmp_path):
    """Battle Valor sets up a list breaking its limits: a list file with it fails check, so must a save."""
    path = _list_save(tmp_path, "battle_valor_fantasy", "elf_500,orc_500",
                      lambda a: a.update(entries=a["entries"] * 3))
    with pytest.raises(SaveError) as e:
        Match.load(path)
    msg = str(e.value)
    assert f"{path}:" in msg and "setup.options: armies[1]: " in msg and "battle_valor_fantasy.txt §" in msg, msg
    assert check_path(path)[0] == msg.splitlines()[0]


@pytest.mark.parametrize("game, names", [("dragonbond", "dawn_patrol,blood_patrol"),
                                         ("warbound", "directorate_starter,kaigen_starter"),
                                         ("battle_valor_fantasy", "elf_500,orc_500")])
def test_an_army_list_in_a_save_with_an_unknown_field_is_refused(tmp_path, game, names):
    path = _list_save(tmp_path, game, names, lambda a: a.update(colour="pink"))
    with pytest.raises(SaveError, match=r"setup.options: armies\[1\]: colour: unknown field"):
        Match.load(path)


def test_an_army_in_a_save_is_a_list_a_name_or_null(tmp_path):
    path = _list_save(tmp_path, "dragonbond", "dawn_patrol,blood_patrol", lambda a: (a.clear(), a.update(id="x")))
    with pytest.raises(SaveError, match=r"setup.options: armies\[1\]: game: required field is missing"):
        Match.load(path)
