"""Battle Valor Fantasy: the mistakes a thoughtful player never makes
(issue 35; docs/games/battle_valor_fantasy.md § The computer general,
"Blunders"), each in a position where the naive move is the blunder, for
the normal and the hard level (the hard level's in the slow tier)."""
from __future__ import annotations

import random

import pytest

from engine.core import registry
from engine.core.agents import make_agent
from engine.core.match import Match
from engine.core.rules import Setup
from engine.core.search import HardAgent
from engine.table.formations import BlockMove, block_move
from games.battle_valor_fantasy import ai, ai_threat, space
from tiers import slow_for

RULES = registry.get("battle_valor_fantasy")
LEVELS = slow_for(["normal", "hard"], "hard")
INFANTRY = {"troop": "infantry", "stands": 6, "command": True}
LEVY = {"troop": "infantry", "stands": 4, "experience": "levy", "command": True}
VETERAN_HEAVY = {"troop": "infantry", "stands": 8, "experience": "veteran", "armour": "heavy", "command": True}


def agent_of(level: str):
    agent = make_agent("battle_valor_fantasy", level, RULES, batch=True)
    if isinstance(agent, HardAgent):
        agent.playouts = 12
    return agent


def position(phase: str, units: list, turn: int = 2) -> Match:
    units = units + [{"name": "g0", "player": 0, "kind": "general", "at": [70, 47]},
                     {"name": "g1", "player": 1, "kind": "general", "at": [70, 1]}]
    pos = {"phase": phase, "turn": turn, "initiative": 0, "current": 0, "units": units}
    return Match(Setup("battle_valor_fantasy", 2, seed=1, scenario="field_of_abaci", options={"position": pos}))


def choice(m: Match, level: str):
    agent = agent_of(level)
    a = agent.choose(m.state, [x for x in m.legal_actions() if x.player == 0], random.Random(1))
    return a, agent.last_reason


def magic_armor_position() -> Match:
    """The Stone Thrower and the Wizard at our back edge, behind our own
    block, the only enemy 38" off (it cannot see past the block to cast
    at it)."""
    return position("spells", [
        {"name": "lobber", "player": 0, "at": [30, 46.5], "facing": 270, "orders": ["fire"],
         "unit": {"troop": "stone_thrower", "stands": 1}},
        {"name": "wiz", "player": 0, "kind": "wizard", "at": [34, 46.5], "orders": ["spell"]},
        {"name": "wall", "player": 0, "at": [32, 42], "facing": 270, "files": 10, "orders": ["advance"],
         "unit": dict(INFANTRY, stands=10)},
        {"name": "foe", "player": 1, "at": [32, 4], "facing": 90, "files": 3, "orders": ["advance"], "unit": INFANTRY}])


@pytest.mark.parametrize("level", LEVELS)
def test_no_magic_armor_where_no_enemy_can_strike(level):
    """Seen in play: the wizard cast Magic Armor on its own Stone Thrower at
    the back edge, far from any threat, three turns of four: the rerolls of
    defence dice (§ Magic Armor) are worth nothing where no enemy can charge
    or shoot the unit this turn, nor Keen Weapons on a unit with nothing to
    fight.  The naive general cast Magic Armor (90% to succeed) here."""
    m = magic_armor_position()
    a, why = choice(m, level)
    assert not (a.kind == "cast" and a["spell"] in ("magic_armor", "keen_weapons")), (RULES.describe(m.state, a), why)


def levy_position() -> Match:
    """Four Levy 6" in front of eight Veteran heavy infantry with a Leader
    (already activated this turn; their charge next turn reaches 6"): a
    full advance ends inside it."""
    return position("advance", [
        {"name": "levy", "player": 0, "at": [56, 38], "facing": 270, "files": 4, "orders": ["advance"], "unit": LEVY},
        {"name": "veterans", "player": 1, "at": [56, 30], "facing": 90, "files": 4, "orders": ["advance"],
         "activated": True, "unit": VETERAN_HEAVY}], turn=3)


@pytest.mark.parametrize("level", LEVELS)
def test_no_walk_into_a_charge_it_cannot_survive(level):
    """Seen in a hard Hint: a Levy unit walked to 0.9" in front of Veteran
    heavy infantry, which destroyed it.  An advance that leaves it where
    their charge would break or destroy it (the charge's expected gain half
    its points or more) is never the choice."""
    m = levy_position()
    u = m.state.units[m.state.options["names"]["levy"]]
    a, why = choice(m, level)
    if a.kind == "advance":
        frame, _ = block_move(space.block(m.state, u), BlockMove(a.get("first", 0.0), a.get("angle", 0.0),
                                                                  a.get("then", 0.0)))
        risk = ai_threat.added_danger(m.state, u, frame)
        assert risk < 0.5 * u.profile.points, (a, risk, why)
    # the naive advance (the inches gained on the nearest enemy) walks into it
    naive = max((b for b in ai.GeneralAgent(RULES).candidates(m.state, 0) if b.kind == "advance"),
                key=lambda b: b.get("first", 0.0) + b.get("then", 0.0))
    frame, _ = block_move(space.block(m.state, u), BlockMove(naive.get("first", 0.0), naive.get("angle", 0.0),
                                                              naive.get("then", 0.0)))
    assert ai_threat.added_danger(m.state, u, frame) >= 0.5 * u.profile.points
