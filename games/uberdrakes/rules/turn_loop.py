"""UberDrakes' one turn loop: after every action (and at the start of the
game), run the queued rulings (games/uberdrakes/rules/jobs.py) until one needs a
decision or none are left.  It sits above every rules layer, so the layers
below only queue what happens next and return: no upward calls."""
from __future__ import annotations

from engine.core.rules import Event
from games.uberdrakes.rules import combat, legal, spaces, flow
from games.uberdrakes.rules.board import hex_label
from games.uberdrakes.rules.common import R_ZOC
from games.uberdrakes.rules.jobs import Choice, FinalBattleResult, FinishTurn, Fight, Land, StartTurnEffects, ZoneOfControl
from games.uberdrakes.rules.state import Pending, UDState


def run(state: UDState, ev: list, dice) -> None:
    """Run queued rulings until one needs a decision or none are left.

    Outside the play phase only a Final Battle's result runs (the Final
    Battle has no turns, so no other ruling is queued then)."""
    while state.combat is None and state.pending is None and state.jobs:
        job = state.jobs[0]
        if state.phase != "play" and not isinstance(job, FinalBattleResult):
            return
        state.jobs.pop(0)
        if isinstance(job, ZoneOfControl):
            state.jobs[0:0] = [Fight(job.player, o, "zoc") for o in combat.zoc_triggers(state, job.player)]
        elif isinstance(job, Fight):
            if job.reason == "zoc" and job.defender not in combat.zoc_triggers(state, job.attacker):
                continue
            combat.start(state, job.attacker, job.defender, job.reason, False, ev, dice)
            # the space's effect waits for the combat: its lines will come under another action's
            state.jobs = [Land(j.player, j.hex, True) if isinstance(j, Land) else j for j in state.jobs]
        elif isinstance(job, Land):
            if state.players[job.player].hex == job.hex and state.active == job.player:
                before = len(ev)
                spaces.land(state, job.player, ev, dice)
                if job.after_combat and len(ev) > before:
                    ev.insert(before, Event("land", f"After the combat, {state.players[job.player].name} lands on "
                                            f"{hex_label(job.hex)}", R_ZOC, depth=0, data={"player": job.player}))
        elif isinstance(job, FinishTurn):
            flow.finish_turn(state, job.roost, ev, dice)
        elif isinstance(job, Choice):
            state.pending = Pending(job.kind, job.player, dict(job.data))
            if not legal.pending_actions(state):      # nothing left to choose (e.g. The Claw: nothing to take)
                state.pending = None
        elif isinstance(job, StartTurnEffects):
            spaces.first_turn_roost(state, job.player, ev)
        elif isinstance(job, FinalBattleResult):
            flow.final_battle_result(state, job.winner, job.loser, ev, dice)
