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
                 vertical: bool = False, cover: bool = False):
        super().__init__(app)
        self.opaque = cover              # cover: the board below is hidden (a hotseat question with private cards)
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

    def title_size(self, inner: int) -> str:
        """The type size the title fits the dialog in: a long question stays inside."""
        th = self.app.theme
        return next((z for z in ("l", "m") if th.font(z, True).size(self.title)[0] <= inner), "s")

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
        if self.opaque:
            surf.fill(T.BG)
        else:
            W.dim(surf, alpha=140)
        W.box(surf, self.rect, T.PANEL, self.accent, th.px(8), 2)
        x, y = self.rect.x + th.px(20), self.rect.y + th.px(16)
        inner = self.rect.w - th.px(40)
        W.blit_text(surf, self.title, (x, y), self.title_size(inner), self.accent, True, th)
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

    def __init__(self, app, prompt: str, labels: list[str], on_choice: Callable[[int], None], detail: str = ""):
        self.labels = labels
        self.on_choice = on_choice
        super().__init__(app, prompt, [detail] if detail else [], [("Cancel", "cancel", "Esc")], on=self._on,
                         escape_cmd=None)

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
        said = sum(W.measure_wrapped(text, width - th.px(40), "m", theme=th) + th.px(8) for text, _ in self.paragraphs)
        hgt = th.px(16) + th.line_h("l") + th.px(12) + said + n * (bh + gap) + bh + th.px(32)
        self.rect = pygame.Rect(0, 0, width, min(hgt, h - 40))
        self.rect.center = (w // 2, h // 2)
        self.row.buttons = []
        y = self.rect.y + th.px(16) + th.line_h("l") + th.px(12) + said
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


HANDOFF_KEY = pygame.K_F2          # no game uses it (tests/engine/test_hotseat_ui.py checks every game)
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


# --- override with a note (engine/core/overrides.py) -----------------------------------
class RefusalWatch:
    """Stands in for a controller's ruleset and remembers the last refusal
    its `check` gave (the position, the action, the Illegal), so the match
    screen can offer to allow the very action whose refusal the status line
    shows.  Everything else passes through to the ruleset unchanged."""

    def __init__(self, rules):
        self._rules = rules
        self.last = None

    def __getattr__(self, name):
        if name == "_rules":             # not set yet (a copy being made): no delegation
            raise AttributeError(name)
        return getattr(self._rules, name)

    def check(self, state, action):
        refusal = self._rules.check(state, action)
        if refusal is not None:
            self.last = (state, action, refusal)
        return refusal

    @classmethod
    def attach(cls, ctl) -> "RefusalWatch | None":
        """Watch a controller that keeps its ruleset as `rules` (None: it does not)."""
        rules = getattr(ctl, "rules", None)
        if rules is None or isinstance(rules, cls):
            return rules
        watch = cls(rules)
        try:
            ctl.rules = watch
        except AttributeError:          # a read-only property: nothing to watch
            return None
        return watch


def same_refusal(message: str, reason: str) -> bool:
    """Does the status line's message show this refusal's reason?  (A
    controller may cut a citation in brackets off the reason's end.)"""
    a, b = message.strip().rstrip("."), reason.strip().rstrip(".")
    return bool(a) and (b.startswith(a) or a.startswith(b))


class OverrideAsk:
    """"Allow anyway (house rule)?": the player whose action was refused
    writes a short note, then every other person at the table in turn
    agrees or not, each behind a handoff when the game holds private cards;
    any "no" cancels.  Computer seats are never asked.
    `on_agreed(note, seats)` runs when everyone agreed; `on_cancel(why)`
    when anyone did not."""

    def __init__(self, app, proposer: tuple, others: list, what: str, reason: str, rule: str, private: bool,
                 on_agreed: Callable, on_cancel: Callable):
        self.app = app
        self.proposer = proposer            # (seat, name, colour)
        self.others = list(others)          # the other human seats, in the order they are asked
        self.what = what
        self.reason = reason
        self.rule = rule
        self.private = private
        self.on_agreed = on_agreed
        self.on_cancel = on_cancel
        self.note = ""
        self.agreed: list[int] = []
        self.field = W.TextField("", 120)

    def start(self) -> Modal:
        n = len(self.others)
        ask = ("Everyone at the table must agree: " + ", ".join(o[1] for o in self.others) +
               (" will be asked next." if n == 1 else " will be asked in turn.")) if n else \
            "You are the only person at the table: your note is the group's."
        dlg = Modal(self.app, "Allow anyway (house rule)?", [
            self.what,
            (f"The rules refuse it: {self.reason}", T.WARN),
            "If your group reads the rule differently, you may allow this one action. Write a short note "
            "below saying why: the log marks the action with it, and saves and replays keep it.",
            (ask, T.MUTED)], [("Ask the others" if n else "Allow it", "ok", "Enter"), ("Cancel", "cancel", "Esc")],
            on=self._noted, field=self.field, link=self.rule, accent=T.WARN, width=860)
        self.app.push(dlg)
        return dlg

    def _noted(self, cmd, dlg) -> bool:
        if cmd != "ok":
            self.on_cancel("")
            return True
        from engine.core.overrides import OverrideRefused, clean_note
        try:
            self.note = clean_note(self.field.text)
        except OverrideRefused as e:
            dlg.error = str(e)
            return False
        self.agreed = [self.proposer[0]]
        self.app.pop(dlg)
        self._next()
        return False

    def _next(self) -> None:
        asked = len(self.agreed) - 1
        if asked >= len(self.others):
            self.on_agreed(self.note, list(self.agreed))
            return
        seat, name, color = self.others[asked]
        if self.private:
            self.app.push(Handoff(self.app, name, color, f"{self.proposer[1]} asks the table about a house rule.",
                                  on_ready=lambda: self._ask(seat, name)))
        else:
            self._ask(seat, name)

    def _ask(self, seat: int, name: str) -> None:
        def on(cmd, dlg):
            if cmd == "yes":
                self.agreed.append(seat)
                self.app.pop(dlg)
                self._next()
                return False
            self.on_cancel(f"{name} said no: the refusal stands.")
            return True
        self.app.push(Modal(self.app, f"{name}: allow this anyway?", [
            f"{self.proposer[1]} asks to allow: {self.what}",
            (f"The rules refuse it: {self.reason}", T.WARN),
            f"Their note: \u201c{self.note}\u201d",
            ("Any player saying no keeps the refusal.", T.MUTED)],
            [("Agree", "yes", "Y"), ("No", "no", "N")], on=on, escape_cmd="no", enter_cmd="", link=self.rule,
            accent=T.WARN, width=860, cover=self.private))     # private cards: the board stays hidden
