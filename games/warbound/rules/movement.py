"""Movement (warbound.txt § Move a Character, § Formations).

Up to speed tiles (speed + run on a Run), at least one tile, never split,
never through or onto a tile with a miniature (ally or enemy) or an
obstacle; Scan markers are traversable.  A Formation moves each miniature
independently (or only one) and both must end on adjacent tiles.
Opportunist (house wording, docs/games/warbound.md § Skills) strikes a
miniature that leaves contact with the Splatter.
"""
from __future__ import annotations

from engine.core.rules import Event
from engine.hex import grid
from engine.core.words import count
from games.warbound.rules import wounds
from games.warbound.rules.profile import stats
from games.warbound.rules.queries import label

R_MOVE = "warbound.txt § Move a Character"
R_FORM = "warbound.txt § Formations"


def reach(state, start, allowance: int, free_also=(), occ=None) -> dict:
    """{hex: tiles} a miniature at `start` can end on within `allowance`
    (`occ`: the occupied tiles to use instead of the state's)."""
    occ = state.occupied if occ is None else occ
    nbrs = state.board.nbrs
    seen = {start: 0}
    frontier = [start]
    for d in range(1, allowance + 1):
        nxt = []
        for h in frontier:
            for n in nbrs.get(h, ()):
                if n not in seen and (n not in occ or n in free_also):
                    seen[n] = d
                    nxt.append(n)
        frontier = nxt
        if not frontier:
            break
    del seen[start]
    return seen


def allowance(state, ch, part: str) -> int:
    st = stats(state, ch)
    return st.speed + (st.run if part == "run" else 0)


def _pairs(state, first, second, budget: int, swap: bool) -> set:
    """Formation end tiles when `first` moves (or stays) and then `second`."""
    out = set()
    occ = state.occupied
    for x in list(reach(state, first, budget)) + [first]:
        occ2 = dict(occ)
        del occ2[first]
        occ2[x] = -1
        rb = reach(state, second, budget, occ=occ2)
        for y in grid.neighbors(x):
            if y in rb or y == second:
                out.add((y, x) if swap else (x, y))
    return out


def destinations(state, ch, budget: int) -> list:
    """Every legal destination list for ch (what `move_problem` accepts)."""
    starts = ch.minis
    if len(starts) == 1:
        return [[h] for h in reach(state, starts[0], budget)]
    a, b = starts
    pairs = _pairs(state, a, b, budget, False) | _pairs(state, b, a, budget, True)
    pairs.discard((a, b))
    return [list(p) for p in sorted(pairs)]


def sample_pair(state, ch, budget: int, rng) -> list:
    """A random member of `destinations` for a Formation, mostly without
    listing them all: one miniature first, then the other."""
    a, b = ch.minis
    first, second, swap = (a, b, False) if rng.random() < 0.5 else (b, a, True)
    r = list(reach(state, first, budget)) + [first]
    x = r[rng.randrange(len(r))]
    occ2 = dict(state.occupied)
    del occ2[first]
    occ2[x] = -1
    rb = reach(state, second, budget, occ=occ2)
    ys = [y for y in grid.neighbors(x) if (y in rb or y == second) and (x, y) != (first, second)]
    if ys:
        y = ys[rng.randrange(len(ys))]
        return [y, x] if swap else [x, y]
    d = destinations(state, ch, budget)
    return d[rng.randrange(len(d))]


def can_move(state, ch) -> bool:
    """At least one legal move exists (cheap test for the Action Board)."""
    occ = state.occupied
    nbrs = state.board.nbrs
    if len(ch.minis) == 1:
        return any(n not in occ for n in nbrs.get(ch.minis[0], ()))
    a, b = ch.minis
    if any(n not in occ and grid.distance(n, b) == 1 for n in nbrs.get(a, ())) or \
            any(n not in occ and grid.distance(n, a) == 1 for n in nbrs.get(b, ())):
        return True
    return bool(destinations(state, ch, 1))


def move_problem(state, ch, dests: list, budget: int):
    """Why moving ch's miniatures to `dests` (one per miniature) is refused, or None."""
    starts = list(ch.minis)
    if len(dests) != len(starts):
        return ("Give one destination per miniature.", R_FORM)
    for d in dests:
        if d not in state.board.terrain:
            return ("That tile is off the board.", R_MOVE)
        if d in state.board.blocked:
            return ("An obstacle cannot be occupied.", R_MOVE)
        if d in state.occupied and d not in starts:
            return ("That tile is occupied by a miniature.", R_MOVE)
    if all(d == s for d, s in zip(dests, starts)):
        return ("A moving Character must move onto at least one tile.", R_MOVE)
    if len(dests) == 2:
        if dests[0] == dests[1]:
            return ("Two miniatures cannot share a tile.", R_MOVE)
        if grid.distance(dests[0], dests[1]) != 1:
            return ("The miniatures of a Formation must end their movement on adjacent tiles.", R_FORM)
        if tuple(dests) not in set(map(tuple, destinations(state, ch, budget))):
            return (f"Out of reach within {budget} tiles (miniatures and obstacles cannot be crossed).", R_MOVE)
        return None
    if dests[0] not in reach(state, starts[0], budget):
        return (f"Out of reach within {budget} tiles (miniatures and obstacles cannot be crossed).", R_MOVE)
    return None


def place(state, ch, dests: list) -> None:
    for h in ch.minis:
        state.occupied.pop(h, None)
    ch.minis = list(dests)
    for h in dests:
        state.occupied[h] = ch.uid


def move(state, ch, dests: list, budget: int, dice, events: list, why: str = "moves") -> None:
    starts = list(ch.minis)
    place(state, ch, dests)
    b = state.board
    moved = [(s, d) for s, d in zip(starts, dests) if s != d]
    events.append(Event("move", f"{label(state, ch)} {why} " + ", ".join(f"{b.label(s)}→{b.label(d)}" for s, d in moved)
                        + f" (up to {count(budget, 'tile')}).", R_MOVE if len(starts) == 1 else R_FORM))
    opportunist(state, ch, moved, dice, events)


def opportunist(state, mover, moved, dice, events: list) -> None:
    cat = state.catalog
    for o in list(state.chars.values()):
        if not o.alive or o.owner == mover.owner or not o.deployed or not mover.alive:
            continue
        ost = stats(state, o)
        sk = next((cat.skills[s] for s in ost.skills if cat.skills[s].effect.kind == "opportunist"), None)
        if sk is None or ost.attack is None:
            continue
        for s, d in moved:
            near_before = any(grid.distance(s, h) == 1 for h in o.minis)
            near_after = any(grid.distance(d, h) == 1 for h in o.minis)
            if near_before and not near_after:
                events.append(Event("ruling", f"{ost.name}'s Opportunist: a miniature of {label(state, mover)} "
                                              "leaves contact.", "docs/games/warbound.md § Skills"))
                wounds.attack(state, o, mover, sk.effect.dice, ost.attack, ost.hit_fight,
                              f"{ost.name} (Opportunist)", dice, events, "warbound.txt § Fight")
