"""Table terrain modelled as what it is (engine/ui/boards/scenery.py)."""
from __future__ import annotations

import test_ui_support  # noqa: F401  (the dummy video driver)
from engine.table.geometry import Piece
from engine.ui.boards import scenery

SQUARE = ((0.0, 0.0), (8.0, 0.0), (8.0, 6.0), (0.0, 6.0))


def test_kinds_come_from_type_then_name():
    assert scenery.kind_of("whispering_woods") == "woods"
    assert scenery.kind_of("ancient_ruins", "Old Watchtower") == "ruins"
    assert scenery.kind_of("stream") == "water" and scenery.kind_of("field", "Barley Field") == "field"
    assert scenery.kind_of("custom", "Scree") == "rocks" and scenery.kind_of("rocky_ground", "Stony Rise") == "rocks"
    assert scenery.kind_of("objective_zone", "") == ""


def test_trees_stand_inside_the_wood_and_never_change():
    wood = Piece("w1", "woods", ring=SQUARE)
    marks = scenery.marks(wood.id, "woods", wood.ring, wood.bbox)
    centres = [m.points[0] for m in marks if m.shape == "circle" and m.tone > -0.5 and m.size > 0.3]
    assert len(centres) >= 20                                    # a wood, not a tree
    assert all(0 <= x <= 8 and 0 <= y <= 6 for x, y in centres)
    scenery.marks.cache_clear()
    again = scenery.marks(wood.id, "woods", wood.ring, wood.bbox)
    assert again == marks                                        # crc32 of the id: the same in every process
    other = scenery.marks("w2", "woods", wood.ring, wood.bbox)
    assert other != marks                                        # two woods are not clones


def test_every_kind_draws_on_its_piece():
    import pygame
    for kind, _ in scenery.KINDS:
        piece = Piece("p", kind, ring=SQUARE)
        surf = pygame.Surface((200, 160))
        surf.fill((90, 110, 80))
        pts = [(x * 20 + 10, y * 20 + 10) for x, y in SQUARE]
        pygame.draw.polygon(surf, (90, 110, 80), pts)
        before = pygame.image.tobytes(surf, "RGB")
        scenery.draw(surf, piece, kind, (90, 110, 80), 20.0, -10, -10, pts)
        assert pygame.image.tobytes(surf, "RGB") != before, kind
        assert surf.get_at((2, 2))[:3] == (90, 110, 80)           # nothing outside the outline


def test_a_stand_shows_its_figures_in_ranks_and_files():
    """Battle Valor's bases read as stands of figures: four on a 40 mm
    infantry stand, drawn instead of one emblem when there is room."""
    import pygame

    from engine.table.geometry import BaseShape, Foot
    from engine.ui.boards.table_models import make_model
    from engine.ui.table_contract import ModelSpec
    shape = BaseShape.rect_mm(40, 40)
    foot = Foot(shape, 5.0, 5.0, 0.0)

    def drawn(figures):
        m = ModelSpec(key=1, unit=1, owner=0, foot=foot, color="#56B4E9", label="In", icon="swordman", figures=figures)
        return pygame.image.tobytes(make_model(m, 60.0), "RGBA")
    one, four = drawn(0), drawn(4)
    assert one != four
    assert drawn(4) == four                     # the same stand draws the same (sprites are cached by it)


def test_grid_points_sample_only_inside_the_piece():
    """Piece.grid_points (the judges' sight coverage, scenery) keeps the
    points of the grid that fall inside the outline."""
    tri = Piece("t", "zone", ring=((0.0, 0.0), (8.0, 0.0), (0.0, 8.0)))
    pts = tri.grid_points(2.0)
    assert (1.0, 1.0) in pts and (7.0, 7.0) not in pts
    assert all(x + y < 8 for x, y in pts) and len(pts) == 6
