"""Distance tables for the UberDrakes computer dragons: over (hex, facing),
in general movement actions, precomputed once per board; and the errand
(to a pickup, through a portal, to the rider's element space) measured
with them."""
from __future__ import annotations

from collections import deque

from games.uberdrakes.rules import movement
from games.uberdrakes.rules.state import UDState

UNREACHABLE = 99

_TABLES: dict = {}      # (board, ...) -> what depends on the board alone (the board kept alive by its key)


def _graph(cat, board):
    """Reverse edges of the (hex, facing) graph: one general movement action
    per edge (cost 1), and landing on a portal then travelling (cost 0)."""
    key = ("graph", board)             # on the catalog: the general actions are its data
    g = cat.memo.get(key)
    if g is not None:
        return g
    states = sorted({board.anchor_of[h] for h in board.hexes})
    rev: dict = {}
    general = [cat.movement[m].steps for m in cat.general]
    for h in states:
        for f in range(6):
            for steps in general:
                for o in movement.run_steps(cat, board, steps, h, f, 0, set()):
                    if o.blocked:
                        continue
                    t = (board.anchor_of[o.hex], o.facing)
                    if t != (h, f):
                        rev.setdefault(t, set()).add(((h, f), 1))
    for portal in board.portals:
        other = board.other_portal[portal]
        for f in range(6):
            for g2 in range(6):
                rev.setdefault((other, g2), set()).add(((portal, f), 0))
    g = (states, {k: tuple(v) for k, v in rev.items()})
    cat.memo[key] = g
    return g


def distances(cat, board, goals: tuple) -> dict:
    """(hex, facing) -> general movement actions to reach any goal hex
    (landing on it with any facing)."""
    key = ("distances", board, goals)
    t = cat.memo.get(key)
    if t is not None:
        return t
    states, rev = _graph(cat, board)
    dist: dict = {}
    dq = deque()
    for gh in goals:
        a = board.anchor_of[gh]
        for f in range(6):
            if (a, f) not in dist:
                dist[(a, f)] = 0
                dq.append((a, f))
    while dq:
        s = dq.popleft()
        ds = dist[s]
        for prev, c in rev.get(s, ()):
            nd = ds + c
            if nd < dist.get(prev, UNREACHABLE):
                dist[prev] = nd
                if c == 0:
                    dq.appendleft(prev)
                else:
                    dq.append(prev)
    cat.memo[key] = dist
    return dist


def element_hexes(board, element: str) -> tuple:
    key = (board, "element", element)
    got = _TABLES.get(key)
    if got is None:
        got = _TABLES[key] = tuple(h for h in board.hexes if board.spaces[board.space_of[h]].element == element)
    return got


def best_from(board, table: dict, h) -> int:
    return min(table.get((h, f), UNREACHABLE) for f in range(6))


class Errand:
    """What a dragon is trying to do now, and how far it is from done, in
    general movement actions."""

    def __init__(self, state: UDState, p: int):
        self.state = state
        self.board = state.board
        self.p = p

    def distance(self, h, f, rider, portaled) -> float:
        board = self.board
        if h is None:
            h = board.spaces[board.start_village].anchor
        if rider is None:
            t = distances(self.state.catalog, board, tuple(board.spaces[s].anchor for s in board.pickups.values()))
            return t.get((h, f), UNREACHABLE) + 12        # then about a dozen actions to deliver
        el = self.state.catalog.riders[rider].element
        te = distances(self.state.catalog, board, element_hexes(board, el))
        if portaled:
            return te.get((h, f), UNREACHABLE)
        best = UNREACHABLE
        if self.state.players[self.p].fatigue >= self.state.catalog.economy.max_fatigue:
            best_heal = 6          # the portal needs a point of fatigue healed first
        else:
            best_heal = 0
        for portal in board.portals:
            tp = distances(self.state.catalog, board, (portal,))
            best = min(best, tp.get((h, f), UNREACHABLE) + 1 + best_from(board, te, board.other_portal[portal]))
        return best + best_heal


# ---- the agent ------------------------------------------------------------------------------------
