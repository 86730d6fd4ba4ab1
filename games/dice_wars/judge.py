"""Map facts per seat for `main.py judge` (designers): what each deployment
corner offers.  Movement costs follow § Terrain (rough 2, same rough type
1, cities hindered until captured), ignoring units."""
from __future__ import annotations

import heapq

from games.dice_wars import stats
from games.dice_wars.state import DWState


def _costs_from(state: DWState, sources) -> dict:
    board = state.board
    tdefs = stats.cat().terrain
    best = {h: 0 for h in sources}
    heap = [(0, h) for h in sources]
    while heap:
        c, h = heapq.heappop(heap)
        if c > best[h]:
            continue
        ta = tdefs[board.terrain[h]]
        for n in board.nbrs[h]:
            tb = tdefs[board.terrain[n]]
            if not tb.passable:
                continue
            step = 1 if tb.cost <= 1 or (tb.same_as or tb.id) == (ta.same_as or ta.id) else tb.cost
            if c + step < best.get(n, 1 << 30):
                best[n] = c + step
                heapq.heappush(heap, (c + step, n))
    return best


def judge_map(state: DWState) -> list[dict]:
    board = state.board
    tdefs = stats.cat().terrain
    out = []
    for p in state.players:
        zone = [h for c in p.corners for h in board.tile_hexes(board.corners[c]) if tdefs[board.terrain[h]].passable]
        cover = sum(1 for h in zone if board.terrain[h] in ("forest", "plateau"))
        costs = _costs_from(state, zone)
        caps = sorted(costs.get(c.capital, 99) for c in board.cities)
        ley = min((costs.get(h, 99) for h, t in board.terrain.items() if t == "ley_line"), default=None)
        row = {"deploy hexes": len(zone), "cover in zone": cover}
        if caps:
            row["movement to nearest capitals"] = caps[:3]
        if ley is not None:
            row["movement to ley lines"] = ley
        out.append(row)
    return out
