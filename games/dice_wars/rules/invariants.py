"""Facts that hold in every reachable Dice Wars state (checked by the
random-playout tests after every action)."""
from __future__ import annotations

from games.dice_wars.rules.state import DWState


def problems(state: DWState) -> list[str]:
    out: list[str] = []
    seen: dict = {}
    for u in state.units.values():
        if u.pos is None:
            if u.hp > 0 and state.phase not in ("draft", "deploy") and state.players[u.owner].alive:
                out.append(f"unit {u.uid} alive but off the board")
            continue
        if u.hp <= 0:
            out.append(f"unit {u.uid} dead but on the board")
        if u.hp > u.max_hp:
            out.append(f"unit {u.uid} has {u.hp} > {u.max_hp} HP")
        if u.pos in seen:
            out.append(f"units {seen[u.pos]} and {u.uid} share {u.pos}")
        seen[u.pos] = u.uid
        if state.occupied.get(u.pos) != u.uid:
            out.append(f"occupied map disagrees at {u.pos}")
        t = state.board.terrain.get(u.pos)
        if t is None or not state.catalog.terrain[t].passable:
            out.append(f"unit {u.uid} stands on {t}")
        if not 0 <= u.facing <= 5:
            out.append(f"unit {u.uid} facing {u.facing}")
    if len(state.occupied) != len(seen):
        out.append("occupied map has stale entries")
    if len(state.activations) > 2:
        out.append("more than two activations")
    for a in state.activations:
        if state.units[a.uid].owner != state.current:
            out.append("an activation belongs to another player")
        if a.move_left < 0:
            out.append("negative movement left")
    for c in state.cities:
        if c.owner is not None and c.card is None:
            out.append("a held city without a card")
    for p in state.players:
        if p.crowns > 3:
            out.append("more than three crowns")
    if state.phase == "over" and not state.winners:
        out.append("game over without winners")
    return out
