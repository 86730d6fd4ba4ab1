"""Computer players.  An agent picks one of the legal actions of the player
it seats: `choose(state, legal, rng) -> Action`.  Games add their own
scoring agents in `games/<id>/ai/players.py`; the difficulty levels easy, normal
and hard are made from what they declare (`Game.computer()`,
engine/core/computer_players.py) by `engine/core/search.py`;
`make_agent(game, name, rules)` finds either by name."""
from __future__ import annotations

import random
from typing import Any

from engine.core import registry, search
from engine.core.actions import Action
from engine.core.computer_players import Agent
from engine.core.game import Game


class RandomAgent:
    """A random legal action: the fuzzing baseline.  Given the list, uniform
    over it; given None, the game's own sampler (`Game.sample_legal`, which
    need not list every action first), else uniform over its legal actions."""
    name = "random"

    def __init__(self, rules: Game | None = None) -> None:
        self.rules = rules
        self.samples = rules is not None          # play_out may leave the listing to it (legal=None)

    def choose(self, state: Any, legal: list[Action] | None, rng: random.Random) -> Action:
        if legal is None:
            assert self.rules is not None, "only a RandomAgent given the rules samples for itself"
            sampled = self.rules.sample_legal(state, rng)
            if sampled is not None:
                return sampled
            p = self.rules.to_act(state)
            legal = [a for a in self.rules.legal_actions(state) if a.player == p]
        return legal[rng.randrange(len(legal))]


def make_agent(game_id: str, name: str, rules: Game, batch: bool = False) -> Agent:
    """An agent by seat name: "random", a level ("easy", "normal", "hard")
    or one of the game's own agents (ComputerPlayers.agents).  `batch`:
    for simulate and judge, where a seed must give the same game anywhere
    (search.make_level)."""
    if name == "random":
        return RandomAgent(rules)
    computer = (rules if rules is not None else registry.get(game_id)).computer()
    if computer is None:
        raise KeyError(f"{game_id} has no computer players but the random one")
    if name in search.LEVELS:
        return search.make_level(computer, name, rules, batch)
    return computer.make_agent(name, rules)


def agent_names(game_id: str) -> list[str]:
    """Every computer seat name the game accepts, the default first: the
    levels it supports, its own agents by name, then the random player."""
    return level_names(game_id)[:-1] + _own_names(game_id) + ["random"]


def level_names(game_id: str) -> list[str]:
    """The seat names a launcher offers: the levels, then random."""
    computer = registry.get(game_id).computer()
    return (search.levels_of(computer) if computer else []) + ["random"]


def _own_names(game_id: str) -> list[str]:
    computer = registry.get(game_id).computer()
    return [n for n in (computer.agents if computer else ()) if n not in search.LEVELS and n != "random"]
