"""The expectations of golden scripts that every game words alike
(`script_check` in games/<id>/position.py; the runner is
engine/commands/script.py): the fields of named pieces, the fields of
numbered ones (players, cities) and a plain value of the state.  Each
returns its failures as lines, empty when all hold; a game keeps only
what is its own (which fields it reads and how it compares them).
"""
from __future__ import annotations

from typing import Any, Callable

UNKNOWN = object()      # a reader's answer for a field it does not know


def named(want: dict, names: dict, read: Callable[[Any, str, Any], tuple], what: str = "unit") -> list[str]:
    """{name: {field: expected}} for the pieces a script named (`names`:
    name -> id).  `read(id, field, expected)` gives (got, expected): the
    expected value as the state holds it (a hex label parsed, a list
    sorted), or (UNKNOWN, expected) for a field it does not know."""
    out = []
    for name, fields in want.items():
        uid = names.get(name)
        if uid is None:
            out.append(f"no {what} named {name!r}")
            continue
        out += _fields(str(name), fields, lambda f, v, uid=uid: read(uid, f, v))
    return out


def numbered(want: dict, items, read: Callable[[Any, str, Any], tuple] | None = None,
             what: str = "player") -> list[str]:
    """{index: {field: expected}} for numbered pieces (players, cities);
    `read(item, field, expected)` as in `named`, by default the attribute."""
    out = []
    for i, fields in want.items():
        item = items[int(i)]
        out += _fields(f"{what} {i}", fields,
                       (lambda f, v, item=item: read(item, f, v)) if read else
                       (lambda f, v, item=item: (getattr(item, f), v)))
    return out


def value(label: str, got, want) -> list[str]:
    """One plain value of the state (the phase, the player to act, a pending decision)."""
    return [] if got == want else [f"expected {label} {want!r}, got {got!r}"]


def _fields(label: str, fields: dict, read) -> list[str]:
    out = []
    for f, v in fields.items():
        got, v = read(f, v)
        if got is UNKNOWN:
            out.append(f"{label}.{f}: unknown field")
        elif got != v:
            out.append(f"{label}.{f}: expected {v!r}, got {got!r}")
    return out
