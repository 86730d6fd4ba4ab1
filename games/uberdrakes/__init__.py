"""UberDrakes (rules text: uberdrakes.txt)."""
from games.uberdrakes import rules  # noqa: F401  (registers the ruleset)
