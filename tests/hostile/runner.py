"""Run command lines of main.py against hostile inputs, each in its own
process with bounded memory, bounded CPU time and a wall-clock timeout.

One runner process imports the engine once, then forks a child per case
(a real subprocess: its own memory, limits and exit status), so a corpus of
a few hundred cases costs seconds, not a Python start-up each.  Reads a JSON
list of argv lists on stdin; writes one JSON result per case on stdout:
{argv, rc, out, seconds, maxrss_mb, killed}.

    python tests/hostile/runner.py < cases.json
"""
from __future__ import annotations

import json
import os
import resource
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

MEMORY_BYTES = 1_500_000_000       # address space of one case
CPU_SECONDS = 20
WALL_SECONDS = 30


def _child(argv: list[str], out_fd: int) -> None:
    os.dup2(out_fd, 1)
    os.dup2(out_fd, 2)
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))
    code = 0
    try:
        from engine.commands.cli import main
        code = main(argv)
    except SystemExit as e:           # argparse
        code = e.code if isinstance(e.code, int) else 1
    except BaseException:  # noqa: BLE001 - the point is to show it
        traceback.print_exc()
        code = 99
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code or 0)


def run_case(argv: list[str]) -> dict:
    with tempfile.TemporaryFile() as out:
        t0 = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            _child(argv, out.fileno())
        killed = False
        while True:
            done, status, usage = os.wait4(pid, os.WNOHANG)
            if done:
                break
            if time.perf_counter() - t0 > WALL_SECONDS:
                os.kill(pid, signal.SIGKILL)
                _, status, usage = os.wait4(pid, 0)
                killed = True
                break
            time.sleep(0.005)
        seconds = time.perf_counter() - t0
        out.seek(0)
        text = out.read(200_000).decode("utf-8", "replace")
    rc = os.waitstatus_to_exitcode(status)
    return {"argv": argv, "rc": rc, "out": text, "seconds": round(seconds, 3),
            "maxrss_mb": round(usage.ru_maxrss / 1024, 1), "killed": killed}


def main() -> None:
    # import what the commands import, once, before forking
    import engine.commands.check  # noqa: F401
    import engine.commands.script  # noqa: F401
    import engine.commands.simulate  # noqa: F401
    from engine.core import registry
    for g in registry.all_games():
        g.scenarios()
    cases = json.load(sys.stdin)
    for argv in cases:
        print(json.dumps(run_case(argv)), flush=True)


if __name__ == "__main__":
    main()
