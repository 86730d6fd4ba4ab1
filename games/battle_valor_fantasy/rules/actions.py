"""Battle Valor Fantasy's actions, declared once
(engine/core/action_specs.py): every kind the rules take, its parameters
and their kinds.  `rules.check` checks an action against this before its
own checks read it; names (formations, orders, spells, edges) and
distances are left to the game's checks, which refuse them in the
rulebook's words.

Each kind names its applier (apply.py, character_actions.py,
reserve_actions.py), its words (describe.py and the same two) and its own
check: checks.problem checks what every kind shares first (the battle is
over, whose decision it is, a decision that waits) and answers BY_KIND;
the General's reroll is checked after the kind's own check for the
activations whose roll he may reroll (checks.with_reroll)."""
from __future__ import annotations

from engine.core.action_specs import BY_KIND, ActionSpec, Declared, Param
from games.battle_valor_fantasy.rules import apply, character_actions, checks, describe, reserve_actions

UID = Param("uid", "unit")
TARGET = Param("target", "unit")
GENERAL = Param("general", "int", optional=True, low=0, high=1)    # 1: the General's own move or reroll
FORMATION = Param("formation", "text", optional=True)
FILES = Param("files", "int", optional=True, low=1, high=99)
REROLL = Param("reroll", "int", optional=True, low=0, high=99)   # the General's reroll: the Successes wanted
MOVE = (Param("first", "number"), Param("angle", "number", optional=True), Param("then", "number", optional=True))

SPECS = {spec.kind: spec for spec in (
    ActionSpec("deploy", (UID, Param("x", "number"), Param("y", "number"), Param("facing", "number"), FORMATION,
                          FILES), "put a unit on the table",
               apply=apply.do_deploy, describe=describe.describe_deploy,
               check=checks._deploy),
    ActionSpec("withhold", (UID,), "hold a unit back in reserve",
               apply=apply.do_withhold, describe=describe.describe_withhold,
               check=checks._withhold),
    ActionSpec("reserve", (UID,), "list a unit as a reserve",
               apply=reserve_actions.do_reserve, describe=reserve_actions.describe_reserve,
               check=reserve_actions._reserve),
    ActionSpec("reserves_done", (), "the reserves are listed",
               apply=reserve_actions.do_reserves_done, describe=reserve_actions.describe_reserves_done,
               check=reserve_actions._reserves_done),
    ActionSpec("arrive", (UID, Param("edge", "text"), Param("at", "number"), FORMATION, FILES),
               "a reserve or flank marcher arrives",
               apply=reserve_actions.do_arrive, describe=reserve_actions.describe_arrive,
               check=reserve_actions._arrive),
    ActionSpec("orders", (Param("orders", "orders"),
                          Param("fate", "int", optional=True, low=-1),   # the unit under the Fate counter
                          Param("reroll_guard", "int", optional=True, low=0, high=1),
                          Param("reroll_runs", "int", optional=True, low=0, high=1)),
               "place the order counters face down",
               apply=apply.do_orders, describe=describe.describe_orders,
               check=checks._orders),
    ActionSpec("fate", (Param("order", "text"),), "Fate: the order the Fate counter becomes",
               apply=apply.do_fate, describe=describe.describe_fate,
               check=checks._fate),
    ActionSpec("fate_wait", (), "Fate: wait",
               apply=apply.do_fate_wait, describe=describe.describe_fate_wait,
               check=checks._fate_wait),
    ActionSpec("fate_move", (TARGET, Param("dx", "number"), Param("dy", "number", optional=True)),
               "Fate: move an enemy unit",
               apply=apply.do_fate_move, describe=describe.describe_fate_move,
               check=checks._fate_move),
    ActionSpec("hold", (UID,), "the unit holds",
               apply=apply.do_hold, describe=describe.describe_hold,
               check=checks._hold),
    ActionSpec("build", (UID,), "build a field work",
               apply=apply.do_build, describe=describe.describe_build,
               check=checks._build),
    ActionSpec("general_rally", (UID,), "the General rallies a unit",
               apply=apply.do_general_rally, describe=describe.describe_general_rally,
               check=checks._general_rally),
    ActionSpec("reform", (UID, FORMATION, FILES, Param("facing", "number"), GENERAL), "reform",
               apply=apply.do_reform, describe=describe.describe_reform,
               check=checks._reform),
    ActionSpec("advance", (UID, *MOVE, GENERAL), "advance",
               apply=apply.do_advance, describe=describe.describe_advance,
               check=checks._advance),
    ActionSpec("seer_advance", (UID, *MOVE), "the Seer's move",
               apply=character_actions.do_seer_advance, describe=character_actions.describe_seer_advance,
               check=character_actions._seer_advance),
    ActionSpec("charge", (UID, TARGET, REROLL, GENERAL), "charge",
               apply=apply.do_charge, describe=describe.describe_charge,
               check=checks.with_reroll(checks._charge)),
    ActionSpec("fire", (UID, TARGET, REROLL, GENERAL), "shoot",
               apply=apply.do_fire, describe=describe.describe_fire,
               check=checks.with_reroll(checks._fire)),
    ActionSpec("attack", (UID, TARGET, REROLL, GENERAL), "attack in combat",
               apply=apply.do_attack, describe=describe.describe_attack,
               check=checks.with_reroll(checks._attack)),
    ActionSpec("counter", (), "advanced combat: counter-charge",
               apply=apply.do_counter, describe=character_actions.describe_counter,
               check=checks._counter_or_receive),
    ActionSpec("receive", (), "advanced combat: receive the charge",
               apply=apply.do_receive, describe=character_actions.describe_receive,
               check=checks._counter_or_receive),
    ActionSpec("decline", (), "decline",
               apply=apply.do_decline, describe=describe.describe_decline,
               check=checks._decline),
    ActionSpec("allow", (), "allow",
               apply=apply.do_allow, describe=describe.describe_allow,
               check=checks._allow),
    ActionSpec("cast", (UID, Param("spell", "text"), Param("target", "unit", optional=True),
                        Param("order", "text", optional=True), Param("target2", "unit", optional=True),
                        Param("to", "numbers", optional=True), REROLL), "cast a spell",
               apply=apply.do_cast, describe=describe.describe_cast,
               check=checks.with_reroll(checks._cast)),
    ActionSpec("dispel", (Param("wizards", "units"),), "dispel with these wizards",
               apply=apply.do_dispel, describe=describe.describe_dispel,
               check=checks._dispel),
    ActionSpec("join", (UID, Param("to", "unit")), "a character joins a unit",
               apply=character_actions.do_join, describe=character_actions.describe_join,
               check=character_actions._join),
    ActionSpec("assassinate", (UID, TARGET, Param("victim", "text")), "the Assassin strikes",
               apply=character_actions.do_strike, describe=character_actions.describe_assassinate,
               check=character_actions._assassinate),
    ActionSpec("steal", (UID, TARGET, Param("victim", "text")), "the Thief steals",
               apply=character_actions.do_strike, describe=character_actions.describe_steal,
               check=character_actions._steal),
    ActionSpec("reveal", (UID,), "show a hidden character",
               apply=character_actions.do_reveal, describe=character_actions.describe_reveal,
               check=character_actions._reveal),
)}

DECLARED = Declared(SPECS, pieces=lambda state: state.units)


def problem(state, a):
    """The game's whole check of a well-formed action (checks.problem, then
    the kind's own check), without the declaration's shape check: for the
    listing (legal.py) and the previews, which check the game's own
    actions by the thousand."""
    why = checks.problem(state, a)
    return DECLARED.kind_check(state, a) if why is BY_KIND else why
