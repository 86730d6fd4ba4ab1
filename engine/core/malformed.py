"""Python's words for a value of the wrong shape, in a reader's words.

A hostile save, script or list can hand the rules a list where a number
belongs, a name nothing has, or a field left out.  The code that reads it
raises KeyError, TypeError or ValueError with Python's own wording
("int() argument must be a string, a bytes-like object or a real number,
not 'list'"); `explain` turns that into what is wrong with the data ("a
whole number was expected, not a list"), naming the field when the values
read show which one it was.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.core.limits import cut, cut_text

# Python's type names as a data file's reader knows them
_KINDS = {"list": "a list", "tuple": "a list", "dict": "a mapping", "NoneType": "nothing (null)",
          "str": "text", "bool": "true/false", "int": "a whole number", "float": "a number",
          "set": "a list", "frozenset": "a list"}
_TYPE_OF = {"list": (list, tuple), "tuple": (list, tuple), "dict": (dict,), "NoneType": (type(None),),
            "str": (str,), "bool": (bool,), "int": (int,), "float": (float,)}

_NUMBER_ARG = re.compile(r"^(int|float)\(\) argument must be .*, not '(\w+)'$")
_INT_LITERAL = re.compile(r"^invalid literal for int\(\) with base \d+: (.+)$")
_FLOAT_TEXT = re.compile(r"^could not convert string to float: (.+)$")
_COMPARE = re.compile(r"^'[<>=!]+' not supported between instances of '(\w+)' and '(\w+)'$")
_OPERAND = re.compile(r"^unsupported operand type\(s\) for .+: '(\w+)' and '(\w+)'$")
_NO_ATTR = re.compile(r"^'(\w+)' object has no attribute '\w+'$")
_NOT_A = re.compile(r"^'(\w+)' object is not (subscriptable|iterable|callable)$")
_UNHASHABLE = re.compile(r"^unhashable type: '(\w+)'$")
_INDEX = re.compile(r"^(list|tuple|string) index out of range$")


def _kind(type_name: str) -> str:
    return _KINDS.get(type_name, f"a value of type {type_name}")


def _field_of_type(values: Mapping[str, Any] | None, type_names: tuple[str, ...]) -> str | None:
    """The one field whose value is of one of these types (None if none or several)."""
    if not values:
        return None
    types = tuple(t for name in type_names for t in _TYPE_OF.get(name, ()))
    if not types:
        return None
    hits = [k for k, v in values.items() if isinstance(v, types) and (bool in types or not isinstance(v, bool))]
    return hits[0] if len(hits) == 1 else None


def _field_with_text(values: Mapping[str, Any] | None, literal: str) -> str | None:
    """The one field whose value is this text (Python quotes it with repr)."""
    if not values:
        return None
    hits = [k for k, v in values.items() if isinstance(v, str) and repr(v) == literal]
    return hits[0] if len(hits) == 1 else None


def _holds(value: Any, key: Any) -> bool:
    """The value is the key, or a list holding it (an id among ids)."""
    try:
        if isinstance(value, list | tuple):
            return any(_holds(v, key) for v in value)
        return type(value) is type(key) and value == key
    except Exception:  # noqa: BLE001 - a hostile value that cannot be compared is not the key
        return False


def _named(field: str | None, text: str) -> str:
    return f"{field}: {text}" if field else text


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
    m = _NUMBER_ARG.match(text)
    if m:
        want = "a whole number" if m.group(1) == "int" else "a number"
        return _named(_field_of_type(values, (m.group(2),)), f"{want} was expected, not {_kind(m.group(2))}")
    m = _INT_LITERAL.match(text)
    if m:
        return _named(_field_with_text(values, m.group(1)),
                      f"a whole number was expected, not {cut_text(m.group(1), 80)}")
    m = _FLOAT_TEXT.match(text)
    if m:
        return _named(_field_with_text(values, m.group(1)), f"a number was expected, not {cut_text(m.group(1), 80)}")
    for pattern in (_COMPARE, _OPERAND):
        m = pattern.match(text)
        if m:
            odd = tuple(t for t in m.groups() if t not in ("int", "float"))
            shown = " and ".join(_kind(t) for t in dict.fromkeys(odd or m.groups()))
            return _named(_field_of_type(values, odd), f"a number was expected, not {shown}")
    for pattern in (_NO_ATTR, _NOT_A, _UNHASHABLE):
        m = pattern.match(text)
        if m:
            return _named(_field_of_type(values, (m.group(1),)), f"{_kind(m.group(1))} is the wrong kind of value here")
    if _INDEX.match(text):
        return "a list is shorter than it must be here"
    return cut_text(text or type(e).__name__, 300)
