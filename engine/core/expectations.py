"""The expectations of golden scripts that every game words alike
(`script_check` in games/<id>/rules/position.py; the runner is
engine/commands/script.py): the fields of named pieces, the fields of
numbered ones (players, cities) and a plain value of the state.  Each
returns its failures as lines, empty when all hold; a game keeps only
what is its own (which fields it reads and how it compares them).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any, Callable

UNKNOWN = object()

# (got, expected): what the state holds and the expected value as the state holds it.
Read = Callable[[Any, str, Any], tuple[Any, Any]]
      # a reader's answer for a field it does not know


def named(want: Mapping[Any, Mapping[str, Any]], names: Mapping[Any, Any], read: Read, what: str = "unit") -> list[str]:
    """{name: {field: expected}} for the pieces a script named (`names`:
    name -> id).  `read(id, field, expected)` gives (got, expected): the
    expected value as the state holds it (a hex label parsed, a list
    sorted), or (UNKNOWN, expected) for a field it does not know."""
    out: list[str] = []
    for name, fields in want.items():
        uid = names.get(name)
        if uid is None:
            out.append(f"no {what} named {name!r}")
            continue
        out += _fields(str(name), fields, partial(read, uid))
    return out


def numbered(want: Mapping[Any, Mapping[str, Any]], items: Sequence[Any], read: Read | None = None,
             what: str = "player") -> list[str]:
    """{index: {field: expected}} for numbered pieces (players, cities);
    `read(item, field, expected)` as in `named`, by default the attribute."""
    out: list[str] = []
    for i, fields in want.items():
        item = items[int(i)]
        out += _fields(f"{what} {i}", fields, partial(read or _attribute, item))
    return out


def _attribute(item: Any, field: str, want: Any) -> tuple[Any, Any]:
    return getattr(item, field), want


def value(label: str, got: object, want: object) -> list[str]:
    """One plain value of the state (the phase, the player to act, a pending decision)."""
    return [] if got == want else [f"expected {label} {want!r}, got {got!r}"]


def _fields(label: str, fields: Mapping[str, Any], read: Callable[[str, Any], tuple[Any, Any]]) -> list[str]:
    out = []
    for f, v in fields.items():
        got, v = read(f, v)
        if got is UNKNOWN:
            out.append(f"{label}.{f}: unknown field")
        elif got != v:
            out.append(f"{label}.{f}: expected {v!r}, got {got!r}")
    return out
