"""The scrollable match log: one line per action, rulings indented under it
with their citation as a link ("§ Guarding") that opens the rules there."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from engine.ui import theme as T


@dataclass
class Row:
    parts: list = field(default_factory=list)      # (surface, x, rule or "")
    h: int = 0
    entry: int = 0


class LogView:
    def __init__(self) -> None:
        self.rows: list[Row] = []
        self.entries: list = []        # the log entries the rows were built from
        self.n_entries = 0
        self.width = 0
        self.scale = 0.0
        self.scroll = 0            # rows scrolled up from the bottom
        self.links: list[tuple[pygame.Rect, str]] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.color_of = lambda p: T.TEXT
        self._sig = None
        self.notes: list[tuple[int, str, str]] = []     # (after how many entries, text, rule): refusals shown
        self._notes_shown = 0

    # --- building rows -----------------------------------------------------
    def note(self, text: str, rule: str = "") -> None:
        """A refusal for the log (not part of the match): the whole reason
        and its rule, which the status bar may cut short."""
        if self.notes and self.notes[-1][1:] == (text, rule):
            return
        self.notes.append((len(self.entries), text, rule))

    def sync(self, log: list, width: int, th: T.Theme) -> bool:
        """Bring rows up to date with the log; True when they changed."""
        same = self.n_entries <= len(log) and all(
            a is b for a, b in zip(self.entries[-3:], log[max(0, self.n_entries - 3):self.n_entries]))
        if width != self.width or th.scale != self.scale or not same:
            self.rows, self.n_entries, self.entries, self._notes_shown = [], 0, [], 0
            self.width, self.scale = width, th.scale
            self.notes = [n for n in self.notes if n[0] <= len(log)]
        if len(log) == self.n_entries and self._notes_shown == len(self.notes):
            return False
        for i in range(self.n_entries, len(log)):
            self._add_notes(i, th)
            self._add_entry(i, log[i], th)
        self.entries = list(log)
        self.n_entries = len(log)
        self._add_notes(len(log), th)
        self.scroll = 0
        return True

    def _add_notes(self, upto: int, th: T.Theme) -> None:
        while self._notes_shown < len(self.notes) and self.notes[self._notes_shown][0] <= upto:
            _, text, rule = self.notes[self._notes_shown]
            self._wrap_rows(max(0, upto - 1), "Refused: " + text, th.px(16), "xs", T.BAD, False, rule, th)
            self._notes_shown += 1

    def _wrap_rows(self, idx: int, text: str, indent: int, size: str, color, bold: bool, rule: str, th) -> None:
        f = th.font(size, bold)
        avail = self.width - indent
        lines = T.wrap(text, f, avail)
        link = ""
        if rule:
            link = "§ " + rule.split("§", 1)[1].strip() if "§" in rule else rule
        lf = th.font("xs")
        for j, ln in enumerate(lines):
            row = Row(entry=idx)
            img = th.text(ln, size, color, bold)
            row.parts.append((img, indent, ""))
            row.h = f.get_linesize()
            last = j == len(lines) - 1
            if last and link:
                lw = lf.size(link)[0] + th.px(10)
                if img.get_width() + lw <= avail:
                    limg = th.text(link, "xs", T.LINK)
                    row.parts.append((limg, indent + img.get_width() + th.px(8), rule))
                    link = ""
            self.rows.append(row)
        if link:
            # a long citation takes as many rows as it needs, each one a link
            for part in T.wrap(link, lf, avail - th.px(12)):
                row = Row(entry=idx)
                row.parts.append((th.text(part, "xs", T.LINK), indent + th.px(12), rule))
                row.h = lf.get_linesize()
                self.rows.append(row)

    def _add_entry(self, idx: int, entry, th: T.Theme) -> None:
        ind = th.px(16)
        if idx > 0:
            spacer = Row(entry=idx, h=th.px(5))
            self.rows.append(spacer)
        head = entry.text if entry.action is not None else (entry.text or "Setup")
        color = self.color_of(entry.player) if entry.player is not None and entry.player >= 0 else T.ACCENT
        # a ruling that says the same as the heading and more, with its rule, stands for the heading:
        # the first one said, or the first after the computer's "Why:" lines (moved up to lead); "more"
        # may come before it too ("Combat: Red attacks Blue" under "Red attacks Blue")
        lead = next((ev for ev in entry.events if ev.text.strip() and ev.kind != "ai"), None)
        echo = None
        if not (lead is not None and int(getattr(lead, "depth", 1)) == 0 and head.strip()
                and head.strip().lower() in lead.text.strip().lower()):
            lead = None
            # a ruling that only repeats the heading (at any depth) lends it its rule and is not said again
            said = head.strip().rstrip(".").lower()
            echo = next((ev for ev in entry.events if ev.kind != "ai" and ev.text.strip().rstrip(".").lower() == said),
                        None)
            first = next((ev for ev in entry.events if ev.text.strip() and ev.kind != "ai"), None)
            if echo is None and first is not None and said and first.text.strip().lower().startswith(said):
                # an indented ruling that repeats the heading and says more ("buys a Rest Potion" /
                # "buys a Rest Potion for 3 coins"): its words and rule become the heading
                echo, head = first, first.text.strip()
            self._wrap_rows(idx, head, 0, "s", color, True, echo.rule if echo is not None else "", th)
        cited = ""
        for ev in ([lead] if lead is not None else []) + [e for e in entry.events if e is not lead and e is not echo]:
            depth = max(0, int(getattr(ev, "depth", 1)))
            text = ev.text.strip()
            if not text:
                continue
            # a run of rulings under one rule cites it once, on the first of them
            rule, cited = ("" if ev.rule == cited else ev.rule), ev.rule
            if ev.kind == "roll":
                text = "⚄ " + text
            if depth == 0:
                pcol = color
                data = ev.data if isinstance(ev.data, dict) else {}
                if "player" in data:
                    pcol = self.color_of(data["player"])
                if ev.kind == "override":          # allowed against the rules: marked apart from play
                    pcol = T.WARN
                self._wrap_rows(idx, text, 0, "s", pcol, True, rule, th)
            else:
                col = T.TEXT if ev.kind in ("roll", "damage", "kill", "win") else T.MUTED
                self._wrap_rows(idx, text, ind * depth, "xs", col, False, rule, th)

    # --- scrolling / drawing ---------------------------------------------------
    def scroll_by(self, n: int) -> bool:
        old = self.scroll
        self.scroll = max(0, min(max(0, len(self.rows) - 3), self.scroll + n))
        return old != self.scroll

    def signature(self) -> tuple:
        return (len(self.rows), self.scroll, self.width, self.rect.size, len(self.notes))

    def draw(self, surf, rect: pygame.Rect, th: T.Theme, hover_rule: str = "") -> None:
        rect = pygame.Rect(rect)
        self.rect = rect
        self.links = []
        pygame.draw.rect(surf, T.mix(T.PANEL, (0, 0, 0), 0.2), rect, border_radius=th.px(6))
        inner = rect.inflate(-th.px(16), -th.px(12))
        clip = surf.get_clip()
        surf.set_clip(inner)
        y = inner.bottom
        last = len(self.rows) - 1 - self.scroll
        i = last
        while i >= 0 and y > inner.y - 40:
            row = self.rows[i]
            y -= row.h
            for img, x, rule in row.parts:
                pos = (inner.x + x, y)
                surf.blit(img, pos)
                if rule:
                    r = img.get_rect(topleft=pos)
                    self.links.append((r, rule))
                    if rule == hover_rule:
                        pygame.draw.line(surf, T.LINK, r.bottomleft, (r.right, r.bottom - 1), 1)
            i -= 1
        surf.set_clip(clip)
        if self.scroll > 0:
            img = th.text(f"▼ {self.scroll} newer lines (scroll down)", "xs", T.ACCENT)
            surf.blit(img, img.get_rect(bottomright=(rect.right - th.px(8), rect.bottom - th.px(2))))
        if i >= 0:
            pygame.draw.line(surf, T.PANEL_EDGE, (inner.x, inner.y), (inner.right, inner.y), 1)

    def link_at(self, pos) -> str:
        for r, rule in self.links:
            if r.collidepoint(pos):
                return rule
        return ""
