"""The hint bar under the board: what a click will do now (or why the last
input was refused), the keys, and on a refusal the group may allow the
"Allow anyway (house rule)…" button in the keys' place.

A component (engine/ui/component.py): laid out on resize; its picture is
kept by what it shows (the words, their colour, the offer) and drawn again
only when that changes."""
from __future__ import annotations

from typing import Callable

import pygame

from engine.ui import theme as T
from engine.ui.component import Component

BAR = (28, 31, 37)
ALLOW_ANYWAY = "allow-anyway"          # what a click on the offer's button asks for


def key_list(space: str) -> str:
    """The keys the bottom bar names (it said "H keys" while H asks for a hint)."""
    return ("F fit · wheel zoom · drag pan" + (" · right-drag measure" if space == "table" else "")
            + " · U undo · H hint · K keys")


def bar_height(th: T.Theme) -> int:
    return th.line_h("m") + th.px(14)


class HintBar(Component):
    """`words()` gives (text, colour, offer shown) for this frame."""

    def __init__(self, theme: T.Theme, space: str, words: Callable[[], tuple[str, tuple, bool]]) -> None:
        super().__init__(theme)
        self.space = space
        self.words = words
        self.image: tuple = (None, None)           # (what it shows, its picture)
        self.override_rect: pygame.Rect | None = None    # the offer's button, on screen

    def arrange(self) -> None:
        self.image = (None, None)                  # drawn again at the new size

    def handle(self, ev):
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.override_rect is not None \
                and self.override_rect.collidepoint(ev.pos):
            return ALLOW_ANYWAY
        return None

    def draw(self, surf, hover=None, force: bool = True) -> bool:
        """Blit the bar; True when it was blitted (changed, or `force`)."""
        text, col, offer = self.words()
        key = (text, col, self.rect.size, self.theme.scale, offer)
        changed = self.image[0] != key
        if not changed and not force:
            return False
        if changed:
            self.image = (key, self.picture(text, col, offer))
        surf.blit(self.image[1], self.rect.topleft)
        return True

    def picture(self, text: str, col, offer: bool) -> pygame.Surface:
        th, R = self.theme, self.rect
        img = pygame.Surface(R.size)
        img.fill(BAR)
        pygame.draw.line(img, T.PANEL_EDGE, (0, 0), (R.w, 0))
        kimg = th.text(key_list(self.space), "xs", T.FAINT)
        full = R.w - th.px(24)
        self.override_rect = None
        if offer:            # a refusal the group may allow: the button takes the key list's place
            bimg = th.text("Allow anyway (house rule)…  Ctrl+O", "s", T.WARN, True)
            brect = pygame.Rect(0, 0, bimg.get_width() + th.px(20), R.h - th.px(8))
            brect.midright = (R.w - th.px(8), R.h // 2)
            pygame.draw.rect(img, T.mix(BAR, T.WARN, 0.18), brect, border_radius=th.px(5))
            pygame.draw.rect(img, T.WARN, brect, 1, border_radius=th.px(5))
            img.blit(bimg, bimg.get_rect(center=brect.center))
            self.override_rect = brect.move(R.topleft)
            kimg = None
            full -= brect.w + th.px(8)
        avail = full - (kimg.get_width() + th.px(12) if kimg is not None else 0)
        if kimg is not None and th.font("m").size(text)[0] > avail:
            kimg = None            # the instruction matters more than the key list (H shows the keys)
            avail = full
        lines = [text]
        size = "m"
        if th.font("m").size(text)[0] > avail:
            size = "s" if th.font("s").size(text)[0] <= avail else "xs"
            lines = T.wrap(text, th.font(size), avail)
            if len(lines) * th.line_h(size) > R.h:
                size = "xs"
                lines = T.wrap(text, th.font(size), avail)
        lh = th.line_h(size)
        top = (R.h - lh * len(lines)) // 2
        for i, line in enumerate(lines):
            img.blit(th.text(line, size, col), (th.px(12), top + i * lh))
        if kimg is not None:
            img.blit(kimg, kimg.get_rect(midright=(R.w - th.px(12), R.h // 2)))
        return img.convert() if pygame.display.get_surface() else img
