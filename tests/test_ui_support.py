"""Helpers for the UI tests (SDL dummy driver, headless app, event posting)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from engine.core.sessions import new_match  # noqa: E402
from engine.ui.app import App  # noqa: E402
from engine.ui.scenes.match_screen import MatchScreen  # noqa: E402


def deployed_match(seed: int = 5, seats=("human", "human")):
    """A Dice Wars match past deployment (every army auto-deployed)."""
    m = new_match("dice_wars", seats=list(seats), seed=seed)
    while m.state.phase in ("deploy", "draft"):
        legal = m.legal_actions()
        a = next((a for a in legal if a.kind == "auto_deploy"), None) or \
            next((a for a in legal if a.kind == "end_deploy"), None) or legal[0]
        m.submit(a)
    return m


def screen_for(match, size=(1920, 1080)):
    app = App(size, headless=True)
    screen = app.push(MatchScreen(app, match, headless=True))
    app.draw()
    return app, screen


def move(app, pos):
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.draw()


def click(app, pos, button: int = 1):
    move(app, pos)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.draw()


def key(app, k, mod: int = 0, text: str = ""):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text))
    app.dispatch(pygame.event.Event(pygame.KEYUP, key=k, mod=mod))
    app.draw()


def dismiss_handoff(app):
    """The next player clicks the handoff's button (the only way besides its own key)."""
    from engine.ui.scenes.dialogs import Handoff
    top = app.top()
    assert isinstance(top, Handoff)
    app.draw()
    click(app, top.button.rect.center)
    assert app.top() is not top


def hex_pos(screen, h):
    x, y = screen.board.hex_center(h)
    return (int(round(x)), int(round(y)))


def own_unit_with_moves(screen):
    m = screen.match
    p = m.to_act()
    for u in sorted(m.state.units.values(), key=lambda u: u.uid):
        if u.owner == p and u.pos is not None and any(a.kind == "move" for a in screen.ctl.by_uid.get(u.uid, [])):
            if screen.board.view.collidepoint(hex_pos(screen, u.pos)):
                return u
    raise AssertionError("no unit with moves")


def test_support_builds_a_command_phase():
    m = deployed_match()
    assert m.state.phase == "command"
