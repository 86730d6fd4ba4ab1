"""The steps a Dragonbond action still has to resolve, as typed values.

An action that can be interrupted (an opportunity attack before a move, a
reaction before a roll, the owner choosing casualties) is resolved as
frames on `state.frames`, run last-in first-out by the one turn loop
(games/dragonbond/rules/turn_loop.py).  A step may push more frames and may open
a decision (`state.pending`); the loop stops while one is open, and
answering it runs on.  Lower layers push frames and return: no layer calls
up into another by name.  Frames hold only plain values, so a state copy
copies them and a replay runs the same steps.

dragonbond.txt § Reactions (resolved before the action that triggered
them), § 1. Opportunity Attack, § 2. Powers, § Applying Wounds."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class AttackRoll:
    """Roll an attack's dice, then defence and wounds."""
    uid: int
    target: int
    weapon: str
    kind: str
    power: str
    spec: dict | None = field(default=None, hash=False)     # a power's own weapon (WeaponSpec.model_dump())


@dataclass(frozen=True, slots=True)
class AttackAfter:
    """After an attack: consolidation (melee only)."""
    uid: int
    target: int
    kind: str
    melee: bool


@dataclass(frozen=True, slots=True)
class AskOpportunityAttack:
    """Offer `reactor` an opportunity attack on `target`, which `why`."""
    reactor: int
    target: int
    why: str


@dataclass(frozen=True, slots=True)
class AskReaction:
    """Offer unit `uid` a reaction power against `trigger`, caused by `cause`."""
    uid: int
    trigger: str
    cause: int


@dataclass(frozen=True, slots=True)
class Casualties:
    """Take off killed models (the owner chooses when there is a choice)."""


@dataclass(frozen=True, slots=True)
class CheckLastPlayer:
    """After casualties: the game ends when only one player has units left."""


@dataclass(frozen=True, slots=True)
class Sacrifice:
    """A fallen captain's once-only Sacrifice effects on the units it names."""
    uid: int
    targets: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DestroyIfEmpty:
    """After a captain's Sacrifice: a unit with no models left is destroyed."""
    uid: int
    by: int
    by_uid: int


@dataclass(frozen=True, slots=True)
class DoMove:
    uid: int
    to: tuple[tuple[float, float], ...]
    mids: tuple[int, ...]
    kind: str


@dataclass(frozen=True, slots=True)
class OfferChargeAttack:
    uid: int
    target: int
    weapon: str


@dataclass(frozen=True, slots=True)
class ChargeRoll:
    uid: int
    target: int
    weapon: str


@dataclass(frozen=True, slots=True)
class ChargeMove:
    uid: int
    target: int
    weapon: str


@dataclass(frozen=True, slots=True)
class PowerEffects:
    uid: int
    key: str
    target: int


Frame = (AttackRoll | AttackAfter | AskOpportunityAttack | AskReaction | Casualties | CheckLastPlayer | Sacrifice
         | DestroyIfEmpty | DoMove | OfferChargeAttack | ChargeRoll | ChargeMove | PowerEffects)


def push(state, frame: Frame) -> None:
    """Run `frame` before everything pushed earlier."""
    state.frames.append(frame)
