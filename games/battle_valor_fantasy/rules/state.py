"""Battle Valor Fantasy game state: plain mutable slots classes, cheap to copy.

The table (size, terrain, zones) and each unit's profile (what the army
list made it: games/battle_valor_fantasy/rules/army.py `UnitProfile`) are
immutable and shared between copies; everything the battle changes lives
here.  Stands are kept one by one (their centre and facing in inches and
degrees), with their living figures: casualties are figures, a stand goes
when its last figure does (docs/games/battle_valor_fantasy.md § Casualties).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from engine.core.state_fields import FRESH, SHARED, copyable

if TYPE_CHECKING:                  # the types of shared values (no import at run time: no cycle)
    from engine.table.geometry import Table
    from games.battle_valor_fantasy.rules.alliance import Alliance
    from games.battle_valor_fantasy.rules.army import UnitProfile
    from games.battle_valor_fantasy.rules.catalog import Catalog
    from games.battle_valor_fantasy.rules.defs import ArmyList


@copyable
@dataclass(slots=True)
class Stand:
    sid: int
    x: float
    y: float
    facing: float
    figures: int
    command: bool = False


@copyable
@dataclass(slots=True)
class Unit:
    uid: int
    owner: int
    name: str
    kind: str                     # "unit" | "general" | "wizard" | a character type (characters.py)
    profile: UnitProfile | None = field(metadata=SHARED)  # army.UnitProfile (shared, immutable); None for the General and Wizards
    level: str = "regular"        # experience: levy/regular/veteran/elite
    stands: list[Stand] = field(default_factory=list)
    formation: str = "line"
    files: int = 1
    facing: float = 0.0
    deployed: bool = False
    alive: bool = True
    off_table: bool = False
    orders: list[str] = field(default_factory=list)     # counters still on the unit (face up once revealed)
    fleeing: bool = False          # a Flee counter stays until rallied
    fled_this_turn: bool = False
    activated: bool = False
    engaged: tuple = ()            # uids of enemy units in base contact (combat)
    rounds: dict = field(default_factory=dict)   # enemy uid -> rounds of combat fought (first-round bonuses)
    stragglers: tuple = ()         # sids left behind by a charge or a flight
    straggle_from: str = ""        # "charge" | "flee"
    charge_target: int = -1        # unfinished charge: the enemy uid
    charge_facing: float = 0.0
    split: bool = False            # only a Reform order next turn
    split_next: bool = False
    wounds: int = 0                # war machines: machine wounds; monstrous creatures: damage
    crew_wounds: int = 0
    fired_last_turn: bool = False  # war machines with 2 crew fire every other turn
    fired: int = -1                # the turn it last fired
    effects: dict = field(default_factory=dict)   # spell effects this turn: effect id -> amount
    dice: int = 10                 # Wizards: dice to cast or dispel
    standard: bool = False         # the command stand carries a standard
    start_stands: int = 0
    rerolls: int = 0               # the General's rerolls left
    deploy_order: int = 0
    attached: int = -1             # characters (characters.py): the unit it is with (-1: on its own)
    hidden: bool = False           # Assassins and Thieves: written down face down, not yet revealed
    marks: tuple = ()              # characters: what it has used ("struck 3": turn 3, "seer"); units: "leader",
                                   # "standard", "musician" lost to an Assassin or a Thief

    @property
    def on_table(self) -> bool:
        return self.alive and not self.off_table and bool(self.stands)

    def command_stand(self) -> Stand | None:
        for s in self.stands:
            if s.command:
                return s
        return None

    def figures(self) -> int:
        return sum(s.figures for s in self.stands)


@copyable
@dataclass(slots=True)
class Player:
    index: int
    name: str
    army: ArmyList = field(metadata=SHARED)  # defs.ArmyList (shared)
    zone: str = ""
    orders_placed: bool = False
    fate_uid: int = -1             # the unit the Fate counter lies next to (-1: none placed)
    fate_done: bool = False
    score: float = 0.0
    fate_waits: bool = False       # the initiative winner activates his Fate counter after the opponent's


@copyable
@dataclass(slots=True)
class Pending:
    """A decision waiting for a player who is not the one activating: a
    dispel, or the opponent's 6-inch Fate move."""
    kind: str                      # "dispel" | "fate_punish"
    player: int
    data: tuple = ()


@copyable
@dataclass(slots=True)
class BVFState:
    table: Table = field(metadata=SHARED)  # engine.table.geometry.Table (shared)
    catalog: Catalog = field(metadata=SHARED)   # the data the match was set up with (immutable, shared)
    scenario: str
    turns: int
    players: list[Player]
    units: dict[int, Unit]
    phase: str = "deploy"          # deploy | orders | fate | spells | reform | fire | combat | advance | fire2 | over
    turn: int = 1
    initiative: int = 0            # the player who won it this turn
    current: int = 0               # the player to act
    deploy_queue: tuple = ()       # players in deployment order, one entry per placement
    pending: list[Pending] = field(default_factory=list)
    passed: tuple = ()             # players with nothing left to activate in this phase
    winners: tuple = ()
    win_reason: str = ""
    win_rule: str = ""
    version: int = 0
    options: dict = field(default_factory=dict, metadata=SHARED)   # fixed by the setup, shared by copies
    cache: dict = field(default_factory=dict, compare=False, repr=False, metadata=FRESH)   # derived values
    works: tuple = ()              # linear obstacles built in the battle: (x, y, facing, builder uid) (works.py)
    # the Grand Alliance (alliance.py; None and empty in the two-player game): `players` above are the two
    # sides, `alliance` (shared, immutable) the seats; `seat` is the seat to decide, `rota` per side the
    # place in its seats' rotation, `placed` the seats whose orders are down this turn
    alliance: Alliance | None = field(default=None, metadata=SHARED)   # the seats (alliance.py), fixed by the setup
    seat: int = -1
    rota: tuple = ()
    placed: tuple = ()

    if TYPE_CHECKING:
        def copy(self) -> BVFState: ...      # written by @copyable (engine/core/state_fields.py)

    def touch(self, moved: "Unit | None" = None) -> None:
        """A new version: every derived value is dropped, except, when only
        `moved`'s stands changed since the last touch (space.put), the other
        units' geometry ids and boxes (games/battle_valor_fantasy/rules/space.py),
        and the geometries of earlier versions as candidates (checked
        against the unit's stands before use: space._geo)."""
        self.version += 1
        cache = self.cache
        if moved is None:
            # the geometries of the last versions stay as candidates: space._geo takes one back only when
            # the unit's signature (its stands' places) is still the same
            geo, was = cache.get("geo"), cache.get("geo_was")
            cache.clear()
            if geo:
                if was:
                    was.update(geo)
                    geo = was
                cache["geo_was"] = geo
            elif was:
                cache["geo_was"] = was
            return
        geo, boxes, was = cache.get("geo"), cache.get("bbox"), cache.get("geo_was")
        cache.clear()
        if geo is not None:
            geo.pop(moved.uid, None)
            cache["geo"] = geo
        if boxes is not None:
            boxes.pop(moved.uid, None)
            cache["bbox"] = boxes
        if was is not None:
            cache["geo_was"] = was

    @property
    def round(self) -> int:
        """The game turn, as the tools count rounds (simulate, judge: game length)."""
        return self.turn
