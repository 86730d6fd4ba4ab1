"""geometry.slide_into: a placement pressed by a zone's edge, slid in."""
from hypothesis import given, strategies as st

from engine.table.geometry import BaseShape, Foot, slide_into

BOX = (0.0, 36.0, 48.0, 48.0)
SHAPES = [BaseShape.round_mm(25), BaseShape.rect_mm(40, 20), BaseShape.rect_mm(50, 50)]


@given(st.floats(-6, 54), st.floats(30, 54), st.sampled_from(SHAPES), st.sampled_from([0.0, 90.0, 37.0]),
       st.integers(1, 5))
def test_the_shift_brings_every_base_inside_or_is_refused(x, y, shape, facing, n):
    feet = [Foot(shape, x + 1.7 * i, y, facing) for i in range(n)]
    shift = slide_into(feet, BOX, 4.0)
    out_x = max(0.0, BOX[0] - min(f.bbox[0] for f in feet), max(f.bbox[2] for f in feet) - BOX[2])
    out_y = max(0.0, BOX[1] - min(f.bbox[1] for f in feet), max(f.bbox[3] for f in feet) - BOX[3])
    if shift is None:
        assert out_x > 4.0 - 0.01 or out_y > 4.0 - 0.01        # further out than the limit (or too big to fit)
        return
    dx, dy = shift
    moved = [f.moved(f.x + dx, f.y + dy) for f in feet]
    width = max(f.bbox[2] for f in feet) - min(f.bbox[0] for f in feet)
    if width <= BOX[2] - BOX[0]:
        assert all(f.bbox[0] >= BOX[0] and f.bbox[2] <= BOX[2] for f in moved)
    assert all(f.bbox[1] >= BOX[1] and f.bbox[3] <= BOX[3] for f in moved)
    if out_x == 0.0 and out_y == 0.0:
        assert shift == (0.0, 0.0)                              # inside already: left where pressed


def test_a_base_a_little_over_the_edge_is_slid_in_and_one_far_over_is_not():
    f = Foot(BaseShape.round_mm(25), 0.1, 40.0)
    dx, dy = slide_into([f], BOX, 4.0)
    assert dy == 0.0 and 0.39 < dx < 0.41
    assert slide_into([Foot(BaseShape.round_mm(25), -5.0, 40.0)], BOX, 4.0) is None
