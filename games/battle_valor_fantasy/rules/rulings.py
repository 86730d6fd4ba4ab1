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

SIDESTEP = define(Ruling(
    "battle_valor_fantasy.sidestep", "battle_valor_fantasy", "battle_valor_fantasy.txt § Charging Enemy Characters;",
    "Does a character's experience count toward the 2 Successes it needs to sidestep a charge?",
    (Reading("modified", "yes: a Veteran needs one Success of its two dice, an Elite none (it always sidesteps, and "
             "is caught only when the charge's full move still ends on it)",
             "Elite Character +2 Success, ignores the first 2 wounds caused against it", default=True),
     Reading("dice_only", "no: every character needs both dice to show a Success, whatever its experience",
             "Any character that is charged by an enemy unit is automatically destroyed unless it rolls 2 "
             "Successes on 2 Dice"))))

RULINGS = [VICTORY, SIDESTEP]

# --- overrides (engine/core/overrides.py) ---------------------------------------------
# A unit's deed in its own phase may be allowed against a refusal even when
# the rules offer none of that kind now (a charge at a unit out of reach);
# deployment, orders, Fate and answers to a spell only while offered.
PHASE_OF = {"charge": ("combat",), "attack": ("combat",), "fire": ("fire", "fire2"), "advance": ("advance",),
            "reform": ("reform",), "cast": ("spells",)}
OVERRIDE_ANY_TIME = tuple(PHASE_OF)


def override_problem(state, action, refusal) -> str | None:
    """A unit's deed is overridden only in its own phase with nothing waiting for an answer."""
    phases = PHASE_OF.get(action.kind)
    if phases is not None and (state.phase not in phases or state.pending):
        return (f"A {action.kind} can be allowed only in its own phase with nothing waiting for an answer "
                "(battle_valor_fantasy.txt § Turn Sequence;).")
    return None
