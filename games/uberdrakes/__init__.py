"""UberDrakes (rules text: uberdrakes.txt)."""
from games.uberdrakes import game  # noqa: F401  (registers the game)
