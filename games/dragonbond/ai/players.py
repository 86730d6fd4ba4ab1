"""The Dragonbond computer players' hooks (engine/core/search.py): the
normal player (`greedy`, games/dragonbond/ai/normal.py), the hard level's
player (`strong`, games/dragonbond/ai/strong.py, which also holds the
search's evaluation) and `explain`."""
from __future__ import annotations

from engine.core.computer_players import ComputerPlayers

from games.dragonbond.ai.easy import EasyGreedy
from games.dragonbond.ai.normal import GreedyAgent
from games.dragonbond.ai.strong import StrongAgent, evaluate

__all__ = ["AGENTS", "GreedyAgent", "StrongAgent", "easy_policy", "evaluate", "explain", "hard_policy", "make_agent"]

AGENTS = ("greedy", "strong")


def make_agent(name: str, rules):
    if name in ("greedy", "ai", "default", "normal"):
        return GreedyAgent(rules)
    if name == "strong":
        return hard_policy(rules)
    raise KeyError(f"unknown Dragonbond agent {name!r}; known: {', '.join(AGENTS)}, random")


def easy_policy(rules):
    """The player the easy level slips from (engine/core/search.py)."""
    return EasyGreedy(rules)


def hard_policy(rules):
    """The player the hard level searches with (engine/core/search.py)."""
    return StrongAgent(rules)


def explain(agent) -> str:
    return agent.last_reason


# the easy level's slips (engine/core/search.py EasyAgent): half its decisions, among
# its next four ideas, any within 60% of the best idea's score (a weaker target, a power
# spent where it does little, another unit activated first)
EASY = {"slip": 0.7, "spread": 4.0, "ratio": 0.8, "reach": 4}


# the game's computer players, declared once for the levels (engine/core/computer_players.py)
COMPUTER = ComputerPlayers(make_agent=make_agent, agents=AGENTS, evaluate=evaluate, easy_policy=easy_policy,
                           hard_policy=hard_policy, easy=EASY)
