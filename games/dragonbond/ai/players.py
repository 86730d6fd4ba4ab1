"""The Dragonbond computer players' hooks (engine/core/search.py): the
normal player (`greedy`, games/dragonbond/ai/normal.py), the hard level's
player (`strong`, games/dragonbond/ai/strong.py), `explain` and the search's
evaluation."""
from __future__ import annotations

from engine.core.computer_players import ComputerPlayers

from games.dragonbond.rules import space, stats
from games.dragonbond.ai.easy import EasyGreedy
from games.dragonbond.ai.normal import GreedyAgent
from games.dragonbond.rules.state import DBState
from games.dragonbond.ai.strong import StrongAgent

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


def evaluate(state: DBState, p: int) -> float:
    """The search hook (engine/core/search.py): how good the position is for
    p.  The result dominates; then points scored (Control and kills), the
    objectives p controls now (each scores at every round's end), and what
    is left of the armies, by points."""
    if state.phase == "over":
        if p not in state.winners:
            return -1000.0
        return 1000.0 if len(state.winners) == 1 else 0.0
    n = max(1, len(state.players) - 1)
    s = 0.0
    for q in state.players:
        s += (3.0 * q.score) * (1.0 if q.index == p else -1.0 / n)
    if state.options.get("mode", "control") == "control" and state.phase == "battle":
        for obj in space.objectives(state):
            c = space.controller(state, obj)
            if c is not None:
                s += 1.5 if c == p else -1.5 / n
    for u in state.units.values():
        if not u.alive or not u.models:
            continue
        c = stats.card(u)
        if c.kind == "huge":
            left = 1.0 - u.injuries / max(1, c.injuries)
        else:
            left = (len(u.models) * c.health - u.wounds) / max(1, c.models * c.health)
        v = c.points / 25.0 * max(0.0, left) - 0.05 * u.exhaustion
        s += v if u.owner == p else -v / n
    return s


# the easy level's slips (engine/core/search.py EasyAgent): half its decisions, among
# its next four ideas, any within 60% of the best idea's score (a weaker target, a power
# spent where it does little, another unit activated first)
EASY = {"slip": 0.7, "spread": 4.0, "ratio": 0.8, "reach": 4}


# the game's computer players, declared once for the levels (engine/core/computer_players.py)
COMPUTER = ComputerPlayers(make_agent=make_agent, agents=AGENTS, evaluate=evaluate, easy_policy=easy_policy,
                           hard_policy=hard_policy, easy=EASY)
