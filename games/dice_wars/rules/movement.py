"""Movement: costs, hindered terrain, blocking, reach, and moving a unit.
dice_wars.txt § Movement, § Terrain, § Guarding, Rule Clarifications.
"""
from __future__ import annotations

from engine.core.catalog_memo import per_catalog
from engine.hex import grid as hexgrid
from engine.hex.grid import Hex
from games.dice_wars.rules import stats
from games.dice_wars.rules.citations import Reason
from games.dice_wars.rules.state import Activation, DWState, Unit, on_map

R_MOVE = "dice_wars.txt § Movement"
R_TERRAIN = "dice_wars.txt § Terrain"


def city_hindered_for(state: DWState, h: Hex, owner: int) -> bool:
    """City hexes are hindered for everyone until captured, then only for
    the holder's enemies (§ Cities, § Terrain: City)."""
    ci = state.board.city_at.get(h)
    if ci is None:
        return True
    c = state.cities[ci]
    return c.owner is None or not stats.friendly(state, c.owner, owner)


def step_cost_fn(state: DWState, u: Unit):
    """step_cost(a, b) for engine.hex.grid.reachable, for unit u."""
    terrain = state.board.terrain
    tdefs = state.catalog.terrain
    mv = stats.movement_traits(state, u)
    passable_extra = mv["pass_terrain"]
    occupied = state.occupied
    units = state.units
    owner = u.owner

    def cost(a: Hex, b: Hex):
        t = terrain.get(b)
        if t is None:
            return None
        td = tdefs[t]
        if not td.passable and t not in passable_extra:
            return None
        o = occupied.get(b)
        if o is not None and o != u.uid and not stats.friendly(state, units[o].owner, owner) and not mv["pass_enemies"]:
            return None
        if not td.passable:           # Demolition through mountains/walls
            return 1
        if mv["ley_line_travel"] and t == "ley_line" and terrain.get(a) == "ley_line":
            return 0
        if td.cost <= 1 or mv["ignore_hindered"]:
            return 1
        kind = td.same_as or t
        if kind == "city" and not city_hindered_for(state, b, owner):
            return 1
        ta = terrain.get(a)
        if ta is not None and (tdefs[ta].same_as or ta) == kind:
            return 1                  # moving within the same rough terrain is not hindered
        return td.cost
    return cost


def can_end_fn(state: DWState, u: Unit):
    terrain = state.board.terrain
    tdefs = state.catalog.terrain

    def can_end(h: Hex) -> bool:
        o = state.occupied.get(h)
        if o is not None and o != u.uid:
            return False
        return tdefs[terrain[h]].passable
    return can_end


def guard_zones(state: DWState, u: Unit, faced: tuple = ()) -> dict[Hex, list[int]]:
    """Front hexes of enemy guarding units (not yet faced this turn)."""
    out: dict[Hex, list[int]] = {}
    for g in stats.living(state):
        if g.guarding and g.uid not in faced and not stats.friendly(state, g.owner, u.owner):
            for h in hexgrid.front_hexes(g.pos, g.facing):
                out.setdefault(h, []).append(g.uid)
    return out


def reach(state: DWState, u: Unit, budget: int, faced: tuple = ()):
    """{hex: (cost, prev)} the unit can move to, and the guard zones; the
    search stops on entering a guard's front hex (§ Guarding).  Same result
    as engine.hex.grid.reachable with step_cost_fn, inlined: it runs for
    every unit on every legal-action listing."""
    cache = state.cache
    key = ("reach", u.uid, budget, faced)
    if cache is not None and key in cache:
        return cache[key]
    found = _reach(state, u, budget, faced)
    if cache is not None:
        cache[key] = found
    return found


def _reach(state: DWState, u: Unit, budget: int, faced: tuple):
    zones = guard_zones(state, u, faced)
    mv = stats.movement_traits(state, u)
    through = mv["pass_terrain"]
    ley = mv["ley_line_travel"]
    flat = mv["ignore_hindered"]
    board = state.board
    terrain = board.terrain
    info = _move_info(state.catalog)
    links = _links(state.catalog, board)
    occupied = state.occupied
    units = state.units
    owner = u.owner
    blocked = set() if mv["pass_enemies"] else {
        h for h, o in occupied.items() if o != u.uid and not stats.friendly(state, units[o].owner, owner)}
    start = on_map(u)
    dist: dict[Hex, int] = {start: 0}
    prev: dict[Hex, Hex | None] = {start: None}
    # Dial's algorithm: step costs are 0, 1 or 2, so buckets beat a heap
    buckets: list[list] = [[] for _ in range(budget + 1)]
    buckets[0].append(start)
    for cost in range(budget + 1):
        bucket = buckets[cost]
        i = 0
        while i < len(bucket):            # zero-cost steps append to this bucket
            h = bucket[i]
            i += 1
            if dist[h] != cost or (h in zones and h != start):
                continue
            kind_here = info[terrain[h]][2]
            for n, t, passable, base, kind in links[h]:
                if n in blocked:
                    continue
                if not passable:
                    if t not in through:
                        continue
                    nc = cost + 1                 # Demolition: through, never ending there
                elif ley and t == "ley_line" and kind_here == "ley_line":
                    nc = cost                     # Xulinor: ley line to ley line is free
                elif base <= 1 or kind == kind_here or flat:
                    nc = cost + 1
                elif kind == "city" and not city_hindered_for(state, n, owner):
                    nc = cost + 1
                else:
                    nc = cost + base
                if nc > budget:
                    continue
                old = dist.get(n)
                if old is None or nc < old:
                    dist[n] = nc
                    prev[n] = h
                    buckets[nc].append(n)
    best = {h: (c, prev[h]) for h, c in dist.items()}
    out = hexgrid.Reach({h: v for h, v in best.items()
                         if h == start or (h not in occupied and info[terrain[h]][0])})
    out.searched = best
    return out, zones


_LINKS: dict = {}


def _links(cat, board) -> dict:
    """hex -> ((neighbour, terrain, passable, cost, type), ...) per board
    and catalog (the boards of a tile draft change as tiles are laid: the
    last few are kept)."""
    found = _LINKS.get(id(board))
    if found is None or found[0] is not board or found[1] is not cat:
        info = _move_info(cat)
        table = {h: tuple((n, board.terrain[n]) + info[board.terrain[n]] for n in ns)
                 for h, ns in board.nbrs.items()}
        if len(_LINKS) > 16:
            _LINKS.clear()
        found = _LINKS[id(board)] = (board, cat, table)
    return found[2]


@per_catalog
def _move_info(cat) -> dict:
    """terrain id -> (passable, cost to enter, type for 'same rough terrain')."""
    return {t: (td.passable, td.cost, td.same_as or t) for t, td in cat.terrain.items()}


def base_move(state: DWState, u: Unit, notes: list | None = None) -> int:
    """Movement allowance when the unit is activated: card, conditions, and
    always-on modifiers (e.g. Kordolith's Clockwork Rhythm near held cities)."""
    return max(0, stats.static_stat(state, u, "move", notes))


def move_blocked_reason(state: DWState, u: Unit, to: Hex, act: Activation | None) -> Reason:
    """Why u cannot end a move on `to` (called after reach failed)."""
    t = state.board.terrain.get(to)
    if t is None:
        return "That hex is off the map."
    td = state.catalog.terrain[t]
    if not td.passable:
        return (f"{td.name} blocks movement.", R_TERRAIN)
    other = stats.unit_at(state, to)
    if other is not None and other.uid != u.uid:
        if stats.friendly(state, other.owner, u.owner):
            return ("Units may move through allies but not end on them.", R_MOVE)
        return ("An enemy unit stands there; enemies block movement.", R_MOVE)
    left = act.move_left if act else base_move(state, u)
    full, _ = reach(state, u, 99, act.guards_faced if act else ())
    if to in full:
        cost = full[to][0]
        if left == 1 and cost >= 2 and hexgrid.distance(on_map(u), to) == 1:
            return ("With 1 movement left a unit cannot enter hindered terrain.", R_MOVE)
        return (f"That hex costs {cost} movement; the unit has {left} left.", R_MOVE)
    return ("No open path reaches that hex: terrain, walls, enemies or a guard's front hexes are in the way.", R_MOVE)
