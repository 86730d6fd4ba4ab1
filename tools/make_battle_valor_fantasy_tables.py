"""Write the Battle Valor Fantasy tables into assets/maps/battle_valor_fantasy/
and check them.

    .venv/bin/python tools/make_battle_valor_fantasy_tables.py

Each table is an orthogonal Tiled XML map (.tmx; 16 px = 1 inch, one tile
per inch) with two object layers: `zones` (a deployment zone along each long
edge, `south` and `north`, and the scenario's objectives as points) and
`terrain` (polygons whose class is a terrain id of
data/battle_valor_fantasy/terrain.yaml).  Linear obstacles (walls, hedges,
fences) are drawn as strips half an inch thick.  Every layout is symmetric
under a half turn about the centre (or is a mirror, below), so both sides face the same
battlefield.

Before writing, every table is checked and the tool fails loudly: terrain
inside the table, no impassable or sight-blocking piece inside a deployment
zone, objectives at least 6" beyond both deployment zones, and each map
reloads through engine.maps.tablemap with the terrain defaults.

A table may instead be a mirror (`"symmetry": "mirror"`: each piece
reflected across the middle line between the deployment zones).  Both
layouts are fair between two people; the computer general places its
blocks and breaks its ties reading the table west to east whichever side
it plays, so under a half turn its two armies meet different ground on the
same flank (Border March's stream lay nearer the north on the east, and the
north won 71% of seats in 20+20 games: docs/games/battle_valor_fantasy.md
§ Balance of the shipped lists); under a mirror they meet the same.
Deterministic: running it again reproduces every file byte for byte.
"""
from __future__ import annotations

import math
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.maps.tablemap import load_table_map  # noqa: E402

OUT = ROOT / "assets" / "maps" / "battle_valor_fantasy"
PX = 16                        # pixels per inch
STRIP = 0.5                    # thickness of a linear obstacle, inches


def rect(x0, y0, x1, y1):
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def blob(cx, cy, rx, ry, n=12, wobble=(1.0, 0.88, 0.95, 0.82, 1.0, 0.9, 0.86, 1.0, 0.92, 0.84, 0.97, 0.9)):
    return [(cx + rx * wobble[i % len(wobble)] * math.cos(2 * math.pi * i / n),
             cy + ry * wobble[i % len(wobble)] * math.sin(2 * math.pi * i / n)) for i in range(n)]


def strip(x0, y0, x1, y1, width=STRIP):
    """A straight band from (x0, y0) to (x1, y1), `width` thick."""
    dx, dy = x1 - x0, y1 - y0
    n = math.hypot(dx, dy)
    ox, oy = -dy / n * width / 2, dx / n * width / 2
    return [(x0 + ox, y0 + oy), (x1 + ox, y1 + oy), (x1 - ox, y1 - oy), (x0 - ox, y0 - oy)]


def turn(poly, w, h):
    """The half turn about the table's centre."""
    return [(w - x, h - y) for x, y in poly]


def mirror(poly, w, h):
    """The reflection across the middle line between the two deployment
    zones (north and south trade places, west stays west)."""
    return [(x, h - y) for x, y in reversed(poly)]


def even_blob(cx, cy, rx, ry, n=12):
    """A blob on the middle line that is its own mirror image (the wobble
    of the angle and of its reflection averaged)."""
    b = blob(cx, cy, rx, ry, n)
    return [((b[i][0] + b[-i % n][0]) / 2, cy + (b[i][1] - b[-i % n][1]) / 2) for i in range(n)]


# name: size (w, h), depth of the deployment zones, objectives, terrain as
# (label, terrain id, polygon, paired with its half turn (or mirror: "symmetry") on the far side?)
TABLES = {
    "field_of_abaci": {
        "size": (72, 48), "depth": 12,
        "objectives": [],
        "terrain": [
            ("Abacus Hill", "hill", blob(20, 31, 6, 3.5), True),
            ("Greywood", "woods", blob(5, 22, 4, 5.5), True),
            ("Old Farmhouse", "building", rect(30, 19.5, 34, 22.5), True),
            ("Farm Road", "road", [(0, 33), (20, 29.5), (36, 23.5), (52, 18.5), (72, 15), (72, 17),
                                   (52, 20.5), (36, 25.5), (20, 31.5), (0, 35)], False),
            ("Farmyard Wall", "wall", strip(28, 18.5, 34, 18.5), True),
            ("Barley Field", "field", rect(44, 27, 54, 33), True),
            ("Field Hedge", "hedge", strip(44, 26.4, 54, 26.4), True),
            ("Stony Rise", "rocky_ground", blob(62, 34, 2.5, 2), True),
        ],
    },
    "fords_of_legian": {
        "size": (72, 48), "depth": 12,
        "objectives": [(36, 24), (15, 24), (57, 24)],
        "terrain": [
            ("River Legian", "river", rect(0, 22, 12, 26), True),
            ("River Legian (middle)", "river", rect(18, 22, 34, 26), True),
            ("West Ford", "stream", rect(12, 22, 18, 26), True),
            ("Old Bridge", "road", rect(34, 21, 38, 27), False),
            ("Bridge Road", "road", rect(35, 0, 37, 21), True),
            ("Alderwood", "woods", blob(8, 34, 4.5, 3), True),
            ("Watch Hill", "hill", blob(50, 32, 5, 3), True),
            ("Reed Marsh", "marsh", blob(22, 29, 3, 1.8), True),
        ],
    },
    "thornby_village": {
        "size": (72, 48), "depth": 12,
        "objectives": [(36, 24)],
        "terrain": [
            ("East-West Road", "road", rect(0, 23, 72, 25), False),
            ("North-South Road", "road", rect(35, 0, 37, 23), True),
            ("Thornby Hall", "building", rect(27, 16, 32, 20.5), True),
            ("Smithy", "building", rect(40, 16.5, 44, 20.5), True),
            ("Village Wall", "wall", strip(24, 14, 33.5, 14), True),
            ("Village Wall (east)", "wall", strip(38.5, 14, 48, 14), True),
            ("Thornby Fields", "field", rect(8, 28, 18, 34), True),
            ("Field Hedge", "hedge", strip(8, 27.4, 18, 27.4), True),
            ("Bramblewood", "woods", blob(61, 31, 5, 3), True),
            ("Paddock Fence", "fence", strip(52, 15.5, 52, 22.5), True),
        ],
    },
    "long_flank": {
        "size": (72, 48), "depth": 12,
        "objectives": [(36, 24)],
        "terrain": [
            ("Drovers' Road (west)", "road", rect(1, 0, 3, 48), True),
            ("Beacon Ridge", "hill", blob(36, 24, 7, 3.5), False),
            ("Hollins Wood", "woods", blob(13, 19, 4.5, 3.5), True),
            ("Mill Farm", "building", rect(52, 28, 56, 31), True),
            ("Mill Farm Wall", "wall", strip(51, 32.2, 57, 32.2), True),
            ("Sheep Fold Fence", "fence", strip(24, 31, 24, 35), True),
            ("Wet Meadow", "marsh", blob(60, 20, 3, 2), True),
        ],
    },
    "twin_crowns": {           # the Grand Alliance's field: two objectives, a flank for each ally
        "size": (72, 48), "depth": 12,
        "objectives": [(22, 24), (50, 24)],
        "terrain": [
            ("Crown Hill", "hill", blob(22, 24, 5, 3), True),
            ("Kingsway", "road", rect(35, 0, 37, 48), False),
            ("Twin Copse", "woods", blob(8, 30, 4, 3.5), True),
            ("Toll House", "building", rect(30, 29, 33, 32), True),
            ("Toll Wall", "wall", strip(29, 33.2, 34, 33.2), True),
            ("Sedge Marsh", "marsh", blob(45, 33, 3, 2), True),
        ],
    },
    "border_march": {          # a mirror: the stream runs straight between the armies (see the docstring)
        "size": (48, 48), "depth": 10, "symmetry": "mirror",
        "objectives": [],
        "terrain": [
            ("Border Wood", "woods", even_blob(9, 24, 4, 4.5), False),
            ("Alder Wood", "woods", even_blob(39, 24, 4, 4.5), False),
            ("Cairn Hill", "hill", blob(30, 31, 5, 3), True),
            ("Marsh Stream", "stream", [(0, 23), (16, 23.2), (24, 23), (32, 23.2), (48, 23), (48, 25),
                                        (32, 24.8), (24, 25), (16, 24.8), (0, 25)], False),
        ],
    },
}


def zones_for(w, h, d):
    return {"south": rect(0, h - d, w, h), "north": rect(0, 0, w, d)}


def pieces(spec):
    w, h = spec["size"]
    out = []
    twin = mirror if spec.get("symmetry") == "mirror" else turn
    for label, typ, poly, paired in spec["terrain"]:
        out.append((label, typ, poly))
        if paired:
            out.append((label + " (far side)", typ, twin(poly, w, h)))
    return out


def check(name, spec, terrain) -> list[str]:
    w, h = spec["size"]
    d = spec["depth"]
    bad = []
    for x, y in spec["objectives"]:
        if not (d + 6 <= y <= h - d - 6):
            bad.append(f"{name}: objective ({x}, {y}) is within 6 inches of a deployment zone")
    for label, typ, poly in pieces(spec):
        if typ not in terrain:
            bad.append(f"{name}: {label}: unknown terrain {typ!r}")
            continue
        for x, y in poly:
            if not (-1e-9 <= x <= w + 1e-9 and -1e-9 <= y <= h + 1e-9):
                bad.append(f"{name}: {label} leaves the table at ({x:.2f}, {y:.2f})")
                break
        t = terrain[typ]
        if t.get("impassable") or t.get("blocking"):
            for edge, z in zones_for(w, h, d).items():
                (zx0, zy0), (zx1, zy1) = z[0], z[2]
                if any(zx0 < x < zx1 and zy0 < y < zy1 for x, y in poly):
                    bad.append(f"{name}: {label} ({typ}) intrudes on the {edge} deployment zone")
    return bad


def _fmt(v: float) -> str:
    return f"{round(v * PX, 3):g}"


def _object(oid, name, typ, poly=None, point=None, props=None) -> list[str]:
    if point is not None:
        head = f'  <object id="{oid}" name={quoteattr(name)} type="{typ}" x="{_fmt(point[0])}" y="{_fmt(point[1])}">'
        body = ["   <point/>"]
    else:
        x0, y0 = poly[0]
        head = f'  <object id="{oid}" name={quoteattr(name)} type="{typ}" x="{_fmt(x0)}" y="{_fmt(y0)}">'
        pts = " ".join(f"{_fmt(x - x0)},{_fmt(y - y0)}" for x, y in poly)
        body = [f'   <polygon points="{pts}"/>']
    if props:
        body = ["   <properties>"] + [f'    <property name="{k}" value={quoteattr(str(v))}/>'
                                      for k, v in props.items()] + ["   </properties>"] + body
    return [head] + body + ["  </object>"]


def build(name, spec, title) -> str:
    w, h = spec["size"]
    d = spec["depth"]
    oid = 1
    zones: list[str] = []
    for edge, poly in zones_for(w, h, d).items():
        zones += _object(oid, edge, "deployment", poly, props={"edge": edge})
        oid += 1
    for i, p in enumerate(spec["objectives"]):
        zones += _object(oid, f"objective {i + 1}", "objective", point=p)
        oid += 1
    terr: list[str] = []
    for label, typ, poly in pieces(spec):
        terr += _object(oid, label, typ, [(round(x, 3), round(y, 3)) for x, y in poly])
        oid += 1
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
             f'width="{w}" height="{h}" tilewidth="{PX}" tileheight="{PX}" infinite="0" nextlayerid="3" '
             f'nextobjectid="{oid}">',
             ' <properties>',
             f'  <property name="inch" type="float" value="{PX}"/>',
             f'  <property name="title" value={quoteattr(title)}/>',
             ' </properties>',
             ' <objectgroup id="1" name="zones">', *zones, ' </objectgroup>',
             ' <objectgroup id="2" name="terrain">', *terr, ' </objectgroup>',
             '</map>']
    return "\n".join(lines) + "\n"


def main() -> int:
    import yaml
    terrain = yaml.safe_load((ROOT / "data" / "battle_valor_fantasy" / "terrain.yaml").read_text(encoding="utf-8"))
    scenarios = yaml.safe_load((ROOT / "data" / "battle_valor_fantasy" / "scenarios.yaml").read_text(encoding="utf-8"))
    titles = {Path(s["map"]).stem: s["name"] for s in scenarios.values()}
    problems = []
    for name, spec in TABLES.items():
        problems.extend(check(name, spec, terrain))
        if name not in titles:
            problems.append(f"{name}: no scenario in scenarios.yaml uses {name}.tmx")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    flags = ("difficult", "impassable", "natural", "linear", "woods", "blocking", "road", "high_ground")
    defaults = {tid: {k: bool(t.get(k, False)) for k in flags} for tid, t in terrain.items()}
    for name, spec in TABLES.items():
        path = OUT / f"{name}.tmx"
        path.write_text(build(name, spec, titles[name]), encoding="utf-8")
        m = load_table_map(path, known_terrain=set(terrain), terrain_defaults=defaults)
        assert (m.width, m.height) == spec["size"], name
        assert sorted(z.name for z in m.zones if z.type == "deployment") == ["north", "south"], name
        print(f"{path.relative_to(ROOT)}: {m.width:g} x {m.height:g} in, {len(m.terrain)} terrain pieces, "
              f"{sum(z.type == 'objective' for z in m.zones)} objectives")
    return 0


if __name__ == "__main__":
    sys.exit(main())
