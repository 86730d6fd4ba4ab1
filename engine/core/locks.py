"""Each game in progress belongs to one window at a time.

Two windows on one game would each autosave their own moves over the
other's.  So a window that opens a game (new, resumed, loaded, a finished
game's final position) takes its lock: `<data>/locks/<file name>.lock`,
created exclusively, holding the window's process (engine/core/processes.py:
pid, start time, computer) and a token.  A second window opening the game
finds the lock and is refused with `GameInUse` (the launcher says so and
offers a copy as a new game in progress); a lock whose process no longer
runs, or whose pid now belongs to a process started at another time, was
left by a window that crashed and is taken over.  The lock follows the
file's name, so it holds while a finished game's autosave moves to the
history and back.

A window releases its locks when it leaves the game (the match screen
closes) and when it exits; `Match.autosave` writes only while its lock is
still the window's own (`GameLock.held`), so a window whose lock was
taken never overwrites the game.  One window may take its own lock again
(the same process).
"""
from __future__ import annotations

import datetime
import json
import secrets
from dataclasses import dataclass
from pathlib import Path

from engine.core import data_folder
from engine.core.limits import BoundError, read_bounded, strict_json
from engine.core.processes import ProcessId, running, this_process
from engine.core.data_folder import default_dir
from engine.core.saves import SaveError

LOCKS = "locks"
MAX_LOCK_BYTES = 4096

_held: dict[str, "GameLock"] = {}          # file name -> this process's lock on it


class GameInUse(SaveError):
    """The game is open in another window (`holder`, since `since`)."""

    def __init__(self, path: str | Path, holder: ProcessId, since: str):
        self.path = Path(path)
        self.holder = holder
        self.since = since
        where = f" on {holder.host}" if holder.host and holder.host != this_process().host else ""
        when = f" since {since}" if since else ""
        super().__init__(f"{self.path.name}: this game is open in another Warbench window{where}{when} "
                         "(each game in progress belongs to one window at a time): play it there, or open a "
                         "copy of it here as a new game")


@dataclass(frozen=True)
class Holder:
    process: ProcessId
    token: str
    since: str


def lock_path(game_path: str | Path) -> Path:
    return default_dir() / LOCKS / (Path(game_path).name + ".lock")


def _read(path: Path) -> Holder | None:
    """The lock's holder, or None when there is no lock or it is not one
    (an empty file from a crash mid-write, garbage): such a lock is stale."""
    try:
        raw = read_bounded(path, MAX_LOCK_BYTES, "lock")
        d = strict_json(raw.decode("utf-8"))
    except FileNotFoundError:
        return None
    except (BoundError, ValueError, UnicodeDecodeError, OSError):
        return None
    p = ProcessId.from_dict(d.get("process") if isinstance(d, dict) else None)
    if p is None:
        return None
    token, since = d.get("token"), d.get("since", "")
    if not isinstance(token, str) or len(token) > 100 or not isinstance(since, str) or len(since) > 40:
        return None
    return Holder(p, token, since)


def holder(game_path: str | Path) -> Holder | None:
    """Another live window holding the game, or None (free, stale, or ours)."""
    h = _read(lock_path(game_path))
    if h is None or h.process == this_process() or not running(h.process):
        return None
    return h


@dataclass
class GameLock:
    game: str             # the game file's name
    token: str

    @property
    def path(self) -> Path:
        return default_dir() / LOCKS / (self.game + ".lock")

    def held(self) -> bool:
        """Still this window's: the lock file holds our token."""
        h = _read(self.path)
        return h is not None and h.token == self.token

    def release(self) -> None:
        if _held.get(self.game) is self:
            del _held[self.game]
        if self.held():
            try:
                data_folder.remove(self.path)
            except OSError:
                pass


def acquire(game_path: str | Path) -> GameLock:
    """Take the game's lock for this window; GameInUse when another live
    window holds it.  OSError (a link, a read-only folder) when no lock can
    be written: the caller goes on without one and says so."""
    name = Path(game_path).name
    mine = _held.get(name)
    if mine is not None and mine.held():
        return mine
    path = lock_path(game_path)
    me = this_process()
    for _ in range(3):
        token = secrets.token_hex(8)
        since = datetime.datetime.now().strftime("%d %b %Y %H:%M")
        body = json.dumps({"process": me.to_dict(), "token": token, "since": since}).encode("utf-8")
        if data_folder.create(path, body):
            lock = _held[name] = GameLock(name, token)
            return lock
        h = _read(path)
        if h is not None and h.process != me and running(h.process):
            raise GameInUse(game_path, h.process, h.since)
        # stale (a crashed window, a pid now another process's, garbage) or an older lock of ours: take it over,
        # unless it changed meanwhile (another window taking it over first)
        if _read(path) == h:
            data_folder.remove(path)
    raise GameInUse(game_path, (h.process if h else me), h.since if h else "")


def release_all() -> None:
    """Every lock this process holds (the window is closing)."""
    for lock in list(_held.values()):
        lock.release()
