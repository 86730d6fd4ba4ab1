"""Computer players.  An agent picks one of the legal actions of the player
it seats: `choose(state, legal, rng) -> Action`.  Games add their own
scoring agents; `make_agent(game, name)` finds them."""
from __future__ import annotations

import importlib
import random


class RandomAgent:
    """A random legal action: the fuzzing baseline.  Given the list, uniform
    over it; given None, the ruleset's own sampler (`sample_legal`, which
    need not list every action first) if it has one."""
    name = "random"

    def __init__(self, rules=None):
        self.rules = rules
        self.samples = rules is not None and hasattr(rules, "sample_legal")

    def choose(self, state, legal, rng: random.Random):
        if legal is None:
            return self.rules.sample_legal(state, rng)
        return legal[rng.randrange(len(legal))]


def make_agent(game_id: str, name: str, rules):
    if name == "random":
        return RandomAgent(rules)
    mod = importlib.import_module(f"games.{game_id}.ai")
    return mod.make_agent(name, rules)


def agent_names(game_id: str) -> list[str]:
    try:
        mod = importlib.import_module(f"games.{game_id}.ai")
        return list(mod.AGENTS) + ["random"]
    except ImportError:
        return ["random"]
