"""engine.table.geometry and engine.table.paths: the free-measure table's geometry."""
import math
import random

import pytest

from engine.table.geometry import (CONTACT, BaseShape, Foot, Piece, Table, coherency_groups, coherent, contact_point,
                          edge_distance, group_distance, in_arc, in_contact, los_exact, mm, overlaps,
                          point_distance, side_of)
from engine.table.bench import measure, scene
from engine.table.paths import Obstacles, path_length, walk

R25 = BaseShape.round_mm(25.4)           # exactly 1 inch across
R50 = BaseShape.round_mm(50.8)           # 2 inches
SQ = BaseShape.rect_mm(50.8, 25.4)       # 2 inches wide, 1 deep


def test_units_and_shapes():
    assert mm(25.4) == pytest.approx(1.0)
    assert R25.radius == pytest.approx(0.5)
    assert SQ.radius == pytest.approx(math.hypot(2, 1) / 2)
    assert str(R25) == "25mm round" and str(SQ) == "51x25mm"


def test_edge_distance_round_bases():
    a, b = Foot(R25, 0, 0), Foot(R50, 3, 4)
    assert edge_distance(a, b) == pytest.approx(5 - 0.5 - 1.0)
    assert edge_distance(Foot(R25, 0, 0), Foot(R25, 0.8, 0)) == pytest.approx(-0.2)      # overlapping
    assert point_distance(a, 3, 4) == pytest.approx(4.5)
    assert point_distance(a, 0.1, 0) == 0.0


def test_edge_distance_rectangles():
    r = Foot(SQ, 5, 0, facing=0)           # depth along x: x in [4.5, 5.5], y in [-1, 1]
    assert edge_distance(Foot(R25, 0, 0), r) == pytest.approx(4.5 - 0.5)
    assert edge_distance(Foot(R25, 5, 3), r) == pytest.approx(2 - 0.5)
    turned = Foot(SQ, 5, 0, facing=90)     # now x in [4, 6], y in [-0.5, 0.5]
    assert edge_distance(Foot(R25, 0, 0), turned) == pytest.approx(4 - 0.5)
    corner = Foot(R25, 5.5 + 3, 1 + 4)     # diagonal from the corner (5.5, 1)
    assert edge_distance(corner, r) == pytest.approx(5 - 0.5)
    # rectangle to rectangle: apart, touching, overlapping
    assert edge_distance(r, Foot(SQ, 5, 3)) == pytest.approx(1.0)
    assert edge_distance(r, Foot(SQ, 5, 2)) == pytest.approx(0.0, abs=1e-9)
    assert edge_distance(r, Foot(SQ, 5, 1.5)) == pytest.approx(-0.5)
    assert edge_distance(r, Foot(SQ, 8, 0, facing=45)) > 0


def test_contact_tolerance_is_shared():
    a = Foot(R25, 0, 0)
    assert in_contact(a, Foot(R25, 1.0 + CONTACT * 0.9, 0))
    assert not in_contact(a, Foot(R25, 1.0 + CONTACT * 1.1, 0))
    assert in_contact(a, Foot(R25, 1.9, 0), reach=1.0)          # Reach: 1" more
    assert not overlaps(a, Foot(R25, 1.0, 0))
    assert not overlaps(a, Foot(R25, 0.9995, 0))                 # a hair is forgiven
    assert overlaps(a, Foot(R25, 0.98, 0))
    # a base placed by contact_point touches and does not overlap
    t = Foot(R50, 10, 10)
    x, y = contact_point(R25, 3, 7, t)
    f = Foot(R25, x, y)
    assert in_contact(f, t) and not overlaps(f, t)
    x, y = contact_point(R25, 0, 0, Foot(SQ, 10, 10, 30))
    assert in_contact(Foot(R25, x, y), Foot(SQ, 10, 10, 30))


def test_coherency_chains():
    chain = [Foot(R25, 0, 0), Foot(R25, 1.9, 0), Foot(R25, 3.8, 0)]        # 0.9" gaps
    assert coherent(chain)
    broken = chain + [Foot(R25, 5.9, 0)]                                     # 1.1" gap
    assert not coherent(broken)
    assert coherency_groups(broken) == [[0, 1, 2], [3]]
    assert coherent([Foot(R25, 0, 0)])
    # each model within 1" of another is not enough: the chain must be unbroken
    pairs = [Foot(R25, 0, 0), Foot(R25, 1.5, 0), Foot(R25, 10, 0), Foot(R25, 11.5, 0)]
    assert not coherent(pairs)
    assert group_distance(pairs[:2], pairs[2:]) == pytest.approx(10 - 1.5 - 1)


def _wall(x0, y0, x1, y1, **props):
    return Piece("w", "wall", ring=((x0, y0), (x1, y0), (x1, y1), (x0, y1)), properties=props)


def test_line_of_sight_blocked_by_terrain_and_blocking_bases():
    wall = _wall(9, 0, 11, 30, blocking=True)
    t = Table(48, 48, [wall])
    a, b = [Foot(R25, 5, 10)], [Foot(R25, 15, 10)]
    assert not t.line_of_sight(a, b)
    assert t.line_of_sight(a, [Foot(R25, 12, 47)])             # past the end of the wall
    low = Table(48, 48, [_wall(9, 0, 11, 30, blocking=False)])
    assert low.line_of_sight(a, b)
    # any part of a base to any part of a base: the edges of two bases peek past a corner
    assert t.line_of_sight([Foot(R25, 5, 30.4)], [Foot(R25, 15, 30.4)])
    assert not t.line_of_sight([Foot(R25, 5, 29.4)], [Foot(R25, 15, 29.4)])
    # a unit sees if any of its models sees a model of the target
    assert t.line_of_sight([Foot(R25, 5, 10), Foot(R25, 5, 35)], [Foot(R25, 15, 10), Foot(R25, 15, 35)])
    # a blocking base in between
    empty = Table(48, 48)
    dragon = Foot(BaseShape.round_mm(100), 10, 10)
    assert not empty.line_of_sight(a, b, blockers=[dragon])
    assert empty.line_of_sight(a, [Foot(R25, 15, 14)], blockers=[dragon])
    # a model touching a blocking piece sees out of it (not through it)
    wood = Piece("wood", "wood", ring=((4, 4), (8, 4), (8, 16), (4, 16)), properties={"blocking": True})
    tw = Table(48, 48, [wood])
    inside = [Foot(R25, 7.6, 10)]
    assert tw.line_of_sight(inside, b)
    assert not tw.line_of_sight([Foot(R25, 1, 10)], b)          # through the wood


def test_vectorised_sight_agrees_with_the_reference():
    for seed in range(1, 8):
        table, units, blockers = scene(seed)
        for i in range(len(units)):
            for j in range(len(units)):
                if i != j:
                    bl = [f for f in blockers if f.tag not in (i, j)]
                    assert table.line_of_sight(units[i], units[j], bl) == \
                        los_exact(units[i], units[j], table.blocking, bl), (seed, i, j)


def test_benchmark_runs():
    assert measure(repeat=1) > 0
    d = measure(repeat=1, detail=True)
    assert d["pairs"] == 132 and 0 < d["with_sight"] <= 132


def _check_path(ob, res, limit):
    length, pts = res
    assert length <= limit + 1e-9
    assert length == pytest.approx(path_length(pts))
    for p, q in zip(pts, pts[1:]):
        assert ob.clear(*p, *q)


def test_path_around_a_base_within_the_allowance():
    ob = Obstacles(0.5, 48, 48, circles=[(10, 10, 1.0)])
    assert not ob.clear(5, 10, 15, 10)
    res = ob.shortest(5, 10, 15, 10, limit=11)
    _check_path(ob, res, 11)
    true = 2 * math.sqrt(5 ** 2 - 1.5 ** 2) + 1.5 * (math.pi - 2 * math.acos(1.5 / 5))
    assert true <= res[0] <= true * 1.01
    assert ob.shortest(5, 10, 15, 10, limit=10.2) is None          # too far round
    assert ob.shortest(5, 10, 5, 14)[0] == pytest.approx(4.0)      # nothing in the way


def test_path_around_a_unit_and_impassable_terrain():
    # two bases 0.8" apart are one unit: no squeezing between them
    unit = (9.5, 8, 9.5, 12.0, 0.5)
    ob = Obstacles(0.5, 48, 48, capsules=[unit])
    res = ob.shortest(5, 10, 14, 10, limit=30)
    _check_path(ob, res, 30)
    assert res[0] > 9.5
    wall = _wall(20, 5, 22, 30, impassable=True)
    ob = Obstacles(0.5, 48, 48, polygons=[wall])
    res = ob.shortest(15, 20, 27, 20, limit=40)
    _check_path(ob, res, 40)
    assert all(p[1] >= 30 or p[0] <= 19.5 or p[0] >= 22.5 for p in res[1])
    assert not ob.free(21, 20)
    # the table edge is a wall too
    edge = Obstacles(0.5, 48, 48)
    assert not edge.free(0.2, 10) and edge.free(0.5, 10)
    assert edge.shortest(1, 1, 47.6, 1) is None


def test_difficult_terrain_costs_more():
    bog = _wall(10, 0, 12, 48, difficult=True)
    ob = Obstacles(0.5, 48, 48, difficult=[bog], difficult_factor=2.0)
    assert ob.cost(5, 10, 15, 10) == pytest.approx(12.0)
    res = ob.shortest(5, 10, 15, 10)
    assert res[0] == pytest.approx(12.0)


def test_walk_along_a_path():
    pts = [(0, 0), (3, 0), (3, 4)]
    assert walk(pts, 2) == (2, 0)
    assert walk(pts, 5) == pytest.approx((3, 2))
    assert walk(pts, 50) == (3, 4)


def test_arcs_of_vision_and_sides():
    stand = Foot(SQ, 10, 10, facing=0)           # front edge at x = 10.5
    ahead = Foot(R25, 20, 10)
    behind = Foot(R25, 0, 10)
    wide = Foot(R25, 11, 25)
    assert in_arc(stand, ahead, 90)
    assert not in_arc(stand, behind, 90)
    assert not in_arc(stand, wide, 90)
    assert in_arc(stand, wide, 180)
    assert in_arc(Foot(R25, 0, 0), behind, 90)     # round bases see all round
    assert side_of(stand, 20, 10) == "front" and side_of(stand, 0, 10) == "rear"
    assert side_of(stand, 10, 20) == "right" and side_of(stand, 10, 0) == "left"


def test_pieces_touching_and_occupying():
    t = Table(48, 48, [Piece("bog", "bog", ring=((10, 10), (14, 10), (14, 14), (10, 14)))])
    bog = t.terrain[0]
    assert bog.touches(Foot(R25, 9.5 + 0.01, 12))
    assert not bog.touches(Foot(R25, 9.3, 12))
    on = [Foot(R25, 12, 12), Foot(R25, 9.52, 12)]
    assert t.terrain_occupied(on) == [bog]
    assert t.terrain_occupied(on + [Foot(R25, 5, 5)]) == []
    zone = Piece("dz", "deployment", ring=((0, 0), (48, 0), (48, 8), (0, 8)))
    assert Table(48, 48, zones=[zone]).in_zone(Foot(R25, 5, 7.5), zone)
    assert not Table(48, 48, zones=[zone]).in_zone(Foot(R25, 5, 7.6), zone)
    assert t.on_table(Foot(R25, 0.5, 0.5)) and not t.on_table(Foot(R25, 0.4, 5))


def test_random_paths_are_valid():
    rng = random.Random(3)
    for _ in range(40):
        circles = [(rng.uniform(5, 40), rng.uniform(5, 40), rng.uniform(0.5, 1.5)) for _ in range(8)]
        ob = Obstacles(0.5, 48, 48, circles=circles)
        s = (rng.uniform(1, 47), rng.uniform(1, 47))
        g = (rng.uniform(1, 47), rng.uniform(1, 47))
        if not (ob.free(*s) and ob.free(*g)):
            continue
        res = ob.shortest(*s, *g, limit=80)
        if res is not None:
            _check_path(ob, res, 80)
            assert res[0] >= math.dist(s, g) - 1e-9


def test_feet_problems_find_bases_off_the_table_and_overlapping():
    from engine.table.invariants import feet_problems
    t = Table(48, 48)
    sq = BaseShape.rect_mm(40, 40)
    a, b = Foot(sq, 10, 10), Foot(sq, 10.5, 10)           # 1.57" wide, half an inch apart: overlapping
    assert feet_problems(t, [(1, [a]), (2, [b])]) == ["stands of units 1 and 2 overlap by 1.075\""]
    assert feet_problems(t, [(1, [a, b])]) == []           # a unit's own bases, unless the game says so
    assert feet_problems(t, [(1, [a, b])], "model", within_unit=True) == ["models of units 1 and 1 overlap by 1.075\""]
    assert feet_problems(t, [(3, [Foot(sq, 0.2, 20)])]) == ["unit 3 has a stand off the table at (0.20, 20.00)"]
    assert feet_problems(t, [(1, [a]), (2, [Foot(sq, 12, 10)])]) == []
