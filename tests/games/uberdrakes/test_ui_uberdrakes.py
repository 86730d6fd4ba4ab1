"""The UberDrakes interface: the board of spaces, hidden hands behind the
handoff, movement previews, refusals with their reasons, the combat panel
and the defender's handoff, render_png and frame times."""
from __future__ import annotations

import pygame

from engine.core.actions import Action
from engine.core.sessions import new_match
from engine.ui.scenes.combat_dialog import DecisionDialog
from engine.ui.scenes.dialogs import Handoff
from engine.ui.contract import Choice
from games.uberdrakes.rules.board import parse_hex
from test_ui_support import click, dismiss_handoff, hex_pos, key, move, screen_for


def six_dragons(active: int = 0, seats=None, **extra):
    """A busy round-1 position: six dragons out on the board, riders,
    fatigue, items; the active Fire Dragon holds four movement cards."""
    dragons = [
        {"dragon": "fire", "at": "F5", "facing": 0, "hand": ["dash", "bank_left", "free_flight", "barrel_roll"],
         "treasures": ["topaz", "scale_mail"], "items": ["dragon_lance", "long_bow"], "magic": 4, "fatigue": 1,
         "rider": "water_knight", "blood": 6},
        {"dragon": "water", "at": "H5", "facing": 3, "hand": ["forward_thrust", "thrust_left"], "fatigue": 2,
         "items": ["hide_shield"]},
        {"dragon": "earth", "at": "M8", "facing": 1, "hand": ["dash"], "rider": "fire_mage", "portaled": True},
        {"dragon": "lightning", "at": "C10", "facing": 5, "hand": ["bank_right", "thrust_right"], "roosted": True},
        {"dragon": "wind", "at": "N4", "facing": 4, "hand": ["forward_thrust"], "delivered": ["metal_ranger"]},
        {"dragon": "metal", "at": "I7", "facing": 2, "hand": ["free_flight", "dash"], "magic": 3},
    ]
    pos = {"active": active, "dragons": dragons}
    pos.update(extra)
    seats = seats or ["human"] * 6
    return new_match("uberdrakes", seats=seats, seed=3, options={"position": pos})


def two_dragons(d0: dict, d1: dict, seats=("human", "human"), **extra):
    pos = {"active": 0, "dragons": [dict({"dragon": "fire"}, **d0), dict({"dragon": "water"}, **d1)]}
    pos.update(extra)
    return new_match("uberdrakes", seats=list(seats), seed=5, options={"position": pos})


def test_four_player_match_screen_draws():
    m = new_match("uberdrakes", seats=["human"] * 4, seed=7, options={"dragons": "random"})
    # through the mulligans: everyone keeps
    while m.state.phase == "mulligan":
        m.submit(Action.make("keep_hand", m.to_act()))
    app, screen = screen_for(m)
    assert screen.board.__class__.__name__ == "SpaceBoard"
    surf = app.screen
    colors = {surf.get_at((x, y))[:3] for x in range(0, screen.board_rect.w, 37) for y in range(0, screen.board_rect.h, 41)}
    assert len(colors) > 12
    assert screen.hand_rects                     # the hand panel of the player to act
    assert any(cd.key[0] == "card" for _, cd in screen.hand_rects)
    app.draw()
    assert screen.dirty_rects == []              # nothing changed: nothing redrawn


def _hotseat(m, size=(1920, 1080)):
    """A screen that hands over between players as in the app (not headless)."""
    from engine.ui.app import App
    from engine.ui.scenes.match_screen import MatchScreen
    app = App(size, headless=True)
    screen = app.push(MatchScreen(app, m, headless=False))
    app.draw()
    if isinstance(app.top(), Handoff):       # opened on private cards: the first player is asked to sit down
        dismiss_handoff(app)
    return app, screen


def _dismiss_handoff(app):
    dismiss_handoff(app)


def test_hand_is_never_drawn_while_another_player_is_to_act():
    m = six_dragons()
    app, screen = _hotseat(m)
    asked = []
    real = screen.ctl.hand
    screen.ctl.hand = lambda p: (asked.append(p), real(p))[1]
    screen.panel.hand.shown = (None, [])
    screen.panel._layout_key = None
    app.draw()
    assert asked and set(asked) == {0} and m.to_act() == 0
    assert any(cd.key == ("card", "dash") for _, cd in screen.hand_rects)
    # the Fire Dragon moves and ends its turn: the Water Dragon is to act, behind a handoff
    key(app, pygame.K_LSHIFT)
    a = next(a for a in m.legal_actions() if a.kind == "move" and a["how"] == "coin" and a["m"] == "backward")
    screen.submit(a)
    if isinstance(app.top(), Handoff):
        _dismiss_handoff(app)
    asked.clear()
    key(app, pygame.K_e)
    assert m.to_act() == 1
    assert isinstance(app.top(), Handoff)             # the board is hidden until Water is ready
    app.draw()
    assert not asked                                  # nothing of anyone's hand was drawn under the handoff
    _dismiss_handoff(app)
    app.draw()
    assert asked and set(asked) == {1}
    titles = {cd.title for _, cd in screen.hand_rects}
    assert "Thrust Left" in titles and "Dash" not in titles     # Water's cards, not Fire's


def test_no_private_hand_when_a_computer_acts_between_two_humans():
    m = six_dragons(active=2, seats=["human", "human", "random", "human", "human", "human"])
    app, screen = screen_for(m)
    assert m.to_act() == 2 and not screen.is_human(2)
    assert screen.hand_viewer() == -1
    assert screen.panel.hand_sections() == [] and screen.hand_rects == []
    # with a single human seat, that human keeps their own hand in view
    m1 = six_dragons(active=2, seats=["human"] + ["random"] * 5)
    app1, screen1 = screen_for(m1)
    assert screen1.hand_viewer() == 0


def test_picking_a_movement_card_previews_the_landing_hex():
    m = six_dragons()
    app, screen = screen_for(m)
    ctl = screen.ctl
    # click the Dash card in the hand panel
    r = next(r for r, cd in screen.hand_rects if cd.key == ("card", "dash"))
    click(app, r.center)
    assert ctl.pick == ("move", "dash", "card")
    legal = [a for a in m.legal_actions() if a.kind == "move" and a["how"] == "card" and a["m"] == "dash"]
    assert len(legal) == 1
    want = m.rules.move_preview(m.state, legal[0])
    pv = ctl.board_preview()
    assert pv.to == tuple(want["to"]) and pv.facing == want["facing"]
    assert [tuple(h) for h in want["path"]] == list(pv.path)
    assert ctl.highlights()[pv.to] in ("move", "path")
    # hovering the landing shows the rules' preview in words; the panel shows the card picked
    move(app, hex_pos(screen, pv.to))
    assert any(ln.startswith("Path:") for ln in screen.hover_info.preview)
    assert any(cd.state == "selected" for _, cd in screen.hand_rects if cd.key == ("card", "dash"))
    # a card with several endings: each landing shows its facing; hovering one focuses its path
    key(app, pygame.K_ESCAPE)
    assert ctl.pick is None
    move(app, screen.panel_rect.center)
    key(app, pygame.K_4)                               # Free Flight
    pv = ctl.board_preview()
    assert len(pv.landings) == len(ctl.cands) > 1 and pv.to is None
    land = pv.landings[0][0]
    move(app, hex_pos(screen, land))
    assert ctl.board_preview().to == land and ctl.board_preview().path[-1] == land
    # clicking it commits exactly that movement
    n = len(m.actions)
    click(app, hex_pos(screen, land))
    assert len(m.actions) == n + 1 and m.actions[-1]["m"] == "free_flight"
    assert tuple(m.actions[-1]["to"]) == land


def test_click_on_an_illegal_target_changes_nothing_and_shows_the_reason():
    m = six_dragons()
    app, screen = screen_for(m)
    key(app, pygame.K_3)                               # Dash
    before = (m.rules.fingerprint(m.state), len(m.actions))
    far = parse_hex("B12")
    click(app, hex_pos(screen, far))
    assert (m.rules.fingerprint(m.state), len(m.actions)) == before
    assert "exactly as shown" in screen.ctl.message and screen.ctl.message_rule == "uberdrakes.txt § Direction"
    text, _ = screen.hint_text()
    assert screen.ctl.message in text and "§ Direction" in text
    move(app, hex_pos(screen, far))
    assert screen.hover_info.illegal and screen.hover_info.rule      # hatched, the reason in the hover
    # an opponent out of reach: the rules' reason, with its citation
    key(app, pygame.K_ESCAPE)
    click(app, hex_pos(screen, parse_hex("M8")))
    assert (m.rules.fingerprint(m.state), len(m.actions)) == before
    assert "zone of control" in screen.ctl.message and "Zones of Control" in screen.ctl.message_rule
    # a general action refused by the rules (no coin left for it)
    m2 = six_dragons()
    m2.state.players[0].coins = 0
    m2.state.players[0].fatigue = 3
    m2.state.players[0].magic = 0
    app2, screen2 = screen_for(m2)
    key(app2, pygame.K_1, pygame.KMOD_SHIFT)
    assert screen2.ctl.pick is None and "Fatigue" in screen2.ctl.message and screen2.ctl.message_rule


def test_render_png_of_an_uberdrakes_match(tmp_path):
    from engine.ui.render import render_png
    out = render_png(six_dragons(), tmp_path / "ud.png")
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20000


def _into_combat():
    """The Fire Dragon's Dash is stopped next to the Water Dragon: a combat."""
    m = two_dragons({"at": "F5", "facing": 0, "hand": ["dash", "bank_left"], "items": ["dragon_lance"], "blood": 9},
                    {"at": "H5", "facing": 3, "hand": ["forward_thrust"], "items": ["hide_shield"]})
    return m


def test_combat_panel_and_the_defenders_handoff():
    m = _into_combat()
    app, screen = _hotseat(m)
    key(app, pygame.K_2)                              # Dash (cards: bank_left, dash)
    assert screen.ctl.pick == ("move", "dash", "card")
    key(app, pygame.K_RETURN)
    c = m.state.combat
    assert c is not None and c.sides == (0, 1)
    # the defender answers during the attacker's turn: a handoff hides the board, the panel waits below it
    assert m.to_act() == 1
    assert [type(s).__name__ for s in app.stack[-2:]] == ["DecisionDialog", "Handoff"]
    _dismiss_handoff(app)
    dlg = screen.decision_dlg
    assert app.top() is dlg and isinstance(dlg, DecisionDialog)
    spec = dlg.spec
    assert len(spec.sides) == 2 and spec.sides[0].total == str(c.total[0])
    assert all("%" in s.odds for s in spec.sides)     # each side's chance, from the rules' distributions
    labels = [b.label for b in dlg.row.buttons]
    assert "Roll" in labels and any("Concede" in x for x in labels)
    key(app, pygame.K_RETURN)                         # roll
    assert m.state.combat is None or m.state.combat.stage != "respond"
    seen_back = False
    for _ in range(20):
        if isinstance(app.top(), Handoff):
            seen_back = seen_back or m.to_act() == 0
            _dismiss_handoff(app)
            continue
        if m.state.combat is None:
            break
        dlg = screen.decision_dlg
        assert dlg is not None and app.top() is dlg
        b = next((b for b in dlg.row.buttons if b.command != "shove"), dlg.row.buttons[0])
        dlg.fire(b.command)
        app.draw()
    assert m.state.combat is None
    assert screen.decision_dlg is None or screen.decision_dlg not in app.stack
    assert any(e.kind == "combat" for entry in m.log for e in entry.events)
    assert seen_back or m.to_act() == 0               # the seat came back to the attacker


def test_shove_is_chosen_on_the_board():
    m = _into_combat()
    app, screen = screen_for(m)
    key(app, pygame.K_2)
    key(app, pygame.K_RETURN)
    for _ in range(30):                               # play the combat until someone deals damage
        c = m.state.combat
        if c is None or c.stage == "damage":
            break
        dlg = screen.decision_dlg
        b = next((b for b in dlg.row.buttons if b.label in ("Ready to roll", "Roll")), None) or \
            next(b for b in dlg.row.buttons if "Concede" in b.label)      # no shields: the winner deals damage
        dlg.fire(b.command)
    c = m.state.combat
    assert c is not None and c.stage == "damage"
    dlg = screen.decision_dlg
    shove = next(b for b in dlg.row.buttons if b.command == "shove")
    dlg.fire(shove.command)
    assert screen.decision_dlg is None and screen.ctl.pick == ("shove",)
    targets = [h for h, k in screen.ctl.highlights().items() if k == "move"]
    assert targets
    loser = c.sides[1 - c.winner]
    click(app, hex_pos(screen, targets[0]))
    assert m.actions[-1].kind == "damage" and m.actions[-1]["effect"] == "shove"
    assert m.state.players[loser].hex == m.state.board.anchor_of[targets[0]]


def test_keys_for_the_common_actions():
    m = six_dragons()
    app, screen = screen_for(m)
    ctl = screen.ctl
    key(app, pygame.K_1, pygame.KMOD_SHIFT)           # the hoard card's first Forward
    assert ctl.pick and ctl.pick[:2] == ("move", "forward")
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_1, pygame.KMOD_ALT)             # the first spell: Rocket Power pays for the next move
    assert ctl.pay == "rocket"
    key(app, pygame.K_7, pygame.KMOD_SHIFT)           # Backward, paid with Rocket Power
    assert ctl.pick == ("move", "backward", "rocket")
    key(app, pygame.K_p)                              # P: another way to pay
    assert ctl.pick[2] != "rocket"
    key(app, pygame.K_RETURN)
    assert m.actions and m.actions[-1]["m"] == "backward"
    n = len(m.actions)
    key(app, pygame.K_e)                              # end the turn
    assert len(m.actions) == n + 1 and m.actions[-1].kind == "end_turn" and m.to_act() == 1


def test_tooltips_on_spaces_cards_and_tokens():
    m = six_dragons()
    app, screen = screen_for(m)
    move(app, hex_pos(screen, parse_hex("H5")))      # the Water Dragon
    info = screen.hover_info
    assert any("Water Dragon" in ln for ln in info.lines) and info.title
    move(app, hex_pos(screen, parse_hex("I1")))      # Kuzeyköy
    assert any("For sale" in ln for ln in screen.hover_info.lines)
    r, cd = next((r, cd) for r, cd in screen.hand_rects if cd.key == ("card", "dash"))
    move(app, r.center)
    assert screen.panel.hover_card == ("card", "dash")
    assert screen._tip_rect is not None               # the card's text in a tooltip


def test_dragon_choice_and_mulligan_in_the_interface():
    m = new_match("uberdrakes", seats=["human"] * 3, seed=11)
    app, screen = screen_for(m)
    assert m.state.phase == "dragons"
    for _ in range(6):
        if m.state.phase != "dragons":
            break
        dlg = screen.decision_dlg
        assert dlg is not None and "dragon" in dlg.spec.title.lower()
        key(app, pygame.K_1 + m.to_act())             # everyone names a different dragon
    assert m.state.phase == "mulligan"
    p = m.to_act()
    hand = sorted(set(m.state.players[p].hand))
    key(app, pygame.K_1)
    key(app, pygame.K_2) if len(hand) > 1 else key(app, pygame.K_1)
    assert len(screen.ctl.marked) == 2
    key(app, pygame.K_m)                              # mulligan: look at two cards, keep one (a panel)
    assert m.state.pending is not None and m.state.pending.kind == "mulligan_take"
    dlg = screen.decision_dlg
    assert dlg is not None
    dlg.fire(dlg.row.buttons[0].command)
    assert m.state.pending is None and len(m.state.players[p].hand) == 3
    while m.state.phase == "mulligan":
        key(app, pygame.K_RETURN)                     # the others keep their hands
    assert m.state.phase == "play"


def test_frame_times_of_a_six_dragon_position():
    from engine.ui.bench import frame_times
    times = frame_times(six_dragons(), frames=40)
    assert len(times) == 40 and all(t > 0 for t in times)     # measured, never asserted (bench reports them)


def test_every_kind_of_decision_draws_through_a_random_game():
    """A random 4-dragon game: at each step the screen draws (hand, panel,
    decision panel), every hex answers a hover, and every pick previews."""
    import random
    from engine.core.agents import RandomAgent
    m = new_match("uberdrakes", seats=["human"] * 4, seed=21, options={"dragons": "random"})
    app, screen = screen_for(m, (1280, 720))
    rng = random.Random(4)
    agent = RandomAgent(m.rules)
    kinds = set()
    hexes = list(m.state.board.hexes)
    for _step in range(260):
        if m.outcome() is not None:
            break
        st = m.state
        kinds.add(st.combat.stage if st.combat else (st.pending.kind if st.pending else st.phase))
        ctl = screen.ctl
        if ctl.decision() is not None:
            assert screen.decision_dlg is not None and screen.decision_dlg in app.stack
        ctl.hint()
        ctl.buttons()
        for h in rng.sample(hexes, 6):
            screen.update_hover(hex_pos(screen, h), force=True)
        if ctl.free_play():
            for key_ in [k for _, k in [(r, cd.key) for r, cd in screen.hand_rects]][:6]:
                ctl.click_card(key_)
                ctl.board_preview()
                ctl.highlights()
                ctl.cancel()
        app.draw()
        legal = [a for a in m.legal_actions() if a.player == m.to_act()]
        screen.submit(agent.choose(m.state, legal, rng))
    assert {"play", "mulligan"} & kinds and len(kinds) >= 4


def test_rotate_faces_the_neighbour_clicked():
    m = six_dragons()
    app, screen = screen_for(m)
    key(app, pygame.K_3, pygame.KMOD_SHIFT)           # Rotate: a turn on the spot
    ctl = screen.ctl
    assert ctl.pick[:2] == ("move", "rotate") and len(ctl.cands) == 5
    here = m.state.players[0].hex
    from engine.hex.grid import neighbor
    click(app, hex_pos(screen, neighbor(here, 2)))    # click the south-west neighbour: face it
    a = m.actions[-1]
    assert a["m"] == "rotate" and a["facing"] == 2 and m.state.players[0].facing == 2
    key(app, pygame.K_4, pygame.KMOD_SHIFT)           # Turn Left: one landing, focused at once
    assert ctl.pick[:2] == ("move", "turn_left") and ctl.focus == 0
    # Rotate again: a click on the dragon itself asks which way (a choice dialog)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_3, pygame.KMOD_SHIFT)
    assert isinstance(ctl.click(here), Choice)


def test_the_last_dragon_choice_is_logged_with_the_seat_not_the_dragon():
    """Seen in play: "Water Dragon chooses the Water Dragon" (the players take
    their dragons' names once the last one chose)."""
    m = new_match("uberdrakes", seats=["human", "human"], seed=11)
    m.submit(Action.make("choose_dragon", 0, dragon="fire"))
    m.submit(Action.make("choose_dragon", 1, dragon="water"))
    texts = [e.text for e in m.log]
    assert "Player 1 chooses the Fire Dragon" in texts and "Player 2 chooses the Water Dragon" in texts


def test_the_players_summary_spells_out_coins_magic_and_cards():
    """It read "6c · 0m · 4+0 cards": a newcomer could not tell what they were."""
    m = new_match("uberdrakes", seats=["human", "human"], seed=11)
    m.submit(Action.make("choose_dragon", 0, dragon="fire"))
    m.submit(Action.make("choose_dragon", 1, dragon="water"))
    from games.uberdrakes.ui.view import make_view
    line = make_view(m).summary(m.state)[0][1]
    assert "coins 6" in line and "magic 0" in line and "cards 4" in line and "+0" not in line


def test_a_card_name_on_two_lines_takes_smaller_type_before_it_is_cut():
    """The hand read "Free Fli…" ×2: the second line shares its row with the
    key and the count."""
    from engine.ui.app import App
    from engine.ui.contract import HandCard
    from engine.ui.panels.hand_panel import title_lines
    th = App((1560, 920), headless=True).theme
    card = HandCard("free_flight", "Free Flight", hotkey="3", count=2)
    big, small = th.font("s", True), th.font("xs", True)
    tw = big.size("Free Flight")[0] - 1                  # wraps in the usual type
    sw = (big.size("Flight")[0] + small.size("Flight")[0]) // 2
    size, lines = title_lines(card, th, tw, sw)
    assert size == "xs" and lines == ["Free Flight"]     # the smaller type holds it on one line
    tw = small.size("Free Flight")[0] - 1
    size, lines = title_lines(card, th, tw, sw)
    assert size == "xs" and lines == ["Free", "Flight"]
    size, lines = title_lines(card, th, big.size("Free Flight")[0] + 2, sw)
    assert size == "s" and lines == ["Free Flight"]


def test_hand_cards_with_a_count_are_laid_out_wide_enough_for_their_names():
    """At 1560x920 four columns left "Bank Ri…" ×2 1: a card whose last line
    shares its row with the count and the key asks for the room."""
    from engine.ui.panels.hand_panel import card_height, title_lines
    m = two_dragons({"at": "F5", "facing": 0, "hand": ["bank_right", "bank_right", "free_flight", "free_flight",
                                                       "barrel_roll"]}, {"at": "M8"})
    app, screen = screen_for(m, size=(1560, 920))
    th = app.theme
    cards = [(r, c) for r, c in screen.hand_rects if c.count > 1]
    assert cards
    for r, c in cards:
        tw = r.w - (card_height(th) - th.px(12)) - th.px(15)
        sw = tw - th.font("xs", True).size(c.hotkey)[0] - th.px(8) - th.font("xs", True).size(f"×{c.count}")[0] \
            - th.px(6)
        size, lines = title_lines(c, th, tw, sw)
        assert "…" not in "".join(lines) and size == "s", (c.title, lines)


def test_the_played_cards_give_way_to_the_log_when_none_can_be_pushed():
    """At 1280x720 the hoard, hand, played cards, spells and a market left the
    log no room at all: what the computer did could not be read.  Played
    cards nobody can push again are spare (the panel drops them first)."""
    def played(actions):
        m = two_dragons({"at": "I2", "facing": 0, "hand": ["bank_left"], "coins": 8,
                         "played": ["bank_left", "free_flight", "thrust_left"]}, {"at": "M4"},
                        actions_left=actions)
        app, scr = screen_for(m, size=(1280, 720))
        return next(s for s in scr.ctl.hand(0) if s.title.startswith("Played"))

    assert played(0).spare
    assert not played(3).spare                       # a card may be pushed again: it stays


def test_a_rotation_on_the_spot_is_not_logged_as_a_move_to_a_space():
    """It read "Lightning Dragon: Rotate (1 coin) to G5, facing NE"."""
    m = two_dragons({"at": "G5", "facing": 0}, {"at": "M8"})
    rot = next(a for a in m.legal_actions() if a.kind == "move" and a["m"] == "rotate" and a["how"] == "coin")
    m.submit(rot, autosave=False)
    assert m.log[-1].text.startswith("Fire Dragon: Rotate (1 coin), facing ")
    fwd = next(a for a in m.legal_actions() if a.kind == "move" and a["m"] == "forward" and a["how"] == "coin")
    m.submit(fwd, autosave=False)
    assert " to " in m.log[-1].text


def test_riders_are_bound_for_an_earth_space():
    """It read "to a Earth space" in the pickup panel and "bound for a Earth space" in the log."""
    from games.uberdrakes.ui.view import rider_words
    from engine.core import registry
    cat = registry.get("uberdrakes").catalog()
    assert "to an Earth space" in rider_words(cat, "earth_mage") and "to a Water space" in rider_words(cat, "water_knight")
