"""Dragonbond: the mistakes a thoughtful player never makes (issue 35;
docs/games/dragonbond.md § Computer players, "Blunders"), each in a
position where the naive move is the blunder, for the normal and the hard
level (the hard level's in the slow tier).  Leaving an objective
uncontested in the last round is the golden position of
tests/engine/test_levels.py (every level breaks the hold)."""
from __future__ import annotations

import math
import random

import pytest

from engine.core import registry
from engine.core.agents import make_agent
from engine.core.match import Match
from engine.core.rules import Setup
from engine.core.search import HardAgent
from games.dragonbond.rules import space

from games.dragonbond.ai.normal import NO_CHANCE, GreedyAgent
from tiers import slow_for

RULES = registry.get("dragonbond")
LEVELS = slow_for(["normal", "hard"], "hard")


def agent_of(level: str):
    agent = make_agent("dragonbond", level, RULES, batch=True)
    if isinstance(agent, HardAgent):
        agent.playouts = 24
    return agent


def position(units: list, rnd: int = 2) -> Match:
    pos = {"round": rnd, "current": 0, "turns": [2, 2], "scores": [0, 0], "units": units}
    return Match(Setup("dragonbond", 2, seed=3, scenario="valerna_crossing", options={"position": pos}))


def activation_of(m: Match, agent, name: str) -> list:
    """Gold activates `name` and the agent plays that activation; the
    actions it took."""
    uid = m.state.options["names"][name]
    m.submit(next(a for a in m.legal_actions() if a.kind == "activate" and a["uid"] == uid), autosave=False)
    rng = random.Random(1)
    took = []
    while m.outcome() is None and m.to_act() == 0 and m.state.turn is not None and m.state.turn.uid == uid:
        a = agent.choose(m.state, [x for x in m.legal_actions() if x.player == 0], rng)
        took.append((a, agent.last_reason))
        m.submit(a, autosave=False)
        if a.kind in ("end_turn", "pass_round"):
            break
    return took


@pytest.mark.parametrize("level", LEVELS)
def test_no_charge_without_a_chance_to_arrive(level):
    """The Duelists 17.5" from the Reavers: a charge arrives 3% of the
    time (speed 9 and the roll), and a failed one still runs the full
    distance for two fatigue (dragonbond.txt § Charge [2]).  The naive
    player charged (it scored the charge above every move: no objective
    near)."""
    m = position([
        {"name": "duelists", "player": 0, "unit": "oathguard_duelists", "models": 2, "at": [[4, 4], [5.5, 4]]},
        {"name": "reavers", "player": 1, "unit": "skorpikon_reavers", "models": 1, "at": [[21.5, 4]]}])
    greedy = GreedyAgent(RULES)
    for a, why in activation_of(m, agent_of(level), "duelists"):
        if a.kind == "charge":
            u, e = m.state.units[a["uid"]], m.state.units[a["target"]]
            assert greedy.reach_chance(m.state, u, space.distance(m.state, u, e)) >= NO_CHANCE, why


@pytest.mark.parametrize("level", LEVELS)
def test_no_power_on_a_unit_no_enemy_can_reach(level):
    """The Blood Emperor's Command of Blood (a friendly unit upgrades an
    attack die this round) on Reavers 40" from the only enemy: it changes
    nothing this round and costs the Emperor its action and a fatigue."""
    m = position([
        {"name": "emperor", "player": 0, "unit": "blood_emperor", "at": [[6, 6]]},
        {"name": "reavers", "player": 0, "unit": "skorpikon_reavers", "models": 1, "at": [[9, 6]]},
        {"name": "duelists", "player": 1, "unit": "oathguard_duelists", "models": 2, "at": [[40, 42], [41.5, 42]]}])
    took = activation_of(m, agent_of(level), "emperor")
    assert not any(a.kind == "power" for a, _ in took), took


@pytest.mark.parametrize("level", LEVELS)
def test_no_walk_into_a_charge_it_cannot_survive(level):
    """A lone Skorpikon Reaver (two wounds) could run onto objective 1,
    where the Gore-Lancers' charge (speed 8, Impale) would arrive nearly
    always and deal about three wounds next: the naive player ran there
    to throw its javelins."""
    m = position([
        {"name": "reavers", "player": 0, "unit": "skorpikon_reavers", "models": 1, "at": [[24, 40]]},
        {"name": "lancers", "player": 1, "unit": "skorpikon_gore_lancers", "models": 3,
         "at": [[22, 15], [24, 15], [26, 15]]}])
    activation_of(m, agent_of(level), "reavers")
    names = m.state.options["names"]
    u, e = m.state.units[names["reavers"]], m.state.units[names["lancers"]]
    g = GreedyAgent(RULES)
    g._blows = {}
    assert not g.would_wipe_out(m.state, e, u, space.distance(m.state, e, u)), [(f.x, f.y) for f in u.models]


def test_no_unit_shuffles_back_and_forth():
    """Seen in play: a unit moving 0.8" and back.  Over a seeded game's
    first 200 decisions, every move and run of the normal player shifts a
    model an inch or more (a shuffle is never worth the action)."""
    m = Match(Setup("dragonbond", 2, seed=7, scenario=RULES.scenarios()[0]))
    agent = make_agent("dragonbond", "normal", RULES)
    rng = random.Random(1)
    for _ in range(200):
        if m.outcome() is not None:
            break
        p = m.to_act()
        a = agent.choose(m.state, [x for x in m.legal_actions() if x.player == p], rng)
        if a.kind in ("move", "run"):
            u = m.state.units[a["uid"]]
            shift = max(math.hypot(md.x - x, md.y - y) for md, (x, y) in zip(u.models, a["to"]))
            assert shift >= 1.0, (RULES.describe(m.state, a), agent.last_reason)
        m.submit(a, autosave=False)
