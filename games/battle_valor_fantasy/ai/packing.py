"""Room for a whole army: the units a seat has still to deploy packed into
its zone, row after row from the front edge back.

Placing units one at a time where each looks best leaves gaps, and two
2000-point armies fill the Field of the Abaci's 12" zones to two thirds:
the last blocks found no room and took no part in the battle. `plan` packs
the units still to place (the widest first, each as far forward as it
goes: a skyline, with what already stands in the zone raising it), trying
a unit's own frontage first and then narrower lines (more ranks). "Place
it for me" puts a unit where it looks best only while `plan` still finds
room for the rest, and else where `plan` puts it
(docs/games/battle_valor_fantasy.md § The turn, Deployment).

Everything here is a proposal: the rules' check decides each placement.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from engine.core.actions import Action
from engine.table.formations import Frame
from games.battle_valor_fantasy.rules import alliance, moves, setup, space
from games.battle_valor_fantasy.rules.state import BVFState, Unit

GAP = 0.1              # inches left between two units
EDGE = 0.02            # inches kept inside the zone's edges
TRIES = 8              # the best-looking placements weighed against the room left for the rest


@dataclass(frozen=True)
class Placement:
    frame: Frame
    formation: str
    files: int
    box: tuple         # the unit's box there (table inches)


def _to_zone(facing: float):
    """(along, ahead) of a point, ahead growing toward the enemy, and back."""
    f = round(facing) % 360
    if f == 90:
        return (lambda x, y: (x, y)), (lambda a, d: (a, d))
    if f == 270:
        return (lambda x, y: (x, -y)), (lambda a, d: (a, -d))
    if f == 0:
        return (lambda x, y: (y, x)), (lambda a, d: (d, a))
    return (lambda x, y: (y, -x)), (lambda a, d: (-d, a))


def _span(box, to) -> tuple:
    """A box as (along0, along1, ahead0, ahead1)."""
    a0, d0 = to(box[0], box[1])
    a1, d1 = to(box[2], box[3])
    return min(a0, a1), max(a0, a1), min(d0, d1), max(d0, d1)


def shapes(state, u: Unit) -> list[tuple[str, int]]:
    """The set-ups tried for a unit: its own, then narrower lines."""
    n = len(u.stands)
    own = (u.formation, u.files if n > 1 else 1)
    out = [own]
    if u.formation == "line" and n > 1:
        out += [("line", f) for f in range(own[1] - 1, 1, -1)
                if math.ceil(n / f) <= f and moves.files_ok(state.catalog, "line", n, f) is None]
    return out


def order(units: list[Unit]) -> list[Unit]:
    """The widest first (they are the hardest to fit), the General last (he
    deploys last: § Starting the Game)."""
    def width(u: Unit) -> float:
        return space.shape_of(u).width * (u.files if len(u.stands) > 1 else 1)
    return sorted(units, key=lambda u: (u.kind == "general", -width(u), u.uid))


class _Skyline:
    """How far back from the zone's front each stretch of its width is
    taken: (along0, along1, depth) pieces covering the zone's width."""

    def __init__(self, a0: float, a1: float):
        self.a0, self.a1 = a0, a1
        self.pieces = [(a0, a1, 0.0)]

    def base(self, a: float, w: float) -> float:
        return max(d for p0, p1, d in self.pieces if p0 < a + w - 1e-6 and a < p1 - 1e-6)

    def starts(self, w: float, centred: bool) -> list[float]:
        """Where a piece `w` wide may start: against each step of the
        skyline (and, `centred`, in the middle of the zone)."""
        out = {(self.a0 + self.a1 - w) / 2} if centred else set()
        for p0, p1, _ in self.pieces:
            out.update((p0, p1 - w))
        return sorted(a for a in out if self.a0 - 1e-9 <= a and a + w <= self.a1 + 1e-9)

    def raise_to(self, a: float, w: float, depth: float) -> None:
        b = a + w
        out = []
        for p0, p1, d in self.pieces:
            if p1 <= a or p0 >= b:
                out.append((p0, p1, d))
                continue
            if p0 < a:
                out.append((p0, a, d))
            out.append((max(p0, a), min(p1, b), max(d, depth)))
            if p1 > b:
                out.append((b, p1, d))
        self.pieces = out


def plan(state: BVFState, units: list[Unit], extra: list[tuple] = (), first: Unit | None = None) \
        -> dict[int, Placement] | None:
    """Where each of `units` (one seat's, still to deploy) would stand,
    packed into the seat's zone around what already stands there (and the
    boxes `extra`); None when they do not all fit. `first` is packed before
    the others (the unit placed now: what stands there is a wall to the
    packing, room in front of it included). Packed from the middle of the
    zone out, and from one flank across when that leaves a unit out."""
    if not units:
        return {}
    ordered = order([u for u in units if u is not first])
    if first is not None:
        ordered = [first] + ordered
    return _pack(state, ordered, extra, True) or _pack(state, ordered, extra, False)


def _pack(state: BVFState, units: list[Unit], extra, centred: bool) -> dict[int, Placement] | None:
    p = units[0].owner
    z = setup.zone_of(state, p, units[0])       # a Grand Alliance: the seat's part (units of one seat)
    if z is None:
        return None
    facing = setup.zone_facing(state, p)
    to, back = _to_zone(facing)
    za0, za1, zd0, zd1 = _span(z.bbox, to)
    sky = _Skyline(za0 + EDGE, za1 - EDGE)
    taken = [space.unit_bbox(state, v) for v in space.on_table(state)] + list(extra) + \
        [t.bbox for t in state.table.impassable]
    for box in taken:
        b0, b1, d0, d1 = _span(box, to)
        if b1 > za0 and b0 < za1 and d1 > zd0 and d0 < zd1:
            sky.raise_to(b0 - GAP, b1 - b0 + 2 * GAP, zd1 - d0 + GAP)
    room = zd1 - zd0 - EDGE
    middle = (za0 + za1) / 2
    out: dict[int, Placement] = {}
    for u in units:
        best = None
        for formation, files in shapes(state, u):
            fs = space.layout(u, Frame(0.0, 0.0, facing), formation, files)
            ra0, ra1, rd0, rd1 = _span((min(f.bbox[0] for f in fs), min(f.bbox[1] for f in fs),
                                        max(f.bbox[2] for f in fs), max(f.bbox[3] for f in fs)), to)
            w, d = ra1 - ra0, rd1 - rd0
            for a in sky.starts(w, centred):
                depth = max(sky.base(a, w), EDGE)
                if depth + d > room:
                    continue
                key = (round(depth, 6), abs(a + w / 2 - middle) if centred else a)
                if best is None or key < best[0]:
                    best = (key, a, depth, w, d, formation, files, ra0, rd1)
            if best is not None:
                break                      # its own frontage fits somewhere: no narrower line
        if best is None:
            return None
        _, a, depth, w, d, formation, files, ra0, rd1 = best
        sky.raise_to(a, w + GAP, depth + d + GAP)
        fx, fy = back(a - ra0, zd1 - depth - rd1)
        frame = Frame(round(fx, 3), round(fy, 3), facing)
        out[u.uid] = Placement(frame, formation, files, space.feet_box(space.layout(u, frame, formation, files)))
    return out


def still_to_place(state: BVFState, u: Unit) -> list[Unit]:
    """The other units of u's seat still to deploy."""
    seat = alliance.seat_of(state, u)
    return [v for v in state.units.values() if v.owner == u.owner and v.uid != u.uid and not v.deployed
            and v.alive and "reserve" not in v.marks and alliance.seat_of(state, v) == seat]


def place_for_me(state: BVFState, u: Unit, cands: list[Action], allowed, score, wrap=lambda a: a) -> Action | None:
    """"Place it for me": of the deploy actions `cands`, the best by `score`
    that the rules allow (`allowed`) and after which the rest of the seat's
    army still packs into the zone (one of the TRIES best); else where the
    packing puts the unit; else the best allowed (when the army cannot all
    fit however packed). None when no placement is allowed."""
    rest = still_to_place(state, u)
    whole = plan(state, [u] + rest, first=u)
    first, tried = None, 0
    for a in sorted((a for a in cands if a.kind == "deploy"), key=lambda a: -score(a)):
        if not allowed(a):
            continue
        first = first or a
        if whole is None:
            return a
        box = space.feet_box(space.layout(u, Frame(a["x"], a["y"], a["facing"]), a["formation"], a["files"]))
        if plan(state, rest, [box]) is not None:
            return a
        tried += 1
        if tried >= TRIES:
            break
    if whole is not None:
        q = whole[u.uid]
        a = wrap(Action.make("deploy", u.owner, uid=u.uid, x=q.frame.x, y=q.frame.y, facing=q.frame.facing,
                             formation=q.formation, files=q.files))
        if allowed(a):
            return a
    return first
