"""Dice Wars' actions, declared once (engine/core/action_specs.py): every
kind the rules take, its parameters and their kinds.  `rules.check` checks
an action against this before its own checks read it.

Each kind names its applier (apply.py) and its words (describe.py).  The
checks are not declared per kind: Dice Wars checks by phase first (the tile
draft, the faction draft, deployment, a guard's or an alliance's waiting
decision, then the command phase), and in the command phase the kinds share
the activation's checks (the unit is yours, on the board, may still act)
before the kind's own, which a guard response then checks again against
the guard (checks.py `problem`).  Splitting them by kind would copy that
prelude into each or reorder the refusals players read."""
from __future__ import annotations

from engine.core.action_specs import ActionSpec, Declared, Param
from games.dice_wars.rules import apply, describe, setup

UID = Param("uid", "unit")


def _cities(state):
    return state.catalog.cities


def _relics(state):
    return state.catalog.relics


SPECS = {spec.kind: spec for spec in (
    ActionSpec("place_tile", (Param("tile", "int", low=0, high=999), Param("slot", "int"),   # 0-8, said in the game's words
                              Param("turned", "bool")),
               "Challenge III: put a tile of your hand into the square of tiles",
               apply=apply.do_place_tile, describe=describe.describe_place_tile),
    ActionSpec("pick_faction", (Param("faction", "text", choices=lambda state: setup.FACTIONS),),
               "draft a faction",
               apply=apply.do_pick_faction, describe=describe.describe_pick_faction),
    ActionSpec("deploy", (UID, Param("to", "hex")), "place a unit in your deployment zone",
               apply=apply.do_deploy, describe=describe.describe_deploy),
    ActionSpec("auto_deploy", (), "place every unit not yet placed",
               apply=apply.do_auto_deploy, describe=describe.describe_auto_deploy),
    ActionSpec("end_deploy", (), "content with the deployment",
               apply=apply.do_end_deploy, describe=describe.describe_end_deploy),
    ActionSpec("move", (UID, Param("to", "hex")), "walk a unit",
               apply=apply.do_move, describe=describe.describe_move),
    ActionSpec("counterstrike", (), "take the guard's counterstrike",
               apply=apply.do_counterstrike, describe=describe.describe_counterstrike),
    ActionSpec("face", (UID, Param("facing", "facing")), "turn a unit",
               apply=apply.do_face, describe=describe.describe_face),
    ActionSpec("attack", (UID, Param("target", "unit")), "strike an enemy unit",
               apply=apply.do_attack, describe=describe.describe_attack),
    ActionSpec("skill", (UID, Param("target", "unit_or_hex", optional=True), Param("carry", "unit", optional=True)),
               "use a unit's skill",
               apply=apply.do_skill, describe=describe.describe_skill),
    ActionSpec("city_skill", (UID, Param("city", "text", choices=_cities),
                              Param("target", "unit_or_hex", optional=True)),
               "use a held city's skill",
               apply=apply.do_city_skill, describe=describe.describe_city_skill),
    ActionSpec("relic_skill", (UID, Param("relic", "text", choices=_relics),
                               Param("target", "unit_or_hex", optional=True), Param("carry", "unit", optional=True)),
               "use a relic's skill",
               apply=apply.do_relic_skill, describe=describe.describe_relic_skill),
    ActionSpec("relic_spell", (Param("relic", "text", choices=_relics), Param("target", "unit_or_hex", optional=True)),
               "cast a relic's spell",
               apply=apply.do_relic_spell, describe=describe.describe_relic_spell),
    ActionSpec("capture", (UID,), "capture the city a unit stands on",
               apply=apply.do_capture, describe=describe.describe_capture),
    ActionSpec("guard", (UID, Param("facing", "facing")), "set a unit on guard",
               apply=apply.do_guard, describe=describe.describe_guard),
    ActionSpec("search_ruins", (UID,), "Challenge IV: search the ruin a unit stands on",
               apply=apply.do_search_ruins, describe=describe.describe_search_ruins),
    ActionSpec("end_phase", (), "end your command phase",
               apply=apply.do_end_phase, describe=describe.describe_end_phase),
    ActionSpec("propose_alliance", (Param("to", "player"),), "propose an alliance",
               apply=apply.do_propose_alliance, describe=describe.describe_propose_alliance),
    ActionSpec("answer_alliance", (Param("accept", "bool"),), "accept or refuse an alliance",
               apply=apply.do_answer_alliance, describe=describe.describe_answer_alliance),
    ActionSpec("break_alliance", (Param("to", "player"),), "break an alliance",
               apply=apply.do_break_alliance, describe=describe.describe_break_alliance),
)}

DECLARED = Declared(SPECS, pieces=lambda state: state.units)
