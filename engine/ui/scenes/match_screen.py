"""The generic match screen: board left, panel right, hint bar below.

The game's View says what to draw and its Controller turns clicks, keys and
buttons into Actions; this screen submits them (Match.submit), runs
computer seats, animates, handles undo/save/handoff/game over, and caches
everything static so a frame is a few blits.  Its parts are components
that own their layout: the board view (engine/ui/boards/board_view.py, with
the board's input), the side panel (match_panel.py, with its clicks), the
hint bar (engine/ui/panels/hint_bar.py); the screen routes each event to
them.  The house-rule override offer lives in match_override.py and saving in
match_saving.py (mixins of this screen).
"""
from __future__ import annotations

import math
import time

import pygame

from engine.core.actions import Action
from engine.core.limits import cut_text
from engine.core.rules import Illegal
from engine.ui import courtesy
from engine.ui import theme as T
from engine.ui import widgets as W
from engine.ui.ai_runner import AIRunner
from engine.ui.scene import ARROW_KEYS, Scene, key_name, mods_of, scene_class
from engine.ui.scenes.dialogs import ChoiceDialog, Handoff, Modal, RefusalWatch
from engine.ui.scenes.match_override import OverrideOffers
from engine.ui.scenes.match_saving import MatchSaving
from engine.ui.scenes.match_panel import SidePanel
from engine.ui.contract import Choice, HoverInfo, load_game_ui
from engine.ui.boards.board_view import BoardView
from engine.ui.boards.hexboard import UNIT, HexBoard
from engine.ui.panels.table_dice import GlyphDiceTray, dressed_rolls
from engine.ui.boards.tableboard import TableBoard, TableOverlay
from engine.ui.panels.hint_bar import ALLOW_ANYWAY, HintBar, bar_height
from engine.ui.panels.log_view import LogView
from engine.ui.panels.tooltip import Tooltips

AI_PACE = 0.6          # seconds between computer moves, so a person can follow
GLIDE = 0.15           # seconds a moving piece takes


def hint_lines(hint) -> list:
    """The hint panel's words (an engine.core.hint.Hint): why, in the
    game's words; the odds of each step where dice decide (the rules'
    previews); what "Play it" does; the other ideas weighed, by name.  No
    figure of the search: its values are its own business."""
    lines = []
    if hint.why:
        lines.append((f"Why: {hint.why}", T.TEXT))
    for ln in hint.odds:
        lines.append((ln, T.ACCENT))
    if len(hint.steps) > 1:
        lines.append((f"Play it: all {len(hint.steps)} steps, in this order.", T.MUTED))
    if hint.others:
        lines.append(("Also weighed: " + "; ".join(hint.others), T.MUTED))
    return lines


def along(pts: list, f: float) -> tuple[float, float]:
    """The point a fraction f of the way along a polyline."""
    if len(pts) == 1:
        return pts[0]
    segs = [math.dist(a, b) for a, b in zip(pts, pts[1:])]
    total = sum(segs) or 1.0
    d = f * total
    for (a, b), seg in zip(zip(pts, pts[1:]), segs):
        if d <= seg:
            g = 0.0 if seg == 0 else d / seg
            return (a[0] + (b[0] - a[0]) * g, a[1] + (b[1] - a[1]) * g)
        d -= seg
    return pts[-1]


class MatchScreen(OverrideOffers, MatchSaving, Scene):
    allows_overrides = True          # "Allow anyway (house rule)…" on a refusal (engine/core/overrides.py)

    def __init__(self, app, match, headless: bool = False, replay: list | None = None):
        super().__init__(app)
        self.match = match
        # a finished game played back: the recorded actions, stepped through one by one
        self.replay = list(replay) if replay is not None else None
        self.replay_pos = 0
        self.rules = match.rules
        self.view, self.ctl = load_game_ui(match)
        self.refusals = RefusalWatch.attach(self.ctl)      # the refusals the controller meets, for overrides
        self.override_offer = None           # (version, message, action, Illegal): a refusal the group may allow
        self.space = getattr(self.view, "space", "hex")      # hex | table (the view says which)
        self.board_view = BoardView(app.theme, self.new_board, self.view_board_key, self.draw_board, self, self.space)
        self.hint_bar = HintBar(app.theme, self.space, lambda: (*self.hint_text(), self.shown_override() is not None))
        self.version = 0
        self.dice = GlyphDiceTray()
        self.log = LogView()
        self.log.color_of = lambda p: T.rgb(self.view.player_color(self.match.state, p)) if p is not None and p >= 0 else T.ACCENT
        self.ai = AIRunner()
        self.instant = False                 # I: computer moves without pauses
        self.stepping = False                # P: step-through, one computer action per Space
        self.step_go = False
        self.hinter = AIRunner()             # H: what the hard computer would do for the human
        self.hint_for = -1                   # the version a hint is being thought for
        self.last_change = 0.0
        self.glides: dict = {}               # key -> (world points of the path, t, duration)
        self.mouse = (0, 0)
        self.panel = self.make_panel()
        self.tooltips = Tooltips(app.theme)
        self.decision_dlg = None             # the DecisionDialog shown for the controller's decision()
        self._decision_sig = None
        self.toast = ("", T.TEXT, 0.0)
        self.last_human = None
        self.last_interrupt = False
        self.pending_handoff = None
        self.over_shown = False
        self._tokens = None
        self._tokens_v = -1
        self._by_unit = (-1, {})              # (version, unit -> its models): tokens_of()
        self._overlays = []
        self._overlays_v = -1
        self._panel_cache: dict = {}          # never read: its pops stay until the panel's commands are values
        self._tip_rect = None
        self._clean = False
        self._last_frame = -1
        self._last_surf = None
        self.dirty_rects = None
        self.headless = headless
        self.ai_error = ""
        self.ai_failed = -1
        self._load_dice_from_log(animate=False)
        self.state_changed(initial=True)
        if match.recovered is not None:           # opened short of a save that stopped replaying (launcher)
            kept, total, why = match.recovered
            self.say(f"Opened as it stood after action {kept} of {total}: action {kept + 1} no longer follows "
                     f"this version's rules ({why})", T.WARN, 12.0)
        if not getattr(app, "headless", True):
            pygame.display.set_caption(f"Warbench — {getattr(self.rules, 'title', match.setup.game)}")

    # --- helpers ----------------------------------------------------------------
    @property
    def state(self):
        return self.match.state

    def seat(self, p: int) -> str:
        seats = self.match.setup.seats
        if 0 <= p < len(seats):
            return seats[p] or "human"
        return "human"

    def is_human(self, p: int) -> bool:
        return self.replay is not None or self.seat(p) == "human"

    def to_act(self) -> int:
        try:
            return self.rules.to_act(self.state)
        except Exception:  # noqa: BLE001 - a finished game may have no one to act
            return -1

    def all_computer(self) -> bool:
        return all(not self.is_human(p) for p in range(self.match.setup.players))

    def human_turn(self) -> bool:
        return self.replay is None and self.match.outcome() is None and self.is_human(self.to_act())

    def replay_step(self) -> None:
        """Play the next recorded action of a replay (its recorded dice follow)."""
        if self.replay_pos >= len(self.replay):
            self.say("That was the last action of the game.", T.MUTED)
            return
        step = self.replay[self.replay_pos]
        before = self.spots()
        try:
            self.match.play_recorded(step, autosave=False)
        except Exception as e:  # noqa: BLE001 - Illegal, or a hand-edited history file
            self.say(f"The recorded game does not replay here: {e}", T.BAD)
            return
        self.replay_pos += 1
        self.state_changed(entry=self.match.log[-1], before=before)

    def player_name(self, p: int) -> str:
        try:
            return self.rules.player_name(self.state, p)
        except Exception:  # noqa: BLE001 - a name is a courtesy: logged (courtesy.py), the seat's number shown
            courtesy.failed("the player's name")
            return f"Player {p + 1}"

    def tokens(self):
        """The pieces drawn: TokenSpecs on hexes, or ModelSpecs on the table."""
        if self._tokens_v != self.version:
            self._tokens = self.view.models(self.state) if self.space == "table" else self.view.tokens(self.state)
            self._tokens_v = self.version
        return self._tokens

    def tokens_of(self, unit) -> list:
        """The table's models of one unit, in drawing order (grouped once per position)."""
        if self._by_unit[0] != self.version:
            by: dict = {}
            for m in self.tokens():
                by.setdefault(m.unit, []).append(m)
            self._by_unit = (self.version, by)
        return self._by_unit[1].get(unit, [])

    def spots(self) -> dict:
        """Where each piece stands: key -> hex, or (x, y) inches on the table."""
        if self.space == "table":
            return {m.key: (m.foot.x, m.foot.y) for m in self.tokens()}
        return {t.key: t.hex for t in self.tokens()}

    def overlays(self):
        """Dynamic labels (hex: banners) or markers (table: objectives that change hands)."""
        if self._overlays_v != self.version:
            name = "markers" if self.space == "table" else "overlays"
            self._overlays = list(getattr(self.view, name, lambda s: [])(self.state))
            self._overlays_v = self.version
        return self._overlays

    # --- the components -------------------------------------------------------------
    def make_panel(self) -> SidePanel:
        return SidePanel(self)

    @property
    def panel_rect(self) -> pygame.Rect:
        return self.panel.rect

    @property
    def panel_buttons(self) -> W.ButtonRow:
        return self.panel.panel_buttons

    @property
    def tool_buttons(self) -> W.ButtonRow:
        return self.panel.tool_buttons

    @property
    def hand_rects(self) -> list:
        return self.panel.hand_rects

    @property
    def tray_rects(self) -> list:
        return self.panel.tray_rects

    @property
    def hint_rect(self) -> pygame.Rect:
        return self.hint_bar.rect

    @property
    def override_rect(self) -> pygame.Rect | None:
        """The hint bar's "Allow anyway" button, on screen (None: not offered)."""
        return self.hint_bar.override_rect

    def say(self, text: str, color=T.TEXT, secs: float = 4.0) -> None:
        self.toast = (text, color, time.perf_counter() + secs)

    # --- layout -------------------------------------------------------------------
    def areas(self, size) -> dict[str, pygame.Rect]:
        """Where each component goes in a window of `size`: the board left,
        the hint bar under it, the panel right (about 30%)."""
        w, h = size
        pw = max(int(w * 0.30), 360)
        hint_h = bar_height(self.app.theme)
        return {"board": pygame.Rect(0, 0, w - pw, h - hint_h), "hint": pygame.Rect(0, h - hint_h, w - pw, hint_h),
                "panel": pygame.Rect(w - pw, 0, pw, h)}

    def resize(self, size) -> None:
        """The window's size changed (or the screen opened): every component is laid out again."""
        areas = self.areas(size)
        self.board_view.layout(areas["board"])
        self.hint_bar.layout(areas["hint"])
        self.panel.layout(areas["panel"])
        self._panel_cache.clear()
        self.sync_decision()
        handoff, self.pending_handoff = self.pending_handoff, None
        if handoff is not None and self in self.app.stack:
            self.app.push(handoff)       # opened on private information: hand over first

    # --- the board ------------------------------------------------------------------------
    @property
    def board(self):
        return self.board_view.board

    @property
    def board_rect(self) -> pygame.Rect:
        return self.board_view.rect

    def new_board(self):
        if self.space == "table":
            return TableBoard(self.view.table(), self.view)
        return self.make_hex_board()

    def make_hex_board(self):
        if hasattr(self.view, "make_board"):       # a game's own HexBoard (engine/ui/gameui_extra.py)
            return self.view.make_board()
        return HexBoard(self.view.hexes(), self.view.terrain, self.view.labels(),
                        region=getattr(self.view, "region", None))

    def view_board_key(self):
        """What the hex map's drawing depends on beyond the view's first
        look: a view whose map changes during the game (Dice Wars' players
        laying tiles) says so with `board_key(state)`."""
        if self.space == "table" or not hasattr(self.view, "board_key"):
            return None
        return self.view.board_key(self.state)

    # --- state changes --------------------------------------------------------------
    def state_changed(self, initial: bool = False, entry=None, before=None, undone: bool = False) -> None:
        self.version += 1
        self.board_view.sync()
        if self.space == "table" and not initial:
            try:
                self.board.set_zones(self.view.zones(self.state))
            except TypeError:
                pass
        self.ctl.reset()
        self.board_view.hover_info = None
        self.panel.card_scroll = 0
        self._panel_cache.pop("buttons", None)
        self.ai.cancel()
        self.ai_error = ""
        self.last_change = time.perf_counter()
        animate = not self.instant and not self.all_computer() and not self.headless
        if entry is not None:
            rolls = self.rolls_of(entry)
            if rolls:
                self.dice.set_rolls(rolls, animate)
        if before is not None and animate:
            paths = {}
            for ev in (entry.events if entry is not None else []):
                d = ev.data if isinstance(ev.data, dict) else {}
                if d.get("path") and d.get("uid") is not None:
                    paths[d["uid"]] = [tuple(h) for h in d["path"]]
            after = self.spots()
            for key, h in after.items():
                b = before.get(key)
                if b is not None and b != h:
                    path = paths.get(key)
                    if not path or path[0] != b or path[-1] != h:
                        path = [b, h]
                    pts = list(path) if self.space == "table" else [UNIT.to_pixel(x) for x in path]
                    dur = min(0.45, GLIDE + 0.04 * (len(pts) - 2))
                    self.glides[key] = (pts, 0.0, dur)
        self.sync_decision()
        self.check_handoff(initial, undone)          # a new person: the last one's selection is cancelled
        self.relayout()
        out = self.match.outcome()
        if out is not None and not self.over_shown:
            self.over_shown = True
            if not self.headless:
                self.show_game_over(out)

    def rolls_of(self, entry) -> list[dict]:
        """An entry's rolls for the tray; a view's `dice_faces(data)` may
        give custom dice their glyph faces and tier colours."""
        return dressed_rolls(entry, getattr(self.view, "dice_faces", None))

    def _load_dice_from_log(self, animate: bool) -> None:
        for entry in reversed(self.match.log):
            r = self.rolls_of(entry)
            if r:
                self.dice.set_rolls(r, animate)
                return
        self.dice.set_rolls([], False)

    def humans(self) -> list[int]:
        return [q for q in range(self.match.setup.players) if self.is_human(q)]

    def holds_private(self) -> bool:
        """Does any person's seat hold private information now (a hand)?"""
        for q in self.humans():
            try:
                if self.rules.hidden_from_others(self.state, q):
                    return True
            except Exception:  # noqa: BLE001 - treat a failing rule as private: hand over (logged)
                courtesy.failed("whether a seat holds something private")
                return True
        return False

    def check_handoff(self, initial: bool = False, undone: bool = False) -> None:
        """Hand the screen over when another person is to decide and the
        position holds something private, or a decision interrupts a turn;
        on opening a match (start, resume, load) with private information;
        and after an undo that changes who is to act."""
        if self.match.outcome() is not None or self.replay is not None:
            return
        p = self.to_act()
        if p < 0 or not self.is_human(p):
            return
        try:
            interrupt = bool(self.view.decision_is_interrupt(self.state))
        except Exception:  # noqa: BLE001 - logged (courtesy.py); no interrupt assumed
            courtesy.failed("whether the decision interrupts a turn")
            interrupt = False
        last = self.last_human
        several = len(self.humans()) > 1
        note = ""
        show = False
        if initial and several and self.holds_private():
            show, note = True, "The game holds private cards: only this player should look."
        elif undone and last is not None and last != p and several:
            show, note = True, "An undo gave the decision back to this player."
        elif last is not None and last != p and several:
            hidden = False
            try:
                hidden = self.rules.hidden_from_others(self.state, last) or self.rules.hidden_from_others(self.state, p)
            except Exception:  # noqa: BLE001 - treat a failing rule as private (logged)
                courtesy.failed("whether a seat holds something private")
                hidden = True
            if hidden or interrupt or self.last_interrupt:
                show = True
                note = "A decision during another player's turn." if interrupt else ""
                if self.last_interrupt and not interrupt:
                    note = "Back to your turn."
        if last is not None and last != p and several:
            # another person sits down: nothing of the last one's selection stays on the screen
            for _ in range(8):
                if not self.ctl.cancel():
                    break
        if show and not self.headless:
            handoff = Handoff(self.app, self.player_name(p), self.view.player_color(self.state, p), note,
                              on_ready=self.relayout)
            if self in self.app.stack:
                self.app.push(handoff)
            else:
                self.pending_handoff = handoff     # pushed above this screen when it is opened (resize)
        self.last_human = p
        self.last_interrupt = interrupt

    # --- hands and decisions (optional controller parts: engine/ui/gameui_extra.py) ------
    def hand_viewer(self) -> int:
        """Whose private hand may be on screen now: the human to act; with a
        single human seat, that human (nobody else is looking); else nobody."""
        if self.match.outcome() is not None:
            return -1
        p = self.to_act()
        if p >= 0 and self.is_human(p):
            return p
        humans = [q for q in range(self.match.setup.players) if self.is_human(q)]
        return humans[0] if len(humans) == 1 else -1

    def sync_decision(self) -> None:
        """Show the controller's decision() in a modal panel over the board
        while the human to act must answer it; the panel sits right above
        this screen in the stack, so a handoff always covers it."""
        fn = getattr(self.ctl, "decision", None)
        if fn is None or self not in self.app.stack:
            return
        self._decision_sig = (self.version, self.ctl_sig(), self.human_turn())
        try:
            spec = fn() if self.human_turn() else None
        except Exception:  # noqa: BLE001 - the screen goes on without the panel (logged)
            courtesy.failed("the decision panel")
            spec = None
        dlg = self.decision_dlg
        if dlg is not None and dlg not in self.app.stack:
            dlg = self.decision_dlg = None
        if spec is None:
            if dlg is not None:
                self.app.pop(dlg)
                self.decision_dlg = None
            return
        if dlg is not None:
            dlg.set_spec(spec)
            return
        dlg = scene_class("decision")(self.app, spec, lambda: self.board_rect, self.decision_command, self.open_rules)
        self.app.stack.insert(self.app.stack.index(self) + 1, dlg)
        dlg.resize(self.app.size)
        self.app.dirty = True
        self.decision_dlg = dlg

    def decision_command(self, command) -> None:
        if self.human_turn():
            self.after_input(self.ctl.press(command))
            self.board_view.hover_key = None
        self.sync_decision()

    def submit(self, action) -> bool:
        """Submit an Action (or ask which, for a Choice).  True when applied."""
        if self.replay is not None:
            self.say("A replay: → or Space plays the next recorded action.", T.MUTED)
            return False
        if isinstance(action, Choice):
            def pick(i, ch=action):
                self.submit(ch.actions[i])
            self.app.push(ChoiceDialog(self.app, action.prompt, action.labels, pick, action.detail))
            return False
        if isinstance(action, (list, tuple)):
            # a controller may chain actions (activate a unit, then move it):
            # submitted in order, stopping at the first refusal
            done = False
            for a in action:
                if not self.submit(a):
                    break
                done = True
            return done
        if not isinstance(action, Action):
            return False
        before = self.spots()
        try:
            self.match.submit(action)
        except Illegal as e:
            self.ctl.message = e.reason
            self.ctl.message_rule = e.rule
            self.log.note(e.reason, e.rule)
            self.say(f"Refused: {e.reason}" + (f" ({e.rule})" if e.rule else ""), T.BAD)
            self.offer_override(action, e, self.toast[0])
            return False
        reason, self.ai_reason = getattr(self, "ai_reason", ""), ""
        self.match.explain_last(reason)      # the computer explains its choice: a "Why:" line, kept in the save
        self.state_changed(entry=self.match.log[-1], before=before)
        self.check_autosave()
        return True

    def undo_player(self) -> int:
        """Who presses undo: the person to act; while a computer seat is to
        act, the person who acted last (with one person, that person)."""
        p = self.to_act()
        if p >= 0 and self.is_human(p):
            return p
        if self.last_human is not None:
            return self.last_human
        humans = [q for q in range(self.match.setup.players) if self.is_human(q)]
        return humans[0] if humans else p

    def undo(self) -> None:
        if self.replay is not None:
            self.say("A replay: → or Space plays the next recorded action.", T.MUTED)
            return
        who = self.undo_player()
        why = self.match.undo_refusal(who)
        if why is not None:
            self.say(why, T.WARN)
            return
        before = self.to_act()
        self.ai.cancel()
        self.match.undo(who)
        self.glides.clear()
        self._load_dice_from_log(animate=False)
        # an undo that changes who is to act hands the screen over
        self.last_human = before if before >= 0 and self.is_human(before) else None
        self.over_shown = self.match.outcome() is not None
        self.state_changed(undone=True)
        self.say("Undone.", T.MUTED, 2.0)
        self.check_autosave()

    # --- dialogs --------------------------------------------------------------------
    def show_game_over(self, out) -> None:
        names = [self.player_name(p) for p in out.winners]
        if not names:
            title = "The game is over"
        elif self.match.setup.players > 1 and len(set(out.winners)) >= self.match.setup.players:
            title = "A draw"            # every side a winner: how Battle Valor reports a drawn battle
        elif len(names) == 1:
            title = f"{names[0]} wins!"
        else:
            title = " and ".join(names) + " win!"
        col = T.rgb(self.view.player_color(self.state, out.winners[0])) if out.winners else T.ACCENT

        def on(cmd, dlg):
            if cmd == "menu":
                self.to_menu()
            elif cmd == "save":
                self.open_save()
            return True
        self.app.push(Modal(self.app, title, [(out.reason, T.TEXT)],
                            [("View the board", "close", "Esc"), ("Save", "save", "S"), ("Main menu", "menu", "M")],
                            on=on, escape_cmd="close", accent=col, link=out.rule))

    def open_rules(self, rule: str = "") -> None:
        fname = f"{self.match.setup.game}.txt"
        self.app.open("rules", rule, fname)

    def open_menu(self) -> None:
        def on(cmd, dlg):
            if cmd in ("save", "rules", "undo"):
                self.run_tool(cmd)
            elif cmd == "help":
                self.open_help()
            elif cmd in ("concede", "draw"):
                self.confirm_ending(cmd)
            elif cmd == "menu":
                self.to_menu()
            elif cmd == "quit":
                self.app.leave(self.app.quit)
            return True
        saved = ("The game is saved after every action." if self.match.autosave_error is None else
                 (f"The autosave is failing ({cut_text(self.match.autosave_error, 200)}): use Save.", T.BAD))
        ending_rows = ([("Concede", "concede", "C"), ("Agree a draw", "draw", "D")]
                       if self.match.outcome() is None else [])
        self.app.push(Modal(self.app, "Menu", [saved],
                            [("Resume", "close", "Esc"), ("Save", "save", "S"), ("Undo", "undo", "U"),
                             ("Rules", "rules", "R"), ("Keys", "help", "K")] + ending_rows
                            + [("Main menu", "menu", "M"), ("Quit", "quit", "Q")],
                            on=on, escape_cmd="close", width=460, vertical=True))

    def ending_player(self) -> int:
        """Who concedes or proposes the draw: the person at the screen (the
        player to act if human, else the first human seat)."""
        p = self.to_act()
        if p >= 0 and self.is_human(p):
            return p
        humans = [q for q in range(self.match.setup.players) if self.is_human(q)]
        return humans[0] if humans else max(p, 0)

    def confirm_ending(self, cmd: str) -> None:
        """Concede or agree a draw (engine/core/ending.py): every game, after
        a confirmation, so a group can always end a game."""
        from engine.core import ending
        p = self.ending_player()
        name = self.player_name(p)
        if cmd == "concede":
            title, text = f"{name} concedes?", f"{name} gives up; the other side wins. This cannot be undone."
            action = ending.concede(p)
        else:
            title, text = "Agree a draw?", "Every player at the table agrees to end the game with no winner."
            action = ending.draw(p)

        def on(c, dlg):
            if c == "yes":
                self.ai.cancel()
                self.submit(action)
            return True
        self.app.push(Modal(self.app, title, [text], [("Yes, end the game", "yes", "Enter"), ("Cancel", "cancel", "Esc")],
                            on=on))

    def open_help(self) -> None:
        spot = "spot on the table" if self.space == "table" else "hex"
        lines = [
            f"Left click: select a piece, then click a highlighted {spot} or piece to act.",
            "Right click or Esc: cancel the selection.  Hover anything for details and odds.",
            "Drag or arrow keys: pan.  Wheel: zoom at the cursor.  F: fit the board.",
            "U or Ctrl+Z: undo your own last decision (never past a die roll, a reveal or a handoff).",
            "Ctrl+S: save.  F1: rules.  F12: screenshot.",
            "Ctrl+O: allow a refused action anyway (house rule): a note, and everyone at the table agrees.",
            "Space: skip an animation or the computer's pause.  I: computer moves instantly.",
            "P: computer pace: readable, step-through (Space plays each computer action), instant.",
            "H: hint: what the hard computer would do in your place, why, and the odds.  K or ?: these keys.",
        ]
        extra = getattr(self.ctl, "help_lines", lambda: [])()
        self.app.push(Modal(self.app, "Keys and mouse", lines + list(extra), [("Close", "close", "Esc")],
                            escape_cmd="close", width=1000))

    def to_menu(self) -> None:
        """Back to the launcher (asking first while changes are saved nowhere)."""
        if not self.ask_before_leaving(self.to_menu):
            return
        self.ai.cancel()
        if not getattr(self.app, "headless", True):
            pygame.display.set_caption("Warbench")
        self.app.open("launcher", replace=True)

    def on_close(self) -> None:
        """The screen leaves the game: another window may open it now."""
        self.ai.cancel()
        lock = getattr(self.match, "lock", None)
        if lock is not None:
            lock.release()

    # --- events ---------------------------------------------------------------------
    def handed_over(self) -> bool:
        """A handoff hides the screen (or will, once it opens): nothing of it is shown, nor asked."""
        if self.pending_handoff is not None:
            return True
        stack = self.app.stack
        return self in stack and any(isinstance(s, Handoff) for s in stack[stack.index(self) + 1:])

    def relayout(self) -> None:
        """What the components show may have changed (an input, a new
        position, a hover, a tick): the panel lays its sections out again if so."""
        self.panel.relayout()

    def handle(self, ev) -> bool:
        handled = self.route(ev)
        self.relayout()
        return handled

    def route(self, ev) -> bool:
        """Each event to the component it is for: the board first (a press on
        it, or a drag it is in), then the hint bar's offer, then the panel."""
        t = ev.type
        if t == pygame.KEYDOWN:
            return self.keydown(ev)
        if t == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        done = self.board_view.handle(ev)
        if done is not None:
            return done
        if t == pygame.MOUSEMOTION:
            changed = self.update_hover(ev.pos)
            if self.panel.motion(ev.pos):
                changed = True
            return changed or bool(self.panel_buttons.hover) or bool(self.hover_info and self.hover_hex is not None)
        if t == pygame.MOUSEWHEEL:
            return bool(self.panel.wheel(pygame.mouse.get_pos(), ev.y))
        if t == pygame.MOUSEBUTTONDOWN:
            if self.hint_bar.handle(ev) == ALLOW_ANYWAY and self.shown_override() is not None:
                self.ask_override()
                return True
            if ev.button == 1:
                return self.panel_click(ev.pos)
        return False

    def update_hover(self, pos, force: bool = False) -> bool:
        """What the pointer is on: the board view's (BoardView.hover)."""
        changed = self.board_view.hover(pos, force)
        self.relayout()
        return changed

    @property
    def hover_hex(self):
        """The spot under the pointer: a hex, or a table point (None: off the board)."""
        return self.board_view.hover_hex

    @property
    def hover_info(self) -> HoverInfo | None:
        """What the controller says of the spot under the pointer."""
        return self.board_view.hover_info

    def ctl_sig(self):
        try:
            return self.ctl.signature()
        except AttributeError:
            return None

    def after_input(self, result) -> None:
        if isinstance(result, (Action, Choice, list, tuple)):
            self.submit(result)
        if self.ctl.message and self.ctl.message_rule:      # a refusal: whole, with its rule, in the log too
            self.log.note(self.ctl.message, self.ctl.message_rule)
        self.watch_refusal()
        self._panel_cache.pop("buttons", None)
        if self._decision_sig is not None and self._decision_sig != (self.version, self.ctl_sig(), self.human_turn()):
            self.sync_decision()
        self.relayout()

    def panel_click(self, pos) -> bool:
        """A left click on the side panel: the panel's (SidePanel.click)."""
        return self.panel.click(pos)

    def run_tool(self, cmd: str) -> None:
        if cmd == "next":
            self.replay_step()
        elif cmd == "undo":
            self.undo()
        elif cmd == "save":
            self.open_save()
        elif cmd == "rules":
            self.open_rules()
        elif cmd == "menu":
            self.open_menu()
        elif cmd == "hint":
            self.request_hint()

    # --- hint and pace ------------------------------------------------------------
    def request_hint(self) -> None:
        """Ask the hard computer what it would do for the human to act (in a
        worker, on a copy: it sees only what that player may see)."""
        if self.match.outcome() is not None or not self.human_turn():
            self.say("Hints are for your own decisions.", T.MUTED, 2.0)
            return
        if self.hint_for == self.version and self.hinter.thinking:
            return
        from engine.ui.ai_runner import agent_names
        level = "hard" if "hard" in agent_names(self.match.setup.game) else "normal"
        self.hint_for = self.version
        self.hinter.start(self.match, self.version, level, plan=True)
        self.say(f"Thinking about your position (the {level} computer)…", T.MUTED, 6.0)

    def poll_hint(self) -> bool:
        if self.hint_for < 0:
            return False
        if self.hint_for != self.version:           # the position moved on: drop it
            self.hinter.cancel()
            self.hint_for = -1
            return False
        if not self.hinter.ready(self.version):
            return False
        self.hint_for = -1
        try:
            action = self.hinter.take()
        except Exception as e:  # noqa: BLE001 - a hint must never break the game
            self.say(f"No hint: {type(e).__name__}: {e}", T.BAD)
            return True
        hint = self.hinter.hint
        if action is None or hint is None:
            return True
        self.toast = ("", T.TEXT, 0.0)
        self.app.push(Modal(self.app, "Hint: " + hint.title, hint_lines(hint),
                            [("Play it", "play", "Enter"), ("Close", "close", "Esc")],
                            on=lambda cmd, dlg: (self.play_hint(hint) if cmd == "play" else None) or True,
                            escape_cmd="close", width=900))
        return True

    def play_hint(self, hint) -> None:
        """Play it: every step of the hint in order; where one can no longer
        be made (a counterstrike or a roll changed the position), stop and
        say which part was played and why the rest was not."""
        done = []
        for step, words in zip(hint.steps, hint.said):
            if done:
                why = None
                if self.to_act() != step.player:
                    why = "the decision has passed to another player"
                else:
                    refused = self.rules.check(self.state, step)
                    if refused is not None:
                        why = refused.reason
                if why is not None:
                    self.say(f"Played: {'; '.join(done)}. Not played: {words} ({why}).", T.WARN, 8.0)
                    return
            if not self.submit(step):
                if done:
                    self.say(f"Played: {'; '.join(done)}. Not played: {words}.", T.WARN, 8.0)
                return
            done.append(words)
        if len(done) > 1:
            self.say(f"Played: {'; '.join(done)}.", T.MUTED, 5.0)

    def cycle_pace(self) -> None:
        """P: readable pace -> step-through (Space plays the next computer
        action) -> instant -> readable pace."""
        if not self.instant and not self.stepping:
            self.stepping, self.instant = True, False
            self.say("Step-through: Space plays the next computer action.", T.MUTED)
        elif self.stepping:
            self.stepping, self.instant = False, True
            self.say("Computer moves instantly.", T.MUTED)
        else:
            self.stepping, self.instant = False, False
            self.say("Computer moves at a readable pace.", T.MUTED)

    def keydown(self, ev) -> bool:
        k = ev.key
        mods = mods_of(ev)
        name = key_name(ev)
        if self.replay is not None and k in (pygame.K_RIGHT, pygame.K_SPACE, pygame.K_RETURN, pygame.K_n):
            if self.dice.skip() or self.glides:      # first finish the animation
                self.glides.clear()
            else:
                self.replay_step()
            return True
        if "ctrl" in mods:
            if k == pygame.K_z:
                self.undo()
                return True
            if k == pygame.K_s:
                self.open_save()
                return True
            if k == pygame.K_o:
                self.ask_override()
                return True
            return False
        if k == pygame.K_F1:
            self.open_rules()
            return True
        if k == pygame.K_ESCAPE:
            if not self.ctl.cancel():
                self.open_menu()
            return True
        if k == pygame.K_SPACE:
            skipped = self.dice.skip()
            if self.glides:
                self.glides.clear()
                skipped = True
            if not self.human_turn():
                self.last_change = 0.0        # the computer need not wait
                self.step_go = True           # step-through: the next computer action
                skipped = True
            if skipped:
                return True
        if k == pygame.K_p and not self.human_turn():
            self.cycle_pace()
            return True
        if k == pygame.K_i and not self.human_turn():
            self.stepping = False
            self.instant = not self.instant
            self.say("Computer moves instantly." if self.instant else "Computer moves at a readable pace.", T.MUTED)
            return True
        if k == pygame.K_f or k in ARROW_KEYS:
            return bool(self.board_view.handle(ev))       # fit, or pan
        if self.human_turn() and k not in ARROW_KEYS:
            result = self.ctl.key(name, mods)
            if result is not None and result is not False:
                self.after_input(result)
                self.board_view.hover_key = None
                self.update_hover(self.mouse)
                return True
            self.watch_refusal()
        if k == pygame.K_u:
            self.undo()
            return True
        if k == pygame.K_h:
            self.request_hint()
            return True
        if k == pygame.K_p:
            self.cycle_pace()
            return True
        if k in (pygame.K_k, pygame.K_QUESTION) or name == "/":
            self.open_help()
            return True
        if k == pygame.K_i:
            self.stepping = False
            self.instant = not self.instant
            self.say("Computer moves instantly." if self.instant else "Computer moves at a readable pace.", T.MUTED)
            return True
        return False

    # --- time -----------------------------------------------------------------------
    def busy(self) -> bool:
        if self.dice.tumbling or self.glides:
            return True
        if (self.match.outcome() is None and not self.is_human(self.to_act()) and self.top_is_me()
                and self.ai_failed != self.version):
            return True
        if self.hint_for >= 0:
            return True
        return False

    def wake_in(self):
        """Seconds until the hint-bar message expires (the app sleeps until then)."""
        if self.toast[0]:
            return max(0.0, self.toast[2] - time.perf_counter())
        return None

    def top_is_me(self) -> bool:
        return self.app.top() is self

    def update(self, dt: float) -> bool:
        changed = False
        if self.dice.update(dt):
            changed = True
        if self.glides:
            done = []
            for key, (pts, t, dur) in self.glides.items():
                t += dt
                if t >= dur:
                    done.append(key)
                else:
                    self.glides[key] = (pts, t, dur)
            for key in done:
                del self.glides[key]
            changed = True
        if self.toast[0] and time.perf_counter() > self.toast[2]:
            self.toast = ("", T.TEXT, 0.0)
            changed = True
        if self.top_is_me():
            changed |= self.drive_ai()
        if self.top_is_me() or (self.decision_dlg is not None and self.app.top() is self.decision_dlg):
            changed |= self.poll_hint()         # a hint asked in a decision's panel shows over it
        if self._decision_sig is not None and self._decision_sig != (self.version, self.ctl_sig(), self.human_turn()):
            self.sync_decision()
            changed = True
        self.relayout()
        return changed

    def drive_ai(self) -> bool:
        if self.match.outcome() is not None:
            return False
        p = self.to_act()
        if p < 0 or self.is_human(p) or self.ai_failed == self.version:
            return False
        if not self.ai.thinking and not self.ai.ready(self.version):
            self.ai.start(self.match, self.version, self.seat(p))
            return True
        if self.ai.ready(self.version):
            pace = 0.0 if (self.instant or self.headless) else AI_PACE
            if not self.instant and (self.dice.tumbling or self.glides):
                return False
            if time.perf_counter() - self.last_change < pace:
                return False
            if self.stepping and not self.headless:
                if not self.step_go:
                    return False
                self.step_go = False
            try:
                action = self.ai.take()
            except Exception as e:  # noqa: BLE001 - a broken agent must not kill the game
                self.ai_failed = self.version      # do not retry this position in a loop
                self.ai_error = f"The computer player failed: {type(e).__name__}: {e} (undo, or save and report it)"
                self.say(self.ai_error, T.BAD, 10)
                from engine.ui.crashlog import write_crash_log
                import traceback
                write_crash_log("".join(traceback.format_exception(type(e), e, e.__traceback__)))
                return True
            if action is None:
                self.ai_failed = self.version
                return False
            self.ai_reason = self.ai.reason
            if not self.submit(action):
                self.ai_failed = self.version
                self.ai_error = f"The computer chose an illegal action: {action}"
                self.say(self.ai_error, T.BAD, 10)
            return True
        return False

    # --- drawing --------------------------------------------------------------------
    def hint_text(self) -> tuple[str, tuple]:
        text, col, until = self.toast
        if text and time.perf_counter() < until:
            return text, col
        if self.replay is not None:
            left = "the end" if self.replay_pos >= len(self.replay) else "→ or Space: the next"
            return (f"Replay: {self.replay_pos} of {len(self.replay)} recorded actions · {left} · Esc: menu",
                    T.ACCENT)
        if self.match.outcome() is not None:
            out = self.match.outcome()
            return f"Game over: {out.reason}", T.ACCENT
        p = self.to_act()
        if p >= 0 and not self.is_human(p):
            if self.ai_error:
                return self.ai_error, T.BAD
            if self.stepping:
                return (f"{self.player_name(p)} (computer): Space plays its next action · P: pace", T.MUTED)
            if self.ai.thinking:        # the worker thread is still deciding: a clock that moves shows it
                dots = "." * (1 + int((time.perf_counter() - self.ai.started) / 0.4) % 3)
                return (f"{self.player_name(p)} (computer) is thinking{dots:<3}  P: step-through · I: instant",
                        T.MUTED)
            return (f"{self.player_name(p)} (computer) has decided.  Space: skip the pause · P: step-through · "
                    f"I: instant", T.MUTED)
        if self.ctl.message:
            return self.ctl.message + (f"  ({self.ctl.message_rule})" if self.ctl.message_rule else ""), T.WARN
        return self.ctl.hint(), T.TEXT

    def draw_tooltip(self, surf):
        """Draw the hover text; returns its rect (or None)."""
        if self.board_view.press is not None and self.board_view.dragging:
            return None
        pos = self.mouse
        if self.board_rect.collidepoint(pos) and self.hover_info is not None and self.hover_hex is not None:
            info = self.hover_info
            extra = []
            for ln in info.preview:          # a preview's "Warning:" lines (e.g. hits on your own unit) in red
                extra.append((ln, T.BAD if ln.startswith("Warning:") else T.ACCENT))
            if info.illegal:
                extra.append((info.illegal + (f"  ({info.rule})" if info.rule else ""), T.BAD))
            return self.tooltips.show(surf, pos, info.title, info.lines, extra, self.board_rect, T.BAD if info.illegal else None)
        panel = self.panel
        if panel.hover_card is not None:
            cd = next((cd for r, cd in panel.hand_rects if cd.key == panel.hover_card and r.collidepoint(pos)), None)
            if cd is not None:
                return self.tooltips.show(surf, pos, cd.title + (f" · {cd.sub}" if cd.sub else ""),
                                     [ln for ln in cd.tip.split("\n") if ln], [], surf.get_rect(), None)
        b = self.panel_buttons.hover or self.tool_buttons.hover
        if b is not None and b.rect.collidepoint(pos) and b.tip:
            return self.tooltips.show(surf, pos, "", [b.tip], [], surf.get_rect(), None)
        if panel.hover_link:
            return self.tooltips.show(surf, pos, "", [f"Open the rules: {panel.hover_link}"], [], surf.get_rect(), None)
        return None

    def draw(self, surf: pygame.Surface) -> None:
        """A full frame, or (when the surface still holds our last frame)
        only what changed; `self.dirty_rects` lists it (None: everything)."""
        top = self.app.top() is self
        partial = (top and self._clean and self._last_frame == self.app.frames
                   and self._last_surf == (id(surf), surf.get_size()))
        old_tip = self._tip_rect
        restore = [old_tip] if (partial and old_tip) else []
        dirty_b = self.board_view.draw(surf, partial=partial, restore=restore)
        dirty: list | None = None if (dirty_b is None or not partial) else list(dirty_b)
        hint_changed = self.hint_bar.draw(surf, force=not partial or bool(old_tip and old_tip.colliderect(self.hint_rect)))
        if dirty is not None and hint_changed:
            dirty.append(self.hint_rect)
        panel_changed = self.panel.draw(surf, force=not partial or bool(old_tip and old_tip.colliderect(self.panel_rect)))
        if dirty is not None and panel_changed:
            dirty.append(self.panel_rect)
        self._tip_rect = self.draw_tooltip(surf)
        if dirty is not None and self._tip_rect:
            dirty.append(self._tip_rect)
        if dirty is not None and old_tip:
            dirty.append(old_tip)
        self.dirty_rects = dirty if top else None
        self._clean = top
        self._last_frame = self.app.frames + 1
        self._last_surf = (id(surf), surf.get_size())

    def board_highlights(self) -> dict:
        """What the board rings and fills: the controller's highlights on a
        human's turn (the coach narrows them to a lesson step's:
        engine/ui/scenes/tutorial.py).  The same dict while nothing changed:
        the board's layer cache is keyed by it."""
        return self.ctl.highlights() if self.human_turn() else {}

    def draw_board(self, surf, partial: bool = False, restore=None):
        if self.space == "table":
            return self.draw_table(surf, partial, restore)
        positions = None
        if self.glides:
            positions = {}
            for key, (pts, t, dur) in self.glides.items():
                f = min(1.0, t / dur)
                f = f * f * (3 - 2 * f)
                positions[key] = along(pts, f)
        self.board_view.sync()
        hl = self.board_highlights()
        hover_kind = "illegal" if (self.hover_info and self.hover_info.illegal) else "hover"
        sel_hex = None
        sel = self.ctl.selected()
        if sel is not None:
            for t in self.tokens():
                if t.key == sel:
                    sel_hex = t.hex
                    break
        layer_key = (self.version, self.ctl_sig(), self.human_turn(), id(hl))
        return self.board.draw(surf, hl, self.tokens(), self.hover_hex, hover_kind, positions, sel_hex,
                               self.overlays(), layer_key=layer_key, partial=partial, restore=restore)

    def draw_table(self, surf, partial: bool = False, restore=None):
        positions = None
        if self.glides:
            positions = {}
            for key, (pts, t, dur) in self.glides.items():
                f = min(1.0, t / dur)
                f = f * f * (3 - 2 * f)
                positions[key] = along(pts, f)
        ctl = self.ctl
        human = self.human_turn()
        hl = self.board_highlights()
        sel = ctl.selected()
        reach = None
        if human and sel is not None and ctl.movable(sel):
            reach = ctl.reach(sel)
        drag = ctl.drag
        moving = set(drag.start) if drag is not None else set()
        moving |= set(ctl.formation)
        legs, allowance, problem, grab = ctl.move_overlay()
        hover = []
        h = ctl.hovering
        if h is not None and drag is None and self.hover_hex is not None:
            hover = self.tokens_of(h.unit)
        kind = "illegal" if (self.hover_info and self.hover_info.illegal) else "hover"
        ghosts, ghost_problem = ctl.shown_placement() if (human and self.hover_hex is not None) else ([], "")
        try:
            shapes = list(ctl.overlay_shapes())
        except Exception:  # noqa: BLE001 - an aid must never break the screen (logged)
            courtesy.failed("the table's aids")
            shapes = []
        ov = TableOverlay(legs=legs, allowance=allowance, problem=problem, grab=grab, sight=ctl.shown_sight(),
                          ruler=ctl.ruler, hover=hover, hover_kind=kind, ghosts=ghosts, ghost_problem=ghost_problem,
                          shapes=shapes, measure=drag.longest if drag is not None else None)
        layer_key = (self.version, self.ctl_sig(), human, tuple(hl.items()))
        return self.board.draw(surf, self.tokens(), list(self.overlays()), hl, sel, reach, moving, ov,
                               positions, layer_key=layer_key, partial=partial, restore=restore)
