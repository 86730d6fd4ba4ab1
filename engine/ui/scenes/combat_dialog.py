"""The decision panel: a combat (both sides, their totals and odds, the
choices of the player deciding) or any choice asked of a player, drawn as
a modal panel over the board from a DecisionSpec (engine/ui/contract.py).

The match screen keeps one DecisionDialog just above itself in the scene
stack (below any handoff) while the human to act has a decision to take;
a button sends its command to the controller's `press`.  Tab or Esc folds
the panel away to look at the board (a pill at the top brings it back);
keys the panel does not use (undo, rules, save, help) reach the screen.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from engine.ui import theme as T
from engine.ui import widgets as W
from engine.ui.scene import Scene
from engine.ui.contract import DecisionSpec

TONES = {"": T.TEXT, "muted": T.MUTED, "good": T.GOOD, "bad": T.BAD, "accent": T.ACCENT, "warn": T.WARN}


class DecisionDialog(Scene):
    opaque = False
    modal = False           # keys it does not use travel on to the screen; it blocks the board itself

    def __init__(self, app, spec: DecisionSpec, area: Callable, on_command: Callable, on_link: Callable | None = None):
        super().__init__(app)
        self.spec = spec
        self.area = area                     # () -> the board's rect (the panel sits over it)
        self.on_command = on_command
        self.on_link = on_link
        self.hidden = False
        self.row = W.ButtonRow()
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.pill = pygame.Rect(0, 0, 0, 0)
        self.link_rect = pygame.Rect(0, 0, 0, 0)
        self._heights = {}
        self.mouse = (0, 0)
        self.marks: Callable | None = None   # () -> the commands or labels of buttons to ring (the coach's pointer)

    # --- layout ----------------------------------------------------------------------
    def set_spec(self, spec: DecisionSpec) -> None:
        if (spec.who, spec.title) != (self.spec.who, self.spec.title):
            self.hidden = False               # a new decision (or another player's): shown again
        self.spec = spec
        self.resize(self.app.size)
        self.app.dirty = True

    def _cols(self, buttons) -> int:
        longest = max((len(b.label) + (len(b.cost) + 3 if b.cost else 0) for b in buttons), default=0)
        if longest > 46 or len(buttons) == 1:
            return 1
        if len(buttons) > 8 and longest <= 24:
            return 3
        return 2

    def resize(self, size) -> None:
        th = self.app.theme
        area = pygame.Rect(self.area())
        spec = self.spec
        width = min(th.px(840), area.w - th.px(40))
        inner = width - th.px(40)
        y = th.px(16)
        y += th.line_h("l") + th.px(2)
        if spec.who:
            y += th.line_h("s") + th.px(4)
        side_h = 0
        if spec.sides:
            side_h = self._side_height(spec, inner // 2 - th.px(20), th)
            y += side_h + th.px(10)
        for text, _ in spec.lines:
            y += W.measure_wrapped(text, inner, "s", theme=th) + th.px(3)
        if spec.lines:
            y += th.px(6)
        bh = th.px(36)
        gap = th.px(6)
        layout = []
        for heading, buttons in spec.groups:
            if not buttons:
                continue
            if heading:
                y += th.line_h("xs") + th.px(2)
            cols = self._cols(buttons)
            bw = (inner - (cols - 1) * gap) // cols
            layout.append((heading, buttons, y, cols, bw))
            rows = (len(buttons) + cols - 1) // cols
            y += rows * (bh + gap) + th.px(4)
        if spec.rule:
            y += th.line_h("xs") + th.px(4)
        y += th.line_h("xs") + th.px(12)
        height = min(y, area.h - th.px(16))
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = area.center
        self.rect.clamp_ip(area)
        self.side_h = side_h
        self.row.buttons = []
        used = {b.key for _, buttons, *_ in layout for b in buttons if b.key}
        free = [str(k) for k in range(1, 10) if str(k) not in used]
        for _heading, buttons, by, cols, bw in layout:
            for i, b in enumerate(buttons):
                key = b.key
                if not key and free:
                    key = free.pop(0)
                r = pygame.Rect(self.rect.x + th.px(20) + (i % cols) * (bw + gap),
                                self.rect.y + by + (i // cols) * (bh + gap), bw, bh)
                btn = W.Button(r, b.label, b.command, key, b.enabled, b.active, b.tip, b.cost,
                               style="primary" if key in ("Enter",) else "normal")
                self.row.buttons.append(btn)
        self.layout = layout
        self.row.motion(self.mouse)           # the hover (and its tooltip) is one of the new buttons, never an old one
        w = th.font("s", True).size(self._pill_text())[0] + th.px(28)
        self.pill = pygame.Rect(0, 0, w, th.line_h("s") + th.px(12))
        self.pill.midtop = (area.centerx, area.y + th.px(10))
        self._wrap(spec, inner, th)

    def _wrap(self, spec: DecisionSpec, inner: int, th) -> None:
        """The words as they will be drawn: titles cut to fit and every
        paragraph wrapped into lines, here at the change, so draw only
        blits (issue 37: layout on resize and on a new decision)."""
        self.title_text = T.ellipsize(spec.title, th.font("l", True), inner)
        self.who_text = T.ellipsize(spec.who, th.font("s"), inner) if spec.who else ""
        self.line_wraps = [(T.wrap(text, th.font("s"), inner), tone) for text, tone in spec.lines]
        sw = inner // 2 - th.px(20)
        self.side_wraps = [SideWords(T.ellipsize(s.name, th.font("m", True), sw - th.px(60)),
                                     [T.wrap(note, th.font("xs"), sw - th.px(16)) for note in s.notes],
                                     T.wrap(s.odds, th.font("s"), sw - th.px(16)) if s.odds else [])
                           for s in spec.sides[:2]]

    def _pill_text(self) -> str:
        return f"{self.spec.title} — Tab: back to the decision"

    def _side_height(self, spec, w, th) -> int:
        h = 0
        for s in spec.sides:
            n = th.px(8) + th.line_h("m") + th.line_h("xs") + th.line_h("xl") + th.px(4)
            for note in s.notes:
                n += W.measure_wrapped(note, w - th.px(16), "xs", theme=th)
            if s.odds:
                n += W.measure_wrapped(s.odds, w - th.px(16), "s", theme=th) + th.px(2)
            h = max(h, n + th.px(8))
        return h

    # --- input ---------------------------------------------------------------------------------
    def fire(self, cmd) -> None:
        self.on_command(cmd)

    def handle(self, ev) -> bool:
        area = pygame.Rect(self.area())
        if self.hidden:
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_TAB:
                self.hidden = False
                return True
            if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.pill.collidepoint(ev.pos):
                self.hidden = False
                return True
            return False
        if ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_TAB, pygame.K_ESCAPE):
                self.hidden = True
                return True
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                b = next((b for b in self.row.buttons if b.key == "Enter" and b.enabled), None)
                if b is None:
                    enabled = [b for b in self.row.buttons if b.enabled]
                    b = enabled[0] if len(enabled) == 1 else None
                if b is not None:
                    self.fire(b.command)
                return True
            name = pygame.key.name(ev.key).upper()
            if ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                return False
            for b in self.row.buttons:
                if b.key and b.key.upper() == name and b.enabled:
                    self.fire(b.command)
                    return True
            return False
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            if self.row.motion(ev.pos):
                self.app.dirty = True
            return self.rect.collidepoint(ev.pos)
        if ev.type == pygame.MOUSEBUTTONDOWN:
            if self.rect.collidepoint(ev.pos):
                if ev.button == 1:
                    b = self.row.at(ev.pos)
                    if b is not None and b.enabled:
                        self.fire(b.command)
                    elif self.spec.rule and self.link_rect.collidepoint(ev.pos) and self.on_link:
                        self.on_link(self.spec.rule)
                return True
            return area.collidepoint(ev.pos)          # the board below is not clickable; the panel is
        if ev.type == pygame.MOUSEBUTTONUP:
            return self.rect.collidepoint(ev.pos)
        return False

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surf) -> None:
        th = self.app.theme
        spec = self.spec
        accent = T.rgb(spec.color)
        if self.hidden:
            W.box(surf, self.pill, T.PANEL, accent, self.pill.h // 2, 2)
            img = th.text(self._pill_text(), "s", T.TEXT, True)
            surf.blit(img, img.get_rect(center=self.pill.center))
            return
        W.dim(surf, pygame.Rect(self.area()), alpha=110)
        W.box(surf, self.rect, T.PANEL, accent, th.px(8), 2)
        x, y = self.rect.x + th.px(20), self.rect.y + th.px(16)
        inner = self.rect.w - th.px(40)
        clip = surf.get_clip()
        surf.set_clip(self.rect)
        W.blit_text(surf, self.title_text, (x, y), "l", accent, True, th)
        y += th.line_h("l") + th.px(2)
        if spec.who:
            W.blit_text(surf, self.who_text, (x, y), "s", T.MUTED, False, th)
            y += th.line_h("s") + th.px(4)
        if spec.sides:
            sw = inner // 2 - th.px(20)
            for i, s in enumerate(spec.sides[:2]):
                r = pygame.Rect(x + i * (sw + th.px(40)), y, sw, self.side_h)
                self._draw_side(surf, r, s, self.side_wraps[i], th)
            if len(spec.sides) == 2:
                vs = th.text("vs", "m", T.MUTED, True)
                surf.blit(vs, vs.get_rect(center=(x + inner // 2, y + self.side_h // 2)))
            y += self.side_h + th.px(10)
        for lines, tone in self.line_wraps:
            y += _blit_lines(surf, lines, (x, y), "s", TONES.get(tone, T.TEXT), th) + th.px(3)
        if spec.lines:
            y += th.px(6)
        for heading, _buttons, by, _cols, _bw in self.layout:
            if heading:
                W.blit_text(surf, heading, (x, self.rect.y + by - th.line_h("xs") - th.px(2)), "xs", T.MUTED, True, th)
        self.row.draw(surf, th)
        marked = self.marks() if self.marks is not None else ()
        for b in self.row.buttons:
            if marked and (b.command in marked or b.label in marked) and b.enabled:
                pygame.draw.rect(surf, T.MARK, b.rect.inflate(th.px(6), th.px(6)), th.px(3), border_radius=th.px(8))
        fy = self.rect.bottom - th.line_h("xs") - th.px(10)
        if spec.rule:
            self.link_rect = W.blit_text(surf, spec.rule + "  (open the rules)", (x, fy - th.line_h("xs") - th.px(4)),
                                         "xs", T.LINK, theme=th)
        W.blit_text(surf, "Tab or Esc: look at the board · every roll is in the log", (x, fy), "xs", T.FAINT,
                    theme=th)
        surf.set_clip(clip)
        b = self.row.hover
        if b is not None and b.tip and b.rect.collidepoint(self.mouse):
            W.tooltip(surf, self.mouse, "", [b.tip], th, surf.get_rect())

    def _draw_side(self, surf, r, s, words: "SideWords", th) -> None:
        col = T.rgb(s.color)
        W.box(surf, r, T.mix(T.PANEL, col, 0.12), col if s.deciding else T.PANEL_EDGE, th.px(6), 2 if s.deciding else 1)
        x, y = r.x + th.px(8), r.y + th.px(6)
        from engine.ui.panels.panel import mini_token
        tok = mini_token(s.label, s.color, "circle", th.line_h("m") + th.line_h("xs"))
        surf.blit(tok, tok.get_rect(topright=(r.right - th.px(4), r.y + th.px(2))))
        W.blit_text(surf, words.name, (x, y), "m", T.TEXT, True, th)
        y += th.line_h("m")
        W.blit_text(surf, s.role + ("  · deciding" if s.deciding else ""), (x, y), "xs", col if s.deciding else T.MUTED,
                    s.deciding, th)
        y += th.line_h("xs")
        W.blit_text(surf, s.total, (x, y), "xl", T.TEXT, True, th)
        y += th.line_h("xl") + th.px(4)
        for note in words.notes:
            y += _blit_lines(surf, note, (x, y), "xs", T.MUTED, th)
        if s.odds:
            _blit_lines(surf, words.odds, (x, y + th.px(2)), "s", T.ACCENT, th)


@dataclass(frozen=True)
class SideWords:
    """One side's words as they are drawn: its name cut to fit, its notes and odds wrapped."""
    name: str
    notes: list[list[str]]
    odds: list[str]


def _blit_lines(surf, lines: list[str], at: tuple[int, int], size: str, color, th) -> int:
    """Lines already wrapped, one under the other (as widgets.draw_wrapped
    draws them); the height used."""
    x, y = at
    lh = th.font(size).get_linesize()
    for line in lines:
        surf.blit(th.text(line, size, color, False), (x, y))
        y += lh
    return len(lines) * lh
