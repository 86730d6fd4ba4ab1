"""Each game in progress belongs to one window at a time (engine/core/locks.py):
a second window opening it is told so and offered a copy; a crashed
window's lock (its process gone, or its pid now another process's) is taken
over; a window whose lock was taken never overwrites the game."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from engine.core import locks, processes, sessions
from engine.core.processes import ProcessId
from engine.ui.app import App
from engine.ui.scenes.dialogs import Modal
from engine.ui.scenes.launcher import GamesScene, Launcher
from engine.ui.scenes.launcher_commands import DeleteRow, ResumeRow
from engine.ui.scenes.match_screen import MatchScreen
from test_ui_support import click
from tiers import ROOT, slow



@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("WARBENCH_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"
    locks.release_all()


@pytest.fixture
def other_window():
    """A live process that is not this one (it stands for another window)."""
    p = subprocess.Popen(["sleep", "60"])
    for _ in range(100):
        if processes.start_stamp(p.pid) is not None:
            break
        time.sleep(0.01)
    yield p
    p.kill()
    p.wait()


def _held_by(game_path, pid: int, started: str | None = None) -> None:
    """Write the game's lock as the window of process `pid` would."""
    stamp = processes.start_stamp(pid) if started is None else started
    who = ProcessId(pid, stamp or "", processes.host())
    path = locks.lock_path(game_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"process": who.to_dict(), "token": "theirs", "since": "01 Jan 2030 10:00"}))


def _game():
    m = sessions.new_match("dice_wars", seats=["human", "human"], seed=5)
    m.submit(next(a for a in m.legal_actions() if a.kind == "auto_deploy"))
    m.lock.release()                     # this window left it (back to the menu)
    return m.autosave_path


def test_a_game_held_by_another_window_is_refused_in_words(home, other_window):
    path = _game()
    _held_by(path, other_window.pid)
    with pytest.raises(locks.GameInUse) as e:
        sessions.resume(path)
    assert "open in another Warbench window since 01 Jan 2030 10:00" in str(e.value)
    assert "open a copy of it here" in str(e.value)
    copy = sessions.copy_in_progress(path)               # the copy is a game of its own
    assert copy.autosave_path != path and copy.origin["copy_of"] == "the Dice Wars game in progress (Red, Blue)"
    assert copy.lock.held() and len(copy.actions) == 1
    other_window.kill()
    other_window.wait()
    m = sessions.resume(path)                            # the window is gone: its lock is stale
    assert m.lock.held() and locks.holder(path) is None


def test_a_lock_whose_pid_now_belongs_to_another_process_is_stale(home, other_window):
    path = _game()
    _held_by(path, other_window.pid, started="1")        # the pid was reused since that window crashed
    if sys.platform.startswith("linux"):
        assert sessions.resume(path).lock.held()
    else:
        with pytest.raises(locks.GameInUse):             # only Linux and Windows know a process's start
            sessions.resume(path)


@pytest.mark.parametrize("body", ["", "{not json", '{"process": {"pid": "x"}}', "x" * 10_000])
def test_a_lock_that_is_not_one_is_taken_over(home, body):
    path = _game()
    lock = locks.lock_path(path)
    lock.write_text(body)
    assert sessions.resume(path).lock.held()


def test_a_window_whose_lock_was_taken_never_overwrites_the_game(home, other_window):
    m = sessions.new_match("dice_wars", seats=["human", "human"], seed=5)
    before = m.autosave_path.read_text()
    _held_by(m.autosave_path, other_window.pid)          # another window took it over meanwhile
    m.submit(next(a for a in m.legal_actions() if a.kind == "auto_deploy"))
    assert "another Warbench window has taken this game over" in m.autosave_error
    assert m.autosave_path.read_text() == before and m.unsaved == 1


def test_one_window_opens_its_own_game_again(home):
    m = sessions.new_match("dice_wars", seats=["human", "human"], seed=5)
    again = sessions.resume(m.autosave_path)             # e.g. back to the menu, then Resume, lock still held
    assert again.lock.held()
    sessions.delete(m.autosave_path)                     # deleted: no lock is left behind
    assert not m.autosave_path.exists() and not locks.lock_path(m.autosave_path).exists()


def test_leaving_the_match_screen_frees_the_game(home, other_window):
    m = sessions.new_match("dice_wars", seats=["human", "human"], seed=5)
    app = App((1280, 720), headless=True)
    screen = app.push(MatchScreen(app, m, headless=True))
    assert locks.lock_path(m.autosave_path).exists()
    screen.to_menu()
    assert not locks.lock_path(m.autosave_path).exists()


def test_the_games_list_marks_a_game_open_elsewhere_and_offers_a_copy(home, other_window):
    path = _game()
    _held_by(path, other_window.pid)
    app = App((1600, 900), headless=True)
    launcher = app.push(Launcher(app))
    games = app.push(GamesScene(app, launcher))
    app.draw()
    i = next(i for i, r in enumerate(games.rows) if r.path == path)
    assert games.held[i]
    click(app, next(r for r, c in games.hot if c == DeleteRow(i)).center)
    assert app.top() is games and "open in another window" in games.error and path.exists()
    r = next(r for r, c in games.hot if c == ResumeRow(i))
    click(app, r.center)
    ask = app.top()
    assert isinstance(ask, Modal) and ask.title == "This game is open in another window"
    assert not any(isinstance(s, MatchScreen) for s in app.stack)
    assert [label for label, *_ in ask.spec] == ["Cancel", "Open a copy"]
    ask.on("copy", ask)
    screen = next(s for s in app.stack if isinstance(s, MatchScreen))
    assert screen.match.autosave_path != path and len(screen.match.actions) == 1
    screen.to_menu()
    app2 = App((1600, 900), headless=True)
    games = app2.push(GamesScene(app2, app2.push(Launcher(app2))))
    app2.draw()
    copy = next(r for r in games.rows if r.path == screen.match.autosave_path)
    assert copy.origin.startswith("a copy of the Dice Wars game in progress (Red, Blue), loaded ")


def test_a_loaded_save_is_told_apart_from_its_original(home, tmp_path):
    m = sessions.new_match("dice_wars", seats=["human", "human"], seed=5)
    named = tmp_path / "Friday night.json"
    m.save(named)
    copy = sessions.load_as_new(named)
    copy.autosave()
    row = sessions.read_entry(copy.autosave_path)
    assert row.origin.startswith("a copy of Friday night.json, loaded ")
    assert sessions.read_entry(m.autosave_path).origin == ""
    again = sessions.resume(copy.autosave_path)          # resumed, it is still a copy
    again.autosave()
    assert sessions.read_entry(copy.autosave_path).origin == row.origin


HOLD = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
from engine.core import sessions
m = sessions.resume(sys.argv[2])
print("holding", flush=True)
time.sleep(120)
"""


@slow
def test_two_processes_one_game(home):
    """A real second process (a window) holds the game; this one is refused, then takes it over
    once that process is killed (a crash: its lock is left behind)."""
    path = _game()
    env = dict(os.environ, WARBENCH_HOME=str(home), SDL_VIDEODRIVER="dummy")
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(ROOT), str(path)], env=env, stdout=subprocess.PIPE,
                              text=True)
    try:
        assert holder.stdout.readline().strip() == "holding"
        with pytest.raises(locks.GameInUse):
            sessions.resume(path)
        assert locks.holder(path).process.pid == holder.pid
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    assert locks.lock_path(path).exists()                # left behind by the crash
    m = sessions.resume(path)
    assert m.lock.held() and len(m.actions) == 1
