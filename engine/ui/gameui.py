"""The contract between the generic UI (engine/ui) and a game's view and
controller (games/<id>/view.py, games/<id>/controller.py).

Plain data only, no pygame: a controller turns clicks and keys into Actions
and can be tested headless.  The UI finds a game's pieces by convention:

    games.<id>.view.make_view(match)             -> a View
    games.<id>.controller.make_controller(match, view) -> a Controller

(or `ruleset.ui_package` instead of `games.<id>` when a ruleset sets it).

The View describes what to draw; the Controller keeps the selection and says
what a click, key or button does.  Neither ever changes the state: the
controller returns an Action (or a Choice of several) and the screen submits
it through Match.submit.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

Hex = tuple[int, int]


@dataclass(frozen=True)
class TokenSpec:
    """One piece on the board.  `key` is stable across states (for glides)."""
    key: Any
    hex: Hex
    color: str                      # player colour "#RRGGBB"
    label: str                      # 1-2 letters (class icon)
    shape: str = "circle"           # circle | square | star (tier)
    facing: int | None = None       # 0..5 engine.hexgrid direction, None: no facing
    hp: int = 0
    max_hp: int = 0
    badge: str = ""                 # small corner letter (faction)
    guarding: bool = False
    buffs: int = 0                  # count of stat increases
    debuffs: int = 0                # count of stat decreases
    statuses: int = 0               # count of status effects
    activation: int = 0             # 1 or 2: activated this phase (shows the number)
    spent: bool = False             # done for this phase (drawn dimmer)


@dataclass(frozen=True)
class LabelSpec:
    """Static text or a marker on the board (city names, capitals, tile numbers)."""
    hex: Hex
    text: str
    kind: str = "name"              # name | capital | tile | zone
    color: str = "#FFFFFF"


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


@dataclass(frozen=True)
class ButtonSpec:
    label: str
    command: str                    # passed back to Controller.press
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


@dataclass
class HoverInfo:
    lines: list[str] = field(default_factory=list)       # tooltip body
    title: str = ""
    preview: list[str] = field(default_factory=list)     # odds before committing
    illegal: str = ""                                    # the refusal reason (hatched hex)
    rule: str = ""                                       # its citation


@dataclass
class Choice:
    """Several legal actions match one click: ask which (modal list)."""
    prompt: str
    actions: list
    labels: list[str]


@dataclass
class Header:
    title: str                       # "Orange — Command phase"
    color: str = "#FFFFFF"
    lines: list[str] = field(default_factory=list)   # round counter, activations, crowns


class View:
    """What a game draws.  Subclass per game."""

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
    def press(self, command: str): return None            # Action | Choice | None
    def key(self, name: str, mods: frozenset = frozenset()): return None   # Action | Choice | True (handled) | None
    def cancel(self) -> bool: return False                # Esc / right-click: True when it cleared something
    def hint(self) -> str: return ""
    def tray(self) -> list[TraySpec]: return []
    def click_tray(self, key) -> None: ...


def load_game_ui(match):
    """Instantiate the view and controller of the match's game."""
    rules = match.rules
    pkg = getattr(rules, "ui_package", None) or f"games.{match.setup.game}"
    view_mod = importlib.import_module(pkg + ".view")
    ctl_mod = importlib.import_module(pkg + ".controller")
    view = view_mod.make_view(match)
    return view, ctl_mod.make_controller(match, view)
