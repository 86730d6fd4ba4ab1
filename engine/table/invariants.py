"""Facts about bases that hold in every reachable state of a table game
(games/<id>/rules/invariants.py, checked after every action of the random-playout
tests): every base on the table, no two bases of different units (or, where
a game says so, of the same unit) overlapping beyond the contact tolerance."""
from __future__ import annotations

from typing import Iterable, Sequence

from engine.table.geometry import OVERLAP, Foot, Table, edge_distance


def feet_problems(table: Table, units: Iterable[tuple[int, Sequence[Foot]]], piece: str = "stand",
                  within_unit: bool = False) -> list[str]:
    """`units`: (unit id, its bases); `piece` names a base in the lines
    ("stand", "model"); `within_unit`: a unit's own bases may not overlap
    either."""
    out: list[str] = []
    feet = []
    for uid, fs in units:
        for f in fs:
            feet.append((uid, f))
            if not table.on_table(f):
                out.append(f"unit {uid} has a {piece} off the table at ({f.x:.2f}, {f.y:.2f})")
    for i, (a, f) in enumerate(feet):
        for b, g in feet[i + 1:]:
            if a == b and not within_unit:
                continue
            if f.bbox[0] > g.bbox[2] or g.bbox[0] > f.bbox[2] or f.bbox[1] > g.bbox[3] or g.bbox[1] > f.bbox[3]:
                continue                  # boxes apart: the bases are at least that far apart
            if edge_distance(f, g) < -OVERLAP - 1e-6:
                out.append(f"{piece}s of units {a} and {b} overlap by {-edge_distance(f, g):.3f}\"")
    return out
