"""The board's part of a match screen, a component (engine/ui/component.py):
the hex map or the table, its rectangle and its camera.

Laid out on resize: the board gets its new view, and is fitted to it the
first time and whenever the window's size changes while the player has
not moved the camera (a pan or zoom is kept).  A view whose map changes in
play (`board_key(state)`, Dice Wars' tiles) has its board built again by
`sync`, fitted anew.  The board's own layers (terrain, grid, labels,
highlights) are cached inside the board (hexboard.py, tableboard.py).

It owns the board's input too (`handle`): a click asks the controller what
the spot means, a drag pans, measures (the table's ruler), moves a unit or
a piece, the wheel zooms at the pointer (or turns what is dragged), F fits
and the arrows pan.  What the input does to the match goes through the
screen it plays on (`screen`: its controller, whose turn it is,
`after_input`, the hover)."""
from __future__ import annotations

from typing import Any, Callable

import pygame

from engine.ui import courtesy
from engine.ui import theme as T
from engine.ui.component import Component
from engine.ui.contract import HoverInfo
from engine.ui.scene import ARROW_KEYS


class BoardView(Component):
    def __init__(self, theme: T.Theme, make: Callable[[], Any], key: Callable[[], Any],
                 paint: Callable[..., Any], screen: Any = None, space: str = "hex") -> None:
        super().__init__(theme)
        self.screen = screen             # the match screen it plays on (what an input does goes through it)
        self.space = space               # hex | table
        self.make = make                 # a new board for the position's map
        self.key_of = key                # what the map's drawing depends on (None: it never changes)
        self.paint = paint               # (surf, partial, restore) -> changed rects: the position on the board
        self.board = make()
        self.key = key()
        self.fitted = False
        self.user_camera = False         # the player panned or zoomed: keep the view on resize
        self.press: tuple | None = None  # (button, pos) of a possible click or drag
        self.dragging = False
        self.press_kind = ""             # pan | ruler | model (drag a table unit) | piece (drag a hex piece)
        self.piece_from = None           # hex boards: the piece a drag started on (hex_press_kind)
        self.hover_hex = None            # the spot under the pointer: a hex, or a table point
        self.hover_info: HoverInfo | None = None
        self.hover_key = None            # what the hover was asked for (None: ask again)

    def arrange(self) -> None:
        old = self.board.view
        self.board.set_view(self.rect)
        if not self.fitted or (old.size != self.rect.size and not self.user_camera):
            self.board.fit()
            self.fitted = True

    def draw(self, surf, hover=None, partial: bool = False, restore=None):
        """The position on the board (its pieces, highlights, glides: the screen
        knows them); returns the rects that changed (None: all of it)."""
        return self.paint(surf, partial, restore)

    def sync(self) -> bool:
        """Build the board again when the view's map changed (a tile laid,
        undone, or turned for its preview), fitted to its rectangle; True when it did."""
        key = self.key_of()
        if key == self.key:
            return False
        self.key = key
        rect = self.board.view
        self.board = self.make()
        self.board.set_view(rect)
        self.board.fit()
        self.user_camera = False
        self.hover_hex = None
        return True

    def fit(self) -> None:
        """F: the whole board in view again."""
        self.board.fit()
        self.user_camera = False

    # --- input: the board's own (clicks, drags, the wheel, the camera's keys) ----------------
    def handle(self, ev):
        """What a board event does: True or False (it was the board's: did the
        screen change), or None when the event is not the board's (the
        screen offers it to its other components)."""
        t = ev.type
        if t == pygame.MOUSEMOTION:
            return self.motion(ev)
        if t == pygame.MOUSEWHEEL:
            return self.wheel(ev)
        if t == pygame.MOUSEBUTTONDOWN:
            return self.button_down(ev)
        if t == pygame.MOUSEBUTTONUP:
            return self.button_up(ev)
        if t == pygame.KEYDOWN:
            return self.camera_key(ev)
        return None

    def spot_at(self, pos):
        """The hex, or the table point, under a screen point (None: off the board)."""
        if not self.rect.collidepoint(pos):
            return None
        if self.space == "table":
            return self.board.spot_at(*pos)
        return self.board.hex_at(*pos)

    def hover(self, pos, force: bool = False) -> bool:
        """The spot under the pointer and what the controller says of it
        (the dice it would roll go to the tray); True when it changed."""
        s = self.screen
        h = self.spot_at(pos)
        key = (s.version, h, s.ctl_sig())
        if not force and key == self.hover_key:
            return False
        self.hover_key = key
        self.hover_hex = h
        table = self.space == "table"
        if table:
            s.ctl.pick_slop = 4.0 / max(1e-6, self.board.scale)
        if h is None:
            self.hover_info = None
            if table:
                s.ctl.hovering = None
        elif table:
            try:
                self.hover_info = s.ctl.hover(h)
            except Exception:  # noqa: BLE001 - hover must never crash the game (logged)
                courtesy.failed("the hover's words")
                self.hover_info = None
        else:
            try:
                self.hover_info = s.ctl.hover(h) if s.human_turn() else s.view.hex_info(s.state, h)
            except Exception:  # noqa: BLE001 - hover must never crash the game (logged)
                courtesy.failed("the hover's words")
                self.hover_info = s.view.hex_info(s.state, h)
        pool = self.hover_info.pool if (self.hover_info is not None and s.human_turn()) else None
        s.dice.set_pool(pool)
        return True

    def wheel(self, ev):
        s = self.screen
        pos = pygame.mouse.get_pos()
        if self.press_kind == "model" and self.dragging:
            s.ctl.drag_turn(15.0 if ev.y > 0 else -15.0)       # the wheel turns what is dragged
            return True
        if self.rect.collidepoint(pos):
            changed = self.board.zoom_at(1.15 if ev.y > 0 else 1 / 1.15, pos)
            self.user_camera = True
            if changed:
                self.hover(pos, force=True)
            return True
        return None

    def button_down(self, ev):
        if self.press is not None and self.press_kind == "model" and ev.button == 3:
            self.screen.ctl.drag_cancel()                 # right-click while dragging: put it back
            self.press, self.dragging, self.press_kind = None, False, ""
            return True
        if ev.button in (1, 2, 3) and self.rect.collidepoint(ev.pos):
            self.press = (ev.button, ev.pos)
            self.dragging = False
            self.press_kind = self.table_press_kind(ev.button, ev.pos) if self.space == "table" \
                else self.hex_press_kind(ev.button, ev.pos)
            return True
        return None

    def button_up(self, ev):
        if self.press is None or ev.button != self.press[0]:
            return None
        s = self.screen
        button, _ = self.press
        kind, self.press_kind = self.press_kind, ""
        self.press = None
        if self.dragging:
            self.dragging = False
            if kind == "model":
                s.after_input(s.ctl.drag_end())
                self.hover(ev.pos, force=True)
            elif kind == "piece":           # a hex piece dragged to a hex: what a click there would do
                end = self.spot_at(ev.pos)
                if end is not None and s.human_turn():
                    s.after_input(s.ctl.drop_piece(self.piece_from, end))
                self.hover(ev.pos, force=True)
            return True
        if button == 1:
            self.click(ev.pos)
        elif button == 3:
            if not s.ctl.cancel():
                s.say("Nothing selected.", T.MUTED, 1.5)
        return True

    def hex_press_kind(self, button: int, pos) -> str:
        """A press on a hex board: dragging a piece the controller lets the
        player drag (optional hooks `can_drag(hex)` and `drop_piece(from, to)`,
        as Warbound's Formation miniatures), else a pan."""
        s = self.screen
        h = self.spot_at(pos)
        can = getattr(s.ctl, "can_drag", None)
        if button == 1 and h is not None and can is not None and s.human_turn() and can(h):
            self.piece_from = h
            return "piece"
        return "pan"

    def table_press_kind(self, button: int, pos) -> str:
        """What a press on the table starts: a ruler (right button, or the
        ruler tool), dragging a unit (left on one the player may move), or a pan."""
        s = self.screen
        spot = self.board.spot_at(*pos)
        if button == 3 or (button == 1 and getattr(s.ctl, "tool", "") == "ruler"):
            return "ruler" if spot is not None else "pan"
        if button == 1 and spot is not None and s.human_turn() and s.ctl.can_grab(spot):
            return "model"
        return "pan"

    def motion(self, ev):
        """A drag the board is in (a ruler, a unit, a piece, a pan); None: no
        drag (the pointer only hovers)."""
        if self.press is None:
            return None
        s = self.screen
        dx = ev.pos[0] - self.press[1][0]
        dy = ev.pos[1] - self.press[1][1]
        far = self.dragging or dx * dx + dy * dy > 36
        if self.press_kind in ("ruler", "model"):
            if not far:
                return False
            start = self.board.screen_to_world(*self.press[1])
            here = self.board.screen_to_world(*ev.pos)
            if self.press_kind == "ruler":
                if not self.dragging:
                    s.ctl.measure_begin(start)
                s.ctl.measure_to(here)
            else:
                if not self.dragging:
                    single = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
                    if not s.ctl.drag_begin(start, single):
                        self.press_kind = "pan"
                        return True
                s.ctl.drag_to(here)
            self.dragging = True
            self.hover(ev.pos, force=True)
            return True
        if self.press_kind == "piece":
            if not far:
                return False
            self.dragging = True            # the piece goes where it is let go (no pan)
            self.hover(ev.pos, force=True)
            return True
        if not far:
            return None
        rel = ev.rel if self.dragging else (dx, dy)
        self.dragging = True
        self.user_camera = True
        self.board.pan(*rel)
        return True

    def click(self, pos) -> None:
        """A left click on the board: what the controller makes of the spot."""
        s = self.screen
        h = self.spot_at(pos)
        if h is None:
            s.ctl.cancel()
            return
        if s.match.outcome() is not None:
            s.say("The game is over.", T.MUTED)
            return
        p = s.to_act()
        if not s.is_human(p):
            s.say(f"{s.player_name(p)} (computer) is deciding.", T.MUTED)
            return
        result = s.ctl.click(h, 1)
        s.after_input(result)
        self.hover(pos, force=True)

    def camera_key(self, ev):
        """F fits the board; the arrow keys pan it (None: not the board's key)."""
        if ev.key == pygame.K_f:
            self.fit()
            self.hover(self.screen.mouse, force=True)
            return True
        if ev.key in ARROW_KEYS:
            step = self.theme.px(60)
            dx = {pygame.K_LEFT: step, pygame.K_RIGHT: -step}.get(ev.key, 0)
            dy = {pygame.K_UP: step, pygame.K_DOWN: -step}.get(ev.key, 0)
            self.board.pan(dx, dy)
            self.user_camera = True
            return True
        return None
