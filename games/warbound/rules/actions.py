"""Warbound's actions, declared once (engine/core/action_specs.py): every
kind the rules take, its parameters and their kinds.  `game.check` checks
an action against this before its own checks read it; names (Action
spaces, skills, colours) are left to the game's checks, which refuse them
in the rulebook's words.

Each kind names its applier (apply.py), its words (describe.py) and its own
check.  Warbound checks by phase first (checks.py `phase_check`: whose decision
it is, an exchange, the decision the queue waits for, deployment, the
activation under way) and answers BY_KIND when the phase takes the kind;
the steps of an activation share one check (activation.step_problem), and
the Hand-or-Hourglass decision needs none beyond being asked."""
from __future__ import annotations

from engine.core.action_specs import ActionSpec, Declared, Param
from games.warbound.rules import activation, apply, cleanup, describe, flow, initiative, leader

UID = Param("uid", "unit")
TO = Param("to", "hex")
TO2 = Param("to2", "hex", optional=True)           # a Formation's second miniature

SPECS = {spec.kind: spec for spec in (
    ActionSpec("deploy", (UID, TO, TO2), "put a Character's miniatures on your deployment tiles",
               apply=apply.do_deploy, describe=describe.describe_deploy, check=flow.deploy_problem),
    ActionSpec("exchange", (Param("give", "names"), Param("get", "text")), "two Order tokens for one",
               apply=apply.do_exchange, describe=describe.describe_exchange, check=leader.check_exchange),
    ActionSpec("leader_skill", (Param("target", "unit"),), "the Leader's skill at the Leader Phase",
               apply=apply.do_leader_skill, describe=describe.describe_leader_skill, check=leader.check_skill),
    ActionSpec("hourglass", (Param("space", "text"),), "place the Hourglass on an Action",
               apply=apply.do_hourglass, describe=describe.describe_hourglass, check=initiative.check_place),
    ActionSpec("initiative", (Param("take", "bool"),), "exchange the Hourglass for the Hand, or not",
               apply=apply.do_initiative, describe=describe.describe_initiative),
    ActionSpec("keep_token", (Param("color", "text", optional=True),), "the Order token kept at Cleanup",
               apply=apply.do_keep_token, describe=describe.describe_keep_token, check=cleanup.check_keep),
    ActionSpec("pass", (), "activate no more this turn",
               apply=apply.do_pass, describe=describe.describe_pass),
    ActionSpec("activate", (UID, Param("space", "text"), Param("pay", "names", optional=True)),
               "activate a Character on an Action, paying its cost",
               apply=apply.do_activate, describe=describe.describe_activate, check=activation.activate_problem),
    ActionSpec("move", (TO, TO2), "move the active Character",
               apply=apply.do_move, describe=describe.describe_move, check=activation.step_problem),
    ActionSpec("shoot", (Param("target", "unit"),), "shoot an enemy Character",
               apply=apply.do_shoot, describe=describe.describe_shoot, check=activation.step_problem),
    ActionSpec("fight", (Param("target", "unit"),), "fight an adjacent enemy",
               apply=apply.do_fight, describe=describe.describe_fight, check=activation.step_problem),
    ActionSpec("skill", (Param("skill", "text"), Param("target", "unit", optional=True),
                         Param("to", "hex", optional=True), TO2), "use a skill",
               apply=apply.do_skill, describe=describe.describe_skill, check=activation.step_problem),
    ActionSpec("end_activation", (), "end the activation",
               apply=apply.do_end_activation, describe=describe.describe_end_activation, check=activation.step_problem),
)}

DECLARED = Declared(SPECS, pieces=lambda state: state.chars)
