"""Values worked out from a game's catalog, kept on that catalog.

A game's catalog (games/<id>/rules/catalog.py) is the data read from
data/<id>/ (and the maps it names); the ruleset holds the shipped one and
each state carries the one its match was set up with (issue 37: the
catalog passed in, not a global).  Whatever the rules derive from that
data once (a board built from a map, a resolved card, a table of
distances) is cached on the catalog it came from, so a new catalog (the
live map viewer's reload, `check` on another data folder) starts with no
stale values and nothing needs clearing.

    @per_catalog
    def load_board(catalog, name): ...      # cached in catalog.memo per (function, arguments)

A catalog declares `memo: dict = field(default_factory=dict, compare=False, repr=False)`.
"""
from __future__ import annotations

from functools import wraps
from typing import Any, Callable, TypeVar, cast

R = TypeVar("R")


def per_catalog(fn: Callable[..., R]) -> Callable[..., R]:
    """`fn(catalog, *args)` computed once per catalog and arguments (the
    arguments must be hashable), kept in `catalog.memo`."""
    @wraps(fn)
    def cached(catalog: Any, *args: Any) -> R:
        memo = catalog.memo
        key = (fn, args)
        try:
            return cast(R, memo[key])      # the memo holds what fn returned for this key
        except KeyError:
            value = memo[key] = fn(catalog, *args)
            return value
    return cached
