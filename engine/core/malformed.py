"""What is wrong with a value read from an untrusted file, in words.

The boundaries that read saves, scripts, lessons, positions and lists check
what they read and raise in the data's own words (engine/core/fields.py,
engine/core/action_specs.py, the catalogs' pydantic models): `explain`
passes those words on, and tells a KeyError's missing field from a name
that names nothing.  It never reads Python's own messages (issue 37): a
conversion error that reaches it is a check missing at the boundary.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.limits import cut, cut_text


def _holds(value: Any, key: Any) -> bool:
    """The value is the key, or a list holding it (an id among ids)."""
    try:
        if isinstance(value, list | tuple):
            return any(_holds(v, key) for v in value)
        return type(value) is type(key) and value == key
    except Exception:  # noqa: BLE001 - a hostile value that cannot be compared is not the key
        return False


def explain(e: BaseException, values: Mapping[str, Any] | None = None) -> str:
    """What is wrong with the data that raised `e`, in words (at most 300
    characters).  `values` are the fields being read, by name: when one of
    them is plainly the culprit, it is named first."""
    if isinstance(e, KeyError):
        key = e.args[0] if e.args else None
        holders = [k for k, v in (values or {}).items() if _holds(v, key)]
        if len(holders) == 1:
            return f"{holders[0]}: {cut(key)} names nothing in this game"
        if isinstance(key, str) and values is not None and key not in values and key.isidentifier():
            return f"{key}: required field is missing"
        return f"{cut(key)} names nothing in this game"
    text = str(e.args[0]) if e.args and isinstance(e.args[0], str) else str(e)
    return cut_text(text or type(e).__name__, 300)
