"""The hard level's player for Dragonbond (`players.hard_policy`, agent "strong").

The normal player (games/dragonbond/ai/normal.py) rates a unit's spot by the
objectives near that unit alone (dragonbond.txt § Control: the most models
within 3" control an objective, which scores a point at every round's
end), so a second unit piles onto an objective already held while another
goes to the enemy, and the models a contest needs are never counted.  This
player is the normal one that also weighs the whole table's Control: the
objectives it would hold and deny if the round ended now.

Also `evaluate`, the hard level's search evaluation (engine/core/search.py).
"""
from __future__ import annotations

import math

from games.dragonbond.rules import space, stats
from games.dragonbond.ai.normal import GreedyAgent
from games.dragonbond.rules.state import DBState, Unit

WEIGHT = 1.0
TIRED = 0.3          # less eager to activate a unit again, per fatigue token (on top of the normal player's 0.15)


def control(state: DBState, player: int) -> float:
    """Objectives `player` would score at the round's end, less the best
    opponent's (dragonbond.txt § Control)."""
    if state.options.get("mode", "control") != "control":
        return 0.0
    held = [0] * len(state.players)
    for obj in space.objectives(state):
        c = space.controller(state, obj)
        if c is not None:
            held[c] += 1
    return held[player] - max((h for i, h in enumerate(held) if i != player), default=0)


def errand(state: DBState, u: Unit) -> tuple[float, str]:
    """(worth, why) of sending u to an objective it can reach this turn
    where its models would take or break the hold (dragonbond.txt
    § Control), when no objective it stands at needs it to stay held."""
    if state.options.get("mode", "control") != "control" or not u.models:
        return 0.0, ""
    n = len(u.models)
    me = u.owner
    reach = 2 * stats.speed(state, u) + space.OBJECTIVE_RANGE
    best, why = 0.0, ""
    for i, obj in enumerate(space.objectives(state)):
        px, py = obj.point if obj.point is not None else obj.centre
        d = min(math.hypot(f.x - px, f.y - py) - f.r for f in space.feet(state, u))
        counts = [space.models_on(state, obj, p.index) for p in state.players]
        mine = counts[me]
        theirs = max((c for j, c in enumerate(counts) if j != me), default=0)
        name = obj.name or f"objective {i + 1}"
        if d <= space.OBJECTIVE_RANGE:
            if mine > theirs and mine - n <= theirs:
                return 0.0, ""             # it holds this one: it stays
            continue
        if d > reach or mine > theirs:
            continue
        if mine + n > theirs:
            v, reason = 0.8, f"take {name} (Control: a point each round)"
        elif mine + n == theirs:
            v, reason = 0.5, f"contest {name} to stop the enemy scoring it (Control)"
        else:
            continue
        if v > best:
            best, why = v, reason
    return best, why


class StrongAgent(GreedyAgent):
    """The normal player that plays to the whole table's Control."""
    name = "strong"

    def score_activation(self, state: DBState, u: Unit) -> tuple[float, str]:
        v, why = super().score_activation(state, u)
        v -= TIRED * u.fatigue              # spread the turns: a tired unit is the next one killed
        bonus, goal = errand(state, u)
        if bonus > 0 and not u.exhaustion and not u.fatigue:
            return v + bonus, goal
        return v, why

    def objective_score(self, state: DBState, u: Unit) -> tuple[float, str]:
        s, why = super().objective_score(state, u)
        return s + WEIGHT * control(state, u.owner), why


def evaluate(state: DBState, p: int) -> float:
    """The search hook (engine/core/search.py): how good the position is for
    p.  The result dominates; then points scored (Control and kills), the
    objectives p controls now (each scores at every round's end), and what
    is left of the armies, by points."""
    if state.phase == "over":
        if p not in state.winners:
            return -1000.0
        return 1000.0 if len(state.winners) == 1 else 0.0
    n = max(1, len(state.players) - 1)
    s = 0.0
    for q in state.players:
        s += (3.0 * q.score) * (1.0 if q.index == p else -1.0 / n)
    if state.options.get("mode", "control") == "control" and state.phase == "battle":
        for obj in space.objectives(state):
            c = space.controller(state, obj)
            if c is not None:
                s += 1.5 if c == p else -1.5 / n
    for u in state.units.values():
        if not u.alive or not u.models:
            continue
        c = stats.card(u)
        if c.kind == "huge":
            left = 1.0 - u.injuries / max(1, c.injuries)
        else:
            left = (len(u.models) * c.health - u.wounds) / max(1, c.models * c.health)
        v = c.points / 25.0 * max(0.0, left) - 0.05 * u.exhaustion
        s += v if u.owner == p else -v / n
    return s
