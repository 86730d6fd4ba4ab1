"""Where a player may save a game under a name: the data folder's `saves/`
first, then folders that are not in the data folder at all (the
platform's documents folder, via platformdirs, and the home folder), so
that when the data folder cannot be written (a full disk, a read-only
folder, a file where the folder should be, a link) the Save dialog offers
a folder that works.  `works(folder)` finds out by writing and removing a
small file there.  Headless: the match screen's Save dialog uses it.
"""
from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from engine.core import data_folder


@dataclass(frozen=True)
class Place:
    folder: Path
    label: str           # "Warbench's saves", "Documents", "your home folder"


def places() -> list[Place]:
    """The folders a save may go to, the data folder's first, each once."""
    out = [Place(data_folder.default_dir() / "saves", "Warbench's saves")]
    try:
        import platformdirs
        docs = Path(platformdirs.user_documents_dir())
        out.append(Place(docs / "Warbench", "Documents"))
    except Exception:  # noqa: BLE001 - a platform without a documents folder
        pass
    try:
        out.append(Place(Path.home() / "Warbench saves", "your home folder"))
    except (RuntimeError, KeyError, OSError):
        pass
    seen, unique = set(), []
    for p in out:
        key = os.path.abspath(p.folder)
        if key not in seen:
            seen.add(key)
            unique.append(p)
    return unique


def works(folder: str | os.PathLike[str]) -> str | None:
    """None when a save can be written in `folder` (created if missing),
    else why not in words (a link in the data folder, a full disk, a
    read-only folder, a file in its place)."""
    probe = Path(folder) / f".warbench-probe-{secrets.token_hex(4)}"
    try:
        data_folder.write_atomic(probe, b"probe")
        data_folder.remove(probe)
    except OSError as e:
        return str(e.strerror or e)
    return None


def first_working(exclude_data_folder: bool = False) -> Place | None:
    """The first place a save can be written now."""
    for p in places():
        if exclude_data_folder and data_folder.parts_inside(p.folder) is not None:
            continue
        if works(p.folder) is None:
            return p
    return None
