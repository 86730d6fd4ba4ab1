"""UberDrakes setup, rounds and the end: dragon choice with roll-offs, turn
order, the mulligan, the next round, the Final Battle, variants
(uberdrakes.txt § Game Setup, § Turn Order, § Starting the First Round,
§ Rounds and Actions, § Starting the Next Round; The Endgame: house)."""
import games.uberdrakes  # noqa: F401
from engine.core import registry
from engine.core.actions import Action
from engine.core.dice import ScriptedDice
from engine.core.match import Match
from engine.core.rules import Setup
from games.uberdrakes.rules.board import hex_label, parse_hex

E = 0
RULES = registry.get("uberdrakes")


def match(dragons, dice=(), options=None, **top):
    pos = {"active": 0, "dragons": dragons, **top}
    return Match(Setup("uberdrakes", len(dragons), seed=1, options={"position": pos, **(options or {})}),
                 dice=ScriptedDice(list(dice), seed=1))


def setup_dice(players: int) -> int:
    """How many dice the deck shuffles use before the first decision."""
    d = ScriptedDice([], seed=3)
    RULES.initial_state(Setup("uberdrakes", players, seed=3), d)
    return len(d.history)


def test_dragon_choice_rolls_off_for_the_same_dragon_then_turn_order():
    n = setup_dice(3)
    # shuffles: always the first choice; roll-off for fire: P1 2+2, P2 6+5; turn order 3+3, 6+6, 1+1
    dice = [1] * n + [2, 2, 6, 5] + [3, 3, 6, 6, 1, 1]
    m = Match(Setup("uberdrakes", 3, seed=3), dice=ScriptedDice(dice, seed=3))
    assert m.state.phase == "dragons" and m.to_act() == 0
    m.submit(Action.make("choose_dragon", 0, dragon="fire"))
    m.submit(Action.make("choose_dragon", 1, dragon="fire"))
    m.submit(Action.make("choose_dragon", 2, dragon="water"))
    assert m.state.players[1].dragon == "fire" and m.state.players[2].dragon == "water"
    assert m.state.players[0].dragon is None and m.to_act() == 0, "the loser chooses again"
    assert Action.make("choose_dragon", 0, dragon="fire") not in m.legal_actions()
    m.submit(Action.make("choose_dragon", 0, dragon="wind"))
    assert m.state.phase == "mulligan" and m.state.order_first == 1
    assert [len(d.hand) for d in m.state.players] == [4, 4, 4]
    assert m.to_act() == 1, "mulligans start with the first player"


def test_turn_order_ties_roll_another_die():
    from games.uberdrakes.rules.setup import roll_off
    m = match([dict(dragon="fire", at="I7"), dict(dragon="water", at="I7"), dict(dragon="earth", at="I7")])
    ev = []
    m.dice.forced, m.dice.pos = [6, 6, 6, 6, 1, 1, 2, 5], 0
    assert roll_off(m.state, [0, 1, 2], 2, m.dice, ev, "", "turn order") == 1
    assert any("roll another die" in e.text for e in ev)


def test_mulligan_two_cards_for_a_choice_of_one():
    n = setup_dice(3)
    m = Match(Setup("uberdrakes", 3, seed=3, options={"dragons": "random"}), dice=ScriptedDice([1] * n, seed=3))
    p = m.to_act()
    hand = list(m.state.players[p].hand)
    a = next(a for a in m.legal_actions() if a.kind == "mulligan")
    m.submit(a)
    assert m.state.pending.kind == "mulligan_take" and m.to_act() == p
    assert RULES.hidden_from_others(m.state, p)
    take = m.legal_actions()[0]
    m.submit(take)
    kept = list(hand)
    for card in a["cards"]:
        kept.remove(card)
    assert sorted(m.state.players[p].hand) == sorted(kept + [take["card"]]), "two cards out, one in"


def test_next_round_resets_and_turn_order_continues():
    m = match([dict(dragon="fire", at="E4", facing=E, hand=["dash"], played=["bank_left"], fatigue=2, coins=6),
               dict(dragon="water", at="Q1", roosted=True), dict(dragon="earth", at="Q13", roosted=True)])
    m.submit(Action.make("move", 0, how="coin", m="forward", portal=False, to=parse_hex("F4"), facing=E))
    assert m.state.players[0].coins == 5
    m.submit(Action.make("end_turn", 0, roost=True))
    s = m.state
    d = s.players[0]
    assert s.round == 2 and s.active == 1, "the next player after the last one to roost"
    assert d.coins == 5 + 1 + 3, "the icon's coin back, and 3 for roosting in the desert"
    assert d.fatigue == 1 and d.played == [] and len(d.hand) == 4
    assert not any(x.roosted for x in s.players)
    assert "bank_left" in s.movement_discard


def test_a_tie_goes_to_the_final_battle():
    m = match([dict(dragon="fire", at="E4", facing=E, vp_bought=2, vp=2),
               dict(dragon="water", at="Q1", roosted=True, vp_bought=2, vp=2),
               dict(dragon="earth", at="Q13", roosted=True, vp=1, vp_bought=1)], rounds=3, round=3,
              dice=[6, 6, 1, 1])
    m.submit(Action.make("move", 0, how="coin", m="forward", portal=False, to=parse_hex("F4"), facing=E))
    m.submit(Action.make("end_turn", 0, roost=True))
    s = m.state
    assert s.phase == "final" and s.combat is not None
    assert s.combat.sides == (0, 1) and m.to_act() == 1
    m.submit(Action.make("roll", 1))
    out = m.outcome()
    assert out is not None and out.winners == (0,) and "Final Battle" in out.reason


def test_most_victory_points_wins():
    m = match([dict(dragon="fire", at="E4", facing=E, vp_bought=3, vp=3),
               dict(dragon="water", at="Q1", roosted=True), dict(dragon="earth", at="Q13", roosted=True)],
              rounds=2, round=2)
    m.submit(Action.make("end_turn", 0, roost=True))
    assert m.outcome().winners == (0,)


def test_courier_variant_ends_at_the_fourth_delivery():
    m = match([dict(dragon="fire", at="K4", facing=E, rider="water_knight", hand=["dash"],
                    delivered=["fire_mage", "earth_mage", "wind_mage"]),
               dict(dragon="water", at="Q1"), dict(dragon="earth", at="Q13")], options={"variant": "courier"})
    m.submit(Action.make("move", 0, how="card", m="dash", portal=True, to=parse_hex("F10"), facing=E))
    assert m.outcome() is not None and m.outcome().winners == (0,)


def test_hidden_hands_do_not_change_what_a_player_may_do():
    a = match([dict(dragon="fire", at="E4", facing=E, hand=["dash"]), dict(dragon="water", at="Q1", hand=["barrel_roll"]),
               dict(dragon="earth", at="Q13", hand=["free_flight"])])
    b = match([dict(dragon="fire", at="E4", facing=E, hand=["dash"]), dict(dragon="water", at="Q1", hand=["bank_left"]),
               dict(dragon="earth", at="Q13", hand=["thrust_right", "dash"])])
    assert a.legal_actions() == b.legal_actions()
    assert hex_label(a.state.players[0].hex) == "E4"
