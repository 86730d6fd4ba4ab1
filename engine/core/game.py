"""The one base class a game subclasses: every hook the engine calls,
declared once with its type and its default (issue 37).

A game is `class MyGame(Game)` in games/<id>/game.py, registered with
`engine.core.registry.register`.  It must say what the rules are (the
abstract methods: the state it starts from, who acts, what is legal, what
is refused and why, what an action does, who won) and declares each of its
action kinds once (games/<id>/rules/actions.py, engine/core/action_specs.py).
Everything else has a default that means "this game has none", so the
engine calls every hook plainly: no hook is probed by name, no module is
found by convention.  The hooks every game keeps in modules of the same
role (games/<id>/rules/describe.py, catalog.py, invariants.py, position.py,
judge.py, rulings.py) are handed over once, as `parts = GameParts(...)`:
each module is typed by a Protocol below, which mypy checks the module
against (and tests/engine/test_game_contract.py at run time), so a missing or
misnamed function is an error before any match starts.

The values the hooks exchange (Event, Illegal, Outcome, Setup, OptionSpec)
are in engine/core/rules.py.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from engine.core.action_specs import Declared
from engine.core.actions import Action
from engine.core.computer_players import ComputerPlayers
from engine.core.rules import Event, Illegal, OptionSpec, Outcome, Setup


# ---- the modules a game hands over (games/<id>/<role>.py), typed ---------------------------------

@runtime_checkable
class DescribeModule(Protocol):
    """games/<id>/rules/describe.py: the previews of actions (each kind's words
    are the describe its declaration names: games/<id>/rules/actions.py)."""
    def preview(self, state: Any, action: Action) -> list[str]: ...


@runtime_checkable
class CatalogModule(Protocol):
    """games/<id>/rules/catalog.py: the game's data (data/<id>/*.yaml)."""
    @property
    def DATA_DIR(self) -> Path: ...
    def load_catalog(self, folder: Any = None) -> Any: ...
    def scenario_words(self, cat: Any, scenario_id: str) -> tuple[str | None, str | None]: ...


@runtime_checkable
class InvariantsModule(Protocol):
    """games/<id>/rules/invariants.py: what must always hold of a state (the playout tests)."""
    def problems(self, state: Any) -> list[str]: ...


@runtime_checkable
class PositionModule(Protocol):
    """games/<id>/rules/position.py: prepared positions and checks for scripts and lessons."""
    def script_param(self, state: Any, key: str, value: Any) -> Any: ...
    def script_check(self, state: Any, key: str, want: Any) -> list[str]: ...
    def script_state(self, state: Any) -> dict[str, Any]: ...


@runtime_checkable
class JudgeModule(Protocol):
    """games/<id>/rules/judge.py: the balance lab's view of a map (engine/core/judging.py)."""
    def judge_map(self, state: Any) -> dict[str, Any] | None: ...
    def judge_canvas(self, state: Any) -> Any: ...
    def judge_frame(self, state: Any) -> Any: ...
    def judge_army(self, state: Any) -> list[Any] | None: ...
    def judge_swap(self, state: Any, places: tuple[int, ...], armies: tuple[int, ...]) -> str | None: ...
    def judge_variants(self, state: Any, folder: Any) -> list[Any] | None: ...


@runtime_checkable
class RulingsModule(Protocol):
    """games/<id>/rules/rulings.py: house rulings and what an override may never allow."""
    @property
    def RULINGS(self) -> Sequence[Any]: ...
    @property
    def OVERRIDE_ANY_TIME(self) -> Sequence[str]: ...
    def override_problem(self, state: Any, action: Action, refusal: Illegal) -> str | None: ...


@runtime_checkable
class CoachModule(Protocol):
    """games/<id>/ui/coach.py: the learner's warnings in free play (engine/core/lessons.py)."""
    def watch(self, state: Any, learner: int) -> list[tuple[str, str]]: ...


@dataclass(frozen=True)
class GameParts:
    """The modules a game keeps its hooks in, handed over by name once."""
    describe: DescribeModule
    catalog: CatalogModule
    invariants: InvariantsModule
    position: PositionModule | None = None
    judge: JudgeModule | None = None
    rulings: RulingsModule | None = None
    coach: CoachModule | None = None


class Game(ABC):
    """A game's rules, as the engine, the screens and the tools use them."""

    # ---- what the game is ------------------------------------------------------------------------
    game_id: str
    title: str = ""
    rulebook: str = ""                   # the rulebook's file in shared/rules (for rule links)
    min_players: int = 2
    max_players: int = 2
    data_version: str = "1"              # the game's data version, written in saves (saves.version_problem)
    fingerprint_since: int = 2           # the save format from which the state's fingerprint text is as now
                                         # (older saves replay and check every action, their fingerprint unread)
    typical_players: int | None = None   # the player count bench and busy positions use (None: min_players)
    bench_players: int | None = None     # the count bench draws and times the AI on (None: the typical)
    ui_module: str | None = None         # one module with make_view and make_controller (test doubles, demos)
    army_lists: bool = False             # plays the shared army lists: army_catalog, army_problems, army_summary
    parts: GameParts | None = None       # the modules holding the game's hooks (None: it overrides them itself)
    declared: Declared | None = None     # the game's action kinds (games/<id>/rules/actions.py DECLARED)
    _catalog: Any = None                 # the catalog the game is set up with (catalog(), reload_files())

    def options(self) -> list[OptionSpec]:
        """The options the launcher offers (none by default)."""
        return []

    def scenarios(self) -> list[str]:
        """The maps or scenarios, the default first (none: the game has one board)."""
        return []

    def scenario_words(self, scenario: str) -> tuple[str | None, str | None]:
        """The scenario's name and a line on it, where the game's data names them (None, None)."""
        return self.parts.catalog.scenario_words(self.catalog(), scenario) if self.parts else (None, None)

    def scenario_title(self, scenario: str) -> str:
        """The scenario's name as players read it, else its id in words ("smog_fields" -> "Smog fields")."""
        return self.scenario_words(scenario)[0] or str(scenario).replace("_", " ").capitalize()

    def scenario_text(self, scenario: str) -> str:
        """A line on what the scenario is, or ""."""
        return self.scenario_words(scenario)[1] or ""

    def players_for_bench(self) -> int:
        return self.typical_players or self.min_players

    # ---- the rules (every game says these) -----------------------------------------------------
    @abstractmethod
    def initial_state(self, setup: Setup, dice: Any, catalog: Any = None) -> tuple[Any, list[Event]]:
        """The state a match starts from, and what the setup did (its log
        lines), on `catalog` (None: the game's, `catalog()`), which the
        state carries."""

    @abstractmethod
    def to_act(self, state: Any) -> int:
        """The seat whose decision it is."""

    @abstractmethod
    def legal_actions(self, state: Any) -> list[Action]:
        """Every action the rules offer now."""

    @abstractmethod
    def check(self, state: Any, action: Action) -> Illegal | None:
        """Why the rules refuse this action (engine.core.rules.refusal), or None."""

    @abstractmethod
    def apply(self, state: Any, action: Action, dice: Any) -> list[Event]:
        """Carry out a checked action on the state (it is changed in place)."""

    @abstractmethod
    def outcome(self, state: Any) -> Outcome | None:
        """Who won and why, or None while the game goes on."""

    def declared_actions(self) -> Declared:
        """The game's declared action kinds (engine/core/action_specs.py)."""
        if self.declared is None:
            raise NotImplementedError(f"{type(self).__name__} declares no actions")
        return self.declared

    def describe(self, state: Any, action: Action) -> str:
        """The action in a player's words, for the log and the buttons."""
        return self.declared_actions().describe(state, action)

    @abstractmethod
    def player_name(self, state: Any, player: int) -> str: ...

    def hidden_from_others(self, state: Any, player: int) -> bool:
        """Whether this seat holds something the others must not see (a hand):
        the screen hands over between human seats."""
        return False

    def in_setup(self, state: Any) -> bool:
        """Whether the game is still being set up (deployment, drafts)."""
        return False

    def sample_legal(self, state: Any, rng: Any) -> Action | None:
        """A random legal action without listing them all, or None when the
        game has no such sampler (callers list the actions instead)."""
        return None

    def computer(self) -> ComputerPlayers | None:
        """The game's computer players (games/<id>/ai/players.py COMPUTER), or None:
        then only the random player can take a seat."""
        return None

    def preview(self, state: Any, action: Action) -> list[str]:
        """What an action would do, in words, before it is committed (odds)."""
        return self.parts.describe.preview(state, action) if self.parts else []

    def private_params(self, action: Action) -> tuple[str, ...]:
        """The parameters of an action that only its player may see (none by default)."""
        return ()

    # ---- copies and fingerprints (from the state's declared fields) ------------------------------
    def clone(self, state: Any) -> Any:
        return state.copy()

    def fingerprint(self, state: Any) -> str:
        """A short hash of every declared field of the state (engine/core/state_fields.py)."""
        from engine.core.state_fields import fingerprint
        return fingerprint(state)

    def invariants(self, state: Any) -> list[str]:
        """What is wrong with the state, for the playout tests (nothing by default)."""
        return self.parts.invariants.problems(state) if self.parts else []

    # ---- data: the catalog passed in, not a global (engine/core/catalog_memo.py) -----------------
    def catalog(self) -> Any:
        """The catalog this game is set up with (games/<id>/rules/catalog.py
        `load_catalog`: the shipped data/<id>/, read on first use and kept
        on the game).  A new state carries it (`initial_state`); what has no
        state at hand (options, army lists, the launcher) asks here."""
        if self._catalog is None:
            self._catalog = self.read_catalog()
        return self._catalog

    def read_catalog(self, folder: Any = None) -> Any:
        """A new catalog read from `folder` (None: the shipped data/<id>/),
        with nothing cached on it yet.  DataError when the files are wrong."""
        if self.parts is None:
            return None
        return self.parts.catalog.load_catalog(*(() if folder is None else (folder,)))

    def reload_files(self) -> None:
        """Read the game's files again and set the game up with the new
        catalog, so the next match reads its map again: the live map viewer
        calls this when the Tiled file changes.  Nothing is cleared: what
        was derived from the old files is cached on the old catalog
        (engine/core/catalog_memo.py), and states already made keep it.  A
        DataError leaves the old catalog."""
        self._catalog = self.read_catalog()

    def check_data(self, folder: Any) -> list[str]:
        """Problems of the game's data in `folder` (or the shipped data), or none."""
        if self.parts is None:
            return []
        from engine.core.catalog import DataError
        try:
            self.read_catalog(folder or self.parts.catalog.DATA_DIR)
        except DataError as e:
            return list(e.problems)
        return []

    def terrain_ids(self) -> set[str]:
        """The terrain kinds a map of this game may name."""
        return set(self.catalog().terrain) if self.parts else set()

    def army_summary(self, army_list: Any) -> str:
        """A list in one line for the army builder ("" : the builder counts points itself)."""
        return ""

    # ---- house rulings and overrides (engine/core/rulings.py, overrides.py) ----------------------
    def rulings(self) -> list[Any]:
        """The game's house rulings (engine.core.rulings.Ruling), or none."""
        return list(self.parts.rulings.RULINGS) if self.parts and self.parts.rulings else []

    def override_any_time(self) -> tuple[str, ...]:
        """Action kinds a group may allow against a refusal even when the
        rules offer no action of that kind now (engine/core/overrides.py):
        an attack out of range when no target is in range.  Other kinds are
        overridden only while the rules offer that kind, so an override
        changes how, never when."""
        return tuple(self.parts.rulings.OVERRIDE_ANY_TIME) if self.parts and self.parts.rulings else ()

    def override_problem(self, state: Any, action: Action, refusal: Illegal) -> str | None:
        """Why the game never allows this refused action even as a house rule, or None."""
        rulings = self.parts.rulings if self.parts else None
        return rulings.override_problem(state, action, refusal) if rulings else None

    # ---- scripts and lessons (engine/commands/script.py, engine/core/lessons.py) -----------------
    def coach_warnings(self, state: Any, learner: int) -> list[tuple[str, str]]:
        """What the coach warns a learner of in free play (a victory about to
        be won or lost), each (words, rule); none by default."""
        coach = self.parts.coach if self.parts else None
        return coach.watch(state, learner) if coach else []

    def script_param(self, state: Any, key: str, value: Any) -> Any:
        """A script's parameter as the game reads it (a piece's name to its number); unchanged by default."""
        position = self.parts.position if self.parts else None
        return position.script_param(state, key, value) if position else value

    def script_check(self, state: Any, key: str, want: Any) -> list[str]:
        """What differs from a script's expectation `key: want` (engine/core/expectations.py)."""
        position = self.parts.position if self.parts else None
        return position.script_check(state, key, want) if position else [f"{key}: this game checks no such field"]

    def script_state(self, state: Any) -> dict[str, Any]:
        """The state as a script's report shows it."""
        position = self.parts.position if self.parts else None
        return position.script_state(state) if position else {}

    # ---- the balance lab (engine/core/judging.py) ------------------------------------------------
    def _judge(self) -> JudgeModule | None:
        return self.parts.judge if self.parts else None

    def judge_map(self, state: Any) -> dict[str, Any] | None:
        """The map's facts per seat or side, or None (the game is judged without them)."""
        judge = self._judge()
        return judge.judge_map(state) if judge else None

    def judge_canvas(self, state: Any) -> Any:
        """The map to draw (judging.Canvas), or None."""
        judge = self._judge()
        return judge.judge_canvas(state) if judge else None

    def judge_frame(self, state: Any) -> Any:
        """Where units stand and who holds each objective now (judging.Frame), or None."""
        judge = self._judge()
        return judge.judge_frame(state) if judge else None

    def judge_army(self, state: Any) -> list[Any] | None:
        """Each seat's army (judging.Army), or None when the game names no armies."""
        judge = self._judge()
        return judge.judge_army(state) if judge else None

    def judge_swap(self, state: Any, places: tuple[int, ...], armies: tuple[int, ...]) -> str | None:
        """Swap the seats' places or armies on the state; why it cannot, or None."""
        judge = self._judge()
        return judge.judge_swap(state, places, armies) if judge else \
            f"{self.title} gives the judge no way to swap the seats' places or armies"

    def judge_variants(self, state: Any, folder: Any) -> list[Any] | None:
        """The map variants the judge may try (judge --fairer), or None when the game offers none."""
        judge = self._judge()
        return judge.judge_variants(state, folder) if judge else None
