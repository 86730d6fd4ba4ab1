"""Board questions the rules ask again and again: whose miniatures stand
where, adjacency (a Formation counts from either miniature), distances."""
from __future__ import annotations

from engine.hex import grid


def living(state, player: int | None = None):
    return [c for c in state.chars.values() if c.alive and c.deployed and (player is None or c.owner == player)]


def to_act(state) -> int:
    """Whose decision it is: the first queued question's, else the active
    Character's owner, else the current player's (Ruleset.to_act)."""
    if state.queue:
        return state.queue[0][1]
    if state.activation is not None:
        return state.chars[state.activation.uid].owner
    return state.current


def minis(ch) -> list:
    return [h for h in ch.minis if h is not None]


def adjacent_chars(state, ch, enemy_of: int | None = None, ally_of: int | None = None) -> list:
    """Characters with a miniature adjacent to one of ch's miniatures."""
    out = []
    seen = set()
    for h in minis(ch):
        for n in grid.neighbors(h):
            uid = state.occupied.get(n)
            if uid is None or uid == ch.uid or uid in seen:
                continue
            o = state.chars[uid]
            if enemy_of is not None and o.owner == enemy_of:
                continue
            if ally_of is not None and o.owner != ally_of:
                continue
            seen.add(uid)
            out.append(o)
    return out


def enemies_adjacent(state, ch) -> list:
    return [o for o in adjacent_chars(state, ch) if o.owner != ch.owner]


def is_adjacent(a, b) -> bool:
    return any(grid.distance(x, y) == 1 for x in minis(a) for y in minis(b))


def char_distance(a, b) -> int:
    return min(grid.distance(x, y) for x in minis(a) for y in minis(b))


def hex_distance_to(ch, h) -> int:
    return min(grid.distance(x, h) for x in minis(ch))


from engine.core.words import possessive as possessive  # noqa: E402  (the Warbound modules import it from here)


def label(state, ch) -> str:
    from games.warbound.rules.profile import stats
    st = stats(state, ch)
    return f"{possessive(state.players[ch.owner].name)} {st.name}" + (" Formation" if st.formation else "")
