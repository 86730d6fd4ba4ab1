"""Frame times of the match screen in a busy position (software rendering).

Each frame simulates what a player does: the pointer moves to another hex
(hover, tooltip and highlights change) and every few frames the board pans,
so the dynamic layers really redraw; the static layers (terrain, grid,
labels) come from their caches, as in the app.  Table games: the pointer
visits models (sight lines) and table points, with a unit selected.
"""
from __future__ import annotations

import random
import time


def frame_times(match, frames: int = 300, size=(1920, 1080), warmup: int = 10, full: bool = False,
                cpu: list | None = None) -> list[float]:
    """Milliseconds per frame (wall clock).  full=True repaints the whole
    window every frame (as after a dialog closes); by default a frame
    repaints what the hover and pan changed, as the app does.  `cpu`, if
    given, receives each frame's CPU milliseconds of this process: on a
    machine busy with other work the wall time includes waiting for a core,
    the CPU time is what the frame costs (what a quiet machine shows).
    Drawing is single-threaded, so the two agree on a quiet machine."""
    from engine.ui.render import headless_screen
    app, screen = headless_screen(match, size)
    ctl = screen.ctl
    if getattr(screen, "space", "hex") == "table":
        return _table_frames(app, screen, frames, warmup, full, cpu)
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

    def pointer(i, rng):
        return board.hex_center(hexes[rng.randrange(len(hexes))])
    return _timed_frames(app, screen, frames, warmup, full, pointer, cpu)


def _timed_frames(app, screen, frames, warmup, full, pointer, cpu=None) -> list[float]:
    """Time `frames` full frames: the pointer moves where `pointer(i, rng)`
    says (screen pixels), hovering redraws, and every 7th frame pans."""
    board = screen.board
    rng = random.Random(1)
    out: list[float] = []
    for i in range(frames + warmup):
        t0 = time.perf_counter()
        c0 = time.process_time()
        x, y = pointer(i, rng)
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
            if cpu is not None:
                cpu.append((time.process_time() - c0) * 1000)
    return out


def _table_frames(app, screen, frames, warmup, full, cpu=None) -> list[float]:
    """The table: a unit of the player to act is selected (reach area and
    target rings show); the pointer moves to another model (a sight line
    with its blockers, the unit's card) or a point of the table (terrain
    hover), and every few frames the table pans."""
    ctl = screen.ctl
    board = screen.board
    p = screen.to_act()
    mine = [u for u, ms in ctl.units().items() if ms and ms[0].owner == p and ctl.allowance_of(u) is not None]
    if mine:
        ctl.sel = max(mine, key=lambda u: len(ctl.unit_models(u)))
    models = list(ctl.models())
    t = board.table

    def pointer(i, rng):
        if i % 3 == 2 or not models:
            wx, wy = rng.uniform(0, t.width), rng.uniform(0, t.height)
        else:
            m = models[rng.randrange(len(models))]
            wx, wy = m.foot.x, m.foot.y
        return board.world_to_screen(wx, wy)
    return _timed_frames(app, screen, frames, warmup, full, pointer, cpu)
