"""UberDrakes movement: cards and general actions exactly as drawn, facing,
pushing, blocked moves, large spaces, portals (uberdrakes.txt § Movement,
§ Movement Reference, § Portals, § Villages)."""
import pytest

import games.uberdrakes  # noqa: F401  (registers the game)
from engine.core import registry
from engine.core.actions import Action
from engine.core.dice import ScriptedDice
from engine.core.match import Match
from engine.core.rules import Illegal, Setup
from games.uberdrakes.rules.board import hex_label, load_board, parse_hex

E, SE, SW, W, NW, NE = range(6)


def match(dragons, dice=(), **top):
    pos = {"active": 0, "dragons": dragons, **top}
    return Match(Setup("uberdrakes", len(dragons), seed=1, options={"position": pos}),
                 dice=ScriptedDice(list(dice), seed=1))


def three(first, **more):
    base = [dict(dragon="fire", **first), dict(dragon="water", at="A5", facing=E), dict(dragon="earth", at="Q5")]
    for i, extra in more.items():
        base[int(i[1:])].update(extra)
    return base


def mv(m, how, p=0, **kw):
    return Action.make("move", p, how=how, m=m, portal=kw.pop("portal", False), **kw)


def at(m, p=0):
    d = m.state.players[p]
    return hex_label(d.hex), d.facing


@pytest.mark.parametrize("card,to,facing", [
    ("forward_thrust", "H10", E),     # two forward
    ("dash", "I10", E),               # three forward
    ("bank_left", "H9", NE),          # forward, turn left, forward
    ("bank_right", "H11", SE),        # forward, turn right, forward
    ("thrust_left", "G8", NE),        # turn left, forward two
    ("thrust_right", "G12", SE),      # turn right, forward two
])
def test_cards_move_exactly_as_drawn(card, to, facing):
    m = match(three(dict(at="F10", facing=E, hand=[card])))
    legal = [a for a in m.legal_actions() if a.kind == "move" and a["how"] == "card"]
    assert len(legal) == 1, "a card without choices has exactly one result"
    a = legal[0]
    assert (hex_label(a["to"]), a["facing"]) == (to, facing)
    m.submit(a)
    assert at(m) == (to, facing)
    assert m.state.players[0].hand == [] and m.state.players[0].played == [card]
    assert m.state.actions_left == 2


def test_free_flight_faces_any_direction_then_forward():
    m = match(three(dict(at="E4", facing=E, hand=["free_flight"])))
    ends = sorted((hex_label(a["to"]), a["facing"]) for a in m.legal_actions()
                  if a.kind == "move" and a["how"] == "card")
    assert ends == sorted([("F4", E), ("F5", SE), ("E5", SW), ("D4", W), ("E3", NW), ("F3", NE)])


def test_barrel_roll_and_strafe_keep_facing():
    m = match(three(dict(at="E4", facing=E, hand=["barrel_roll"])))
    rolls = {hex_label(a["to"]) for a in m.legal_actions() if a.kind == "move" and a["how"] == "card"}
    # front-left, back-left, and the hex between them two away; the same to the right
    assert rolls == {"F3", "E3", "E2", "F5", "E5", "E6"}
    assert all(a["facing"] == E for a in m.legal_actions() if a.kind == "move" and a["how"] == "card")
    strafes = {hex_label(a["to"]) for a in m.legal_actions() if a.kind == "move" and a["m"] == "strafe"
               and a["how"] == "coin"}
    assert strafes == {"E2", "E6"}


def test_general_actions_cost_a_coin_once_per_round_forward_twice():
    m = match(three(dict(at="F10", facing=E, coins=6)))
    m.submit(mv("forward", "coin", to=parse_hex("G10"), facing=E))
    m.submit(mv("forward", "coin", to=parse_hex("H10"), facing=E))
    d = m.state.players[0]
    assert d.coins == 4 and d.used == ("forward", "forward")
    with pytest.raises(Illegal) as e:
        m.submit(mv("forward", "coin", to=parse_hex("I10"), facing=E))
    assert "once per round" in e.value.reason and e.value.rule == "uberdrakes.txt § General Movement Actions"
    # pushing movement repeats it for a point of fatigue
    m.submit(mv("forward", "push", to=parse_hex("I10"), facing=E))
    assert d.fatigue == 1


def test_pushing_refused_at_full_fatigue_and_replay_discards():
    m = match(three(dict(at="F10", facing=E, played=["dash"], fatigue=2)))
    m.submit(mv("dash", "replay", to=parse_hex("I10"), facing=E))
    d = m.state.players[0]
    assert d.fatigue == 3 and d.played == [] and "dash" in m.state.movement_discard
    with pytest.raises(Illegal) as e:
        m.submit(mv("forward", "push", to=parse_hex("J10"), facing=E))
    assert "maxed out at 3" in e.value.reason and e.value.rule == "uberdrakes.txt § Pushing Movement"


def test_blocked_move_goes_as_far_as_it_can_and_costs_fatigue():
    m = match(three(dict(at="F10", facing=E, hand=["dash"]), d1=dict(at="I10")))
    a = next(a for a in m.legal_actions() if a.kind == "move" and a["how"] == "card")
    assert hex_label(a["to"]) == "H10"
    prev = m.rules.move_preview(m.state, a)
    assert prev["blocked"] and prev["fatigue"] == 1
    m.submit(a)
    assert at(m) == ("H10", E) and m.state.players[0].fatigue == 1


def test_blocked_by_the_edge_of_the_board():
    m = match(three(dict(at="Q9", facing=E, coins=6)))
    m.submit(mv("forward", "coin", to=parse_hex("Q9"), facing=E))
    assert at(m) == ("Q9", E) and m.state.players[0].fatigue == 1


def test_rotate_turns_in_place_without_activating_the_space():
    m = match(three(dict(at="F7", facing=E, magic=0)))      # F7 is a magic space
    m.submit(mv("rotate", "coin", to=parse_hex("F7"), facing=W))
    assert at(m) == ("F7", W) and m.state.players[0].magic == 0
    with pytest.raises(Illegal):
        m.submit(mv("rotate", "coin", to=parse_hex("F7"), facing=W))     # already facing W; and used


def test_large_space_is_one_space_exited_any_way():
    board = load_board(registry.get("uberdrakes").catalog())
    m = match(three(dict(at="I7", facing=E, hand=["dash"])))
    outs = {hex_label(a["to"]) for a in m.legal_actions() if a.kind == "move" and a["how"] == "card"}
    # the first step leaves Merkezi from any side; the two more go straight on
    assert {"L6", "E7", "I2", "I12"} <= outs
    merkezi = board.spaces[board.start_village]
    assert not any(parse_hex(o) in merkezi.hexes for o in outs)


def test_portal_mid_movement_continues_from_the_other_portal():
    m = match(three(dict(at="K4", facing=E, hand=["dash"])))
    legal = [a for a in m.legal_actions() if a.kind == "move" and a["how"] == "card"]
    ends = {(hex_label(a["to"]), a["portal"]) for a in legal}
    assert ends == {("N4", False), ("F10", True)}
    m.submit(next(a for a in legal if a["portal"]))
    assert at(m) == ("F10", E) and m.state.players[0].fatigue == 1


def test_portal_landing_offers_travel_facing_any_way():
    m = match(three(dict(at="K4", facing=E, hand=["forward_thrust"])))
    m.submit(next(a for a in m.legal_actions() if a.kind == "move" and a["how"] == "card"))
    assert m.state.pending.kind == "portal"
    m.submit(Action.make("portal", 0, travel=True, facing=NW))
    assert at(m) == ("E10", NW) and m.state.players[0].fatigue == 1


def test_no_portal_travel_at_full_fatigue():
    m = match(three(dict(at="K4", facing=E, hand=["dash"], fatigue=3)))
    legal = [a for a in m.legal_actions() if a.kind == "move" and a["how"] == "card"]
    assert {a["portal"] for a in legal} == {False}
    with pytest.raises(Illegal) as e:
        m.submit(mv("dash", "card", to=parse_hex("F10"), facing=E, portal=True))
    assert e.value.rule == "uberdrakes.txt § Portals"


def test_refusals_cite_the_text():
    m = match(three(dict(at="F10", facing=E, hand=["dash"])))
    with pytest.raises(Illegal) as e:
        m.submit(mv("dash", "card", to=parse_hex("I9"), facing=E))
    assert "exactly as shown" in e.value.reason and e.value.rule == "uberdrakes.txt § Direction"
    with pytest.raises(Illegal) as e:
        m.submit(mv("bank_left", "card", to=parse_hex("G9"), facing=NE))
    assert e.value.rule == "uberdrakes.txt § Movement Cards"
