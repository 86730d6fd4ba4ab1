"""The core every game and every screen stands on, headless: `Action`
values, the `Game` base class a game subclasses (game.py: start here),
`Match` (state, log, undo, autosave, load by replay), dice sources, exact
odds, save files, the YAML catalog with `file:line: field:` errors, the
game registry, computer-player agents and match sessions.  It imports only
the standard library and its own modules (plus pydantic and PyYAML); never
engine.hex, engine.table, engine.maps, engine.commands or engine.ui."""
