"""Dice Wars game state: plain mutable slots classes, cheap to clone.

The board (terrain, cities' hexes, tiles) is immutable and shared between
clones; everything that changes during play lives here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.hex.grid import Hex
from engine.core.state_fields import BY_METHOD, FRESH, SHARED, copyable

if TYPE_CHECKING:                  # the types of shared values (no import at run time: no cycle)
    from games.dice_wars.rules.board import Board
    from games.dice_wars.rules.catalog import Catalog
    from games.dice_wars.rules.tile_draft import TileDraft


# a player is named for the colour of their (first) faction
COLOR_NAMES = {"bloodblades": "Red", "mercurio": "Blue", "valegaard": "Green", "octarine": "Purple"}

@copyable
@dataclass(slots=True)
class Cond:
    """A condition (buff/debuff or status) inflicted by player `by`; it
    dispels at the beginning of that player's next command phase
    (dice_wars.txt § Conditions)."""
    stat: str            # "attack" | "defense" | "move" | "range" | "status"
    amount: int
    by: int
    source: str          # what caused it, for the log and tooltips
    status: str = ""     # for stat == "status": taunted, rooted, ...


@copyable
@dataclass(slots=True)
class Unit:
    uid: int
    cls: str             # unit class id (data/dice_wars/units.yaml)
    faction: str         # faction id; heroes fight for the faction that rolled them
    owner: int           # player index
    tier: str            # basic | advanced | hero
    hp: int
    max_hp: int
    pos: Hex | None = None       # None: not deployed yet / dead
    facing: int = 0              # 0..5, engine.hex.grid direction
    guarding: bool = False
    veteran: bool = False
    conds: list[Cond] = field(default_factory=list)
    card: Any = field(default=None, compare=False, repr=False)   # resolved card, a cache

    @property
    def alive(self) -> bool:
        return self.hp > 0


@copyable
@dataclass(slots=True)
class City:
    index: int                   # position in board.cities
    card: str | None = None      # city card id once its sigil is drawn
    owner: int | None = None
    relic_drawn: bool = False


@copyable
@dataclass(slots=True)
class Activation:
    """One of the (at most two) units taking a turn this command phase."""
    uid: int
    move_left: int
    acted: bool = False
    ended_with: str = ""         # "move" or "action": decides facing freedom
    moved: bool = False
    guards_faced: tuple = ()     # guard uids already resolved this turn
    kills: int = 0               # enemies this unit killed this phase (relic conditions)


@copyable
@dataclass(slots=True)
class Player:
    index: int
    name: str
    factions: list[str]
    color: str
    alive: bool = True
    crowns: int = 0              # Diplomacy victory points
    streak: int = 0              # Dominion: consecutive phases holding enough tiles
    relics: list[str] = field(default_factory=list)
    team: int = -1               # coalition id; -1 none
    allies: list[int] = field(default_factory=list)   # Challenge V alliances
    deploy_done: bool = False
    corners: list[int] = field(default_factory=list)  # corner tile per faction (deployment)


@copyable
@dataclass(slots=True)
class Pending:
    """A decision the rules wait for before play goes on.

    kind "guard": unit `uid` entered the front hex of guarding unit `guard`;
    its player must attack the guard (weapon or skill) or take the
    counterstrike (dice_wars.txt § Guarding).
    kind "alliance": player `to` must accept or refuse `uid` (proposer)."""
    kind: str
    player: int
    uid: int = -1
    guard: int = -1


@copyable
@dataclass(slots=True)
class DWState:
    board: Board = field(metadata=SHARED)  # games.dice_wars.rules.board.Board (immutable, shared)
    catalog: Catalog = field(metadata=SHARED)   # the data the match was set up with (immutable, shared)
    options: dict = field(metadata=SHARED)   # fixed by the setup, shared by copies
    players: list[Player]
    units: dict[int, Unit]
    cities: list[City]
    occupied: dict[Hex, int] = field(default_factory=dict)    # hex -> uid
    phase: str = "deploy"         # deploy | command | over
    current: int = 0              # whose deployment or command phase
    order: list[int] = field(default_factory=list)   # turn order (play goes "to the left")
    deploy_order: list[int] = field(default_factory=list)
    activations: list[Activation] = field(default_factory=list)
    pending: Pending | None = None
    sigils: list[str] = field(default_factory=list)   # undrawn city cards
    relic_deck: list[str] = field(default_factory=list)
    round: int = 1
    phase_count: int = 0
    winners: tuple = ()
    win_reason: str = ""
    win_rule: str = ""
    first_player: int = 0
    next_uid: int = 1
    ruins_searched: tuple = ()    # ruin hexes already searched (Challenge IV)
    draft: list = field(default_factory=list)   # Challenge II: pick order of players still to pick
    deploy_changed: bool = False  # the deploying player moved a unit this deployment turn
    deploy_agree: int = 0         # consecutive players content with the deployment
    deploy_moved: tuple = ()      # units placed or moved this deployment turn
    deploy_pass: int = 1          # 1: placing; 2-3: adjusting in response
    tiles: TileDraft | None = field(default=None, metadata=BY_METHOD)   # Challenge III's map being built by the players (tile_draft.TileDraft) or None
    cache: dict | None = field(default_factory=dict, compare=False, repr=False, metadata=FRESH)  # derived values; None while the state changes


def on_map(u: Unit) -> Hex:
    """Where unit u stands (u.pos, known not to be None: the unit is deployed
    and alive; stats.living and the checks pass only such units on)."""
    if u.pos is None:
        raise RuntimeError(f"unit {u.uid} is not on the map")
    return u.pos


def decision_waiting(state: DWState) -> Pending:
    """The decision the rules wait for (state.pending, known not to be None)."""
    if state.pending is None:
        raise RuntimeError("no decision is waiting")
    return state.pending
