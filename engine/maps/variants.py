"""Small changes of a table map for the judge's fairer-variant search
(engine/commands/variants.py): each deployment zone and each objective
moved a step north, south, east or west, written as a copy of the map's
own Tiled file (engine/maps/write.py `table_variant`) the designer can
open.  A move is kept only when the zone stays on the table, an objective
stays off impassable terrain and out of every deployment zone, and no
deployment zone comes to overlap another.  Size: inches moved, twice that
for a deployment zone (a player's whole start moves), in inches."""
from __future__ import annotations

from pathlib import Path

from engine.core.judging import Variant
from engine.maps.tablemap import load_table_map
from engine.maps.write import table_variant

STEP = 2.0                 # inches per move
MOVES = (("north", 0.0, -1.0), ("south", 0.0, 1.0), ("west", -1.0, 0.0), ("east", 1.0, 0.0))


def table_variants(path, folder, known_terrain=None, terrain_defaults=None, props: dict | None = None,
                   title: str = "", step: float = STEP) -> list[Variant]:
    """The candidate moves of the table map at `path`, smallest first."""
    data = load_table_map(path, known_terrain=known_terrain, terrain_defaults=terrain_defaults)
    impassable = [p for p in data.terrain if p.flag("impassable") and p.ring]
    zones = [z for z in data.zones if z.type == "deployment" and z.ring and z.name]
    objectives = [z for z in data.zones if z.type == "objective" and z.name]
    names = [z.name for z in data.zones]
    out: list[Variant] = []
    title = title or str(data.properties.get("title") or data.properties.get("name") or Path(path).stem)

    def keep(words: str, name: str, dx: float, dy: float, size: int) -> None:
        file = Path(folder) / f"variant_{len(out) + 1}{Path(path).suffix}"
        table_variant(path, file, {name: (dx, dy)}, {**(props or {}), "title": f"{title}: {words}"})
        out.append(Variant(words, size, str(file), unit="inches"))

    for z in zones:
        if names.count(z.name) != 1:
            continue
        for way, ux, uy in MOVES:
            dx, dy = ux * step, uy * step
            x0, y0, x1, y1 = z.bbox
            if x0 + dx < -1e-9 or y0 + dy < -1e-9 or x1 + dx > data.width + 1e-9 or y1 + dy > data.height + 1e-9:
                continue
            moved = _shifted(z, dx, dy)
            if any(_overlap(moved, o) for o in zones if o is not z):
                continue
            keep(f"move the {z.name} deployment zone {step:g} in {way}", z.name, dx, dy, round(2 * step))
    for o in objectives:
        if names.count(o.name) != 1:
            continue
        cx, cy = o.point if o.point is not None else ((o.bbox[0] + o.bbox[2]) / 2, (o.bbox[1] + o.bbox[3]) / 2)
        for way, ux, uy in MOVES:
            x, y = cx + ux * step, cy + uy * step
            if not (0 < x < data.width and 0 < y < data.height):
                continue
            if any(_inside(p, x, y) for p in impassable) or any(_inside(z, x, y) for z in zones):
                continue
            keep(f"move {o.name} {step:g} in {way}", o.name, ux * step, uy * step, round(step))
    out.sort(key=lambda v: (v.size, v.words))
    return out


def _shifted(z, dx: float, dy: float):
    from engine.table.geometry import Piece
    return Piece(z.id, z.type, tuple((x + dx, y + dy) for x, y in z.ring), None, z.name)


def _overlap(a, b) -> bool:
    return a.polygon().intersection(b.polygon()).area > 1e-6


def _inside(piece, x: float, y: float) -> bool:
    from shapely.geometry import Point
    return bool(piece.ring) and piece.polygon().contains(Point(x, y))
