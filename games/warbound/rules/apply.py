"""Warbound's appliers, one per action kind (the declarations name them:
actions.py; `game.apply` calls the kind's).  Each hands the action to its
topic module, then lets the phase sequence move on (flow.advance), except
pass, whose own step does that."""
from __future__ import annotations

from games.warbound.rules import activation, cleanup, flow, initiative, leader


def do_exchange(state, a, dice, events: list) -> None:
    leader.apply_exchange(state, a, events)
    flow.advance(state, events)


def do_deploy(state, a, dice, events: list) -> None:
    flow.deploy(state, a, events)
    flow.advance(state, events)


def do_leader_skill(state, a, dice, events: list) -> None:
    leader.apply_skill(state, a, events)
    flow.advance(state, events)


def do_hourglass(state, a, dice, events: list) -> None:
    initiative.place(state, a, events)
    flow.advance(state, events)


def do_initiative(state, a, dice, events: list) -> None:
    initiative.decide(state, a, events)
    flow.advance(state, events)


def do_keep_token(state, a, dice, events: list) -> None:
    cleanup.keep(state, a, events)
    flow.advance(state, events)


def do_activate(state, a, dice, events: list) -> None:
    activation.activate(state, a, events)
    flow.advance(state, events)


def do_pass(state, a, dice, events: list) -> None:
    flow.do_pass(state, a, events)


def do_move(state, a, dice, events: list) -> None:
    activation.step_move(state, a, dice, events)
    flow.advance(state, events)


def do_shoot(state, a, dice, events: list) -> None:
    activation.step_shoot(state, a, dice, events)
    flow.advance(state, events)


def do_fight(state, a, dice, events: list) -> None:
    activation.step_fight(state, a, dice, events)
    flow.advance(state, events)


def do_skill(state, a, dice, events: list) -> None:
    activation.step_skill(state, a, dice, events)
    flow.advance(state, events)


def do_end_activation(state, a, dice, events: list) -> None:
    activation.step_end(state, a, dice, events)
    flow.advance(state, events)
