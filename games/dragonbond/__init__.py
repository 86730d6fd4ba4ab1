"""Dragonbond: Battles of Valerna (rules text: dragonbond.txt)."""
from games.dragonbond import game  # noqa: F401  (registers the game)
