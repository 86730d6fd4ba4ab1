"""The match screen's side panel, a component (engine/ui/component.py).

Top to bottom: the header, the game's card for what is selected or
hovered, the hand sections, the action buttons, the dice tray, the log and
the tool bar.  It owns its rectangle (laid out on resize), its sections'
rectangles (laid out again by `relayout` when what they show changes, at
the change: the screen calls it after an input, a new position, a hover or
a tick of its clock; remembered per content; never while drawing) and
every cache of what it drew, so a frame redraws only what changed (see
docs/ARCHITECTURE.md, "Frame caches").  It reads the position
and the controller through its screen (`self.screen`), and answers a click
on it (`click`: the screen's tools, the controller's buttons, cards and tray).
"""
from __future__ import annotations

import pygame

from engine.ui import theme as T
from engine.ui import widgets as W
from engine.ui.component import Component
from engine.ui.panels.hand_view import HandView
from engine.ui.panels.panel import draw_card, draw_header, draw_summary, draw_tray, tray_layout


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


class SidePanel(Component):
    def __init__(self, screen) -> None:
        super().__init__(screen.app.theme)
        self.screen = screen
        self.panel_buttons = W.ButtonRow()
        self.tool_buttons = W.ButtonRow()
        self.tray_rects: list = []
        self.hover_tray = None
        self.hand = HandView(screen.app.theme)        # the private hand's section
        self.section_layouts = 0             # how often the sections were laid out (for what they show)
        self.hover_link = ""                 # the log's rule link under the pointer
        self.card_scroll = 0
        self.card_rect = pygame.Rect(0, 0, 0, 0)
        self.card_overflow = False
        self._header = (-1, None)             # (version, the view's header): header()
        self._card_cache = (None, None)
        self._canvas: pygame.Surface | None = None
        self._region_sig: dict = {}
        self._laid_for = None                 # the content_key() the sections are laid out for
        self._layout: dict = {}
        self._card_imgs: dict = {}
        self._card_room = (None, 0)
        self._slot = (None, 0)               # the tallest card of the position (card_slot)
        self._layouts: dict = {}
        self._header_img = (None, None)
        self._panel_touched = None
        self._top_parts = None                # what the panel's top shows besides the card (_draw_top)
        self._card_rows: dict = {}            # rows of the card area the last card covered: canvas, window
        self._card_due = False                # a new card for the window (only the card changed)
        self._card_stale = False              # the canvas's card area shows an older card

    def arrange(self) -> None:
        """A new size: every section is laid out and drawn again."""
        self._card_cache = (None, None)
        self._laid_for = None
        self._card_imgs = {}
        self._layouts = {}
        self.relayout()

    @property
    def _layout_key(self):
        """What the sections are laid out for; set to None, they are laid out again at once."""
        return self._laid_for

    @_layout_key.setter
    def _layout_key(self, value) -> None:
        self._laid_for = value
        if value is None:
            self.relayout()

    def content_key(self) -> tuple:
        """What the sections' rectangles depend on: the position, the
        controller's state, the card shown (selected or hovered), whose turn
        it is, the scale and the panel's rectangle."""
        self.card_content()
        P = self.rect
        return (self.screen.version, self.screen.ctl_sig(), self._card_cache[0], self.screen.human_turn(),
                self.theme.scale, P.topleft, P.size)

    def relayout(self) -> bool:
        """What the panel shows may have changed: its sections are laid out
        again when it did (True), from the layouts remembered per content."""
        if self.rect.w <= 0 or self.screen.handed_over():
            return False                   # not placed yet, or hidden: laid out when it is shown (the next person is ready)
        lk = self.content_key()
        if self._laid_for == lk:
            return False
        if self._laid_for is None:
            self._layouts.clear()          # reset: lay everything out again
        self._layout = self._cached_layout(lk)
        self._laid_for = lk
        if self.hand.rect != self._layout["hand"][0]:
            self.hand.layout(self._layout["hand"][0])      # the hand's section moved or changed size
        return True

    # --- the pointer ------------------------------------------------------------------
    def motion(self, pos) -> bool:
        """The pointer moved: the button, rule link, tray chip or card under it (True: changed)."""
        changed = False
        if self.panel_buttons.motion(pos):
            changed = True
        if self.tool_buttons.motion(pos):
            changed = True
        log = self.screen.log
        link = log.link_at(pos) if log.rect.collidepoint(pos) else ""
        if link != self.hover_link:
            self.hover_link = link
            changed = True
        tray = next((it.key for r, it in self.tray_rects if r.collidepoint(pos)), None)
        if tray != self.hover_tray:
            self.hover_tray = tray
            changed = True
        if self.hand.motion(pos):
            changed = True
        return changed

    def wheel(self, pos, y: int) -> bool | None:
        """The wheel over the log scrolls it, over a tall card the card (None: not over either)."""
        if self.screen.log.rect.collidepoint(pos):
            return self.screen.log.scroll_by(y * 3) or True
        if self.card_rect.collidepoint(pos):
            old = self.card_scroll
            self.card_scroll = max(0, self.card_scroll - y * self.theme.px(30))
            return old != self.card_scroll
        return None

    def click(self, pos) -> bool:
        """A left click on the panel: a tool, an action button, a card of the
        hand, a chip of the tray or a rule link in the log (True: it was the panel's)."""
        s = self.screen
        b = self.tool_buttons.at(pos)
        if b is not None:
            s.run_tool(b.command)
            return True
        b = self.panel_buttons.at(pos)
        if b is not None:
            if not b.enabled:
                s.say(b.tip or "Not available now.", T.WARN)
                return True
            if s.human_turn():
                s.after_input(s.ctl.press(b.command))
            return True
        for r, cd in self.hand_rects:
            if r.collidepoint(pos):
                if s.human_turn():
                    s.after_input(s.ctl.click_card(cd.key))
                    s.board_view.hover_key = None
                else:
                    s.say("Not your turn: the cards wait.", T.MUTED, 2.0)
                return True
        for r, it in self.tray_rects:
            if r.collidepoint(pos):
                if s.human_turn():
                    s.ctl.click_tray(it.key)
                    s._panel_cache.pop("buttons", None)
                    s.board_view.hover_key = None
                return True
        link = s.log.link_at(pos)
        if link:
            s.open_rules(link)
            return True
        return self.rect.collidepoint(pos)

    # --- content ------------------------------------------------------------------------
    def hand_sections(self) -> list:
        """The private hand of whoever may look now (the controller's optional `hand(player)`)."""
        s = self.screen
        return self.hand.sections(s.ctl, s.hand_viewer() if getattr(s.ctl, "hand", None) is not None else -1,
                                  s.version, s.ctl_sig())

    @property
    def hand_rects(self) -> list:
        """(rect, HandCard) of every card of the hand on screen."""
        return self.hand.rects

    @property
    def hover_card(self):
        return self.hand.hover

    def panel_layout(self):
        """Rects of the panel sections for the current content."""
        self.section_layouts += 1
        th = self.theme
        P = self.rect
        pad = th.px(12)
        x, w = P.x + pad, P.w - 2 * pad
        header = self.header()
        header_h = draw_header(None, pygame.Rect(x, 0, w, 0), header, th)
        specs = self.screen.ctl.buttons() if self.screen.human_turn() else []
        bh = th.line_h("m") + th.px(14)
        gap = th.px(6)
        rows = len(button_cells(specs, w, gap, th))
        buttons_h = rows * (bh + gap)
        tool_h = th.line_h("s") + th.px(12)
        # no roll yet: one line, the room to the log (the first roll is a new position anyway)
        dice_h = th.px(96) if getattr(self.screen.dice, "rolls", True) else th.line_h("s") + th.px(12)
        log_min = max(th.px(150), 4 * th.line_h("s"))
        tray = self.screen.ctl.tray() if self.screen.human_turn() else []
        tray_h = 0
        if tray:
            chips = tray_layout(tray, 0, 0, w, th)
            tray_h = th.line_h("s") + th.px(2) + max(r.bottom for r, _ in chips) + th.px(4) + th.px(4)
        y = P.y + pad
        r_header = pygame.Rect(x, y, w, header_h)
        y += header_h + th.px(6)
        hand = self.hand_sections()
        hand_h = self.hand.height(hand, w)
        others = header_h + th.px(6) + tray_h + buttons_h + dice_h + log_min + tool_h + 5 * th.px(8) + 2 * pad
        if hand_h > P.h - others and any(s.spare for s in hand):     # a small window: the log first
            hand = [s for s in hand if not s.spare]
            hand_h = self.hand.height(hand, w)
        r_hand = pygame.Rect(x, y, w, hand_h)
        y += hand_h
        fixed = (y - P.y) + tray_h + buttons_h + dice_h + log_min + tool_h + 5 * th.px(8) + pad
        card_need = self.card_height(w)
        # the card area is as tall as the tallest card a piece of this position shows (or the
        # summary): selecting or hovering a piece swaps what it shows and never moves the buttons,
        # dice and log; the log has the rest, so it grows with the window (a card that cannot have
        # its height scrolls with the wheel)
        epoch = (self.screen.version, self.screen.human_turn(), th.scale, P.topleft, P.size)    # lk without the card
        slot = max(card_need, self.card_slot(w))
        room = max(slot, self._card_room[1]) if self._card_room[0] == epoch else slot
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
        if self._header[0] != self.screen.version:
            self._header = (self.screen.version, self.screen.view.header(self.screen.state))
        return self._header[1]

    def card_content(self):
        """('card', CardSpec) for the selected (else hovered) piece, else ('summary', lines)."""
        key = self.screen.ctl.selected()
        if key is None and self.screen.hover_hex is not None:
            if self.screen.space == "table":
                h = self.screen.ctl.hovering
                key = h.unit if h is not None else None
            else:
                for t in self.screen.tokens():
                    if t.hex == self.screen.hover_hex:
                        key = t.key
                        break
        preview = tuple(self.screen.hover_info.preview) if self.screen.hover_info else ()
        ck = (self.screen.version, key, preview, self.theme.scale, self.screen.ctl_sig())
        if self._card_cache[0] == ck:
            return self._card_cache[1]
        card = self.screen.view.card(self.screen.state, key) if key is not None else None
        if card is not None:
            drafted = dict(self.screen.ctl.card_rows(key)) if self.screen.human_turn() else {}
            if drafted:          # what the player picked and has not committed yet shows as picked
                rows = [(label, drafted.pop(label, value)) for label, value in card.stats]
                card.stats = rows + list(drafted.items())
            if preview:
                card.sections = [("note", "Odds if you commit", "\n".join(preview))] + list(card.sections)
            content = ("card", card)
        else:
            content = ("summary", list(getattr(self.screen.view, "summary", lambda s: [])(self.screen.state)))
        self._card_cache = (ck, content)
        return content

    def card_slot(self, w: int) -> int:
        """The tallest card (or the summary) any piece on the board shows
        in this position, measured once per position and width."""
        th = self.theme
        key = (self.screen.version, w, th.scale)
        if self._slot[0] == key:
            return self._slot[1]
        tallest = draw_summary(None, 0, 0, w, list(getattr(self.screen.view, "summary", lambda s: [])(self.screen.state)), th) \
            + th.px(4)
        seen = set()
        for t in self.screen.tokens():
            k = t.unit if self.screen.space == "table" else t.key
            if k in seen:
                continue
            seen.add(k)
            card = self.screen.view.card(self.screen.state, k)
            if card is not None:
                tallest = max(tallest, draw_card(None, 0, 0, w, card, th))
        self._slot = (key, tallest)
        return tallest

    def card_height(self, w: int) -> int:
        kind, c = self.card_content()
        th = self.theme
        if kind == "card":
            return draw_card(None, 0, 0, w, c, th)
        return draw_summary(None, 0, 0, w, c, th) + th.px(4)

    def _cached_layout(self, lk):
        """`panel_layout()` remembered per content key: a piece hovered again
        reuses its layout when the card area has the same room as then."""
        epoch = lk[:1] + lk[3:]            # as panel_layout's: the position, not the selection
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

    def draw(self, surf, hover=None, force: bool = True) -> bool:
        """The panel is kept on its own canvas; each region (top: header,
        tray and card; buttons; dice; log; tools) is redrawn only when its
        own signature changes, then the canvas is blitted."""
        th = self.theme
        P = self.rect
        human = self.screen.human_turn()
        full = False
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
            "top": (self.screen.version, self.screen.ctl_sig(), self._card_cache[0], self.hover_tray, self.card_scroll, human,
                    self.hover_card),
            "buttons": (self.screen.version, self.screen.ctl_sig(), bh.command if bh else None, human),
            "dice": self.screen.dice.signature(),
            "log": (len(self.screen.match.log), self.screen.log.scroll, self.hover_link, len(self.screen.log.notes)),
            "tool": (tb.command if tb else None, len(self.screen.match.actions), self.screen.match.can_undo(self.screen.undo_player()),
                     self.screen.replay is None),
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
        c.fill(T.PANEL, pygame.Rect(rect).inflate(th.px(8), th.px(4)).clip(self.rect))

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
                 self.hand.signature(hand), list(tray), self.hover_tray)
        card_only = clear and self._top_parts == parts
        self._top_parts = parts
        if card_only:
            # drawn by draw_panel straight onto the window; the canvas catches up when it is shown whole
            self._card_stale = self._card_due = True
            self._panel_touched = pygame.Rect(r_card.topleft, (0, 0))
            return
        if clear:
            self._clear(c, top, th)
            self._panel_touched = pygame.Rect(top).inflate(th.px(8), th.px(4)).clip(self.rect)
        if self._header_img[0] != hk:
            img = pygame.Surface((max(1, r_header.w), max(1, r_header.h)))
            img.fill(T.PANEL)
            draw_header(img, pygame.Rect(0, 0, r_header.w, r_header.h), header, th)
            self._header_img = (hk, img)
        c.blit(self._header_img[1], r_header.topleft)
        self.hand.draw(c, hand=hand)
        self.tray_rects = []
        if tray:
            what = ("Units to place (click one, then a spot in your zone)" if self.screen.space == "table"
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
        self.screen.dice.draw(c, L["dice"], th)

    def _draw_log(self, c, L, th, clear: bool) -> None:
        if clear:
            self._clear(c, L["log"], th)
        self.screen.log.sync(self.screen.match.log, L["log"].w - th.px(16), th)
        self.screen.log.draw(c, L["log"], th, self.hover_link)

    def _draw_tool(self, c, L, th, clear: bool) -> None:
        r_t = L["tool"]
        if clear:
            self._clear(c, r_t, th)
        first = ("Next", "next", "→") if self.screen.replay is not None else ("Undo", "undo", "U")
        tools = [first, ("Hint", "hint", "H"), ("Save", "save", "^S"), ("Rules", "rules", "F1"), ("Menu", "menu", "Esc")]
        tw = (r_t.w - (len(tools) - 1) * th.px(6)) // len(tools)
        old = self.tool_buttons.hover
        self.tool_buttons.buttons = [
            W.Button(pygame.Rect(r_t.x + i * (tw + th.px(6)), r_t.y, tw, r_t.h), lab, cmd, key,
                     enabled=(cmd != "undo" or self.screen.match.can_undo(self.screen.undo_player())),
                     tip={"next": "Play the next recorded action", "undo": self.screen.match.undo_refusal(self.screen.undo_player()) or
                          "Take back your own last decision (not past a die roll, a reveal or "
                          "another player's decision)", "save": "Save under a name",
                          "hint": "What the hard computer would do in your place, why, and the odds",
                          "rules": "The rulebook", "menu": "Menu: save, load, keys, quit"}[cmd])
            for i, (lab, cmd, key) in enumerate(tools)]
        if old is not None:
            self.tool_buttons.hover = next((b for b in self.tool_buttons.buttons if b.command == old.command), None)
        self.tool_buttons.draw(c, th)

