"""The values a game's rules exchange with the engine (the base class a
game subclasses is engine/core/game.py `Game`).

Rules are pure Python: no pygame, no file I/O, no global random.  A ruleset
mutates a state object it created; the Match takes snapshots around it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.action_specs import ByKind, Declared, PhaseCheck
from engine.core.actions import Action



@dataclass(slots=True)
class Event:
    """Something that happened, for the log, the dice tray and animations.

    `rule` is a citation such as "dice_wars.txt § Guarding"; `depth` 0 is the
    headline of an action, 1 a ruling under it.
    """
    kind: str
    text: str
    rule: str = ""
    depth: int = 1
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.rule:
            d["rule"] = self.rule
        if self.data:
            d["data"] = self.data
        return d


class Illegal(Exception):
    """An action the rules refuse, with the reason in words and the rule."""

    def __init__(self, reason: str, rule: str = ""):
        super().__init__(reason)
        self.reason = reason
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})" if self.rule else self.reason


# what reading a malformed file's values raises (the loaders' boundaries catch these: engine/core/lessons.py)
MALFORMED = (KeyError, TypeError, ValueError, IndexError, AttributeError)


def refusal(problem: PhaseCheck, state: Any, a: Action, declared: Declared) -> Illegal | None:
    """A game's check as `Game.check` answers it: `problem(state, a)`
    says None, a reason, (reason, rule) or an Illegal.

    The game's declared actions (`declared`, an
    engine.core.action_specs.Declared) refuse an action of the wrong shape,
    naming the field, before `problem` reads it; an error raised inside
    `problem` is a programming error and raises (the test that meets it
    fails; the window's crash guard keeps the game).  `problem` may answer
    BY_KIND: the phase lets the action through and the kind's declared
    check decides."""
    shape = declared.problem(state, a)
    if shape is not None:
        return Illegal(f"Malformed {a.kind} action: {shape}")
    reason = problem(state, a)
    if isinstance(reason, ByKind):         # BY_KIND, its one instance
        reason = declared.kind_check(state, a)
    if reason is None or isinstance(reason, Illegal):
        return reason
    return Illegal(*reason) if isinstance(reason, tuple) else Illegal(reason)


@dataclass(frozen=True, slots=True)
class Outcome:
    winners: tuple[int, ...]
    reason: str
    rule: str = ""


@dataclass
class Setup:
    """Everything needed to start a match: reproducible from a save."""
    game: str
    players: int
    seed: int = 0
    scenario: str = ""
    seats: tuple[str, ...] = ()          # "human" or an agent name, per player
    options: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "seed": self.seed,
                "scenario": self.scenario, "seats": list(self.seats),
                "options": dict(self.options)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Setup":
        return cls(game=d["game"], players=int(d["players"]), seed=int(d.get("seed", 0)),
                   scenario=d.get("scenario", ""), seats=tuple(d.get("seats", ())),
                   options=dict(d.get("options", {})))


@dataclass(frozen=True)
class OptionSpec:
    """A game option the launcher offers (checkbox or choice)."""
    key: str
    label: str
    default: Any
    choices: tuple[Any, ...] = ()          # empty: boolean
    help: str = ""
    launcher: bool = True        # offered in the launcher (False: for scripts and the command line only,
                                 # e.g. what the launcher's army-list seats already choose)
