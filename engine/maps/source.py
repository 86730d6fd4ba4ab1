"""Reading a Tiled file we did not write: bounded, and with line numbers.

Maps come from other people.  Before any parser sees a file it must be a
regular file of bounded size (never a FIFO or /dev/zero).  The XML is then
read once with expat into a small tree that keeps the line of every
element: the loaders use it to check a map and to say where a problem is
(`file:line: field: what`).  The map's values are read by pytmx
(engine/maps/tmx.py), the reader Tiled users know.
"""
from __future__ import annotations

import math
from xml.parsers import expat

from engine.core import limits
from engine.core.catalog import DataError

MAX_MAP_BYTES = 16 * 1024 * 1024          # a 200x200 CSV map is about 200 KB
MAX_XML_DEPTH = 64


class MapError(DataError):
    """One or more `file:line: field: message` problems in a Tiled map."""


def read_bounded(path: str, limit: int = MAX_MAP_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, or MapError
    (engine.core.limits: opened without blocking and checked by its open
    descriptor, so a path swapped for a FIFO cannot hang the reader)."""
    try:
        return limits.read_bounded(path, limit, "file")
    except limits.BoundError as e:
        raise MapError([str(e)]) from None


class Node:
    """One XML element: tag, attributes, line, children and text."""
    __slots__ = ("tag", "attrib", "line", "children", "text", "text_line")

    def __init__(self, tag: str, attrib: dict, line: int):
        self.tag, self.attrib, self.line = tag, attrib, line
        self.children: list[Node] = []
        self.text, self.text_line = "", line

    def find(self, tag: str) -> Node | None:
        return next((c for c in self.children if c.tag == tag), None)

    def findall(self, tag: str) -> list[Node]:
        return [c for c in self.children if c.tag == tag]


def read_xml(path: str) -> Node:
    """The root element of an XML file, every element with its line."""
    data = read_bounded(path)
    parser = expat.ParserCreate()
    stack: list[Node] = []
    roots: list[Node] = []

    def start(tag, attrib):
        if len(stack) >= MAX_XML_DEPTH:
            raise ValueError(f"elements nested deeper than {MAX_XML_DEPTH}")
        node = Node(tag, attrib, parser.CurrentLineNumber)
        (stack[-1].children if stack else roots).append(node)
        stack.append(node)

    def chars(text):
        node = stack[-1]
        if not node.text:
            node.text_line = parser.CurrentLineNumber
        node.text += text

    parser.StartElementHandler = start
    parser.EndElementHandler = lambda tag: stack.pop()
    parser.CharacterDataHandler = chars
    # a DOCTYPE could declare entities that expand without bound: refuse it
    parser.StartDoctypeDeclHandler = lambda *a: (_ for _ in ()).throw(ValueError("DOCTYPE is not allowed"))
    try:
        parser.Parse(data, True)
    except expat.ExpatError as e:
        raise MapError([f"{path}:{e.lineno}: XML syntax: {expat.ErrorString(e.code)}"]) from None
    except (LookupError, ValueError) as e:         # e.g. an unknown encoding="...", the guards above
        raise MapError([f"{path}:{parser.CurrentLineNumber}: XML syntax: {e}"]) from None
    return roots[0]


class Problems(list):
    """`file:line: field: message` lines, collected so a map reports them all."""

    def add(self, file: str, line: int, field: str, message: str) -> None:
        self.append(f"{file}:{line}: {field}: {message}")

    def number(self, file: str, node: Node, key: str, default=None, kind: type = int):
        """A numeric attribute; a missing one is a problem unless there is a default."""
        raw = node.attrib.get(key)
        if raw is None:
            if default is None:
                self.add(file, node.line, key, f"<{node.tag}> has no {key} attribute")
            return default
        try:
            value = kind(raw)
            if not math.isfinite(value):
                raise ValueError
            return value
        except ValueError:
            self.add(file, node.line, key, f"not a number: {raw!r}")
            return default


def check_value(name: str, kind: str, raw, file: str, line: int, problems: Problems):
    """A Tiled custom property's value as its type says, or a problem (None)."""
    try:
        if kind in ("int", "object"):
            return int(raw)
        if kind == "float":
            value = float(raw)
            if not math.isfinite(value):
                raise ValueError
            return value
        if kind == "bool":
            if raw not in ("true", "false"):
                raise ValueError
            return raw == "true"
        return "" if raw is None else raw
    except (TypeError, ValueError):
        problems.add(file, line, f"property {name}", f"not a valid {kind}: {raw!r}")
        return None


def check_properties(node: Node, file: str, problems: Problems) -> None:
    """Every custom property of a node has a value its type allows."""
    props = node.find("properties")
    for p in props.findall("property") if props is not None else ():
        kind = p.attrib.get("type", "string")
        if kind == "class":
            check_properties(p, file, problems)
        else:
            check_value(p.attrib.get("name", ""), kind, p.attrib.get("value", p.text), file, p.line, problems)


def plain_properties(props: dict) -> dict:
    """pytmx's properties as plain values: class-typed properties (objects
    pytmx builds) become dicts of their members."""
    out = {}
    for k, v in props.items():
        if isinstance(v, (str, int, float, bool)) or v is None:
            out[k] = v
        else:
            members = getattr(v, "properties", None)
            if not isinstance(members, dict):
                members = {n: getattr(v, n) for n in vars(v) if not n.startswith("_")}
            out[k] = plain_properties(members)
    return out
