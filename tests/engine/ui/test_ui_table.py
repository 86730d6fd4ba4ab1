"""The free-measure table in the match screen: drawing, ruler, sight,
reach, dragging a unit into a move (and its refusal), render and frames.

Uses the synthetic table game in tests/fixtures/table_demo.py (registered only
for these tests)."""
from __future__ import annotations

import math

import pygame
import pytest

from engine.table.geometry import BaseShape, Foot, Piece, Table
from tests.fixtures import table_demo
from engine.ui.bench import frame_times
from engine.ui.render import render_png
from engine.ui.boards.table_tools import Ruler, line_blockers, reach_area, sight_line
from test_ui_support import click, key, move, screen_for


@pytest.fixture
def demo():
    m = table_demo.demo_match(seed=1)
    yield m
    table_demo.unregister()


def _varied(surf, rect) -> bool:
    colors = {surf.get_at((x, y))[:3] for x in range(rect.x, rect.right, 37) for y in range(rect.y, rect.bottom, 41)}
    return len(colors) > 8


def _spos(screen, x, y):
    sx, sy = screen.board.world_to_screen(x, y)
    return (int(round(sx)), int(round(sy)))


def _drag(app, a, b, button=1, steps=6):
    move(app, a)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=button))
    for i in range(1, steps + 1):
        p = (round(a[0] + (b[0] - a[0]) * i / steps), round(a[1] + (b[1] - a[1]) * i / steps))
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(button == 1, 0, button == 3)))
    app.draw()
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=button))
    app.draw()


def _own_unit(screen):
    ctl = screen.ctl
    p = screen.to_act()
    for u, ms in sorted(ctl.units().items()):
        if ms[0].owner == p and ctl.allowance_of(u) is not None and ms[0].foot.round and len(ms) > 2:
            return u, ms
    raise AssertionError("no movable unit")


def test_table_with_terrain_and_units_draws(demo):
    for size in ((1920, 1080), (1280, 720)):
        app, screen = screen_for(demo, size)
        assert screen.space == "table"
        assert _varied(app.screen, screen.board_rect)
        t = demo.state.table
        assert len(t.terrain) == 10 and len(screen.tokens()) >= 50
        # a model's pixels are its player's colour, at its true size
        m = next(m for m in screen.tokens() if m.foot.round and m.foot.r > 0.6)
        x, y = screen.board.world_to_screen(m.foot.x + m.foot.r * 0.45, m.foot.y)
        got, want = app.screen.get_at((int(x), int(y)))[:3], pygame.Color(m.color)[:3]
        assert all(abs(a - b) <= 12 for a, b in zip(got, want)), (got, want)
        app.draw()
        assert screen.dirty_rects == []          # nothing changed: nothing repainted


def test_terrain_reads_without_colour(demo):
    """Blocking, difficult and impassable pieces carry different patterns."""
    app, screen = screen_for(demo)
    styles = screen.board.styles
    pats = {p.id: styles[p.id][2] for p in demo.state.table.terrain}
    by_type = {p.type: pats[p.id] for p in demo.state.table.terrain}
    assert "hatch" in by_type["ruins"] and "cross" in by_type["rocks"] and "dots" in by_type["marsh"]
    assert by_type["woods"] >= {"hatch", "dots"} and not by_type["field"]


def test_ruler_reports_edge_distance(demo):
    app, screen = screen_for(demo)
    ctl = screen.ctl
    u, ms = _own_unit(screen)
    f = ms[0].foot
    # from the model's base edge to a point 10" to its right along its row
    tx, ty = f.x + 10.0, f.y
    a, b = _spos(screen, f.x, f.y), _spos(screen, tx, ty)
    _drag(app, a, b, button=3)
    r = ctl.ruler
    assert r is not None and r.from_key == ms[0].key
    end = screen.board.screen_to_world(*b)
    want = math.hypot(end[0] - f.x, end[1] - f.y) - f.r
    if r.to_foot is None:
        assert abs(r.distance - want) < 1e-6
    assert f'{r.distance:.1f}"' in r.label()
    # right-click clears it, nothing was committed
    n = len(demo.actions)
    click(app, b, button=3)
    assert ctl.ruler is None and len(demo.actions) == n
    # exact geometry: two 32 mm bases 5" apart centre to centre are 5 - 32/25.4 apart
    s32 = BaseShape.round_mm(32)
    A, B = Foot(s32, 10, 10), Foot(s32, 15, 10)
    assert abs(Ruler((10, 10), (15, 10), A, B).distance - (5 - 32 / 25.4)) < 1e-9
    assert abs(Ruler((10, 10), (20, 10), A).distance - (10 - 16 / 25.4)) < 1e-9


def test_ruler_tool_key_measures_with_left_drag(demo):
    app, screen = screen_for(demo)
    key(app, pygame.K_r)
    assert screen.ctl.tool == "ruler"
    a = _spos(screen, 30, 20)
    b = _spos(screen, 30, 26)
    _drag(app, a, b)
    d = screen.ctl.ruler.distance
    assert abs(d - (screen.board.screen_to_world(*b)[1] - screen.board.screen_to_world(*a)[1])) < 1e-6
    assert len(demo.actions) == 0
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert screen.ctl.tool == "" and screen.ctl.ruler is None


def test_drag_whole_unit_moves_it(demo):
    app, screen = screen_for(demo)
    u, ms = _own_unit(screen)
    f = ms[0].foot
    before = [(m.foot.x, m.foot.y) for m in ms]
    dy = 3.0 if demo.state.units[u].owner == 0 else -3.0
    # find a free spot 3" forward: shift sideways until the rules accept
    a = _spos(screen, f.x, f.y)
    b = _spos(screen, f.x, f.y + dy)
    _drag(app, a, b)
    assert demo.actions and demo.actions[-1].kind == "move" and demo.actions[-1]["uid"] == u, screen.ctl.message
    after = [(ft.x, ft.y) for ft in demo.state.units[u].feet]
    moved = screen.board.screen_to_world(*b)[1] - screen.board.screen_to_world(*a)[1]
    for (x0, y0), (x1, y1) in zip(before, after):
        assert abs(x1 - x0) < 0.02 and abs(y1 - y0 - moved) < 0.02


def test_drag_past_allowance_is_refused_and_changes_nothing(demo):
    app, screen = screen_for(demo)
    u, ms = _own_unit(screen)
    unit = demo.state.units[u]
    f = ms[0].foot
    fp = demo.rules.fingerprint(demo.state)
    dy = unit.speed + 4.0 if unit.owner == 0 else -(unit.speed + 4.0)
    a = _spos(screen, f.x, f.y)
    b = _spos(screen, f.x, f.y + dy)
    # the preview already says so while dragging
    move(app, a)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0)))
    app.draw()
    d = screen.ctl.drag
    assert d is not None and d.problem and d.longest > d.allowance
    assert "more than" in screen.ctl.hint()
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    app.draw()
    assert demo.rules.fingerprint(demo.state) == fp and len(demo.actions) == 0
    assert f'move {unit.speed:g}"' in screen.ctl.message          # the rules' reason
    assert screen.ctl.message in screen.hint_text()[0]
    assert screen.ctl.drag is None


def test_formation_then_enter_commits_one_move(demo):
    app, screen = screen_for(demo)
    ctl = screen.ctl
    u, ms = _own_unit(screen)
    sign = 1 if demo.state.units[u].owner == 0 else -1
    f0 = ms[0].foot
    assert ctl.drag_begin((f0.x, f0.y), single=True)
    ctl.drag_to((f0.x, f0.y + sign * 1.5))
    assert ctl.drag_end() is True and ctl.formation and len(demo.actions) == 0
    legs = ctl.shown_moves()
    assert len(legs) == 1 and abs(legs[0].length - 1.5) < 1e-6
    screen.relayout()          # the controller was driven behind the screen's back: its panel lays out
    app.draw()
    key(app, pygame.K_RETURN)
    if demo.actions:
        a = demo.actions[-1]
        assert a.kind == "move" and a["uid"] == u
        assert abs(demo.state.units[u].feet[0].y - (f0.y + sign * 1.5)) < 0.02
    else:
        assert ctl.message        # refused with the rules' reason (e.g. coherency)


def test_hover_enemy_shows_distance_and_sight(demo):
    app, screen = screen_for(demo)
    ctl = screen.ctl
    u, ms = _own_unit(screen)
    click(app, _spos(screen, ms[0].foot.x, ms[0].foot.y))
    assert ctl.selected() == u
    assert ctl.reach(u) is not None and ctl.reach(u).area > 10
    enemy = next(m for m in screen.tokens() if m.owner != ms[0].owner)
    move(app, _spos(screen, enemy.foot.x, enemy.foot.y))
    s = ctl.shown_sight()
    assert s is not None and s.target == enemy.unit
    assert any('edge to edge' in ln for ln in screen.hover_info.lines)
    assert s.visible == demo.state.table.line_of_sight(ctl.feet(u), ctl.feet(enemy.unit), ctl.sight_blockers(u, enemy.unit))
    app.draw()


def test_sight_line_marks_blockers():
    s = BaseShape.round_mm(32)
    wall = Piece("w", "ruins", ring=((9, 8), (11, 8), (11, 15), (9, 15)), name="Ruins", properties={"blocking": True})
    t = Table(24, 24, [wall])
    a, b = [Foot(s, 5, 10)], [Foot(s, 15, 10)]
    assert not t.line_of_sight(a, b)
    line, pieces, feet = sight_line(a, b, t.blocking, [], False)
    assert pieces == [wall] and not feet
    c = [Foot(s, 15, 3)]
    assert t.line_of_sight(a, c)
    line, pieces, feet = sight_line(a, c, t.blocking, [], True)
    assert pieces == [] and line_blockers(*line[0], *line[1], [wall], []) == ([], [])


def test_reach_area_excludes_impassable():
    rock = Piece("r", "rocks", ring=((12, 8), (16, 8), (16, 12), (12, 12)), properties={"impassable": True})
    t = Table(24, 24, [rock])
    area = reach_area([Foot(BaseShape.round_mm(32), 10, 10)], 6.0, t, t.impassable)
    from shapely.geometry import Point
    assert area.contains(Point(8, 10)) and not area.contains(Point(14, 10)) and not area.contains(Point(10, 18))


def test_render_png_writes_table_of_right_size(demo, tmp_path):
    out = tmp_path / "table.png"
    render_png(demo, out, size=(1280, 720), select=0)
    assert out.stat().st_size > 10_000
    assert pygame.image.load(str(out)).get_size() == (1280, 720)


def test_frame_times_on_the_table(demo):
    times = frame_times(demo, frames=20, size=(1280, 720))
    assert len(times) == 20 and all(t > 0 for t in times)


def test_zoom_and_fit_keep_the_point_under_the_cursor(demo):
    app, screen = screen_for(demo)
    b = screen.board
    pos = _spos(screen, 30, 20)
    before = b.screen_to_world(*pos)
    assert b.zoom_at(1.15, pos)
    after = b.screen_to_world(*pos)
    assert abs(before[0] - after[0]) < 0.05 and abs(before[1] - after[1]) < 0.05
    key(app, pygame.K_f)
    assert b.cam == (demo.state.table.width / 2, demo.state.table.height / 2)


def test_custom_dice_faces_draw():
    from engine.ui.panels.table_dice import GLYPHS, GlyphDiceTray, custom_die
    for g in GLYPHS:
        img = custom_die(10, g, 0, 36, "black")
        assert img.get_size() == (36, 36)
    tray = GlyphDiceTray()
    tray.set_rolls([{"who": "Orange", "dice": [[10, 3, "sword", "black"], [10, 8, "crit", "white"],
                                               {"sides": 6, "value": 2, "face": "shield", "color": "red"}],
                     "text": "Attack: 2 hits"}], animate=False)
    from engine.ui.theme import Theme
    surf = pygame.Surface((400, 100))
    tray.draw(surf, surf.get_rect(), Theme((1920, 1080)))
    colors = {surf.get_at((x, y))[:3] for x in range(0, 400, 3) for y in range(0, 100, 3)}
    assert len(colors) > 20


def test_view_dresses_rolls_with_glyph_faces():
    from engine.core.match import LogEntry
    from engine.core.rules import Event
    from engine.ui.panels.table_dice import dressed_rolls
    entry = LogEntry(None, 0, "Attack", [Event("roll", "Attack: 2 hits", data={"dice": [[10, 1], [10, 9]], "tiers": [3, 1]})])
    plain = dressed_rolls(entry)
    assert plain[0]["dice"] == [[10, 1], [10, 9]]

    def faces(data):
        return [[s, v, "sword" if v <= 3 else "blank", ("white", "grey", "black")[t - 1]]
                for (s, v), t in zip(data["dice"], data["tiers"])]
    dressed = dressed_rolls(entry, faces)
    assert dressed[0]["dice"] == [[10, 1, "sword", "black"], [10, 9, "blank", "white"]]


def test_placement_ghosts_follow_the_pointer(demo, monkeypatch):
    app, screen = screen_for(demo)
    ctl = screen.ctl
    from engine.table.geometry import BaseShape, Foot
    shape = BaseShape.round_mm(32)
    monkeypatch.setattr(ctl, "placement_feet", lambda pt: [Foot(shape, pt[0] + dx, pt[1]) for dx in (-1.4, 0, 1.4)])
    monkeypatch.setattr(ctl, "placement_problem", lambda pt, feet: "" if pt[1] < 12 else "Deploy in your zone.")
    move(app, _spos(screen, 30, 20))
    feet, why = ctl.shown_placement()
    assert len(feet) == 3 and why == "Deploy in your zone."
    assert screen.hover_info.illegal == "Deploy in your zone."
    move(app, _spos(screen, 30, 6))
    assert ctl.shown_placement()[1] == ""


def test_a_terrain_name_by_the_tables_edge_stays_whole_inside_the_table():
    import pygame
    from engine.ui.boards import table_strokes as strokes
    surf = pygame.Surface((300, 100))
    surf.fill((0, 0, 0))
    inside = pygame.Rect(0, 0, 200, 100)
    strokes.label(surf, "Greywood (far side)", (195, 50), 14, (255, 255, 255), within=inside)
    right = [surf.get_at((x, y))[:3] for x in range(200, 300) for y in range(100)]
    assert all(c == (0, 0, 0) for c in right)                  # nothing drawn beyond the table's edge
    assert any(surf.get_at((x, 50))[:3] != (0, 0, 0) for x in range(60, 200))
