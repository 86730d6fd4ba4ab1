"""Frame times of the match screen in a busy position (software rendering).

Each frame simulates what a player does: the pointer moves to another hex
(hover, tooltip and highlights change) and every few frames the board pans,
so the dynamic layers really redraw; the static layers (terrain, grid,
labels) come from their caches, as in the app.
"""
from __future__ import annotations

import random
import time


def frame_times(match, frames: int = 300, size=(1920, 1080), warmup: int = 10, full: bool = False) -> list[float]:
    """Milliseconds per frame.  full=True repaints the whole window every
    frame (as after a dialog closes); by default a frame repaints what the
    hover and pan changed, as the app does."""
    from engine.ui.render import headless_screen
    app, screen = headless_screen(match, size)
    ctl = screen.ctl
    # select the piece of the player to act with the most options, for highlights
    best, most = None, -1
    for key, acts in getattr(ctl, "by_uid", {}).items():
        if len(acts) > most:
            best, most = key, len(acts)
    if best is not None:
        ctl.sel = best
        ctl._hl = None
    board = screen.board
    hexes = list(board.hexes)
    rng = random.Random(1)
    out: list[float] = []
    for i in range(frames + warmup):
        t0 = time.perf_counter()
        h = hexes[rng.randrange(len(hexes))]
        x, y = board.hex_center(h)
        pos = (int(x), int(y))
        if not board.view.collidepoint(pos):
            pos = board.view.center
        screen.mouse = pos
        screen.update_hover(pos, force=True)
        if i % 7 == 0:
            board.pan(rng.choice((-3, 3)), rng.choice((-2, 2)))
        if full:
            screen._clean = False
        app.draw()
        dt = (time.perf_counter() - t0) * 1000
        if i >= warmup:
            out.append(dt)
    return out
