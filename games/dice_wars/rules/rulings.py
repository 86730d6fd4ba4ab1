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

ARROW_RAIN_FOREST = define(Ruling(
    "dice_wars.arrow_rain_forest", "dice_wars", "dice_wars.txt § Terrain",
    "May Doratheria's Arrow Rain fall on a unit in a forest?",
    (Reading("falls_anywhere", "yes: Arrow Rain is a city's skill aimed at hexes, not a shot or arc weapon "
             "attack, so the forest does not shelter the target (docs/games/dice_wars_cards.md)",
             "Players who capture Doratheria flood their enemies in a downpour of Arrow Rain. Doratheria "
             "and all held cities can deluge invaders outside city walls with volley upon volley of "
             "projectiles.", default=True),
     Reading("forest_shelters", "no: arrows falling from the sky are an arc attack, and a forest "
             "cannot be targeted by one",
             "Forest: Cannot be targeted by shot or arc attacks, and blocks unit targeting."))))

RULINGS = [LEY_LINES_DEFENDERS, ARROW_RAIN_FOREST]

# --- overrides (engine/core/overrides.py) ---------------------------------------------
# A unit's deeds in the command phase may be allowed against a refusal even
# when the rules offer none of that kind (an attack out of range when no
# target is in range); everything else only while the rules offer its kind.
OVERRIDE_ANY_TIME = ("move", "attack", "skill", "city_skill", "relic_skill", "capture", "guard", "face",
                     "search_ruins")


def override_problem(state, action, refusal) -> str | None:
    """A unit's deed is overridden only in a command phase with no guard or
    alliance waiting: nowhere else can the rules carry one out."""
    if action.kind in OVERRIDE_ANY_TIME and (state.phase != "command" or state.pending is not None):
        return ("A unit's action can be allowed only in a command phase with nothing waiting for an answer "
                "(dice_wars.txt § The Command Phase).")
    if action.kind == "place_tile":
        # laid over another tile or from another player's hand, a tile would leave a slot of the
        # square empty when the last is down: the map could not be built
        return ("The square has one slot for each tile: a tile can be laid only from your own hand into "
                "an empty slot (dice_wars.txt § Challenge III: Shuffling the Map).")
    return None
