"""Starting a battle: the scenario's table, the two armies from their
lists, the initiative roll and deployment alternating from the player who
lost it (leftover units after, Generals last).

battle_valor_fantasy.txt § Starting the Game, § Generals;, § Wizards 10
Points (Veteran 20 Points, Elite 30 Points).
"""
from __future__ import annotations

import math

from engine.core.catalog_memo import per_catalog
from engine.core.rules import Event
from engine.maps.tablemap import load_table_map
from engine.table.formations import Frame
from engine.core.words import possessive
from games.battle_valor_fantasy.rules import alliance, characters, space, success
from games.battle_valor_fantasy.rules.army import unit_profile
from games.battle_valor_fantasy.rules.catalog import formation_words
from games.battle_valor_fantasy.rules.state import BVFState, Player, Stand, Unit

R_START = "battle_valor_fantasy.txt § Starting the Game"
R_INITIATIVE = "battle_valor_fantasy.txt § Phase 1 Roll for Initiative;"
R_GENERAL = "battle_valor_fantasy.txt § Generals;"
R_WIZARD = "battle_valor_fantasy.txt § Wizards 10 Points (Veteran 20 Points, Elite 30 Points)"

DEFAULT_LISTS = {500: ("human_500", "orc_500"), 1000: ("dwarian_1000", "elf_1000"),
                 2000: ("human_2000", "orc_2000")}


@per_catalog
def table_for(c, scenario: str):
    """The scenario's table with the catalog `c`'s terrain, read once per
    catalog (the live map viewer's reload is a new catalog: the map read anew)."""
    return load_table_map(c.map_path(scenario), known_terrain=set(c.terrain),
                          terrain_defaults=c.terrain_defaults()).table()


FULL_BATTLE = "field_of_abaci"      # the 6 x 4 ft pitched battle: two 2000-point armies by default


def default_lists(c, scenario: str) -> tuple[str, str]:
    """The armies a scenario starts with unless chosen: the smallest size
    it is made for (the full battle: the largest)."""
    sc = c.scenario(scenario)
    if len(sc.armies) == 2 and all(x in c.lists for x in sc.armies):
        return tuple(sc.armies)
    sizes = sc.sizes
    size = max(sizes) if scenario == FULL_BATTLE else min(sizes)
    for s in sorted(DEFAULT_LISTS, reverse=True):
        if s <= size and all(x in c.lists for x in DEFAULT_LISTS[s]):
            return DEFAULT_LISTS[s]
    names = sorted(c.lists)
    return names[0], names[-1]


def army_from(c, spec, seat: int):
    """A seat's army: a shipped list by id, or a list's plain data in the
    shared roster format (`Setup.options["armies"]`, engine/core/army_lists.py)."""
    if isinstance(spec, str):
        if spec not in c.lists:
            raise ValueError(f"unknown army list {spec!r}; known: {', '.join(sorted(c.lists))}")
        return c.lists[spec]
    if isinstance(spec, dict) and "entries" in spec:
        from games.battle_valor_fantasy.rules import roster
        try:
            return roster.read(c, spec).army
        except ValueError as e:
            raise ValueError(f"army list of player {seat + 1}: {e}") from None
    raise ValueError(f"army list of player {seat + 1}: a list id or a roster")


def roll_initiative(state: BVFState, dice, ev: list[Event], why: str) -> int:
    """Both roll 4 Success dice; the most Successes wins, ties reroll."""
    while True:
        a = success.roll(dice, f"{state.players[0].name} initiative", 4)
        b = success.roll(dice, f"{state.players[1].name} initiative", 4)
        ev.append(Event("roll", f"{why}: {a.text()}; {b.text()}", R_INITIATIVE, data={"a": a.data(), "b": b.data()}))
        if a.total != b.total:
            w = 0 if a.total > b.total else 1
            ev.append(Event("ruling", f"{state.players[w].name} {'win' if alliance.on(state) else 'wins'} the "
                            "initiative", R_INITIATIVE))
            return w
        ev.append(Event("ruling", "A tie: both reroll", R_INITIATIVE))


def _make_units(state: BVFState, p: int, army, next_uid: int) -> int:
    c = state.catalog
    sid = 0
    for i, lu in enumerate(army.units):
        prof = unit_profile(c, army, i)
        u = Unit(next_uid, p, lu.name, "unit", prof, prof.experience)
        u.files = _default_files(prof.stands)
        u.formation = "line" if prof.stands > 1 else "line"
        for k in range(prof.stands):
            u.stands.append(Stand(sid, 0.0, 0.0, 0.0, prof.figures, command=(k == 0 and prof.command)))
            sid += 1
        u.standard = prof.command
        u.start_stands = prof.stands
        if prof.wounds and prof.machine:
            u.wounds, u.crew_wounds = 0, 0
        state.units[next_uid] = u
        next_uid += 1
    first_uid = next_uid - len(army.units)
    # this army's units only (an ally's may share a name: alliance.py)
    by_name = {x.name: x.uid for x in state.units.values() if x.owner == p and x.kind == "unit"
               and x.uid >= first_uid}
    for ch in army.characters:
        if ch.type != "wizard":
            if ch.type in characters.KINDS:
                state.units[next_uid] = characters.make(state, p, army, ch, next_uid, by_name)
                next_uid += 1
            continue
        ct = c.characters["wizard"]
        assert ct.dice is not None, "the data gives a Wizard its dice (characters.yaml)"
        u = Unit(next_uid, p, ch.name or "Wizard", "wizard", None, ch.experience)
        u.dice = ct.dice.of(ch.experience) or 10
        u.start_stands = 1
        u.attached = by_name.get(ch.attached_to, -1) if ch.attached_to else -1
        if u.attached >= 0:           # with its unit: no stand of its own (characters.py), set up with it
            u.deployed = True
        else:
            u.stands.append(Stand(sid, 0.0, 0.0, 0.0, 1, command=True))
            sid += 1
        state.units[next_uid] = u
        next_uid += 1
    g = Unit(next_uid, p, army.general.name, "general", None, "regular")
    g.stands.append(Stand(sid, 0.0, 0.0, 0.0, 1, command=True))
    g.rerolls = 3
    g.start_stands = 1
    state.units[next_uid] = g
    return next_uid + 1


def _default_files(n: int) -> int:
    """A line: more stands wide than deep, about two ranks."""
    if n <= 2:
        return n
    f = 1
    while f <= math.ceil(n / f):
        f += 1
    return min(n, max(f, math.ceil(n / 2)))


# the Grand Alliance's armies unless chosen (alliance.py): two 500-point allies a side; with three players the
# lone commander's army is as big as the two allies' together
ALLIANCE_LISTS = {3: ("human_500", "elf_1000", "dwarian_500"), 4: ("human_500", "orc_500", "dwarian_500", "elf_500")}


def alliance_lists(c, scenario: str, players: int) -> tuple:
    named = c.scenario(scenario).alliance_armies
    if len(named) == players and all(x in c.lists for x in named):
        return tuple(named)
    return ALLIANCE_LISTS[players]


def initial_state(s, dice, c) -> tuple[BVFState, list[Event]]:
    """The match `s` starts, on the catalog `c` (games/battle_valor_fantasy/rules/catalog.py)."""
    scenario = s.scenario or sorted(c.scenarios)[0]
    sc = c.scenario(scenario)
    if s.players > 2:
        return _alliance_state(c, s, dice, scenario)
    lists = default_lists(c, scenario)
    specs = list(s.options.get("armies") or [None, None])
    if len(specs) != 2:
        raise ValueError("give one army list per player (2)")
    for p in (0, 1):
        if specs[p] is None:
            specs[p] = s.options.get(f"army{p}") or lists[p]
    players = []
    for p in (0, 1):
        army = army_from(c, specs[p], p)
        players.append(Player(p, army.name, army, sc.deployment[p]))
    state = BVFState(table_for(c, scenario), c, scenario, int(s.options.get("turns") or sc.turns), players, {},
                     options={**s.options, **sc.options})      # a scenario's optional rules always apply
    uid = 0
    for p in (0, 1):
        uid = _make_units(state, p, players[p].army, uid)
    ev: list[Event] = [Event("setup", f"{players[0].name} against {players[1].name} on {sc.name}", R_START, 0)]
    if s.options.get("position") is not None:
        return state, ev                 # rules.initial_state puts the custom position on (position.py)
    loser = start_deployment(state, dice, ev)
    ev.append(Event("ruling", f"{players[loser].name} lost the initiative and places a unit first; the Generals "
                    "are placed last", R_START))
    return state, ev


def start_deployment(state: BVFState, dice, ev: list) -> int:
    """Roll for the initiative; the loser's side places a unit first
    (§ Starting the Game). Returns the loser."""
    winner = roll_initiative(state, dice, ev, "Deployment")
    loser = 1 - winner
    state.initiative = winner
    state.deploy_queue = deploy_queue(state, loser)
    state.phase = "deploy"
    state.current = state.deploy_queue[0]
    return loser


def deploy_queue(state: BVFState, first: int) -> tuple:
    """Alternate from `first`; the side with more units places its leftovers
    after the other's last unit; then the Generals, `first`'s first (a
    Grand Alliance's sides have a General per player)."""
    counts = [sum(1 for u in state.units.values() if u.owner == p and u.kind != "general" and not u.deployed)
              for p in (0, 1)]
    generals = [sum(1 for u in state.units.values() if u.owner == p and u.kind == "general" and not u.deployed)
                for p in (0, 1)]
    q = []
    a, b = first, 1 - first
    for left in ({a: counts[a], b: counts[b]}, {a: generals[a], b: generals[b]}):
        while left[a] or left[b]:
            for p in (a, b):
                if left[p]:
                    q.append(p)
                    left[p] -= 1
    return tuple(q)


def _alliance_state(c, s, dice, scenario: str) -> tuple[BVFState, list[Event]]:
    """Three or four players in two sides (alliance.py): each seat's army
    is made as a side's units; the sides are the rules' two players."""
    sc = c.scenario(scenario)
    n = s.players
    if n > alliance.MAX_SEATS:
        raise ValueError(f"a Grand Alliance is for 3 or 4 players, not {n}")
    defaults = alliance_lists(c, scenario, n)
    specs = list(s.options.get("armies") or [None] * n)
    if len(specs) != n:
        raise ValueError(f"give one army list per player ({n})")
    armies = []
    for seat in range(n):
        spec = specs[seat] if specs[seat] is not None else (s.options.get(f"army{seat}") or defaults[seat])
        armies.append(army_from(c, spec, seat))
    sides = alliance.seats_for(n)
    names = tuple(a.name for a in armies)
    players = []
    for side in (0, 1):
        seats = [q for q in range(n) if sides[q] == side]
        players.append(Player(side, " & ".join(names[q] for q in seats), armies[seats[0]], sc.deployment[side]))
    state = BVFState(table_for(c, scenario), c, scenario, int(s.options.get("turns") or sc.turns), players, {},
                     options={**s.options, **sc.options})
    uid = 0
    unit_seat, generals = {}, []
    for seat in range(n):
        start = uid
        uid = _make_units(state, sides[seat], armies[seat], uid)
        unit_seat.update({x: seat for x in range(start, uid)})
        generals.append(uid - 1)              # the General is made last
    state.alliance = alliance.Alliance(sides, names, tuple(armies), unit_seat, tuple(generals))
    ev: list[Event] = [Event("setup", f"A Grand Alliance on {sc.name}: {players[0].name} against {players[1].name};"
                             f" the overall Generals: {names[0]} and {names[1]}", alliance.R_ALLIANCE, 0)]
    if s.options.get("position") is not None:
        return state, ev
    loser = start_deployment(state, dice, ev)
    ev.append(Event("ruling", f"{players[loser].name} lost the initiative and place a unit first, the allies in "
                    "turn; the Generals are placed last", R_START))
    return state, ev


def zone_of(state: BVFState, p: int, u: Unit | None = None):
    """Side p's deployment zone; with `u`, the part its own player deploys
    in: in a Grand Alliance the allies of a side split its zone across the
    table, the overall General the left half as his side looks at the enemy,
    his ally the right (docs § Grand Alliance), so each ally has a flank and
    the zones are told apart."""
    z = state.table.zone(state.players[p].zone)
    if z is None or u is None or state.alliance is None:
        return z
    seats = state.alliance.seats(p)
    if len(seats) < 2:
        return z
    seat = alliance.seat_of(state, u)
    return seat_zone(state, p, seats.index(seat) if seat in seats else 0, len(seats))


def zone_key(state: BVFState, u: Unit) -> tuple:
    """What names the zone `u` deploys in (for what is remembered per zone)."""
    z = zone_of(state, u.owner, u)
    return (state.players[u.owner].zone, z.id if z is not None else "")


_SEAT_ZONES: dict = {}       # (id(table), zone, part, parts) -> (table, Piece): the entry keeps its table alive


def seat_zone(state: BVFState, p: int, part: int, parts: int):
    """Part `part` of `parts` of side p's zone, cut across its width (from
    the left as the side faces the enemy)."""
    z = state.table.zone(state.players[p].zone)
    assert z is not None, "a scenario's table has each side's deployment zone"
    key = (id(state.table), z.id, part, parts)
    v = _SEAT_ZONES.get(key)
    if v is None or v[0] is not state.table:
        from shapely.geometry import Polygon, box
        from engine.table.geometry import Piece
        x0, y0, x1, y1 = z.bbox
        facing = zone_facing(state, p)
        across_x = facing in (90.0, 270.0)          # a zone along a long edge is cut along x
        left_low = facing in (270.0, 0.0)           # the side's left is the low end of the cut axis
        k = part if left_low else parts - 1 - part
        if across_x:
            w = (x1 - x0) / parts
            cut = box(x0 + k * w, y0, x0 + (k + 1) * w, y1)
        else:
            h = (y1 - y0) / parts
            cut = box(x0, y0 + k * h, x1, y0 + (k + 1) * h)
        g = Polygon(z.ring).intersection(cut)
        ring = tuple((float(x), float(y)) for x, y in list(g.exterior.coords)[:-1]) if not g.is_empty else z.ring
        if len(_SEAT_ZONES) > 100:
            _SEAT_ZONES.clear()
        v = _SEAT_ZONES[key] = (state.table, Piece(f"{z.id}/{part + 1}", z.type, ring, name=f"{z.name}/{part + 1}",
                                                   properties=dict(z.properties)))
    return v[1]


def zone_facing(state: BVFState, p: int) -> float:
    """Facing from a zone toward the table's middle."""
    z = zone_of(state, p)
    x0, y0, x1, y1 = z.bbox
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return _axis_facing(cx, cy, state.table.width / 2, state.table.height / 2)


def _axis_facing(x0, y0, x1, y1) -> float:
    dx, dy = x1 - x0, y1 - y0
    if abs(dx) > abs(dy):
        return 0.0 if dx > 0 else 180.0
    return 90.0 if dy > 0 else 270.0


_BOX_ZONES: dict = {}         # id(zone) -> (zone, _box_zone(zone)): the entry keeps its zone alive


def _box_zone(z) -> bool:
    """The zone is an axis-aligned rectangle (its box is the zone);
    remembered per zone (asked for every placement deployment tries)."""
    v = _BOX_ZONES.get(id(z))
    if v is None or v[0] is not z:
        if len(_BOX_ZONES) >= 1_000:
            _BOX_ZONES.clear()
        v = _BOX_ZONES[id(z)] = (z, _rectangle(z))
    return v[1]


def _rectangle(z) -> bool:
    ring = list(z.ring)
    if ring and ring[0] == ring[-1]:
        ring = ring[:-1]
    if len(ring) != 4:
        return False
    x0, y0, x1, y1 = z.bbox
    return all((abs(x - x0) < 1e-9 or abs(x - x1) < 1e-9) and (abs(y - y0) < 1e-9 or abs(y - y1) < 1e-9)
               for x, y in ring)


def in_zone(state: BVFState, fs, z) -> bool:
    if _box_zone(z):
        x0, y0, x1, y1 = z.bbox
        return all(f.bbox[0] >= x0 - 1e-9 and f.bbox[1] >= y0 - 1e-9 and f.bbox[2] <= x1 + 1e-9
                   and f.bbox[3] <= y1 + 1e-9 for f in fs)
    return all(state.table.in_zone(f, z) for f in fs)


# Whether a set-up lies wholly in its zone, on the table and off impassable
# terrain: the same whatever else stands there, so remembered per table,
# zone, base shape and placement (deployment tries the same spots again and
# again).  The table is held by its id and kept alive in _TABLES.
_PLACED_OK: dict = {}
_TABLES: dict = {}


def static_ok(state: BVFState, u: Unit, frame: Frame, formation: str, files: int, fs: list | None = None) -> bool:
    """The part of `deploy_problem` no other unit can change passes: the
    unit's bases there are wholly in its zone, on the table and (unless it
    flies) off impassable terrain.  `fs`: the unit's layout there, when the
    caller has it."""
    table = state.table
    shape = space.shape_of(u)
    fly = space.flying(u)
    key = (id(table), zone_key(state, u), shape, fly, formation, files, len(u.stands), frame.x, frame.y,
           frame.facing)
    v = _PLACED_OK.get(key)
    if v is None:
        if len(_PLACED_OK) > 50_000:
            _PLACED_OK.clear()
        _TABLES[id(table)] = table
        if fs is None:
            fs = space.layout(u, frame, formation, files)
        z = zone_of(state, u.owner, u)
        v = (z is None or in_zone(state, fs, z)) and space.on_table_clear(state, u, fs)
        _PLACED_OK[key] = v
    return v


def deploy_problem(state: BVFState, u: Unit, frame: Frame, formation: str, files: int) -> str | None:
    fs = space.layout(u, frame, formation, files)
    z = zone_of(state, u.owner, u)
    if z is not None and not in_zone(state, fs, z):
        whose = alliance.name(state, alliance.seat_of(state, u)) if state.alliance is not None else \
            state.players[u.owner].name
        return f"{u.name} must be placed wholly within {possessive(whose)} deployment zone"
    why = space.fits(state, u, fs)
    if why:
        return f"{u.name} would stand {why}"
    return None


def deploy(state: BVFState, u: Unit, frame: Frame, formation: str, files: int, ev: list[Event]) -> None:
    u.formation, u.files, u.facing = formation, files, frame.facing % 360.0
    space.put(state, u, space.layout(u, frame, formation, files))
    u.deployed = True
    # a lone figure (a Wizard, the General, a war machine) has no formation to name
    how = "" if len(u.stands) == 1 else f" in {formation_words(state.catalog, formation, files)}"
    ev.append(Event("deploy", f"{alliance.owner_name(state, u)} deploys {u.name}{how}", R_START, 0))


SPOTS = 9


def attack_files(n: int) -> int:
    """The widest attack column: more stands deep than wide."""
    f = 1
    while f + 1 <= n and math.ceil(n / (f + 1)) > f + 1:
        f += 1
    return f


_SPOTS: dict = {}


def deploy_spots(state: BVFState, u: Unit) -> list[tuple[Frame, str, int]]:
    """Listed set-ups: the zone's front line (nearest the middle) and its
    middle, across the width, in a line (or one stand for Generals,
    Wizards and single stands).  The same for the same zone, base, size and
    formation: remembered (the list is shared; do not change it)."""
    key = (id(state.table), zone_key(state, u), space.shape_of(u), len(u.stands), u.files, u.formation)
    v = _SPOTS.get(key)
    if v is None:
        if len(_SPOTS) > 5_000:
            _SPOTS.clear()
        _TABLES[id(state.table)] = state.table
        v = _SPOTS[key] = _deploy_spots(state, u)
    return v


def _deploy_spots(state: BVFState, u: Unit) -> list[tuple[Frame, str, int]]:
    z = zone_of(state, u.owner, u)
    if z is None:
        return []
    facing = zone_facing(state, u.owner)
    x0, y0, x1, y1 = z.bbox
    shape = space.shape_of(u)
    n = len(u.stands)
    files = u.files if n > 1 else 1
    width = files * shape.width
    out = []
    horizontal = facing in (90.0, 270.0)
    forms = [(u.formation, files)]
    if n >= 3:
        forms.append(("attack_column", attack_files(n)))
        forms.append(("column", 1))
    for formation, fl in forms:
        width = fl * shape.width
        for depth_frac in (0.12, 0.4, 0.7):
            for i in range(SPOTS):
                t = (i + 0.5) / SPOTS
                if horizontal:
                    x = x0 + width / 2 + 0.2 + t * max(0.0, (x1 - x0) - width - 0.4)
                    lo, hi = (y0, y1) if facing == 270.0 else (y1, y0)
                    y = lo + (hi - lo) * depth_frac + (shape.depth / 2 + 0.1) * (1 if facing == 270.0 else -1)
                else:
                    y = y0 + width / 2 + 0.2 + t * max(0.0, (y1 - y0) - width - 0.4)
                    lo, hi = (x0, x1) if facing == 180.0 else (x1, x0)
                    x = lo + (hi - lo) * depth_frac + (shape.depth / 2 + 0.1) * (1 if facing == 180.0 else -1)
                out.append((Frame(round(x, 3), round(y, 3), facing), formation, fl))
    return out


DENSE_LIMIT = 12


def dense_spots(state: BVFState, u: Unit, limit: int = DENSE_LIMIT) -> list[tuple[Frame, str, int]]:
    """The first `limit` of `_dense_spots` (see there); the scan's order
    is fixed, so a shorter list is the start of a longer one: the full
    list is remembered for this position (the sampler lists them, the
    check of a withheld unit asks for one)."""
    if limit > DENSE_LIMIT:
        return _dense_spots(state, u, limit)
    key = ("dense", u.uid, u.formation, u.files)
    v = state.cache.get(key)
    if v is None:
        v = state.cache[key] = _dense_spots(state, u, DENSE_LIMIT)
    return v[:limit]


def _dense_spots(state: BVFState, u: Unit, limit: int) -> list[tuple[Frame, str, int]]:
    """When no listed spot is free: every inch across the zone and every
    half inch deep, in the unit's formation, a column, and a column along
    the zone, screened by boxes (the unit's box inside the zone's, clear of
    every placed unit's and impassable piece's box), then checked exactly;
    the first `limit` that fit."""
    z = zone_of(state, u.owner, u)
    if z is None:
        return []
    facing = zone_facing(state, u.owner)
    x0, y0, x1, y1 = z.bbox
    taken = [space.unit_bbox(state, v) for v in space.on_table(state) if v.uid != u.uid]
    taken += [t.bbox for t in state.table.impassable]
    out = []
    forms = [(u.formation, u.files if len(u.stands) > 1 else 1, facing)]
    if len(u.stands) > 1:
        forms += [("column", 1, facing), ("column", 1, (facing + 90.0) % 360.0)]
    for formation, files, fc in forms:
        fs = space.layout(u, Frame(0.0, 0.0, fc), formation, files)
        bx0, by0 = min(f.bbox[0] for f in fs), min(f.bbox[1] for f in fs)
        bx1, by1 = max(f.bbox[2] for f in fs), max(f.bbox[3] for f in fs)
        y = y0 + 0.05 - by0
        while y + by1 <= y1:
            x = x0 + 0.05 - bx0
            top, bottom = y + by0, y + by1
            row = [b for b in taken if top < b[3] and b[1] < bottom]      # the boxes this row can meet
            blocker = None
            while x + bx1 <= x1:
                # x only grows: a box that met the unit's box at the last x still meets it while its
                # right edge is beyond the unit's left (its left edge stays behind the unit's right)
                if blocker is not None and x + bx0 < blocker[2]:
                    x += 1.0
                    continue
                left, right = x + bx0, x + bx1
                blocker = next((b for b in row if left < b[2] and b[0] < right), None)
                if blocker is None:
                    fr = Frame(round(x, 3), round(y, 3), fc)
                    if deploy_problem(state, u, fr, formation, files) is None:
                        out.append((fr, formation, files))
                        if len(out) >= limit:
                            return out
                x += 1.0
            y += 0.5
    return out
