"""UberDrakes' lessons and guided game on the screen (engine/ui/scenes/tutorial.py
with games/uberdrakes/ui/controller.py): every learner step made with the real
controls — a card or hoard action clicked in the hand panel, P for the
payment, a green space clicked on the board, a decision panel's button, E
and R — and, before each control, the coach's gold ring on that very
control (the controller's `lesson_pointer`)."""
from __future__ import annotations

import pygame
import pytest

from engine.core.lessons import lesson_files
from engine.ui.scenes.dialogs import ChoiceDialog, Modal
from test_ui_support import click, key, open_learn_file, play_learn_file
from tiers import slow

GAME = "uberdrakes"
PAY_KEY = pygame.K_p


def open_file(stem: str, size=(1600, 1000)):
    return open_learn_file(GAME, stem, size)


def hex_pos(screen, h):
    from engine.ui.boards.hexboard import UNIT
    x, y = screen.board.world_to_screen(*UNIT.to_pixel(tuple(h)))
    return int(x), int(y)


def hand_rect(app, screen, card):
    app.draw()
    r = next((r for r, cd in screen.hand_rects if cd.key == card), None)
    assert r is not None, f"no {card} in the hand panel"
    return r


def ringed(screen):
    return screen.pointer()


def _choose(app, screen, action) -> None:
    """A click that matched several endings asks which: the step's one."""
    top = app.top()
    if isinstance(top, ChoiceDialog):
        label = screen.ctl._choice_label(action)
        i = top.labels.index(label)
        click(app, top.row.buttons[i].rect.center)


def do_with_the_controls(app, screen, action) -> None:
    ctl = screen.ctl
    k = action.kind
    p = ringed(screen)
    if k == "move":
        m, how = action["m"], action["how"]
        card = p.cards[0]
        assert card[1] in (m, "rocket_power", "take_to_the_skies", "rocket_booster"), (card, action)
        click(app, hand_rect(app, screen, card).center)
        if card[1] != m:                       # a payment chosen first (a spell or the booster)
            p = ringed(screen)
            click(app, hand_rect(app, screen, p.cards[0]).center)
        for _ in range(4):
            if ctl.pick and ctl.pick[2] == how:
                break
            assert ringed(screen).buttons == ("pay",)
            key(app, PAY_KEY)
        assert ctl.pick == ("move", m, how), ctl.pick
        target = ringed(screen).hexes[0]
        click(app, hex_pos(screen, target))
        _choose(app, screen, action)
        return
    if k in ("end_turn",):
        assert p.buttons == ("roost" if action["roost"] else "end",)
        key(app, pygame.K_r if action["roost"] else pygame.K_e)
        return
    if k in ("item", "spell", "equip"):
        click(app, hand_rect(app, screen, p.cards[0]).center)
        if action.get("to") is not None:
            click(app, hex_pos(screen, ringed(screen).hexes[0]))
        _choose(app, screen, action)
        return
    if k in ("buy", "sell"):
        assert p.cards == ((k, action["item"]),)
        click(app, hand_rect(app, screen, p.cards[0]).center)
        return
    if k == "attack":
        assert action["target"] in p.units
        click(app, hex_pos(screen, screen.state.players[action["target"]].hex))
        _choose(app, screen, action)
        return
    if k == "exchange":
        key(app, pygame.K_x)
        return
    if k == "damage" and action["effect"] == "shove":
        dlg = screen.decision_dlg
        b = next(b for b in dlg.row.buttons if b.command == "shove")
        assert "shove" in p.buttons
        click(app, b.rect.center)
        target = ringed(screen).hexes[0]
        click(app, hex_pos(screen, target))
        return
    # a decision: its button in the decision panel, ringed
    dlg = screen.decision_dlg
    assert dlg is not None and dlg in app.stack, f"no decision panel for {action}"
    app.draw()
    b = next((b for b in dlg.row.buttons if b.command in p.buttons), None)
    assert b is not None, (action, [x.label for x in dlg.row.buttons], p)
    assert dlg.marks is not None and b.command in dlg.marks()
    click(app, b.rect.center)


def play_with_the_controls(stem: str):
    return play_learn_file(GAME, stem, do_with_the_controls)


# the fast tier plays three files that use every kind of control between them (a card, a hoard
# action, a Rotate aimed by its space, a portal, a rider, combat items and spells, a shove, blood
# points, a village's market, ending the turn); the slow tier plays every file
FAST = ("04_portals", "07_rolloff_and_rage", "guided")


@pytest.mark.parametrize("stem", [pytest.param(s, marks=() if s in FAST else slow)
                                  for s in [p.stem for p in lesson_files(GAME)] + ["guided"]])
def test_every_uberdrakes_step_is_made_with_the_real_controls(stem):
    """Each learner step, its control ringed in gold first, done with clicks
    and keys (never by submitting the action): each one advances the lesson
    to its end."""
    play_with_the_controls(stem)


def test_a_tempting_move_is_taught_with_its_own_sentence_once_in_the_log():
    """General actions, step 2: Turn Right again (its coin spent: a push)
    onto the chest is legal but not the step's; the coach says the step's
    `wrong` sentence for it (keyed by the move's parameters), the log keeps
    it once, and the lesson waits at the same step."""
    app, screen = open_file("01_general_actions")
    lesson = screen.lesson
    do_with_the_controls(app, screen, lesson.action_of(screen.match, lesson.current()))
    step = lesson.current()
    click(app, hand_rect(app, screen, ("gen", "turn_right")).center)
    assert screen.ctl.pick == ("move", "turn_right", "push")
    target = next(a for a in screen.ctl.cands)["to"]
    click(app, hex_pos(screen, target))
    said = dict(step.wrong)["move m=turn_right"]
    assert lesson.index == 1 and screen.note[0] == said
    assert [n[1] for n in screen.log.notes].count(said) == 1 and len(screen.log.notes) == 1


def test_the_end_of_a_lesson_says_what_its_last_step_did_then_the_outro():
    """Roosting: the last step (roost, the round ends) had its "what just
    happened" cut off by the lesson's end; the closing panel says it first."""
    app, screen = play_with_the_controls("09_roosting")
    done = app.top()
    assert isinstance(done, Modal) and done.title == "Well done!"
    texts = [t for t, _ in done.paragraphs]
    assert texts[0] == "What just happened: " + screen.lesson.steps[-1].done and texts[1] == screen.lesson.outro
