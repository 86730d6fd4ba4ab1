"""Dice Wars' house rulings: where the text is ambiguous, the group chooses
(engine/core/rulings.py; docs/games/dice_wars.md names ours)."""
from __future__ import annotations

from engine.core.rulings import Reading, Ruling, define

LEY_LINES_DEFENDERS = define(Ruling(
    "dice_wars.ley_lines_defenders", "dice_wars", "dice_wars.txt § Terrain",
    "Do Ley Lines add +3 to the defender's magic roll too?",
    (Reading("both", "every magic roll made by a unit standing on Ley Lines gets +3, attacking "
             "or defending (both sides roll a d20)",
             "Ley Lines: Grants +3 to magic rolls.", default=True),
     Reading("attacker_only", "only the unit making the magic attack gets +3 from its Ley Lines; "
             "the target's d20 gets nothing from the hex it stands on",
             "Magic rolls can still be affected by bonuses, like those from Ley Lines or from the "
             "Acolyte's Studious trait."))))

RULINGS = [LEY_LINES_DEFENDERS]
