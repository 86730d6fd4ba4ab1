"""The launcher's components (engine/ui/component.py): the header, the list
of games, the setup column (map, players, seats and armies, seed), the
options column (options and house rulings) and the start bar (the verbs,
and the last game played or an error over them).  Each lays itself out
from the launcher's choices when the window or a choice changes; drawing
only blits what was placed."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pygame

from engine.ui import theme as T
from engine.ui import widgets as W
from engine.ui.component import Component, wrapped
from engine.ui.scenes.launcher_commands import (CycleArmy, CycleOption, CycleRuling, CycleSeat, Go, PickGame,
                                                PickScenario, StepPlayers)

if TYPE_CHECKING:
    from engine.ui.scenes.launcher import Launcher


def ruling_note(ruling, reading) -> str:
    """The note under a ruling's button: its section (a heading's own
    closing ';' or ':' left out) and the chosen reading."""
    return f"{ruling.section.rstrip(';: ')} · {reading.summary}"


def short_summary(summary: str, font, width: int) -> str:
    """An army's summary cut at a whole clause to fit `width` ("993 / 1000
    points, 11 units" of "..., 1 character"); the tooltip has it all."""
    parts = re.split(r", | · ", summary)
    line = parts[0]
    for part in parts[1:]:
        longer = f"{line}, {part}"
        if font.size(longer)[0] > width:
            break
        line = longer
    return line


def pretty(s: str) -> str:
    return str(s).replace("_", " ").capitalize() if s else "(default)"


def button_h(th: T.Theme) -> int:
    return th.line_h("m") + th.px(16)


class Part(Component):
    def __init__(self, launcher: Launcher) -> None:
        super().__init__(launcher.app.theme)
        self.launcher = launcher

    def note(self, text: str, x: int, y: int, w: int, bottom: int, most: int = 3) -> int:
        """A muted explanation under a button, wrapped to whole lines while
        there is room (the button's tooltip always has it all)."""
        th = self.theme
        if not text:
            return y
        lines = T.wrap(text, th.font("xs"), w)
        room = max(0, (bottom - y) // th.line_h("xs"))
        for line in lines[:min(most, room)]:
            self.text(line, (x, y), "xs", T.MUTED)
            y += th.line_h("xs")
        return y + th.px(6)


class Header(Part):
    """The name, what Warbench is, and the About button."""

    def arrange(self) -> None:
        th, r = self.theme, self.rect
        pad = th.px(28)
        self.text("Warbench", (r.x + pad, r.y + pad - th.px(8)), "xxl", T.ACCENT, True)
        self.text("Tabletop wargames: hotseat with friends, solo against the computer, or study the maps.",
                  (r.x + pad, r.y + pad + th.line_h("xxl") - th.px(6)), "m", T.MUTED)
        self.button((r.right - pad - th.px(150), r.y + pad, th.px(150), th.px(40)), "About", Go.ABOUT, key="A",
                    tip="What Warbench is, and the credits for its icons and type")


class GameList(Part):
    """One card per game (a long title on two lines rather than cut)."""

    def arrange(self) -> None:
        th, r, la = self.theme, self.rect, self.launcher
        self.cards: list[tuple[pygame.Rect, PickGame, bool]] = []      # (rect, command, chosen)
        self.text("Game", r.topleft, "l", T.TEXT, True)
        y = r.y + th.line_h("l") + th.px(8)
        bh = button_h(th)
        for g in la.games:
            title = T.wrap(g.title, th.font("m", True), r.w - th.px(20))[:2]
            card = pygame.Rect(r.x, y, r.w, bh + th.line_h("xs") + (len(title) - 1) * th.line_h("m"))
            self.cards.append((card, PickGame(g.game_id), g is la.game))
            for j, line in enumerate(title):
                self.text(line, (card.x + th.px(10), card.y + th.px(6) + j * th.line_h("m")), "m", T.TEXT, True)
            players = f"{g.min_players}-{g.max_players} players" if g.max_players > g.min_players \
                else f"{g.min_players} players"
            self.text(players, (card.x + th.px(10), card.y + th.px(8) + len(title) * th.line_h("m")), "xs", T.MUTED)
            y += card.h + th.px(8)
        if not la.games:
            self.text("No games installed.", (r.x, y), "m", T.BAD)

    @property
    def hot(self):
        return [(card, cmd, "") for card, cmd, _ in self.cards]

    def draw(self, surf, hover=None) -> None:
        th = self.theme
        for card, cmd, chosen in self.cards:
            fill = T.mix(T.BUTTON, T.ACCENT, 0.3) if chosen else (T.BUTTON_HOVER if hover == cmd else T.BUTTON)
            W.box(surf, card, fill, T.ACCENT if chosen else T.PANEL_EDGE, th.px(6))
        super().draw(surf, hover)


class SetupColumn(Part):
    """The map, the number of players, each seat (and its army list), the seed."""

    def arrange(self) -> None:
        la = self.launcher
        self.seed_rect = pygame.Rect(0, 0, 0, 0)
        self.players_row = pygame.Rect(0, 0, 0, 0)
        if la.game is None:
            return
        th, r = self.theme, self.rect
        x1, bh = r.x, button_h(th)
        y = self.scenarios(r.y, bh)
        y = self.players(y, bh)
        y = self.seats(y, bh)
        y += th.px(10)
        self.text("Seed", (x1, y), "l", T.TEXT, True)
        y += th.line_h("l") + th.px(6)
        self.seed_rect = fr = pygame.Rect(x1, y, th.px(200), bh)
        self.button((fr.right + th.px(10), y, th.px(130), bh), "Random", Go.SEED_RANDOM)
        self.text("The same seed gives the same dice.", (fr.right + th.px(150), y + bh // 2), "s", T.MUTED,
                  anchor="midleft")

    def scenarios(self, y: int, bh: int) -> int:
        th, la, x1 = self.theme, self.launcher, self.rect.x
        self.text("Map", (x1, y), "l", T.TEXT, True)
        y += th.line_h("l") + th.px(6)
        sw = (self.rect.w - th.px(8)) // 2
        for i, s in enumerate(la.scenarios):
            self.button((x1 + (i % 2) * (sw + th.px(8)), y + (i // 2) * (bh + th.px(6)), sw, bh),
                        la.game.scenario_title(s), PickScenario(i), active=s == la.scenario,
                        tip=la.game.scenario_text(s))
        return y + ((len(la.scenarios) + 1) // 2) * (bh + th.px(6)) + th.px(14)

    def players(self, y: int, bh: int) -> int:
        th, la, x1, col_w = self.theme, self.launcher, self.rect.x, self.rect.w
        self.text("Players", (x1, y), "l", T.TEXT, True)
        y += th.line_h("l") + th.px(6)
        self.button((x1, y, bh, bh), "−", StepPlayers(-1), enabled=la.players > la.game.min_players)
        self.text(str(la.players), (x1 + bh + th.px(30), y + bh // 2), "l", T.TEXT, True, anchor="center")
        self.button((x1 + bh + th.px(60), y, bh, bh), "+", StepPlayers(1), enabled=la.players < la.game.max_players)
        note = la.players_note()
        rows_h = bh
        if note:                        # what this many players means (Battle Valor: the Grand Alliance), wrapped
            nx = x1 + 2 * bh + th.px(72)
            lines = T.wrap(note, th.font("xs"), max(th.px(60), x1 + col_w - nx))
            rows_h = max(bh, len(lines) * th.line_h("xs"))
            ty = y + (bh - len(lines) * th.line_h("xs")) // 2
            for line in lines:
                self.text(line, (nx, ty), "xs", T.MUTED)
                ty += th.line_h("xs")
        self.players_row = pygame.Rect(x1, y, col_w, rows_h)    # the stepper and its note stay in their column
        return y + rows_h + th.px(10)

    def seats(self, y: int, bh: int) -> int:
        th, la, x1, col_w = self.theme, self.launcher, self.rect.x, self.rect.w
        seat_w = (col_w - th.px(6)) // 2 if la.has_lists else col_w
        cycle = ", ".join("Human" if a == "human" else f"Computer ({a})" for a in ["human"] + la.agents)
        for i in range(la.players):
            seat = la.seats[i]
            label = f"Player {i + 1}: " + ("Human" if seat == "human" else f"Computer ({seat})")
            self.button((x1, y, seat_w, bh), label, CycleSeat(i), active=seat == "human",
                        tip="Click for the next of: " + cycle)
            if la.has_lists and self.army(i, x1 + seat_w + th.px(6), y, seat_w, bh):
                y += th.line_h("xs")
            y += bh + th.px(6)
        if la.has_lists:
            note = f"{len(la.list_choices)} legal lists"
            if la.broken_lists:
                note += f"; {la.broken_lists} with problems (main.py check shows them)"
            self.button((x1, y, seat_w, bh), "Army builder…", Go.BUILDER, key="B",
                        tip="Build an army list from the cards, with every limit checked, and save it")
            self.text(note, (x1 + seat_w + th.px(12), y + bh // 2), "xs", T.MUTED, anchor="midleft")
            y += bh + th.px(6)
        return y

    def army(self, i: int, x: int, y: int, w: int, bh: int) -> bool:
        """A seat's army list button (and its points under it: True)."""
        th, la = self.theme, self.launcher
        al = la.army_of(i)
        # a game may name the army a seat gets by default on this map
        # (Warbound: a starter deck; Battle Valor: the scenario's list)
        default = la.default_army(i)
        # its points; the default army's too when it is one of the lists (a scenario's list)
        shown = al or next((c for c in la.list_choices if default and c.name == default), None)
        summary = la.army_points(shown)
        if al is not None:
            tip = f"{al.name}: {summary}. "
        elif default:
            tip = f"By default: {default}" + (f" ({summary}). " if summary else ". ")
        else:
            tip = "The ready-made army for this map. "
        tip += "Click: next list (saved, then shipped); right-click: previous."
        self.button((x, y, w, bh), f"Army: {al.name if al else (default or 'default')}", CycleArmy(i),
                    active=al is not None, tip=tip)
        if summary:             # its points (or cards) first, under the list's name: what fits
            self.text(short_summary(summary, th.font("xs"), w - th.px(8)), (x + th.px(6), y + bh + th.px(1)),
                      "xs", T.MUTED)
        return bool(summary)

    @property
    def hot(self):
        return super().hot + ([(self.seed_rect, Go.SEED, "")] if self.seed_rect.w else [])

    def draw(self, surf, hover=None) -> None:
        super().draw(surf, hover)
        if self.seed_rect.w:
            self.launcher.seed_field.draw(surf, self.theme, self.seed_rect)


class OptionsColumn(Part):
    """The game's options, then its house rulings, as much of their notes as
    fits above the column's bottom (a small window drops the rulings' notes,
    then shortens the rest: the buttons' tooltips have every word)."""

    def arrange(self) -> None:
        la = self.launcher
        if la.game is None:
            return
        th, r = self.theme, self.rect
        x2, col_w, bh, bottom = r.x, r.w, button_h(th), r.bottom
        opt_lines, q_lines, notes = self.plan(r.y, col_w, bh, bottom)
        y = r.y
        if la.option_specs:                      # no heading over nothing (e.g. Warbound)
            self.text("Options", (x2, y), "l", T.TEXT, True)
            y += th.line_h("l") + th.px(6)
        for o in la.option_specs:
            val = la.options.get(o.key, o.default)
            if o.choices:
                label = f"{o.label}: {pretty(val)}"
                active = val != o.default and val not in (None, "", "none", False)     # changed from the usual
            else:
                label = ("☑ " if val else "☐ ") + o.label
                active = bool(val)
            self.button((x2, y, col_w, bh), label, CycleOption(o.key), active=active, tip=o.help)
            y += bh + th.px(2)
            if opt_lines:
                y = self.note(o.help, x2 + th.px(10), y, col_w - th.px(10), bottom, opt_lines)
        self.rulings(x2, y + th.px(10), col_w, bh, bottom, q_lines, notes)

    def plan(self, y: int, w: int, bh: int, bottom: int) -> tuple[int, int, bool]:
        """How the column fits above `bottom`: (lines of each option's note,
        lines of each ruling's question, rulings' notes shown)."""
        th, la = self.theme, self.launcher
        xs, sm = th.line_h("xs"), th.line_h("s")

        def note_h(text: str, most: int, width: int) -> int:
            return min(most, len(T.wrap(text, th.font("xs"), width))) * xs + th.px(6) if text and most else 0

        plans = ((3, 2, True), (3, 2, False), (2, 2, False), (1, 2, False), (1, 1, False), (0, 2, False), (0, 1, False))
        for opt_lines, q_lines, notes in plans:
            end = y + (th.line_h("l") + th.px(6) if la.option_specs else 0)
            for o in la.option_specs:
                end += bh + th.px(2) + note_h(o.help, opt_lines, w - th.px(10))
            if la.rulings:
                end += th.px(10) + th.line_h("l") + th.px(6)
            for r in la.rulings:
                rd = r.get(la.readings[r.id])
                end += min(q_lines, len(T.wrap(r.question, th.font("s"), w))) * sm + bh + th.px(4)
                end += note_h(ruling_note(r, rd), 3 if notes else 0, w - th.px(10)) or th.px(6)
            if end <= bottom:
                break
        return opt_lines, q_lines, notes

    def rulings(self, x: int, y: int, w: int, bh: int, bottom: int, q_lines: int, notes: bool) -> int:
        """One button per ruling cycling its readings (ours preselected), the
        chosen reading and its citation beneath (the question cut to
        `q_lines`, the note left out in a small window)."""
        th, la = self.theme, self.launcher
        if not la.rulings:
            return y
        self.text("House rulings", (x, y), "l", T.TEXT, True)
        y += th.line_h("l") + th.px(6)
        for r in la.rulings:
            rd = r.get(la.readings[r.id])
            tip = f"{r.question} {r.section}: {rd.summary}. Rests on: \"{rd.rests_on}\" Click: the next reading."
            lines = T.wrap(r.question, th.font("s"), w)
            shown = lines[:q_lines]
            if len(lines) > q_lines:
                shown[-1] = T.ellipsize(shown[-1] + " " + " ".join(lines[q_lines:]), th.font("s"), w)
            for line in shown:
                self.text(line, (x, y), "s", T.TEXT)
                y += th.line_h("s")
            y += th.px(2)
            label = pretty(rd.key) + (" (ours)" if rd.default else "")
            self.button((x, y, w, bh), label, CycleRuling(r.id), active=not rd.default, tip=tip)
            y += bh + th.px(2)
            if notes:
                y = self.note(ruling_note(r, rd), x + th.px(10), y, w - th.px(10), bottom)
            else:
                y += th.px(6)
        return y


class StartBar(Part):
    """The verbs along the bottom, and over them the error, the note or the
    last game played."""

    def arrange(self) -> None:
        la = self.launcher
        if la.game is None:
            return
        th, r = self.theme, self.rect
        x1, gap = r.x, th.px(12)
        by = r.bottom - th.px(50)
        bw = min(th.px(200), (r.w - th.px(130) - 6 * gap) // 6)
        x = x1
        for label, cmd, key, enabled, tip, style in (
                ("Start", Go.START, "Enter", True, "A new game; games in progress stay as they are", "primary"),
                ("Resume", Go.RESUME, "R", bool(la.resume_info),
                 f"The last played: {la.resume_info}" if la.resume_info else "No game in progress", "normal"),
                (f"Games ({len(la.in_progress)})", Go.GAMES, "G", True,
                 "Every game in progress, and the finished ones to replay", "normal"),
                ("Load…", Go.LOAD, "L", True, "A named save, as a new game in progress", "normal"),
                ("View map", Go.MAP, "M", True,
                 "Look at the selected map and its terrain (for designers); nothing is played", "normal"),
                ("Learn", Go.LEARN, "T", True, "Learn this game: a coached first game and a lesson per rule family",
                 "normal")):
            self.button((x, by, bw, th.px(50)), label, cmd, key=key, enabled=enabled, tip=tip, style=style)
            x += bw + gap
        self.button((x, by, th.px(130), th.px(50)), "Quit", Go.QUIT, key="Esc")
        info_y = by - th.line_h("s") - th.px(8)
        if la.error or la.note:
            self.texts += wrapped(la.error or la.note, pygame.Rect(x1, info_y - th.line_h("s"), r.w, th.line_h("s") * 2),
                                  "s", T.BAD if la.error else T.WARN, th, max_lines=2)
        elif la.resume_info:
            more = f" (and {len(la.in_progress) - 1} more: G)" if len(la.in_progress) > 1 else ""
            lines = T.wrap(f"Last played: {la.resume_info}{more}", th.font("s"), r.w)[:2]
            for i, line in enumerate(lines):
                self.text(line, (x1, info_y - (len(lines) - 1 - i) * th.line_h("s")), "s", T.MUTED)
