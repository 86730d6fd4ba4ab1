"""Dragonbond's one turn loop: after every action (and the setup), run the
frames the action left (games/dragonbond/rules/frames.py), last pushed first,
until a decision is open or none are left; then end the turn when nothing
is left to do in it (turns.settle).

It sits above every rules layer and names each frame's step here, so the
layers below only push frames and return: no registry of steps by name,
no upward calls."""
from __future__ import annotations

from collections.abc import Callable

from games.dragonbond.rules import combat, flow, moves, powers, turns, wounds
from games.dragonbond.rules.frames import (AskOpportunityAttack, AskReaction, AttackAfter, AttackRoll, Casualties, ChargeMove,
                                     ChargeRoll, CheckLastPlayer, DestroyIfEmpty, DoMove, OfferChargeAttack, PowerEffects,
                                     Sacrifice)
from games.dragonbond.rules.state import DBState

STEPS: dict[type, Callable] = {
    AttackRoll: lambda s, d, e, f: combat.attack_roll(s, d, e, f.uid, f.target, f.weapon, f.kind, f.power, f.spec),
    AttackAfter: lambda s, d, e, f: combat.attack_after(s, d, e, f.uid, f.target, f.kind, f.melee),
    AskOpportunityAttack: lambda s, d, e, f: flow.ask_oa(s, d, e, f.reactor, f.target, f.why),
    AskReaction: lambda s, d, e, f: flow.ask_react(s, d, e, f.uid, f.trigger, f.cause),
    Casualties: lambda s, d, e, f: flow.casualties(s, d, e),
    CheckLastPlayer: lambda s, d, e, f: turns.check_last_player(s, e),
    Sacrifice: lambda s, d, e, f: powers.sacrifice(s, d, e, f.uid, f.targets),
    DestroyIfEmpty: lambda s, d, e, f: wounds.destroy_if_empty(s, f.uid, f.by, f.by_uid, d, e),
    DoMove: lambda s, d, e, f: moves.do_move(s, d, e, f.uid, f.to, f.mids, f.kind),
    OfferChargeAttack: lambda s, d, e, f: moves.offer_charge_attack(s, d, e, f.uid, f.target, f.weapon),
    ChargeRoll: lambda s, d, e, f: moves.charge_roll(s, d, e, f.uid, f.target, f.weapon),
    ChargeMove: lambda s, d, e, f: moves.charge_move(s, d, e, f.uid, f.target, f.weapon),
    PowerEffects: lambda s, d, e, f: powers.power_effects(s, d, e, f.uid, f.key, f.target),
}


def run_frames(state: DBState, dice, events: list) -> None:
    """Run frames until a decision is open, none are left, or the game is over."""
    while not state.pending and state.frames and state.phase != "over":
        frame = state.frames.pop()
        STEPS[type(frame)](state, dice, events, frame)


def run(state: DBState, dice, events: list) -> None:
    """What follows an action: its frames, then the turn's end if nothing is left in it."""
    run_frames(state, dice, events)
    turns.settle(state, dice, events)
