"""Games in progress, not a slot: every unfinished match keeps its own
autosave, a crash loses none of them, finished games move to a history
that replays, and nothing is overwritten by Start or Load."""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

import pygame
import pytest

from engine.core import sessions
from engine.core.saves import history_dir, in_progress_dir
from engine.ui.app import App, run_app
from engine.ui.scenes.launcher import GamesScene, Launcher
from engine.ui.scenes.launcher_commands import (CycleOption, CycleSeat, DeleteRow, PickGame, PickScenario, ReplayRow,
                                                ResumeRow, StepPlayers)
from engine.ui.scenes.match_screen import MatchScreen
from test_ui_support import click, key
from tiers import ROOT


# Plays two games through the launcher, then dies without a clean exit.
PLAY_TWO_THEN_CRASH = r"""
import json, os, sys
sys.path.insert(0, sys.argv[1])
from engine.core import sessions
from engine.ui.app import App
from engine.ui.scenes.launcher import Launcher
from engine.ui.scenes.launcher_commands import PickGame

sessions.mark_running()                 # as run_app does at start-up
app = App((1280, 720), headless=True)
out = {}
for game, moves in (("dice_wars", 3), ("uberdrakes", 4)):
    launcher = app.open("launcher", replace=True)
    launcher.command(PickGame(game))
    launcher.seats = ["human"] * len(launcher.seats)
    launcher.seed_field.text = "77"
    launcher.start()
    screen = app.top()
    while type(screen).__name__ != "MatchScreen":
        screen = app.stack[app.stack.index(screen) - 1]
    m = screen.match
    for _ in range(moves):
        legal = m.legal_actions()
        a = next((a for a in legal if a.kind == "auto_deploy"), None) or legal[0]
        assert screen.submit(a)
    out[game] = {"path": str(m.autosave_path), "fingerprint": m.rules.fingerprint(m.state),
                 "actions": len(m.actions)}
print(json.dumps(out), flush=True)
os._exit(3)                             # a crash: no clean exit, nothing tidied
"""


def test_two_games_survive_a_crash_and_both_resume_exactly(tmp_path, monkeypatch):
    home = tmp_path / "home"
    env = dict(os.environ, WARBENCH_HOME=str(home), SDL_VIDEODRIVER="dummy")
    run = subprocess.run([sys.executable, "-c", PLAY_TWO_THEN_CRASH, str(ROOT)], env=env,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 3, run.stderr
    played = json.loads(run.stdout.strip().splitlines()[-1])
    # relaunch: the launcher opens on the games in progress, both listed
    monkeypatch.setenv("WARBENCH_HOME", str(home))
    seen = {}
    real_run = App.run

    def first_frame(self):
        seen["app"] = self
        seen["top"] = self.top()
        self.running = False
        real_run(self)
    monkeypatch.setattr(App, "run", first_frame)
    run_app(argparse.Namespace(game=None, seed=None, seats=None, load=None, scenario=None))
    top = seen["top"]
    assert isinstance(top, GamesScene)
    assert {r.game for r in top.rows} == {"dice_wars", "uberdrakes"}
    assert not sessions.last_run_crashed()          # this run ended cleanly
    for game, want in played.items():
        app = App((1280, 720), headless=True)
        launcher = app.push(Launcher(app))
        games = app.push(GamesScene(app, launcher))
        app.draw()
        i = next(i for i, r in enumerate(games.rows) if r.game == game)
        assert str(games.rows[i].path) == want["path"]
        r = next(r for r, c in games.hot if c == ResumeRow(i))
        click(app, r.center)
        screen = next(s for s in app.stack if isinstance(s, MatchScreen))
        m = screen.match
        assert m.rules.fingerprint(m.state) == want["fingerprint"] and len(m.actions) == want["actions"]
        assert str(m.autosave_path) == want["path"]


def _play_out(m, seed: int) -> None:
    import random
    rng = random.Random(seed)
    while m.outcome() is None:
        a = m.rules.sample_legal(m.state, rng) if hasattr(m.rules, "sample_legal") else rng.choice(m.legal_actions())
        m.submit(a, autosave=False)
    m.autosave()


@pytest.fixture(scope="module")
def finished():
    """A Dice Wars game played to its end (a person and the computer)."""
    m = sessions.new_match("dice_wars", seats=["human", "greedy"], seed=3)
    _play_out(m, 4)
    return m


def test_start_and_load_never_overwrite():
    a = sessions.new_match("dice_wars", seats=["human", "human"], seed=1)
    b = sessions.new_match("dice_wars", seats=["human", "human"], seed=1)
    assert a.autosave_path != b.autosave_path and a.autosave_path.exists() and b.autosave_path.exists()
    a.submit(next(x for x in a.legal_actions() if x.kind == "auto_deploy"))
    named = in_progress_dir().parent / "saves" / "named.json"
    a.save(named)
    c = sessions.load_as_new(named)
    c.autosave()
    assert c.autosave_path not in (a.autosave_path, named) and named.exists()
    assert len(sessions.read_entry(a.autosave_path).players) == 2 and b.autosave_path.exists()


def test_a_finished_game_moves_to_the_history_and_replays(finished):
    from engine.core.match import Match
    b = finished
    assert not b.autosave_path.parent.samefile(in_progress_dir())
    assert b.autosave_path.parent.samefile(history_dir()) and b.autosave_path.exists()
    listed = [g for g in sessions.history() if g.path == b.autosave_path]
    assert listed and listed[0].finished and listed[0].result
    assert all(g.path != b.autosave_path for g in sessions.games_in_progress())
    # the history replays it exactly, action by action
    m, actions = sessions.replay_start(b.autosave_path)
    for x in actions:
        m.submit(x, autosave=False)
    assert m.rules.fingerprint(m.state) == b.rules.fingerprint(b.state)
    assert Match.load(b.autosave_path).outcome() is not None


def test_replay_from_the_history_steps_through_the_recorded_actions(finished):
    m = finished
    app = App((1280, 720), headless=True)
    launcher = app.push(Launcher(app))
    games = app.push(GamesScene(app, launcher, "history"))
    app.draw()
    i = next(i for i, r in enumerate(games.rows) if r.path == m.autosave_path)
    click(app, next(r for r, c in games.hot if c == ReplayRow(i)).center)
    screen = app.top()
    assert isinstance(screen, MatchScreen) and screen.replay is not None and not screen.match.actions
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert len(screen.match.actions) == 2 and screen.match.actions == m.actions[:2]
    assert "Replay: 2 of" in screen.hint_text()[0]
    assert screen.match.autosave_path is None          # a replay writes nothing
    assert not screen.submit(m.actions[5])             # and takes no new actions
    assert len(screen.match.actions) == 2


def test_deleting_a_game_in_progress_asks_first():
    m = sessions.new_match("dice_wars", seats=["human", "human"], seed=8)
    app = App((1280, 720), headless=True)
    launcher = app.push(Launcher(app))
    games = app.push(GamesScene(app, launcher))
    app.draw()
    i = next(i for i, r in enumerate(games.rows) if r.path == m.autosave_path)
    click(app, next(r for r, c in games.hot if c == DeleteRow(i)).center)
    ask = app.top()
    assert ask is not games and m.autosave_path.exists()
    key(app, pygame.K_RETURN)                          # Enter keeps it
    assert app.top() is games and m.autosave_path.exists()
    click(app, next(r for r, c in games.hot if c == DeleteRow(i)).center)
    click(app, next(b for b in app.top().row.buttons if b.command == "delete").rect.center)
    assert app.top() is games and not m.autosave_path.exists()
    assert all(r.path != m.autosave_path for r in games.rows)


def test_the_launcher_remembers_game_map_players_seats_and_options(tmp_path, monkeypatch):
    monkeypatch.setenv("WARBENCH_HOME", str(tmp_path))        # other tests expect the first game by default
    app = App((1280, 720), headless=True)
    launcher = app.push(Launcher(app))
    launcher.command(PickGame("uberdrakes"))
    launcher.command(StepPlayers(1))
    launcher.command(CycleSeat(1))
    if len(launcher.scenarios) > 1:
        launcher.command(PickScenario(1))
    opt = launcher.option_specs[0]
    launcher.command(CycleOption(opt.key))
    want = (launcher.game.game_id, launcher.scenario, launcher.players, list(launcher.seats), dict(launcher.options))
    again = Launcher(App((1280, 720), headless=True))
    assert (again.game.game_id, again.scenario, again.players, list(again.seats), dict(again.options)) == want


def _save_that_stops_replaying(seed: int, at: int = 25, actions: int = 40):
    """A game in progress whose action `at` the rules now refuse (as after a rules fix that changes
    who acts when): the same file with that action given to the other player."""
    import random
    m = sessions.new_match("dice_wars", seats=["human", "human"], seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        m.submit(m.rules.sample_legal(m.state, rng), autosave=False)
    m.autosave()
    data = json.loads(m.autosave_path.read_text(encoding="utf-8"))
    data["actions"][at] = dict(data["actions"][at], player=1 - data["actions"][at]["player"])
    m.autosave_path.write_text(json.dumps(data), encoding="utf-8")
    return m


def test_a_save_that_stops_replaying_opens_as_far_as_it_goes_as_a_new_game():
    """A rules fix (Battle Valor's phase order, 702d54e) left saves that stop replaying part way: they
    were reported and could not be opened at all. Now the error names the action, and the game can be
    opened as it stood before it, as a new game in progress; the file stays byte for byte."""
    from engine.core.match import Match
    from engine.core.saves import ReplayStopped
    m = _save_that_stops_replaying(6)
    before = m.autosave_path.read_bytes()
    with pytest.raises(ReplayStopped) as stopped:
        Match.load(m.autosave_path)
    assert (stopped.value.index, stopped.value.total) == (25, 40) and "decision" in stopped.value.reason
    r = sessions.recover_as_new(m.autosave_path)
    assert r.recovered[0] == 25 and r.actions == m.actions[:25]
    assert r.state is not None and r.rules.fingerprint(r.state) == _replayed(m.actions[:25], m.setup)
    assert r.autosave() and r.autosave_path != m.autosave_path
    assert Match.load(r.autosave_path).actions == r.actions          # the new game saves and loads whole
    assert m.autosave_path.read_bytes() == before                     # the old file is untouched


def _replayed(actions, setup):
    from engine.core.match import Match
    from engine.core.dice import SeededDice
    m = Match(setup, dice=SeededDice(setup.seed))
    for a in actions:
        m.submit(a, autosave=False)
    return m.rules.fingerprint(m.state)


def test_the_launcher_offers_the_game_before_the_action_that_no_longer_replays():
    m = _save_that_stops_replaying(7)
    app = App((1280, 720), headless=True)
    launcher = app.push(Launcher(app))
    app.draw()
    assert launcher.resume(m.autosave_path) is False
    ask = app.top()
    assert ask is not launcher and "action 26 of 40" in " ".join(t for t, _ in ask.paragraphs)
    key(app, pygame.K_RETURN)                          # Enter cancels: nothing opens, nothing is written
    assert app.top() is launcher and "Could not load" in launcher.error
    n = len(list(in_progress_dir().glob("*.json")))
    launcher.resume(m.autosave_path)
    click(app, next(b for b in app.top().row.buttons if b.command == "recover").rect.center)
    screen = app.top()
    assert isinstance(screen, MatchScreen) and len(screen.match.actions) == 25
    assert "after action 25 of 40" in screen.toast[0]
    assert len(list(in_progress_dir().glob("*.json"))) == n + 1 and m.autosave_path.exists()
