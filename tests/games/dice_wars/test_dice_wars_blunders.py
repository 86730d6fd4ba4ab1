"""Dice Wars: the mistakes a thoughtful player never makes (issue 35;
docs/games/dice_wars.md § Computer players, "Blunders"), each in a position
where the naive move is the blunder, for the normal and the hard level
(the hard level's in the slow tier).  Every test here failed on the normal
player before issue 35, and all but the hero's on the hard one."""
from __future__ import annotations

import json
import random

import pytest

from engine.core import registry
from engine.core.actions import Action
from engine.core.agents import make_agent
from engine.core.dice import SeededDice
from engine.core.match import Match
from engine.core.rules import Setup
from engine.core.search import HardAgent
from engine.hex import grid as hexgrid
from games.dice_wars.ai import normal, players, threat
from games.dice_wars.rules import flow, stats
from tiers import TESTS, slow_for

RULES = registry.get("dice_wars")
FIXTURES = TESTS / "fixtures"
LEVELS = slow_for(["normal", "hard"], "hard")


def agent_of(level: str):
    """The level's agent; the hard one weighs a fixed number of futures, so
    the test decides the same on any machine."""
    agent = make_agent("dice_wars", level, RULES, batch=True)
    if isinstance(agent, HardAgent):
        agent.playouts = 48
    return agent


def play_phase(state, agent, seed: int = 1, dice=None) -> list:
    """The agent plays the phase of the player to act; [(action, its
    reason, the position before it)] in order."""
    me = RULES.to_act(state)
    dice = dice or SeededDice(seed)
    rng = random.Random(seed)
    done = []
    while RULES.outcome(state) is None and RULES.to_act(state) == me:
        legal = [a for a in RULES.legal_actions(state) if a.player == me]
        a = agent.choose(state, legal, rng)
        before = state.copy()
        RULES.apply(state, a, dice)
        done.append((a, agent.last_reason, before))
    return done


def position(units, cities=(), current=0, crowns=None):
    pos = {"current": current, "factions": [["bloodblades"], ["mercurio"]], "units": units, "cities": list(cities)}
    m = Match(Setup("dice_wars", 2, seed=4, scenario="balanced", options={"position": pos}))
    for p, c in zip(m.state.players, crowns or ()):
        p.crowns = c
    return m


def plains():
    board = Match(Setup("dice_wars", 2, seed=1, scenario="balanced")).state.board
    return sorted(h for h in board.terrain if board.terrain[h] == "plains")


# ---- walking on and back (R5 -> R4 -> R5) ---------------------------------------------------------

def wandering_alchemist():
    """Seed 3, normal against normal, before issue 35: Red's Alchemist has
    walked from D1 to B4 this turn and has nothing in reach; every further
    walk scored 0.3 against 0.05 for ending the phase, so it walked to C4
    and back to B4 (tests/fixtures/dice_wars_wandering_alchemist.json)."""
    data = json.loads((FIXTURES / "dice_wars_wandering_alchemist.json").read_text())
    dice = SeededDice(data["seed"])
    state, _ = RULES.initial_state(Setup("dice_wars", 2, seed=data["seed"], scenario="balanced"), dice)
    for a in data["actions"]:
        RULES.apply(state, Action.from_dict(a), dice)
    return state, dice


@pytest.mark.parametrize("level", LEVELS)
def test_no_unit_walks_on_and_back_in_one_turn(level):
    state, dice = wandering_alchemist()
    walker = state.units[5]
    assert stats.card(walker).name == "Alchemist" and walker.pos == (0, 3)
    assert flow.activation(state, 5).moved and not flow.activation(state, 5).acted
    stood = [(3, 0), (0, 3)]
    for a, why, before in play_phase(state, agent_of(level), dice=dice):
        if a.kind == "move" and a["uid"] == 5:
            act = flow.activation(before, 5)
            assert act.acted or tuple(a["to"]) not in stood, f"walked back to {a['to']}: {why}"
            stood.append(tuple(a["to"]))
        elif a.get("uid") == 5:
            stood = []                       # walking back after acting is fair: attack from cover


@pytest.mark.parametrize("level", LEVELS)
def test_a_unit_with_nothing_in_reach_guards_and_the_phase_end_says_why(level):
    """The same position: ending the phase with the Alchemist idle (its
    action unused, "Why: nothing better to do") was the old habit; guarding
    gives it +1 defense (§ Guarding), and the end names the turns taken."""
    state, dice = wandering_alchemist()
    done = play_phase(state, agent_of(level), dice=dice)
    kinds = [a.kind for a, _, _ in done]
    assert "guard" in kinds and kinds[-1] == "end_phase", kinds
    why = done[-1][1]
    assert "nothing better to do" not in why
    assert "Alchemist" in why and "Catapult" in why and "§ The Command Phase" in why, why


# ---- the same buff twice on one unit ----------------------------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_the_same_buff_is_not_cast_twice_on_one_unit(level):
    """Seed 8, round 8, before issue 35: Blue's Acolyte and then its
    Catapult cast Astramore's Sacred Benediction on the same Footman, the
    phase's two actions on +2 attack for a unit that could no longer
    strike (tests/fixtures/dice_wars_double_benediction.json)."""
    data = json.loads((FIXTURES / "dice_wars_double_benediction.json").read_text())
    m = Match(Setup("dice_wars", 2, seed=4, scenario="balanced", options={"position": data["position"]}))
    for p, c in zip(m.state.players, data["crowns"]):
        p.crowns = c
    for a, why, before in play_phase(m.state, agent_of(level)):
        if a.kind in ("skill", "city_skill", "relic_skill") and isinstance(a["target"], int):
            target = before.units[a["target"]]
            name = (before.catalog.cities[a["city"]].skill.name if a.kind == "city_skill" else
                    stats.card(before.units[a["uid"]]).skill.name)
            assert not any(c.source == name and c.by == a.player for c in target.conds), \
                f"{name} again on {stats.unit_label(before, target)}: {why}"


def test_a_buff_on_a_unit_no_enemy_can_reach_is_worth_nothing():
    """More defense saves only hits an enemy could land (the issue's "a buff
    on a unit no enemy can reach"); more attack helps only a unit that can
    still strike this phase."""
    spots = plains()
    far = [h for h in spots if hexgrid.distance(h, spots[0]) >= 14]
    m = position([
        {"name": "safe", "player": 0, "class": "footman", "at": list(spots[0])},
        {"name": "red_hero", "player": 0, "class": "thistlecrown", "at": list(spots[1 + 4])},
        {"name": "blue_hero", "player": 1, "class": "grimhild", "at": list(far[-1])},
        {"name": "blue_b", "player": 1, "class": "footman", "at": list(far[-2])}])
    s, names = m.state, m.state.options["names"]
    agent = players.make_agent("normal", RULES)
    safe = s.units[names["safe"]]
    assert not any(threat.can_strike(s, v, safe.pos, {}) for v in stats.living(s, 1))
    assert agent.condition_gain(s, safe, "defense", 1, 0, s.units[names["red_hero"]], {}) == 0.0
    assert agent.status_gain(s, safe, "shielded", 0, {}) == 0.0


# ---- the last soldier left exposed (Domination) -------------------------------------------------------

def exposed_last_soldier():
    """Red's Footman, its last non-hero unit, can walk up to Blue's Archer
    and strike it (74%), and would then stand in the Knight's reach: its
    death loses by Domination (dice_wars.txt § Domination).  Hexes out of
    every enemy's reach are within its walk."""
    spots = plains()
    pset = set(spots)
    for foot in spots:
        for archer in (h for h in spots if hexgrid.distance(h, foot) == 3):
            for knight in (h for h in spots if hexgrid.distance(h, foot) == 4 and hexgrid.distance(h, archer) >= 2):
                far = [h for h in spots if hexgrid.distance(h, foot) >= 12 and hexgrid.distance(h, archer) >= 12]
                if len(far) < 3:
                    continue
                m = position([
                    {"name": "footman", "player": 0, "class": "footman", "at": list(foot)},
                    {"name": "red_hero", "player": 0, "class": "thistlecrown", "at": list(far[0])},
                    {"name": "archer", "player": 1, "class": "archer", "at": list(archer)},
                    {"name": "knight", "player": 1, "class": "knight", "at": list(knight)},
                    {"name": "blue_hero", "player": 1, "class": "grimhild", "at": list(far[-1])},
                    {"name": "blue_b", "player": 1, "class": "footman", "at": list(far[-2])}])
                s, names = m.state, m.state.options["names"]
                f, kn = s.units[names["footman"]], s.units[names["knight"]]
                enemies = list(stats.living(s, 1))
                cache: dict = {}
                walks = [a for a in m.legal_actions() if a.kind == "move" and a["uid"] == f.uid]
                safe = [a for a in walks if not any(threat.can_strike(s, e, tuple(a["to"]), cache) for e in enemies)]
                strike = [a for a in walks if hexgrid.distance(tuple(a["to"]), archer) == 1]
                if safe and strike and all(threat.can_strike(s, kn, h, cache)
                                           for h in hexgrid.neighbors(archer) if h in pset):
                    return m
    raise AssertionError("no such position on the balanced map")


@pytest.mark.parametrize("level", LEVELS)
def test_the_last_soldier_is_not_left_in_reach(level):
    m = exposed_last_soldier()
    s, names = m.state, m.state.options["names"]
    done = play_phase(s, agent_of(level))
    f = s.units[names["footman"]]
    reach = [stats.unit_label(s, v) for v in stats.living(s, 1) if threat.can_strike(s, v, f.pos, {})]
    assert f.hp > 0 and not reach, (reach, [(RULES.describe(b, a), w) for a, w, b in done])
    assert any("last soldier" in w and "(Domination)" in w for _, w, _ in done), [w for _, w, _ in done]


# ---- a hero on its last hit left exposed (Regicide) ---------------------------------------------------

def exposed_hero():
    """Red's hero Thistlecrown, on its last hit, stands in reach of Blue's
    Archer; two Red soldiers stand far off.  Hexes out of every enemy's
    reach are within its walk (dice_wars.txt § Regicide: its death loses)."""
    spots = plains()
    for hero in spots:
        for archer in (h for h in spots if hexgrid.distance(h, hero) == 3):
            far = [h for h in spots if hexgrid.distance(h, hero) >= 12 and hexgrid.distance(h, archer) >= 12]
            if len(far) < 4:
                continue
            m = position([
                {"name": "red_hero", "player": 0, "class": "thistlecrown", "at": list(hero), "hp": 1},
                {"name": "red_a", "player": 0, "class": "footman", "at": list(far[0])},
                {"name": "red_b", "player": 0, "class": "footman", "at": list(far[1])},
                {"name": "archer", "player": 1, "class": "archer", "at": list(archer)},
                {"name": "blue_hero", "player": 1, "class": "grimhild", "at": list(far[-1])},
                {"name": "blue_b", "player": 1, "class": "footman", "at": list(far[-2])}])
            s, names = m.state, m.state.options["names"]
            h, ar = s.units[names["red_hero"]], s.units[names["archer"]]
            cache: dict = {}
            if not threat.can_strike(s, ar, h.pos, cache):
                continue
            walks = [a for a in m.legal_actions() if a.kind == "move" and a["uid"] == h.uid]
            if any(not any(threat.can_strike(s, e, tuple(a["to"]), cache) for e in stats.living(s, 1))
                   for a in walks):
                return m
    raise AssertionError("no such position on the balanced map")


@pytest.mark.parametrize("level", LEVELS)
def test_a_hero_on_its_last_hit_is_not_left_in_reach(level):
    m = exposed_hero()
    s, names = m.state, m.state.options["names"]
    done = play_phase(s, agent_of(level))
    h = s.units[names["red_hero"]]
    reach = [stats.unit_label(s, v) for v in stats.living(s, 1) if threat.can_strike(s, v, h.pos, {})]
    assert m.state.phase != "over" and not reach, (reach, [(RULES.describe(b, a), w) for a, w, b in done])
    assert any("(Regicide)" in w for _, w, _ in done), [w for _, w, _ in done]


# ---- a swap that only trades places with a friend (back and forth) -----------------------------------

def test_a_swap_with_a_friend_that_serves_no_goal_is_worth_nothing():
    """Playtest, seed 386305, hard: Blue's Vesper Nightveil cast Mirror Swap
    on its own Witch in two phases running ("Why: Mirror Swap: 92% to
    succeed"), the two trading places and back, far from every fight.  A
    swap with a friend moves the two along the goals' pull by opposite
    steps: it gains nothing unless one of them reaches a city."""
    spots = plains()
    far = [h for h in spots if hexgrid.distance(h, spots[0]) >= 14]
    friend = next(h for h in spots if hexgrid.distance(h, spots[0]) == 2)
    m = position([
        {"name": "vesper", "player": 0, "class": "vesper", "at": list(spots[0])},
        {"name": "witch", "player": 0, "class": "footman", "at": list(friend)},
        {"name": "blue_hero", "player": 1, "class": "grimhild", "at": list(far[-1])},
        {"name": "blue_b", "player": 1, "class": "footman", "at": list(far[-2])}])
    s, names = m.state, m.state.options["names"]
    swaps = [a for a in m.legal_actions() if a.kind == "skill" and a["uid"] == names["vesper"]
             and a["target"] == names["witch"]]
    assert swaps, sorted({a.kind for a in m.legal_actions()})
    agent = players.make_agent("normal", RULES)
    cache = {"plan": normal.Plan(s, 0)}
    assert agent.score_skill(s, swaps[0], cache)[0] < 0
