"""The match screen's "Allow anyway (house rule)…" on a refusal: the note,
every other person at the table asked in turn (behind a handoff when cards
are private), any "no" cancels, computer seats never asked."""
from __future__ import annotations

import pygame

from engine.hex import grid
from engine.ui.app import App
from engine.ui.scenes.dialogs import Handoff, Modal, OverrideAsk
from engine.ui.scenes.tutorial import TutorialScreen
from test_ui_support import click, deployed_match, dismiss_handoff, hex_pos, key, move, own_unit_with_moves, screen_for


def _refused_attack(seats=("human", "human")):
    """Red's unit clicks a Blue unit far out of its range: the rules refuse
    the attack and the status line offers to allow it anyway."""
    m = deployed_match(seats=seats)
    app, screen = screen_for(m)
    u = own_unit_with_moves(screen)
    click(app, hex_pos(screen, u.pos))
    p = m.to_act()
    far = max((e for e in m.state.units.values() if e.owner != p and e.pos is not None
               and screen.board.view.collidepoint(hex_pos(screen, e.pos))),
              key=lambda e: (-grid.distance(e.pos, u.pos), e.uid))
    click(app, hex_pos(screen, far.pos))
    assert "Out of range" in screen.ctl.message
    return m, app, screen


def _type(app, text):
    for ch in text:
        app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.draw()


def test_a_refusal_offers_allow_anyway_and_everyone_agrees():
    m, app, screen = _refused_attack()
    n = len(m.actions)
    assert screen.shown_override() is not None and screen.override_rect is not None
    click(app, screen.override_rect.center)
    note = app.top()
    assert isinstance(note, Modal) and note.field is not None and "Allow anyway" in note.title
    key(app, pygame.K_RETURN)                       # no note yet: it says so and stays
    assert app.top() is note and "note" in note.error
    _type(app, "the cavalry charge reaches")
    key(app, pygame.K_RETURN)
    ask = app.top()
    assert isinstance(ask, Modal) and ask.title.startswith("Blue: allow this anyway?")
    assert any("the cavalry charge reaches" in t for t, _ in ask.paragraphs)
    key(app, pygame.K_RETURN)                       # Enter is not an answer: the asked player says Y or N
    assert app.top() is ask
    key(app, pygame.K_y)
    assert len(m.actions) == n + 1 and m.actions[-1].kind == "attack"
    entry = m.log[-1]
    assert entry.override.note == "the cavalry charge reaches" and entry.override.confirmed_by == (0, 1)
    assert entry.events[0].kind == "override"
    assert app.top() is screen and screen.shown_override() is None


def test_any_no_cancels():
    m, app, screen = _refused_attack()
    before = (m.rules.fingerprint(m.state), len(m.actions))
    screen.ask_override()
    _type(app, "please")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_n)
    assert (m.rules.fingerprint(m.state), len(m.actions)) == before
    assert app.top() is screen and "Blue said no" in screen.toast[0]


def test_ctrl_o_opens_it_and_computer_seats_are_never_asked():
    m, app, screen = _refused_attack(seats=("human", "random"))
    n = len(m.actions)
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    assert isinstance(app.top(), Modal) and app.top().field is not None
    _type(app, "just this once")
    key(app, pygame.K_RETURN)                        # nobody else at the table: allowed at once
    assert len(m.actions) == n + 1 and m.log[-1].override.confirmed_by == (0,)


def test_each_person_is_asked_behind_a_handoff_when_cards_are_private():
    app = App((1280, 720), headless=True)
    answers = []
    ask = OverrideAsk(app, (0, "Red", (200, 0, 0)), [(1, "Blue", (0, 0, 200)), (2, "Green", (0, 200, 0))],
                      "Red's dragon attacks", "Out of reach.", "uberdrakes.txt § Turn Actions", True,
                      lambda note, seats: answers.append((note, seats)), lambda why: answers.append(why))
    ask.start()
    _type(app, "we measure from the tail")
    key(app, pygame.K_RETURN)
    assert isinstance(app.top(), Handoff) and app.top().name == "Blue"
    dismiss_handoff(app)
    assert app.top().opaque          # Blue answers without seeing Red's cards on the board below
    key(app, pygame.K_y)
    assert isinstance(app.top(), Handoff) and app.top().name == "Green"
    dismiss_handoff(app)
    key(app, pygame.K_y)
    assert answers == [("we measure from the tail", [0, 1, 2])]


def test_no_offer_in_a_lesson_or_a_replay():
    assert TutorialScreen.allows_overrides is False
    m, app, screen = _refused_attack()
    _, message, action, refusal, _ = screen.shown_override()
    screen.replay = []
    assert screen.shown_override() is None
    screen.offer_override(action, refusal, message)
    assert screen.override_offer is None


def test_an_action_the_rules_cannot_carry_out_is_refused_before_anyone_is_asked():
    m = deployed_match()
    app, screen = screen_for(m)
    u = own_unit_with_moves(screen)
    click(app, hex_pos(screen, u.pos))
    far = next(h for h, t in sorted(m.state.board.terrain.items(), key=lambda kv: -grid.distance(kv[0], u.pos))
               if t == "plains" and h not in m.state.occupied and screen.board.view.collidepoint(hex_pos(screen, h)))
    click(app, hex_pos(screen, far))
    assert screen.shown_override() is not None, screen.ctl.message     # a move too far: refused, citing a rule
    before = (m.rules.fingerprint(m.state), len(m.actions), m.dice.rolled)
    screen.ask_override()
    assert app.top() is screen and "cannot be allowed even as a house rule" in screen.toast[0]
    assert (m.rules.fingerprint(m.state), len(m.actions), m.dice.rolled) == before


def test_on_the_table_a_first_move_too_long_is_allowed_with_its_activation():
    """Dragonbond checks a drag on the position after activating the unit:
    the offer plays the activation (legal) and then allows the move."""
    from test_ui_table_dragonbond import drag, names, position_match, spos
    m = position_match()
    app, screen = screen_for(m)
    uid = names(m)["blades"]
    f = m.state.units[uid].models[0]
    drag(app, spos(screen, f.x, f.y), spos(screen, f.x + 14, f.y - 2))
    assert "left" in screen.ctl.message and not m.actions
    offer = screen.shown_override()
    assert offer is not None and [a.kind for a in offer[4]] == ["activate"]
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    _type(app, "we measured from the other edge")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_y)
    assert [a.kind for a in m.actions] == ["activate", "move"] and m.overrides[1].note.startswith("we measured")
    assert "left" in m.overrides[1].refused and m.rules.invariants(m.state) == []


def test_uberdrakes_offers_to_allow_the_very_move_clicked_after_hovering_others():
    """UberDrakes answered Ctrl+O with "try the action first" while its
    refusal was on screen (issue 36): the reason came from a cache filled
    while hovering, so the offer was missing or named another hex."""
    from games.uberdrakes.rules.board import parse_hex
    from test_ui_uberdrakes import six_dragons
    m = six_dragons()
    app, screen = screen_for(m)
    key(app, pygame.K_3)                                   # Dash
    far, other = parse_hex("B12"), parse_hex("B10")
    for h in (far, other, far):
        move(app, hex_pos(screen, h))
    click(app, hex_pos(screen, far))
    offer = screen.shown_override()
    assert offer is not None and tuple(offer[2]["to"]) == far
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    text = screen.toast[0]
    assert "try the action first" not in text
    assert app.top() is not screen or ("house rule" in text and "Error" not in text)
