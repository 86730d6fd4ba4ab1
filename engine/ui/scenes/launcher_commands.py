"""What a click in the launcher asks for, as values: a setting changed
(`PickGame("dice_wars")`, `CycleSeat(1)`, ...) or one of the launcher's
verbs (`Go.START`).  The buttons carry these and `Launcher.command` reads
them by their type; nothing is spelled into a string and parsed back."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


@dataclass(frozen=True)
class PickGame:
    game_id: str


@dataclass(frozen=True)
class PickScenario:
    index: int                  # in the game's list of scenarios


@dataclass(frozen=True)
class StepPlayers:
    step: int                   # +1 one more player, -1 one fewer


@dataclass(frozen=True)
class CycleSeat:
    index: int                  # the seat: person, then each computer level in turn


@dataclass(frozen=True)
class CycleArmy:
    index: int                  # the seat whose army list changes
    step: int = 1               # +1 the next list, -1 the previous (a right-click)


@dataclass(frozen=True)
class CycleOption:
    key: str                    # the option's key: its next choice, or on/off


@dataclass(frozen=True)
class CycleRuling:
    ruling_id: str              # the house ruling: its next reading


SETTINGS = (PickGame, PickScenario, StepPlayers, CycleSeat, CycleArmy, CycleOption, CycleRuling)


@dataclass(frozen=True)
class ShowTab:
    tab: str                    # the games list's tab: "progress" or "history"


@dataclass(frozen=True)
class ResumeRow:
    index: int                  # a row of the games list: open it where it stands


@dataclass(frozen=True)
class ReplayRow:
    index: int                  # a finished game: play it back from the start


@dataclass(frozen=True)
class DeleteRow:
    index: int                  # asks first


@dataclass(frozen=True)
class LoadRow:
    index: int                  # a named save of the load list


class Go(Enum):
    """The launcher's verbs (buttons and their keys)."""
    START = "start"
    RESUME = "resume"
    GAMES = "games"
    LOAD = "load"
    MAP = "map"
    LEARN = "learn"
    ABOUT = "about"
    BUILDER = "builder"
    SEED = "seed"               # the seed field takes the keys
    SEED_RANDOM = "seed-random"
    QUIT = "quit"
    BACK = "back"               # the games or load list: back to the launcher
