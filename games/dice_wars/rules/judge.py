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
from games.dice_wars.rules import stats
from games.dice_wars.rules.state import DWState

CORNER_NAMES = ("top-left corner", "top-right corner", "bottom-right corner", "bottom-left corner")
SLOT_NAMES = ("top-left", "top", "top-right", "left", "centre", "right", "bottom-left", "bottom", "bottom-right")


def _costs_from(state: DWState, sources) -> dict:
    board = state.board
    tdefs = state.catalog.terrain
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
    tdefs = state.catalog.terrain
    return [h for h in board.tile_hexes(board.corners[corner]) if tdefs[board.terrain[h]].passable]


def _zone(state: DWState, p) -> list:
    return [h for c in p.corners for h in _corner_zone(state, c)]


def _seen(state: DWState, zone: list, others: list, memo: dict | None = None) -> int:
    """The share (%) of pairs of a hex of `zone` and a hex of `others` with a
    clear line between them (§ Targeting, units ignored); `memo` keeps the
    lines already drawn."""
    terrain = state.board.terrain
    tdefs = state.catalog.terrain
    memo = {} if memo is None else memo

    def blocked(h) -> bool:
        t = terrain.get(h)
        return t is None or tdefs[t].blocks_sight

    def clear(o, h) -> bool:
        key = (o, h) if o <= h else (h, o)
        v = memo.get(key)
        if v is None:
            v = memo[key] = hexgrid.line_of_sight(o, h, blocked)
        return v
    if not zone or not others:
        return 0
    seen = sum(1 for h in zone for o in others if clear(o, h))
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
    tdefs = state.catalog.terrain
    zones = [_zone(state, p) for p in state.players]
    costs = [_costs_from(state, z) for z in zones]
    ley = [h for h, t in board.terrain.items() if t == "ley_line"]
    seats = []
    corners: dict = {}
    lines: dict = {}
    for p, zone, cost in zip(state.players, zones, costs):
        others = [h for q, z in enumerate(zones) if q != p.index for h in z]
        row = {"place": place_name(p), "deploy hexes": len(zone),
               "cover in zone": sum(1 for h in zone if board.terrain[h] in ("forest", "plateau")),
               "open ground in zone": sum(1 for h in zone if board.terrain[h] == "plains"),
               "sight lines from enemy zones (%)": _seen(state, zone, others, lines)}
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
                                             "sight lines into it from enemy zones (%)": _seen(state, mine, others,
                                                                                               lines)}
        row["movement an enemy needs to reach its nearest corner"] = min(enemy, default=99)
        seats.append(row)
    passable = [h for h in board.hexes if tdefs[board.terrain[h]].passable]
    facts = {"hexes": len(board.hexes), "passable hexes": len(passable),
             "open ground": sum(1 for h in passable if board.terrain[h] == "plains"),
             "cities": len(board.cities)}
    return {"seats": seats, "zones": corners, "map": facts}


def judge_canvas(state: DWState) -> Canvas:
    tdefs = state.catalog.terrain
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
    cat = state.catalog
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
            stats.resolve(state, u)
        for i, p in enumerate(players):
            p.factions, p.name, p.color = dealt[armies[i]]
    if state.cache:
        state.cache.clear()
    return None


# ---- fairer variants (engine/commands/variants.py) -------------------------------------------
# Small changes of a square of map tiles: a city moved one hex (its seven
# hexes, the ground it leaves turned to plains), a tile turned half round, two
# corner tiles or two edge tiles swapped.  Each is checked as the map tools
# check a layout (docs/games/dice_wars_maps.md): the passable ground one
# region, every corner tile with room to deploy, no city on another.

MOVABLE_GROUND = ("plains", "forest", "plateau", "badlands")     # what a moved city may be built over
DIRECTIONS = ("east", "south-east", "south-west", "west", "north-west", "north-east")   # engine.hex.grid order


def judge_variants(state: DWState, folder) -> list:
    """The candidate changes of this map, each written as a Tiled file in
    `folder`, smallest change first ([] for a map composed per game)."""
    from pathlib import Path

    from engine.core.judging import Variant
    from engine.maps.write import hex_variant
    from games.dice_wars.rules.board import load_map
    from games.dice_wars.rules.describe import hex_label
    board = state.board
    path = str(board.path or "")
    if not path.endswith(".tmx") or board.tiles_x != 3 or board.tiles_y != 3:
        return []
    data = load_map(state.catalog, path)
    cities = [o for o in data.objects if o.type == "city"]
    out: list[Variant] = []

    def keep(words: str, terrain: dict, moves: dict, seats=()) -> None:
        changed = sum(1 for h in terrain if terrain[h] != data.terrain.get(h)) + len(moves)
        if not changed or not _sound(state.catalog, board, terrain, {n: moves.get(n, o.hex) for o in cities for n in [o.name]}):
            return
        file = Path(folder) / f"variant_{len(out) + 1}.tmx"
        hex_variant(path, file, terrain, moves, {"name": f"{data.properties.get('name', Path(path).stem)}: {words}"})
        out.append(Variant(words, changed, str(file), seats=tuple(seats)))

    for i, c in enumerate(board.cities):
        site = next(o for o in cities if o.hex == c.capital)
        for d, (dq, dr) in enumerate(hexgrid.DIRECTIONS):
            to = (c.capital[0] + dq, c.capital[1] + dr)
            terrain = _moved_city(board, data.terrain, c, (dq, dr))
            if terrain is not None:
                keep(f"move {city_title(board, i)} one hex {DIRECTIONS[d]} (its capital to {hex_label(to)})",
                     terrain, {site.name: to})
    slots = range(9)
    for k in slots:
        if k == 4:
            continue                              # the centre tile looks the same turned (the Dark Tower)
        terrain, moves = _turned(board, data, k)
        keep(f"turn the {SLOT_NAMES[k]} tile half round", terrain, moves)
    for group in ((0, 2, 6, 8), (1, 3, 5, 7)):
        for a in group:
            for b in group:
                if a < b:
                    terrain, moves = _swapped(board, data, a, b)
                    keep(f"swap the {SLOT_NAMES[a]} and {SLOT_NAMES[b]} tiles", terrain, moves)
    out.sort(key=lambda v: (v.size, v.words))
    return out


def _moved_city(board, terrain: dict, c, step) -> dict | None:
    """The terrain with city c's seven hexes moved one hex, or None when
    it would leave its tile or build over water, mountains or another city."""
    foot = {h: terrain[h] for h in c.hexes | c.walls}
    moved = {(h[0] + step[0], h[1] + step[1]): t for h, t in foot.items()}
    if any(board.tile_index.get(h) != c.tile for h in moved):
        return None
    if any(h not in foot and terrain.get(h) not in MOVABLE_GROUND for h in moved):
        return None
    out = dict(terrain)
    for h in foot:
        out[h] = "plains"
    out.update(moved)
    return out


def _tile_cells(board, k: int) -> list:
    tx, ty = k % board.tiles_x, k // board.tiles_x
    return [(c, r, hexgrid.offset_to_axial(tx * board.tile_cols + c, ty * board.tile_rows + r))
            for r in range(board.tile_rows) for c in range(board.tile_cols)]


def _turned(board, data, k: int) -> tuple[dict, dict]:
    """Tile k turned half round (exact: tiles have an even number of rows)."""
    cells = {(c, r): h for c, r, h in _tile_cells(board, k)}
    w, h = board.tile_cols, board.tile_rows
    where = {cells[(c, r)]: cells[(w - 1 - c, h - 1 - r)] for (c, r) in cells}
    terrain = dict(data.terrain)
    for src, dst in where.items():
        terrain[dst] = data.terrain[src]
    return terrain, {o.name: where[o.hex] for o in data.objects if o.hex in where}


def _swapped(board, data, a: int, b: int) -> tuple[dict, dict]:
    """Tiles a and b swapped (a shift by whole tiles: exact for even rows)."""
    ca = {(c, r): h for c, r, h in _tile_cells(board, a)}
    cb = {(c, r): h for c, r, h in _tile_cells(board, b)}
    where = {ca[k]: cb[k] for k in ca} | {cb[k]: ca[k] for k in cb}
    terrain = dict(data.terrain)
    for src, dst in where.items():
        terrain[dst] = data.terrain[src]
    return terrain, {o.name: where[o.hex] for o in data.objects if o.hex in where}


def _sound(cat, board, terrain: dict, capitals: dict) -> bool:
    """The checks of tools/make_dice_wars_maps.py for a layout: one passable
    region, room to deploy in every corner, each capital on a capital hex."""
    tdefs = cat.terrain
    passable = {h for h, t in terrain.items() if t in tdefs and tdefs[t].passable}
    if not passable:
        return False
    start = next(iter(passable))
    seen, todo = {start}, [start]
    while todo:
        h = todo.pop()
        for n in hexgrid.neighbors(h):
            if n in passable and n not in seen:
                seen.add(n)
                todo.append(n)
    if len(seen) != len(passable):
        return False
    for corner in board.corners:
        if sum(1 for h in board.tile_hexes(corner) if h in passable) < 20:
            return False
    return all(terrain.get(h) == "capital" for h in capitals.values())
