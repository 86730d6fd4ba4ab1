"""Whether a table map can be played, as far as its own data tells: a map
`check` calls ok must deploy both sides (engine/commands/playable.py adds
the game's own word by setting it up).  Every problem is `file:line:
field: what`, the line that of the object concerned:

- at least two deployment zones (objects of type `deployment`), one per side;
- no two deployment zones overlapping (the sides would deploy on each other);
- no deployment zone wholly or almost wholly (CLEAR_SHARE) under impassable
  terrain (no model could be set up in it).

Impassable terrain is what the map marks so (an object's `impassable`
property, or the game's defaults for its type when the game loaded it).
Headless; shapely for the areas.
"""
from __future__ import annotations

from engine.maps.tablemap import TableMapData

MIN_DEPLOYMENT = 2
CLEAR_SHARE = 0.1          # at least a tenth of a deployment zone must be clear of impassable terrain
OVERLAP_SQIN = 0.01        # touching edges are no overlap


def _polygon(piece):
    from shapely.geometry import Polygon
    poly = Polygon(piece.ring)
    return poly if poly.is_valid else poly.buffer(0)


def _label(piece) -> str:
    return f"object {piece.name or piece.id}"


def zone_problems(data: TableMapData) -> list[str]:
    """Why the map's deployment zones cannot deploy both sides (none: they can)."""
    path = data.path
    zones = [z for z in data.zones if z.type == "deployment" and z.ring]
    if len(zones) < MIN_DEPLOYMENT:
        return [f"{path}:{data.line_of()}: zones: {len(zones)} deployment zone{'s' if len(zones) != 1 else ''}: "
                f"a table map needs one for each side, at least {MIN_DEPLOYMENT} (objects of type deployment)"]
    problems = []
    shapes = [(z, _polygon(z)) for z in zones]
    for i, (z, poly) in enumerate(shapes):
        for other, opoly in shapes[:i]:
            area = poly.intersection(opoly).area
            if area > OVERLAP_SQIN:
                problems.append(f"{path}:{data.line_of(z.id)}: {_label(z)}: overlaps the deployment zone "
                                f"{other.name or other.id} by {area:.1f} square inches: the sides would deploy "
                                "on each other")
    walls = [(t, _polygon(t)) for t in data.terrain if t.impassable and t.ring]
    if walls:
        from shapely.ops import unary_union
        for z, poly in shapes:
            under = [(t, w) for t, w in walls if w.intersects(poly)]
            if not under or poly.area <= 0:
                continue
            clear = poly.difference(unary_union([w for _, w in under])).area
            if clear < CLEAR_SHARE * poly.area:
                names = ", ".join(t.name or t.id for t, _ in under[:3])
                problems.append(f"{path}:{data.line_of(z.id)}: {_label(z)}: lies under impassable terrain "
                                f"({names}): only {clear:.1f} of its {poly.area:.1f} square inches are clear, "
                                "no side could deploy there")
    return problems
