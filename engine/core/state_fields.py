"""A game state's fingerprint, from the state's declared dataclass fields.

Every game keeps its position in dataclasses (games/<id>/rules/state.py).  The
fingerprint a save carries (engine/core/match.py) is computed here, from
every field the dataclass compares, so a field added to a state is in the
fingerprint without anyone remembering to add it: the hand-written
fingerprints it replaces left out deck order, activations and counters
(issue 37).

A field is left out when its declaration says so:
- `field(compare=False)`: derived values (a cache), rebuilt on demand;
- `field(metadata=SHARED)`: immutable data from the setup (a board, a
  catalog), the same in every copy of the state and fixed by the save's
  setup, so it need not be fingerprinted again.

Values walked: dataclasses (by their fields), dicts (by sorted keys),
lists, tuples, sets, text, numbers, true/false and None.  Anything else is
a programming error in the state's declaration and raises TypeError: the
shared test over random playouts (tests/engine/test_state_fields.py) would fail.
Floats are written to 6 decimals, well below any distance the rules
measure, so a replay on another machine gives the same text.
"""
from __future__ import annotations

import dataclasses
import hashlib
import sys
import types
import typing
from typing import Any, TypeVar

T = TypeVar("T", bound=type)

SHARED = {"shared": True}       # field(metadata=SHARED): immutable, shared by every copy, not fingerprinted

_FIELDS: dict[type, tuple[str, ...]] = {}


def compared_fields(cls: type) -> tuple[str, ...]:
    """The names of a state dataclass's fields that the fingerprint covers."""
    names = _FIELDS.get(cls)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(cls) if f.compare and not f.metadata.get("shared"))
        _FIELDS[cls] = names
    return names


_PRIMITIVES = (type(None), bool, int, str)


def _plain(value: Any) -> Any:
    """The value as plain Python values (numbers, text, lists, tuples), in
    a fixed order, for repr to write: dicts by sorted key, sets sorted,
    dataclasses as (class name, compared fields...)."""
    kind = type(value)
    if kind in _PRIMITIVES:
        return value
    if kind is float:
        return round(value, 6)
    if kind is list or kind is tuple:
        return [_plain(item) for item in value]
    if kind is dict:
        items = [(_plain(key), _plain(item)) for key, item in value.items()]
        try:
            return ("dict", sorted(items))
        except TypeError:                    # keys of mixed kinds
            return ("dict", sorted(items, key=repr))
    if kind is set or kind is frozenset:
        return ("set", sorted((_plain(item) for item in value), key=repr))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (kind.__name__, *[_plain(getattr(value, name)) for name in compared_fields(kind)])
    raise TypeError(f"a state holds a {kind.__name__}, which its fingerprint cannot read: declare the "
                    f"field with metadata=SHARED if it is immutable, or keep it in a dataclass")


def state_text(state: Any) -> str:
    """Every compared field of the state, as one text (what is fingerprinted)."""
    return repr(_plain(state))


def fingerprint(state: Any) -> str:
    """The state's fingerprint: a short hash of `state_text`."""
    return hashlib.sha1(state_text(state).encode()).hexdigest()[:16]


# ---- copies, derived from the same declarations ----------------------------------------------

KEEP = {"keep": True}           # field(metadata=KEEP): an immutable value (a frozen dataclass) shared by copies
FRESH = {"fresh": True}         # field(default_factory=..., compare=False, metadata=FRESH): a copy starts it anew
BY_METHOD = {"by_method": True}  # field(metadata=BY_METHOD): an object copied by its own copy() (or None)

_IMMUTABLE = {"int", "str", "bool", "float", "Hex", "complex", "bytes", "None"}


def _items(inside: str) -> list[str]:
    """The top-level parts of "int, list[int], dict[str, int]"."""
    parts, level, start = [], 0, 0
    for i, ch in enumerate(inside):
        if ch == "[":
            level += 1
        elif ch == "]":
            level -= 1
        elif ch == "," and level == 0:
            parts.append(inside[start:i])
            start = i + 1
    return parts + [inside[start:]]


def _frozen_names(cls: type) -> frozenset[str]:
    """The names in the class's module that stand for immutable values: a
    frozen dataclass, or a union of frozen dataclasses (a queue's job kinds)."""
    def frozen(obj: object) -> bool:
        if isinstance(obj, type) and dataclasses.is_dataclass(obj):
            return bool(obj.__dataclass_params__.frozen)           # type: ignore[attr-defined]
        if isinstance(obj, types.UnionType):
            return all(frozen(arg) for arg in typing.get_args(obj))
        return False
    module = sys.modules.get(cls.__module__)
    return frozenset(name for name, obj in vars(module).items() if frozen(obj)) if module else frozenset()


def _copy_expr(annotation: str, src: str, depth: int = 0, frozen: frozenset[str] = frozenset()) -> str:
    """Python source that copies `src`, a value declared `annotation`
    (`frozen`: names of immutable dataclasses, shared by copies)."""
    ann = annotation.strip()
    for none in (" | None", "None | "):
        if none in ann:
            inner = _copy_expr(ann.replace(none, "", 1), src, depth, frozen)
            return src if inner == src else f"(None if {src} is None else {inner})"
    if ann.startswith("tuple[") and not ann.endswith("...]"):
        # a pair or triple whose parts may hold containers: (name, dict) copies its dict
        parts = [_copy_expr(item, f"{src}[{i}]", depth + 1, frozen) for i, item in enumerate(_items(ann[6:-1]))]
        if all(p == f"{src}[{i}]" for i, p in enumerate(parts)):
            return src
        return "(" + ", ".join(parts) + ",)"
    if ann in _IMMUTABLE or ann in frozen or ann.startswith(("tuple", "frozenset", "Literal")) or ann == "object":
        return src                # immutable (an `object` field must say otherwise: SHARED, FRESH, BY_METHOD)
    var = f"_{depth}"
    if ann.startswith("list[") or ann.startswith("set["):
        item = ann[ann.index("[") + 1:-1]
        inner = _copy_expr(item, var, depth + 1, frozen)
        kind = "list" if ann.startswith("list") else "set"
        if inner == var:
            return f"{kind}({src})"
        return f"[{inner} for {var} in {src}]" if kind == "list" else f"{{{inner} for {var} in {src}}}"
    if ann.startswith("dict["):
        _key, item = _items(ann[5:-1])
        inner = _copy_expr(item, var, depth + 1, frozen)
        return f"dict({src})" if inner == var else f"{{_k{depth}: {inner} for _k{depth}, {var} in {src}.items()}}"
    if ann in ("list", "dict", "set"):
        return f"{ann}({src})"
    return f"{src}.copy()"          # a state dataclass of its own


def copyable(cls: T) -> T:
    """Give a state dataclass a `copy()` derived from its declared fields:
    containers copied as deep as their declared items, nested state
    dataclasses by their own copy(), immutable values and SHARED and KEEP
    fields shared, FRESH fields started anew, BY_METHOD objects by their copy().
    The code is generated once per class, as fast as one written by hand."""
    lines, env = [], {"_cls": cls}
    frozen = _frozen_names(cls)
    keywords = False                                   # positional while no field is skipped: faster
    for f in dataclasses.fields(cls):
        src = f"self.{f.name}"
        if f.metadata.get("fresh"):
            keywords = True
            continue                                   # the default factory makes it anew
        if f.metadata.get("shared") or f.metadata.get("keep"):
            expr = src
        elif f.metadata.get("by_method"):
            expr = f"(None if {src} is None else {src}.copy())"
        elif not f.compare:
            expr = src                                 # a derived value kept with the copy (a resolved card)
        else:
            declared = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "object")
            expr = _copy_expr(declared, src, frozen=frozen)
        lines.append(f"{f.name}={expr}" if keywords else expr)
    code = "def copy(self):\n    return _cls(" + ", ".join(lines) + ")\n"
    exec(compile(code, f"<copy of {cls.__name__}>", "exec"), env)   # noqa: S102 - our own declarations
    env["copy"].__doc__ = f"A copy of the {cls.__name__}, from its declared fields (engine/core/state_fields.py)."
    target: Any = cls                     # a class gains attributes here that its type does not declare
    target.copy = env["copy"]
    target.copy_source = code
    return cls
