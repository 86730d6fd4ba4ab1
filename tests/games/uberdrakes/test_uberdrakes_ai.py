"""The UberDrakes computer dragon: no peeking at hidden cards, sensible
choices, and it beats random play."""
import random

import games.uberdrakes  # noqa: F401
from engine.core import registry
from engine.core.agents import RandomAgent, make_agent
from engine.core.dice import ScriptedDice
from engine.core.match import Match
from engine.core.rules import Setup
from engine.commands.simulate import play_out
from games.uberdrakes.ai.hidden import public_view

RULES = registry.get("uberdrakes")


def match(dragons, **top):
    pos = {"active": 0, "dragons": dragons, **top}
    return Match(Setup("uberdrakes", len(dragons), seed=1, options={"position": pos}),
                 dice=ScriptedDice([], seed=1))


def test_public_view_redeals_what_the_player_cannot_see():
    m = match([dict(dragon="fire", at="E4", hand=["dash"], treasures=["diamond"]),
               dict(dragon="water", at="Q1", hand=["barrel_roll", "bank_left"], treasures=["topaz"]),
               dict(dragon="earth", at="Q13", hand=["free_flight"])])
    v = public_view(m.state, 0, random.Random(5))
    assert v.players[0].hand == ["dash"] and v.players[0].treasures == ["diamond"]
    assert [len(d.hand) for d in v.players] == [1, 2, 1]
    assert len(v.movement_deck) == len(m.state.movement_deck)
    assert m.state.players[1].hand == ["bank_left", "barrel_roll"], "the real state is untouched"


def test_decisions_do_not_depend_on_hidden_cards():
    def pos(hand1, hand2):
        return match([dict(dragon="fire", at="E4", facing=0, hand=["dash", "bank_left"], rider="water_knight"),
                      dict(dragon="water", at="G4", hand=hand1, treasures=["topaz"]),
                      dict(dragon="earth", at="Q13", hand=hand2)])
    a, b = pos(["barrel_roll"], ["free_flight"]), pos(["thrust_left"], ["forward_thrust"])
    agent = make_agent("uberdrakes", "drake", RULES)
    for seed in range(5):
        pa = agent.choose(a.state, a.legal_actions(), random.Random(seed))
        pb = agent.choose(b.state, b.legal_actions(), random.Random(seed))
        assert pa == pb


def test_it_delivers_a_portaled_rider():
    m = match([dict(dragon="fire", at="M5", facing=3, rider="water_knight", portaled=True, hand=["dash"]),
               dict(dragon="water", at="Q1"), dict(dragon="earth", at="Q13")])
    agent = make_agent("uberdrakes", "drake", RULES)
    a = agent.choose(m.state, m.legal_actions(), random.Random(1))
    m.submit(a)
    assert m.state.players[0].vp == 1, f"chose {a}"


def test_it_beats_random_players():
    """Its speed is measured by `main.py bench uberdrakes` (ai_move_ms_max), not here."""
    wins = 0
    for g in range(4):
        agents = [RandomAgent(RULES) for _ in range(4)]
        agents[g] = make_agent("uberdrakes", "drake", RULES)
        r = play_out(RULES, Setup("uberdrakes", 4, seed=77 + g), agents, max_actions=6000)
        wins += r["winners"] == [g]
    assert wins >= 3


def test_its_reasons_name_the_dragons_not_you():
    """Playtest, hard: the Fire Dragon's log read "race to a rider pickup
    (you 1, Lightning Dragon 1 victory points)", where "you" is the
    computer, not the player reading the log; the reasons name each side."""
    m = match([dict(dragon="fire", at="E4", facing=0, hand=["dash", "bank_left"]),
               dict(dragon="water", at="Q1"), dict(dragon="earth", at="Q13")])
    agent = make_agent("uberdrakes", "drake", RULES)
    agent.choose(m.state, m.legal_actions(), random.Random(1))
    why = agent.last_reason
    assert "victory point" in why and "you " not in why and "Fire Dragon 0" in why, why
