"""Reading one mapping of a hand-written file (a script's custom position,
a list entry) field by field, each refusal naming the field and what it
holds: `position.units[2].facing: a number was expected, not 'north'`.

The readers bound what they accept, so a hostile value (a list where a
number belongs, 1e308 inches, a seat of 10**20) stops here, in words,
instead of deep in the rules."""
from __future__ import annotations

import difflib
import math
import re
from collections.abc import Callable, Collection, Mapping
from typing import Any

from engine.core.limits import cut

_REQUIRED = object()
MANY_NAMES = 12          # beyond this, a refused name is shown the closest few, not every name


_POSITION_PATH = re.compile(r"(position(?:\.[^\s.:\[\]]+|\[\d+\])*): ")
_PATH_PART = re.compile(r"\.([^.\[\]]+)|\[(\d+)\]")


def position_path(message: str) -> list[str | int]:
    """The keys and indexes of the custom-position field a refusal names
    first (`position.units[3].hp: ...` -> position, units, 3, hp), so the
    file's line can be the field's, not its setup's; [] if it names none."""
    m = _POSITION_PATH.match(message)
    if not m:
        return []
    parts = _PATH_PART.findall(m.group(1)[len("position"):])
    return ["position"] + [key if key else int(index) for key, index in parts]


class FieldError(ValueError):
    """A field of the wrong shape: the message is `where.field: what`."""


def known(where: str, value: Any, names: Collection[str], what: str = "", none: bool = False) -> Any:
    """`value` if it is one of a catalog's `names` (or null, when `none`
    allows it), else refused listing them: `where: unknown Character 'x'
    (known: ...)`."""
    if (value is None and none) or (isinstance(value, str) and value in names):
        return value
    label = f"{what} " if what else ""
    if len(names) <= MANY_NAMES:
        raise FieldError(f"{where}: unknown {label}{cut(value)} (known: {', '.join(sorted(names))})")
    close = difflib.get_close_matches(str(value)[:100], sorted(names), 4, 0.5) or sorted(names)[:4]
    raise FieldError(f"{where}: unknown {label}{cut(value)} ({len(names)} known, such as {', '.join(close)})")


class Fields:
    """The fields of one mapping at `where` (a dotted path for messages;
    "" for a file's top level)."""

    def __init__(self, raw: Any, where: str):
        if not isinstance(raw, Mapping):
            raise FieldError(f"{where or '(top)'}: a mapping was expected, not {cut(raw)}")
        self.raw = raw
        self.where = where

    def at(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def has(self, key: str) -> bool:
        return key in self.raw

    def only(self, keys: Collection[str]) -> None:
        """Refuse a field not among `keys`, naming them."""
        bad = set(self.raw) - set(keys)
        if bad:
            raise FieldError(f"{self.where or '(top)'}: unknown field {cut(sorted(bad, key=str)[0])} "
                             f"(known: {', '.join(sorted(keys))})")

    def parsed(self, key: str, reader: Callable[[Any], Any], default: Any = _REQUIRED) -> Any:
        """The field read by `reader` (a hex label, a date...), whose ValueError
        is said at the field."""
        v = self._get(key, default)
        if v is default and key not in self.raw:
            return v
        try:
            return reader(v)
        except ValueError as e:
            raise FieldError(f"{self.at(key)}: {e}") from None

    def items(self, key: str, default: Any = (), most: int | None = None, per: str = "") -> list[Any]:
        """The list at `key` (`default` when absent), at most `most` long
        (`per` says what each entry is for: "one per player")."""
        v = self._get(key, default)
        if v is None:
            return []
        if not isinstance(v, list | tuple):
            raise FieldError(f"{self.at(key)}: a list was expected, not {cut(v)}")
        if most is not None and len(v) > most:
            raise FieldError(f"{self.at(key)}: at most {most} entries{f' ({per})' if per else ''}, not {len(v)}")
        return list(v)

    def _get(self, key: str, default: Any) -> Any:
        if key in self.raw:
            return self.raw[key]
        if default is _REQUIRED:
            raise FieldError(f"{self.at(key)}: required field is missing")
        return default

    def whole(self, key: str, default: Any = _REQUIRED, low: int = -10 ** 6, high: int = 10 ** 6) -> int:
        v = self._get(key, default)
        if type(v) is float and v.is_integer():
            v = int(v)
        if type(v) is not int:
            raise FieldError(f"{self.at(key)}: a whole number was expected, not {cut(v)}")
        if not low <= v <= high:
            raise FieldError(f"{self.at(key)}: {cut(v)} is out of range ({low} to {high})")
        return v

    def number(self, key: str, default: Any = _REQUIRED, low: float = -1e6, high: float = 1e6) -> float:
        v = self._get(key, default)
        if type(v) not in (int, float) or not math.isfinite(v):
            raise FieldError(f"{self.at(key)}: a number was expected, not {cut(v)}")
        if not low <= v <= high:
            raise FieldError(f"{self.at(key)}: {cut(v)} is out of range ({low:g} to {high:g})")
        return float(v)

    def flag(self, key: str, default: bool = False) -> bool:
        v = self._get(key, default)
        if type(v) is not bool:
            raise FieldError(f"{self.at(key)}: true or false was expected, not {cut(v)}")
        return v

    def text(self, key: str, default: Any = _REQUIRED) -> Any:
        """Text; with the default None, an absent or null field is None."""
        v = self._get(key, default)
        if v is None and default is None:
            return None
        if not isinstance(v, str):
            raise FieldError(f"{self.at(key)}: text was expected, not {cut(v)}")
        return v

    def one_of(self, key: str, choices: Collection[str], default: Any = _REQUIRED) -> str:
        v = self._get(key, default)
        if not isinstance(v, str) or v not in choices:
            raise FieldError(f"{self.at(key)}: one of {', '.join(str(c) for c in choices)} was expected, "
                             f"not {cut(v)}")
        return v

    def point(self, key: str, low: float = -1e6, high: float = 1e6) -> tuple[float, float]:
        v = self._get(key, _REQUIRED)
        if not isinstance(v, list | tuple) or len(v) != 2:
            raise FieldError(f"{self.at(key)}: a point [x, y] was expected, not {cut(v)}")
        xy = Fields({f"{key}[{i}]": x for i, x in enumerate(v)}, self.where)    # each coordinate named
        return xy.number(f"{key}[0]", low=low, high=high), xy.number(f"{key}[1]", low=low, high=high)

    def texts(self, key: str, default: Any = ()) -> list[str]:
        v = self._get(key, default)
        if not isinstance(v, list | tuple) or not all(isinstance(x, str) for x in v):
            raise FieldError(f"{self.at(key)}: a list of names was expected, not {cut(v)}")
        return list(v)

    def mapping(self, key: str, default: Any = None) -> dict[Any, Any]:
        v = self._get(key, default)
        if v is None:
            return {}
        if not isinstance(v, Mapping):
            raise FieldError(f"{self.at(key)}: a mapping was expected, not {cut(v)}")
        return dict(v)
