"""Dragonbond on the table screen: drag to activate and move, click to
attack (custom dice in the tray), refusals that change nothing, decisions,
deployment with placement ghosts."""
from __future__ import annotations

import random

import pygame
import pytest

pytest.importorskip("games.dragonbond.game")

import games.dragonbond  # noqa: E402,F401  (registers the ruleset)
from engine.core.match import Match  # noqa: E402
from engine.core.rules import Setup  # noqa: E402
from engine.ui.render import render_png  # noqa: E402
from test_ui_support import click, drag, key, move, screen_for  # noqa: E402

POSITION = {"units": [
    {"name": "hal", "player": 0, "unit": "oathguard_halberdiers", "centre": [20, 31]},
    {"name": "claws", "player": 1, "unit": "blooded_claws", "centre": [20, 26.2]},
    {"name": "casters", "player": 0, "unit": "dreamshaper_casters", "centre": [34, 37]},
    {"name": "reavers", "player": 1, "unit": "skorpikon_reavers", "centre": [34, 27]},
    {"name": "blades", "player": 0, "unit": "bucentaur_blades", "centre": [8, 42]},
    {"name": "lancers", "player": 1, "unit": "skorpikon_gore_lancers", "centre": [8, 32]},
]}


def position_match():
    return Match(Setup("dragonbond", 2, seed=3, scenario="valerna_crossing", seats=("human", "human"),
                       options={"mode": "control", "position": POSITION}))


def names(m):
    return m.state.options["names"]


def spos(screen, x, y):
    sx, sy = screen.board.world_to_screen(x, y)
    return (int(round(sx)), int(round(sy)))


def centre(m, uid):
    u = m.state.units[uid]
    return (sum(x.x for x in u.models) / len(u.models), sum(x.y for x in u.models) / len(u.models))


def test_position_draws_with_cards_and_turn_counter(tmp_path):
    m = position_match()
    app, screen = screen_for(m)
    assert screen.space == "table"
    assert len(screen.tokens()) == sum(len(u.models) for u in m.state.units.values())
    header = screen.view.header(m.state)
    assert "Round 1 of 4" in header.lines[0] and "turns left" in header.lines[0]
    card = screen.view.card(m.state, names(m)["hal"])
    hal = m.state.units[names(m)["hal"]]
    tracks = {t.label: t for t in card.tracks}            # the card's slots, filled with cubes
    assert card is not None and tracks["Stamina"].filled == hal.fatigue and tracks["Health"].filled == hal.wounds
    assert tracks["Stamina"].slots >= 1 and tracks["Health"].slots >= 1
    assert any("Captain" in h for _, h, _ in card.sections)
    out = tmp_path / "db.png"
    render_png(m, out, size=(1280, 720), select=names(m)["hal"])
    assert pygame.image.load(str(out)).get_size() == (1280, 720)


def test_drag_activates_and_moves_the_unit():
    m = position_match()
    app, screen = screen_for(m)
    uid = names(m)["blades"]
    cx, cy = centre(m, uid)
    f = m.state.units[uid].models[0]
    drag(app, spos(screen, f.x, f.y), spos(screen, f.x + 3, f.y - 1))
    kinds = [a.kind for a in m.actions]
    assert kinds == ["activate", "move"], screen.ctl.message
    assert m.state.turn is not None and m.state.turn.uid == uid and m.state.turn.moved
    nx, ny = centre(m, uid)
    assert abs(nx - cx - 3) < 0.2 and abs(ny - cy + 1) < 0.2


def test_drag_too_far_changes_nothing_not_even_the_activation():
    m = position_match()
    app, screen = screen_for(m)
    uid = names(m)["blades"]
    fp = m.rules.fingerprint(m.state)
    f = m.state.units[uid].models[0]
    drag(app, spos(screen, f.x, f.y), spos(screen, f.x + 14, f.y - 2))
    assert m.actions == [] and m.rules.fingerprint(m.state) == fp
    assert screen.ctl.message and screen.ctl.message in screen.hint_text()[0]


def test_click_enemy_attacks_and_the_tray_shows_custom_dice():
    m = position_match()
    app, screen = screen_for(m)
    n = names(m)
    c = m.state.units[n["casters"]].models[0]
    click(app, spos(screen, c.x, c.y))
    assert screen.ctl.selected() == n["casters"]
    assert screen.ctl.highlights().get(n["reavers"]) == "attack"
    r = m.state.units[n["reavers"]].models[0]
    move(app, spos(screen, r.x, r.y))
    assert screen.hover_info.pool is not None and screen.hover_info.pool.dice
    assert any("%" in ln for ln in screen.hover_info.preview)
    click(app, spos(screen, r.x, r.y))
    assert [a.kind for a in m.actions][:2] == ["activate", "attack"]
    faces = [d for roll in screen.dice.rolls for d in roll["dice"]]
    assert faces and all(len(d) == 4 and isinstance(d[2], str) for d in faces)


def test_charge_mode_and_decisions_by_keys():
    m = position_match()
    app, screen = screen_for(m)
    n = names(m)
    b = m.state.units[n["blades"]].models[0]
    click(app, spos(screen, b.x, b.y))
    key(app, pygame.K_c)
    assert screen.ctl.mode == "charge"
    assert screen.ctl.highlights().get(n["lancers"]) == "charge"
    t = m.state.units[n["lancers"]].models[0]
    click(app, spos(screen, t.x, t.y))
    assert "charge" in [a.kind for a in m.actions]
    # whatever decisions follow, the buttons and keys answer them
    for _ in range(8):
        if not m.state.pending:
            break
        before = len(m.actions)
        key(app, pygame.K_y)
        if len(m.actions) == before:
            key(app, pygame.K_n)
        assert len(m.actions) > before, screen.ctl.message
    assert not m.state.pending or m.state.phase == "over"


def test_casualty_choice_by_clicking_models():
    m = position_match()
    app, screen = screen_for(m)
    n = names(m)
    ctl = screen.ctl
    ctl.sel = n["casters"]
    screen.submit(ctl.click_unit(n["reavers"], None))
    pd = m.state.pending[-1] if m.state.pending else None
    if pd is None or pd.kind != "casualties":
        pytest.skip("the dice killed nobody")
    u = m.state.units[pd.uid]
    target = u.models[-1]
    click(app, spos(screen, target.x, target.y))
    assert ctl.casualties == {target.mid}
    assert ctl.highlights().get((u.uid, target.mid)) == "illegal"
    key(app, pygame.K_RETURN)
    assert m.actions[-1].kind == "remove_models" and list(m.actions[-1]["models"]) == [target.mid]


def test_deployment_with_ghosts_and_click():
    m = Match(Setup("dragonbond", 2, seed=3, scenario="valerna_crossing", seats=("human", "human"),
                    options={"mode": "control"}))
    rng = random.Random(3)
    while m.state.phase != "deploy":
        m.submit(m.rules.sample_legal(m.state, rng), autosave=False)
    app, screen = screen_for(m)
    ctl = screen.ctl
    assert ctl.tray() and ctl.deploy_sel is not None
    from games.dragonbond.rules import setup
    z = setup.zone_of(m.state, m.to_act())
    x0, y0, x1, y1 = z.bbox
    inside = ((x0 + x1) / 2, (y0 + y1) / 2)
    outside = (m.state.table.width / 2, m.state.table.height / 2)
    move(app, spos(screen, *outside))
    feet, why = ctl.shown_placement()
    assert feet and why                       # ghosts, hatched, with the reason
    move(app, spos(screen, *inside))
    feet, why = ctl.shown_placement()
    uid = ctl.deploy_sel
    if why:
        pytest.skip(f"the middle of the zone is taken: {why}")
    click(app, spos(screen, *inside))
    assert m.actions[-1].kind == "deploy" and m.actions[-1]["uid"] == uid
    # pressed by the zone's edge, the ghost centred on the pointer stuck out of it and was refused:
    # it is slid in (geometry.slide_into), the click places it there
    ctl.reset()
    x0, y0, x1, y1 = setup.zone_of(m.state, m.to_act()).bbox        # the next player's zone
    edge = (x0 + 0.2, (y0 + y1) / 2)
    move(app, spos(screen, *edge))
    feet, why = ctl.shown_placement()
    assert feet and not why and min(f.bbox[0] for f in feet) >= x0
    n = len(m.actions)
    click(app, spos(screen, *edge))
    assert len(m.actions) == n + 1 and m.actions[-1].kind == "deploy"


def test_dismount_sets_the_general_down_where_the_player_clicks():
    """§ Dismounting: "place the general wherever you wish, as long as it is in base-to-base contact
    with the dragon". The Dismount button used to take the first free spot around the dragon; now it
    waits for a click, the ghost shows the general touching the dragon on the pointer's side, and a
    spot the rules refuse (over an enemy) is hatched with the reason and changes nothing."""
    import math
    from games.dragonbond.rules import space
    position = {"current": 1, "bonds": [["emperor", "nagasha"]], "mounted": ["emperor"], "units": [
        {"name": "emperor", "player": 1, "unit": "blood_emperor", "archetype": "tyrant", "at": [[24, 30]]},
        {"name": "nagasha", "player": 1, "unit": "nagasha", "archetype": "venom_queen", "at": [[24, 30]]},
        {"name": "claws", "player": 0, "unit": "blooded_claws", "models": 1, "at": [[21.391, 30]]}]}
    m = Match(Setup("dragonbond", 2, seed=3, scenario="valerna_crossing", seats=("human", "human"),
                    options={"mode": "control", "position": position}))
    n = names(m)
    from engine.core.actions import Action
    m.submit(Action.make("activate", 1, uid=n["nagasha"]), autosave=False)
    app, screen = screen_for(m)
    ctl = screen.ctl
    dragon = space.feet(m.state, m.state.units[n["nagasha"]])[0]
    assert any(b.command == "dismount" for b in ctl.buttons())
    ctl.press("dismount")
    assert ctl.mode == "dismount" and "Dismount: click where" in ctl.hint()
    before = len(m.actions)
    # toward the enemy on the west: the spot is refused (the Claws stand there), nothing changes
    move(app, spos(screen, dragon.x - 6, dragon.y))
    feet, why = ctl.shown_placement()
    assert feet and why
    click(app, spos(screen, dragon.x - 6, dragon.y))
    assert len(m.actions) == before and ctl.mode == "dismount"
    # north-east: the general is set down there, touching the dragon
    target = (dragon.x + 5, dragon.y - 5)
    move(app, spos(screen, *target))
    feet, why = ctl.shown_placement()
    assert feet and not why
    click(app, spos(screen, *target))
    a = m.actions[-1]
    assert a.kind == "dismount" and len(m.actions) == before + 1
    gx, gy = a["to"]
    assert gx > dragon.x and gy < dragon.y                      # on the side clicked
    assert math.isclose(math.atan2(gy - dragon.y, gx - dragon.x), math.atan2(-5, 5), abs_tol=0.02)   # the pointer lands on a pixel
    assert ctl.mode == ""


def test_drag_and_charge_previews_name_the_terrain_and_show_the_charge():
    """Dragging the Kirin Wardens into the Ford Mire: the hint and an outline
    on the table name it and its Slow token before the drop.  Hovering a
    target in charge mode draws where each model will end for the median
    roll, as the rules plan it."""
    m = Match(Setup("dragonbond", 2, seed=3, scenario="valerna_crossing", seats=("human", "human"),
                    options={"position": {"units": [
                        {"name": "kirin", "player": 0, "unit": "kirin_wardens", "captain": "shen_the_serene",
                         "models": 1, "at": [[24, 14]]},
                        {"name": "hal", "player": 0, "unit": "oathguard_halberdiers", "captain": "commander_leonise",
                         "at": [[17.32, 0.76], [17.32, 2.12], [17.32, 3.48], [17.32, 4.84], [18.68, 2.8]]},
                        {"name": "claw", "player": 1, "unit": "blooded_claws", "captain": "packleader_vrask",
                         "models": 1, "at": [[26.822, 9.889]]}]}}))
    app, screen = screen_for(m)
    n = names(m)
    ctl = screen.ctl
    h = m.state.units[n["hal"]].models[0]
    click(app, spos(screen, h.x, h.y))
    key(app, pygame.K_c)
    t = m.state.units[n["claw"]].models[0]
    move(app, spos(screen, t.x, t.y))
    app.draw()
    labels = [s.label for s in ctl.overlay_shapes() if s.label]
    assert any(lb.startswith("median roll") and "models fight" in lb for lb in labels), labels
    key(app, pygame.K_ESCAPE)
    ctl.sel = None
    a, b = spos(screen, 24, 14), spos(screen, 24, 20)
    move(app, a)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    for i in range(1, 7):
        p = (a[0], round(a[1] + (b[1] - a[1]) * i / 6))
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
    app.draw()
    assert "enters Ford Mire: Slow token" in ctl.hint()
    assert any(s.label == "Ford Mire: Slow token" for s in ctl.overlay_shapes())
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    app.draw()
    assert m.state.units[n["kirin"]].slow == 1


def test_p_auto_places_while_deploying_and_a_power_has_its_own_key():
    """One key, one meaning (a play-test found P both auto-placing a unit
    and, in battle, picking a power or setting the computer's pace): P
    auto-places while deploying, S picks a power, and in battle P is left
    to the match screen's pace, as the help says."""
    m = Match(Setup("dragonbond", 2, seed=3, scenario="valerna_crossing", seats=("human", "human"),
                    options={"mode": "control"}))
    rng = random.Random(3)
    while m.state.phase != "deploy":
        m.submit(m.rules.sample_legal(m.state, rng), autosave=False)
    app, screen = screen_for(m)
    uid = screen.ctl.deploy_sel
    assert uid is not None
    pace = (screen.stepping, screen.instant)
    n = len(m.actions)
    key(app, pygame.K_p)
    assert len(m.actions) == n + 1 and m.actions[-1].kind == "deploy" and m.actions[-1]["uid"] == uid
    assert (screen.stepping, screen.instant) == pace          # the pace is untouched

    m = position_match()
    app, screen = screen_for(m)
    ctl = screen.ctl
    b = m.state.units[names(m)["casters"]].models[0]
    click(app, spos(screen, b.x, b.y))
    buttons = ctl.buttons()
    powers = [x for x in buttons if x.label.startswith("Power:")]
    assert powers and powers[0].key == "S"
    assert not any(x.key == "P" for x in buttons)
    key(app, pygame.K_s)
    assert ctl.mode.startswith("power:")
    key(app, pygame.K_ESCAPE)
    assert ctl.mode == ""
    key(app, pygame.K_p)
    assert ctl.mode == "" and screen.stepping                  # the match screen's pace, nothing else
    help_text = " ".join(ctl.help_lines())
    assert "S power" in help_text and "P auto-place while deploying" in help_text
