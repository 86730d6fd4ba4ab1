"""What deployment sampling remembers about a listed set-up (a spot).

A random deployment shuffles the listed spots and checks them one by one
(choices.sample_deploy); the same spots come up again and again, for the
same unit and for others of the same base and size.  Per table, zone, base
shape, size, formation and placement this remembers:

- `static`: the part of the checks no other unit can change (the width
  fits the formation, wholly in the zone, on the table, off impassable
  terrain: setup.static_ok);
- `box`: the unit's box there, as choices' quick ordering guess computes it
  (its layout at the table's origin, moved);
- `blocker`: the unit (uid and geometry id, space.geo_id) last found in the
  way.  While that unit still stands there with the same geometry, the spot
  is still taken: the exact check would refuse it again.

Remembering changes no answer: a spot is skipped only where the exact
check (choices._spot_free) would say no.
"""
from __future__ import annotations

from engine.table.formations import Frame, overlapping
from engine.table.geometry import Foot
from games.battle_valor_fantasy.rules import moves, setup, space
from games.battle_valor_fantasy.rules.state import BVFState, Unit

_FACTS: dict = {}
_REL: dict = {}
_LISTS: dict = {}             # (prefix, id of a remembered spots list) -> (that list, its facts)
_TABLES: dict = {}            # id -> table: keeps the tables the keys name alive
LIMIT = 50_000


class Spot:
    __slots__ = ("static", "box", "feet", "feet_box", "blocker")

    def __init__(self, static: bool, box: tuple, feet: tuple[Foot, ...] | None):
        self.static = static
        self.box = box
        self.feet = feet              # the bases there (when `static` passes)
        self.feet_box = space.feet_box(feet) if feet else None      # their exact box (`free` screens by it)
        self.blocker: tuple[int, int] | None = None                 # (uid, geometry id) last found in the way


def _rel_box(u: Unit, facing: float, fo: str, fi: int) -> tuple:
    key = (space.shape_of(u), len(u.stands), fo, fi, facing)
    rel = _REL.get(key)
    if rel is None:
        fs = space.layout(u, Frame(0.0, 0.0, facing), fo, fi)
        rel = _REL[key] = (min(f.bbox[0] for f in fs), min(f.bbox[1] for f in fs),
                           max(f.bbox[2] for f in fs), max(f.bbox[3] for f in fs))
    return rel


def all_facts(state: BVFState, u: Unit, spots) -> list[Spot]:
    """The facts of each spot (in order) for this unit."""
    table = state.table
    prefix = (id(table), setup.zone_key(state, u), space.shape_of(u), space.flying(u), len(u.stands))
    whole = prefix + (id(spots),)
    out = _LISTS.get(whole)
    if out is not None and out[0] is spots:
        return out[1]
    out = []
    for spot in spots:
        frame, fo, fi = spot
        key = prefix + (fo, fi, frame.x, frame.y, frame.facing)
        f = _FACTS.get(key)
        if f is None:
            if len(_FACTS) >= LIMIT:
                _FACTS.clear()
            _TABLES[id(table)] = table
            fs = space.layout(u, frame, fo, fi) if moves.files_ok(state.catalog, fo, len(u.stands), fi) is None else None
            static = fs is not None and setup.static_ok(state, u, frame, fo, fi, fs)     # (one layout for both)
            rel = _rel_box(u, frame.facing, fo, fi)
            box = (frame.x + rel[0], frame.y + rel[1], frame.x + rel[2], frame.y + rel[3])
            f = _FACTS[key] = Spot(static, box, tuple(fs) if static and fs is not None else None)
        out.append(f)
    if len(_LISTS) >= 5_000:
        _LISTS.clear()
    _LISTS[whole] = (spots, out)          # the spots list kept alive: its id names it
    return out


def still_blocked(state: BVFState, u: Unit, f: Spot) -> bool:
    """The unit last found in the way of this spot still stands there."""
    if f.blocker is None:
        return False
    uid, gid = f.blocker
    v = state.units.get(uid)
    return v is not None and v.uid != u.uid and v.alive and not v.off_table and bool(v.stands) and v.deployed \
        and space.geo_id(state, v) == gid


def free(state: BVFState, u: Unit, f: Spot) -> bool:
    """The spot is free now (for a spot whose static part passes, the same
    as setup.deploy_problem passing: no placed unit's bases overlap it, as
    space.fits finds); remembers the unit in the way."""
    fs = f.feet
    assert fs is not None and f.feet_box is not None, "free is asked only of a spot whose static part passes"
    x0, y0, x1, y1 = f.feet_box
    lim = 1e-3
    for v in state.units.values():
        if v.uid == u.uid or not (v.alive and not v.off_table and v.stands and v.deployed):
            continue
        vb = space.unit_bbox(state, v)
        if x0 - vb[2] > lim or vb[0] - x1 > lim or y0 - vb[3] > lim or vb[1] - y1 > lim:
            continue
        if overlapping(fs, space.feet(state, v)):
            f.blocker = (v.uid, space.geo_id(state, v))
            return False
    return True
