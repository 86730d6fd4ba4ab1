"""A game state's fingerprint, from the state's declared dataclass fields.

Every game keeps its position in dataclasses (games/<id>/state.py).  The
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
shared test over random playouts (tests/test_state_fields.py) would fail.
Floats are written to 6 decimals, well below any distance the rules
measure, so a replay on another machine gives the same text.
"""
from __future__ import annotations

import dataclasses
import hashlib
from typing import Any

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
