"""The Learn page and the coach on the screen (engine/ui/scenes/learn.py,
engine/ui/scenes/tutorial.py): from the launcher's T, the guided game first,
a lesson played with the real controls, a wrong move taught in the coach
panel, the step's unit ringed in gold and only its moves on the board,
progress ticked, the guided game resumed from the games in progress."""
from __future__ import annotations

import pygame
import pytest

from engine.core import guided, learning, registry, sessions
from engine.core.lessons import Lesson, lesson_files
from engine.ui.app import App
from engine.ui.scenes.dialogs import Modal
from engine.ui.scenes.learn import Go, LearnPage, OpenLesson
from engine.ui.scenes.rules_ref import RulesReference
from engine.ui.scenes.tutorial import TutorialScreen
from test_ui_support import click, key, play_learn_file


def dw_lesson(stem: str) -> Lesson:
    return Lesson(next(p for p in lesson_files("dice_wars") if p.stem == stem))


def open_lesson(stem: str, size=(1600, 1000)):
    app = App(size, headless=True)
    screen = app.open("tutorial", dw_lesson(stem))
    app.step(0.05)
    assert isinstance(app.top(), Modal)          # the introduction, with the forced dice said
    key(app, pygame.K_RETURN)
    assert app.top() is screen
    return app, screen


def hex_pos(screen, label: str):
    from engine.ui.boards.hexboard import UNIT
    h = tuple(screen.rules.script_param(screen.state, "to", label))
    x, y = screen.board.world_to_screen(*UNIT.to_pixel(h))
    return int(x), int(y)


def test_learn_opens_from_the_launcher_and_offers_the_guided_game_first():
    learning.path().unlink(missing_ok=True)
    app = App((1600, 1000), headless=True)
    launcher = app.open("launcher")
    launcher.select_game(registry.get("dice_wars"))
    key(app, pygame.K_t)
    page = app.top()
    assert isinstance(page, LearnPage) and page.game == "dice_wars"
    assert len(page.lessons) >= 8 and page.guide is not None and page.next_command() is Go.GUIDED
    assert any(b.command is Go.GUIDED and b.label.startswith("Next: ") for b in page.row.buttons)
    key(app, pygame.K_RIGHT)
    assert page.game != "dice_wars"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)                    # the offered one: the guided game, a game in progress
    screen = app.top()
    screen = screen if isinstance(screen, TutorialScreen) else app.stack[-2]
    assert isinstance(screen, TutorialScreen) and screen.lesson.kind == "guided"
    assert screen.match.autosave_path.parent == sessions.in_progress_dir() and screen.match.autosave_path.exists()
    assert learning.load().of("dice_wars").guided_save == screen.match.autosave_path.name


def test_a_lesson_is_played_with_the_controls_and_a_wrong_move_is_taught():
    app, screen = open_lesson("01_command_phase")
    names = screen.state.options["names"]
    assert screen.pointer().units == (names["assassin"],)          # first: select her
    click(app, hex_pos(screen, "C3"))
    assert screen.ctl.selected() == names["assassin"]
    f3 = tuple(screen.rules.script_param(screen.state, "to", "F3"))
    assert screen.pointer().hexes == (f3,)                         # then: where she goes
    assert set(screen.board_highlights()) == {f3}                  # only the step's move is ringed
    click(app, hex_pos(screen, "D4"))                              # a legal move, not this step's
    head, rows, rule = screen.coach_lines()
    assert "is allowed by the rules, but this step is another move (Red's Assassin moves to F3)" in rows[0][1]
    assert rows[2][0] == "Why" and "Hurl can only carry an ally standing next to Thistlecrown" in rows[2][1]
    assert rule == "dice_wars.txt § Movement" and len(screen.match.actions) == 0
    click(app, hex_pos(screen, "F3"))
    assert len(screen.match.actions) == 1 and screen.lesson.index == 1
    head, rows, rule = screen.coach_lines()
    assert rows[0][1].startswith("What just happened: The Assassin moved 3 hexes")
    assert "step 2 of 5" in head


def test_an_illegal_click_gets_the_rules_reason_in_the_coach():
    app, screen = open_lesson("02_movement")
    click(app, hex_pos(screen, "A13"))
    click(app, hex_pos(screen, "B16"))                             # water
    head, rows, rule = screen.coach_lines()
    assert screen.ctl.message and rows[0][1] == screen.ctl.message and "§" in rule
    assert len(screen.match.actions) == 0


def test_the_coach_link_opens_the_rules_at_the_steps_section():
    app, screen = open_lesson("07_guarding")
    app.draw()
    r, rule = screen.coach_links[0]
    assert rule == "dice_wars.txt § Guarding"
    click(app, r.center)
    ref = app.top()
    assert isinstance(ref, RulesReference) and ref.target >= 0 and ref.section == "Guarding"


def test_finishing_a_lesson_ticks_it_and_offers_the_next(monkeypatch):
    learning.path().unlink(missing_ok=True)
    app, screen = open_lesson("07_guarding")
    lesson, m = screen.lesson, screen.match
    while not lesson.done:
        assert screen.submit(lesson.action_of(m, lesson.current()))
    done = app.top()
    assert isinstance(done, Modal) and done.title == "Well done!" and done.spec[0][1] == "next"
    assert "07_guarding" in learning.load().of("dice_wars").finished
    key(app, pygame.K_RETURN)
    nxt = app.top() if isinstance(app.top(), TutorialScreen) else app.stack[-2]
    assert isinstance(nxt, TutorialScreen) and nxt.lesson.id == "08_skills"
    page = LearnPage(app, "dice_wars")
    assert page.finished(lesson) and page.next_command() is Go.GUIDED


def test_the_other_side_plays_by_itself_with_its_reason():
    app, screen = open_lesson("08_skills")
    lesson, m = screen.lesson, screen.match
    for _ in range(3):
        assert screen.submit(lesson.action_of(m, lesson.current()))
    assert lesson.reply_due() and screen.busy()
    for _ in range(10):
        screen.last_change = 0.0
        screen.update(0.1)
    assert lesson.done
    whys = [e.text for entry in m.log[-3:] for e in entry.events if e.kind == "ai"]
    assert "Why: Red turns Thistlecrown." in whys and any(w.startswith("Why: Red ends the phase") for w in whys)


def test_the_guided_game_resumes_from_the_games_in_progress_at_its_step():
    app = App((1600, 1000), headless=True)
    from engine.ui.scenes.tutorial import start_guided
    screen = start_guided(app, "dice_wars")
    lesson, m = screen.lesson, screen.match
    for _ in range(2):
        assert screen.submit(lesson.action_of(m, lesson.current()))
    path = m.autosave_path
    again = sessions.resume(path)
    app2 = App((1600, 1000), headless=True)
    resumed = app2.open("match", again)                   # as the launcher's Resume and Games list do
    assert isinstance(resumed, TutorialScreen) and resumed.lesson.index == 2 and resumed.resumed
    assert again.setup.options[guided.KEY] == "dice_wars/guided"
    app2.step(0.05)
    assert isinstance(app2.top(), Modal) and "Welcome back" in app2.top().paragraphs[0][0]


def test_every_dice_wars_lesson_draws_at_a_small_size():
    for p in lesson_files("dice_wars"):
        app = App((1100, 700), headless=True)
        screen = app.open("tutorial", Lesson(p))
        app.step(0.05)
        key(app, pygame.K_RETURN)
        app.draw()
        assert screen.coach_rect.h > 0 and screen.board_rect.bottom == screen.coach_rect.top


def _do_with_the_controls(app, screen, action) -> None:
    """Make a Dice Wars step as a player does: clicks on the board, the
    panel's keys (K skill, G guard, C capture, 1-6 facing, E end, X
    counterstrike)."""
    from engine.ui.boards.hexboard import UNIT

    def at(h):
        x, y = screen.board.world_to_screen(*UNIT.to_pixel(tuple(h)))
        return int(x), int(y)

    def unit_hex(uid):
        return screen.state.units[uid].pos

    k = action.kind
    uid = action.get("uid")
    if uid is not None and screen.ctl.selected() != uid and screen.state.pending is None:
        click(app, at(unit_hex(uid)))
        assert screen.ctl.selected() == uid
    if k == "move":
        click(app, at(action["to"]))
    elif k == "attack":
        click(app, at(unit_hex(action["target"])))
    elif k == "skill":
        key(app, pygame.K_k)
        t = action["target"]
        if t != uid:
            click(app, at(unit_hex(t) if isinstance(t, int) else t))
    elif k == "face":
        key(app, getattr(pygame, f"K_{action['facing'] + 1}"))
    elif k == "guard":
        key(app, pygame.K_g)
        key(app, getattr(pygame, f"K_{action['facing'] + 1}"))
    elif k == "capture":
        key(app, pygame.K_c)
    elif k == "end_phase":
        key(app, pygame.K_e)
    elif k == "counterstrike":
        key(app, pygame.K_x)
    else:
        raise AssertionError(f"no control for {k}")


@pytest.mark.parametrize("stem", [p.stem for p in lesson_files("dice_wars")] + ["guided"])
def test_every_dice_wars_step_is_made_with_the_real_controls(stem):
    """Each learner step of each Dice Wars lesson and of the guided game's
    opening, done with clicks and keys (never by submitting the action):
    each one advances the lesson, to its end."""
    play_learn_file("dice_wars", stem, _do_with_the_controls)


def test_a_lesson_whose_position_is_refused_says_so_on_the_page(tmp_path, monkeypatch):
    import engine.core.lessons as lessons_mod
    from engine.ui.scenes import learn as learn_mod
    folder = tmp_path / "data" / "dice_wars" / "tutorials"
    folder.mkdir(parents=True)
    text = (lesson_files("dice_wars")[6]).read_text().replace("at: G6, facing: 3", "at: Z99, facing: 3")
    (folder / "01_broken.yaml").write_text(text)
    monkeypatch.setattr(lessons_mod, "ROOT", tmp_path)
    monkeypatch.setattr(guided, "ROOT", tmp_path)
    app = App((1600, 1000), headless=True)
    page = app.open("learn", "dice_wars")
    assert [L.id for L in page.lessons] == ["01_broken"]
    page.command(OpenLesson(0))
    assert app.top() is page and "01_broken.yaml:" in page.error and "position.units[0].at" in page.error
    app.draw()
    assert learn_mod.LearnPage is type(page)


def test_losing_the_guided_game_says_why_and_offers_it_again():
    from engine.core.rules import Outcome
    from engine.ui.scenes.tutorial import start_guided
    app = App((1600, 1000), headless=True)
    screen = start_guided(app, "dice_wars")
    screen.show_game_over(Outcome((1,), "Regicide: an enemy hero is killed", "dice_wars.txt § Regicide"))
    dlg = app.top()
    assert isinstance(dlg, Modal) and dlg.title == "The computer won this time"
    assert screen.lesson.coach.lost == dlg.paragraphs[0][0] and "Regicide" in dlg.paragraphs[1][0]
    assert [b[1] for b in dlg.spec] == ["learn", "again", "close"] and dlg.link == "dice_wars.txt § Regicide"
    assert learning.load().of("dice_wars").guided_result == "lost"


def test_a_finished_lesson_waits_quietly_when_the_other_side_is_to_act():
    """01_command_phase ends with Red's end of phase: Blue, played by the
    lesson, is to act; the screen neither claims the computer is thinking
    nor keeps the app awake."""
    app, screen = open_lesson("01_command_phase")
    lesson, m = screen.lesson, screen.match
    while not lesson.done:
        assert screen.submit(lesson.action_of(m, lesson.current()))
    app.pop(app.top())                             # the lesson's end panel
    for _ in range(30):                            # the last dice and glides settle
        screen.update(0.1)
    assert m.to_act() == 1 and not screen.busy()
    assert screen.hint_text()[0].startswith("The lesson is over")


def test_every_lesson_opens_by_keyboard_the_tenth_and_after_too():
    """The number keys reach nine lessons; ↑/↓ and Enter reach every one
    (Dragonbond has thirteen)."""
    app = App((1600, 1000), headless=True)
    page = app.push(LearnPage(app, "dragonbond"))
    assert len(page.lessons) > 9
    app.draw()
    key(app, pygame.K_UP)                        # from the top, up: the last lesson
    app.draw()
    assert page.focus == len(page.lessons) - 1
    assert [b.command for b in page.row.buttons if b.active] == [OpenLesson(len(page.lessons) - 1)]
    key(app, pygame.K_RETURN)
    screen = app.top() if isinstance(app.top(), TutorialScreen) else app.stack[-2]
    assert isinstance(screen, TutorialScreen) and screen.lesson.id == page.lessons[-1].id
