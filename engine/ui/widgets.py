"""Small drawing helpers and widgets shared by every screen."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from engine.ui import theme as T


def box(surf: pygame.Surface, rect, fill=T.PANEL, edge=T.PANEL_EDGE, radius: int = 6, width: int = 1) -> None:
    pygame.draw.rect(surf, fill, rect, border_radius=radius)
    if edge is not None and width:
        pygame.draw.rect(surf, edge, rect, width, border_radius=radius)


_dim_cache: dict = {}


def dim(surf: pygame.Surface, rect=None, alpha: int = 150, color=(0, 0, 0)) -> None:
    rect = pygame.Rect(rect) if rect else surf.get_rect()
    key = (rect.size, alpha, color)
    s = _dim_cache.get(key)
    if s is None:
        s = pygame.Surface(rect.size, pygame.SRCALPHA)
        s.fill((*color, alpha))
        _dim_cache.clear()
        _dim_cache[key] = s
    surf.blit(s, rect.topleft)


def blit_text(surf, s: str, pos, size="m", color=T.TEXT, bold=False, theme: T.Theme | None = None,
              anchor: str = "topleft") -> pygame.Rect:
    th = theme or _theme
    img = th.text(s, size, color, bold)
    r = img.get_rect(**{anchor: pos})
    surf.blit(img, r)
    return r


def draw_wrapped(surf, s: str, rect, size="m", color=T.TEXT, bold=False, theme: T.Theme | None = None,
                 indent: int = 0, max_lines: int | None = None) -> int:
    """Word-wrap s into rect (top aligned); returns the height used."""
    th = theme or _theme
    f = th.font(size, bold)
    rect = pygame.Rect(rect)
    lines = T.wrap(s, f, rect.w - indent)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = T.ellipsize(lines[-1] + " …", f, rect.w - indent)
    y = rect.y
    lh = f.get_linesize()
    for i, line in enumerate(lines):
        if surf is not None:
            surf.blit(th.text(line, size, color, bold), (rect.x + (indent if i else 0), y))
        y += lh
    return y - rect.y


def measure_wrapped(s: str, width: int, size="m", bold=False, theme: T.Theme | None = None) -> int:
    th = theme or _theme
    f = th.font(size, bold)
    return len(T.wrap(s, f, width)) * f.get_linesize()


_theme = T.Theme()


def set_default_theme(th: T.Theme) -> None:
    global _theme
    _theme = th


_hatch_cache: dict = {}


def hatch(size: tuple[int, int], color, spacing: int = 7, width: int = 2, alpha: int = 150) -> pygame.Surface:
    """Diagonal hatching on a transparent surface (for 'illegal here')."""
    key = (size, color, spacing, width, alpha)
    s = _hatch_cache.get(key)
    if s is None:
        s = pygame.Surface(size, pygame.SRCALPHA)
        w, h = size
        for x in range(-h, w, spacing):
            pygame.draw.line(s, (*T.rgb(color), alpha), (x, h), (x + h, 0), width)
        _hatch_cache[key] = s
    return s


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    command: Any = None
    key: str = ""
    enabled: bool = True
    active: bool = False
    tip: str = ""
    cost: str = ""
    style: str = "normal"          # normal | primary | danger | link

    def draw(self, surf, th: T.Theme, hover: bool = False, down: bool = False) -> None:
        if not self.enabled:
            fill = T.BUTTON_OFF
        elif down:
            fill = T.BUTTON_DOWN
        elif self.active:
            fill = T.mix(T.BUTTON, T.ACCENT, 0.35)
        elif hover:
            fill = T.BUTTON_HOVER
        else:
            fill = T.BUTTON
        if self.style == "primary" and self.enabled:
            fill = T.mix(fill, (60, 130, 80), 0.6)
        edge = T.ACCENT if self.active else (T.mix(T.PANEL_EDGE, T.TEXT, 0.3) if hover and self.enabled else T.PANEL_EDGE)
        box(surf, self.rect, fill, edge, radius=th.px(6))
        color = T.TEXT if self.enabled else T.FAINT
        f = th.font("m")
        pad = th.px(10)
        key_w = 0
        label = self.label + (f"  ({self.cost})" if self.cost else "")
        show_key = bool(self.key)
        if show_key:
            # a narrow button keeps its whole label and drops the key badge
            # (the key is still listed in the Keys help and works)
            badge = th.font("xs", True).size(self.key)[0] + th.px(8) + pad // 2
            show_key = f.size(label)[0] <= self.rect.w - 2 * pad - badge
        if show_key:
            kimg = th.text(self.key, "xs", T.MUTED if self.enabled else T.FAINT, bold=True)
            kr = kimg.get_rect()
            kr.inflate_ip(th.px(8), th.px(4))
            kr.midright = (self.rect.right - pad // 2, self.rect.centery)
            pygame.draw.rect(surf, T.mix(fill, (0, 0, 0), 0.3), kr, border_radius=th.px(4))
            surf.blit(kimg, kimg.get_rect(center=kr.center))
            key_w = kr.w + pad // 2
        label = T.ellipsize(label, f, self.rect.w - 2 * pad - key_w)
        img = th.text(label, "m", color)
        surf.blit(img, img.get_rect(midleft=(self.rect.x + pad, self.rect.centery)))


class ButtonRow:
    """A set of buttons with hover/press tracking."""

    def __init__(self) -> None:
        self.buttons: list[Button] = []
        self.hover: Button | None = None
        self.down: Button | None = None

    def at(self, pos) -> Button | None:
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                return b
        return None

    def motion(self, pos) -> bool:
        h = self.at(pos)
        changed = h is not self.hover
        self.hover = h
        return changed

    def draw(self, surf, th) -> None:
        for b in self.buttons:
            b.draw(surf, th, hover=b is self.hover, down=b is self.down)


def _clipboard_text() -> str:
    """The system clipboard's text ('' when there is none or no clipboard)."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, NotImplementedError):
        return ""


class TextField:
    """A one-line text input that behaves as people expect: typing
    (TEXTINPUT events) at the cursor, Left/Right, Home/End, Backspace and
    Delete, Ctrl+Backspace deletes the word before the cursor, Ctrl+A
    selects all (typing then replaces it), Ctrl+V pastes."""

    def __init__(self, text: str = "", max_len: int = 64, allowed: Callable[[str], bool] | None = None):
        self.text = text
        self.max_len = max_len
        self.allowed = allowed
        self.focus = True
        self.cursor = len(text)
        self.all_selected = False
        self.rect = pygame.Rect(0, 0, 10, 10)

    @property
    def text(self) -> str:
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        self._text = value
        self.cursor = len(value)
        self.all_selected = False

    def insert(self, s: str) -> None:
        add = "".join(ch for ch in s if ch.isprintable() and (self.allowed is None or self.allowed(ch)))
        if self.all_selected:
            self.text = ""
        room = self.max_len - len(self._text)
        add = add[:max(0, room)]
        cur = min(self.cursor, len(self._text))
        self._text = self._text[:cur] + add + self._text[cur:]
        self.cursor = cur + len(add)

    def _word_start(self) -> int:
        i = min(self.cursor, len(self._text))
        while i > 0 and self._text[i - 1].isspace():
            i -= 1
        while i > 0 and not self._text[i - 1].isspace():
            i -= 1
        return i

    def handle(self, ev) -> bool:
        if not self.focus:
            return False
        if ev.type == pygame.TEXTINPUT:
            self.insert(ev.text)
            return True
        if ev.type != pygame.KEYDOWN:
            return False
        ctrl = bool(ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        k = ev.key
        cur = min(self.cursor, len(self._text))
        if ctrl and k == pygame.K_a:
            self.all_selected = True
            self.cursor = len(self._text)
        elif ctrl and k == pygame.K_v:
            lines = _clipboard_text().splitlines()
            self.insert(lines[0] if lines else "")
        elif k == pygame.K_BACKSPACE:
            if self.all_selected:
                self.text = ""
            elif ctrl:
                start = self._word_start()
                self._text = self._text[:start] + self._text[cur:]
                self.cursor = start
            elif cur > 0:
                self._text = self._text[:cur - 1] + self._text[cur:]
                self.cursor = cur - 1
        elif k == pygame.K_DELETE:
            if self.all_selected:
                self.text = ""
            else:
                self._text = self._text[:cur] + self._text[cur + 1:]
        elif k == pygame.K_HOME:
            self.cursor, self.all_selected = 0, False
        elif k == pygame.K_END:
            self.cursor, self.all_selected = len(self._text), False
        elif k == pygame.K_LEFT:
            self.cursor, self.all_selected = (0 if self.all_selected else max(0, cur - 1)), False
        elif k == pygame.K_RIGHT:
            self.cursor, self.all_selected = min(len(self._text), cur + 1), False
        else:
            return False
        return True

    def draw(self, surf, th, rect) -> None:
        self.rect = pygame.Rect(rect)
        box(surf, self.rect, T.mix(T.PANEL, (0, 0, 0), 0.3), T.ACCENT if self.focus else T.PANEL_EDGE, th.px(4))
        f = th.font("m")
        room = self.rect.w - th.px(20)
        start = 0
        cur = min(self.cursor, len(self._text))
        while start < cur and f.size(self._text[start:cur])[0] > room:
            start += 1
        shown = self._text[start:]
        while shown and f.size(shown)[0] > room:
            shown = shown[:-1]
        img = th.text(shown, "m")
        r = img.get_rect(midleft=(self.rect.x + th.px(8), self.rect.centery))
        if self.all_selected and self.focus and shown:
            pygame.draw.rect(surf, T.mix(T.PANEL, T.ACCENT, 0.45), r.inflate(th.px(4), th.px(2)))
        surf.blit(img, r)
        if self.focus:
            x = self.rect.x + th.px(9) + f.size(self._text[start:cur])[0]
            pygame.draw.line(surf, T.TEXT, (x, self.rect.y + th.px(6)), (x, self.rect.bottom - th.px(6)), 2)


def tooltip(surf, pos, title: str, lines: list[str], th: T.Theme, bounds=None, accent=None,
            extra: list[tuple[str, tuple]] | None = None) -> pygame.Rect:
    """A hover box near pos, kept inside bounds.  extra: (text, colour) lines."""
    bounds = pygame.Rect(bounds) if bounds else surf.get_rect()
    rows, size = _tooltip_rows(title, lines, th, bounds.w, accent, extra)
    if not rows:
        return pygame.Rect(0, 0, 0, 0)
    r = pygame.Rect((0, 0), size)
    r.topleft = (pos[0] + th.px(18), pos[1] + th.px(18))
    if r.right > bounds.right:
        r.right = pos[0] - th.px(8)
    if r.bottom > bounds.bottom:
        r.bottom = pos[1] - th.px(8)
    r.clamp_ip(bounds)
    _paint_tooltip(surf, r, rows, th, accent)
    return r


def tooltip_image(title: str, lines: list[str], th: T.Theme, room: int, accent=None,
                  extra: list[tuple[str, tuple]] | None = None) -> pygame.Surface | None:
    """The box tooltip() draws within bounds `room` pixels wide, alone on a
    transparent surface of its own size (None when there is nothing to say):
    for a caller that keeps it and blits it where the pointer is."""
    rows, size = _tooltip_rows(title, lines, th, room, accent, extra)
    if not rows:
        return None
    img = pygame.Surface(size, pygame.SRCALPHA)
    _paint_tooltip(img, img.get_rect(), rows, th, accent)
    return img


def _tooltip_rows(title, lines, th, room, accent, extra):
    """The tooltip's wrapped rows (text, size, colour, bold) and its box size."""
    width = min(th.px(380), room - 20)
    pad = th.px(8)
    f = th.font("s")
    rows: list[tuple[str, str, tuple, bool]] = []
    if title:
        for ln in T.wrap(title, th.font("s", True), width - 2 * pad):
            rows.append((ln, "s", accent or T.TEXT, True))
    for s in lines:
        for ln in T.wrap(s, f, width - 2 * pad):
            rows.append((ln, "s", T.TEXT, False))
    for s, col in extra or []:
        for ln in T.wrap(s, f, width - 2 * pad):
            rows.append((ln, "s", col, False))
    if not rows:
        return rows, (0, 0)
    used_w = max(th.font(sz, b).size(ln)[0] for ln, sz, _, b in rows)
    return rows, (used_w + 2 * pad, len(rows) * f.get_linesize() + 2 * pad)


def _paint_tooltip(surf, r: pygame.Rect, rows, th, accent) -> None:
    pad = th.px(8)
    lh = th.font("s").get_linesize()
    box(surf, r, (20, 22, 27), accent or T.PANEL_EDGE, th.px(5))
    y = r.y + pad
    for ln, sz, col, b in rows:
        surf.blit(th.text(ln, sz, col, b), (r.x + pad, y))
        y += lh
