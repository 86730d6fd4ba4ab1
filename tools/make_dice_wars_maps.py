"""Write the Dice Wars maps into assets/maps/dice_wars/ and check them.

    .venv/bin/python tools/make_dice_wars_maps.py

Writes terrain.png and terrain.tsx (one hex tile per terrain id, property
terrain=<id>), the nine front tiles tile_1..9.tmx, the nine Hinterland
tiles hinterland_1..9.tmx, and the 3x3 layouts balanced.tmx and
hinterland.tmx (tiles 1..9 composed exactly as engine.maps.hexmap.compose does).
Deterministic: running it again reproduces every file byte for byte.

Before writing anything it checks the design and fails loudly: every tile
connected on its own, the layouts 180-degree symmetric, the four corners
equally far from their two nearest cities and the Dark Tower, and the whole passable area
connected on the layouts and on 600 random Challenge III shuffles (tile 5
in the centre, tiles turned, front and Hinterland sides mixed).  Design
notes: docs/games/dice_wars_maps.md.
"""
from __future__ import annotations

import heapq
import os
import random
import struct
import sys
import zlib
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from engine.hex import grid as hexgrid  # noqa: E402
from engine.maps.hexmap import HexMapData, MapObject, compose, load_hex_map  # noqa: E402

OUT = ROOT / "assets" / "maps" / "dice_wars"
TERRAIN = yaml.safe_load((ROOT / "data" / "dice_wars" / "terrain.yaml").read_text(encoding="utf-8"))
IDS = list(TERRAIN)                        # gid = index + 1
TILE_W, TILE_H, SIDE = 64, 72, 36          # Tiled pixels; rows are (72 - 36) / 2 + 36 = 54 apart
ROW_H = (TILE_H - SIDE) // 2 + SIDE
N = 6                                      # a map tile is 6 x 6 hexes
IMPASSABLE = {t for t, d in TERRAIN.items() if d.get("passable") is False}

LEGEND = {".": "plains", "f": "forest", "p": "plateau", "b": "badlands", "l": "ley_line",
          "c": "city", "C": "capital", "~": "water", "^": "mountain", "#": "wall", "T": "tower",
          "r": "ruins"}

# Odd rows are drawn shifted right, as on the table (odd-r).  Tiles 6..9 are
# tiles 4..1 turned 180 degrees, so the 3x3 layout is symmetric.
FRONT = {
    1: """
        .  .  .  .  f  .
          .  ~  .  .  f  .
        .  ~  .  .  .  .
          .  .  .  p  p  .
        .  f  .  .  b  .
          .  f  .  .  .  .
    """,
    2: """
        .  .  ~  ~  .  .
          p  .  ~  ~  .  .
        .  f  .  #  c  .
          .  .  c  C  #  f
        .  .  .  #  c  .
          .  b  .  .  .  p
    """,
    3: """
        .  f  .  .  .  .
          .  f  .  .  ~  .
        .  .  .  .  ~  .
          .  p  p  .  .  .
        .  b  .  .  f  .
          .  .  .  .  f  .
    """,
    4: """
        .  .  .  f  .  .
          .  #  c  .  .  .
        .  c  C  #  .  ^
          .  #  c  .  .  ^
        .  .  .  f  .  .
          .  p  .  .  b  .
    """,
    5: """
        p  f  .  ~  ~  .
          .  l  l  l  .  f
        b  l  T  T  l  .
          .  l  T  T  l  b
        f  .  l  l  l  .
          .  ~  ~  .  f  p
    """,
}

HINTERLAND = {
    1: """
        .  f  f  .  b  b
          f  f  .  .  b  ^
        f  .  .  .  .  ^
          ~  .  .  .  f  f
        ~  ~  p  .  f  f
          .  p  p  .  l  .
    """,
    2: """
        .  .  ^  ^  .  l
          .  p  p  ^  .  l
        l  .  .  .  .  l
          l  .  .  .  b  .
        f  b  .  .  b  .
          f  .  ~  ~  .  p
    """,
    3: """
        .  .  ~  .  f  f
          b  ~  .  .  f  f
        b  b  .  .  .  f
          .  .  .  .  .  .
        .  l  f  .  ~  .
          .  f  f  ~  ~  .
    """,
    4: """
        b  b  .  .  p  p
          .  b  .  .  p  .
        ^  .  .  .  .  .
          ^  .  .  .  b  l
        .  f  .  b  l  l
          f  f  .  .  ^  ~
    """,
    5: """
        .  ^  .  .  l  .
          .  ^  .  l  .  f
        f  .  l  .  .  b
          b  .  .  l  .  f
        f  .  l  .  ^  .
          .  l  .  .  ^  .
    """,
}
SITES = {1: (2, 2), 2: (2, 2), 3: (3, 2), 4: (2, 2), 5: (3, 2)}   # (col, row) on the tile

CITY_NAMES = "city_{}"
SITE_NAMES = "site_{}"


# --- tiles as grids of terrain ids -----------------------------------------------

Grid = list[list[str]]


def parse(text: str) -> Grid:
    rows = [[LEGEND[c] for c in line.split()] for line in text.strip().splitlines()]
    assert len(rows) == N and all(len(r) == N for r in rows), "a tile is 6 x 6"
    return rows


def turned(grid: Grid) -> Grid:
    """180 degrees: offset (c, r) -> (5 - c, 5 - r), exact for even heights."""
    return [row[::-1] for row in grid[::-1]]


def full_set(designs: dict[int, str]) -> dict[int, Grid]:
    tiles = {n: parse(t) for n, t in designs.items()}
    for n in (6, 7, 8, 9):
        tiles[n] = turned(tiles[10 - n])
    assert tiles[5] == turned(tiles[5]), "tile 5 must look the same turned around"
    return tiles


def site_cells() -> dict[int, tuple[int, int]]:
    out = dict(SITES)
    for n in (6, 7, 8, 9):
        c, r = SITES[10 - n]
        out[n] = (N - 1 - c, N - 1 - r)
    return out


def capitals(grid: Grid) -> list[tuple[int, int]]:
    return [(c, r) for r, row in enumerate(grid) for c, t in enumerate(row) if t == "capital"]


# --- TMX / TSX / PNG writers ----------------------------------------------------

def centre_px(col: int, row: int) -> tuple[int, int]:
    return col * TILE_W + (row & 1) * (TILE_W // 2) + TILE_W // 2, row * ROW_H + TILE_H // 2


def tmx(grid: Grid, props: list[tuple[str, str, str]], layers: list[tuple[str, list]]) -> str:
    """props: (name, type, value); layers: (name, [(name, type, col, row)]) point objects."""
    h, w = len(grid), len(grid[0])
    nobj = sum(len(objs) for _, objs in layers)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" renderorder="right-down" '
           f'width="{w}" height="{h}" tilewidth="{TILE_W}" tileheight="{TILE_H}" infinite="0" '
           f'hexsidelength="{SIDE}" staggeraxis="y" staggerindex="odd" '
           f'nextlayerid="{len(layers) + 2}" nextobjectid="{nobj + 1}">']
    if props:
        out.append(" <properties>")
        for name, kind, value in props:
            typ = "" if kind == "string" else f' type="{kind}"'
            out.append(f"  <property name={quoteattr(name)}{typ} value={quoteattr(value)}/>")
        out.append(" </properties>")
    out.append(' <tileset firstgid="1" source="terrain.tsx"/>')
    out.append(f' <layer id="1" name="terrain" width="{w}" height="{h}">')
    out.append('  <data encoding="csv">')
    rows = [",".join(str(IDS.index(t) + 1) for t in row) for row in grid]
    out.append(",\n".join(rows))
    out.append("</data>")
    out.append(" </layer>")
    oid = 1
    for i, (lname, objs) in enumerate(layers):
        out.append(f' <objectgroup id="{i + 2}" name="{lname}">')
        for name, kind, col, row in objs:
            x, y = centre_px(col, row)
            out.append(f'  <object id="{oid}" name="{name}" type="{kind}" x="{x}" y="{y}">')
            out.append("   <point/>")
            out.append("  </object>")
            oid += 1
        out.append(" </objectgroup>")
    out.append("</map>")
    return "\n".join(out) + "\n"


def tsx() -> str:
    from engine.maps.write import tileset_xml
    return tileset_xml("dice_wars_terrain", IDS, TILE_W, TILE_H, 4)


def png_bytes() -> bytes:
    """The tileset image: a hex of each terrain's colour with a simple mark."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    w, h = 4 * TILE_W, -(-len(IDS) // 4) * TILE_H
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    so = (TILE_H - SIDE) // 2
    for i, t in enumerate(IDS):
        x0, y0 = (i % 4) * TILE_W, (i // 4) * TILE_H
        hexagon = [(x0 + TILE_W // 2, y0), (x0 + TILE_W - 1, y0 + so), (x0 + TILE_W - 1, y0 + so + SIDE),
                   (x0 + TILE_W // 2, y0 + TILE_H - 1), (x0, y0 + so + SIDE), (x0, y0 + so)]
        colour = pygame.Color(TERRAIN[t]["color"])
        dark = colour.lerp((0, 0, 0), 0.35)
        light = colour.lerp((255, 255, 255), 0.35)
        pygame.draw.polygon(surf, colour, hexagon)
        cx, cy = x0 + TILE_W // 2, y0 + TILE_H // 2
        if t == "forest":
            for dx, dy in ((-12, 4), (0, -8), (12, 4)):
                pygame.draw.circle(surf, dark, (cx + dx, cy + dy), 9)
        elif t == "badlands":
            for dx, dy in ((-14, -8), (2, -12), (-6, 6), (10, 2), (0, 16)):
                pygame.draw.lines(surf, dark, False, [(cx + dx - 5, cy + dy), (cx + dx, cy + dy + 4),
                                                      (cx + dx + 5, cy + dy - 2)], 2)
        elif t == "plateau":
            for dy in (-10, 0, 10):
                pygame.draw.line(surf, dark, (cx - 18 + abs(dy), cy + dy), (cx + 18 - abs(dy), cy + dy), 2)
        elif t == "ley_line":
            pygame.draw.circle(surf, light, (cx, cy), 14, 2)
            pygame.draw.line(surf, light, (cx - 20, cy + 12), (cx + 20, cy - 12), 2)
        elif t in ("city", "ruins"):
            for dx, dy in ((-12, -6), (4, -10), (-4, 8), (10, 6)):
                pygame.draw.rect(surf, dark, (cx + dx - 4, cy + dy - 4, 8, 8), 0 if t == "city" else 2)
        elif t == "capital":
            pygame.draw.polygon(surf, (178, 24, 32), [(cx, cy - 14), (cx + 12, cy), (cx, cy + 14), (cx - 12, cy)])
        elif t == "water":
            for dy in (-10, 2, 14):
                pygame.draw.line(surf, light, (cx - 14, cy + dy), (cx - 4, cy + dy - 4), 2)
                pygame.draw.line(surf, light, (cx - 4, cy + dy - 4), (cx + 8, cy + dy), 2)
        elif t == "mountain":
            pygame.draw.polygon(surf, dark, [(cx - 20, cy + 14), (cx, cy - 18), (cx + 20, cy + 14)])
            pygame.draw.polygon(surf, light, [(cx - 6, cy - 8), (cx, cy - 18), (cx + 6, cy - 8)])
        elif t == "wall":
            for dy in (-12, 0, 12):
                pygame.draw.line(surf, light, (x0 + 4, cy + dy), (x0 + TILE_W - 5, cy + dy), 1)
        elif t == "tower":
            pygame.draw.rect(surf, light, (cx - 8, cy - 22, 16, 40), 2)
            pygame.draw.rect(surf, (178, 24, 32), (cx - 3, cy - 12, 6, 8))
        pygame.draw.polygon(surf, dark, hexagon, 1)
    raw = pygame.image.tobytes(surf, "RGBA")
    rows = b"".join(b"\x00" + raw[y * w * 4:(y + 1) * w * 4] for y in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


# --- checks -------------------------------------------------------------------

def passable(terrain: dict, h) -> bool:
    return h in terrain and terrain[h] not in IMPASSABLE


def regions(terrain: dict) -> list[set]:
    seen, out = set(), []
    for start in terrain:
        if start in seen or not passable(terrain, start):
            continue
        part, todo = {start}, [start]
        while todo:
            for n in hexgrid.neighbors(todo.pop()):
                if n not in part and passable(terrain, n):
                    part.add(n)
                    todo.append(n)
        seen |= part
        out.append(part)
    return out


def step_cost(terrain: dict, a, b) -> int | None:
    """dice_wars.txt § Terrain: rough costs 2 to enter, 1 within the same type."""
    if not passable(terrain, b):
        return None
    kind = lambda t: "city" if t == "capital" else t  # noqa: E731
    if terrain[b] == "plains" or kind(terrain[a]) == kind(terrain[b]):
        return 1
    return 2


def costs_from(terrain: dict, sources) -> dict:
    best = {s: 0 for s in sources}
    heap = [(0, s) for s in sources]
    while heap:
        c, h = heapq.heappop(heap)
        if c > best[h]:
            continue
        for n in hexgrid.neighbors(h):
            s = step_cost(terrain, h, n)
            if s is not None and c + s < best.get(n, 1 << 30):
                best[n] = c + s
                heapq.heappush(heap, (c + s, n))
    return best


def fail(msg: str) -> None:
    sys.exit(f"make_dice_wars_maps: {msg}")


def as_data(grid: Grid, name: str, objects=()) -> HexMapData:
    terrain = {hexgrid.offset_to_axial(c, r): t for r, row in enumerate(grid) for c, t in enumerate(row)}
    return HexMapData(name, N, N, terrain, tuple(objects), {})


def tile_hexes(bx: int, by: int) -> list:
    return [hexgrid.offset_to_axial(bx * N + c, by * N + r) for r in range(N) for c in range(N)]


def check_tiles(tiles: dict[int, Grid], side: str) -> None:
    for n, grid in tiles.items():
        data = as_data(grid, f"{side} tile {n}")
        parts = regions(data.terrain)
        if len(parts) != 1:
            fail(f"{side} tile {n}: passable hexes fall apart into {len(parts)} regions")
        if sum(1 for h in data.terrain if passable(data.terrain, h)) < 24:
            fail(f"{side} tile {n}: fewer than 24 passable hexes")


def check_layout(data: HexMapData, what: str) -> None:
    parts = regions(data.terrain)
    if len(parts) != 1:
        fail(f"{what}: passable hexes fall apart into {len(parts)} regions: "
             + ", ".join(str(hexgrid.axial_to_offset(min(p))) for p in parts))
    for bx, by in ((0, 0), (2, 0), (0, 2), (2, 2)):
        room = sum(1 for h in tile_hexes(bx, by) if passable(data.terrain, h))
        if room < 20:
            fail(f"{what}: corner tile ({bx},{by}) has only {room} passable hexes")


def check_symmetric(data: HexMapData, what: str) -> None:
    for h, t in data.terrain.items():
        c, r = hexgrid.axial_to_offset(h)
        if data.terrain[hexgrid.offset_to_axial(data.width - 1 - c, data.height - 1 - r)] != t:
            fail(f"{what}: not symmetric under a 180-degree turn at column {c}, row {r}")


def fairness(data: HexMapData) -> list[tuple[int, ...]]:
    """Per corner (1, 3, 9, 7): movement cost from its tile to its two nearest
    capitals, and to the ley lines around the Dark Tower."""
    caps = [o.hex for o in data.objects if o.type == "city"]
    ley = [h for h, t in data.terrain.items() if t == "ley_line"]
    out = []
    for bx, by in ((0, 0), (2, 0), (2, 2), (0, 2)):
        field = costs_from(data.terrain, [h for h in tile_hexes(bx, by) if passable(data.terrain, h)])
        out.append(tuple(sorted(field.get(c, 999) for c in caps)[:2]) + (min(field[h] for h in ley),))
    return out


def check_sites(tiles: dict[int, Grid], sites: dict[int, tuple[int, int]]) -> None:
    """A Challenge IV city token (capital + alternating walls) fits on every
    site, in either turn, away from the tile's edges and without cutting the
    tile apart."""
    for n, grid in tiles.items():
        if any(t in ("city", "capital", "wall") for row in grid for t in row):
            fail(f"hinterland tile {n}: the Hinterland has no cities")
        data = as_data(grid, "")
        site = hexgrid.offset_to_axial(*sites[n])
        ring = hexgrid.neighbors(site)
        inner = {hexgrid.offset_to_axial(c, r) for c in range(1, N - 1) for r in range(1, N - 1)}
        if not all(h in inner and passable(data.terrain, h) for h in [site] + ring):
            fail(f"hinterland tile {n}: site {sites[n]} and its six neighbours must be passable and "
                 "off the tile's edge")
        for walls in ((0, 2, 4), (1, 3, 5)):
            t = dict(data.terrain)
            t.update({ring[d]: "wall" for d in walls})
            if len(regions(t)) != 1:
                fail(f"hinterland tile {n}: a city on site {sites[n]} would cut the tile apart")


def check_shuffles(front: dict[int, HexMapData], back: dict[int, HexMapData], count: int = 200) -> None:
    rng = random.Random(5)
    for mode in ("front", "hinterland", "mixed"):
        for i in range(count):
            order = [1, 2, 3, 4, 6, 7, 8, 9]
            rng.shuffle(order)
            order.insert(4, 5)
            pick = [front if mode == "front" or (mode == "mixed" and rng.random() < 0.5) else back
                    for _ in order]
            blocks = [(pick[k][n], rng.random() < 0.5) for k, n in enumerate(order)]
            check_layout(compose([blocks[0:3], blocks[3:6], blocks[6:9]]), f"{mode} shuffle {i} {order}")


# --- main -----------------------------------------------------------------------

def grid_of(data: HexMapData) -> Grid:
    return [[data.terrain[hexgrid.offset_to_axial(c, r)] for c in range(data.width)] for r in range(data.height)]


def layouts(tiles: dict[int, HexMapData]) -> HexMapData:
    return compose([[(tiles[r * 3 + c + 1], False) for c in range(3)] for r in range(3)])


def build() -> tuple[dict[str, bytes], dict[str, dict[int, HexMapData]], list]:
    """Check the design; return the files to write, the tiles as data and the
    corners' distances to their cities."""
    front, back = full_set(FRONT), full_set(HINTERLAND)
    sites = site_cells()
    check_tiles(front, "front")
    check_tiles(back, "hinterland")
    check_sites(back, sites)
    for n in (1, 3, 7, 9):
        open_ground = sum(1 for row in front[n] for t in row if t not in IMPASSABLE | {"city", "capital"})
        if open_ground < 24:
            fail(f"front tile {n}: a deployment tile needs 24 open hexes, has {open_ground}")
    for n in (2, 4, 6, 8):
        if len(capitals(front[n])) != 1:
            fail(f"front tile {n}: needs exactly one city")
    used = {t for grid in front.values() for row in grid for t in row}
    if used != set(IDS) - {"ruins"}:
        fail(f"front tiles should use every terrain but ruins, missing {set(IDS) - used - {'ruins'}}")

    # (file name, grid, map properties, object layers) of every map, tiles first
    maps, data = [], {"tile": {}, "hinterland": {}}
    for n in range(1, 10):
        cities = [(CITY_NAMES.format(n), "city", c, r) for c, r in capitals(front[n])]
        sited = [(SITE_NAMES.format(n), "site", *sites[n])]
        for side, grid, layer, title in (("tile", front[n], ("cities", cities), f"Tile {n}"),
                                         ("hinterland", back[n], ("sites", sited), f"Hinterland {n}")):
            maps.append((f"{side}_{n}.tmx", grid, [("name", "string", title)], [layer]))
            data[side][n] = as_data(grid, maps[-1][0], [
                MapObject(name, kind, hexgrid.offset_to_axial(c, r), (hexgrid.offset_to_axial(c, r),), {})
                for name, kind, c, r in layer[1]])
    for side, out, title in (("tile", "balanced", "Balanced (recommended)"),
                             ("hinterland", "hinterland", "The Hinterland")):
        whole = layouts(data[side])
        check_layout(whole, out)
        check_symmetric(whole, out)
        layers: dict[str, list] = {}
        for o in whole.objects:
            layers.setdefault("cities" if o.type == "city" else "sites", []).append(
                (o.name, o.type, *hexgrid.axial_to_offset(o.hex)))
        props = [("layout", "string", "1,2,3,4,5,6,7,8,9"), ("name", "string", title),
                 ("tile_cols", "int", str(N)), ("tile_rows", "int", str(N))]
        maps.append((f"{out}.tmx", grid_of(whole), props, list(layers.items())))
    fair = fairness(layouts(data["tile"]))
    if len(set(fair)) != 1:
        fail(f"balanced: the corners are not equally far from their cities: {fair}")
    check_shuffles(data["tile"], data["hinterland"])
    files = {"terrain.png": png_bytes(), "terrain.tsx": tsx().encode("utf-8")}
    files.update((name, tmx(grid, props, layers).encode("utf-8")) for name, grid, props, layers in maps)
    return files, data, fair


def main() -> None:
    files, data, fair = build()
    print("corners 1, 3, 9, 7 -> movement cost to their two nearest capitals and the ley lines:", fair)
    OUT.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        (OUT / name).write_bytes(content)

    # read back what was written: the loader agrees and the layouts are compose()d tiles
    known = set(IDS)
    for side, out in (("tile", "balanced"), ("hinterland", "hinterland")):
        tiles = {n: load_hex_map(OUT / f"{side}_{n}.tmx", known) for n in range(1, 10)}
        for n, t in tiles.items():
            assert (t.terrain, t.objects) == (data[side][n].terrain, data[side][n].objects), t.path
        whole, made = load_hex_map(OUT / f"{out}.tmx", known), layouts(tiles)
        assert (whole.terrain, whole.objects) == (made.terrain, made.objects), out
    print(f"wrote {len(files)} files to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
