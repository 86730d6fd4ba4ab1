"""Battle Valor Fantasy on the table screen: stands drawn, cards, the order
picker with counters face down, clicking an enemy to charge, a game played
to the end through the controller's own buttons."""
from __future__ import annotations

import random

import pytest

pygame = pytest.importorskip("pygame")

from engine.core.match import Match  # noqa: E402
from engine.core.rules import Setup  # noqa: E402
from engine.ui.contract import load_game_ui  # noqa: E402
from engine.ui.render import render_png  # noqa: E402
from engine.ui.commands import Pick  # noqa: E402

POSITION = {"phase": "orders", "turn": 2, "units": [
    {"name": "spears", "player": 0, "at": [24, 30], "facing": 270, "files": 4,
     "unit": {"troop": "infantry", "stands": 8, "command": True, "weapon": "pole"}},
    {"name": "general", "player": 0, "kind": "general", "at": [10, 44]},
    {"name": "foes", "player": 1, "at": [24, 25], "facing": 90, "files": 4,
     "unit": {"troop": "infantry", "stands": 8, "command": True}},
    {"name": "their general", "player": 1, "kind": "general", "at": [40, 4]},
]}


def position_match(position: dict = POSITION):
    """Two people on Border March, starting from `position` (setup.position's format)."""
    return Match(Setup("battle_valor_fantasy", 2, seed=3, scenario="border_march", seats=("human", "human"),
                       options={"position": position}))


def test_stands_cards_and_hidden_orders(tmp_path):
    m = position_match()
    view, ctl = load_game_ui(m)
    ms = view.models(m.state)
    assert len(ms) == 18 and sum(1 for x in ms if x.leader) == 4
    names = m.state.options["names"]
    ctl.sel = names["spears"]
    ctl.press(Pick("order", "charge"))
    ctl.sel = names["general"]
    assert ctl.press(Pick("order", "fate")) is True
    a = ctl.press("orders:commit")
    assert a.kind == "orders" and a["fate"] == names["general"]
    m.submit(a, autosave=False)
    # the second player places theirs: the first's counters are face down for them
    card = view.card(m.state, names["spears"])
    assert ("Orders", "face down") in card.stats
    ctl.reset()
    ctl.press("orders:auto")
    m.submit(ctl.press("orders:commit"), autosave=False)
    assert m.state.phase != "orders"
    assert render_png(m, tmp_path / "bvf.png").exists()


def test_a_whole_battle_through_the_buttons():
    m = Match(Setup("battle_valor_fantasy", 2, seed=11, scenario="border_march", seats=("human", "human")))
    view, ctl = load_game_ui(m)
    rng = random.Random(4)
    for _ in range(4000):
        if m.outcome() is not None:
            break
        ctl.reset()
        st = m.state
        if st.phase == "deploy":
            # the listed spots, clicked through the controller
            from games.battle_valor_fantasy.rules import legal
            acts = [a for g in legal.groups(st) for a in g()]
            acts = [a for a in acts if m.rules.check(st, a) is None]
            a = acts[rng.randrange(len(acts))]
            ctl.deploying = a["uid"]
            got = ctl.click_point((a["x"], a["y"]))
            m.submit(got if m.rules.check(st, got) is None else a, autosave=False)
            continue
        if st.phase == "orders" and not st.pending:
            ctl.press("orders:auto")
            m.submit(ctl.press("orders:commit"), autosave=False)
            continue
        if st.phase in ("spells", "reform", "fire", "combat", "advance", "fire2") and not st.pending:
            from games.battle_valor_fantasy.rules import flow
            mine = [u for u in flow.units_of(st, m.rules.to_act(st)) if flow.can_activate(st, u, st.phase)]
            ctl.sel = mine[rng.randrange(len(mine))].uid
        bs = ctl.buttons()
        assert bs, f"no buttons in {st.phase}"
        cmd = bs[rng.randrange(len(bs))].command
        a = ctl.press(cmd)
        if a is True and ctl.preview is None:       # a spell's target picked: then the spells at it
            bs = ctl.buttons()
            cmd = bs[rng.randrange(len(bs))].command
            a = ctl.press(cmd)
        if a is True:               # a move's ghost first; the second press commits it
            assert ctl.overlay_shapes()
            a = ctl.press(cmd)
        m.submit(a, autosave=False)
    assert m.outcome() is not None


def _at(phase, order, foes_facing=90.0, foes_at=(24, 25)):
    pos = {"phase": phase, "turn": 2, "units": [dict(POSITION["units"][0], orders=[order]),
                                                POSITION["units"][1],
                                                dict(POSITION["units"][2], facing=foes_facing, at=list(foes_at)),
                                                POSITION["units"][3]]}
    m = position_match(pos)
    view, ctl = load_game_ui(m)
    return m, view, ctl, m.state.options["names"]


def test_an_order_key_the_unit_is_not_offered_says_why():
    """The Spears have no missile weapon: Fire's key (3) is not theirs,
    and pressing it says so with the rule instead of doing nothing."""
    m = position_match()
    view, ctl = load_game_ui(m)
    ctl.sel = m.state.options["names"]["spears"]
    assert not any(b.key == "3" for b in ctl.buttons())
    assert ctl.key("3") is True and not ctl.draft.get(ctl.sel)
    assert "no missile weapon" in ctl.message and "Fire" in ctl.message
    assert ctl.message_rule == "battle_valor_fantasy.txt § Order Counter Types;"


def test_charge_lane_wheel_and_contact_edge_before_committing():
    m, view, ctl, names = _at("combat", "charge")
    ctl.sel = names["spears"]
    ctl.hover((24.0, 25.0))                       # over the enemy: the charge is drawn, nothing is committed
    shapes = ctl.overlay_shapes()
    labels = [s.label for s in shapes]
    assert "front" in labels and any(x.startswith('3.') and 'of 8"' in x for x in labels)
    # an enemy side on: the contact edge is its flank
    m, view, ctl, names = _at("combat", "charge", foes_facing=0.0, foes_at=(27, 22))
    ctl.sel = names["spears"]
    foes = m.state.units[names["foes"]]
    ctl.hover((foes.stands[0].x, foes.stands[0].y))
    assert "right flank" in [s.label for s in ctl.overlay_shapes()]
    # farther round: the lane wheels a quarter turn into its rear, and is out of reach (drawn red)
    m, view, ctl, names = _at("combat", "charge", foes_facing=0.0, foes_at=(30, 22))
    ctl.sel = names["spears"]
    foes = m.state.units[names["foes"]]
    ctl.hover((foes.stands[0].x, foes.stands[0].y))
    shapes = ctl.overlay_shapes()
    labels = [s.label for s in shapes]
    assert "rear" in labels and "wheel 90°" in labels
    assert any("out of reach" in x for x in labels)
    assert m.state.phase == "combat" and not m.state.units[names["spears"]].activated


def test_reform_shows_its_ghost_then_commits():
    m, view, ctl, names = _at("reform", "reform")
    ctl.sel = names["spears"]
    bs = [b for b in ctl.buttons() if b.label.startswith("Attack Column")]
    assert bs
    assert ctl.press(bs[0].command) is True
    ghosts = [s for s in ctl.overlay_shapes() if s.closed and s.dashed]
    assert len(ghosts) == 8                          # every stand where it will stand
    a = ctl.press(bs[0].command)
    assert a.kind == "reform" and a["formation"] == "attack_column"
    m.submit(a, autosave=False)
    assert m.state.units[names["spears"]].formation == "attack_column"


def test_dragging_an_advance_keeps_the_formation():
    m, view, ctl, names = _at("advance", "advance", foes_at=(24, 8))
    u = m.state.units[names["spears"]]
    before = {s.sid: (s.x, s.y) for s in u.stands}
    c = u.command_stand()
    assert ctl.drag_begin((c.x, c.y))
    ctl.drag_to((c.x, c.y - 3.0))
    a = ctl.drag_end()
    assert a.kind == "advance" and abs(a["first"] - 3.0) < 1e-6 and a["angle"] == 0
    m.submit(a, autosave=False)
    u = m.state.units[names["spears"]]
    for s in u.stands:
        assert abs(s.x - before[s.sid][0]) < 1e-6 and abs(s.y - (before[s.sid][1] - 3.0)) < 1e-6


def test_the_general_promises_flee_and_rally_rerolls_with_the_orders():
    m = position_match()
    view, ctl = load_game_ui(m)
    names = m.state.options["names"]
    ctl.sel = names["spears"]
    assert any(b.command == "orders:runs" for b in ctl.buttons())
    assert ctl.key("g") is True
    ctl.press("orders:auto")
    a = ctl.press("orders:commit")
    assert a.kind == "orders" and a["reroll_runs"] == 1
    m.submit(a, autosave=False)
    # face down until revealed: the second player's picker starts without it, the log says nothing yet
    assert ctl.reroll_runs is False
    assert not any("reroll" in e.text for le in m.log for e in le.events)


def test_the_generals_twelve_inches_are_drawn_when_he_is_selected():
    m = position_match()
    view, ctl = load_game_ui(m)
    g = m.state.units[m.state.options["names"]["general"]]
    ctl.sel = g.uid
    rings = [s for s in ctl.overlay_shapes() if s.closed and len(s.points) == 72]
    assert len(rings) == 1
    x, y = rings[0].points[0]
    gx, gy = g.stands[0].x, g.stands[0].y
    assert abs(((x - gx) ** 2 + (y - gy) ** 2) ** 0.5 - (12 + 0.7874)) < 0.01     # 12" from a 40 mm base's edge


def test_each_player_deploys_a_unit_a_key_with_place_it_for_me():
    m = Match(Setup("battle_valor_fantasy", 2, seed=11, scenario="border_march", seats=("human", "human")))
    view, ctl = load_game_ui(m)
    assert m.state.phase == "deploy"
    placed = 0
    while m.state.phase == "deploy":
        assert "A" in [b.key for b in ctl.buttons() if b.command == "deploy:auto"]
        uid = ctl._deploy_unit()
        a = ctl.key("a")
        assert a.kind in ("deploy", "withhold") and a["uid"] == uid and m.rules.check(m.state, a) is None
        m.submit(a, autosave=False)
        ctl.reset()
        placed += 1
    assert placed >= 10 and all(u.deployed or not u.alive for u in m.state.units.values() if u.kind == "unit")


def test_the_first_turns_fate_moves_the_enemy_unit_the_player_drags_any_way():
    """§ Order Counter Types;: Fate moves an enemy unit "up to 10 inches in
    any direction within the normal deployment zone": the player drags it
    there (no fixed 5" pushes along the axes), facing kept."""
    m = Match(Setup("battle_valor_fantasy", 2, seed=11, scenario="border_march", seats=("human", "human")))
    view, ctl = load_game_ui(m)
    while m.state.phase != "fate":
        ctl.reset()
        a = ctl.key("a") if m.state.phase == "deploy" else (ctl.press("orders:auto"), ctl.press("orders:commit"))[1]
        m.submit(a, autosave=False)
    ctl.reset()
    me = m.to_act()
    labels = [b.label for b in ctl.buttons()]
    assert any(lb.startswith("Fate becomes ") for lb in labels) and not any(lb.startswith("Move ") for lb in labels)
    assert "drag an enemy unit" in ctl.hint()
    from games.battle_valor_fantasy.rules import space
    from games.battle_valor_fantasy.rules.setup import zone_of
    enemies = [u for u in m.state.units.values() if u.owner != me and u.on_table and u.kind == "unit"]
    assert enemies and all(ctl.movable(u.uid) and ctl.allowance_of(u.uid) == 10.0 for u in enemies)
    assert not any(ctl.movable(u.uid) for u in m.state.units.values() if u.owner == me)
    # a diagonal the listed moves never offered: 3" across and 4" toward its own edge (5" in all), if it fits
    moved = None
    for u in enemies:
        for dx, dy in ((3.0, -4.0), (-3.0, -4.0), (3.0, 4.0), (-3.0, 4.0), (2.0, -1.5), (-2.0, 1.5)):
            c = u.command_stand() or u.stands[0]
            a = ctl.make_move_action(u.uid, {(u.uid, s.sid): (s.x + dx, s.y + dy, s.facing) for s in u.stands})
            if m.rules.check(m.state, a) is None:
                moved = (u, c, dx, dy, a)
                break
        if moved:
            break
    assert moved is not None
    u, c, dx, dy, a = moved
    ms = ctl.unit_models(u.uid)
    assert ctl.drag_begin((ms[0].foot.x, ms[0].foot.y))
    ctl.drag_turn(30.0)                              # Fate keeps the facing: the wheel does not turn it
    assert "without turning it" in ctl.message
    ctl.drag_to((ms[0].foot.x + dx, ms[0].foot.y + dy))
    assert abs(ctl.drag.longest - (dx * dx + dy * dy) ** 0.5) < 1e-6 and not ctl.drag.problem
    ctl.message = ""
    assert "facing kept" in ctl.hint() and "wheel turns" not in ctl.hint()      # the bar said "wheel turns"
    got = ctl.drag_end()
    assert got.kind == "fate_move" and got["target"] == u.uid and (got["dx"], got["dy"]) == (dx, dy)
    x0, y0, facing = c.x, c.y, u.facing
    m.submit(got, autosave=False)
    u = m.state.units[u.uid]
    c = next(s for s in u.stands if s.sid == c.sid)
    assert (round(c.x - x0, 6), round(c.y - y0, 6)) == (dx, dy) and u.facing == facing
    assert all(m.state.table.in_zone(f, zone_of(m.state, u.owner)) for f in space.feet(m.state, u))


def test_rings_show_who_may_act_and_whom_the_selected_unit_may_reach():
    from engine.core.agents import make_agent
    from games.battle_valor_fantasy.rules import flow
    m = Match(Setup("battle_valor_fantasy", 2, seed=11, scenario="border_march", seats=("human", "human")))
    view, ctl = load_game_ui(m)
    agent = make_agent("battle_valor_fantasy", "normal", m.rules)
    rng = random.Random(2)
    seen = {"select": 0, "reach": 0, "orders": 0}
    for _ in range(400):
        if m.outcome() is not None:
            break
        ctl.reset()
        st, p = m.state, m.to_act()
        if st.phase == "orders" and not st.pending:
            assert {k[0] if isinstance(k, tuple) else k for k in ctl.highlights()} == \
                {u.uid for u in flow.units_of(st, p)}                                 # none has an order yet
            seen["orders"] += 1
        elif st.phase in flow.PHASE_ORDERS and not st.pending:
            ctl.sel = None
            rings = ctl.highlights()
            ready = {u.uid for u in flow.units_of(st, p) if flow.can_activate(st, u, st.phase)}
            assert {k[0] if isinstance(k, tuple) else k for k in rings} == ready
            assert set(rings.values()) <= {"select"}
            seen["select"] += bool(rings)
            for uid in ready:
                ctl.sel = uid
                ctl._hl = None
                reach = {a["target"] for a in ctl._unit_actions(uid) if a.kind in ("charge", "attack", "fire")}
                rings = ctl.highlights()
                assert reach <= set(rings)
                assert all(st.units[t].owner != p for t in reach)
                seen["reach"] += bool(reach)
        m.submit(agent.choose(m.state, m.legal_actions(), rng), autosave=False)
    assert seen["orders"] and seen["select"] and seen["reach"], seen


def test_place_it_for_me_fits_both_2000_point_armies_on_the_field_of_the_abaci():
    # placed one by one where each looked best, the Red Tusk Horde's last
    # Levy blocks found no room and took no part in the battle; the widest go
    # first now, each where the rest still packs (packing.py)
    m = Match(Setup("battle_valor_fantasy", 2, seed=1, scenario="field_of_abaci", seats=("human", "human")))
    view, ctl = load_game_ui(m)
    while m.state.phase == "deploy":
        a = ctl.key("a")
        assert a is not True and a.kind == "deploy", ctl.message
        m.submit(a, autosave=False)
        ctl.reset()
    assert all(u.deployed and u.alive for u in m.state.units.values() if u.stands)


def test_place_it_for_me_asks_before_leaving_a_unit_out_of_the_battle():
    # two 2000-point armies on the 4 x 4 ft Border March: no packing fits
    # them. "Place it for me" used to withhold such a unit on one key (it
    # takes no part in the battle); now it says so and waits for the key again
    m = Match(Setup("battle_valor_fantasy", 2, seed=1, scenario="border_march", seats=("human", "human"),
                    options={"army0": "human_2000", "army1": "orc_2000"}))
    view, ctl = load_game_ui(m)
    asked = []
    while m.state.phase == "deploy":
        uid = ctl._deploy_unit()
        a = ctl.key("a")
        if a is True:
            asked.append(ctl.message)
            assert m.state.units[uid].alive and not m.state.units[uid].deployed
            a = ctl.key("a")
            assert a.kind == "withhold" and a["uid"] == uid
        else:
            assert a.kind == "deploy"
        m.submit(a, autosave=False)
        ctl.reset()
    assert asked and all("press A again to leave it out of the battle" in t for t in asked)


def _spells_match():
    pos = {"phase": "spells", "turn": 2, "initiative": 0, "current": 0, "units": [
        {"name": "wizard", "player": 0, "kind": "wizard", "at": [24, 34], "orders": ["spell"]},
        dict(POSITION["units"][0], at=[16, 30]),
        dict(POSITION["units"][0], name="pikes", at=[32, 30]),
        POSITION["units"][1],
        dict(POSITION["units"][2], at=[24, 22]),
        POSITION["units"][3]]}
    m = position_match(pos)
    view, ctl = load_game_ui(m)
    return m, ctl, m.state.options["names"]


def test_a_wizard_picks_the_spells_target_when_every_spell_would_not_fit():
    """Seen in play: ten defensive spells at two units of one's own filled the
    panel's 14 buttons and the offensive spells at the enemy were cut off
    unseen.  Now one button per unit in reach, then the spells at it."""
    from games.battle_valor_fantasy.ui.controller import MAX_BUTTONS
    m, ctl, names = _spells_match()
    ctl.sel = names["wizard"]
    every = [a for a in ctl._unit_actions(ctl.sel) if a.kind == "cast"]
    assert len(every) + 1 > MAX_BUTTONS and names["foes"] in {a["target"] for a in every}
    assert "pick the spell's target" in ctl.hint().lower()         # before the panel asks for its buttons
    labels = [b.label for b in ctl.buttons()]
    assert "Spells at foes..." in labels and "Spells at spears..." in labels
    # a click on the enemy lists the spells at it: offensive ones, with their keys
    assert ctl.click((24.0, 22.0)) is True and ctl.sel == names["wizard"]
    bs = ctl.buttons()
    casts = [b for b in bs if "(needs " in b.label]
    assert casts and len(bs) <= MAX_BUTTONS and all("Successes" in b.tip for b in casts)
    assert all(a["target"] == names["foes"] for a in ctl._acts if a.kind == "cast")
    assert "Fire Ball (needs 2)" in [b.label for b in casts]
    # Esc goes back to the units in reach; the button does the same as the click
    assert ctl.cancel() is True and "Spells at foes..." in [b.label for b in ctl.buttons()]
    spells_at = next(b for b in ctl.buttons() if b.label == "Spells at pikes...")
    assert ctl.press(spells_at.command) is True
    cast = next(b for b in ctl.buttons() if "(needs " in b.label)
    a = ctl.press(cast.command)
    assert a.kind == "cast" and a["target"] == names["pikes"] and m.rules.check(m.state, a) is None


def test_the_fate_counter_has_a_key_of_its_own_and_decisions_say_what_they_ask():
    """F fits the table (the screen takes it): the Fate button showed F and did nothing."""
    m = position_match()
    view, ctl = load_game_ui(m)
    names = m.state.options["names"]
    ctl.sel = names["general"]
    fate = next(b for b in ctl.buttons() if b.command == Pick("order", "fate"))
    assert fate.key == "0" and fate.tip
    assert ctl.key("0") is True and ctl.fate == names["general"]
    assert "0 puts the Fate counter" in ctl.hint()
    assert any("wheel" in line for line in ctl.help_lines())


def test_the_panel_is_drawn_again_when_an_order_or_a_spells_target_is_picked():
    """The screen redraws the panel when the controller's signature changes:
    an order pressed in the picker stayed unlit, a Spells at... button left
    the panel as it was."""
    m = position_match()
    view, ctl = load_game_ui(m)
    names = m.state.options["names"]
    ctl.sel = names["spears"]
    before = ctl.signature()
    ctl.press(Pick("order", "charge"))
    after = ctl.signature()
    assert after != before
    ctl.press(Pick("order", "fate"))
    assert ctl.signature() != after
    m, ctl, names = _spells_match()
    ctl.sel = names["wizard"]
    before = ctl.signature()
    ctl.click((24.0, 22.0))
    assert ctl.signature() != before


def test_the_hover_gives_the_rules_line_of_sight_not_the_tables():
    """Seen in play: a Bolt Thrower behind its own infantry, hovering the
    enemy: "35.7" edge to edge · in line of sight" over the refusal "cannot
    see".  A unit's own bases block (space.line_of_sight): the hover says so."""
    pos = {"phase": "fire", "turn": 2, "initiative": 0, "current": 0, "units": [
        {"name": "bows", "player": 0, "at": [24, 40], "facing": 270, "files": 4, "orders": ["fire"],
         "unit": {"troop": "missile_troops", "stands": 4, "command": True, "missile": "bow"}},
        dict(POSITION["units"][0], at=[24, 34]),
        POSITION["units"][1],
        dict(POSITION["units"][2], at=[24, 26]),
        POSITION["units"][3]]}
    m = position_match(pos)
    view, ctl = load_game_ui(m)
    names = m.state.options["names"]
    ctl.sel = names["bows"]
    info = ctl.hover((24.0, 26.0))
    words = " ".join(info.lines)
    assert "no line of sight" in words and "in the way" in words, words
    assert "cannot see" in (info.illegal or "")


def test_a_stone_throwers_odds_count_the_dice_it_rolls_without_sight():
    """Seen in play: the hint said "Stone Thrower: 10 dice, needs 3: 70%" and
    it rolled 8 dice (the target hidden behind other units)."""
    from engine.core.actions import Action
    pos = {"phase": "fire", "turn": 2, "initiative": 0, "current": 0, "units": [
        {"name": "lobber", "player": 0, "at": [24, 42], "facing": 270, "orders": ["fire"],
         "unit": {"troop": "stone_thrower", "stands": 1}},
        dict(POSITION["units"][0], at=[24, 34]),
        POSITION["units"][1],
        dict(POSITION["units"][2], at=[24, 20]),
        POSITION["units"][3]]}
    m = position_match(pos)
    names = m.state.options["names"]
    a = Action.make("fire", 0, uid=names["lobber"], target=names["foes"])
    assert m.rules.check(m.state, a) is None
    lines = m.rules.preview(m.state, a)
    assert any(x.startswith("Stone Thrower: 8 dice (no line of sight), needs 3") for x in lines), lines
    events = m.submit(a, autosave=False)
    assert any("Stone Thrower): 8 dice" in e.text for e in events)


def test_the_card_names_the_spells_on_a_unit_and_not_the_rules_own_marks():
    """Seen in play: a unit holding its fire showed "Spells this turn: held_fire"."""
    m = position_match()
    view, ctl = load_game_ui(m)
    u = m.state.units[m.state.options["names"]["spears"]]
    u.effects["held_fire"] = 1
    assert not [s for s in view.card(m.state, u.uid).sections if s[1] == "Spells this turn"]
    u.effects["reroll_defence"] = 9
    spells = [s for s in view.card(m.state, u.uid).sections if s[1] == "Spells this turn"]
    assert spells and spells[0][2] == "Magic Armor (9 rerolls)"


def test_a_charge_out_of_reach_previews_the_short_move_not_stands_and_hits():
    """Seen in play: "29.5" of 16" - out of reach" over "Stands arriving: 4: 41%,
    Impact hits: 4": a charge that falls short fights nobody (combat.charge)."""
    from engine.core.actions import Action
    m, view, ctl, names = _at("combat", "charge", foes_facing=0.0, foes_at=(30, 22))
    a = Action.make("charge", 0, uid=names["spears"], target=names["foes"])
    lines = m.rules.preview(m.state, a)
    assert "out of reach" in lines[0] and not any("Stands arriving" in x or "Impact" in x for x in lines), lines
    assert "toward foes and stops; no combat" in lines[-1]
    m, view, ctl, names = _at("combat", "charge")
    lines = m.rules.preview(m.state, Action.make("charge", 0, uid=names["spears"], target=names["foes"]))
    assert any(x.startswith("Stands arriving") for x in lines)


def test_the_buttons_name_the_target_not_the_selected_unit_again():
    """Seen in play: nine buttons "Veteran Cavalry on Horses charges ...", cut off at the panel's edge."""
    m, view, ctl, names = _at("combat", "charge")
    ctl.sel = names["spears"]
    assert "Charge foes" in [b.label for b in ctl.buttons()]


def test_a_drag_is_judged_by_the_rules_block_move_and_the_bar_says_so():
    """Seen in play: a drag drawn red by the table's per-model paths that the
    rules then made; the bottom bar never said what the drag would do."""
    m, view, ctl, names = _at("advance", "advance", foes_at=(24, 8))
    u = m.state.units[names["spears"]]
    ctl.sel = u.uid
    assert "moves as a block" in ctl.hint()
    c = u.command_stand()
    assert ctl.drag_begin((c.x, c.y), single=True) and not ctl.drag.single     # no model alone
    ctl.drag_to((c.x, c.y - 3.0))
    assert ctl.drag.problem == "" and abs(ctl.drag.longest - 3.0) < 1e-6
    assert ctl.hint().startswith("Moving spears: 3")
    ctl.drag_to((c.x, c.y - 30.0))                       # beyond its move: the rules' refusal, with its rule
    assert "battle_valor_fantasy.txt" in ctl.drag.problem and ctl.drag.problem in ctl.hint()


def test_wheels_and_facings_are_said_as_the_screen_shows_them():
    """Seen in play: "Advance 1.4\" wheel -30" and "Line 4w @270" told a newcomer nothing."""
    from engine.core.actions import Action
    from games.battle_valor_fantasy.rules import space
    m, view, ctl, names = _at("advance", "advance", foes_at=(24, 8))
    uid = names["spears"]
    from games.battle_valor_fantasy.rules import describe
    wheel = Action.make("advance", 0, uid=uid, first=1.0, angle=-30.0, then=0.4)
    used = describe.advance_length(m.state, wheel)        # the wheel's arc counts: "Advance 1.4\"" used more
    assert used > 1.4 + 1.0 and ctl._label(wheel) == f"Advance {used:.1f}\", wheel 30° left"
    assert f"{used:.1f}\"" in m.rules.preview(m.state, wheel)[0]        # the tip (here a refusal) says the same
    assert ctl._label(Action.make("reform", 0, uid=uid, formation="line", files=4, facing=270.0)) == \
        "Line 4 wide, facing up"
    c = m.state.units[uid].command_stand()
    assert "as a block" in " ".join(ctl.hover((c.x, c.y)).lines)
    # the log too: "reforms into Attack Column 1 wide, facing 0" was seen
    m, view, ctl, names = _at("reform", "reform")
    ctl.sel = names["spears"]
    b = next(b for b in ctl.buttons() if ", facing " in b.label)
    a = ctl.press(b.command)
    a = ctl.press(b.command)
    texts = [e.text for e in m.submit(a, autosave=False)]
    assert any(", facing " in t and t.rstrip().split(", facing ")[-1] in space.WAYS for t in texts), texts


def test_the_bottom_bar_says_what_the_fate_phase_asks_after_the_first_turn():
    """Seen in play: turn 2's Fate phase left the bottom bar empty."""
    m = position_match()
    view, ctl = load_game_ui(m)
    for _ in range(2):
        ctl.reset()
        ctl.press("orders:auto")
        m.submit(ctl.press("orders:commit"), autosave=False)
    assert m.state.phase == "fate" and m.state.turn == 2
    ctl.reset()
    assert ctl.hint().startswith("Turn the Fate counter next to ")


def test_the_hint_for_the_orders_says_which_counter_goes_where():
    """Seen in play: "Hint: The Thornby Muster places order counters", and nothing of which."""
    m = position_match()
    view, ctl = load_game_ui(m)
    ctl.press("orders:auto")
    a = ctl.press("orders:commit")
    lines = m.rules.preview(m.state, a)
    assert lines[0].startswith("spears: ") and lines[-1].startswith("The Fate counter next to ")


def test_a_click_on_an_enemy_that_does_nothing_says_why():
    """A click on an enemy the selected unit may not charge selected the enemy without a word."""
    m, view, ctl, names = _at("combat", "advance")          # an Advance counter: no charge this phase
    ctl.sel = names["spears"]
    assert ctl.click((24.0, 25.0)) is None and ctl.sel == names["foes"]
    assert ctl.message.startswith("spears cannot charge foes: ") and ctl.message_rule.startswith("battle_valor")


def test_the_card_shows_the_order_picked_before_it_is_placed():
    """The card said "Orders: none" beside the lit Charge button: the picked
    order shows on the card (as picked) and goes when the picker is left;
    the next player's card still shows the placed counters face down."""
    from tests.engine.ui.test_ui_support import screen_for
    m = position_match()
    app, screen = screen_for(m)
    ctl = screen.ctl
    names = m.state.options["names"]
    ctl.sel = names["spears"]
    assert dict(screen.panel.card_content()[1].stats)["Orders"] == "none"
    screen.after_input(ctl.press(Pick("order", "charge")))
    assert dict(screen.panel.card_content()[1].stats)["Orders"] == "Charge (picked)"
    screen.after_input(ctl.press(Pick("order", "fate")))
    assert dict(screen.panel.card_content()[1].stats)["Orders"] == "Fate counter (picked)"
    ctl.sel = names["foes"]                  # the enemy's card says nothing of my picks
    assert dict(screen.panel.card_content()[1].stats)["Orders"] == "face down"
    ctl.sel = names["spears"]
    screen.after_input(ctl.press(Pick("order", "charge")))
    assert screen.submit(ctl.press("orders:commit"))
    ctl.sel = names["spears"]
    assert dict(screen.panel.card_content()[1].stats)["Orders"] == "face down"


def test_enter_with_units_left_without_orders_asks_first():
    """Enter pressed before picking anything placed a whole turn of no
    orders and no Fate counter, at once: it now asks (the dialog's Enter
    cancels; 1 or a click places them), and once placed the next player's
    picker starts empty."""
    from engine.ui.contract import Choice
    from tests.engine.ui.test_ui_support import screen_for
    m = position_match()
    app, screen = screen_for(m)
    ctl = screen.ctl
    names = m.state.options["names"]
    asked = ctl.press("orders:commit")
    assert isinstance(asked, Choice) and "spears" in asked.detail and "Fate counter is not placed" in asked.detail
    assert asked.actions[0].kind == "orders" and not asked.actions[0]["orders"]
    ctl.sel = names["spears"]
    ctl.press(Pick("order", "fate"))
    assert not isinstance(ctl.press("orders:commit"), Choice)    # the Fate counter stands for the spears' order
    ctl.sel = names["general"]
    ctl.press(Pick("order", "advance"))
    asked = ctl.press("orders:commit")            # the General's pick stays, the Fate counter with it
    assert isinstance(asked, Choice) and ctl.draft
    assert screen.submit(asked) is False          # a question, not yet placed
    first = m.to_act()
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    assert m.to_act() == first and app.top() is screen and ctl.draft     # Enter cancels: back to the picker
    assert screen.submit(ctl.press("orders:commit")) is False
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0))
    assert m.to_act() != first and m.state.phase == "orders"
    screen.after_input(None)
    assert ctl.draft == {} and ctl.fate == -1


def test_a_unit_of_several_stands_gets_one_ring_not_one_a_stand(monkeypatch):
    """The first turn's Fate pick ringed every stand of every enemy unit."""
    from engine.ui.boards import table_strokes
    from tests.engine.ui.test_ui_support import screen_for
    m = position_match()
    app, screen = screen_for(m)
    names = m.state.options["names"]
    calls = {"ring": 0, "unit_ring": []}
    real_ring, real_unit = table_strokes.ring, table_strokes.unit_ring

    def ring(*a, **k):
        calls["ring"] += 1
        return real_ring(*a, **k)

    def unit_ring(surf, pts, kind):
        calls["unit_ring"].append((len(pts), kind))
        return real_unit(surf, pts, kind)
    monkeypatch.setattr(table_strokes, "ring", ring)
    monkeypatch.setattr(table_strokes, "unit_ring", unit_ring)
    monkeypatch.setattr(screen.ctl, "highlights", lambda: {names["foes"]: "target", names["their general"]: "target"})
    screen.ctl.sel = None
    screen.board.invalidate() if hasattr(screen.board, "invalidate") else None
    screen.version += 1
    app.draw()
    assert calls["unit_ring"] == [(8 * 4, "target")]          # the eight stands' corners, one ring
    assert calls["ring"] == 1                                 # the General's round base: its own ring


def test_a_war_machines_card_says_its_armour_as_the_rules_count_it():
    """The Bolt Thrower's card read "Unarmoured (3 rerolls)": War Machines
    count as having Heavy Armour (§ Attacking War Machines;)."""
    m = Match(Setup("battle_valor_fantasy", 2, seed=3, scenario="border_march", seats=("human", "human")))
    view, _ = load_game_ui(m)
    machine = next(u for u in m.state.units.values() if u.profile is not None and u.profile.machine)
    assert dict(view.card(m.state, machine.uid).stats)["Armour"] == "counts as Heavy Armour (3 rerolls)"
    foot = next(u for u in m.state.units.values() if u.profile is not None and not u.profile.machine)
    assert dict(view.card(m.state, foot.uid).stats)["Armour"].startswith(foot.profile.armour.name)


def test_a_click_by_the_zones_edge_slides_the_unit_inside():
    """The ghost is centred on the pointer: a click by the table's edge put
    half the unit off the table and was refused. Up to 4" over, the unit is
    slid in (ghost and click alike); further out the refusal stands."""
    from games.battle_valor_fantasy.rules import setup
    m = Match(Setup("battle_valor_fantasy", 2, seed=11, scenario="border_march", seats=("human", "human")))
    view, ctl = load_game_ui(m)
    u = m.state.units[ctl._deploy_unit()]
    zx0, zy0, zx1, zy1 = setup.zone_of(m.state, u.owner).bbox
    pt = (zx0 + 0.5, (zy0 + zy1) / 2)
    a = ctl.click_point(pt)
    assert m.rules.check(m.state, a) is None and a["x"] > pt[0]
    feet = ctl.placement_feet(pt)
    assert min(f.bbox[0] for f in feet) >= zx0 - 1e-9 and ctl.placement_problem(pt, feet) == ""
    far = (zx0 - 9.0, (zy0 + zy1) / 2)
    a = ctl.click_point(far)
    assert a["x"] == far[0] and "wholly within" in m.rules.check(m.state, a).reason
    inside = ((zx0 + zx1) / 2, (zy0 + zy1) / 2)
    a = ctl.click_point(inside)
    assert (a["x"], a["y"]) == (round(inside[0], 3), round(inside[1], 3))        # a spot inside is kept as pressed


def test_the_charge_with_the_generals_reroll_is_told_from_the_plain_one():
    """Two buttons read "Charge the enemy Regular Infantry": the second was the
    listed variant with the General's reroll."""
    units = [dict(u, at=[20, 36]) if u["name"] == "general" else
             dict(u, orders=["charge"]) if u["name"] == "spears" else u for u in POSITION["units"]]
    m = position_match({**POSITION, "phase": "combat", "units": units})      # the General within 12"
    view, ctl = load_game_ui(m)
    names = m.state.options["names"]
    ctl.sel = names["spears"]
    buttons = [b for b in ctl.buttons() if b.label.startswith("Charge")]
    assert len({b.label for b in buttons}) == len(buttons) >= 2, [b.label for b in buttons]
    rr = next(b for b in buttons if "General's reroll" in b.label)
    assert "fewer than" in rr.tip and "Generals" in rr.tip
