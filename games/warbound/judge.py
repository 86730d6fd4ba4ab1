"""Per-seat map facts for designers (`main.py judge warbound`): walking
distances from each starting tile to the Scan markers and to the other
start, and how much of the board each start sees."""
from __future__ import annotations

from games.warbound.movement import reach


def judge_map(state) -> list[dict]:
    b = state.board
    saved = state.occupied
    state.occupied = {}
    try:
        out = []
        for seat, start in enumerate(b.starts):
            d = reach(state, start, 99)
            d[start] = 0
            out.append({"seat": seat, "start": b.label(start),
                        "scan_distances": sorted(d.get(h, -1) for h in b.scans),
                        "centre_distance": min((d.get(h, 99) for h in b.centre_scans), default=-1),
                        "to_enemy_start": d.get(b.starts[1 - seat], -1),
                        "tiles_in_sight": sum(1 for h in b.open if b.sight(start, h))})
        return out
    finally:
        state.occupied = saved
