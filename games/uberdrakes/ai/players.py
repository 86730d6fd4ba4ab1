"""The UberDrakes computer players, declared once for the levels
(engine/core/computer_players.py): the named agents (the normal dragon:
games/uberdrakes/ai/normal.py; the strong one the hard level searches with:
games/uberdrakes/ai/strong.py), the easy level's slips, and the hint's plan."""
from __future__ import annotations

from engine.core.actions import Action
from engine.core.computer_players import ComputerPlayers
from games.uberdrakes.ai.normal import DrakeAgent
from games.uberdrakes.ai.strong import (SEARCH, StrongDrake, determinise, evaluate, evaluate_terms, hard_policy,
                                         playout_options, rollout_policy, turn_of)

AGENTS = ("drake", "strong")


def make_agent(name: str, rules):
    if name in ("drake", "ai", "default", "greedy", "normal"):
        return DrakeAgent(rules)
    if name == "strong":
        return StrongDrake(rules)
    raise KeyError(f"unknown UberDrakes agent {name!r}; known: {', '.join(AGENTS)}, random")


def plan_follows(state, previous: Action, step: Action) -> bool:
    """The hint's plan (engine/core/hint.py): a movement and the choices it
    lands on (the rider picked up, the portal taken, the village the
    delivered rider sends it to)."""
    return previous.kind in ("move", "spell", "item", "portal") and step.kind in (
        "pick_rider", "portal", "deliver_village", "skies_land")


# the easy level's slips (engine/core/search.py EasyAgent): half its decisions
# may take one of its next four ideas within 4 points or 80% of the best
# (docs/games/uberdrakes.md: measured against normal)
EASY = {"slip": 0.5, "spread": 4.0, "ratio": 0.8, "reach": 4}


# the game's computer players, declared once for the levels (engine/core/computer_players.py)
COMPUTER = ComputerPlayers(make_agent=make_agent, agents=AGENTS, evaluate=evaluate, evaluate_terms=evaluate_terms,
                           hard_policy=hard_policy, rollout_policy=rollout_policy, determinise=determinise,
                           playout_options=playout_options, turn_of=turn_of, plan_follows=plan_follows, easy=EASY,
                           search=SEARCH)
