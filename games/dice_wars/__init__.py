"""Dice Wars: Heroes of Polyhedra (rules text: dice_wars.txt)."""
from games.dice_wars import game  # noqa: F401  (registers the game)
