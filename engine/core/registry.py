"""The games Warbench knows, by id."""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.core.game import Game

GAME_MODULES = ("games.dice_wars", "games.uberdrakes", "games.dragonbond", "games.warbound",
                "games.battle_valor_fantasy")
_games: dict[str, Game] = {}


def register(ruleset: Game) -> None:
    _games[ruleset.game_id] = ruleset


def load_all() -> None:
    for mod in GAME_MODULES:
        importlib.import_module(mod)


def get(game_id: str) -> Game:
    load_all()
    if game_id not in _games:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(sorted(_games))}")
    return _games[game_id]


def all_games() -> list[Game]:
    load_all()
    return [_games[k] for k in sorted(_games)]
