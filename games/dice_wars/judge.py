"""The judge's hooks for Dice Wars (engine/core/judging.py): map facts per
seat (what each deployment corner offers), the map to draw, where the
units and cities stand after each action, the armies rolled (§ Roll Your
Army), and the same match with the seats' corners or armies swapped.
Movement costs follow § Terrain (rough 2, same rough type 1, cities
hindered until captured, walls, mountains and water impassable), ignoring
units; sight follows § Targeting (forests, mountains, walls and the tower
block)."""
from __future__ import annotations

import heapq

from engine.core.judging import Area, Army, Canvas, Frame, Objective, Spot
from engine.hex import grid as hexgrid
from games.dice_wars import stats
from games.dice_wars.state import DWState

CORNER_NAMES = ("top-left corner", "top-right corner", "bottom-right corner", "bottom-left corner")
SLOT_NAMES = ("top-left", "top", "top-right", "left", "centre", "right", "bottom-left", "bottom", "bottom-right")


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


def _corner_zone(state: DWState, corner: int) -> list:
    board = state.board
    tdefs = stats.cat().terrain
    return [h for h in board.tile_hexes(board.corners[corner]) if tdefs[board.terrain[h]].passable]


def _zone(state: DWState, p) -> list:
    return [h for c in p.corners for h in _corner_zone(state, c)]


def _seen(state: DWState, zone: list, others: list) -> int:
    """The share (%) of pairs of a hex of `zone` and a hex of `others` with a
    clear line between them (§ Targeting, units ignored)."""
    terrain = state.board.terrain
    tdefs = stats.cat().terrain

    def blocked(h) -> bool:
        t = terrain.get(h)
        return t is None or tdefs[t].blocks_sight
    if not zone or not others:
        return 0
    seen = sum(1 for h in zone for o in others if hexgrid.line_of_sight(o, h, blocked))
    return round(100 * seen / (len(zone) * len(others)))


def city_title(board, index: int) -> str:
    """A city as a designer reads it: by where it lies on a square of map
    tiles ("the top city"), else by its name in the Tiled file."""
    c = board.cities[index]
    if board.tiles_x == 3 and board.tiles_y == 3 and 0 <= c.tile < 9 and \
            sum(1 for o in board.cities if o.tile == c.tile) == 1:
        return f"the {SLOT_NAMES[c.tile]} city"
    return c.name.replace("_", " ")


def place_name(p) -> str:
    return " + ".join(CORNER_NAMES[c] for c in p.corners)


def judge_map(state: DWState) -> dict:
    board = state.board
    tdefs = stats.cat().terrain
    zones = [_zone(state, p) for p in state.players]
    costs = [_costs_from(state, z) for z in zones]
    ley = [h for h, t in board.terrain.items() if t == "ley_line"]
    seats = []
    corners: dict = {}
    for p, zone, cost in zip(state.players, zones, costs):
        others = [h for q, z in enumerate(zones) if q != p.index for h in z]
        row = {"place": place_name(p), "deploy hexes": len(zone),
               "cover in zone": sum(1 for h in zone if board.terrain[h] in ("forest", "plateau")),
               "open ground in zone": sum(1 for h in zone if board.terrain[h] == "plains"),
               "sight lines from enemy zones (%)": _seen(state, zone, others)}
        for i, c in enumerate(board.cities):
            row[f"movement to {city_title(board, i)}"] = cost.get(c.capital, 99)
        row["cities it reaches first"] = [
            city_title(board, i) for i, c in enumerate(board.cities)
            if all(cost.get(c.capital, 99) < o.get(c.capital, 99) for q, o in enumerate(costs) if q != p.index)]
        if ley:
            row["movement to ley lines"] = min(cost.get(h, 99) for h in ley)
        enemy = []
        for corner in p.corners:
            mine = _corner_zone(state, corner)
            reach = min((o.get(h, 99) for q, o in enumerate(costs) if q != p.index for h in mine), default=99)
            enemy.append(reach)
            corners[CORNER_NAMES[corner]] = {"seat": p.index + 1, "movement an enemy needs to reach it": reach,
                                             "sight lines into it from enemy zones (%)": _seen(state, mine, others)}
        row["movement an enemy needs to reach its nearest corner"] = min(enemy, default=99)
        seats.append(row)
    passable = [h for h in board.hexes if tdefs[board.terrain[h]].passable]
    facts = {"hexes": len(board.hexes), "passable hexes": len(passable),
             "open ground": sum(1 for h in passable if board.terrain[h] == "plains"),
             "cities": len(board.cities)}
    return {"seats": seats, "zones": corners, "map": facts}


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
    units = tuple(Spot(str(u.uid), u.owner, u.pos[0], u.pos[1], stats.card(u).name, stats.card(u).range)
                  for u in state.units.values() if u.alive and u.pos is not None)
    board = state.board
    objectives = tuple(Objective(city_title(board, c.index), *board.cities[c.index].capital, c.owner)
                       for c in state.cities)
    sides = tuple(place_name(p) for p in state.players)
    return Frame(units, objectives, sides)


def judge_army(state: DWState) -> list[Army]:
    """The units each seat rolled (§ Roll Your Army: 4 basic, 2 advanced, 1
    hero per faction).  No measure of strength: the classes are designed
    to be worth alike, so the judge relates the units themselves to the
    result."""
    cat = stats.cat()
    out = []
    for p in state.players:
        units = sorted((u for u in state.units.values() if u.owner == p.index), key=lambda u: u.uid)
        out.append(Army(" and ".join(cat.factions[f].name for f in p.factions),
                        None, tuple(stats.card(u).name for u in units), ""))
    return out


def judge_swap(state: DWState, places: tuple, armies: tuple) -> str | None:
    """Seat i deploys in the corners of seat places[i] with the army rolled
    for seat armies[i] (its factions, colour and units); turn order stays
    with the seats (the initiative roll)."""
    n = len(state.players)
    for perm in (places, armies):
        if perm and sorted(perm) != list(range(n)):
            return f"{list(perm)} does not give each of the {n} seats one other seat's place"
    if state.phase != "deploy" or any(u.pos is not None for u in state.units.values()):
        return "the seats' corners and armies are settled before deployment; this match is past it " \
               "(the faction draft or the players' tile placement come first)"
    players = state.players
    if places:
        corners = [list(players[places[i]].corners) for i in range(n)]
        for p, c in zip(players, corners):
            p.corners = c
    if armies:
        dealt = [(list(p.factions), p.name, p.color) for p in players]
        to_seat = {armies[i]: i for i in range(n)}
        for u in state.units.values():
            u.owner = to_seat[u.owner]
            u.card = None
        for i, p in enumerate(players):
            p.factions, p.name, p.color = dealt[armies[i]]
    if state.cache:
        state.cache.clear()
    return None

