"""Motion (shared/UI.md § Motion and feedback): a move glides along its
path and dice tumble, Space skips both, and computer-vs-computer play has
neither."""
from __future__ import annotations

import pygame

from engine.ui.app import App
from engine.ui.scenes.match_screen import MatchScreen
from test_ui_support import click, deployed_match, hex_pos, key, own_unit_with_moves


def _animated_screen(match):
    app = App((1600, 900), headless=True)
    screen = app.push(MatchScreen(app, match, headless=False))   # a real player's screen: motion on
    app.draw()
    while app.top() is not screen:
        app.pop(app.top())
        app.draw()
    return app, screen


def test_a_move_glides_and_space_skips_it():
    app, screen = _animated_screen(deployed_match())
    u = own_unit_with_moves(screen)
    click(app, hex_pos(screen, u.pos))
    dest = next(h for h, kind in sorted(screen.ctl.highlights().items())
                if kind == "move" and screen.board.view.collidepoint(hex_pos(screen, h)))
    click(app, hex_pos(screen, dest))
    assert screen.match.state.units[u.uid].pos == dest
    key_of = next(k for k in screen.glides)
    pts, t, duration = screen.glides[key_of]
    assert 0.1 <= duration <= 0.45 and len(pts) >= 2       # ~150 ms, longer paths a little longer
    assert screen.update(duration / 2) and screen.glides    # half way: still gliding
    key(app, pygame.K_SPACE)
    assert not screen.glides                                # skipped


def test_a_glide_ends_by_itself():
    app, screen = _animated_screen(deployed_match())
    u = own_unit_with_moves(screen)
    click(app, hex_pos(screen, u.pos))
    dest = next(h for h, kind in sorted(screen.ctl.highlights().items())
                if kind == "move" and screen.board.view.collidepoint(hex_pos(screen, h)))
    click(app, hex_pos(screen, dest))
    assert screen.glides
    screen.update(0.5)
    assert not screen.glides


def test_computer_against_computer_has_no_motion():
    m = deployed_match(seats=("normal", "normal"))
    app, screen = _animated_screen(m)
    import time
    before = len(m.actions)
    seen_motion = False
    end = time.monotonic() + 60
    while len(m.actions) < before + 4 and time.monotonic() < end:   # the computer thinks in a thread
        screen.last_change = 0.0
        screen.update(0.05)
        seen_motion |= bool(screen.glides) or screen.dice.tumbling
        time.sleep(0.01)
    assert len(m.actions) >= before + 4
    assert not seen_motion
