"""Moving units: advances (forward with one wheel, measured on the point
that travels farthest, at least 1", half an inch from enemies), reforming
around the command stand into the eight formations, fleeing (the leaders
double MR, the rest MR, off the table lost), stragglers rejoining,
rallying, and the placement moves of Fate and the Bird of Thunder.

battle_valor_fantasy.txt § Phase 10 Move Advancing Units;, § Phase 7
Reform Units;, § Formations Special Rules;, § Flee Counters placed this
turn;, § Flee Counters left from previous game turns;, § Rallying,
§ Difficult Terrain, § Movement Column;, § Snake;, § Skirmish;.
"""
from __future__ import annotations

import math

from engine.core.rules import Event
from engine.table.geometry import EPS, edge_distance_below, unit_vector
from engine.table.formations import BlockMove, Frame, block_move, leading, norm_angle
from engine.core.words import possessive
from games.battle_valor_fantasy import casualties, rerolls, space, stats, success
from games.battle_valor_fantasy.catalog import cat, formation_words
from games.battle_valor_fantasy.state import BVFState, Unit

R_ADVANCE = "battle_valor_fantasy.txt § Phase 10 Move Advancing Units;"
R_REFORM = "battle_valor_fantasy.txt § Phase 7 Reform Units;"
R_FORMATIONS = "battle_valor_fantasy.txt § Formations Special Rules;"
R_FLEE = "battle_valor_fantasy.txt § Flee Counters placed this turn;"
R_FLEE_OLD = "battle_valor_fantasy.txt § Flee Counters left from previous game turns;"
R_RALLY = "battle_valor_fantasy.txt § Rallying"
R_DIFFICULT = "battle_valor_fantasy.txt § Difficult Terrain"
R_CHARGES = "battle_valor_fantasy.txt § Complete unfinished charges;"
R_FATE = "battle_valor_fantasy.txt § Order Counter Types;"
R_SPELL = "battle_valor_fantasy.txt § Offensive Spells;"
R_SPLIT = "battle_valor_fantasy.txt § Remember These 5 very Important Rules"


# ---- advancing --------------------------------------------------------------------------------

def advance_allowance(state: BVFState, u: Unit) -> float:
    mr = stats.base_mr(u)
    f = stats.formation(u)
    if f is not None:
        mr += f.move_bonus
        if f.move_multiplier_open > 1 and not space.in_difficult(state, u):
            mr *= f.move_multiplier_open
    if space.in_difficult(state, u) and not stats.any_effect(u, "ignore_difficult") and not space.flying(u):
        mr = math.ceil(mr / 2)
    if u.effects.get("fog"):
        mr = mr / 2
    return mr


def advance_problem(state: BVFState, u: Unit, m: BlockMove) -> tuple[str, str] | None:
    if u.engaged:
        return f"{u.name} is in combat and cannot advance", R_ADVANCE
    if m.first < -1e-9 or m.then < -1e-9:
        return "An advance moves forward (a wheel may turn it)", R_ADVANCE
    if u.effects.get("no_forward_move") and (m.first > 0 or m.then > 0):
        return f"A crevasse opens in front of {u.name}: it may not move forwards", R_SPELL
    if u.formation == "shield_wall" and abs(m.angle) > 1e-9:
        return "A Shield Wall keeps its formation only moving straight forward", \
            "battle_valor_fantasy.txt § Shield Wall;"
    frame, length = block_move(space.block(state, u), m)
    allowed = advance_allowance(state, u)
    if length > allowed + 1e-6:
        return f"That move is {length:.1f}\", more than {possessive(u.name)} {allowed:g}\"", R_ADVANCE
    if length < 1.0 - 1e-6:
        return "An advance must move at least 1\"", R_ADVANCE
    why = space.fits(state, u, space.layout(u, frame), enemy_gap=space.ADVANCE_GAP)
    if why:
        return f"{u.name} would end {why} (an advance stops half an inch from enemies)", R_ADVANCE
    enter = _entering_difficult(state, u, m, allowed)
    if enter:
        return enter, R_DIFFICULT
    return None


CROSS_STEP = 0.75      # inches the farthest point travels between the tried places (under a base's depth)


def _crossed(state: BVFState, u: Unit, m: BlockMove, length: float, end: list) -> float | None:
    """A move that ends clear of difficult terrain may have crossed some on
    the way (a hedge, a wall, a built strip thinner than the block): the
    fraction of the move at which it first touches it, or None.  Tried every
    CROSS_STEP of the farthest point's path, shorter than any base is deep,
    so no piece half an inch or more across slips between two tries; only
    when a piece lies within the box the move sweeps."""
    sweep = space.hull(space.feet_box(space.feet(state, u)), space.feet_box(end))
    if abs(m.angle) > 1e-9:           # a wheel swings the far corner out: grow the box by its radius
        r = max(sweep[2] - sweep[0], sweep[3] - sweep[1]) / 2
        sweep = (sweep[0] - r, sweep[1] - r, sweep[2] + r, sweep[3] + r)
    if not space.difficult_near(state, sweep):
        return None
    steps = max(1, math.ceil(length / CROSS_STEP))
    b = space.block(state, u)
    for k in range(1, steps):
        f = k / steps
        fr, _ = block_move(b, BlockMove(m.first * f, m.angle * f, m.then * f))
        if space.touches_difficult(state, space.layout(u, fr)):
            return f
    return None


def _entering_difficult(state: BVFState, u: Unit, m: BlockMove, allowed: float) -> str | None:
    """Entering difficult terrain mid-move: the MR left when it is reached
    is halved (rounding up) for the rest of the move."""
    if space.in_difficult(state, u) or stats.any_effect(u, "ignore_difficult") or space.flying(u):
        return None
    b = space.block(state, u)
    frame, length = block_move(b, m)
    fs = space.layout(u, frame)
    hi = 1.0
    if not space.touches_difficult(state, fs):
        hi = _crossed(state, u, m, length, fs)
        if hi is None:
            return None
    lo = 0.0
    for _ in range(20):
        mid = (lo + hi) / 2
        sub = BlockMove(m.first * mid, m.angle * mid, m.then * mid)
        fr, _ = block_move(space.block(state, u), sub)
        if space.touches_difficult(state, space.layout(u, fr)):
            hi = mid
        else:
            lo = mid
    reached = length * lo
    budget = reached + math.ceil(max(0.0, allowed - reached)) / 2
    if length > budget + 1e-6:
        return (f"{u.name} enters difficult terrain after {reached:.1f}\": the rest of its move is halved "
                f"(at most {budget:.1f}\" in all)")
    return None


def advance(state: BVFState, u: Unit, m: BlockMove, ev: list[Event], why: str = "advances",
            rule: str = R_ADVANCE) -> None:
    frame, length = block_move(space.block(state, u), m)
    space.put(state, u, space.layout(u, frame))
    u.facing = frame.facing
    ev.append(Event("move", f"{u.name} {why} {length:.1f}\"" + (f", wheeling {abs(m.angle):.0f}° "
                                                                 f"{'right' if m.angle > 0 else 'left'}"
                                                                 if abs(m.angle) > 0.5 else ""), rule, 0,
                    data={"uid": u.uid}))


# ---- reforming ---------------------------------------------------------------------------------

def files_ok(formation: str, n: int, files: int) -> str | None:
    f = cat().formations[formation]
    if n <= 1:
        return None              # a lone stand is in any formation it may take (docs § Formations)
    if f.width == "one" and files != 1:
        return f"A {f.name} is one stand wide"
    if f.shape == "ranks":
        deep = math.ceil(n / max(1, min(files, n)))
        wide = min(files, n)
        if f.compare == "wider" and not wide > deep:
            return f"A {f.name} has more stands in width than in depth ({wide} wide, {deep} deep)"
        if f.compare == "deeper" and not deep > wide:
            return f"An {f.name} is more stands deep than wide ({wide} wide, {deep} deep)"
        if f.compare == "not_deeper" and deep > wide:
            return f"A {f.name} is at least as wide as it is deep"
    return None


def reform_problem(state: BVFState, u: Unit, formation: str, files: int, facing: float) -> tuple[str, str] | None:
    c = cat()
    if u.engaged:
        return "Units already engaged in combat cannot reform", R_REFORM
    if formation not in c.formations:
        return f"No formation {formation!r}", R_FORMATIONS
    f = c.formations[formation]
    n = len(u.stands)
    if u.kind != "unit":
        return f"{u.name} only turns to face", R_REFORM
    if n < f.min_stands:
        return f"{f.name} needs at least {f.min_stands} stands", R_FORMATIONS
    if f.unit_types and u.profile.unit_type not in f.unit_types:
        return f"{f.name} is only for {', '.join(f.unit_types)}", R_FORMATIONS
    if f.needs_shields and not u.profile.shields:
        return f"{f.name} needs shields", R_FORMATIONS
    why = files_ok(formation, n, files)
    if why:
        return why, R_FORMATIONS
    frame = Frame(space.frame_of(u).x, space.frame_of(u).y, facing % 360.0)
    why = space.fits(state, u, space.layout(u, frame, formation, files, _all(u)))
    if why:
        return f"{u.name} would stand {why}", R_REFORM
    return None


def _all(u: Unit):
    return space.ordered(u)


def reform(state: BVFState, u: Unit, formation: str, files: int, facing: float, ev: list[Event],
           rule: str = R_REFORM, why: str = "reforms") -> None:
    frame = Frame(space.frame_of(u).x, space.frame_of(u).y, facing % 360.0)
    sts = _all(u)
    space.put(state, u, space.layout(u, frame, formation, files, sts), sts)
    u.formation, u.files, u.facing = formation, files, facing % 360.0
    u.stragglers = ()
    u.split = False
    ev.append(Event("reform", f"{u.name} {why} into {formation_words(formation, files)}, facing {space.way(facing)}",
                    rule, 0, data={"uid": u.uid}))


def face_toward(state: BVFState, u: Unit, x: float, y: float) -> float:
    f = space.frame_of(u)
    return space.bearing(f.x, f.y, x, y)


# ---- fleeing ------------------------------------------------------------------------------------

def flee(state: BVFState, u: Unit, dice, ev: list[Event], rule: str = R_FLEE) -> None:
    """Roll a die per stand (+ experience): that many stands move double
    MR directly away from the closest enemy, the rest MR; off the table they
    are lost."""
    u.orders = [o for o in u.orders if o not in ("flee", "fire_and_flee")] + ["flee"]
    u.fleeing = True
    u.fled_this_turn = True
    for x in u.engaged:
        v = state.units[x]
        v.engaged = tuple(y for y in v.engaged if y != u.uid)
    u.engaged = ()
    n = len(u.stands)
    r = success.roll(dice, f"{u.name} flees", n, stats.experience_mods(u))
    ev.append(Event("roll", r.text(), rule, data=r.data()))
    r = rerolls.run_again(state, u, r, lambda: success.roll(dice, f"{u.name} flees (rerolled)", n,
                                                            stats.experience_mods(u)), ev)
    _run(state, u, r.total, ev, rule)


def _run(state: BVFState, u: Unit, fast: int, ev: list[Event], rule: str) -> None:
    e = space.nearest_enemy(state, u)
    fs = space.feet(state, u)
    mr = stats.base_mr(u)
    if e is None:
        ex, ey = state.table.width / 2, state.table.height / 2
    else:
        ex, ey = space.centre(state, e)
    from engine.table.formations import away_vector
    vx, vy = away_vector(fs, ex, ey, 1.0)
    lead = set(leading(fs, vx, vy, fast))
    order = sorted(range(len(u.stands)), key=lambda i: -(fs[i].x * vx + fs[i].y * vy))
    lost = slide(state, u, [(u.stands[i], vx, vy, 2 * mr if i in lead else mr) for i in order])
    slow = [s.sid for i, s in enumerate(u.stands) if i not in lead and s.sid not in lost]
    u.stands = [s for s in u.stands if s.sid not in lost]
    state.touch(moved=u)
    ev.append(Event("move", f"{u.name}: {len(lead)} stand{'s' if len(lead) != 1 else ''} run {2 * mr:g}\", "
                    f"{n_other(u, lead, lost)} fall behind at {mr:g}\""
                    + (f"; {len(lost)} off the table are lost" if lost else ""), rule))
    if not u.stands:
        casualties._destroy(state, u, ev, "has fled the field")
        u.off_table = True
        return
    if lead and slow and len(slow) < len(u.stands):
        u.stragglers = tuple(slow)
        u.straggle_from = "flee"
    else:
        u.stragglers = ()


STEP = 0.25


def slide(state: BVFState, u: Unit, plan: list) -> set:
    """Move stands one by one (in the order given) straight along (vx, vy)
    up to their distance, through nothing: a stand stops short where
    another unit's base (or one of its own already moved) would be in the
    way; one whose path leaves the table is lost (docs § Flight).  Returns
    the sids lost."""
    shape = space.shape_of(u)
    m = 1e-3 + 1e-6
    ways, starts = [], []
    for s, vx, vy, dist in plan:
        starts.append(space.Foot(shape, s.x, s.y, s.facing).bbox)
        ways.append(space.hull(starts[-1], space.Foot(shape, s.x + vx * dist, s.y + vy * dist, s.facing).bbox))
    # the other units' bases that can lie near some stand's way: those of units whose box meets the hull
    # of all the ways (a base near one way lies in its unit's box, near the hull)
    span = ways[0] if ways else (0.0, 0.0, 0.0, 0.0)
    for box in ways[1:]:
        span = space.hull(span, box)
    others = [f for v in space.on_table(state) if v.uid != u.uid and _box_near(space.unit_bbox(state, v), span, m)
              for f in space.feet(state, v)]
    placed: list = []
    lost = set()
    mine = {s.sid for s, *_ in plan}
    still = [f for f in space.feet(state, u) if f.tag not in mine]
    w, h = state.table.width + EPS, state.table.height + EPS
    for (s, vx, vy, dist), box, start in zip(plan, ways, starts):
        steps = max(1, int(math.ceil(dist / STEP)))
        best = (s.x, s.y)
        # only the bases near this stand's way can stop it (the same answers, fewer to look at)
        near = [g for g in others if not (g.bbox[0] > box[2] + m or box[0] > g.bbox[2] + m
                                          or g.bbox[1] > box[3] + m or box[1] > g.bbox[3] + m)]
        first = space.Foot(shape, s.x + vx * min(dist, STEP), s.y + vy * min(dist, STEP), s.facing, s.sid)
        end = space.Foot(shape, s.x + vx * dist, s.y + vy * dist, s.facing, s.sid)
        if not near and state.table.on_table(first) and state.table.on_table(end) and not any(
                not (g.bbox[0] > box[2] + m or box[0] > g.bbox[2] + m or g.bbox[1] > box[3] + m
                     or box[1] > g.bbox[3] + m) for g in placed + still):
            # nothing near the whole way and both ends on the table (a box moving straight stays on
            # it between them): every step below would pass, the last one at the full distance
            steps = 0
            best = (end.x, end.y)
        blockers = [g.bbox for g in near] + [g.bbox for g in placed] + [g.bbox for g in still] if steps else ()
        for k in range(1, steps + 1):
            d = min(dist, k * STEP)
            dx, dy = vx * d, vy * d
            if _surely_free(start, dx, dy, w, h, blockers):
                best = (s.x + dx, s.y + dy)       # the base's x and y there, as below
                continue
            f = space.Foot(shape, s.x + dx, s.y + dy, s.facing, s.sid)
            if not state.table.on_table(f):
                lost.add(s.sid)
                break
            if _overlaps(f, near) or _overlaps(f, placed) or _overlaps(f, still):
                break
            best = (f.x, f.y)
        if s.sid not in lost:
            s.x, s.y = best
            placed.append(space.Foot(shape, s.x, s.y, s.facing, s.sid))
    state.touch(moved=u)
    return lost


SURE = 1e-9          # inches: far more than the rounding between a moved base's box and its start box moved


def _surely_free(start: tuple, dx: float, dy: float, w: float, h: float, blockers) -> bool:
    """A base whose box was `start`, moved by (dx, dy), lies on the table
    (`w`, `h`: its size plus EPS) and clear of every box in `blockers` by
    more than `overlapping`'s margin, whatever the rounding: a step of
    `slide` that needs no base built to pass."""
    x0, y0, x1, y1 = start[0] + dx - SURE, start[1] + dy - SURE, start[2] + dx + SURE, start[3] + dy + SURE
    if x0 < -EPS or y0 < -EPS or x1 > w or y1 > h:
        return False
    m = 1e-3
    for b in blockers:
        if not (x0 > b[2] + m or b[0] > x1 + m or y0 > b[3] + m or b[1] > y1 + m):
            return False
    return True


def _overlaps(f, gs, margin: float = 1e-3) -> bool:
    """`overlapping([f], gs)`, the same answer; two rectangles of one shape
    and facing (a unit's own stands) that are apart by their sizes along
    either of their axes are passed over without the separating-axis
    arithmetic."""
    fb = f.bbox
    for g in gs:
        gb = g.bbox
        if fb[0] > gb[2] + margin or gb[0] > fb[2] + margin or fb[1] > gb[3] + margin or gb[1] > fb[3] + margin:
            continue
        if f.corners is not None and g.facing == f.facing and g.shape == f.shape:
            fx, fy = unit_vector(f.facing)
            dx, dy = g.x - f.x, g.y - f.y
            # the overlap along an axis is the size less the distance between centres along it; the
            # separating-axis depth is at most that: below the margin (SURE spares the rounding), no overlap
            if abs(dx * fx + dy * fy) > f.shape.depth - margin + SURE or \
                    abs(dy * fx - dx * fy) > f.shape.width - margin + SURE:
                continue
        if edge_distance_below(f, g, -margin):
            return True
    return False


def _box_near(a: tuple, b: tuple, m: float) -> bool:
    """The boxes lie within `m` of each other on both axes."""
    return not (a[0] > b[2] + m or b[0] > a[2] + m or a[1] > b[3] + m or b[1] > a[3] + m)


def n_other(u: Unit, lead, lost) -> int:
    return max(0, len(u.stands) + len(lost) - len(lead))


def rejoin(state: BVFState, u: Unit, ev: list[Event], rule: str) -> None:
    """Stragglers move into their places in the formation around the
    command stand; a straggler whose straight path crosses an enemy unit is
    destroyed."""
    if not u.stragglers:
        return
    main = [s for s in space.ordered(u) if s.sid not in u.stragglers]
    if not main:
        u.stragglers = ()
        state.touch(moved=u)          # its geometry's signature holds the stragglers (space.geo_id)
        return
    frame = space.frame_of(u) if u.command_stand() in main else Frame(main[0].x, main[0].y, u.facing)
    sts = main + [s for s in u.stands if s.sid in u.stragglers]
    target = space.layout(u, frame, stands=sts)
    ways = [(s, f) for s, f in zip(sts, target) if s.sid in u.stragglers]
    dead = []
    if ways:
        # only bases whose box meets a way's box can block it (_seg_blocked): those of enemies whose box
        # meets the box of all the ways
        span = (min(min(s.x, f.x) for s, f in ways), min(min(s.y, f.y) for s, f in ways),
                max(max(s.x, f.x) for s, f in ways), max(max(s.y, f.y) for s, f in ways))
        enemy_feet = [f for v in space.enemies(state, u) if _box_near(space.unit_bbox(state, v), span, 0.0)
                      for f in space.feet(state, v)]
        from engine.table.geometry import _seg_blocked
        for s, f in ways:
            if _seg_blocked(s.x, s.y, f.x, f.y, (), enemy_feet):
                dead.append(s.sid)
    keep = [s for s in sts if s.sid not in dead]
    fs = space.layout(u, frame, stands=keep)
    if space.fits(state, u, fs) is None:
        space.put(state, u, fs, keep)
        u.stands = keep
        ev.append(Event("move", f"{possessive(u.name)} stragglers catch up" + (f"; {len(dead)} cut off by the enemy are "
                                                                     "destroyed" if dead else ""), rule))
    else:
        ev.append(Event("ruling", f"{possessive(u.name)} stragglers cannot reach their places: the unit stays split", rule))
        u.split = True
    u.stragglers = ()
    u.charge_target = -1
    state.touch(moved=u)


def rally(state: BVFState, u: Unit, dice, ev: list[Event]) -> None:
    """A musician rallies automatically; otherwise a die per stand, all
    Successes (after experience) rally, each failure is a stand lost and
    the rest run double MR again."""
    # the nearest enemy (which a rallied unit turns to face) is asked only when it rallies: nothing it
    # depends on changes before (the dice, a General's reroll)
    if stats.has_musician(u):
        ev.append(Event("ruling", f"{u.name} rallies to its musician", R_RALLY))
        _rallied(state, u, space.nearest_enemy(state, u), ev)
        return
    n = len(u.stands)
    r = success.roll(dice, f"{u.name} rallies", n, stats.experience_mods(u))
    ev.append(Event("roll", r.text() + f" (needs all {n})", R_RALLY, data=r.data()))
    r = rerolls.run_again(state, u, r, lambda: success.roll(dice, f"{u.name} rallies (rerolled)", n,
                                                            stats.experience_mods(u)), ev)
    if r.total >= n:
        _rallied(state, u, space.nearest_enemy(state, u), ev)
        return
    casualties.take(state, u, r.failures, ev, stands=True, ignorable=False)
    if u.on_table:
        _run(state, u, len(u.stands), ev, R_RALLY)


def rallied_by_general(state: BVFState, u: Unit, ev: list[Event]) -> None:
    if u.stragglers:
        rejoin(state, u, ev, R_RALLY)
    _rallied(state, u, space.nearest_enemy(state, u), ev)


def _rallied(state: BVFState, u: Unit, e: Unit | None, ev: list[Event]) -> None:
    u.fleeing = False
    u.orders = [o for o in u.orders if o != "flee"]
    u.activated = True
    if e is not None:
        ex, ey = space.centre(state, e)
        facing = face_toward(state, u, ex, ey)
    else:
        facing = u.facing
    formation, files = u.formation, u.files
    if formation in ("square", "wedge") and len(u.stands) < cat().formations[formation].min_stands:
        formation, files = "line", max(1, math.ceil(len(u.stands) / 2))
    if files_ok(formation, len(u.stands), files):
        formation, files = "line", max(1, math.ceil(len(u.stands) / 2))
        if files_ok(formation, len(u.stands), files):
            formation, files = "column", 1
    frame = Frame(space.frame_of(u).x, space.frame_of(u).y, facing)
    fs = space.layout(u, frame, formation, files)
    if space.fits(state, u, fs) is None:
        reform(state, u, formation, files, facing, ev, R_RALLY, "rallies and turns")
    else:
        ev.append(Event("ruling", f"{u.name} rallies where it stands (no room to turn)", R_RALLY))
    u.split = False


# ---- placement moves (Fate, Bird of Thunder) ----------------------------------------------------

def place_move_problem(state: BVFState, u: Unit, dx: float, dy: float, limit: float, facing: float | None = None,
                       zone=None, allow_off: bool = False) -> str | None:
    if math.hypot(dx, dy) > limit + 1e-6:
        return f"At most {limit:g}\""
    f = space.frame_of(u)
    frame = Frame(f.x + dx, f.y + dy, u.facing if facing is None else facing)
    sts = space.ordered(u)
    fs = []
    for s in sts:
        ox, oy = s.x + dx, s.y + dy
        fs.append(space.Foot(space.shape_of(u), ox, oy, s.facing, s.sid))
    if facing is not None:
        fs = space.layout(u, frame)
    if zone is not None and not all(state.table.in_zone(x, zone) for x in fs):
        return "The unit must stay within the deployment zone"
    why = space.fits(state, u, fs)
    if why == "off the table" and allow_off:
        return None
    return why


def place_move(state: BVFState, u: Unit, dx: float, dy: float, ev: list[Event], rule: str, what: str,
               facing: float | None = None) -> None:
    if facing is not None:
        f = space.frame_of(u)
        frame = Frame(f.x + dx, f.y + dy, facing)
        space.put(state, u, space.layout(u, frame))
        u.facing = facing % 360.0
    else:
        for s in u.stands:
            s.x += dx
            s.y += dy
        state.touch(moved=u)
    off = [s for s, f in zip(u.stands, space.feet(state, u)) if not state.table.on_table(f)]
    ev.append(Event("move", f"{what}: {u.name} is moved {math.hypot(dx, dy):.1f}\"", rule, 0, data={"uid": u.uid}))
    if off:
        u.off_table = True
        casualties._destroy(state, u, ev, "is moved off the table: Fate has dictated it takes no part in this battle")


_ = norm_angle
