"""Battle Valor Fantasy's actions, declared once
(engine/core/action_specs.py): every kind the rules take, its parameters
and their kinds.  `rules.check` checks an action against this before its
own checks read it; names (formations, orders, spells, edges) and
distances are left to the game's checks, which refuse them in the
rulebook's words."""
from __future__ import annotations

from engine.core.action_specs import ActionSpec, Declared, Param

UID = Param("uid", "unit")
TARGET = Param("target", "unit")
GENERAL = Param("general", "int", optional=True, low=0, high=1)    # 1: the General's own move or reroll
FORMATION = Param("formation", "text", optional=True)
FILES = Param("files", "int", optional=True, low=1, high=99)
REROLL = Param("reroll", "int", optional=True, low=0, high=99)   # the General's reroll: the Successes wanted
MOVE = (Param("first", "number"), Param("angle", "number", optional=True), Param("then", "number", optional=True))

SPECS = {spec.kind: spec for spec in (
    ActionSpec("deploy", (UID, Param("x", "number"), Param("y", "number"), Param("facing", "number"), FORMATION,
                          FILES), "put a unit on the table"),
    ActionSpec("withhold", (UID,), "hold a unit back in reserve"),
    ActionSpec("reserve", (UID,), "list a unit as a reserve"),
    ActionSpec("reserves_done", (), "the reserves are listed"),
    ActionSpec("arrive", (UID, Param("edge", "text"), Param("at", "number"), FORMATION, FILES),
               "a reserve or flank marcher arrives"),
    ActionSpec("orders", (Param("orders", "orders"),
                          Param("fate", "int", optional=True, low=-1),   # the unit under the Fate counter
                          Param("reroll_guard", "int", optional=True, low=0, high=1),
                          Param("reroll_runs", "int", optional=True, low=0, high=1)),
               "place the order counters face down"),
    ActionSpec("fate", (Param("order", "text"),), "Fate: the order the Fate counter becomes"),
    ActionSpec("fate_wait", (), "Fate: wait"),
    ActionSpec("fate_move", (TARGET, Param("dx", "number"), Param("dy", "number", optional=True)),
               "Fate: move an enemy unit"),
    ActionSpec("hold", (UID,), "the unit holds"),
    ActionSpec("build", (UID,), "build a field work"),
    ActionSpec("general_rally", (UID,), "the General rallies a unit"),
    ActionSpec("reform", (UID, FORMATION, FILES, Param("facing", "number"), GENERAL), "reform"),
    ActionSpec("advance", (UID, *MOVE, GENERAL), "advance"),
    ActionSpec("seer_advance", (UID, *MOVE), "the Seer's move"),
    ActionSpec("charge", (UID, TARGET, REROLL, GENERAL), "charge"),
    ActionSpec("fire", (UID, TARGET, REROLL, GENERAL), "shoot"),
    ActionSpec("attack", (UID, TARGET, REROLL, GENERAL), "attack in combat"),
    ActionSpec("counter", (), "advanced combat: counter-charge"),
    ActionSpec("receive", (), "advanced combat: receive the charge"),
    ActionSpec("decline", (), "decline"),
    ActionSpec("allow", (), "allow"),
    ActionSpec("cast", (UID, Param("spell", "text"), Param("target", "unit", optional=True),
                        Param("order", "text", optional=True), Param("target2", "unit", optional=True),
                        Param("to", "numbers", optional=True), REROLL), "cast a spell"),
    ActionSpec("dispel", (Param("wizards", "units"),), "dispel with these wizards"),
    ActionSpec("join", (UID, Param("to", "unit")), "a character joins a unit"),
    ActionSpec("assassinate", (UID, TARGET, Param("victim", "text")), "the Assassin strikes"),
    ActionSpec("steal", (UID, TARGET, Param("victim", "text")), "the Thief steals"),
    ActionSpec("reveal", (UID,), "show a hidden character"),
)}

DECLARED = Declared(SPECS, pieces=lambda state: state.units)
