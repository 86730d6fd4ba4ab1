"""Battle Valor Fantasy (rules text: battle_valor_fantasy.txt)."""
from games.battle_valor_fantasy import game  # noqa: F401  (registers the ruleset)
