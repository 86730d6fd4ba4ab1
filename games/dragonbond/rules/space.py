"""Dragonbond on the table: bases, distances, engagement, flanking, line
of sight, terrain touched and occupied, objectives.  Derived values are
kept per state version (`DBState.touch()` drops them).

dragonbond.txt § Distance, § Unit Coherency, § Line of Sight, § Engaged,
§ Unit Models, § Flanking, § Entering Terrain, § Occupying Terrain,
§ Controlling Objectives.
"""
from __future__ import annotations

import math

from engine.table.geometry import (CONTACT, BaseShape, Foot, edge_distance, group_distance, point_distance)
from engine.table.paths import Obstacles
from games.dragonbond.rules.cache import geo
from games.dragonbond.rules.state import DBState, Unit
from games.dragonbond.rules.stats import has

REACH = 1.0                 # § Keywords, Reach: engaged at 1"
OBJECTIVE_RANGE = 3.0       # § Controlling Objectives




def shape_of(cat, card_id: str) -> BaseShape:
    """The base of a unit card of the catalog `cat` (worked out once per catalog)."""
    key = ("shape", card_id)
    s = cat.memo.get(key)
    if s is None:
        b = cat.units[card_id].base
        s = cat.memo[key] = BaseShape.round_mm(b.round) if b.round is not None else BaseShape.rect_mm(*b.rect)
    return s


def feet(state: DBState, u: Unit) -> list[Foot]:
    g = geo(state)
    f = g.feet.get(u.uid)
    if f is None:
        sh = shape_of(state.catalog, u.card)
        f = g.feet[u.uid] = [Foot(sh, m.x, m.y, 0.0, tag=(u.uid, m.mid)) for m in u.models]
    return f


def box(state: DBState, u: Unit) -> tuple:
    g = geo(state)
    b = g.boxes.get(u.uid)
    if b is None:
        fs = feet(state, u)
        b = g.boxes[u.uid] = (min(f.bbox[0] for f in fs), min(f.bbox[1] for f in fs),
                              max(f.bbox[2] for f in fs), max(f.bbox[3] for f in fs)) if fs else (0, 0, 0, 0)
    return b


def on_table(state: DBState) -> list[Unit]:
    return [u for u in state.units.values() if u.alive and u.models]


def enemies(state: DBState, u: Unit) -> list[Unit]:
    return [v for v in state.units.values() if v.alive and v.models and v.owner != u.owner]


def distance(state: DBState, a: Unit, b: Unit) -> float:
    """Base to base of the nearest models (§ Distance)."""
    g = geo(state)
    key = (a.uid, b.uid) if a.uid < b.uid else (b.uid, a.uid)
    d = g.dist.get(key)
    if d is None:
        d = group_distance(feet(state, a), feet(state, b))
        g.dist[key] = d
    return d


# ---- engagement ------------------------------------------------------------------------

def _reach(state: DBState, u: Unit) -> float:
    g = geo(state)
    r = g.reach.get(u.uid)
    if r is None:
        r = g.reach[u.uid] = REACH if has(state, u, "reach") else 0.0
    return r


def engaged_models(state: DBState, a: Unit, b: Unit) -> list[int]:
    """Indexes (into a's models) of a's models engaged with b: in base
    contact with b (within 1" for Reach), or in base contact with a model
    of a that is (§ Engaged)."""
    g = geo(state)
    key = (a.uid, b.uid)
    hit = g.engaged_models.get(key)
    if hit is not None:
        return hit
    out: list[int] = []
    ba, bb = box(state, a), box(state, b)
    reach = _reach(state, a)
    lim = CONTACT + reach
    if (ba[0] - bb[2] > lim + 0.01 or bb[0] - ba[2] > lim + 0.01 or ba[1] - bb[3] > lim + 0.01
            or bb[1] - ba[3] > lim + 0.01):
        g.engaged_models[key] = out
        return out
    fa, fb = feet(state, a), feet(state, b)
    front = set()
    for i, f in enumerate(fa):
        for h in fb:
            if edge_distance(f, h) <= lim:
                front.add(i)
                break
    if front:
        out = sorted(front | {i for i, f in enumerate(fa) if i not in front and
                              any(edge_distance(f, fa[j]) <= CONTACT for j in front)})
    g.engaged_models[key] = out
    return out


def in_combat_with(state: DBState, u: Unit) -> set[int]:
    """Enemy units this unit is engaged with, either way round."""
    g = geo(state)
    out = g.combat.get(u.uid)
    if out is None:
        out = set()
        if u.alive and u.models:
            for v in state.units.values():
                if v.owner != u.owner and v.alive and v.models and \
                        (engaged_models(state, u, v) or engaged_models(state, v, u)):
                    out.add(v.uid)
        g.combat[u.uid] = out
    return out


def engaged_pair(state: DBState, a: Unit, b: Unit) -> bool:
    return b.uid in in_combat_with(state, a)


def flankers(state: DBState, u: Unit) -> int:
    """Downgrades for defending: one per enemy unit beyond the first it is
    engaged with (§ Flanking)."""
    return max(0, len(in_combat_with(state, u)) - 1)


def flanked(state: DBState, u: Unit) -> bool:
    return len(in_combat_with(state, u)) > 1


# ---- sight ------------------------------------------------------------------------------

def blockers(state: DBState, a: Unit, b: Unit) -> list[Foot]:
    out = []
    for v in on_table(state):
        if v.uid not in (a.uid, b.uid) and has(state, v, "blocking"):
            out.extend(feet(state, v))
    return out


def line_of_sight(state: DBState, a: Unit, b: Unit) -> bool:
    """Any model of a sees any model of b (§ Line of Sight): blocking
    terrain and Blocking units stop the line."""
    g = geo(state)
    key = (a.uid, b.uid)
    v = g.los.get(key)
    if v is None:
        v = state.table.line_of_sight(feet(state, a), feet(state, b), blockers(state, a, b))
        g.los[key] = v
        g.los[(b.uid, a.uid)] = v
    return v


def models_within(state: DBState, a: Unit, b: Unit, rng: float) -> int:
    """How many of a's models are within rng inches of b."""
    fb = feet(state, b)
    n = 0
    for f in feet(state, a):
        if any(edge_distance(f, h) <= rng + 1e-9 for h in fb):
            n += 1
    return n


# ---- terrain -------------------------------------------------------------------------------

def touching_terrain(state: DBState, u: Unit) -> list:
    g = geo(state)
    t = g.touching.get(u.uid)
    if t is None:
        fs = feet(state, u)
        t = g.touching[u.uid] = [p for p in state.table.terrain if any(p.touches(f) for f in fs)]
    return t


def occupied_terrain(state: DBState, u: Unit) -> list:
    """Pieces all of the unit's models stand on or touch (§ Occupying Terrain)."""
    g = geo(state)
    t = g.occupied.get(u.uid)
    if t is None:
        fs = feet(state, u)
        t = g.occupied[u.uid] = [p for p in touching_terrain(state, u) if all(p.touches(f) for f in fs)]
    return t


def instant_of(cat, piece) -> str | None:
    v = piece.properties.get("instant")
    if isinstance(v, str) and v:
        return v
    tt = cat.terrain.get(piece.type)
    return tt.instant if tt else None


# ---- objectives ----------------------------------------------------------------------------

def objectives(state: DBState) -> list:
    return state.table.zones_of("objective")


def models_on(state: DBState, obj, player: int) -> int:
    """Models of a player within 3" of an objective (a rider counts too)."""
    n = 0
    px, py = obj.point if obj.point is not None else obj.centre
    for u in on_table(state):
        if u.owner != player:
            continue
        for f in feet(state, u):
            if point_distance(f, px, py) <= OBJECTIVE_RANGE + 1e-9:
                n += 1 + (1 if u.rider is not None else 0)
    return n


def controller(state: DBState, obj) -> int | None:
    """The player with the most models on it; None when contested or empty."""
    counts = [models_on(state, obj, p.index) for p in state.players]
    best = max(counts) if counts else 0
    if best == 0 or counts.count(best) > 1:
        return None
    return counts.index(best)


# ---- movement obstacles ----------------------------------------------------------------------

def obstacles(state: DBState, mover: Unit, through_units: bool, ignore_terrain: bool,
              exclude: tuple = ()) -> Obstacles:
    """What a model of `mover` must go around: other units' bases and the
    gaps within each (a unit may not move through another unit, § Movement),
    and impassable terrain."""
    g = geo(state)
    r = shape_of(state.catalog, mover.card).radius
    key = (mover.uid, through_units, ignore_terrain, exclude, round(r, 6))
    ob = g.obstacles.get(key)
    if ob is not None:
        return ob
    circles, capsules = [], []
    if not through_units:
        for v in on_table(state):
            if v.uid == mover.uid or v.uid in exclude:
                continue
            fs = feet(state, v)
            for f in fs:
                circles.append((f.x, f.y, f.r if f.corners is None else f.shape.radius))
            for i, f in enumerate(fs):
                for h in fs[i + 1:]:
                    if edge_distance(f, h) <= 1.0 + 1e-6:
                        rr = min(f.r if f.corners is None else f.shape.radius,
                                 h.r if h.corners is None else h.shape.radius)
                        capsules.append((f.x, f.y, h.x, h.y, rr))
    polys = [] if ignore_terrain else list(state.table.impassable)
    ob = Obstacles(r, state.table.width, state.table.height, circles, capsules, polys)
    g.obstacles[key] = ob
    return ob


def group_distance_point(state: DBState, u: Unit, x: float, y: float) -> float:
    """From a point to the nearest base edge of u's models."""
    return min((math.hypot(f.x - x, f.y - y) - f.r for f in feet(state, u)), default=math.inf)
