import random

from engine.hex import grid as hg


def test_distance_and_neighbors():
    assert hg.distance((0, 0), (3, -1)) == 3
    for d in range(6):
        assert hg.distance((2, 2), hg.neighbor((2, 2), d)) == 1
    assert len(set(hg.neighbors((0, 0)))) == 6


def test_ring_and_within_sizes():
    assert len(hg.ring((0, 0), 3)) == 18
    assert all(hg.distance((0, 0), h) == 3 for h in hg.ring((0, 0), 3))
    assert len(hg.within((1, 1), 2)) == 19


def test_line_is_contiguous_and_minimal():
    rng = random.Random(1)
    for _ in range(200):
        a = (rng.randint(-8, 8), rng.randint(-8, 8))
        b = (rng.randint(-8, 8), rng.randint(-8, 8))
        line = hg.line(a, b)
        assert line[0] == a and line[-1] == b
        assert len(line) == hg.distance(a, b) + 1
        assert all(hg.distance(x, y) == 1 for x, y in zip(line, line[1:]))


def test_line_of_sight_blockers():
    wall = {(1, 0)}
    assert not hg.line_of_sight((0, 0), (2, 0), lambda h: h in wall)
    assert hg.line_of_sight((0, 0), (0, 2), lambda h: h in wall)
    # along an edge two lines exist: one clear line is enough
    a, b = (0, 0), (1, 1)
    mids = set(hg.line(a, b, 1e-6)[1:-1]) | set(hg.line(a, b, -1e-6)[1:-1])
    one = next(iter(mids))
    assert hg.line_of_sight(a, b, lambda h: h == one)


def test_rotate_and_facing():
    assert hg.rotate((1, 0), (0, 0), 1) == (0, 1)
    assert hg.rotate((1, 0), (0, 0), 6) == (1, 0)
    front = hg.front_hexes((0, 0), 0)
    assert (1, 0) in front and (1, -1) in front and (0, 1) in front
    assert hg.back_hex((0, 0), 0) == (-1, 0)
    assert hg.is_behind((0, 0), 0, (-1, 0))
    assert not hg.is_behind((0, 0), 0, (1, 0))
    for d in range(6):
        assert hg.direction_to((0, 0), hg.neighbor((0, 0), d)) == d


def test_reachable_costs_and_stops():
    cost = {(1, 0): 2}
    found = hg.reachable((0, 0), 2, lambda a, b: cost.get(b, 1))
    assert found[(1, 0)][0] == 2
    assert found[(1, 1)][0] == 2 and found[(1, 1)][1] == (0, 1)   # around the rough hex
    assert (2, 0) not in found          # only through it (cost 3)
    stop = {(1, 0)}
    found = hg.reachable((0, 0), 5, lambda a, b: 1, stops=lambda h: h in stop)
    path = hg.path_to(found, (3, 0))
    assert (1, 0) not in path


def test_layout_round_trip_and_offsets():
    lay = hg.Layout(30.0, (100.0, 50.0))
    for h in [(0, 0), (3, -2), (-4, 7)]:
        x, y = lay.to_pixel(h)
        assert lay.from_pixel(x + 3, y - 2) == h
    for col in range(5):
        for row in range(5):
            assert hg.axial_to_offset(hg.offset_to_axial(col, row)) == (col, row)
