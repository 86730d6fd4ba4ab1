"""Write the UberDrakes board into assets/maps/uberdrakes/ and check it.

    .venv/bin/python tools/make_uberdrakes_map.py

Writes terrain.tsx and terrain.png (one hex tile per terrain id of
data/uberdrakes/terrain.yaml, property terrain=<id>) and board.tmx: a 17 x 13
pointy-top, odd-r Tiled map with the terrain layer and the object layer
`spaces` (village and pickup polygons, cave and portal points).
Deterministic: running it again reproduces every file byte for byte.

Before writing it checks the design and fails loudly: every special space
on the board and on desert ground (nothing overlaps), each large space seven
hexes, each portal ringed by the six elements, the map loads back through
engine.maps.hexmap with the same large spaces.  Design notes:
docs/games/uberdrakes.md § The board.
"""
from __future__ import annotations

import math
import os
import struct
import sys
import zlib
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from engine.hex import grid as hexgrid  # noqa: E402
from engine.maps.hexmap import load_hex_map  # noqa: E402

OUT = ROOT / "assets" / "maps" / "uberdrakes"
TERRAIN = yaml.safe_load((ROOT / "data" / "uberdrakes" / "terrain.yaml").read_text(encoding="utf-8"))
IDS = list(TERRAIN)                        # gid = index + 1
TILE_W, TILE_H, SIDE = 64, 72, 36
ROW_H = (TILE_H - SIDE) // 2 + SIDE
W, H = 17, 13

# (name, type, centre (col, row), properties) of the 7-hex large spaces.
LARGE = [
    ("Merkezi", "village", (8, 6), [("start", "bool", "true")]),
    ("Kuzeyköy", "village", (8, 1), []),
    ("Güneyköy", "village", (8, 11), []),
    ("West Rider Camp", "pickup", (2, 6), [("side", "string", "west")]),
    ("East Rider Camp", "pickup", (14, 6), [("side", "string", "east")]),
]
CAVES = [(0, 0), (16, 0), (0, 12), (16, 12)]
PORTALS = [("North-East Portal", (12, 3), 0), ("South-West Portal", (4, 9), 3)]   # ring rotation
RING = ["fire", "metal", "earth", "water", "lightning", "wind"]                    # E, SE, SW, W, NW, NE
MOUNTAINS = {1: [(5, 4), (11, 8), (3, 2), (13, 10), (6, 7), (10, 5)],
             2: [(1, 3), (15, 9), (7, 9), (9, 3)],
             3: [(4, 12), (12, 0)],
             4: [(1, 9), (15, 3)]}
MAGIC = [(2, 1), (14, 1), (6, 3), (10, 9), (5, 6), (11, 6), (3, 11), (13, 11), (0, 4), (16, 8)]
TREASURE = [(6, 0), (10, 12), (10, 2), (6, 10), (16, 5), (0, 7)]


def fail(msg: str) -> None:
    sys.exit(f"make_uberdrakes_map: {msg}")


def axial(cr) -> tuple[int, int]:
    return hexgrid.offset_to_axial(*cr)


def offset(h) -> tuple[int, int]:
    return hexgrid.axial_to_offset(h)


def on_board(h) -> bool:
    c, r = offset(h)
    return 0 <= c < W and 0 <= r < H


def design() -> tuple[list[list[str]], list[tuple], list[tuple]]:
    """The terrain grid, the large spaces (name, type, hexes, props) and the
    point objects (name, type, (col, row))."""
    grid = [["desert"] * W for _ in range(H)]
    taken: dict = {}

    def put(cr, terrain, what):
        c, r = cr
        if not (0 <= c < W and 0 <= r < H):
            fail(f"{what} at {cr} is off the board")
        if cr in taken:
            fail(f"{what} at {cr} overlaps {taken[cr]}")
        taken[cr] = what
        grid[r][c] = terrain

    large = []
    for name, kind, centre, props in LARGE:
        hexes = [centre] + [offset(n) for n in hexgrid.neighbors(axial(centre))]
        for cr in hexes:
            put(cr, kind, name)
        large.append((name, kind, hexes, props))
    points = []
    for i, cr in enumerate(CAVES):
        put(cr, "cave", f"cave {i + 1}")
        points.append((f"Cave {i + 1}", "cave", cr))
    for name, centre, turn in PORTALS:
        put(centre, "portal", name)
        points.append((name, "portal", centre))
        for d, n in enumerate(hexgrid.neighbors(axial(centre))):
            put(offset(n), RING[(d + turn) % 6], f"{name} ring")
    for bonus, cells in MOUNTAINS.items():
        for cr in cells:
            put(cr, f"mountain_{bonus}", "mountain")
    for cr in MAGIC:
        put(cr, "magic", "magic space")
    for cr in TREASURE:
        put(cr, "treasure", "treasure chest")
    return grid, large, points


# --- writers -------------------------------------------------------------------

def centre_px(col: int, row: int) -> tuple[float, float]:
    return col * TILE_W + (row & 1) * (TILE_W // 2) + TILE_W / 2, row * ROW_H + TILE_H / 2


def hex_corners(col: int, row: int) -> list[tuple[int, int]]:
    """Tiled pixel corners of a cell (pointy-top), clockwise from the top."""
    cx, cy = centre_px(col, row)
    so = (TILE_H - SIDE) / 2
    return [(round(cx), round(cy - TILE_H / 2)), (round(cx + TILE_W / 2), round(cy - TILE_H / 2 + so)),
            (round(cx + TILE_W / 2), round(cy + TILE_H / 2 - so)), (round(cx), round(cy + TILE_H / 2)),
            (round(cx - TILE_W / 2), round(cy + TILE_H / 2 - so)), (round(cx - TILE_W / 2), round(cy - TILE_H / 2 + so))]


def outline(cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The outline of a union of cells: the edges used once, chained."""
    count: dict = {}
    for c in cells:
        pts = hex_corners(*c)
        for i in range(6):
            e = (pts[i], pts[(i + 1) % 6])
            key = frozenset(e)
            count[key] = count.get(key, 0) + 1
    edges = {}
    for c in cells:
        pts = hex_corners(*c)
        for i in range(6):
            a, b = pts[i], pts[(i + 1) % 6]
            if count[frozenset((a, b))] == 1:
                edges[a] = b
    start = min(edges)
    out, p = [start], edges[start]
    while p != start:
        out.append(p)
        p = edges[p]
    return out


def tmx(grid, large, points) -> str:
    nobj = len(large) + len(points)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" renderorder="right-down" '
           f'width="{W}" height="{H}" tilewidth="{TILE_W}" tileheight="{TILE_H}" infinite="0" '
           f'hexsidelength="{SIDE}" staggeraxis="y" staggerindex="odd" nextlayerid="3" nextobjectid="{nobj + 1}">',
           " <properties>", '  <property name="name" value="UberDrakes"/>', " </properties>",
           ' <tileset firstgid="1" source="terrain.tsx"/>',
           f' <layer id="1" name="terrain" width="{W}" height="{H}">', '  <data encoding="csv">',
           ",\n".join(",".join(str(IDS.index(t) + 1) for t in row) for row in grid), "</data>", " </layer>",
           ' <objectgroup id="2" name="spaces">']
    oid = 1
    for name, kind, cells, props in large:
        pts = outline(cells)
        x0, y0 = pts[0]
        out.append(f'  <object id="{oid}" name={quoteattr(name)} type="{kind}" x="{x0}" y="{y0}">')
        out.append("   <properties>")
        out.append('    <property name="protected" type="bool" value="true"/>')
        for pname, ptype, value in props:
            typ = "" if ptype == "string" else f' type="{ptype}"'
            out.append(f"    <property name={quoteattr(pname)}{typ} value={quoteattr(value)}/>")
        out.append("   </properties>")
        out.append('   <polygon points="' + " ".join(f"{x - x0},{y - y0}" for x, y in pts) + '"/>')
        out.append("  </object>")
        oid += 1
    for name, kind, (c, r) in points:
        x, y = centre_px(c, r)
        out.append(f'  <object id="{oid}" name={quoteattr(name)} type="{kind}" x="{x:g}" y="{y:g}">')
        out.append("   <point/>")
        out.append("  </object>")
        oid += 1
    out += [" </objectgroup>", "</map>"]
    return "\n".join(out) + "\n"


def tsx() -> str:
    from engine.maps.write import tileset_xml
    return tileset_xml("uberdrakes_terrain", IDS, TILE_W, TILE_H, 6)


def png_bytes() -> bytes:
    """The tileset image: each terrain's colour with a simple mark."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    cols = 6
    w, h = cols * TILE_W, -(-len(IDS) // cols) * TILE_H
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    so = (TILE_H - SIDE) // 2
    for i, t in enumerate(IDS):
        x0, y0 = (i % cols) * TILE_W, (i // cols) * TILE_H
        hexagon = [(x0 + TILE_W // 2, y0), (x0 + TILE_W - 1, y0 + so), (x0 + TILE_W - 1, y0 + so + SIDE),
                   (x0 + TILE_W // 2, y0 + TILE_H - 1), (x0, y0 + so + SIDE), (x0, y0 + so)]
        colour = pygame.Color(TERRAIN[t]["color"])
        dark = colour.lerp((0, 0, 0), 0.4)
        light = colour.lerp((255, 255, 255), 0.45)
        pygame.draw.polygon(surf, colour, hexagon)
        cx, cy = x0 + TILE_W // 2, y0 + TILE_H // 2
        kind = TERRAIN[t]["kind"]
        if kind == "mountain":
            n = TERRAIN[t]["mountain"]
            pygame.draw.polygon(surf, dark, [(cx - 20, cy + 12), (cx, cy - 18), (cx + 20, cy + 12)])
            for k in range(n):
                pygame.draw.circle(surf, light, (cx - 3 * (n - 1) + 6 * k, cy + 18), 2)
        elif kind == "magic":
            for a in range(0, 360, 72):
                pygame.draw.line(surf, light, (cx, cy), (cx + 14 * math.cos(math.radians(a - 90)),
                                                         cy + 14 * math.sin(math.radians(a - 90))), 2)
        elif kind == "treasure":
            pygame.draw.rect(surf, dark, (cx - 12, cy - 8, 24, 16), 0)
            pygame.draw.rect(surf, light, (cx - 12, cy - 8, 24, 16), 2)
        elif kind == "element":
            pygame.draw.circle(surf, light, (cx, cy), 14, 3)
        elif kind == "portal":
            for rr in (18, 12, 6):
                pygame.draw.circle(surf, light, (cx, cy), rr, 2)
        elif kind == "village":
            for dx, dy in ((-12, -6), (4, -10), (-4, 8), (10, 6)):
                pygame.draw.rect(surf, dark, (cx + dx - 4, cy + dy - 4, 8, 8))
        elif kind == "pickup":
            pygame.draw.circle(surf, light, (cx, cy - 8), 5)
            pygame.draw.line(surf, light, (cx, cy - 3), (cx, cy + 10), 3)
        elif kind == "cave":
            pygame.draw.ellipse(surf, (20, 14, 10), (cx - 14, cy - 8, 28, 20))
        pygame.draw.polygon(surf, dark, hexagon, 1)
    raw = pygame.image.tobytes(surf, "RGBA")
    rows = b"".join(b"\x00" + raw[y * w * 4:(y + 1) * w * 4] for y in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def check_loaded(large, points) -> None:
    data = load_hex_map(OUT / "board.tmx", known_terrain=set(IDS))
    objs = {o.name: o for o in data.objects}
    for name, kind, cells, _ in large:
        o = objs.get(name)
        if o is None or o.type != kind:
            fail(f"{name}: not read back as a {kind}")
        if set(o.hexes) != {axial(c) for c in cells}:
            fail(f"{name}: the polygon covers {sorted(map(offset, o.hexes))}, not its seven hexes")
        if not o.properties.get("protected"):
            fail(f"{name}: not protected")
    for name, _kind, cr in points:
        if objs[name].hex != axial(cr):
            fail(f"{name}: point read back at {offset(objs[name].hex)}")
    # Every hex's neighbours within reach: the board is one piece (always, no obstacles) and
    # every element space is next to its portal.
    for name, centre, _ in PORTALS:
        ring = [data.terrain[n] for n in hexgrid.neighbors(axial(centre))]
        if sorted(ring) != sorted(RING):
            fail(f"{name}: ring is {ring}")


def main() -> None:
    grid, large, points = design()
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "terrain.tsx").write_text(tsx(), encoding="utf-8")
    (OUT / "board.tmx").write_text(tmx(grid, large, points), encoding="utf-8")
    (OUT / "terrain.png").write_bytes(png_bytes())
    check_loaded(large, points)
    counts: dict = {}
    for row in grid:
        for t in row:
            counts[t] = counts.get(t, 0) + 1
    print(f"wrote {OUT}: " + ", ".join(f"{t} {n}" for t, n in sorted(counts.items())))


if __name__ == "__main__":
    main()
