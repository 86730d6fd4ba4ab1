"""The rulings an UberDrakes action leaves to follow it, as typed values.

Lower layers (movement, spells, items, spaces, combat) never call up into
the turn sequence: they queue what happens next on `state.jobs`, and the
one turn loop (games/uberdrakes/rules/turn_loop.py) runs the queue after every
action, until a decision is needed (a combat or a pending choice) or the
queue is empty.  uberdrakes.txt § Zones of Control (combat first, then
the space's effect), § Turn Actions."""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.hex.grid import Hex


@dataclass(frozen=True, slots=True)
class ZoneOfControl:
    """Fights with every opponent whose zone of control `player` is in."""
    player: int


@dataclass(frozen=True, slots=True)
class Fight:
    """A combat between two dragons; `reason` is how it began (zoc, warp)."""
    attacker: int
    defender: int
    reason: str


@dataclass(frozen=True, slots=True)
class Land:
    """The effect of the space `player` landed on at `hex` (if still there
    and still its turn); `after_combat` when a combat came first."""
    player: int
    hex: Hex
    after_combat: bool = False


@dataclass(frozen=True, slots=True)
class FinishTurn:
    """The rest of ending the turn, once a forced landing is made (Take to the Skies)."""
    roost: bool


@dataclass(frozen=True, slots=True)
class Choice:
    """A decision `player` must make (state.pending), unless nothing can be chosen."""
    kind: str
    player: int
    data: dict = field(default_factory=dict, hash=False)


@dataclass(frozen=True, slots=True)
class StartTurnEffects:
    """What a roost on a village gives at the start of the turn."""
    player: int


@dataclass(frozen=True, slots=True)
class FinalBattleResult:
    """A combat of the Final Battle ended: the next challenger, or the winner."""
    winner: int
    loser: int


Job = ZoneOfControl | Fight | Land | FinishTurn | Choice | StartTurnEffects | FinalBattleResult


def after_move(state, player: int, space_first: bool = False) -> None:
    """Queue what follows a movement that left its space: combat in zones
    of control, then the effect of the landing space (Blink: the other way)."""
    here = state.players[player].hex
    follow: list[Job] = [Land(player, here), ZoneOfControl(player)] if space_first else \
        [ZoneOfControl(player), Land(player, here)]
    state.jobs[0:0] = follow


def first(state, *jobs: Job) -> None:
    """Queue jobs to run before anything already queued."""
    state.jobs[0:0] = list(jobs)
