"""`main.py view MAP`: a Tiled map in the map viewer, live.  The viewer
(engine/ui/scenes/map_viewer.py) redraws within a second of every save,
keeping the camera, and shows a broken save's `file:line:` message over
the last good drawing.  The game is the one named by `--game` or by the
map's folder (assets/maps/<game>/)."""
from __future__ import annotations

import sys
from pathlib import Path

from engine.core import registry


def game_of(path: Path, game: str | None) -> str:
    if game:
        registry.get(game)                    # an unknown id fails in words
        return game
    known = {r.game_id for r in registry.all_games()}
    for part in reversed(path.resolve().parts[:-1]):
        if part in known:
            return part
    raise ValueError(f"{path}: which game is this map for? Say --game ({', '.join(sorted(known))})")


def view_cmd(args) -> int:
    path = Path(args.map)
    if not path.exists():
        print(f"{path}:0: no such file", file=sys.stderr)
        return 2
    if path.suffix not in (".tmx", ".tmj"):
        print(f"{path}:0: not a Tiled map (.tmx or .tmj)", file=sys.stderr)
        return 2
    game = game_of(path, args.game)
    rules = registry.get(game)
    from engine.core.match import Match
    from engine.core.rules import Setup
    players = rules.min_players
    match = Match(Setup(game, players, 1, str(path), ("human",) * players, {}))   # a broken map fails here, in words
    from engine.ui.app import App
    app = App()
    app.open("map_viewer", match, watch=path)
    app.run()
    return 0

