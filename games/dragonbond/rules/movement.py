"""Movement on the table: allowances, checking a proposed move, moving,
terrain entered, pile-in and consolidate, the charge's move, mounting and
dismounting.  dragonbond.txt § Movement, § Movement and Exhaustion,
§ Pile-In, § Run [1], § Charge [2], § Coordinated Move [0], § Disengage [1],
§ Status Effects (Slow, Immobilized), § Entering Terrain, § Mounting,
§ Dismounting.

A move names where every living model ends (`to`: [x, y] per model, in
model order).  Each model's path is the shortest one around other units
(their bases and the gaps within them) and impassable terrain; it may not
be longer than what the unit has left.  The unit ends in coherency, on
the table, overlapping nothing.
"""
from __future__ import annotations

import math
import weakref
from collections.abc import Sequence

from engine.core.rules import Event
from engine.table.geometry import (CONTACT, OVERLAP, PLACE_GAP, Foot, coherent, contact_point, contact_ring, edge_distance,
                                   ring_segment_dist)
from engine.table.paths import path_length
from games.dragonbond.rules import space, stats
from games.dragonbond.rules.state import DBState, Model, Unit

R_MOVE = "dragonbond.txt § Movement"
R_EXHAUST = "dragonbond.txt § Movement and Exhaustion"
R_COHERENCY = "dragonbond.txt § Unit Coherency"
R_PILE = "dragonbond.txt § Pile-In"
R_CONSOLIDATE = "dragonbond.txt § Performing an Attack"
R_STATUS = "dragonbond.txt § Resolving Status Effects"
R_ENTER = "dragonbond.txt § Entering Terrain"
R_INSTANT = "dragonbond.txt § Instant"
R_MOUNT = "dragonbond.txt § Mounting"
R_DISMOUNT = "dragonbond.txt § Dismounting"
R_HUGE = "dragonbond.txt § Keywords"
FOLLOW = 2.0            # pile-in and consolidate: 2 inches
PATH_SEARCHES = 1       # placements: paths searched round obstacles per model (straight runs are free)


# ---- allowances ------------------------------------------------------------------------------

def held(state: DBState, u: Unit, status: str) -> int:
    """The unit's Slow or Immobilized tokens that act on its movement now:
    not those it gained from terrain entered during this activation's
    movement, which wait for its next movement (§ Status Effects: "the
    unit must spend half of its speed before moving"; Immobilized "is
    resolved during the affected unit's movement"), so a move split in two
    goes as far as the same move made at once."""
    n = u.slow if status == "slow" else u.immobilized
    t = state.turn
    if n and t is not None and t.late:
        n -= sum(1 for uid, st in t.late if uid == u.uid and st == status)
    return max(0, n)


def total_allowance(state: DBState, u: Unit) -> float:
    """Inches the activation's movement is worth in full."""
    t = state.turn
    sp = stats.speed(state, u)
    if t is not None and t.mode == "run":
        return 2.0 * sp
    if t is not None and t.mode == "charge":
        return t.charge
    return float(sp)


def left(state: DBState, u: Unit) -> float:
    """Inches `u` may still move this activation."""
    t = state.turn
    if held(state, u, "immobilized"):
        return 0.0
    total = total_allowance(state, u)
    if t is None:
        return total
    if t.mode == "coordinated":
        if u.uid in t.moved_units:
            return 0.0
        used = 0.0
    else:
        used = t.used
    rest = total * (1.0 - used)
    if held(state, u, "slow") and not (t.slow_paid and u.uid == t.uid):
        rest -= stats.speed(state, u) / 2.0
    return max(0.0, rest)


def movement_open(state: DBState, u: Unit) -> str | None:
    """Why `u` may not move now, or None."""
    t = state.turn
    if t is None:
        return "No unit is activated."
    if t.mode == "coordinated":
        if u.uid not in (t.uid, t.second):
            return "Only the two units of the coordinated move may move."
        if u.uid in t.moved_units:
            return f"{stats.name(state, u)} has already made its coordinated move."
        return None
    if u.uid != t.uid:
        return f"{stats.name(state, state.units[t.uid])} is the activated unit."
    if t.mode in ("rest", "charge"):
        return "This special action does not move the unit that way."
    if t.acted and t.moved_first:
        return "A unit may not move, then take an action, and then move again."
    if t.used >= 1.0 - 1e-9:
        return f"{stats.name(state, u)} has spent all of its movement."
    return None


# ---- checking a move ---------------------------------------------------------------------------

def parse_to(u: Unit, to) -> list[tuple[float, float]]:
    if not isinstance(to, (list, tuple)) or len(to) != len(u.models):
        raise ValueError(f"give an end position for each of the {len(u.models)} models ([x, y] in inches, "
                         "in model order)")
    out = []
    for p in to:
        if not isinstance(p, (list, tuple)) or len(p) != 2:
            raise ValueError("each position is [x, y] in inches")
        out.append((float(p[0]), float(p[1])))
    return out


def placement_problem(state: DBState, u: Unit, pts, ignore: tuple = (), rule: str = R_MOVE) -> tuple | None:
    """End positions: on the table, overlapping nothing, in coherency."""
    sh = space.shape_of(state.catalog, u.card)
    new = [Foot(sh, x, y) for x, y in pts]
    for f in new:
        if not state.table.on_table(f):
            return (f"A model at ({f.x:.1f}, {f.y:.1f}) would stand off the table.", rule)
        if state.table.impassable and state.table.blocked_by_impassable(f):
            return ("A model would stand on impassable terrain.", rule)
    for i, f in enumerate(new):
        for g in new[i + 1:]:
            if edge_distance(f, g) < -OVERLAP:
                return ("Two models of the unit would stand on top of each other.", rule)
    for v in space.on_table(state):
        if v.uid == u.uid or v.uid in ignore:
            continue
        vb = space.box(state, v)
        for f in new:
            if f.bbox[2] < vb[0] or f.bbox[0] > vb[2] or f.bbox[3] < vb[1] or f.bbox[1] > vb[3]:
                continue
            for g in space.feet(state, v):
                if edge_distance(f, g) < -OVERLAP:
                    return (f"A model would stand on {stats.name(state, v)}.", rule)
    if not coherent(new):
        return ("The unit must end its movement in coherency: each model within 1\" of another, in one "
                "unbroken chain.", R_COHERENCY)
    return None


def model_paths(state: DBState, u: Unit, pts, limit: float, straight_only: bool = False) -> list | tuple:
    """Each model's shortest path (its points, from where it stands to
    pts), or (reason, rule) if one is longer than `limit` or blocked."""
    through = stats.has(state, u, "agile") or stats.has(state, u, "flying")
    ob = space.obstacles(state, u, through, stats.has(state, u, "flying"))
    out = []
    for m, (x, y) in zip(u.models, pts):
        d = math.hypot(x - m.x, y - m.y)
        if d <= 1e-9:
            out.append([(m.x, m.y)])
            continue
        if d > limit + 1e-6:
            return (f"A model would move {d:.2f}\" but the unit has {limit:.2f}\" left.", R_MOVE)
        if ob.clear(m.x, m.y, x, y):
            out.append([(m.x, m.y), (x, y)])
            continue
        if straight_only:
            return ("Something stands in the way.", R_MOVE)
        res = ob.shortest(m.x, m.y, x, y, limit + 1e-6)
        if res is None:
            return (f"No path of {limit:.2f}\" or less leads around the other units"
                    f"{'' if through else ' (a unit may not move through another unit)'}.", R_MOVE)
        out.append(list(res[1]))
    return out


def path_lengths(state: DBState, u: Unit, pts, limit: float, straight_only: bool = False) -> list | tuple:
    """Each model's shortest path length, or (reason, rule) if one is too long."""
    paths = model_paths(state, u, pts, limit, straight_only)
    return paths if isinstance(paths, tuple) else [path_length(p) for p in paths]


def longest(paths) -> float:
    """The distance a move reports: its longest path."""
    return max((path_length(p) for p in paths), default=0.0)


def check_move(state: DBState, u: Unit, to, limit: float, straight_only: bool = False) -> tuple | None:
    try:
        pts = parse_to(u, to)
    except ValueError as e:
        return (str(e), R_MOVE)
    bad = placement_problem(state, u, pts)
    if bad:
        return bad
    lens = path_lengths(state, u, pts, limit, straight_only)
    if isinstance(lens, tuple):
        return lens
    return None


def would_leave(state: DBState, u: Unit, pts) -> list[int]:
    """Enemy units u is engaged with now and would not be after moving to pts."""
    now = space.in_combat_with(state, u)
    if not now:
        return []
    sh = space.shape_of(state.catalog, u.card)
    new = [Foot(sh, x, y) for x, y in pts]
    reach_u = space.REACH if stats.has(state, u, "reach") else 0.0
    out = []
    for e in sorted(now):
        ev = state.units[e]
        reach_e = space.REACH if stats.has(state, ev, "reach") else 0.0
        lim = CONTACT + max(reach_u, reach_e)
        if not any(edge_distance(f, g) <= lim for f in new for g in space.feet(state, ev)):
            out.append(e)
    return out


# ---- moving ------------------------------------------------------------------------------------

def move_models(state: DBState, u: Unit, pts, events: list, why: str, rule: str = R_MOVE,
                moving: bool = True, paths: list | None = None) -> float:
    """Put the unit's models at pts; returns the longest distance moved.
    `paths` are the models' paths (model_paths; their shortest ones when
    not given): the event carries them, and Instant terrain effects apply
    for each piece they enter (§ Entering Terrain, § Instant)."""
    if paths is None:
        found = model_paths(state, u, pts, math.inf) if moving else None
        paths = found if isinstance(found, list) else [[(m.x, m.y), tuple(p)] for m, p in zip(u.models, pts)]
    entered = terrain_entered(state, u, paths) if moving else []
    starts = [(m.x, m.y) for m in u.models]
    for m, (x, y) in zip(u.models, pts):
        m.x, m.y = float(x), float(y)
    state.touch()
    far = longest(paths)
    events.append(Event("move", f"{stats.name(state, u)} {why}", rule,
                        data={"uid": u.uid, "from": [list(p) for p in starts], "to": [list(p) for p in pts],
                              "distance": round(far, 3),
                              "paths": [[[round(x, 3), round(y, 3)] for x, y in p] for p in paths]}))
    for piece in entered:
        instant(state, u, piece, events, "enters")
    return far


_INSTANT: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()     # table -> its pieces with an Instant effect


def terrain_entered(state: DBState, u: Unit, paths) -> list:
    """Pieces with an Instant effect that the unit's models touch on their
    paths (anywhere along them, not only where they stop) and that the
    unit did not touch before moving (§ Entering Terrain: "a unit is
    considered to have entered a given terrain if the bases of any of its
    models are touching the terrain in question"), in the order met."""
    pieces = _INSTANT.get(state.table)
    if pieces is None:
        pieces = _INSTANT[state.table] = [p for p in state.table.terrain if p.ring and space.instant_of(state.catalog, p)]
    if not pieces or not paths:
        return []
    r = space.shape_of(state.catalog, u.card).radius + CONTACT
    xs = [x for path in paths for x, _ in path]
    ys = [y for path in paths for _, y in path]
    x0, y0, x1, y1 = min(xs) - r, min(ys) - r, max(xs) + r, max(ys) + r
    pieces = [p for p in pieces if p.bbox[0] <= x1 and p.bbox[2] >= x0 and p.bbox[1] <= y1 and p.bbox[3] >= y0]
    if not pieces:
        return []
    before = {id(p) for p in space.touching_terrain(state, u)}
    met = []
    for p in pieces:
        if id(p) in before:
            continue
        pb = p.bbox
        first = None
        for path in paths:
            run = 0.0
            for a, b in zip(path, path[1:] or path):
                if (min(a[0], b[0]) - r <= pb[2] and max(a[0], b[0]) + r >= pb[0] and
                        min(a[1], b[1]) - r <= pb[3] and max(a[1], b[1]) + r >= pb[1] and
                        ring_segment_dist(p.ring, a[0], a[1], b[0], b[1]) <= r):
                    first = run if first is None else min(first, run)
                    break
                run += math.hypot(b[0] - a[0], b[1] - a[1])
        if first is not None:
            met.append((first, p.id, p))
    return [p for _, _, p in sorted(met, key=lambda m: (m[0], m[1]))]


def instant_effect(state: DBState, u: Unit, piece, how: str) -> tuple[str | None, str]:
    """The status token an Instant piece gives the unit (§ Instant), or
    None with the reason in words (Flying flies over it, Huge ignores all
    but Damage, § Keywords); `how` is "enters" or "starts its turn touching"."""
    st = space.instant_of(state.catalog, piece)
    if not st:
        return None, ""
    if stats.has(state, u, "flying") and how == "enters":
        return None, f"{stats.name(state, u)} flies over {piece.name or piece.type}"
    if stats.has(state, u, "huge") and st != "damage":
        return None, f"Huge: {stats.name(state, u)} ignores {piece.name or piece.type}"
    return st, ""


def instant(state: DBState, u: Unit, piece, events: list, how: str) -> None:
    """An Instant terrain effect: a status token (§ Instant)."""
    st, why = instant_effect(state, u, piece, how)
    if st is None:
        if why:
            events.append(Event("ruling", why, R_HUGE))
        return
    add_status(state, u, st, 1, -1, events, f"{how} {piece.name or piece.type}", R_INSTANT, late=how == "enters")


def add_status(state: DBState, u: Unit, st: str, n: int, by: int, events: list, why: str, rule: str,
               late: bool = False) -> None:
    """Give the unit n tokens.  `late`: gained from terrain it entered while
    moving; a Slow or Immobilized token gained so waits for the unit's next
    movement (§ Status Effects: Slow is paid "before moving"; see held)."""
    if not u.alive or n <= 0:
        return
    t = state.turn
    if late and st in ("slow", "immobilized") and t is not None and u.uid in (t.uid, t.second):
        t.late = t.late + ((u.uid, st),) * n
    if st == "damage":
        u.damage.extend([by] * n)
    elif st == "slow":
        u.slow += n
    else:
        u.immobilized += n
    events.append(Event("status", f"{stats.name(state, u)} gains {n} {st.capitalize()} token"
                        f"{'s' if n > 1 else ''} ({why})", rule, data={"uid": u.uid, "status": st}))


def spend(state: DBState, u: Unit, inches: float, events: list) -> None:
    """Book movement against the activation; pay a Slow token's half speed."""
    t = state.turn
    assert t is not None        # movement is spent only by the activated unit
    if t.mode == "coordinated":
        t.moved_units = t.moved_units + (u.uid,)
        if held(state, u, "slow"):
            u.slow -= 1
            events.append(Event("status", f"{stats.name(state, u)} spends half its speed to shake off a Slow "
                                "token", R_STATUS))
        return
    total = total_allowance(state, u) or 1.0
    if held(state, u, "slow") and not t.slow_paid:
        t.slow_paid = True
        t.used += (stats.speed(state, u) / 2.0) / total
        u.slow -= 1
        events.append(Event("status", f"{stats.name(state, u)} spends half its speed to shake off a Slow token",
                            R_STATUS))
    t.used = min(1.0, t.used + inches / total)
    t.moved = True


# ---- pile-in, consolidate ---------------------------------------------------------------------

_SNUG = -OVERLAP / 4     # planners leave room for rounding to 1/1000 inch


def spot_free(state: DBState, u: Unit, f: Foot, placed: list[Foot], ignore_uid=()) -> bool:
    """A base of `u` may stand here: on the table, off impassable terrain,
    overlapping neither `placed` nor another unit's bases (a hair of
    overlap is left for rounding to 1/1000")."""
    if not state.table.on_table(f):
        return False
    if state.table.impassable and state.table.blocked_by_impassable(f):
        return False
    for g in placed:
        if edge_distance(f, g) < _SNUG:
            return False
    for v in space.on_table(state):
        if v.uid == u.uid or v.uid in ignore_uid:
            continue
        vb = space.box(state, v)
        if f.bbox[2] < vb[0] or f.bbox[0] > vb[2] or f.bbox[3] < vb[1] or f.bbox[1] > vb[3]:
            continue
        for g in space.feet(state, v):
            if edge_distance(f, g) < _SNUG:
                return False
    return True


def _path_len(ob, m: Model, x: float, y: float, limit: float) -> float | None:
    """The model's shortest path to (x, y), or None if longer than `limit`."""
    d = math.hypot(x - m.x, y - m.y)
    if d > limit + 1e-6:
        return None
    if ob.clear(m.x, m.y, x, y):
        return d
    res = ob.shortest(m.x, m.y, x, y, limit + 1e-6)
    return res[0] if res is not None else None


def _best_contact(state: DBState, u: Unit, m: Model, anchors: list[Foot], budget: float, placed: list[Foot],
                  ob, rivals: Sequence[tuple] = (), gap: float = PLACE_GAP,
                  unit: Sequence[Foot] = ()) -> tuple[float, float] | None:
    """A spot within `budget` (by path) where the model's base touches one
    of `anchors` (`gap` apart: within the contact tolerance, or within
    Reach) and overlaps nothing: solved round each anchor, not stepped
    towards it.  Of those: one that keeps the unit's other models (`unit`,
    where they stand or are placed) in coherency, then the one fewest
    `rivals` (x, y, budget: models still to place) could also reach, then
    the nearest, so the models behind keep the spots only they reach."""
    sh = space.shape_of(state.catalog, u.card)
    r = sh.radius
    cands = []
    for g in anchors:
        gr = g.r if g.corners is None else g.shape.radius
        if math.hypot(g.x - m.x, g.y - m.y) - gr - r - gap > budget + 1e-6:
            continue
        for (x, y) in contact_ring(sh, g, 36, gap, (m.x, m.y)):
            d = math.hypot(x - m.x, y - m.y)
            if d <= budget + 1e-6:
                crowd = sum(1 for rx, ry, rb in rivals if math.hypot(x - rx, y - ry) <= rb)
                cands.append((crowd, d, x, y))
    cands.sort()
    ranked = []
    for crowd, d, x, y in cands:
        f = Foot(sh, x, y)
        if spot_free(state, u, f, placed):
            ranked.append((1 if unit and not coherent(list(unit) + [f]) else 0, crowd, d, x, y))
    ranked.sort()
    best = None
    searches = 0
    L: float | None
    for loose, crowd, d, x, y in ranked:
        if best is not None and (loose, crowd, d) >= best[:3]:
            break                                   # a path is never shorter than the straight line
        if ob.clear(m.x, m.y, x, y):
            L = d
        elif searches < PATH_SEARCHES:
            searches += 1
            res = ob.shortest(m.x, m.y, x, y, budget + 1e-6)
            L = res[0] if res is not None else None
        else:
            continue
        if L is not None and L <= budget + 1e-6 and (best is None or (loose, crowd, L) < best[:3]):
            best = (loose, crowd, L, x, y)
    return (best[3], best[4]) if best else None


def _touching(f: Foot, feet: list[Foot], reach: float = 0.0) -> bool:
    return any(edge_distance(f, g) <= CONTACT + reach for g in feet)


def _engage_spot(state: DBState, u: Unit, m: Model, target: Unit, budget: float, placed: list[Foot],
                 front: list[Foot], ob, rivals: Sequence[tuple] = (), unit: Sequence[Foot] = ()) -> tuple[float, float] | None:
    """Where the model becomes engaged with the target within `budget`:
    in base contact with it (within 1" with Reach, § Keywords), else in
    base contact with a model of its own unit that is (§ Engaged); None if
    it cannot.  Spots that keep the unit coherent come first."""
    reach = space.REACH if stats.has(state, u, "reach") else 0.0
    a = _best_contact(state, u, m, space.feet(state, target), budget, placed, ob, rivals, reach + PLACE_GAP, unit)
    b = _best_contact(state, u, m, front, budget, placed, ob, rivals, PLACE_GAP, unit) if front else None
    if a is None or b is None or not unit:
        return a or b
    sh = space.shape_of(state.catalog, u.card)
    if not coherent(list(unit) + [Foot(sh, *a)]) and coherent(list(unit) + [Foot(sh, *b)]):
        return b
    return a


def plan_follow_up(state: DBState, u: Unit, target: Unit, budget: float = FOLLOW, what: str = "pile_in"):
    """Our pile-in / consolidate proposal, or None when no model can become
    engaged: each model that may move (pile-in: not engaged with the target,
    § Pile-In; consolidate: engaged with no enemy unit at all, § 6.
    Consolidate, so no model leaves another enemy for free) moves up to 2"
    into base contact with the target, or with a model of its unit that is
    in base contact with it; the others stay."""
    movers = follow_up_movers(state, u, target, what)
    if not movers:
        return None
    sh = space.shape_of(state.catalog, u.card)
    through = stats.has(state, u, "agile") or stats.has(state, u, "flying")
    ob = space.obstacles(state, u, through, stats.has(state, u, "flying"))
    tf = space.feet(state, target)
    reach = space.REACH if stats.has(state, u, "reach") else 0.0
    pts = [(m.x, m.y) for m in u.models]
    fixed = [i for i in range(len(u.models)) if i not in movers]
    placed = [Foot(sh, *pts[i]) for i in fixed]
    front = [f for f in placed if _touching(f, tf, reach)]
    order = sorted(movers, key=lambda i: space.group_distance_point(state, target, u.models[i].x, u.models[i].y))
    waiting = {i: Foot(sh, u.models[i].x, u.models[i].y) for i in order}
    moved = []
    for i in order:
        m = u.models[i]
        del waiting[i]
        rivals = [(u.models[j].x, u.models[j].y, budget) for j in waiting]
        spot = _engage_spot(state, u, m, target, budget, placed + list(waiting.values()), front, ob, rivals,
                            placed + list(waiting.values()))
        if spot is None:
            placed.append(Foot(sh, m.x, m.y))
            continue
        pts[i] = spot
        f = Foot(sh, *spot)
        placed.append(f)
        if _touching(f, tf, reach):
            front.append(f)
        moved.append(i)
    while moved and not coherent([Foot(sh, x, y) for x, y in pts]):
        i = moved.pop()
        pts[i] = (u.models[i].x, u.models[i].y)
    if not moved or not coherent([Foot(sh, x, y) for x, y in pts]):
        return None
    final = [(round(x, 3), round(y, 3)) for x, y in pts]
    if any(_overlap_pair(sh, final)):
        return None
    return final


def follow_up_movers(state: DBState, u: Unit, target: Unit, what: str) -> list[int]:
    """Indexes of the models that may move in a pile-in (not engaged with
    its target) or a consolidation (engaged with no enemy unit)."""
    if what == "consolidate":
        held = set()
        for e in space.in_combat_with(state, u):
            held |= set(space.engaged_models(state, u, state.units[e]))
    else:
        held = set(space.engaged_models(state, u, target))
    if not held and what == "pile_in":
        return []
    return [i for i in range(len(u.models)) if i not in held]


def _overlap_pair(sh, pts):
    fs = [Foot(sh, x, y) for x, y in pts]
    for i, f in enumerate(fs):
        for g in fs[i + 1:]:
            yield edge_distance(f, g) < _SNUG


def check_follow_up(state: DBState, u: Unit, target: Unit, to, what: str) -> tuple | None:
    rule = R_PILE if what == "pile_in" else R_CONSOLIDATE
    try:
        pts = parse_to(u, to)
    except ValueError as e:
        return (str(e), rule)
    movers = set(follow_up_movers(state, u, target, what))
    for i, (m, (x, y)) in enumerate(zip(u.models, pts)):
        if i not in movers and (abs(m.x - x) > 1e-6 or abs(m.y - y) > 1e-6):
            if what == "consolidate":
                return ("Only models engaged with no enemy unit consolidate; the others stay where they are.",
                        rule)
            return ("Models already engaged with the target stay where they are.", rule)
    bad = placement_problem(state, u, pts, rule=rule)
    if bad:
        return bad
    lens = path_lengths(state, u, pts, FOLLOW)
    if isinstance(lens, tuple):
        return (lens[0].replace("the unit has", f"{'pile-in' if what == 'pile_in' else 'consolidation'} allows"),
                rule)
    return None


# ---- mounting and dismounting ------------------------------------------------------------------

def mount_problem(state: DBState, g: Unit) -> tuple | None:
    t = state.turn
    if t is None or t.uid != g.uid:
        return ("Mounting may only happen during the general's turn.", R_MOUNT)
    if g.bonded is None or stats.card(g).kind != "general":
        return ("Generals mount only the dragon they are bonded with.", "dragonbond.txt § Dragonriding")
    d = state.units[g.bonded]
    if not (d.alive and d.models) or d.rider is not None:
        return ("The bonded dragon is not on the battlefield.", R_MOUNT)
    if not any(edge_distance(f, h) <= CONTACT for f in space.feet(state, g) for h in space.feet(state, d)):
        return (f"{stats.name(state, g)} must be in base-to-base contact with {stats.name(state, d)} to mount.",
                R_MOUNT)
    why = movement_open(state, g)
    if why:
        return (why, R_MOUNT)
    if held(state, g, "immobilized"):
        return (f"{stats.name(state, g)} is immobilized.", R_STATUS)
    if t.used > 0.5 + 1e-9 or (held(state, g, "slow") and not t.slow_paid):
        return ("Mounting costs half of the general's speed, and not enough is left.", R_MOUNT)
    return None


def mount(state: DBState, g: Unit, events: list) -> None:
    assert g.bonded is not None     # mount_problem refused a general with no bonded dragon
    d = state.units[g.bonded]
    t = state.turn
    assert t is not None            # and one that is not the activated unit
    g.models = []
    g.riding = d.uid
    d.rider = g.uid
    t.used = min(1.0, t.used + 0.5)
    t.moved = True
    t.uid = d.uid
    state.touch()
    events.append(Event("mount", f"{stats.card(g).name} mounts {stats.card(d).name}: one unit now; archetypes "
                        "turned to their mounted side", R_MOUNT, data={"general": g.uid, "dragon": d.uid}))


def dismount_problem(state: DBState, d: Unit, to) -> tuple | None:
    t = state.turn
    if d.rider is None:
        return ("No general rides this dragon.", R_DISMOUNT)
    if t is None or t.uid != d.uid:
        return ("Dismounting happens on the dragonrider's turn.", R_DISMOUNT)
    why = movement_open(state, d)
    if why:
        return (why, R_DISMOUNT)
    if held(state, d, "immobilized"):
        return (f"{stats.name(state, d)} is immobilized.", R_STATUS)
    if t.used > 0.5 + 1e-9 or (held(state, d, "slow") and not t.slow_paid):
        return ("Dismounting costs half of the general's speed, and not enough is left.", R_DISMOUNT)
    try:
        x, y = float(to[0]), float(to[1])
    except (TypeError, ValueError, IndexError):
        return ("Place the general with `to: [x, y]` in inches.", R_DISMOUNT)
    g = state.units[d.rider]
    f = Foot(space.shape_of(state.catalog, g.card), x, y)
    if not any(edge_distance(f, h) <= CONTACT for h in space.feet(state, d)):
        return ("Place the general in base-to-base contact with the dragon.", R_DISMOUNT)
    if not spot_free(state, g, f, []):
        return ("The general would stand on another model or off the table.", R_DISMOUNT)
    return None


def dismount(state: DBState, d: Unit, to, events: list) -> None:
    assert d.rider is not None      # dismount_problem refused a dragon with no rider
    g = state.units[d.rider]
    t = state.turn
    assert t is not None            # and one that is not the activated unit
    g.models = [Model(0, float(to[0]), float(to[1]), False)]
    g.riding = None
    d.rider = None
    t.used = min(1.0, t.used + 0.5)
    t.moved = True
    t.uid = g.uid
    state.touch()
    events.append(Event("mount", f"{stats.card(g).name} dismounts from {stats.card(d).name} and is the activated "
                        "unit", R_DISMOUNT, data={"general": g.uid, "dragon": d.uid}))


def dismount_spots(state: DBState, d: Unit) -> list[tuple[float, float]]:
    assert d.rider is not None      # asked only of a ridden dragon
    g = state.units[d.rider]
    sh = space.shape_of(state.catalog, g.card)
    df = space.feet(state, d)[0]
    out = []
    for k in range(8):
        a = 2 * math.pi * k / 8
        x, y = contact_point(sh, df.x + math.cos(a) * 50, df.y + math.sin(a) * 50, df, gap=0.001)
        if spot_free(state, g, Foot(sh, x, y), []):
            out.append((round(x, 3), round(y, 3)))
    return out
