"""Where the computer general sets up a unit: facing the enemy (never along
the zone, where a turn would swing its tail off the table), as far forward
as there is room (missile troops on foot and war machines as far back:
they shoot from 14" and more off, the blocks need their lanes to close
in), and with a lane ahead of it clear of buildings, of our own units
already placed and, less so, of difficult ground: a unit boxed
in behind a farmhouse or another block never reaches the fight in six
turns (docs/games/battle_valor_fantasy.md § Bars still open).

`spots` proposes set-ups on an inch grid across the zone, screened by
boxes (the rules' check decides, best first); `value` scores any set-up,
listed by the rules or proposed here, the same way.
"""
from __future__ import annotations

from engine.core.actions import Action
from engine.table.formations import Frame
from games.battle_valor_fantasy.rules import setup, space, stats
from games.battle_valor_fantasy.rules.state import BVFState, Unit

LANE = 26.0            # inches ahead that should be open: to the enemy's zone
BLOCKED = 0.6          # per inch of the lane lost to a building or one of ours
ROUGH = 0.15           # per inch of the lane lost to difficult ground
FORWARD = 0.3          # per inch behind the front of the zone
CENTRE = 0.03          # per inch from the middle of the zone's width
SHOWN = 24             # proposed set-ups per unit (the best by their boxes)


def _axes(facing: float):
    """(along, ahead) of a point for a zone facing `facing` (90: south, the
    north zone's; 270: north; 0: east; 180: west), ahead growing toward the
    enemy."""
    f = round(facing) % 360
    if f == 90:
        return lambda x, y: (x, y)
    if f == 270:
        return lambda x, y: (x, -y)
    if f == 0:
        return lambda x, y: (y, x)
    return lambda x, y: (y, -x)


def _span(box, to):
    """A box as (along0, along1, back, front) in the zone's axes."""
    a0, d0 = to(box[0], box[1])
    a1, d1 = to(box[2], box[3])
    return min(a0, a1), max(a0, a1), min(d0, d1), max(d0, d1)


def formations(state, u: Unit) -> list[tuple[str, int]]:
    """The formations the general sets a unit up in: its own, and for a big
    block that charges an attack column (narrow enough to pass between
    our other units and the terrain)."""
    n = len(u.stands)
    out = [(u.formation, u.files if n > 1 else 1)]
    if n >= 6 and stats.missile(state, u) is None and stats.has_leader(u) and not stats.machine(u):
        out.append(("attack_column", setup.attack_files(n)))
    return out


def _lane_weight(state, u: Unit) -> float:
    """How much a unit needs its lane: war machines stay put, missile troops
    on foot keep their distance and shoot, the rest close in."""
    if stats.machine(u) or u.kind != "unit":
        return 0.0
    if stats.missile(state, u) is not None and not u.profile.mounted:
        return 0.3
    return 1.0


def _obstacles(state: BVFState, u: Unit, to):
    """(span, weight) of what closes u's lane: buildings and our units placed
    (BLOCKED), difficult ground (ROUGH); and (span, weight) of our units
    whose lanes u would close."""
    out, behind = [], []
    for t in state.table.impassable:
        out.append((_span(t.bbox, to), BLOCKED))
    if not stats.any_effect(u, "ignore_difficult") and not space.flying(u):
        for t in state.table.difficult:
            out.append((_span(t.bbox, to), ROUGH))
    for v in space.on_table(state):
        if v.uid != u.uid and v.owner == u.owner:
            sp = _span(space.unit_bbox(state, v), to)
            out.append((sp, BLOCKED))
            if _lane_weight(state, v):
                behind.append((sp, BLOCKED * _lane_weight(state, v)))
    return out, behind


def _blocks(span, b, w) -> float:
    """What obstacle `b` costs the lane ahead of `span`."""
    a0, a1, _, front = span
    b0, b1, back, bfront = b
    if b1 <= a0 or b0 >= a1 or bfront <= front or back >= front + LANE:
        return 0.0
    share = min(1.0, (min(a1, b1) - max(a0, b0)) / min(max(0.5, a1 - a0), 2.0))   # a sliver is slid past
    return w * share * (front + LANE - max(back, front))


def _value(span, zone_span, obstacles, need: float) -> float:
    a0, a1, _, front = span
    z0, z1, _, zfront = zone_span
    ahead, behind = obstacles
    cost = need * sum(_blocks(span, b, w) for b, w in ahead) + sum(_blocks(b, span, w) for b, w in behind)
    # missile troops on foot and war machines shoot from the back: the blocks in front keep their lanes
    forward = -FORWARD * (zfront - front) if need >= 1.0 else FORWARD * (zfront - front)
    return forward - CENTRE * abs((a0 + a1) / 2 - (z0 + z1) / 2) - cost


def value(state: BVFState, u: Unit, frame: Frame, formation: str, files: int) -> float:
    """How good a set-up is (higher better): forward, an open lane, near
    the middle."""
    z = setup.zone_of(state, u.owner, u)
    if z is None:
        return 0.0
    to = _axes(setup.zone_facing(state, u.owner))
    fs = space.layout(u, frame, formation, files)
    box = (min(f.bbox[0] for f in fs), min(f.bbox[1] for f in fs), max(f.bbox[2] for f in fs),
           max(f.bbox[3] for f in fs))
    if abs(((frame.facing - setup.zone_facing(state, u.owner)) + 180.0) % 360.0 - 180.0) > 1.0:
        return -100.0                   # along the zone: it cannot turn to the enemy
    return _value(_span(box, to), _span(z.bbox, to), _obstacles(state, u, to), _lane_weight(state, u))


def spots(state: BVFState, u: Unit) -> list[Action]:
    """The SHOWN best set-ups on an inch grid across the zone (half an inch
    deep), facing the enemy, whose boxes lie in the zone and clear of
    every placed unit and building."""
    z = setup.zone_of(state, u.owner, u)
    if z is None:
        return []
    facing = setup.zone_facing(state, u.owner)
    to = _axes(facing)
    zx0, zy0, zx1, zy1 = z.bbox
    taken = [space.unit_bbox(state, v) for v in space.on_table(state) if v.uid != u.uid]
    taken += [t.bbox for t in state.table.impassable]
    zone_span = _span(z.bbox, to)
    obstacles = _obstacles(state, u, to)
    need = _lane_weight(state, u)
    scored = []
    for formation, files in formations(state, u):
        fs = space.layout(u, Frame(0.0, 0.0, facing), formation, files)
        bx0, by0 = min(f.bbox[0] for f in fs), min(f.bbox[1] for f in fs)
        bx1, by1 = max(f.bbox[2] for f in fs), max(f.bbox[3] for f in fs)
        y = zy0 + 0.05 - by0
        while y + by1 <= zy1:
            top, bottom = y + by0, y + by1
            row = [b for b in taken if top < b[3] and b[1] < bottom]
            x = zx0 + 0.05 - bx0
            while x + bx1 <= zx1:
                box = (x + bx0, top, x + bx1, bottom)
                if not any(box[0] < b[2] and b[0] < box[2] for b in row):
                    v = _value(_span(box, to), zone_span, obstacles, need)
                    scored.append((v, round(x, 3), round(y, 3), formation, files))
                x += 1.0
            y += 0.5
    scored.sort(key=lambda s: (-s[0], s[1], s[2], s[3]))
    return [Action.make("deploy", u.owner, uid=u.uid, x=x, y=y, facing=facing, formation=formation, files=files)
            for _, x, y, formation, files in scored[:SHOWN]]
