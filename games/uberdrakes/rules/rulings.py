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

MULLIGAN = define(Ruling(
    "uberdrakes.mulligan", "uberdrakes", "uberdrakes.txt § Starting the First Round",
    "How many cards does a player hold after a mulligan?",
    (Reading("three_cards", "three: the two cards go to the bottom of the deck, the player looks at the top "
             "two, keeps one and puts the other back on top (the mulligan trades a card for a choice)",
             "each player can choose to take a Mulligan by exchanging any two of their Movement cards to look "
             "at the top two cards of the deck, take one, and put the other back on top.", default=True),
     Reading("four_cards", "four: an exchange gives two cards for two, so after keeping one of the two "
             "looked at and putting the other back on top, the player also draws the card beneath it",
             "exchanging any two of their Movement cards"))))

ZOC_PASSING = define(Ruling(
    "uberdrakes.zoc_passing", "uberdrakes", "uberdrakes.txt § Zones of Control",
    "Does moving past an opponent (through their zone of control, not stopping) start combat?",
    (Reading("stopping_only", "no: combat begins only where a movement ends, in an opponent's zone of "
             "control; a dragon may fly past",
             "Whenever you stop on a space in an opponent's zone of control, or if an opponent stops in yours, "
             "you must engage in combat with them", default=True),
     Reading("passing_starts", "yes: a dragon moving onto a space next to an opponent stops there and the "
             "combat begins (unless it flies with Take to the Skies)",
             "Combat automatically begins when the active player moves onto a space next to an opponent, "
             "unless that player is Roosted."))))

RULINGS = [CAMOUFLAGE, CAVE_COINS, MULLIGAN, ZOC_PASSING]

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
