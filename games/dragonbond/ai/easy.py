"""The player the easy level slips from (engine/core/search.py EasyAgent,
issue 35): the normal player's ideas, slipped from as far as a novice
does (a weaker target, a power spent for little, another unit activated
first, a rest where a strike was due: Dragonbond's `EASY`), except where
the game is decided: in the last round, an idea that takes or holds an
objective (dragonbond.txt § Control scores it at that round's end) is seen
even by a novice, so no slip is offered away from it."""
from __future__ import annotations

from games.dragonbond.rules import turns
from games.dragonbond.ai.normal import GreedyAgent
from games.dragonbond.rules.state import DBState


class EasyGreedy(GreedyAgent):
    name = "easy greedy"

    def ranked(self, state: DBState, legal, rng) -> list:
        out = super().ranked(state, legal, rng)
        if out and state.round >= turns.ROUNDS and "objective" in out[0][2]:
            # no words, no slip (EasyAgent slips only to ideas with a reason)
            return out[:1] + [(sc, a, "") for sc, a, _ in out[1:]]
        return out
