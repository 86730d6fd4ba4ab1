"""The guided first game as a match option (docs/lessons.md).

A guided game is a game in progress like any other: autosaved, listed,
resumed.  Its save cannot carry a prepared position (saves.option_problem
refuses a `position`: a save never smuggles in a state), so it names the
installed guided game instead, `options["guided"] = "<game>/guided"`, and
`for_rules` gives the rules the position from that file when the match is
set up (Match.__init__).  The file is the app's own data, read bounded.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core.catalog import DataError, load_yaml, plain
from engine.core.limits import cut
from engine.core.rules import Setup

if TYPE_CHECKING:
    from engine.core.game import Game

ROOT = Path(__file__).resolve().parents[2]
KEY = "guided"
STEM = "guided"


def ident(game: str) -> str:
    """The option's value naming a game's guided first game."""
    return f"{game}/{STEM}"


def path_of(game: str) -> Path:
    return ROOT / "data" / game / "tutorials" / f"{STEM}.yaml"


def problem(rules: Game, value: object) -> str | None:
    """Why a save's `guided` option is refused, or None."""
    game = rules.game_id
    if value != ident(game):
        return f"guided: {cut(value)} is not this game's guided first game (it is {ident(game)!r})"
    if not path_of(game).is_file():
        return f"guided: {ident(game)} is not installed"
    return None


def position_of(game: str) -> dict[str, Any]:
    """The prepared position of a game's guided first game (DataError when broken)."""
    data = load_yaml(path_of(game))
    setup = data.get("setup") if isinstance(data, dict) else None
    position = setup.get("position") if isinstance(setup, dict) else None
    if not isinstance(position, dict):
        raise DataError([f"{path_of(game)}:1: setup.position: a guided game starts from a prepared position"])
    prepared: dict[str, Any] = plain(position)        # a mapping stays a mapping
    return prepared


def for_rules(setup: Setup) -> Setup:
    """The setup the rules set up from: a guided game's gains its position."""
    value = setup.options.get(KEY)
    if value is None:
        return setup
    game = setup.game
    if value != ident(game):
        raise ValueError(f"guided: {cut(value)} is not this game's guided first game")
    return replace(setup, options={**setup.options, "position": position_of(game)})
