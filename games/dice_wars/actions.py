"""Dice Wars' actions, declared once (engine/core/action_specs.py): every
kind the rules take, its parameters and their kinds.  `rules.check` checks
an action against this before its own checks read it."""
from __future__ import annotations

from engine.core.action_specs import ActionSpec, Declared, Param
from games.dice_wars import setup, stats

UID = Param("uid", "unit")


def _cities(state):
    return stats.cat().cities


def _relics(state):
    return stats.cat().relics


SPECS = {spec.kind: spec for spec in (
    ActionSpec("place_tile", (Param("tile", "int", low=0, high=999), Param("slot", "int"),   # 0-8, said in the game's words
                              Param("turned", "bool")),
               "Challenge III: put a tile of your hand into the square of tiles"),
    ActionSpec("pick_faction", (Param("faction", "text", choices=lambda state: setup.FACTIONS),),
               "draft a faction"),
    ActionSpec("deploy", (UID, Param("to", "hex")), "place a unit in your deployment zone"),
    ActionSpec("auto_deploy", (), "place every unit not yet placed"),
    ActionSpec("end_deploy", (), "content with the deployment"),
    ActionSpec("move", (UID, Param("to", "hex")), "walk a unit"),
    ActionSpec("counterstrike", (), "take the guard's counterstrike"),
    ActionSpec("face", (UID, Param("facing", "facing")), "turn a unit"),
    ActionSpec("attack", (UID, Param("target", "unit")), "strike an enemy unit"),
    ActionSpec("skill", (UID, Param("target", "unit_or_hex", optional=True), Param("carry", "unit", optional=True)),
               "use a unit's skill"),
    ActionSpec("city_skill", (UID, Param("city", "text", choices=_cities),
                              Param("target", "unit_or_hex", optional=True)),
               "use a held city's skill"),
    ActionSpec("relic_skill", (UID, Param("relic", "text", choices=_relics),
                               Param("target", "unit_or_hex", optional=True), Param("carry", "unit", optional=True)),
               "use a relic's skill"),
    ActionSpec("relic_spell", (Param("relic", "text", choices=_relics), Param("target", "unit_or_hex", optional=True)),
               "cast a relic's spell"),
    ActionSpec("capture", (UID,), "capture the city a unit stands on"),
    ActionSpec("guard", (UID, Param("facing", "facing")), "set a unit on guard"),
    ActionSpec("search_ruins", (UID,), "Challenge IV: search the ruin a unit stands on"),
    ActionSpec("end_phase", (), "end your command phase"),
    ActionSpec("propose_alliance", (Param("to", "player"),), "propose an alliance"),
    ActionSpec("answer_alliance", (Param("accept", "bool"),), "accept or refuse an alliance"),
    ActionSpec("break_alliance", (Param("to", "player"),), "break an alliance"),
)}

DECLARED = Declared(SPECS, pieces=lambda state: state.units)
