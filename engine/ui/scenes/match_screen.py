"""The generic match screen: board left, panel right, hint bar below.

The game's View says what to draw and its Controller turns clicks, keys and
buttons into Actions; this screen submits them (Match.submit), runs
computer seats, animates, handles undo/save/handoff/game over, and caches
everything static so a frame is a few blits.
"""
from __future__ import annotations

import datetime
import math
import time

import pygame

from engine.core.actions import Action
from engine.core.limits import cut_text
from engine.core.rules import Event, Illegal
from engine.ui import theme as T
from engine.ui import widgets as W
from engine.ui.ai_runner import AIRunner
from engine.ui.scene import ARROW_KEYS, Scene, key_name, mods_of, scene_class
from engine.ui.scenes.dialogs import ChoiceDialog, Handoff, Modal, OverrideAsk, RefusalWatch, same_refusal
from engine.ui.panels.hand_panel import draw_hand
from engine.ui.contract import Choice, HoverInfo, load_game_ui
from engine.ui.boards.hexboard import UNIT, HexBoard
from engine.ui.panels.table_dice import GlyphDiceTray, dressed_rolls
from engine.ui.boards.tableboard import TableBoard, TableOverlay
from engine.ui.panels.log_view import LogView
from engine.ui.panels.panel import draw_card, draw_header, draw_summary, draw_tray, tray_layout

AI_PACE = 0.6          # seconds between computer moves, so a person can follow
GLIDE = 0.15           # seconds a moving piece takes


def hint_lines(rules, state, action, reason: str, odds: list) -> list:
    """The hint panel's words: why (the goal), the odds of the action, and
    the other ideas the hard computer weighed with how they came out."""
    lines = []
    if reason:
        lines.append((f"Why: {reason}", T.TEXT))
    try:
        for ln in rules.preview(state, action) or []:
            lines.append((ln, T.ACCENT))
    except Exception:  # noqa: BLE001 - a preview is a courtesy
        pass
    others = [(a, v, n) for a, v, n, _ in odds if a != action and n]
    if others:
        best = next((v for a, v, n, _ in odds if a == action), None)
        parts = []
        for a, v, n in others[:3]:
            gap = f" ({round(v - best, 1) + 0.0:+.1f})" if best is not None else ""
            parts.append(f"{rules.describe(state, a)}{gap}")
        lines.append(("Also weighed: " + "; ".join(parts), T.MUTED))
    return lines


def button_cells(specs: list, width: int, gap: int, th) -> list[list[tuple[int, int, object]]]:
    """The panel's action buttons in rows of two; a button whose label
    (with its cost) would not fit half the width takes a whole row.
    Rows of (x, width, spec)."""
    half = (width - gap) // 2
    f = th.font("m")
    room = half - 2 * th.px(10)
    rows: list = []
    pending = None
    for sp in specs:
        label = sp.label + (f"  ({sp.cost})" if sp.cost else "")
        if f.size(label)[0] > room:
            if pending is not None:
                rows.append([(0, half, pending)])
                pending = None
            rows.append([(0, width, sp)])
        elif pending is None:
            pending = sp
        else:
            rows.append([(0, half, pending), (half + gap, half, sp)])
            pending = None
    if pending is not None:
        rows.append([(0, half, pending)])
    return rows


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


def key_list(space: str) -> str:
    """The keys the bottom bar names (it said "H keys" while H asks for a hint)."""
    return ("F fit · wheel zoom · drag pan" + (" · right-drag measure" if space == "table" else "")
            + " · U undo · H hint · K keys")


class MatchScreen(Scene):
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
        self.override_rect = None            # the hint bar's "Allow anyway" button, on screen
        self.space = getattr(self.view, "space", "hex")      # hex | table (the view says which)
        if self.space == "table":
            self.board = TableBoard(self.view.table(), self.view)
        else:
            self.board = self.make_hex_board()
        self.board_key = self.view_board_key()
        self.version = 0
        self.fitted = False
        self.user_camera = False             # the player panned or zoomed: keep the view on resize
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
        self.hover_hex = None
        self.hover_info: HoverInfo | None = None
        self.hover_key = None
        self.mouse = (0, 0)
        self.press = None                    # (button, pos) of a possible click/drag
        self.dragging = False
        self.press_kind = ""                 # table: pan | model (drag a unit) | ruler
        self.panel_buttons = W.ButtonRow()
        self.tool_buttons = W.ButtonRow()
        self.tray_rects: list = []
        self.hover_tray = None
        self.hand_rects: list = []           # the hand panel's cards (gameui_extra.HandCard) and where they are
        self.hover_card = None
        self._hand_cache = (None, [])
        self._hand_img = (None, None, [])      # (key, image, card rects relative to it)
        self._hand_h = (None, 0)
        self.decision_dlg = None             # the DecisionDialog shown for the controller's decision()
        self._decision_sig = None
        self.hover_link = ""
        self.card_scroll = 0
        self.card_rect = pygame.Rect(0, 0, 0, 0)
        self.card_overflow = False
        self.toast = ("", T.TEXT, 0.0)
        self.last_human = None
        self.last_interrupt = False
        self.pending_handoff = None
        self.over_shown = False
        self._tokens = None
        self._tokens_v = -1
        self._by_unit = (-1, {})              # (version, unit -> its models): tokens_of()
        self._header = (-1, None)             # (version, the view's header): header()
        self._overlays = []
        self._overlays_v = -1
        self._card_cache = (None, None)
        self._panel_cache: dict = {}
        self._canvas: pygame.Surface | None = None
        self._tip_rect = None
        self._clean = False
        self._last_frame = -1
        self._last_surf = None
        self.dirty_rects = None
        self._region_sig: dict = {}
        self._layout_key = None
        self._layout = None
        self._card_imgs: dict = {}
        self._card_room = (None, 0)
        self._layouts: dict = {}
        self._header_img = (None, None)
        self._panel_touched = None
        self._top_parts = None                # what the panel's top shows besides the card (_draw_top)
        self._card_rows: dict = {}            # rows of the card area the last card covered: canvas, window
        self._card_due = False                # a new card for the window (only the card changed)
        self._card_stale = False              # the canvas's card area shows an older card
        self._tip_cache: dict = {}
        self._hint_cache = (None, None)
        self.headless = headless
        self.ai_error = ""
        self.ai_failed = -1
        self._load_dice_from_log(animate=False)
        self.state_changed(initial=True)
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
        except Exception:  # noqa: BLE001
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

    def spot_at(self, pos):
        """The hex, or the table point, under a screen point (None: off the board)."""
        if not self.board_rect.collidepoint(pos):
            return None
        if self.space == "table":
            return self.board.spot_at(*pos)
        return self.board.hex_at(*pos)

    def overlays(self):
        """Dynamic labels (hex: banners) or markers (table: objectives that change hands)."""
        if self._overlays_v != self.version:
            name = "markers" if self.space == "table" else "overlays"
            self._overlays = list(getattr(self.view, name, lambda s: [])(self.state))
            self._overlays_v = self.version
        return self._overlays

    def say(self, text: str, color=T.TEXT, secs: float = 4.0) -> None:
        self.toast = (text, color, time.perf_counter() + secs)

    # --- layout -------------------------------------------------------------------
    def resize(self, size) -> None:
        th = self.app.theme
        w, h = size
        pw = max(int(w * 0.30), 360)
        self.hint_h = th.line_h("m") + th.px(14)
        self.board_rect = pygame.Rect(0, 0, w - pw, h - self.hint_h)
        self.hint_rect = pygame.Rect(0, h - self.hint_h, w - pw, self.hint_h)
        self.panel_rect = pygame.Rect(w - pw, 0, pw, h)
        old = self.board.view
        self.board.set_view(self.board_rect)
        if not self.fitted or (old.size != self.board_rect.size and not self.user_camera):
            self.board.fit()
            self.fitted = True
        self._panel_cache.clear()
        self._card_cache = (None, None)
        self._hint_cache = (None, None)
        self._layout_key = None
        self._card_imgs = {}
        self._layouts = {}
        self.sync_decision()
        handoff, self.pending_handoff = self.pending_handoff, None
        if handoff is not None and self in self.app.stack:
            self.app.push(handoff)       # opened on private information: hand over first

    # --- the hex board ----------------------------------------------------------------
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

    def sync_board(self) -> None:
        """Build the hex board again when the view's map changed (a tile laid,
        undone, or turned for its preview), fitted to the screen again."""
        key = self.view_board_key()
        if key == self.board_key:
            return
        self.board_key = key
        rect = self.board.view
        self.board = self.make_hex_board()
        self.board.set_view(rect)
        self.board.fit()
        self.user_camera = False
        self.hover_hex = None

    # --- state changes --------------------------------------------------------------
    def state_changed(self, initial: bool = False, entry=None, before=None, undone: bool = False) -> None:
        self.version += 1
        self.sync_board()
        if self.space == "table" and not initial:
            try:
                self.board.set_zones(self.view.zones(self.state))
            except TypeError:
                pass
        self.ctl.reset()
        self.hover_info = None
        self.card_scroll = 0
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
        self.check_handoff(initial, undone)
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
            except Exception:  # noqa: BLE001 - treat a failing rule as private: hand over
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
        except Exception:  # noqa: BLE001
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
            except Exception:  # noqa: BLE001
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
            handoff = Handoff(self.app, self.player_name(p), self.view.player_color(self.state, p), note)
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

    def hand_sections(self) -> list:
        fn = getattr(self.ctl, "hand", None)
        p = self.hand_viewer() if fn is not None else -1
        if p < 0:
            return []
        key = (self.version, self.ctl_sig(), p)
        if self._hand_cache[0] != key:
            self._hand_cache = (key, list(fn(p) or []))
        return self._hand_cache[1]

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
        except Exception:  # noqa: BLE001 - the screen goes on without the panel
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
            self.hover_key = None
        self.sync_decision()

    def submit(self, action) -> bool:
        """Submit an Action (or ask which, for a Choice).  True when applied."""
        if self.replay is not None:
            self.say("A replay: → or Space plays the next recorded action.", T.MUTED)
            return False
        if isinstance(action, Choice):
            def pick(i, ch=action):
                self.submit(ch.actions[i])
            self.app.push(ChoiceDialog(self.app, action.prompt, action.labels, pick))
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
        if reason:       # the computer explains its choice to the learner
            self.match.log[-1].events.insert(0, Event("ai", f"Why: {reason}"))
        self.state_changed(entry=self.match.log[-1], before=before)
        self.check_autosave()
        return True

    # --- override with a note (engine/core/overrides.py) ---------------------------
    def watch_refusal(self) -> None:
        """After the controller answered an input: if the status line shows
        a refusal the rules gave for an action in this very position, offer
        to allow that action anyway."""
        last = self.refusals.last if self.refusals is not None else None
        if last is None or not self.ctl.message:
            return
        state, action, refusal = last
        if not same_refusal(self.ctl.message, refusal.reason):
            return
        if state is self.match.state:
            self.offer_override(action, refusal, self.ctl.message)
            return
        prefix = self.prefix_of(state, action, refusal)
        if prefix:
            self.offer_override(action, refusal, self.ctl.message, prefix)

    def prefix_of(self, state, action, refusal) -> tuple:
        """A controller may check an action on the position after a legal
        step it would play first (a table game activates the unit, then
        moves it): that step, found among the legal actions for the same
        unit, or () when there is none."""
        uid = action.get("uid")
        if uid is None or self.replay is not None or not self.human_turn():
            return ()
        try:
            steps = [a for a in self.match.legal_actions()
                     if a.player == action.player and a.kind != action.kind and a.get("uid") == uid][:4]
            for a in steps:
                live, dice_before = self.rules.clone(self.state), self.match.dice.getstate()
                try:
                    self.rules.apply(live, a, self.match.dice)
                    again = self.rules.check(live, action)
                finally:
                    self.match.dice.setstate(dice_before)
                if again is not None and again.reason == refusal.reason:
                    return (a,)
        except Exception:  # noqa: BLE001 - an offer is a courtesy; the refusal still shows
            return ()
        return ()

    def offer_override(self, action, refusal, message: str, prefix: tuple = ()) -> None:
        from engine.core.overrides import OverrideRefused
        self.override_offer = None
        if not self.allows_overrides or self.replay is not None or not self.human_turn() or not refusal.rule:
            return
        try:
            if not prefix:
                self.match.override_refusal(action)
        except OverrideRefused:
            return
        except Exception:  # noqa: BLE001 - an offer is a courtesy; the refusal still shows
            return
        self.override_offer = (self.version, message, action, refusal, tuple(prefix))

    def shown_override(self):
        """The offer when the refusal it answers is on the status line now, else None."""
        offer = self.override_offer
        if offer is None or offer[0] != self.version or not self.human_turn():
            return None
        text, _, until = self.toast
        shown = text if text and time.perf_counter() < until else self.ctl.message
        return offer if shown == offer[1] else None

    def ask_override(self) -> None:
        """"Allow anyway (house rule)…": check the rules can carry it out,
        then ask for the note and every other person's agreement."""
        from engine.core.overrides import OverrideRefused
        offer = self.shown_override()
        if offer is None:
            self.say("Allow anyway works on a refusal the status line shows: try the action first.", T.MUTED)
            return
        _, message, action, refusal, prefix = offer
        try:
            self.match.override_preview(action, prefix)
        except OverrideRefused as e:
            self.override_offer = None
            self.say(str(e), T.BAD, 10.0)
            return
        p = action.player
        try:
            what = self.rules.describe(self.state, action)
        except Exception:  # noqa: BLE001 - a refused action may not describe itself
            what = str(action)
        n = self.match.setup.players
        others = [(q, self.player_name(q), self.view.player_color(self.state, q))      # the next seats first
                  for q in sorted(self.humans(), key=lambda q: (q - p) % n) if q != p]
        private = bool(others) and self.holds_private()

        def agreed(note, seats):
            before = self.spots()
            played = len(self.match.actions)
            try:
                for step in prefix:          # the legal step the controller would have played first
                    self.match.submit(step)
                self.match.override(action, note, seats)
            except (OverrideRefused, Illegal) as e:
                self.say(str(e), T.BAD, 10.0)
                if len(self.match.actions) != played:
                    self.state_changed(entry=self.match.log[-1], before=before)
                return
            self.override_offer = None
            self.ctl.message, self.ctl.message_rule = "", ""
            if private:          # the last to agree saw the screen: hand it back to whoever acts now
                self.last_human = seats[-1]
            self.state_changed(entry=self.match.log[-1], before=before)
            self.say(f"Allowed as a house rule: \u201c{note}\u201d", T.WARN, 6.0)
            self.check_autosave()

        def cancelled(why):
            if why:
                self.say(why, T.WARN, 6.0)
            if private and why:
                self.app.push(Handoff(self.app, self.player_name(p), self.view.player_color(self.state, p),
                                      "The house rule was not agreed: back to your turn."))
        OverrideAsk(self.app, (p, self.player_name(p), self.view.player_color(self.state, p)), others, what,
                    refusal.reason, refusal.rule, private, agreed, cancelled).start()

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

    def check_autosave(self) -> None:
        """After every action: if the autosave failed (disk full, folder gone)
        say what failed, once offer Save As, and keep trying (Match.autosave
        runs again after the next action); the game on screen is unchanged."""
        err = self.match.autosave_error
        if err is None:
            if getattr(self, "autosave_warned", False):
                self.autosave_warned = False
                self.say("The autosave works again.", T.GOOD, 3.0)
            return
        self.say(f"Autosave failed: {cut_text(err, 160)}. Ctrl+S saves elsewhere.", T.BAD, 8.0)
        if getattr(self, "autosave_warned", False):
            return
        self.autosave_warned = True

        def on(cmd, dlg):
            if cmd == "save":
                self.open_save()
            return True
        self.app.push(Modal(self.app, "The autosave failed", [
            (f"Saving the game after this action failed: {cut_text(err, 300)}.", T.BAD),
            "The game on screen is complete and kept in memory; the autosave is tried again after every "
            "action. Save it under a name now (in a folder that works) so nothing is lost.",
        ], [("Save as…", "save", "S"), ("Continue", "close", "Esc")], on=on, escape_cmd="close"))

    # --- dialogs --------------------------------------------------------------------
    def show_game_over(self, out) -> None:
        names = [self.player_name(p) for p in out.winners]
        if not names:
            title = "The game is over"
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

    def open_save(self) -> None:
        """Save under a name (Ctrl+S, Save As).  The default name is unique
        to the second; an existing save is never replaced without asking."""
        from engine.core.saves import default_dir
        stamp = datetime.datetime.now().strftime("%Y-%m-%d %H%M%S")
        field = W.TextField(f"{self.match.setup.game} {stamp}", 60,
                            allowed=lambda ch: ch.isalnum() or ch in " -_.()")
        folder = default_dir() / "saves"
        confirm = {"path": None}

        def on(cmd, dlg):
            if cmd != "save":
                return True
            name = field.text.strip()
            if not name or name.strip(".") == "":
                dlg.error = "Type a name for the save."
                return False
            path = folder / (name + ".json")
            if path.exists() and confirm["path"] != path:
                confirm["path"] = path
                dlg.error = f"A save named “{name}” already exists. Save again to replace it, or change the name."
                return False
            try:
                self.match.save(path)
            except OSError as e:
                dlg.error = f"Could not save: {e.strerror or e}"
                return False
            self.say(f"Saved as “{name}” in {folder}", T.GOOD)
            return True
        self.app.push(Modal(self.app, "Save the game", [f"Saves go to {folder}."],
                            [("Save", "save", "Enter"), ("Cancel", "cancel", "Esc")], on=on, field=field))

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
                self.app.quit()
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
        lines = [
            "Left click: select a piece, then click a highlighted hex or piece to act.",
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
        self.ai.cancel()
        if not getattr(self.app, "headless", True):
            pygame.display.set_caption("Warbench")
        self.app.open("launcher", replace=True)

    # --- events ---------------------------------------------------------------------
    def handle(self, ev) -> bool:
        t = ev.type
        if t == pygame.MOUSEMOTION:
            return self.motion(ev)
        if t == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if self.press_kind == "model" and self.dragging:
                self.ctl.drag_turn(15.0 if ev.y > 0 else -15.0)       # the wheel turns what is dragged
                return True
            if self.board_rect.collidepoint(pos):
                changed = self.board.zoom_at(1.15 if ev.y > 0 else 1 / 1.15, pos)
                self.user_camera = True
                if changed:
                    self.update_hover(pos, force=True)
                return True
            if self.log.rect.collidepoint(pos):
                return self.log.scroll_by(ev.y * 3) or True
            if self.card_rect.collidepoint(pos):
                old = self.card_scroll
                self.card_scroll = max(0, self.card_scroll - ev.y * self.app.theme.px(30))
                return old != self.card_scroll
            return False
        if t == pygame.MOUSEBUTTONDOWN:
            if self.press is not None and self.press_kind == "model" and ev.button == 3:
                self.ctl.drag_cancel()                 # right-click while dragging: put it back
                self.press, self.dragging, self.press_kind = None, False, ""
                return True
            if ev.button in (1, 2, 3) and self.board_rect.collidepoint(ev.pos):
                self.press = (ev.button, ev.pos)
                self.dragging = False
                self.press_kind = self.table_press_kind(ev.button, ev.pos) if self.space == "table" else "pan"
                return True
            if ev.button == 1 and self.override_rect is not None and self.override_rect.collidepoint(ev.pos) \
                    and self.shown_override() is not None:
                self.ask_override()
                return True
            if ev.button == 1:
                return self.panel_click(ev.pos)
            return False
        if t == pygame.MOUSEBUTTONUP:
            if self.press is None or ev.button != self.press[0]:
                return False
            button, _ = self.press
            kind, self.press_kind = self.press_kind, ""
            self.press = None
            if self.dragging:
                self.dragging = False
                if kind == "model":
                    self.after_input(self.ctl.drag_end())
                    self.update_hover(ev.pos, force=True)
                return True
            if button == 1:
                self.board_click(ev.pos)
            elif button == 3:
                if not self.ctl.cancel():
                    self.say("Nothing selected.", T.MUTED, 1.5)
            return True
        if t == pygame.KEYDOWN:
            return self.keydown(ev)
        return False

    def table_press_kind(self, button: int, pos) -> str:
        """What a press on the table starts: a ruler (right button, or the
        ruler tool), dragging a unit (left on one the player may move), or a pan."""
        spot = self.board.spot_at(*pos)
        if button == 3 or (button == 1 and getattr(self.ctl, "tool", "") == "ruler"):
            return "ruler" if spot is not None else "pan"
        if button == 1 and spot is not None and self.human_turn() and self.ctl.can_grab(spot):
            return "model"
        return "pan"

    def motion(self, ev) -> bool:
        self.mouse = ev.pos
        if self.press is not None and self.press_kind in ("ruler", "model"):
            dx = ev.pos[0] - self.press[1][0]
            dy = ev.pos[1] - self.press[1][1]
            if self.dragging or dx * dx + dy * dy > 36:
                start = self.board.screen_to_world(*self.press[1])
                here = self.board.screen_to_world(*ev.pos)
                if self.press_kind == "ruler":
                    if not self.dragging:
                        self.ctl.measure_begin(start)
                    self.ctl.measure_to(here)
                else:
                    if not self.dragging:
                        single = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
                        if not self.ctl.drag_begin(start, single):
                            self.press_kind = "pan"
                            return True
                    self.ctl.drag_to(here)
                self.dragging = True
                self.update_hover(ev.pos, force=True)
                return True
            return False
        if self.press is not None:
            dx = ev.pos[0] - self.press[1][0]
            dy = ev.pos[1] - self.press[1][1]
            if self.dragging or dx * dx + dy * dy > 36:
                if not self.dragging:
                    rel = (dx, dy)
                else:
                    rel = ev.rel
                self.dragging = True
                self.user_camera = True
                self.board.pan(*rel)
                return True
        changed = self.update_hover(ev.pos)
        if self.panel_buttons.motion(ev.pos):
            changed = True
            self._panel_cache.pop("buttons", None)
        if self.tool_buttons.motion(ev.pos):
            changed = True
        link = self.log.link_at(ev.pos) if self.log.rect.collidepoint(ev.pos) else ""
        if link != self.hover_link:
            self.hover_link = link
            changed = True
        tray = next((it.key for r, it in self.tray_rects if r.collidepoint(ev.pos)), None)
        if tray != self.hover_tray:
            self.hover_tray = tray
            changed = True
        card = next((cd.key for r, cd in self.hand_rects if r.collidepoint(ev.pos)), None)
        if card != self.hover_card:
            self.hover_card = card
            changed = True
        return changed or bool(self.panel_buttons.hover) or bool(self.hover_info and self.hover_hex is not None)

    def update_hover(self, pos, force: bool = False) -> bool:
        """`hover_hex` holds the spot under the pointer: a hex, or a table point."""
        h = self.spot_at(pos)
        key = (self.version, h, self.ctl_sig())
        if not force and key == self.hover_key:
            return False
        self.hover_key = key
        self.hover_hex = h
        if self.space == "table":
            self.ctl.pick_slop = 4.0 / max(1e-6, self.board.scale)
        if h is None:
            self.hover_info = None
            if self.space == "table":
                self.ctl.hovering = None
        elif self.space == "table":
            try:
                self.hover_info = self.ctl.hover(h)
            except Exception:  # noqa: BLE001 - hover must never crash the game
                self.hover_info = None
        else:
            try:
                self.hover_info = self.ctl.hover(h) if self.human_turn() else self.view.hex_info(self.state, h)
            except Exception:  # noqa: BLE001 - hover must never crash the game
                self.hover_info = self.view.hex_info(self.state, h)
        pool = self.hover_info.pool if (self.hover_info is not None and self.human_turn()) else None
        self.dice.set_pool(pool)
        return True

    def ctl_sig(self):
        try:
            return self.ctl.signature()
        except AttributeError:
            return None

    def board_click(self, pos) -> None:
        h = self.spot_at(pos)
        if h is None:
            self.ctl.cancel()
            return
        if self.match.outcome() is not None:
            self.say("The game is over.", T.MUTED)
            return
        p = self.to_act()
        if not self.is_human(p):
            self.say(f"{self.player_name(p)} (computer) is deciding.", T.MUTED)
            return
        result = self.ctl.click(h, 1)
        self.after_input(result)
        self.update_hover(pos, force=True)

    def after_input(self, result) -> None:
        if isinstance(result, (Action, Choice, list, tuple)):
            self.submit(result)
        if self.ctl.message and self.ctl.message_rule:      # a refusal: whole, with its rule, in the log too
            self.log.note(self.ctl.message, self.ctl.message_rule)
        self.watch_refusal()
        self._panel_cache.pop("buttons", None)
        if self._decision_sig is not None and self._decision_sig != (self.version, self.ctl_sig(), self.human_turn()):
            self.sync_decision()

    def panel_click(self, pos) -> bool:
        b = self.tool_buttons.at(pos)
        if b is not None:
            self.run_tool(b.command)
            return True
        b = self.panel_buttons.at(pos)
        if b is not None:
            if not b.enabled:
                self.say(b.tip or "Not available now.", T.WARN)
                return True
            if self.human_turn():
                self.after_input(self.ctl.press(b.command))
            return True
        for r, cd in self.hand_rects:
            if r.collidepoint(pos):
                if self.human_turn():
                    self.after_input(self.ctl.click_card(cd.key))
                    self.hover_key = None
                else:
                    self.say("Not your turn: the cards wait.", T.MUTED, 2.0)
                return True
        for r, it in self.tray_rects:
            if r.collidepoint(pos):
                if self.human_turn():
                    self.ctl.click_tray(it.key)
                    self._panel_cache.pop("buttons", None)
                    self.hover_key = None
                return True
        link = self.log.link_at(pos)
        if link:
            self.open_rules(link)
            return True
        return self.panel_rect.collidepoint(pos)

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
        self.hinter.start(self.match, self.version, level)
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
        if action is None:
            return True
        self.toast = ("", T.TEXT, 0.0)
        self.app.push(Modal(self.app, "Hint: " + self.rules.describe(self.state, action),
                            hint_lines(self.rules, self.state, action, self.hinter.reason, self.hinter.odds),
                            [("Play it", "play", "Enter"), ("Close", "close", "Esc")],
                            on=lambda cmd, dlg: (self.submit(action) if cmd == "play" else None) or True,
                            escape_cmd="close", width=900))
        return True

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
        if k == pygame.K_f:
            self.board.fit()
            self.user_camera = False
            self.update_hover(self.mouse, force=True)
            return True
        if self.human_turn() and k not in ARROW_KEYS:
            result = self.ctl.key(name, mods)
            if result is not None and result is not False:
                self.after_input(result)
                self.hover_key = None
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
        if k in ARROW_KEYS:
            step = self.app.theme.px(60)
            dx = {pygame.K_LEFT: step, pygame.K_RIGHT: -step}.get(k, 0)
            dy = {pygame.K_UP: step, pygame.K_DOWN: -step}.get(k, 0)
            self.board.pan(dx, dy)
            self.user_camera = True
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
    def draw(self, surf: pygame.Surface) -> None:
        """A full frame, or (when the surface still holds our last frame)
        only what changed; `self.dirty_rects` lists it (None: everything)."""
        top = self.app.top() is self
        partial = (top and self._clean and self._last_frame == self.app.frames
                   and self._last_surf == (id(surf), surf.get_size()))
        old_tip = self._tip_rect
        restore = [old_tip] if (partial and old_tip) else []
        dirty_b = self.draw_board(surf, partial, restore)
        dirty: list | None = None if (dirty_b is None or not partial) else list(dirty_b)
        hint_changed = self.draw_hint(surf, force=not partial or bool(old_tip and old_tip.colliderect(self.hint_rect)))
        if dirty is not None and hint_changed:
            dirty.append(self.hint_rect)
        panel_changed = self.draw_panel(surf, force=not partial or bool(old_tip and old_tip.colliderect(self.panel_rect)))
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
        self.sync_board()
        hl = self.ctl.highlights() if self.human_turn() else {}
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
        hl = ctl.highlights() if human else {}
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
        except Exception:  # noqa: BLE001 - an aid must never break the screen
            shapes = []
        ov = TableOverlay(legs=legs, allowance=allowance, problem=problem, grab=grab, sight=ctl.shown_sight(),
                          ruler=ctl.ruler, hover=hover, hover_kind=kind, ghosts=ghosts, ghost_problem=ghost_problem,
                          shapes=shapes)
        layer_key = (self.version, self.ctl_sig(), human, tuple(hl.items()))
        return self.board.draw(surf, self.tokens(), list(self.overlays()), hl, sel, reach, moving, ov,
                               positions, layer_key=layer_key, partial=partial, restore=restore)

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
            return (f"{self.player_name(p)} (computer) is thinking…  Space: skip the pause · P: step-through · "
                    f"I: instant", T.MUTED)
        if self.ctl.message:
            return self.ctl.message + (f"  ({self.ctl.message_rule})" if self.ctl.message_rule else ""), T.WARN
        return self.ctl.hint(), T.TEXT

    def draw_hint(self, surf, force: bool = True) -> bool:
        text, col = self.hint_text()
        offer = self.shown_override() is not None
        key = (text, col, self.hint_rect.size, self.app.theme.scale, offer)
        changed = self._hint_cache[0] != key
        if not changed and not force:
            return False
        if changed:
            th = self.app.theme
            img = pygame.Surface(self.hint_rect.size)
            img.fill((28, 31, 37))
            pygame.draw.line(img, T.PANEL_EDGE, (0, 0), (self.hint_rect.w, 0))
            keys = key_list(self.space)
            kimg = th.text(keys, "xs", T.FAINT)
            full = self.hint_rect.w - th.px(24)
            self.override_rect = None
            if offer:            # a refusal the group may allow: the button takes the key list's place
                bimg = th.text("Allow anyway (house rule)…  Ctrl+O", "s", T.WARN, True)
                brect = pygame.Rect(0, 0, bimg.get_width() + th.px(20), self.hint_rect.h - th.px(8))
                brect.midright = (self.hint_rect.w - th.px(8), self.hint_rect.h // 2)
                pygame.draw.rect(img, T.mix((28, 31, 37), T.WARN, 0.18), brect, border_radius=th.px(5))
                pygame.draw.rect(img, T.WARN, brect, 1, border_radius=th.px(5))
                img.blit(bimg, bimg.get_rect(center=brect.center))
                self.override_rect = brect.move(self.hint_rect.topleft)
                kimg = None
                full -= brect.w + th.px(8)
            avail = full - (kimg.get_width() + th.px(12) if kimg is not None else 0)
            if kimg is not None and th.font("m").size(text)[0] > avail:
                kimg = None            # the instruction matters more than the key list (H shows the keys)
                avail = full
            lines = [text]
            size = "m"
            if th.font("m").size(text)[0] > avail:
                size = "s" if th.font("s").size(text)[0] <= avail else "xs"
                lines = T.wrap(text, th.font(size), avail)
                if len(lines) * th.line_h(size) > self.hint_rect.h:
                    size = "xs"
                    lines = T.wrap(text, th.font(size), avail)
            lh = th.line_h(size)
            top = (self.hint_rect.h - lh * len(lines)) // 2
            for i, line in enumerate(lines):
                timg = th.text(line, size, col)
                img.blit(timg, (th.px(12), top + i * lh))
            if kimg is not None:
                img.blit(kimg, kimg.get_rect(midright=(self.hint_rect.w - th.px(12), self.hint_rect.h // 2)))
            self._hint_cache = (key, img.convert() if pygame.display.get_surface() else img)
        surf.blit(self._hint_cache[1], self.hint_rect.topleft)
        return True

    @staticmethod
    def _hand_shape(hand) -> tuple:
        """What a small window changed in the hand: the sections left."""
        return tuple((s.title, s.compact) for s in hand)

    def _hand_height(self, hand, x, w, th) -> int:
        if not hand:
            return 0
        hk = (self._hand_cache[0], w, th.scale, self._hand_shape(hand))
        if self._hand_h[0] != hk:
            self._hand_h = (hk, draw_hand(None, x, 0, w, hand, th)[0])
        return self._hand_h[1]

    def panel_layout(self):
        """Rects of the panel sections for the current content."""
        th = self.app.theme
        P = self.panel_rect
        pad = th.px(12)
        x, w = P.x + pad, P.w - 2 * pad
        header = self.header()
        header_h = draw_header(None, pygame.Rect(x, 0, w, 0), header, th)
        specs = self.ctl.buttons() if self.human_turn() else []
        bh = th.line_h("m") + th.px(14)
        gap = th.px(6)
        rows = len(button_cells(specs, w, gap, th))
        buttons_h = rows * (bh + gap)
        tool_h = th.line_h("s") + th.px(12)
        dice_h = th.px(96)
        log_min = max(th.px(150), 4 * th.line_h("s"))
        tray = self.ctl.tray() if self.human_turn() else []
        tray_h = 0
        if tray:
            chips = tray_layout(tray, 0, 0, w, th)
            tray_h = th.line_h("s") + th.px(2) + max(r.bottom for r, _ in chips) + th.px(4) + th.px(4)
        y = P.y + pad
        r_header = pygame.Rect(x, y, w, header_h)
        y += header_h + th.px(6)
        hand = self.hand_sections()
        hand_h = self._hand_height(hand, x, w, th)
        others = header_h + th.px(6) + tray_h + buttons_h + dice_h + log_min + tool_h + 5 * th.px(8) + 2 * pad
        if hand_h > P.h - others and any(s.spare for s in hand):     # a small window: the log first
            hand = [s for s in hand if not s.spare]
            hand_h = self._hand_height(hand, x, w, th)
        r_hand = pygame.Rect(x, y, w, hand_h)
        y += hand_h
        fixed = (y - P.y) + tray_h + buttons_h + dice_h + log_min + tool_h + 5 * th.px(8) + pad
        card_need = self.card_height(w)
        # while the position and the selection stay, the card area only grows: hovering from piece to
        # piece swaps the card without moving the buttons, dice and log under the pointer (and the
        # panel redraws just its top)
        epoch = (self.version, self.ctl_sig(), self.human_turn(), th.scale, P.topleft, P.size)    # lk without the card
        room = max(card_need, self._card_room[1]) if self._card_room[0] == epoch else card_need
        self._card_room = (epoch, room)
        card_h = max(0, min(room, P.h - fixed))
        r_tray = pygame.Rect(x, y, w, tray_h)
        y += tray_h
        r_card = pygame.Rect(x, y, w, card_h)
        y += card_h + th.px(8)
        r_buttons = pygame.Rect(x, y, w, buttons_h)
        y += buttons_h + th.px(4)
        r_dice = pygame.Rect(x, y, w, dice_h)
        y += dice_h + th.px(8)
        r_tool = pygame.Rect(x, P.bottom - pad - tool_h, w, tool_h)
        r_log = pygame.Rect(x, y, w, r_tool.y - th.px(8) - y)
        return {"header": (r_header, header), "hand": (r_hand, hand), "tray": (r_tray, tray), "card": (r_card, card_need),
                "buttons": (r_buttons, specs, bh, gap), "dice": r_dice, "log": r_log, "tool": r_tool}

    def header(self):
        """The view's panel header, asked once per position (not per hovered piece's layout)."""
        if self._header[0] != self.version:
            self._header = (self.version, self.view.header(self.state))
        return self._header[1]

    def card_content(self):
        """('card', CardSpec) for the selected (else hovered) piece, else ('summary', lines)."""
        key = self.ctl.selected()
        if key is None and self.hover_hex is not None:
            if self.space == "table":
                h = self.ctl.hovering
                key = h.unit if h is not None else None
            else:
                for t in self.tokens():
                    if t.hex == self.hover_hex:
                        key = t.key
                        break
        preview = tuple(self.hover_info.preview) if self.hover_info else ()
        ck = (self.version, key, preview, self.app.theme.scale)
        if self._card_cache[0] == ck:
            return self._card_cache[1]
        card = self.view.card(self.state, key) if key is not None else None
        if card is not None:
            if preview:
                card.sections = [("note", "Odds if you commit", "\n".join(preview))] + list(card.sections)
            content = ("card", card)
        else:
            content = ("summary", list(getattr(self.view, "summary", lambda s: [])(self.state)))
        self._card_cache = (ck, content)
        return content

    def card_height(self, w: int) -> int:
        kind, c = self.card_content()
        th = self.app.theme
        if kind == "card":
            return draw_card(None, 0, 0, w, c, th)
        return draw_summary(None, 0, 0, w, c, th) + th.px(4)

    def _cached_layout(self, lk):
        """`panel_layout()` remembered per content key: a piece hovered again
        reuses its layout when the card area has the same room as then."""
        epoch = lk[:2] + lk[3:]
        hit = self._layouts.get(lk)
        if hit is not None:
            room_then, need, layout = hit
            room = max(need, self._card_room[1]) if self._card_room[0] == epoch else need
            if room == room_then:
                self._card_room = (epoch, room)
                return layout
        layout = self.panel_layout()
        if len(self._layouts) > 64:
            self._layouts.clear()
        self._layouts[lk] = (self._card_room[1], layout["card"][1], layout)
        return layout

    def draw_panel(self, surf, force: bool = True) -> bool:
        """The panel is kept on its own canvas; each region (top: header,
        tray and card; buttons; dice; log; tools) is redrawn only when its
        own signature changes, then the canvas is blitted."""
        th = self.app.theme
        P = self.panel_rect
        self.card_content()
        human = self.human_turn()
        lk = (self.version, self.ctl_sig(), self._card_cache[0], human, th.scale, P.topleft, P.size)
        full = False
        if self._layout_key != lk:
            if self._layout_key is None:
                self._layouts.clear()          # reset: lay everything out again
            self._layout = self._cached_layout(lk)
            self._layout_key = lk
        L = self._layout
        if self._canvas is None or self._canvas.get_size() != surf.get_size():
            self._canvas = pygame.Surface(surf.get_size())
            if pygame.display.get_surface() is not None:
                self._canvas = self._canvas.convert()
            self._region_sig = {}
            full = True
        rects = tuple(tuple(v[0]) if isinstance(v, tuple) else tuple(v) for v in L.values())
        if self._region_sig.get("rects") != rects:
            full = True
            self._region_sig = {"rects": rects}
        c = self._canvas
        bh = self.panel_buttons.hover
        tb = self.tool_buttons.hover
        sigs = {
            "top": (self.version, self.ctl_sig(), self._card_cache[0], self.hover_tray, self.card_scroll, human,
                    self.hover_card),
            "buttons": (self.version, self.ctl_sig(), bh.command if bh else None, human),
            "dice": self.dice.signature(),
            "log": (len(self.match.log), self.log.scroll, self.hover_link, len(self.log.notes)),
            "tool": (tb.command if tb else None, len(self.match.actions), self.match.can_undo(self.undo_player()),
                     self.replay is None),
        }
        changed = full
        if full:
            c.fill(T.PANEL, P)
            # thin separator between the board and the panel
            pygame.draw.line(c, T.PANEL_EDGE, P.topleft, P.bottomleft, 1)
        redrawn = []
        for name, sig in sigs.items():
            if full or self._region_sig.get(name) != sig:
                self._region_sig[name] = sig
                self._panel_touched = None
                getattr(self, "_draw_" + name)(c, L, th, clear=not full)
                redrawn.append(self._panel_touched)
                changed = True
        if force or full or None in redrawn:
            if changed or force:
                if self._card_stale:       # the canvas shows the card the pointer is on now
                    self._show_card(c, L, th, "canvas")
                    self._card_stale = False
                surf.blit(c, P.topleft, P)
                self._card_rows["window"] = self._card_rows.get("canvas")
                self._card_due = False
        else:
            for r in redrawn:              # only the top changed: copy just that
                surf.blit(c, r.topleft, r)
            if self._card_due:             # only the card changed (a hover): drawn on the window itself,
                self._show_card(surf, L, th, "window")       # not on the canvas and copied again
                self._card_due = False
        return changed or force

    def _clear(self, c, rect, th) -> None:
        c.fill(T.PANEL, pygame.Rect(rect).inflate(th.px(8), th.px(4)).clip(self.panel_rect))

    def _draw_top(self, c, L, th, clear: bool) -> None:
        r_header, header = L["header"]
        r_tray, tray = L["tray"]
        r_card, need = L["card"]
        r_hand, hand = L["hand"]
        top = r_header.union(r_card).union(r_tray) if r_tray.h else r_header.union(r_card)
        hk = (header.title, tuple(header.lines), header.color, r_header.size, th.scale)
        # what the top shows besides the card: when only the card changed (the pointer went to
        # another piece) just the card's area is cleared and drawn again
        parts = (hk, tuple(r_header), tuple(r_tray), tuple(r_hand), tuple(r_card),
                 (self._hand_cache[0], self.hover_card) if hand else None, list(tray), self.hover_tray)
        card_only = clear and self._top_parts == parts
        self._top_parts = parts
        if card_only:
            # drawn by draw_panel straight onto the window; the canvas catches up when it is shown whole
            self._card_stale = self._card_due = True
            self._panel_touched = pygame.Rect(r_card.topleft, (0, 0))
            return
        if clear:
            self._clear(c, top, th)
            self._panel_touched = pygame.Rect(top).inflate(th.px(8), th.px(4)).clip(self.panel_rect)
        if self._header_img[0] != hk:
            img = pygame.Surface((max(1, r_header.w), max(1, r_header.h)))
            img.fill(T.PANEL)
            draw_header(img, pygame.Rect(0, 0, r_header.w, r_header.h), header, th)
            self._header_img = (hk, img)
        c.blit(self._header_img[1], r_header.topleft)
        self.hand_rects = []
        if hand and r_hand.h > 0:
            hk = (self._hand_cache[0], self.hover_card, r_hand.size, th.scale, self._hand_shape(hand))
            if self._hand_img[0] != hk:
                img = pygame.Surface(r_hand.size, pygame.SRCALPHA)
                rects = draw_hand(img, 0, 0, r_hand.w, hand, th, self.hover_card)[1]
                self._hand_img = (hk, img, rects)
            c.blit(self._hand_img[1], r_hand.topleft)
            self.hand_rects = [(r.move(r_hand.topleft), cd) for r, cd in self._hand_img[2]]
        self.tray_rects = []
        if tray:
            what = ("Units to place (click one, then a spot in your zone)" if self.space == "table"
                    else "Units to place (click one, then a blue hex)")
            c.blit(th.text(what, "s", T.MUTED), (r_tray.x, r_tray.y))
            self.tray_rects = tray_layout(tray, r_tray.x, r_tray.y + th.line_h("s") + th.px(2), r_tray.w, th)
            draw_tray(c, self.tray_rects, th, self.hover_tray)
        drawn = self._draw_card_area(c, L, th)
        # the top goes to the window whole (this rect or the whole panel): both show this card
        self._card_rows = {"canvas": drawn, "window": drawn}
        self._card_stale = self._card_due = False

    def _draw_card_area(self, c, L, th) -> int:
        """The card (or the players' summary) in its area of the panel's top;
        returns how many rows of the area it covers (from the top)."""
        r_card, need = L["card"]
        self.card_rect = r_card
        drawn = 0
        if r_card.h > 0:
            kind, content = self.card_content()
            ck = (self._card_cache[0], r_card.w)
            img = self._card_imgs.get(ck)
            if img is None:
                # drawn once on the panel's colour, opaque and in the canvas's format: shown by a plain
                # copy (the same pixels as a transparent card blended over the panel, a fraction of the work)
                img = pygame.Surface((r_card.w, max(1, need)), 0, c)
                if kind == "card":
                    draw_card(img, 0, 0, r_card.w, content, th, height=need, bg=T.PANEL)   # measured by the layout
                else:
                    img.fill(T.PANEL)
                    draw_summary(img, 0, 0, r_card.w, content, th)
                if len(self._card_imgs) > 64:
                    self._card_imgs.clear()
                self._card_imgs[ck] = img
            self.card_scroll = max(0, min(self.card_scroll, need - r_card.h))
            drawn = c.blit(img, r_card.topleft, pygame.Rect(0, self.card_scroll, r_card.w, r_card.h)).h
            self.card_overflow = need > r_card.h
            if self.card_overflow:
                more = need - r_card.h - self.card_scroll
                tag = th.text("▼ more (wheel)" if more > 0 else "▲ (wheel)", "xs", T.ACCENT)
                tr = tag.get_rect(bottomright=(r_card.right, r_card.bottom))
                pygame.draw.rect(c, T.PANEL, tr.inflate(8, 2))
                c.blit(tag, tr)
        pygame.draw.line(c, T.PANEL_EDGE, (r_card.x, r_card.bottom + th.px(3)), (r_card.right, r_card.bottom + th.px(3)))
        return drawn

    def _show_card(self, target, L, th, where: str) -> None:
        """The card area drawn again on `target` (`where`: the canvas or the
        window), clearing the rows the last card drawn there covered below it."""
        r_card = L["card"][0]
        old = self._card_rows.get(where, r_card.h)
        drawn = self._draw_card_area(target, L, th)
        if old > drawn:
            target.fill(T.PANEL, pygame.Rect(r_card.x, r_card.y + drawn, r_card.w, old - drawn))
        self._card_rows[where] = drawn

    def _draw_buttons(self, c, L, th, clear: bool) -> None:
        r_b, specs, bh, gap = L["buttons"]
        if clear:
            self._clear(c, r_b, th)
        buttons = []
        for row, cells in enumerate(button_cells(specs, r_b.w, gap, th)):
            for x, width, sp in cells:
                rect = pygame.Rect(r_b.x + x, r_b.y + row * (bh + gap), width, bh)
                buttons.append(W.Button(rect, sp.label, sp.command, sp.key, sp.enabled, sp.active, sp.tip, sp.cost))
        hov = self.panel_buttons.hover
        self.panel_buttons.buttons = buttons
        if hov is not None:
            self.panel_buttons.hover = next((b for b in buttons if b.rect == hov.rect and b.command == hov.command), None)
        self.panel_buttons.draw(c, th)

    def _draw_dice(self, c, L, th, clear: bool) -> None:
        if clear:
            self._clear(c, L["dice"], th)
        self.dice.draw(c, L["dice"], th)

    def _draw_log(self, c, L, th, clear: bool) -> None:
        if clear:
            self._clear(c, L["log"], th)
        self.log.sync(self.match.log, L["log"].w - th.px(16), th)
        self.log.draw(c, L["log"], th, self.hover_link)

    def _draw_tool(self, c, L, th, clear: bool) -> None:
        r_t = L["tool"]
        if clear:
            self._clear(c, r_t, th)
        first = ("Next", "next", "→") if self.replay is not None else ("Undo", "undo", "U")
        tools = [first, ("Hint", "hint", "H"), ("Save", "save", "^S"), ("Rules", "rules", "F1"), ("Menu", "menu", "Esc")]
        tw = (r_t.w - (len(tools) - 1) * th.px(6)) // len(tools)
        old = self.tool_buttons.hover
        self.tool_buttons.buttons = [
            W.Button(pygame.Rect(r_t.x + i * (tw + th.px(6)), r_t.y, tw, r_t.h), lab, cmd, key,
                     enabled=(cmd != "undo" or self.match.can_undo(self.undo_player())),
                     tip={"next": "Play the next recorded action", "undo": self.match.undo_refusal(self.undo_player()) or
                          "Take back your own last decision (not past a die roll, a reveal or "
                          "another player's decision)", "save": "Save under a name",
                          "hint": "What the hard computer would do in your place, why, and the odds",
                          "rules": "The rulebook", "menu": "Menu: save, load, keys, quit"}[cmd])
            for i, (lab, cmd, key) in enumerate(tools)]
        if old is not None:
            self.tool_buttons.hover = next((b for b in self.tool_buttons.buttons if b.command == old.command), None)
        self.tool_buttons.draw(c, th)

    def draw_tooltip(self, surf):
        """Draw the hover text; returns its rect (or None)."""
        th = self.app.theme
        if self.press is not None and self.dragging:
            return None
        pos = self.mouse
        if self.board_rect.collidepoint(pos) and self.hover_info is not None and self.hover_hex is not None:
            info = self.hover_info
            extra = []
            for ln in info.preview:          # a preview's "Warning:" lines (e.g. hits on your own unit) in red
                extra.append((ln, T.BAD if ln.startswith("Warning:") else T.ACCENT))
            if info.illegal:
                extra.append((info.illegal + (f"  ({info.rule})" if info.rule else ""), T.BAD))
            return self._tooltip(surf, pos, info.title, info.lines, extra, self.board_rect, T.BAD if info.illegal else None)
        if self.hover_card is not None:
            cd = next((cd for r, cd in self.hand_rects if cd.key == self.hover_card and r.collidepoint(pos)), None)
            if cd is not None:
                return self._tooltip(surf, pos, cd.title + (f" · {cd.sub}" if cd.sub else ""),
                                     [ln for ln in cd.tip.split("\n") if ln], [], surf.get_rect(), None)
        b = self.panel_buttons.hover or self.tool_buttons.hover
        if b is not None and b.rect.collidepoint(pos) and b.tip:
            return self._tooltip(surf, pos, "", [b.tip], [], surf.get_rect(), None)
        if self.hover_link:
            return self._tooltip(surf, pos, "", [f"Open the rules: {self.hover_link}"], [], surf.get_rect(), None)
        return None

    def _tooltip(self, surf, pos, title, lines, extra, bounds, accent) -> None:
        th = self.app.theme
        key = (title, tuple(lines), tuple(extra), accent, th.scale)
        img = self._tip_cache.get(key)
        if img is None:
            img = W.tooltip_image(title, lines, th, th.px(420), accent, extra)
            if len(self._tip_cache) > 64:
                self._tip_cache.clear()
            self._tip_cache[key] = img
        if img is None:
            return None
        r = img.get_rect(topleft=(pos[0] + th.px(18), pos[1] + th.px(18)))
        b = pygame.Rect(bounds)
        if r.right > b.right:
            r.right = pos[0] - th.px(8)
        if r.bottom > b.bottom:
            r.bottom = pos[1] - th.px(8)
        r.clamp_ip(b if b.contains(pygame.Rect(0, 0, r.w, r.h).move(b.topleft)) else surf.get_rect())
        surf.blit(img, r)
        return r
