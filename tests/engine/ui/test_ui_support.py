"""Helpers for the UI tests (SDL dummy driver, headless app, event posting)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from engine.core.sessions import new_match  # noqa: E402
from engine.ui.app import App  # noqa: E402
from engine.ui.scenes.match_screen import MatchScreen  # noqa: E402


def deployed_match(seed: int = 5, seats=("human", "human")):
    """A Dice Wars match past deployment (every army auto-deployed)."""
    m = new_match("dice_wars", seats=list(seats), seed=seed)
    while m.state.phase in ("deploy", "draft"):
        legal = m.legal_actions()
        a = next((a for a in legal if a.kind == "auto_deploy"), None) or \
            next((a for a in legal if a.kind == "end_deploy"), None) or legal[0]
        m.submit(a)
    return m


def screen_for(match, size=(1920, 1080)):
    app = App(size, headless=True)
    screen = app.push(MatchScreen(app, match, headless=True))
    app.draw()
    return app, screen


def move(app, pos):
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.draw()


def click(app, pos, button: int = 1):
    move(app, pos)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.draw()


def key(app, k, mod: int = 0, text: str = ""):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text))
    app.dispatch(pygame.event.Event(pygame.KEYUP, key=k, mod=mod))
    app.draw()


def drag(app, a, b, steps=6):
    """Press at `a`, move in `steps` to `b` with the button held, release there."""
    move(app, a)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    for i in range(1, steps + 1):
        p = (round(a[0] + (b[0] - a[0]) * i / steps), round(a[1] + (b[1] - a[1]) * i / steps))
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
    app.draw()
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    app.draw()


def open_learn_file(game: str, stem: str, size=(1600, 1000)):
    """(app, tutorial screen) for a game's lesson `stem` (or "guided"), its
    introduction read and closed with Enter."""
    from engine.core.lessons import Lesson, lesson_files
    from engine.ui.scenes.dialogs import Modal
    from engine.ui.scenes.tutorial import TutorialScreen, start_guided
    app = App(size, headless=True)
    if stem == "guided":
        screen = start_guided(app, game)
    else:
        screen = app.open("tutorial", Lesson(next(p for p in lesson_files(game) if p.stem == stem)))
    app.step(0.05)
    assert isinstance(app.top(), Modal)          # the introduction
    key(app, pygame.K_RETURN)
    assert isinstance(screen, TutorialScreen)
    return app, screen


def play_learn_file(game: str, stem: str, do_with_the_controls):
    """Open a lesson (or "guided") and play it to its end: the other side's
    steps by the screen's own clock, each learner step by
    `do_with_the_controls(app, screen, action)`, which must advance it by
    exactly one step. Returns (app, screen)."""
    app, screen = open_learn_file(game, stem)
    lesson = screen.lesson
    while not lesson.done:
        if lesson.reply_due():
            screen.last_change = 0.0
            screen.update(0.1)
            app.draw()
            continue
        before = lesson.index
        do_with_the_controls(app, screen, lesson.action_of(screen.match, lesson.current()))
        assert lesson.index == before + 1, (stem, lesson.current().say, screen.coach_lines()[1])
    return app, screen


def play_lesson_to_end(match, lesson) -> None:
    """A lesson played headless from where it stands to its end: the other
    side's steps by its autoplay, each learner step submitted as wanted."""
    while not lesson.done:
        if lesson.reply_due():
            lesson.autoplay(match)
            continue
        match.submit(lesson.action_of(match, lesson.current()), autosave=False)
        lesson.advance(match)


def dismiss_handoff(app):
    """The next player clicks the handoff's button (the only way besides its own key)."""
    from engine.ui.scenes.dialogs import Handoff
    top = app.top()
    assert isinstance(top, Handoff)
    app.draw()
    click(app, top.button.rect.center)
    assert app.top() is not top


def hex_pos(screen, h):
    x, y = screen.board.hex_center(h)
    return (int(round(x)), int(round(y)))


def own_unit_with_moves(screen):
    m = screen.match
    p = m.to_act()
    for u in sorted(m.state.units.values(), key=lambda u: u.uid):
        if u.owner == p and u.pos is not None and any(a.kind == "move" for a in screen.ctl.by_uid.get(u.uid, [])):
            if screen.board.view.collidepoint(hex_pos(screen, u.pos)):
                return u
    raise AssertionError("no unit with moves")


def test_support_builds_a_command_phase():
    m = deployed_match()
    assert m.state.phase == "command"
