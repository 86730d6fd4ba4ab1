"""The crash log: tracebacks the crash guard caught, appended to a file
in the user data folder (no pygame)."""
from __future__ import annotations

import datetime
from pathlib import Path


def write_crash_log(tb: str) -> Path | None:
    from engine.core.saves import default_dir
    try:
        d = default_dir()
        d.mkdir(parents=True, exist_ok=True)
        path = d / "crash.log"
        with open(path, "a", encoding="utf-8") as f:
            f.write(f"--- {datetime.datetime.now().isoformat(timespec='seconds')}\n{tb}\n")
        return path
    except OSError:
        return None
