"""UberDrakes combat: zones of control, thick borders, the rolloff,
conceding, counterattacks, damage, ranged attacks, blood points
(uberdrakes.txt § Starting Combat ... § Rage)."""
import pytest

import games.uberdrakes  # noqa: F401
from engine.core.actions import Action
from engine.core.dice import ScriptedDice
from engine.core.match import Match
from engine.core.rules import Illegal, Setup
from games.uberdrakes.rules import combat
from games.uberdrakes.rules.board import hex_label, parse_hex

E, SE, SW, W, NW, NE = range(6)


def match(dragons, dice=(), **top):
    pos = {"active": 0, "dragons": dragons, **top}
    return Match(Setup("uberdrakes", len(dragons), seed=1, options={"position": pos}),
                 dice=ScriptedDice(list(dice), seed=1))


def fwd(p=0, to="F4", facing=E, how="coin"):
    return Action.make("move", p, how=how, m="forward", portal=False, to=parse_hex(to), facing=facing)


def kinds(m):
    return sorted({a.kind for a in m.legal_actions()})


def test_zone_of_control_starts_combat_defender_decides():
    m = match([dict(dragon="fire", at="E4", facing=E), dict(dragon="water", at="G4"), dict(dragon="earth", at="Q12")],
              dice=[6, 5, 1, 2])
    m.submit(fwd())
    c = m.state.combat
    assert c is not None and c.stage == "respond" and m.to_act() == 1
    assert c.total[0] == 11
    assert kinds(m) == ["concede", "roll"]
    m.submit(Action.make("roll", 1))
    # the defender has nothing to counterattack with: it concedes, the winner deals damage
    assert m.state.combat.stage == "damage" and m.to_act() == 0
    m.submit(Action.make("damage", 0, effect="exhaust"))
    assert m.state.players[1].fatigue == 1
    assert (m.state.players[0].blood, m.state.players[1].blood) == (3, 1)
    assert m.state.combat.stage == "exchange" and m.to_act() == 0
    m.submit(Action.make("done", 0))
    assert m.state.combat is None and m.to_act() == 0


def test_once_per_opponent_per_turn():
    m = match([dict(dragon="fire", at="E4", facing=E), dict(dragon="water", at="G4"), dict(dragon="earth", at="Q12")],
              dice=[6, 6, 1, 1])
    m.submit(fwd())
    m.submit(Action.make("roll", 1))
    m.submit(Action.make("damage", 0, effect="spin", facing=W))
    m.submit(Action.make("done", 0))
    m.submit(Action.make("move", 0, how="coin", m="backward", portal=False, to=parse_hex("E4"), facing=E))
    m.submit(fwd(how="push"))
    assert m.state.combat is None, "re-entering the zone of control does not trigger another combat"
    with pytest.raises(Illegal) as e:
        m.submit(Action.make("attack", 0, target=1))
    assert "only once per turn" in e.value.reason


def test_thick_borders_stop_zones_of_control():
    m = match([dict(dragon="fire", at="E7", facing=E), dict(dragon="water", at="I7"), dict(dragon="earth", at="Q12")])
    m.submit(fwd(to="F7"))
    m.submit(fwd(to="G7"))          # next to Merkezi's hex H7, where Water sits
    assert m.state.combat is None
    with pytest.raises(Illegal) as e:
        m.submit(Action.make("attack", 0, target=1))
    assert e.value.rule == "uberdrakes.txt § Zones of Control"


def test_voluntary_combat_in_a_village_but_not_against_an_unmoved_starter():
    m = match([dict(dragon="fire", at="I7"), dict(dragon="water", at="I7", moved=False),
               dict(dragon="earth", at="I7")])
    with pytest.raises(Illegal) as e:
        m.submit(Action.make("attack", 0, target=1))
    assert "haven't moved yet" in e.value.reason
    assert Action.make("attack", 0, target=2) in m.legal_actions()


def test_conceding_without_rolling_takes_double_damage():
    m = match([dict(dragon="fire", at="E4", facing=E), dict(dragon="water", at="G4", coins=5),
               dict(dragon="earth", at="Q12")], dice=[3, 3])
    m.submit(fwd())
    m.submit(Action.make("concede", 1))
    c = m.state.combat
    assert c.stage == "damage" and c.damage_left == 2
    m.submit(Action.make("damage", 0, effect="plunder"))
    m.submit(Action.make("damage", 0, effect="exhaust"))
    assert m.state.players[1].coins == 3 and m.state.players[0].coins == 5 + 2
    assert m.state.players[1].fatigue == 1
    # the loser's total is its bonuses only (0): no blood points
    assert m.state.players[0].blood == 0


def test_counterattack_cycle_and_ties_to_the_initiator():
    m = match([dict(dragon="fire", at="E4", facing=E, items=["dragon_lance"]),
               dict(dragon="water", at="G4", items=["dragon_lance"]), dict(dragon="earth", at="Q12")],
              dice=[4, 4, 3, 3, 4, 2])
    m.submit(fwd())
    m.submit(Action.make("roll", 1))                 # 8 to 6: Water is the presumptive loser
    assert m.state.combat.stage == "counter" and m.to_act() == 1
    m.submit(Action.make("counter", 1, what="dragon_lance", x=0))   # +4: 10 to 8, Water ahead
    assert m.to_act() == 0 and m.state.combat.total == [8, 10]
    m.submit(Action.make("counter", 0, what="dragon_lance", x=0))   # +2: 10 to 10, the initiator wins ties
    c = m.state.combat
    assert c.winner == 0 and c.stage == "damage"


def test_hide_shield_winner_deals_no_damage():
    m = match([dict(dragon="fire", at="E4", facing=E), dict(dragon="water", at="G4", items=["hide_shield"]),
               dict(dragon="earth", at="Q12")], dice=[4, 4, 3, 3, 6])
    m.submit(fwd())
    m.submit(Action.make("roll", 1))
    m.submit(Action.make("counter", 1, what="hide_shield", x=0))    # 8 to 12
    c = m.state.combat
    assert c.winner == 1 and c.stage == "exchange", "no damage phase after a Hide Shield win"
    assert m.state.players[1].blood == 8


def test_long_bow_exactly_two_spaces_and_no_damage_if_the_archer_loses():
    ds = [dict(dragon="fire", at="E4", facing=E, items=["long_bow"]), dict(dragon="water", at="G4"),
          dict(dragon="earth", at="Q12")]
    m = match(ds, dice=[1, 1, 6, 6])
    assert Action.make("shoot", 0, target=1) in m.legal_actions()
    with pytest.raises(Illegal) as e:
        m.submit(Action.make("shoot", 0, target=2))
    assert "exactly 2" in e.value.reason
    m.submit(Action.make("shoot", 0, target=1))
    assert m.state.combat.ranged and "long_bow" not in m.state.players[0].items
    m.submit(Action.make("roll", 1))
    c = m.state.combat
    assert c.winner == 1 and c.stage == "exchange", "the loser made a ranged attack: no damage"
    assert m.state.actions_left == 3, "the bow does not cost an action"


def test_roosted_dragons_neither_trigger_combat_nor_give_blood():
    m = match([dict(dragon="fire", at="E4", facing=E), dict(dragon="water", at="G4", roosted=True),
               dict(dragon="earth", at="Q12")], dice=[6, 6, 1, 1])
    m.submit(fwd())
    assert m.state.combat is None
    m.submit(Action.make("attack", 0, target=1))
    m.submit(Action.make("roll", 1))
    m.submit(Action.make("damage", 0, effect="shove", to=parse_hex("H4")))
    assert hex_label(m.state.players[1].hex) == "H4"
    assert m.state.players[0].blood == 0 and m.state.combat is None


def test_rage_rolls_extra_dice_keeping_the_best_two():
    m = match([dict(dragon="fire", at="E4", facing=E, rage=1), dict(dragon="water", at="G4"),
               dict(dragon="earth", at="Q12")], dice=[1, 6, 5])
    m.submit(fwd())
    assert m.state.combat.total[0] == 11


def test_elemental_bonus_from_riders_and_none_at_full_fatigue():
    # a Fire Knight (+2 against Water) and a delivered Wind Ranger (+1 against Water... and Earth)
    ds = [dict(dragon="fire", at="E4", facing=E, rider="fire_knight", delivered=["metal_ranger"]),
          dict(dragon="water", at="G4"), dict(dragon="earth", at="Q12")]
    m = match(ds, dice=[1, 1])
    m.submit(fwd())
    assert m.state.combat.bonus[0] == 2
    ds[0]["fatigue"] = 3
    m = match(ds, dice=[1, 1])
    m.submit(fwd(how="coin"))
    assert m.state.combat.bonus[0] == 0


def test_mountain_bonus_and_exact_odds():
    ba, ra, bd, rd = 2, 0, 0, 0
    assert combat.win_chance(0, 0, 0, 0) == pytest.approx(0.5 + 0.5 * 146 / 1296)
    assert combat.win_chance(ba, ra, bd, rd) > combat.win_chance(0, 0, 0, 0)
    m = match([dict(dragon="fire", at="E5", facing=E), dict(dragon="water", at="G5"),
               dict(dragon="earth", at="Q12")], dice=[1, 1])
    m.submit(fwd(to="F5"))                   # F5 is a +1 mountain, next to G5
    assert m.state.combat.bonus[0] == 1


def test_blood_point_rewards_escalate():
    m = match([dict(dragon="fire", at="E4", facing=E, blood=45), dict(dragon="water", at="Q1"),
               dict(dragon="earth", at="Q12")])
    m.submit(Action.make("exchange", 0))
    m.submit(Action.make("blood", 0, reward="vp"))
    m.submit(Action.make("blood", 0, reward="vp"))
    d = m.state.players[0]
    assert d.vp == 2 and d.blood == 0, "20 then 25"
    with pytest.raises(Illegal):
        m.submit(Action.make("blood", 0, reward="coin"))
    m.submit(Action.make("done", 0))
    assert m.state.actions_left == 2, "an exchange outside combat is an action"


def test_damage_to_full_fatigue_knocks_the_rider_off_with_rage():
    m = match([dict(dragon="fire", at="E4", facing=E, items=["hookshot"]),
               dict(dragon="water", at="G4", fatigue=3, rider="fire_mage", portaled=True, items=["rest_potion"]),
               dict(dragon="earth", at="Q12")], dice=[6, 6, 1, 1])
    m.submit(fwd())
    m.submit(Action.make("roll", 1))
    opts = {(a["effect"], a.get("item")) for a in m.legal_actions()}
    assert ("hookshot", "rest_potion") in opts
    m.submit(Action.make("damage", 0, effect="exhaust"))
    w = m.state.players[1]
    assert w.rider is None and w.rage == 1 and w.fatigue == 3
    assert m.state.rider_deck[0] == "fire_mage", "back to the bottom of the rider deck"


def test_the_computers_reason_to_roll_gives_the_odds_against_the_total_rolled():
    """The hint read "roll: 44% to win this fight" under "You need 9+ on your
    roll to beat 8: 28%": the reason used the odds from before the roll."""
    from games.uberdrakes.ai import normal
    m = match([dict(dragon="fire", at="I7"), dict(dragon="water", at="I7", moved=True), dict(dragon="earth", at="Q12")],
              dice=[4, 4])
    m.submit(Action.make("attack", 0, target=1))
    roll = next(a for a in m.legal_actions() if a.kind == "roll")
    preview = m.rules.preview(m.state, roll)
    shown = next(ln for ln in preview if ln.startswith("You need"))
    _, why = normal.DrakeAgent(m.rules).s_roll(normal.Ctx(m.state, 1), roll)
    assert shown.endswith(why.split()[1]), (shown, why)


def test_combat_and_village_lines_read_as_sentences():
    """Seen in play: "Water Dragon's bonuses: no elemental bonus at full
    fatigue +0", and a log line in the second person ("You fought in
    Güneyköy this turn: no buying or selling here")."""
    from games.uberdrakes.rules import spaces
    from games.uberdrakes.rules.state import Combat
    m = match([dict(dragon="fire", at="I7", fatigue=3, delivered=["water_knight"]),
               dict(dragon="water", at="I7", moved=True), dict(dragon="earth", at="Q12")], dice=[4, 4])
    m.submit(Action.make("attack", 0, target=1))
    told = [e.text for e in m.log[-1].events]
    assert "Fire Dragon's bonuses: no elemental bonus at full fatigue" in told
    m.state.players[0].hex = parse_hex("D3")             # a +1 mountain: "mountain +1", not "mountain +1 +1"
    assert ("mountain", 1) in combat.bonuses(m.state, Combat((0, 1), "attack"), 0)[1]
    ev = []
    village = m.state.board.space_of[parse_hex("I7")]
    m.state.fought_at = (village,)
    spaces.open_shop(m.state, 0, village, ev)
    assert ev[0].text == "Fire Dragon fought in Merkezi this turn: no buying or selling there"
