"""pytmx, the Tiled reader, behind one door: the only module that imports it.

`load_tmx(path, root)` reads a map whose XML (`root`, engine/maps/source.py)
has already been checked, with its tilesets, and no images.  Class-typed
custom properties load without a Tiled project file (their members become
plain values).  pytmx imports pygame when it is installed: the banner is
silenced; nothing here draws.
"""
from __future__ import annotations

import os
import zlib
from xml.etree import ElementTree

from engine.core import malformed
from engine.maps.source import MapError, Node, read_bounded

MAX_LAYER_CELLS = 256 * 256


def _class_names(node: Node, out: set) -> set:
    if node.tag == "property" and node.attrib.get("type") == "class":
        out.add(node.attrib.get("propertytype", ""))
    for c in node.children:
        _class_names(c, out)
    return out


def load_tmx(path: str, root: Node, tileset_roots: tuple[Node, ...] = ()):
    """A pytmx.TiledMap of a checked map (tilesets in `tileset_roots` checked too)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pytmx

    _check_layers(path, root)
    tmx = pytmx.TiledMap(allow_duplicate_names=True, load_all=False)
    tmx.filename = path
    names = set()
    for r in (root,) + tuple(tileset_roots):
        _class_names(r, names)
    tmx.custom_types = {n: pytmx.TiledClassType(n, []) for n in names}
    try:
        tmx.parse_xml(ElementTree.fromstring(read_bounded(path)))
    except (MapError, KeyboardInterrupt, MemoryError):
        raise
    except (ValueError, TypeError, AttributeError, IndexError, KeyError):
        # pytmx converts the file's values as it goes (float("true")): Python's words would say nothing to a designer
        raise MapError([f"{path}:{root.line}: map: Tiled's reader (pytmx) cannot read it: a value is not of the "
                        "kind Tiled writes there (a number, a name, a list of tiles); open and save it in Tiled"]) from None
    except Exception as e:  # noqa: BLE001 - pytmx raises bare Exceptions in its own words
        raise MapError([f"{path}:{root.line}: map: Tiled's reader (pytmx) cannot read it: "
                        f"{malformed.explain(e)[:200]}"]) from None
    return tmx


def _layer_nodes(node: Node):
    for c in node.children:
        if c.tag == "layer":
            yield c
        elif c.tag == "group":
            yield from _layer_nodes(c)


def _check_layers(path: str, root: Node) -> None:
    """Every tile layer holds exactly its width x height cells (a
    compressed layer is inflated here with a bound, before pytmx inflates
    it without one)."""
    problems = []
    for layer in _layer_nodes(root):
        data = layer.find("data")
        if data is None:
            continue
        try:
            cells = int(layer.attrib.get("width", "0")) * int(layer.attrib.get("height", "0"))
        except ValueError:
            problems.append(f"{path}:{layer.line}: layer {layer.attrib.get('name', '')}: width and height must be numbers")
            continue
        if not 0 < cells <= MAX_LAYER_CELLS:
            problems.append(f"{path}:{layer.line}: layer {layer.attrib.get('name', '')}: "
                            f"{cells} cells; a layer may have 1 to {MAX_LAYER_CELLS}")
        elif data.attrib.get("encoding") == "base64":
            why = check_layer_size(data, cells, path)
            if why:
                problems.append(f"{path}:{data.line}: layer {layer.attrib.get('name', '')}: {why}")
        elif data.attrib.get("encoding") != "csv":
            problems.append(f"{path}:{data.line}: encoding: {data.attrib.get('encoding')!r} is not supported "
                            "(use csv or base64)")
    if problems:
        raise MapError(problems)


def check_layer_size(data: Node, cells: int, file: str) -> str | None:
    """Why a base64 layer's data cannot be the map's `cells` tiles, if it
    cannot: decoded (and inflated, with a bound) before pytmx inflates it."""
    import base64
    try:
        raw = base64.b64decode(data.text.strip(), validate=True)
    except ValueError as e:
        return f"cannot decode layer data: {e}"
    want = cells * 4
    compression = data.attrib.get("compression")
    if compression in ("zlib", "gzip"):
        inflate = zlib.decompressobj(wbits=zlib.MAX_WBITS | (16 if compression == "gzip" else 0))
        try:
            raw = inflate.decompress(raw, want + 1)
        except zlib.error as e:
            return f"cannot decode layer data: {e}"
    elif compression:
        return f"compression {compression!r} is not supported (use CSV, or base64 with zlib or gzip)"
    if len(raw) > want:
        return f"layer data holds more than the {cells} cells of its layer"
    if len(raw) != want:
        return f"layer has {len(raw) // 4} cells, the map needs {cells}"
    return None
