"""Action kinds declared once: each kind's parameters, their kinds and bounds.

A game declares its actions (games/<id>/rules/actions.py) as `ActionSpec`s.  The
declaration is checked at the boundary, before the game's own check reads
an action: an action from a save, a script, a lesson or the screen gets
one message naming the field ("to: a hex (two whole numbers) was
expected, not 'A1'"), and the game's check then reads only well-formed
actions.  A programming error inside the check is no longer mistaken for
a malformed action: it raises, and the test that met it fails
(engine/core/rules.py `refusal`).

Parameter kinds (`Param.kind`):
- "unit": a whole number naming one of the game's pieces (`Declared.pieces`);
- "player": a seat number of this game;
- "hex": two whole numbers (axial q, r);
- "facing": a hex side, 0-5;
- "int": a whole number within `low`..`high`;
- "text": a short name (at most 100 characters), from `choices` if given;
- "bool": true or false;
- "unit_or_hex": either of those;
- "units": a list of "unit";
- "names": a list of "text";
- "ints": a list of whole numbers (a unit's model numbers);
- "point": two numbers (inches on a table: x, y);
- "points": a list of "point" (a unit's models, one each);
- "number": a number (inches, degrees);
- "numbers": a short list of numbers (a spell's placement: x, y, facing);
- "orders": a list of [piece, name] pairs (the order counters placed on units).
A parameter with `optional=True` may be missing or null.

The declaration also drives the rest of what a kind is: `Ruleset.apply`
calls the kind's `apply`, `Ruleset.describe` its `describe` (the log's
words), `rules.refusal` its `check` when the game's phase check answers
BY_KIND, and engine/core/action_docs.py writes the script docs from the
parameters and `doc`.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Union

from engine.core.actions import Action
from engine.core.dice import Dice
from engine.core.limits import cut

if TYPE_CHECKING:
    from engine.core.rules import Event, Illegal

KINDS = ("unit", "player", "hex", "facing", "int", "text", "bool", "unit_or_hex", "units", "names", "ints",
         "point", "points", "number", "numbers", "orders")
MAX_TEXT = 100
MAX_LIST = 64


@dataclass(frozen=True)
class Param:
    name: str
    kind: str
    optional: bool = False
    low: int = -10**6
    high: int = 10**6
    choices: Callable[[Any], Any] | None = None     # state -> the names it may take (text)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"{self.name}: unknown parameter kind {self.kind!r}")


# The state is Any throughout: each game's own state class, which the engine never imports.
Apply = Callable[[Any, Action, Dice, "list[Event]"], None]   # (state, action, dice, events): carries the action out
Describe = Callable[[Any, Action], str]                      # (state, action): the action in a player's words
# What a check answers: None (allowed), a reason, (reason, rule) or an Illegal.
Refusal = Union[None, str, tuple[str, str], "Illegal"]
Check = Callable[[Any, Action], Refusal]                     # (state, action): a kind's own check
# A game's phase check (rules.refusal's `problem`) may also answer BY_KIND: the kind's own check decides.
PhaseCheck = Callable[[Any, Action], Union[Refusal, "ByKind"]]


class ByKind:
    """What a game's phase check (the prelude) answers when the phase lets
    the action through and its kind's own check decides (`ActionSpec.check`,
    asked by engine/core/rules.py `refusal`)."""

    def __repr__(self) -> str:
        return "BY_KIND"


BY_KIND = ByKind()


@dataclass(frozen=True)
class ActionSpec:
    """One action kind: its parameters, what it does in words (`doc`, for
    the script docs), and the functions that apply it, describe it and,
    where a game checks by kind, check it.  `apply` and `describe` are
    required, so a kind declared without them fails at import."""
    kind: str
    params: tuple[Param, ...]
    doc: str                              # what the action does, in a player's words
    apply: Apply
    describe: Describe
    check: Check | None = None            # the kind's own check, after the phase's (rules.refusal)

    def __post_init__(self) -> None:
        for role in ("apply", "describe"):
            if not callable(getattr(self, role)):
                raise TypeError(f"{self.kind}: the declaration names no function to {role} it")


@dataclass(frozen=True)
class Declared:
    """A game's declared actions, and how its state names its pieces."""
    specs: Mapping[str, ActionSpec]
    pieces: Callable[[Any], Mapping[int, Any]] = field(default=lambda state: {})     # state -> {id: piece}
    players: Callable[[Any], int] = field(default=lambda state: len(state.players))

    def describe(self, state: Any, action: Action) -> str:
        """The action in words, by its kind's declared describe (an
        undeclared kind: the action as written)."""
        spec = self.specs.get(action.kind)
        return spec.describe(state, action) if spec is not None else str(action)

    def kind_check(self, state: Any, action: Action) -> Refusal:
        """The kind's own check, asked when the phase check answered BY_KIND."""
        check = self.specs[action.kind].check
        if check is None:
            raise TypeError(f"{action.kind}: the phase check deferred to the kind, which declares no check")
        return check(state, action)

    def problem(self, state: Any, action: Action) -> str | None:
        """None for a well-formed action, else "field: what" (the first)."""
        spec = self.specs.get(action.kind)
        if spec is None:
            return f"kind: {cut(action.kind)} is not an action of this game"
        given = dict(action.params)
        for extra in sorted(set(given) - {p.name for p in spec.params}):
            return f"{extra}: {spec.kind} takes no such field"
        for p in spec.params:
            if p.name not in given or given[p.name] is None:
                if p.optional:
                    continue
                return f"{p.name}: required field is missing"
            why = self._value_problem(state, p, given[p.name])
            if why:
                return f"{p.name}: {why}"
        return None

    def _value_problem(self, state: Any, p: Param, value: Any) -> str | None:
        kind = p.kind
        if kind == "unit_or_hex":
            if _is_int(value):
                kind = "unit"
            elif _is_hex(value):
                return None
            else:
                return f"a piece or a hex was expected, not {cut(value)}"
        if kind == "unit":
            if not _is_int(value):
                return f"a piece's number was expected, not {cut(value)}"
            return None if value in self.pieces(state) else f"{value} names no piece in this game"
        if kind == "units":
            if not isinstance(value, (list, tuple)) or len(value) > MAX_LIST:
                return f"a list of pieces was expected, not {cut(value)}"
            for item in value:
                why = self._value_problem(state, Param(p.name, "unit"), item)
                if why:
                    return why
            return None
        if kind == "ints":
            if not isinstance(value, (list, tuple)) or len(value) > MAX_LIST or not all(_is_int(v) for v in value):
                return f"a list of whole numbers was expected, not {cut(value)}"
            return None
        if kind == "number":
            return None if _is_number(value) else f"a number was expected, not {cut(value)}"
        if kind == "numbers":
            if not isinstance(value, (list, tuple)) or len(value) > 8 or not all(_is_number(v) for v in value):
                return f"a short list of numbers was expected, not {cut(value)}"
            return None
        if kind == "orders":
            if not isinstance(value, (list, tuple)) or len(value) > 4 * MAX_LIST:
                return f"a list of [piece, order] pairs was expected, not {cut(value)}"
            for pair in value:
                if not isinstance(pair, (list, tuple)) or len(pair) != 2 or not _is_int(pair[0]) or \
                        not isinstance(pair[1], str) or len(pair[1]) > MAX_TEXT:
                    return f"a [piece, order] pair was expected, not {cut(pair)}"
                if pair[0] not in self.pieces(state):
                    return f"{pair[0]} names no piece in this game"
            return None
        if kind == "point":
            return None if _is_point(value) else f"a spot (two numbers: x, y) was expected, not {cut(value)}"
        if kind == "points":
            if not isinstance(value, (list, tuple)) or not 0 < len(value) <= MAX_LIST or \
                    not all(_is_point(v) for v in value):
                return f"a list of spots (each two numbers: x, y) was expected, not {cut(value)}"
            return None
        if kind == "names":
            if not isinstance(value, (list, tuple)) or len(value) > MAX_LIST:
                return f"a list of names was expected, not {cut(value)}"
            for item in value:
                why = self._value_problem(state, Param(p.name, "text", choices=p.choices), item)
                if why:
                    return why
            return None
        if kind == "player":
            if not _is_int(value) or not 0 <= value < self.players(state):
                return f"a seat of this game was expected, not {cut(value)}"
            return None
        if kind == "hex":
            return None if _is_hex(value) else f"a hex (two whole numbers) was expected, not {cut(value)}"
        if kind == "facing":
            return None if _is_int(value) and 0 <= value <= 5 else f"a hex side 0-5 was expected, not {cut(value)}"
        if kind == "int":
            if not _is_int(value) or not p.low <= value <= p.high:
                bounds = "" if (p.low, p.high) == (-10**6, 10**6) else f" {p.low}-{p.high}"
                return f"a whole number{bounds} was expected, not {cut(value)}"
            return None
        if kind == "bool":
            return None if isinstance(value, bool) else f"true or false was expected, not {cut(value)}"
        if not isinstance(value, str) or len(value) > MAX_TEXT:          # text
            return f"a name was expected, not {cut(value)}"
        if p.choices is not None and value not in p.choices(state):
            return f"{cut(value)} names nothing in this game"
        return None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= 10**9


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) \
        and abs(value) <= 10**4


def _is_point(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and len(value) == 2 and all(_is_number(v) for v in value)


def _is_hex(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and len(value) == 2 and all(_is_int(v) for v in value)
