"""The board's part of a match screen, a component (engine/ui/component.py):
the hex map or the table, its rectangle and its camera.

Laid out on resize: the board gets its new view, and is fitted to it the
first time and whenever the window's size changes while the player has
not moved the camera (a pan or zoom is kept).  A view whose map changes in
play (`board_key(state)`, Dice Wars' tiles) has its board built again by
`sync`, fitted anew.  The board's own layers (terrain, grid, labels,
highlights) are cached inside the board (hexboard.py, tableboard.py)."""
from __future__ import annotations

from typing import Any, Callable

from engine.ui import theme as T
from engine.ui.component import Component


class BoardView(Component):
    def __init__(self, theme: T.Theme, make: Callable[[], Any], key: Callable[[], Any],
                 paint: Callable[..., Any]) -> None:
        super().__init__(theme)
        self.make = make                 # a new board for the position's map
        self.key_of = key                # what the map's drawing depends on (None: it never changes)
        self.paint = paint               # (surf, partial, restore) -> changed rects: the position on the board
        self.board = make()
        self.key = key()
        self.fitted = False
        self.user_camera = False         # the player panned or zoomed: keep the view on resize

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
        return True

    def fit(self) -> None:
        """F: the whole board in view again."""
        self.board.fit()
        self.user_camera = False
