"""Rendering without a window, frame timing, panel fit, rules references."""
from __future__ import annotations

import re

import pygame

from engine.ui.bench import frame_times
from engine.ui.panels.panel import draw_card
from engine.ui.render import render_png
from engine.ui.scenes.rules_ref import find_section, load_lines
from test_ui_support import deployed_match, screen_for
from tiers import ROOT



def test_render_png_writes_image_of_right_size(tmp_path):
    m = deployed_match()
    out = tmp_path / "pos.png"
    render_png(m, out, size=(1280, 720))
    assert out.stat().st_size > 10_000
    img = pygame.image.load(str(out))
    assert img.get_size() == (1280, 720)


def test_frame_times_returns_one_time_per_frame():
    times = frame_times(deployed_match(), frames=20, size=(1280, 720))
    assert len(times) == 20 and all(t > 0 for t in times)


def test_text_heavy_panel_fits_at_1280x720():
    m = deployed_match()
    app, screen = screen_for(m, (1280, 720))
    th = app.theme
    w = screen.panel_rect.w - 2 * th.px(12)
    # the unit with the most card text, selected as its owner would
    tallest = max((u for u in m.state.units.values() if u.pos is not None),
                  key=lambda u: draw_card(None, 0, 0, w, screen.view.card(m.state, u.uid), th))
    screen.ctl.sel = tallest.uid
    screen.ctl._hl = None
    screen.relayout()          # the controller was driven behind the screen's back: its panel lays out
    app.draw()
    layout = screen.panel.panel_layout()
    rects = {k: (v[0] if isinstance(v, tuple) else v) for k, v in layout.items()}
    for name, r in rects.items():
        assert screen.panel_rect.contains(r), name
    order = ["header", "tray", "card", "buttons", "dice", "log", "tool"]
    for a, b in zip(order, order[1:]):
        assert rects[a].bottom <= rects[b].top + 1, (a, b)
    need = layout["card"][1]
    assert rects["card"].h >= need, "the whole card shows without scrolling"
    assert rects["log"].h >= 4 * th.line_h("s")
    assert th.size("xs") >= 11          # readable type


def test_every_rule_citation_opens_a_section():
    cites = set()
    for py in (ROOT / "games" / "dice_wars").rglob("*.py"):      # rules/, ai/, ui/ too
        cites |= set(re.findall(r'"(dice_wars\.txt § [^"]+)"', py.read_text(encoding="utf-8")))
    assert cites
    lines = load_lines("dice_wars.txt")
    assert lines, "assets/rules/dice_wars.txt is shipped"
    missing = [c for c in cites if find_section(lines, c.split("§", 1)[1].strip()) < 0]
    assert not missing, missing
