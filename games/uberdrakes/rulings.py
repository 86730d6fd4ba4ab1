"""UberDrakes' house rulings: where the text contradicts itself, the group
chooses (engine/core/rulings.py; docs/games/uberdrakes.md names ours)."""
from __future__ import annotations

from engine.core.rulings import Reading, Ruling, define

CAMOUFLAGE = define(Ruling(
    "uberdrakes.camouflage_bonus", "uberdrakes", "uberdrakes.txt § Camouflage",
    "How much does attacking from Camouflage add to the battle?",
    (Reading("three", "+3, as the spell's own text says",
             "If you attack an opponent while camouflaged, you gain a +3 bonus in that battle and the "
             "effect ends.", default=True),
     Reading("two", "+2, as the spell's note in brackets says",
             "Doing so causes the spell's effect to end and gives you a +2 surprise attack bonus."))))

CAVE_COINS = define(Ruling(
    "uberdrakes.cave_coins", "uberdrakes", "uberdrakes.txt § Caves",
    "How many coins do the caves give the first time a dragon enters them each round?",
    (Reading("one_d6", "roll 1d6 coins, as the body text says",
             "You find 1d6 coins in the cave the first time you enter it each round.", default=True),
     Reading("three", "3 coins, no roll, as the space table says",
             "Cave Gain 3 coins."))))

RULINGS = [CAMOUFLAGE, CAVE_COINS]

# --- overrides (engine/core/overrides.py) ---------------------------------------------
# A dragon's turn actions may be allowed against a refusal even when the
# rules offer none of that kind now (an attack on a dragon the rules say is
# out of reach); setup, combat steps and decisions only while offered.
OVERRIDE_ANY_TIME = ("move", "spell", "item", "equip", "attack", "shoot", "buy", "sell", "exchange", "portal",
                     "deliver_village")


def override_problem(state, action, refusal) -> str | None:
    """Turn actions are overridden only during a turn with no battle or
    decision under way: nowhere else can the rules carry one out."""
    if action.kind in OVERRIDE_ANY_TIME and (state.phase not in ("play", "final") or state.combat is not None
                                             or state.pending is not None):
        return ("A turn action can be allowed only during a turn with no battle or decision under way "
                "(uberdrakes.txt § Turn Actions).")
    return None
