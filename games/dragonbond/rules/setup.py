"""Setting up: the table, the armies (checked), the Dragonbond
declaration, the face-off for first player, edges, and deployment by turns.
dragonbond.txt § Army Selection, § Activating the Bond, § Starting the
Game, § Determine First Player, § Rules for Deployment, § Take Turns
Deploying, § Control: Setup.
"""
from __future__ import annotations

import math

from engine.core.catalog_memo import per_catalog
from engine.core.rules import Event, Setup
from engine.table.geometry import Foot, coherent
from engine.maps.tablemap import load_table_map
from engine.core.words import possessive
from games.dragonbond.rules import space, stats, turns
from games.dragonbond.rules.army import army_problems
from games.dragonbond.rules.catalog import MAP_DIR
from games.dragonbond.rules.defs import Army
from games.dragonbond.rules.state import DBState, Model, Player, Unit

R_FIRST = "dragonbond.txt § Determine First Player"
R_DEPLOY = "dragonbond.txt § Rules for Deployment"
R_TAKE = "dragonbond.txt § Take Turns Deploying"
R_BOND = "dragonbond.txt § Activating the Bond"
R_START = "dragonbond.txt § Starting the Game"
R_SELECT = "dragonbond.txt § Army Selection"
EDGES = ("north", "east", "south", "west")
SEAT_NAMES = ("Gold", "Crimson", "Azure", "Violet")
SIZE_ARMY = {"skirmish": "patrol", "battle": "vanguard", "epic": "host"}
FACTION_OF_SEAT = ("dawn", "blood", "dawn", "blood")


def scenario_of(cat, scenario: str):
    """(the scenario definition, its map file): a scenario id, or a
    designer's own Tiled table (a .tmj/.tmx path: a battle-size game on it,
    for the map viewer and `main.py judge`)."""
    sc = cat.scenarios.get(scenario)
    if sc is not None:
        return sc, MAP_DIR / sc.map
    if scenario.endswith((".tmj", ".tmx")):
        from pathlib import Path
        from games.dragonbond.rules.defs import Scenario
        path = Path(scenario)
        return Scenario(id=scenario, name=path.stem, map=path.name, sizes=["battle"]), path
    raise ValueError(f"unknown scenario {scenario!r}; known: {', '.join(cat.scenarios)} or a .tmj/.tmx table map")


def map_file(cat, scenario: str):
    return scenario_of(cat, scenario)[1]


@per_catalog
def table_for(cat, scenario: str):
    """The scenario's table with the catalog's terrain, read once per catalog."""
    _, path = scenario_of(cat, scenario)
    defaults = {tid: {"blocking": t.blocking, "impassable": t.impassable} for tid, t in cat.terrain.items()}
    return load_table_map(path, known_terrain=set(cat.terrain), terrain_defaults=defaults).table()


def default_army(seat: int, size: str) -> str:
    return f"{FACTION_OF_SEAT[seat]}_{size}"


def army_from(cat, spec, seat: int) -> Army:
    if isinstance(spec, str):
        if spec not in cat.armies:
            raise ValueError(f"unknown army {spec!r}; known: {', '.join(cat.armies)}")
        return cat.armies[spec]
    if isinstance(spec, dict) and "entries" in spec:       # an army list (engine/core/army_lists.py)
        from games.dragonbond.rules.army import list_to_army
        try:
            return list_to_army(spec, f"list_{seat + 1}")
        except Exception as e:            # pydantic's message, in words
            raise ValueError(f"army list of player {seat + 1}: {e}") from None
    if isinstance(spec, dict):
        d = dict(spec)
        d.setdefault("id", f"custom_{seat + 1}")
        d.setdefault("name", f"Custom army {seat + 1}")
        try:
            return Army.model_validate(d)
        except Exception as e:            # pydantic's message, in words
            raise ValueError(f"army of player {seat + 1}: {e}") from None
    raise ValueError(f"army of player {seat + 1}: an army id or a mapping")


def initial_state(setup: Setup, dice, cat, build_position=None) -> tuple[DBState, list[Event]]:
    """The mustered armies on their table, on the catalog `cat`
    (games/dragonbond/rules/catalog.py).  A `position` option (scripts,
    tutorials) is placed by `build_position(state, spec, dice, events)`."""
    n = setup.players
    if not 2 <= n <= 4:
        raise ValueError("Dragonbond is for 2 to 4 players")
    opts = dict(setup.options)
    opts.setdefault("mode", "control")
    if opts["mode"] not in ("control", "annihilation"):
        raise ValueError(f"mode must be control or annihilation, not {opts['mode']!r}")
    scenario = setup.scenario or "valerna_crossing"
    table = table_for(cat, scenario)
    events: list[Event] = []
    sc = scenario_of(cat, scenario)[0]
    size = SIZE_ARMY[sc.sizes[0]]
    specs = opts.get("armies") or [None] * n
    if len(specs) != n:
        raise ValueError(f"give one army per player ({n})")
    specs = [s if s is not None else default_army(i, size) for i, s in enumerate(specs)]
    players: list[Player] = []
    units: dict[int, Unit] = {}
    state = DBState(table, cat, scenario, opts, players, units)
    for i, spec in enumerate(specs):
        army = army_from(cat, spec, i)
        bad = army_problems(cat, army, opts["mode"])
        if bad:
            raise ValueError(f"{army.name}: " + "; ".join(f"{m} ({r})" for m, r, _ in bad))
        players.append(Player(i, SEAT_NAMES[i], army.id, army.faction))
        for au in army.units:
            add_unit(state, i, au.unit, au.captain, au.archetype)
        state.options.setdefault("bonds", {})[i] = army.bond
    events.append(Event("phase", f"{sc.name}: {table.width:g} x {table.height:g} inches, "
                        f"{'Control' if opts['mode'] == 'control' else 'Annihilation'}",
                        "dragonbond.txt § Game Modes", depth=0))
    if "position" in opts and build_position is not None:
        build_position(state, opts["position"], dice, events)
        return state, events
    state.phase = "bond"
    state.current = -1
    _next_bond(state, dice, events)
    return state, events


def add_unit(state: DBState, owner: int, card_id: str, captain: str | None, archetype: str | None) -> Unit:
    c = state.catalog.units[card_id]
    u = Unit(state.next_uid, owner, card_id, captain, archetype, c.models, sheet=c)
    u.captain_alive = captain is not None
    u.next_mid = c.models
    state.units[u.uid] = u
    state.next_uid += 1
    return u


def bond_choices(state: DBState, p: int) -> list[int]:
    """Dragons player p's general could bond with (§ Activating the Bond)."""
    if not any(u.owner == p and stats.card(u).kind == "general" for u in state.units.values()):
        return []
    return [u.uid for u in state.units.values() if u.owner == p and stats.card(u).dragon]


def _next_bond(state: DBState, dice, events: list) -> None:
    for p in state.players:
        if not p.bond_declared and bond_choices(state, p.index):
            state.current = p.index
            return
        p.bond_declared = True
    start_face_off(state, dice, events)


def declare_bond(state: DBState, p: int, dragon: int | None, mounted: bool, dice, events: list) -> None:
    pl = state.players[p]
    pl.bond_declared = True
    g = next(u for u in state.units.values() if u.owner == p and stats.card(u).kind == "general")
    if dragon is None:
        events.append(Event("ruling", f"{pl.name} declares no Dragonbond", R_BOND))
    else:
        d = state.units[dragon]
        g.bonded, d.bonded = d.uid, g.uid
        events.append(Event("ruling", f"{pl.name} declares the Dragonbond: {stats.card(g).name} and "
                            f"{stats.card(d).name}; both cards turn to their bonded side", R_BOND))
        if mounted:
            g.riding, d.rider = d.uid, g.uid
            events.append(Event("ruling", f"{stats.card(g).name} begins the game riding {stats.card(d).name}",
                                R_START))
    state.touch()
    _next_bond(state, dice, events)


def start_face_off(state: DBState, dice, events: list) -> None:
    state.rank = turns.face_off(state, dice, [p.index for p in state.players], events, "face-off for first player")
    state.phase = "edge"
    state.current = state.rank[0]
    events.append(Event("ruling", f"{state.players[state.current].name} wins the face-off: choose an edge and "
                        "whether to deploy first or second", R_FIRST))


def edges_available(state: DBState) -> list[str]:
    zones = {z.properties.get("edge") for z in state.table.zones_of("deployment")}
    return [e for e in EDGES if e in zones]


def choose_edge(state: DBState, edge: str, first: bool, events: list) -> None:
    n = len(state.players)
    avail = edges_available(state)
    w = state.rank[0]
    state.players[w].edge = edge
    i = avail.index(edge)
    others = state.rank[1:]
    if n == 2:
        state.players[others[0]].edge = avail[(i + len(avail) // 2) % len(avail)]
    else:
        for k, p in enumerate(others):
            state.players[p].edge = avail[(i + k + 1) % len(avail)]
    if first:
        state.deploy_order = [w] + others
    else:
        state.deploy_order = others[:1] + [w] + others[1:]
    events.append(Event("ruling", "Edges: " + ", ".join(f"{p.name} {p.edge}" for p in state.players)
                        + "; deployment order: " + ", ".join(state.players[p].name for p in state.deploy_order),
                        R_FIRST))
    state.phase = "deploy"
    state.current = state.deploy_order[0]


def zone_of(state: DBState, p: int):
    edge = state.players[p].edge
    for z in state.table.zones_of("deployment"):
        if z.properties.get("edge") == edge:
            return z
    return None


def to_deploy(state: DBState, p: int) -> list[Unit]:
    return [u for u in state.units.values() if u.owner == p and u.alive and not u.deployed and u.riding is None]


def deploy_problem(state: DBState, u: Unit, pts) -> tuple | None:
    z = zone_of(state, u.owner)
    sh = space.shape_of(state.catalog, u.card)
    fs = [Foot(sh, x, y) for x, y in pts]
    for f in fs:
        if z is None or not state.table.in_zone(f, z):
            return (f"Every model must be set up within {possessive(state.players[u.owner].name)} deployment zone "
                    f"({state.players[u.owner].edge} edge).", R_DEPLOY)
    if not coherent(fs):
        return ("Units must be deployed in coherency.", R_DEPLOY)
    from games.dragonbond.rules.movement import placement_problem
    return placement_problem(state, u, pts, rule=R_DEPLOY)


def deploy(state: DBState, u: Unit, pts, dice, events: list) -> None:
    u.models = [Model(i, float(x), float(y), captain=(i == 0 and u.captain is not None))
                for i, (x, y) in enumerate(pts)]
    u.deployed = True
    if u.rider is not None:
        state.units[u.rider].deployed = True
    state.touch()
    events.append(Event("deploy", f"{state.players[u.owner].name} deploys {stats.name(state, u)}", R_TAKE,
                        data={"uid": u.uid}))
    order = state.deploy_order
    i = order.index(state.current)
    for k in range(1, len(order) + 1):
        p = order[(i + k) % len(order)]
        if to_deploy(state, p):
            state.current = p
            return
    events.append(Event("ruling", "Every unit is deployed: the battle begins", R_TAKE))
    state.phase = "battle"
    turns.start_round(state, dice, events)


def formation(cat, card_id: str, n: int, cx: float, cy: float, horizontal: bool = True, per: int = 4) -> list[tuple]:
    """n models in ranks of up to `per`, centred on (cx, cy); ranks run
    along x (`horizontal`) or along y."""
    sh = space.shape_of(cat, card_id)
    step = sh.width + 0.1
    per = min(per, n)
    rows = math.ceil(n / per)
    pts = []
    for i in range(n):
        r, c = divmod(i, per)
        in_row = min(per, n - r * per)
        a = (c - (in_row - 1) / 2) * step
        b = (r - (rows - 1) / 2) * step
        x, y = (cx + a, cy + b) if horizontal else (cx + b, cy + a)
        pts.append((round(x, 3), round(y, 3)))
    return pts


SPOTS = 8          # deployment spots listed per unit, across its zone


def _zone_axes(state: DBState, u: Unit):
    z = zone_of(state, u.owner)
    x0, y0, x1, y1 = z.bbox
    return z, (x0, y0, x1, y1), (x1 - x0) >= (y1 - y0)


def deploy_spot(state: DBState, u: Unit, i: int):
    """The i-th listed set-up (of SPOTS along the zone), or None: ranks
    parallel to the table edge, as close to the edge as there is room, so
    the armies fill their zones from the edge inwards."""
    z, (x0, y0, x1, y1), horizontal = _zone_axes(state, u)
    n = len(u.models) if u.models else u.size
    sh = space.shape_of(state.catalog, u.card)
    per = min(4, n)
    rows = -(-n // per)
    half_depth = ((rows - 1) * (sh.width + 0.1) + sh.width) / 2 + 0.01
    half_len = ((per - 1) * (sh.width + 0.1) + sh.width) / 2 + 0.01
    edge = state.players[u.owner].edge
    f = (i + 0.5) / SPOTS
    depth_span = ((y1 - y0) if horizontal else (x1 - x0)) - 2 * half_depth
    steps = max(1, int(depth_span / 0.5) + 1)
    for k in range(steps):
        d = half_depth + k * 0.5
        if horizontal:
            cx = min(max(x0 + f * (x1 - x0), x0 + half_len), x1 - half_len)
            cy = y0 + d if edge == "north" else y1 - d
        else:
            cy = min(max(y0 + f * (y1 - y0), y0 + half_len), y1 - half_len)
            cx = x0 + d if edge == "west" else x1 - d
        pts = formation(state.catalog, u.card, n, cx, cy, horizontal)
        if deploy_problem(state, u, pts) is None:
            return pts
    return None


def crowded_spots(state: DBState, u: Unit, k: int = 3) -> list[list[tuple]]:
    """When no listed spot is free: look everywhere in the zone, an inch
    apart, in other shapes, and finally squeeze the models in one by one."""
    z, (x0, y0, x1, y1), horizontal = _zone_axes(state, u)
    n = len(u.models) if u.models else u.size
    valid = []
    steps_x = max(1, int(x1 - x0))
    steps_y = max(1, int(y1 - y0))
    for per in (4, 2, 3, 7, 1):
        for horiz in (horizontal, not horizontal):
            for j in range(steps_y):
                for i in range(steps_x):
                    pts = formation(state.catalog, u.card, n, x0 + i + 0.5, y0 + j + 0.5, horiz, per)
                    if deploy_problem(state, u, pts) is None:
                        valid.append(pts)
                        if len(valid) >= k:
                            return valid
    if not valid:
        pts = pack(state, u, n)
        if pts is not None:
            valid.append(pts)
    return valid


def deploy_spots(state: DBState, u: Unit) -> list[list[tuple]]:
    """The listed legal set-ups for the unit, spread across its zone."""
    if zone_of(state, u.owner) is None:
        return []
    valid = [p for p in (deploy_spot(state, u, i) for i in range(SPOTS)) if p is not None]
    return valid or crowded_spots(state, u)


def pack(state: DBState, u: Unit, n: int):
    """Squeeze the unit into whatever room its zone has left: models one
    by one, each touching the chain, from the first free spot found."""
    z = zone_of(state, u.owner)
    sh = space.shape_of(state.catalog, u.card)
    r = sh.radius
    x0, y0, x1, y1 = z.bbox

    def ok(x, y, placed):
        f = Foot(sh, x, y)
        if not state.table.in_zone(f, z):
            return False
        from games.dragonbond.rules.movement import spot_free
        return spot_free(state, u, f, placed)

    y = y0 + r
    starts = []
    while y <= y1 - r + 1e-9:
        x = x0 + r
        while x <= x1 - r + 1e-9:
            starts.append((round(x, 3), round(y, 3)))
            x += 0.25
        y += 0.25
    for sx, sy in starts:
        if not ok(sx, sy, []):
            continue
        pts = [(sx, sy)]
        placed = [Foot(sh, sx, sy)]
        while len(pts) < n:
            best = None
            for (px, py) in pts:
                for k in range(24):
                    a = 2 * math.pi * k / 24
                    x, y = round(px + math.cos(a) * (2 * r + 0.05), 3), round(py + math.sin(a) * (2 * r + 0.05), 3)
                    if ok(x, y, placed):
                        d = (x - sx) ** 2 + (y - sy) ** 2
                        if best is None or d < best[0]:
                            best = (d, x, y)
            if best is None:
                break
            pts.append((best[1], best[2]))
            placed.append(Foot(sh, best[1], best[2]))
        if len(pts) == n and deploy_problem(state, u, pts) is None:
            return pts
    return None
