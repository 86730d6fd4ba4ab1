"""A match: state, action log, seeded dice, undo, autosave, load and replay.

The Match is the only caller of a ruleset's `apply`.  Replaying a save runs
exactly the code live play ran.  Undo keeps snapshots back to the last
chance event (a die roll or a hidden-information reveal), never past it, so
no player can fish for a better roll.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from engine.core import registry
from engine.core.actions import Action
from engine.core.dice import Dice, ScriptedDice, SeededDice
from engine.core.rules import Event, Illegal, Outcome, Setup
from engine.core.saves import SAVE_FORMAT, SaveError, action_line, atomic_write, read_save


@dataclass
class LogEntry:
    action: Action | None          # None for setup events
    player: int
    text: str
    events: list[Event] = field(default_factory=list)


class Match:
    def __init__(self, setup: Setup, dice: Dice | None = None, autosave_path: str | Path | None = None):
        self.rules = registry.get(setup.game)
        self.setup = setup
        self.dice = dice if dice is not None else SeededDice(setup.seed)
        self.autosave_path = Path(autosave_path) if autosave_path else None
        self.state, events = self.rules.initial_state(setup, self.dice)
        self.actions: list[Action] = []
        self.log: list[LogEntry] = [LogEntry(None, -1, "Setup", events)]
        self._undo: list[tuple] = []
        self.listeners: list = []            # callables(entry) for the UI

    # --- play -------------------------------------------------------------
    def to_act(self) -> int:
        return self.rules.to_act(self.state)

    def legal_actions(self) -> list[Action]:
        if self.outcome() is not None:
            return []
        return self.rules.legal_actions(self.state)

    def check(self, action: Action) -> Illegal | None:
        if self.outcome() is not None:
            return Illegal("The game is over.")
        return self.rules.check(self.state, action)

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    def submit(self, action: Action, autosave: bool = True) -> list[Event]:
        """Apply a legal action; raises Illegal (state untouched) otherwise."""
        refusal = self.check(action)
        if refusal is not None:
            raise refusal
        snapshot = (self.rules.clone(self.state), self.dice.getstate(), len(self.actions), len(self.log))
        rolled_before = self.dice.rolled
        events = self.rules.apply(self.state, action, self.dice)
        self.actions.append(action)
        entry = LogEntry(action, action.player, self.rules.describe(self.state, action), events)
        self.log.append(entry)
        barrier = self.dice.rolled != rolled_before or any(e.kind == "reveal" for e in events)
        if barrier:
            self._undo.clear()
        else:
            self._undo.append(snapshot)
        if autosave and self.autosave_path is not None:
            self.autosave()
        for fn in self.listeners:
            fn(entry)
        return events

    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo(self) -> bool:
        if not self._undo:
            return False
        state, dice_state, n_actions, n_log = self._undo.pop()
        self.state = state
        self.dice.setstate(dice_state)
        del self.actions[n_actions:]
        del self.log[n_log:]
        if self.autosave_path is not None:
            self.autosave()
        return True

    # --- saves ------------------------------------------------------------
    def to_save(self) -> dict:
        return {
            "format": SAVE_FORMAT,
            "data_version": getattr(self.rules, "data_version", "1"),
            "setup": self.setup.to_dict(),
            "actions": [a.to_dict() for a in self.actions],
            "rolls": list(self.dice.history),
            "fingerprint": self.rules.fingerprint(self.state),
        }

    def save_text(self) -> str:
        data = self.to_save()
        actions = ",\n    ".join(json.dumps(a, sort_keys=True) for a in data.pop("actions"))
        head = json.dumps(data, indent=2, sort_keys=True)
        return head[:-2] + ',\n  "actions": [\n    ' + actions + "\n  ]\n}\n"

    def save(self, path: str | Path) -> None:
        atomic_write(path, self.save_text())

    def autosave(self) -> None:
        if self.autosave_path is not None:
            self.save(self.autosave_path)

    @classmethod
    def load(cls, path: str | Path, autosave_path: str | Path | None = None) -> "Match":
        data = read_save(path)
        return cls.from_save(data, str(path), autosave_path)

    @classmethod
    def from_save(cls, data: dict, name: str = "<save>", autosave_path=None) -> "Match":
        try:
            setup = Setup.from_dict(data["setup"])
            rules = registry.get(setup.game)
        except (KeyError, TypeError, ValueError) as e:
            raise SaveError(f"{name}:1: setup: {e}") from None
        rolls = data["rolls"]
        if not all(isinstance(r, int) for r in rolls):
            raise SaveError(f"{name}:1: rolls: every roll must be an integer")
        dice = ScriptedDice(rolls, seed=hash((setup.seed, len(rolls))) & 0xFFFFFFFF)
        try:
            match = cls(setup, dice=dice)
        except Exception as e:  # a setup the rules refuse
            raise SaveError(f"{name}:1: setup: cannot start this game: {e}") from None
        for i, raw in enumerate(data["actions"]):
            line = action_line(data, i)
            try:
                action = Action.from_dict(raw)
            except (ValueError, TypeError) as e:
                raise SaveError(f"{name}:{line}: actions[{i}]: {e}") from None
            try:
                match.submit(action, autosave=False)
            except Illegal as e:
                raise SaveError(f"{name}:{line}: actions[{i}]: does not replay: {e}") from None
        fp = data.get("fingerprint")
        if fp is not None and fp != rules.fingerprint(match.state):
            raise SaveError(f"{name}:1: fingerprint: the replayed game does not agree with the saved position")
        match.autosave_path = Path(autosave_path) if autosave_path else None
        return match
