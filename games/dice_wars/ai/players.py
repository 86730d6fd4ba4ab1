"""Dice Wars' computer players, declared once for the levels
(engine/core/computer_players.py): the named agents, the easy level's
slips, the hint's plan, and the hard level's hooks (games/dice_wars/ai/strong.py)."""
from __future__ import annotations

from engine.core.actions import Action
from engine.core.computer_players import ComputerPlayers
from games.dice_wars.ai.normal import GreedyAgent
from games.dice_wars.ai.strong import (SEARCH, StrongAgent, determinise, evaluate, evaluate_terms, hard_policy,
                                       playout_options, rollout_policy)

AGENTS = ("greedy", "strong")


def make_agent(name: str, rules):
    if name in ("greedy", "ai", "default", "normal"):
        return GreedyAgent(rules)
    if name == "strong":
        return StrongAgent(rules)
    raise KeyError(f"unknown Dice Wars agent {name!r}; known: {', '.join(AGENTS)}, random")


# the easy level's slips (engine/core/search.py EasyAgent): half its decisions
# may take one of its next four ideas within 4 points or 80% of the best
# (docs/games/dice_wars.md § Computer players: measured against normal)
EASY = {"slip": 0.5, "spread": 4.0, "ratio": 0.8, "reach": 4}


def plan_follows(state, previous: Action, step: Action) -> bool:
    """The hint's plan (engine/core/hint.py): after a walk, the same unit's
    action (the attack it closed in for, the capture on the capital)."""
    return previous.kind == "move" and step.get("uid") == previous["uid"] and step.kind in (
        "attack", "skill", "city_skill", "relic_skill", "capture", "search_ruins")


def explain(agent: GreedyAgent) -> str:
    return agent.last_reason


# the game's computer players, declared once for the levels (engine/core/computer_players.py)
COMPUTER = ComputerPlayers(make_agent=make_agent, agents=AGENTS, evaluate=evaluate, evaluate_terms=evaluate_terms,
                           hard_policy=hard_policy, rollout_policy=rollout_policy, determinise=determinise,
                           playout_options=playout_options, plan_follows=plan_follows, easy=EASY, search=SEARCH)
