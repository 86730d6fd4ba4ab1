"""The launcher remembers every game as it was left (issue 36; the README
promises it): each seat's human or computer choice and level, each seat's
army list with its points, the map, the players, the options and the
rulings; and `launcher.json` is read with bounds (issue 32): a FIFO, a link
to /dev/zero, a huge or broken file falls back to the defaults, says so
once, and is never written through a link."""
from __future__ import annotations

import json
import os

import pytest

from engine.core.saves import default_dir
from tiers import depths
from engine.ui.app import App
from engine.ui.scenes import launcher_settings as memory
from engine.ui.scenes.launcher import Launcher
from engine.ui.scenes.launcher_commands import (CycleArmy, CycleOption, CycleRuling, CycleSeat, PickGame, PickScenario,
                                                StepPlayers)


def _launcher():
    app = App((1280, 720), headless=True)
    launcher = app.push(Launcher(app))
    app.draw()
    return app, launcher


def _pick(launcher, game_id):
    launcher.command(PickGame(game_id))


def _choices(launcher) -> dict:
    return {"scenario": launcher.scenario, "players": launcher.players, "seats": list(launcher.seats),
            "armies": list(launcher.armies), "options": dict(launcher.options), "rulings": dict(launcher.readings)}


def _change_everything(launcher) -> None:
    """What a player would change: the last map, one more player, the
    second seat's level, the first seat a computer, every option, every
    ruling, a list for each seat."""
    launcher.command(PickScenario(len(launcher.scenarios) - 1))
    launcher.command(StepPlayers(1))
    launcher.command(CycleSeat(1))
    launcher.command(CycleSeat(0))
    for o in launcher.option_specs:
        launcher.command(CycleOption(o.key))
    for r in launcher.rulings:
        launcher.command(CycleRuling(r.id))
    if launcher.has_lists:
        for i in range(launcher.players):
            launcher.command(CycleArmy(i))
            launcher.command(CycleArmy(i))       # the second list, not only the first


@pytest.mark.parametrize("games", depths(("dice_wars", "warbound"), None))
def test_every_game_comes_back_as_it_was_left(games):
    app, launcher = _launcher()
    left = {}
    for g in launcher.games:
        if games is not None and g.game_id not in games:
            continue
        _pick(launcher, g.game_id)
        before = _choices(launcher)
        _change_everything(launcher)
        left[g.game_id] = _choices(launcher)
        assert left[g.game_id] != before, g.game_id
    for g in left:                                   # switching between games keeps each one's
        _pick(launcher, g)
        assert _choices(launcher) == left[g], g
    last = launcher.game.game_id
    app, again = _launcher()                          # and so does the next start
    assert again.game.game_id == last and not again.note
    for g in left:
        _pick(again, g)
        assert _choices(again) == left[g], g


def test_a_chosen_list_shows_its_points():
    app, launcher = _launcher()
    _pick(launcher, "battle_valor_fantasy")
    launcher.command(CycleArmy(0))
    app.draw()
    al = launcher.army_of(0)
    assert al is not None and "points" in launcher.army_points(al)
    tip = next(t for _, c, t in launcher.hot if c == CycleArmy(0))
    assert launcher.army_points(al) in tip
    app, again = _launcher()                          # remembered with it
    assert again.army_of(0) is not None and again.army_of(0).path == al.path


def test_a_remembered_list_that_is_gone_falls_back_to_the_default():
    app, launcher = _launcher()
    _pick(launcher, "dragonbond")
    data = json.loads(memory.path().read_text())
    data["games"]["dragonbond"]["armies"] = ["/nowhere/list.yaml", 7, {"x": 1}]
    data["games"]["dragonbond"]["seats"] = ["human", "no_such_level", 3]
    memory.path().write_text(json.dumps(data))
    app, again = _launcher()
    assert again.game.game_id == "dragonbond" and again.armies == [None] * len(again.armies)
    assert again.seats[1] in again.agents and not again.note


def test_the_version_one_file_is_read_as_its_games_choices():
    memory.path().write_text(json.dumps({"game": "dice_wars", "players": 3, "seats": ["human", "hard", "human"]}))
    app, launcher = _launcher()
    assert launcher.game.game_id == "dice_wars" and launcher.players == 3
    assert launcher.seats[:3] == ["human", "hard", "human"]


def _hostile(kind: str, tmp_path):
    p = memory.path()
    p.unlink(missing_ok=True)
    if kind == "fifo":
        os.mkfifo(p)
    elif kind == "dev_zero":
        os.symlink("/dev/zero", p)
    elif kind == "huge":
        with open(p, "w") as f:
            f.write('{"game": "' + "x" * (memory.LIMIT + 10) + '"}')
    elif kind == "broken":
        p.write_text('{"game": "warbound", "games": {')
    elif kind == "deep":
        p.write_text("[" * 50_000 + "]" * 50_000)
    elif kind == "not_utf8":
        p.write_bytes(b'{"game": "\xff\xfe"}')
    elif kind == "folder":
        p.mkdir()
    elif kind == "wrong_shape":
        p.write_text(json.dumps({"game": 7, "games": {"warbound": ["human"], "dice_wars": {"players": "many",
                                 "seats": "human", "options": [1], "rulings": 3, "scenario": {"a": 1}}}}))
    return p


@pytest.mark.parametrize("kind", ["fifo", "dev_zero", "huge", "broken", "deep", "not_utf8", "folder"])
def test_a_hostile_file_falls_back_to_the_defaults_and_says_so_once(kind, tmp_path):
    p = _hostile(kind, tmp_path)
    try:
        app, launcher = _launcher()
        assert launcher.game is launcher.games[0]
        assert launcher.note.startswith("Your remembered choices ") and "usual choices" in launcher.note
        assert str(default_dir()) not in launcher.note          # the file's name, not the folder
        launcher.command(CycleSeat(1))                               # the first click: said once
        app.draw()
        assert launcher.note == ""
    finally:
        if p.is_dir() and not p.is_symlink():
            p.rmdir()
        else:
            p.unlink(missing_ok=True)


def test_a_file_of_the_wrong_shape_keeps_the_defaults_quietly():
    _hostile("wrong_shape", None)
    app, launcher = _launcher()
    assert launcher.game is launcher.games[0] and launcher.players == launcher.game.min_players
    _pick(launcher, "dice_wars")
    assert launcher.players == launcher.game.min_players


def test_a_link_is_never_written_through(tmp_path):
    target = tmp_path / "elsewhere.json"
    target.write_text(json.dumps({"game": "warbound"}))
    p = memory.path()
    p.unlink(missing_ok=True)
    os.symlink(target, p)
    try:
        app, launcher = _launcher()
        assert launcher.game is launcher.games[0]                # a link is not read either
        assert "is a link" in launcher.note
        launcher.command(CycleSeat(1))
        launcher.start()
        assert p.is_symlink() and os.readlink(p) == str(target)
        assert json.loads(target.read_text()) == {"game": "warbound"}
    finally:
        p.unlink(missing_ok=True)


def test_a_broken_file_is_replaced_by_the_next_choice():
    _hostile("broken", None)
    app, launcher = _launcher()
    launcher.command(CycleSeat(1))
    assert json.loads(memory.path().read_text())["version"] == 2
    app, again = _launcher()
    assert not again.note and again.seats[1] == launcher.seats[1]
