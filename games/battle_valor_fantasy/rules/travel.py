"""What a unit meets on its way: difficult terrain entered (the rest of the
move halved), and what it may not pass (another unit's bases, impassable
terrain, the table's edge).  Every move of the game asks here: advances,
charges and the charges that fall short, the stands of a flight, breaking
through, the unfinished charge, Fate's move of an enemy unit.

battle_valor_fantasy.txt § Difficult Terrain: "If a unit enters difficult
terrain during its move do the following.  Measure the distance it
travelled to reach the difficult terrain.  Reduce the units MR by that
amount.  Half the remaining MR (rounding up), to finish the units move
into the difficult terrain."  The distance is measured to where a base
first actually touches the terrain (no contact tolerance: geometry's
CONTACT would count a base 0.05" short of a wood as in it), on the point
of the unit that travels farthest (the move's own measure,
engine/table/ways.py); halved once, then rounded up to a whole inch, never
beyond what was left.  Linear obstacles and the built strips count as
difficult ("and any Linear Obstacle").

§ Remember These 5 very Important Rules: "Friendly units may Move and Fire
through Skirmishing Units": a unit passes through its own side's
skirmishers and through nothing else.  § Impassable Terrain: impassable
"unless of course, you happen to be flying".  Fliers pass over units and
terrain (they may not end on them: space.fits).  Decisions:
docs/games/battle_valor_fantasy.md § Moving over the table.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

from engine.table.formations import overlapping
from engine.table.geometry import EPS, Foot, Piece, _overlaps_piece
from engine.table.slides import boxes_meet as _meets, convex as _convex, first_hit, Grid, touch_time as _touch_time
from engine.table.ways import Way
from games.battle_valor_fantasy.rules import space, stats
from games.battle_valor_fantasy.rules.state import BVFState, Unit

R_DIFFICULT = "battle_valor_fantasy.txt § Difficult Terrain"
R_THROUGH = "battle_valor_fantasy.txt § Remember These 5 very Important Rules"
R_IMPASSABLE = "battle_valor_fantasy.txt § Impassable Terrain"
STEP = 0.5          # inches the farthest point goes between two tries: under any base's smallest side (20 mm)
FINE = 20           # halvings that find where a base first touches or is stopped (a millionth of the step)


@dataclass(frozen=True, slots=True)
class Trip:
    """A way as the table lets a unit go along it."""
    length: float                 # the way's length (inches, its own measure)
    allowance: float              # what the move may go before terrain (inf: no limit given)
    budget: float                 # what it may go along this way: the allowance, halved after `entered`
    entered: float | None = None  # inches gone when a base first touches difficult terrain (None: never)
    terrain: str = ""             # that terrain, named
    blocked: float | None = None  # inches gone, still clear, when the next bit would meet `blocker`
    blocker: str = ""             # what stops it, in words
    blocker_uid: int = -1         # the unit that stops it (-1: terrain or the table's edge)
    edge: float | None = None     # inches gone, on the table, when a base leaves it (edge="pass" only)

    @property
    def reach(self) -> float:
        """How far it can really go along the way."""
        r = min(self.length, self.budget)
        if self.blocked is not None:
            r = min(r, self.blocked)
        if self.edge is not None:
            r = min(r, self.edge)
        return max(0.0, r)

    @property
    def clear(self) -> bool:
        """Nothing stops it before the way's end."""
        return self.blocked is None

    @property
    def within(self) -> bool:
        """The whole way lies within what it may go, terrain counted."""
        return self.length <= self.budget + 1e-6

    @property
    def complete(self) -> bool:
        return self.clear and self.within

    def slowed(self) -> str:
        """The terrain's effect in words ("" when it enters none on the way)."""
        if self.entered is None or self.entered > self.length - 1e-9:
            return ""
        return (f"enters {self.terrain} after {self.entered:.1f}\": the rest is halved, {self.budget:.1f}\" "
                f"in all")

    def stopped(self) -> str:
        if self.blocked is None:
            return ""
        return f"{self.blocker} is in the way after {self.blocked:.1f}\""


def budget_after(allowance: float, entered: float) -> float:
    """§ Difficult Terrain: the inches gone, then half of what was left,
    rounded up (never more than was left)."""
    left = max(0.0, allowance - entered)
    return entered + min(left, math.ceil(left / 2 - 1e-9))


def terrain_name(cat, t) -> str:
    if isinstance(t, Foot):
        return "a built obstacle"
    tt = cat.terrain.get(t.type)
    kind = tt.name if tt is not None else t.type
    return f"{t.name} ({kind})" if t.name and t.name != kind else kind


def starts_slowed(state: BVFState, u: Unit) -> bool:
    """The move starts wholly or partly in difficult terrain (its MR
    already halved: § Difficult Terrain), or the unit ignores terrain."""
    return space.in_difficult(state, u) or slowless(u)


def slowless(u: Unit) -> bool:
    """Difficult terrain never slows it: Sure Footed (Rams) and fliers."""
    return stats.any_effect(u, "ignore_difficult") or space.flying(u)


def walk(state: BVFState, u: Unit, feet_at: Callable[[float], list[Foot]], length: float, box: tuple,
         allowance: float = math.inf, ignore: tuple = (), terrain: bool = True, edge: str = "block",
         extra: Sequence[Foot] = (), enemy_gap: float = 0.0, line: tuple | None = None,
         among: Sequence[Unit] | None = None) -> Trip:
    """Follow `feet_at(s)` (the unit's bases after s inches) from 0 to
    `length` (no farther than the allowance, halved when difficult terrain
    is entered): where it first touches difficult terrain (`terrain`: it
    did not start in it and is slowed by it) and where it is first stopped:
    by a base of a unit not in `ignore` (its own side's skirmishers let it
    through), by `extra` bases (the stands of its own flight already
    placed), by impassable terrain, or by the table's edge (`edge`:
    "block", or "pass" to note where it leaves the table and go on).
    `enemy_gap`: enemies stop it that much short (an advance through a
    split unit).  `box` holds every base anywhere on the way.  What is in
    the way at the start (a base already touching) never stops it.
    `line`: (ux, uy) when the bases move straight, all alike, along that
    unit direction: other bases and the table's edge are then met exactly
    (first_hit), and only terrain is looked for along the way.  `among`:
    the units that can be in the way (a flight's stands ask for the same)."""
    fly = space.flying(u)
    table = state.table
    start = feet_at(0.0)
    sb = _box(start)
    lim = 1e-3 + enemy_gap
    units = []
    if not fly:
        for v in (space.on_table(state) if among is None else among):
            if v.uid == u.uid or v.uid in ignore:
                continue
            if v.owner == u.owner and v.formation == "skirmish" and v.kind == "unit":
                continue                          # friends move through skirmishers (§ Remember These 5 ...)
            vb = space.unit_bbox(state, v)
            if not _meets(vb, box, lim):
                continue
            vf = space.feet(state, v)
            gap = enemy_gap if v.owner != u.owner else 0.0
            if _meets(vb, sb, gap + 1e-3) and _hits(start, vf, gap):
                continue                          # touching it already: moving on never stops on it
            units.append((v, vb, vf, gap))
    mine = [f for f in extra if _meets(f.bbox, box, 1e-3) and not (_meets(f.bbox, sb, 1e-3) and overlapping(start, [f]))]
    walls = []
    if not fly and table.impassable:
        climbs = stats.any_effect(u, "climbs_impassable")
        walls = [p for p in table.impassable if _meets(p.bbox, box) and not (climbs and p.flag("natural"))
                 and not any(_overlaps_piece(p, f) for f in start)]
    off = not (box[0] >= -EPS and box[1] >= -EPS and box[2] <= table.width + EPS and box[3] <= table.height + EPS)
    slow_pieces: list = []
    slow_strips: list = []
    if terrain and not starts_slowed(state, u):
        slow_pieces = [p for p in table.difficult if _meets(p.bbox, box)]
        if state.works:
            slow_strips = [w for w in space.work_feet(state) if _meets(w.bbox, box)]
    budget = allowance
    if not (units or mine or walls or off or slow_pieces or slow_strips):
        return Trip(length, allowance, budget)
    mine_box = _box(mine) if mine and line is None else None
    # the bases that could stop it, each with its gap (clearance measures to them, not to their units' boxes:
    # a stand fleeing through a packed army steps between the blocks)
    bases = [] if line is not None else \
        [(g.bbox, gap) for _, _, vf, gap in units for g in vf if _meets(g.bbox, box, gap + 1e-3)] + \
        [(g.bbox, 0.0) for g in mine]

    def stop(fs: list[Foot]):
        """What stops these bases: (words, uid, at the edge) or None."""
        if off:
            for f in fs:
                if not table.on_table(f):
                    return "the table's edge", -1, True
        if walls:
            for f in fs:
                for p in walls:
                    if _meets(p.bbox, f.bbox) and _overlaps_piece(p, f):
                        return f"{terrain_name(state.catalog, p)}, impassable", -1, False
        if units or mine:
            fb = _box(fs)
            for v, vb, vf, gap in units:
                if _meets(vb, fb, gap + 1e-3) and _hits(fs, vf, gap):
                    return v.name, v.uid, False
            if mine_box is not None and _meets(mine_box, fb, 1e-3) and overlapping(fs, mine):
                return "its own stands", u.uid, False
        return None

    def slowing(fs: list[Foot]):
        return space.exact_difficult(state, fs, slow_pieces, slow_strips) if (slow_pieces or slow_strips) else None

    gap_of = space._bbox_gap
    W, H = table.width, table.height

    def clearance(fb: tuple, slow: bool) -> float:
        """No base inside `fb` comes nearer than this to anything that could
        stop or slow it: a move that long cannot meet one (every point of a
        block moves at most the way's inches)."""
        d = math.inf
        if off:
            d = min(fb[0], fb[1], W - fb[2], H - fb[3])
        for p in walls:
            d = min(d, gap_of(fb, p.bbox))
        for gb, g in bases:
            d = min(d, gap_of(fb, gb) - g)
        if slow:
            for p in slow_pieces:
                d = min(d, gap_of(fb, p.bbox))
            for w in slow_strips:
                d = min(d, gap_of(fb, w.bbox))
        return d

    entered = None
    name = ""
    reach = min(length, budget)
    hit_at = None
    slow_at = None
    if line is not None and enemy_gap <= 0.0:
        # straight: where another base or the table's edge is first met, found exactly; the rest is terrain
        start_feet = feet_at(0.0)
        hit_at = first_hit(start_feet, line, [(g, v) for v, _, vf, _ in units for g in vf] +
                           [(g, None) for g in mine], W_H=(table.width, table.height) if off else None)
        for p in [p for p in walls if _convex(p.ring)]:          # a building: met exactly too
            t = _touch_time(start_feet, line, p.ring, p.bbox)
            if t is not None and (hit_at is None or t < hit_at[0]):
                hit_at = (max(0.0, t - 2e-4), p, False)    # short of touching it (touching is on it: geometry)
        walls = [p for p in walls if not _convex(p.ring)]
        for p in [p for p in slow_pieces if _convex(p.ring)] + slow_strips:    # a field, a wall, a strip
            ring = p.corners if isinstance(p, Foot) else p.ring
            assert ring is not None           # the convex pieces above, and strips, have their outline
            t = _touch_time(start_feet, line, ring, p.bbox)
            if t is not None and (slow_at is None or t < slow_at[0]):
                slow_at = (t, p)
        slow_pieces = [p for p in slow_pieces if not _convex(p.ring)]
        slow_strips = []
        units, mine, bases, off, mine_box = [], [], [], False, None
        if slow_at is not None:
            reach = min(reach, slow_at[0])        # the pieces sampled below may still be met before it
        if hit_at is not None:
            reach = min(reach, hit_at[0])
        if not (walls or slow_pieces):
            reach = 0.0
    prev = 0.0
    while prev < reach - 1e-12:
        if hit_at is not None and prev >= hit_at[0] - 1e-12:
            break
        s = min(reach, prev + max(STEP, clearance(_box(feet_at(prev)), entered is None)))
        fs = feet_at(s)
        if entered is None:
            t = slowing(fs)
            if t is not None:
                lo, hi = prev, s
                for _ in range(FINE):
                    mid = (lo + hi) / 2
                    if slowing(feet_at(mid)) is not None:
                        hi = mid
                    else:
                        lo = mid
                entered, name = hi, terrain_name(state.catalog, t)
                budget = budget_after(allowance, entered)
                reach = min(length, budget)
                if s > reach:
                    s = reach
                    fs = feet_at(s)
        hit = stop(fs)
        if hit is not None:
            lo, hi = prev, s
            for _ in range(FINE):
                mid = (lo + hi) / 2
                if stop(feet_at(mid)) is None:
                    lo = mid
                else:
                    hi = mid
            if hit_at is None or lo < hit_at[0]:
                first = stop(feet_at(hi)) or hit
                if first[2] and edge == "pass":
                    return Trip(length, allowance, budget, entered, name, None, "", -1, lo)
                return Trip(length, allowance, budget, entered, name, lo, first[0], first[1])
            break
        prev = s
    if entered is None and slow_at is not None and slow_at[0] < min(length, budget):
        entered, name = slow_at[0], terrain_name(state.catalog, slow_at[1])
        budget = budget_after(allowance, entered)
    return _ended(state.catalog, length, allowance, budget, entered, name, hit_at, edge, u)


def _ended(cat, length, allowance, budget, entered, name, hit_at, edge: str, u: Unit) -> Trip:
    """The trip, stopped at `hit_at` ((inches, unit or None, at the edge)) when that comes within the move."""
    if hit_at is None or hit_at[0] >= min(length, budget):
        return Trip(length, allowance, budget, entered, name)
    t, v, at_edge = hit_at
    if at_edge:
        if edge == "pass":
            return Trip(length, allowance, budget, entered, name, None, "", -1, t)
        return Trip(length, allowance, budget, entered, name, t, "the table's edge", -1)
    if v is None:
        return Trip(length, allowance, budget, entered, name, t, "its own stands", u.uid)
    if not isinstance(v, Unit):                  # a piece of impassable terrain
        return Trip(length, allowance, budget, entered, name, t, f"{terrain_name(cat, v)}, impassable", -1)
    return Trip(length, allowance, budget, entered, name, t, v.name, v.uid)


def flight_cands(state: BVFState, u: Unit, box: tuple) -> tuple:
    """For the stands of `u`'s flight, whose ways all lie in `box`: the
    other units' bases that stop them ((base, unit)), and the bases of its
    own side's skirmishers it passes through but may not end on, each as a
    Grid (a stand asks only the cells its way crosses)."""
    stops, passed = Grid(), Grid()
    for v in space.near_box(state, u, box, 0.0):
        through = v.owner == u.owner and v.formation == "skirmish" and v.kind == "unit"
        for g in space.feet(state, v):
            (passed if through else stops).add(g, v)
    return stops, passed


def stand_run(state: BVFState, u: Unit, f0: Foot, line: tuple, length: float, allowance: float,
              stops: "Grid", passed: "Grid", extra: Sequence[Foot] = (), terrain: bool = True) -> tuple[Trip, float]:
    """One base run straight along `line` (a stand of a flight): the trip
    (as walk gives it, a base leaving the table noted in `edge`) and how
    far it ends, clear of every base (it may pass its side's skirmishers,
    not end on them).  `stops`, `passed`: flight_cands' lists (all the
    bases near the whole flight); `extra`: its own unit's other stands."""
    ux, uy = line
    end0 = f0.moved(f0.x + ux * length, f0.y + uy * length)
    fb, eb = f0.bbox, end0.bbox
    box = (min(fb[0], eb[0]), min(fb[1], eb[1]), max(fb[2], eb[2]), max(fb[3], eb[3]))
    table = state.table
    irregular = [p for p in table.impassable if _meets(p.bbox, box) and not _convex(p.ring)] if not space.flying(u) \
        else []
    if irregular:                     # an outline no slide can solve: the general walk
        def at(d):
            return [f0.moved(f0.x + ux * d, f0.y + uy * d)]
        trip = walk(state, u, at, length, box, allowance, terrain=terrain, edge="pass", extra=extra, line=line)
        return trip, settle(state, u, at, trip.reach, extra)
    cands = [(g, v) for g, v in stops.near(box) if not (_meets(g.bbox, fb, 1e-3) and overlapping([f0], [g]))]
    cands += [(g, None) for g in extra if _meets(g.bbox, box, 1e-3) and not (_meets(g.bbox, fb, 1e-3) and
                                                                             overlapping([f0], [g]))]
    off = not (box[0] >= -EPS and box[1] >= -EPS and box[2] <= table.width + EPS and box[3] <= table.height + EPS)
    hit_at = first_hit([f0], line, cands, W_H=(table.width, table.height) if off else None) if (cands or off) \
        else None
    if not space.flying(u):
        climbs = stats.any_effect(u, "climbs_impassable")
        for p in table.impassable:
            if _meets(p.bbox, box) and not (climbs and p.flag("natural")) and not _overlaps_piece(p, f0):
                t = _touch_time([f0], line, p.ring, p.bbox)
                if t is not None and (hit_at is None or t < hit_at[0]):
                    hit_at = (max(0.0, t - 2e-4), p, False)
    entered, name, budget = None, "", allowance
    if terrain and not starts_slowed(state, u):
        slow_at: tuple[float, Piece | Foot] | None = None      # a terrain piece or a field work
        for p in table.difficult:
            if not _meets(p.bbox, box):
                continue
            if _convex(p.ring):
                t = _touch_time([f0], line, p.ring, p.bbox)
            else:
                t = _sampled_touch(f0, line, length, p)
            if t is not None and (slow_at is None or t < slow_at[0]):
                slow_at = (t, p)
        for w in (space.work_feet(state) if state.works else ()):
            if _meets(w.bbox, box):
                assert w.corners is not None      # a work's feet are laid out with their corners
                t = _touch_time([f0], line, w.corners, w.bbox)
                if t is not None and (slow_at is None or t < slow_at[0]):
                    slow_at = (t, w)
        if slow_at is not None and slow_at[0] < min(length, allowance) and \
                (hit_at is None or slow_at[0] < hit_at[0]):
            entered, name = slow_at[0], terrain_name(state.catalog, slow_at[1])
            budget = budget_after(allowance, entered)
    trip = _ended(state.catalog, length, allowance, budget, entered, name, hit_at, "pass", u)
    gone = trip.reach
    if passed and trip.edge is None:
        lay = passed.near(box)
        if lay:
            def at(d):
                return [f0.moved(f0.x + ux * d, f0.y + uy * d)]
            gone = settle(state, u, at, gone, near_feet=[g for g, _ in lay])
    return trip, gone


def _sampled_touch(f0: Foot, line: tuple, length: float, p) -> float | None:
    """Where a base sliding along `line` first touches the piece `p` (an
    outline no slide solves), tried every STEP and bisected."""
    ux, uy = line
    n = max(1, math.ceil(length / STEP))
    prev = 0.0
    for k in range(1, n + 1):
        s = length * k / n
        if _overlaps_piece(p, f0.moved(f0.x + ux * s, f0.y + uy * s)):
            lo, hi = prev, s
            for _ in range(FINE):
                mid = (lo + hi) / 2
                if _overlaps_piece(p, f0.moved(f0.x + ux * mid, f0.y + uy * mid)):
                    hi = mid
                else:
                    lo = mid
            return hi
        prev = s
    return None


def settle(state: BVFState, u: Unit, feet_at, s: float, extra: Sequence[Foot] = (), ignore: tuple = (),
           near_feet: Sequence[Foot] | None = None) -> float:
    """The farthest point at most `s` inches along the way where the bases
    stand clear of every other unit's (the skirmishers it passed through
    included: it may not end on them) and of `extra`: stepping back a
    tenth of an inch at a time (the start is always allowed).
    `near_feet`: the other units' bases that can be there, when known."""
    d = s
    while d > 0.0:
        fs = feet_at(d)
        fb = _box(fs)
        if near_feet is not None:
            near = [g for g in near_feet if _meets(g.bbox, fb, 1e-3)]
        else:
            near = [g for v in space.near_box(state, u, fb, 0.0) if v.uid not in ignore for g in space.feet(state, v)
                    if _meets(g.bbox, fb, 1e-3)]
        near += [g for g in extra if _meets(g.bbox, fb, 1e-3)]
        if not near or not overlapping(fs, near):
            return d
        d = max(0.0, d - _back(s, d))
    return 0.0


def _back(s: float, d: float) -> float:
    """How far settle steps back next: a hair at first (a base met exactly
    may overlap by a rounding), then a tenth of an inch at a time."""
    gone = s - d
    if gone < 5e-5:
        return 1e-4
    if gone < 5e-3:
        return max(1e-4, 1e-2 - gone)
    return 0.1


def _box(fs: Sequence[Foot]) -> tuple:
    return (min(f.bbox[0] for f in fs), min(f.bbox[1] for f in fs), max(f.bbox[2] for f in fs),
            max(f.bbox[3] for f in fs))


def _hits(fs: Sequence[Foot], others: Sequence[Foot], gap: float) -> bool:
    if gap > 0:
        return space.any_within(list(fs), list(others), gap - 1e-6)
    return overlapping(fs, others)


# ---- the unit's ways ---------------------------------------------------------------------------

def way_box(state: BVFState, u: Unit, way: Way, feet_at) -> tuple:
    """A box holding every base of the unit anywhere along the way: the
    boxes where each leg starts and ends, and round a wheel the disc its
    farthest corner sweeps."""
    b = _box(feet_at(0.0))
    s = 0.0
    for leg in way.legs:
        s += leg.length
        b = space.hull(b, _box(feet_at(s)))
        if leg.wheel and abs(leg.angle) > EPS:
            r = leg.length / abs(math.radians(leg.angle))
            b = space.hull(b, (leg.px - r, leg.py - r, leg.px + r, leg.py + r))
    return b


def unit_feet_at(u: Unit, way: Way):
    """The unit's bases in formation along the way (a memo of the places asked)."""
    memo: dict = {}

    def at(s: float) -> list[Foot]:
        v = memo.get(s)
        if v is None:
            v = memo[s] = space.layout(u, way.frame_at(s))
        return v
    return at


def along_way(state: BVFState, u: Unit, way: Way, allowance: float = math.inf, ignore: tuple = (),
              terrain: bool = True, edge: str = "block", enemy_gap: float = 0.0) -> Trip:
    """The unit, in its formation, along a block's way (an advance, a
    charge, Fate's move)."""
    at = unit_feet_at(u, way)
    line = (way.legs[0].ux, way.legs[0].uy) if len(way.legs) == 1 and not way.legs[0].wheel else None
    return walk(state, u, at, way.length, way_box(state, u, way, at), allowance, ignore, terrain, edge,
                enemy_gap=enemy_gap, line=line)


def blocked_words(state: BVFState, u: Unit, trip: Trip) -> tuple[str, str]:
    """Why a way is stopped, in words, with the rule."""
    v = state.units.get(trip.blocker_uid) if trip.blocker_uid >= 0 else None
    if v is not None and v.uid != u.uid and v.owner == u.owner:
        return (f"{u.name} would pass through {v.name} after {trip.blocked:.1f}\": units move through friends only "
                f"when those are skirmishing", R_THROUGH)
    if v is not None and v.uid != u.uid:
        return f"{space.told_apart(state, u.owner, v)} is in the way after {trip.blocked:.1f}\"", R_THROUGH
    if trip.blocker == "the table's edge":
        return f"The way leaves the table after {trip.blocked:.1f}\"", R_THROUGH
    return f"{trip.blocker[0].upper() + trip.blocker[1:]} is in the way after {trip.blocked:.1f}\"", R_IMPASSABLE


def slowed_words(u: Unit, trip: Trip) -> str:
    return (f"{u.name} enters {trip.terrain} after {trip.entered:.1f}\": the rest of its move is halved "
            f"(at most {trip.budget:.1f}\" in all)")


def terrain_on(state: BVFState, u: Unit, way: Way) -> list[str]:
    """The terrain pieces the unit's bases touch along the way (exactly),
    in the order met, named with what each does to it: the previews' words."""
    at = unit_feet_at(u, way)
    box = way_box(state, u, way, at)
    seen: dict = {}
    pieces = [p for p in state.table.terrain if _meets(p.bbox, box) and (p.difficult or p.impassable or
                                                                          p.flag("woods") or p.flag("linear"))]
    if not pieces:
        return []
    L = way.length
    n = max(1, math.ceil(L / STEP))
    for k in range(n + 1):
        fs = at(L * k / n)
        for p in pieces:
            if id(p) in seen:
                continue
            if any(_meets(p.bbox, f.bbox) and _overlaps_piece(p, f) for f in fs):
                seen[id(p)] = p
    return [terrain_effect(state.catalog, u, p) for p in seen.values()]


def terrain_effect(cat, u: Unit, p) -> str:
    """A piece of terrain on a unit's way and what it does to it."""
    name = terrain_name(cat, p)
    if p.impassable:
        return f"{name}: impassable" + (" (it flies over)" if space.flying(u) else "")
    parts = []
    if p.difficult:
        parts.append("difficult (no effect on it)" if slowless(u) else "difficult, halves the rest of the move")
    if p.flag("linear"):
        parts.append("no impact hits across it")
    if p.flag("woods"):
        parts.append("seen only within 2\" of its edge")
    return f"{name}: " + ", ".join(parts) if parts else name
