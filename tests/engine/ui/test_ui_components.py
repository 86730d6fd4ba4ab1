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


def test_a_change_of_content_lays_out_at_the_change_and_frames_after_it_nothing():
    """A new position (an action submitted), a selection (a click on a piece)
    and a card hovered lay the panel's sections out when they happen; the
    frames drawn after them lay out nothing."""
    app, screen = screen_for(deployed_match(), (1280, 720))
    from test_ui_support import click, own_unit_with_moves, hex_pos
    changes = [          # (what changes, whether it is new content: laid out for the first time)
        (lambda: click(app, hex_pos(screen, own_unit_with_moves(screen).pos)), True),        # a selection
        (lambda: screen.submit(next(a for a in screen.match.legal_actions() if a.kind == "guard")), True),  # a position
        (lambda: move(app, _board_points(screen, 3)[1]), False),                            # a hover
    ]
    for change, new in changes:
        before = _counts(screen)["sections"]
        change()
        laid = _counts(screen)
        assert laid["sections"] > before or not new
        for _ in range(30):
            app.draw()
        assert _counts(screen) == laid
    assert screen.panel._layout_key == screen.panel.content_key()     # what is drawn is laid out for what is shown


def test_a_resize_lays_out_every_component_again_for_the_new_window():
    app, screen = screen_for(deployed_match(), (1280, 720))
    rects = {name: part.rect.copy() for name, part in _parts(screen).items()}
    before = _counts(screen)
    _resize(app, screen, (1920, 1080))
    after = _counts(screen)
    assert all(after[name] == before[name] + 1 for name in rects)
    assert after["sections"] == before["sections"] + 1        # the panel's sections: at the resize, for the new size
    new = {name: part.rect for name, part in _parts(screen).items()}
    assert new["board"].w > rects["board"].w and new["board"].h > rects["board"].h
    assert new["hint"].y > rects["hint"].y and new["hint"].w > rects["hint"].w
    assert new["panel"].x > rects["panel"].x and new["panel"].h == 1080
    assert screen.board.view == new["board"]               # the board draws where its component is
    # the three tile the window: nothing overlaps, nothing is left out
    assert not new["board"].colliderect(new["hint"]) and not new["board"].colliderect(new["panel"])
    assert new["board"].union(new["hint"]).union(new["panel"]) == pygame.Rect(0, 0, 1920, 1080)
    for _ in range(5):
        app.draw()
    assert _counts(screen) == after                      # drawing the new size lays out nothing


def test_the_board_keeps_a_camera_the_player_moved_over_a_resize():
    app, screen = screen_for(deployed_match(), (1280, 720))
    screen.board.pan(40, 0)
    screen.board_view.user_camera = True
    cam = (screen.board.size, screen.board.cam if hasattr(screen.board, "cam") else None)
    _resize(app, screen, (1600, 900))
    assert (screen.board.size, getattr(screen.board, "cam", None)) == cam
    screen.board_view.fit()
    assert not screen.board_view.user_camera


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


def test_the_coach_bar_is_laid_out_on_resize_and_draws_alone_in_its_rectangle():
    from test_ui_support import open_learn_file
    app, screen = open_learn_file("dice_wars", "guided", size=(1280, 720))
    bar = screen.coach_bar
    app.draw()
    laid = bar.layouts
    assert bar.rect == screen.coach_rect and bar.rect.h > 0 and screen.board_rect.bottom == bar.rect.top
    for _ in range(30):
        app.draw()
    assert bar.layouts == laid                           # frames lay out nothing
    _resize(app, screen, (1600, 900))
    assert bar.layouts == laid + 1 and bar.rect.w == screen.board_rect.w
    assert screen.hint_rect.top == bar.rect.bottom       # between the board and the hint bar
    surf = pygame.Surface(app.size, pygame.SRCALPHA)
    bar.forget()
    assert bar.draw(surf)                                # a new picture: reported as changed
    drawn = surf.get_bounding_rect()
    assert drawn.w and drawn.h and bar.rect.contains(drawn)
    assert not bar.draw(surf)                            # the same words: the kept picture
    inside = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=bar.rect.center, button=1)
    outside = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=screen.board_rect.center, button=1)
    assert bar.handle(outside) is None and bar.handle(inside) in ("", *[rule for _, rule in bar.links])
    for r, rule in bar.links:                           # its rule's link asks for that rule
        assert bar.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=r.center, button=1)) == rule


def test_the_board_view_takes_the_board_s_input_and_leaves_the_rest():
    app, screen = screen_for(deployed_match(), (1280, 720))
    board = screen.board_view
    panel_point = screen.panel_rect.center
    assert board.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=panel_point, button=1)) is None
    assert board.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u")) is None
    start = board.rect.center
    assert board.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)) is True
    assert board.press == (1, start) and board.press_kind == "pan"
    moved = board.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 40, start[1]), rel=(40, 0),
                                            buttons=(1, 0, 0)))
    assert moved is True and board.dragging and board.user_camera        # a drag pans the camera
    assert board.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0] + 40, start[1]), button=1)) is True
    assert board.press is None and not board.dragging
    assert board.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f")) is True
    assert not board.user_camera                                          # F: fitted again
    board.hover(_board_points(screen, 1)[0])
    assert screen.hover_hex == board.hover_hex is not None
