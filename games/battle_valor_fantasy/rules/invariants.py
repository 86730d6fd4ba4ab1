"""Facts that hold in every reachable Battle Valor Fantasy state (checked
by the random-playout tests after every action)."""
from __future__ import annotations

from engine.table.invariants import feet_problems
from games.battle_valor_fantasy.rules import space
from games.battle_valor_fantasy.rules.state import BVFState

PHASES = ("deploy", "orders", "fate", "spells", "reform", "fire", "combat", "advance", "fire2", "over")


def problems(state: BVFState) -> list[str]:
    out: list[str] = []
    if state.phase not in PHASES:
        out.append(f"unknown phase {state.phase!r}")
    out += feet_problems(state.table, ((u.uid, space.feet(state, u)) for u in space.on_table(state)), "stand")
    if state.table.impassable:
        for u in space.on_table(state):
            if not space.flying(u) and any(state.table.blocked_by_impassable(f) is not None
                                           for f in space.feet(state, u)):
                out.append(f"unit {u.uid} has a stand on impassable terrain")
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
