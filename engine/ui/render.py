"""Draw a match's current position (board + panel) to a PNG, no window."""
from __future__ import annotations

import os
from pathlib import Path


def headless_screen(match, size=(1920, 1080)):
    """(app, screen) drawing off-screen; SDL's dummy driver when no display is open."""
    import pygame
    if not pygame.display.get_init():
        # no window: SDL's dummy driver (unless the caller chose a driver)
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from engine.ui.app import App
    from engine.ui.scenes.match_screen import MatchScreen
    app = App(tuple(size), headless=True)
    screen = MatchScreen(app, match, headless=True)
    app.push(screen)
    return app, screen


def render_png(match, out_path, size=(1920, 1080), select=None, hover=None) -> Path:
    """Write the position to out_path.  select: a piece key to select first
    (shows its card and highlights); hover: a screen point to hover."""
    import pygame
    app, screen = headless_screen(match, size)
    if select is not None:
        screen.ctl.sel = select
        screen.ctl._hl = None
    if hover is not None:
        screen.mouse = hover
        screen.update_hover(hover, force=True)
    screen.relayout()              # the selection was set behind the screen's back
    app.screen.fill((0, 0, 0))
    app.draw()
    out = Path(out_path)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(out))
    return out
