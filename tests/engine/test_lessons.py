"""Lessons and the guided first game (engine/core/lessons.py, the format:
docs/lessons.md): every file plays to its end as `check` plays it; a wrong
move is taught (the rules' reason when illegal, the step's when legal),
never "the example goes another way"; `check` refuses broken files with
file:line; a guided game is a game in progress that resumes at its step."""
from __future__ import annotations

import json
import os

import pytest

from engine.core import guided, learning, registry
from engine.core.actions import Action
from engine.core.catalog import DataError
from engine.core.lessons import Lesson, all_files, contents, lesson_files
from engine.core.match import Match
from engine.core.saves import SaveError
from test_ui_support import play_lesson_to_end
from tiers import ROOT, slow

FILES = all_files()
LESSONS = [p for p in FILES if p.stem != guided.STEM]


def test_every_game_has_lessons_and_dice_wars_one_per_family_and_a_guided_game():
    games = {p.parent.parent.name for p in LESSONS}
    assert games >= {"dice_wars", "dragonbond", "uberdrakes", "warbound", "battle_valor_fantasy"}
    dw = [Lesson(p) for p in lesson_files("dice_wars")]
    families = {L.family for L in dw}
    assert len(dw) >= 8 and len(families) == len(dw)
    for want in ("The command phase and activations", "Movement and terrain", "Facing", "Weapon attacks", "Magic",
                 "Targeting and line of sight", "Guarding", "Skills and checks", "Cities and Diplomacy",
                 "Conditions", "The win conditions"):
        assert want in families
    g = Lesson(guided.path_of("dice_wars"))
    assert g.kind == "guided" and g.seats[g.learner] == "human" and g.coach.won and g.coach.lost


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.parent.name}/{p.stem}" for p in FILES])
def test_each_file_plays_to_its_end(path):
    """What `main.py check` does: every step legal, forced dice all rolled and
    fitting, every citation opening its section (a guided game's free play
    is the slow test's)."""
    assert Lesson(path).check(free_play=0) == []


@slow
def test_the_guided_games_play_on_after_their_opening():
    for path in FILES:
        if path.stem == guided.STEM:
            assert Lesson(path).check(free_play=80) == [], path


@pytest.mark.parametrize("path", LESSONS, ids=[f"{p.parent.parent.name}/{p.stem}" for p in LESSONS])
def test_a_wrong_move_is_taught_with_a_reason(path):
    """At each of the learner's steps: the step's move passes; another legal
    move gets the step's reason and instruction with the step's rule; an
    illegal one the rules' own reason."""
    lesson = Lesson(path)
    assert lesson.intro and lesson.outro and lesson.family
    m = lesson.new_match()
    taught = 0
    while not lesson.done:
        if lesson.reply_due():
            lesson.autoplay(m)
            continue
        step = lesson.current()
        assert step.why and step.done and "§" in step.rule
        want = lesson.action_of(m, step)
        assert lesson.judge(m, want) is None
        other = next((a for a in m.legal_actions() if a.player == lesson.learner and lesson.judge(m, a) is not None),
                     None)
        if other is not None:
            t = lesson.judge(m, other)
            assert "example goes another way" not in t.text and "Not this time" not in t.text
            assert t.instead == step.say and t.rule == step.rule
            missed = lesson.matches(m, step, other)       # the step's move, but not what it `expect`s
            assert (step.miss if missed else (lesson.wrong_for(m, step, other) or step.why)) in t.text
            taught += 1
        m.submit(want, autosave=False)
        lesson.advance(m)
    assert taught, "no step had another move to teach about"


def test_an_illegal_move_gets_the_rules_own_reason():
    """Guarding lesson: the Barbarian cannot walk into water (§ Movement's
    reason, the rules' words), and the step's instruction follows."""
    lesson = Lesson(next(p for p in LESSONS if p.stem == "02_movement"))
    m = lesson.new_match()
    uid = lesson.action_of(m, lesson.current())["uid"]
    water = Action.make("move", 0, uid=uid, to=list(m.rules.script_param(m.state, "to", "B16")))
    t = lesson.judge(m, water)
    refusal = m.check(water)
    assert refusal is not None and t.text == refusal.reason and t.rule == refusal.rule
    assert t.instead == lesson.current().say


def test_a_free_parameter_is_the_learners_and_the_rules_judge_it():
    """dragonbond 02_movement: the tired Blades may move anywhere within the 6
    inches their two fatigue tokens leave (§ Movement and Exhaustion); the
    lesson accepts any spot, the rules refuse 6.5 inches with their reason."""
    lesson = Lesson(next(p for p in LESSONS if p.stem == "02_movement" and p.parent.parent.name == "dragonbond"))
    m = lesson.new_match()
    while (lesson.current().want["kind"], lesson.current().want.get("uid")) != ("move", "blades"):
        m.submit(lesson.action_of(m, lesson.current()), autosave=False)
        lesson.advance(m)
    step = lesson.current()
    assert step.free == ("to",)
    uid = lesson.action_of(m, step).get("uid")
    far = Action.make("move", 0, uid=uid, to=[[2, 14.5], [4.1, 14.5], [6.2, 14.5]])
    t = lesson.judge(m, far)
    assert t is not None and 'has 6.00" left' in t.text
    near = Action.make("move", 0, uid=uid, to=[[2, 16], [4.1, 16], [6.2, 16]])
    assert lesson.judge(m, near) is None and m.check(near) is None


def test_the_pointer_marks_the_unit_then_its_destination():
    lesson = Lesson(next(p for p in LESSONS if p.stem == "01_command_phase"))
    m = lesson.new_match()
    p = lesson.pointer(m)
    names = m.state.options["names"]
    assert p.units == (names["assassin"],) and p.hexes == (tuple(m.rules.script_param(m.state, "to", "F3")),)
    assert "move" in p.buttons
    m.submit(lesson.action_of(m, lesson.current()), autosave=False)
    lesson.advance(m)
    assert lesson.pointer(m).units == (names["thistlecrown"], names["knight"])     # the step's own `point`


def test_a_wrong_key_is_a_kind_with_parameters():
    """`wrong` keys: a kind, then name=value pairs read as YAML words."""
    from engine.core.lessons import wrong_key
    assert wrong_key("attack") == ("attack", ())
    assert wrong_key("move m=dash to=F10 portal=true x=3") == \
        ("move", (("m", "dash"), ("to", "F10"), ("portal", True), ("x", 3)))
    assert wrong_key("move to") is None and wrong_key("") is None and wrong_key(3) is None


# --- check refuses a broken lesson with file:line, never a traceback ---------------------------
BASE = """game: dice_wars
title: A lesson
family: Guarding
source: dice_wars.txt § Guarding
intro: hello
outro: bye
setup:
  players: 2
  scenario: balanced
  position:
    current: 0
    units:
      - {name: a, player: 0, class: footman, at: C6}
      - {name: h0, player: 0, class: grimhild, at: A1}
      - {name: b, player: 1, class: footman, at: R18}
      - {name: h1, player: 1, class: brakka, at: Q18}
"""
GOOD_STEP = """steps:
  - do: {kind: move, player: 0, uid: a, to: D6}
    say: Move.
    why: Because.
    done: Moved.
"""


def _check(tmp_path, text: str) -> list[str]:
    from engine.commands.check import check_path
    folder = tmp_path / "dice_wars" / "tutorials"
    folder.mkdir(parents=True, exist_ok=True)
    f = folder / "x.yaml"
    f.write_text(text)
    return check_path(f)


def test_check_plays_a_good_lesson_and_refuses_an_illegal_step(tmp_path):
    assert _check(tmp_path, BASE + GOOD_STEP) == []
    bad = BASE + GOOD_STEP.replace("to: D6", "to: R17")
    problems = _check(tmp_path, bad)
    assert len(problems) == 1 and problems[0].startswith(str(tmp_path / "dice_wars/tutorials/x.yaml") + ":18: steps[0]")
    assert "the rules refuse" in problems[0] and "dice_wars.txt §" in problems[0]


def test_a_free_choice_that_misses_what_the_step_expects_is_taught_and_check_plays_the_written_one(tmp_path):
    """`expect` (a script's expectations) judges a free choice on a copy:
    a move the rules allow but that does not bring it about gets the step's
    `miss` sentence and changes nothing; `check` refuses a file whose own
    move misses it, with the step's line."""
    step = GOOD_STEP.replace("    done: Moved.\n", "    done: Moved.\n    free: [to]\n"
                             "    expect: {units: {a: {at: D6}}}\n    miss: Go to D6, next to the guard.\n")
    assert _check(tmp_path, BASE + step) == []
    problems = _check(tmp_path, BASE + step.replace("at: D6}}}", "at: E6}}}"))
    assert len(problems) == 1 and "x.yaml:18: steps[0].expect: the step's own move does not bring it about" in problems[0]
    problems = _check(tmp_path, BASE + step.replace("    miss: Go to D6, next to the guard.\n", ""))
    assert problems and "miss: required field is missing" in problems[0]
    assert _check(tmp_path, BASE + step) == []
    lesson = Lesson(tmp_path / "dice_wars" / "tutorials" / "x.yaml")
    m = lesson.new_match()
    uid = m.state.options["names"]["a"]
    here = Action.make("move", 0, uid=uid, to=list(m.rules.script_param(m.state, "to", "D6")))
    there = Action.make("move", 0, uid=uid, to=list(m.rules.script_param(m.state, "to", "C5")))
    assert m.check(there) is None and lesson.matches(m, lesson.current(), there)
    t = lesson.judge(m, there)
    assert t is not None and t.text == "Go to D6, next to the guard." and t.instead == "Move."
    assert lesson.judge(m, here) is None and len(m.actions) == 0 and m.state.units[uid].pos != here["to"]


@pytest.mark.parametrize("dice,line,words", [
    ("[0]", 17, "dice[0]: a die result is a whole number from 1"),
    ("[100000000000000000]", 17, "dice[0]"),
    ("[3, 4]", 17, "dice_why: required field is missing"),
])
def test_check_refuses_forced_dice_that_cannot_be(tmp_path, dice, line, words):
    text = BASE + f"dice: {dice}\n" + GOOD_STEP
    problems = _check(tmp_path, text)
    assert problems and words in problems[0], problems
    assert f"x.yaml:{line}:" in problems[0] or "x.yaml:" in problems[0]


def test_check_refuses_dice_that_do_not_fit_or_are_never_rolled(tmp_path):
    step = """steps:
  - do: {kind: attack, player: 0, uid: a, target: b}
    say: Attack.
    why: Because.
    done: Done.
"""
    near = BASE.replace("at: R18}", "at: D6}")
    problems = _check(tmp_path, near + "dice: [7, 1, 1, 1]\ndice_why: set\n" + step)
    assert problems and "x.yaml:17: dice[0]: die result 1 is 7, but a d6 is being rolled" in problems[0]
    problems = _check(tmp_path, near + "dice: [6, 6, 1, 1, 2, 2]\ndice_why: set\n" + step)
    assert problems and "dice[4]: 2 forced results are never rolled" in problems[0]
    problems = _check(tmp_path, near + "dice: [6, 6]\ndice_why: set\n" + step)
    assert problems and "steps[0]: this step rolls more dice than `dice` forces" in problems[0]


@pytest.mark.parametrize("step,words", [
    ("  - do: {kind: move, player: red, uid: a, to: D6}\n    say: x\n    why: y\n    done: z\n", "steps[0].do: an action needs"),
    ("  - do: {kind: move, player: 0, uid: nobody, to: D6}\n    say: x\n    why: y\n    done: z\n", "no unit is named"),
    ("  - do: {kind: move, player: 0, uid: a, to: 7}\n    say: x\n    why: y\n    done: z\n", "steps[0]"),
    ("  - do: {kind: mvoe, player: 0, uid: a, to: D6}\n    say: x\n    why: y\n    done: z\n", "steps[0]"),
    ("  - do: {kind: move, player: 0, uid: a, to: D6}\n    say: x\n    done: z\n", "why: required field is missing"),
    ("  - do: {kind: move, player: 0, uid: a, to: D6}\n    say: x\n    why: y\n", "done: required field is missing"),
    ("  - do: {kind: move, player: 0, uid: a, to: D6}\n    say: x\n    why: y\n    done: z\n    sya: w\n",
     "steps[0].sya: unknown field"),
    ("  - do: {kind: move, player: 0, uid: a, to: D6}\n    say: x\n    why: y\n    done: z\n    rule: chess.txt § Castling\n",
     "steps[0].rule: 'chess.txt § Castling': chess.txt is not installed"),
    ("  - do: {kind: move, player: 0, uid: a, to: D6}\n    say: x\n    why: y\n    done: z\n    point: [nobody]\n",
     "point: 'nobody' names no unit or hex"),
    ("  - do: {kind: move, player: 0, uid: a, to: D6}\n    say: x\n    why: y\n    done: z\n    wrong: {move to: w}\n",
     "steps[0].wrong: 'move to': a kind of move, optionally with its parameters"),
])
def test_check_refuses_a_wrongly_typed_step_with_its_line(tmp_path, step, words):
    problems = _check(tmp_path, BASE + "steps:\n" + step)
    assert problems and words in problems[0], problems
    assert "x.yaml:" in problems[0] and ":0:" not in problems[0] and "Traceback" not in problems[0]


def test_a_broken_file_is_listed_on_the_learn_page_not_fatal(tmp_path, monkeypatch):
    import engine.core.lessons as lessons_mod
    folder = tmp_path / "data" / "dice_wars" / "tutorials"
    folder.mkdir(parents=True)
    (folder / "01_bad.yaml").write_text("game: dice_wars\ntitle: x\n")
    (folder / "02_good.yaml").write_text(BASE + GOOD_STEP)
    monkeypatch.setattr(lessons_mod, "ROOT", tmp_path)
    monkeypatch.setattr(guided, "ROOT", tmp_path)
    guide, lessons, errors = contents("dice_wars")
    assert guide is None and [L.id for L in lessons] == ["02_good"]
    assert errors and "01_bad.yaml:1: source: required field is missing" in errors[0]


# --- the learner's progress -----------------------------------------------------------------------
def test_progress_is_kept_atomically_and_a_symlink_is_replaced_not_followed(tmp_path):
    where = tmp_path / "learn.json"
    outside = tmp_path / "elsewhere.txt"
    outside.write_text("keep me")
    os.symlink(outside, where)
    assert learning.lesson_finished("dice_wars", "07_guarding", where) is None
    assert outside.read_text() == "keep me" and not where.is_symlink()
    assert learning.load(where).of("dice_wars").finished == ["07_guarding"]
    learning.lesson_finished("dice_wars", "07_guarding", where)
    learning.lesson_finished("dice_wars", "01_command_phase", where)
    assert learning.load(where).of("dice_wars").finished == ["07_guarding", "01_command_phase"]
    assert not list(tmp_path.glob("*.tmp"))


@pytest.mark.parametrize("text", ["not json", '{"games": {"dice_wars": {"finished": "07"}}}', "[1, 2]",
                                  '{"games": {"../x": {"finished": ["a/b", "ok"]}}}', "[" * 100000])
def test_a_broken_progress_file_reads_as_nothing_finished(tmp_path, text):
    where = tmp_path / "learn.json"
    where.write_text(text)
    p = learning.load(where)
    assert all("/" not in n for g in p.games.values() for n in g.finished) and "../x" not in p.games


def test_a_huge_progress_file_is_not_read(tmp_path):
    where = tmp_path / "learn.json"
    where.write_text(json.dumps({"games": {"dice_wars": {"finished": ["a"] * 100000}}}))
    assert learning.load(where).games == {}


# --- the guided game is a game in progress ------------------------------------------------------------
def test_a_guided_game_saves_names_its_file_and_resumes_at_its_step(tmp_path):
    lesson = Lesson(guided.path_of("dice_wars"))
    m = lesson.new_match(autosave_path=tmp_path / "g.json")
    assert m.setup.options[guided.KEY] == "dice_wars/guided" and "position" not in m.setup.options
    for _ in range(3):
        if lesson.reply_due():
            lesson.autoplay(m)
        m.submit(lesson.action_of(m, lesson.current()), autosave=True)
        lesson.advance(m)
    saved = json.loads((tmp_path / "g.json").read_text())
    assert "position" not in saved["setup"]["options"]
    again = Match.load(tmp_path / "g.json")
    fresh = Lesson(guided.path_of("dice_wars"))
    fresh.sync(again)
    assert fresh.index == 3
    assert again.rules.fingerprint(again.state) == m.rules.fingerprint(m.state)
    # the opening's forced dice go on after the resume: it ends as an uninterrupted one does
    for match, L in ((m, lesson), (again, fresh)):
        play_lesson_to_end(match, L)
    assert again.dice.history == m.dice.history == lesson.dice
    assert again.rules.fingerprint(again.state) == m.rules.fingerprint(m.state)


def test_a_save_cannot_name_another_games_guided_game_or_smuggle_a_position(tmp_path):
    lesson = Lesson(guided.path_of("dice_wars"))
    m = lesson.new_match(autosave_path=tmp_path / "g.json")
    m.autosave()
    data = json.loads((tmp_path / "g.json").read_text())
    data["setup"]["options"]["guided"] = "warbound/guided"
    (tmp_path / "h.json").write_text(json.dumps(data))
    with pytest.raises(SaveError, match="guided: 'warbound/guided' is not this game's guided first game"):
        Match.load(tmp_path / "h.json")
    data["setup"]["options"]["guided"] = "dice_wars/guided"
    data["setup"]["options"]["position"] = {"units": []}
    (tmp_path / "h.json").write_text(json.dumps(data))
    with pytest.raises(SaveError, match="unknown option 'position'"):
        Match.load(tmp_path / "h.json")
    assert m.actions == []


def test_registered_games_are_all_listed_on_the_learn_page():
    assert {g.game_id for g in registry.all_games()} == {p.parent.parent.name for p in LESSONS}


def test_no_lesson_is_a_data_error():
    for p in FILES:
        try:
            Lesson(p)
        except DataError as e:   # pragma: no cover - the message is the failure
            pytest.fail("\n".join(e.problems))


def test_the_worked_example_in_the_docs_is_the_file():
    """docs/lessons.md shows 07_guarding.yaml as it is (its comments aside)."""
    root = ROOT
    doc = (root / "docs" / "lessons.md").read_text(encoding="utf-8")
    body = (root / "data" / "dice_wars" / "tutorials" / "07_guarding.yaml").read_text(encoding="utf-8")
    body = "\n".join(ln for ln in body.split("\n") if not ln.startswith("#")).strip()
    assert "```yaml\n" + body + "\n```" in doc


def test_the_coach_watches_dice_wars_victories_in_reach():
    """games/dice_wars/ui/coach.py: an enemy hero at 1 HP (Regicide), a last
    soldier on either side (Domination)."""
    lesson = Lesson(guided.path_of("dice_wars"))
    m = lesson.new_match()
    assert lesson.watch(m) == []
    names = m.state.options["names"]
    m.state.units[names["brakka"]].hp = 1
    for n in ("footman", "archer"):
        m.state.units[names[n]].hp = 0
        m.state.units[names[n]].pos = None
    said = lesson.watch(m)
    assert ("Blue's hero Brakka Skullsunder has 1 HP left: one hit wins the game.", "dice_wars.txt § Regicide") in said
    assert any(t.startswith("Your Barbarian is your last soldier") and r == "dice_wars.txt § Domination"
               for t, r in said)
