"""Dragonbond's actions, declared once (engine/core/action_specs.py): every
kind the rules take, its parameters and their kinds.  `rules.check` checks
an action against this before its own checks read it; names (weapons,
powers, edges) and distances are left to the game's checks, which refuse
them in the rulebook's words."""
from __future__ import annotations

from engine.core.action_specs import ActionSpec, Declared, Param

UID = Param("uid", "unit")
TARGET = Param("target", "unit")
WEAPON = Param("weapon", "text")
MODELS_TO = Param("to", "points")          # where each of the unit's models ends, in order

SPECS = {spec.kind: spec for spec in (
    ActionSpec("declare_bond", (Param("dragon", "unit", optional=True), Param("mounted", "bool")),
               "bond your Dragon Lord with a dragon, mounted or apart"),
    ActionSpec("choose_edge", (Param("edge", "text"), Param("first", "bool")), "choose a table edge"),
    ActionSpec("deploy", (UID, MODELS_TO), "deploy a unit"),
    ActionSpec("activate", (UID,), "activate a unit"),
    ActionSpec("move", (UID, MODELS_TO), "move"),
    ActionSpec("run", (UID, MODELS_TO), "run: a second move"),
    ActionSpec("disengage", (UID, MODELS_TO), "leave a fight"),
    ActionSpec("attack", (UID, TARGET, WEAPON), "attack with a weapon"),
    ActionSpec("charge", (UID, TARGET, WEAPON), "charge an enemy"),
    ActionSpec("charge_attack", (UID,), "strike with the charge"),
    ActionSpec("power", (UID, Param("power", "text"), Param("target", "unit", optional=True)), "use a power"),
    ActionSpec("rest", (UID,), "rest"),
    ActionSpec("wait", (UID,), "hold the activation"),
    ActionSpec("coordinated", (UID, Param("second", "unit")), "a coordinated activation"),
    ActionSpec("mount", (UID,), "mount the bonded dragon"),
    ActionSpec("dismount", (UID, Param("to", "point", optional=True)), "dismount beside the dragon"),
    ActionSpec("opportunity_attack", (UID, TARGET, WEAPON), "strike an enemy leaving the fight"),
    ActionSpec("use_reaction", (UID, Param("power", "text")), "react with a power"),
    ActionSpec("decline", (UID,), "no reaction"),
    ActionSpec("remove_models", (UID, Param("models", "ints")), "choose the casualties"),
    ActionSpec("follow_up", (UID, Param("to", "points", optional=True)), "pile in or consolidate"),
    ActionSpec("skip_follow_up", (UID,), "stay where you are"),
    ActionSpec("end_turn", (), "end the turn"),
    ActionSpec("pass_round", (), "pass for the round"),
)}

DECLARED = Declared(SPECS, pieces=lambda state: state.units)
