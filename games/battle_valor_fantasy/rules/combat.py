"""Charge & Attack: the charge roll and move into exact contact (the rest
left half way), impact hits, the attacker's hits, the defender's saves, the
sliding casualty scale, the defender striking back, casualties from the
point of contact and both units activated.

battle_valor_fantasy.txt § Phase 9 Activate Charge & Attack Orders,
Resolve Combats;, § Charging, § Step 7) Resolve Any Impact Hits, § Attack
Modifiers, § Defense Modifiers, § Step 11) The 'We are better than you
rule'-, § Step 12) Defender Attacks Back, § Weapon Attributes, § Attack
Column;, § Wedge;, § Square;, § Linear Obstacles, § Bestiary.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from engine.core.rules import Event
from engine.table.formations import ChargePlan, contact_side, place, plan_charge, short_of
from engine.table.geometry import EPS, unit_vector
from engine.table.ways import Way, charge_ways, straight
from engine.core.words import possessive
from games.battle_valor_fantasy.rules import (breakthrough, casualties, characters, front_rank, rerolls, space, stats,
                                              success, travel, works)
from games.battle_valor_fantasy.rules.state import BVFState, Unit

R_PHASE = "battle_valor_fantasy.txt § Phase 9 Activate Charge & Attack Orders, Resolve Combats;"
R_CHARGE = "battle_valor_fantasy.txt § Charging"
R_IMPACT = "battle_valor_fantasy.txt § Step 7) Resolve Any Impact Hits"
R_ATTACK = "battle_valor_fantasy.txt § Attack Modifiers"
R_DEFENCE = "battle_valor_fantasy.txt § Defense Modifiers"
R_SCALE = "battle_valor_fantasy.txt § Step 11) The ‘We are better than you rule’-"
R_BACK = "battle_valor_fantasy.txt § Step 12) Defender Attacks Back"
R_LEADER = "battle_valor_fantasy.txt § Leaders;"
R_COLUMN = "battle_valor_fantasy.txt § Attack Column;"
R_WEDGE = "battle_valor_fantasy.txt § Wedge;"
R_SQUARE = "battle_valor_fantasy.txt § Square;"
R_PIKES = "battle_valor_fantasy.txt § Weapon Attributes"
R_OBSTACLE = "battle_valor_fantasy.txt § Linear Obstacles"
R_FEAR = "battle_valor_fantasy.txt § Bestiary"
R_SPELLS = "battle_valor_fantasy.txt § Defensive Spells;"
R_OFFENSIVE = "battle_valor_fantasy.txt § Offensive Spells;"


# ---- the charge -----------------------------------------------------------------------------

def charge_reach(state: BVFState, u: Unit) -> float:
    """Double the MR (formation bonus included; half in difficult terrain;
    Fog: only the normal MR).  Difficult terrain entered on the way halves
    what is left of it (travel.py)."""
    mr = stats.base_mr(u)
    f = stats.formation(state, u)
    if f is not None:
        mr += f.move_bonus
    if space.in_difficult(state, u) and not travel.slowless(u):
        mr = math.ceil(mr / 2)
    if u.effects.get("fog"):
        return mr
    return 2 * mr


def charge_problem(state: BVFState, u: Unit, t: Unit) -> tuple[str, str] | None:
    if t.owner == u.owner or not t.on_table or t.kind == "general":
        return "Charge an enemy unit on the table (the General can never be attacked)", R_CHARGE
    if u.engaged:
        return f"{u.name} is already in combat: it attacks instead", R_PHASE
    if characters.is_target(t) and characters.target_problem(state, t):
        return characters.target_problem(state, t)
    if not stats.has_leader(u) and u.profile is not None and u.profile.troop != "berserkers":
        return f"{u.name} has no command stand: units without a Leader cannot charge", R_LEADER
    f = stats.formation(state, u)
    if f is not None and not f.can_charge:
        return f"A unit in {f.name} cannot charge", "battle_valor_fantasy.txt § Shield Wall;"
    if u.kind != "unit" or stats.machine(u):
        return f"{u.name} cannot charge", R_CHARGE
    if u.effects.get("no_forward_move"):
        return f"A crevasse opens in front of {u.name}: it may not move forwards", R_OFFENSIVE
    if not space.in_arc(state, u, t):
        return f"{t.name} is not within {possessive(u.name)} arc of vision", R_CHARGE
    if u.formation == "skirmish":
        fs = space.layout(u, space.frame_of(u), "line", _form_up_files(u))
        blocked = space.fits(state, u, fs)
        if blocked:
            return (f"{u.name} has no room to form up in a line to charge ({blocked})",
                    "battle_valor_fantasy.txt § Skirmish;")
    return None


def _form_up_files(u: Unit) -> int:
    return max(1, math.ceil(len(u.stands) / 2))


@dataclass
class Plan:
    side: str
    frame: ChargePlan             # the block in contact
    length: float                 # the way's length
    reaches: bool                 # within the reach, difficult terrain on the way counted
    contact: tuple
    blocked: str | None           # why the way in is blocked (a unit in the way, no room at the end)
    way: Way | None = None        # the charge's way (its one wheel first or last)
    trip: travel.Trip | None = None


def plan(state: BVFState, u: Unit, t: Unit, reach: float | None = None) -> Plan:
    """How a charge at `t` goes: into contact square to the side charged
    (formations.plan_charge), along the shorter of its two ways (wheeling
    first or last) that nothing stops, difficult terrain on it halving the
    rest of the reach (travel.py).  `reach`: charge_reach(state, u) when the
    caller has it already.  Remembered for this position."""
    if reach is None:
        reach = charge_reach(state, u)
    key = ("plan", u.uid, t.uid, reach)
    got = state.cache.get(key)
    if got is not None:
        return got
    shape = space.shape_of(u)
    b = space.block(state, u)
    p = plan_charge(b, shape, space.block(state, t), space.main_feet(state, t), None, reach)
    if t.formation == "square":
        side = "front"           # § Square;: no flanks or rear
    else:
        side = p.side
    best: tuple[Way, travel.Trip] | None = None
    for w in charge_ways(b, p.frame, p.angle):
        if w.length > reach + 1e-6:
            # beyond the reach whatever the terrain: it falls short straight toward the target (short_frame),
            # so nothing on this way matters (the other way is no shorter)
            trip = travel.Trip(w.length, reach, reach)
            best = best or (w, trip)
            break
        trip = travel.along_way(state, u, w, reach, ignore=(t.uid,))
        if best is None or (trip.complete and not best[1].complete) or \
                (trip.clear and not best[1].clear and not best[1].complete):
            best = (w, trip)
        if trip.complete:
            break
    assert best is not None, "charge_ways gives at least one way"
    way, trip = best
    reaches = trip.within
    blocked = None
    if not trip.clear:
        blocked = travel.blocked_words(state, u, trip)[0]
    elif reaches:
        blocked = space.fits(state, u, space.layout(u, p.frame), ignore=(t.uid,))
    got = state.cache[key] = Plan(side, p, way.length, reaches, p.contact, blocked, way, trip)
    return got


def out_of_reach(pl: Plan) -> str:
    """Why a charge's roll does not matter, in words (the log's and the previews')."""
    if pl.reaches and not pl.blocked:
        return ""
    tr = pl.trip
    if not pl.reaches:
        slow = tr.slowed() if tr is not None else ""
        return "out of reach" + (f" (it {slow})" if slow else "")
    return f"its way in is blocked ({pl.blocked})"


def charge_mods(state: BVFState, u: Unit) -> list[tuple[str, int]]:
    mods = []
    if space.near_general(state, u):
        mods.append(("within 12\" of the General", 2))
    if stats.has_leader(u):
        mods.append(("Leader", 1))
    mods += stats.experience_mods(state, u)
    cb = stats.any_effect(u, "charge_bonus")
    if cb:
        mods.append(("race", cb))
    return mods


def form_up(state: BVFState, t: Unit, toward: Unit, ev: list[Event]) -> None:
    """A skirmishing unit charged forms up: a line (two ranks) around its
    command stand facing the charger, if there is room (§ Skirmish;)."""
    from games.battle_valor_fantasy.rules import moves
    n = len(t.stands)
    files = max(1, math.ceil(n / 2)) if n > 2 else n
    cx, cy = space.centre(state, toward)
    facing = moves.face_toward(state, t, cx, cy)
    if moves.files_ok(state.catalog, "line", n, files) is None:
        f = space.frame_of(t)
        from engine.table.formations import Frame
        fs = space.layout(t, Frame(f.x, f.y, facing), "line", files)
        if space.fits(state, t, fs, ignore=(toward.uid,)) is None:
            moves.reform(state, t, "line", files, facing, ev, "battle_valor_fantasy.txt § Skirmish;", "forms up")


def charge(state: BVFState, u: Unit, t: Unit, dice, ev: list[Event]) -> None:
    if characters.is_target(t):
        ev.append(Event("charge", f"{u.name} charges {space.told_apart(state, u.owner, t)}", R_CHARGE, 0,
                        data={"uid": u.uid, "target": t.uid}))
        characters.charged(state, u, t, charge_reach(state, u), dice, ev)
        return
    if t.formation == "skirmish":
        form_up(state, t, u, ev)
    reach = charge_reach(state, u)       # asked once while nothing it depends on changes (not the dice)
    pl = plan(state, u, t, reach)
    ev.append(Event("charge", f"{u.name} charges {space.told_apart(state, u.owner, t)} ({pl.side}, {pl.length:.1f}\" of "
                    f"{reach:g}\")", R_CHARGE, 0, data={"uid": u.uid, "target": t.uid}))
    if u.formation == "skirmish":
        u.formation = "line"
        u.files = _form_up_files(u)
        ev.append(Event("ruling", f"{u.name} forms up in a line to charge", "battle_valor_fantasy.txt § Skirmish;"))
        reach = charge_reach(state, u)
        pl = plan(state, u, t, reach)
    n = len(u.stands)
    roll = success.roll(dice, f"{u.name} charge", n, charge_mods(state, u))
    ev.append(Event("roll", roll.text(), R_CHARGE, data=roll.data()))
    roll = rerolls.again(state, u, roll, lambda: success.roll(dice, f"{u.name} charge (rerolled)", n,
                                                              charge_mods(state, u)), ev)
    u.activated = True
    if not pl.reaches or pl.blocked:
        _fall_short(state, u, t, ev, out_of_reach(pl), reach)
        return
    arrived = roll.total
    shape = space.shape_of(u)
    sts = space.ordered(u)
    slots = space.slots_for(u.formation, len(sts), u.files, shape)
    fs = pl.frame.feet(slots, shape, arrived, [s.sid for s in sts])
    fs = _clear_stragglers(state, u, t, sts, fs, arrived)
    space.put(state, u, fs, sts)
    u.facing = pl.frame.frame.facing
    left_behind(u, sts, arrived, t)
    if arrived <= 0:
        ev.append(Event("ruling", f"No stand of {u.name} makes it into contact: the unit stops half way",
                        "battle_valor_fantasy.txt § Step 6) Any stands that did not complete the charge are moved "
                        "half way between their current position and the back of your stands that made it into "
                        "combat. These stands will \"Catch up\" in the Compulsory Moves phase of the next game turn."))
        return
    ev.append(Event("ruling", f"{min(arrived, n)} of {n} stands reach {possessive(t.name)} {pl.side}"
                    + (f"; {n - arrived} straggle half way behind" if arrived < n else ""), R_CHARGE))
    side = pl.side if t.formation != "square" else "front"
    engage(u, t)
    fight(state, u, t, dice, ev, charging=True, side=side, contact=pl.contact)


def left_behind(u: Unit, sts, arrived: int, t: Unit) -> None:
    """The stands after the first `arrived` straggle behind a charge at `t`
    (they catch up in the next Compulsory Moves)."""
    u.stragglers = tuple(s.sid for s in sts[arrived:])
    u.straggle_from = "charge" if u.stragglers else ""
    u.charge_target = t.uid if u.stragglers else -1
    u.charge_facing = u.facing


def _clear_stragglers(state: BVFState, u: Unit, t: Unit, sts, fs, arrived: int):
    """Stragglers left half way may not stand on another unit or off the table: each comes
    back along its way toward where it started until it is clear (docs §
    Charges)."""
    from engine.table.formations import overlapping
    others = [f for v in space.on_table(state) if v.uid != u.uid for f in space.feet(state, v)]
    out = list(fs[:arrived])
    for s, f in zip(sts[arrived:], fs[arrived:]):
        g = f
        for k in range(11):
            frac = 1.0 - k / 10.0
            g = f.moved(s.x + (f.x - s.x) * frac, s.y + (f.y - s.y) * frac, f.facing if frac > 0 else s.facing)
            if not overlapping([g], others) and not overlapping([g], out) and state.table.on_table(g):
                break
        out.append(g)
    return out


def short_frame(state: BVFState, u: Unit, t: Unit, reach: float | None = None):
    """Where a charge at `t` that falls short leaves `u` (straight toward
    it, up to the charge reach, difficult terrain on the way halving the
    rest; stopped by what it may not pass, and half an inch short of any
    enemy), or None when there is no room even to close up where it
    stands."""
    if reach is None:
        reach = charge_reach(state, u)
    return straight_on(state, u, space.centre(state, t), reach)[0]


def straight_on(state: BVFState, u: Unit, toward: tuple, reach: float, ignore: tuple = ()):
    """(frame, trip): the frame after moving `u` straight toward a point
    (facing kept) as far as the reach, the terrain and what stands in the
    way let it, half an inch short of enemies (None when not even where it
    stands is clear), and that way as the table let it go."""
    start = space.block(state, u).frame
    dx, dy = toward[0] - start.x, toward[1] - start.y
    L = math.hypot(dx, dy)
    if L <= EPS:
        way = straight(start, 0.0, 0.0)
    else:
        way = straight(start, dx / L * reach, dy / L * reach)
    trip = travel.along_way(state, u, way, reach, ignore=ignore)
    among = _along(state, u, toward, reach)
    clear = _straight_clear(state, u, start, among)
    frame = short_of(space.block(state, u), toward, trip.reach, clear)
    return (frame if clear(frame) else None), trip


SURE = 1e-9       # inches: far more than the rounding between a base's box moved and its box laid out there


def _straight_clear(state: BVFState, u: Unit, start, among: list[Unit] | None):
    """`clear(frame)` for a straight move of `u` from the frame `start`
    (facing kept): the formation laid out at `frame` fits, half an inch
    from enemies (`space.fits`, among `among` when given).  Each frame is
    answered once, and only the bases in doubt are laid out and checked: a
    base whose box (its box at `start` moved, give or take SURE) lies on
    the table, off impassable terrain and beyond every other unit's reach
    cannot be why the formation does not fit (`fits` asks the same of
    each base)."""
    sts = space.ordered(u)
    shape = space.shape_of(u)
    slots = space.slots_for(u.formation, len(sts), u.files, shape)
    tags = [s.sid for s in sts]
    feet0 = place(start, slots, shape, tags)
    boxes0 = [f.bbox for f in feet0]
    table = state.table
    w, h = table.width + EPS, table.height + EPS
    pieces = [p.bbox for p in table.impassable] if not space.flying(u) else []
    others = []
    for v in (state.units.values() if among is None else among):
        if v.uid == u.uid or not (v.alive and not v.off_table and v.stands and v.deployed):
            continue
        enemy = v.owner != u.owner
        others.append((space.unit_bbox(state, v), (space.ADVANCE_GAP if enemy else 0.0) + 1e-3, enemy,
                       space.feet(state, v)))
    memo: dict = {}

    def verdict(i: int, dx: float, dy: float) -> int:
        """Base i moved by (dx, dy): FINE, IN_DOUBT or CLASH (fits would refuse it)."""
        b = boxes0[i]
        x0, y0, x1, y1 = b[0] + dx - SURE, b[1] + dy - SURE, b[2] + dx + SURE, b[3] + dy + SURE
        out = FINE
        if x0 < -EPS or y0 < -EPS or x1 > w or y1 > h:
            if x0 + 2 * SURE < -EPS or y0 + 2 * SURE < -EPS or x1 - 2 * SURE > w or y1 - 2 * SURE > h:
                return CLASH
            out = IN_DOUBT
        for p in pieces:
            if not (x1 < p[0] or x0 > p[2] or y1 < p[1] or y0 > p[3]):
                out = IN_DOUBT
                break
        for vb, lim, enemy, gs in others:
            if x0 - vb[2] > lim or vb[0] - x1 > lim or y0 - vb[3] > lim or vb[1] - y1 > lim:
                continue
            for g in gs:                  # as near as fits's overlapping or any_within could look
                fb = g.bbox
                if x0 - fb[2] > lim or fb[0] - x1 > lim or y0 - fb[3] > lim or fb[1] - y1 > lim:
                    continue
                v = _square_verdict(feet0[i], dx, dy, g, enemy)
                if v == CLASH:
                    return CLASH
                if v == IN_DOUBT:
                    out = IN_DOUBT
        return out

    def clear(frame) -> bool:
        key = (frame.x, frame.y, frame.facing)
        v = memo.get(key)
        if v is None:
            if frame.facing != start.facing:
                v = space.fits(state, u, space.layout(u, frame), enemy_gap=space.ADVANCE_GAP, among=among) is None
            else:
                dx, dy = frame.x - start.x, frame.y - start.y
                doubt = []
                v = True
                for i in range(len(boxes0)):
                    r = verdict(i, dx, dy)
                    if r == CLASH:
                        v = False
                        break
                    if r == IN_DOUBT:
                        doubt.append(i)
                if v and doubt:
                    v = space.fits(state, u, place(frame, [slots[i] for i in doubt], shape, [tags[i] for i in doubt]),
                                   enemy_gap=space.ADVANCE_GAP, among=among) is None
            memo[key] = v
        return v
    return clear


FINE, IN_DOUBT, CLASH = 0, 1, 2
OVERLAP = 1e-3                  # formations.overlapping's margin (friends in fits)
ENEMY_NEAR = space.ADVANCE_GAP - 1e-6    # fits's any_within limit for enemies


def _square_verdict(f, dx: float, dy: float, g, enemy: bool) -> int:
    """Would `fits` find rectangle `f` moved by (dx, dy) against `g`, when
    they lie square to each other (same facing, opposite or at right
    angles)?  Then their gaps along f's axes (centres' distance less the
    half sizes) tell it: an enemy base nearer than ENEMY_NEAR (edge to
    edge: the gaps' hypotenuse, or overlapping), a friend's overlapping by
    more than OVERLAP (both gaps below minus it: the separating-axis depth,
    the sizes being far larger).  Within 2 SURE of the line (rounding):
    IN_DOUBT, as for any other pair of bases."""
    if f.corners is None or g.corners is None:
        return IN_DOUBT
    turn = (g.facing - f.facing) % 180.0
    if turn == 0.0:
        ga, gs = g.shape.depth, g.shape.width
    elif turn == 90.0:
        ga, gs = g.shape.width, g.shape.depth
    else:
        return IN_DOUBT
    fx, fy = unit_vector(f.facing)
    cx, cy = g.x - (f.x + dx), g.y - (f.y + dy)
    along = abs(cx * fx + cy * fy) - (f.shape.depth + ga) / 2
    side = abs(cy * fx - cx * fy) - (f.shape.width + gs) / 2
    if enemy:
        d = math.hypot(max(along, 0.0), max(side, 0.0))
        if d < ENEMY_NEAR - 2 * SURE:
            return CLASH
        return FINE if d > ENEMY_NEAR + 2 * SURE else IN_DOUBT
    if along < -OVERLAP - 2 * SURE and side < -OVERLAP - 2 * SURE:
        return CLASH
    return FINE if along > -OVERLAP + 2 * SURE or side > -OVERLAP + 2 * SURE else IN_DOUBT


def short_move(state: BVFState, u: Unit, t: Unit) -> float:
    """How far a charge at `t` that falls short moves `u` (the computer
    general's test that a charge out of reach still closes in)."""
    frame = short_frame(state, u, t)
    if frame is None:
        return 0.0
    return math.hypot(frame.x - space.frame_of(u).x, frame.y - space.frame_of(u).y)


def _fall_short(state: BVFState, u: Unit, t: Unit, ev: list[Event], why: str, reach: float | None = None) -> None:
    if reach is None:
        reach = charge_reach(state, u)
    frame, trip = straight_on(state, u, space.centre(state, t), reach)
    moved = 0.0
    if frame is not None:
        moved = math.hypot(frame.x - space.frame_of(u).x, frame.y - space.frame_of(u).y)
        space.put(state, u, space.layout(u, frame))
    # else: no room even to close up where it stands (after losses): the stands stay as they are
    slow = trip.slowed() if trip.entered is not None and trip.entered < moved + 1e-6 else ""
    said = f"The charge is {why}" if not why.startswith("its way") else f"The charge's {why[4:]}"
    ev.append(Event("ruling", f"{said}: {u.name} moves {moved:.1f}\" toward {t.name} and stops"
                    + (f" (it {slow})" if slow and "enters" not in why else ""),
                    "battle_valor_fantasy.txt § Step 3) Measure the distance."))


R_UNFINISHED = "battle_valor_fantasy.txt § Complete unfinished charges;"


def finish_charge(state: BVFState, u: Unit, dice, ev: list[Event]) -> None:
    """No stand of an unfinished charge is in contact (the lead stands were
    wiped out, or none arrived): the rest complete it now, a new charge
    resolved at once; at the enemy first charged if it can still be
    reached, else the closest enemy within the charge's reach, else the
    charge move straight on in the original direction (§ Complete
    unfinished charges;)."""
    u.stragglers, u.straggle_from = (), ""
    t = state.units.get(u.charge_target)
    u.charge_target = -1
    reach = charge_reach(state, u)
    state.touch(moved=u)
    pl = None
    if t is not None and t.on_table and t.owner != u.owner:
        pl = plan(state, u, t, reach)
        if not pl.reaches or pl.blocked:
            pl = None
    if pl is None:
        near = sorted((v for v in space.enemies(state, u) if v.kind == "unit" and v.uid != getattr(t, "uid", -1)),
                      key=lambda v: (space.distance(state, u, v), v.uid))
        for v in near:
            if space.distance(state, u, v) > reach:
                break
            q = plan(state, u, v, reach)
            if q.reaches and not q.blocked:
                ev.append(Event("ruling", f"{t.name if t else 'The enemy'} can no longer be reached: {u.name} "
                                f"redirects its charge to {v.name}, the closest enemy within reach", R_UNFINISHED))
                t, pl = v, q
                break
    if pl is None:
        f = space.frame_of(u)
        a = math.radians(u.charge_facing)
        ahead = (f.x + math.cos(a) * 100.0, f.y + math.sin(a) * 100.0)
        frame, _ = straight_on(state, u, ahead, reach)
        if frame is not None:
            space.put(state, u, space.layout(u, frame))
        ev.append(Event("ruling", f"No enemy within reach: {u.name} finishes its charge move in open ground",
                        R_UNFINISHED))
        return
    assert t is not None, "a plan is only made at a unit"
    space.put(state, u, space.layout(u, pl.frame.frame))
    u.facing = pl.frame.frame.facing
    ev.append(Event("charge", f"{possessive(u.name)} remaining stands complete the charge into {possessive(t.name)} {pl.side}: a new "
                    "charge, resolved at once", R_UNFINISHED, data={"uid": u.uid, "target": t.uid}))
    engage(u, t)
    fight(state, u, t, dice, ev, charging=True, side=pl.side if t.formation != "square" else "front",
          contact=pl.contact)


def _along(state: BVFState, u: Unit, target: tuple, reach: float) -> list[Unit]:
    """The units that can stand in the way of `u` moving straight toward
    `target` up to `reach` (its bases anywhere between lie within the hull
    of where they start and where the full move would end)."""
    f0 = space.block(state, u).frame
    dx, dy = target[0] - f0.x, target[1] - f0.y
    L = math.hypot(dx, dy) or 1.0
    from engine.table.formations import Frame
    end = Frame(f0.x + dx / L * reach, f0.y + dy / L * reach, f0.facing)
    box = space.hull(space.feet_box(space.layout(u, f0)), space.feet_box(space.layout(u, end)))
    return space.near_box(state, u, box, space.ADVANCE_GAP)


def engage(a: Unit, b: Unit) -> None:
    if b.uid not in a.engaged:
        a.engaged = a.engaged + (b.uid,)
    if a.uid not in b.engaged:
        b.engaged = b.engaged + (a.uid,)
    a.rounds.setdefault(b.uid, 0)
    b.rounds.setdefault(a.uid, 0)


# ---- impact hits ---------------------------------------------------------------------------

def impact_hits(state: BVFState, u: Unit, t: Unit, side: str) -> tuple[int, list[str], str | None]:
    """How many impact hits a charge causes, where they come from, and
    why none (pikes, an obstacle)."""
    n, why = 0, []
    if u.formation == "attack_column":
        k = stats.ranks_deep(u)
        n += k
        why.append(f"Attack Column {k} ranks deep")
    if u.formation == "wedge":
        k = len(u.stands)
        n += k
        why.append(f"Wedge of {k} stands")
    for _rid, lvl, e in (u.profile.rules if u.profile else ()):
        if e.impact_hits:
            per = int(stats.base_mr(u)) if e.impact_per == "current_mr" else len(u.stands)
            n += e.impact_hits * per
            why.append(f"Shock {lvl}: {e.impact_hits} per {'MR' if e.impact_per == 'current_mr' else 'stand'}")
    if not n:
        return 0, why, None
    if stats.is_pike(state, t) and (side == "front" or t.formation == "square"):
        return 0, why, f"{possessive(t.name)} pikes stop impact hits from the front"
    if space.behind_obstacle(state, t) or works.behind(state, t, u):
        return 0, why, f"{t.name} stands behind a linear obstacle: no impact hits"
    return n, why, None


def resolve_impact(state: BVFState, u: Unit, t: Unit, side: str, dice, ev: list[Event], contact) -> int:
    n, why, stop = impact_hits(state, u, t, side)
    if stop:
        ev.append(Event("ruling", stop, R_PIKES if "pikes" in stop else R_OBSTACLE))
        return 0
    if not n:
        return 0
    ev.append(Event("ruling", f"{u.name} causes {n} impact hits ({'; '.join(why)})",
                    R_COLUMN if u.formation == "attack_column" else (R_WEDGE if u.formation == "wedge" else R_FEAR)))
    rr = 0 if _no_armour(state, u, t) else stats.armour_rerolls(state, t)
    save = success.roll(dice, f"{t.name} against impact hits", n, (), rerolls=rr, modifiable=False)
    ev.append(Event("roll", save.text() + " (cannot be modified; armour rerolls allowed)", R_IMPACT,
                    data=save.data()))
    save = rerolls.guard_again(state, t, save, lambda: success.roll(dice, f"{t.name} against impact hits (rerolled)",
                                                                    n, (), rerolls=rr, modifiable=False), ev)
    return casualties.take(state, t, save.failures, ev, contact)


# ---- one side strikes -------------------------------------------------------------------------

def _no_armour(state, att: Unit, dfd: Unit) -> bool:
    """Double handed weapons and Rending Claws and the like deny armour rerolls."""
    return stats.weapon_kind(state, att) == "double_handed" or bool(stats.any_effect(att, "no_enemy_armour_rerolls"))


def _fears(att: Unit, dfd: Unit) -> str | None:
    c = stats.causes(dfd)
    if c is None:
        return None
    mine = stats.causes(att)
    if c == "terror" and stats.any_effect(att, "terror_as_fear"):
        c = "fear"
    if c == "fear" and stats.any_effect(att, "fear_immune"):
        return None
    if mine == "terror" or (mine == "fear" and c == "fear"):
        return None
    limit = {"fear": ("levy", "regular"), "terror": ("levy", "regular", "veteran")}[c]
    return c if att.level in limit else None


def attack_mods(state: BVFState, att: Unit, dfd: Unit, side: str, first_round: bool, striking_first: bool):
    mods = list(stats.experience_mods(state, att))
    if len([s for s in att.stands if s.sid not in att.stragglers]) == 1 and not stats.monstrous(att) \
            and not stats.machine(att) and att.start_stands > 1:
        mods.append(("Last Stand", 2))
    if first_round and side == "rear":
        mods.append(("attacking the rear", 2))
    if first_round and side in ("left", "right"):
        mods.append(("attacking the flank", 1))
    if first_round and att.formation == "attack_column":
        if stats.in_line(dfd):
            mods.append(("Attack Column against Line", 2))
        else:
            mods.append(("Attack Column", 1))
    if stats.has_standard(att):
        mods.append(("Battle Standard", 1))
    edge = _edge(state, att, dfd)
    if edge:
        mods.append((edge, 1))
    if stats.weapon_kind(state, att) == "pole" and stats.weapon_kind(state, dfd) in ("hand", "double_handed"):
        mods.append(("Pole against hand weapons", 1))
    if striking_first:
        mods.append(("Charging (striking first)", 1))
    if att.effects.get("corrosion"):
        mods.append(("Corrosion", -2))
    if att.effects.get("fog") or dfd.effects.get("fog"):
        mods.append(("Fog", -2))
    return mods + characters.captain_mods(state, att)


def _edge(state: BVFState, a: Unit, b: Unit) -> str | None:
    if space.on_high_ground(state, a) and not space.on_high_ground(state, b):
        return "High Ground"
    if stats.mounted(a) and not stats.mounted(b) and b.kind == "unit" and not stats.large(b):
        return "Mounted against foot"
    if stats.large(a) and not stats.large(b):
        return "Large against small"
    return None


def defence_mods(state: BVFState, dfd: Unit, att: Unit, side: str, first_round: bool, charged: bool):
    mods = list(stats.experience_mods(state, dfd))
    if dfd.formation == "shield_wall" and side == "front":
        mods.append(("Shield Wall", 2))
    edge = _edge(state, dfd, att)
    if edge:
        mods.append((edge, 1))
    if stats.weapon_kind(state, dfd) == "pole" and stats.weapon_kind(state, att) in ("hand", "double_handed"):
        mods.append(("Pole against hand weapons", 1))
    if "brace" in dfd.orders and side == "front":
        mods.append(("Braced", 1))
    if first_round and side in ("left", "right"):
        mods.append(("Flanked", -1))
    if first_round and side == "rear":
        mods.append(("Charged in the rear", -2))
    return mods + characters.captain_mods(state, dfd)


def strike(state: BVFState, att: Unit, dfd: Unit, dice, ev: list[Event], side: str, first_round: bool,
           striking_first: bool, charged: bool, contact) -> int:
    """One side's attacks: hits, the enemy's saves, casualties and the
    sliding scale.  Returns the casualties caused."""
    if not att.on_table or not dfd.on_table:
        return 0
    if stats.machine(att):
        ev.append(Event("ruling", f"{att.name} is a war machine: it does not fight back",
                        "battle_valor_fantasy.txt § Attacking War Machines;"))
        return 0
    if dfd.effects.get("enemies_do_not_attack"):
        ev.append(Event("ruling", f"{att.name} is charmed by {possessive(dfd.name)} Glamor and does not attack", R_SPELLS))
        return 0
    n = stats.attack_dice(att)
    notes = []
    if att.effects.get("double_attacks"):
        n *= 2
        notes.append("Hatred doubles the dice")
    if "brace" in att.orders and not charged and att.rounds.get(dfd.uid, 0) > 0:
        n = max(0, n - 2)
        notes.append("Braced in combat: 2 fewer dice")
    if dfd.formation == "square" and stats.cavalry(att):
        n //= 2
        notes.append("cavalry against a square halve their attacks")
    need = 5
    fear = _fears(att, dfd) if first_round else None
    if fear:
        need = 6
        notes.append(f"{dfd.name} causes {fear.capitalize()}: 6s to hit")
    if space.behind_obstacle(state, dfd) or works.behind(state, dfd, att):
        need = 6
        notes.append(f"{dfd.name} is behind a linear obstacle: 6s to hit")
    mods = attack_mods(state, att, dfd, side, first_round, striking_first)
    keen = att.effects.get("reroll_attack", 0)
    hits = success.roll(dice, f"{att.name} attacks", n, mods, need=need, rerolls=keen)
    if striking_first:
        hits = rerolls.again(state, att, hits, lambda: success.roll(dice, f"{att.name} attacks (rerolled)", n, mods,
                                                                     need=need, rerolls=keen), ev)
    else:                              # striking back: the General's promise for the turn (rerolls.py)
        hits = rerolls.guard_again(state, att, hits, lambda: success.roll(dice, f"{att.name} attacks (rerolled)", n,
                                                                           mods, need=need, rerolls=keen), ev)
    if dfd.effects.get("enemy_rerolls_successes") and hits.raw:
        again = dice.roll(6, hits.raw)
        kept = sum(1 for r in again if r >= need)
        ev.append(Event("ruling", f"Wall of Spikes: {att.name} rerolls its {hits.raw} Successes and keeps {kept}",
                        R_SPELLS))
        hits.raw = kept
        hits.total = success.clamp(kept + sum(v for _, v in hits.mods), hits.dice)
    ev.append(Event("roll", hits.text() + (f" ({'; '.join(notes)})" if notes else ""), R_ATTACK, data=hits.data()))
    dmods = defence_mods(state, dfd, att, side, first_round, charged)
    rr = 0 if _no_armour(state, att, dfd) else stats.armour_rerolls(state, dfd)
    rr += dfd.effects.get("reroll_defence", 0)
    saves = success.roll(dice, f"{dfd.name} saves", hits.total, dmods, rerolls=rr)
    ev.append(Event("roll", saves.text(), R_DEFENCE, data=saves.data()))
    saves = rerolls.guard_again(state, dfd, saves, lambda: success.roll(dice, f"{dfd.name} saves (rerolled)",
                                                                        hits.total, dmods, rerolls=rr), ev)
    lost = hits.total - saves.total
    extra = max(0, stats.rank(att) - stats.rank(dfd))
    if extra and att.kind == "unit" and dfd.kind == "unit":
        ev.append(Event("ruling", f"{att.level.capitalize()} against {dfd.level.capitalize()}: {extra} more "
                        f"casualt{'ies' if extra != 1 else 'y'}", R_SCALE))
    else:
        extra = 0
    ev.append(Event("ruling", f"{hits.total} hits - {saves.total} saves = {lost} casualt{'ies' if lost != 1 else 'y'}"
                    + (f", + {extra} = {lost + extra}" if extra else ""), R_DEFENCE,
                    data={"hits": hits.total, "saves": saves.total, "casualties": lost + extra}))
    return casualties.take(state, dfd, characters.apothecary(state, dfd, lost + extra, dice, ev), ev, contact)


def fight(state: BVFState, att: Unit, dfd: Unit, dice, ev: list[Event], charging: bool, side: str,
          contact=None, depth: int = 0) -> None:
    """A round of combat: impact hits (a charge), the activating unit
    strikes first, the other strikes back unless it has already been
    activated this turn; both are activated."""
    first_round = att.rounds.get(dfd.uid, 0) == 0
    if contact is None:
        contact = space.centre(state, att)
    dfd_already = dfd.activated
    dead = 0
    front = front_rank.watch_front(state, dfd, charging, side)      # the Advanced Combat option
    if charging:
        dead += resolve_impact(state, att, dfd, side, dice, ev, contact)
    dead += strike(state, att, dfd, dice, ev, side, first_round, True, False, contact)
    back = 0
    front_gone = front_rank.front_lost(state, att, dfd, front, ev)
    if front_gone:
        pass
    elif dfd.on_table and att.on_table:
        if dfd_already and not charging:
            ev.append(Event("ruling", f"{dfd.name} has already been activated this turn: it cannot strike back",
                            "battle_valor_fantasy.txt § Activating Units;"))
        elif dfd_already and charging:
            ev.append(Event("ruling", f"{dfd.name} has already been activated this turn: it cannot fight back",
                            "battle_valor_fantasy.txt § Activating Units;"))
        else:
            ev.append(Event("ruling", f"{dfd.name} strikes back", R_BACK))
            back_side = _side_of(state, dfd, att)
            back = strike(state, dfd, att, dice, ev, back_side, first_round, False, charging, contact)
    for a, b in ((att, dfd), (dfd, att)):
        if b.uid in a.rounds:
            a.rounds[b.uid] += 1
        a.activated = True
        a.orders = [o for o in a.orders if o == "flee"]
    casualties.fill_gaps(state, att)
    if not front_gone:
        casualties.fill_gaps(state, dfd)
    _follow_through(state, att, dfd, dead, back, dice, ev)
    _break_through(state, att, dfd, dead, back, dice, ev, charging, depth)


def _break_through(state, att: Unit, dfd: Unit, dead: int, back: int, dice, ev, charging: bool, depth: int) -> None:
    """A Wedge that charged, or Unstoppable Charge, causing more casualties
    than the enemy splits it and moves on through it (breakthrough.py)."""
    if not (att.on_table and dfd.on_table) or dead <= back or att.kind != "unit":
        return
    if charging and att.formation == "wedge":
        mode, rule, dist = "charge", R_WEDGE, charge_reach(state, att)
    else:
        how = stats.any_effect(att, "breaks_through")
        if not how:
            return
        from games.battle_valor_fantasy.rules.moves import advance_allowance
        mode, rule = how, "battle_valor_fantasy.txt § Bestiary"
        dist = charge_reach(state, att) if how == "charge" else advance_allowance(state, att)
    breakthrough.through(state, att, dfd, mode, dist, rule, dice, ev, fight, depth)


def _side_of(state: BVFState, u: Unit, enemy: Unit) -> str:
    s = contact_side(space.block(state, enemy), space.feet(state, u), space.feet(state, enemy))
    return s or "front"


def _follow_through(state, att: Unit, dfd: Unit, dead: int, back: int, dice, ev) -> None:
    """Trample: more casualties than the enemy gives D6 more hits with no
    armour reroll (§ Bestiary)."""
    if not (att.on_table and dfd.on_table) or dead <= back:
        return
    d = 0
    for _, _, e in (att.profile.rules if att.profile else ()):
        d = max(d, e.trample_dice)
    if d:
        n = dice.roll(d, 1)[0]
        save = success.roll(dice, f"{dfd.name} against Trample", n, ())
        ev.append(Event("roll", f"Trample: {n} hits; " + save.text(), R_FEAR, data=save.data()))
        save = rerolls.guard_again(state, dfd, save, lambda: success.roll(dice, f"{dfd.name} against Trample "
                                                                          "(rerolled)", n, ()), ev)
        casualties.take(state, dfd, save.failures, ev)


def attack_problem(state: BVFState, u: Unit, t: Unit) -> tuple[str, str] | None:
    if t.uid not in u.engaged or not t.on_table:
        return f"{u.name} is not in combat with {t.name}", R_PHASE
    if stats.machine(u):
        return "War machines do not fight", "battle_valor_fantasy.txt § Attacking War Machines;"
    return None


def attack(state: BVFState, u: Unit, t: Unit, dice, ev: list[Event]) -> None:
    ev.append(Event("attack", f"{u.name} attacks {space.told_apart(state, u.owner, t)}", R_PHASE, 0,
                    data={"uid": u.uid, "target": t.uid}))
    side = contact_side(space.block(state, t), space.feet(state, u), space.feet(state, t)) or "front"
    fight(state, u, t, dice, ev, charging=False, side=side)
