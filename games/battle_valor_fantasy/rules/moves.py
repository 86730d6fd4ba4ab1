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
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.core.rules import Event
from engine.table.geometry import Foot
from engine.table.formations import BlockMove, Frame, block_move, leading, norm_angle, overlapping
from engine.table.ways import Way, block_way
from engine.core.words import possessive
from games.battle_valor_fantasy.rules import casualties, rerolls, space, stats, success, travel
from games.battle_valor_fantasy.rules.catalog import formation_words
from games.battle_valor_fantasy.rules.state import BVFState, Unit

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
    f = stats.formation(state, u)
    slowed = space.in_difficult(state, u) and not travel.slowless(u)
    if f is not None:
        mr += f.move_bonus
        if f.move_multiplier_open > 1 and not slowed:
            mr *= f.move_multiplier_open
    if slowed:
        mr = math.ceil(mr / 2)
    if u.effects.get("fog"):
        mr = mr / 2
    return mr


def advance_way(state: BVFState, u: Unit, m: BlockMove) -> Way:
    return block_way(space.block(state, u), m)


def advance_trip(state: BVFState, u: Unit, m: BlockMove) -> travel.Trip:
    """The advance along its way: terrain entered, what stops it (remembered for this position)."""
    key = ("advance_trip", u.uid, m)
    v = state.cache.get(key)
    if v is None:
        v = state.cache[key] = travel.along_way(state, u, advance_way(state, u, m), advance_allowance(state, u))
    return v


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
    trip = advance_trip(state, u, m)
    if not trip.clear:
        return travel.blocked_words(state, u, trip)
    if not trip.within:
        return travel.slowed_words(u, trip), R_DIFFICULT
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

def files_ok(cat, formation: str, n: int, files: int) -> str | None:
    f = cat.formations[formation]
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
    c = state.catalog
    if u.engaged:
        return "Units already engaged in combat cannot reform", R_REFORM
    if formation not in c.formations:
        return f"No formation {formation!r}", R_FORMATIONS
    f = c.formations[formation]
    n = len(u.stands)
    if u.kind != "unit":
        return f"{u.name} only turns to face", R_REFORM
    assert u.profile is not None, "a unit (kind 'unit') has its army list's profile"
    if n < f.min_stands:
        return f"{f.name} needs at least {f.min_stands} stands", R_FORMATIONS
    if f.unit_types and u.profile.unit_type not in f.unit_types:
        return f"{f.name} is only for {', '.join(f.unit_types)}", R_FORMATIONS
    if f.needs_shields and not u.profile.shields:
        return f"{f.name} needs shields", R_FORMATIONS
    why = files_ok(state.catalog, formation, n, files)
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
    ev.append(Event("reform", f"{u.name} {why} into {formation_words(state.catalog, formation, files)}, facing {space.way(facing)}",
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
    r = success.roll(dice, f"{u.name} flees", n, stats.experience_mods(state, u))
    ev.append(Event("roll", r.text(), rule, data=r.data()))
    r = rerolls.run_again(state, u, r, lambda: success.roll(dice, f"{u.name} flees (rerolled)", n,
                                                            stats.experience_mods(state, u)), ev)
    _run(state, u, r.total, ev, rule)


def _run(state: BVFState, u: Unit, fast: int, ev: list[Event], rule: str) -> None:
    """`fast` stands (those leading away) run double the MR, the rest the
    MR, directly away from the closest enemy, turned about; docs § Flight."""
    e = space.nearest_enemy(state, u)
    fs = space.feet(state, u)
    mr = stats.base_mr(u)
    if space.in_difficult(state, u) and not travel.slowless(u):
        mr = math.ceil(mr / 2)           # § Difficult Terrain: it starts its move in it
    if e is None:
        ex, ey = state.table.width / 2, state.table.height / 2
    else:
        ex, ey = space.centre(state, e)
    from engine.table.formations import away_vector
    vx, vy = away_vector(fs, ex, ey, 1.0)
    away = math.degrees(math.atan2(vy, vx)) % 360.0
    if space.angle_between(u.facing, away) > 90.0:
        # fleeing stands turn about (a half turn: each base keeps its footprint), then run
        u.facing = (u.facing + 180.0) % 360.0
        for st in u.stands:
            st.facing = (st.facing + 180.0) % 360.0
        state.touch(moved=u)
        fs = space.feet(state, u)
    lead = set(leading(fs, vx, vy, fast))
    order = sorted(range(len(u.stands)), key=lambda i: -(fs[i].x * vx + fs[i].y * vy))
    runs = run_stands(state, u, [(u.stands[i], vx, vy, 2 * mr if i in lead else mr) for i in order])
    lost = {r.sid for r in runs if r.lost}
    slow = [st.sid for i, st in enumerate(u.stands) if i not in lead and st.sid not in lost]
    u.stands = [st for st in u.stands if st.sid not in lost]
    state.touch(moved=u)
    who = f" from {space.told_apart(state, u.owner, e)}" if e is not None else ""
    behind = n_other(u, lead, lost)
    ev.append(Event("move", f"{u.name} turns about and flees{who}: {len(lead)} stand{'s run' if len(lead) != 1 else ' runs'} "
                    f"{2 * mr:g}\", {behind} fall{'s' if behind == 1 else ''} behind at {mr:g}\"" + run_notes(runs),
                    rule, data={"uid": u.uid}))
    if not u.stands:
        casualties._destroy(state, u, ev, "has fled the field")
        u.off_table = True
        return
    if lead and slow and len(slow) < len(u.stands):
        u.stragglers = tuple(slow)
        u.straggle_from = "flee"
    else:
        u.stragglers = ()


@dataclass(frozen=True, slots=True)
class Run:
    """How far one fleeing stand got, and why not farther."""
    sid: int
    allowed: float                # its distance (double or single MR)
    moved: float                  # inches it went (along its way)
    lost: bool = False            # off the table
    slowed: str = ""              # the difficult terrain that halved the rest
    stopped: str = ""             # what stopped it short
    round: str = ""               # what it went round


def run_stands(state: BVFState, u: Unit, plan: list) -> list[Run]:
    """Move stands one by one (in the order given) directly along (vx, vy)
    up to their distance: through the unit's own side's skirmishers and
    nothing else; difficult terrain entered halves the rest (travel.py);
    one whose way leaves the table is lost.  A stand that another unit or
    impassable terrain stops short steps aside first when that takes it
    farther from the enemy within its distance (tried again once the rest
    of the unit has run, its neighbours out of the way; docs § Flight).
    Every stand ends clear of every base."""
    shape = space.shape_of(u)
    sids = [st.sid for st, *_ in plan]
    now = {st.sid: Foot(shape, st.x, st.y, st.facing, st.sid) for st, *_ in plan}
    runs: dict = {}
    held = []
    # the bases that can stand in the way of any stand (asked once for the whole flight)
    far = max((d for *_, d in plan), default=0.0) + max(ASIDE)
    box = space.feet_box(list(now.values())) if now else (0.0, 0.0, 0.0, 0.0)
    among = travel.flight_cands(state, u, (box[0] - far, box[1] - far, box[2] + far, box[3] + far))
    tries = [FRUITLESS]              # sidestep searches left before the way counts as clogged
    for st, vx, vy, dist in plan:
        f0 = now[st.sid]
        others = [now[x] for x in sids if x != st.sid]
        run, end = _flee_one(state, u, f0, vx, vy, dist, others, among, tries)
        if run.lost:
            now.pop(st.sid)
            sids.remove(st.sid)
        else:
            now[st.sid] = end
            if run.moved < dist - 0.25 and run.stopped:
                held.append((st, vx, vy, dist, f0))
        runs[st.sid] = replace(run, sid=st.sid)
    for _ in range(2):                       # again, from where each stopped, the others gone on
        again = []
        for st, vx, vy, dist, f0 in held:
            here = now[st.sid]
            gone = runs[st.sid].moved
            others = [now[x] for x in sids if x != st.sid]
            run, end = _flee_one(state, u, here, vx, vy, dist - gone, others, among, tries)
            if run.lost or (end.x - here.x) * vx + (end.y - here.y) * vy <= 0.25:
                again.append((st, vx, vy, dist, f0))
                continue
            now[st.sid] = end
            was = runs[st.sid]
            runs[st.sid] = replace(run, sid=st.sid, allowed=dist, moved=gone + run.moved,
                                   round=run.round or was.stopped or was.round, slowed=run.slowed or was.slowed)
            if runs[st.sid].moved < dist - 0.25 and run.stopped:
                again.append((st, vx, vy, dist, f0))
        if len(again) == len(held):
            break
        held = again
    for st, *_ in plan:
        f = now.get(st.sid)
        if f is not None:
            st.x, st.y = f.x, f.y
    state.touch(moved=u)
    return [runs[st.sid] for st, *_ in plan]


ASIDE = (0.5, 1.0, 2.0, 3.0, 4.5, 6.0)      # inches a fleeing stand stopped short tries stepping aside


FRUITLESS = 3      # a flight whose stands found no way aside this many times stops looking (the way is clogged)


def _flee_one(state: BVFState, u: Unit, f0, vx: float, vy: float, dist: float, others: list, among: Sequence,
              tries: list):
    """(Run, where it ends) for one fleeing stand: straight away, or, when
    something stops it short, stepped aside by the least of ASIDE (either
    way) after which it runs the rest of its distance clear, when one does.
    `among`: the bases that can be in the flight's way (travel.flight_cands);
    `tries`: [searches for a way aside left to the flight].  Held back by
    its own stands only, it waits for them to run on (run_stands tries it
    again)."""
    run, end = _straight(state, u, f0, vx, vy, dist, dist, others, True, among)
    if run.lost or run.moved >= dist - 0.25 or not run.stopped or run.stopped == "its own stands" or tries[0] <= 0:
        return run, end
    mine = among
    b, r = f0.bbox, dist + max(ASIDE)
    x0, y0, x1, y1 = b[0] - r, b[1] - r, b[2] + r, b[3] + r
    nx, ny = -vy, vx
    near = [g for g, _ in among[0].near((x0, y0, x1, y1))] + [g for g, _ in among[1].near((x0, y0, x1, y1))] + \
        [g for g in others if not (g.bbox[0] > x1 or x0 > g.bbox[2] or g.bbox[1] > y1 or y0 > g.bbox[3])]
    for side in ASIDE:
        if side >= dist:
            break
        rest = dist - side
        for sign in (1.0, -1.0):
            ox, oy = nx * side * sign, ny * side * sign
            last = f0.moved(f0.x + ox + vx * rest, f0.y + oy + vy * rest)
            if not _room(state, u, last, near):
                continue                      # where it would end is taken: not this way
            first, mid = _straight(state, u, f0, nx * sign, ny * sign, side, dist, others, True, mine)
            if first.lost or first.stopped or first.moved < side - 1e-6 or first.slowed:
                continue                      # (slowed on the way aside: it could not then run all the rest)
            then, end2 = _straight(state, u, mid, vx, vy, rest, rest, others, True, mine)
            if not then.lost and then.moved >= rest - 1e-6 and not then.stopped:
                return Run(-1, dist, dist, slowed=then.slowed, round=run.stopped), end2
    tries[0] -= 1
    return run, end


def _room(state: BVFState, u: Unit, f, near: list) -> bool:
    """The base could stand there: on the table, off impassable terrain,
    on none of the `near` bases."""
    if not state.table.on_table(f) or (not space.flying(u) and state.table.blocked_by_impassable(f) is not None):
        return False
    b = f.bbox
    return not overlapping([f], [g for g in near if not (g.bbox[0] > b[2] or b[0] > g.bbox[2] or g.bbox[1] > b[3]
                                                       or b[1] > g.bbox[3])])


def _straight(state: BVFState, u: Unit, f0, vx: float, vy: float, dist: float, allowance: float, others: list,
              terrain: bool, among: Sequence):
    """(Run, end) for a stand run straight along (vx, vy) up to `dist`
    (its allowance `allowance`: difficult terrain entered halves the rest);
    `among`: travel.flight_cands' bases near the flight."""
    trip, gone = travel.stand_run(state, u, f0, (vx, vy), dist, allowance, among[0], among[1], others, terrain)
    if trip.edge is not None:
        return Run(-1, allowance, trip.edge, lost=True), None
    return Run(-1, allowance, gone, slowed=trip.terrain if trip.entered is not None else "",
               stopped=trip.blocker if trip.blocked is not None else ""), f0.moved(f0.x + vx * gone, f0.y + vy * gone)


def run_notes(runs: list[Run]) -> str:
    """What held the fleeing stands back, in words (a flight that ran its
    full distance needs none)."""
    notes = []
    lost = [r for r in runs if r.lost]
    kept = [r for r in runs if not r.lost]
    by: dict = {}
    for r in kept:
        if r.round:
            by.setdefault(("round", r.round), []).append(r)
        if r.moved < r.allowed - 0.05 and r.stopped and not r.round:
            by.setdefault(("stopped", r.stopped), []).append(r)
        elif r.slowed and r.moved < r.allowed - 0.05:
            by.setdefault(("slowed", r.slowed), []).append(r)
    for (kind, what), rs in by.items():
        n = len(rs)
        span = f"{min(r.moved for r in rs):.1f}\"" if n == 1 or max(r.moved for r in rs) - min(r.moved for r in rs) < 0.05 \
            else f"{min(r.moved for r in rs):.1f}\" to {max(r.moved for r in rs):.1f}\""
        one = "1 stand" if n == 1 else f"{n} stands"
        if kind == "round":
            notes.append(f"{one} go{'es' if n == 1 else ''} round {what}")
        elif kind == "stopped":
            notes.append(f"{one} stopped by {what} after {span}")
        else:
            notes.append(f"{one} slowed by {what}: the rest halved, {span} in all (§ Difficult Terrain)")
    if lost:
        notes.append(f"{len(lost)} off the table are lost")
    return ("; " + "; ".join(notes)) if notes else ""


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
    r = success.roll(dice, f"{u.name} rallies", n, stats.experience_mods(state, u))
    ev.append(Event("roll", r.text() + f" (needs all {n})", R_RALLY, data=r.data()))
    r = rerolls.run_again(state, u, r, lambda: success.roll(dice, f"{u.name} rallies (rerolled)", n,
                                                            stats.experience_mods(state, u)), ev)
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
    if formation in ("square", "wedge") and len(u.stands) < state.catalog.formations[formation].min_stands:
        formation, files = "line", max(1, math.ceil(len(u.stands) / 2))
    if files_ok(state.catalog, formation, len(u.stands), files):
        formation, files = "line", max(1, math.ceil(len(u.stands) / 2))
        if files_ok(state.catalog, formation, len(u.stands), files):
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
                       zone=None, allow_off: bool = False) -> tuple[str, str | None] | None:
    """Why the unit may not be moved by (dx, dy): Fate's move (facing
    None: its stands moved as they stand, along the table: what is in the
    way stops it, difficult terrain entered halves the rest, travel.py), or
    carried by the Bird of Thunder (a facing: through the air, only where
    it lands counts).  (words, rule): the rule None where it is the
    caller's (Fate's, the spell's); a unit in the way or terrain name theirs."""
    if math.hypot(dx, dy) > limit + 1e-6:
        return f"At most {limit:g}\"", None
    f = space.frame_of(u)
    frame = Frame(f.x + dx, f.y + dy, u.facing if facing is None else facing)
    sts = space.ordered(u)
    fs = []
    for s in sts:
        ox, oy = s.x + dx, s.y + dy
        fs.append(Foot(space.shape_of(u), ox, oy, s.facing, s.sid))
    if facing is not None:
        fs = space.layout(u, frame)
    if zone is not None and not all(state.table.in_zone(x, zone) for x in fs):
        return "The unit must stay within the deployment zone", None
    why = space.fits(state, u, fs)
    if why == "off the table" and allow_off:
        why = None
    if why or facing is not None:
        return (why, None) if why else None
    trip = fate_trip(state, u, dx, dy, limit, allow_off)
    if trip.edge is not None:
        return None                      # it leaves the table on the way: out of the battle
    if not trip.clear:
        return travel.blocked_words(state, u, trip)
    if not trip.within:
        return travel.slowed_words(u, trip), travel.R_DIFFICULT
    return None


def fate_trip(state: BVFState, u: Unit, dx: float, dy: float, limit: float, allow_off: bool = False) -> travel.Trip:
    """Fate's straight move of the unit's stands as they stand, along the table."""
    L = math.hypot(dx, dy)
    start = space.feet(state, u)
    ux, uy = (dx / L, dy / L) if L > 1e-9 else (0.0, 0.0)

    def at(d):
        return [g.moved(g.x + ux * d, g.y + uy * d) for g in start]
    box = space.hull(space.feet_box(start), space.feet_box(at(L)))
    return travel.walk(state, u, at, L, box, limit, edge="pass" if allow_off else "block",
                       line=(ux, uy) if L > 1e-9 else None)


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
