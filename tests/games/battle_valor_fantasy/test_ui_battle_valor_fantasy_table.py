"""Battle Valor Fantasy at the table (issue 33): each order has one key in
every unit and may be changed until it is placed, Flee is offered wherever
the rules allow it, the General's own move comes first and each button
once, the drag's label and the bar say one measure, a reform faces where
the player points, the previews name the terrain on the way, and a Grand
Alliance's allies are told apart by colour and zone."""
from __future__ import annotations


import pytest

pygame = pytest.importorskip("pygame")

from engine.core.actions import Action  # noqa: E402
from engine.core.match import Match  # noqa: E402
from engine.core.rules import Setup  # noqa: E402
from engine.ui.contract import load_game_ui  # noqa: E402
from engine.ui.boards.table_tools import fmt_in  # noqa: E402
from engine.ui.commands import Pick  # noqa: E402


def _match(position: dict, scenario: str = "field_of_abaci", players: int = 2):
    return Match(Setup("battle_valor_fantasy", players, seed=3, scenario=scenario,
                       seats=("human",) * players, options={"position": position}))


ARMY = [
    {"name": "bows", "player": 0, "at": [20, 40], "facing": 270, "files": 4,
     "unit": {"troop": "missile_troops", "stands": 4, "command": True, "missile": "bow"}},
    {"name": "riders", "player": 0, "at": [34, 40], "facing": 270, "files": 4,
     "unit": {"troop": "cavalry", "mount": "horses", "stands": 4, "command": True}},
    {"name": "horse archers", "player": 0, "at": [48, 40], "facing": 270, "files": 4,
     "unit": {"troop": "cavalry", "mount": "horses", "stands": 4, "command": True, "missile": "bow"}},
    {"name": "spears", "player": 0, "at": [60, 40], "facing": 270, "files": 4,
     "unit": {"troop": "infantry", "stands": 4, "command": True}},
    {"name": "general", "player": 0, "kind": "general", "at": [40, 46]},
    {"name": "foes", "player": 1, "at": [34, 10], "facing": 90, "files": 4,
     "unit": {"troop": "infantry", "stands": 4, "command": True}},
    {"name": "their general", "player": 1, "kind": "general", "at": [60, 4]},
]


def test_each_order_has_one_key_in_every_unit_and_may_be_changed_until_placed():
    m = _match({"phase": "orders", "turn": 2, "units": ARMY})
    view, ctl = load_game_ui(m)
    names = m.state.options["names"]
    keys: dict = {}
    for name in ("bows", "riders", "horse archers", "spears", "general"):
        ctl.sel = names[name]
        for b in ctl.buttons():
            if isinstance(b.command, Pick) and b.command.what == "order" and b.command.value != "fate":
                keys.setdefault(b.command.value, set()).add(b.key)
    assert all(len(k) == 1 for k in keys.values()), keys            # "2" was Advance for bows, Charge for riders
    assert keys["advance"] == {"1"} and keys["charge"] == {"2"} and keys["flee"] == {"6"}
    # Flee is offered to a unit in no combat (§ Order Counter Types;)
    ctl.sel = names["spears"]
    assert Pick("order", "flee") in [b.command for b in ctl.buttons()]
    # a counter picked is changed by the next key, until Place orders
    ctl.key("2")
    assert ctl.draft[names["spears"]] == ["charge"]
    ctl.key("1")
    assert ctl.draft[names["spears"]] == ["advance"]
    ctl.key("1")                                    # pressed again: taken back
    assert names["spears"] not in ctl.draft
    # Mounted Missile Troops: one of each half, each key changing its own half
    ctl.sel = names["horse archers"]
    ctl.key("2")
    ctl.key("3")
    assert ctl.draft[names["horse archers"]] == ["charge", "fire"]
    ctl.key("1")
    assert ctl.draft[names["horse archers"]] == ["advance", "fire"]
    lit = {b.command for b in ctl.buttons() if b.active}
    assert {Pick("order", "advance"), Pick("order", "fire")} <= lit and Pick("order", "charge") not in lit


def test_the_generals_own_move_comes_first_and_each_button_once():
    units = [dict(u, orders=["advance"]) if u["player"] == 0 else u for u in ARMY]
    m = _match({"phase": "advance", "turn": 2, "units": units})
    view, ctl = load_game_ui(m)
    ctl.sel = m.state.options["names"]["general"]
    labels = [b.label for b in ctl.buttons()]
    assert len(labels) == len(set(labels))
    moves = [lb for lb in labels if "Advance" in lb]
    assert moves[0] == 'Advance 6.0"'                # his own MR (6"), not a passed 4"
    passed = [lb for lb in labels if ": Advance" in lb]
    assert passed and all(lb.split(":")[0] in ("bows", "riders", "horse archers", "spears") for lb in passed)


def test_the_drag_label_and_the_bar_say_one_measure():
    units = [dict(u, orders=["advance"]) if u["name"] == "riders" else u for u in ARMY]
    m = _match({"phase": "advance", "turn": 2, "units": units})
    view, ctl = load_game_ui(m)
    u = m.state.units[m.state.options["names"]["riders"]]
    c = u.command_stand()
    assert ctl.drag_begin((c.x, c.y))
    ctl.drag_turn(20.0)
    ctl.drag_to((c.x + 1.5, c.y - 4.0))
    d = ctl.drag
    assert d.legs and all(abs(lg.length - d.longest) < 1e-9 for lg in d.legs)
    assert f"{fmt_in(d.longest)} of" in ctl.hint()
    from engine.table.formations import BlockMove, block_move
    from games.battle_valor_fantasy.rules import space
    a = ctl.make_move_action(u.uid, ctl.positions(u.uid, d.now))
    _, length = block_move(space.block(m.state, u), BlockMove(a["first"], a["angle"], a["then"]))
    assert abs(d.longest - length) < 1e-9          # the rules' own measure, not the table's per-model paths


def test_a_reform_faces_where_the_player_points():
    units = [dict(u, orders=["reform"]) if u["name"] == "spears" else u for u in ARMY]
    m = _match({"phase": "reform", "turn": 2, "units": units})
    view, ctl = load_game_ui(m)
    spears = m.state.units[m.state.options["names"]["spears"]]
    ctl.sel = spears.uid
    line = next(b for b in ctl.buttons() if b.label.startswith("Line"))
    assert "facing up" in line.label                 # as it faces now, not turned to the nearest enemy
    assert ctl.press(line.command) is True
    c = spears.command_stand()
    assert ctl.click_point((c.x + 10.0, c.y + 10.0)) is True      # down and to the right: 45 degrees
    assert abs(ctl.preview["facing"] - 45.0) < 1e-6
    assert line.label.replace("up", "down-right") in [b.label for b in ctl.buttons()]     # it still said "up"
    ctl.key("q")
    assert abs(ctl.preview["facing"] - 30.0) < 1e-6
    a = ctl.press(line.command)
    assert a.kind == "reform" and abs(a["facing"] - 30.0) < 1e-6
    m.submit(a, autosave=False)
    assert abs(m.state.units[spears.uid].facing - 30.0) < 1e-6


def test_previews_name_the_terrain_on_the_way_and_what_it_does():
    pos = {"phase": "combat", "turn": 2, "initiative": 0, "units": [
        {"name": "wolves", "player": 0, "at": [22, 26.5], "facing": 180, "files": 4, "orders": ["charge"],
         "unit": {"troop": "cavalry", "mount": "wolves", "stands": 4, "command": True}},
        {"name": "general", "player": 0, "kind": "general", "at": [40, 44]},
        {"name": "foresters", "player": 1, "at": [5, 25], "facing": 0, "files": 3,
         "unit": {"troop": "infantry", "stands": 6, "command": True}},
        {"name": "their general", "player": 1, "kind": "general", "at": [60, 4]}]}
    m = _match(pos)
    view, ctl = load_game_ui(m)
    names = m.state.options["names"]
    lines = m.rules.preview(m.state, Action.make("charge", 0, uid=names["wolves"], target=names["foresters"]))
    text = " ".join(lines)
    assert "On the way: Greywood (Woods): difficult, halves the rest of the move" in text
    assert "enters Greywood (Woods) after 12.4\"" in text and "out of reach" in text
    ctl.sel = names["wolves"]
    ctl.hover((5.0, 25.0))
    labels = [s.label for s in ctl.overlay_shapes()]
    assert "Greywood: rest halved" in labels          # the lane marks where the wood halves the rest


OKABE_ITO = {"#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"}


def test_a_grand_alliances_allies_have_their_own_colours_and_zones():
    m = Match(Setup("battle_valor_fantasy", 4, seed=5, scenario="twin_crowns", seats=("human",) * 4))
    view, ctl = load_game_ui(m)
    colours = [view.player_color(m.state, s) for s in range(4)]
    assert len(set(colours)) == 4 and set(colours) <= OKABE_ITO
    assert not {"#0072B2", "#E69F00"} & set(colours)       # blue beside sky blue, orange beside vermillion
    zones = [z for z in view.zones(m.state) if z.kind == "deploy"]
    assert len(zones) == 4 and len({z.color for z in zones}) == 4 and len({z.ring for z in zones}) == 4
    # each ally deploys in his own part of the side's zone
    from games.battle_valor_fantasy.rules import alliance, setup
    st = m.state
    mine = next(u for u in st.units.values() if not u.deployed and u.kind == "unit"
                and alliance.seat_of(st, u) == m.rules.to_act(st))
    own = setup.zone_of(st, mine.owner, mine)
    whole = setup.zone_of(st, mine.owner)
    assert own.bbox != whole.bbox and own.bbox[0] >= whole.bbox[0] - 1e-9 and own.bbox[2] <= whole.bbox[2] + 1e-9
    other_x = whole.bbox[2] - 4.0 if abs(own.bbox[0] - whole.bbox[0]) < 1e-9 else whole.bbox[0] + 4.0
    cy = (whole.bbox[1] + whole.bbox[3]) / 2
    a = Action.make("deploy", m.rules.to_act(st), uid=mine.uid, x=other_x, y=cy,
                    facing=setup.zone_facing(st, mine.owner), formation=mine.formation, files=mine.files)
    why = m.rules.check(st, a)
    assert why is not None and "deployment zone" in why.reason
