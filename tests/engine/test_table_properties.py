"""Property tests (hypothesis) for the table's combat geometry
(engine/table/geometry.py, engine/table/paths.py) and the placements the
engine makes with it (Dragonbond's charge, pile-in and consolidation):

- contact is symmetric and within the shared tolerance after every
  placement, rounding to 1/1000" included;
- a base the engine places never overlaps another base or impassable
  terrain (Dragonbond's tables have none: paths round impassable squares
  are checked on the engine directly);
- a unit not completely surrounded always has a legal move or disengage
  (paths start from the model's own position whatever touches it)."""
import math

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from tiers import examples

from engine.core import registry
from engine.core.actions import Action
from engine.core.dice import ScriptedDice
from engine.core.match import Match
from engine.core.rules import Setup
from engine.table.geometry import (CONTACT, OVERLAP, PLACE_GAP, BaseShape, Foot, coherent, contact_ring,
                                   edge_distance, first_contact)
from engine.table.paths import Obstacles
from games.dragonbond.rules import charging, movement, space

CAT = registry.get("dragonbond").catalog()

SIZES = st.sampled_from([25, 32, 40, 50, 60, 100])
COORD = st.floats(min_value=-20, max_value=20, allow_nan=False, allow_infinity=False)
SETTINGS = settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(SIZES, SIZES, COORD, COORD, st.floats(0, 2 * math.pi))
def test_contact_ring_touches_within_tolerance_both_ways(a_mm, b_mm, x, y, angle):
    mover, target = BaseShape.round_mm(a_mm), Foot(BaseShape.round_mm(b_mm), x, y)
    towards = (x + math.cos(angle) * 10, y + math.sin(angle) * 10)
    for px, py in contact_ring(mover, target, 12, toward=towards):
        f = Foot(mover, round(px, 3), round(py, 3))
        d1, d2 = edge_distance(f, target), edge_distance(target, f)
        assert abs(d1 - d2) < 1e-12
        assert -OVERLAP < d1 <= CONTACT


@SETTINGS
@given(SIZES, st.lists(st.tuples(SIZES, COORD, COORD), min_size=1, max_size=8), COORD, COORD)
def test_first_contact_stops_touching_never_overlapping(a_mm, others, ex, ey):
    mover = BaseShape.round_mm(a_mm)
    feet = [Foot(BaseShape.round_mm(d), x, y) for d, x, y in others]
    sx, sy = -25.0, -25.0                              # clear of every base
    x, y = first_contact(mover, sx, sy, ex, ey, feet)
    f = Foot(mover, x, y)
    gaps = [edge_distance(f, g) for g in feet]
    assert min(gaps) > -OVERLAP                      # never on another base
    if math.hypot(ex - x, ey - y) > 1e-6:            # stopped short: it touches what stopped it
        assert min(gaps) <= CONTACT


def _match(units, current=0):
    m = Match(Setup("dragonbond", 2, seed=3, scenario="valerna_crossing",
                    options={"position": {"current": current, "units": units}}),
              dice=ScriptedDice([], seed=3))
    return m, m.state.options["names"]


def _no_overlaps(state):
    """No two bases on the table overlap; no base stands on impassable terrain."""
    feet = [f for u in space.on_table(state) for f in space.feet(state, u)]
    for i, f in enumerate(feet):
        assert state.table.on_table(f)
        assert not (state.table.impassable and state.table.blocked_by_impassable(f))
        for g in feet[i + 1:]:
            assert edge_distance(f, g) >= -OVERLAP, (f, g)


def _contacts_symmetric(state):
    feet = [f for u in space.on_table(state) for f in space.feet(state, u)]
    for i, f in enumerate(feet):
        for g in feet[i + 1:]:
            assert (edge_distance(f, g) <= CONTACT) == (edge_distance(g, f) <= CONTACT)


UNITS = st.sampled_from([("oathguard_duelists", "ser_tavin", 4), ("skorpikon_gore_lancers", "goremaster_khet", 3),
                         ("blooded_claws", "packleader_vrask", 5), ("kirin_wardens", "shen_the_serene", 3)])


@SETTINGS
@given(UNITS, UNITS, st.floats(6, 16), st.floats(-6, 6), st.floats(0, 1), st.integers(1, 3))
def test_charge_and_pile_in_place_models_touching_and_never_overlapping(us, them, dist, dx, spread, n_target):
    """Whatever the charge distance, the engine's placements overlap
    nothing, and every model that ends in contact is within tolerance."""
    card, cap, n = us
    tcard, tcap, tn = them
    w, tw = space.shape_of(CAT, card).width, space.shape_of(CAT, tcard).width
    col = [[20 + (i % 2) * spread * (w + 0.4), 6 + i * (w + 0.3)] for i in range(n)]
    tgt = [[20 + dx + i * (tw + 0.2), col[-1][1] + (w + tw) / 2 + dist] for i in range(min(tn, n_target))]
    assume(coherent([Foot(space.shape_of(CAT, card), x, y) for x, y in col]))
    m, names = _match([{"name": "a", "player": 0, "unit": card, "captain": cap, "models": n, "at": col},
                       {"name": "b", "player": 1, "unit": tcard, "captain": tcap, "models": len(tgt), "at": tgt}])
    st_ = m.state
    u, t = st_.units[names["a"]], st_.units[names["b"]]
    _no_overlaps(st_)
    for allowance in (dist - 2, dist, dist + 4):
        pts = charging.plan_charge(st_, u, t, max(0.0, allowance))
        assert movement.placement_problem(st_, u, pts) is None, pts
    pts = charging.plan_charge(st_, u, t, dist + 4)
    movement.move_models(st_, u, pts, [], "charges", moving=False)
    _no_overlaps(st_)
    _contacts_symmetric(st_)
    if space.engaged_models(st_, u, t):
        plan = movement.plan_follow_up(st_, u, t)
        if plan is not None:
            assert movement.check_follow_up(st_, u, t, plan, "pile_in") is None
            movement.move_models(st_, u, plan, [], "piles in", moving=False)
            _no_overlaps(st_)
            assert len(space.engaged_models(st_, u, t)) > 0


@SETTINGS
@given(st.lists(st.floats(0, 2 * math.pi), min_size=1, max_size=5), st.sampled_from(["blooded_claws", "kirin_wardens"]))
def test_a_unit_not_surrounded_can_always_disengage(angles, enemy):
    """A lone model with enemy bases in contact all round it, wherever a
    gap leaves room to step out, can always disengage through it."""
    me = Foot(space.shape_of(CAT, "dragon_queen"), 20, 20)
    eshape = space.shape_of(CAT, enemy)
    ring = []
    for a in sorted(angles):
        x, y = contact_ring(me.shape, Foot(eshape, 0, 0), 1, PLACE_GAP, (math.cos(a), math.sin(a)))[0]
        f = Foot(eshape, 20 - x, 20 - y)          # the enemy base touching the queen at angle a
        if all(edge_distance(f, g) >= 0.01 for g in ring):
            ring.append(f)
    ring = ring[:CAT.units[enemy].models]      # a unit fields no more models than its card has
    m, names = _match([{"name": "q", "player": 0, "unit": "dragon_queen", "archetype": "sovereign", "at": [[20, 20]]},
                       {"name": "e", "player": 1, "unit": enemy, "models": len(ring),
                        "at": [[round(f.x, 3), round(f.y, 3)] for f in ring]}])
    st_ = m.state
    q = st_.units[names["q"]]
    gap = None
    for k in range(72):                         # a direction the queen's base can slide out along
        a = 2 * math.pi * k / 72
        pts = [(20 + math.cos(a) * d / 50, 20 + math.sin(a) * d / 50) for d in range(1, 151)]
        if all(edge_distance(Foot(me.shape, x, y), g) > 0.002 for x, y in pts
               for g in space.feet(st_, st_.units[names["e"]])):
            gap = [round(v, 3) for v in pts[-1]]
            break
    m.submit(Action.make("activate", 0, uid=q.uid), autosave=False)
    if gap is None:
        return                                   # completely surrounded: nothing to promise
    a = Action.make("disengage", 0, uid=q.uid, to=[gap])
    assert m.rules.check(m.state, a) is None, m.rules.check(m.state, a)


def test_obstacles_never_trap_the_start():
    """Standing in the gap between two bases of one unit (a capsule), any
    run that does not go deeper is clear, and paths are found from there."""
    ob = Obstacles(0.8, 48, 48, circles=[(18.9, 20.9, 0.63), (21.1, 20.9, 0.63)],
                   capsules=[(18.9, 20.9, 21.1, 20.9, 0.63)])
    assert not ob.free(20, 20)
    assert ob.clear(20, 20, 20, 15)                      # straight away from them
    assert not ob.clear(20, 20, 20, 22)                  # deeper in
    assert ob.shortest(20, 20, 25, 21, 10) is not None   # round them


def _square(cx, cy, h):
    from engine.table.geometry import Piece
    return Piece("p", "rock", ring=((cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)),
                 properties={"impassable": True})


@SETTINGS
@given(st.lists(st.tuples(st.floats(4, 44), st.floats(4, 44), st.floats(0.5, 3)), min_size=1, max_size=5),
       st.lists(st.tuples(st.floats(2, 46), st.floats(2, 46)), min_size=0, max_size=8),
       st.tuples(st.floats(1, 47), st.floats(1, 47)), st.tuples(st.floats(1, 47), st.floats(1, 47)))
def test_paths_never_cross_impassable_terrain_or_bases(squares, bases, start, goal):
    """Every leg of a path the engine finds is clear of impassable terrain
    and other bases, and ends where a base is free to stand."""
    ob = Obstacles(0.63, 48, 48, circles=[(x, y, 0.63) for x, y in bases],
                   polygons=[_square(*s) for s in squares])
    assume(ob.free(*start))
    res = ob.shortest(start[0], start[1], goal[0], goal[1], 80)
    if res is None:
        return
    from engine.table.geometry import ring_point_dist
    length, pts = res
    assert ob.free(*pts[-1])
    for a, b in zip(pts, pts[1:]):
        assert ob.clear(a[0], a[1], b[0], b[1])
        for k in range(41):                     # an independent look along the leg
            x, y = a[0] + (b[0] - a[0]) * k / 40, a[1] + (b[1] - a[1]) * k / 40
            for s in squares:
                assert ring_point_dist(_square(*s).ring, x, y) >= 0.63 - 1e-4
            for bx, by in bases:
                assert math.hypot(x - bx, y - by) >= 1.26 - 1e-4
    assert length >= math.hypot(goal[0] - start[0], goal[1] - start[1]) - 1e-6


RING_POINT = st.tuples(st.floats(-6, 6), st.floats(-6, 6))


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(RING_POINT, min_size=3, max_size=7), SIZES, SIZES, COORD, COORD,
       st.sampled_from([0.0, 90.0, 180.0, 270.0, 33.3, 271.5]), st.sampled_from([0.0, CONTACT, 0.5]))
def test_rect_ring_within_answers_as_distance_to(ring, w_mm, d_mm, x, y, facing, limit):
    """The early-stopping test of a rectangle against a terrain ring gives
    distance_to's answer (touching and impassable terrain rely on it),
    including bases that just touch the ring or an edge."""
    from engine.table.geometry import Piece, _rect_ring_within
    piece = Piece(id="p", type="terrain", ring=tuple(ring))
    for fx, fy in ((x / 4, y / 4), ring[0], ((ring[0][0] + ring[1][0]) / 2, (ring[0][1] + ring[1][1]) / 2)):
        f = Foot(BaseShape.rect_mm(w_mm, d_mm), fx, fy, facing)
        assert _rect_ring_within(piece.ring, f.corners, limit) == (piece.distance_to(f) <= limit)


@settings(max_examples=examples(300), deadline=None)
@given(SIZES, SIZES, SIZES, SIZES, st.floats(-3, 3), st.floats(-3, 3), st.floats(0, 360), st.floats(0, 360),
       st.sampled_from([-OVERLAP, 0.0, CONTACT, 0.5, 3.0]), st.booleans())
def test_edge_distance_below_answers_as_edge_distance(aw, ad, bw, bd, x, y, fa, fb, limit, round_b):
    """The early-stopping comparison used by overlap and gap checks gives
    edge_distance's answer, for overlapping, touching and separate bases."""
    from engine.table.geometry import edge_distance_below
    a = Foot(BaseShape.rect_mm(aw, ad), 0.0, 0.0, fa)
    b = Foot(BaseShape.round_mm(bw) if round_b else BaseShape.rect_mm(bw, bd), x, y, fb)
    assert edge_distance_below(a, b, limit) == (edge_distance(a, b) < limit)
    assert edge_distance_below(b, a, limit) == (edge_distance(b, a) < limit)


FOOT = st.builds(lambda kind, w, d, x, y, f: Foot(BaseShape("round", w, w) if kind else BaseShape("rect", w, d), x, y, f),
                 st.booleans(), st.sampled_from([1.0, 1.575, 2.0, 3.9]), st.sampled_from([0.8, 1.575, 2.0]),
                 COORD, COORD, st.floats(0, 360))


@SETTINGS
@given(st.lists(FOOT, min_size=1, max_size=8), st.lists(FOOT, min_size=1, max_size=8))
def test_group_nearest_is_the_least_edge_distance_of_any_pair(xs, ys):
    """The hover's measure between two units (table_tools.group_nearest)
    skips pairs by their boxes: it still finds the least distance of every
    pair, overlaps (negative distances) included."""
    from engine.ui.boards.table_tools import group_nearest
    d, _, _ = group_nearest(xs, ys)
    assert abs(d - min(edge_distance(a, b) for a in xs for b in ys)) < 1e-9


@settings(max_examples=examples(300), deadline=None)
@given(SIZES, SIZES, SIZES, SIZES, st.floats(-3, 3), st.floats(-3, 3), st.floats(0, 360), st.floats(0, 360),
       st.sampled_from([0.0, OVERLAP, 0.01, 0.5]))
def test_rectangle_shortcuts_give_the_same_answers(aw, ad, bw, bd, x, y, fa, fb, margin):
    """The written-out and early-stopping forms of the separating-axis and
    corner-to-edge measures give the same floats and answers as the plain
    ones (overlap checks rely on them: a playout must not change)."""
    from engine.table.geometry import _corner_edge_min, _corner_edge_pairs, _sat_all_beyond, _sat_depth
    a = Foot(BaseShape.rect_mm(aw, ad), 0.0, 0.0, fa)
    b = Foot(BaseShape.rect_mm(bw, bd), x, y, fb)
    depth = _sat_depth(a.corners, b.corners)
    assert _sat_all_beyond(a.corners, b.corners, margin) == (depth is not None and depth > margin)
    assert _corner_edge_min(a.corners, b.corners) == min(_corner_edge_pairs(a.corners, b.corners))


@SETTINGS
@given(SIZES, SIZES, st.booleans(), COORD, COORD, st.floats(-360, 720))
def test_a_foot_given_its_arms_is_the_same_base(w_mm, d_mm, round_, x, y, facing):
    """formations.place builds bases with the arms looked up once: the same
    base, float for float, as Foot() looking them up builds."""
    from engine.table.geometry import arms_of
    shape = BaseShape.round_mm(w_mm) if round_ else BaseShape.rect_mm(w_mm, d_mm)
    f, g = Foot(shape, x, y, facing, "t"), Foot(shape, x, y, facing, "t", arms_of(shape, facing))
    assert (f.shape, f.x, f.y, f.facing, f.r, f.corners, f.bbox, f.tag, f.memo) == \
        (g.shape, g.x, g.y, g.facing, g.r, g.corners, g.bbox, g.tag, g.memo)
