"""Calls that go up a game's rule layers, bound when the rules load.

A game's rules are layered (the table and the unit at the bottom, the
turn sequence on top).  Where a lower layer must call a higher one (a
combat ends and the turn's job queue runs on; a casualty step asks whether
the turn is over), importing upwards would make an import cycle.  Instead
the higher module registers the function with `@late.provides` and the
lower one calls it by name: `late.call("run_jobs", state, events, dice)`.
Each game keeps its own `LateCalls` (names never clash across games)."""
from __future__ import annotations

from typing import Callable


class LateCalls:
    def __init__(self, game: str):
        self.game = game
        self._provided: dict[str, Callable] = {}

    def provides(self, fn: Callable) -> Callable:
        self._provided[fn.__name__] = fn
        return fn

    def call(self, name: str, *args, **kwargs):
        fn = self._provided.get(name)
        if fn is None:
            raise LookupError(f"{self.game}: no module provides {name!r} (is the ruleset loaded?)")
        return fn(*args, **kwargs)
