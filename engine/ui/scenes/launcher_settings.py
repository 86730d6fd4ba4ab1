"""What the launcher remembers (`launcher.json` in the user data folder):
the last game, and for every game its map, number of players, each seat's
human or computer choice and level, each seat's army list or deck, the
options and the house rulings, so each game comes back as it was left.

    {"version": 2, "game": "warbound",
     "games": {"warbound": {"scenario": ..., "players": 2, "seats": ["human", "hard"],
                            "armies": ["/path/list.yaml", null], "options": {...}, "rulings": {...}}}}

The file is the app's own but still untrusted: it is read bounded (a
regular file of at most `LIMIT` bytes, never through a link, so a FIFO, a
link to /dev/zero or a huge file cannot freeze or stop the app), JSON of
bounded depth; anything else is forgotten and the launcher says so once
(`Remembered.problem`) and starts from the defaults.  Each remembered
value is used only where it still fits the game (the launcher checks it).
It is written atomically and never through a link: a link in its place is
left alone and nothing is remembered.  Version 1 (one game's choices at the
top level) is read as that game's.
"""
from __future__ import annotations

import json
import os
import re
import stat
from dataclasses import dataclass, field

from engine.core.limits import BoundError, read_text_bounded, too_deep
from engine.core.saves import atomic_write, default_dir

SETTINGS = "launcher.json"
LIMIT = 256 * 1024              # a generous file for every game's choices is a few kilobytes
GAME_KEYS = ("scenario", "players", "seats", "armies", "options", "rulings")


@dataclass
class Remembered:
    last: str = ""                                   # the game shown first
    games: dict = field(default_factory=dict)        # game id -> its choices (GAME_KEYS)
    problem: str = ""                                # why the file was not used ("" when it was)

    def of(self, game_id: str) -> dict:
        found = self.games.get(game_id)
        return found if isinstance(found, dict) else {}


def path():
    return default_dir() / SETTINGS


def _is_link(p) -> bool:
    try:
        return stat.S_ISLNK(os.lstat(p).st_mode)
    except OSError:
        return False


def read() -> Remembered:
    """The remembered choices, or none with the reason in words."""
    p = path()
    if not os.path.lexists(p):
        return Remembered()
    forget = "Starting from the usual choices"
    if _is_link(p):
        return Remembered(problem=f"Your remembered choices were not read: {SETTINGS} is a link, and Warbench "
                                  f"neither reads nor writes through links. {forget}; nothing is remembered "
                                  "while the link is there.")
    try:
        data = json.loads(read_text_bounded(p, LIMIT, SETTINGS))
    except BoundError as e:
        why = re.sub(r"^:\d+: ", "", str(e).removeprefix(str(p)))     # "launcher.json: not a regular file"
        return Remembered(problem=f"Your remembered choices could not be read ({why}). {forget}.")
    except (ValueError, RecursionError):
        return Remembered(problem=f"Your remembered choices could not be read ({SETTINGS} is not readable "
                                  f"JSON). {forget}.")
    if not isinstance(data, dict) or too_deep(data, 8):
        return Remembered(problem=f"Your remembered choices could not be read ({SETTINGS} holds something "
                                  f"else). {forget}.")
    last = data.get("game") if isinstance(data.get("game"), str) else ""
    games = data.get("games")
    if isinstance(games, dict):
        return Remembered(last, {k: v for k, v in games.items() if isinstance(k, str) and isinstance(v, dict)})
    if last:                                         # version 1: the last game's choices at the top
        return Remembered(last, {last: {k: data[k] for k in GAME_KEYS if k in data}})
    return Remembered(last)


def write(remembered: Remembered) -> None:
    """Keep the choices for the next start (never an error for the player:
    remembering is a convenience); a link in the file's place is left alone."""
    p = path()
    if _is_link(p):
        return
    data = {"version": 2, "game": remembered.last,
            "games": {g: {k: v for k, v in c.items() if k in GAME_KEYS} for g, c in sorted(remembered.games.items())}}
    try:
        atomic_write(p, json.dumps(data, indent=2, sort_keys=True) + "\n")
    except (OSError, ValueError, TypeError):
        pass
