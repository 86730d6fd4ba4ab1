"""Movement exactly as drawn: step patterns with facing, blocked moves,
portals mid-movement, large spaces, and the free-direction movements of
spells.  uberdrakes.txt § Movement, § Direction, § Movement Reference,
§ Portals, § Villages; docs/games/uberdrakes.md § Movement.

An *outcome* is one way a movement can end: where, facing which way, the
fatigue it cost (blocked move, portal travel), whether it travelled through
a portal, the hexes passed, whether it was blocked and whether the dragon
left its space at all (a movement that never left activates nothing).
"""
from __future__ import annotations

from typing import NamedTuple

from engine.core.rules import Event
from engine.hex.grid import Hex
from games.uberdrakes.rules.common import R_REF
from games.uberdrakes.rules.state import UDState, placed

MOVE_STEPS = frozenset(("F", "B", "STRAFE", "ROLL"))


class Outcome(NamedTuple):
    hex: tuple
    facing: int
    fatigue: int          # fatigue the movement itself costs (blocked: 1, each portal travel: 1)
    portal: bool          # travelled through a portal
    path: tuple           # hexes from the start, portal jumps included
    blocked: bool
    moved: bool


# a pattern's walk in progress: (hex, facing, free, fatigue, portal, path, moved);
# free: inside a large space, where steps may leave in any direction
Step = tuple[Hex, int, bool, int, bool, tuple, bool]


def blockers(state: UDState, p: int) -> set:
    """Hexes p cannot step into: other dragons on single, non-portal spaces."""
    shared = state.board.shared
    return {d.hex for d in state.players if d.index != p and d.hex is not None and not shared[d.hex]}


def run_steps(cat, board, steps, start, facing: int, fatigue_now: int, blocked: set, through: bool = False,
              portals: bool = True) -> list[Outcome]:
    """Every way a pattern of steps can end (not deduplicated).  `through`:
    dragons do not block (they are passed; the caller decides landings)."""
    large = board.large_hex
    space_of = board.space_of
    portal_hex = board.portal_hex
    top = cat.economy.max_fatigue
    frontier: list[Step] = [(start, facing, large[start], 0, False, (start,), False)]
    done: list[Outcome] = []
    for i, st in enumerate(steps):
        more = any(s in MOVE_STEPS for s in steps[i + 1:])
        nxt: list[Step] = []
        for (h, f, free, fat, port, path, moved) in frontier:
            if st == "L" or st == "R":
                nxt.append((h, f if free else (f + (1 if st == "R" else -1)) % 6, free, fat, port, path, moved))
                continue
            if st == "ANY":
                if free:
                    nxt.append((h, f, free, fat, port, path, moved))
                else:
                    nxt.extend((h, g, free, fat, port, path, moved) for g in range(6))
                continue
            if free:
                cands = board.free_steps[(space_of[h], st)]
            else:
                cands = [(t, f) for t in board.step_targets(h, f, st)]
            for t, nf in cands:
                if t is None or (not through and t in blocked):
                    done.append(Outcome(h, f, fat + 1, port, path, True, moved))
                    continue
                np = path + (t,)
                if portals and more and t in portal_hex:
                    nxt.append((t, nf, False, fat, port, np, True))
                    if fatigue_now + fat < top:
                        o = board.other_portal[t]
                        nxt.append((o, nf, False, fat + 1, True, np + (o,), True))
                else:
                    nxt.append((t, nf, large[t], fat, port, np, True))
        frontier = nxt
        if not frontier:
            break
    done.extend(Outcome(h, f, fat, port, path, False, moved) for (h, f, free, fat, port, path, moved) in frontier)
    return done


def stopped_at(board, o: Outcome, i: int) -> Outcome:
    """The movement `o` cut short at the i-th space of its path (house
    ruling uberdrakes.zoc_passing): facing the way it was going, through a
    portal only if it jumped before, never blocked."""
    path = o.path[:i + 1]
    prev, here = path[-2], path[-1]
    facing = board.nb[prev].index(here) if here in board.nb[prev] else o.facing
    portal = any(board.other_portal.get(a) == b for a, b in zip(path, path[1:]))
    return Outcome(here, facing, 1 if portal else 0, portal, path, False, True)


def dedupe(board, outs: list[Outcome]) -> list[Outcome]:
    """One outcome per distinct result: landing space (and facing, outside
    large spaces) and portal travel, with the least fatigue; a tie prefers
    the one that moved.  Landings in a large space are drawn at its anchor."""
    best: dict = {}
    order = []
    anchor = board.anchor_of
    large = board.large_hex
    space_of = board.space_of
    for o in outs:
        h = o.hex
        if large[h]:
            if anchor[h] != h:
                o = o._replace(hex=anchor[h])
            key: tuple = (space_of[h], None, o.portal)
        else:
            key = (h, o.facing, o.portal)
        old = best.get(key)
        if old is None:
            best[key] = o
            order.append(key)
        elif (o.fatigue, not o.moved) < (old.fatigue, not old.moved):
            best[key] = o
    return [best[k] for k in order]


def same_result(board, o: Outcome, to, facing: int, portal: bool) -> bool:
    """Does an action naming (to, facing, portal) mean this outcome?  In a
    large space any of its hexes names it and the facing is free."""
    if bool(portal) != o.portal:
        return False
    if board.large_hex.get(o.hex):
        return board.space_of.get(to) == board.space_of[o.hex]
    return o.hex == to and o.facing == facing


def pattern_outcomes(state: UDState, p: int, m: str, extra_fatigue: int = 0, through: bool = False) -> list[Outcome]:
    """The outcomes of movement `m` (a general action or a movement card)
    for player p from where they stand; extra_fatigue is taken first (push)."""
    d = state.players[p]
    steps = state.catalog.movement[m].steps
    board = state.board
    blocked = blockers(state, p)
    here = placed(d)
    outs = run_steps(state.catalog, board, steps, here, d.facing, d.fatigue + extra_fatigue, blocked, through)
    if steps == ["ANY"]:          # Rotate: a turn in place, never onto the facing already held
        if board.large_hex[here]:
            return []
        outs = [o for o in outs if o.facing != d.facing]
    return dedupe(board, outs)


def find(board, outs: list[Outcome], to, facing: int, portal: bool) -> Outcome | None:
    for o in outs:
        if same_result(board, o, to, facing, portal):
            return o
    return None


# ---- free-direction movements (spells, scrolls, damage) ----------------------------------

def neighbours_any(board, h) -> list:
    """Spaces one step away in any direction (from a large space: every exit)."""
    if board.large_hex[h]:
        sid = board.space_of[h]
        return sorted({t for t, _ in board.free_steps[(sid, "F")]})
    return [n for n in board.nb[h] if n is not None]


def reach_any(board, start, max_steps: int, blocked: set, through: bool = False,
              allowed=None) -> dict:
    """Landing hex -> path for moves of 1..max_steps steps in any
    directions.  A step enters a free space (or passes dragons when
    `through`); `allowed(h)` limits the spaces passed and landed on.
    Landings in large spaces are given at their anchor."""
    seen: dict[Hex, tuple] = {board.anchor_of[start]: (start,)}
    out: dict = {}
    frontier: list[tuple[Hex, tuple]] = [(start, (start,))]
    for _ in range(max_steps):
        nxt: list[tuple[Hex, tuple]] = []
        for h, path in frontier:
            for t in neighbours_any(board, h):
                if allowed is not None and not allowed(t):
                    continue
                if t in blocked and not through:
                    continue
                a = board.anchor_of[t]
                if a in seen:
                    continue
                seen[a] = path + (t,)
                nxt.append((t, path + (t,)))
                if t not in blocked:
                    out[a] = path + (t,)
        frontier = nxt
    return out


def arrive(state: UDState, p: int, hex_, facing: int, ev: list, text: str, rule: str = R_REF,
           path=None) -> None:
    """Put p's dragon on hex_ (its anchor in a large space) facing `facing`."""
    d = state.players[p]
    board = state.board
    h = board.anchor_of[hex_]
    old = d.hex
    d.hex = h
    d.facing = facing
    if old is not None and board.space_of[old] != board.space_of[h]:
        d.moved = True
        if state.shop >= 0 and state.active == p and not state.shop_remote and board.space_of[h] != state.shop:
            state.shop = -1
    ev.append(Event("move", text, rule, data={"player": p, "path": [list(x) for x in (path or (old, h)) if x],
                                               "facing": facing}))


def portal_text(o: Outcome) -> str:
    return " through the portal" if o.portal else ""


def blocked_note(o: Outcome) -> str:
    return ", blocked" if o.blocked else ""

