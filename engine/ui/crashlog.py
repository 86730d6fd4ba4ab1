"""The crash log: tracebacks the crash guard caught, appended to a file
in the user data folder (no pygame), never through a link
(engine/core/data_folder.py)."""
from __future__ import annotations

import datetime
from pathlib import Path

MAX_LOG_BYTES = 2_000_000        # beyond this the oldest half goes: a crash every frame must not fill a disk


def write_crash_log(tb: str) -> Path | None:
    from engine.core import data_folder
    from engine.core.saves import default_dir
    path = default_dir() / "crash.log"
    entry = f"--- {datetime.datetime.now().isoformat(timespec='seconds')}\n{tb}\n".encode("utf-8", "replace")
    try:
        try:
            size = path.lstat().st_size
        except FileNotFoundError:
            size = 0
        if size > MAX_LOG_BYTES:
            from engine.core.limits import read_bounded
            old = read_bounded(path, MAX_LOG_BYTES * 2, "crash log")
            data_folder.write_atomic(path, old[len(old) // 2:] + entry)
        else:
            data_folder.append(path, entry)
        return path
    except Exception:  # noqa: BLE001 - the log must never be a second crash (a link, a FIFO, a full disk)
        return None
