"""Dragonbond's lessons and guided game on the screen (engine/ui/scenes/tutorial.py
with games/dragonbond/ui/controller.py): every learner step made with the real
controls — a click on a unit to select it, Enter to activate, a drag of the
unit to where the step moves it (a drop short of an enemy base slides into
contact), a click on an enemy to attack, the special actions' keys (N, C, T,
G), the panel's buttons and Y/N for a decision — and, before each control,
the coach's gold ring on that very control (the controller's
`lesson_pointer`)."""
from __future__ import annotations

import pygame
import pytest

from engine.core.lessons import lesson_files
from engine.ui.scenes.dialogs import ChoiceDialog, Modal
from test_ui_support import click, drag, key, move, open_learn_file, play_learn_file
from tiers import slow
from engine.ui.commands import Pick

GAME = "dragonbond"
KEYS = {"end_turn": pygame.K_e, "wait": pygame.K_w, "rest": pygame.K_t, "follow_up": pygame.K_y,
        "charge_attack": pygame.K_y, "opportunity_attack": pygame.K_y, "decline": pygame.K_n,
        "skip_follow_up": pygame.K_n}
MODE_KEYS = {"run": pygame.K_n, "charge": pygame.K_c, "disengage": pygame.K_g}


def open_file(stem: str, size=(1600, 1000)):
    return open_learn_file(GAME, stem, size)


def spos(screen, x, y):
    sx, sy = screen.board.world_to_screen(x, y)
    return (int(round(sx)), int(round(sy)))


def model_pos(screen, uid):
    m = screen.state.units[uid].models[0]
    return spos(screen, m.x, m.y)


def button(app, screen, command):
    app.draw()
    b = next((b for b in screen.panel_buttons.buttons if b.command == command), None)
    assert b is not None, (command, [x.command for x in screen.panel_buttons.buttons])
    return b


def press(app, screen, command):
    """Click the panel button the coach rings."""
    assert command in screen.pointer().buttons, (command, screen.pointer())
    click(app, button(app, screen, command).rect.center)


def do_with_the_controls(app, screen, action) -> None:
    ctl = screen.ctl
    k = action.kind
    p = screen.pointer()
    uid = action.get("uid")
    if p.units and p.units[0] == uid and ctl.selected() != uid:     # first the unit, ringed
        click(app, model_pos(screen, uid))
        assert ctl.selected() == uid, (action, ctl.selected())
        p = screen.pointer()
    if k == "activate":
        assert "activate" in p.buttons
        key(app, pygame.K_RETURN)
        return
    if k in MODE_KEYS:
        assert p.buttons == (Pick("special", k),), p
        key(app, MODE_KEYS[k])
        assert ctl.mode == k
        p = screen.pointer()
        if k == "charge":
            assert action["target"] in p.units
            click(app, model_pos(screen, action["target"]))
            return
    if k in ("move", "run", "disengage") or (k == "follow_up" and action.get("to") is not None):
        u = screen.state.units[uid]
        start, end = u.models[0], action["to"][0]
        drag(app, spos(screen, start.x, start.y), spos(screen, end[0], end[1]))
        return
    if k == "attack":
        if p.buttons:
            press(app, screen, p.buttons[0])
        assert action["target"] in screen.pointer().units
        click(app, model_pos(screen, action["target"]))
        top = app.top()
        assert not isinstance(top, ChoiceDialog), "the ringed weapon button should narrow the attack to one weapon"
        return
    if k == "power":
        press(app, screen, Pick("power", action["power"]))
        if action.get("target") not in (None, uid):
            assert action["target"] in screen.pointer().units
            click(app, model_pos(screen, action["target"]))
        return
    if k in ("pass_round", "mount", "dismount", "use_reaction", "remove_models"):
        command = {"use_reaction": Pick("react", action.get("power")), "remove_models": "remove_default"}.get(k, k)
        press(app, screen, command)
        if k == "dismount":
            p = screen.pointer()
            assert p.points
            click(app, spos(screen, *action["to"]))
        return
    if k in KEYS:
        want = {"opportunity_attack": Pick("oa", action.get("weapon")), "rest": Pick("special", "rest")}.get(k, k)
        assert want in p.buttons, (action, p)
        key(app, KEYS[k])
        return
    raise AssertionError(f"no control for {action}")


def play_with_the_controls(stem: str):
    return play_learn_file(GAME, stem, do_with_the_controls)


# the fast tier plays three files that use every kind of control between them (select, Enter, drag
# with the snap into contact, pile-in and consolidation, a click to attack, the special actions' keys,
# a reaction, an opportunity attack, choosing casualties); the slow tier plays every file
FAST = ("06_pile_in", "07_engagement", "guided")


@pytest.mark.parametrize("stem", [pytest.param(s, marks=() if s in FAST else slow)
                                  for s in [p.stem for p in lesson_files(GAME)] + ["guided"]])
def test_every_dragonbond_step_is_made_with_the_real_controls(stem):
    """Each learner step, its control ringed in gold first, done with clicks,
    drags and keys (never by submitting the action): each one advances the
    lesson to its end."""
    play_with_the_controls(stem)


def test_a_drag_that_stops_short_of_contact_is_taught_and_the_lesson_waits():
    """Pile-in, step 2: dropping the Blades 2 inches short of the Claws is a
    legal move, but no Blade is engaged, so there would be no pile-in: the
    coach says the step's `miss` sentence and nothing is played."""
    app, screen = open_file("06_pile_in")
    lesson = screen.lesson
    do_with_the_controls(app, screen, lesson.action_of(screen.match, lesson.current()))     # activate
    step = lesson.current()
    u = screen.state.units[screen.state.options["names"]["blades"]]
    a = u.models[0]
    drag(app, spos(screen, a.x, a.y), spos(screen, a.x, a.y - 0.6))
    assert lesson.index == 1 and len(screen.match.actions) == 1
    assert screen.note[0] == step.miss


def test_the_guided_games_opening_hands_the_coach_to_free_play():
    """The opening ends with the computer's turns and the upkeep: those
    sentences go to the Now you play panel; the coach's rows are then the
    free play's (the warnings, no row of the computer's moves)."""
    app, screen = play_with_the_controls("guided")
    top = app.top()
    assert isinstance(top, Modal) and top.title == "Now you play"
    key(app, pygame.K_RETURN)
    head, rows, rule = screen.coach_lines()
    labels = [r[0] for r in rows]
    assert "Crimson" not in labels and labels[0] == "Do now" and "Watch" in labels, rows


def test_a_drag_over_an_enemy_base_says_it_drops_into_contact_not_that_there_is_no_room():
    """Pile-in, step 2: held over a Claw's base, the Blades' drag says the drop
    slides into base contact with the Claws, not "no room there" (the base in
    the way is the one the drop will touch)."""
    app, screen = open_file("06_pile_in")
    lesson = screen.lesson
    do_with_the_controls(app, screen, lesson.action_of(screen.match, lesson.current()))     # activate
    claws = screen.state.units[screen.state.options["names"]["claws"]]
    blades = screen.state.units[screen.state.options["names"]["blades"]]
    a, c = blades.models[0], claws.models[3]
    start, over = spos(screen, a.x, a.y), spos(screen, c.x, c.y + 0.3)
    move(app, start)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, 7):
        p = (round(start[0] + (over[0] - start[0]) * i / 6), round(start[1] + (over[1] - start[1]) * i / 6))
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
    app.draw()
    words = screen.ctl.hint()
    assert "drops into base contact with" in words and "no room there" not in words, words


def test_after_the_other_sides_step_the_last_unit_is_put_down_for_the_next_one():
    """Pile-in, after the Blades' attack Crimson passes the round; the next
    step is the Duelists': the Blades, selected for the attack, are put down
    so Enter and the bar below do not speak of them."""
    app, screen = open_file("06_pile_in")
    lesson = screen.lesson
    while lesson.current().want["kind"] != "pass_round":
        do_with_the_controls(app, screen, lesson.action_of(screen.match, lesson.current()))
    blades = screen.state.options["names"]["blades"]
    assert screen.ctl.selected() == blades
    for _ in range(50):
        if not lesson.reply_due():
            break
        screen.last_change = 0.0
        screen.update(0.1)
        app.draw()
    assert lesson.current().want["kind"] == "activate"
    assert screen.ctl.selected() != blades, screen.ctl.hint()


def test_after_dismounting_the_bar_says_the_emperor_may_walk_on_not_that_he_is_done():
    """Dismounting, step 4: the pair attacked, the Emperor stepped down for
    half his speed; the bar under the board says he may still move (3.5
    inches left), as the coach does, never "is done"."""
    app, screen = open_file("11_dismounting")
    lesson = screen.lesson
    while lesson.current().want["kind"] != "move":
        do_with_the_controls(app, screen, lesson.action_of(screen.match, lesson.current()))
    words = screen.ctl.hint()
    assert "has acted: drag it to move after the action (3.5\" left)" in words and "is done" not in words, words
