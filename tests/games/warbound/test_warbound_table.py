"""Warbound at the table (issue 36): the closest-target marker only on the
closest targets, a Formation moved one miniature at a time, a click on an
enemy that cannot be targeted says why (and may be allowed anyway), the
Scan labels inside their hex, the card's cost saying what it includes, and
a side panel that does not jump when a Character is picked."""
from __future__ import annotations

import pygame

from engine.core.match import Match
from engine.core.rules import Setup
from engine.hex.grid import parse_label as hx
from engine.ui.contract import Choice
from games.warbound.ui.controller import make_controller
from games.warbound.ui.view import make_view
from test_ui_support import click, hex_pos, key, screen_for


def _match(chars, **extra):
    spec = {"hand": 0, "tokens": [{"raiders": 9}, {"kaigen": 9}], "chars": chars}
    spec.update(extra)
    m = Match(Setup("warbound", 2, seed=1, scenario="recommended", options={"position": spec},
                    seats=("human", "human")))
    return m, make_controller(m, make_view(m))


SHOOTER = [{"name": "copp", "player": 0, "card": "copp", "at": "E3"},
           {"name": "near", "player": 1, "card": "rohna", "at": "E6"},
           {"name": "far", "player": 1, "card": "orkedo_drummer", "at": "H7"}]


def _activate(m, ctl, space):
    a = next(a for a in m.legal_actions() if a.kind == "activate" and a["space"] == space)
    m.submit(a, autosave=False)
    ctl.reset()


def test_during_an_activation_only_the_closest_targets_are_marked_closest():
    m, ctl = _match(SHOOTER)
    _activate(m, ctl, "p1_shoot")
    marks = ctl.highlights()
    near, far = (m.state.chars[u].minis[0] for u in (1, 2))
    assert marks[near] == "attack" and marks[far] == "target"
    assert "not the closest: second accuracy" in ctl.hover(far).preview


def test_a_click_on_an_enemy_out_of_reach_says_why_and_may_be_allowed_anyway():
    chars = [{"name": "copp", "player": 0, "card": "copp", "at": "B2"},
             {"name": "rohna", "player": 1, "card": "rohna", "at": "M7"}]
    m, ctl = _match(chars)
    _activate(m, ctl, "p1_move_fight")          # a Fight: the enemy is nowhere near
    app, screen = screen_for(m)
    target = m.state.chars[1].minis[0]
    click(app, hex_pos(screen, target))
    assert "adjacent" in screen.ctl.message and screen.ctl.message_rule.startswith("warbound.txt § ")
    assert not screen.ctl.message.startswith("Nothing to do")
    assert screen.shown_override() is not None          # "Allow anyway (house rule)" under it
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    note = app.top()
    assert note is not screen and "Allow anyway" in note.title


def test_before_paying_a_click_on_an_enemy_out_of_sight_says_why():
    chars = [{"name": "copp", "player": 0, "card": "copp", "at": "B2"},
             {"name": "rohna", "player": 1, "card": "rohna", "at": "M7"},         # behind obstructing terrain
             {"name": "near", "player": 1, "card": "orkedo_player", "at": "B5"}]  # a valid target
    m, ctl = _match(chars)
    ctl.click(hx("B2"))
    ctl.click_card(("space", "p1_shoot"))              # picked, not paid
    assert ctl.pending == "p1_shoot"
    assert ctl.click(m.state.chars[1].minis[0]) is None
    assert ctl.message == "Kaigen's Roh'na is entirely concealed by obstructing terrain."
    assert ctl.message_rule == "warbound.txt § Shoot"
    app, screen = screen_for(m)
    screen.ctl.click(hx("B2"))
    screen.ctl.click_card(("space", "p1_shoot"))
    click(app, hex_pos(screen, m.state.chars[1].minis[0]))
    offer = screen.shown_override()
    assert offer is not None and offer[4] and offer[4][0].kind == "activate"   # paid first, then allowed


FORMATION = [{"name": "copp", "player": 0, "card": "copp", "at": "E3", "at2": "E4", "formation": "formation"},
             {"name": "rohna", "player": 1, "card": "rohna", "at": "M7"}]


def test_a_formation_moves_one_miniature_at_a_time():
    m, ctl = _match(FORMATION)
    _activate(m, ctl, "p1_move")
    c = m.state.chars[0]
    a0, a1 = c.minis
    moves = [a for a in ctl.legal if a.kind == "move"]
    pick = moves[len(moves) // 2]
    first, second = tuple(pick["to"]), tuple(pick["to2"])
    ctl.click(a1)                                   # the second miniature first: it goes where clicked next
    assert ctl.grab == 1
    r = ctl.click(second)
    assert r is None and ctl.placing == (1, second) and not isinstance(r, Choice)
    marks = ctl.highlights()
    assert marks[second] == "select" and marks.get(first) == "move"
    a = ctl.click(first)
    assert a.kind == "move" and (tuple(a["to"]), tuple(a["to2"])) == (first, second)
    m.submit(a, autosave=False)
    assert m.state.chars[0].minis == [first, second]


def test_a_formation_placed_again_or_escaped_starts_over_and_a_bad_second_tile_says_why():
    m, ctl = _match(FORMATION)
    _activate(m, ctl, "p1_move")
    pick = next(a for a in ctl.legal if a.kind == "move")
    first = tuple(pick["to"])
    ctl.click(first)
    assert ctl.placing is not None
    assert ctl.click(first) is None and ctl.placing is None             # the same tile: undone
    ctl.click(first)
    assert ctl.click(hx("M2")) is None and "cannot end there" in ctl.message
    assert ctl.cancel() and ctl.placing is None


def test_a_formation_picked_but_not_paid_pays_and_moves_on_the_second_tile():
    m, ctl = _match(FORMATION)
    ctl.click(hx("E3"))
    ctl.click_card(("space", "p1_move"))
    pairs = ctl._pairs()
    acts, (first, second) = pairs[0]
    assert ctl.click(first) is None
    out = ctl.click(second)
    assert isinstance(out, list) and [a.kind for a in out] == ["activate", "move"]


def test_the_card_cost_says_what_it_includes_and_scan_labels_sit_inside_their_hex():
    m, ctl = _match(FORMATION)
    card = ctl.view.card(m.state, 0)
    cost = dict(card.stats)["Cost"]
    assert cost.endswith("(Formation +1 any)")
    assert all(lab.kind == "inside" for lab in ctl.view.labels() if lab.text == "Scan")
    ctl.click(hx("E3"))
    ctl.click_card(("space", "p1_run"))
    pay = next(b for b in ctl.buttons() if b.command == "pay")
    assert "includes +1 colorless for the Formation" in pay.tip and "(" not in pay.cost


def test_the_side_panel_does_not_jump_when_a_character_is_picked():
    m, _ = _match(SHOOTER)
    app, screen = screen_for(m)
    before = screen.panel.panel_layout()
    rows = [r.topleft for r, _ in screen.hand_rects]
    click(app, hex_pos(screen, hx("E3")))
    after = screen.panel.panel_layout()
    assert screen.ctl.selected() == 0
    assert [r.topleft for r, _ in screen.hand_rects] == rows
    for part in ("hand", "card", "buttons", "dice", "log"):
        b, a = before[part], after[part]
        b, a = (b[0] if isinstance(b, tuple) else b), (a[0] if isinstance(a, tuple) else a)
        assert tuple(a) == tuple(b), part


def test_the_log_grows_with_the_window():
    m, _ = _match(SHOOTER)
    heights = []
    for size in ((1280, 720), (1920, 1080), (1920, 1400)):
        app, screen = screen_for(m, size)
        heights.append(screen.panel.panel_layout()["log"].h)
    assert heights[0] < heights[1] < heights[2]
    assert heights[1] >= 9 * app.theme.line_h("s")


def _drag(app, a, b):
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2 + 9)
    for p in (mid, b):
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    app.draw()


def test_a_formation_moves_by_dragging_each_miniature_to_its_tile():
    m, _ = _match(FORMATION)
    a = next(a for a in m.legal_actions() if a.kind == "activate" and a["space"] == "p1_move")
    m.submit(a, autosave=False)
    app, screen = screen_for(m)
    camera = hex_pos(screen, hx("A1"))
    c = m.state.chars[0]
    pick = [a for a in screen.ctl.legal if a.kind == "move"][-1]
    to, to2 = tuple(pick["to"]), tuple(pick["to2"])
    n = len(m.actions)
    _drag(app, hex_pos(screen, c.minis[0]), hex_pos(screen, to))
    assert screen.ctl.placing == (0, to) and len(m.actions) == n
    _drag(app, hex_pos(screen, c.minis[1]), hex_pos(screen, to2))
    assert len(m.actions) == n + 1 and m.state.chars[0].minis == [to, to2]
    assert hex_pos(screen, hx("A1")) == camera           # a drag on a miniature never pans the board


def test_deploying_with_nothing_picked_never_lists_tile_pairs():
    """Seen in the real window: a Formation's first tile placed, a click in
    the tray, then a tile: a modal listed "Scrapper Formation deploys on B4
    and C4", "... C3 and C4" beside the Junk Hound."""
    m = Match(Setup("warbound", 2, seed=7, scenario="recommended", seats=("human", "human")))
    ctl = make_controller(m, make_view(m))
    formation = next(t for t in ctl.tray() if t.shape == "square")
    ctl.click_tray(formation.key)
    ctl.click(next(h for h, k in ctl.highlights().items() if k == "deploy"))
    assert ctl.placing is not None
    ctl.click_tray(formation.key)                       # unpicked: the placement goes with it
    assert ctl.placing is None
    for h, k in list(ctl.highlights().items()):
        if k != "deploy":
            continue
        out = ctl.click(h)
        if isinstance(out, Choice):
            assert all(a.get("to2") is None for a in out.actions), out.labels
        ctl.cancel()
        ctl.sel = None
        ctl.placing = ctl.grab = None
