"""Dice Wars: Heroes of Polyhedra (rules text: dice_wars.txt)."""
from games.dice_wars import rules  # noqa: F401  (registers the ruleset)
