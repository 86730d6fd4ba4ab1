"""Hover text drawn over a screen: its pictures kept by what they say, placed
beside the pointer and kept inside the bounds given (the board's, or the
window's)."""
from __future__ import annotations

import pygame

from engine.ui import theme as T
from engine.ui import widgets as W


class Tooltips:
    def __init__(self, theme: T.Theme) -> None:
        self.theme = theme
        self.images: dict = {}

    def show(self, surf, pos, title: str, lines, extra, bounds, accent) -> pygame.Rect | None:
        """Draw one tooltip at the pointer; returns where (None: nothing to say)."""
        th = self.theme
        key = (title, tuple(lines), tuple(extra), accent, th.scale)
        img = self.images.get(key)
        if img is None:
            img = W.tooltip_image(title, lines, th, th.px(420), accent, extra)
            if len(self.images) > 64:
                self.images.clear()
            self.images[key] = img
        if img is None:
            return None
        r = img.get_rect(topleft=(pos[0] + th.px(18), pos[1] + th.px(18)))
        b = pygame.Rect(bounds)
        if r.right > b.right:
            r.right = pos[0] - th.px(8)
        if r.bottom > b.bottom:
            r.bottom = pos[1] - th.px(8)
        r.clamp_ip(b if b.contains(pygame.Rect(0, 0, r.w, r.h).move(b.topleft)) else surf.get_rect())
        surf.blit(img, r)
        return r
