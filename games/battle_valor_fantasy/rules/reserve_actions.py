"""The actions of reserves (games/battle_valor_fantasy/rules/reserves.py): each
kind's checker and applier, which the declarations name (actions.py).

- `reserve` {uid}: in deployment, hold the unit back instead of placing it.
- `arrive` {uid, edge, at, formation, files}: bring it on at the start of
  a turn (the `reserves` decision).
- `reserves_done`: bring on no more this turn.
"""
from __future__ import annotations

import math

from games.battle_valor_fantasy.rules import flow, reserves
from games.battle_valor_fantasy.rules.state import BVFState


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




# ---- appliers (named by the declarations: actions.py) ----------------------------------------------

def do_reserve(state, a, dice, ev):
    reserves.reserve(state, state.units[a["uid"]], ev)
    flow.next_deployer(state, a.player, dice, ev)


def do_arrive(state, a, dice, ev):
    u = state.units[a["uid"]]
    reserves.arrive(state, u, str(a["edge"]), float(a["at"]), str(a.get("formation", u.formation)),
                    int(a.get("files", u.files)), dice, ev)


def do_reserves_done(state, a, dice, ev):
    reserves.done(state, ev)


def _name(state: BVFState, a) -> str:
    u = state.units.get(a["uid"])
    return u.name if u else str(a["uid"])


# ---- in words (the declarations name these: actions.py) -------------------------------------------

def describe_reserve(state: BVFState, a) -> str:
    return f"Hold {_name(state, a)} back in reserve"


def describe_arrive(state: BVFState, a) -> str:
    return f"Bring on {_name(state, a)}: {str(a['edge']).replace('_', ' ')} edge at {float(a['at']):g}\""


def describe_reserves_done(state: BVFState, a) -> str:
    return "No more reserves this turn"
