"""Starting a match: the setup from a game's defaults, and where its
autosave lives.  Headless: the launcher, the command line and tests share it."""
from __future__ import annotations

from pathlib import Path


def autosave_path(game: str) -> Path:
    from engine.core.saves import default_dir
    return default_dir() / f"autosave-{game}.json"


def new_match(game: str, players: int | None = None, seats=None, seed: int | None = None,
              scenario: str | None = None, options: dict | None = None):
    """Build and start a Match with an autosave (used by the launcher and run_app)."""
    import random

    from engine.core import registry
    from engine.core.match import Match
    from engine.core.rules import Setup

    rules = registry.get(game)
    if seats:
        players = len(seats)
    players = players or rules.min_players
    seats = tuple(seats) if seats else tuple("human" for _ in range(players))
    if scenario is None:
        scen = rules.scenarios() if hasattr(rules, "scenarios") else []
        scenario = scen[0] if scen else ""
    opts = {o.key: o.default for o in (rules.options() if hasattr(rules, "options") else [])}
    opts.update(options or {})
    if seed is None:
        seed = random.randrange(1, 1_000_000)
    setup = Setup(game=game, players=players, seed=seed, scenario=scenario, seats=seats, options=opts)
    match = Match(setup, autosave_path=autosave_path(game))
    match.autosave()
    return match
