"""The shared Action Board (warbound.txt § The Action Board, § Activate a
Character): which Actions are open, what an activation costs and how it is
paid, and whether an Action suits the Character.

Open: the current and previous Periods' Actions without Order tokens.  A
used Action is closed to both players until Cleanup.  Cost: colorless
tokens take any colour, colored ones their faction's; the Move action's
reduction drops every colorless cost, the Formation's too.
"""
from __future__ import annotations

from engine.core.catalog_memo import per_catalog
from games.warbound.rules import fight, shooting
from games.warbound.rules.movement import can_move
from games.warbound.rules.queries import possessive
from games.warbound.rules.profile import stats

R_BOARD = "warbound.txt § The Action Board"
R_ACTIVATE = "warbound.txt § Activate a Character"


def in_period(state, sid: str) -> bool:
    return state.catalog.board[sid].period <= state.period


@per_catalog
def _in_period(cat, period: int) -> list[str]:
    """The Actions of Periods up to `period`, in board order."""
    return [sid for sid, sp in cat.board.items() if sp.period <= period]


def open_spaces(state) -> list[str]:
    ids = _in_period(state.catalog, state.period)
    closed = state.closed
    return [sid for sid in ids if sid not in closed]


def cost(state, ch, sid: str) -> tuple[int, tuple]:
    st = stats(state, ch)
    return (0 if state.catalog.board[sid].reduction else st.colorless), st.colored


def payment(tokens: dict, colorless: int, colored: tuple, choice=None):
    """The tokens paid (colour -> n), or None when the reserve cannot pay.
    `choice` lists the colours paying the colorless part; by default the
    most plentiful colours left after the colored part pay it."""
    left = dict(tokens)
    pay: dict = {}
    for col, n in colored:
        if left.get(col, 0) < n:
            return None
        left[col] -= n
        pay[col] = pay.get(col, 0) + n
    if choice is not None:
        if len(choice) != colorless:
            return None
        for col in choice:
            if left.get(col, 0) < 1:
                return None
            left[col] -= 1
            pay[col] = pay.get(col, 0) + 1
        return pay
    for _ in range(colorless):
        col = max(sorted(left), key=lambda c: left[c], default=None)
        if col is None or left[col] < 1:
            return None
        left[col] -= 1
        pay[col] = pay.get(col, 0) + 1
    return pay


def part_problem(state, ch, part: str):
    """Why ch cannot use this part of an Action now (or None)."""
    if part in ("move", "run"):
        if not can_move(state, ch):
            return (f"{stats(state, ch).name} has no tile to move onto.", "warbound.txt § Move a Character")
        return None
    if part == "shoot":
        p = shooting.shooter_problem(state, ch)
        if p:
            return p
        if not shooting.any_target(state, ch):
            return (f"{stats(state, ch).name} has no valid target to shoot at.", shooting.R_SHOOT)
        return None
    if part == "fight":
        return fighter(state, ch)
    return ("Unknown part of an Action.", R_BOARD)


def fighter(state, ch):
    return fight.fighter_problem(state, ch)


def space_problem(state, ch, sid: str):
    """Why ch cannot be activated on this Action (or None); the cost aside."""
    sp = state.catalog.board.get(sid)
    if sp is None:
        return (f"There is no Action {sid!r} on the board.", R_BOARD)
    if sp.period > state.period:
        return (f"That Action belongs to Period {sp.period}; it is Period {state.period}.", R_BOARD)
    if sid in state.closed:
        who = state.players[state.closed[sid][0]].name
        return (f"That Action is closed: {possessive(who)} Order tokens are on it until Cleanup.", R_BOARD)
    first = None
    for part in sp.parts:
        p = part_problem(state, ch, part)
        if p is None:
            return None
        first = first or p
    assert first is not None                # defs: an Action has at least one part
    return (f"Invalid Action for {stats(state, ch).name}: {first[0]}", R_BOARD)


def parts_name(cat, sid: str) -> str:
    """The Action `sid` in words: "Move + Shoot (cost reduction)"."""
    sp = cat.board[sid]
    names = {"move": "Move", "run": "Run", "shoot": "Shoot", "fight": "Fight"}
    out = " + ".join(("Aim/" if p == "shoot" and sp.aim else "") + names[p] for p in sp.parts)
    return out + (" (cost reduction)" if sp.reduction else "")
