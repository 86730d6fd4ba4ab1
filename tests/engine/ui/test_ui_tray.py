"""The deployment tray's chips: every name whole, none overlapping, in
rows as full as the names allow."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples

import test_ui_support  # noqa: F401  (the dummy video driver)
from engine.ui import theme as T
from engine.ui.panels.panel import TraySpec, _tray_rows, tray_cols, tray_layout
from engine.ui.app import App

APP = App((1280, 720), headless=True)


@settings(max_examples=examples(60), deadline=None)
@given(names=st.lists(st.sampled_from(["Wizard", "Levy Bows", "Regular Cavalry on Horses",
                                        "Veteran Cavalry on Hippogriffs", "Elite Infantry", "Giants"]),
                      min_size=1, max_size=24),
       width=st.integers(min_value=260, max_value=700))
def test_every_chip_shows_its_whole_name_and_none_overlap(names, width):
    th = APP.theme
    items = [TraySpec(i, "Re", n, "#88aaff") for i, n in enumerate(names)]
    chips = tray_layout(items, 0, 0, width, th)
    assert sorted(it.key for _, it in chips) == list(range(len(names)))      # each once
    for r, it in chips:
        assert T.ellipsize(it.name, th.font("s"), r.w - r.h - th.px(6)) == it.name
        assert r.right <= width
    for i, (a, _) in enumerate(chips):
        assert not any(a.colliderect(b) for b, _ in chips[i + 1:])
    # never more rows than the most columns would take (the fewest rows of the column counts)
    widest = _tray_rows(items, 0, 0, width, th, tray_cols(len(items), width, th))
    assert len({r.y for r, _ in chips}) <= len({r.y for r, _ in widest})


def test_long_names_in_a_narrow_panel_take_two_columns_not_a_row_each():
    # the Field of the Abaci's Red Tusk Horde in the 1024x700 window's panel (340 px): three columns
    # left most names a row each, 17 rows; two columns hold the same chips in 11
    th = APP.theme
    names = ["Elite Juggernaut", "Elite Heavy Infantry", "Veteran Berserkers", "Veteran Infantry",
             "Veteran Cavalry on Bears", "Regular Infantry 1", "Regular Infantry 2", "Regular Infantry 3",
             "Regular Bows", "Regular Cavalry on Wolves", "Regular War Boars", "Regular Boar Chariots",
             "Regular Stone Thrower", "Levy Infantry 1", "Levy Infantry 2", "Levy Slings", "Levy Bolt Thrower",
             "Levy War Hounds", "Wizard"]
    items = [TraySpec(i, "Re", n, "#fff") for i, n in enumerate(names)]
    chips = tray_layout(items, 0, 0, 340, th)
    three = _tray_rows(items, 0, 0, 340, th, 3)
    assert len({r.y for r, _ in chips}) < len({r.y for r, _ in three})


def test_a_short_name_fills_the_row_a_long_one_would_leave_half_empty():
    th = APP.theme
    names = ["Regular Crossbows", "Regular Cavalry on Horses", "Levy Bows"]
    items = [TraySpec(i, "Re", n, "#fff") for i, n in enumerate(names)]
    # a panel where the crossbows fit half its width and the cavalry does not
    width = next(w for w in range(200, 900, 10)
                 if len({r.y for r, it in tray_layout(items[:1] * 2, 0, 0, w, th)}) == 1)
    chips = dict((it.name, r) for r, it in tray_layout(items, 0, 0, width, th))
    assert chips["Regular Crossbows"].y == chips["Levy Bows"].y                   # one row of two
    assert chips["Regular Cavalry on Horses"].y > chips["Levy Bows"].y            # the long one below, whole
    assert chips["Regular Cavalry on Horses"].w > width * 0.9
