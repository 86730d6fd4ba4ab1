"""What a piece of a screen is: a component owns its rectangle, lays
itself out in it when the window (or what it shows) changes, and then
only draws what it laid out.

    layout(rect)        the window was resized, or what it shows changed: place everything
    draw(surf, hover)   blit what `layout` placed (no measuring, no wrapping)
    handle(ev)          what the event asks for (a command value), or None

`layouts` counts the layouts, so a test can hold that drawing many frames
lays out nothing.  The placed pieces are plain values: `Text` (a line at a
point) and `W.Button` (a command, its label, key and tip), so a component's
`hot` list is what a click may ask for.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from engine.ui import theme as T
from engine.ui import widgets as W


@dataclass(frozen=True)
class Text:
    """One line of text placed at a point (`anchor` names the point of its rectangle)."""
    text: str
    pos: tuple[int, int]
    size: str = "m"
    color: tuple = T.TEXT
    bold: bool = False
    anchor: str = "topleft"


def wrapped(text: str, rect: pygame.Rect, size: str, color, th: T.Theme, max_lines: int | None = None,
            indent: int = 0) -> list[Text]:
    """`text` word-wrapped into `rect` from its top, as W.draw_wrapped draws it
    (the last line kept cut with an ellipsis), laid out once."""
    f = th.font(size)
    lines = T.wrap(text, f, rect.w - indent)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = T.ellipsize(lines[-1] + " …", f, rect.w - indent)
    lh = f.get_linesize()
    return [Text(line, (rect.x + (indent if i else 0), rect.y + i * lh), size, color) for i, line in enumerate(lines)]


class Component:
    """A rectangle of a screen with what is laid out in it (see the module's words)."""

    def __init__(self, theme: T.Theme) -> None:
        self.theme = theme
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.layouts = 0
        self.texts: list[Text] = []
        self.buttons: list[W.Button] = []

    def layout(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        self.layouts += 1
        self.texts, self.buttons = [], []
        self.arrange()

    def arrange(self) -> None:
        """Place the texts and buttons inside `self.rect` (a subclass's own)."""

    def text(self, s: str, pos, size: str = "m", color=T.TEXT, bold: bool = False, anchor: str = "topleft") -> Text:
        t = Text(s, (int(pos[0]), int(pos[1])), size, color, bold, anchor)
        self.texts.append(t)
        return t

    def button(self, rect, label: str, command: Any, key: str = "", enabled: bool = True, active: bool = False,
               tip: str = "", style: str = "normal") -> pygame.Rect:
        b = W.Button(pygame.Rect(rect), label, command, key, enabled, active, tip, style=style)
        self.buttons.append(b)
        return b.rect

    @property
    def hot(self) -> list[tuple[pygame.Rect, Any, str]]:
        """(rect, command, tip) of every place a click asks for something."""
        return [(b.rect, b.command, b.tip) for b in self.buttons if b.enabled]

    def at(self, pos) -> Any:
        return next((c for r, c, _ in self.hot if r.collidepoint(pos)), None)

    def handle(self, ev) -> Any:
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            return self.at(ev.pos)
        return None

    def draw(self, surf: pygame.Surface, hover: Any = None) -> None:
        th = self.theme
        for t in self.texts:
            img = th.text(t.text, t.size, t.color, t.bold)
            surf.blit(img, img.get_rect(**{t.anchor: t.pos}))
        for b in self.buttons:
            b.draw(surf, th, hover=b.enabled and hover == b.command)
