"""The Hand and the Hourglass (warbound.txt § Initiative).

The Hand holder activates first.  In the Effect Phase the Hourglass holder
places it on an open Action; whoever activates a Character on that Action
gains the Hourglass.  At Cleanup its holder may exchange it for the Hand;
if they already hold the Hand they keep it and give the Hourglass to the
opponent.  So the Hand holder keeps the Hand only by taking the Action
the opponent marked.
"""
from __future__ import annotations

from engine.core.rules import Event
from games.warbound.rules.actionboard import open_spaces, parts_name

R_INIT = "warbound.txt § Initiative"


def effect_phase(state, events: list) -> None:
    state.phase = "effect"
    events.append(Event("phase", "The Effect Phase.", "warbound.txt § Game Phases", depth=0))
    if state.objectives:
        state.objective = state.objectives.pop(0)
        ob = state.catalog.objectives[state.objective]
        events.append(Event("objective", f"Objective for this turn: {ob.name}. {ob.text}",
                            "docs/games/warbound.md § Exploration scenario"))
    state.queue.append(("hourglass", state.hourglass))


def check_place(state, a):
    if a.get("space") not in open_spaces(state):
        return ("Place the Hourglass on an open Action of this Period or the previous one.", R_INIT)
    return None


def place(state, a, events: list) -> None:
    state.queue.pop(0)
    state.hourglass_space = a["space"]
    events.append(Event("hourglass", f"{state.players[a.player].name} places the Hourglass on "
                                     f"{parts_name(state.catalog, a['space'])}.", R_INIT))


def taken(state, player: int, space: str, events: list) -> None:
    if state.hourglass_space == space and state.hourglass != player:
        state.hourglass = player
        events.append(Event("hourglass", f"{state.players[player].name} takes the Action under the Hourglass "
                                         "and gains the marker.", R_INIT))


def cleanup(state, events: list) -> None:
    if state.hourglass == state.hand:
        state.hourglass = 1 - state.hand
        events.append(Event("hourglass", f"{state.players[state.hand].name} holds both markers: keeps the Hand "
                                         "and gives the Hourglass to the opponent.", R_INIT))
    else:
        state.queue.insert(0, ("initiative", state.hourglass))


def decide(state, a, events: list) -> None:
    state.queue.pop(0)
    p = a.player
    if a.get("take"):
        state.hand, state.hourglass = p, 1 - p
        events.append(Event("hourglass", f"{state.players[p].name} exchanges the Hourglass for the Hand.",
                            R_INIT))
    else:
        events.append(Event("hourglass", f"{state.players[p].name} keeps the Hourglass.", R_INIT))
