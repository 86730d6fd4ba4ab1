"""UberDrakes game state: plain mutable slots classes, cheap to copy.

The board is immutable and shared between copies.  Decks are lists with
the top card last.  Hands are kept sorted (their order carries no
information).  Hoard items are a frozenset (immutable: shared by copies).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.hex.grid import Hex
from engine.core.state_fields import SHARED, copyable
from games.uberdrakes.rules.jobs import Job

if TYPE_CHECKING:                  # the types of shared values (no import at run time: no cycle)
    from games.uberdrakes.rules.board import Board
    from games.uberdrakes.rules.catalog import Catalog


@copyable
@dataclass(slots=True)
class Drake:
    """One player's dragon, hoard and hand."""
    index: int
    name: str
    dragon: str | None = None            # dragon id (its element); None until chosen
    hex: Hex | None = None               # None: not placed yet (before its first turn)
    facing: int = 0
    fatigue: int = 0
    coins: int = 0
    magic: int = 0
    blood: int = 0
    vp: int = 0
    vp_bought: int = 0                   # victory points bought with blood points
    rage: int = 0                        # permanent rage levels
    hand: list = field(default_factory=list)        # movement card ids (private)
    played: list = field(default_factory=list)      # played this round, face up
    used: tuple = ()                     # general movement actions used this round (ids)
    items: frozenset = frozenset()       # hoard items
    treasures: list = field(default_factory=list)   # treasure cards in hand (private)
    equipped: str | None = None
    rider: str | None = None             # carried rider id (public)
    portaled: bool = False               # carried the current rider through a portal
    delivered: list = field(default_factory=list)
    roosted: bool = False
    roost_next: str = ""                 # deferred roost effect for the next round: village/pickup/treasure/cave
    moved: bool = False                  # has moved since being placed (Merkezi protection)
    cave_visited: bool = False           # entered the caves this round
    ultimate_used: bool = False
    mask: str | None = None              # Elemental Mask: dragon id worn
    mask_turns: int = 0
    mask_ultimate_used: bool = False
    supercharge: int = 0                 # turns left
    camouflaged: bool = False
    regrowth: bool = False
    hailstorm: bool = False              # Hailstorm resolves at the start of the next turn
    spells_turn: frozenset = frozenset() # standard spells cast this turn


@copyable
@dataclass(slots=True)
class Combat:
    """A battle in progress.  Side 0 initiated it (wins ties), side 1 defends.
    uberdrakes.txt § Combat."""
    sides: tuple                         # (initiator, defender) player indexes
    reason: str                          # zoc | attack | bow | thunderbolt | warp | final
    ranged: bool = False                 # begun by a ranged attack
    stage: str = "pre"                   # pre | respond | counter | damage | exchange
    to_act: int = -1
    queue: list = field(default_factory=list)      # players still to decide in pre / exchange
    bonus: list = field(default_factory=lambda: [0, 0])
    notes: list[list] = field(default_factory=lambda: [[], []])   # (text, amount) per side
    temp_rage: list = field(default_factory=lambda: [0, 0])
    total: list = field(default_factory=lambda: [0, 0])
    rolled: list = field(default_factory=lambda: [False, False])
    acid: list = field(default_factory=lambda: [False, False])       # next item of side i is destroyed
    windblast: list = field(default_factory=lambda: [False, False])
    noharm: list = field(default_factory=lambda: [False, False])     # side i used a shield / plate armor
    plate: list = field(default_factory=lambda: [False, False])
    conceded_early: bool = False
    winner: int = -1                     # side index
    damage_left: int = 0
    no_blood: bool = False               # against a roosted dragon, or the Final Battle
    used: list[list] = field(default_factory=lambda: [[], []])            # items and spells used, per side

    def side(self, p: int) -> int:
        return 0 if self.sides[0] == p else 1


@dataclass(slots=True)
class Pending:
    """A decision the rules wait for (kind, who decides, what it is about)."""
    kind: str
    player: int
    data: dict = field(default_factory=dict)

    def copy(self) -> "Pending":
        # by hand, not @copyable: `data` holds lists (copied) among other values (shared)
        return Pending(self.kind, self.player, {k: (list(v) if type(v) is list else v) for k, v in self.data.items()})


@copyable
@dataclass(slots=True)
class UDState:
    board: Board = field(metadata=SHARED)  # games.uberdrakes.rules.board.Board (immutable, shared)
    catalog: Catalog = field(metadata=SHARED)   # the data the match was set up with (immutable, shared)
    options: dict = field(metadata=SHARED)   # fixed by the setup, shared by copies
    players: list[Drake]
    phase: str = "dragons"               # dragons | mulligan | play | final | over
    round: int = 1
    rounds: int = 3
    active: int = 0
    order_first: int = 0                 # who went first (turn order roll)
    actions_left: int = 0
    actions_taken: int = 0
    fought: tuple = ()                   # opponents fought this turn
    skies: bool = False                  # Take to the Skies in effect this turn
    shop: int = -1                       # village space whose shop is open for the active player
    shop_remote: bool = False            # opened by a Merchant's Portal
    shop_buys: int = 0
    shop_bought: tuple = ()
    shopped_at: tuple = ()               # villages bought or sold in this turn
    fought_at: tuple = ()                # villages fought in this turn
    movement_deck: list = field(default_factory=list)
    movement_discard: list = field(default_factory=list)
    treasure_deck: list = field(default_factory=list)
    treasure_discard: list = field(default_factory=list)
    rider_deck: list = field(default_factory=list)
    pickups: dict[str, list] = field(default_factory=dict)     # side -> list of rider ids
    stock_deck: list = field(default_factory=list)
    stock_discard: list = field(default_factory=list)
    stock: dict = field(default_factory=dict)       # village space id -> stock card id
    sandstorm: tuple = ()                # (village space id, tokens left, caster) or ()
    combat: Combat | None = None
    pending: Pending | None = None
    jobs: list[Job] = field(default_factory=list)   # rulings still to run, in order (games/uberdrakes/rules/jobs.py)
    last_roost: int = -1
    wants: dict = field(default_factory=dict)       # dragon choice: player -> wanted dragon
    choosing: list = field(default_factory=list)    # players still to name a dragon / mulligan
    final_order: list = field(default_factory=list) # Final Battle: challengers still to fight
    champion: int = -1
    winners: tuple = ()
    win_reason: str = ""
    win_rule: str = ""
    turn_count: int = 0


# ---- what the rules of a stage may take as given ------------------------------------------------
# The code of a combat's stages, of a waiting decision and of a placed dragon
# runs only while there is one (the phase check sends each action to its
# stage): none there is a bug in the rules, never a refusal, so these raise.

def combat_under_way(state: UDState) -> Combat:
    """The combat under way (state.combat, known not to be None)."""
    if state.combat is None:
        raise RuntimeError("no combat is under way")
    return state.combat


def decision_waiting(state: UDState) -> Pending:
    """The decision the rules wait for (state.pending, known not to be None)."""
    if state.pending is None:
        raise RuntimeError("no decision is waiting")
    return state.pending


def placed(d: Drake) -> Hex:
    """Where dragon d is (d.hex, known not to be None: it has been placed)."""
    if d.hex is None:
        raise RuntimeError(f"{d.name}'s dragon is not on the board")
    return d.hex
