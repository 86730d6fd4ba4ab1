"""Why Warbound refuses an action: the phase check, asked first (whose
decision it is, an exchange, the decision the queue waits for, deployment,
the activation under way); it answers BY_KIND when the phase takes the
kind, and the kind's own check then reads it.  The per-kind checks stay
with their topics, each named by its kind's declaration (actions.py):
flow.deploy_problem, leader.check_exchange and check_skill,
initiative.check_place, cleanup.check_keep, activation.activate_problem and
step_problem (the steps of an activation share one)."""
from __future__ import annotations

from engine.core.action_specs import BY_KIND
from engine.core.actions import Action
from games.warbound.rules import activation, flow, leader, queries
from games.warbound.rules.queries import possessive
from games.warbound.rules.state import WBState

R_ACT = "warbound.txt § Activate a Character"
R_PHASES = "warbound.txt § Game Phases"
STEP_KINDS = ("move", "shoot", "fight", "skill", "end_activation")     # the steps of an activation


def phase_check(state: WBState, a: Action):
    """A refusal (words, or words and rule), None (allowed as it stands) or
    BY_KIND (the kind's own check decides): engine/core/rules.py `refusal`."""
    if state.phase == "over":
        return "The game is over."
    if a.player not in (0, 1):
        return f"There is no player {a.player + 1}."
    who = queries.to_act(state)
    if a.player != who:
        return (f"It is {possessive(state.players[who].name)} decision now, not "
                f"{possessive(state.players[a.player].name)}.",
                R_PHASES if state.phase != "action" else "warbound.txt § Activate a Character")
    if a.kind == "exchange":
        if state.phase == "deploy":
            return ("Order tokens are exchanged once the game has begun.", leader.R_EXCHANGE)
        return BY_KIND
    if state.queue:
        kind = state.queue[0][0]
        if a.kind != kind:
            return (waiting(state), R_PHASES)
        return None if kind == "initiative" else BY_KIND
    if state.phase == "deploy":
        if a.kind != "deploy":
            return ("Deploy your Warband first.", flow.R_DEPLOY)
        return BY_KIND
    if state.phase != "action":
        return (f"Nothing to decide in the {state.phase} phase.", R_PHASES)
    if state.activation is not None:
        if a.kind in ("activate", "pass"):
            return ("Finish the current activation first (end it to stop).", R_ACT)
        return BY_KIND if a.kind in STEP_KINDS else activation.step_problem(state, a)
    if a.kind == "pass":
        return None
    if a.kind == "activate":
        return BY_KIND
    if a.kind in STEP_KINDS:
        return ("Activate a Character on an Action of the board first.", R_ACT)
    return f"Unknown action {a.kind!r}."


def waiting(state: WBState) -> str:
    """The decision the queue waits for, in words."""
    kind = state.queue[0][0]
    return {"leader_skill": "Use your Leader skill first.",
            "hourglass": "Place the Hourglass on an open Action first.",
            "initiative": "Decide whether to exchange the Hourglass for the Hand.",
            "keep_token": "Choose the Order token to keep (at most one)."}[kind]
