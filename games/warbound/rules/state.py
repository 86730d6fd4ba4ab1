"""The Warbound match state: plain, mutable, copied for undo snapshots.

Readable by the view (docs/games/warbound.md § State): `chars` (each
Character card in play with its miniatures, Stress/Wound/Break tokens and
panic side), `players` (Order tokens by colour, VP, the deck), the shared
Action Board (`closed`: space -> (player, tokens placed)), the Hand and
Hourglass markers, the timeline (`turn`, `period`), the phase and the
activation in progress.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from engine.core.state_fields import KEEP, SHARED, copyable
from games.warbound.rules.catalog import Catalog
from games.warbound.rules.decks import Deck

PHASES = ("deploy", "leader", "effect", "action", "cleanup", "over")


@copyable
@dataclass(slots=True)
class Char:
    """A Character card in play (a Formation: two miniatures, one card)."""
    uid: int
    card: str
    owner: int
    minis: list                 # hex per miniature (None before deployment)
    equipment: str | None = None
    formation: str | None = None
    stress: int = 0             # Morale Point pool
    wounds: int = 0             # Health Point pool
    breaks: int = 0             # Armor point pool
    panic: bool = False         # flipped to the panic side
    alive: bool = True
    activations: int = 0        # this turn

    @property
    def deployed(self) -> bool:
        return self.minis[0] is not None


@copyable
@dataclass(slots=True)
class Player:
    index: int
    name: str
    deck: Deck = field(metadata=KEEP)     # the list as drawn up (frozen)
    deck_id: str
    leader: str
    vocation: str | None
    tokens: dict = field(default_factory=dict)     # faction colour -> Order tokens
    vp: int = 0
    kills: int = 0              # enemy Characters removed this turn
    panics: int = 0             # enemy Characters that entered Panic this turn
    passed: bool = False


@copyable
@dataclass(slots=True)
class Activation:
    uid: int
    space: str
    parts: list                 # parts of the Action not yet used
    skill_used: bool = False
    shots: int = 0              # Aim helps the first shot only
    did: list = field(default_factory=list)


@copyable
@dataclass
class WBState:
    board: object = field(metadata=SHARED)     # the board (immutable, shared)
    catalog: Catalog = field(metadata=SHARED)  # the data the match was set up with (immutable, shared)
    scenario: str
    players: list[Player]
    chars: dict[int, Char]      # uid -> Char
    phase: str = "deploy"
    turn: int = 1
    period: int = 1             # the timeline's Period (set when a turn begins)
    hand: int = 0               # the Hand marker's holder
    hourglass: int = 1          # the Hourglass marker's holder
    hourglass_space: str | None = None
    closed: dict = field(default_factory=dict)      # space -> (player, tokens placed)
    current: int = 0            # whose decision in deploy/action
    passes: int = 0             # consecutive passes in the Action Phase
    activation: Activation | None = None
    last_activated: int | None = None   # the Character of the latest activation: the log names it once it ended
    queue: list = field(default_factory=list)       # pending decisions: (kind, player)
    objectives: list = field(default_factory=list)  # the Objective deck, top first
    objective: str | None = None                    # this turn's card
    marked: dict = field(default_factory=dict)      # uid -> player whose shots treat it as closest
    occupied: dict = field(default_factory=dict)    # hex -> uid
    winners: tuple = ()
    win_reason: str = ""
    win_rule: str = ""
    options: dict = field(default_factory=dict, metadata=SHARED)   # fixed by the setup, shared by copies

    @property
    def round(self) -> int:
        """The turn on the timeline, as the tools count rounds (simulate, judge)."""
        return self.turn
