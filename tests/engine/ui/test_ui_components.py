"""The match screen as components (engine/ui/component.py): the board view,
the hint bar, the side panel and its hand are laid out when the window is
resized, not while drawing; each draws alone inside its own rectangle."""
from __future__ import annotations

import pygame

from test_ui_support import deployed_match, move, screen_for

from engine.ui.scenes.match_screen import MatchScreen


def _resize(app, screen: MatchScreen, size) -> None:
    """What the app does on VIDEORESIZE (App.resized), for a headless app."""
    app.screen = pygame.Surface(size).convert()
    app.theme.set_window(size)
    for scene in app.stack:
        scene.resize(size)


def _parts(screen: MatchScreen) -> dict:
    return {"board": screen.board_view, "hint": screen.hint_bar, "panel": screen.panel}


def _counts(screen: MatchScreen) -> dict:
    counts = {name: part.layouts for name, part in _parts(screen).items()}
    counts["sections"] = screen.panel.section_layouts
    return counts


def _board_points(screen: MatchScreen, n: int) -> list:
    hexes = sorted(screen.board.hexes)
    step = max(1, len(hexes) // n)
    return [tuple(int(v) for v in screen.board.hex_center(h)) for h in hexes[::step][:n]]


def test_drawing_many_frames_lays_out_nothing():
    """Frames with the pointer going back and forth over the same pieces
    reuse every layout: none of the components, nor the panel's sections
    once each card they showed was seen, is laid out again."""
    app, screen = screen_for(deployed_match(), (1280, 720))
    points = _board_points(screen, 4) + [screen.panel_rect.center, screen.hint_rect.center]
    for p in points:                                   # every card seen once
        move(app, p)
    before = _counts(screen)
    for _ in range(5):
        for p in points:
            move(app, p)
        app.draw()
    assert _counts(screen) == before


def test_a_resize_lays_out_every_component_again_for_the_new_window():
    app, screen = screen_for(deployed_match(), (1280, 720))
    rects = {name: part.rect.copy() for name, part in _parts(screen).items()}
    before = _counts(screen)
    _resize(app, screen, (1920, 1080))
    after = _counts(screen)
    assert all(after[name] == before[name] + 1 for name in rects)
    new = {name: part.rect for name, part in _parts(screen).items()}
    assert new["board"].w > rects["board"].w and new["board"].h > rects["board"].h
    assert new["hint"].y > rects["hint"].y and new["hint"].w > rects["hint"].w
    assert new["panel"].x > rects["panel"].x and new["panel"].h == 1080
    assert screen.board.view == new["board"]               # the board draws where its component is
    # the three tile the window: nothing overlaps, nothing is left out
    assert not new["board"].colliderect(new["hint"]) and not new["board"].colliderect(new["panel"])
    assert new["board"].union(new["hint"]).union(new["panel"]) == pygame.Rect(0, 0, 1920, 1080)
    app.draw()
    assert _counts(screen)["sections"] == after["sections"] + 1      # the panel's sections: once, for the new size
    for _ in range(5):
        app.draw()
    assert _counts(screen)["sections"] == after["sections"] + 1


def test_the_board_keeps_a_camera_the_player_moved_over_a_resize():
    app, screen = screen_for(deployed_match(), (1280, 720))
    screen.board.pan(40, 0)
    screen.user_camera = True
    cam = (screen.board.size, screen.board.cam if hasattr(screen.board, "cam") else None)
    _resize(app, screen, (1600, 900))
    assert (screen.board.size, getattr(screen.board, "cam", None)) == cam
    screen.board_view.fit()
    assert not screen.user_camera


def test_each_component_draws_alone_inside_its_rectangle():
    app, screen = screen_for(deployed_match(), (1280, 720))
    for name, part in _parts(screen).items():
        surf = pygame.Surface(app.size, pygame.SRCALPHA)
        if name == "panel":
            part._canvas = None                 # a canvas of its own: the panel draws everything
        part.draw(surf)
        drawn = surf.get_bounding_rect()
        assert drawn.w and drawn.h, name
        assert part.rect.contains(drawn), (name, drawn, part.rect)


def test_the_hand_draws_alone_in_its_section():
    from test_ui_uberdrakes import six_dragons
    app, screen = screen_for(six_dragons(), (1600, 900))
    hand = screen.panel.hand
    assert hand.rect.h > 0 and hand.rects
    surf = pygame.Surface(app.size, pygame.SRCALPHA)
    hand.draw(surf, hand=screen.panel.hand_sections())
    drawn = surf.get_bounding_rect()
    assert drawn.w and hand.rect.contains(drawn)
    assert all(hand.rect.contains(r) for r, _ in hand.rects)
