"""Matches as the app keeps them: every unfinished match has its own
autosave in the games-in-progress folder (written atomically after every
action), a finished one moves to the history (engine/core/match.py
`autosave`), and the launcher lists both from the saves' summaries
without replaying them.  Starting or loading a game never touches another
game's file, and every game opened takes its lock (engine/core/locks.py):
a game in progress belongs to one window at a time.

Listing is bounded: every file is read through `read_bounded` (a FIFO, a
link to /dev/zero or a 2 GB file is a row saying so, never a hang), a
file name that is not UTF-8 is shown with its bytes escaped, every field
of a summary is checked and cut to what a row shows, so one bad file is
listed in words beside the good ones and never blocks them.

A marker per open window (`running/<pid>.json`: the process with its start
time) says the app is running; finding one whose window no longer runs at
start-up means a run ended without a clean exit (a crash or a kill), and
the launcher opens on the games in progress.  A second window running is
no crash.
"""
from __future__ import annotations

import datetime
import json
import os
import secrets
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core import data_folder, malformed
from engine.core.limits import MAX_SAVE_BYTES, BoundError, cut_text, read_text_bounded, strict_json
from engine.core.data_folder import default_dir
from engine.core.saves import history_dir, in_progress_dir

if TYPE_CHECKING:
    from engine.core.actions import Action
    from engine.core.match import Match, Recorded

PathLike = str | Path

RUNNING = "running"          # the folder of window markers in the user data folder
MAX_NAME = 60                # characters of a player's name in a row
MAX_LISTED = 500             # files a list reads (the newest): a folder of a million files is not a freeze


def new_autosave_path(game: str) -> Path:
    """A fresh file in the games in progress: nothing else is overwritten."""
    folder = in_progress_dir()
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    while True:
        path = folder / f"{game}-{stamp}-{secrets.token_hex(3)}.json"
        if not path.exists() and not (history_dir() / path.name).exists():
            return path


def new_match(game: str, players: int | None = None, seats: Sequence[str] | None = None, seed: int | None = None,
              scenario: str | None = None, options: dict[str, Any] | None = None) -> Match:
    """Build and start a Match with its own autosave and lock (used by the launcher and run_app)."""
    import random

    from engine.core import registry
    from engine.core.match import Match
    from engine.core.rules import Setup

    rules = registry.get(game)
    if seats:
        players = len(seats)
    players = players or rules.min_players
    seated = tuple(seats) if seats else tuple("human" for _ in range(players))
    if scenario is None:
        scen = rules.scenarios()
        scenario = scen[0] if scen else ""
    opts = {o.key: o.default for o in rules.options()}
    opts.update(options or {})
    if seed is None:
        seed = random.randrange(1, 1_000_000)
    setup = Setup(game=game, players=players, seed=seed, scenario=scenario, seats=seated, options=opts)
    path = new_autosave_path(game)
    match = Match(setup, autosave_path=path)
    _lock(match, path)
    match.autosave()
    return match


def hold(match: Match) -> None:
    """Take the lock of a match started elsewhere (the guided first game)
    on its autosave: a game in progress belongs to one window."""
    if match.autosave_path is not None:
        _lock(match, match.autosave_path)


def _lock(match: Match, path: PathLike) -> None:
    """The game's lock for this window (GameInUse when another window
    holds it).  A data folder where no lock can be written (read-only, a
    link) fails the autosave too, which the screen reports: the game is
    played without a lock rather than not at all."""
    from engine.core import locks
    try:
        match.lock = locks.acquire(path)
    except locks.GameInUse:
        raise
    except OSError:
        match.lock = None


def _copy(path: PathLike, origin: dict[str, str] | None = None, recover: bool = False) -> Match:
    """A save opened as a new game in progress (its own autosave and
    lock), remembering what it is a copy of; the file stays as it is."""
    from engine.core.match import Match
    from engine.core.saves import read_save
    data = read_save(path)
    setup = data.get("setup")
    game = setup.get("game") if isinstance(setup, dict) else None
    target = new_autosave_path(game if isinstance(game, str) and game.isidentifier() else "game")
    match = Match.from_save(data, str(path), autosave_path=target, recover=recover)
    match.origin = origin or {"copy_of": shown_name(Path(path)), "loaded": _now()}
    _lock(match, target)
    return match


def _now() -> str:
    return datetime.datetime.now().strftime("%d %b %Y %H:%M")


def load_as_new(path: PathLike) -> Match:
    """Load a named save into a new game in progress (the named save and
    every other game stay as they are).  Raises SaveError."""
    return _copy(path)


def copy_in_progress(path: PathLike) -> Match:
    """A copy of a game another window holds, as a new game in progress
    here (from its last autosave); the other window's game is untouched."""
    row = read_entry(Path(path))
    what = "a game in progress"
    if not row.problem:
        from engine.core import registry
        try:
            title = registry.get(row.game).title.split(":")[0]
        except KeyError:
            title = row.game
        what = f"the {title} game in progress ({', '.join(row.players)})"
    return _copy(path, {"copy_of": what, "loaded": _now()})


def recover_as_new(path: PathLike) -> Match:
    """A save whose actions stop replaying (saves.ReplayStopped: made by a
    version whose rules differ) opened as it stood just before the first
    refused action, as a new game in progress; the save itself stays as it
    is.  Raises SaveError."""
    return _copy(path, recover=True)


def resume(path: PathLike) -> Match:
    """Open a game in progress (or a finished one from the history) again,
    autosaving to its own file, with its lock: GameInUse when another
    window has it open.  Raises SaveError."""
    from engine.core import locks
    from engine.core.match import Match
    h = locks.holder(path)
    if h is not None:
        raise locks.GameInUse(path, h.process, h.since)
    match = Match.load(path, autosave_path=path)
    _lock(match, path)
    return match


def shown_name(path: Path) -> str:
    """A file's name as a row shows it: a name that is not UTF-8 keeps its
    bytes escaped, never a character pygame cannot draw."""
    name = path.name
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        name = os.fsencode(name).decode("utf-8", "backslashreplace")
    return cut_text("".join(ch if ch.isprintable() else "?" for ch in name), 120)


@dataclass(frozen=True)
class SavedGame:
    """One row of the games-in-progress or history list."""
    path: Path
    game: str
    players: tuple[str, ...]     # names
    seats: tuple[str, ...]       # "human" or a computer player's name
    round: int | None
    actions: int
    to_act: str | None
    finished: bool
    result: str              # the outcome's reason ("" while unfinished)
    winners: tuple[str, ...]
    played: float            # last played (the file's modification time)
    problem: str = ""        # the file could not be read: why
    origin: str = ""         # a copy: of what, and when it was loaded ("" for a game started here)

    @property
    def when(self) -> str:
        try:
            return datetime.datetime.fromtimestamp(self.played).strftime("%d %b %Y %H:%M")
        except (OverflowError, OSError, ValueError):
            return "?"

    @property
    def name(self) -> str:
        """The file's name as a row shows it (not UTF-8: bytes escaped)."""
        return shown_name(self.path)


def _text(v: object, limit: int = MAX_NAME) -> str:
    return cut_text(" ".join(v.split()), limit) if isinstance(v, str) else ""


def read_entry(path: Path) -> SavedGame:
    """A list row from a save's header and summary (no replay).  Every
    field is checked and cut: a row never raises, and a bad file is a row
    with its `problem` in words."""
    path = Path(path)
    try:
        st = os.lstat(path)
        played = st.st_mtime
    except OSError:
        st, played = None, 0.0
    try:
        if st is not None and stat.S_ISLNK(st.st_mode):
            raise BoundError(f"{path}:0: save: a link, not a save (Warbench keeps its games as files)")
        data = strict_json(read_text_bounded(path, MAX_SAVE_BYTES, "save"))
        if not isinstance(data, dict):
            raise TypeError("a save is a JSON object")
        setup = data["setup"]
        if not isinstance(setup, dict):
            raise TypeError("setup: expected a mapping")
        game = setup["game"]
        if not isinstance(game, str) or not game.isidentifier() or len(game) > 60:
            raise ValueError("setup.game: not a game's name")
        summary = data.get("summary") or {}
        if not isinstance(summary, dict):
            raise ValueError("summary: expected a mapping")
        raw_seats = setup.get("seats") or ()
        n = setup.get("players", len(raw_seats) if isinstance(raw_seats, list) else 0)
        if type(n) is not int or not 1 <= n <= 99:
            raise ValueError("setup.players: expected a number of players")
        seats = tuple(_text(s, 40) or "human" for s in raw_seats[:n]) if isinstance(raw_seats, list) else ()
        names = summary.get("players")
        names = tuple(_text(x) or f"Player {i + 1}" for i, x in enumerate(names[:n])) if isinstance(names, list) \
            else tuple(f"Player {i + 1}" for i in range(n))
        rnd = summary.get("round")
        actions = data.get("actions", [])
        winners = summary.get("winners")
        return SavedGame(path, game, names, seats or ("human",) * n,
                         rnd if type(rnd) is int and 0 <= rnd < 10 ** 9 else None,
                         len(actions) if isinstance(actions, list) else 0, _text(summary.get("to_act")) or None,
                         summary.get("finished") is True, _text(summary.get("result"), 200),
                         tuple(_text(w) for w in winners[:n] if _text(w)) if isinstance(winners, list) else (),
                         played, origin=_origin(data.get("origin")))
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError, BoundError) as e:
        return SavedGame(path, "?", (), (), None, 0, None, False, "", (), played,
                         problem=f"{shown_name(path)}: not a readable save: {_unreadable(e)}")


def _origin(d: object) -> str:
    """'a copy of “Friday night”, loaded 12 Mar 2025 14:05' from a save's origin."""
    if not isinstance(d, dict) or not isinstance(d.get("copy_of"), str):
        return ""
    what = _text(d["copy_of"], 120)
    when = _text(d.get("loaded"), 40)
    return f"a copy of {what}" + (f", loaded {when}" if when else "")


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
    if isinstance(e, (ValueError, TypeError)) and not isinstance(e, UnicodeError) and str(e)[:1].islower():
        return cut_text(str(e), 200)
    return malformed.explain(e)


def save_files(folder: Path) -> list[Path]:
    """The `*.json` entries of a folder, the newest first, whatever they
    are (a FIFO or a link is listed, to be shown as a bad file); at most
    MAX_LISTED.  Never follows a link to stat it."""
    try:
        with os.scandir(folder) as it:
            found = []
            for entry in it:
                if not entry.name.endswith(".json"):
                    continue
                try:
                    mtime = entry.stat(follow_symlinks=False).st_mtime
                except OSError:
                    mtime = 0.0
                found.append((mtime, entry.name, Path(entry.path)))
    except OSError:
        return []
    found.sort(key=lambda t: (-t[0], t[1]))
    return [p for _, _, p in found[:MAX_LISTED]]


def _entries(folder: Path) -> list[SavedGame]:
    rows = [read_entry(p) for p in save_files(folder)]
    rows.sort(key=lambda r: r.played, reverse=True)
    return rows


def games_in_progress() -> list[SavedGame]:
    """Unfinished matches, the last played first."""
    return _entries(in_progress_dir())


def history() -> list[SavedGame]:
    """Finished matches, the last played first."""
    return _entries(history_dir())


def delete(path: PathLike) -> None:
    """Remove a game's file (the launcher asks first, and refuses a game
    another window holds) and its lock; a link is removed itself, never
    what it points to."""
    from engine.core import locks
    data_folder.remove(path)
    if locks.holder(path) is None:
        try:
            data_folder.remove(locks.lock_path(path))
        except OSError:
            pass


def replay_start(path: PathLike) -> tuple[Match, list[Action | Recorded]]:
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
def _markers() -> Path:
    return default_dir() / RUNNING


def _marker() -> Path:
    from engine.core.processes import this_process
    return _markers() / f"{this_process().pid}.json"


def last_run_crashed() -> bool:
    """True when a window's marker is there whose window no longer runs
    (or the single marker file of an older version is)."""
    from engine.core.processes import ProcessId, running, this_process
    folder = _markers()
    try:
        st = os.lstat(folder)
    except OSError:
        return False
    if not stat.S_ISDIR(st.st_mode):
        return True               # an older version's marker file (or something planted there)
    for p in save_files(folder):
        try:
            who = ProcessId.from_dict(strict_json(read_text_bounded(p, 4096, "marker")))
        except (BoundError, ValueError, OSError):
            return True
        if who is None or (who != this_process() and not running(who)):
            return True
    return False


def mark_running() -> None:
    """This window's marker; the markers of windows that no longer run go."""
    from engine.core.processes import ProcessId, running, this_process
    try:
        folder = _markers()
        try:
            if not stat.S_ISDIR(os.lstat(folder).st_mode):
                data_folder.remove(folder)        # an older version's marker file
        except FileNotFoundError:
            pass
        for p in save_files(folder):
            try:
                who = ProcessId.from_dict(strict_json(read_text_bounded(p, 4096, "marker")))
            except (BoundError, ValueError, OSError):
                who = None
            if who is None or (who != this_process() and not running(who)):
                data_folder.remove(p)
        data_folder.write_atomic(_marker(), json.dumps(this_process().to_dict()).encode("utf-8"))
    except OSError:
        pass


def mark_clean_exit() -> None:
    try:
        data_folder.remove(_marker())
    except OSError:
        pass
