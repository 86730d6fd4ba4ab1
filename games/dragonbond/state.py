"""Dragonbond game state: plain mutable slots classes, cheap to copy.

The table (size, terrain, zones) is immutable and shared between copies;
everything that changes lives here.  Positions change only through
`DBState.touch()`, which bumps `version` and drops the derived geometry
(games/dragonbond/space.py keeps bases, engagement and sight per version).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from engine.core.state_fields import SHARED


@dataclass(slots=True)
class Model:
    mid: int
    x: float
    y: float
    captain: bool = False

    def copy(self) -> "Model":
        return Model(self.mid, self.x, self.y, self.captain)


@dataclass(slots=True)
class Temp:
    """A modifier from a power, for the current attack or the round."""
    roll: str
    up: int
    down: int
    duration: str          # "attack" | "round"
    source: str

    def copy(self) -> "Temp":
        return Temp(self.roll, self.up, self.down, self.duration, self.source)


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

    @property
    def on_table(self) -> bool:
        return self.alive and bool(self.models)

    def copy(self) -> "Unit":
        return Unit(self.uid, self.owner, self.card, self.captain, self.archetype, self.size,
                    [m.copy() for m in self.models], self.alive, self.deployed, self.bonded, self.riding,
                    self.rider, self.wounds, self.injuries, self.fatigue, self.exhaustion, list(self.damage),
                    self.slow, self.immobilized, self.captain_alive, self.sacrificed, self.to_remove,
                    self.killer, self.killer_uid, [t.copy() for t in self.temp], self.used, self.next_mid)


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

    def copy(self) -> "Player":
        return Player(self.index, self.name, self.army, self.faction, self.score, self.turns, self.passed,
                      self.edge, self.out, self.objectives, self.bond_declared)


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

    def copy(self) -> "Turn":
        return Turn(self.uid, self.mode, self.used, self.moved, self.acted, self.moved_first, self.second,
                    self.moved_units, self.engaged_start, self.oa_spent, self.slow_paid, self.charge,
                    self.target, self.late)


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

    def copy(self) -> "Pending":
        return Pending(self.kind, self.player, self.uid, self.target, self.power, self.n, self.what)


@dataclass
class DBState:
    table: object = field(metadata=SHARED)  # engine.table.geometry.Table (immutable, shared)
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
    frames: list[tuple] = field(default_factory=list)  # continuations (games/dragonbond/flow.py)
    first_blood: int = -1
    winners: tuple = ()
    win_reason: str = ""
    win_rule: str = ""
    next_uid: int = 1
    version: int = 0
    cache: object = field(default=None, compare=False, repr=False)

    def touch(self) -> None:
        """Positions or models changed: derived geometry is stale."""
        self.version += 1
        self.cache = None

    def copy(self) -> "DBState":
        return DBState(self.table, self.scenario, self.options, [p.copy() for p in self.players],
                       {k: u.copy() for k, u in self.units.items()}, self.phase, self.current, self.round,
                       list(self.order), list(self.rank), list(self.deploy_order),
                       self.turn.copy() if self.turn else None, [p.copy() for p in self.pending],
                       [(n, dict(a)) for n, a in self.frames], self.first_blood, self.winners,
                       self.win_reason, self.win_rule, self.next_uid, self.version, None)
