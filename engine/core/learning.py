"""The learner's progress: which lessons each game's learner has finished,
and their guided first game (its save, and whether it ended), kept in the
user data folder as `learn.json`.

Written atomically (saves.atomic_write: a temp file renamed over the old
one, so a symlink there is replaced, never written through); read with a
size bound.  It is our own file but still untrusted: anything that does not
read as progress is ignored (nothing finished), never an error.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any
from pathlib import Path

from engine.core.limits import BoundError, read_text_bounded
from engine.core.data_folder import default_dir
from engine.core.saves import atomic_write

FILE = "learn.json"
MAX_BYTES = 256 * 1024
MAX_NAME = 80
MAX_GAMES = 50
MAX_LESSONS = 200


def path() -> Path:
    return default_dir() / FILE


@dataclass
class GameProgress:
    finished: list[str] = field(default_factory=list)     # lesson ids (file stems), in the order finished
    guided_save: str = ""                                 # the guided game's autosave (a file name)
    guided_result: str = ""                               # "" while unplayed or going on; "won" or "lost"


@dataclass
class Progress:
    games: dict[str, GameProgress] = field(default_factory=dict)

    def of(self, game: str) -> GameProgress:
        return self.games.setdefault(game, GameProgress())

    def to_dict(self) -> dict[str, Any]:
        return {"format": 1, "games": {g: {"finished": p.finished, "guided_save": p.guided_save,
                                           "guided_result": p.guided_result}
                                       for g, p in sorted(self.games.items())}}


def _name(v: object) -> str:
    return v if isinstance(v, str) and 0 < len(v) <= MAX_NAME and "/" not in v and "\\" not in v else ""


def load(where: Path | None = None) -> Progress:
    """The progress on disk; empty when there is none or it does not read."""
    where = where or path()
    try:
        raw = json.loads(read_text_bounded(where, MAX_BYTES, "progress"))
    except (OSError, ValueError, BoundError, RecursionError):
        return Progress()
    out = Progress()
    games = raw.get("games") if isinstance(raw, dict) else None
    if not isinstance(games, dict):
        return out
    for g, p in list(games.items())[:MAX_GAMES]:
        if not _name(g) or not isinstance(p, dict):
            continue
        finished = p.get("finished")
        if not isinstance(finished, list):
            finished = []
        names = [n for n in (_name(x) for x in finished[:MAX_LESSONS]) if n]
        result = str(p.get("guided_result")) if p.get("guided_result") in ("won", "lost") else ""
        out.games[g] = GameProgress(list(dict.fromkeys(names)), _name(p.get("guided_save")), result)
    return out


def save(progress: Progress, where: Path | None = None) -> str | None:
    """Write the progress; the reason in words when it could not be written."""
    where = where or path()
    try:
        atomic_write(where, json.dumps(progress.to_dict(), indent=1, sort_keys=True) + "\n")
    except OSError as e:
        return f"Your progress could not be saved: {e.strerror or e} ({where})"
    return None


def lesson_finished(game: str, lesson: str, where: Path | None = None) -> str | None:
    """Mark a lesson finished (kept once, in the order of finishing)."""
    p = load(where)
    g = p.of(game)
    if lesson not in g.finished:
        g.finished.append(lesson)
    return save(p, where)


def guided_started(game: str, save_path: Path, where: Path | None = None) -> str | None:
    p = load(where)
    g = p.of(game)
    g.guided_save = Path(save_path).name          # a result from an earlier game stays until this one ends
    return save(p, where)


def guided_ended(game: str, won: bool, where: Path | None = None) -> str | None:
    p = load(where)
    p.of(game).guided_result = "won" if won else "lost"
    return save(p, where)


def guided_save_path(game: str, where: Path | None = None) -> Path | None:
    """The guided game's autosave if it is still a game in progress."""
    from engine.core.saves import in_progress_dir
    name = load(where).of(game).guided_save
    if not name:
        return None
    candidate = in_progress_dir() / name
    return candidate if candidate.is_file() and not os.path.islink(candidate) else None
