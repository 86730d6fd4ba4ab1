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
from engine.table.geometry import EPS, Foot, _overlaps_piece
from engine.table.ways import Way
from games.battle_valor_fantasy import space, stats
from games.battle_valor_fantasy.catalog import cat
from games.battle_valor_fantasy.state import BVFState, Unit

R_DIFFICULT = "battle_valor_fantasy.txt § Difficult Terrain"
R_THROUGH = "battle_valor_fantasy.txt § Remember These 5 very Important Rules"
R_IMPASSABLE = "battle_valor_fantasy.txt § Impassable Terrain"
STEP = 0.5          # inches the farthest point goes between two tries: under any base's smallest side (20 mm)
FINE = 14           # halvings that find where a base first touches or is stopped (within 0.5 / 2**14 inch)


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


def terrain_name(t) -> str:
    if isinstance(t, Foot):
        return "a built obstacle"
    tt = cat().terrain.get(t.type)
    kind = tt.name if tt is not None else t.type
    return f"{t.name} ({kind})" if t.name and t.name != kind else kind


def starts_slowed(state: BVFState, u: Unit) -> bool:
    """The move starts wholly or partly in difficult terrain (its MR
    already halved: § Difficult Terrain), or the unit ignores terrain."""
    return space.in_difficult(state, u) or slowless(u)


def slowless(u: Unit) -> bool:
    """Difficult terrain never slows it: Sure Footed (Rams) and fliers."""
    return stats.any_effect(u, "ignore_difficult") or space.flying(u)


def _meets(a: tuple, b: tuple, m: float = 0.0) -> bool:
    return not (a[0] > b[2] + m or b[0] > a[2] + m or a[1] > b[3] + m or b[1] > a[3] + m)


def walk(state: BVFState, u: Unit, feet_at: Callable[[float], list[Foot]], length: float, box: tuple,
         allowance: float = math.inf, ignore: tuple = (), terrain: bool = True, edge: str = "block",
         extra: Sequence[Foot] = (), enemy_gap: float = 0.0) -> Trip:
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
    the way at the start (a base already touching) never stops it."""
    fly = space.flying(u)
    table = state.table
    start = feet_at(0.0)
    lim = 1e-3 + enemy_gap
    units = []
    if not fly:
        for v in space.on_table(state):
            if v.uid == u.uid or v.uid in ignore:
                continue
            if v.owner == u.owner and v.formation == "skirmish" and v.kind == "unit":
                continue                          # friends move through skirmishers (§ Remember These 5 ...)
            vb = space.unit_bbox(state, v)
            if not _meets(vb, box, lim):
                continue
            vf = space.feet(state, v)
            gap = enemy_gap if v.owner != u.owner else 0.0
            if _hits(start, vf, gap):
                continue                          # touching it already: moving on never stops on it
            units.append((v, vb, vf, gap))
    mine = [f for f in extra if _meets(f.bbox, box, 1e-3) and not overlapping(start, [f])]
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
                        return f"{terrain_name(p)}, impassable", -1, False
        if units or mine:
            fb = _box(fs)
            for v, vb, vf, gap in units:
                if _meets(vb, fb, gap + 1e-3) and _hits(fs, vf, gap):
                    return v.name, v.uid, False
            if mine and _meets(_box(mine), fb, 1e-3) and overlapping(fs, mine):
                return "its own stands", u.uid, False
        return None

    def slowing(fs: list[Foot]):
        return space.exact_difficult(state, fs, slow_pieces, slow_strips) if (slow_pieces or slow_strips) else None

    gap_of = space._bbox_gap
    W, H = table.width, table.height
    mine_box = _box(mine) if mine else None

    def clearance(fb: tuple, slow: bool) -> float:
        """No base inside `fb` comes nearer than this to anything that could
        stop or slow it: a move that long cannot meet one (every point of a
        block moves at most the way's inches)."""
        d = math.inf
        if off:
            d = min(fb[0], fb[1], W - fb[2], H - fb[3])
        for p in walls:
            d = min(d, gap_of(fb, p.bbox))
        for _, vb, _, g in units:
            d = min(d, gap_of(fb, vb) - g)
        if mine_box is not None:
            d = min(d, gap_of(fb, mine_box))
        if slow:
            for p in slow_pieces:
                d = min(d, gap_of(fb, p.bbox))
            for w in slow_strips:
                d = min(d, gap_of(fb, w.bbox))
        return d

    entered = None
    name = ""
    reach = min(length, budget)
    prev = 0.0
    while prev < reach - 1e-12:
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
                entered, name = hi, terrain_name(t)
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
            first = stop(feet_at(hi)) or hit
            if first[2] and edge == "pass":
                return Trip(length, allowance, budget, entered, name, None, "", -1, lo)
            return Trip(length, allowance, budget, entered, name, lo, first[0], first[1])
        prev = s
    return Trip(length, allowance, budget, entered, name)


def settle(state: BVFState, u: Unit, feet_at, s: float, extra: Sequence[Foot] = (), ignore: tuple = ()) -> float:
    """The farthest point at most `s` inches along the way where the bases
    stand clear of every other unit's (the skirmishers it passed through
    included: it may not end on them) and of `extra`: stepping back a
    tenth of an inch at a time (the start is always allowed)."""
    others = [f for v in space.on_table(state) if v.uid != u.uid and v.uid not in ignore for f in space.feet(state, v)]
    others += list(extra)
    d = s
    while d > 0.0:
        fs = feet_at(d)
        fb = _box(fs)
        near = [g for g in others if _meets(g.bbox, fb, 1e-3)]
        if not near or not overlapping(fs, near):
            return d
        d = max(0.0, d - 0.1)
    return 0.0


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
    return walk(state, u, at, way.length, way_box(state, u, way, at), allowance, ignore, terrain, edge,
                enemy_gap=enemy_gap)


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
    return [terrain_effect(u, p) for p in seen.values()]


def terrain_effect(u: Unit, p) -> str:
    """A piece of terrain on a unit's way and what it does to it."""
    name = terrain_name(p)
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
