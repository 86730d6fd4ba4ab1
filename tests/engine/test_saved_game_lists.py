"""The Load screen, the Games list and the launcher's Resume read every file
bounded: a FIFO, a link to /dev/zero, a file name that is not UTF-8, a
save with a bad field or a huge summary never freezes or blocks the list;
each bad file is a row in words beside the good ones (engine/core/sessions.py)."""
from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

from engine.core import sessions
from engine.ui.app import App
from engine.ui.scenes.launcher import GamesScene, Launcher, LoadScene
from engine.ui.scenes.match_screen import MatchScreen
from engine.ui.scenes.launcher_commands import LoadRow
from test_ui_support import click


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("WARBENCH_HOME", str(tmp_path / "home"))

    def hung(*_):
        raise TimeoutError("the list froze")
    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(60)                      # a FIFO read would block for ever: fail instead
    yield tmp_path / "home"
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def _hostile_folder(folder: Path) -> dict[str, str]:
    """One good save and every kind of bad file beside it; {file name: words its row must say}."""
    folder.mkdir(parents=True, exist_ok=True)
    m = sessions.new_match("dice_wars", seats=["human", "human"], seed=5)
    m.lock.release()
    good = json.loads(m.save_text())
    m.autosave_path.unlink()
    (folder / "good.json").write_text(m.save_text())
    os.mkfifo(folder / "pipe.json")
    (folder / "zero.json").symlink_to("/dev/zero")
    os.mkdir(folder / "folder.json")
    (folder / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    bad_field = dict(good, setup=dict(good["setup"], players="two"))
    (folder / "bad field.json").write_text(json.dumps(bad_field))
    (folder / "list.json").write_text(json.dumps([1, 2]))
    huge = dict(good, summary=dict(good["summary"], players=["x" * 3_000_000, "y"], result="r" * 6_000_000,
                                   to_act="z" * 1_000_000, round={"a": 1}, winners=7))
    (folder / "huge summary.json").write_text(json.dumps(huge))
    (folder / os.fsdecode(b"caf\xe9.json")).write_text(m.save_text())        # a name that is not UTF-8
    return {"pipe.json": "not a regular file", "zero.json": "a link, not a save",
            "folder.json": "a folder, not a file", "binary.json": "not UTF-8 text",
            "bad field.json": "setup.players: expected a number of players", "list.json": "a save is a JSON object"}


def _check_rows(rows, bad: dict[str, str]) -> None:
    by_name = {r.name: r for r in rows}
    assert set(by_name) == set(bad) | {"good.json", "huge summary.json", "caf\\xe9.json"}, sorted(by_name)
    for name, words in bad.items():
        assert words in by_name[name].problem and by_name[name].problem.startswith(name), by_name[name].problem
    assert not by_name["good.json"].problem and not by_name["caf\\xe9.json"].problem
    huge = by_name["huge summary.json"]
    assert not huge.problem and max(map(len, huge.players)) <= sessions.MAX_NAME and len(huge.result) <= 200
    assert huge.round is None and huge.winners == ()


def test_the_load_screen_lists_every_bad_file_in_words_beside_the_good_ones(home):
    bad = _hostile_folder(home / "saves")
    app = App((1600, 900), headless=True)
    launcher = app.push(Launcher(app))
    scene = app.push(LoadScene(app, launcher))
    app.draw()
    _check_rows(scene.rows, bad)
    pipe = next(i for i, r in enumerate(scene.rows) if r.name == "pipe.json")
    scene.scroll = pipe
    app.draw()
    click(app, next(r for r, c in scene.hot if c == LoadRow(pipe)).center)
    assert app.top() is scene and "not a regular file" in scene.error
    scene.scroll = 0
    app.draw()
    good = next(i for i, r in enumerate(scene.rows) if r.name == "caf\\xe9.json")
    scene.scroll = good
    app.draw()
    click(app, next(r for r, c in scene.hot if c == LoadRow(good)).center)       # the bad files block nothing
    assert any(isinstance(s, MatchScreen) for s in app.stack)


def test_the_games_list_and_resume_list_every_bad_file_in_words(home):
    bad = _hostile_folder(home / "in_progress")
    _check_rows(sessions.games_in_progress(), bad)
    app = App((1600, 900), headless=True)
    launcher = app.push(Launcher(app))                                   # Resume: the good ones only
    assert {r.name for r in launcher.in_progress} == {"good.json", "huge summary.json", "caf\\xe9.json"}
    games = app.push(GamesScene(app, launcher))
    app.draw()
    _check_rows(games.rows, bad)


def test_a_save_that_names_no_game_is_a_row_in_words(home):
    folder = home / "in_progress"
    folder.mkdir(parents=True)
    (folder / "x.json").write_text(json.dumps({"format": 1, "setup": {"game": "x" * 100_000, "players": 2}}))
    (folder / "y.json").write_text(json.dumps({"format": 1, "setup": {"players": 2}}))
    rows = {r.name: r.problem for r in sessions.games_in_progress()}
    assert "setup.game: not a game's name" in rows["x.json"] and len(rows["x.json"]) < 300
    assert "game: required field is missing" in rows["y.json"]


def test_a_folder_of_many_files_is_read_up_to_a_bound(home, monkeypatch):
    folder = home / "saves"
    folder.mkdir(parents=True)
    for i in range(12):
        (folder / f"{i}.json").write_text("{}")
    monkeypatch.setattr(sessions, "MAX_LISTED", 5)
    assert len(sessions.save_files(folder)) == 5
