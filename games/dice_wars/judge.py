"""The judge's hooks for Dice Wars (engine/core/judging.py): map facts per
seat (what each deployment corner offers), the map to draw, and where the
units and cities stand after each action.  Movement costs follow
§ Terrain (rough 2, same rough type 1, cities hindered until captured),
ignoring units; sight follows § Targeting (forests and mountains block)."""
from __future__ import annotations

import heapq

from engine.core.judging import Area, Canvas, Frame, Objective, Spot
from engine.hex import grid as hexgrid
from games.dice_wars import stats
from games.dice_wars.state import DWState

CORNER_NAMES = ("top-left corner", "top-right corner", "bottom-right corner", "bottom-left corner")


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


def _zone(state: DWState, p) -> list:
    board = state.board
    tdefs = stats.cat().terrain
    return [h for c in p.corners for h in board.tile_hexes(board.corners[c]) if tdefs[board.terrain[h]].passable]


def _seen(state: DWState, zone: list, others: list) -> int:
    """The share (%) of pairs of a hex of `zone` and a hex of `others` with a
    clear line between them (§ Targeting, units ignored)."""
    terrain = state.board.terrain
    tdefs = stats.cat().terrain

    def blocked(h) -> bool:
        t = terrain.get(h)
        return t is None or tdefs[t].blocks_sight
    if not zone or not others:
        return 0.0
    seen = sum(1 for h in zone for o in others if hexgrid.line_of_sight(o, h, blocked))
    return round(100 * seen / (len(zone) * len(others)))


def judge_map(state: DWState) -> dict:
    board = state.board
    tdefs = stats.cat().terrain
    zones = [_zone(state, p) for p in state.players]
    seats = []
    for p, zone in zip(state.players, zones):
        cover = sum(1 for h in zone if board.terrain[h] in ("forest", "plateau"))
        costs = _costs_from(state, zone)
        caps = sorted(costs.get(c.capital, 99) for c in board.cities)
        ley = min((costs.get(h, 99) for h, t in board.terrain.items() if t == "ley_line"), default=None)
        others = [h for q, z in enumerate(zones) if q != p.index for h in z]
        row = {"deploy hexes": len(zone), "cover in zone": cover,
               "open ground in zone": sum(1 for h in zone if board.terrain[h] == "plains"),
               "sight lines from enemy zones (%)": _seen(state, zone, others)}
        if caps:
            row["movement to nearest capitals"] = caps[:3]
        if ley is not None:
            row["movement to ley lines"] = ley
        seats.append(row)
    passable = [h for h in board.hexes if tdefs[board.terrain[h]].passable]
    facts = {"hexes": len(board.hexes), "passable hexes": len(passable),
             "open ground": sum(1 for h in passable if board.terrain[h] == "plains"),
             "cities": len(board.cities)}
    return {"seats": seats, "map": facts}


def judge_canvas(state: DWState) -> Canvas:
    tdefs = stats.cat().terrain
    board = state.board
    areas = tuple(Area(tdefs[t].color if t in tdefs else "#B9C98A", hex=h) for h, t in board.terrain.items())
    used = sorted(set(board.terrain.values()))
    return Canvas("hex", areas, legend=tuple((tdefs[t].name, tdefs[t].color) for t in used if t in tdefs),
                  source=_single_file(board.path))


def _single_file(path) -> str:
    """The map's file, or "" for a layout composed of several tiles."""
    p = str(path or "")
    return p if p.endswith(".tmx") else ""


def judge_frame(state: DWState) -> Frame:
    units = tuple(Spot(str(u.uid), u.owner, u.pos[0], u.pos[1])
                  for u in state.units.values() if u.alive and u.pos is not None)
    objectives = tuple(Objective(state.board.cities[c.index].name, *state.board.cities[c.index].capital, c.owner)
                       for c in state.cities)
    sides = tuple(" + ".join(CORNER_NAMES[c] for c in p.corners) for p in state.players)
    return Frame(units, objectives, sides)
