"""The launcher: choose a game, map, players, seats, army lists, options and
seed (every game's last choices are remembered: launcher_settings.py); resume any game in progress, look through
the finished ones; load a named save.  Errors are shown in words."""
from __future__ import annotations

import random
from pathlib import Path

import pygame

from engine.core import malformed, registry
from engine.core import sessions
from engine.core.sessions import new_match
from engine.ui import theme as T
from engine.ui import widgets as W
from engine.core.rulings import rulings_of
from engine.ui.scene import Scene
from engine.ui.scenes import launcher_settings as memory
from engine.ui.scenes.launcher_commands import (SETTINGS, CycleArmy, CycleOption, CycleRuling, CycleSeat, DeleteRow,
                                                Go, LoadRow, PickGame, PickScenario, ReplayRow, ResumeRow, ShowTab,
                                                StepPlayers)
from engine.ui.scenes.launcher_parts import GameList, Header, OptionsColumn, SetupColumn, StartBar


class Launcher(Scene):
    opaque = True

    def __init__(self, app):
        super().__init__(app)
        self._stale = True
        self.size = app.size
        self.header, self.game_list, self.setup = Header(self), GameList(self), SetupColumn(self)
        self.options_column, self.start_bar = OptionsColumn(self), StartBar(self)
        self.error = ""
        self.note = ""
        try:
            self.games = registry.all_games()
        except Exception as e:  # noqa: BLE001 - a broken game must not hide the others
            self.games = []
            self.error = f"Could not load the games: {e}"
        self.game = None
        self.hover = None                                      # the command under the pointer
        self.seed_field = W.TextField(str(random.randrange(1, 1_000_000)), 9, allowed=str.isdigit)
        self.seed_field.focus = False
        self.in_progress = []
        self.resume_info = ""
        self.memory = memory.read()          # every game's last choices
        self.note = self.memory.problem        # said once: the first click clears it
        if self.games:
            first = next((g for g in self.games if g.game_id == self.memory.last), self.games[0])
            self.select_game(first)

    # --- model ---------------------------------------------------------------------
    def select_game(self, rules) -> None:
        self.game = rules
        scen = rules.scenarios()
        self.scenarios = list(scen)
        self.scenario = self.scenarios[0] if self.scenarios else ""
        self.players = rules.min_players
        from engine.ui.ai_runner import agent_names
        self.agents = agent_names(rules.game_id)
        self.seats = ["human"] + [self.agents[0]] * (rules.max_players - 1)
        every = list(rules.options())
        self.option_specs = [o for o in every if getattr(o, "launcher", True)]
        self.options = {o.key: o.default for o in every}
        self.rulings = rulings_of(rules)                   # house rulings: our reading preselected
        self.readings = {r.id: r.default for r in self.rulings}
        self.error = ""
        self.refresh_games()
        self.armies = None
        self.load_lists()
        self.apply_settings(self.memory.of(rules.game_id))     # as this game was left

    def load_lists(self, select: str | None = None) -> None:
        """The army lists each seat may take (saved and shipped), for games
        with lists (engine/core/army_lists.py); None per seat: the default."""
        from engine.core import army_lists
        self.has_lists = army_lists.supports_lists(self.game)
        self.list_choices = []
        self.broken_lists = 0
        if self.has_lists:
            for al, probs in army_lists.available(self.game.game_id):
                if probs:
                    self.broken_lists += 1
                else:
                    self.list_choices.append(al)
        old = getattr(self, "armies", None)
        keep = old if old is not None and len(old) == self.game.max_players else None
        paths = [c.path for c in self.list_choices]
        self.armies = [None] * self.game.max_players
        if keep is not None:                # the same files stay chosen after a reload
            self.armies = [paths.index(k) if k in paths else None for k in keep]
        if select is not None and select in paths:
            seat = next((i for i, s in enumerate(self.seats) if s == "human"), 0)
            self.armies[seat] = paths.index(select)
        self.armies = [paths[i] if i is not None else None for i in self.armies]

    def players_note(self) -> str:
        """A game's word on the chosen number of players (optional hook
        `players_note(players)`), e.g. sides and who commands them."""
        fn = getattr(self.game, "players_note", None)
        return fn(self.players) if fn is not None else ""

    def default_army(self, seat: int) -> str:
        """The army a seat gets by default on this map (optional hook
        `default_army_name(seat, scenario[, players])`)."""
        fn = getattr(self.game, "default_army_name", None)
        if fn is None:
            return ""
        import inspect
        if "players" in inspect.signature(fn).parameters:
            return fn(seat, self.scenario, players=self.players)
        return fn(seat, self.scenario)

    def army_of(self, seat: int):
        path = self.armies[seat]
        return next((c for c in self.list_choices if c.path == path), None)

    def army_options(self) -> dict:
        """Setup options for the chosen lists (none chosen: the game's defaults)."""
        chosen = [self.army_of(i) for i in range(self.players)]
        if not any(chosen):
            return {}
        return {"armies": [c.to_dict() if c is not None else None for c in chosen]}

    def rulings_options(self) -> dict:
        """Setup options for the chosen readings of the game's house rulings (none: no rulings)."""
        return {"rulings": dict(self.readings)} if self.rulings else {}

    def army_points(self, al) -> str:
        """A chosen list's points in words ("495 / 500 points, 9 units"), "" for none."""
        if al is None:
            return ""
        fn = getattr(self.game, "army_summary", None)
        try:
            return fn(al) if fn is not None else ""
        except Exception:  # noqa: BLE001 - a list the game cannot sum still shows its name
            return ""

    def open_builder(self) -> None:
        self.app.open("army_builder", self.game.game_id, on_saved=lambda path: self.load_lists(str(path)))

    def apply_settings(self, data: dict) -> None:
        """The remembered choices, each only where it still fits the game."""
        if data.get("scenario") in self.scenarios:
            self.scenario = data["scenario"]
        players = data.get("players")
        if isinstance(players, int) and self.game.min_players <= players <= self.game.max_players:
            self.players = players
        seats = data.get("seats")
        if isinstance(seats, list):
            for i, seat in enumerate(seats[: len(self.seats)]):
                if seat == "human" or seat in self.agents:
                    self.seats[i] = seat
        opts = data.get("options")
        if isinstance(opts, dict):
            for o in self.option_specs:
                v = opts.get(o.key)
                if v is None:
                    continue
                if (o.choices and v in o.choices) or (not o.choices and isinstance(v, bool)):
                    self.options[o.key] = v
        readings = data.get("rulings")
        if isinstance(readings, dict):
            for r in self.rulings:
                if readings.get(r.id) in [rd.key for rd in r.readings]:
                    self.readings[r.id] = readings[r.id]
        armies = data.get("armies")
        if isinstance(armies, list) and self.has_lists:      # a list still there and still legal
            paths = [c.path for c in self.list_choices]
            for i, p in enumerate(armies[: len(self.armies)]):
                if isinstance(p, str) and p in paths:
                    self.armies[i] = p

    def remember(self) -> None:
        """Keep this game's choices beside every other game's (launcher_settings.py)."""
        if self.game is not None:
            self.memory.last = self.game.game_id
            self.memory.games[self.game.game_id] = {
                "scenario": self.scenario, "players": self.players, "seats": list(self.seats),
                "armies": [str(a) if a is not None else None for a in self.armies],
                "options": dict(self.options), "rulings": dict(self.readings)}
            memory.write(self.memory)

    def refresh_games(self) -> None:
        """The games in progress (any game), the last played first."""
        self.in_progress = [g for g in sessions.games_in_progress() if not g.problem]
        self.resume_info = describe_entry(self.in_progress[0]) if self.in_progress else ""

    def start(self) -> None:
        try:
            seed = int(self.seed_field.text) if self.seed_field.text else random.randrange(1, 1_000_000)
            match = new_match(self.game.game_id, seats=self.seats[: self.players], seed=seed,
                              scenario=self.scenario, options=dict(self.options, **self.army_options(),
                                                                  **self.rulings_options()))
        except Exception as e:  # noqa: BLE001 - the rules refused this setup
            self.error = f"Could not start: {e}"
            return
        self.remember()
        self.app.open("match", match, replace=True)

    def view_map(self) -> None:
        """The selected map in the map viewer (a throwaway match: nothing is saved)."""
        from engine.core.match import Match
        from engine.core.rules import Setup
        try:
            seed = int(self.seed_field.text) if self.seed_field.text else 1
            setup = Setup(self.game.game_id, self.players, seed, self.scenario,
                          tuple("human" for _ in range(self.players)), dict(self.options, **self.rulings_options()))
            match = Match(setup)
        except Exception as e:  # noqa: BLE001 - the rules refused this setup
            self.error = f"Could not build the map: {e}"
            return
        self.app.open("map_viewer", match)

    def resume(self, path=None) -> bool:
        """Open a game in progress (default: the last played) where it stands."""
        if path is None:
            if not self.in_progress:
                return False
            path = self.in_progress[0].path
        return self._open(sessions.resume, path)

    def load(self, path) -> bool:
        """A named save becomes a new game in progress; nothing is overwritten."""
        return self._open(sessions.load_as_new, path, save=True)

    def replay(self, path) -> bool:
        from engine.core.saves import SaveError
        try:
            match, actions = sessions.replay_start(path)
        except SaveError as e:
            self.error = f"Could not replay: {e}"
            return False
        self.app.open("match", match, replace=True, replay=actions)
        return True

    def _open(self, how, path, save: bool = False) -> bool:
        from engine.core.locks import GameInUse
        from engine.core.saves import ReplayStopped, SaveError
        try:
            match = how(path)
        except GameInUse as e:
            self.offer_copy(path, e)
            return False
        except ReplayStopped as e:
            self.offer_recovery(path, e)
            return False
        except SaveError as e:
            self.error = f"Could not load: {e}"
            return False
        except Exception as e:  # noqa: BLE001 - anything else wrong with the file
            self.error = f"Could not load {Path(path).name}: {malformed.explain(e)}"
            return False
        if save and not match.autosave():
            self.error = f"Could not keep the game in progress: {match.autosave_error}"
            return False
        self.app.open("match", match, replace=True)
        return True

    def offer_copy(self, path, in_use) -> None:
        """A game another window holds (engine/core/locks.py): say so, and
        offer a copy of it as it was last saved, as a new game in progress
        (the other window's game is untouched)."""
        from engine.ui.scenes.dialogs import Modal
        self.error = ""                     # the dialog says it all
        row = sessions.read_entry(Path(path))
        words = [(describe_entry(row) if not row.problem else row.name, T.MUTED),
                 "This game is open in another Warbench window"
                 + (f" (since {in_use.since})" if in_use.since else "") + ". Each game in progress belongs to one "
                 "window at a time, so that neither window's moves overwrite the other's.",
                 "Play it in that window, or open a copy of it here as it was last saved: a new game in "
                 "progress of its own, listed as a copy. The other window's game stays as it is."]

        def on(cmd, dlg):
            if cmd == "copy":
                if self._open(sessions.copy_in_progress, path, save=True):
                    self.error = ""
            return True
        self.app.push(Modal(self.app, "This game is open in another window", words,
                            [("Cancel", "cancel", "Esc"), ("Open a copy", "copy", "")],
                            on=on, enter_cmd="cancel", accent=T.WARN))

    def offer_recovery(self, path, stopped) -> None:
        """A save whose actions stop following this version's rules: offer
        the game as it stood just before, as a new game in progress (the
        file stays as it is; nothing is overwritten)."""
        from engine.ui.scenes.dialogs import Modal
        self.error = f"Could not load: {stopped}"
        kept = stopped.index
        words = [f"{Path(path).name}: action {kept + 1} of {stopped.total} no longer follows the rules of this "
                 f"version: {stopped.reason}",
                 f"The save was probably made by an earlier version whose rules differ there. Warbench can open "
                 f"the game as it stood after the first {kept} action{'s' if kept != 1 else ''}, as a new game in "
                 "progress: the rest of the actions and their dice are not replayed (new dice come from the "
                 "seed). The file itself stays as it is."]

        def on(cmd, dlg):
            if cmd == "recover":
                if self._open(sessions.recover_as_new, path, save=True):
                    self.error = ""
            return True
        self.app.push(Modal(self.app, "This save no longer replays to its end", words,
                            [("Cancel", "cancel", "Esc"), (f"Open it after action {kept}", "recover", "")],
                            on=on, enter_cmd="cancel", accent=T.WARN))

    def open_games(self, tab: str = "progress", note: str = "") -> None:
        self.app.push(GamesScene(self.app, self, tab, note))

    # --- events --------------------------------------------------------------------------
    def command(self, cmd) -> None:
        """Do what a click or a key asks for (engine/ui/scenes/launcher_commands.py)."""
        self.error = ""
        self.note = ""
        if isinstance(cmd, SETTINGS):
            self._setting(cmd)
            self.remember()
        elif cmd is Go.BUILDER:
            self.open_builder()
        elif cmd is Go.ABOUT:
            self.app.open("about")
        elif cmd is Go.SEED:
            self.seed_field.focus = True
        elif cmd is Go.SEED_RANDOM:
            self.seed_field.text = str(random.randrange(1, 1_000_000))
        elif cmd is Go.START:
            self.start()
        elif cmd is Go.RESUME:
            self.resume()
        elif cmd is Go.GAMES:
            self.open_games()
        elif cmd is Go.LOAD:
            self.app.push(LoadScene(self.app, self))
        elif cmd is Go.MAP:
            self.view_map()
        elif cmd is Go.LEARN:
            self.app.open("learn", self.game.game_id)
        elif cmd is Go.QUIT:
            self.app.quit()
        self.relayout()

    def _setting(self, cmd) -> None:
        if isinstance(cmd, PickGame):
            self.select_game(next(g for g in self.games if g.game_id == cmd.game_id))
        elif isinstance(cmd, PickScenario):
            self.scenario = self.scenarios[cmd.index]
        elif isinstance(cmd, StepPlayers):
            self.players = max(self.game.min_players, min(self.game.max_players, self.players + cmd.step))
        elif isinstance(cmd, CycleSeat):
            cycle = ["human"] + self.agents
            cur = self.seats[cmd.index] if self.seats[cmd.index] in cycle else "human"
            self.seats[cmd.index] = cycle[(cycle.index(cur) + 1) % len(cycle)]
        elif isinstance(cmd, CycleArmy):
            paths = [None] + [c.path for c in self.list_choices]
            cur = paths.index(self.armies[cmd.index]) if self.armies[cmd.index] in paths else 0
            self.armies[cmd.index] = paths[(cur + cmd.step) % len(paths)]
        elif isinstance(cmd, CycleOption):
            spec = next(o for o in self.option_specs if o.key == cmd.key)
            if spec.choices:
                ch = list(spec.choices)
                cur = self.options.get(spec.key, spec.default)
                self.options[spec.key] = ch[(ch.index(cur) + 1) % len(ch)] if cur in ch else ch[0]
            else:
                self.options[spec.key] = not self.options.get(spec.key, spec.default)
        elif isinstance(cmd, CycleRuling):
            ruling = next(r for r in self.rulings if r.id == cmd.ruling_id)
            keys = [rd.key for rd in ruling.readings]
            self.readings[ruling.id] = keys[(keys.index(self.readings[ruling.id]) + 1) % len(keys)]

    def hot_at(self, pos):
        return next((c for r, c, _ in self.hot if r.collidepoint(pos)), None)

    def handle(self, ev) -> bool:
        if self.seed_field.focus and self.seed_field.handle(ev):
            return True
        if self.seed_field.focus and ev.type == pygame.KEYDOWN and getattr(ev, "unicode", "").isprintable() \
                and ev.unicode and not ev.mod & pygame.KMOD_CTRL:
            return True          # typing into the field is not a shortcut
        if ev.type == pygame.MOUSEMOTION:
            old = self.hover
            self.hover = self.hot_at(ev.pos)
            return old != self.hover
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3:
            cmd = self.hot_at(ev.pos)
            if isinstance(cmd, CycleArmy):
                self.command(CycleArmy(cmd.index, -1))       # right-click: the previous list
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            cmd = next((c for c in (part.handle(ev) for part in self.parts) if c is not None), None)
            if cmd is not Go.SEED:
                self.seed_field.focus = False
            if cmd is not None:
                self.command(cmd)
            return True
        if ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.seed_field.focus = False
                self.command(Go.START)
            elif ev.key == pygame.K_ESCAPE:
                if self.seed_field.focus:
                    self.seed_field.focus = False
                else:
                    self.app.quit()
            elif ev.key in KEYS and (ev.key != pygame.K_r or self.resume_info) \
                    and (ev.key != pygame.K_b or self.has_lists):
                self.command(KEYS[ev.key])
            return True
        return False

    # --- layout and drawing -------------------------------------------------------------
    def __setattr__(self, name, value) -> None:
        """A choice replaced from outside (a test, the games list setting an
        error) lays the launcher out again before the next frame."""
        super().__setattr__(name, value)
        if name in LAID_OUT_FROM:
            super().__setattr__("_stale", True)

    def resize(self, size) -> None:
        self.size = size
        self.relayout()

    def relayout(self) -> None:
        """Place every component for the window's size and the choices now
        (on a resize, and after a choice changes: never while drawing)."""
        th = self.app.theme
        w, h = self.size
        pad = th.px(28)
        top = pad + th.line_h("xxl") + th.line_h("m") + th.px(18)
        left_w = th.px(330)
        cx = pad + left_w + th.px(36)
        col_w = (w - cx - pad - th.px(30)) // 2
        by = h - pad - th.px(50)
        info_top = by - th.px(8) - (2 * th.line_h("s") + th.px(4) if self.resume_info or self.error or self.note
                                    else 0)
        self.header.layout((0, 0, w, top))
        self.game_list.layout((pad, top, left_w, h - pad - top))
        self.setup.layout((cx, top, col_w, by - top))
        self.options_column.layout((cx + col_w + th.px(30), top, col_w, max(0, info_top - top)))
        bar_top = by - 2 * th.line_h("s") - th.px(8)
        self.start_bar.layout((cx, bar_top, w - cx - pad, h - pad - bar_top))
        super().__setattr__("_stale", False)

    @property
    def parts(self) -> tuple:
        return self.header, self.game_list, self.setup, self.options_column, self.start_bar

    @property
    def hot(self) -> list:
        """(rect, command, tip) of every place a click asks for something."""
        return [h for part in self.parts for h in part.hot]

    @property
    def players_row(self) -> pygame.Rect:
        return self.setup.players_row

    def draw(self, surf) -> None:
        if self._stale:              # a choice set from outside since the last layout
            self.relayout()
        surf.fill(T.BG)
        for part in self.parts:
            part.draw(surf, self.hover)
        tip = next((t for r, c, t in self.hot if c == self.hover and t), "")
        if tip:
            W.tooltip(surf, pygame.mouse.get_pos(), "", [tip], self.app.theme)


KEYS = {pygame.K_r: Go.RESUME, pygame.K_l: Go.LOAD, pygame.K_g: Go.GAMES, pygame.K_m: Go.MAP,
        pygame.K_a: Go.ABOUT, pygame.K_b: Go.BUILDER, pygame.K_t: Go.LEARN}
# the launcher's choices its layout reads: replacing one lays it out again
LAID_OUT_FROM = frozenset({"game", "games", "scenarios", "scenario", "players", "seats", "agents", "option_specs",
                           "options", "rulings", "readings", "armies", "list_choices", "has_lists", "broken_lists",
                           "error", "note", "resume_info", "in_progress"})


def seat_word(seat: str) -> str:
    """'person', or 'computer, hard' (it is said inside the brackets after a
    player's name: 'Blue (computer, hard)')."""
    return "person" if seat in ("human", "") else f"computer, {seat}"


def describe_entry(g) -> str:
    """'Dice Wars · Red (person), Blue (computer) · round 3 · Red to act · 46 actions · 23 Nov 15:40'"""
    try:
        title = registry.get(g.game).title.split(":")[0]
    except KeyError:
        title = f"unknown game {g.game!r}"
    who = ", ".join(f"{n} ({seat_word(s)})" for n, s in zip(g.players, g.seats)) or "?"
    parts = [title, who]
    if g.round is not None:
        parts.append(f"round {g.round}")
    if g.finished:
        parts.append(g.result or "finished")
    elif g.to_act:
        parts.append(f"{g.to_act} to act")
    parts += [f"{g.actions} actions", g.when]
    return " · ".join(parts)


class ListScene(Scene):
    """A full-window list with clickable places (`hot`: (rect, command))."""
    opaque = True

    def hot_at(self, pos):
        return next((c for r, c in self.hot if r.collidepoint(pos)), None)

    def motion(self, pos) -> bool:
        old, self.hover = self.hover, self.hot_at(pos)
        return old != self.hover


class GamesScene(ListScene):
    """Games in progress (Resume, Delete) and finished games (Replay, the
    final position with its log, Delete).  Deleting asks first."""
    opaque = True

    def __init__(self, app, launcher: Launcher, tab: str = "progress", note: str = ""):
        super().__init__(app)
        self.launcher = launcher
        self.tab = tab
        self.note = note
        self.hot: list = []
        self.hover = None
        self.scroll = 0
        self.error = ""
        self.refresh()

    def refresh(self) -> None:
        from engine.core import locks
        progress, done = sessions.games_in_progress(), sessions.history()
        self.counts = {"progress": len(progress), "history": len(done)}
        self.rows = progress if self.tab == "progress" else done
        self.held = [not r.problem and locks.holder(r.path) is not None for r in self.rows]   # open in another window
        self.scroll = min(self.scroll, max(0, len(self.rows) - 1))
        self.launcher.refresh_games()

    def command(self, cmd) -> None:
        if cmd is Go.BACK:
            self.app.pop(self)
        elif isinstance(cmd, ShowTab):
            self.tab = cmd.tab
            self.scroll = 0
            self.refresh()
        elif isinstance(cmd, (ResumeRow, ReplayRow, DeleteRow)):
            row = self.rows[cmd.index]
            ok = True
            if isinstance(cmd, ResumeRow):
                ok = self.launcher.resume(row.path)
            elif isinstance(cmd, ReplayRow):
                ok = self.launcher.replay(row.path)
            elif self.held[cmd.index]:
                self.error = ("This game is open in another window: deleting it here would not stop that window "
                              "saving it again. Close it there first.")
            else:
                self.confirm_delete(row)
            if not ok:
                self.error, self.launcher.error = self.launcher.error, ""

    def confirm_delete(self, row) -> None:
        from engine.ui.scenes.dialogs import Modal

        def on(cmd, dlg):
            if cmd == "delete":
                sessions.delete(row.path)
                self.refresh()
            return True
        what = "game in progress" if self.tab == "progress" else "finished game"
        self.app.push(Modal(self.app, f"Delete this {what}?", [describe_entry(row), "This cannot be undone."],
                            [("Keep it", "cancel", "Esc"), ("Delete", "delete", "")], on=on, enter_cmd="cancel",
                            accent=T.BAD))

    def handle(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                self.command(Go.BACK)
            elif ev.key == pygame.K_TAB:
                self.command(ShowTab("history" if self.tab == "progress" else "progress"))
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.rows and self.tab == "progress":
                self.command(ResumeRow(self.scroll))
            return True
        if ev.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(max(0, len(self.rows) - 1), self.scroll - ev.y))
            return True
        if ev.type == pygame.MOUSEMOTION:
            return self.motion(ev.pos)
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            cmd = self.hot_at(ev.pos)
            if cmd is not None:
                self.error = ""
                self.command(cmd)
            return True
        return ev.type in (pygame.KEYUP, pygame.MOUSEBUTTONUP)

    def _button(self, surf, th, rect, label, cmd, key="", style="normal") -> None:
        b = W.Button(pygame.Rect(rect), label, cmd, key, style=style, active=cmd == ShowTab(self.tab))
        b.draw(surf, th, hover=self.hover == cmd)
        self.hot.append((b.rect, cmd))

    def draw(self, surf) -> None:
        th = self.app.theme
        w, h = surf.get_size()
        surf.fill(T.BG)
        self.hot = []
        pad = th.px(28)
        W.blit_text(surf, "Your games", (pad, pad), "xl", T.ACCENT, True, th)
        y = pad + th.line_h("xl") + th.px(12)
        if self.note:
            W.blit_text(surf, self.note, (pad, y), "m", T.WARN, theme=th)
            y += th.line_h("m") + th.px(10)
        tw = th.px(260)
        self._button(surf, th, (pad, y, tw, th.px(44)), f"In progress ({self.counts['progress']})", ShowTab("progress"), "Tab")
        self._button(surf, th, (pad + tw + th.px(10), y, tw, th.px(44)), f"Finished ({self.counts['history']})",
                     ShowTab("history"), "Tab")
        y += th.px(60)
        rh = th.line_h("m") + th.line_h("xs") + th.px(20)
        bottom = h - pad - th.px(70) - (th.line_h("s") * 2 if self.error else 0)
        if not self.rows:
            msg = ("No game in progress. Start one from the menu: each keeps its own autosave."
                   if self.tab == "progress" else "No finished games yet.")
            W.blit_text(surf, msg, (pad, y), "m", T.MUTED, theme=th)
        width = min(w - 2 * pad, th.px(1400))
        bw = th.px(150)
        for i, g in enumerate(self.rows[self.scroll:], start=self.scroll):
            if y + rh > bottom:
                break
            r = pygame.Rect(pad, y, width, rh)
            W.box(surf, r, T.BUTTON, T.PANEL_EDGE, th.px(6))
            if g.problem:
                title, detail = g.name, g.problem
            else:
                title = describe_entry(g).split(" · ")[0] + (f" — {g.result}" if g.finished and g.result else "")
                detail = " · ".join(describe_entry(g).split(" · ")[1:])
                if g.origin:                        # a loaded copy, told apart from its original
                    title += f" ({g.origin})"
                if self.held[i]:
                    detail = "open in another window · " + detail
            buttons = ([("Resume", ResumeRow(i), "primary")] if self.tab == "progress" else
                       [("Replay", ReplayRow(i), "primary"), ("Final position", ResumeRow(i), "normal")])
            buttons = [] if g.problem else buttons
            buttons.append(("Delete", DeleteRow(i), "normal"))
            text_w = r.w - th.px(24) - len(buttons) * (bw + th.px(8))
            surf.blit(th.text(T.ellipsize(title, th.font("m", True), text_w), "m", T.TEXT, True),
                      (r.x + th.px(12), r.y + th.px(6)))
            surf.blit(th.text(T.ellipsize(detail, th.font("xs"), text_w), "xs", T.MUTED),
                      (r.x + th.px(12), r.y + th.px(10) + th.line_h("m")))
            bx = r.right - th.px(8) - len(buttons) * (bw + th.px(8)) + th.px(8)
            for label, cmd, style in buttons:
                self._button(surf, th, (bx, r.y + th.px(8), bw, rh - th.px(16)), label, cmd, style=style)
                bx += bw + th.px(8)
            y += rh + th.px(6)
        if self.error:
            W.draw_wrapped(surf, self.error, (pad, h - pad - th.px(70) - th.line_h("s") * 2, w - 2 * pad,
                                              th.line_h("s") * 2), "s", T.BAD, theme=th, max_lines=2)
        self._button(surf, th, (pad, h - pad - th.px(50), th.px(200), th.px(50)), "Back", Go.BACK, "Esc")


def _save_summary(row) -> str:
    """'Dice Wars, 2 players (you vs computer), 37 actions' from a save's
    row (sessions.read_entry: read bounded, every field checked)."""
    if row.problem:
        return row.problem
    try:
        title = registry.get(row.game).title.split(":")[0]
    except KeyError:
        title = f"unknown game {row.game!r}"
    who = " vs ".join("person" if s == "human" else "computer" for s in row.seats)
    return f"{title}, {len(row.players) or len(row.seats)} players ({who}), {row.actions} " + \
        ("action" if row.actions == 1 else "actions")


class LoadScene(ListScene):
    """A simple list of named saves (default_dir()/saves/*.json)."""
    opaque = True

    def __init__(self, app, launcher: Launcher):
        super().__init__(app)
        self.launcher = launcher
        from engine.core.saves import default_dir
        self.folder = default_dir() / "saves"
        # every file read bounded, one bad file a row in words (sessions.read_entry), never a hang
        self.rows = [sessions.read_entry(p) for p in sessions.save_files(self.folder)]
        self.files = [r.path for r in self.rows]
        self.info = {r.path: _save_summary(r) for r in self.rows}
        self.scroll = 0
        self.hot: list = []
        self.hover = None
        self.error = ""

    def handle(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.app.pop(self)
            return True
        if ev.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(max(0, len(self.files) - 3), self.scroll - ev.y))
            return True
        if ev.type == pygame.MOUSEMOTION:
            return self.motion(ev.pos)
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            cmd = self.hot_at(ev.pos)
            if cmd is Go.BACK:
                self.app.pop(self)
            elif isinstance(cmd, LoadRow):
                row = self.rows[cmd.index]
                if row.problem:
                    self.error = f"Could not load: {row.problem}"
                    return True
                if self.launcher.load(self.files[cmd.index]):
                    return True
                self.error = self.launcher.error
                self.launcher.error = ""
            return True
        return ev.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surf) -> None:
        th = self.app.theme
        w, h = surf.get_size()
        surf.fill(T.BG)
        self.hot = []
        pad = th.px(28)
        W.blit_text(surf, "Load a saved game", (pad, pad), "xl", T.ACCENT, True, th)
        W.blit_text(surf, f"From {self.folder}", (pad, pad + th.line_h("xl") + th.px(4)), "s", T.MUTED, theme=th)
        y = pad + th.line_h("xl") + th.line_h("s") + th.px(20)
        rh = th.line_h("m") + th.line_h("xs") + th.px(16)
        bottom = h - pad - th.px(60) - (th.line_h("s") * 3 if self.error else 0)
        if not self.files:
            W.blit_text(surf, "No saves yet. In a game, Ctrl+S saves under a name.", (pad, y), "m", T.MUTED, theme=th)
        for i, row in enumerate(self.rows[self.scroll:], start=self.scroll):
            if y + rh > bottom:
                break
            r = pygame.Rect(pad, y, min(w - 2 * pad, th.px(1100)), rh)
            W.box(surf, r, T.BUTTON_HOVER if self.hover == LoadRow(i) else T.BUTTON, T.PANEL_EDGE, th.px(6))
            name = row.name[:-5] if row.name.endswith(".json") else row.name
            inner = r.w - th.px(24)
            surf.blit(th.text(T.ellipsize(name, th.font("m", True), inner), "m", T.TEXT, True),
                      (r.x + th.px(12), r.y + th.px(6)))
            line = self.info.get(row.path, "") if row.problem else \
                f"{self.info.get(row.path, '')} · saved {row.when} · {row.name}"
            surf.blit(th.text(T.ellipsize(line, th.font("xs"), inner), "xs", T.BAD if row.problem else T.MUTED),
                      (r.x + th.px(12), r.y + th.px(8) + th.line_h("m")))
            self.hot.append((r, LoadRow(i)))
            y += rh + th.px(6)
        if self.error:
            W.draw_wrapped(surf, self.error, (pad, h - pad - th.px(60) - th.line_h("s") * 3, w - 2 * pad, th.line_h("s") * 3),
                           "s", T.BAD, theme=th, max_lines=3)
        b = W.Button(pygame.Rect(pad, h - pad - th.px(50), th.px(200), th.px(50)), "Back", Go.BACK, "Esc")
        b.draw(surf, th, hover=self.hover is Go.BACK)
        self.hot.append((b.rect, Go.BACK))
