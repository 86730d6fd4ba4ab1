"""How an UberDrakes game ends: the winners set, the queue cleared, and
the Courier variant's instant win (uberdrakes.txt § Variants).  Low in the
layers, so a delivery or a bought victory point can end the game without
calling up into the turn sequence."""
from __future__ import annotations

from engine.core.rules import Event
from games.uberdrakes.rules.common import R_VARIANTS
from games.uberdrakes.rules.state import UDState


def finish(state: UDState, winners: tuple, reason: str, rule: str, ev: list) -> None:
    state.phase = "over"
    state.winners = winners
    state.win_reason = reason
    state.win_rule = rule
    state.pending = None
    state.combat = None
    state.jobs = []
    ev.append(Event("over", reason, rule, depth=0, data={"winners": list(winners)}))


def check_instant_win(state: UDState, ev: list) -> bool:
    """Courier variant: the first to deliver enough riders wins at once."""
    if state.options.get("variant") != "courier":
        return False
    need = state.catalog.economy.courier_deliveries
    for d in state.players:
        if len(d.delivered) >= need:
            finish(state, (d.index,), f"{d.name} delivers {need} riders first (Courier)", R_VARIANTS, ev)
            return True
    return False
