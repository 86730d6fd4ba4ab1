"""Write the Dragonbond tables into assets/maps/dragonbond/ and check them.

    .venv/bin/python tools/make_dragonbond_tables.py

Each table is an orthogonal Tiled JSON map (.tmj; 16 px = 1 inch, one tile
per inch) with two object layers: `zones` (a deployment zone along each
edge, corners left free so four armies never overlap, and the Control
objectives as points) and `terrain` (the five terrain tiles of
data/dragonbond/terrain.yaml as polygons).  The layouts are symmetric under
a half turn about the centre, so every edge faces the same battlefield.

Before writing, every table is checked and the tool fails loudly:
objectives at least 6" apart and at least 6" beyond every deployment limit
(dragonbond.txt § Control: Setup), terrain inside the table and clear of
the deployment zones, and the map reloads through engine.maps.tablemap.
Deterministic: running it again reproduces every file byte for byte.
The tables are Tiled's JSON maps (.tmj), which engine/maps/tablemap.py reads
like orthogonal .tmx maps.
"""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.maps.tablemap import load_table_map  # noqa: E402

OUT = ROOT / "assets" / "maps" / "dragonbond"
PX = 16                        # pixels per inch
EDGES = ("north", "east", "south", "west")


def rect(x0, y0, x1, y1):
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def blob(cx, cy, rx, ry, n=10, wobble=(1.0, 0.85, 0.95, 0.8, 1.0, 0.9, 0.85, 1.0, 0.9, 0.8)):
    return [(cx + rx * wobble[i % len(wobble)] * math.cos(2 * math.pi * i / n),
             cy + ry * wobble[i % len(wobble)] * math.sin(2 * math.pi * i / n)) for i in range(n)]


def turn(poly, w, h):
    """The half turn about the table's centre."""
    return [(w - x, h - y) for x, y in poly]


TABLES = {
    "valerna_crossing": {
        "size": (48, 48), "depth": 8,
        "objectives": [(24, 24), (16, 32), (32, 16)],
        "terrain": [
            ("Old Watchtower", "ancient_ruins", rect(9, 14, 15, 19), True),
            ("Whisperwood", "whispering_woods", blob(36, 24, 3.5, 4.5), True),
            ("Ford Mire", "mire", [(21, 19), (27, 19.5), (28, 22), (27, 28.5), (21, 28), (20, 26)], False),
            ("Embers of Caldrin", "ember_field", blob(31, 11, 2.5, 1.8), True),
            ("Rootsnare", "grasping_roots", blob(11, 27, 2, 2.5), True),
        ],
    },
    "ashen_ruins": {
        "size": (36, 36), "depth": 6,
        "objectives": [(14, 22), (22, 14)],
        "terrain": [
            ("Burnt Chapel", "ancient_ruins", rect(8, 9, 13, 13), True),
            ("Charred Grove", "whispering_woods", blob(18, 18, 2.5, 2.5), False),
            ("Smouldering Street", "ember_field", rect(24, 8, 28, 10.5), True),
            ("Flooded Cellar", "mire", blob(9, 19, 1.8, 2.2), True),
            ("Dead Roots", "grasping_roots", blob(27, 18, 1.5, 1.5), True),
        ],
    },
    "border_skirmish": {
        "size": (24, 24), "depth": 6,
        "objectives": [(12, 12)],
        "terrain": [
            ("Border Stones", "ancient_ruins", rect(7, 7.5, 10, 9.5), True),
            ("Hedge", "whispering_woods", blob(12, 12, 2.2, 1.0), False),
            ("Marsh", "mire", blob(15.5, 8, 1.2, 1.4), True),
            ("Camp Embers", "ember_field", blob(7, 12, 1.0, 1.0), True),
            ("Bramble Roots", "grasping_roots", blob(12, 16.5, 0.8, 0.8), True),
        ],
    },
    "dragons_rest": {
        "size": (72, 48), "depth": 10,
        "objectives": [(24, 24), (48, 24), (36, 17), (36, 31)],
        "terrain": [
            ("Dragon Bones", "ancient_ruins", rect(14, 14, 20, 19), True),
            ("Wyrmwood", "whispering_woods", blob(30, 24, 3, 4), True),
            ("Scorched Hollow", "ember_field", blob(46, 14, 3, 2), True),
            ("Drowned Field", "mire", [(33, 21), (39, 21), (40, 24), (39, 27), (33, 27), (32, 24)], False),
            ("Roots of the Old Tree", "grasping_roots", blob(58, 27, 2.5, 3), True),
        ],
    },
}


def zones_for(w, h, d):
    return {
        "north": rect(d, 0, w - d, d),
        "south": rect(d, h - d, w - d, h),
        "west": rect(0, d, d, h - d),
        "east": rect(w - d, d, w, h - d),
    }


def limits_for(w, h, d):
    """Each deployment limit as (axis, value, side): the line an army may
    not deploy beyond."""
    return {"north": ("y", d), "south": ("y", h - d), "west": ("x", d), "east": ("x", w - d)}


def check(name, spec) -> list[str]:
    w, h = spec["size"]
    d = spec["depth"]
    bad = []
    objs = spec["objectives"]
    for i, a in enumerate(objs):
        for b in objs[i + 1:]:
            if math.dist(a, b) < 6:
                bad.append(f"{name}: objectives {a} and {b} are closer than 6 inches")
        for edge, (axis, v) in limits_for(w, h, d).items():
            c = a[0] if axis == "x" else a[1]
            if abs(c - v) < 6 or (edge in ("north", "west") and c < v) or (edge in ("south", "east") and c > v):
                bad.append(f"{name}: objective {a} is within 6 inches of the {edge} deployment limit")
    zones = zones_for(w, h, d)
    for label, _typ, poly, _ in pieces(spec):
        for x, y in poly:
            if not (0 <= x <= w and 0 <= y <= h):
                bad.append(f"{name}: {label} leaves the table")
        for edge, z in zones.items():
            zx0, zy0 = z[0]
            zx1, zy1 = z[2]
            if any(zx0 < x < zx1 and zy0 < y < zy1 for x, y in poly):
                bad.append(f"{name}: {label} intrudes on the {edge} deployment zone")
    return bad


def pieces(spec):
    w, h = spec["size"]
    out = []
    for label, typ, poly, mirror in spec["terrain"]:
        out.append((label, typ, poly, mirror))
        if mirror:
            out.append((label + " (far side)", typ, turn(poly, w, h), False))
    return out


def obj(oid, name, typ, poly=None, point=None, props=None):
    o = {"id": oid, "name": name, "type": typ, "rotation": 0, "visible": True}
    if point is not None:
        o.update({"x": round(point[0] * PX, 3), "y": round(point[1] * PX, 3), "width": 0, "height": 0, "point": True})
    else:
        x0, y0 = poly[0]
        o.update({"x": round(x0 * PX, 3), "y": round(y0 * PX, 3), "width": 0, "height": 0,
                  "polygon": [{"x": round((x - x0) * PX, 3), "y": round((y - y0) * PX, 3)} for x, y in poly]})
    if props:
        o["properties"] = [{"name": k, "type": "string", "value": v} for k, v in props.items()]
    return o


def build(name, spec) -> dict:
    w, h = spec["size"]
    d = spec["depth"]
    oid = 1
    zone_objs = []
    for edge, poly in zones_for(w, h, d).items():
        zone_objs.append(obj(oid, edge, "deployment", poly, props={"edge": edge}))
        oid += 1
    for i, p in enumerate(spec["objectives"]):
        zone_objs.append(obj(oid, f"objective {i + 1}", "objective", point=p))
        oid += 1
    terr = []
    for label, typ, poly, _ in pieces(spec):
        terr.append(obj(oid, label, typ, [(round(x, 3), round(y, 3)) for x, y in poly]))
        oid += 1

    def layer(lid, lname, objs):
        return {"draworder": "topdown", "id": lid, "name": lname, "objects": objs, "opacity": 1,
                "type": "objectgroup", "visible": True, "x": 0, "y": 0}

    return {"compressionlevel": -1, "height": h, "infinite": False, "layers": [layer(1, "zones", zone_objs),
            layer(2, "terrain", terr)], "nextlayerid": 3, "nextobjectid": oid, "orientation": "orthogonal",
            "properties": [{"name": "inch", "type": "float", "value": PX},
                           {"name": "title", "type": "string", "value": name.replace("_", " ").title()}],
            "renderorder": "right-down", "tiledversion": "1.10.2", "tileheight": PX, "tilesets": [],
            "tilewidth": PX, "type": "map", "version": "1.10", "width": w}


def main() -> int:
    import yaml
    known = set(yaml.safe_load((ROOT / "data" / "dragonbond" / "terrain.yaml").read_text(encoding="utf-8")))
    problems = []
    for name, spec in TABLES.items():
        problems.extend(check(name, spec))
        problems.extend(f"{name}: unknown terrain {t}" for _, t, _, _ in spec["terrain"] if t not in known)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    for name, spec in TABLES.items():
        path = OUT / f"{name}.tmj"
        path.write_text(json.dumps(build(name, spec), indent=1, sort_keys=True) + "\n", encoding="utf-8")
        m = load_table_map(path, known_terrain=known)
        assert (m.width, m.height) == spec["size"], name
        assert len(m.zones_of("deployment") if hasattr(m, "zones_of") else [z for z in m.zones if z.type == "deployment"]) == 4
        print(f"{path.relative_to(ROOT)}: {m.width:g} x {m.height:g} in, {len(m.terrain)} terrain pieces, "
              f"{sum(z.type == 'objective' for z in m.zones)} objectives")
    return 0


if __name__ == "__main__":
    sys.exit(main())
