"""Save files: atomic JSON writes and careful reading.

A save holds the setup (game, seed, scenario, options), the action list,
every die result rolled (so a replay needs no RNG agreement), the data
version, and a fingerprint of the final state.  Loading replays the actions
and checks the fingerprint agrees: a save that does not replay is reported,
never silently accepted.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

SAVE_FORMAT = 1


class SaveError(Exception):
    pass


def atomic_write(path: str | Path, text: str) -> None:
    """Write so that a crash or kill mid-write leaves the old file intact:
    write a temp file in the same folder, fsync, then rename over."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_save(path: str | Path) -> dict:
    """Parse a save file or raise SaveError naming the file, line and field."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise SaveError(f"{path}:0: cannot read save: {e.strerror}") from None
    except UnicodeDecodeError:
        raise SaveError(f"{path}:0: not a save file (not UTF-8 text)") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise SaveError(f"{path}:{e.lineno}: not valid JSON: {e.msg} (column {e.colno})") from None
    if not isinstance(data, dict):
        raise SaveError(f"{path}:1: (top): a save is a JSON object")
    for key, typ in (("format", int), ("setup", dict), ("actions", list), ("rolls", list)):
        if key not in data:
            raise SaveError(f"{path}:1: {key}: required field is missing")
        if not isinstance(data[key], typ):
            raise SaveError(f"{path}:{_line_of_key(text, key)}: {key}: expected {typ.__name__}")
    if data["format"] != SAVE_FORMAT:
        raise SaveError(f"{path}:{_line_of_key(text, 'format')}: format: version {data['format']} is not supported (this build reads {SAVE_FORMAT})")
    for key in ("game", "players"):
        if key not in data["setup"]:
            raise SaveError(f"{path}:{_line_of_key(text, 'setup')}: setup.{key}: required field is missing")
    data["_text"] = text
    return data


def _line_of_key(text: str, key: str) -> int:
    needle = f'"{key}"'
    for i, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return i
    return 1


def action_line(data: dict, index: int) -> int:
    """Best-effort line of the index-th action in a save's text."""
    text = data.get("_text", "")
    start = _line_of_key(text, "actions")
    lines = text.splitlines()
    count = -1
    for i in range(start, len(lines) + 1):
        if '"kind"' in lines[i - 1]:
            count += 1
            if count == index:
                return i
    return start


def default_dir() -> Path:
    base = os.environ.get("WARBENCH_HOME")
    if base:
        return Path(base)
    return Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "warbench"
