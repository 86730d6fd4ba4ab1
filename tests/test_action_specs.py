"""Actions declared once (engine/core/action_specs.py; Dice Wars first:
games/dice_wars/actions.py).  A malformed action is refused by the
declaration, naming its field; a programming error inside a declared
game's check raises (it used to come back as a polite "Malformed ..."
refusal that no test noticed), and the window shows its error panel, writes
the crash log and keeps the game in progress."""
from __future__ import annotations

import random

import pytest

from engine.core import registry
from engine.core.actions import Action
from engine.core.dice import SeededDice
from engine.core.match import Match
from engine.core.rules import Setup
from games.dice_wars.actions import SPECS

RULES = registry.get("dice_wars")


def _command_phase():
    m = Match(Setup("dice_wars", 2, seed=3, scenario="balanced"))
    while m.state.phase == "deploy":
        kinds = [a for a in m.legal_actions() if a.player == m.to_act()]
        m.submit(next(a for a in kinds if a.kind in ("auto_deploy", "end_deploy")), autosave=False)
    return m


def test_every_kind_the_rules_play_is_declared_once():
    handled = {name[len("_do_"):] for name in dir(type(RULES)) if name.startswith("_do_")}
    assert handled == set(SPECS)
    seen = set()
    rng = random.Random(1)
    for seed in range(3):
        dice = SeededDice(seed)
        state, _ = RULES.initial_state(Setup("dice_wars", 2, seed=seed, scenario="balanced"), dice)
        for _ in range(300):
            if RULES.outcome(state) is not None:
                break
            legal = RULES.legal_actions(state)
            seen |= {a.kind for a in legal}
            for a in legal:
                assert RULES.check(state, a) is None, a      # the declaration passes every legal action
            RULES.apply(state, rng.choice(legal), dice)
    assert seen <= set(SPECS)


@pytest.mark.parametrize("params, words", [
    ({"uid": "blades", "to": (3, 4)}, "uid: a piece's number was expected, not 'blades'"),
    ({"uid": 999, "to": (3, 4)}, "uid: 999 names no piece in this game"),
    ({"to": (3, 4)}, "uid: required field is missing"),
    ({"uid": 1, "to": "A1"}, "to: a hex (two whole numbers) was expected, not 'A1'"),
    ({"uid": 1, "to": (3, 4), "speed": 9}, "speed: move takes no such field"),
])
def test_a_malformed_action_is_refused_naming_its_field(params, words):
    m = _command_phase()
    uid = next(u.uid for u in m.state.units.values() if u.owner == m.to_act() and u.pos is not None)
    params = {k: (uid if v == 1 and k == "uid" else v) for k, v in params.items()}
    why = RULES.check(m.state, Action.make("move", m.to_act(), **params))
    assert why is not None and why.reason == f"Malformed move action: {words}"


def test_a_bug_inside_the_check_raises_and_fails_the_test_that_meets_it(monkeypatch):
    """A deliberately broken check: the legal move raises, not a refusal."""
    m = _command_phase()
    legal = next(a for a in m.legal_actions() if a.kind == "move")

    def broken(self, state, a):
        return state.no_such_field          # the kind of slip the old catch turned into a refusal
    monkeypatch.setattr(type(RULES), "_check", broken)
    with pytest.raises(AttributeError):
        RULES.check(m.state, legal)
    with pytest.raises(AttributeError):
        m.submit(legal, autosave=False)


def test_the_window_shows_the_error_keeps_the_game_and_logs_it(monkeypatch, tmp_path):
    from engine.core import sessions
    from engine.core.saves import default_dir
    from engine.ui.app import App, ErrorScene
    from engine.ui.scenes.match_screen import MatchScreen
    m = sessions.new_match("dice_wars", seats=["human", "human"], seed=3)
    while m.state.phase == "deploy":
        kinds = [a for a in m.legal_actions() if a.player == m.to_act()]
        m.submit(next(a for a in kinds if a.kind in ("auto_deploy", "end_deploy")))
    played = len(m.actions)
    app = App((1280, 720), headless=False)
    screen = app.push(MatchScreen(app, m))
    legal = next(a for a in m.legal_actions() if a.kind == "move")
    monkeypatch.setattr(type(RULES), "_check", lambda self, state, a: state.no_such_field)
    app._guard(screen.submit, legal)
    assert isinstance(app.top(), ErrorScene)
    assert "AttributeError" in (default_dir() / "crash.log").read_text()
    monkeypatch.undo()
    assert len(Match.load(m.autosave_path).actions) == played      # the game in progress is kept
