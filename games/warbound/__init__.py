"""Warbound, Exploration format (rules text: warbound.txt)."""
from games.warbound import game  # noqa: F401  (registers the game)
