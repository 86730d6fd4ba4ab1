"""Warbound: the mistakes a thoughtful player never makes (issue 35;
docs/games/warbound.md § Computer opponent, "Blunders"), each in a position
where the naive move is the blunder, for the normal and the hard level (the
hard level's in the slow tier).  The last Character walked into reach and
the centre left to the opponent on the last turn are golden positions of
tests/engine/test_levels.py."""
from __future__ import annotations

import random

import pytest

from engine.core import registry
from engine.core.agents import make_agent
from engine.core.match import Match
from engine.core.rules import Setup
from engine.core.search import HardAgent
from tiers import slow_for

RULES = registry.get("warbound")
LEVELS = slow_for(["normal", "hard"], "hard")


def agent_of(level: str):
    agent = make_agent("warbound", level, RULES, batch=True)
    if isinstance(agent, HardAgent):
        agent.playouts = 48
    return agent


def nerve_position() -> Match:
    """Turn 3, Break their nerve (1 VP for each enemy Character that enters
    Panic this turn): Raiders' Splatter has acted once and carries 2 Stress
    of its 3 Morale; another activation adds a Stress token (warbound.txt §
    Additional activation) and puts it in Panic at its end (§ Morale), which
    pays Kaigen a VP.  Its Move + Shoot is the best activation on the board,
    the COPP's nearly as good."""
    pos = {"turn": 3, "hand": 0, "tokens": [{"raiders": 4}, {"kaigen": 2}], "objective": "break_their_nerve",
           "chars": [
               {"name": "splatter", "player": 0, "card": "splatter", "at": "F5", "stress": 2, "activations": 1},
               {"name": "copp", "player": 0, "card": "copp", "at": "E4"},
               {"name": "drummer", "player": 1, "card": "orkedo_drummer", "at": "J5"},
               {"name": "player", "player": 1, "card": "orkedo_player", "at": "K5"}]}
    return Match(Setup("warbound", 2, seed=3, scenario="recommended", options={"position": pos}))


@pytest.mark.parametrize("level", LEVELS)
def test_no_character_is_driven_into_panic_while_break_their_nerve_pays_for_it(level):
    m = nerve_position()
    names = m.state.options["names"]
    agent = agent_of(level)
    a = agent.choose(m.state, [x for x in m.legal_actions() if x.player == 0], random.Random(1))
    assert not (a.kind == "activate" and a["uid"] == names["splatter"]), (RULES.describe(m.state, a), agent.last_reason)
    assert "(Break their nerve)" in agent.last_reason


def test_the_hourglass_is_placed_where_the_hand_holder_gains_least_and_says_so():
    """Seen in the log: "deny Kaigen Fight this turn: the Action Kaigen's
    Characters would make most of now" on turn 1, when nobody can fight:
    the Hourglass goes where the Hand holder gains least (taking that
    Action is how it keeps the Hand, warbound.txt § Initiative), and the
    reason now says that."""
    m = Match(Setup("warbound", 2, seed=1, scenario="recommended"))
    normal = make_agent("warbound", "normal", RULES)
    rng = random.Random(1)
    while m.state.phase == "deploy" or not any(a.kind == "hourglass" for a in m.legal_actions()):
        m.submit(normal.choose(m.state, [a for a in m.legal_actions() if a.player == m.to_act()], rng), autosave=False)
    legal = [a for a in m.legal_actions() if a.player == m.to_act()]
    a = normal.choose(m.state, legal, rng)
    foe = 1 - a.player
    worth = {x["space"]: normal.space_worth(m.state, foe, x["space"]) for x in legal}
    assert worth[a["space"]] == min(worth.values())
    assert "least" in normal.last_reason and "keep the Hand" in normal.last_reason, normal.last_reason
