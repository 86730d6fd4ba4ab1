"""UberDrakes: the mistakes a thoughtful dragon never makes (issue 35;
docs/games/uberdrakes.md § Computer players, "Blunders"), each in a
position where the naive move is the blunder, for the normal and the hard
level (the hard level's in the slow tier).  The first two are positions of
games the normal dragon lost that way before issue 35 (tests/fixtures)."""
from __future__ import annotations

import json
import random

import pytest

from engine.core import registry
from engine.core.actions import Action
from engine.core.agents import make_agent
from engine.core.dice import ScriptedDice
from engine.core.match import Match
from engine.core.rules import Setup
from engine.core.search import HardAgent
from tiers import TESTS, slow_for

RULES = registry.get("uberdrakes")
FIXTURES = TESTS / "fixtures"
LEVELS = slow_for(["normal", "hard"], "hard")


def agent_of(level: str):
    agent = make_agent("uberdrakes", level, RULES, batch=True)
    if isinstance(agent, HardAgent):
        agent.playouts = 48
    return agent


def replayed(name: str) -> Match:
    """The position a recorded game reached (its actions replayed on its seed)."""
    data = json.loads((FIXTURES / name).read_text())
    m = Match(Setup("uberdrakes", data["players"], seed=data["seed"], scenario=RULES.scenarios()[0],
                    seats=("human",) * data["players"]))
    for a in data["actions"]:
        m.submit(Action.from_dict(a), autosave=False)
    return m


def decide(m: Match, level: str):
    p = m.to_act()
    agent = agent_of(level)
    a = agent.choose(m.state, [x for x in m.legal_actions() if x.player == p], random.Random(1))
    return a, agent.last_reason


@pytest.mark.parametrize("level", LEVELS)
def test_the_blood_exchange_is_not_opened_to_buy_nothing(level):
    """Seed 5: the Fire Dragon (2 blood points, full fatigue, a rider
    aboard) opened the exchange, which spends an action, then bought
    nothing (uberdrakes.txt § Blood Points)."""
    m = replayed("uberdrakes_empty_exchange.json")
    d = m.state.players[m.to_act()]
    assert d.blood == 2 and any(a.kind == "exchange" for a in m.legal_actions())
    a, why = decide(m, level)
    assert a.kind != "exchange", why
    assert why


@pytest.mark.parametrize("level", LEVELS)
def test_blood_does_not_heal_a_dragon_with_no_rider_aboard(level):
    """Seed 5: the Lightning Dragon, its rider just delivered, at 2 of 3
    fatigue, bought a second heal with blood "to keep the rider's delivery
    safe": with no rider aboard the fatigue heals by itself at the round's
    start, and twenty blood points buy a victory point (§ Blood Points)."""
    m = replayed("uberdrakes_blood_heal.json")
    d = m.state.players[m.to_act()]
    assert d.rider is None and d.fatigue == 2
    assert any(a.kind == "blood" and a["reward"] == "heal" for a in m.legal_actions())
    a, why = decide(m, level)
    assert not (a.kind == "blood" and a["reward"] == "heal"), why
    assert "rider's delivery" not in why


def fatigue_position() -> Match:
    """The Fire Dragon carries the Water Knight through the portal at two
    of three fatigue; pushing its Dash again would land nearer the water
    spaces at three fatigue, where any more fatigue throws the rider
    (uberdrakes.txt § Fatigue: "Be careful!").  A coin's movement gets
    there without fatigue a turn later."""
    pos = {"active": 0, "dragons": [
        dict(dragon="fire", at="E9", facing=3, rider="water_knight", portaled=True, fatigue=2, coins=4,
             hand=["dash"], played=["dash"]),
        dict(dragon="water", at="Q1"), dict(dragon="earth", at="Q13")]}
    return Match(Setup("uberdrakes", 3, seed=1, options={"position": pos}), dice=ScriptedDice([], seed=1))


@pytest.mark.parametrize("level", LEVELS)
def test_the_rider_is_not_carried_to_full_fatigue_short_of_delivering(level):
    m = fatigue_position()
    rng = random.Random(1)
    agent = agent_of(level)
    while m.outcome() is None and m.to_act() == 0 and m.state.active == 0:
        a = agent.choose(m.state, [x for x in m.legal_actions() if x.player == 0], rng)
        m.submit(a, autosave=False)
        d = m.state.players[0]
        if d.vp:
            return                       # it delivered: the fatigue paid for a victory point
        assert d.fatigue < 3 or d.rider is None, (RULES.describe(m.state, a), agent.last_reason)
