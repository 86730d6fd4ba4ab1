"""Ending a game by agreement (engine/core/ending.py): every game supports a
concession and an agreed draw through the engine, logged, saved and
replayed; the menu of the match screen offers both."""
from __future__ import annotations

import pygame
import pytest

from engine.core import ending, registry
from engine.core.match import Match
from engine.core.rules import Illegal, Setup
from test_ui_support import key, screen_for, deployed_match
from engine.ui.scenes.dialogs import Modal


@pytest.mark.parametrize("game", [r.game_id for r in registry.all_games()])
def test_every_game_can_be_conceded_and_drawn(game, tmp_path):
    rules = registry.get(game)
    n = rules.min_players
    m = Match(Setup(game, n, seed=3, scenario=rules.scenarios()[0]))
    legal = [a for a in m.legal_actions() if a.player == m.to_act()]
    m.submit(legal[0])
    m.submit(ending.concede(0))
    out = m.outcome()
    assert out is not None and 0 not in out.winners and len(out.winners) == n - 1
    assert "concedes" in m.log[-1].text
    assert m.legal_actions() == [] and not m.can_undo()
    with pytest.raises(Illegal):
        m.submit(legal[0])
    path = tmp_path / "conceded.json"
    m.save(path)
    again = Match.load(path)
    assert again.outcome() == out and len(again.actions) == 2

    d = Match(Setup(game, n, seed=3, scenario=rules.scenarios()[0]))
    d.submit(ending.draw(n - 1))
    assert d.outcome().winners == () and "draw" in d.outcome().reason


def test_a_stranger_cannot_concede():
    m = deployed_match()
    assert m.check(ending.concede(5)) is not None


def test_the_menu_offers_concede_and_draw():
    m = deployed_match()
    app, screen = screen_for(m)
    p = m.to_act()
    screen.open_menu()
    menu = app.top()
    assert isinstance(menu, Modal) and "concede" in [s[1] for s in menu.spec] and "draw" in [s[1] for s in menu.spec]
    app.draw()
    key(app, pygame.K_c)
    confirm = app.top()
    assert isinstance(confirm, Modal) and "concedes" in confirm.title
    key(app, pygame.K_RETURN)
    out = m.outcome()
    assert out is not None and out.winners == (1 - p,)
    assert m.actions[-1].kind == ending.CONCEDE
