"""The keys help (K or ?) speaks of the board the game has: a hex grid's
hexes, a free-measure table's spots (Battle Valor's said "click a
highlighted hex" on a table with no hexes)."""
from __future__ import annotations

from test_ui_support import deployed_match, screen_for

from engine.core.sessions import new_match


def _help_text(match) -> str:
    app, screen = screen_for(match)
    screen.open_help()
    return " ".join(p for p, _ in app.stack[-1].paragraphs)


def test_a_table_games_keys_speak_of_the_table_and_a_hex_games_of_hexes():
    table = _help_text(new_match("battle_valor_fantasy", seats=["human", "human"], seed=4))
    assert "highlighted spot on the table" in table and "hex" not in table
    assert "highlighted hex" in _help_text(deployed_match())
