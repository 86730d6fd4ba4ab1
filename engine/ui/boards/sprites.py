"""Drawn pieces remembered per zoom (the hex boards and the table): a
sprite is made once per key at a scale, converted for fast blitting when
a display exists, and all are dropped when the zoom changes or too many
pile up (a long game's many labels and facings)."""
from __future__ import annotations

import pygame


class SpriteCache:
    def __init__(self, limit: int):
        self.limit = limit
        self._scale = None
        self._sprites: dict = {}

    def get(self, scale, key, make, *args) -> pygame.Surface:
        """The sprite of `key` at `scale`, made by `make(*args)` the first time."""
        if self._scale != scale:
            self._sprites.clear()
            self._scale = scale
        spr = self._sprites.get(key)
        if spr is None:
            spr = make(*args)
            if pygame.display.get_surface() is not None:
                spr = spr.convert_alpha()
            if len(self._sprites) >= self.limit:
                self._sprites.clear()
            self._sprites[key] = spr
        return spr
