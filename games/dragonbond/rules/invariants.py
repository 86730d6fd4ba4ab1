"""Facts that hold in every reachable Dragonbond state (checked by the
random-playout tests after every action)."""
from __future__ import annotations

from engine.table.invariants import feet_problems
from games.dragonbond.rules import space, stats
from games.dragonbond.rules.state import DBState


def problems(state: DBState) -> list[str]:
    out: list[str] = []
    out += feet_problems(state.table, ((u.uid, space.feet(state, u)) for u in space.on_table(state)), "model",
                         within_unit=True)
    for u in state.units.values():
        c = stats.card(u)
        if not u.alive and u.models:
            out.append(f"unit {u.uid} destroyed but on the table")
        if len(u.models) > c.models:
            out.append(f"unit {u.uid} has more models than its card allows")
        if u.alive and u.deployed and not u.models and u.riding is None and state.phase != "over":
            out.append(f"unit {u.uid} alive but has no models")
        if c.kind == "huge":
            if u.wounds >= stats.health(u) and u.alive and not u.to_remove:
                out.append(f"huge unit {u.uid} has full health slots")
            if u.injuries > c.injuries:
                out.append(f"unit {u.uid} has too many injuries")
        elif u.alive and u.wounds >= stats.health(u) and not u.to_remove:
            out.append(f"unit {u.uid} has {u.wounds} wounds on {stats.health(u)} health")
        if min(u.wounds, u.fatigue, u.exhaustion, u.slow, u.immobilized) < 0:
            out.append(f"unit {u.uid} has a negative count")
        if u.alive and u.fatigue > stats.stamina(state, u):
            out.append(f"unit {u.uid} has {u.fatigue} fatigue on {stats.stamina(state, u)} stamina slots")
        if u.captain_alive and not any(m.captain for m in u.models) and u.deployed and u.models:
            out.append(f"unit {u.uid}: captain alive but no captain model")
        if u.rider is not None and state.units[u.rider].riding != u.uid:
            out.append(f"rider link broken on {u.uid}")
        if u.riding is not None and (state.units[u.riding].rider != u.uid or u.models):
            out.append(f"riding link broken on {u.uid}")
        if u.to_remove and not any(p.kind == "casualties" and p.uid == u.uid for p in state.pending) \
                and not state.frames and state.phase != "over":
            out.append(f"unit {u.uid} has {u.to_remove} models waiting to be removed")
    for p in state.players:
        if p.turns < 0:
            out.append(f"player {p.index} has a negative turn counter")
    if state.phase == "battle" and not state.pending and state.turn is None:
        pl = state.players[state.current]
        if pl.turns <= 0 or pl.out:
            out.append(f"player {state.current} is to play with no turns")
    if state.turn is not None and not 0 <= state.turn.used <= 1.0 + 1e-9:
        out.append("movement share out of range")
    if state.phase == "over" and not state.winners:
        out.append("game over without winners")
    if state.frames and not state.pending and state.phase != "over":
        out.append("frames left without a decision pending")
    return out
