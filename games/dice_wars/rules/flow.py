"""The command phase: its beginning (conditions dispel, crowns), unit
activations (two units, interleaved, split movement) and its end.
dice_wars.txt § The Command Phase, § Conditions, § Movement.
"""
from __future__ import annotations

from engine.core.rules import Event
from engine.core.words import possessive
from games.dice_wars.rules import movement, stats, victory
from games.dice_wars.rules.citations import Reason
from games.dice_wars.rules.state import Activation, DWState, Unit

R_PHASE = "dice_wars.txt § The Command Phase"
R_COND = "dice_wars.txt § Conditions"
R_GUARD = "dice_wars.txt § Guarding"


def activation(state: DWState, uid: int) -> Activation | None:
    for a in state.activations:
        if a.uid == uid:
            return a
    return None


def activation_problem(state: DWState, u: Unit) -> Reason | None:
    if activation(state, u.uid) is None and len(state.activations) >= 2:
        names = " and ".join(stats.card(state.units[a.uid]).name for a in state.activations)
        return (f"Two units ({names}) already take their turns this phase.", R_PHASE)
    return None


def ensure_activation(state: DWState, u: Unit, events: list) -> Activation:
    a = activation(state, u.uid)
    if a is None:
        notes: list = []
        a = Activation(u.uid, movement.base_move(state, u, notes))
        state.activations.append(a)
        events.append(Event("ruling", f"{stats.unit_label(state, u)} takes its turn ({a.move_left} movement)", R_PHASE))
        for text, rule in notes:
            if not text.startswith(stats.card(u).name + " "):
                events.append(Event("modifier", "  " + text, rule))
    return a


def required_activations(state: DWState, p: int) -> int:
    return min(2, sum(1 for _ in stats.living(state, p)))


def begin_phase(state: DWState, p: int, events: list) -> None:
    state.current = p
    state.activations = []
    state.pending = None
    state.phase_count += 1
    pl = state.players[p]
    events.append(Event("phase", f"{possessive(pl.name)} command phase (round {state.round})", R_PHASE, depth=0,
                        data={"player": p, "round": state.round}))
    dispelled = 0
    for u in state.units.values():
        before = len(u.conds)
        u.conds = [c for c in u.conds if c.by != p]
        dispelled += before - len(u.conds)
        if u.owner == p and u.guarding:
            u.guarding = False
            dispelled += 1
    if dispelled:
        events.append(Event("ruling", f"Conditions {pl.name} granted or inflicted dispel ({dispelled}), guards stand down", R_COND))
    victory.phase_start_scoring(state, p, events)


def next_player(state: DWState, events: list) -> None:
    n = len(state.order)
    i = state.order.index(state.current)
    for step in range(1, n + 1):
        j = (i + step) % n
        q = state.order[j]
        if state.players[q].alive:
            if j <= i:
                state.round += 1
            begin_phase(state, q, events)
            return


def to_act(state: DWState) -> int:
    """Who decides now: the player a guard's or an alliance's question waits
    on, else the player whose phase it is."""
    return state.pending.player if state.pending else state.current
