"""Modal panels over the board (Esc backs out), and the hotseat handoff."""
from __future__ import annotations

from typing import Callable

import pygame

from engine.ui import theme as T
from engine.ui import widgets as W
from engine.ui.scene import Scene


class Modal(Scene):
    """A centred panel: title, paragraphs, optional text field, buttons.

    `on(cmd, dialog)` is called with the button's command; the dialog closes
    unless it returns False.  Esc sends `escape_cmd` (None: just close)."""
    opaque = False

    def __init__(self, app, title: str, paragraphs: list = (), buttons: list = (("OK", "ok", "Enter"),),
                 on: Callable | None = None, field: W.TextField | None = None, escape_cmd: str | None = "cancel",
                 width: int = 720, accent=T.ACCENT, link: str = "", enter_cmd: str | None = None,
                 vertical: bool = False):
        super().__init__(app)
        self.title = title
        self.paragraphs = [(p, T.TEXT) if isinstance(p, str) else p for p in paragraphs]
        self.spec = list(buttons)
        self.on = on
        self.field = field
        self.escape_cmd = escape_cmd
        self.enter_cmd = enter_cmd if enter_cmd is not None else (self.spec[0][1] if self.spec else None)
        self.width = width
        self.vertical = vertical
        self.accent = accent
        self.link = link                 # a rule citation shown as a link
        self.link_rect = pygame.Rect(0, 0, 0, 0)
        self.row = W.ButtonRow()
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.error = ""

    def resize(self, size) -> None:
        th = self.app.theme
        w, h = size
        width = min(th.px(self.width), w - 40)
        inner = width - th.px(40)
        hgt = th.px(16) + th.line_h("l") + th.px(12)
        for text, _ in self.paragraphs:
            hgt += W.measure_wrapped(text, inner, "m", theme=th) + th.px(8)
        if self.link:
            hgt += th.line_h("s") + th.px(8)
        if self.field:
            hgt += th.px(44) + th.px(10)
        hgt += th.line_h("s") + th.px(4)      # error line
        bh = th.px(42)
        gap = th.px(10)
        if self.vertical:
            hgt += len(self.spec) * (bh + gap) + th.px(10)
            self.rect = pygame.Rect(0, 0, width, min(hgt, h - 40))
            self.rect.center = (w // 2, h // 2)
            y = self.rect.bottom - th.px(16) - len(self.spec) * (bh + gap) + gap
            self.row.buttons = []
            for i, spec in enumerate(self.spec):
                key = spec[2] if len(spec) > 2 else ""
                self.row.buttons.append(W.Button(pygame.Rect(self.rect.x + th.px(20), y + i * (bh + gap),
                                                             width - th.px(40), bh), spec[0], spec[1], key,
                                                 style="primary" if i == 0 else "normal"))
            return
        hgt += bh + th.px(20)
        self.rect = pygame.Rect(0, 0, width, min(hgt, h - 40))
        self.rect.center = (w // 2, h // 2)
        n = max(1, len(self.spec))
        bw = min(th.px(230), (width - th.px(40) - gap * (n - 1)) // n)
        x = self.rect.right - th.px(20) - n * bw - (n - 1) * gap
        y = self.rect.bottom - bh - th.px(16)
        self.row.buttons = []
        for i, spec in enumerate(self.spec):
            label, cmd = spec[0], spec[1]
            key = spec[2] if len(spec) > 2 else ""
            self.row.buttons.append(W.Button(pygame.Rect(x + i * (bw + gap), y, bw, bh), label, cmd, key,
                                             style="primary" if i == 0 else "normal"))

    def fire(self, cmd) -> None:
        close = True
        if self.on is not None:
            close = self.on(cmd, self) is not False
        if close and self in self.app.stack:
            self.app.pop(self)

    def handle(self, ev) -> bool:
        if self.field and self.field.handle(ev):
            self.error = ""
            return True
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                if self.escape_cmd is None:
                    self.app.pop(self)
                else:
                    self.fire(self.escape_cmd)
                return True
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.enter_cmd:
                self.fire(self.enter_cmd)
                return True
            for b in self.row.buttons:
                if b.key and len(b.key) == 1 and pygame.key.name(ev.key).upper() == b.key.upper():
                    self.fire(b.command)
                    return True
            return True
        if ev.type == pygame.MOUSEMOTION:
            self.row.motion(ev.pos)
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            b = self.row.at(ev.pos)
            if b is not None and b.enabled:
                self.fire(b.command)
            elif self.link and self.link_rect.collidepoint(ev.pos):
                self.app.open("rules", self.link)
            return True
        return True    # modal: nothing travels below

    def draw(self, surf) -> None:
        th = self.app.theme
        W.dim(surf, alpha=140)
        W.box(surf, self.rect, T.PANEL, self.accent, th.px(8), 2)
        x, y = self.rect.x + th.px(20), self.rect.y + th.px(16)
        inner = self.rect.w - th.px(40)
        W.blit_text(surf, self.title, (x, y), "l", self.accent, True, th)
        y += th.line_h("l") + th.px(12)
        for text, col in self.paragraphs:
            y += W.draw_wrapped(surf, text, (x, y, inner, 1000), "m", col, theme=th) + th.px(8)
        if self.link:
            self.link_rect = W.blit_text(surf, self.link + "  (open the rules)", (x, y), "s", T.LINK, theme=th)
            y += th.line_h("s") + th.px(8)
        if self.field:
            self.field.draw(surf, th, (x, y, inner, th.px(44)))
            y += th.px(54)
        if self.error:
            W.blit_text(surf, self.error, (x, y), "s", T.BAD, theme=th)
        self.row.draw(surf, th)


class ChoiceDialog(Modal):
    """Pick one of several labelled options (a list of buttons)."""

    def __init__(self, app, prompt: str, labels: list[str], on_choice: Callable[[int], None]):
        self.labels = labels
        self.on_choice = on_choice
        super().__init__(app, prompt, [], [("Cancel", "cancel", "Esc")], on=self._on, escape_cmd=None)

    def _on(self, cmd, dlg):
        if isinstance(cmd, int):
            self.on_choice(cmd)
        return True

    def resize(self, size) -> None:
        th = self.app.theme
        w, h = size
        bh = th.px(40)
        gap = th.px(8)
        width = min(th.px(720), w - 40)
        n = len(self.labels)
        hgt = th.px(16) + th.line_h("l") + th.px(12) + n * (bh + gap) + bh + th.px(32)
        self.rect = pygame.Rect(0, 0, width, min(hgt, h - 40))
        self.rect.center = (w // 2, h // 2)
        self.row.buttons = []
        y = self.rect.y + th.px(16) + th.line_h("l") + th.px(12)
        for i, lab in enumerate(self.labels):
            key = str(i + 1) if i < 9 else ""
            self.row.buttons.append(W.Button(pygame.Rect(self.rect.x + th.px(20), y, width - th.px(40), bh),
                                             lab, i, key))
            y += bh + gap
        self.row.buttons.append(W.Button(pygame.Rect(self.rect.right - th.px(180), self.rect.bottom - bh - th.px(14),
                                                     th.px(160), bh), "Cancel", "cancel", "Esc"))

    def handle(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN and pygame.K_1 <= ev.key <= pygame.K_9:
            i = ev.key - pygame.K_1
            if i < len(self.labels):
                self.fire(i)
            return True
        return super().handle(ev)


HANDOFF_KEY = pygame.K_F2          # no game uses it (tests/test_hotseat_ui.py checks every game)
HANDOFF_KEY_LABEL = "F2"


class Handoff(Scene):
    """Hides the board between hotseat players: 'Pass to Blue.'  It goes
    away only on a deliberate act by the next player: a click on its button
    (pressed and released on it) or HANDOFF_KEY pressed after it opened.
    Enter, Space, E and every key the last player may still be holding do
    nothing, so nobody's hand flashes up before they sit down."""
    opaque = True

    def __init__(self, app, name: str, color, note: str = "", on_ready: Callable | None = None):
        super().__init__(app)
        self.name = name
        self.color = T.rgb(color)
        self.note = note
        self.on_ready = on_ready
        self.armed = False               # the button was pressed here (not a release left over)
        self.held = set(getattr(app, "_down_keys", ()))   # keys already down when it opened
        self.button = W.Button(pygame.Rect(0, 0, 10, 10), f"I am {name}: show my view", "ready",
                               HANDOFF_KEY_LABEL, style="primary")
        self.hover = False

    def resize(self, size) -> None:
        th = self.app.theme
        w, h = size
        self.button.rect = pygame.Rect(0, 0, min(th.px(520), w - 40), th.px(56))
        self.button.rect.center = (w // 2, h // 2 + th.px(200))

    def ready(self) -> None:
        if self in self.app.stack:
            self.app.pop(self)
        if self.on_ready:
            self.on_ready()

    def handle(self, ev) -> bool:
        if ev.type == pygame.MOUSEMOTION:
            self.hover = self.button.rect.collidepoint(ev.pos)
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self.armed = self.button.rect.collidepoint(ev.pos)
            return True
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            if self.armed and self.button.rect.collidepoint(ev.pos):
                self.ready()
            self.armed = False
            return True
        if ev.type == pygame.KEYUP:
            self.held.discard(ev.key)
            return True
        if ev.type == pygame.KEYDOWN and ev.key == HANDOFF_KEY and ev.key not in self.held:
            self.ready()
            return True
        return True          # nothing reaches the board below

    def draw(self, surf) -> None:
        th = self.app.theme
        surf.fill(T.BG)
        w, h = surf.get_size()
        band = pygame.Rect(0, h // 2 - th.px(130), w, th.px(260))
        pygame.draw.rect(surf, T.mix(T.BG, self.color, 0.18), band)
        pygame.draw.line(surf, self.color, band.topleft, band.topright, 3)
        pygame.draw.line(surf, self.color, band.bottomleft, band.bottomright, 3)
        W.blit_text(surf, f"Pass to {self.name}.", (w // 2, h // 2 - th.px(50)), "xxl", self.color, True, th,
                    anchor="center")
        W.blit_text(surf, f"{self.name}, when you are sitting at the screen, click the button below.",
                    (w // 2, h // 2 + th.px(20)), "l", T.TEXT, False, th, anchor="center")
        if self.note:
            W.blit_text(surf, self.note, (w // 2, h // 2 + th.px(70)), "m", T.MUTED, False, th, anchor="center")
        self.button.draw(surf, th, hover=self.hover, down=self.armed)
