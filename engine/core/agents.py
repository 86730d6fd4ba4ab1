"""Computer players.  An agent picks one of the legal actions of the player
it seats: `choose(state, legal, rng) -> Action`.  Games add their own
scoring agents in `games/<id>/ai.py`; the difficulty levels easy, normal
and hard are made from them by `engine/core/search.py`; `make_agent(game,
name)` finds either by name."""
from __future__ import annotations

import importlib
import random

from engine.core import search


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


def make_agent(game_id: str, name: str, rules, batch: bool = False):
    """An agent by seat name: "random", a level ("easy", "normal", "hard")
    or one of the game's own agents (`AGENTS` in its ai module).  `batch`:
    for simulate and judge, where a seed must give the same game anywhere
    (search.make_level)."""
    if name == "random":
        return RandomAgent(rules)
    mod = importlib.import_module(f"games.{game_id}.ai")
    if name in search.LEVELS:
        return search.make_level(mod, name, rules, batch)
    return mod.make_agent(name, rules)


def agent_names(game_id: str) -> list[str]:
    """Every computer seat name the game accepts, the default first: the
    levels it supports, its own agents by name, then the random player."""
    return level_names(game_id)[:-1] + _own_names(game_id) + ["random"]


def level_names(game_id: str) -> list[str]:
    """The seat names a launcher offers: the levels, then random."""
    try:
        mod = importlib.import_module(f"games.{game_id}.ai")
    except ImportError:
        return ["random"]
    return search.levels_of(mod) + ["random"]


def _own_names(game_id: str) -> list[str]:
    try:
        mod = importlib.import_module(f"games.{game_id}.ai")
    except ImportError:
        return []
    return [n for n in getattr(mod, "AGENTS", ()) if n not in search.LEVELS and n != "random"]
