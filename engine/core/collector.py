"""Python's cycle collector, tuned for long runs of the rules.

A playout allocates millions of short-lived objects (actions, stands,
geometry) while large long-lived ones (catalogs, the geometry memos of
games/*/rules/space.py) stay put.  With CPython's default thresholds (700, 10,
10) a full collection walks all of those long-lived objects every 70,000
allocations or so: a fifth of the CPU of a Battle Valor Fantasy random
playout went there (measured 2026-11-27: 669-900 against 828-960
actions per CPU second on the Field of the Abaci, alternating runs).  The
young generations still run as often as before, so short-lived cycles
are freed as soon as they were; only the full sweep waits a hundred
times longer.  Reference counting frees everything else at once.
"""
from __future__ import annotations

import gc

THRESHOLDS = (700, 10, 1000)


def tune() -> None:
    """Make full collections rare (idempotent, cheap: called by every
    entry point that runs the rules: the command line, each playout,
    pool and cluster workers)."""
    if gc.get_threshold() != THRESHOLDS:
        gc.set_threshold(*THRESHOLDS)
