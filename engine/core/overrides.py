"""Override with a note: the group allows one action the rules refused.

When the players at the table disagree with a refusal, they may allow that
one action anyway, with a short note saying why.  The contract, for the
engine and every game:

- Only a refusal that cites a rule (`Illegal(reason, rule)`) can be
  overridden: a refusal without a rule (a malformed action, a player or
  unit that does not exist) is not a reading of the rules a group can
  overrule.  Concessions and draws, a finished game, another player's turn
  and computer seats are never overridden.
- The group agrees: the Match is told which seats confirmed, and every
  human seat must be among them (in hotseat the screen asks each human in
  turn; any "no" cancels).  Computer seats never propose or confirm.
- The action is carried out by the game's own `apply`, on a copy of the
  state (`try_apply`).  A rules `apply` is written for legal actions, so
  when it cannot carry a refused one out (it raises, or it leaves a
  position that breaks the game's invariants, or one where the game can no
  longer say who acts, what is legal or who won) the override is refused
  with `OverrideRefused` saying so, and the match's state and dice are left
  exactly as they were.  Nothing half-applied is ever kept.
- A game may refuse overrides of some refusals by giving its ruleset an
  optional `override_problem(state, action, refusal) -> str | None`.
- The log marks the action (an `override` event at its head with the note,
  the refused reason and the rule); undo takes it back like any action; a
  save carries it beside the action (`"override": {...}` in the action's
  dict), and replay applies it the same way without checking legality again.
- `simulate` and `judge` never use overrides: they run inside
  `forbidden(...)`, under which every override is refused.

Headless, pure: no pygame, no file I/O.
"""
from __future__ import annotations

from contextlib import contextmanager
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core.actions import Action
from engine.core.dice import Dice
from engine.core.rules import Event, Illegal

if TYPE_CHECKING:
    from engine.core.game import Game

MAX_NOTE = 200                 # characters: a short note, one line
KEY = "override"               # the field of a saved action that carries it


class OverrideRefused(Exception):
    """Why an override is not possible (the state is unchanged)."""


@dataclass(frozen=True, slots=True)
class Override:
    """An action the rules refused and the group allowed anyway."""
    note: str
    refused: str                        # the refusal's reason, as the rules gave it
    rule: str                           # the rule it cited
    confirmed_by: tuple[int, ...] = ()  # the seats that agreed

    def to_dict(self) -> dict[str, Any]:
        return {"note": self.note, "refused": self.refused, "rule": self.rule,
                "confirmed_by": list(self.confirmed_by)}

    @classmethod
    def from_dict(cls, d: Any, players: int) -> "Override":
        """From a save (untrusted): ValueError naming the field."""
        if not isinstance(d, dict):
            raise ValueError("override: expected a mapping with note, refused, rule and confirmed_by")
        extra = set(d) - {"note", "refused", "rule", "confirmed_by"}
        if extra:
            raise ValueError(f"override: unknown field {sorted(map(str, extra))[0][:40]!r}")
        for key, limit in (("note", MAX_NOTE), ("refused", 2000), ("rule", 300)):
            v = d.get(key)
            if not isinstance(v, str) or not v.strip() or len(v) > limit:
                raise ValueError(f"override.{key}: expected text of 1 to {limit} characters")
        who = d.get("confirmed_by", [])
        if not isinstance(who, list) or not all(type(p) is int and 0 <= p < players for p in who) \
                or len(set(who)) != len(who):
            raise ValueError(f"override.confirmed_by: expected distinct player numbers 0 to {players - 1}")
        return cls(d["note"], d["refused"], d["rule"], tuple(who))


def clean_note(text: object) -> str:
    """The note as kept: one line, trimmed; OverrideRefused when empty or too long."""
    if not isinstance(text, str):
        raise OverrideRefused("An override needs a short note saying why the group allows it.")
    note = " ".join(text.split())
    if not note:
        raise OverrideRefused("An override needs a short note saying why the group allows it.")
    if len(note) > MAX_NOTE:
        raise OverrideRefused(f"The note is {len(note)} characters; keep it to {MAX_NOTE}.")
    return note


# --- where overrides are never used -------------------------------------------------
_forbidden: list[str] = []


@contextmanager
def forbidden(where: str) -> Iterator[None]:
    """Inside, every override is refused (`simulate`, `judge`: computer
    play and balance numbers follow the rules as written)."""
    _forbidden.append(where)
    try:
        yield
    finally:
        _forbidden.pop()


def forbidden_in() -> str | None:
    """The command that forbids overrides now, or None."""
    return _forbidden[-1] if _forbidden else None


# --- carrying one out ---------------------------------------------------------------
def try_apply(rules: Game, state: Any, action: Action, dice: Dice) -> tuple[Any, list[Event]]:
    """Apply a refused action by the game's own `apply` on a copy of
    `state`; returns (the new state, its events).  OverrideRefused when the
    rules cannot carry it out: `state` and `dice` are then as before."""
    before = dice.getstate()
    trial = rules.clone(state)
    try:
        events = rules.apply(trial, action, dice)
        problem = _unplayable(rules, trial)
    except Exception:  # noqa: BLE001 - a rules apply meeting an action it was never meant for
        # a player reads this: the rules have no way to play it, in words (no Python class)
        problem = "the rules have no way to carry it out from this position"
        events = []
    if problem:
        dice.setstate(before)
        raise OverrideRefused(f"This action cannot be allowed even as a house rule: {problem}. "
                              "Nothing was changed.")
    return trial, list(events or [])


def dry_run(rules: Game, state: Any, action: Action, dice: Dice) -> None:
    """try_apply for a question only: OverrideRefused if the rules cannot
    carry the action out; the state and the dice are untouched either way."""
    before = dice.getstate()
    try:
        try_apply(rules, state, action, dice)
    finally:
        dice.setstate(before)


def _unplayable(rules: Game, state: Any) -> str | None:
    """Why a position after an override cannot go on, or None."""
    problems = list(rules.invariants(state))
    if problems:
        return f"it would leave a position the rules cannot hold ({str(problems[0])[:200]})"
    if rules.outcome(state) is None:
        rules.to_act(state)
        rules.legal_actions(state)
    return None


def event(override: Override, names: list[str]) -> Event:
    """The log's mark at the head of an overridden action."""
    who = ", ".join(names[p] if 0 <= p < len(names) else f"Player {p + 1}" for p in override.confirmed_by)
    agreed = f" (agreed by {who})" if who else ""
    return Event("override", f"House rule: allowed against the rules{agreed}: \u201c{override.note}\u201d. "
                             f"The rules refused it: {override.refused}", override.rule, depth=0,
                 data={"override": override.to_dict()})


def refusal_of(override: Override) -> Illegal:
    return Illegal(override.refused, override.rule)
