"""engine/table/slides.py: a base sliding in a straight line meets another
base, a convex outline and the table's edge exactly, where sampling the
slide every hundredth of an inch first finds it on top (or touching)."""
from __future__ import annotations

import math

from hypothesis import given, settings, strategies as st
from tiers import examples

from engine.table.formations import overlapping
from engine.table.geometry import BaseShape, Foot, edge_distance
from engine.table.slides import Grid, convex, first_hit, touch_time

SQUARE = BaseShape("rect", 1.0, 1.0)
ROUND = BaseShape("round", 1.0, 1.0)


def test_a_square_sliding_along_the_table_meets_the_next_one_edge_to_edge():
    a, b = Foot(SQUARE, 0.0, 5.0, 0.0), Foot(SQUARE, 4.0, 5.0, 0.0)
    t, who, edge = first_hit([a], (1.0, 0.0), [(b, "b")])
    assert who == "b" and not edge and abs(t - 3.0) < 1e-3        # 3" of gap between the two
    t, who, edge = first_hit([a], (-1.0, 0.0), [(b, "b")], W_H=(10.0, 10.0))
    assert who is None and edge and abs(t - 0.0) < 1e-3            # it stands at the left edge already
    assert first_hit([a], (0.0, 1.0), [(b, "b")]) is None          # sliding down it never meets b


def test_touching_a_convex_outline_and_telling_convex_from_not():
    field = ((2.0, 0.0), (6.0, 0.0), (6.0, 4.0), (2.0, 4.0))
    assert convex(field) and not convex(((0, 0), (4, 0), (4, 4), (2, 1), (0, 4)))
    t = touch_time([Foot(SQUARE, 0.0, 2.0, 0.0)], (1.0, 0.0), field, (2.0, 0.0, 6.0, 4.0))
    assert abs(t - 1.5) < 1e-6                                      # its right edge at 0.5, the field at 2


def test_a_grid_finds_the_bases_near_a_box_each_once():
    g = Grid()
    big = Foot(BaseShape("rect", 10.0, 1.0), 10.0, 2.0, 0.0)        # across three cells
    g.add(big, "big")
    g.add(Foot(SQUARE, 30.0, 30.0, 0.0), "far")
    assert [v for _, v in g.near((7.0, 1.0, 13.0, 3.0))] == ["big"]
    assert g.near((40.0, 40.0, 41.0, 41.0)) == []


@settings(max_examples=examples(80), deadline=None)
@given(x=st.floats(-3, 3), y=st.floats(-3, 3), facing=st.floats(0, 359), heading=st.floats(0, 359.9),
       round_=st.booleans())
def test_the_first_hit_is_where_sampling_first_finds_the_bases_on_each_other(x, y, facing, heading, round_):
    moving = Foot(ROUND if round_ else SQUARE, 0.0, 0.0, facing)
    other = Foot(SQUARE, x + 4.0 * math.cos(math.radians(heading)), y + 4.0 * math.sin(math.radians(heading)), 30.0)
    if overlapping([moving], [other]):
        return
    ux, uy = math.cos(math.radians(heading)), math.sin(math.radians(heading))
    got = first_hit([moving], (ux, uy), [(other, "o")])
    sampled = next((k / 100 for k in range(0, 1200) if overlapping(
        [moving.moved(ux * k / 100, uy * k / 100)], [other])), None)
    excess = 0.5 * (1 / math.cos(math.pi / 16) - 1)          # a round base's 16-gon over its radius
    if sampled is None:
        # no contact; or a round base grazing past within its polygon's excess, stopped there
        assert got is None or got[0] > 11.98 or (
            round_ and edge_distance(moving.moved(ux * got[0], uy * got[0]), other) <= excess + 0.003), got
    else:
        # never late; a round base (its outline the circumscribed 16-gon) a hair early: where it
        # stops, its true circle is within the polygon's excess over the radius of touching (along
        # the slide that hair can be longer, when the bases meet at a grazing angle)
        assert got is not None and got[0] <= sampled + 0.011, (got, sampled)
        if round_:
            assert edge_distance(moving.moved(ux * got[0], uy * got[0]), other) <= excess + 0.003, (got, sampled)
        else:
            assert sampled - 0.011 <= got[0], (got, sampled)
        assert not overlapping([moving.moved(ux * got[0], uy * got[0])], [other])     # clear where it stops
