"""The judge's own fields of a game in a results file, checked before the
lab reads them (engine/commands/results_file.py reads the rest): the
swaps a game was played with and what its trace recorded for the "why"
(engine/commands/playout.py `_Trace`, engine/commands/causes.py).  A
results file is untrusted: each problem is `field: what`, in words."""
from __future__ import annotations

import math

MAX_ITEMS = 100_000          # entries of one list in one game's trace
MAX_TEXT = 200               # characters of a unit's kind or an army's name


def _whole(v, low: int, high: int) -> bool:
    return type(v) is int and low <= v <= high


def _seat(v, players: int) -> bool:
    return _whole(v, 0, players - 1)


def _text(v) -> bool:
    return isinstance(v, str) and len(v) <= MAX_TEXT


def _rows(v, check) -> bool:
    return isinstance(v, list) and len(v) <= MAX_ITEMS and all(check(x) for x in v)


def _round(v) -> bool:
    return v is None or _whole(v, 0, 10_000_000)


def trace_problem(d: dict, players: int) -> str | None:
    """Why the judge's fields of one game cannot be read (`field: what`), or None."""
    for key in ("places", "armies_from"):
        perm = d.get(key)
        if perm is not None and (not isinstance(perm, list) or sorted(perm) != list(range(players))
                                 or not all(type(p) is int for p in perm)):
            return f"{key}: expected each of the {players} seats once, got {str(perm)[:60]}"
    if d.get("deal") is not None and not _whole(d["deal"], -(2 ** 63), 2 ** 63):
        return "deal: expected a whole number"
    detail = d.get("detail")
    if detail is None:
        return None
    if not isinstance(detail, dict):
        return "detail: expected a mapping"
    checks = {
        "lost": lambda x: isinstance(x, list) and len(x) == 3 and _seat(x[0], players) and _text(x[1])
        and _round(x[2]),
        "kept": lambda x: isinstance(x, list) and len(x) == 2 and _seat(x[0], players) and _text(x[1]),
        "held_first": lambda x: x is None or (isinstance(x, list) and len(x) == 2 and _seat(x[0], players)
                                              and _round(x[1])),
        "reach": _round,
        "reach_at": _round,
    }
    for key, check in checks.items():
        if key in detail and not _rows(detail[key], check):
            return f"detail.{key}: not as the judge writes it ({str(detail[key])[:60]})"
    for key in ("reach", "reach_at"):
        if len(detail.get(key) or []) > players:
            return f"detail.{key}: more entries than the run's {players} seats"
    armies = detail.get("armies")
    if armies is not None:
        if not isinstance(armies, list) or len(armies) > players:
            return f"detail.armies: expected one army per seat, at most {players}"
        for i, a in enumerate(armies):
            if not isinstance(a, dict) or not _text(a.get("name", "")) or not _rows(a.get("units", []), _text):
                return f"detail.armies[{i}]: expected a name and a list of units"
            s = a.get("strength")
            if s is not None and (type(s) not in (int, float) or not math.isfinite(s)):
                return f"detail.armies[{i}].strength: expected a number"
    return None
