"""Warbound's actions, declared once (engine/core/action_specs.py): every
kind the rules take, its parameters and their kinds.  `rules.check` checks
an action against this before its own checks read it; names (Action
spaces, skills, colours) are left to the game's checks, which refuse them
in the rulebook's words."""
from __future__ import annotations

from engine.core.action_specs import ActionSpec, Declared, Param

UID = Param("uid", "unit")
TO = Param("to", "hex")
TO2 = Param("to2", "hex", optional=True)           # a Formation's second miniature

SPECS = {spec.kind: spec for spec in (
    ActionSpec("deploy", (UID, TO, TO2), "put a Character's miniatures on your deployment tiles"),
    ActionSpec("exchange", (Param("give", "names"), Param("get", "text")), "two Order tokens for one"),
    ActionSpec("leader_skill", (Param("target", "unit"),), "the Leader's skill at the Leader Phase"),
    ActionSpec("hourglass", (Param("space", "text"),), "place the Hourglass on an Action"),
    ActionSpec("initiative", (Param("take", "bool"),), "exchange the Hourglass for the Hand, or not"),
    ActionSpec("keep_token", (Param("color", "text", optional=True),), "the Order token kept at Cleanup"),
    ActionSpec("pass", (), "activate no more this turn"),
    ActionSpec("activate", (UID, Param("space", "text"), Param("pay", "names", optional=True)),
               "activate a Character on an Action, paying its cost"),
    ActionSpec("move", (TO, TO2), "move the active Character"),
    ActionSpec("shoot", (Param("target", "unit"),), "shoot an enemy Character"),
    ActionSpec("fight", (Param("target", "unit"),), "fight an adjacent enemy"),
    ActionSpec("skill", (Param("skill", "text"), Param("target", "unit", optional=True),
                         Param("to", "hex", optional=True), TO2), "use a skill"),
    ActionSpec("end_activation", (), "end the activation"),
)}

DECLARED = Declared(SPECS, pieces=lambda state: state.chars)
