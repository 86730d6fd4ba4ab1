"""Tutorials: a rulebook's worked example to play with your own hands.

A lesson is a rules script (docs/scripts.md: a prepared position, forced
dice) whose actions are *steps*: the learner's steps wait for the learner
to make that move (anything else is refused with a friendly pointer and the
section to read); the other players' steps play by themselves.  Files live
in `data/<game>/tutorials/*.yaml`:

    game: dice_wars
    title: Guarding
    source: dice_wars.txt § Guarding
    learner: 1                     # the player the learner plays
    intro: what the example shows
    setup: {players: 2, scenario: balanced, position: {...}}
    dice: [3, 4, 3, 4]             # forced results, in order
    steps:
      - say: Move your Barbarian into the Witch's front hex (F6).
        do: {kind: move, player: 1, uid: barbarian, to: F6}
        rule: dice_wars.txt § Guarding       # optional; default: source
      - say: Move your Blades up to 6 inches, anywhere.
        do: {kind: move, player: 0, uid: blades, to: [[2, 16]]}
        free: [to]                 # the learner chooses these; the rules judge them
    outro: what just happened

`free` names the parameters the learner picks (a spot dragged to, a way
to face): the step accepts any value and the rules refuse a bad one with
their own reason; the value written in `do` is the one the tests play.

Headless (no pygame): the tutorial scene (engine/ui/scenes/tutorial.py)
asks `judge` before submitting and `advance` after.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.core import malformed, registry
from engine.core.actions import Action
from engine.core.catalog import DataError, line_at, load_yaml
from engine.core.dice import ScriptedDice
from engine.core.fields import FieldError, Fields, position_path
from engine.core.limits import cut
from engine.core.match import Match
from engine.core.rules import MALFORMED, Setup

ROOT = Path(__file__).resolve().parents[2]
TOP_KEYS = {"game", "title", "source", "learner", "intro", "setup", "dice", "steps", "outro"}
STEP_KEYS = {"say", "do", "rule", "free"}
POINTER = "Not this time — the example goes another way."   # how a refusal of another move begins


@dataclass(frozen=True)
class Step:
    say: str
    want: dict            # the step's action as written (names, labels)
    rule: str
    line: int
    free: tuple[str, ...] = ()   # parameters the learner chooses (the rules judge them)


def lesson_files(game: str) -> list[Path]:
    folder = ROOT / "data" / game / "tutorials"
    return sorted(folder.glob("*.yaml")) if folder.is_dir() else []


class Lesson:
    def __init__(self, path: str | Path):
        name = str(path)
        data = load_yaml(path)
        if not isinstance(data, dict):
            raise DataError([f"{name}:1: (top): a tutorial is a mapping"])
        for k in data:
            if k not in TOP_KEYS:
                raise DataError([f"{name}:{line_at(data, [k])}: {k}: unknown field (known: {', '.join(sorted(TOP_KEYS))})"])
        for k in ("game", "title", "source", "steps"):
            if k not in data:
                raise DataError([f"{name}:1: {k}: required field is missing"])
        try:
            self.rules = registry.get(data["game"])
        except KeyError as e:
            raise DataError([f"{name}:{line_at(data, ['game'])}: game: {e.args[0]}"]) from None
        self.path = name
        self.game = data["game"]
        self.title = str(data["title"])
        self.source = str(data["source"])
        self.intro = str(data.get("intro", ""))
        self.outro = str(data.get("outro", ""))
        try:
            self.learner = Fields(data, "").whole("learner", 0, 0, 7)
        except FieldError as e:
            raise DataError([f"{name}:{line_at(data, ['learner'])}: {e}"]) from None
        self.data = data                 # with its lines, for messages about setup
        self.setup_raw = _plain(data.get("setup") or {})
        if not isinstance(self.setup_raw, dict):
            raise DataError([f"{name}:{line_at(data, ['setup'])}: setup: a mapping was expected, not "
                             f"{cut(self.setup_raw)}"])
        dice = data.get("dice") or []
        if not all(isinstance(d, int) for d in dice):
            raise DataError([f"{name}:{line_at(data, ['dice'])}: dice: a list of die results (integers)"])
        self.dice = list(dice)
        self.steps: list[Step] = []
        for i, raw in enumerate(data["steps"] or []):
            where = f"{name}:{line_at(data, ['steps', i])}: steps[{i}]"
            if not isinstance(raw, dict) or "do" not in raw or not isinstance(raw["do"], dict):
                raise DataError([f"{where}: a step is a mapping with `do` (the action) and `say`"])
            extra = set(raw) - STEP_KEYS
            if extra:
                raise DataError([f"{where}: {sorted(extra)[0]}: unknown field (known: {', '.join(sorted(STEP_KEYS))})"])
            want = _plain(raw["do"])
            if "kind" not in want or "player" not in want:
                raise DataError([f"{where}: do: needs kind and player"])
            free = raw.get("free") or []
            if not isinstance(free, list) or not all(isinstance(k, str) and k in want for k in free):
                raise DataError([f"{where}: free: a list of the parameters of `do` the learner chooses"])
            self.steps.append(Step(str(raw.get("say", "")), want, str(raw.get("rule", self.source)),
                                   line_at(data, ["steps", i]), tuple(free)))
        self.index = 0

    # ---- playing -----------------------------------------------------------------------------
    def start(self) -> Match:
        st = Fields(self.setup_raw, "setup")
        try:
            options = st.mapping("options")
            if st.has("position"):
                options["position"] = st.raw["position"]
            n = st.whole("players", self.rules.min_players, self.rules.min_players, self.rules.max_players)
            setup = Setup(self.game, n, st.whole("seed", 1, 0, 2 ** 63), st.text("scenario", self.rules.scenarios()[0]),
                          tuple("human" for _ in range(n)), options)
            match = Match(setup, dice=ScriptedDice(list(self.dice), seed=setup.seed))
        except FieldError as e:         # "setup.players: ...": the line of that field
            line = line_at(self.data, str(e).split(":", 1)[0].split("."))
            raise DataError([f"{self.path}:{line}: {e}"]) from None
        except MALFORMED as e:          # a position or setup the game refuses (its own words, or Python's explained)
            why = malformed.explain(e)
            line = line_at(self.data, ["setup", *position_path(why)])
            raise DataError([f"{self.path}:{line}: setup: {why}"]) from None
        self.index = 0
        self.autoplay(match)
        return match

    def action_of(self, match: Match, step: Step) -> Action:
        params = {}
        for k, v in step.want.items():
            if k not in ("kind", "player") and hasattr(self.rules, "script_param"):
                v = self.rules.script_param(match.state, k, v)
            params[k] = v
        return Action.from_dict(params)

    def current(self) -> Step | None:
        return self.steps[self.index] if self.index < len(self.steps) else None

    def progress(self) -> tuple[int, int]:
        """(this step's number, how many) among the learner's own steps:
        the other side's steps play by themselves and are not counted."""
        mine = [i for i, st in enumerate(self.steps) if int(st.want["player"]) == self.learner]
        return sum(1 for i in mine if i <= self.index), len(mine)

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    def judge(self, match: Match, action: Action) -> tuple[str, str] | None:
        """None when the action is this step's move; else a friendly pointer
        and the section that explains it."""
        step = self.current()
        if step is None:
            return ("The example is over: back to the launcher to play a real game, or try another tutorial.",
                    self.source)
        want = self.action_of(match, step)
        if action.kind == want.kind and action.player == want.player and \
                all(action.get(k) == v for k, v in want.params if k not in step.free):
            return None
        return (f"{POINTER} {step.say}", step.rule)

    def advance(self, match: Match) -> None:
        """The learner's step was played: on to the next, playing the
        other players' steps by themselves."""
        self.index += 1
        self.autoplay(match)

    def autoplay(self, match: Match) -> None:
        while not self.done and int(self.steps[self.index].want["player"]) != self.learner:
            match.submit(self.action_of(match, self.steps[self.index]), autosave=False)
            self.index += 1


def _plain(v):
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_plain(x) for x in v]
    return v
