"""What a game's buttons send back to its controller, as values.

A button (contract.ButtonSpec) carries its command; the match screen hands
the value back to the controller's `press` unchanged (engine/ui/contract.py).

- `Do(action)`: carry out this action, one the controller listed.  Before,
  such a button sent "do:3", the action's place in a list that could change
  before the press, parsed back by each controller.
- `Pick(what, value)`: a step of the controller's own, before an action
  exists: a mode (`Pick("mode", "attack")`), a power or weapon to use, a
  tile or an order counter to pick up.
- a plain word ("end_turn", "pay", "cancel") for a button that needs no
  more: it is compared, never parsed.

Lessons point at buttons by the same values (Pointer.buttons)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from engine.core.actions import Action


@dataclass(frozen=True)
class Do:
    action: Action


@dataclass(frozen=True)
class Pick:
    what: str
    value: Any = None


Command = Union[Do, Pick, str]
