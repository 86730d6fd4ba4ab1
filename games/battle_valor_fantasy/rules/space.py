"""Battle Valor Fantasy on the table: stands as bases, formations as slots
around the command stand (engine/table/formations.py), distances, arcs of
vision, line of sight, terrain under a unit, room to stand.  Derived values
are kept per state version (`BVFState.touch()` drops them).

battle_valor_fantasy.txt § Miniature Bases;, § Unit Facing and Arc of
Vision;, § Remember These 5 very Important Rules, § Woods, Forests and
Jungles.
"""
from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Sequence

from engine.table.formations import (Block, Frame, block_of, in_arc as block_in_arc, overlapping, place, ranks,
                                     square, wedge)
from engine.table.geometry import (EPS, BaseShape, Foot, _overlaps_piece, edge_distance, edge_distance_below,
                                   point_distance)  # noqa: F401 - point_distance: ai/normal.py reads space.point_distance
from games.battle_valor_fantasy.rules import alliance
from games.battle_valor_fantasy.rules.state import BVFState, Stand, Unit

GENERAL_RANGE = 12.0          # § Generals;
FAR = 26.0                    # beyond this (box to box) no rule measures: the box gap stands for the distance
SKIRMISH_GAP = 0.5            # inches between skirmishing stands as placed (within the 1" rule)
ADVANCE_GAP = 0.5             # § Phase 10: stop half an inch from any enemy
R_ARC = "battle_valor_fantasy.txt § Unit Facing and Arc of Vision;"
R_SIGHT = "battle_valor_fantasy.txt § Phase 8 Fire Missile Units;"
R_WOODS = "battle_valor_fantasy.txt § Woods, Forests and Jungles"

_SHAPES: dict = {}


def shape_of(u: Unit) -> BaseShape:
    key = (u.kind, None if u.profile is None else u.profile.base.id)
    s = _SHAPES.get(key)
    if s is None:
        if u.kind == "general":
            s = BaseShape.round_mm(40)
        elif u.kind == "wizard" or u.profile is None:      # Wizards and the other characters
            s = BaseShape.round_mm(25)
        else:
            b = u.profile.base
            s = BaseShape.round_mm(b.width_mm) if b.shape == "round" else BaseShape.rect_mm(b.width_mm, b.depth_mm)
        _SHAPES[key] = s
    return s


def round_based(u: Unit) -> bool:
    return shape_of(u).round


_SLOTS: dict = {}


def slots_for(formation: str, n: int, files: int, shape: BaseShape):
    """The slots of a formation for n stands (formations.yaml `shape`);
    remembered (a tuple: the same slots every time)."""
    key = (formation, n, files, shape)
    v = _SLOTS.get(key)
    if v is None:
        v = _SLOTS[key] = tuple(_slots(formation, n, files, shape))
    return v


def _slots(formation: str, n: int, files: int, shape: BaseShape):
    if formation == "wedge":
        return wedge(n, shape)
    if formation == "square":
        return square(n, shape)
    if formation in ("column", "snake"):
        return ranks(n, 1, shape)
    if formation == "skirmish":
        return ranks(n, files, shape, SKIRMISH_GAP)
    return ranks(n, files, shape)


def ordered(u: Unit) -> list[Stand]:
    """The command stand first, the rest in their order."""
    c = u.command_stand()
    if c is None:
        return list(u.stands)
    return [c] + [s for s in u.stands if s is not c]


def layout(u: Unit, frame: Frame, formation: str | None = None, files: int | None = None,
           stands: list[Stand] | None = None) -> list[Foot]:
    """The bases the unit's stands would stand on in a formation."""
    formation = formation or u.formation
    files = files or u.files
    sts = stands if stands is not None else ordered(u)
    shape = shape_of(u)
    return place(frame, slots_for(formation, len(sts), files, shape), shape, [s.sid for s in sts])


def put(state: BVFState, u: Unit, feet: list[Foot], stands: list[Stand] | None = None) -> None:
    """Move the stands onto these bases (same order as `ordered`)."""
    sts = stands if stands is not None else ordered(u)
    for s, f in zip(sts, feet):
        s.x, s.y, s.facing = f.x, f.y, f.facing
    state.touch(moved=u)


def frame_of(u: Unit) -> Frame:
    s = u.command_stand() or (u.stands[0] if u.stands else None)
    if s is None:
        return Frame(0.0, 0.0, u.facing)
    return Frame(s.x, s.y, u.facing)


# Geometry remembered across positions: a unit's stands in the same places
# (same shape, table, facing and stragglers) are the same geometry whatever
# state holds them, so an action that moves one unit keeps every other
# unit's bases, box and distances (and a search's copies share them).
_GEO_IDS: dict = {}           # signature -> id
_GEO: dict = {}               # id -> [feet, box, block, id, signature]
_DIST: dict = {}              # (id, id) -> distance (box to box beyond FAR)
_DIST_EXACT: dict = {}        # (id, id) -> exact distance for pairs beyond FAR
_ARC: dict = {}               # (id, id, arc) -> in the arc
_TERR: dict = {}              # (id, table) -> terrain under
_SLOW: dict = {}              # (id, table, works) -> in difficult terrain (exactly: in_difficult)
GEO_LIMIT = 10_000          # geometries remembered (about 90 a random game; a few MB per thousand)
PAIR_LIMIT = 4 * GEO_LIMIT  # pair distances remembered (about 3 per geometry)


def _forget_geometry() -> None:
    for d in (_GEO_IDS, _GEO, _DIST, _DIST_EXACT, _ARC, _TERR, _SLOW):
        d.clear()


_NEXT_ID = itertools.count(1)
_STAND_KEY = operator.attrgetter("x", "y", "facing", "sid", "command")


def _geo(state: BVFState, u: Unit) -> list:
    """The unit's geometry now: [feet, box, block, id, signature] (see above).  The
    state version remembers it per unit (BVFState.touch); forgetting the
    remembered geometries does not change one a version holds (its id is
    never reused, so the pair caches keyed by it stay right)."""
    cache = state.cache
    ids = cache.get("geo")                    # uid -> geometry, for this state version
    if ids is None:
        ids = cache["geo"] = {}
    e = ids.get(u.uid)
    if e is None:
        sig = (shape_of(u), u.facing, u.stragglers, tuple(map(_STAND_KEY, u.stands)))
        was = cache.get("geo_was")            # uid -> geometry before the last touches (BVFState.touch)
        if was is not None:
            e = was.get(u.uid)
            if e is not None and e[4] != sig:   # (compares mostly the same float objects: no hashing)
                e = None
        if e is None:
            g = _GEO_IDS.get(sig)
            e = None if g is None else _GEO.get(g)
        if e is None:
            if len(_GEO_IDS) >= GEO_LIMIT:
                _forget_geometry()
            g = _GEO_IDS[sig] = next(_NEXT_ID)
            shape = sig[0]
            e = _GEO[g] = [[Foot(shape, x, y, f, sid) for x, y, f, sid, _ in sig[3]], None, None, g, sig]
        ids[u.uid] = e
    return e


def geo_id(state: BVFState, u: Unit) -> int:
    """The id of the unit's geometry now (see above); ids are never reused."""
    return _geo(state, u)[3]


_FEET: dict = {}


def _foot(shape: BaseShape, s: Stand) -> Foot:
    """The base of one stand where it stands (remembered per placement)."""
    key = (shape, s.x, s.y, s.facing, s.sid)
    f = _FEET.get(key)
    if f is None:
        if len(_FEET) > 100_000:
            _FEET.clear()
        f = _FEET[key] = Foot(shape, s.x, s.y, s.facing, s.sid)
    return f


def feet(state: BVFState, u: Unit) -> list[Foot]:
    return _geo(state, u)[0]


def main_feet(state: BVFState, u: Unit) -> list[Foot]:
    """The bases of the unit's main body (without stragglers)."""
    if not u.stragglers:
        return feet(state, u)
    return [f for f in feet(state, u) if f.tag not in u.stragglers]


def block(state: BVFState, u: Unit) -> Block:
    geo = _geo(state, u)
    b = geo[2]
    if b is None:
        b = geo[2] = _signature_block(geo)
    return b


def _signature_block(geo: list) -> Block:
    """A remembered geometry's block, from its signature alone (the frame
    of `frame_of`, the bases of `main_feet`), never from the unit: a unit
    changed without BVFState.touch would otherwise leave a block under a
    signature it does not fit, found by every later position with that
    signature (a search's copy, the next game of a batch)."""
    fs, (_, facing, stragglers, stands) = geo[0], geo[4]
    c = next((s for s in stands if s[4]), stands[0] if stands else None)      # (x, y, facing, sid, command)
    frame = Frame(c[0], c[1], facing) if c is not None else Frame(0.0, 0.0, facing)
    main = [f for f in fs if f.tag not in stragglers] if stragglers else fs
    return block_of(frame, main or fs)


def centre(state: BVFState, u: Unit) -> tuple[float, float]:
    fs = feet(state, u)
    return sum(f.x for f in fs) / len(fs), sum(f.y for f in fs) / len(fs)


def on_table(state: BVFState) -> list[Unit]:
    # (Unit.on_table spelt out: a property is a Python call per unit, and this runs for every unit many times
    # an action)
    return [u for u in state.units.values() if u.alive and not u.off_table and u.stands and u.deployed]


WAYS = ("right", "down-right", "down", "down-left", "left", "up-left", "up", "up-right")


def way(facing: float) -> str:
    """A facing as the screen shows the table (0 right, 90 down, 270 up):
    "facing 270" told a newcomer nothing."""
    return WAYS[int(((facing % 360.0) + 22.5) // 45.0) % 8]


def name_stem(name: str) -> str:
    """A unit's name without the number that tells copies apart
    ("Levy Infantry 2" -> "Levy Infantry")."""
    head, _, tail = name.rpartition(" ")
    return head if head and tail.isdigit() else name


def told_apart(state: BVFState, side: int, t: Unit) -> str:
    """`t`'s name as `side` acting on it says it: "the enemy ..." or "its own
    ..." when the other army has a unit of the same name (both shipped
    500-point armies field a "Regular Infantry" and a "Wizard": "fires at
    Regular Infantry" left the table guessing whose).  Names that differ
    only by a number count as alike: "Levy Infantry 1 charges Levy Infantry"
    read as a unit charging its own kin."""
    stem = name_stem(t.name)
    if not any(v.owner != t.owner and name_stem(v.name) == stem for v in state.units.values()):
        return t.name
    return ("its own " if t.owner == side else "the enemy ") + t.name


def enemies(state: BVFState, u: Unit) -> list[Unit]:
    owner = u.owner
    return [v for v in state.units.values()
            if v.owner != owner and v.kind != "general" and v.alive and not v.off_table and v.stands and v.deployed]


def friends(state: BVFState, u: Unit) -> list[Unit]:
    owner, uid = u.owner, u.uid
    return [v for v in state.units.values()
            if v.owner == owner and v.uid != uid and v.alive and not v.off_table and v.stands and v.deployed]


_hypot = math.hypot


def _bbox_gap(a, b) -> float:
    # max(0.0, a[0] - b[2], b[0] - a[2]) and so on, compared out (the hypotenuse is the same whatever
    # the sign of a zero)
    dx = a[0] - b[2]
    t = b[0] - a[2]
    if t > dx:
        dx = t
    if dx < 0.0:
        dx = 0.0
    dy = a[1] - b[3]
    t = b[1] - a[3]
    if t > dy:
        dy = t
    if dy < 0.0:
        dy = 0.0
    return _hypot(dx, dy)


def fast_distance(xs: list[Foot], ys: list[Foot], stop: float = -math.inf) -> float:
    """The edge distance between the nearest bases of two groups (the same
    as geometry.group_distance): the pair whose boxes are nearest is
    measured first, then only pairs whose boxes could beat the best so far;
    returns early once the best is at most `stop`."""
    gaps = []
    lo, lo_i, lo_j = math.inf, 0, 0
    boxes = [g.bbox for g in ys]
    for i, f in enumerate(xs):
        a0, a1, a2, a3 = f.bbox
        row = []
        for j, b in enumerate(boxes):
            dx = a0 - b[2]                # the box gap as _bbox_gap measures it
            t = b[0] - a2
            if t > dx:
                dx = t
            if dx < 0.0:
                dx = 0.0
            dy = a1 - b[3]
            t = b[1] - a3
            if t > dy:
                dy = t
            if dy < 0.0:
                dy = 0.0
            d = _hypot(dx, dy)
            row.append(d)
            if d < lo:
                lo, lo_i, lo_j = d, i, j
        gaps.append(row)
    if lo == math.inf:
        return math.inf
    best = edge_distance(xs[lo_i], ys[lo_j])
    if best <= stop:
        return best
    for i, row in enumerate(gaps):
        for j, lb in enumerate(row):
            if lb < best and (i != lo_i or j != lo_j):
                d = edge_distance(xs[i], ys[j])
                if d < best:
                    best = d
                    if best <= stop:
                        return best
    return best


def any_within(xs: list[Foot], ys: list[Foot], limit: float) -> bool:
    """Some base of `xs` lies less than `limit` from some base of `ys`
    (`fast_distance(xs, ys) < limit`, answered without sorting: a pair
    whose boxes are `limit` apart or more cannot be nearer)."""
    for f in xs:
        a = f.bbox
        for g in ys:
            b = g.bbox
            dx = a[0] - b[2]
            if dx < b[0] - a[2]:
                dx = b[0] - a[2]
            if dx >= limit:
                continue
            dy = a[1] - b[3]
            if dy < b[1] - a[3]:
                dy = b[1] - a[3]
            if dy >= limit:
                continue
            if math.hypot(max(0.0, dx), max(0.0, dy)) >= limit:
                continue
            if edge_distance_below(f, g, limit):
                return True
    return False


def unit_bbox(state: BVFState, u: Unit) -> tuple:
    boxes = state.cache.get("bbox")           # uid -> box, for this state version
    if boxes is None:
        boxes = state.cache["bbox"] = {}
    b = boxes.get(u.uid)
    if b is None:
        geo = _geo(state, u)
        b = geo[1]
        if b is None:
            fs = geo[0]
            b = geo[1] = (min(f.bbox[0] for f in fs), min(f.bbox[1] for f in fs), max(f.bbox[2] for f in fs),
                          max(f.bbox[3] for f in fs)) if fs else (0.0, 0.0, 0.0, 0.0)
        boxes[u.uid] = b
    return b


def box_distance(state: BVFState, a: Unit, b: Unit) -> float:
    """A lower bound of `distance`: between the units' boxes."""
    boxes = state.cache.get("bbox")
    if boxes is not None:
        p = boxes.get(a.uid)
        q = boxes.get(b.uid)
        if p is not None and q is not None:
            return _bbox_gap(p, q)
    return _bbox_gap(unit_bbox(state, a), unit_bbox(state, b))


def distance(state: BVFState, a: Unit, b: Unit, exact: bool = False) -> float:
    """Edge to edge between the nearest stands; beyond FAR box to box
    (nothing the rules measure lies that far) unless `exact`."""
    ga, gb = geo_id(state, a), geo_id(state, b)
    key = (ga, gb) if ga < gb else (gb, ga)
    d = _DIST.get(key)
    if d is None:
        d = box_distance(state, a, b)
        if d < FAR:
            d = fast_distance(feet(state, a), feet(state, b))
        if len(_DIST) >= PAIR_LIMIT:
            _forget_geometry()            # the ids in `key` are never reused: the entry below is harmless
        _DIST[key] = d
    if exact and d >= FAR:
        e = _DIST_EXACT.get(key)
        if e is None:
            e = _DIST_EXACT[key] = fast_distance(feet(state, a), feet(state, b))
        return e
    return d


def nearest_enemy(state: BVFState, u: Unit) -> Unit | None:
    """The enemy at the least `distance` (the lower uid on a tie), measuring
    only those whose box could be that near.  Remembered for this state
    version (listing, checking and scoring ask again)."""
    key = ("near", u.uid)
    if key in state.cache:
        return state.cache[key]
    v = state.cache[key] = _nearest_enemy(state, u)
    return v


def _nearest_enemy(state: BVFState, u: Unit) -> Unit | None:
    es = enemies(state, u)
    if not es:
        return None
    boxed = sorted((box_distance(state, u, v), v.uid, v) for v in es)
    best = None
    for lb, uid, v in boxed:
        if best is not None and lb > best[0]:
            break                       # distance >= its box distance: it cannot be nearer
        d = distance(state, u, v)
        if best is None or (d, uid) < best[:2]:
            best = (d, uid, v)
    assert best is not None, "es is not empty: the first box is always measured"
    return best[2]


# Field works (works.py): strips of linear obstacle built in the battle, 2" long and half an inch
# deep, kept in state.works as (x, y, facing, builder uid).  "Any Linear Obstacle" is difficult
# terrain (battle_valor_fantasy.txt § Difficult Terrain), so they slow a move as the map's do.
STRIP = BaseShape("rect", 2.0, 0.5)


def work_feet(state: BVFState) -> list[Foot]:
    key = ("works",)
    v = state.cache.get(key)
    if v is None:
        v = state.cache[key] = [Foot(STRIP, w[0], w[1], w[2], ("work", round(w[0], 3), round(w[1], 3)))
                                for w in state.works]
    return v


def general_of(state: BVFState, player: int) -> Unit | None:
    """The side's General (in a Grand Alliance: the deciding seat's own, else
    the overall General: alliance.py)."""
    if state.alliance is not None:
        return alliance.general_for(state, player)
    for u in state.units.values():
        if u.owner == player and u.kind == "general" and u.on_table:
            return u
    return None


def near_general(state: BVFState, u: Unit) -> bool:
    """Within 12" of the General it answers to (its own player's)."""
    g = alliance.commander(state, u)
    return g is not None and g.uid != u.uid and distance(state, u, g) <= GENERAL_RANGE + 1e-9


def arc_of(u: Unit) -> float:
    if u.formation == "skirmish" or u.formation == "square" or round_based(u):
        return 360.0                 # round bases and skirmishers (no facing) see all round; a square faces out
    return 90.0


def in_arc(state: BVFState, a: Unit, b: Unit) -> bool:
    arc = arc_of(a)
    key = (geo_id(state, a), geo_id(state, b), arc)
    v = _ARC.get(key)
    if v is None:
        v = _ARC[key] = block_in_arc(block(state, a), feet(state, b), arc)
    return v


def _spread(fs: list[Foot]) -> list[Foot]:
    """Up to three bases of a unit to sight from or to: its first (the
    command stand), and the two farthest apart."""
    if len(fs) <= 3:
        return list(fs)
    a = fs[0]
    b = max(fs, key=lambda f: (f.x - a.x) ** 2 + (f.y - a.y) ** 2)
    c = max(fs, key=lambda f: (f.x - b.x) ** 2 + (f.y - b.y) ** 2)
    return [a, b, c]


def sight_pieces(state: BVFState) -> list:
    key = ("sight_pieces",)
    v = state.cache.get(key)
    if v is None:
        v = [t for t in state.table.terrain if t.blocking or t.flag("woods")]
        state.cache[key] = v
    return v


def line_of_sight(state: BVFState, a: Unit, b: Unit) -> bool:
    """Some base of `a` sees some base of `b`: a straight line between the
    centres of up to three bases of each (the command stand and the two
    farthest apart) crossing no blocking terrain or wood (one the viewer or
    target stands in does not block its own lines) and no base of another
    unit (skirmishers do not block: § Skirmish;).  docs § Line of sight."""
    key = ("los", min(a.uid, b.uid), max(a.uid, b.uid))
    v = state.cache.get(key)
    if v is None:
        from engine.table.geometry import _seg_blocked
        va, vb, pieces, blockers, _ = _sight_parts(state, a, b)
        v = any(not _seg_blocked(f.x, f.y, g.x, g.y, pieces, blockers) for f in va for g in vb)
        state.cache[key] = v
    return v


def _sight_parts(state: BVFState, a: Unit, b: Unit):
    """What line_of_sight draws and what may block it: the bases sighted
    from and to, the terrain and the other units' bases near the lines,
    and the box of the lines."""
    va, vb = _spread(feet(state, a)), _spread(feet(state, b))
    own = {id(t) for t in terrain_under(state, a)} | {id(t) for t in terrain_under(state, b)}
    pieces = [t for t in sight_pieces(state) if id(t) not in own]
    box_a, box_b = unit_bbox(state, a), unit_bbox(state, b)
    corridor = (min(box_a[0], box_b[0]), min(box_a[1], box_b[1]), max(box_a[2], box_b[2]),
                max(box_a[3], box_b[3]))
    blockers = []
    for w in on_table(state):
        if w.uid in (a.uid, b.uid) or w.formation == "skirmish" or w.kind != "unit":
            continue
        if _bbox_gap(unit_bbox(state, w), corridor) > 0:
            continue
        blockers.extend(feet(state, w))
    pieces = [t for t in pieces if _bbox_gap(t.bbox, corridor) <= 0]
    return va, vb, pieces, blockers, corridor


def screened(state: BVFState, a: Unit, b: Unit) -> bool:
    """`a` shoots at `b` through a skirmishing unit (a third one, friend or
    foe): the line between the two units' middles crosses the rectangle
    the skirmishers stand in (§ Shooting Modifiers: "-1 if Target is
    Skirmishing or you are firing through a Skirmishing Unit"; skirmishers
    never block the line, and a line through the gaps of a loose screen
    still goes through it)."""
    key = ("screened", a.uid, b.uid)
    v = state.cache.get(key)
    if v is None:
        v = False
        ax, ay = centre(state, a)
        bx, by = centre(state, b)
        line = (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
        from engine.table.geometry import segment_crosses_ring
        for w in on_table(state):
            if w.uid in (a.uid, b.uid) or w.kind != "unit" or w.formation != "skirmish":
                continue
            if _bbox_gap(unit_bbox(state, w), line) > 0:
                continue
            if segment_crosses_ring(tuple(block(state, w).corners()), ax, ay, bx, by):
                v = True
                break
        state.cache[key] = v
    return v


def terrain_under(state: BVFState, u: Unit) -> list:
    key = (geo_id(state, u), id(state.table))
    v = _TERR.get(key)
    if v is None:
        # (each base asked afresh: a memo of the pieces by rounded base place found again fewer than one in
        # five and cost more than it saved, 3-6% of a playout's CPU; measured 2026-11-27)
        seen = {}
        table = state.table
        for f in feet(state, u):
            for t in table.terrain_touching(f):
                seen[id(t)] = t
        v = _TERR[key] = list(seen.values())
    return v


def exact_difficult(state: BVFState, fs: list[Foot], pieces=None, strips=None) -> object | None:
    """The difficult piece (or built strip) some base actually touches or
    stands on, without the contact tolerance; None."""
    pieces = state.table.difficult if pieces is None else pieces
    for f in fs:
        b = f.bbox
        for t in pieces:
            tb = t.bbox
            if b[2] < tb[0] or b[0] > tb[2] or b[3] < tb[1] or b[1] > tb[3]:
                continue
            if _overlaps_piece(t, f):
                return t
    for w in (work_feet(state) if strips is None else strips):
        wb = w.bbox
        for f in fs:
            b = f.bbox
            if b[2] < wb[0] or b[0] > wb[2] or b[3] < wb[1] or b[1] > wb[3]:
                continue
            if edge_distance(w, f) <= 0.0:
                return w
    return None


def in_difficult(state: BVFState, u: Unit) -> bool:
    """A base of the unit actually stands on or touches difficult terrain
    (a built strip too), without the contact tolerance: a unit 0.05" short
    of a wood is not in it (§ Difficult Terrain; travel.py measures the
    way in the same way)."""
    key = (geo_id(state, u), id(state.table), state.works)
    v = _SLOW.get(key)
    if v is None:
        fs = feet(state, u)
        near = [t for t in terrain_under(state, u) if t.difficult]
        v = _SLOW[key] = exact_difficult(state, fs, near, work_feet(state) if state.works else ()) is not None
    return v


def in_woods(state: BVFState, u: Unit) -> bool:
    return any(t.flag("woods") for t in terrain_under(state, u))


def behind_obstacle(state: BVFState, u: Unit) -> bool:
    return any(t.flag("linear") for t in terrain_under(state, u))


def on_high_ground(state: BVFState, u: Unit) -> bool:
    return any(t.flag("high_ground") for t in terrain_under(state, u))


def near_box(state: BVFState, u: Unit, box: tuple, gap: float) -> list[Unit]:
    """The other units on the table whose box lies within `gap` (and the
    margins `fits` allows) of `box`, in table order: the only ones `fits`
    can find in the way of bases inside that box."""
    lim = gap + 1e-3 + 1e-6
    out = []
    for v in state.units.values():
        if v.uid == u.uid or not (v.alive and not v.off_table and v.stands and v.deployed):
            continue
        vb = unit_bbox(state, v)
        if box[0] - vb[2] > lim or vb[0] - box[2] > lim or box[1] - vb[3] > lim or vb[1] - box[3] > lim:
            continue
        out.append(v)
    return out


def feet_box(fs: Sequence[Foot]) -> tuple:
    return (min(f.bbox[0] for f in fs), min(f.bbox[1] for f in fs), max(f.bbox[2] for f in fs),
            max(f.bbox[3] for f in fs))


def hull(a: tuple, b: tuple) -> tuple:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def on_table_clear(state: BVFState, u: Unit, fs: list[Foot]) -> bool:
    """The bases lie on the table and (unless the unit flies) off
    impassable terrain: the table's part of `fits`."""
    table = state.table
    w, h = table.width + EPS, table.height + EPS
    for f in fs:
        b = f.bbox
        if b[0] < -EPS or b[1] < -EPS or b[2] > w or b[3] > h:
            return False
        if table.impassable and table.blocked_by_impassable(f) is not None and not flying(u):
            return False
    return True


def fits(state: BVFState, u: Unit, fs: list[Foot], ignore: tuple = (), gap: float = 0.0,
         enemy_gap: float | None = None, among: list[Unit] | None = None) -> str | None:
    """Why these bases cannot stand here (off the table, on impassable
    terrain, on another unit), or None.  `among`: the units that can be in
    the way (from `near_box`), when many placements in one area are tried."""
    table = state.table
    w, h = table.width + EPS, table.height + EPS
    x0 = y0 = math.inf
    x1 = y1 = -math.inf
    for f in fs:
        b = f.bbox
        if b[0] < -EPS or b[1] < -EPS or b[2] > w or b[3] > h:
            return "off the table"
        if table.impassable and table.blocked_by_impassable(f) is not None and not flying(u):
            return "on impassable terrain"
        if b[0] < x0:
            x0 = b[0]
        if b[1] < y0:
            y0 = b[1]
        if b[2] > x1:
            x1 = b[2]
        if b[3] > y1:
            y1 = b[3]
    eg = gap if enemy_gap is None else enemy_gap
    box = (x0, y0, x1, y1)
    uid, owner = u.uid, u.owner
    boxes = state.cache.get("bbox")
    if boxes is None:
        boxes = state.cache["bbox"] = {}
    for v in (state.units.values() if among is None else among):
        if v.uid == uid or not (v.alive and not v.off_table and v.stands and v.deployed) or v.uid in ignore:
            continue
        g = eg if v.owner != owner else gap
        lim = g + 1e-3
        vb = boxes.get(v.uid) or unit_bbox(state, v)
        if x0 - vb[2] > lim or vb[0] - x1 > lim or y0 - vb[3] > lim or vb[1] - y1 > lim:
            continue                      # a box gap beyond the limit on one axis alone
        if _bbox_gap(box, vb) > lim:
            continue
        other = feet(state, v)
        if g > 0:
            if any_within(fs, other, g - 1e-6):
                return f"within {g:g}\" of {v.name}" if v.owner != u.owner else f"on top of {v.name}"
        elif overlapping(fs, other):
            return f"on top of {v.name}"
    return None


def flying(u: Unit) -> bool:
    return u.profile is not None and any(e.flying for e in u.profile.effects())


def touching_enemies(state: BVFState, u: Unit) -> list[Unit]:
    fs = feet(state, u)
    out = []
    for v in enemies(state, u):
        if v.kind != "unit":
            continue
        if any(edge_distance(a, b) <= 0.05 for a in fs for b in feet(state, v)):
            out.append(v)
    return out


def angle_between(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


def bearing(x0: float, y0: float, x1: float, y1: float) -> float:
    return math.degrees(math.atan2(y1 - y0, x1 - x0)) % 360.0
