"""The line-of-sight speed bar: one query between two units on a table of
60 models (12 units of 5) and 10 terrain pieces should take under 0.2 ms.

    .venv/bin/python -m engine.table.bench

`measure()` builds a 4x4 ft table with ten terrain pieces (half of them
blocking: woods and ruins; two Blocking units on big bases), scatters the
units in coherent groups, then times line-of-sight queries between every
ordered pair of units, repeated, and returns milliseconds per query (mean;
`detail=True` also gives the worst pair and how many pairs had sight).
A benchmark, not a test: timing asserts do not belong in tests.
"""
from __future__ import annotations

import math
import random
import time

from engine.table.geometry import BaseShape, Foot, Piece, Table, coherent, overlaps


def _blob(rng: random.Random, cx: float, cy: float, rx: float, ry: float, n: int) -> tuple[tuple[float, float], ...]:
    pts = []
    for i in range(n):
        a = 2 * math.pi * i / n + rng.uniform(-0.2, 0.2)
        k = rng.uniform(0.75, 1.0)
        pts.append((cx + rx * k * math.cos(a), cy + ry * k * math.sin(a)))
    return tuple(pts)


def scene(seed: int = 1) -> tuple[Table, list[list[Foot]], list[Foot]]:
    """A table, 12 units of 5 models, and the bases that block sight."""
    rng = random.Random(seed)
    pieces = []
    for i in range(10):
        cx, cy = rng.uniform(6, 42), rng.uniform(6, 42)
        blocking = i % 2 == 0
        pieces.append(Piece(f"t{i}", "woods" if blocking else "field",
                            ring=_blob(rng, cx, cy, rng.uniform(2, 4), rng.uniform(2, 4), 10),
                            properties={"blocking": blocking}))
    table = Table(48, 48, pieces)
    units: list[list[Foot]] = []
    placed: list[Foot] = []
    shape = BaseShape.round_mm(32)
    big = BaseShape.round_mm(60)
    while len(units) < 12:
        cx, cy = rng.uniform(4, 44), rng.uniform(4, 44)
        sh = big if len(units) < 2 else shape
        feet = []
        for k in range(5 if sh is shape else 1):
            f = Foot(sh, cx + (k % 3) * 1.5, cy + (k // 3) * 1.5, tag=len(units))
            feet.append(f)
        if not all(table.on_table(f) for f in feet) or any(overlaps(f, g) for f in feet for g in placed):
            continue
        assert coherent(feet)
        units.append(feet)
        placed.extend(feet)
    blockers = [f for u in units[:2] for f in u]          # two Blocking monsters
    return table, units, blockers


def measure(repeat: int = 20, seed: int = 1, detail: bool = False) -> float | dict[str, float]:
    table, units, blockers = scene(seed)
    pairs = [(i, j) for i in range(len(units)) for j in range(len(units)) if i != j]
    others = {i: [f for f in blockers if f.tag != i] for i in range(len(units))}
    worst = 0.0
    seen = 0
    t0 = time.perf_counter()
    for _ in range(repeat):
        for i, j in pairs:
            b = [f for f in others[i] if f.tag != j]
            table.line_of_sight(units[i], units[j], b)
    total = time.perf_counter() - t0
    if detail:
        for i, j in pairs:
            b = [f for f in others[i] if f.tag != j]
            t = time.perf_counter()
            seen += table.line_of_sight(units[i], units[j], b)
            worst = max(worst, time.perf_counter() - t)
        return {"mean_ms": total / (repeat * len(pairs)) * 1000, "worst_ms": worst * 1000,
                "pairs": len(pairs), "with_sight": seen}
    return total / (repeat * len(pairs)) * 1000


if __name__ == "__main__":
    for s in (1, 2, 3):
        print(measure(seed=s, detail=True))
