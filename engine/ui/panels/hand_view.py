"""The hand panel of the match screen's side panel, a component
(engine/ui/component.py): the private hand of whoever may look now (the
controller's optional `hand(player)`: `HandSection`s in engine/ui/contract.py), its
height for a width, its picture, and where each card is on screen.

What it shows is asked once per position and selection; its height and
picture are kept by what they show, so a frame only blits it."""
from __future__ import annotations

import pygame

from engine.ui import theme as T
from engine.ui.component import Component
from engine.ui.panels.hand_panel import draw_hand


def shape(hand) -> tuple:
    """What a small window changed in the hand: the sections left."""
    return tuple((s.title, s.compact) for s in hand)


class HandView(Component):
    def __init__(self, theme: T.Theme) -> None:
        super().__init__(theme)
        self.shown = (None, [])              # (what it depends on, the sections)
        self.heights = (None, 0)             # (sections and width, their height)
        self.image = (None, None, [])        # (key, picture, card rects relative to it)
        self.rects: list = []                # (rect on screen, HandCard) of every card drawn
        self.hover = None                    # the key of the card under the pointer

    def sections(self, ctl, viewer: int, version: int, ctl_sig) -> list:
        """The hand `viewer` may see (none for -1), asked once per position and selection."""
        fn = getattr(ctl, "hand", None)
        p = viewer if fn is not None else -1
        if p < 0:
            return []
        key = (version, ctl_sig, p)
        if self.shown[0] != key:
            self.shown = (key, list(fn(p) or []))
        return self.shown[1]

    def height(self, hand, w: int) -> int:
        if not hand:
            return 0
        th = self.theme
        hk = (self.shown[0], w, th.scale, shape(hand))
        if self.heights[0] != hk:
            self.heights = (hk, draw_hand(None, 0, 0, w, hand, th)[0])
        return self.heights[1]

    def motion(self, pos) -> bool:
        card = next((cd.key for r, cd in self.rects if r.collidepoint(pos)), None)
        changed, self.hover = card != self.hover, card
        return changed

    def signature(self, hand) -> tuple | None:
        """What the picture shows besides its rectangle (None: no hand)."""
        return (self.shown[0], self.hover) if hand else None

    def draw(self, surf, hover=None, hand=None) -> None:
        """Blit the hand into its rectangle (laid out by the panel's sections)."""
        self.rects = []
        r = self.rect
        if not hand or r.h <= 0:
            return
        th = self.theme
        hk = (self.shown[0], self.hover, r.size, th.scale, shape(hand))
        if self.image[0] != hk:
            img = pygame.Surface(r.size, pygame.SRCALPHA)
            rects = draw_hand(img, 0, 0, r.w, hand, th, self.hover)[1]
            self.image = (hk, img, rects)
        surf.blit(self.image[1], r.topleft)
        self.rects = [(cr.move(r.topleft), cd) for cr, cd in self.image[2]]
