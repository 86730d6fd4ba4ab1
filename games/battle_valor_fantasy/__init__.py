"""Battle Valor Fantasy (rules text: battle_valor_fantasy.txt): data, army building and rules."""
