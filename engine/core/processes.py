"""Which Warbench process is which: a process named by its id, its start
time and its computer, so a marker or a lock left by a window that crashed
is told from one a live window holds, even after the system has given the
crashed window's pid to another process.

Linux reads the start time from /proc/<pid>/stat, Windows from
GetProcessTimes; elsewhere (macOS, BSD) only whether the pid lives is
known (os.kill(pid, 0)), so a pid reused by another program keeps a
crashed window's lock until that program ends.  A process on another
computer (a data folder on a network share) is counted as running: it
cannot be asked.
"""
from __future__ import annotations

import os
import socket
import sys
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ProcessId:
    pid: int
    started: str          # the start time as the platform tells it ("" when it cannot)
    host: str

    def to_dict(self) -> dict[str, Any]:
        return {"pid": self.pid, "started": self.started, "host": self.host}

    @classmethod
    def from_dict(cls, d: object) -> "ProcessId | None":
        """From a marker or lock file (untrusted): None when malformed."""
        if not isinstance(d, dict):
            return None
        pid, started, host = d.get("pid"), d.get("started", ""), d.get("host", "")
        if type(pid) is not int or not 0 < pid < 2 ** 31 or not isinstance(started, str) \
                or not isinstance(host, str) or len(started) > 100 or len(host) > 300:
            return None
        return cls(pid, started, host)


def host() -> str:
    try:
        return socket.gethostname()[:300]
    except OSError:
        return ""


def start_stamp(pid: int) -> str | None:
    """When process `pid` started, as text ("" when the platform cannot
    tell), or None when no such process runs."""
    if sys.platform.startswith("linux"):
        try:
            with open(f"/proc/{pid}/stat", "rb") as f:
                raw = f.read(4096).decode("ascii", "replace")
        except OSError:
            return None
        fields = raw[raw.rfind(")") + 2:].split()
        if len(fields) < 20 or fields[0] in ("Z", "X"):     # a zombie has ended
            return None
        return fields[19]
    if sys.platform == "win32":
        return _windows_start(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:
        return ""
    except OSError:
        return None
    return ""


def _windows_start(pid: int) -> str | None:
    import ctypes
    from ctypes import wintypes
    kernel = ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]  # Windows only (called under win32)
    handle = kernel.OpenProcess(0x1000, False, pid)           # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return "" if ctypes.get_last_error() == 5 else None  # type: ignore[attr-defined,unused-ignore]  # Windows only     # access denied: it runs
    try:
        code = wintypes.DWORD()
        if kernel.GetExitCodeProcess(handle, ctypes.byref(code)) and code.value != 259:   # STILL_ACTIVE
            return None
        times = [wintypes.FILETIME() for _ in range(4)]
        if not kernel.GetProcessTimes(handle, *(ctypes.byref(t) for t in times)):
            return ""
        return str((times[0].dwHighDateTime << 32) | times[0].dwLowDateTime)
    finally:
        kernel.CloseHandle(handle)


_this: ProcessId | None = None


def this_process() -> ProcessId:
    global _this
    if _this is None or _this.pid != os.getpid():          # a forked child is another process
        _this = ProcessId(os.getpid(), start_stamp(os.getpid()) or "", host())
    return _this


def running(p: ProcessId) -> bool:
    """Whether the process a marker or lock names still runs."""
    if p.host and p.host != host():
        return True
    stamp = start_stamp(p.pid)
    if stamp is None:
        return False
    return not p.started or not stamp or stamp == p.started
