"""Dragonbond's house rulings: where the text contradicts itself, the group
chooses (engine/core/rulings.py; docs/games/dragonbond.md names ours)."""
from __future__ import annotations

from engine.core.rulings import Reading, Ruling, define

TURN_COUNTER = define(Ruling(
    "dragonbond.turn_counter", "dragonbond", "dragonbond.txt § Turn Counter",
    "How many turns does a player have each round?",
    (Reading("one_plus_units", "1 + units on the battlefield + Epic (3 units and a mounted pair "
             "with Epic 1: 6 turns)",
             "Players start each round with a number of turns equal to 1 + their number of remaining "
             "units on the battlefield.", default=True),
     Reading("units_only", "units on the battlefield + Epic, no extra 1 (3 units and a mounted pair "
             "with Epic 1: 5 turns), as the Dragonriding example counts",
             "For example, an army has 3 units as well as the combined dragonrider unit; the total "
             "number of turns would be 4 plus the epic number on the dragon card."))))

CHANGES_BEYOND_DICE = define(Ruling(
    "dragonbond.changes_beyond_dice", "dragonbond", "dragonbond.txt § Upgrade X:",
    "A roll with more upgrades (or downgrades) than dice: what happens to the extra ones?",
    (Reading("start_over", "they start over on the same dice, weakest (strongest) first again: two "
             "upgrades on one white die make it black",
             "If an effect requires you to upgrade multiple dice for a single roll, always upgrade the "
             "weakest dice first.", default=True),
     Reading("each_die_once", "each die changes at most once; the rest are lost: two upgrades on one "
             "white die make it grey",
             "Change X of the dice for a given roll to dice of the next highest strength."))))

DICE_FACES = define(Ruling(
    "dragonbond.dice_faces", "dragonbond", "dragonbond.txt § Using Standard Dice",
    "Reading a standard die (the conversion table is lost): which numbers are the good faces?",
    (Reading("low_first", "1 is the first face: low rolls are good (a d10 for white: 1-3 success, 4 double, "
             "5 critical, 6-0 blank; data/dragonbond/dice.yaml)",
             "If you want to use standard dice to play the game, the table below shows what each result on "
             "a standard die corresponds to in the game's custom dice.", default=True),
     Reading("high_first", "the same faces counted from the top: 0 (10) is the first face, so high rolls are "
             "good (white: 0-8 success, 7 double, 6 critical, 5-1 blank); the odds do not change",
             "Unlike the ones that you may be familiar with, which have numbers on the faces, the game's dice "
             "have different symbols on their faces which correspond to different results."))))

RULINGS = [TURN_COUNTER, CHANGES_BEYOND_DICE, DICE_FACES]

# --- overrides (engine/core/overrides.py) ---------------------------------------------
# A unit's deeds in battle may be allowed against a refusal even when the
# rules offer none of that kind now (a power beyond its reach); setup,
# reactions and follow-ups only while offered.
OVERRIDE_ANY_TIME = ("move", "run", "disengage", "charge", "coordinated", "rest", "attack", "power", "mount",
                     "dismount")


def override_problem(state, action, refusal) -> str | None:
    """A unit's deed is overridden only in battle with nothing pending."""
    if action.kind in OVERRIDE_ANY_TIME and (state.phase != "battle" or state.pending):
        return ("A unit's action can be allowed only in battle with nothing waiting for an answer "
                "(dragonbond.txt § Turn Order).")
    return None
