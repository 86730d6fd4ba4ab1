"""The match screen's frame caches: what a frame draws from its caches
(the card area, the panel's top, the table's composed layer, a pan that
slides the view) must be what a full repaint, or a screen opened afresh on
the same position, draws: after a unit changes, after the hotseat hands the
screen to the other player in the order phase, after a resize."""
from __future__ import annotations

import random

import pygame
import pytest

from test_ui_support import screen_for

from engine.commands.tools import busy_match
from engine.ui import theme as T
from engine.ui.boards.table_tools import PickIndex, pick
from tiers import slow
from engine.ui.commands import Pick

GAME = "battle_valor_fantasy"
SCENARIO = "fords_of_legian"        # a small table: the same code as the Field of the Abaci, quicker to set up


def _pixels(surf, rect=None) -> bytes:
    return pygame.image.tobytes(surf.subsurface(rect) if rect else surf, "RGB")


def _hover(app, screen, pos) -> None:
    screen.mouse = pos
    screen.update_hover(pos, force=True)
    app.draw()


def _model_pos(screen, model) -> tuple[int, int]:
    x, y = screen.board.world_to_screen(model.foot.x, model.foot.y)
    return int(x), int(y)


def _full_repaint(app, screen) -> bytes:
    screen._clean = False
    app.draw()
    return _pixels(app.screen)


def _fresh(match, size, pos_of=None, sel=None) -> tuple:
    """A screen opened on the match now, `sel` selected, hovering what `pos_of(screen)` says."""
    app, screen = screen_for(match, size)
    if sel is not None:
        screen.ctl.sel = sel
        screen.ctl._hl = None
    if pos_of is not None:
        _hover(app, screen, pos_of(screen))
    return app, screen


def _units_by_owner(screen) -> dict:
    out: dict = {}
    for u, ms in screen.ctl.units().items():
        if ms:
            out.setdefault(ms[0].owner, []).append(u)
    return out


@slow
def test_hovering_piece_after_piece_draws_what_a_full_repaint_draws():
    m = busy_match(GAME, 3, players=2, scenario=SCENARIO, turns=12)
    app, screen = screen_for(m)
    models = list(screen.ctl.models())
    seen = []
    for m_ in models[:: max(1, len(models) // 6)] + models[:1]:       # new cards, then one shown before
        _hover(app, screen, _model_pos(screen, m_))
        seen.append(_pixels(app.screen))
        assert seen[-1] == _full_repaint(app, screen), m_.unit
    assert len(set(seen)) > 2           # the cards and outlines did change


def test_a_unit_that_changes_is_drawn_anew():
    m = busy_match(GAME, 3, players=2, scenario=SCENARIO, turns=12)
    app, screen = screen_for(m)
    p = screen.to_act()
    legal = [a for a in m.legal_actions() if a.player == p and a.get("uid") is not None
             and a.kind not in ("pass", "end")]
    rng = random.Random(2)
    a = rng.choice(legal)
    uid = a["uid"]
    where = screen.ctl.unit_models(uid)[0]
    _hover(app, screen, _model_pos(screen, where))
    before = _pixels(app.screen, screen.board_rect)
    assert screen.submit(a)
    pos = _model_pos(screen, where)         # the same point of the table
    _hover(app, screen, pos)
    fresh_app, fresh = _fresh(m, (1920, 1080), lambda s: pos, sel=screen.ctl.sel)
    for rect in (screen.board_rect, screen.panel_rect):            # the hint bar may carry a toast
        assert _pixels(app.screen, rect) == _pixels(fresh_app.screen, rect)
    assert _pixels(app.screen, screen.board_rect) != before


def test_the_next_player_sees_nothing_of_the_last_players_orders():
    m = busy_match(GAME, 3, players=2, scenario=SCENARIO, turns=0)
    assert m.state.phase == "orders"
    app, screen = screen_for(m)
    ctl = screen.ctl
    first = screen.to_act()
    mine = _units_by_owner(screen)[first]
    # the first player drafts orders, looks at one of his units (card, buttons, rings) and places them
    ctl.sel = mine[0]
    ctl._hl = None
    screen.after_input(ctl.press("orders:auto"))
    if ctl.draft.get(mine[0]) != ["charge"]:       # (the same order's key again takes the counter back)
        screen.after_input(ctl.press(Pick("order", "charge")))
    pos = _model_pos(screen, ctl.unit_models(mine[0])[0])
    _hover(app, screen, pos)
    assert screen.submit(ctl.press("orders:commit"))
    assert screen.to_act() != first and m.state.phase == "orders"
    assert m.state.units[mine[0]].orders           # placed, face down
    # the other player, at the same point: the card shows that unit's orders face down ...
    _hover(app, screen, pos)
    kind, card = screen.panel.card_content()
    assert kind == "card" and dict(card.stats)["Orders"] == "face down"
    # ... and every pixel is what a screen opened for him now shows (the selection stays: the controller's)
    fresh_app, _ = _fresh(m, (1920, 1080), lambda s: pos, sel=ctl.sel)
    for rect in (screen.board_rect, screen.panel_rect):
        assert _pixels(app.screen, rect) == _pixels(fresh_app.screen, rect)
    assert _pixels(app.screen) == _full_repaint(app, screen)


def test_a_resize_draws_everything_again():
    m = busy_match(GAME, 3, players=2, scenario=SCENARIO, turns=12)
    app, screen = screen_for(m)
    target = screen.ctl.models()[0]
    _hover(app, screen, _model_pos(screen, target))
    size = (1600, 900)
    app.screen = pygame.Surface(size).convert()
    app.theme.set_window(size)
    screen.resize(size)
    _hover(app, screen, _model_pos(screen, target))
    fresh_app, fresh = _fresh(m, size, lambda s: _model_pos(s, target))
    assert _pixels(app.screen) == _pixels(fresh_app.screen)


def test_a_pan_slides_the_view_to_the_pixels_a_full_repaint_draws(monkeypatch):
    from engine.ui.boards.tableboard import TableBoard
    slides = []
    real = TableBoard._slide
    monkeypatch.setattr(TableBoard, "_slide", lambda self, *a: (slides.append(a[1]), real(self, *a)))
    m = busy_match(GAME, 3, players=2, scenario=SCENARIO, turns=12)
    app, screen = screen_for(m)
    models = screen.ctl.models()
    for i, (dx, dy) in enumerate(((3, -2), (-40, 25), (0, 7), (11, 0))):
        screen.board.pan(dx, dy)
        _hover(app, screen, _model_pos(screen, models[i * 5 % len(models)]))     # a tooltip and outline to move too
        assert _pixels(app.screen) == _full_repaint(app, screen), (dx, dy)
    assert len(slides) == 4


def test_the_pick_index_picks_what_pick_does():
    m = busy_match(GAME, 3, players=2, scenario=SCENARIO, turns=12)
    app, screen = screen_for(m)
    models = screen.ctl.models()
    index = PickIndex(models)
    rng = random.Random(4)
    t = screen.board.table
    hits = 0
    for _ in range(400):
        if rng.random() < 0.5:
            f = rng.choice(models).foot
            x, y = f.x + rng.uniform(-1.5, 1.5), f.y + rng.uniform(-1.5, 1.5)
        else:
            x, y = rng.uniform(-1, t.width + 1), rng.uniform(-1, t.height + 1)
        slop = rng.choice((0.0, 0.1, 0.4, 2.5))
        want = pick(models, x, y, slop)
        assert index.pick(x, y, slop) is want
        hits += want is not None
    assert hits > 50


def test_remembered_wraps_are_handed_out_as_new_lists():
    f = T.font(15)
    lines = T.wrap("a few words that wrap over more than one line of text", f, 120)
    assert len(lines) > 1
    lines.append("changed")
    assert T.wrap("a few words that wrap over more than one line of text", f, 120) == lines[:-1]


@pytest.mark.parametrize("scale", [0.7, 1.0, 1.5])
def test_theme_lengths_follow_the_scale(scale):
    th = T.Theme()
    assert th.px(54) == round(54 * 1.0)
    th.scale = scale
    assert th.px(54) == max(1, round(54 * max(scale, 0.7)))
    assert th.size("m") == max(13, round(17 * scale))
    assert th.line_h("m") == T.font(th.size("m")).get_linesize()


def test_small_tokens_are_shared_when_their_silhouette_hides_the_letters():
    from engine.ui.boards.hexboard import make_token
    from engine.ui.contract import TokenSpec
    from engine.ui.panels import panel
    from engine.ui.panels.icons import icon_names
    icon = icon_names()[0]
    a = panel.mini_token("RI1", "#c04020", "square", 54, icon)
    b = panel.mini_token("RI2", "#c04020", "square", 54, icon)
    assert a is b
    drawn = make_token(max(6, int(54 * 0.75)), TokenSpec(key=0, hex=(0, 0), color="#c04020", label="RI2",
                                                         shape="square", icon=icon))
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(drawn, "RGBA")
    # no silhouette: the letters are what the token shows
    assert panel.mini_token("RI1", "#c04020", "square", 54) is not panel.mini_token("RI2", "#c04020", "square", 54)


def test_with_a_unit_selected_sight_lines_and_rings_leave_nothing_behind():
    """Hover enemy after enemy with a unit selected (sight lines, blocked
    bases hatched), panning now and then: each frame, drawn over the last,
    is what a full repaint draws (a ring's hatching used to reach past the
    rect it reported and stay on the table)."""
    m = busy_match(GAME, 3, players=2, scenario=SCENARIO, turns=12)
    app, screen = screen_for(m)
    p = screen.to_act()
    by_owner = _units_by_owner(screen)
    screen.ctl.sel = max(by_owner[p], key=lambda u: len(screen.ctl.unit_models(u)))
    screen.ctl._hl = None
    screen.relayout()          # the controller was driven behind the screen's back: its panel lays out
    app.draw()
    enemies = [m_ for u in by_owner[1 - p] for m_ in screen.ctl.unit_models(u)]
    for i, m_ in enumerate(enemies[:: max(1, len(enemies) // 12)]):
        if i % 3 == 2:
            screen.board.pan(5, -3)
        _hover(app, screen, _model_pos(screen, m_))
        assert _pixels(app.screen) == _full_repaint(app, screen), m_.unit


def test_sprite_cache_makes_once_per_zoom_and_stays_bounded():
    import pygame
    from engine.ui.boards.sprites import SpriteCache
    made = []

    def make():
        made.append(1)
        return pygame.Surface((4, 4), pygame.SRCALPHA)

    c = SpriteCache(limit=3)
    a = c.get(1.0, "a", make)
    assert c.get(1.0, "a", make) is a and len(made) == 1
    assert c.get(2.0, "a", make) is not a and len(made) == 2        # a new zoom draws again
    for k in "bcdef":
        c.get(2.0, k, make)
    assert len(c._sprites) <= 3
