"""Learn to play: the tutorials of a game (engine/core/lessons.py).

`TutorialList` lists the selected game's lessons (from the launcher's
"Learn" button); `TutorialScreen` is the match screen on a lesson's
prepared position with forced dice: the hint bar says the next step, the
learner's moves are judged by the lesson before the rules (anything but the
example's move is refused with a pointer and the section to read), and the
other side's moves of the example play by themselves.
"""
from __future__ import annotations

import pygame

from engine.core.actions import Action
from engine.core.lessons import Lesson, lesson_files
from engine.ui import theme as T
from engine.ui import widgets as W
from engine.ui.scene import Scene
from engine.ui.scenes.dialogs import Modal
from engine.ui.scenes.match_screen import MatchScreen


class TutorialScreen(MatchScreen):
    allows_overrides = False         # a lesson plays the rulebook's example as written
    def __init__(self, app, lesson: Lesson, headless: bool = False):
        self.lesson = lesson
        match = lesson.start()
        super().__init__(app, match, headless=headless)
        self.finished = False
        self.intro_due = bool(lesson.intro)      # shown over the board once the screen is up

    def update(self, dt: float) -> bool:
        if self.intro_due and self.top_is_me():
            self.intro_due = False
            self.app.push(Modal(self.app, self.lesson.title, [self.lesson.intro, (self.step_text(), T.ACCENT)],
                                [("Begin", "close", "Enter")], escape_cmd="close", link=self.lesson.source,
                                width=900))
            return True
        return super().update(dt)

    def step_text(self) -> str:
        st = self.lesson.current()
        if st is None:
            return "Done!"
        k, n = self.lesson.progress()
        return f"Step {k} of {n}: {st.say}"

    # the lesson plays the other side and decides who is at the screen
    def check_handoff(self, *args, **kwargs) -> None:
        return

    def drive_ai(self) -> bool:
        return False

    def request_hint(self) -> None:
        st = self.lesson.current()
        if st is not None:
            self.say(f"{st.say}  ({st.rule})", T.ACCENT, 8.0)

    def hint_text(self) -> tuple[str, tuple]:
        text, col = super().hint_text()
        if self.ctl.message or (self.toast[0] and text == self.toast[0]):
            return text, col
        return self.step_text(), T.ACCENT

    def submit(self, action) -> bool:
        if isinstance(action, Action):
            problem = self.lesson.judge(self.match, action)
            if problem is not None:
                msg, rule = problem
                self.ctl.message, self.ctl.message_rule = msg, rule
                self.say(msg + f" ({rule})", T.WARN, 8.0)
                return False
            if not super().submit(action):
                return False
            before = len(self.match.actions)
            self.lesson.advance(self.match)
            if len(self.match.actions) != before:
                self.state_changed(entry=self.match.log[-1])
            self.ctl.message = ""
            self.toast = ("", T.TEXT, 0.0)           # a pointer or refusal is answered: the next step shows
            if self.lesson.done and not self.finished:
                self.finished = True
                self.finish()
            return True
        return super().submit(action)

    def finish(self) -> None:
        def on(cmd, dlg):
            if cmd == "menu":
                self.to_menu()
            return True
        self.app.push(Modal(self.app, "Well done!", [self.lesson.outro or "That is the rulebook's example."],
                            [("Back to the launcher", "menu", "Enter"), ("Look at the board", "close", "Esc")],
                            on=on, escape_cmd="close", link=self.lesson.source, accent=T.GOOD, width=900))


class TutorialList(Scene):
    """The tutorials of one game: pick one to play it."""

    def __init__(self, app, game: str):
        super().__init__(app)
        self.game = game
        self.lessons = []
        self.errors = []
        for path in lesson_files(game):
            try:
                self.lessons.append(Lesson(path))
            except Exception as e:  # noqa: BLE001 - a broken file is reported, never fatal
                self.errors.append(str(e))
        self.row = W.ButtonRow()

    def command(self, cmd: str) -> None:
        if cmd == "back":
            self.app.pop(self)
        elif cmd.startswith("lesson:"):
            lesson = self.lessons[int(cmd[7:])]
            self.app.pop(self)
            self.app.open("tutorial", lesson, replace=True)

    def handle(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                self.command("back")
            elif pygame.K_1 <= ev.key <= pygame.K_9 and ev.key - pygame.K_1 < len(self.lessons):
                self.command(f"lesson:{ev.key - pygame.K_1}")
            return True
        if ev.type == pygame.MOUSEMOTION:
            self.row.motion(ev.pos)
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            b = self.row.at(ev.pos)
            if b is not None:
                self.command(b.command)
            return True
        return True

    def draw(self, surf) -> None:
        th = self.app.theme
        w, h = surf.get_size()
        surf.fill(T.BG)
        pad = th.px(40)
        W.blit_text(surf, "Learn to play", (pad, pad), "xxl", T.ACCENT, True, th)
        y = pad + th.line_h("xxl") + th.px(10)
        W.blit_text(surf, "The rulebook's worked examples, on the board: make each key move yourself.",
                    (pad, y), "m", T.MUTED, theme=th)
        y += th.line_h("m") + th.px(20)
        bh = th.line_h("m") + th.px(18)
        self.row.buttons = []
        for i, L in enumerate(self.lessons):
            r = pygame.Rect(pad, y, min(w - 2 * pad, th.px(1100)), bh)
            self.row.buttons.append(W.Button(r, f"{L.title}  ({L.source})", f"lesson:{i}", str(i + 1)))
            y += bh + th.px(8)
        if not self.lessons:
            W.blit_text(surf, "No tutorials for this game yet.", (pad, y), "m", T.MUTED, theme=th)
            y += th.line_h("m") + th.px(8)
        for e in self.errors:
            W.blit_text(surf, e, (pad, y), "s", T.BAD, theme=th)
            y += th.line_h("s") + th.px(4)
        self.row.buttons.append(W.Button(pygame.Rect(pad, h - pad - bh, th.px(200), bh), "Back", "back", "Esc"))
        self.row.draw(surf, th)
