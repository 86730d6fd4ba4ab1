"""The match screen's Hint (H: the hard computer's move for the human, why,
and the odds) and the computer's pace (step-through, one action per Space)."""
from __future__ import annotations

import time

import pygame

from engine.core.sessions import new_match
from engine.ui.scenes.dialogs import Modal
from test_ui_support import deployed_match, key, screen_for


def _wait_for_hint(app):
    t0 = time.perf_counter()
    while not isinstance(app.top(), Modal) and time.perf_counter() - t0 < 60:
        app.step(0.05)
        time.sleep(0.01)
    return app.top()


def test_hint_shows_the_hard_move_and_why():
    m = deployed_match()
    app, screen = screen_for(m)
    before = len(m.actions)
    key(app, pygame.K_h)
    dlg = _wait_for_hint(app)
    assert isinstance(dlg, Modal) and dlg.title.startswith("Hint: ")
    assert any(text.startswith("Why: ") for text, _ in dlg.paragraphs)
    assert len(m.actions) == before                 # a hint plays nothing by itself
    steps = screen.hinter.hint.steps
    key(app, pygame.K_RETURN)                        # "Play it": every step it proposed
    assert len(m.actions) == before + len(steps)
    assert [a for a in m.actions[before:]] == list(steps)


def test_step_through_plays_one_computer_action_per_space():
    m = new_match("dice_wars", seats=["normal", "normal"], seed=3)
    app, screen = screen_for(m)
    screen.headless = False                          # pace rules apply as on a real screen
    screen.stepping = True
    t0 = time.perf_counter()
    while not screen.ai.ready(screen.version) and time.perf_counter() - t0 < 60:
        app.step(0.05)
        time.sleep(0.01)
    for _ in range(5):
        app.step(0.05)
    assert len(m.actions) == 0                       # waits for the key
    key(app, pygame.K_SPACE)
    screen.last_change = 0.0
    app.step(0.05)
    assert len(m.actions) == 1


def test_a_hint_asked_in_a_decision_panel_shows_over_it():
    """Seen in play (UberDrakes, picking up a rider): H said "Thinking…" and
    then nothing, the answer waiting behind the decision's panel for good."""
    from engine.ui.scenes.combat_dialog import DecisionDialog
    m = new_match("uberdrakes", seats=["human", "human"], seed=11)
    app, screen = screen_for(m)
    assert isinstance(app.top(), DecisionDialog)      # choose your dragon
    key(app, pygame.K_h)
    dlg = _wait_for_hint(app)
    assert isinstance(dlg, Modal) and dlg.title.startswith("Hint: ")
    key(app, pygame.K_RETURN)                        # "Play it"
    assert len(m.actions) == 1


def test_the_bottom_bar_names_the_keys_as_they_work():
    """It said "H keys": H asks for a hint, K (or ?) lists the keys."""
    from engine.ui.panels.hint_bar import key_list
    m = deployed_match()
    app, screen = screen_for(m)
    for space in ("hex", "table"):
        assert "H hint" in key_list(space) and "K keys" in key_list(space) and "H keys" not in key_list(space)
    key(app, pygame.K_k)
    assert isinstance(app.top(), Modal) and not app.top().title.startswith("Hint")


def test_the_hint_names_other_choices_once_when_their_words_are_the_same():
    """Seen in play (Battle Valor): "Also weighed: places order counters (-1.2); places order counters
    (-2.0); places order counters (-3.1)": three sets of orders the log describes alike, with the
    search's figures.  Now each other idea is named once, by its words only."""
    import random

    from engine.core.actions import Action
    from engine.core.hint import make_hint
    from engine.core.search import Weighed
    from engine.ui.scenes.match_screen import hint_lines

    class Words:
        def computer(self):
            return None

        def preview(self, state, a):
            return []

        def describe(self, state, a):
            return "Red places order counters" if a.kind == "orders" else "Red passes"

    chosen = Action.make("orders", 0, plan=1)
    weighed = [Weighed(chosen, "hold the ford", 10, 5.0), Weighed(Action.make("orders", 0, plan=2), "", 10, 3.8),
               Weighed(Action.make("orders", 0, plan=3), "", 10, 3.0), Weighed(Action.make("pass", 0), "", 10, 1.0)]
    hint = make_hint("no_such_game", Words(), None, object(), chosen, "hold the ford", weighed, random.Random(1))
    lines = [t for t, _ in hint_lines(hint)]
    assert lines == ["Why: hold the ford", "Also weighed: Red passes"]
