"""Battle Valor Fantasy's house rulings: where the text leaves a question
open, the group chooses (engine/core/rulings.py; docs/games/
battle_valor_fantasy.md names ours)."""
from __future__ import annotations

from engine.core.rulings import Reading, Ruling, define

VICTORY = define(Ruling(
    "battle_valor_fantasy.victory", "battle_valor_fantasy", "battle_valor_fantasy.txt § Standard Bearers;",
    "What counts toward victory at the end of the last turn?",
    (Reading("standards_count", "the points of enemy units destroyed (half for those broken), the "
             "objectives held, and each side's standards: +25 for each still carried, -25 for each lost",
             "Standards give you a bonus in combat resolution as well as counting towards victory both "
             "positively and negatively.", default=True),
     Reading("points_only", "only the points of enemy units destroyed (half for those broken) and the "
             "objectives held; standards matter in combat resolution alone",
             "Points are useful if you want to play a balanced game and use set Victory conditions, or if "
             "you are taking part in a Tournament."))))

RULINGS = [VICTORY]
