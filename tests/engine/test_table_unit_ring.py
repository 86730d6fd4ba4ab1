"""The one ring round a unit of several bases (table_strokes.unit_ring):
its outline holds the bases' hull, a fixed few pixels out."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from hypothesis import given, strategies as st  # noqa: E402
from shapely.geometry import MultiPoint, Polygon  # noqa: E402

from engine.ui.boards.table_strokes import _grown_hull  # noqa: E402

POINT = st.tuples(st.floats(0, 400), st.floats(0, 400))


@given(st.lists(POINT, min_size=3, max_size=40).filter(lambda ps: MultiPoint(ps).convex_hull.area > 1.0))
def test_the_outline_holds_the_hull_five_pixels_out(points):
    grown = Polygon(_grown_hull(points, 5.0))
    hull = MultiPoint(points).convex_hull
    assert grown.is_valid and grown.contains(hull)
    assert grown.exterior.distance(hull) >= 5.0 / 1.415          # no corner cuts in closer than a mitre's
    assert hull.buffer(5.0 * 1.415).contains(grown)               # nor stands further out


def test_a_rank_and_file_block_gets_its_rectangle_grown():
    pts = [(x, y) for x in (10.0, 50.0) for y in (20.0, 60.0)] + [(30.0, 40.0)]
    assert sorted(_grown_hull(pts, 5.0)) == [(5.0, 15.0), (5.0, 65.0), (55.0, 15.0), (55.0, 65.0)]
