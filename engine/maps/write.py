"""Writing Tiled files: the pieces the map generators in tools/ share, and the judge's map variants."""
from __future__ import annotations

import json
import os
from xml.sax.saxutils import escape, quoteattr

from engine.hex.grid import axial_to_offset


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


# ---- variants of a map the designer can open in Tiled ------------------------------------------
# The judge's fairer-variant search (engine/commands/variants.py) writes each
# candidate as a copy of the map's own file with the changes made: the same
# tilesets (referred to from where the copy is written), layers, properties and
# objects, only the terrain cells and the moved objects different.


def node_xml(node, depth: int = 0) -> str:
    """A tree from engine.maps.source.read_xml as XML text again."""
    pad = " " * depth
    attrs = "".join(f" {k}={quoteattr(str(v))}" for k, v in node.attrib.items())
    text = node.text.strip() if node.text else ""
    if not node.children and not text:
        return f"{pad}<{node.tag}{attrs}/>"
    if not node.children:
        return f"{pad}<{node.tag}{attrs}>{escape(node.text)}</{node.tag}>"
    inner = "\n".join(node_xml(c, depth + 1) for c in node.children)
    return f"{pad}<{node.tag}{attrs}>\n{inner}\n{pad}</{node.tag}>"


def _relink(root, source_dir: str, out_dir: str) -> None:
    """Tileset and template references made relative to where the copy goes."""
    for node in _walk(root):
        src = node.attrib.get("source") if node.tag in ("tileset", "template", "image") else None
        if src and not os.path.isabs(src):
            node.attrib["source"] = os.path.relpath(os.path.join(source_dir, src), out_dir)


def _walk(node):
    yield node
    for c in node.children:
        yield from _walk(c)


def _set_props(root, values: dict) -> None:
    """Set string map properties (added when missing)."""
    from engine.maps.source import Node
    props = root.find("properties")
    if props is None and values:
        props = Node("properties", {}, root.line)
        root.children.insert(0, props)
    for key, value in values.items():
        prop = next((p for p in props.findall("property") if p.attrib.get("name") == key), None)
        if prop is None:
            prop = Node("property", {"name": key, "value": value}, props.line)
            props.children.append(prop)
        prop.attrib = {"name": key, "value": value}
        prop.text = ""


def hex_variant(path, out, terrain: dict | None = None, moves: dict | None = None, props: dict | None = None) -> None:
    """Write a copy of the hex map at `path` to `out` with `terrain` (every
    cell's terrain id) as its terrain layer, the point objects named in
    `moves` ({object name: new hex}) moved there and the map properties
    `props` ({name: text}) set."""
    from engine.maps.hexmap import _Geometry
    from engine.maps.source import read_xml
    path, out = str(path), str(out)
    root = read_xml(path)
    w, h = int(root.attrib["width"]), int(root.attrib["height"])
    geo = _Geometry(int(root.attrib["tilewidth"]), int(root.attrib["tileheight"]),
                    int(root.attrib.get("hexsidelength", 0)))
    if terrain is not None:
        gid = _gids(root, path)
        layer = next(n for n in _walk(root) if n.tag == "layer" and n.attrib.get("name") == "terrain")
        data = layer.find("data")
        data.attrib = {"encoding": "csv"}
        data.children = []
        cells = {axial_to_offset(x): t for x, t in terrain.items()}
        data.text = "\n" + ",\n".join(",".join(str(gid[cells[(c, r)]]) if (c, r) in cells else "0"
                                               for c in range(w)) for r in range(h)) + "\n"
    for node in _walk(root):
        if node.tag == "object" and (moves or {}).get(node.attrib.get("name")) is not None:
            x, y = geo.centre(*axial_to_offset(moves[node.attrib["name"]]))
            node.attrib["x"], node.attrib["y"] = f"{x:g}", f"{y:g}"
    _set_props(root, props or {})
    _relink(root, os.path.dirname(os.path.abspath(path)), os.path.dirname(os.path.abspath(out)))
    _write(out, '<?xml version="1.0" encoding="UTF-8"?>\n' + node_xml(root) + "\n")


def _gids(root, path: str) -> dict:
    """terrain id -> the first gid whose tile carries it, over the map's tilesets."""
    from engine.maps.source import read_xml
    out: dict = {}
    for ref in root.findall("tileset"):
        first = int(ref.attrib.get("firstgid", 1))
        node = ref
        if "source" in ref.attrib:
            node = read_xml(os.path.join(os.path.dirname(path), ref.attrib["source"]))
        for t in node.findall("tile"):
            props = t.find("properties")
            for p in props.findall("property") if props is not None else ():
                if p.attrib.get("name") == "terrain":
                    out.setdefault(p.attrib.get("value", p.text), first + int(t.attrib["id"]))
    return out


def table_variant(path, out, moves: dict, props: dict | None = None) -> None:
    """Write a copy of the table map at `path` (.tmx or .tmj) to `out` with
    the objects named in `moves` ({name: (dx, dy) inches}) shifted and the
    map properties `props` ({name: text}) set."""
    path, out = str(path), str(out)
    if path.endswith((".tmj", ".json")):
        from engine.core.limits import read_bounded
        data = json.loads(read_bounded(path, 16 * 1024 * 1024, "map").decode("utf-8"))
        inch = next((p.get("value") for p in data.get("properties") or [] if p.get("name") == "inch"),
                    data.get("tilewidth", 1))

        def objects(layers):
            for layer in layers:
                yield from layer.get("objects") or []
                yield from objects(layer.get("layers") or [])
        for o in objects(data.get("layers") or []):
            if o.get("name") in moves:
                dx, dy = moves[o["name"]]
                o["x"], o["y"] = round(o["x"] + dx * inch, 3), round(o["y"] + dy * inch, 3)
        listed = data.setdefault("properties", [])
        for key, value in (props or {}).items():
            prop = next((p for p in listed if p.get("name") == key), None)
            if prop is None:
                listed.append({"name": key, "type": "string", "value": value})
            else:
                prop.update(type="string", value=value)
        for ts in data.get("tilesets") or []:
            if ts.get("source") and not os.path.isabs(ts["source"]):
                ts["source"] = os.path.relpath(os.path.join(os.path.dirname(os.path.abspath(path)), ts["source"]),
                                               os.path.dirname(os.path.abspath(out)))
        _write(out, json.dumps(data, indent=1) + "\n")
        return
    from engine.maps.source import read_xml
    root = read_xml(path)
    listed = root.find("properties")
    inch = float(root.attrib.get("tilewidth", 1))
    for p in listed.findall("property") if listed is not None else ():
        if p.attrib.get("name") == "inch":
            inch = float(p.attrib.get("value"))
    for node in _walk(root):
        if node.tag == "object" and node.attrib.get("name") in moves:
            dx, dy = moves[node.attrib["name"]]
            node.attrib["x"] = f"{float(node.attrib.get('x', 0)) + dx * inch:g}"
            node.attrib["y"] = f"{float(node.attrib.get('y', 0)) + dy * inch:g}"
    _set_props(root, props or {})
    _relink(root, os.path.dirname(os.path.abspath(path)), os.path.dirname(os.path.abspath(out)))
    _write(out, '<?xml version="1.0" encoding="UTF-8"?>\n' + node_xml(root) + "\n")


def _write(out: str, text: str) -> None:
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    tmp = f"{out}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, out)
