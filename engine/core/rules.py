"""The contract every game's rules implement, and the values they exchange.

Rules are pure Python: no pygame, no file I/O, no global random.  A ruleset
mutates a state object it created; the Match takes snapshots around it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.core.actions import Action


@dataclass(slots=True)
class Event:
    """Something that happened, for the log, the dice tray and animations.

    `rule` is a citation such as "dice_wars.txt § Guarding"; `depth` 0 is the
    headline of an action, 1 a ruling under it.
    """
    kind: str
    text: str
    rule: str = ""
    depth: int = 1
    data: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        d: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.rule:
            d["rule"] = self.rule
        if self.data:
            d["data"] = self.data
        return d


class Illegal(Exception):
    """An action the rules refuse, with the reason in words and the rule."""

    def __init__(self, reason: str, rule: str = ""):
        super().__init__(reason)
        self.reason = reason
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})" if self.rule else self.reason


# what reading a malformed file's values raises (the loaders' boundaries catch these: engine/core/lessons.py)
MALFORMED = (KeyError, TypeError, ValueError, IndexError, AttributeError)


def refusal(problem, state, a, declared) -> Illegal | None:
    """A game's check as `Ruleset.check` answers it: `problem(state, a)`
    says None, a reason, (reason, rule) or an Illegal.

    The game's declared actions (`declared`, an
    engine.core.action_specs.Declared) refuse an action of the wrong shape,
    naming the field, before `problem` reads it; an error raised inside
    `problem` is a programming error and raises (the test that meets it
    fails; the window's crash guard keeps the game)."""
    shape = declared.problem(state, a)
    if shape is not None:
        return Illegal(f"Malformed {a.kind} action: {shape}")
    reason = problem(state, a)
    if reason is None or isinstance(reason, Illegal):
        return reason
    return Illegal(*reason) if isinstance(reason, tuple) else Illegal(reason)


@dataclass(frozen=True, slots=True)
class Outcome:
    winners: tuple[int, ...]
    reason: str
    rule: str = ""


@dataclass
class Setup:
    """Everything needed to start a match: reproducible from a save."""
    game: str
    players: int
    seed: int = 0
    scenario: str = ""
    seats: tuple[str, ...] = ()          # "human" or an agent name, per player
    options: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"game": self.game, "players": self.players, "seed": self.seed,
                "scenario": self.scenario, "seats": list(self.seats),
                "options": dict(self.options)}

    @classmethod
    def from_dict(cls, d: dict) -> "Setup":
        return cls(game=d["game"], players=int(d["players"]), seed=int(d.get("seed", 0)),
                   scenario=d.get("scenario", ""), seats=tuple(d.get("seats", ())),
                   options=dict(d.get("options", {})))


@dataclass(frozen=True)
class OptionSpec:
    """A game option the launcher offers (checkbox or choice)."""
    key: str
    label: str
    default: Any
    choices: tuple = ()          # empty: boolean
    help: str = ""
    launcher: bool = True        # offered in the launcher (False: for scripts and the command line only,
                                 # e.g. what the launcher's army-list seats already choose)


class ConventionalHooks:
    """Hooks found by convention, so each game need not repeat the
    delegation: `games/<id>/position.py` (script_param, script_check,
    script_state), `describe.py` (describe, preview), `catalog.py`
    (check_data, terrain_ids), `invariants.py` (invariants), `judge.py`
    (judge_map, judge_canvas, judge_frame and the rest of the judge's
    optional hooks through `judge_hook`, see engine/core/judging.py), the state's own `copy()` (clone) and
    its declared fields (fingerprint: engine/core/state_fields.py).
    Rulesets inherit this and set `game_id`.

    Every optional hook is declared here with its default, so callers ask
    the game instead of probing for names (issue 37)."""
    game_id: str
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    data_version: str = "1"              # the game's data version, written in saves (saves.version_problem)
    typical_players: int | None = None   # the player count bench and busy positions use (None: min_players)
    bench_players: int | None = None     # the count bench draws and times the AI on (None: the typical)
    ui_module: str | None = None         # one module with make_view and make_controller (test doubles, demos)
    ui_package: str | None = None        # where view.py and controller.py live (None: games.<id>)
    army_lists: bool = False             # plays the shared army lists: army_catalog, army_problems, army_summary
    fingerprint_since: int = 2           # the save format from which the state's fingerprint text is as now
                                         # (older saves replay and check every action, their fingerprint unread)

    def options(self) -> list[OptionSpec]:
        return []

    def scenarios(self) -> list[str]:
        return []

    def players_for_bench(self) -> int:
        return self.typical_players or self.min_players

    def private_params(self, action) -> tuple[str, ...]:
        """The parameters of an action that only its player may see (none by default)."""
        return ()

    def army_summary(self, army_list) -> str:
        """A list in one line for the army builder ("" : the builder counts points itself)."""
        return ""

    def _module(self, name: str):
        import importlib
        return importlib.import_module(f"games.{self.game_id}.{name}")

    def _optional(self, name: str, hook: str):
        """The hook `hook` of games/<id>/<name>.py, or None when the game has none."""
        import importlib.util
        if importlib.util.find_spec(f"games.{self.game_id}.{name}") is None:
            return None
        return getattr(self._module(name), hook, None)

    def forget_files(self) -> None:
        """Drop what the game's modules cached from its files (every
        functools cache in games/<id>/*), so the next match reads its map
        again: the live map viewer calls this when the Tiled file changes."""
        import sys
        prefix = f"games.{self.game_id}."
        for name, mod in list(sys.modules.items()):
            if not name.startswith(prefix):
                continue
            for obj in list(vars(mod).values()):
                if getattr(obj, "__module__", None) == name and callable(getattr(obj, "cache_clear", None)):
                    obj.cache_clear()

    def _scenario_words(self, scenario: str) -> tuple:
        hook = self._optional("catalog", "scenario_words")
        return hook(scenario) if hook else (None, None)

    def scenario_title(self, scenario: str) -> str:
        """The scenario's name as players read it (`games/<id>/catalog.py`
        scenario_words: (name or None, a line on it or None)), else its id
        in words ("smog_fields" -> "Smog fields")."""
        return self._scenario_words(scenario)[0] or str(scenario).replace("_", " ").capitalize()

    def scenario_text(self, scenario: str) -> str:
        """A line on what the scenario is, or ""."""
        return self._scenario_words(scenario)[1] or ""

    def judge_map(self, state) -> dict | None:
        hook = self._optional("judge", "judge_map")
        return hook(state) if hook else None

    def judge_canvas(self, state):
        hook = self._optional("judge", "judge_canvas")
        return hook(state) if hook else None

    def judge_frame(self, state):
        hook = self._optional("judge", "judge_frame")
        return hook(state) if hook else None

    def judge_hook(self, name: str):
        """Another of the judge's optional hooks (judge_army, judge_swap,
        judge_variants: engine/core/judging.py), or None when the game has
        none."""
        return self._optional("judge", name)

    def script_param(self, state, key, value):
        return self._module("position").script_param(state, key, value)

    def script_check(self, state, key, want):
        return self._module("position").script_check(state, key, want)

    def script_state(self, state):
        return self._module("position").script_state(state)

    def check_data(self, folder) -> list[str]:
        """Problems of the game's data (games/<id>/catalog.py), or none."""
        from engine.core.catalog import DataError
        cat = self._module("catalog")
        try:
            cat.load_catalog(folder or cat.DATA_DIR)
        except DataError as e:
            return list(e.problems)
        return []

    def terrain_ids(self) -> set[str]:
        return set(self._module("catalog").load_catalog().terrain)

    def invariants(self, state) -> list[str]:
        return self._module("invariants").problems(state)

    def clone(self, state):
        return state.copy()

    def fingerprint(self, state) -> str:
        """A short hash of every declared field of the state (engine/core/state_fields.py)."""
        from engine.core.state_fields import fingerprint
        return fingerprint(state)

    def rulings(self) -> list:
        """The game's house rulings (`games/<id>/rulings.py` RULINGS), or none."""
        import importlib.util
        if importlib.util.find_spec(f"games.{self.game_id}.rulings") is None:
            return []
        return list(self._module("rulings").RULINGS)

    def override_any_time(self) -> tuple[str, ...]:
        """Action kinds a group may allow against a refusal even when the
        rules offer no action of that kind now (`games/<id>/rulings.py`
        OVERRIDE_ANY_TIME; engine/core/overrides.py): an attack out of
        range when no target is in range.  Other kinds are overridden only
        while the rules offer that kind, so an override changes how, never when."""
        hook = self._optional("rulings", "OVERRIDE_ANY_TIME")
        return tuple(hook or ())

    def override_problem(self, state, action, refusal) -> str | None:
        """Why the game never allows this refused action even as a house
        rule (`games/<id>/rulings.py` override_problem), or None."""
        hook = self._optional("rulings", "override_problem")
        return hook(state, action, refusal) if hook else None

    def describe(self, state, action) -> str:
        return self._module("describe").describe(state, action)

    def preview(self, state, action) -> list[str]:
        return self._module("describe").preview(state, action)


class Ruleset(Protocol):
    game_id: str
    title: str
    min_players: int
    max_players: int

    def options(self) -> list[OptionSpec]: ...
    def scenarios(self) -> list[str]: ...
    def initial_state(self, setup: Setup, dice) -> tuple[Any, list[Event]]: ...
    def to_act(self, state) -> int: ...
    def legal_actions(self, state) -> list[Action]: ...
    def check(self, state, action: Action) -> Illegal | None: ...
    def apply(self, state, action: Action, dice) -> list[Event]: ...
    def outcome(self, state) -> Outcome | None: ...
    def clone(self, state): ...
    def fingerprint(self, state) -> str: ...
    def player_name(self, state, player: int) -> str: ...
    def hidden_from_others(self, state, player: int) -> bool: ...
