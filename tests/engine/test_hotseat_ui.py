"""Hotseat you can trust (screen side): the handoff needs a deliberate
act, it covers private hands on opening a match, and undo says why not."""
from __future__ import annotations

import pygame
import pytest

from engine.core import registry
from engine.core.sessions import new_match
from engine.ui.app import App
from engine.ui.contract import load_game_ui
from engine.ui.scenes.dialogs import HANDOFF_KEY, Handoff
from engine.ui.scenes.match_screen import MatchScreen
from test_ui_support import click, deployed_match, dismiss_handoff, key, screen_for


def _handoff():
    app = App((1280, 720), headless=True)
    base = app.push(MatchScreen(app, deployed_match(), headless=True))
    h = app.push(Handoff(app, "Blue", (60, 90, 200)))
    app.draw()
    return app, base, h


def test_handoff_stays_on_enter_space_and_e_and_a_click_on_its_button_dismisses_it():
    app, base, h = _handoff()
    for k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_e, pygame.K_ESCAPE, pygame.K_u,
              pygame.K_y, pygame.K_1):
        key(app, k)
        assert app.top() is h, pygame.key.name(k)
    click(app, (5, 5))                       # beside the button: nothing
    assert app.top() is h
    # a press that started elsewhere and is released on the button is not a click on it
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=h.button.rect.center, button=1))
    assert app.top() is h
    assert "F2" == h.button.key              # its key is shown on the button
    click(app, h.button.rect.center)
    assert app.top() is base


def test_handoff_key_works_only_when_pressed_after_it_opened():
    app = App((1280, 720), headless=True)
    app.push(MatchScreen(app, deployed_match(), headless=True))
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=HANDOFF_KEY, mod=0, unicode=""))   # held over
    h = app.push(Handoff(app, "Blue", (60, 90, 200)))
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=HANDOFF_KEY, mod=0, unicode=""))   # a repeat
    assert app.top() is h
    app.dispatch(pygame.event.Event(pygame.KEYUP, key=HANDOFF_KEY, mod=0))
    key(app, HANDOFF_KEY)
    assert app.top() is not h


@pytest.mark.parametrize("game", [g.game_id for g in registry.all_games()])
def test_no_game_uses_the_handoff_key(game):
    rules = registry.get(game)
    m = new_match(game, seats=["human"] * rules.min_players, seed=3)
    view, ctl = load_game_ui(m)
    name = pygame.key.name(HANDOFF_KEY).lower()
    assert ctl.key(name, frozenset()) in (None, False)


def _uberdrakes_with_hands():
    m = new_match("uberdrakes", seats=["human", "human", "human"], seed=5)
    while not any(m.rules.hidden_from_others(m.state, p) for p in range(3)):
        m.submit(m.legal_actions()[0])
    return m


def test_resume_with_private_cards_opens_behind_a_handoff():
    m = _uberdrakes_with_hands()
    app = App((1280, 720), headless=True)
    screen = app.open("match", m, replace=True)        # as the launcher opens a resumed game
    top = app.top()
    assert isinstance(top, Handoff) and top.name == m.rules.player_name(m.state, m.to_act())
    assert app.stack.index(top) > app.stack.index(screen)
    asked = []
    screen.ctl.hand = lambda p: asked.append(p) or []
    app.draw()
    assert not asked                  # nobody's hand is drawn under the handoff
    dismiss_handoff(app)
    app.draw()
    assert asked == [m.to_act()] * len(asked) and asked


def test_no_handoff_on_opening_a_public_position():
    app = App((1280, 720), headless=True)
    screen = app.replace_all(MatchScreen(app, deployed_match()))
    assert app.top() is screen


def test_a_refused_undo_says_why_and_changes_nothing():
    m = deployed_match(seats=("human", "human"))
    first = m.to_act()
    while m.to_act() == first:                 # the first player ends their command phase
        a = next((a for a in m.legal_actions() if a.kind == "end_phase"), None)
        if a is None:
            a = next(a for a in m.legal_actions() if a.kind in ("move", "skip", "pass"))
        m.submit(a)
    app, screen = screen_for(m)
    n = len(m.actions)
    key(app, pygame.K_u)
    assert len(m.actions) == n
    assert "cannot take back" in screen.toast[0] or "Nothing to undo" in screen.toast[0]
    # the Undo button says so before anyone presses it: greyed, its tip the reason
    # (it looked ready whenever any action had been taken; seen on Xvfb in Warbound)
    b = next(b for b in screen.tool_buttons.buttons if b.command == "undo")
    assert not b.enabled and b.tip == m.undo_refusal(m.to_act())


def _keydown(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


def _type(field, s):
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text=s))


def test_text_fields_behave_as_people_expect(monkeypatch):
    from engine.ui import widgets as W
    f = W.TextField("dice wars 2026", 40)
    f.handle(_keydown(pygame.K_BACKSPACE, pygame.KMOD_LCTRL))        # Ctrl+Backspace: a word
    assert f.text == "dice wars "
    f.handle(_keydown(pygame.K_BACKSPACE, pygame.KMOD_LCTRL))
    assert f.text == "dice "
    f.handle(_keydown(pygame.K_HOME))
    _type(f, "my ")
    f.handle(_keydown(pygame.K_END))
    _type(f, "game")
    assert f.text == "my dice game"
    f.handle(_keydown(pygame.K_LEFT))
    f.handle(_keydown(pygame.K_BACKSPACE))
    assert f.text == "my dice gae"
    f.handle(_keydown(pygame.K_a, pygame.KMOD_LCTRL))                # Ctrl+A, then typing replaces all
    _type(f, "x")
    assert f.text == "x"
    monkeypatch.setattr(W, "_clipboard_text", lambda: "pasted name\nsecond line")
    f.handle(_keydown(pygame.K_v, pygame.KMOD_LCTRL))
    assert f.text == "xpasted name"
    f.handle(_keydown(pygame.K_a, pygame.KMOD_LCTRL))
    f.handle(_keydown(pygame.K_BACKSPACE))
    assert f.text == ""
    digits = W.TextField("", 4, allowed=str.isdigit)
    monkeypatch.setattr(W, "_clipboard_text", lambda: "12ab345")
    digits.handle(_keydown(pygame.K_v, pygame.KMOD_LCTRL))
    assert digits.text == "1234"                                      # filtered and cut to length


def test_the_next_person_finds_nothing_of_the_last_ones_selection():
    # the controller kept its selection across the change of player: after the
    # first player placed their orders, the next person saw that player's unit
    # still selected with its card (Battle Valor's order phase)
    from test_ui_battle_valor_fantasy import position_match
    m = position_match()
    app, screen = screen_for(m)
    names = m.state.options["names"]
    first = m.to_act()
    screen.ctl.sel = names["spears"]
    screen.ctl.press("orders:auto")
    assert screen.ctl.selected() is not None
    screen.submit(screen.ctl.press("orders:commit"))
    app.draw()
    assert m.to_act() != first and screen.ctl.selected() is None
