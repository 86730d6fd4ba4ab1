"""The contract between the generic UI (engine/ui) and a game's view and
controller (games/<id>/ui/view.py, games/<id>/ui/controller.py).

Plain data only, no pygame: a controller turns clicks and keys into Actions
and can be tested headless.  The UI finds a game's pieces by convention:

    games.<id>.ui.view.make_view(match)             -> a View
    games.<id>.ui.controller.make_controller(match, view) -> a Controller

(every game package has the same shape: tests/engine/test_game_packages.py;
or `ruleset.ui_module`, one module holding both factories, for test doubles).

Two kinds of space.  A hex game's View leaves `space = "hex"` and answers
hexes/terrain/tokens; its Controller gets clicks as hexes.  A free-measure
game subclasses TableView (`space = "table"`) and TableController (both
below, after the hex contract): the View gives the Table (engine.table.geometry)
and the models on their bases; the Controller gets clicks as table points
in inches and configures the tools every table game shares - the ruler,
hovering a target (distance and line of sight), the reach area, and
dragging a model or a whole unit into a move Action.

The View describes what to draw; the Controller keeps the selection and says
what a click, key or button does.  Neither ever changes the state: the
controller returns an Action (or a Choice of several, or a list of Actions
submitted in order until one is refused - "activate this unit, then move
it") and the screen submits it through Match.submit.
"""
from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field
from typing import Any

from engine.ui.commands import Command

Hex = tuple[int, int]


@dataclass(frozen=True)
class TokenSpec:
    """One piece on the board.  `key` is stable across states (for glides)."""
    key: Any
    hex: Hex
    color: str                      # player colour "#RRGGBB"
    label: str                      # 1-2 letters (class), drawn when there is no icon
    shape: str = "circle"           # circle | square | star (tier)
    facing: int | None = None       # 0..5 engine.hex.grid direction, None: no facing
    hp: int = 0
    max_hp: int = 0
    badge: str = ""                 # small corner letter (faction)
    guarding: bool = False
    buffs: int = 0                  # count of stat increases
    debuffs: int = 0                # count of stat decreases
    statuses: int = 0               # count of status effects
    activation: int = 0             # 1 or 2: activated this phase (shows the number)
    spent: bool = False             # done for this phase (drawn dimmer)
    icon: str = ""                  # a silhouette from assets/icons (named by the game's data: engine/core/faces.py)


@dataclass(frozen=True)
class LabelSpec:
    """Static text or a marker on the board (city names, capitals, tile numbers)."""
    hex: Hex
    text: str
    kind: str = "name"              # name (above the hex) | inside (a pill within it) | capital | tile | zone
    color: str = "#FFFFFF"


@dataclass(frozen=True)
class TokenTrack:
    """A row of slots printed on a card that tokens fill (Dragonbond's
    health and stamina slots, Warbound's pools): `filled` of `slots`."""
    label: str
    filled: int
    slots: int
    color: tuple = (236, 234, 226)  # the tokens' colour (white wound cubes, black fatigue cubes...)
    note: str = ""                  # beside the row, e.g. "+2 beside it"


@dataclass
class CardSpec:
    """The selected unit's card for the panel."""
    title: str
    subtitle: str = ""
    color: str = "#FFFFFF"
    shape: str = "circle"
    label: str = ""
    hp: int = 0
    max_hp: int = 0
    stats: list[tuple[str, str]] = field(default_factory=list)      # ("Attack", "3 melee")
    sections: list[tuple[str, str, str]] = field(default_factory=list)  # (kind, heading, text) kind: trait|skill|cond|note
    table: list[tuple[str, str]] = field(default_factory=list)      # check table rows ("2", "fail")
    icon: str = ""                  # its silhouette (assets/icons, as the data names it); "": its letters
    tracks: list[TokenTrack] = field(default_factory=list)   # token slots as the card prints them


@dataclass(frozen=True)
class ButtonSpec:
    label: str
    command: Command                # passed back to Controller.press: Do(action), Pick(what, value) or a word
                                    # (engine/ui/commands.py)
    key: str = ""                   # shortcut shown on the button ("A", "Enter")
    enabled: bool = True
    active: bool = False            # a mode that is on (e.g. skill targeting)
    tip: str = ""                   # hover text (why disabled, what it does)
    cost: str = ""


@dataclass(frozen=True)
class TraySpec:
    """A piece waiting off-board (deployment)."""
    key: Any
    label: str
    name: str
    color: str
    shape: str = "circle"
    selected: bool = False
    icon: str = ""                  # its silhouette (the board's), beside its letters


@dataclass
class HoverInfo:
    lines: list[str] = field(default_factory=list)       # tooltip body
    title: str = ""
    preview: list[str] = field(default_factory=list)     # odds before committing ("Warning: ..." lines in red)
    illegal: str = ""                                    # the refusal reason (hatched hex)
    rule: str = ""                                       # its citation
    pool: Any = None                                     # a PoolSpec: the dice a commit would roll (tray)


@dataclass
class Choice:
    """Several legal actions match one click: ask which (modal list)."""
    prompt: str
    actions: list
    labels: list[str]
    detail: str = ""             # a paragraph under the prompt (wrapped): why it asks


@dataclass
class Header:
    title: str                       # "Orange — Command phase"
    color: str = "#FFFFFF"
    lines: list[str] = field(default_factory=list)   # round counter, activations, crowns


class View:
    """What a game draws.  Subclass per game.

    `space` says which board the screen builds: "hex" (HexBoard, the
    methods below) or "table" (TableBoard: subclass TableView instead).

    Optional hooks the screen looks for: `summary(state)` -> [(colour,
    text)] for the panel when nothing is selected; `overlays(state)` ->
    [LabelSpec] (hex banners that change); `region(h)` (map tiles);
    `dice_faces(data)` -> the dice of a roll event (its data dict) as
    [sides, value, face, colour] for custom dice (engine/ui/panels/table_dice.py:
    glyph faces such as "sword", "shield", "crit", tier colours such as
    "black"), or None for plain numbered dice; or a dict {"dice": [...],
    "split": i, "split_label": "reroll", "wrap": True} for a big pool (a
    die as a dict may say "faded": True; `wrap` shows every die, over more
    lines when they do not fit one)."""
    space = "hex"

    def hexes(self) -> list[Hex]: return []
    def terrain(self, h: Hex) -> tuple[str, str]: return ("plains", "#B9C98A")   # (terrain id, colour)
    def labels(self) -> list[LabelSpec]: return []
    def tokens(self, state) -> list[TokenSpec]: return []
    def header(self, state) -> Header: return Header("")
    def card(self, state, key) -> CardSpec | None: return None
    def hex_info(self, state, h: Hex) -> HoverInfo: return HoverInfo()
    def player_color(self, state, p: int) -> str: return "#FFFFFF"
    def decision_is_interrupt(self, state) -> bool:
        """True when the player to act is deciding during another's turn."""
        return False


class Controller:
    """Selection and input for one game.  Subclass per game.

    `version` is bumped by the screen after every state change; call `reset`
    then.  All methods may be called only with the match's current state.
    """
    message: str = ""               # last refusal or note, for the hint bar
    message_rule: str = ""

    def reset(self) -> None: ...
    def highlights(self) -> dict[Hex, str]: return {}      # hex -> move|attack|skill|deploy|select|target
    def selected(self): return None                       # key of the selected piece (for the card)
    def hover(self, h: Hex | None) -> HoverInfo: return HoverInfo()
    def click(self, h: Hex, button: int = 1): return None  # Action | Choice | None
    def buttons(self) -> list[ButtonSpec]: return []
    def press(self, command: Command): return None        # Action | Choice | None
    def key(self, name: str, mods: frozenset = frozenset()): return None   # Action | Choice | True (handled) | None
    def cancel(self) -> bool: return False                # Esc / right-click: True when it cleared something
    def hint(self) -> str: return ""
    def tray(self) -> list[TraySpec]: return []
    def click_tray(self, key) -> None: ...

    def card_rows(self, key) -> list[tuple[str, str]]:
        """Rows of the piece's card that the player has drafted but not yet
        committed (an order picked, not placed): each replaces the view's
        row of the same label, or is added.  Include what they depend on in
        `signature()` so the card is redrawn."""
        return []


_CITE = re.compile(r"\s*\(([\w.-]+\.txt\s*§[^()]*)\)\.?\s*$")


def split_citation(reason: str, rule: str = "") -> tuple[str, str]:
    """A reason may end with its citation in brackets ("... (dice_wars.txt
    § Terrain: Water)."): move it to the rule so the UI can link it."""
    m = _CITE.search(reason or "")
    if m and not rule:
        return reason[:m.start()].rstrip() + ".", m.group(1).strip()
    if m and rule and m.group(1).strip() == rule.strip():
        return reason[:m.start()].rstrip() + ".", rule
    return reason, rule


def refusal(rules, state, action) -> tuple[str, str]:
    """Why the rules refuse `action` now, as (reason, citation); ("", "")
    when they allow it.  A candidate the rules cannot even read is refused
    in words, never with a traceback."""
    if action is None:
        return ("", "")
    try:
        ill = rules.check(state, action)
    except Exception as e:  # noqa: BLE001 - a candidate the rules cannot even read
        return (f"Not possible: {e}", "")
    if ill is None:
        return ("", "")
    return split_citation(ill.reason, ill.rule)


def load_game_ui(match):
    """Instantiate the view and controller of the match's game."""
    rules = match.rules
    one = rules.ui_module
    if one:             # one module with both make_view and make_controller (test doubles, demos)
        mod = importlib.import_module(one)
        view = mod.make_view(match)
        return view, mod.make_controller(match, view)
    pkg = f"games.{match.setup.game}.ui"
    view_mod = importlib.import_module(pkg + ".view")
    ctl_mod = importlib.import_module(pkg + ".controller")
    view = view_mod.make_view(match)
    return view, ctl_mod.make_controller(match, view)


# =====================================================================================
# Optional parts of the contract
# =====================================================================================
#
# previews.  Plain data, no pygame: controllers stay testable headless.
#
# A controller may offer, and the generic match screen then shows:
#
#   hand(p) -> [HandSection]
#       Player p's panel: public meters, their hoard card and their private
#       cards.  The screen asks only for the player allowed to see it now
#       (the human to act; with a single human seat, that human) and never
#       while the board is handed over.  `click_card(key)` answers a click
#       on a card (Action | Choice | list | None, like `click`).
#   decision() -> DecisionSpec | None
#       A decision to answer in a modal panel over the board (a combat, a
#       choice asked of a player off-turn).  Each option is a ButtonSpec
#       whose command goes back through `press(command)`.  None: nothing to
#       ask now (or the decision is taken on the board: highlights).
#   board_preview() -> MovePreview | None
#       What a picked movement would do, for a board that draws it
#       (engine/ui/spaceboard.py): the exact path, the landing and its facing.
#
# A view may offer `make_board()`: the HexBoard (subclass) the screen uses
# instead of the plain one (large spaces, thick borders, icons).
# A view whose hex map changes during a game (Dice Wars' players laying the
# tiles of Challenge III) offers `board_key(state)`: when it changes, the
# screen builds its board again from `hexes()`/`terrain()`/`labels()`.

@dataclass(frozen=True)
class HandCard:
    """One card or chip in a hand panel.  `key` goes back to click_card."""
    key: Any
    title: str
    sub: str = ""                   # cost / price / state in a few words
    tip: str = ""                   # hover text (the card's text, why not now)
    steps: tuple = ()               # movement steps for a diagram: F B L R ANY STRAFE ROLL
    icon: str = ""                  # a glyph name (engine/ui/panels/glyphs.py) when there is no diagram
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
    hexes: bool = False                              # cards as hexagons in a row (a board of action spaces)
    spare: bool = False                              # left out when the log would get too little room


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
    (engine/ui/panels/glyphs.py) of `size` x the hex radius, and a short text
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
