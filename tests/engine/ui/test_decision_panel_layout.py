"""The decision panel lays its words out when its decision or the window
changes, never while drawing (issue 37: layout on resize, not in draw):
after a resize, thirty frames wrap no text and cut no title or side's
name (the buttons cut their own labels, as every button does)."""
from __future__ import annotations

import pygame

from engine.ui import theme as T
from engine.ui.app import App
from engine.ui.contract import ButtonSpec, DecisionSpec, SideSpec
from engine.ui.scenes.combat_dialog import DecisionDialog


def _spec(title: str) -> DecisionSpec:
    return DecisionSpec(title=title, color="#3366CC",
                        lines=[("The Knights strike first: every stand in contact rolls its dice, a line long enough "
                                "to wrap over more than one line of the panel", ""), ("Berserkers never flee", "bad")],
                        sides=[SideSpec("Knights", "#3366CC", "K", "Attacker", "11", ["+2 charge in the flank"],
                                        "62% to win", True),
                               SideSpec("Berserkers", "#CC3333", "B", "Defender", "9", ["+1 frenzy"], "38%")],
                        groups=[("Choose", [ButtonSpec("Fight", "fight"), ButtonSpec("Flee", "flee")])],
                        rule="battle_valor_fantasy.txt § Combat", who="Marchwardens decide")


def test_frames_lay_out_nothing_and_a_new_decision_lays_out_again(monkeypatch):
    app = App((1280, 720), headless=True)
    d = DecisionDialog(app, _spec("Combat"), lambda: pygame.Rect(0, 0, 880, 720), lambda c: None)
    d.resize((1280, 720))
    calls = []
    wrap, cut = T.wrap, T.ellipsize
    words = {"Combat", "Combat, round two", "Marchwardens decide", "Knights", "Berserkers"}
    monkeypatch.setattr(T, "wrap", lambda *a, **k: calls.append("wrap") or wrap(*a, **k))
    monkeypatch.setattr(T, "ellipsize", lambda text, *a, **k: (text in words and calls.append("cut")) or cut(text, *a, **k))
    surf = pygame.Surface((1280, 720))
    for _ in range(30):
        d.draw(surf)
    assert calls == []
    d.set_spec(_spec("Combat, round two"))          # a new decision: its words laid out at once
    assert "wrap" in calls and "cut" in calls
    assert d.title_text == "Combat, round two"
