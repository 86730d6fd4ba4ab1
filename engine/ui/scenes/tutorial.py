"""The coach: the match screen playing a lesson or the guided first game
(engine/core/lessons.py; the format: docs/lessons.md).

Under the board a coach panel says, for the step: what to do now, why, and
the rule as a link; after the step, what just happened; after the other
side's move, what it did and why.  The step's unit, hex or button wears a
gold ring (and the board rings only the step's moves).  A move that is not
the step's is taught: the rules' reason when it is illegal, the step's when
it is only another move.  The other side's scripted moves play by
themselves at a readable pace; in a guided game the computer plays on after
the coached opening, each reply explained, with a line per turn and tips
shown once.  A guided game is a game in progress (autosaved, resumed from
Games or the Learn page); progress goes to engine/core/learning.py.
"""
from __future__ import annotations

import dataclasses
import time

import pygame

from engine.core import learning
from engine.core.actions import Action
from engine.core.lessons import Lesson, Pointer, guided_file, lesson_files
from engine.ui import theme as T
from engine.ui.boards.hexboard import UNIT
from engine.ui.commands import Pick
from engine.ui.panels.coach_bar import CoachBar, coach_height
from engine.ui.scenes.dialogs import Modal
from engine.ui.scenes.match_panel import SidePanel
from engine.ui.scenes.match_screen import AI_PACE, MatchScreen

GOLD = T.MARK


class TutorialScreen(MatchScreen):
    """The match screen with a coach (a lesson, or a guided game's match)."""
    allows_overrides = False         # a lesson plays the rules as written

    def __init__(self, app, lesson: Lesson, match=None, headless: bool = False):
        self.lesson = lesson
        self.note: tuple[str, tuple, str] = ("", T.TEXT, "")     # (what happened / a teaching, colour, its rule)
        self.coach_bar = CoachBar(app.theme, self.coach_words)
        self._hl_cache = (None, {})
        self.tip: tuple[str, str, int] = ("", "", 0)  # the latest tip (text, rule, the learner's moves it stays)
        self.replies: list = []              # (player, sentence): the other side's moves since the learner's
        self.ended_shown = False
        self.finished = False
        self._in_input = False               # inside after_input: it logs a teaching once, not submit too
        fresh = match is None
        if match is None:
            match = lesson.new_match()
        lesson.sync(match)
        super().__init__(app, match, headless=headless)
        self.finished = lesson.done          # a lesson at its end, or a guided game past its opening
        self.intro_due = True                # shown over the board once the screen is up
        self.resumed = not fresh and bool(match.actions)
        if lesson.kind == "guided" and match.autosave_path is not None and match.outcome() is None:
            learning.guided_started(lesson.game, match.autosave_path)     # the Learn page resumes this one

    # --- layout: the coach panel between the board and the hint bar --------------------------
    def coach_height(self) -> int:
        return coach_height(self.app.theme)

    def areas(self, size) -> dict[str, pygame.Rect]:
        areas = super().areas(size)
        board = areas["board"]
        ch = self.coach_height()
        areas["board"] = pygame.Rect(board.x, board.y, board.w, board.h - ch)
        areas["coach"] = pygame.Rect(board.x, board.bottom - ch, board.w, ch)
        return areas

    def resize(self, size) -> None:
        super().resize(size)
        self.coach_bar.layout(self.areas(size)["coach"])

    @property
    def coach_rect(self) -> pygame.Rect:
        return self.coach_bar.rect

    @property
    def coach_links(self) -> list:
        """(rect, rule) of the coach bar's rule link, on screen."""
        return self.coach_bar.links

    # --- what the coach says ---------------------------------------------------------------
    def step_text(self) -> str:
        st = self.lesson.current()
        if st is None:
            return "Done!" if self.lesson.kind == "lesson" else self.free_text()
        if not self.lesson.mine(st):           # the other side opens: no "Step 0 of n"
            return f"First {self.player_name(st.player)}: {st.say}"
        k, n = self.lesson.progress()
        return f"Step {k} of {n}: {st.say}"

    def free_text(self) -> str:
        """A guided game after its opening: the turn line, or the controller's hint."""
        if self.match.outcome() is not None:
            return "The game is over."
        turn = self.lesson.coach.turn
        if turn and self.human_turn():
            return turn
        return self.ctl.hint()

    def coach_lines(self) -> tuple[str, list, str]:
        """(heading, [(label, text, colour)], rule) for the coach panel."""
        L = self.lesson
        st = L.current()
        rows = []
        note, ncol, nrule = self.note
        if self.replies:
            who = self.player_name(self.replies[0][0])
            rows.append((who, " ".join(t for _, t in self.replies[-5:]), T.MUTED))
            if note.startswith("What just happened"):
                note = ""
        if st is not None:
            k, n = L.progress()
            head = f"{L.title} — step {k} of {n}" if L.mine(st) else f"{L.title} — the other side moves"
            if note:
                rows.append(("", note, ncol))
            if L.mine(st):
                rows.append(("Do now", st.say, T.ACCENT))
                rows.append(("Why", st.why, T.TEXT))
            else:
                rows.append(("Next", f"{self.player_name(st.player)}: {st.say}", T.MUTED))
            return head, rows, (nrule if note and ncol in (T.WARN, T.BAD) else st.rule)
        if L.kind == "lesson":
            return f"{L.title} — done", [("", L.outro, T.GOOD)], L.source
        out = self.match.outcome()
        head = f"{L.title} — your game, coached"
        if out is not None:
            won, _ = self.result(out)
            rows.append(("", (L.coach.won if won else L.coach.lost), T.GOOD if won else T.WARN))
            rows.append(("Why", out.reason, T.TEXT))
            return head, rows, out.rule
        if note:
            rows.append(("", note, ncol))
        mine = self.human_turn()
        rows.append(("Do now", self.ctl.hint() if mine else self.hint_text()[0], T.ACCENT))
        watch = self.watched() if mine else []
        for text, _ in watch:
            rows.append(("Watch", text, T.WARN))
        tip, trule, _ = self.tip
        if tip:
            rows.append(("Tip", tip, T.TEXT))
        elif L.coach.turn and mine and not watch and self.decision_dlg is None:   # not over a combat's panel
            rows.append(("Your turn", L.coach.turn, T.TEXT))
        return head, rows, (trule or (watch[0][1] if watch else "") or nrule or L.source)

    def coach_words(self) -> tuple[str, list, str, bool]:
        """What the coach bar shows: coach_lines() and whether the pointer is on its rule's link."""
        head, rows, rule = self.coach_lines()
        return head, rows, rule, self.panel.hover_link == rule

    def watched(self) -> list:
        """The game's warnings (a victory in reach), once per position."""
        if getattr(self, "_watch", (None,))[0] != self.version:
            self._watch = (self.version, self.lesson.watch(self.match))
        return self._watch[1]

    def say_note(self, text: str, color=T.TEXT, rule: str = "") -> None:
        self.note = (text, color, rule)
        self.coach_bar.forget()

    # --- the other side, handoffs, hints ----------------------------------------------------
    def check_handoff(self, *args, **kwargs) -> None:
        return                       # one learner at the screen

    def drive_ai(self) -> bool:
        L = self.lesson
        if self.match.outcome() is not None:
            return False
        if L.reply_due():
            if self.dice.tumbling or self.glides:
                return False
            pace = 0.0 if (self.instant or self.headless) else AI_PACE
            if time.perf_counter() - self.last_change < pace:
                return False
            self.play_reply()
            return True
        if L.kind == "guided" and L.done:
            return super().drive_ai()          # the computer plays on, each reply explained
        return False

    def play_reply(self) -> None:
        """The other side's scripted move, with its sentence of why."""
        L = self.lesson
        try:
            action, why = L.reply(self.match)
        except Exception as e:  # noqa: BLE001 - a broken lesson is said, never a crash
            self.broken(f"the other side's step does not read: {e}")
            return
        self.ai_reason = why
        if not MatchScreen.submit(self, action):
            self.broken(f"the rules refuse the other side's step ({self.ctl.message})")
            return
        L.advance(self.match)
        self.replied(action.player, why)
        self.leave_selection(None)
        self.after_step()

    def replied(self, player: int, text: str) -> None:
        """The other side's move in a sentence, kept until the learner moves."""
        if self.replies and self.replies[0][0] != player:
            self.replies = []
        self.replies.append((player, text))
        self.coach_bar.forget()

    def broken(self, why: str) -> None:
        self.lesson.index = len(self.lesson.steps)
        self.finished = True
        self.say_note(f"This lesson no longer plays here: {why}. Back to the Learn page (Esc, then Main menu).",
                      T.BAD, self.lesson.source)

    def request_hint(self) -> None:
        st = self.lesson.current()
        if st is not None and self.lesson.mine(st):
            self.say_note(f"{st.say} — {st.why}", T.ACCENT, st.rule)
            self.say(f"{st.say}  ({st.rule})", T.ACCENT, 8.0)
        elif self.lesson.kind == "guided" and self.lesson.done:
            super().request_hint()

    def hint_text(self) -> tuple[str, tuple]:
        """The bar under the coach: the controller's words for the clicks
        (the coach above says the step)."""
        text, col = super().hint_text()
        if self.ctl.message or (self.toast[0] and text == self.toast[0]):
            return text, col
        if self.lesson.reply_due() and self.match.outcome() is None:
            return f"{self.player_name(self.lesson.current().player)} is moving…  Space: skip the pause", T.MUTED
        if self.lesson.kind == "lesson" and self.lesson.done:
            return "The lesson is over: Esc for the menu (the Learn page offers the next one).", T.MUTED
        return text, col

    # --- the learner's moves ------------------------------------------------------------------
    def submit(self, action) -> bool:
        if not isinstance(action, Action):
            return super().submit(action)
        L = self.lesson
        learner_move = action.player == L.learner and not L.done
        if learner_move or (action.player == L.learner and L.kind == "lesson"):
            teaching = L.judge(self.match, action)
            if teaching is not None:
                self.taught = teaching.short or teaching.text
                self.ctl.message, self.ctl.message_rule = self.taught, teaching.rule
                if not self._in_input:          # after_input notes the controller's message (this one) itself
                    self.log.note(teaching.whole, teaching.rule)
                self.say_note(self.taught, T.WARN, teaching.rule)
                return False
        before = L.current()
        if not super().submit(action):
            return False
        if action.player == L.learner:
            self.replies = []
        if learner_move:
            L.advance(self.match)
            self.say_note(f"What just happened: {before.done}", T.GOOD, before.rule)
            self.leave_selection(before)
            self.ctl.message = ""
            self.toast = ("", T.TEXT, 0.0)           # answered: the next step shows
        elif L.kind == "guided":
            self.coach_free(action)
        self.after_step()
        return True

    def leave_selection(self, before) -> None:
        """After a step (the learner's `before`, or None after the other
        side's), a selection the next step is not about is put down: the bar
        below must not speak of the last unit while the coach points at the
        next one."""
        nxt = self.lesson.current()
        uid = before.want.get("uid") if before is not None else None     # None: after the other side's step
        if nxt is not None and self.lesson.mine(nxt) and nxt.want.get("uid") != uid and self.ctl.selected() is not None:
            try:
                want = self.lesson.action_of(self.match, nxt).get("uid")
            except Exception:  # noqa: BLE001 - only a courtesy
                return
            if want != self.ctl.selected() and self.match.state is not None:
                for _ in range(4):
                    if not self.ctl.cancel():
                        break

    def after_input(self, result) -> None:
        """A click the controller refused itself (an illegal hex): the rules'
        reason goes to the coach too."""
        self._in_input = True
        try:
            super().after_input(result)
        finally:
            self._in_input = False
        msg = self.ctl.message
        if msg and msg != getattr(self, "taught", "") and msg != self.note[0]:
            self.say_note(msg, T.WARN, self.ctl.message_rule)

    def coach_free(self, action) -> None:
        """After a move in the guided game's free play: the computer's reply
        in words, and any tip it calls for."""
        entry = self.match.log[-1]
        if action.player != self.lesson.learner:
            why = next((e.text[5:] for e in entry.events if e.kind == "ai" and e.text.startswith("Why: ")), "")
            what = self.lesson.describe(self.match, action)
            self.replied(action.player, what + (f" (why: {why})" if why else "") + ".")
        else:
            self.say_note("", T.TEXT)
            text, rule, left = self.tip
            self.tip = (text, rule, left - 1) if left > 1 else ("", "", 0)
        for tip in self.lesson.tips_for(entry):
            self.tip = (tip.say, tip.rule, 4)

    def after_step(self) -> None:
        self._hl_cache = (None, {})
        self.coach_bar.forget()
        if self.lesson.done and not self.finished:
            self.finished = True
            if self.lesson.kind == "lesson":
                self.finish()
            elif self.match.outcome() is None:
                self.opening_over()

    def opening_over(self) -> None:
        """The guided game's coached steps are done: say so, and what now."""
        L = self.lesson
        last = L.steps[-1]
        paras = [last.done if L.mine(last) else last.say]
        if L.coach.turn:
            paras.append((L.coach.turn, T.ACCENT))
        self.replies = []           # said in the panel above: the coach's rows are the free play's now
        self.note = ("", T.TEXT, "")
        self.coach_bar.forget()
        self.app.push(Modal(self.app, "Now you play", paras, [("Play on", "close", "Enter")], escape_cmd="close",
                            link=L.source, width=900))

    def undo(self) -> None:
        before = len(self.match.actions)
        super().undo()
        if len(self.match.actions) != before:
            self.lesson.sync(self.match)
            self.finished = self.lesson.done
            self.say_note("Undone: this step again.", T.MUTED)
            self.after_step()

    # --- endings ---------------------------------------------------------------------------------
    def finish(self) -> None:
        L = self.lesson
        problem = learning.lesson_finished(L.game, L.id)
        nxt = next_lesson(L)

        def on(cmd, dlg):
            if cmd == "next" and nxt is not None:
                if open_lesson(self.app, nxt):
                    self.app.open("learn", L.game, replace=True)
            elif cmd == "learn":
                self.app.open("learn", L.game, replace=True)
            return True
        buttons = ([("Next lesson", "next", "Enter")] if nxt is not None else []) + \
            [("Learn page", "learn", "L"), ("Look at the board", "close", "Esc")]
        last = L.steps[-1]               # what its last step did: the coach had no time to say it
        happened = last.done if L.mine(last) else last.say
        text = ([(f"What just happened: {happened}", T.GOOD)] if happened else []) + [L.outro]
        out = self.match.outcome()
        if out is not None:
            text.append((out.reason, T.ACCENT))
        if nxt is not None:
            text.append((f"Next: {nxt.title}", T.MUTED))
        if problem:
            text.append((problem, T.BAD))
        self.app.push(Modal(self.app, "Well done!", text, buttons, on=on, escape_cmd="close", link=L.source,
                            accent=T.GOOD, width=900))

    def show_game_over(self, out) -> None:
        L = self.lesson
        if L.kind == "lesson":
            return                        # the lesson's own ending says it
        if self.ended_shown:
            return
        self.ended_shown = True
        won, drawn = self.result(out)
        problem = learning.guided_ended(L.game, won)
        self.coach_bar.forget()

        def on(cmd, dlg):
            if cmd == "learn":
                self.app.open("learn", L.game, replace=True)
            elif cmd == "again":
                start_guided(self.app, L.game)
            return True
        text = [L.coach.won if won else L.coach.lost, (out.reason, T.ACCENT)]
        if problem:
            text.append((problem, T.BAD))
        # a drawn battle (Battle Valor Fantasy's margin) is nobody's win: "the computer won" was untrue
        title = "You won!" if won else ("A draw" if drawn else "The computer won this time")
        self.app.push(Modal(self.app, title, text,
                            [("Learn page", "learn", "Enter"), ("Play it again", "again", "A"),
                             ("Look at the board", "close", "Esc")],
                            on=on, escape_cmd="close", link=out.rule, accent=T.GOOD if won else T.WARN, width=900))

    def result(self, out) -> tuple[bool, bool]:
        """(the learner won, the game is drawn): a draw is no winner (an agreed
        draw) or every player a winner (Battle Valor Fantasy's battle within
        its margin names both sides), and a draw is not the learner's win."""
        drawn = not out.winners or len(set(out.winners)) >= self.match.setup.players
        return self.lesson.learner in out.winners and not drawn, drawn

    # --- time -------------------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        if self.intro_due and self.top_is_me():
            self.intro_due = False
            self.show_intro()
            return True
        return super().update(dt)

    def busy(self) -> bool:
        if self.lesson.kind == "guided" and self.lesson.done:
            return super().busy()                  # the computer plays on
        moving = bool(self.dice.tumbling or self.glides or self.hint_for >= 0)
        return moving or (self.lesson.reply_due() and self.match.outcome() is None)

    def show_intro(self) -> None:
        L = self.lesson
        if self.resumed:
            st = L.current()
            where = self.step_text() if st is not None else "The coached opening is over: play on against the computer."
            paras = [f"Welcome back to {L.title}.", (where, T.ACCENT)]
            self.app.push(Modal(self.app, L.title, paras, [("Continue", "close", "Enter")], escape_cmd="close",
                                link=L.source, width=900))
            return
        paras = [L.intro]
        if L.dice_why:
            paras.append((L.dice_why, T.MUTED))
        paras.append((self.step_text(), T.ACCENT))
        self.app.push(Modal(self.app, L.title, paras, [("Begin", "close", "Enter")], escape_cmd="close",
                            link=L.source, width=900))

    # --- pointing at the thing ----------------------------------------------------------------------
    def pointer(self) -> Pointer:
        key = (self.version, self.ctl_sig(), self.lesson.index)
        cached = getattr(self, "_pointer", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        p = self._pointer_now()
        self._pointer = (key, p)
        return p

    def _pointer_now(self) -> Pointer:
        L = self.lesson
        st = L.current()
        if st is None or not L.mine(st) or not self.human_turn():
            return Pointer()
        try:
            p = L.pointer(self.match, st)
        except Exception:  # noqa: BLE001 - a pointer is a courtesy
            return Pointer()
        hook = getattr(self.ctl, "lesson_pointer", None)
        if hook is not None and not st.point:
            try:
                p = hook(L.action_of(self.match, st), **self._after(hook)) or p
            except Exception:  # noqa: BLE001
                pass
        if st.point:
            return p
        uid = st.want.get("uid") is not None and p.units[:1]
        if uid and self.ctl.selected() != p.units[0] and "uid" not in st.free:
            return Pointer(units=p.units[:1])     # first: select the unit
        rest = tuple(u for u in p.units[1:]) if uid else p.units
        return Pointer(rest, p.hexes, p.points, p.buttons, p.cards)

    def _after(self, hook) -> dict:
        """`after=`: the learner's next step's action, for a hook that takes
        it (one click may make both steps: Warbound's click on a target pays
        the picked Action and shoots)."""
        import inspect
        try:
            takes = "after" in inspect.signature(hook).parameters
        except (TypeError, ValueError):
            takes = False
        L = self.lesson
        nxt = L.steps[L.index + 1] if takes and L.index + 1 < len(L.steps) else None
        if nxt is None or not L.mine(nxt):
            return {}
        try:
            return {"after": L.action_of(self.match, nxt)}
        except Exception:  # noqa: BLE001 - the next step may not read before this one is played
            return {}

    def board_highlights(self) -> dict:
        """Only the step's moves are ringed (the others would be another move)."""
        hl = super().board_highlights()
        L = self.lesson
        st = L.current()
        if st is None or not L.mine(st) or not hl:
            return hl
        key = (self.version, self.ctl_sig(), L.index, id(hl))
        if self._hl_cache[0] == key:
            return self._hl_cache[1]
        p = self.pointer()
        spots = set(p.hexes) | set(p.units)
        spots |= {self.unit_spot(u) for u in p.units} - {None}
        if "to" in st.free:
            out = {h: k for h, k in hl.items() if k in ("move", "deploy", "path")}
        else:
            out = {h: k for h, k in hl.items() if h in spots}
        self._hl_cache = (key, out)
        return out

    def make_hex_board(self):
        """A board that draws a movement's landings (UberDrakes' arrows on
        every space a card can end on) shows only the step's, as the
        highlights do."""
        board = super().make_hex_board()
        source = getattr(board, "preview_source", None)
        if source is not None:
            board.preview_source = lambda: self.narrow_preview(source())
        return board

    def narrow_preview(self, pv):
        L = self.lesson
        st = L.current()
        if pv is None or not getattr(pv, "landings", None) or st is None or not L.mine(st) or "to" in st.free:
            return pv
        keep = set(self.pointer().hexes)
        try:
            to = L.action_of(self.match, st).get("to")
        except Exception:  # noqa: BLE001 - only a courtesy
            to = None
        if isinstance(to, tuple) and len(to) == 2:
            keep.add(to)
        return dataclasses.replace(pv, landings=tuple(x for x in pv.landings if x[0] in keep))

    def unit_spot(self, uid):
        """Where a unit stands on screen terms: its hex, or its first model's centre."""
        if self.space == "table":
            ms = self.tokens_of(uid)
            return (ms[0].foot.x, ms[0].foot.y) if ms else None
        for t in self.tokens():
            if t.key == uid:
                return t.hex
        return None

    def draw_board(self, surf, partial: bool = False, restore=None):
        dirty = super().draw_board(surf, partial, restore)
        rects = self.draw_marks(surf)
        if dirty is not None:
            dirty.extend(rects)
        return dirty

    def draw_marks(self, surf) -> list:
        """Gold rings and an arrow on what the step is about."""
        p = self.pointer()
        spots = [self.unit_spot(u) for u in p.units] + list(p.hexes) + list(p.points)
        out = []
        clip = surf.get_clip()
        surf.set_clip(self.board_rect)
        for s in spots:
            if s is None:
                continue
            if self.space == "table":
                x, y = self.board.world_to_screen(*s)
                r = max(12, int(self.board.scale * 1.2))
            else:
                x, y = self.board.world_to_screen(*UNIT.to_pixel(s))
                r = int(self.board.size * 0.98)
            out.append(draw_mark(surf, int(x), int(y), r, self.app.theme))
        surf.set_clip(clip)
        return [o.clip(self.board_rect) for o in out]

    def make_panel(self) -> SidePanel:
        return CoachPanel(self)

    def decision_marks(self) -> set:
        """The decision panel's buttons the step is about (its commands or labels)."""
        return set(self.pointer().buttons)

    def sync_decision(self) -> None:
        super().sync_decision()
        if self.decision_dlg is not None:
            self.decision_dlg.marks = self.decision_marks

    # --- drawing the coach panel --------------------------------------------------------------------
    def draw(self, surf) -> None:
        super().draw(surf)
        changed = self.coach_bar.draw(surf)
        if self.dirty_rects is not None and changed:
            self.dirty_rects.append(self.coach_rect)

    def panel_click(self, pos) -> bool:
        for r, rule in self.coach_links:
            if r.collidepoint(pos):
                self.open_rules(rule)
                return True
        return super().panel_click(pos)

    def handle(self, ev) -> bool:
        rule = self.coach_bar.handle(ev)
        if rule is not None:               # a click on the coach bar: on its link, the rule opens
            if rule:
                self.open_rules(rule)
            return True
        return super().handle(ev)


class CoachPanel(SidePanel):
    """The side panel of a coached game: the buttons and the hand's cards
    the lesson's step is about wear a gold ring."""

    def _draw_buttons(self, c, L, th, clear: bool) -> None:
        super()._draw_buttons(c, L, th, clear)
        marked = set(self.screen.pointer().buttons)
        for b in self.panel_buttons.buttons:
            on = b.active and isinstance(b.command, Pick) and b.command.what == "mode"    # that mode is on already
            if (b.command in marked or b.label in marked) and b.enabled and not on:
                pygame.draw.rect(c, GOLD, b.rect.inflate(th.px(6), th.px(6)), th.px(3), border_radius=th.px(8))

    def _draw_top(self, c, L, th, clear: bool) -> None:
        """The hand panel's cards the step is about wear the gold ring too
        (a movement card to play, a village's item to buy, a hexagon of
        Warbound's Action Board)."""
        marked = set(self.screen.pointer().cards)
        if marked != getattr(self, "_marked_cards", None):
            self._marked_cards = marked
            self._top_parts = None              # the rings moved: draw the hand again
        super()._draw_top(c, L, th, clear)
        if marked:
            for r, cd in self.hand_rects:
                if cd.key in marked:
                    pygame.draw.rect(c, GOLD, r.inflate(th.px(4), th.px(4)), th.px(3), border_radius=th.px(6))


def draw_mark(surf, x: int, y: int, r: int, th) -> pygame.Rect:
    """A gold ring with a dark edge and an arrow above it pointing down."""
    w = max(3, r // 7)
    pygame.draw.circle(surf, (20, 20, 20), (x, y), r + w // 2 + 2, w + 4)
    pygame.draw.circle(surf, GOLD, (x, y), r, w)
    tip = (x, y - r - th.px(4))
    a = r * 0.55
    pts = [tip, (tip[0] - a * 0.6, tip[1] - a), (tip[0] + a * 0.6, tip[1] - a)]
    pygame.draw.polygon(surf, (20, 20, 20), [(px + (1 if i else 0), py) for i, (px, py) in enumerate(pts)])
    pygame.draw.polygon(surf, GOLD, [(int(px), int(py)) for px, py in pts])
    size = int(r + w + 6)
    return pygame.Rect(x - size, int(y - r - a - th.px(8)), 2 * size, int(2 * size + a + th.px(8)))


def next_lesson(lesson: Lesson) -> Lesson | None:
    """The lesson after this one on the game's page, if it reads."""
    files = lesson_files(lesson.game)
    names = [p.stem for p in files]
    if lesson.id not in names:
        return None
    for p in files[names.index(lesson.id) + 1:]:
        try:
            return Lesson(p)
        except Exception:  # noqa: BLE001 - a broken file is skipped (the Learn page lists it)
            continue
    return None


def open_lesson(app, lesson) -> str | None:
    """Open a lesson in the coach; the reason in words when it cannot start
    (its position refused: the file's line), the page staying as it is."""
    from engine.core.catalog import DataError
    try:
        app.open("tutorial", lesson, replace=True)
    except DataError as e:
        return f"This lesson cannot start: {e.problems[0] if e.problems else e}"
    return None


def start_guided(app, game: str):
    """A new guided first game, a game in progress of its own."""
    from engine.core.sessions import hold, new_autosave_path
    path = guided_file(game)
    lesson = Lesson(path)
    match = lesson.new_match(autosave_path=new_autosave_path(game))
    hold(match)                  # one window per game in progress (engine/core/locks.py)
    match.autosave()
    return app.open("guided", lesson, match, replace=True)


def match_scene(app, match, **kwargs):
    """The "match" route: the match screen, or the coach when the match is a
    guided first game (resumed from Games, loaded, after a crash).  A replay
    of a finished one is the plain screen."""
    from engine.core import guided
    if match.setup.options.get(guided.KEY) and kwargs.get("replay") is None:
        lesson = guided_lesson(match.setup.game)
        if lesson is not None:
            return TutorialScreen(app, lesson, match, headless=kwargs.get("headless", False))
    return MatchScreen(app, match, **kwargs)


def guided_lesson(game: str) -> Lesson | None:
    path = guided_file(game)
    try:
        return Lesson(path) if path is not None else None
    except Exception:  # noqa: BLE001 - the guided file no longer reads: the plain match screen
        return None


def resume_guided(app, match):
    """A guided game's save opened again: the coach finds its place."""
    lesson = guided_lesson(match.setup.game)
    if lesson is None:
        return None
    return app.open("guided", lesson, match, replace=True)

