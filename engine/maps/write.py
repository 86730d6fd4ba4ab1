"""Writing Tiled files: the pieces the map generators in tools/ share."""
from __future__ import annotations


def tileset_xml(name: str, ids, tile_w: int, tile_h: int, columns: int, image: str = "terrain.png") -> str:
    """A .tsx tileset: one tile per terrain id, each with property
    `terrain`, drawn from `image` laid out in `columns`."""
    ids = list(ids)
    rows = -(-len(ids) // columns)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<tileset version="1.10" tiledversion="1.10.2" name="{name}" tilewidth="{tile_w}" '
           f'tileheight="{tile_h}" tilecount="{len(ids)}" columns="{columns}">',
           f' <image source="{image}" width="{columns * tile_w}" height="{rows * tile_h}"/>']
    for i, t in enumerate(ids):
        out += [f' <tile id="{i}">', "  <properties>",
                f'   <property name="terrain" value="{t}"/>', "  </properties>", " </tile>"]
    out.append("</tileset>")
    return "\n".join(out) + "\n"
