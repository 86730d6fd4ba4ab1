"""Dragonbond game state: plain mutable slots classes, cheap to copy.

The table (size, terrain, zones) is immutable and shared between copies;
everything that changes lives here.  Positions change only through
`DBState.touch()`, which bumps `version` and drops the derived geometry
(games/dragonbond/rules/space.py keeps bases, engagement and sight per version).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from engine.core.state_fields import FRESH, SHARED, copyable
from games.dragonbond.rules.frames import Frame

if TYPE_CHECKING:                  # the types of shared values (no import at run time: no cycle)
    from engine.table.geometry import Table
    from games.dragonbond.rules.catalog import Catalog


@copyable
@dataclass(slots=True)
class Model:
    mid: int
    x: float
    y: float
    captain: bool = False


@copyable
@dataclass(slots=True)
class Temp:
    """A modifier from a power, for the current attack or the round."""
    roll: str
    up: int
    down: int
    duration: str          # "attack" | "round"
    source: str


@copyable
@dataclass(slots=True)
class Unit:
    uid: int
    owner: int
    card: str                    # unit card id (data/dragonbond/units.yaml)
    captain: str | None          # captain card id, for regular units
    archetype: str | None        # archetype id, for generals and huge creatures
    size: int                    # models at full strength
    models: list[Model] = field(default_factory=list)   # living models on the table
    alive: bool = True
    deployed: bool = False
    bonded: int | None = None    # uid of the bonded general / dragon
    riding: int | None = None    # a general: the dragon it rides
    rider: int | None = None     # a dragon: the general riding it
    wounds: int = 0              # on the health slots
    injuries: int = 0            # huge creatures
    fatigue: int = 0             # tokens on the card's stamina slots
    exhaustion: int = 0          # tokens next to the unit on the battlefield
    damage: list[int] = field(default_factory=list)   # damage tokens: who caused each (-1: terrain)
    slow: int = 0
    immobilized: int = 0
    captain_alive: bool = False
    sacrificed: bool = False     # the captain died: the back of the card is in force
    to_remove: int = 0           # models killed, waiting to be taken off
    killer: int = -1             # the player whose wounds killed them
    killer_uid: int = -1
    temp: list[Temp] = field(default_factory=list)
    used: tuple = ()             # powers used this turn (§ Activating Powers: once per turn)
    next_mid: int = 0
    sheet: object = field(default=None, compare=False, repr=False)   # the card's data (defs.UnitCard) from the
                                 # state's catalog, set when the unit is mustered (setup.add_unit)

    @property
    def on_table(self) -> bool:
        return self.alive and bool(self.models)


@copyable
@dataclass(slots=True)
class Player:
    index: int
    name: str
    army: str                    # army id or "custom"
    faction: str
    score: int = 0               # Control / annihilation points
    turns: int = 0               # the turn counter
    passed: bool = False         # gave up the rest of the round
    edge: str = ""               # deployment edge
    out: bool = False            # no units left
    objectives: int = 0          # objectives controlled at the last scoring
    bond_declared: bool = False


@copyable
@dataclass(slots=True)
class Turn:
    """The activation in progress (dragonbond.txt § Turn Order)."""
    uid: int                     # the activated unit (a mounted pair: the dragon)
    mode: str = ""               # "" | act | run | charge | coordinated | rest | disengage
    used: float = 0.0            # share of the movement spent (0..1)
    moved: bool = False          # moved (mounting and dismounting are movement)
    acted: bool = False
    moved_first: bool = False    # moved before acting: no movement after the action
    second: int = -1             # coordinated move: the other unit
    moved_units: tuple = ()      # coordinated move: units that have moved
    engaged_start: tuple = ()    # units engaged when the turn began (Flying)
    oa_spent: tuple = ()         # enemy units that made an opportunity attack this turn
    slow_paid: bool = False      # a Slow token's half speed is spent
    charge: float = 0.0          # a charge's rolled distance
    target: int = -1             # a charge's target
    late: tuple = ()             # (uid, status) per Slow/Immobilized token gained from terrain while moving


@copyable
@dataclass(slots=True)
class Pending:
    """A decision play waits for: whose, and about what.

    oa: unit `uid` may make an opportunity attack on `target`;
    reaction: unit `uid` may use reaction power `power` (trigger `what`;
    `target` is the enemy that caused it);
    casualties: the owner of `uid` takes `n` models off;
    follow_up: unit `uid` may pile in (`what` "pile_in") or consolidate
    towards `target`;
    charge_attack: unit `uid` reached `target` and may strike it with
    weapon `what`."""
    kind: str
    player: int
    uid: int = -1
    target: int = -1
    power: str = ""
    n: int = 0
    what: str = ""


@copyable
@dataclass
class DBState:
    table: Table = field(metadata=SHARED)  # engine.table.geometry.Table (immutable, shared)
    catalog: Catalog = field(metadata=SHARED)   # the data the match was set up with (immutable, shared)
    scenario: str
    options: dict = field(metadata=SHARED)   # fixed by the setup, shared by copies
    players: list[Player]
    units: dict[int, Unit]
    phase: str = "bond"                 # bond | edge | deploy | battle | over
    current: int = 0                    # whose decision in setup; whose turn in battle
    round: int = 0
    order: list[int] = field(default_factory=list)      # this round's turn order (initiative)
    rank: list[int] = field(default_factory=list)       # setup face-off ranking
    deploy_order: list[int] = field(default_factory=list)
    turn: Turn | None = None
    pending: list[Pending] = field(default_factory=list)
    frames: list[Frame] = field(default_factory=list)  # steps still to resolve, last first (games/dragonbond/rules/frames.py)
    first_blood: int = -1
    winners: tuple = ()
    win_reason: str = ""
    win_rule: str = ""
    next_uid: int = 1
    version: int = 0
    cache: Any = field(default=None, compare=False, repr=False, metadata=FRESH)

    if TYPE_CHECKING:
        def copy(self) -> DBState: ...         # made by @copyable (engine/core/state_fields.py)

    def touch(self) -> None:
        """Positions or models changed: derived geometry is stale."""
        self.version += 1
        self.cache = None
