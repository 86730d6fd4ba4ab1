"""UberDrakes riders, portals and spaces: pickup, one at a time, the portal
before delivery, delivery, rewards, teleport, spaces' effects
(uberdrakes.txt § Dragon Riders, § Spaces, § Portals, § Caves)."""
import pytest

import games.uberdrakes  # noqa: F401
from engine.core.actions import Action
from engine.core.dice import ScriptedDice
from engine.core.match import Match
from engine.core.rules import Illegal, Setup
from games.uberdrakes.rules.board import hex_label, parse_hex

E, SE, SW, W, NW, NE = range(6)


def match(dragons, dice=(), **top):
    pos = {"active": 0, "dragons": dragons, **top}
    return Match(Setup("uberdrakes", len(dragons), seed=1, options={"position": pos}),
                 dice=ScriptedDice(list(dice), seed=1))


def others():
    return [dict(dragon="water", at="Q1"), dict(dragon="earth", at="Q13")]


def fwd(to, facing=E, how="coin", m="forward", p=0):
    return Action.make("move", p, how=how, m=m, portal=False, to=parse_hex(to), facing=facing)


def test_pickup_one_of_three_then_the_deck_refills():
    m = match([dict(dragon="fire", at="E7", facing=W)] + others(),
              pickups={"west": ["fire_mage", "water_knight", "wind_ranger"], "east": ["earth_mage", "metal_knight",
                                                                                      "lightning_ranger"]},
              rider_deck=["fire_knight"])
    m.submit(fwd("C7", facing=W))
    assert m.state.pending.kind == "pick_rider"
    opts = {a["rider"] for a in m.legal_actions()}
    assert opts == {"fire_mage", "water_knight", "wind_ranger", None}
    m.submit(Action.make("pick_rider", 0, rider="water_knight"))
    assert m.state.players[0].rider == "water_knight" and not m.state.players[0].portaled
    assert m.state.pickups["west"] == ["fire_mage", "wind_ranger", "fire_knight"]
    told = [e.text for e in m.log[-1].events]          # the pickup, then its replacement (read reversed in play)
    assert told.index("Fire Dragon picks up the Water Knight, bound for a Water space") < \
        told.index("The Fire Knight arrives at the west pickup")


def test_only_one_rider_at_a_time():
    m = match([dict(dragon="fire", at="E7", facing=W, rider="earth_mage")] + others())
    m.submit(fwd("C7", facing=W))
    assert m.state.pending is None


def test_delivery_needs_the_portal_first():
    # L4 is a water space next to the north-east portal
    m = match([dict(dragon="fire", at="K4", facing=E, rider="water_knight", portaled=False)] + others())
    ev = m.submit(fwd("L4"))
    assert m.state.players[0].vp == 0 and m.state.players[0].rider == "water_knight"
    assert any("through the portal" in e.text and e.rule == "uberdrakes.txt § Delivering Riders" for e in ev)


def test_portal_then_delivery_reward_and_teleport_to_a_village():
    m = match([dict(dragon="fire", at="K4", facing=E, rider="water_knight", hand=["dash"])] + others())
    m.submit(Action.make("move", 0, how="card", m="dash", portal=True, to=parse_hex("F10"), facing=E))
    d = m.state.players[0]
    assert d.vp == 1 and d.rider is None and d.delivered == ["water_knight"]
    assert "dragon_lance" in d.items, "the Knight's reward"
    assert m.state.pending.kind == "deliver_village"
    m.submit(Action.make("deliver_village", 0, village=m.state.board.start_village))
    assert hex_label(d.hex) == "I7"
    assert m.state.shop == m.state.board.start_village, "arriving in a village opens its shop"


def test_landing_on_own_element_heals():
    m = match([dict(dragon="fire", at="M4", facing=E, fatigue=2)] + others())
    m.submit(fwd("N4"))                       # N4: the fire space by the north-east portal
    assert m.state.players[0].fatigue == 1


def test_magic_space_and_treasure_chest():
    m = match([dict(dragon="fire", at="E7", facing=E)] + others())
    m.submit(fwd("F7"))                       # a magic space
    assert m.state.players[0].magic == 1
    m = match([dict(dragon="fire", at="F1", facing=E)] + others(), treasure_deck=["diamond"])
    ev = m.submit(fwd("G1"))                 # a treasure chest
    assert m.state.players[0].treasures == ["diamond"]
    assert any(e.kind == "reveal" for e in ev), "a draw is a reveal (undo stops there)"
    assert not m.can_undo()


def test_caves_give_a_die_of_coins_once_a_round_and_exit_anywhere():
    m = match([dict(dragon="fire", at="B1", facing=W, coins=1, hand=["dash"])] + others(), dice=[4])
    m.submit(fwd("A1", facing=W))
    d = m.state.players[0]
    assert d.coins == 4, "1 coin spent on the move, 4 found"
    outs = {hex_label(a["to"]) for a in m.legal_actions() if a.kind == "move" and a["m"] == "dash"}
    assert {"N13", "D1", "N1", "D13"} & outs, "leave from any of the four caves"


def test_portal_decision_and_refusals():
    m = match([dict(dragon="fire", at="K4", facing=E, hand=["forward_thrust"], rider="metal_mage")] + others())
    m.submit(Action.make("move", 0, how="card", m="forward_thrust", portal=False, to=parse_hex("M4"), facing=E))
    with pytest.raises(Illegal) as e:
        m.submit(Action.make("end_turn", 0, roost=True))
    assert e.value.rule == "uberdrakes.txt § Portals"
    m.submit(Action.make("portal", 0, travel=True, facing=NW))
    d = m.state.players[0]
    assert d.portaled and hex_label(d.hex) == "E10"
    with pytest.raises(Illegal) as e:
        m.submit(Action.make("end_turn", 0, roost=True))
    assert "cannot roost inside the Portal" in e.value.reason
    with pytest.raises(Illegal) as e:
        m.submit(Action.make("attack", 0, target=1))
    m.submit(Action.make("move", 0, how="coin", m="forward", portal=False, to=parse_hex("E9"), facing=NW))
    assert d.vp == 1, "E9 is a metal space: the Metal Mage is delivered"


def test_roost_effects():
    m = match([dict(dragon="fire", at="E4", facing=E, coins=6)] + others())
    m.submit(fwd("F4"))
    m.submit(Action.make("end_turn", 0, roost=True))
    d = m.state.players[0]
    assert d.roosted and d.coins == 5 + 3, "roosting in the desert: 3 coins"
    assert m.state.active == 1
    m = match([dict(dragon="fire", at="E5", facing=E)] + others())
    m.submit(fwd("F5"))                       # a mountain
    m.submit(Action.make("end_turn", 0, roost=True))
    assert m.state.players[0].rage == 1


def test_must_roost_without_an_action():
    m = match([dict(dragon="fire", at="E4", facing=E)] + others())
    with pytest.raises(Illegal) as e:
        m.submit(Action.make("end_turn", 0, roost=False))
    assert "automatically roost" in e.value.reason


def test_a_landing_that_waited_for_a_combat_has_its_own_heading_in_the_log():
    """§ Zones of Control: the space's effect waits for the combat.  Its lines
    (a delivery, a heal) came under the last combat decision, even the other
    dragon's ("Fire Dragon buys a heal" then "Water Dragon drops off...")."""
    m = match([dict(dragon="water", at="E10", facing=SE, rider="water_merchant", portaled=True),
               dict(dragon="fire", at="F9"), dict(dragon="earth", at="Q1")], dice=[6, 6, 1, 1])
    m.submit(next(a for a in m.legal_actions() if a.kind == "move" and a["how"] == "coin"
                  and tuple(a["to"]) == parse_hex("F10")))
    assert m.state.combat is not None
    while m.state.combat is not None:
        m.submit(next(a for a in m.legal_actions() if a.player == m.to_act()))
    texts = [(ev.depth, ev.text) for ev in m.log[-1].events]
    head = texts.index((0, "After the combat, Water Dragon lands on F10"))
    assert any(t.startswith("Water Dragon drops off the Water Merchant") for _, t in texts[head + 1:])
