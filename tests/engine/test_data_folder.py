"""No link in the data folder is followed for writing (engine/core/data_folder.py):
the window markers, the crash log, autosaves, the history, named saves,
army lists, settings, locks and screenshots all refuse a link in words and
leave what it points to untouched."""
from __future__ import annotations

import json
import os
import shutil

import pytest

from engine.core import army_lists, data_folder, sessions
from engine.core.saves import atomic_write, cleanup_temp_files, default_dir


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh data folder, and outside it a file and a folder a planted link points to."""
    h = tmp_path / "home"
    h.mkdir()
    monkeypatch.setenv("WARBENCH_HOME", str(h))
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "precious.txt").write_text("keep me\n")
    return h, outside


def _untouched(outside) -> None:
    assert sorted(p.name for p in outside.iterdir()) == ["precious.txt"]
    assert (outside / "precious.txt").read_text() == "keep me\n"


def test_the_window_marker_never_writes_through_a_link(home):
    h, outside = home
    (h / "running").symlink_to(outside / "precious.txt")       # the old single marker's name
    sessions.mark_running()
    _untouched(outside)
    shutil.rmtree(h / "running")
    (h / "running").symlink_to(outside)                         # the markers' folder
    sessions.mark_running()
    sessions.mark_clean_exit()
    _untouched(outside)


def test_the_crash_log_never_writes_through_a_link_nor_blocks_on_a_fifo(home):
    from engine.ui.crashlog import write_crash_log
    h, outside = home
    (h / "crash.log").symlink_to(outside / "precious.txt")
    assert write_crash_log("Traceback: boom") is None
    _untouched(outside)
    (h / "crash.log").unlink()
    os.mkfifo(h / "crash.log")
    assert write_crash_log("Traceback: boom") is None           # returns at once: nobody reads the FIFO
    (h / "crash.log").unlink()
    assert write_crash_log("Traceback: boom") == h / "crash.log"
    assert "boom" in (h / "crash.log").read_text()


@pytest.mark.parametrize("where", ["in_progress", "in_progress/file"])
def test_an_autosave_never_writes_through_a_link(home, where):
    h, outside = home
    m = sessions.new_match("dice_wars", seats=["human", "human"], seed=2)
    assert m.autosave_error is None
    name = m.autosave_path.name
    if where == "in_progress":
        os.rename(h / "in_progress", outside / "moved")
        (h / "in_progress").symlink_to(outside / "moved")
        before = (outside / "moved" / name).read_text()
    else:
        (h / "in_progress" / name).unlink()
        (h / "in_progress" / name).symlink_to(outside / "precious.txt")
    m.submit(next(a for a in m.legal_actions() if a.kind == "auto_deploy"))
    assert m.autosave_error and "is a link; Warbench never writes through a link" in m.autosave_error
    assert m.unsaved == 1
    if where == "in_progress":
        assert (outside / "moved" / name).read_text() == before
        os.unlink(h / "in_progress")
        os.rename(outside / "moved", h / "in_progress")
    _untouched(outside)


def test_a_finished_game_never_moves_through_a_linked_history(home):
    from engine.core import ending
    h, outside = home
    (h / "history").symlink_to(outside)
    m = sessions.new_match("dice_wars", seats=["human", "human"], seed=3)
    m.submit(ending.concede(0))                  # finished: its autosave belongs in the history
    assert m.autosave_error and "history is a link" in m.autosave_error
    _untouched(outside)
    assert (h / "in_progress" / m.autosave_path.name).exists()      # the last good autosave is kept


def test_named_saves_lists_settings_locks_and_screenshots_refuse_links(home):
    h, outside = home
    for name in ("saves", "lists", "locks", "screenshots"):
        (h / name).symlink_to(outside)
    (h / "launcher.json").symlink_to(outside / "precious.txt")
    m = sessions.new_match("dice_wars", seats=["human", "human"], seed=2)
    assert m.lock is None                  # no lock could be written: the game is played all the same
    with pytest.raises(OSError, match="saves is a link"):
        m.save_elsewhere(h / "saves" / "mine.json")
    with pytest.raises(OSError, match="lists is a link"):
        army_lists.save_list(army_lists.load_list(army_lists.shipped_dir("dragonbond") / "dawn_patrol.yaml"))
    with pytest.raises(OSError, match="launcher.json is a link"):
        atomic_write(h / "launcher.json", "{}")
    with pytest.raises(OSError, match="screenshots is a link"):
        data_folder.write_atomic(h / "screenshots" / "x.png", b"png")
    _untouched(outside)


def test_a_file_where_a_folder_belongs_is_refused_in_words(home):
    h, outside = home
    (h / "in_progress").write_text("not a folder")
    with pytest.raises(OSError, match="is a file where Warbench keeps a folder"):
        atomic_write(h / "in_progress" / "x.json", "{}")


def test_temp_files_are_cleaned_only_inside_the_data_folder(home):
    h, outside = home
    old = outside / "someone.tmp"
    old.write_text("x")
    os.utime(old, (1, 1))
    (h / "in_progress").symlink_to(outside)
    assert cleanup_temp_files(h / "in_progress", older_than=0) == 0 and old.exists()
    (h / "saves").mkdir()
    mine = h / "saves" / "x.json.abcd.tmp"
    mine.write_text("x")
    os.utime(mine, (1, 1))
    assert cleanup_temp_files(h / "saves", older_than=0) == 1 and not mine.exists()


def test_deleting_a_linked_game_removes_the_link_only(home):
    h, outside = home
    (h / "in_progress").mkdir()
    link = h / "in_progress" / "x.json"
    link.symlink_to(outside / "precious.txt")
    row = sessions.games_in_progress()[0]
    assert row.problem and "a link" in row.problem
    sessions.delete(row.path)
    assert not os.path.lexists(link)
    _untouched(outside)


def test_writing_outside_the_data_folder_is_atomic_and_ordinary(home, tmp_path):
    target = tmp_path / "elsewhere" / "game.json"
    atomic_write(target, json.dumps({"a": 1}))
    assert json.loads(target.read_text()) == {"a": 1} and default_dir() != target.parent
