"""Write the Warbound Exploration boards into assets/maps/warbound/ and check them.

    .venv/bin/python tools/make_warbound_maps.py

Each board is two 8x8 sections side by side (16 x 8 hexes, odd rows
shifted right as Tiled stores them), a starting tile at the 3rd column and
3rd row from each section's closed corner (warbound.txt § The Hexboard):
the top-left corner of the left section and the bottom-right corner of the
right one.  The right section is the left one turned 180 degrees.  Scan
markers are point objects of type `scan` (the Exploration scenario, house).
Writes terrain.tsx (one tile per terrain id, property terrain=<id>),
terrain.png and one .tmx per board; deterministic.  Before writing it checks
that every open tile is reachable from both starting tiles, the starts and
their deployment ring are open, and both starts are equally far from the
Scan markers.  Design notes: docs/games/warbound.md § Boards.
"""
from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from engine.hex import grid  # noqa: E402

OUT = ROOT / "assets" / "maps" / "warbound"
TERRAIN = yaml.safe_load((ROOT / "data" / "warbound" / "terrain.yaml").read_text(encoding="utf-8"))
IDS = list(TERRAIN)
TILE_W, TILE_H, SIDE = 64, 72, 36
ROW_H = (TILE_H - SIDE) // 2 + SIDE
W, H = 16, 8
LEGEND = {".": "floor", "S": "start", "r": "rubble", "#": "ruin", "~": "smog", "*": "floor"}

# The left section; "*" is a Scan marker.  The right section is this turned.
BOARDS = {
    "recommended": """
        . . . . . . . .
        . . . . . # . .
        . . S . . # . .
        . . . . . . . *
        . . ~ ~ . . . .
        . . ~ . . r r .
        . . . . * . . .
        . . . . . . . .
    """,
    "crossfire": """
        . . . . r . . .
        . . . . r . # .
        . . S . . . # .
        . . . . . . . *
        . # # . . ~ . .
        . . . . * ~ . .
        . . r . . . . #
        . . . . . . . .
    """,
    "smog_fields": """
        . . . . . ~ . .
        . . . . ~ ~ . .
        . . S . . . . .
        . . . . . ~ ~ *
        . ~ . . . ~ . .
        . ~ ~ . * . . r
        . . . . . . . r
        . . . . ~ . . .
    """,
}


def parse(text: str):
    rows = [line.split() for line in text.strip().splitlines()]
    assert len(rows) == 8 and all(len(r) == 8 for r in rows), "a section is 8 x 8"
    cells = [[None] * W for _ in range(H)]
    scans = []
    for r in range(8):
        for c in range(8):
            ch = rows[r][c]
            cells[r][c] = LEGEND[ch]
            cells[H - 1 - r][W - 1 - c] = LEGEND[ch]
            if ch == "*":
                scans += [(c, r), (W - 1 - c, H - 1 - r)]
    return cells, sorted(scans)


def check(name: str, cells, scans) -> None:
    terrain = {grid.offset_to_axial(c, r): cells[r][c] for r in range(H) for c in range(W)}
    blocked = {h for h, t in terrain.items() if TERRAIN[t].get("blocks_move")}
    starts = [grid.offset_to_axial(2, 2), grid.offset_to_axial(W - 3, H - 3)]
    for s in starts:
        assert terrain[s] == "start", f"{name}: start tile {s}"
        for n in grid.neighbors(s):
            assert n in terrain and n not in blocked, f"{name}: deployment ring of {s} blocked at {n}"

    def dist_from(src):
        seen, frontier = {src: 0}, [src]
        while frontier:
            nxt = []
            for h in frontier:
                for n in grid.neighbors(h):
                    if n in terrain and n not in blocked and n not in seen:
                        seen[n] = seen[h] + 1
                        nxt.append(n)
            frontier = nxt
        return seen

    d0, d1 = dist_from(starts[0]), dist_from(starts[1])
    open_tiles = {h for h in terrain if h not in blocked}
    assert set(d0) == open_tiles == set(d1), f"{name}: open tiles not all connected"
    for s in scans:
        assert grid.offset_to_axial(*s) in open_tiles, f"{name}: scan marker {s} on an obstacle"
    a = sorted(d0[grid.offset_to_axial(*s)] for s in scans)
    b = sorted(d1[grid.offset_to_axial(*s)] for s in scans)
    if a != b:
        print(f"{name}: walking distances to the Scan markers differ by start: {a} vs {b}")
    assert abs(sum(a) - sum(b)) <= 2, f"{name}: unfair Scan marker distances {a} {b}"


def centre_px(col: int, row: int) -> tuple[int, int]:
    return col * TILE_W + (row & 1) * (TILE_W // 2) + TILE_W // 2, row * ROW_H + TILE_H // 2


def tmx(cells, scans) -> str:
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" renderorder="right-down" '
           f'width="{W}" height="{H}" tilewidth="{TILE_W}" tileheight="{TILE_H}" infinite="0" '
           f'hexsidelength="{SIDE}" staggeraxis="y" staggerindex="odd" nextlayerid="3" '
           f'nextobjectid="{len(scans) + 1}">',
           " <properties>", '  <property name="section_cols" type="int" value="8"/>', " </properties>",
           ' <tileset firstgid="1" source="terrain.tsx"/>',
           f' <layer id="1" name="terrain" width="{W}" height="{H}">', '  <data encoding="csv">',
           ",\n".join(",".join(str(IDS.index(t) + 1) for t in row) for row in cells),
           "</data>", " </layer>", ' <objectgroup id="2" name="scenario">']
    for i, (c, r) in enumerate(scans):
        x, y = centre_px(c, r)
        out += [f'  <object id="{i + 1}" name={quoteattr(f"scan_{i + 1}")} type="scan" x="{x}" y="{y}">',
                "   <point/>", "  </object>"]
    out += [" </objectgroup>", "</map>"]
    return "\n".join(out) + "\n"


def png_bytes() -> bytes:
    """The tileset image: one flat hexagon per terrain colour, no pygame needed."""
    w, h = len(IDS) * TILE_W, TILE_H
    so = (TILE_H - SIDE) // 2
    rows = []
    for y in range(h):
        row = bytearray(b"\x00")
        for x in range(w):
            i, lx = divmod(x, TILE_W)
            dx = abs(lx + 0.5 - TILE_W / 2) / (TILE_W / 2)
            dy = (y + 0.5)
            inside = (so <= dy <= so + SIDE) or (dy < so and dx <= dy / so) or \
                (dy > so + SIDE and dx <= (TILE_H - dy) / so)
            c = TERRAIN[IDS[i]]["color"]
            rgb = bytes(int(c[k:k + 2], 16) for k in (1, 3, 5))
            row += rgb + (b"\xff" if inside else b"\x00")
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def main() -> None:
    from engine.maps.write import tileset_xml
    OUT.mkdir(parents=True, exist_ok=True)
    files = {"terrain.tsx": tileset_xml("warbound_terrain", IDS, TILE_W, TILE_H, len(IDS)).encode(),
             "terrain.png": png_bytes()}
    for name, text in BOARDS.items():
        cells, scans = parse(text)
        check(name, cells, scans)
        files[f"{name}.tmx"] = tmx(cells, scans).encode()
    for fname, data in files.items():
        (OUT / fname).write_bytes(data)
    print(f"wrote {len(files)} files to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
