"""The computer thinks off the screen's thread (engine/ui/ai_runner.py):
the copy of the position, the legal actions and the decision are all made
in the worker, the window keeps drawing meanwhile and says the computer
is thinking."""
from __future__ import annotations

import threading

from engine.core.sessions import new_match
from engine.ui import ai_runner
from test_ui_support import screen_for


class Gate:
    """A computer player that waits for the test before it answers, and
    notes which thread asked it."""
    last_reason = "the only move worth making"

    def __init__(self):
        self.open = threading.Event()
        self.asked = threading.Event()
        self.threads: list = []

    def choose(self, state, legal, rng):
        self.threads.append(threading.current_thread().name)
        self.asked.set()
        self.open.wait(10)
        return legal[0]


def test_the_computer_thinks_in_a_worker_and_the_window_says_so(monkeypatch):
    gate = Gate()
    monkeypatch.setitem(ai_runner._agents, ("dice_wars", "gate"), gate)
    m = new_match("dice_wars", seats=["gate", "gate"], seed=3)
    listed: list = []
    plain = m.rules.legal_actions

    def legal(state):
        listed.append(threading.current_thread().name)
        return plain(state)
    monkeypatch.setattr(m.rules, "legal_actions", legal)
    app, screen = screen_for(m)
    try:
        for _ in range(5):                   # the screen keeps stepping and drawing while the worker waits
            app.step(0.05)
            app.draw()
        assert gate.asked.wait(10)           # on a loaded machine the worker may take a moment to start
        app.step(0.05)
        app.draw()
        assert screen.ai.thinking and len(m.actions) == 0
        assert "(computer) is thinking" in screen.hint_text()[0]
        assert gate.threads == ["warbench-ai"]
        assert "warbench-ai" in listed           # the legal actions for the computer are listed there too
    finally:
        gate.open.set()
        screen.ai.thread and screen.ai.thread.join(10)
    screen.headless = True
    for _ in range(3):
        app.step(0.05)
    assert len(m.actions) >= 1
