"""Facts that hold in every reachable Warbound state (checked by the
random-playout tests after every action)."""
from __future__ import annotations

from engine.hex import grid
from games.warbound.rules.panic import death_limit
from games.warbound.rules.profile import stats


def problems(state) -> list[str]:
    out: list[str] = []
    seen: dict = {}
    for c in state.chars.values():
        st = stats(state, c)
        if not c.alive:
            if any(state.occupied.get(h) == c.uid for h in c.minis if h is not None):
                out.append(f"{c.uid} removed but still on the board")
            continue
        if not c.deployed:
            if state.phase != "deploy":
                out.append(f"{c.uid} alive but never deployed")
            continue
        for h in c.minis:
            if h in seen:
                out.append(f"{c.uid} and {seen[h]} share {h}")
            seen[h] = c.uid
            if state.occupied.get(h) != c.uid:
                out.append(f"occupied map disagrees at {h}")
            if h not in state.board.open:
                out.append(f"{c.uid} stands on an obstacle or off the board at {h}")
        if len(c.minis) == 2 and grid.distance(*c.minis) != 1:
            out.append(f"Formation {c.uid} is not adjacent")
        if state.activation is None and c.wounds >= death_limit(state, st):
            out.append(f"{c.uid} should have been removed ({c.wounds}/{st.hp})")
        if state.activation is None and st.morale is not None and c.stress >= st.morale:
            out.append(f"{c.uid} should be in Panic ({c.stress}/{st.morale})")
        if st.morale is None and c.stress:
            out.append(f"{c.uid} has Stress without a Morale Point pool")
        if c.breaks > st.armor_points or min(c.stress, c.wounds, c.breaks) < 0:
            out.append(f"{c.uid} has impossible tokens")
    if len(state.occupied) != len(seen):
        out.append("occupied map has stale entries")
    for p in state.players:
        if any(n < 0 for n in p.tokens.values()):
            out.append(f"player {p.index} has negative tokens")
        if state.phase in ("leader",) and sum(p.tokens.values()) > 20:
            out.append("token hoard")
    if state.phase == "over" and not state.winners:
        out.append("game over without winners")
    if state.hand == state.hourglass and state.phase in ("leader", "effect"):
        out.append("one player holds both markers outside the Action Phase")
    if state.hourglass_space is not None and state.phase == "action" and state.hourglass_space not in \
            state.catalog.board:
        out.append("hourglass on no Action")
    return out
