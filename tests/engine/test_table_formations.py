"""Rank and flank geometry (engine/table/formations.py): property tests
with hypothesis for placement, moves that keep formation and exact charge
contact, and a few fixed cases."""
import itertools
import math

from hypothesis import given, settings, strategies as st
from tiers import examples

from engine.table.formations import (BlockMove, Frame, block_move, block_of, casualty_order, contact_side,
                                     in_arc, leading, overlapping, place, plan_charge, ranks, self_overlapping,
                                     side_of_block, square, translate, away_vector, wedge)
from engine.table.geometry import CONTACT, OVERLAP, BaseShape, edge_distance

SHAPES = [BaseShape.rect_mm(40, 40), BaseShape.rect_mm(40, 20), BaseShape.rect_mm(40, 60),
          BaseShape.rect_mm(100, 50), BaseShape.round_mm(25), BaseShape.round_mm(40)]

shapes = st.sampled_from(SHAPES)
angles = st.floats(0, 359.9)
coords = st.floats(10, 60)


def _distances(feet):
    return [math.hypot(a.x - b.x, a.y - b.y) for a, b in itertools.combinations(feet, 2)]


def _layout(kind, n, files, shape):
    if kind == "wedge":
        return wedge(n, shape)
    if kind == "square":
        return square(n, shape)
    return ranks(n, files, shape, 0.5 if kind == "loose" else 0.0)


layouts = st.sampled_from(["ranks", "loose", "wedge", "square"])


@settings(max_examples=examples(150), deadline=None)
@given(kind=layouts, n=st.integers(1, 24), files=st.integers(1, 8), shape=shapes, x=coords, y=coords, f=angles)
def test_no_stand_overlaps_another_after_placement(kind, n, files, shape, x, y, f):
    slots = _layout(kind, n, files, shape)
    feet = place(Frame(x, y, f), slots, shape)
    assert len(feet) == n
    assert not self_overlapping(feet, OVERLAP)
    assert (feet[0].x, feet[0].y) == (x, y)           # slot 0 is the command stand, where the frame is


@settings(max_examples=examples(100), deadline=None)
@given(n=st.integers(1, 30), files=st.integers(1, 10), shape=shapes)
def test_command_stand_is_as_close_to_the_centre_of_the_front_rank_as_possible(n, files, shape):
    slots = ranks(n, files, shape)
    front = sorted(s.right for s in slots if s.back == 0)
    mid = (front[0] + front[-1]) / 2
    assert abs(mid) <= shape.width / 2 + 1e-9           # within half a stand of the middle
    assert all(abs(s.right - mid) >= abs(mid) - 1e-9 for s in slots if s.back == 0)
    rank_count = math.ceil(n / min(files, n))
    assert max(s.back for s in slots) == (rank_count - 1) * shape.depth


@settings(max_examples=examples(150), deadline=None)
@given(kind=layouts, n=st.integers(1, 16), files=st.integers(1, 6), shape=shapes, x=coords, y=coords, f=angles,
       first=st.floats(0, 8), angle=st.floats(-90, 90), then=st.floats(0, 8))
def test_block_moves_keep_the_formation_and_measure_the_farthest_point(kind, n, files, shape, x, y, f, first,
                                                                      angle, then):
    slots = _layout(kind, n, files, shape)
    start = place(Frame(x, y, f), slots, shape)
    block = block_of(Frame(x, y, f), start)
    end_frame, length = block_move(block, BlockMove(first, angle, then))
    end = place(end_frame, slots, shape)
    for a, b in zip(_distances(start), _distances(end)):
        assert abs(a - b) < 1e-6
    assert not self_overlapping(end, OVERLAP)
    for s, e in zip(start, end):                      # no corner goes farther than the measured length
        pts_s = s.corners or [(s.x, s.y)]
        pts_e = e.corners or [(e.x, e.y)]
        for (ax, ay), (bx, by) in zip(pts_s, pts_e):
            assert math.hypot(bx - ax, by - ay) <= length + 1e-6


@settings(max_examples=examples(200), deadline=None)
@given(shape=st.sampled_from(SHAPES[:4]), tshape=st.sampled_from(SHAPES[:4]), n=st.integers(1, 12),
       files=st.integers(1, 5), tn=st.integers(1, 12), tfiles=st.integers(1, 5), tf=angles,
       dist=st.floats(3, 20), bearing=angles, turn=st.floats(-60, 60), arrived=st.integers(0, 12))
def test_charges_end_in_exact_contact_in_formation(shape, tshape, n, files, tn, tfiles, tf, dist, bearing, turn,
                                                   arrived):
    tslots = ranks(tn, tfiles, tshape)
    tframe = Frame(36, 24, tf)
    tfeet = place(tframe, tslots, tshape)
    tblock = block_of(tframe, tfeet)
    cx, cy = tblock.centre()
    b = math.radians(bearing)
    reach = max(tblock.width, tblock.depth) / 2 + dist + 6
    mx, my = cx + math.cos(b) * reach, cy + math.sin(b) * reach
    facing = (bearing + 180 + turn) % 360             # roughly toward the target
    slots = ranks(n, files, shape)
    frame = Frame(mx, my, facing)
    feet = place(frame, slots, shape)
    if overlapping(feet, tfeet):
        return
    plan = plan_charge(block_of(frame, feet), shape, tblock, tfeet)
    arrived = min(arrived, n)
    end = plan.feet(slots, shape, max(1, arrived))
    # the command stand touches the target exactly, nothing overlaps
    d = min(edge_distance(end[0], t) for t in tfeet)
    assert -OVERLAP <= d <= CONTACT, d
    assert not overlapping(end, tfeet, OVERLAP)
    assert not self_overlapping(end, OVERLAP)
    # the arrived stands keep the formation
    full = place(plan.frame, slots, shape)
    for a, b2 in zip(end[:max(1, arrived)], full):
        assert (a.x, a.y) == (b2.x, b2.y)
    assert contact_side(tblock, end, tfeet) == plan.side
    assert plan.length >= math.hypot(plan.frame.x - frame.x, plan.frame.y - frame.y) - 1e-6


def test_sides_and_arcs_of_a_block():
    shape = BaseShape.rect_mm(40, 40)
    frame = Frame(20, 20, 0)                       # facing +x
    feet = place(frame, ranks(6, 3, shape), shape)
    block = block_of(frame, feet)
    assert side_of_block(block, 40, 20) == "front"
    assert side_of_block(block, 0, 20) == "rear"
    assert side_of_block(block, 18, 40) == "right"  # +y is the unit's right (screen, y down)
    assert side_of_block(block, 18, 0) == "left"
    enemy = [place(Frame(40, 20, 180), [ranks(1, 1, shape)[0]], shape)[0]]
    behind = [place(Frame(0, 20, 0), [ranks(1, 1, shape)[0]], shape)[0]]
    wide = [place(Frame(22, 40, 0), [ranks(1, 1, shape)[0]], shape)[0]]
    assert in_arc(block, enemy)
    assert not in_arc(block, behind)
    assert not in_arc(block, wide)
    assert in_arc(block, behind, 360)


def test_casualties_come_from_the_point_of_contact_command_stand_last():
    shape = BaseShape.rect_mm(40, 40)
    feet = place(Frame(20, 20, 0), ranks(6, 3, shape), shape)
    order = casualty_order(feet, 30, 18)
    assert order[-1] == 0
    assert order[0] in (1, 2)                     # a front rank stand


def test_flight_moves_leaders_farthest_without_overlap():
    shape = BaseShape.rect_mm(40, 40)
    feet = place(Frame(20, 20, 0), ranks(6, 3, shape), shape)
    vx, vy = away_vector(feet, 40, 20, 8)
    assert vx < 0 and abs(vy) < 1e-9
    fast = leading(feet, vx, vy, 3)
    moved = [f.moved(f.x + vx * (2 if i in fast else 1), f.y + vy * (2 if i in fast else 1))
             for i, f in enumerate(feet)]
    assert not self_overlapping(moved, OVERLAP)
    assert translate(feet, 1, 0)[0].x == feet[0].x + 1
