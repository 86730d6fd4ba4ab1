"""Warbound's panel: the Action Board as hexagons (open, closed and whose
tokens, the Hourglass, both Periods), the timeline, the Order token
reserves with the two-for-one exchange, an Action picked before paying
(cost, reach, targets with the closest marked, exact odds), and the
Character card's pools and panic side."""
from engine.core.match import Match
from engine.core.rules import Setup
from games.warbound.ui.controller import make_controller
from games.warbound.rules.position import parse_hex
from games.warbound.ui.view import make_view
from test_ui_support import screen_for


def _match(**extra):
    spec = {"hand": 0, "tokens": [{"raiders": 6}, {"kaigen": 6}],
            "chars": [{"name": "copp", "player": 0, "card": "copp", "at": "E3"},
                      {"name": "rohna", "player": 1, "card": "rohna", "at": "E6"},
                      {"name": "drummer", "player": 1, "card": "orkedo_drummer", "at": "G7"}]}
    spec.update(extra)
    m = Match(Setup("warbound", 2, seed=1, scenario="recommended", options={"position": spec},
                    seats=("human", "human")))
    return m, make_controller(m, make_view(m))


def _board(ctl):
    return {c.key[1]: c for sec in ctl.hand(ctl.match.to_act()) if sec.hexes for c in sec.cards
            if c.key[0] == "space"}


def test_action_board_shows_both_periods_closed_spaces_and_the_timeline():
    m, ctl = _match(turn=2, closed=["p1_move_shoot"], hourglass_on="p1_fight")
    board = _board(ctl)
    assert len(board) == 6          # Period 2's Actions are named under Period 1 until they open (issue 36)
    first = ctl.hand(0)[0]
    assert "Period 2 (turn 3) adds Aim + Shoot, Run + Fight" in first.note
    assert len(_board(_match(turn=3)[1])) == 10
    assert board["p1_shoot"].state == "" and board["p1_shoot"].sub == "open"
    closed = board["p1_move_shoot"]
    assert closed.state == "off" and closed.color and "Kaigen" in closed.sub and "Closed until Cleanup" in closed.tip
    assert board["p1_fight"].sub == "Hourglass" and "Hourglass" in board["p1_fight"].tip
    sections = {s.title.split(" ·")[0]: s for s in ctl.hand(0)}
    timeline = sections["Timeline"]
    assert [c.state for c in timeline.cards] == ["used", "selected", "", "", ""]
    assert dict((k, v) for k, v, _ in timeline.stats)["Hand"] == "Raiders"
    tokens = sections["Order tokens"]
    assert ("Raiders", "6 orange") in [(k, v) for k, v, _ in tokens.stats]


def test_pick_an_action_see_reach_targets_and_odds_then_pay():
    m, ctl = _match()
    ctl.click(parse_hex("E3"))
    assert ctl.click_card(("space", "p1_move_shoot")) is None      # picked, nothing paid
    assert ctl.pending == "p1_move_shoot" and m.state.players[0].tokens == {"raiders": 6}
    assert m.state.activation is None
    marks = ctl.highlights()
    assert marks[parse_hex("E6")] == "attack"                      # the closest target: first accuracy
    assert list(marks.values()).count("move") >= 6                 # where the move part may go
    info = ctl.hover(parse_hex("E6"))
    assert info.preview[0].startswith("Cost:") and any("P(at least one hit)" in ln for ln in info.preview)
    pay = next(b for b in ctl.buttons() if b.command == "pay")
    assert "orange" in pay.cost
    acts = ctl.click(parse_hex("E6"))                              # pay and shoot at once
    assert [a.kind for a in acts] == ["activate", "shoot"]
    for a in acts:
        m.submit(a, autosave=False)
    assert m.state.players[0].tokens["raiders"] < 6 and "p1_move_shoot" in m.state.closed


def test_a_space_the_character_cannot_take_says_why():
    m, ctl = _match()
    ctl.click(parse_hex("E3"))
    fight = _board(ctl)["p1_fight"]
    assert fight.state == "off" and "Not for COPP" in fight.tip
    assert ctl.click_card(("space", "p1_fight")) is None and ctl.message
    ctl.selected()
    assert ctl.click_card(("space", "p1_shoot")) is None and ctl.pending == "p1_shoot"
    a = ctl.click_card(("space", "p1_shoot"))                      # a second click pays
    assert a.kind == "activate" and a["space"] == "p1_shoot"
    assert ctl.cancel() is True and ctl.pending is None


def test_exchange_two_tokens_for_one_from_the_reserve():
    m, ctl = _match(tokens=[{"raiders": 3}, {"kaigen": 6}])
    cards = [c for s in ctl.hand(0) for c in s.cards if c.key[0] == "exchange"]
    assert {c.key[1] for c in cards} == {"raiders", "directorate", "kaigen"}
    a = ctl.click_card(("exchange", "kaigen"))
    assert a.kind == "exchange" and list(a["give"]) == ["raiders", "raiders"]
    m.submit(a, autosave=False)
    assert m.state.players[0].tokens == {"raiders": 1, "kaigen": 1}


def test_card_pools_and_the_panic_side():
    m, ctl = _match(chars=[{"name": "copp", "player": 0, "card": "copp", "at": "E3", "wounds": 1, "stress": 2,
                            "breaks": 1},
                           {"name": "rohna", "player": 1, "card": "rohna", "at": "E6", "panic": True}])
    view = ctl.view
    copp = view.card(m.state, 0)
    pools = {t.label.split()[0]: (t.filled, t.slots) for t in copp.tracks}
    assert pools["Health"] == (1, 3) and pools["Morale"][0] == 2 and pools["Armor"] == (1, 1)
    assert any(h == "Panic side" for _, h, _ in copp.sections)
    rohna = view.card(m.state, 1)
    assert "PANIC" in rohna.subtitle and not any(t.label.startswith("Morale") for t in rohna.tracks)
    assert ("Morale (E)", "panicked: no pool") in rohna.stats
    assert any(k == "cond" and "PANIC side" in h for k, h, _ in rohna.sections)


def test_the_screen_draws_the_board_of_hexagons():
    m, ctl = _match()
    app, screen = screen_for(m)
    app.draw()
    hexes = [cd for _, cd in screen.hand_rects if cd.key[0] == "space"]
    assert len(hexes) == 6          # Period 1's; Period 2's are named in its note until turn 3
    r = next(r for r, cd in screen.hand_rects if cd.key == ("space", "p1_shoot"))
    assert screen.panel_rect.contains(r)


def test_highlights_are_kept_while_nothing_changes():
    """The screen composes the board layer once per highlights dict: the
    controller hands back the same one until the selection or the state
    changes (frame time, `main.py bench warbound`)."""
    m, ctl = _match()
    first = ctl.highlights()
    assert ctl.highlights() is first
    ctl.click(parse_hex("E3"))
    picked = ctl.highlights()
    assert picked is not first and picked[parse_hex("E3")] == "select"
    ctl.click_card(("space", "p1_move"))
    assert ctl.highlights() is not picked
    ctl.reset()
    assert ctl.highlights() == ctl.highlights()


def test_every_character_has_a_silhouette():
    """Tokens and cards show what a Character is (issue 17): the silhouette
    its card's data names (issue 36: each its own); never only letters."""
    from engine.core.sessions import new_match
    from engine.ui.contract import load_game_ui
    from engine.core import registry
    from games.warbound.rules.state import Char
    m = new_match("warbound", seats=["human", "human"], seed=3)
    view, _ = load_game_ui(m)
    for i, card in enumerate(registry.get("warbound").catalog().characters):
        assert view.icon(Char(uid=900 + i, card=card, owner=0, minis=[None])), card
    import random
    rng = random.Random(2)
    while not view.tokens(m.state) and len(m.actions) < 40:      # deployment puts miniatures on the board
        m.submit(rng.choice(m.legal_actions()), autosave=False)
    tokens = view.tokens(m.state)
    assert tokens and all(t.icon for t in tokens)


def test_a_step_that_ends_the_activation_is_logged_with_its_character():
    """The log describes a step once applied; a move or shot that ended the
    activation read "Raiders moves to E5" and "End Raiders's activation"
    (seen in play): it names the Character, with the right possessive."""
    m, ctl = _match()
    act = next(a for a in m.legal_actions() if a.kind == "activate" and a["space"] == "p1_move")
    m.submit(act, autosave=False)
    move = next(a for a in m.legal_actions() if a.kind == "move")
    m.submit(move, autosave=False)
    assert m.state.activation is None and m.log[-1].text.startswith("Raiders' COPP moves to ")
    act = next(a for a in m.legal_actions() if a.kind == "activate" and a["space"] == "p1_move_shoot")
    m.submit(act, autosave=False)
    end = next(a for a in m.legal_actions() if a.kind == "end_activation")
    m.submit(end, autosave=False)
    assert m.log[-1].text.endswith("activation") and "s's" not in m.log[-1].text
    assert m.log[-1].text.startswith("End Kaigen's ")


def test_a_refusal_does_not_outlive_its_position_and_deployment_says_what_a_click_does():
    """"Nothing to do there" stayed in the bottom bar through the next
    player's deployment and the Effect Phase (seen in play)."""
    m = Match(Setup("warbound", 2, seed=3, scenario="recommended", seats=("human", "human")))
    ctl = make_controller(m, make_view(m))
    ctl.click(parse_hex("H4"))                     # the middle of the board: not a deployment tile
    assert ctl.hint().startswith("Nothing to do there")
    tray = ctl.tray()
    ctl.click_tray(tray[0].key)
    assert ctl.hint().startswith("Click a blue tile") and tray[0].name in ctl.hint()
    ctl.click(parse_hex("H4"))
    spot = next(h for h, k in ctl.highlights().items() if k == "deploy")
    a = ctl.click(spot)
    a = a.actions[0] if hasattr(a, "actions") else a
    m.submit(a, autosave=False)
    ctl.reset()
    assert ctl.hint().startswith("Pick a Character in the tray")


def test_hovering_a_scan_marker_says_who_controls_it_now():
    m, ctl = _match(chars=[{"name": "copp", "player": 0, "card": "copp", "at": "H5"},
                           {"name": "rohna", "player": 1, "card": "rohna", "at": "L3"}])
    view = ctl.view
    assert "Now: Raiders controls it" in view.hex_info(m.state, parse_hex("H4")).lines
    assert "Now: nobody controls it" in view.hex_info(m.state, parse_hex("E7")).lines
    m2, ctl2 = _match(chars=[{"name": "copp", "player": 0, "card": "copp", "at": "L1"},
                             {"name": "rohna", "player": 1, "card": "rohna", "at": "L3"}])
    lines = ctl2.view.hex_info(m2.state, parse_hex("L2")).lines
    assert any(ln.startswith("Now: nobody controls it (both") for ln in lines)


def test_the_header_of_a_finished_game_names_the_winner():
    """It read "Kaigen — Game over" with the Hand holder's name, whoever won,
    and the win reason was a fourth line the header does not show."""
    m, ctl = _match(hand=1)
    from games.warbound.rules import scenario
    m.state.players[0].vp = 5
    scenario.decide_winner(m.state, [])
    head = ctl.view.header(m.state)
    assert head.title == "Game over — Raiders wins"
    assert head.lines[0].startswith("Raiders wins with the most Victory Points")


def test_a_small_window_leaves_the_log_room_before_the_timeline():
    """At 1280x720 the Action Board, the timeline and the token reserve left
    the log two lines: what the computer just did could not be read.  The
    timeline (the header says it) and a Period not open yet give way."""
    m, ctl = _match()
    app, screen = screen_for(m, size=(1280, 720))
    L = screen.panel.panel_layout()
    titles = [s.title for s in L["hand"][1]]
    assert not any(t.startswith("Period 2") for t in titles)      # not open yet: named, not drawn
    th = app.theme
    assert L["log"].h >= max(th.px(150), 4 * th.line_h("s"))
    m3, _ = _match(turn=3)                  # Period 2: both boards (the timeline gives way first when needed)
    app, screen = screen_for(m3, size=(1280, 720))
    L = screen.panel.panel_layout()
    assert sum(s.title.startswith(("Action Board", "Period 2")) for s in L["hand"][1]) == 2
    assert L["log"].h >= max(th.px(150), 4 * th.line_h("s"))
    app, screen = screen_for(m, size=(1920, 1080))
    titles = [s.title for s in screen.panel.panel_layout()["hand"][1]]
    assert any(t.startswith("Timeline") for t in titles)


def test_a_formation_deploys_one_miniature_at_a_time_never_from_a_list_of_pairs():
    """Deploying a Formation asked "Which?" over a list of tile pairs, then
    a modal of up to ten pairs (issue 36): now a tile for each miniature."""
    m = Match(Setup("warbound", 2, seed=7, scenario="recommended", seats=("human", "human")))
    ctl = make_controller(m, make_view(m))
    formation = next(t for t in ctl.tray() if t.shape == "square")
    ctl.click_tray(formation.key)
    first = next(h for h, k in ctl.highlights().items() if k == "deploy")
    assert ctl.click(first) is None and ctl.placing == (0, first)
    marks = ctl.highlights()
    assert marks[first] == "select" and "the tile for the other" in ctl.hint()
    second = next(h for h, k in marks.items() if k == "deploy")
    a = ctl.click(second)
    assert a.kind == "deploy" and {tuple(a["to"]), tuple(a["to2"])} == {first, second}
    m.submit(a)
    ctl.reset()
    ctl.click_tray(next(t for t in ctl.tray()).key)
    ctl.click_tray(next(t for t in ctl.tray()).key)    # nothing picked: every Character that may stand there
    c = next(c for c in (ctl.click(h) for h, k in ctl.highlights().items() if k == "deploy") if hasattr(c, "actions"))
    assert c.prompt in ("Which Character deploys here?", "Which one?")


def test_a_long_question_stays_inside_its_dialog_at_1280x720():
    from engine.ui.scenes.dialogs import ChoiceDialog
    m, ctl = _match()
    app, screen = screen_for(m, size=(1280, 720))
    dlg = app.push(ChoiceDialog(app, "A Formation has two miniatures: where does the other one go?",
                                ["B3 and C3", "B3 and B4"], lambda i: None))
    inner = dlg.rect.w - app.theme.px(40)
    size = dlg.title_size(inner)
    assert app.theme.font(size, True).size(dlg.title)[0] <= inner
    app.draw()


def test_hovering_a_character_explains_its_tokens_badges():
    """The token shows Break tokens and its activations this turn as badges;
    the hover text said neither."""
    m, ctl = _match(chars=[{"name": "copp", "player": 0, "card": "copp", "at": "E3", "breaks": 1},
                           {"name": "rohna", "player": 1, "card": "rohna", "at": "E6"}])
    m.state.chars[next(u for u, c in m.state.chars.items() if c.owner == 0)].activations = 1
    line = ctl.view.hex_info(m.state, parse_hex("E3")).lines[0]
    assert "1 Break token" in line and "activated 1x this turn" in line
