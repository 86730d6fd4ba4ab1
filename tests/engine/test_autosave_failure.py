"""When the autosave cannot be written (a full disk, a read-only folder, a
file where the folder belongs) nothing is lost: the dialog offers Save as…
in a folder that works (the platform's documents folder when the data
folder fails), the game is then kept there after every action, and closing
the window, Quit or Main menu ask first while changes are saved nowhere
(engine/ui/scenes/match_saving.py, Match.autosave)."""
from __future__ import annotations

import errno
import os
from pathlib import Path

import pygame
import pytest

import engine.core.saves as saves
from engine.core import data_folder, sessions
from engine.core.match import Match
from engine.ui.scenes.dialogs import Modal
from test_ui_support import key, screen_for

DOCS = "Documents"


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A data folder of its own, and a home whose documents folder works."""
    h = tmp_path / "data"
    monkeypatch.setenv("WARBENCH_HOME", str(h))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DOCUMENTS_DIR", str(tmp_path / "home" / DOCS))
    return h


def _fail_in_data_folder(monkeypatch, code: int) -> pytest.MonkeyPatch:
    """Every write in the data folder fails with `code` (a full disk, a read-only file system),
    until the returned patch is undone."""
    monkeypatch = pytest.MonkeyPatch()
    real = data_folder.write_atomic

    def failing(path, data):
        if data_folder.parts_inside(path) is not None:
            raise OSError(code, os.strerror(code), str(path))
        return real(path, data)
    monkeypatch.setattr(saves, "write_atomic", failing)          # what Match.save writes with
    monkeypatch.setattr(data_folder, "write_atomic", failing)    # what the Save dialog's folder probe writes with
    return monkeypatch


def _play(m, screen, n: int = 1) -> None:
    for _ in range(n):
        legal = m.legal_actions()
        assert screen.submit(next((a for a in legal if a.kind == "auto_deploy"), None) or legal[0])


def _game(home):
    m = sessions.new_match("dice_wars", seats=["human", "human"], seed=5)
    assert m.autosave_error is None
    return m


@pytest.mark.parametrize("code, words", [(errno.ENOSPC, "No space left on device"),
                                         (errno.EROFS, "Read-only file system")])
def test_a_failed_autosave_offers_a_folder_that_works_and_keeps_the_game_there(home, monkeypatch, code, words):
    m = _game(home)
    app, screen = screen_for(m)
    fault = _fail_in_data_folder(monkeypatch, code)
    _play(m, screen)
    assert words in m.autosave_error and m.unsaved == 1
    dlg = app.top()
    assert isinstance(dlg, Modal) and dlg.title == "The autosave failed"
    text = " ".join(t for t, _ in dlg.paragraphs)
    assert DOCS in text and str(home) not in text.split("Save it under a name now")[-1]
    key(app, pygame.K_s)                                   # Save as…
    save = app.top()
    assert save.title == "Save the game" and f"{DOCS}/Warbench" in save.paragraphs[0][0]
    save.field.text = "rescued"
    key(app, pygame.K_RETURN)
    rescued = Path(os.environ["XDG_DOCUMENTS_DIR"]) / "Warbench" / "rescued.json"
    assert app.top() is screen and rescued.exists() and m.unsaved == 0 and m.rescue_path == rescued
    _play(m, screen, 2)                                    # the autosave still fails: the game is kept there
    assert m.autosave_error and m.unsaved == 0
    assert len(Match.load(rescued).actions) == len(m.actions)
    fault.undo()                                           # the disk has room again
    _play(m, screen)
    assert m.autosave_error is None and m.rescue_path is None
    assert len(Match.load(m.autosave_path).actions) == len(m.actions)


def test_the_save_dialog_says_which_folder_cannot_be_written_and_switches(home, monkeypatch):
    m = _game(home)
    app, screen = screen_for(m)
    fault = _fail_in_data_folder(monkeypatch, errno.ENOSPC)
    _play(m, screen)
    key(app, pygame.K_ESCAPE)                              # not now
    screen.open_save(data_folder.default_dir() / "saves")  # Ctrl+S opens on the data folder's saves...
    dlg = app.top()
    assert any("cannot be written: No space left on device" in t for t, _ in dlg.paragraphs)
    dlg.field.text = "here"
    key(app, pygame.K_RETURN)
    assert app.top() is dlg and "Could not save: No space left on device" in dlg.error
    dlg.on("folder", dlg)                                  # ...and "Another folder" finds one that works
    assert not any("cannot be written" in t for t, _ in dlg.paragraphs) and DOCS in dlg.paragraphs[0][0]
    key(app, pygame.K_RETURN)
    assert app.top() is screen and m.unsaved == 0
    fault.undo()


def test_a_file_where_the_games_folder_belongs_fails_the_autosave_in_words(home):
    home.mkdir(parents=True)
    (home / "in_progress").write_text("a file, not a folder")
    m = sessions.new_match("dice_wars", seats=["human", "human"], seed=5)
    assert "in_progress is a file where Warbench keeps a folder" in m.autosave_error
    assert (home / "in_progress").read_text() == "a file, not a folder"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_data_folder_fails_the_autosave_in_words(home):
    m = _game(home)
    folder = home / "in_progress"
    folder.chmod(0o555)
    try:
        m.submit(next(a for a in m.legal_actions() if a.kind == "auto_deploy"))
        assert "Permission denied" in m.autosave_error and m.unsaved == 1
    finally:
        folder.chmod(0o755)


def _quit(app) -> None:
    app.dispatch(pygame.event.Event(pygame.QUIT))
    app.draw()


def test_closing_the_window_asks_first_while_changes_are_saved_nowhere(home, monkeypatch):
    m = _game(home)
    app, screen = screen_for(m)
    _quit(app)
    assert not app.running                                 # nothing unsaved: the window just closes
    app.running = True
    fault = _fail_in_data_folder(monkeypatch, errno.ENOSPC)
    _play(m, screen, 2)
    key(app, pygame.K_ESCAPE)                              # the autosave dialog, dismissed
    _quit(app)
    ask = app.top()
    assert app.running and isinstance(ask, Modal) and ask.title == "Leave without saving?"
    assert "the last 2 changes of this game are kept only in this window" in ask.paragraphs[0][0]
    _quit(app)                                             # closing again does not stack a second question
    assert app.top() is ask
    key(app, pygame.K_ESCAPE)                              # Stay
    assert app.running and app.top() is screen
    _quit(app)
    ask = app.top()
    key(app, pygame.K_s)                                   # Save as…, in a folder that works, then it closes
    app.top().field.text = "before closing"
    key(app, pygame.K_RETURN)
    assert not app.running
    assert (Path(os.environ["XDG_DOCUMENTS_DIR"]) / "Warbench" / "before closing.json").exists()
    fault.undo()


def test_leaving_anyway_is_the_players_choice(home, monkeypatch):
    m = _game(home)
    app, screen = screen_for(m)
    fault = _fail_in_data_folder(monkeypatch, errno.ENOSPC)
    _play(m, screen)
    key(app, pygame.K_ESCAPE)
    screen.to_menu()                                       # Main menu asks too
    ask = app.top()
    assert ask.title == "Leave without saving?" and screen in app.stack
    ask.on("leave", ask)
    assert screen not in app.stack
    fault.undo()
