"""The Cleanup Phase (warbound.txt § Game Phases: Cleanup Phase): the
scenario scores, the Hourglass holder may take the Hand, the Action Board
is cleared, each player keeps at most one Order token, and the Time marker
advances (after turn 5 the game ends: § Victory condition)."""
from __future__ import annotations

from engine.core.rules import Event
from games.warbound.rules import initiative, scenario

R_CLEANUP = "warbound.txt § Game Phases"


def start(state, events: list) -> None:
    state.phase = "cleanup"
    state.activation = None
    events.append(Event("phase", "The Cleanup Phase.", R_CLEANUP, depth=0))
    scenario.score_cleanup(state, events)
    last = state.turn >= scenario.scenario(state).turns
    if not last:                    # after the last turn nothing is left to take initiative for
        initiative.cleanup(state, events)
    state.closed = {}
    state.hourglass_space = None
    state.marked = {}
    events.append(Event("ruling", "The Action Board is cleared.", R_CLEANUP))
    for p in ([] if last else state.players):
        total = sum(p.tokens.values())
        cols = [c for c, n in p.tokens.items() if n > 0]
        if total <= 1:
            continue
        if len(cols) == 1:
            p.tokens = {cols[0]: 1}
            events.append(Event("orders", f"{p.name} keeps 1 Order token and discards {total - 1}.", R_CLEANUP))
        else:
            state.queue.append(("keep_token", p.index))
    for c in state.chars.values():
        c.activations = 0


def check_keep(state, a):
    col = a.get("color")
    if col is not None and state.players[a.player].tokens.get(col, 0) < 1:
        return ("Keep one of your own Order tokens (or none).", R_CLEANUP)
    return None


def keep(state, a, events: list) -> None:
    state.queue.pop(0)
    p = state.players[a.player]
    col = a.get("color")
    total = sum(p.tokens.values())
    p.tokens = {col: 1} if col else {}
    name = state.catalog.factions[col].token if col else "no"
    events.append(Event("orders", f"{p.name} keeps {name} Order token and discards {total - (1 if col else 0)}.",
                        R_CLEANUP))


def finish(state, events: list) -> bool:
    """Advance the timeline; True when the game is over."""
    sc = scenario.scenario(state)
    if state.turn >= sc.turns:
        scenario.decide_winner(state, events)
        return True
    state.turn += 1
    events.append(Event("ruling", f"The Time marker advances to turn {state.turn}.", R_CLEANUP))
    return False
