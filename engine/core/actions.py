"""Actions: the only way game state changes.

An Action is a small frozen, hashable value (kind, player, params) with a
stable dict form for saves, scripts and logs.  Params are kept as a sorted
tuple of (name, value) pairs; values are ints, strings, None, or tuples of
those (a hex is a (q, r) tuple).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.limits import cut


def _freeze(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        raise TypeError("action params may not be dicts")
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    player: int
    params: tuple[tuple[str, Any], ...] = ()       # sorted (name, frozen value) pairs

    @classmethod
    def make(cls, kind: str, player: int, **params: Any) -> "Action":
        items = sorted(params.items())       # keys are unique: the values are never compared
        for _, v in items:
            if type(v) is list or type(v) is dict:
                items = [(k, _freeze(v)) for k, v in items]
                break
        return cls(kind, player, tuple(items))

    def get(self, name: str, default: Any = None) -> Any:
        for k, v in self.params:
            if k == name:
                return v
        return default

    def __getitem__(self, name: str) -> Any:
        for k, v in self.params:
            if k == name:
                return v
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "player": self.player}
        d.update({k: _thaw(v) for k, v in self.params})
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Action":
        if not isinstance(d, dict) or "kind" not in d or "player" not in d:
            raise ValueError("an action needs 'kind' and 'player'")
        if not isinstance(d["kind"], str):
            raise ValueError(f"kind: an action's name was expected, not {cut(d['kind'])}")
        if type(d["player"]) is not int:
            raise ValueError(f"player: a seat number was expected, not {cut(d['player'])}")
        rest = {k: v for k, v in d.items() if k not in ("kind", "player")}
        return cls.make(d["kind"], d["player"], **rest)

    def __str__(self) -> str:
        args = " ".join(f"{k}={v}" for k, v in self.params)
        return f"P{self.player} {self.kind} {args}".rstrip()
