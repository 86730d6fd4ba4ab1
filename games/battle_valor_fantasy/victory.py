"""Who wins: after the scenario's last turn each side scores the points of
enemy units destroyed (and half for those broken: fleeing or below half
their stands), its standards held and lost, and objectives held; the
higher score wins by more than the margin, else a draw.  An army with no
unit left on the table loses at once.  Our design from the text's hints
(data/battle_valor_fantasy/scenarios.yaml; docs § Victory).

battle_valor_fantasy.txt § Standard Bearers;, § Phase 11 Fire Remaining
Un-activated Missile Units;.
"""
from __future__ import annotations

from engine.core.rules import Event
from engine.core.rulings import reading
from games.battle_valor_fantasy import alliance, space, stats
from games.battle_valor_fantasy.catalog import cat
from games.battle_valor_fantasy.rulings import VICTORY
from games.battle_valor_fantasy.state import BVFState

R_VICTORY = "battle_valor_fantasy.txt § Standard Bearers;"
R_TURNS = "battle_valor_fantasy.txt § Phase 11 Fire Remaining Un-activated Missile Units;"


def scores(state: BVFState) -> list[float]:
    v = cat().scenarios[state.scenario].victory
    standards = reading(state, VICTORY.id) == "standards_count"     # house ruling (rulings.py)
    out = [0.0, 0.0]
    for u in state.units.values():
        if u.kind != "unit" or not u.deployed:
            continue
        pts = u.profile.points
        enemy = 1 - u.owner
        if not u.on_table:
            out[enemy] += v.destroyed * pts
        elif u.fleeing or len(u.stands) * 2 < u.start_stands:
            out[enemy] += v.broken * pts
        if u.standard and standards:
            if stats.has_standard(u) and not u.fleeing and u.on_table:
                out[u.owner] += v.standard_held
            else:
                out[u.owner] += v.standard_lost
    if v.objective:
        for obj in objectives(state):
            holder = holder_of(state, obj, v.objective_range)
            if holder is not None:
                out[holder] += v.objective
    return out


def objectives(state: BVFState) -> list:
    return [z for z in state.table.zones if z.type == "objective"]


def holder_of(state: BVFState, obj, rng: float) -> int | None:
    x, y = obj.centre
    near = set()
    for u in space.on_table(state):
        if u.kind != "unit" or u.fleeing:
            continue
        if any(space.point_distance(f, x, y) <= rng for f in space.feet(state, u)):
            near.add(u.owner)
    return near.pop() if len(near) == 1 else None


def wiped_out(state: BVFState) -> list[int]:
    return [p for p in (0, 1) if not stats.living(state, p)]


def finished(state: BVFState, ev: list[Event]) -> bool:
    gone = wiped_out(state)
    if gone:
        if len(gone) == 2:
            return _over(state, (), "Both armies are gone from the field: a draw", ev)
        w = 1 - gone[0]
        return _over(state, (w,), f"{state.players[gone[0]].name} {'have' if alliance.on(state) else 'has'} no unit "
                     "left on the table", ev)
    if state.turn < state.turns:
        return False
    s = scores(state)
    v = cat().scenarios[state.scenario].victory
    size = max(alliance.side_points(state, p) for p in (0, 1))     # a Grand Alliance: the allies' lists together
    margin = size * v.margin / 100.0
    state.players[0].score, state.players[1].score = s
    text = f"Scores after turn {state.turn}: {state.players[0].name} {s[0]:g}, {state.players[1].name} {s[1]:g}"
    if abs(s[0] - s[1]) <= margin:
        return _over(state, (), text + f" (within the {v.margin}% margin): a draw", ev)
    w = 0 if s[0] > s[1] else 1
    return _over(state, (w,), text + f": {state.players[w].name} {'win' if alliance.on(state) else 'wins'}", ev)


def _over(state: BVFState, winners: tuple, text: str, ev: list[Event]) -> bool:
    state.phase = "over"
    state.winners = winners if winners else (0, 1)
    state.win_reason = text
    state.win_rule = R_VICTORY
    ev.append(Event("over", text, R_VICTORY, 0))
    return True
