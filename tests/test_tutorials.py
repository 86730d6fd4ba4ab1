"""Tutorials (engine/core/lessons.py, engine/ui/scenes/tutorial.py): every
game has one; each plays the rulebook example through; other moves are
refused with a pointer and the section; reachable from the launcher."""
from __future__ import annotations

import pygame
import pytest

from engine.core import registry
from engine.core.actions import Action
from engine.core.catalog import DataError
from engine.core.lessons import Lesson, lesson_files
from engine.ui.app import App
from engine.ui.scenes.dialogs import Modal
from engine.ui.scenes.tutorial import TutorialList, TutorialScreen
from test_ui_support import key

LESSONS = [(g.game_id, p) for g in registry.all_games() for p in lesson_files(g.game_id)]


def test_every_game_has_a_tutorial():
    assert {g for g, _ in LESSONS} >= {"dice_wars", "dragonbond", "uberdrakes", "warbound", "battle_valor_fantasy"}


@pytest.mark.parametrize("game,path", LESSONS, ids=[p.stem for _, p in LESSONS])
def test_lesson_plays_through_and_refuses_other_moves(game, path):
    lesson = Lesson(path)
    assert lesson.intro and lesson.outro and all("§" in s.rule for s in lesson.steps)
    m = lesson.start()
    refused = 0
    while not lesson.done:
        step = lesson.current()
        want = lesson.action_of(m, step)
        assert want.player == lesson.learner
        legal = [a for a in m.legal_actions() if a.player == want.player]
        other = next((a for a in legal if lesson.judge(m, a) is not None), None)
        if other is not None:
            msg, rule = lesson.judge(m, other)
            assert step.say in msg and "§" in rule
            refused += 1
        assert lesson.judge(m, want) is None
        m.submit(want, autosave=False)
        lesson.advance(m)
    assert refused, "no step refused another move: the lesson teaches nothing to check"


def test_a_free_parameter_is_the_learners_and_the_rules_judge_it():
    """dragonbond 2_tired_blades: the Blades may move anywhere within the 6
    inches their two fatigue tokens leave (§ Movement and Exhaustion); the
    lesson accepts any spot, the rules refuse 6.5 inches with their reason."""
    lesson = Lesson(next(p for g, p in LESSONS if p.stem == "2_tired_blades"))
    m = lesson.start()
    m.submit(lesson.action_of(m, lesson.current()), autosave=False)
    lesson.advance(m)
    step = lesson.current()
    assert step.free == ("to",)
    far = Action.make("move", 0, uid=step_uid(lesson, m), to=[[2, 16.5], [4.1, 16.5], [6.2, 16.5]])
    assert lesson.judge(m, far) is None
    assert 'has 6.00" left' in m.check(far).reason
    near = Action.make("move", 0, uid=step_uid(lesson, m), to=[[3, 14], [5.1, 14], [7.2, 14]])
    assert lesson.judge(m, near) is None and m.check(near) is None
    other = Action.make("rest", 0, uid=step_uid(lesson, m))
    assert lesson.judge(m, other) is not None


def step_uid(lesson, m):
    return lesson.action_of(m, lesson.current()).get("uid")


def test_a_broken_tutorial_names_file_line_field(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: dice_wars\ntitle: x\nsource: dice_wars.txt § Guarding\nsteps:\n  - say: hi\n")
    with pytest.raises(DataError, match=r"bad.yaml:5: steps\[0\]"):
        Lesson(bad)
    bad.write_text("game: dice_wars\ntitle: x\nsource: dice_wars.txt § Guarding\nsteps:\n"
                   "  - say: hi\n    do: {kind: end_phase, player: 0}\n    free: [to]\n")
    with pytest.raises(DataError, match=r"bad.yaml:5: steps\[0\]: free"):
        Lesson(bad)


def test_tutorial_screen_from_the_launcher():
    app = App((1600, 900), headless=True)
    launcher = app.open("launcher")
    launcher.select_game(registry.get("dice_wars"))
    launcher.command("learn")
    lst = app.top()
    assert isinstance(lst, TutorialList) and lst.lessons
    app.draw()
    idx = next(i for i, L in enumerate(lst.lessons) if "Guarding" in L.title)
    lst.command(f"lesson:{idx}")
    screen = app.top()
    assert isinstance(screen, TutorialScreen)
    app.step(0.05)
    assert isinstance(app.top(), Modal)           # the introduction
    key(app, pygame.K_RETURN)
    assert app.top() is screen
    lesson, m = screen.lesson, screen.match
    assert "Step 1" in screen.hint_text()[0]
    wrong = next(a for a in m.legal_actions() if a.player == lesson.learner and lesson.judge(m, a) is not None)
    assert not screen.submit(wrong)
    assert "dice_wars.txt §" in screen.hint_text()[0] and len(m.actions) == 0
    while not lesson.done:
        assert screen.submit(lesson.action_of(m, lesson.current()))
    done = app.top()
    assert isinstance(done, Modal) and done.title == "Well done!"


def test_the_screen_counts_the_learners_steps_and_lets_the_rules_judge_a_free_one():
    """The hint counts the learner's own steps (Red's play by themselves);
    a free step (the Blades go anywhere within 6 inches, dragonbond.txt §
    Movement and Exhaustion) is refused by the rules, not the lesson, when
    too far, and the rules' reason shows."""
    app = App((1600, 900), headless=True)
    frost = next(p for _, p in LESSONS if p.stem == "3_frost_nova")
    screen = app.open("tutorial", Lesson(frost))
    assert screen.step_text().startswith("Step 1 of 3:")
    blades = next(p for _, p in LESSONS if p.stem == "2_tired_blades")
    screen = app.open("tutorial", Lesson(blades), replace=True)
    lesson, m = screen.lesson, screen.match
    assert screen.submit(lesson.action_of(m, lesson.current()))
    uid = lesson.action_of(m, lesson.current()).get("uid")
    far = Action.make("move", 0, uid=uid, to=[[2, 16.5], [4.1, 16.5], [6.2, 16.5]])
    assert not screen.submit(far)
    assert '6.00" left' in screen.ctl.message and lesson.index == 1
    assert screen.submit(Action.make("move", 0, uid=uid, to=[[3, 14], [5.1, 14], [7.2, 14]]))
    assert screen.step_text().startswith("Step 3 of 3:") and not screen.toast[0]
