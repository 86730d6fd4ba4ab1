"""Dice Wars' headless rules: the state, the catalog, the declared actions,
their checks, appliers and words, the command phase's flow, and the rules'
topics (movement, targeting, combat, skills, cities, victory, setup).
Never imports games/dice_wars/ai/ or games/dice_wars/ui/ (nor pygame)."""
