"""Dragonbond: Battles of Valerna (rules text: dragonbond.txt)."""
from games.dragonbond import rules  # noqa: F401  (registers the ruleset)
