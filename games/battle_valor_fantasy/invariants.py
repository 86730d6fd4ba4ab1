"""Facts that hold in every reachable Battle Valor Fantasy state (checked
by the random-playout tests after every action)."""
from __future__ import annotations

from engine.table.geometry import OVERLAP, edge_distance
from games.battle_valor_fantasy import space
from games.battle_valor_fantasy.state import BVFState

PHASES = ("deploy", "orders", "fate", "spells", "reform", "fire", "combat", "advance", "fire2", "over")


def problems(state: BVFState) -> list[str]:
    out: list[str] = []
    if state.phase not in PHASES:
        out.append(f"unknown phase {state.phase!r}")
    on = space.on_table(state)
    feet = []
    for u in on:
        for f in space.feet(state, u):
            feet.append((u.uid, f))
            if not state.table.on_table(f):
                out.append(f"unit {u.uid} has a stand off the table at ({f.x:.2f}, {f.y:.2f})")
    for i, (a, f) in enumerate(feet):
        for b, g in feet[i + 1:]:
            if a == b:
                continue
            if f.bbox[0] > g.bbox[2] or g.bbox[0] > f.bbox[2] or f.bbox[1] > g.bbox[3] or g.bbox[1] > f.bbox[3]:
                continue
            if edge_distance(f, g) < -OVERLAP - 1e-6:
                out.append(f"stands of units {a} and {b} overlap by {-edge_distance(f, g):.3f}\"")
    for u in state.units.values():
        if u.alive and u.deployed and not u.stands and u.attached < 0:
            out.append(f"unit {u.uid} alive with no stands")
        if u.attached >= 0 and u.alive:       # a character with a unit (characters.py)
            h = state.units.get(u.attached)
            if u.stands or h is None or h.owner != u.owner or h.kind != "unit" or not h.on_table:
                out.append(f"character {u.uid} is attached to no living unit of its side")
        if sum(1 for s in u.stands if s.command) > 1:
            out.append(f"unit {u.uid} has two command stands")
        for s in u.stands:
            if s.figures <= 0:
                out.append(f"unit {u.uid} keeps a stand with no figures")
        for x in u.engaged:
            v = state.units[x]
            if u.uid not in v.engaged:
                out.append(f"units {u.uid} and {x} disagree about their combat")
            if v.owner == u.owner:
                out.append(f"unit {u.uid} fights a friend")
        if u.kind == "general" and u.engaged:
            out.append("the General is in combat")
    if state.phase == "over" and not state.winners:
        out.append("the battle is over without a result")
    if state.phase == "fate" and not state.pending and not any(not p.fate_done for p in state.players):
        out.append("the Fate phase waits for nobody")
    return out
