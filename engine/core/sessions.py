"""Matches as the app keeps them: every unfinished match has its own
autosave in the games-in-progress folder (written atomically after every
action), a finished one moves to the history (engine/core/match.py
`autosave`), and the launcher lists both from the saves' summaries
without replaying them.  Starting or loading a game never touches another
game's file.  Headless: the launcher, the command line and tests share it.

A marker file says the app is running; finding it at start-up means the
last run ended without a clean exit (a crash or a kill), and the launcher
opens on the games in progress.
"""
from __future__ import annotations

import datetime
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from engine.core import malformed
from engine.core.limits import MAX_SAVE_BYTES, BoundError, read_text_bounded
from engine.core.saves import default_dir, history_dir, in_progress_dir

RUNNING = "running"          # the marker file's name in the user data folder


def new_autosave_path(game: str) -> Path:
    """A fresh file in the games in progress: nothing else is overwritten."""
    folder = in_progress_dir()
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    while True:
        path = folder / f"{game}-{stamp}-{secrets.token_hex(3)}.json"
        if not path.exists() and not (history_dir() / path.name).exists():
            return path


def new_match(game: str, players: int | None = None, seats=None, seed: int | None = None,
              scenario: str | None = None, options: dict | None = None):
    """Build and start a Match with its own autosave (used by the launcher and run_app)."""
    import random

    from engine.core import registry
    from engine.core.match import Match
    from engine.core.rules import Setup

    rules = registry.get(game)
    if seats:
        players = len(seats)
    players = players or rules.min_players
    seats = tuple(seats) if seats else tuple("human" for _ in range(players))
    if scenario is None:
        scen = rules.scenarios() if hasattr(rules, "scenarios") else []
        scenario = scen[0] if scen else ""
    opts = {o.key: o.default for o in (rules.options() if hasattr(rules, "options") else [])}
    opts.update(options or {})
    if seed is None:
        seed = random.randrange(1, 1_000_000)
    setup = Setup(game=game, players=players, seed=seed, scenario=scenario, seats=seats, options=opts)
    match = Match(setup, autosave_path=new_autosave_path(game))
    match.autosave()
    return match


def load_as_new(path):
    """Load a named save into a new game in progress (the named save and
    every other game stay as they are).  Raises SaveError."""
    from engine.core.match import Match
    return Match.load(path, autosave_path=new_autosave_path(_game_of(path)))


def recover_as_new(path):
    """A save whose actions stop replaying (saves.ReplayStopped: made by a
    version whose rules differ) opened as it stood just before the first
    refused action, as a new game in progress; the save itself stays as it
    is.  Raises SaveError."""
    from engine.core.match import Match
    return Match.load(path, autosave_path=new_autosave_path(_game_of(path)), recover=True)


def resume(path):
    """Open a game in progress (or a finished one from the history) again,
    autosaving to its own file.  Raises SaveError."""
    from engine.core.match import Match
    return Match.load(path, autosave_path=path)


def _game_of(path) -> str:
    try:
        return str(json.loads(Path(path).read_text(encoding="utf-8"))["setup"]["game"])
    except (OSError, ValueError, KeyError, TypeError):
        return "game"


@dataclass(frozen=True)
class SavedGame:
    """One row of the games-in-progress or history list."""
    path: Path
    game: str
    players: tuple           # names
    seats: tuple             # "human" or a computer player's name
    round: int | None
    actions: int
    to_act: str | None
    finished: bool
    result: str              # the outcome's reason ("" while unfinished)
    winners: tuple
    played: float            # last played (the file's modification time)
    problem: str = ""        # the file could not be read: why

    @property
    def when(self) -> str:
        return datetime.datetime.fromtimestamp(self.played).strftime("%d %b %Y %H:%M")


def read_entry(path: Path) -> SavedGame:
    """A list row from a save's header and summary (no replay)."""
    path = Path(path)
    try:
        played = path.stat().st_mtime
    except OSError:
        played = 0.0
    try:
        data = json.loads(read_text_bounded(path, MAX_SAVE_BYTES, "save"))
        setup = data["setup"]
        summary = data.get("summary") or {}
        seats = tuple(str(s or "human") for s in (setup.get("seats") or ()))
        n = int(setup.get("players", len(seats)))
        names = tuple(str(x) for x in (summary.get("players") or [f"Player {i + 1}" for i in range(n)]))
        return SavedGame(path, str(setup["game"]), names, seats or ("human",) * n, summary.get("round"),
                         len(data.get("actions", [])), summary.get("to_act"), bool(summary.get("finished")),
                         str(summary.get("result") or ""), tuple(summary.get("winners") or ()), played)
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError, BoundError) as e:
        return SavedGame(path, "?", (), (), None, 0, None, False, "", (), played,
                         problem=f"{path.name}: not a readable save: {_unreadable(e)}")


def _unreadable(e: Exception) -> str:
    """Why a save's header cannot be read, in words (not the exception's class)."""
    if isinstance(e, json.JSONDecodeError):
        return f"not JSON ({e.msg.lower()} at line {e.lineno})"
    if isinstance(e, BoundError):
        return str(e).split(": ", 1)[-1].split(": ", 1)[-1]     # "file:0: save: not UTF-8 text" -> "not UTF-8 text"
    if isinstance(e, OSError):
        return f"cannot be read ({e.strerror or 'error'})"
    if isinstance(e, RecursionError):
        return "nested too deeply"
    if isinstance(e, KeyError) and e.args:
        return f"{e.args[0]}: required field is missing"
    return malformed.explain(e)


def _entries(folder: Path) -> list[SavedGame]:
    try:
        files = [p for p in folder.glob("*.json") if p.is_file()]
    except OSError:
        return []
    rows = [read_entry(p) for p in files]
    rows.sort(key=lambda r: r.played, reverse=True)
    return rows


def games_in_progress() -> list[SavedGame]:
    """Unfinished matches, the last played first."""
    return _entries(in_progress_dir())


def history() -> list[SavedGame]:
    """Finished matches, the last played first."""
    return _entries(history_dir())


def delete(path) -> None:
    """Remove a game's file (the launcher asks first)."""
    try:
        Path(path).unlink()
    except FileNotFoundError:
        pass


def replay_start(path):
    """A finished match at its first position and the steps to play
    through with `match.play_recorded` (each replays exactly: the recorded
    dice are used in order; an overridden action carries its override).
    Raises SaveError."""
    from engine.core.dice import ScriptedDice
    from engine.core.match import Match, recorded_step
    from engine.core.rules import Setup
    from engine.core import registry
    from engine.core.saves import SaveError, read_save, validate_save
    data = read_save(path)
    try:
        rules = registry.get(data["setup"]["game"])
    except (KeyError, TypeError):
        raise SaveError(f"{path}:1: setup.game: not a game of this build") from None
    validate_save(data, str(path), rules)
    try:
        setup = Setup.from_dict(data["setup"])
        dice = ScriptedDice(list(data["rolls"]), seed=setup.seed, strict=False)
        match = Match(setup, dice=dice)
        actions = [recorded_step(a, setup.players) for a in data["actions"]]
    except Exception as e:  # noqa: BLE001 - any problem with the file is reported in words
        raise SaveError(f"{path}:1: cannot replay: {malformed.explain(e)}") from None
    return match, actions


# --- did the last run end cleanly? ---------------------------------------------
def _marker() -> Path:
    return default_dir() / RUNNING


def last_run_crashed() -> bool:
    """True when the marker of a previous run is still there."""
    return _marker().exists()


def mark_running() -> None:
    try:
        _marker().parent.mkdir(parents=True, exist_ok=True)
        _marker().write_text(str(os.getpid()), encoding="utf-8")
    except OSError:
        pass


def mark_clean_exit() -> None:
    try:
        _marker().unlink()
    except OSError:
        pass
