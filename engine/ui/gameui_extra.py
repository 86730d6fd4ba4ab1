"""Optional parts of the view/controller contract (engine/ui/gameui.py),
for games with hidden hands, decisions asked in dialogs and movement
previews.  Plain data, no pygame: controllers stay testable headless.

A controller may offer, and the generic match screen then shows:

  hand(p) -> [HandSection]
      Player p's panel: public meters, their hoard card and their private
      cards.  The screen asks only for the player allowed to see it now
      (the human to act; with a single human seat, that human) and never
      while the board is handed over.  `click_card(key)` answers a click
      on a card (Action | Choice | list | None, like `click`).
  decision() -> DecisionSpec | None
      A decision to answer in a modal panel over the board (a combat, a
      choice asked of a player off-turn).  Each option is a ButtonSpec
      whose command goes back through `press(command)`.  None: nothing to
      ask now (or the decision is taken on the board: highlights).
  board_preview() -> MovePreview | None
      What a picked movement would do, for a board that draws it
      (engine/ui/spaceboard.py): the exact path, the landing and its facing.

A view may offer `make_board()`: the HexBoard (subclass) the screen uses
instead of the plain one (large spaces, thick borders, icons).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.ui.gameui import TokenSpec

Hex = tuple[int, int]


@dataclass(frozen=True)
class HandCard:
    """One card or chip in a hand panel.  `key` goes back to click_card."""
    key: Any
    title: str
    sub: str = ""                   # cost / price / state in a few words
    tip: str = ""                   # hover text (the card's text, why not now)
    steps: tuple = ()               # movement steps for a diagram: F B L R ANY STRAFE ROLL
    icon: str = ""                  # a glyph name (engine/ui/glyphs.py) when there is no diagram
    color: str = ""                 # accent "#RRGGBB" (element, item kind)
    state: str = ""                 # "" | selected | marked | used | off
    hotkey: str = ""                # shortcut shown on the card ("1", "⇧2", "Alt+1")
    count: int = 1                  # identical cards shown once with ×n


@dataclass
class HandSection:
    title: str
    cards: list = field(default_factory=list)        # [HandCard]
    stats: list = field(default_factory=list)        # [(label, value, "#RRGGBB" or "")] meters
    note: str = ""                                   # a muted line under the title
    private: bool = False                            # hidden from the other players (marked so)
    compact: bool = False                            # small chips, many in a row


@dataclass
class SideSpec:
    """One side of a combat in a decision panel."""
    name: str
    color: str
    label: str = ""
    role: str = ""                  # "Attacker · wins ties"
    total: str = ""                 # "11", or "+3 bonus" before the roll
    notes: list = field(default_factory=list)        # bonus lines
    odds: str = ""                  # "62% to win the rolloff"
    deciding: bool = False


@dataclass
class DecisionSpec:
    title: str
    color: str = "#FFFFFF"          # the deciding player's colour
    lines: list = field(default_factory=list)        # (text, tone): tone "" | muted | good | bad | accent
    sides: list = field(default_factory=list)        # [SideSpec, SideSpec] for a combat, else []
    groups: list = field(default_factory=list)       # [(heading, [ButtonSpec])]
    rule: str = ""                  # citation shown as a link
    who: str = ""                   # "Water Dragon decides (defending during Fire Dragon's turn)"


@dataclass(frozen=True)
class HexDecor:
    """What a hex shows in the static layer of a SpaceBoard: an icon
    (engine/ui/glyphs.py) of `size` x the hex radius, and a short text
    ("+3") under it or, with `text_only`, in its place."""
    icon: str = ""
    color: str = "#FFFFFF"
    size: float = 0.9
    text: str = ""
    text_color: str = "#FFFFFF"
    faint: bool = False              # a texture mark rather than a sign (desert dunes)


@dataclass(frozen=True)
class PieceToken(TokenSpec):
    """A TokenSpec with the marks a SpaceBoard draws on a piece."""
    pips: int = 0                    # filled pips (fatigue)
    max_pips: int = 0
    badge_icon: str = ""             # top-left badge: a glyph (the dragon's element)
    badge_color: str = ""
    carry_icon: str = ""             # top-right badge: what it carries (a rider)
    carry_color: str = ""
    carry_ready: bool = False        # a gold ring on the carry badge (ready to deliver)
    active: bool = False             # a halo: the piece whose turn it is
    resting: bool = False            # drawn dimmer with a nest (roosted)
    hidden: bool = False             # a dashed ring (camouflaged)
    offset: tuple = (0.0, 0.0)       # in hex radii: several pieces sharing a hex


@dataclass(frozen=True)
class MovePreview:
    """A picked movement on the board.  `landings`: every place it may end
    as (hex, facing or None, starts a combat); `path`, `to`, `facing`: the
    focused one (None: none focused yet); `jumps`: indexes i where
    path[i] -> path[i + 1] is a portal jump; `ghost`: the token drawn at
    the landing (a TokenSpec)."""
    landings: tuple = ()
    path: tuple = ()
    to: Hex | None = None
    facing: int | None = None
    jumps: tuple = ()
    combat: bool = False
    blocked: bool = False
    ghost: Any = None
