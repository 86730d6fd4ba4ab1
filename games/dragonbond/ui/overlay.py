"""The table aids of Dragonbond, as shapes for the board to draw over the
table (engine/ui/table_contract.py `OverlayShape`); headless.

- the terrain a move being dragged, or a charge being considered, will
  enter, outlined and named with what it will do (§ Entering Terrain,
  § Instant: Slow, Damage, Immobilized tokens);
- a charge, before it is committed (hovering an enemy in charge mode):
  each model's path and where it ends for the median roll, as the rules
  will plan it (games/dragonbond/rules/charging.py), green when it arrives and
  red when it falls short.

Reads the state; never changes it.
"""
from __future__ import annotations

import math

from engine.ui.table_contract import OverlayShape
from games.dragonbond.rules import movement, space
from games.dragonbond.rules.state import DBState, Unit

TERRAIN, GOOD, SHORT = "#F0A030", "#7CE07C", "#FF6B6B"
TOKEN_SHORT = {"slow": "Slow token", "immobilized": "Immobilized token", "damage": "Damage token"}


def effect_words(state: DBState, u: Unit, piece) -> str:
    """'Ford Mire: Slow token' (or why none: 'flies over')."""
    st, why = movement.instant_effect(state, u, piece, "enters")
    name = piece.name or piece.type
    if st is not None:
        return f"{name}: {TOKEN_SHORT.get(st, st)}"
    return f"{name}: no token ({why})" if why else name


def terrain_shapes(state: DBState, u: Unit, pieces) -> list[OverlayShape]:
    """Each piece outlined, dashed, named with its effect on the unit."""
    return [OverlayShape(tuple(p.ring), TERRAIN, 3, closed=True, dashed=True, label=effect_words(state, u, p))
            for p in pieces if p.ring]


def _circle(x: float, y: float, r: float) -> tuple:
    return tuple((x + r * math.cos(a * math.pi / 10), y + r * math.sin(a * math.pi / 10)) for a in range(20))


def charge_shapes(state: DBState, u: Unit, pts, arrives: bool, label: str) -> list[OverlayShape]:
    """Each model's path to its end of the charge and its base there; the
    label half way along the unit's move."""
    col = GOOD if arrives else SHORT
    paths = movement.model_paths(state, u, pts, math.inf)
    if not isinstance(paths, list):
        paths = [[(m.x, m.y), tuple(p)] for m, p in zip(u.models, pts)]
    r = space.shape_of(state.catalog, u.card).radius
    out = []
    for path in paths:
        if len(path) > 1:
            out.append(OverlayShape(tuple(path), col, 2, dashed=True))
    for x, y in pts:
        out.append(OverlayShape(_circle(x, y, r), col, 2, closed=True))
    if pts and u.models:                    # the label half way along the unit's move, clear of bases and tooltip
        sx = sum(m.x for m in u.models) / len(u.models)
        sy = sum(m.y for m in u.models) / len(u.models)
        ex = sum(x for x, _ in pts) / len(pts)
        ey = sum(y for _, y in pts) / len(pts)
        out.append(OverlayShape(((sx, sy), ((sx + ex) / 2, (sy + ey) / 2), (ex, ey)), col, 1, label=label))
    return out
