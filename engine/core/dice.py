"""Dice sources.  Rules never touch `random`: they ask one of these.

SeededDice reproduces a match from its seed; ScriptedDice forces results
(tests, tutorials, the `script` command, and replaying a save's recorded
rolls).  Every source records the results it gave, so a save can store them
and `rolled` tells the Match an action crossed a chance boundary (undo stops
there).
"""
from __future__ import annotations

import random
from typing import Any, TypeVar

T = TypeVar("T")
# What getstate gives and setstate takes: each kind of dice's own snapshot
# (None, or a tuple of its generator's state and counts), read back only by
# the same dice.
DiceState = Any


class DiceExhausted(Exception):
    pass


class Dice:
    def __init__(self) -> None:
        self.history: list[int] = []

    def _one(self, sides: int) -> int:
        raise NotImplementedError

    def roll(self, sides: int, n: int = 1) -> list[int]:
        out = [self._one(sides) for _ in range(n)]
        self.history.extend(out)
        return out

    def choice_index(self, n: int) -> int:
        """A uniformly random index in range(n) (shuffles, draws): one die of n sides."""
        return self.roll(n)[0] - 1

    def shuffle(self, items: list[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.choice_index(i + 1)
            items[i], items[j] = items[j], items[i]

    @property
    def rolled(self) -> int:
        return len(self.history)

    def getstate(self) -> DiceState:
        return None

    def setstate(self, s: DiceState) -> None:
        pass


class SeededDice(Dice):
    def __init__(self, seed: int) -> None:
        super().__init__()
        self.rng = random.Random(seed)

    def _one(self, sides: int) -> int:
        return self.rng.randint(1, sides)

    def getstate(self) -> DiceState:
        return (self.rng.getstate(), len(self.history))

    def setstate(self, s: DiceState) -> None:
        self.rng.setstate(s[0])
        del self.history[s[1]:]


class HighestDice(Dice):
    """Every die shows its highest face: what a preview assumes of a roll
    it cannot know (for Dragonbond's dice, a blank), so a simulated roll
    never decides anything."""

    def _one(self, sides: int) -> int:
        return sides


class ScriptedDice(Dice):
    """Gives the forced results in order; after them, falls back to a seed
    (or raises DiceExhausted when strict)."""

    def __init__(self, forced: list[int], seed: int = 0, strict: bool = False) -> None:
        super().__init__()
        self.forced = list(forced)
        self.pos = 0
        self.strict = strict
        self.rng = random.Random(seed)

    def _one(self, sides: int) -> int:
        if self.pos < len(self.forced):
            v = self.forced[self.pos]
            self.pos += 1
            if not 1 <= v <= sides:
                raise DiceExhausted(f"forced die {self.pos} is {v}, but a d{sides} is being rolled")
            return v
        if self.strict:
            raise DiceExhausted(f"the script forced {len(self.forced)} dice, but more were rolled (a d{sides})")
        return self.rng.randint(1, sides)

    def getstate(self) -> DiceState:
        return (self.pos, self.rng.getstate(), len(self.history))

    def setstate(self, s: DiceState) -> None:
        self.pos = s[0]
        self.rng.setstate(s[1])
        del self.history[s[2]:]
