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

from collections.abc import Sequence

from engine.core.rules import Event
from engine.core.rulings import reading
from engine.table.geometry import point_distance
from games.battle_valor_fantasy.rules import alliance, space, stats
from games.battle_valor_fantasy.rules.rulings import VICTORY
from games.battle_valor_fantasy.rules.state import BVFState

R_VICTORY = "battle_valor_fantasy.txt § Standard Bearers;"
R_TURNS = "battle_valor_fantasy.txt § Phase 11 Fire Remaining Un-activated Missile Units;"


PARTS = ("enemy units destroyed", "enemy units broken", "standards", "objectives")


def score_parts(state: BVFState) -> list[dict[str, float]]:
    """Each side's score by where it comes from (PARTS): the winner's
    screen said only "130 to 319"."""
    v = state.catalog.scenario(state.scenario).victory
    standards = reading(state, VICTORY.id) == "standards_count"     # house ruling (rulings.py)
    out = [dict.fromkeys(PARTS, 0.0), dict.fromkeys(PARTS, 0.0)]
    for u in state.units.values():
        if u.kind != "unit" or not u.deployed:
            continue
        assert u.profile is not None, "a unit (kind 'unit') has its army list's profile"
        pts = u.profile.points
        enemy = 1 - u.owner
        if not u.on_table:
            out[enemy]["enemy units destroyed"] += v.destroyed * pts
        elif u.fleeing or len(u.stands) * 2 < u.start_stands:
            out[enemy]["enemy units broken"] += v.broken * pts
        if u.standard and standards:
            if stats.has_standard(u) and not u.fleeing and u.on_table:
                out[u.owner]["standards"] += v.standard_held
            else:
                out[u.owner]["standards"] += v.standard_lost
    if v.objective:
        for obj in objectives(state):
            holder = holder_of(state, obj, v.objective_range)
            if holder is not None:
                out[holder]["objectives"] += v.objective
    return out


def scores(state: BVFState) -> list[float]:
    return [sum(p.values()) for p in score_parts(state)]


def parts_words(parts: dict[str, float]) -> str:
    """"enemy units destroyed 250, standards -25" (the parts that count)."""
    said = [f"{k} {v:+g}" if k == "standards" else f"{k} {v:g}" for k, v in parts.items() if v]
    return ", ".join(said) or "nothing scored"


def objectives(state: BVFState) -> list:
    return [z for z in state.table.zones if z.type == "objective"]


def holder_of(state: BVFState, obj, rng: float) -> int | None:
    x, y = obj.centre
    near = set()
    for u in space.on_table(state):
        if u.kind != "unit" or u.fleeing:
            continue
        if any(point_distance(f, x, y) <= rng for f in space.feet(state, u)):
            near.add(u.owner)
    return near.pop() if len(near) == 1 else None


def wiped_out(state: BVFState) -> list[int]:
    """The players without a living unit (stats.living) on the table: asked after every action, so one
    pass that stops once both have one."""
    left = {0, 1}
    for u in state.units.values():
        if u.owner in left and u.kind == "unit" and u.on_table:
            left.discard(u.owner)
            if not left:
                return []
    return sorted(left)


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
    v = state.catalog.scenario(state.scenario).victory
    size = max(alliance.side_points(state, p) for p in (0, 1))     # a Grand Alliance: the allies' lists together
    margin = size * v.margin / 100.0
    state.players[0].score, state.players[1].score = s
    text = f"Scores after turn {state.turn}: {state.players[0].name} {s[0]:g}, {state.players[1].name} {s[1]:g}"
    why = [f"{state.players[p].name} {s[p]:g}: {parts_words(part)}" for p, part in enumerate(score_parts(state))]
    if abs(s[0] - s[1]) <= margin:
        return _over(state, (), text + f" (within the {v.margin}% margin): a draw", ev, why)
    w = 0 if s[0] > s[1] else 1
    return _over(state, (w,), text + f": {state.players[w].name} {'win' if alliance.on(state) else 'wins'}", ev, why)


def _over(state: BVFState, winners: tuple, text: str, ev: list[Event], why: Sequence[str] = ()) -> bool:
    state.phase = "over"
    state.winners = winners if winners else (0, 1)
    state.win_reason = text + "".join(f". {w}" for w in why)     # the winner's screen says where the points came from
    state.win_rule = R_VICTORY
    ev.append(Event("over", text, R_VICTORY, 0))
    ev.extend(Event("ruling", w, R_VICTORY) for w in why)
    return True
