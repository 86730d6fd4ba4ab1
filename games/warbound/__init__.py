"""Warbound, Exploration format (rules text: warbound.txt)."""
from games.warbound import rules  # noqa: F401  (registers the ruleset)
