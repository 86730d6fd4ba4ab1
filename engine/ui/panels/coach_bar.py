"""The coach bar of a coached game (a lesson, or the guided first game),
between the board and the hint bar: a heading, the step's rows (what to do
now, why, what the other side did, a tip) and a link to the rule.

A component (engine/ui/component.py): laid out on resize; its picture is
kept by what it shows (the words, the link's hover, its size) and drawn
again only when that changes.  A click on the bar is its own: on the rule's
link it asks for that rule (`handle`)."""
from __future__ import annotations

from typing import Callable

import pygame

from engine.ui import theme as T
from engine.ui.component import Component

COACH_BG = (33, 36, 43)


def coach_height(th: T.Theme) -> int:
    """A heading and six rows of small text."""
    return th.line_h("m") + 6 * th.line_h("s") + th.px(24)


class CoachBar(Component):
    """`words()` gives (heading, [(label, text, colour)], rule, the rule's link hovered)."""

    def __init__(self, theme: T.Theme, words: Callable[[], tuple[str, list, str, bool]]) -> None:
        super().__init__(theme)
        self.words = words
        self.image: tuple = (None, None)           # (what it shows, its picture)
        self.links: list = []                      # (rect on screen, rule)

    def arrange(self) -> None:
        self.image = (None, None)                  # drawn again at the new size

    def forget(self) -> None:
        """Draw the picture again at the next frame (and report it changed)."""
        self.image = (None, None)

    def handle(self, ev):
        """A left click on the bar: the rule of the link under it ("" elsewhere
        on the bar); None when the event is not the bar's."""
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.rect.collidepoint(ev.pos):
            return next((rule for r, rule in self.links if r.collidepoint(ev.pos)), "")
        return None

    def draw(self, surf, hover=None) -> bool:
        """Blit the bar; True when its picture changed."""
        head, rows, rule, link_hovered = self.words()
        key = (head, tuple(rows), rule, self.rect.size, self.theme.scale, link_hovered)
        changed = self.image[0] != key
        if changed:
            self.image = (key, self.picture(head, rows, rule))
        surf.blit(self.image[1], self.rect.topleft)
        return changed

    def picture(self, head: str, rows: list, rule: str) -> pygame.Surface:
        th = self.theme
        img = pygame.Surface(self.rect.size)
        img.fill(COACH_BG)
        pygame.draw.line(img, T.PANEL_EDGE, (0, 0), (img.get_width(), 0))
        pad = th.px(12)
        y = th.px(8)
        links = []
        if rule:
            label = "§ " + rule.split("§", 1)[1].strip() if "§" in rule else rule
            limg = th.text(label + "  ↗", "s", T.LINK)
            lr = limg.get_rect(topright=(img.get_width() - pad, y + th.px(2)))
            img.blit(limg, lr)
            links.append((lr.move(self.rect.topleft), rule))
            head_w = lr.x - pad - th.px(12)
        else:
            head_w = img.get_width() - 2 * pad
        img.blit(th.text(T.ellipsize(head, th.font("m", True), head_w), "m", T.ACCENT, True), (pad, y))
        y += th.line_h("m") + th.px(4)
        f = th.font("s")
        fb = th.font("s", True)           # the labels are drawn bold: measured bold
        label_w = max(fb.size(lab + ":")[0] for lab, _, _ in rows if lab) + th.px(10) if any(r[0] for r in rows) else 0
        room = img.get_height() - y - th.px(6)
        lines_left = max(1, room // th.line_h("s"))
        for lab, text, col in rows:
            if lines_left <= 0:
                break
            x = pad
            if lab:
                img.blit(th.text(lab + ":", "s", T.MUTED, True), (x, y))
            wrapped = T.wrap(text, th.font("s", lab == "Do now"), img.get_width() - 2 * pad - label_w)
            if len(wrapped) > lines_left:
                wrapped = wrapped[:lines_left]
                wrapped[-1] = T.ellipsize(wrapped[-1] + " …", f, img.get_width() - 2 * pad - label_w)
            for ln in wrapped:
                img.blit(th.text(ln, "s", col, lab == "Do now"), (x + label_w, y))
                y += th.line_h("s")
                lines_left -= 1
        self.links = links
        return img
