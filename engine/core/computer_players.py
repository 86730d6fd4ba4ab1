"""A game's computer players, declared once (games/<id>/ai/players.py `COMPUTER`).

The difficulty levels (engine/core/search.py) are made from what a game
declares here: its normal player (`make_agent("normal", rules)`), what the
hard level's search needs (an evaluation, and optionally its own players
and shortcuts), and how the easy level slips.  Every hook has a default
meaning "this game has none", so search.py reads fields, never names:
a game without `evaluate` offers no hard level."""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.core.actions import Action


class Agent(Protocol):
    """A computer player: one of the legal actions of the player it seats.
    (Most also keep `last_reason`, their last choice in words, and a scoring
    agent may offer `ranked(state, legal, rng) -> [(score, action, why)]`;
    engine/core/search.py reads both where present.)  The state is Any: any
    game's."""
    def choose(self, state: Any, legal: list[Action], rng: random.Random) -> Action: ...


@dataclass(frozen=True)
class ComputerPlayers:
    make_agent: Callable[[str, Any], Agent]        # (name, rules) -> an agent; KeyError for an unknown name
    agents: tuple[str, ...]                         # the game's own agents by name, "normal" among them
    evaluate: Callable[[Any, int], float] | None = None                # (state, player) -> how good it is for player: the hard level
    evaluate_terms: Callable[[Any, int], dict[str, float]] | None = None          # (state, player) -> the evaluation's terms (bench, tests)
    easy: Mapping[str, Any] = field(default_factory=dict)      # the easy level's tuning (EasyAgent keywords)
    search: Mapping[str, Any] = field(default_factory=dict)    # the hard level's tuning (HardAgent keywords)
    easy_policy: Callable[[Any], Agent] | None = None            # rules -> the player easy slips from (else normal)
    hard_policy: Callable[[Any], Agent] | None = None            # rules -> the player hard searches around (else normal)
    rollout_policy: Callable[[Any], Agent] | None = None         # rules -> the quick player the futures are played by
    determinise: Callable[..., Any] | None = None             # (state, player, rng) -> a copy with hidden things drawn
    playout_options: Callable[..., list[Action]] | None = None        # the quick player's options in a future
    search_to_end: Callable[[Any], bool] | None = None           # state -> whether to look to the game's end from here
    turn_of: Callable[[Any], int] | None = None                 # state -> whose turn it is (when to_act is someone else's reply)
    plan_follows: Callable[..., bool] | None = None            # (state, previous, step) -> the step continues a hint's plan
