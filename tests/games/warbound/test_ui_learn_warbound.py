"""Warbound's lessons and guided first game on the screen (data/warbound/
tutorials, docs/lessons.md): one lesson per rule family of issue 34, every
learner step made with the real clicks (a Character on the board, a hexagon
of the Action Board in the panel, Pay, a tile, a target, a button), the
gold ring on the Action Board's hexagon, a closed Action's refusal taught in
the coach, and the game's warnings in free play (games/warbound/ui/coach.py)."""
from __future__ import annotations

import pygame
import pytest

from engine.core import guided
from engine.core.lessons import Lesson, lesson_files
from engine.ui.app import App
from engine.ui.boards.hexboard import UNIT
from engine.ui.scenes.dialogs import Modal
from engine.ui.scenes.tutorial import TutorialScreen, start_guided
from test_ui_support import click, key, play_learn_file

FAMILIES = ("The Action Board and its periods", "The Hand and the Hourglass", "Activation and stress", "Movement",
            "Shooting and the closest target", "Fighting", "Armor and wounds", "Formations", "Panic",
            "Order tokens and cleanup", "The Exploration scenario's scoring")


def wb_lesson(stem: str) -> Lesson:
    return Lesson(next(p for p in lesson_files("warbound") if p.stem == stem))


def open_lesson(stem: str, size=(1600, 1000)):
    app = App(size, headless=True)
    screen = app.open("tutorial", wb_lesson(stem))
    app.step(0.05)
    assert isinstance(app.top(), Modal)          # the introduction
    key(app, pygame.K_RETURN)
    assert app.top() is screen
    return app, screen


def test_one_lesson_per_family_and_a_guided_game():
    lessons = [Lesson(p) for p in lesson_files("warbound")]
    families = [L.family for L in lessons]
    assert len(lessons) >= 8 and len(set(families)) == len(families)
    assert set(FAMILIES) <= set(families)
    g = Lesson(guided.path_of("warbound"))
    assert g.kind == "guided" and g.seats[g.learner] == "human" and g.coach.won and g.coach.lost
    kinds = {st.want["kind"] for st in g.steps}
    # every phase of a turn in the opening: the Hourglass (Effect), activations and passes (Action),
    # the Hand taken (Cleanup), a Leader skill (Leader)
    assert {"hourglass", "activate", "move", "shoot", "pass", "initiative", "leader_skill"} <= kinds


def _at(screen, h):
    x, y = screen.board.world_to_screen(*UNIT.to_pixel(tuple(h)))
    return int(x), int(y)


def _card(app, screen, key_):
    app.draw()
    r = next((r for r, cd in screen.hand_rects if cd.key == key_), None)
    assert r is not None, f"no card {key_} in the panel"
    return r.center


def _button(app, screen, command):
    app.draw()
    b = next((b for b in screen.panel_buttons.buttons if b.command == command), None)
    assert b is not None, f"no button {command}: {[x.label for x in screen.panel_buttons.buttons]}"
    return b.rect.center


def _do_with_the_controls(app, screen, action) -> None:
    """A Warbound step as a player makes it: the Character clicked on the
    board, the Action's hexagon in the panel, Pay; a tile or a target
    clicked; a decision's button; the exchange's hexagon."""
    state, ctl = screen.match.state, screen.ctl
    k = action.kind
    if k == "activate":
        ch = state.chars[action["uid"]]
        if ctl.selected() != ch.uid:
            click(app, _at(screen, ch.minis[0]))
            assert ctl.selected() == ch.uid
        click(app, _card(app, screen, ("space", action["space"])))
        assert ctl.pending == action["space"]
        assert "pay" in screen.pointer().buttons                  # the ring moved on to Pay
        click(app, _button(app, screen, "pay"))
    elif k == "move":
        click(app, _at(screen, action["to"]))
        if action.get("to2") is not None:
            click(app, _at(screen, action["to2"]))
    elif k in ("shoot", "fight"):
        click(app, _at(screen, state.chars[action["target"]].minis[0]))
    elif k == "hourglass":
        click(app, _card(app, screen, ("space", action["space"])))
    elif k == "exchange":
        click(app, _card(app, screen, ("exchange", action["get"])))
    else:                                   # pass, end_activation, initiative, leader_skill: a button
        buttons = ctl.lesson_pointer(action).buttons
        assert buttons, k
        click(app, _button(app, screen, buttons[0]))


@pytest.mark.parametrize("stem", [p.stem for p in lesson_files("warbound")] + ["guided"])
def test_every_warbound_step_is_made_with_the_real_controls(stem):
    """Each learner step of each lesson and of the guided game's opening,
    made with clicks (never by submitting the action): each advances the
    lesson by one step, to its end."""
    app, screen = play_learn_file("warbound", stem, _do_with_the_controls)
    if stem == "guided":
        assert screen.match.outcome() is None


def test_the_ring_is_on_the_action_boards_hexagon_and_a_closed_action_is_taught():
    app, screen = open_lesson("01_action_board")
    lesson, m = screen.lesson, screen.match
    copp = m.state.chars[m.state.options["names"]["copp"]]
    assert screen.pointer().hexes == (copp.minis[0],) and not screen.pointer().cards
    click(app, _at(screen, copp.minis[0]))
    assert screen.pointer().cards == (("space", "p1_move_shoot"),)
    app.draw()
    assert any(cd.key == ("space", "p1_move_shoot") for _, cd in screen.hand_rects)
    while lesson.index < 5:                     # to the Scrapper's step: Run is closed by Kaigen's tokens
        if lesson.reply_due():
            lesson.autoplay(m)
            screen.state_changed()
            continue
        assert screen.submit(lesson.action_of(m, lesson.current()))
    scrapper = m.state.options["names"]["scrapper"]
    click(app, _at(screen, m.state.chars[scrapper].minis[0]))
    click(app, _card(app, screen, ("space", "p1_run")))
    head, rows, rule = screen.coach_lines()
    assert "That Action is closed: Kaigen's Order tokens are on it until Cleanup" in rows[0][1]
    assert rule == "warbound.txt § The Action Board" and lesson.index == 5


def test_the_guided_game_coaches_free_play_with_the_games_warnings():
    app = App((1600, 1000), headless=True)
    screen = start_guided(app, "warbound")
    lesson, m = screen.lesson, screen.match
    while not lesson.done:
        if lesson.reply_due():
            lesson.autoplay(m)
            continue
        assert screen.submit(lesson.action_of(m, lesson.current()))
    assert isinstance(screen, TutorialScreen) and m.outcome() is None
    import random
    from engine.core.agents import make_agent
    computer = make_agent("warbound", lesson.seats[1], m.rules, batch=True)
    for _ in range(20):                         # the computer's replies, as the screen submits them
        if m.to_act() == lesson.learner and m.state.phase == "action":
            break
        assert screen.submit(computer.choose(m.state, m.legal_actions(), random.Random(1)))
    assert m.to_act() == lesson.learner and screen.replies and screen.replies[0][0] == 1
    watch = lesson.watch(m)
    texts = " ".join(t for t, _ in watch)
    assert "Score" in texts and "Hold the centre" in texts
    assert all("§" in r for _, r in watch)
    head, rows, rule = screen.coach_lines()
    assert any(lab == "Watch" for lab, _, _ in rows)


def test_a_lesson_the_other_side_opens_says_so_in_its_introduction():
    app = App((1600, 1000), headless=True)
    app.open("tutorial", wb_lesson("10_order_tokens"))
    app.step(0.05)
    intro = app.top()
    assert isinstance(intro, Modal)
    texts = [p if isinstance(p, str) else p[0] for p in intro.paragraphs]
    assert any(t.startswith("First Raiders: The Raiders hold the Hourglass") for t in texts)
    assert not any("Step 0" in t for t in texts)


def test_every_warbound_lesson_draws_at_a_small_size():
    for p in lesson_files("warbound"):
        app = App((1100, 700), headless=True)
        screen = app.open("tutorial", Lesson(p))
        app.step(0.05)
        key(app, pygame.K_RETURN)
        app.draw()
        assert screen.coach_rect.h > 0 and screen.board_rect.bottom == screen.coach_rect.top


def test_the_coach_watch_says_what_a_cleanup_now_would_give_each_side():
    from engine.core.match import Match
    from engine.core.rules import Setup
    from games.warbound.ui.coach import watch
    m = Match(Setup("warbound", 2, seed=1, scenario="recommended", seats=("human", "human"), options={"position": {
        "turn": 5, "hand": 0, "objective": "hold_the_centre", "vp": [3, 5],
        "chars": [{"name": "hound", "player": 0, "card": "junk_hound", "at": "C3"},
                  {"name": "copp", "player": 0, "card": "copp", "at": "D6", "stress": 2},
                  {"name": "drummer", "player": 1, "card": "orkedo_drummer", "at": "I6", "wounds": 1},
                  {"name": "rohna", "player": 1, "card": "rohna", "at": "L3"}]}}))
    lines = [t for t, _ in watch(m.state, 0)]
    assert lines[0] == ("Last turn: the most Victory Points after this Cleanup win. Score 3 to 5. A Cleanup now: "
                        "you +1 (E7), Kaigen +4 (I5, L2), Hold the centre included.")
    assert "Kaigen's Ork'edo Drummer has 1 Health Point left: one hit removes it." in lines
    assert "Your COPP has 2 of 3 Stress: one more die at it, or another activation, and it panics." in lines
    assert watch(m.state, 1)[0][0].endswith("you +4 (I5, L2), Raiders +1 (E7), Hold the centre included.")
