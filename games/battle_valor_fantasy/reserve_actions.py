"""The actions of reserves (games/battle_valor_fantasy/reserves.py): each
kind's checker (`CHECKS`, used by checks.py) and applier (the ruleset mixes
`ReserveActions` in).

- `reserve` {uid}: in deployment, hold the unit back instead of placing it.
- `arrive` {uid, edge, at, formation, files}: bring it on at the start of
  a turn (the `reserves` decision).
- `reserves_done`: bring on no more this turn.
"""
from __future__ import annotations

import math

from games.battle_valor_fantasy import reserves
from games.battle_valor_fantasy.state import BVFState


def _unit(state: BVFState, uid):
    u = state.units.get(uid)
    if u is None:
        raise KeyError(f"no unit {uid}")
    return u


def _reserve(state, a):
    if a.player not in state.deploy_queue[:1]:
        return "Not your turn to deploy", reserves.R_RESERVES
    return reserves.reserve_problem(state, a.player, _unit(state, a["uid"]))


def _arrive(state, a):
    u = _unit(state, a["uid"])
    at = float(a["at"])
    if not math.isfinite(at):
        raise ValueError("at: inches along the edge")
    return reserves.arrive_problem(state, a.player, u, str(a["edge"]), at, str(a.get("formation", u.formation)),
                                   int(a.get("files", u.files)))


def _reserves_done(state, a):
    if not state.pending or state.pending[-1].kind != "reserves":
        return "No reserves to bring on now", reserves.R_RESERVES
    return None


CHECKS = {"reserve": _reserve, "arrive": _arrive, "reserves_done": _reserves_done}


class ReserveActions:
    """Appliers for the ruleset (rules.py dispatches `_do_<kind>`)."""

    def _do_reserve(self, state, a, dice, ev):
        reserves.reserve(state, state.units[a["uid"]], ev)
        self._next_deployer(state, a, dice, ev)

    def _do_arrive(self, state, a, dice, ev):
        u = state.units[a["uid"]]
        reserves.arrive(state, u, str(a["edge"]), float(a["at"]), str(a.get("formation", u.formation)),
                        int(a.get("files", u.files)), dice, ev)

    def _do_reserves_done(self, state, a, dice, ev):
        reserves.done(state, ev)


def words(state: BVFState, a) -> str:
    """How the screens name these actions (describe.py)."""
    u = state.units.get(a.get("uid")) if a.get("uid") is not None else None
    if a.kind == "reserve":
        return f"Hold {u.name if u else a['uid']} back in reserve"
    if a.kind == "arrive":
        return f"Bring on {u.name if u else a['uid']}: {str(a['edge']).replace('_', ' ')} edge at {float(a['at']):g}\""
    if a.kind == "reserves_done":
        return "No more reserves this turn"
    return ""
