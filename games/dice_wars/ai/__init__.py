"""Dice Wars' computer players (docs/games/dice_wars.md § Computer players):
they read games/dice_wars/rules/, never the screens."""
