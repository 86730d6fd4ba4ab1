"""The Learn page (`T` in the launcher, its Learn button): a page per game
with its guided first game and its lessons (engine/core/lessons.py), what
this learner has finished (engine/core/learning.py) and the next one
offered (Enter).  A file that does not read is listed with its problem,
never a crash."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import pygame

from engine.core import learning, registry
from engine.core.lessons import contents
from engine.ui import theme as T
from engine.ui import widgets as W
from engine.ui.scene import Scene
from engine.ui.scenes.tutorial import open_lesson, resume_guided, start_guided

TICK = "✓"


@dataclass(frozen=True)
class ShowGame:
    game_id: str                # the page of another game


@dataclass(frozen=True)
class OpenLesson:
    index: int                  # in the game's lessons


class Go(Enum):
    """The page's other buttons and keys."""
    BACK = "back"
    NEXT = "next"               # the one offered (Enter)
    GUIDED = "guided"           # the guided first game, resumed where it stands
    GUIDED_NEW = "guided_new"   # a new guided game


class LearnPage(Scene):
    def __init__(self, app, game: str | None = None):
        super().__init__(app)
        self.games = [g for g in registry.all_games()]
        ids = [g.game_id for g in self.games]
        self.game = game if game in ids else ids[0]
        self.row = W.ButtonRow()
        self.tabs = W.ButtonRow()
        self.error = ""
        self.focus: int | None = None     # the lesson ↑/↓ picked (Enter opens it); None: Enter opens the next one
        self.load()

    def load(self) -> None:
        self.focus = None
        self.guide, self.lessons, self.errors = contents(self.game)
        self.progress = learning.load().of(self.game)
        self.guided_save = learning.guided_save_path(self.game)

    # --- what is offered ----------------------------------------------------------------------
    def finished(self, lesson) -> bool:
        return lesson.id in self.progress.finished

    def next_command(self) -> Go | OpenLesson | None:
        """The one the page offers: the guided game until it has ended once,
        then the first lesson not finished."""
        if self.guide is not None and (self.guided_save is not None or not self.progress.guided_result):
            return Go.GUIDED
        for i, L in enumerate(self.lessons):
            if not self.finished(L):
                return OpenLesson(i)
        return Go.GUIDED if self.guide is not None else None

    def guided_words(self) -> tuple[str, str]:
        """(button label, status) of the guided game."""
        result = {"won": "Finished: you won.", "lost": "Played to the end (the computer won): try again."}.get(
            self.progress.guided_result, "Not played yet.")
        if self.guided_save is not None:
            return "Resume your guided game", "In progress: it goes on where you left it." + (
                f" Earlier: {result[0].lower() + result[1:]}" if self.progress.guided_result else "")
        if self.progress.guided_result:
            return "Play the guided game again", result
        return "Start the guided first game", result

    # --- commands -----------------------------------------------------------------------------
    def command(self, cmd) -> None:
        self.error = ""
        if cmd is Go.BACK:
            self.app.pop(self)
        elif isinstance(cmd, ShowGame):
            self.game = cmd.game_id
            self.load()
        elif cmd is Go.NEXT:
            nxt = self.next_command()
            if nxt is not None:
                self.command(nxt)
        elif cmd is Go.GUIDED:
            self.open_guided()
        elif cmd is Go.GUIDED_NEW:
            self.open_guided(fresh=True)
        elif isinstance(cmd, OpenLesson):
            if 0 <= cmd.index < len(self.lessons):
                self.error = open_lesson(self.app, self.lessons[cmd.index]) or ""

    def open_guided(self, fresh: bool = False) -> None:
        from engine.core import sessions
        from engine.core.saves import SaveError
        if self.guide is None:
            self.error = "This game has no guided first game yet."
            return
        if self.guided_save is not None and not fresh:
            try:
                match = sessions.resume(self.guided_save)
            except SaveError as e:
                self.error = f"Your guided game could not be resumed ({e}); a new one starts instead."
                match = None
            if match is not None and resume_guided(self.app, match) is not None:
                return
        try:
            start_guided(self.app, self.game)
        except Exception as e:  # noqa: BLE001 - the page stays, with the reason
            self.error = f"The guided game cannot start: {e}"

    # --- events -------------------------------------------------------------------------------
    def handle(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN:
            ids = [g.game_id for g in self.games]
            if ev.key == pygame.K_ESCAPE:
                self.command(Go.BACK)
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.command(Go.NEXT if self.focus is None else OpenLesson(self.focus))
            elif ev.key in (pygame.K_DOWN, pygame.K_UP) and self.lessons:
                # every lesson by keyboard, the tenth and after too (the number keys reach nine)
                step = 1 if ev.key == pygame.K_DOWN else -1
                start = -1 if step > 0 else len(self.lessons)
                self.focus = ((self.focus if self.focus is not None else start) + step) % len(self.lessons)
            elif ev.key == pygame.K_g:
                self.command(Go.GUIDED)
            elif ev.key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT):
                step = -1 if ev.key == pygame.K_LEFT or (ev.mod & pygame.KMOD_SHIFT) else 1
                self.command(ShowGame(ids[(ids.index(self.game) + step) % len(ids)]))
            elif pygame.K_1 <= ev.key <= pygame.K_9 and ev.key - pygame.K_1 < len(self.lessons):
                self.command(OpenLesson(ev.key - pygame.K_1))
            return True
        if ev.type == pygame.MOUSEMOTION:
            self.row.motion(ev.pos)
            self.tabs.motion(ev.pos)
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            b = self.tabs.at(ev.pos) or self.row.at(ev.pos)
            if b is not None:
                self.command(b.command)
            return True
        return True

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surf) -> None:
        th = self.app.theme
        w, h = surf.get_size()
        surf.fill(T.BG)
        pad = th.px(40)
        width = min(w - 2 * pad, th.px(1200))
        W.blit_text(surf, "Learn to play", (pad, pad), "xxl", T.ACCENT, True, th)
        y = pad + th.line_h("xxl") + th.px(8)
        # one tab per game
        self.tabs.buttons = []
        x = pad
        bh = th.line_h("m") + th.px(14)
        for g in self.games:
            label = g.title.split(":")[0]
            tw = th.font("m").size(label)[0] + th.px(30)
            b = W.Button(pygame.Rect(x, y, tw, bh), label, ShowGame(g.game_id), active=g.game_id == self.game)
            self.tabs.buttons.append(b)
            x += tw + th.px(8)
        self.tabs.draw(surf, th)
        y += bh + th.px(18)
        nxt = self.next_command()
        self.row.buttons = []
        # the guided first game
        W.blit_text(surf, "Your first game, coached", (pad, y), "l", T.TEXT, True, th)
        y += th.line_h("l") + th.px(4)
        if self.guide is not None:
            label, status = self.guided_words()
            text = self.guide.intro.split(". ")[0].rstrip(".") + "."
            y += W.draw_wrapped(surf, text, pygame.Rect(pad, y, width, 200), "s", T.MUTED, theme=th) + th.px(6)
            b = W.Button(pygame.Rect(pad, y, min(width, th.px(520)), bh + th.px(6)),
                         ("Next: " if nxt is Go.GUIDED else "") + label, Go.GUIDED, "G",
                         style="primary" if nxt is Go.GUIDED else "normal")
            self.row.buttons.append(b)
            x = b.rect.right + th.px(16)
            if self.guided_save is not None:         # the one in progress stays in Games; this starts afresh
                fw = th.font("m").size("Start a new one")[0] + th.px(30)
                self.row.buttons.append(W.Button(pygame.Rect(x, b.rect.y, fw, b.rect.h), "Start a new one",
                                                 Go.GUIDED_NEW))
                x += fw + th.px(16)
            mark = f"{TICK} " if self.progress.guided_result == "won" else ""
            W.blit_text(surf, mark + status, (x, b.rect.centery), "s",
                        T.GOOD if mark else T.MUTED, theme=th, anchor="midleft")
            y = b.rect.bottom + th.px(22)
        else:
            W.blit_text(surf, "No guided game for this one yet: start with the lessons.", (pad, y), "s", T.MUTED,
                        theme=th)
            y += th.line_h("s") + th.px(22)
        # the lessons
        done = sum(1 for L in self.lessons if self.finished(L))
        W.blit_text(surf, f"Lessons, one per rule family ({done} of {len(self.lessons)} finished)", (pad, y), "l",
                    T.TEXT, True, th)
        y += th.line_h("l") + th.px(8)
        lh = th.line_h("m") + th.px(12)
        room = h - pad - bh - th.px(20) - y
        per_row = max(1, min(len(self.lessons) or 1, room // (lh + th.px(6)) or 1))
        cols = 1 if len(self.lessons) <= per_row else 2
        colw = (width - th.px(16) * (cols - 1)) // cols
        rows = (len(self.lessons) + cols - 1) // cols
        for i, L in enumerate(self.lessons):
            c, r = divmod(i, rows) if cols > 1 else (0, i)
            rect = pygame.Rect(pad + c * (colw + th.px(16)), y + r * (lh + th.px(6)), colw, lh)
            tick = TICK if self.finished(L) else " "
            lead = "Next: " if nxt == OpenLesson(i) else ""
            b = W.Button(rect, f"{tick} {i + 1}. {lead}{L.family or L.title}", OpenLesson(i),
                         str(i + 1) if i < 9 else "", tip=L.title,
                         style="primary" if lead else "normal", active=i == self.focus)
            self.row.buttons.append(b)
        y += rows * (lh + th.px(6)) + th.px(6)
        if not self.lessons:
            W.blit_text(surf, "No lessons for this game yet.", (pad, y), "m", T.MUTED, theme=th)
            y += th.line_h("m")
        for e in self.errors[:6] + ([self.error] if self.error else []):
            y += W.draw_wrapped(surf, e, pygame.Rect(pad, y, width, 200), "s", T.BAD, theme=th) + th.px(4)
        hover = self.row.hover
        foot = (f"{hover.tip}" if hover is not None and hover.tip else
                "Enter: the next one · G: the guided game · 1-9 or ↑/↓ and Enter: a lesson · ←/→: another game · "
                "Esc: back")
        W.blit_text(surf, foot, (pad, h - pad - bh - th.px(8)), "s", T.MUTED, theme=th, anchor="bottomleft")
        self.row.buttons.append(W.Button(pygame.Rect(pad, h - pad - bh, th.px(200), bh), "Back", Go.BACK, "Esc"))
        self.row.draw(surf, th)
        # each lesson's title beside its family, where the row has room
        f = th.font("s")
        for b in self.row.buttons:
            if not isinstance(b.command, OpenLesson):
                continue
            used = th.font("m").size(b.label)[0] + th.px(40)
            room = b.rect.w - used - th.px(40)
            if room > th.px(120):
                text = T.ellipsize(b.tip, f, room)
                W.blit_text(surf, text, (b.rect.right - th.px(36), b.rect.centery), "s", T.MUTED, theme=th,
                            anchor="midright")
