"""Reserves and flank marchers (battle_valor_fantasy.txt § Reserves and
Flank Marchers; an option, off by default: "you may elect").

- During deployment a player may hold a unit back instead of placing it
  (`reserve` {uid}): up to half the units (the General never; Wizards are
  units here; characters go with their unit).  The list is face down: the
  log never names them and only their owner's screen lists them.
- From turn 2, after the initiative and before orders, the player who lost
  the initiative, then the other, bring reserves on (`arrive` {uid, edge,
  at, formation, files}; `reserves_done` when finished): a Success on one
  die (5 or 6), or automatically when the General is within 12" of the
  spot; the unit's back touches the table edge, facing in, in any
  formation.  Edges: `own` from turn 2, the side edges on your own half
  from turn 3 (`left_own`, `right_own`) and on the opponent's from turn 4
  (`left_enemy`, `right_enemy`), the opponent's edge from turn 6 (`enemy`).
  `at`: inches along the edge (from the left as the player looks at the
  table from their own edge).  One attempt per unit per turn.

Decisions: docs/games/battle_valor_fantasy.md § Reserves and flank marchers.
"""
from __future__ import annotations

import math

from engine.core.actions import Action
from engine.core.rules import Event
from engine.table.formations import Frame
from engine.core.words import possessive
from games.battle_valor_fantasy.rules import alliance, space, success
from games.battle_valor_fantasy.rules.state import BVFState, Pending, Unit

OPTION = "reserves"
R_RESERVES = "battle_valor_fantasy.txt § Reserves"
R_SIDES = "battle_valor_fantasy.txt § Flank Marchers Coming on the Table Sides"
R_ENEMY = "battle_valor_fantasy.txt § Flank Marchers Coming on your Opponents Table Edge"
EDGES = {"own": (2, R_RESERVES), "left_own": (3, R_SIDES), "right_own": (3, R_SIDES), "left_enemy": (4, R_SIDES),
         "right_enemy": (4, R_SIDES), "enemy": (6, R_ENEMY)}
MARK = "reserve"


def on(state: BVFState) -> bool:
    return bool(state.options.get(OPTION))


def waiting(state: BVFState, p: int) -> list[Unit]:
    return [u for u in state.units.values() if u.owner == p and MARK in u.marks and u.alive and not u.deployed]


def holds_secret(state: BVFState, p: int) -> bool:
    return bool(waiting(state, p))


# ---- holding units back ------------------------------------------------------------------------

def allowance(state: BVFState, p: int) -> int:
    """Up to half the force (units and Wizards; the General never)."""
    n = sum(1 for u in state.units.values() if u.owner == p and u.kind in ("unit", "wizard"))
    return n // 2


def reserve_problem(state: BVFState, p: int, u: Unit) -> tuple[str, str] | None:
    if not on(state):
        return "Reserves are an option of the game (Reserves and flank marchers)", R_RESERVES
    if state.phase != "deploy":
        return "Reserves are chosen before deployment (instead of placing the unit)", R_RESERVES
    if u.owner != p or u.deployed or not u.alive or u.kind not in ("unit", "wizard") or MARK in u.marks:
        return "Hold back one of your units still to deploy (never the General)", R_RESERVES
    if alliance.on(state):              # in a Grand Alliance: half of each player's own army
        n = len(alliance.mine(state, [v for v in state.units.values() if v.owner == p
                                      and v.kind in ("unit", "wizard")])) // 2
        if alliance.seat_of(state, u) != state.seat or len(alliance.mine(state, waiting(state, p))) >= n:
            return f"At most half your own army may be held in reserve ({n} units)", R_RESERVES
        return None
    if len(waiting(state, p)) >= allowance(state, p):
        return f"At most half your force may be held in reserve ({allowance(state, p)} units)", R_RESERVES
    return None


def reserve(state: BVFState, u: Unit, ev: list[Event]) -> None:
    u.marks = u.marks + (MARK,)
    ev.append(Event("deploy", f"{alliance.owner_name(state, u)} holds a unit back in reserve (listed face down)",
                    R_RESERVES, 0))


# ---- the call at the start of a turn --------------------------------------------------------------

def call_up(state: BVFState, ev: list[Event]) -> None:
    """From turn 2, before orders: the player who lost the initiative, then
    the other, may bring reserves on (a decision each, last pushed first)."""
    if not on(state) or state.turn < 2:
        return
    for p in (state.initiative, 1 - state.initiative):
        if alliance.on(state):          # a decision per player of the side, its overall General's first
            for seat in reversed(alliance.of(state).seats(p)):
                if any(alliance.seat_of(state, u) == seat for u in waiting(state, p)):
                    state.pending.append(Pending("reserves", p, (seat,)))
        elif waiting(state, p):
            state.pending.append(Pending("reserves", p))
    if state.pending:
        ev.append(Event("ruling", "Reserves may now arrive, the player who lost the initiative first", R_RESERVES))


def _edge_of(state: BVFState, p: int) -> str:
    """The table edge behind a player's deployment zone: n, s, e or w."""
    z = state.table.zone(state.players[p].zone)
    x0, y0, x1, y1 = z.bbox if z is not None else (0, 0, state.table.width, state.table.height)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    d = {"n": cy, "s": state.table.height - cy, "w": cx, "e": state.table.width - cx}
    return min(d, key=d.__getitem__)


OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}
INWARD = {"n": 90.0, "s": 270.0, "w": 0.0, "e": 180.0}     # facing into the table from each edge


def entry(state: BVFState, p: int, edge: str, at: float) -> tuple[str, float, float, float] | None:
    """The table edge (n/s/e/w), the point on it and the inward facing for
    a player's named edge and distance along it; None if `at` is off it or
    on the wrong half."""
    own = _edge_of(state, p)
    W, H = state.table.width, state.table.height
    if edge == "own":
        side = own
    elif edge == "enemy":
        side = OPPOSITE[own]
    else:
        # left and right as the player sees the table from their own edge
        left = {"s": "w", "n": "e", "w": "n", "e": "s"}[own]
        side = left if edge.startswith("left") else OPPOSITE[left]
    length = W if side in ("n", "s") else H
    if not 0 <= at <= length:
        return None
    # `at` runs from the player's left along own/enemy edges, and from the player's own edge along the sides
    if side in ("n", "s") and edge in ("own", "enemy"):
        x = at if own == "s" else W - at
        pt = (x, H if side == "s" else 0.0)
    elif side in ("w", "e") and edge in ("own", "enemy"):
        y = at if own == "e" else H - at
        pt = (W if side == "e" else 0.0, y)
    else:
        depth = at                                   # from the player's own edge
        half = (H if side in ("w", "e") else W) / 2
        if edge.endswith("own") and depth > half or edge.endswith("enemy") and depth < half:
            return None
        if own == "s":
            pt = (0.0 if side == "w" else W, H - depth)
        elif own == "n":
            pt = (0.0 if side == "w" else W, depth)
        elif own == "w":
            pt = (depth, 0.0 if side == "n" else H)
        else:
            pt = (W - depth, 0.0 if side == "n" else H)
    return side, pt[0], pt[1], INWARD[side]


def placement(state: BVFState, u: Unit, edge: str, at: float, formation: str, files: int):
    """The unit's bases with its back on the edge, centred on the point."""
    e = entry(state, u.owner, edge, at)
    if e is None:
        return None
    side, x, y, facing = e
    fs = space.layout(u, Frame(x, y, facing), formation, files)
    x0, y0 = min(f.bbox[0] for f in fs), min(f.bbox[1] for f in fs)
    x1, y1 = max(f.bbox[2] for f in fs), max(f.bbox[3] for f in fs)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    W, H = state.table.width, state.table.height
    dx = (x - cx) if side in ("n", "s") else ((-x0) if side == "w" else (W - x1))
    dy = (y - cy) if side in ("w", "e") else ((-y0) if side == "n" else (H - y1))
    frame = Frame(x + dx, y + dy, facing)
    return frame, space.layout(u, frame, formation, files)


def arrive_problem(state: BVFState, p: int, u: Unit, edge: str, at: float, formation: str,
                   files: int) -> tuple[str, str] | None:
    from games.battle_valor_fantasy.rules import moves
    if not state.pending or state.pending[-1].kind != "reserves" or state.pending[-1].player != p:
        return "Reserves arrive at the start of a turn, before orders", R_RESERVES
    if u not in waiting(state, p):
        return "Name one of your units in reserve", R_RESERVES
    if u.effects.get("reserve_tried"):
        return f"{u.name} has already tried to arrive this turn", R_RESERVES
    if edge not in EDGES:
        return f"Edges: {', '.join(EDGES)}", R_RESERVES
    turn, rule = EDGES[edge]
    if state.turn < turn:
        return f"Not before turn {turn} on that edge", rule
    if not math.isfinite(at):
        return "Say where along the edge", R_RESERVES
    if u.kind == "unit":
        why = moves.files_ok(state.catalog, formation, len(u.stands), files)
        if why:
            return why, moves.R_FORMATIONS
    pl = placement(state, u, edge, at, formation, files)
    if pl is None:
        return "That point is not on that edge (or on the wrong half of a side edge)", rule
    why = space.fits(state, u, pl[1])
    if why:
        return f"{u.name} would stand {why}", rule
    return None


def arrive(state: BVFState, u: Unit, edge: str, at: float, formation: str, files: int, dice,
           ev: list[Event]) -> None:
    _, rule = EDGES[edge]
    frame, fs = placement(state, u, edge, at, formation, files)
    u.effects["reserve_tried"] = 1
    g = alliance.commander(state, u)
    near = g is not None and math.hypot(space.centre(state, g)[0] - frame.x,
                                        space.centre(state, g)[1] - frame.y) <= space.GENERAL_RANGE + 1e-9
    if near:
        ev.append(Event("ruling", f"The General is within 12\" of the spot: {u.name} arrives without a roll", rule))
    else:
        r = success.roll(dice, f"{u.name} arrives", 1)
        ev.append(Event("roll", r.text(), rule, data=r.data()))
        if r.total < 1:
            ev.append(Event("ruling", f"{u.name} does not arrive this turn (it stays in reserve)", rule))
            state.touch()
            return
    u.marks = tuple(m for m in u.marks if m != MARK)
    u.formation, u.files, u.facing = formation, files, frame.facing
    space.put(state, u, fs)
    u.deployed = True
    ev.append(Event("deploy", f"{possessive(alliance.owner_name(state, u))} {u.name} arrives from reserve "
                    f"({edge.replace('_', ' ')} edge)", rule, 0, data={"uid": u.uid}))


def done(state: BVFState, ev: list[Event]) -> None:
    pd = state.pending.pop()
    ev.append(Event("ruling", f"{state.players[pd.player].name} brings on no more reserves this turn", R_RESERVES))


# ---- listed actions ----------------------------------------------------------------------------------

def deploy_actions(state: BVFState, p: int, limit: int = 2) -> list[Action]:
    if not on(state) or (not alliance.on(state) and len(waiting(state, p)) >= allowance(state, p)):
        return []
    left = alliance.mine(state, [u for u in state.units.values() if u.owner == p and not u.deployed and u.alive
                                 and u.kind in ("unit", "wizard") and MARK not in u.marks])
    return [Action.make("reserve", p, uid=u.uid) for u in sorted(left, key=lambda x: x.uid)[:limit]]


def pending_actions(state: BVFState) -> list[Action]:
    p = state.pending[-1].player
    out = [Action.make("reserves_done", p)]
    W = state.table.width
    for u in alliance.mine(state, waiting(state, p)):
        if u.effects.get("reserve_tried"):
            continue
        files = u.files if u.kind == "unit" else 1
        for edge, (turn, _) in EDGES.items():
            if state.turn < turn:
                continue
            side = entry(state, p, edge, 1.0)
            length = W if side is not None and side[0] in ("n", "s") else state.table.height
            spots = (0.15, 0.3, 0.5, 0.7, 0.85) if edge in ("own", "enemy") else \
                ((0.25,) if edge.endswith("own") else (0.75,))
            for f in spots:
                out.append(Action.make("arrive", p, uid=u.uid, edge=edge, at=round(length * f, 2),
                                       formation=u.formation, files=files))
    return out
