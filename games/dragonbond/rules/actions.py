"""Dragonbond's actions, declared once (engine/core/action_specs.py): every
kind the rules take, its parameters and their kinds.  `game.check` checks
an action against this before its own checks read it; names (weapons,
powers, edges) and distances are left to the game's checks, which refuse
them in the rulebook's words.

Each kind names its applier (apply.py) and its words (describe.py).  The
checks are not declared per kind: Dragonbond checks by phase and decision
first (a waiting decision takes any of its kinds, then bonding, edges,
deployment, then the activated unit's turn), and most kinds are checked by
what they share there (checks.py `problem`, `_pending`, `_special`)."""
from __future__ import annotations

from engine.core.action_specs import ActionSpec, Declared, Param
from games.dragonbond.rules import apply, describe

UID = Param("uid", "unit")
TARGET = Param("target", "unit")
WEAPON = Param("weapon", "text")
MODELS_TO = Param("to", "points")          # where each of the unit's models ends, in order

SPECS = {spec.kind: spec for spec in (
    ActionSpec("declare_bond", (Param("dragon", "unit", optional=True), Param("mounted", "bool")),
               "bond your Dragon Lord with a dragon, mounted or apart",
               apply=apply.do_declare_bond, describe=describe.describe_declare_bond),
    ActionSpec("choose_edge", (Param("edge", "text"), Param("first", "bool")), "choose a table edge",
               apply=apply.do_choose_edge, describe=describe.describe_choose_edge),
    ActionSpec("deploy", (UID, MODELS_TO), "deploy a unit",
               apply=apply.do_deploy, describe=describe.describe_deploy),
    ActionSpec("activate", (UID,), "activate a unit",
               apply=apply.do_activate, describe=describe.describe_activate),
    ActionSpec("move", (UID, MODELS_TO), "move",
               apply=apply.do_move, describe=describe.describe_a_move),
    ActionSpec("run", (UID, MODELS_TO), "run: a second move",
               apply=apply.do_run, describe=describe.describe_a_move),
    ActionSpec("disengage", (UID, MODELS_TO), "leave a fight",
               apply=apply.do_disengage, describe=describe.describe_a_move),
    ActionSpec("attack", (UID, TARGET, WEAPON), "attack with a weapon",
               apply=apply.do_attack, describe=describe.describe_attack),
    ActionSpec("charge", (UID, TARGET, WEAPON), "charge an enemy",
               apply=apply.do_charge, describe=describe.describe_charge),
    ActionSpec("charge_attack", (UID,), "strike with the charge",
               apply=apply.do_charge_attack, describe=describe.describe_charge_attack),
    ActionSpec("power", (UID, Param("power", "text"), Param("target", "unit", optional=True)), "use a power",
               apply=apply.do_power, describe=describe.describe_power),
    ActionSpec("rest", (UID,), "rest",
               apply=apply.do_rest, describe=describe.describe_rest),
    ActionSpec("wait", (UID,), "hold the activation",
               apply=apply.do_wait, describe=describe.describe_wait),
    ActionSpec("coordinated", (UID, Param("second", "unit")), "a coordinated activation",
               apply=apply.do_coordinated, describe=describe.describe_coordinated),
    ActionSpec("mount", (UID,), "mount the bonded dragon",
               apply=apply.do_mount, describe=describe.describe_mount),
    ActionSpec("dismount", (UID, Param("to", "point", optional=True)), "dismount beside the dragon",
               apply=apply.do_dismount, describe=describe.describe_dismount),
    ActionSpec("opportunity_attack", (UID, TARGET, WEAPON), "strike an enemy leaving the fight",
               apply=apply.do_opportunity_attack, describe=describe.describe_opportunity_attack),
    ActionSpec("use_reaction", (UID, Param("power", "text")), "react with a power",
               apply=apply.do_use_reaction, describe=describe.describe_use_reaction),
    ActionSpec("decline", (UID,), "no reaction",
               apply=apply.do_decline, describe=describe.describe_decline),
    ActionSpec("remove_models", (UID, Param("models", "ints")), "choose the casualties",
               apply=apply.do_remove_models, describe=describe.describe_remove_models),
    ActionSpec("follow_up", (UID, Param("to", "points", optional=True)), "pile in or consolidate",
               apply=apply.do_follow_up, describe=describe.describe_follow_up),
    ActionSpec("skip_follow_up", (UID,), "stay where you are",
               apply=apply.do_skip_follow_up, describe=describe.describe_skip_follow_up),
    ActionSpec("end_turn", (), "end the turn",
               apply=apply.do_end_turn, describe=describe.describe_end_turn),
    ActionSpec("pass_round", (), "pass for the round",
               apply=apply.do_pass_round, describe=describe.describe_pass_round),
)}

DECLARED = Declared(SPECS, pieces=lambda state: state.units)
