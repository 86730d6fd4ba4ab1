"""Lessons and the guided first game: files the engine plays (the format:
docs/lessons.md).

A file in `data/<game>/tutorials/` is a prepared position (the game's
`position` option) and steps: the learner's wait for the learner to make
that move on the board (anything else is taught: the rules' reason when it
is illegal, the step's reason when it is only another move), the other
side's play by themselves with a sentence of why.  A guided first game
(`kind: guided`) is the same with a computer seat that plays on after the
last step, coached more lightly (`coach`: a line per turn, tips shown once).

Headless: the coach screen (engine/ui/scenes/tutorial.py) asks `judge`
before submitting and `advance` after; `check` plays a file to its end and
says what does not play, as `file:line: field: what`.
"""
from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from collections.abc import Iterable
from typing import Any
from pathlib import Path

from engine.core import citations, guided, malformed, registry
from engine.core.actions import Action
from engine.core.catalog import DataError, line_at, load_yaml, plain
from engine.core.dice import DiceExhausted, ScriptedDice
from engine.core.fields import FieldError, Fields, position_path
from engine.core.limits import cut
from engine.core.match import LogEntry, Match
from engine.core.rules import MALFORMED, Illegal, Setup

ROOT = Path(__file__).resolve().parents[2]
KINDS = ("lesson", "guided")
TOP_KEYS = {"game", "kind", "title", "family", "source", "learner", "intro", "setup", "dice", "dice_why",
            "steps", "outro", "seats", "coach"}
STEP_KEYS = {"do", "say", "why", "rule", "done", "point", "free", "wrong", "expect", "miss"}
COACH_KEYS = {"turn", "tips", "won", "lost"}
TIP_KEYS = {"when", "say", "rule"}
WHEN_KEYS = {"rule", "kind", "player"}
MAX_STEPS = 300
MAX_DICE = 2000
MAX_FACE = 1000               # no die the games roll has more faces: 0 or 10^17 is refused when read
MAX_TEXT = 2000
FREE_PLAY = 40                # actions `check` plays on after a guided game's opening


@dataclass(frozen=True)
class Step:
    player: int
    want: dict[str, Any]      # the step's action as written (names, labels)
    say: str                  # what to do now
    why: str                  # why, in the rulebook's terms
    rule: str                 # its citation
    done: str                 # what just happened, naming the rule
    line: int
    free: tuple[str, ...] = ()                  # parameters the learner chooses (the rules judge them)
    point: tuple[str | dict[str, str], ...] = ()  # what to mark: unit names, hex labels, {"button": label}
    wrong: tuple[tuple[str, str], ...] = ()     # (action kind [and params], the sentence for that tempting move)
    expect: tuple[tuple[str, object], ...] = ()  # what the learner's free choice must bring about (script expectations)
    miss: str = ""                              # the sentence for a free choice that does not


@dataclass(frozen=True)
class Tip:
    when: tuple[tuple[str, object], ...]        # (rule | kind | player, value)
    say: str
    rule: str
    line: int


@dataclass(frozen=True)
class Coach:
    turn: str = ""
    tips: tuple[Tip, ...] = ()
    won: str = ""
    lost: str = ""


@dataclass(frozen=True)
class Teaching:
    """What the learner is told instead of a move: why not (`text`), the
    rule, and what to do instead (`instead`, the step's instruction)."""
    text: str
    rule: str = ""
    instead: str = ""
    short: str = ""          # the text without the step's why (the coach shows the why beside it)

    @property
    def whole(self) -> str:
        return f"{self.text} {self.instead}".strip()


@dataclass(frozen=True)
class Pointer:
    """What the coach marks on the board and panel for a step."""
    # keys and commands are each game's own (its board's, its panel's): Any
    units: tuple[Any, ...] = ()               # unit keys (the board's token or model keys)
    hexes: tuple[tuple[int, ...], ...] = ()   # hexes (q, r)
    points: tuple[tuple[float, ...], ...] = ()   # table points (x, y) in inches
    buttons: tuple[Any, ...] = ()             # panel button commands ("end_phase", "mode:skill", a Pick) or labels,
                                              # also in a decision panel
    cards: tuple[Any, ...] = ()               # hand panel cards, by their keys (a game's HandCard.key)


def lesson_files(game: str) -> list[Path]:
    """A game's lessons in file-name order (the guided game is not one)."""
    folder = ROOT / "data" / game / "tutorials"
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*.yaml") if p.stem != guided.STEM)


def guided_file(game: str) -> Path | None:
    p = guided.path_of(game)
    return p if p.is_file() else None


def _where(name: str, data: Any, loc: Iterable[Any]) -> str:
    return f"{name}:{line_at(data, loc)}"


class Lesson:
    """A lesson or a guided game, read and checked field by field; then
    played along a Match (`new_match`, `judge`, `advance`, `sync`)."""

    def __init__(self, path: str | Path) -> None:
        name = str(path)
        self.path = name
        self.id = Path(path).stem
        data = load_yaml(path)
        if not isinstance(data, dict):
            raise DataError([f"{name}:1: (top): a lesson is a mapping of fields (docs/lessons.md)"])
        self.data = data                 # with its lines, for messages
        for k in data:
            if k not in TOP_KEYS:
                raise DataError([f"{_where(name, data, [k])}: {_key(k)}: unknown field (known: "
                                 f"{', '.join(sorted(TOP_KEYS))})"])
        self.kind = self._text("kind", required=False) or "lesson"
        if self.kind not in KINDS:
            raise DataError([f"{_where(name, data, ['kind'])}: kind: {cut(self.kind)} is not one of "
                             f"{', '.join(KINDS)}"])
        for k in ("game", "title", "source", "intro", "steps") + (("family", "outro") if self.kind == "lesson" else ()):
            if k not in data:
                raise DataError([f"{name}:1: {k}: required field is missing"])
        try:
            self.rules = registry.get(data["game"])
        except (KeyError, TypeError):
            raise DataError([f"{_where(name, data, ['game'])}: game: {cut(data['game'])} is not a game of this "
                             f"app (known: {', '.join(g.game_id for g in registry.all_games())})"]) from None
        self.game = data["game"]
        self.title = self._text("title")
        self.family = self._text("family", required=False)
        self.source = self._text("source")
        self.intro = self._text("intro")
        self.outro = self._text("outro", required=self.kind == "lesson")
        try:
            self.learner = Fields(data, "").whole("learner", 0, 0, self.rules.max_players - 1)
        except FieldError as e:
            raise DataError([f"{_where(name, data, ['learner'])}: {e}"]) from None
        self.setup_raw = plain(data.get("setup") or {})
        if not isinstance(self.setup_raw, dict):
            raise DataError([f"{_where(name, data, ['setup'])}: setup: a mapping was expected, not "
                             f"{cut(self.setup_raw)}"])
        self.dice = self._dice()
        self.dice_why = self._text("dice_why", required=bool(self.dice))
        self.seats = self._seats()
        self.steps = self._steps()
        self.coach = self._coach()
        self.index = 0
        self.tips_shown: set[int] = set()

    # ---- reading -------------------------------------------------------------------------------
    def _text(self, key: str, required: bool = True, raw: Any = None, loc: list[Any] | None = None) -> str:
        raw = self.data if raw is None else raw
        loc = [key] if loc is None else loc
        v = raw.get(key)
        if v is None:
            if required:
                why = " (the lesson forces dice: say why, docs/lessons.md)" if key == "dice_why" else ""
                raise DataError([f"{_where(self.path, self.data, loc[:-1] or [])}: {key}: required field is "
                                 f"missing{why}"])
            return ""
        if not isinstance(v, str) or not v.strip():
            raise DataError([f"{_where(self.path, self.data, loc)}: {key}: words were expected, not {cut(v)}"])
        if len(v) > MAX_TEXT:
            raise DataError([f"{_where(self.path, self.data, loc)}: {key}: at most {MAX_TEXT} characters"])
        return " ".join(v.split())

    def _dice(self) -> list[int]:
        dice = self.data.get("dice")
        if dice is None:
            return []
        if not isinstance(dice, list) or len(dice) > MAX_DICE:
            raise DataError([f"{_where(self.path, self.data, ['dice'])}: dice: a list of at most {MAX_DICE} die "
                             "results was expected"])
        for j, d in enumerate(dice):
            if type(d) is not int or not 1 <= d <= MAX_FACE:
                raise DataError([f"{_where(self.path, self.data, ['dice', j])}: dice[{j}]: a die result is a whole "
                                 f"number from 1 to the die's faces, not {cut(d)}"])
        return list(dice)

    def _seats(self) -> tuple[str, ...]:
        raw = self.data.get("seats")
        n = self.players()
        if self.kind == "lesson":
            if raw is not None:
                raise DataError([f"{_where(self.path, self.data, ['seats'])}: seats: a lesson plays the other side "
                                 "itself; only a guided game (kind: guided) seats the computer"])
            return tuple("human" if p == self.learner else "lesson" for p in range(n))
        from engine.core.agents import agent_names
        known = agent_names(self.game)
        if not isinstance(raw, list) or len(raw) != n:
            raise DataError([f"{_where(self.path, self.data, ['seats'] if raw is not None else [])}: seats: one "
                             f"seat per player ({n}): human for the learner, a computer level for the others"])
        for p, s in enumerate(raw):
            ok = s == "human" if p == self.learner else s in known
            if not ok:
                want = "human (the learner)" if p == self.learner else f"a computer player ({', '.join(known)})"
                raise DataError([f"{_where(self.path, self.data, ['seats', p])}: seats[{p}]: {cut(s)}: {want} "
                                 "was expected"])
        return tuple(raw)

    def players(self) -> int:
        try:
            return Fields(self.setup_raw, "setup").whole("players", self.rules.min_players, self.rules.min_players,
                                                        self.rules.max_players)
        except FieldError as e:
            raise DataError([f"{_where(self.path, self.data, ['setup', 'players'])}: {e}"]) from None

    def _steps(self) -> list[Step]:
        raw_steps = self.data["steps"]
        if not isinstance(raw_steps, list) or not raw_steps or len(raw_steps) > MAX_STEPS:
            raise DataError([f"{_where(self.path, self.data, ['steps'])}: steps: a list of 1 to {MAX_STEPS} steps "
                             "was expected"])
        out: list[Step] = []
        n = self.players()
        for i, raw in enumerate(raw_steps):
            loc = ["steps", i]
            where = f"{_where(self.path, self.data, loc)}: steps[{i}]"
            if not isinstance(raw, dict) or not isinstance(raw.get("do"), dict):
                raise DataError([f"{where}: a step is a mapping with `do` (the action) and `say`"])
            extra = sorted(set(raw) - STEP_KEYS)
            if extra:
                raise DataError([f"{_where(self.path, self.data, loc + [extra[0]])}: steps[{i}].{_key(extra[0])}: "
                                 f"unknown field (known: {', '.join(sorted(STEP_KEYS))})"])
            want = plain(raw["do"])
            if not isinstance(want.get("kind"), str) or type(want.get("player")) is not int \
                    or not 0 <= want["player"] < n:
                raise DataError([f"{_where(self.path, self.data, loc + ['do'])}: steps[{i}].do: an action needs a "
                                 f"kind (a name) and a player (0 to {n - 1})"])
            mine = want["player"] == self.learner
            def text(k: str, req: bool) -> str:
                return self._text(k, req, raw, loc + [k])
            free = raw.get("free") or []
            if not isinstance(free, list) or not all(isinstance(k, str) and k in want and k not in ("kind", "player")
                                                     for k in free):
                raise DataError([f"{_where(self.path, self.data, loc + ['free'])}: steps[{i}].free: a list of the "
                                 "parameters of `do` the learner chooses"])
            point = raw.get("point") or []
            if not isinstance(point, list) or not all(
                    isinstance(p, str) or (isinstance(p, dict) and set(p) == {"button"} and isinstance(p["button"], str))
                    for p in point):
                raise DataError([f"{_where(self.path, self.data, loc + ['point'])}: steps[{i}].point: a list of unit "
                                 "names, hex labels and {button: <label>}"])
            wrong = raw.get("wrong") or {}
            if not isinstance(wrong, dict) or not all(isinstance(v, str) and v.strip() for v in wrong.values()):
                raise DataError([f"{_where(self.path, self.data, loc + ['wrong'])}: steps[{i}].wrong: a sentence "
                                 "for each kind of tempting move ({attack: ...})"])
            for k in wrong:
                if wrong_key(k) is None:
                    raise DataError([f"{_where(self.path, self.data, loc + ['wrong', k])}: steps[{i}].wrong: "
                                     f"{cut(k)}: a kind of move, optionally with its parameters "
                                     "(attack; move m=dash; portal travel=false)"])
            expect = plain(raw.get("expect") or {})
            if not isinstance(expect, dict) or not all(isinstance(k, str) for k in expect):
                raise DataError([f"{_where(self.path, self.data, loc + ['expect'])}: steps[{i}].expect: a mapping of "
                                 "expectations, as a rules script's `expect` (docs/scripts.md)"])
            rule = text("rule", False) or self.source
            out.append(Step(want["player"], want, text("say", True), text("why", mine), rule,
                            text("done", mine), line_at(self.data, loc), tuple(free),
                            tuple(plain(p) for p in point),
                            tuple((str(k), " ".join(v.split())) for k, v in wrong.items()),
                            tuple(expect.items()), text("miss", bool(expect) and mine)))
        return out

    def _coach(self) -> Coach:
        raw = self.data.get("coach")
        if self.kind == "lesson":
            if raw is not None:
                raise DataError([f"{_where(self.path, self.data, ['coach'])}: coach: only a guided game "
                                 "(kind: guided) plays on after its steps"])
            return Coach()
        if not isinstance(raw, dict):
            raise DataError([f"{_where(self.path, self.data, ['coach'] if raw is not None else [])}: coach: a guided "
                             "game says how it coaches the rest of the game (turn, tips, won, lost)"])
        extra = sorted(set(raw) - COACH_KEYS)
        if extra:
            raise DataError([f"{_where(self.path, self.data, ['coach', extra[0]])}: coach.{_key(extra[0])}: unknown "
                             f"field (known: {', '.join(sorted(COACH_KEYS))})"])
        tips = []
        for j, t in enumerate(raw.get("tips") or []):
            loc = ["coach", "tips", j]
            if not isinstance(t, dict) or not isinstance(t.get("when"), dict) or set(t) - TIP_KEYS \
                    or not t["when"] or set(t["when"]) - WHEN_KEYS:
                raise DataError([f"{_where(self.path, self.data, loc)}: coach.tips[{j}]: a tip is {{when: {{rule, "
                                 "kind, player}}, say, rule}}"])
            tips.append(Tip(tuple(sorted(plain(t["when"]).items())), self._text("say", True, t, loc + ["say"]),
                            self._text("rule", False, t, loc + ["rule"]) or str(t["when"].get("rule") or self.source),
                            line_at(self.data, loc)))
        def c(k: str) -> str:
            return self._text(k, k != "turn", raw, ["coach", k])
        return Coach(c("turn"), tuple(tips), c("won"), c("lost"))

    # ---- starting --------------------------------------------------------------------------------
    def setup(self) -> Setup:
        st = Fields(self.setup_raw, "setup")
        try:
            st.only({"players", "seed", "scenario", "options", "position"})
            options = st.mapping("options")
            if self.kind == "guided":
                options = {o.key: o.default for o in self.rules.options()} | options
                options[guided.KEY] = guided.ident(self.game)      # the position comes from the installed file
            elif st.has("position"):
                options["position"] = st.raw["position"]
            scenarios = self.rules.scenarios()
            seed = st.whole("seed", 1, 0, 2 ** 31)
            scenario = st.text("scenario", scenarios[0] if scenarios else "")
            if scenarios and scenario not in scenarios:
                st.one_of("scenario", scenarios)           # "setup.scenario: one of ... was expected"
            return Setup(self.game, self.players(), seed, scenario, self.seats, options)
        except FieldError as e:         # "setup.players: ...": the line of that field
            line = line_at(self.data, str(e).split(":", 1)[0].split("."))
            raise DataError([f"{self.path}:{line}: {e}"]) from None

    def new_match(self, autosave_path: str | Path | None = None, strict_dice: bool = False) -> Match:
        """The match the lesson plays on (a guided game's autosaves to
        `autosave_path`, a game in progress).  DataError when the position
        or setup is refused: its own words at the line of the field."""
        setup = self.setup()
        dice = ScriptedDice(list(self.dice), seed=setup.seed, strict=strict_dice and bool(self.dice))
        try:
            match = Match(setup, dice=dice, autosave_path=autosave_path)
        except DiceExhausted as e:
            raise DataError([self._dice_problem(e, f"{self.path}:{line_at(self.data, ['setup'])}: setup")]) from None
        except (DataError, FieldError) as e:
            problems = getattr(e, "problems", None) or [f"{self.path}:{line_at(self.data, ['setup'])}: {e}"]
            raise DataError(problems) from None
        except MALFORMED as e:          # a position the game refuses (its own words, or Python's explained)
            why = malformed.explain(e)
            line = line_at(self.data, ["setup", *position_path(why)])
            raise DataError([f"{self.path}:{line}: setup: {why}"]) from None
        self.index = 0
        self.tips_shown = set()
        return match

    def start(self) -> Match:
        """A match at the learner's first step: the other side's opening
        steps, if any, already played (headless; the coach plays them at a
        readable pace instead)."""
        match = self.new_match()
        self.autoplay(match)
        return match

    # ---- where the learner is ---------------------------------------------------------------------
    def action_of(self, match: Match, step: Step) -> Action:
        """The step's action with names and labels read by the game (ValueError naming the field)."""
        params: dict[str, Any] = {}
        for k, v in step.want.items():
            if k not in ("kind", "player"):
                v = self.rules.script_param(match.state, k, v)
            params[k] = v
        return Action.from_dict(params)

    def current(self) -> Step | None:
        return self.steps[self.index] if self.index < len(self.steps) else None

    def mine(self, step: Step | None) -> bool:
        return step is not None and step.player == self.learner

    def progress(self) -> tuple[int, int]:
        """(this step's number, how many) among the learner's own steps."""
        mine = [i for i, st in enumerate(self.steps) if self.mine(st)]
        return min(len(mine), sum(1 for i in mine if i <= self.index)), len(mine)

    @property
    def done(self) -> bool:
        """Every step played (a guided game plays on)."""
        return self.index >= len(self.steps)

    def reply_due(self) -> bool:
        """The next step is the other side's: it plays by itself."""
        st = self.current()
        return st is not None and not self.mine(st)

    def matches(self, match: Match, step: Step, action: Action) -> bool:
        try:
            want = self.action_of(match, step)
        except MALFORMED:
            return False
        return action.kind == want.kind and action.player == want.player and \
            all(action.get(k) == v for k, v in want.params if k not in step.free)

    def describe(self, match: Match, action: Action) -> str:
        try:
            return self.rules.describe(match.state, action)
        except Exception:  # noqa: BLE001 - words for a move the rules may not read
            return action.kind.replace("_", " ")

    def judge(self, match: Match, action: Action) -> Teaching | None:
        """None when the action is this step's move (and legal); else what
        to tell the learner: the rules' reason for an illegal move, the
        step's for another legal one, with the step's instruction."""
        step = self.current()
        if step is None:
            if self.kind == "guided":
                return None                     # the game plays on: the rules judge
            return Teaching("The lesson is over: the Learn page offers the next one.", self.source)
        if not self.mine(step):
            return Teaching("Wait a moment: the other side moves first.", step.rule, step.say)
        refused = match.check(action)
        if refused is not None:             # the rules' own reason, whatever the step
            return Teaching(refused.reason, refused.rule or step.rule, step.say)
        if self.matches(match, step, action):
            return Teaching(step.miss, step.rule, step.say) if self.misses(match, step, action) else None
        wrong = self.wrong_for(match, step, action)
        if not wrong:
            try:
                right = self.describe(match, self.action_of(match, step))
            except MALFORMED:
                right = step.say
            short = f"“{self.describe(match, action)}” is allowed by the rules, but this step is another move ({right})."
            return Teaching(f"{short} {step.why}", step.rule, step.say, short)
        return Teaching(wrong, step.rule, step.say)

    def misses(self, match: Match, step: Step, action: Action) -> bool:
        """The learner's free choice is the step's move, but tried on a copy
        it does not bring about what the step `expect`s (a drag that stops
        short of the enemy the next step fights)."""
        if not step.expect:
            return False
        state = match.rules.clone(match.state)
        try:
            match.rules.apply(state, action, copy.deepcopy(match.dice))
        except Exception:  # noqa: BLE001 - the rules judge the real move
            return False
        return bool(self.expect_problems(state, step))

    def expect_problems(self, state: Any, step: Step) -> list[str]:
        out: list[str] = []
        for key, want in step.expect:
            try:
                out.extend(self.rules.script_check(state, key, want))
            except Exception as e:  # noqa: BLE001 - a broken expectation is the file's problem
                out.append(f"{key}: {malformed.explain(e)}")
        return out

    def wrong_for(self, match: Match, step: Step, action: Action) -> str:
        """The step's sentence for this tempting move: the `wrong` entry of
        its kind whose parameters it has (the most specific one), or ""."""
        best, most = "", -1
        for key, text in step.wrong:
            kind, pairs = wrong_key(key) or ("", ())
            if kind != action.kind or len(pairs) <= most:
                continue
            try:
                want = Action.from_dict({"kind": kind, "player": action.player, **{
                    k: self.rules.script_param(match.state, k, v)
                    for k, v in pairs}})
            except MALFORMED:
                continue
            if all(action.get(k) == v for k, v in want.params):
                best, most = text, len(pairs)
        return best

    def advance(self, match: Match) -> None:
        """The step was played: on to the next."""
        self.index += 1

    def reply(self, match: Match) -> tuple[Action, str]:
        """The other side's scripted move now and its sentence of why."""
        st = self.current()
        assert st is not None, "reply() past the lesson's last step"
        return self.action_of(match, st), st.say

    def autoplay(self, match: Match) -> None:
        """Play the other side's steps due now (headless)."""
        while self.reply_due():
            action, _ = self.reply(match)
            match.submit(action, autosave=False)
            self.advance(match)

    def sync(self, match: Match) -> None:
        """Find the place again from the match's actions (a resumed guided
        game, an undo): the steps played along them, in order."""
        self.index = 0
        for a in match.actions:
            st = self.current()
            if st is None or not self.matches(match, st, a):
                break
            self.index += 1
        self._resume_dice(match)
        self.tips_shown = set()
        for entry in match.log:
            self.tips_shown.update(i for i, _ in self._tips_matching(entry))

    def _resume_dice(self, match: Match) -> None:
        """A resumed save replays its recorded rolls, then rolls from the
        seed: the opening's forced dice not rolled yet must come next."""
        d = match.dice
        if not self.dice or not isinstance(d, ScriptedDice) or d.pos != len(d.forced):
            return
        n = len(d.history)
        if n < len(self.dice) and list(d.history) == self.dice[:n]:
            d.forced.extend(self.dice[n:])

    # ---- coaching -------------------------------------------------------------------------------
    def _tips_matching(self, entry: LogEntry) -> list[tuple[int, Tip]]:
        out: list[tuple[int, Tip]] = []
        a = entry.action
        for i, tip in enumerate(self.coach.tips):
            ok = True
            for k, v in tip.when:
                if k == "rule":
                    ok = ok and any(e.rule == v for e in entry.events)
                elif k == "kind":
                    ok = ok and a is not None and a.kind == v
                elif k == "player":
                    ok = ok and a is not None and a.player == v
            if ok:
                out.append((i, tip))
        return out

    def tips_for(self, entry: LogEntry) -> list[Tip]:
        """The tips a new log entry calls for (each once); only once the
        coached steps are over."""
        if not self.done:
            return []
        out = []
        for i, tip in self._tips_matching(entry):
            if i not in self.tips_shown:
                self.tips_shown.add(i)
                out.append(tip)
        return out

    def watch(self, match: Match) -> list[tuple[str, str]]:
        """The game's own warnings for the learner in free play (a victory
        about to be won or lost, with its rule): `watch(state, learner)` in
        `games/<id>/ui/coach.py` (Game.coach_warnings).  A bug in it raises: the
        test that meets it fails, and the window's crash guard keeps the game."""
        return [(str(t), str(r)) for t, r in self.rules.coach_warnings(match.state, self.learner)][:3]

    def pointer(self, match: Match, step: Step | None = None) -> Pointer:
        """What to mark for a step: its `point` list, or its action's unit,
        destination or target and the panel button of its kind."""
        step = step or self.current()
        if step is None or not self.mine(step):
            return Pointer()
        units: list[int] = []
        hexes: list[tuple[int, ...]] = []
        points: list[tuple[float, ...]] = []
        buttons: list[str] = []
        if step.point:
            for p in step.point:
                if isinstance(p, dict):
                    buttons.append(p["button"])
                    continue
                got = self._named(match, p)
                if isinstance(got, int):
                    units.append(got)
                else:
                    hexes.append(got)
            return Pointer(tuple(units), tuple(hexes), (), tuple(buttons))
        try:
            a = self.action_of(match, step)
        except MALFORMED:
            return Pointer()
        if isinstance(a.get("uid"), int):
            units.append(a["uid"])
        for k in ("to", "target"):
            v = a.get(k)
            if k in step.free:
                continue
            if isinstance(v, int) and not isinstance(v, bool) and k == "target":
                units.append(v)
            elif _is_hex(v):
                hexes.append(tuple(v))
            elif isinstance(v, tuple) and v and all(_is_point(x) for x in v):
                points.append(tuple(v[-1]))
        buttons.extend([a.kind, f"mode:{a.kind}"])
        return Pointer(tuple(units), tuple(hexes), tuple(points), tuple(buttons))

    def _named(self, match: Match, name: str) -> int | tuple[Any, ...]:
        for key in ("uid", "to"):
            try:
                v = self.rules.script_param(match.state, key, name)
            except (ValueError, KeyError, TypeError, AttributeError):
                continue
            return v if isinstance(v, int) else tuple(v)
        raise ValueError(f"point: {cut(name)} names no unit or hex")

    # ---- checking -------------------------------------------------------------------------------
    def check(self, free_play: int = FREE_PLAY) -> list[str]:
        """Play the file to its end: every step legal, the forced dice all
        rolled and fitting their dice, every citation opening its section,
        every `point` naming something; a guided game then plays on with the
        computer on both sides for `free_play` actions.  Problems as
        `file:line: field: what`."""
        problems = self._citation_problems()
        try:
            match = self.new_match(strict_dice=True)
        except DataError as e:
            return problems + list(e.problems)
        for i, step in enumerate(self.steps):
            where = f"{self.path}:{step.line}: steps[{i}]"
            try:
                action = self.action_of(match, step)
            except MALFORMED as e:
                return problems + [f"{where}.do: {malformed.explain(e, step.want)}"]
            try:
                self.pointer(match, step)
            except ValueError as e:
                problems.append(f"{where}.{e}")
            refused = match.check(action)
            if refused is not None:
                return problems + [f"{where}: the rules refuse “{self.describe(match, action)}”: {refused}"]
            try:
                match.submit(action, autosave=False)
            except DiceExhausted as e:
                return problems + [self._dice_problem(e, where)]
            except Illegal as e:
                return problems + [f"{where}: the rules refuse it: {e}"]
            except Exception as e:  # noqa: BLE001 - a step the game cannot carry out: say which
                return problems + [f"{where}: the game cannot play this step: {malformed.explain(e, step.want)}"]
            self.index = i + 1
            missed = self.expect_problems(match.state, step) if step.expect else []
            if missed:
                return problems + [f"{where}.expect: the step's own move does not bring it about: {'; '.join(missed)}"]
            over = match.outcome()
            if over is not None and i + 1 < len(self.steps):
                return problems + [f"{self.path}:{self.steps[i + 1].line}: steps[{i + 1}]: the game is already over "
                                   f"({over.reason})"]
        dice = match.dice
        assert isinstance(dice, ScriptedDice)           # new_match plays a lesson on its scripted dice
        if self.dice and dice.pos < len(self.dice):
            left = len(self.dice) - dice.pos
            problems.append(f"{_where(self.path, self.data, ['dice', dice.pos])}: dice[{dice.pos}]: "
                            f"{left} forced result{'s are' if left != 1 else ' is'} never rolled")
        if self.kind == "guided":
            if match.outcome() is not None:
                problems.append(f"{self.path}:{self.steps[-1].line}: steps: the guided game ends in its opening; "
                                "the learner should play on")
            else:
                problems.extend(self._free_play(match, free_play))
        return problems

    def _free_play(self, match: Match, limit: int) -> list[str]:
        from engine.core.agents import make_agent
        if isinstance(match.dice, ScriptedDice):
            match.dice.strict = False
        rng = random.Random(1)
        agents: dict[int, Any] = {}
        for _ in range(limit):
            if match.outcome() is not None:
                break
            p = match.to_act()
            seat = self.seats[p] if self.seats[p] != "human" else "normal"
            try:
                agent = agents.get(p) or agents.setdefault(p, make_agent(self.game, seat, self.rules, batch=True))
                action = agent.choose(match.state, match.legal_actions(), rng)
                match.submit(action, autosave=False)
            except Exception as e:  # noqa: BLE001 - the game must play on after the opening
                return [f"{self.path}:{self.steps[-1].line}: steps: after the opening the game does not play on: "
                        f"{malformed.explain(e)}"]
        return []

    def _dice_problem(self, e: DiceExhausted, where: str) -> str:
        text = str(e)
        if "forced die" in text:
            j = max(0, int(text.split()[2]) - 1) if text.split()[2].isdigit() else 0
            return f"{_where(self.path, self.data, ['dice', j])}: dice[{j}]: {text.replace('forced die', 'die result')}"
        return (f"{where}: this step rolls more dice than `dice` forces ({len(self.dice)}): force every die "
                "the lesson rolls, or none")

    def _citation_problems(self) -> list[str]:
        out: list[str] = []
        cites = [(self.source, ["source"], "source")] \
            + [(s.rule, ["steps", i, "rule"], f"steps[{i}].rule") for i, s in enumerate(self.steps)] \
            + [(t.rule, ["coach", "tips", j], f"coach.tips[{j}].rule") for j, t in enumerate(self.coach.tips)]
        for rule, loc, field_name in cites:
            why = citations.opens(rule)
            if why:
                out.append(f"{_where(self.path, self.data, loc)}: {field_name}: {why}")
        return out


def wrong_key(key: object) -> tuple[str, tuple[tuple[str, Any], ...]] | None:
    """A `wrong` entry's key: a kind of move ("attack"), optionally with
    parameters it must have ("move m=dash", "portal travel=false"; values
    read as in YAML: true, false, null, whole numbers, else words, and
    names and labels as in `do`).  None when it is not one."""
    if not isinstance(key, str):
        return None
    parts = key.split()
    if not parts or not parts[0].replace("_", "").isalnum():
        return None
    pairs: list[tuple[str, Any]] = []
    for part in parts[1:]:
        k, sep, v = part.partition("=")
        if not sep or not k.replace("_", "").isalnum() or not v:
            return None
        pairs.append((k, {"true": True, "false": False, "null": None}.get(v, int(v) if v.lstrip("-").isdigit() else v)))
    return parts[0], tuple(pairs)


def _key(k: object) -> str:
    """A field name as a message writes it (quoted only when it is not a plain word)."""
    return k if isinstance(k, str) and k.replace("_", "").isalnum() and len(k) < 40 else cut(k)


def _is_hex(v: object) -> bool:
    return isinstance(v, tuple) and len(v) == 2 and all(type(x) is int for x in v)


def _is_point(v: object) -> bool:
    return isinstance(v, tuple) and len(v) == 2 and all(isinstance(x, (int, float)) for x in v)


def all_files() -> list[Path]:
    """Every lesson and guided game of every game."""
    out = []
    for g in registry.all_games():
        out.extend(lesson_files(g.game_id))
        gf = guided_file(g.game_id)
        if gf is not None:
            out.append(gf)
    return out


def contents(game: str) -> tuple[Lesson | None, list[Lesson], list[str]]:
    """A game's guided game, its lessons, and the problems of files that do
    not read (the Learn page lists them, never fails on them)."""
    errors, lessons, guide = [], [], None
    for path in lesson_files(game):
        try:
            lessons.append(Lesson(path))
        except DataError as e:
            errors.extend(e.problems[:1])
        except Exception as e:  # noqa: BLE001 - a broken file is reported, never fatal
            errors.append(f"{path}:0: cannot read this lesson: {malformed.explain(e)}")
    gf = guided_file(game)
    if gf is not None:
        try:
            guide = Lesson(gf)
        except DataError as e:
            errors.extend(e.problems[:1])
        except Exception as e:  # noqa: BLE001
            errors.append(f"{gf}:0: cannot read the guided game: {malformed.explain(e)}")
    return guide, lessons, errors


