"""The match screen: drawing, clicks to actions, refusals, undo, dialogs."""
from __future__ import annotations

import pygame

from engine.core.rules import Outcome
from engine.core.saves import default_dir
from engine.ui.scenes.dialogs import Handoff, Modal
from engine.ui.scenes.rules_ref import RulesReference
from test_ui_support import (click, deployed_match, dismiss_handoff, hex_pos, key, move, new_match, own_unit_with_moves,
                             screen_for)


def _varied(surf, rect) -> bool:
    colors = {surf.get_at((x, y))[:3] for x in range(rect.x, rect.right, 37) for y in range(rect.y, rect.bottom, 41)}
    return len(colors) > 8


def test_match_screen_draws_a_frame():
    for size in ((1920, 1080), (1280, 720)):
        app, screen = screen_for(deployed_match(), size)
        assert app.screen.get_size() == size
        assert _varied(app.screen, screen.board_rect)
        assert _varied(app.screen, screen.panel_rect)
        # a second frame with nothing changed redraws (almost) nothing
        app.draw()
        assert screen.dirty_rects == []


def test_click_on_illegal_hex_changes_nothing_and_shows_reason():
    m = deployed_match()
    app, screen = screen_for(m)
    u = own_unit_with_moves(screen)
    click(app, hex_pos(screen, u.pos))
    assert screen.ctl.selected() == u.uid
    water = min((h for h, t in m.state.board.terrain.items() if t in ("water", "mountain")),
                key=lambda h: abs(h[0] - u.pos[0]) + abs(h[1] - u.pos[1]))
    before = (m.rules.fingerprint(m.state), len(m.actions))
    click(app, hex_pos(screen, water))
    assert (m.rules.fingerprint(m.state), len(m.actions)) == before
    assert screen.ctl.message                       # the reason, in words
    assert screen.ctl.message in screen.hint_text()[0]
    move(app, hex_pos(screen, water))
    assert screen.hover_info is not None and screen.hover_info.illegal   # hatched, reason in the hover


def test_click_sequence_performs_a_legal_move():
    m = deployed_match()
    app, screen = screen_for(m)
    u = own_unit_with_moves(screen)
    click(app, hex_pos(screen, u.pos))
    targets = sorted(h for h, kind in screen.ctl.highlights().items() if kind == "move")
    assert targets
    dest = next(h for h in targets if screen.board.view.collidepoint(hex_pos(screen, h)))
    move(app, hex_pos(screen, dest))
    assert screen.hover_info.preview                 # what the move costs, before committing
    click(app, hex_pos(screen, dest))
    last = m.actions[-1]
    assert last.kind == "move" and last["uid"] == u.uid and tuple(last["to"]) == dest
    assert m.state.units[u.uid].pos == dest
    # undo takes it back
    key(app, pygame.K_u)
    assert m.state.units[u.uid].pos == u.pos or len(m.actions) == 0 or m.actions[-1].kind != "move"


def test_end_phase_too_early_is_refused_with_reason():
    m = deployed_match()
    app, screen = screen_for(m)
    n = len(m.actions)
    key(app, pygame.K_e)
    assert len(m.actions) == n
    assert "2 units" in screen.ctl.message or screen.ctl.message


def test_deploy_from_tray_then_hex():
    m = new_match("dice_wars", seats=["human", "human"], seed=11)
    app, screen = screen_for(m)
    tray = screen.ctl.tray()
    assert tray
    second = tray[1]
    r = next(r for r, it in screen.tray_rects if it.key == second.key)
    click(app, r.center)
    assert screen.ctl.selected() == second.key
    dest = sorted(h for h, k in screen.ctl.highlights().items() if k == "deploy")[0]
    click(app, hex_pos(screen, dest))
    assert m.actions[-1].kind == "deploy" and m.actions[-1]["uid"] == second.key
    key(app, pygame.K_p)
    assert m.actions[-1].kind == "auto_deploy"


def test_computer_seats_play_in_a_worker():
    import time
    m = new_match("dice_wars", seats=["greedy", "greedy"], seed=3)
    app, screen = screen_for(m)
    t0 = time.perf_counter()
    while len(m.actions) < 4 and time.perf_counter() - t0 < 60:
        app.step(0.05)
        time.sleep(0.005)
    assert len(m.actions) >= 4
    assert {a.player for a in m.actions} == {0, 1}


def test_handoff_when_a_decision_passes_mid_turn(monkeypatch):
    m = deployed_match()
    app, screen = screen_for(m)
    screen.headless = False
    screen.last_human = m.to_act()
    other = 1 - m.to_act()
    monkeypatch.setattr(screen, "to_act", lambda: other)
    monkeypatch.setattr(screen.view, "decision_is_interrupt", lambda state: True)
    screen.check_handoff()
    top = app.top()
    assert isinstance(top, Handoff) and top.name == m.rules.player_name(m.state, other)
    app.draw()       # the board is hidden: only the handoff draws
    click(app, (10, 10))
    assert app.top() is top          # a click beside its button does nothing
    dismiss_handoff(app)
    assert app.top() is screen


def test_game_over_panel_names_winner_reason_and_citation(monkeypatch):
    m = deployed_match()
    app, screen = screen_for(m)
    out = Outcome((0,), "Regicide: Blue's hero was killed", "dice_wars.txt § Regicide")
    monkeypatch.setattr(m, "outcome", lambda: out)
    screen.show_game_over(out)
    dlg = app.top()
    assert isinstance(dlg, Modal)
    assert m.rules.player_name(m.state, 0) in dlg.title and dlg.link == "dice_wars.txt § Regicide"
    app.draw()
    click(app, dlg.link_rect.center)
    ref = app.top()
    assert isinstance(ref, RulesReference) and ref.target >= 0
    assert ref.lines[ref.target].strip() == "Regicide"


def test_a_battle_every_side_wins_is_called_a_draw(monkeypatch):
    """Battle Valor reports a drawn battle as both sides winning; the panel
    says "A draw", not "Red and Blue win!"."""
    m = deployed_match()
    app, screen = screen_for(m)
    out = Outcome((0, 1), "Neither side won by a tenth of the points", "")
    monkeypatch.setattr(m, "outcome", lambda: out)
    screen.show_game_over(out)
    assert app.top().title == "A draw"


def test_log_citation_opens_rules_reference():
    m = deployed_match()
    app, screen = screen_for(m)
    assert screen.log.links
    rect, rule = screen.log.links[-1]
    click(app, rect.center)
    ref = app.top()
    assert isinstance(ref, RulesReference)
    assert ref.target >= 0
    key(app, pygame.K_ESCAPE)
    assert app.top() is screen


def test_save_dialog_writes_named_save():
    m = deployed_match()
    app, screen = screen_for(m)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    dlg = app.top()
    assert isinstance(dlg, Modal) and dlg.field is not None
    dlg.field.text = "ui test save"
    path = default_dir() / "saves" / "ui test save.json"
    path.unlink(missing_ok=True)
    key(app, pygame.K_RETURN)
    assert path.exists() and path.stat().st_size > 0
    from engine.core.match import Match
    assert len(Match.load(path).actions) == len(m.actions)


def test_save_never_overwrites_without_asking():
    m = deployed_match()
    app, screen = screen_for(m)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    dlg = app.top()
    assert dlg.field.text.count(":") == 0 and len(dlg.field.text.split()[-1]) == 6   # HHMMSS
    path = default_dir() / "saves" / "someone else's game.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("their save")
    dlg.field.text = "someone else's game"
    key(app, pygame.K_RETURN)
    assert app.top() is dlg and "already exists" in dlg.error
    assert path.read_text() == "their save"
    key(app, pygame.K_RETURN)                     # asked, and confirmed
    assert app.top() is screen and path.read_text() != "their save"


def test_a_failed_autosave_says_so_and_the_game_goes_on(tmp_path):
    m = deployed_match()
    app, screen = screen_for(m)
    blocker = tmp_path / "not_a_folder"
    blocker.write_text("")
    m.autosave_path = blocker / "autosave.json"          # a folder that cannot exist
    n = len(m.actions)
    action = next(a for a in m.legal_actions() if a.player == m.to_act())
    assert screen.submit(action)
    assert len(m.actions) == n + 1 and m.autosave_error
    dlg = app.top()
    assert isinstance(dlg, Modal) and dlg.title == "The autosave failed"
    assert any(label.startswith("Save as") for label, *_ in dlg.spec)
    key(app, pygame.K_ESCAPE)
    assert "Autosave failed" in screen.toast[0]
    m.autosave_path = tmp_path / "autosave.json"         # the folder works again: the next action saves
    action = next(a for a in m.legal_actions() if a.player == m.to_act())
    assert screen.submit(action)
    assert m.autosave_error is None and m.autosave_path.exists()
    from engine.core.match import Match
    assert len(Match.load(m.autosave_path).actions) == n + 2


def test_crash_guard_logs_and_shows_panel():

    from engine.ui.app import App, ErrorScene
    from engine.ui.scene import Scene

    class Boom(Scene):
        def draw(self, surf):
            raise RuntimeError("boom in draw")

    app = App((1280, 720))
    app.push(Boom(app))
    app.draw()
    assert isinstance(app.top(), ErrorScene)
    log = default_dir() / "crash.log"
    assert log.exists() and "boom in draw" in log.read_text()
    app.draw()        # the failing scene is under an opaque panel: no second crash
    pygame.display.quit()


def _play_until(m, want, limit=600):
    """Let the game's agent play until `want(match)` holds."""
    import random

    from engine.core.agents import agent_names, make_agent
    agent = make_agent("dice_wars", agent_names("dice_wars")[0], m.rules)
    rng = random.Random(2)
    for _ in range(limit):
        if want(m) or m.outcome() is not None:
            break
        m.submit(agent.choose(m.state, m.legal_actions(), rng), autosave=False)
    return want(m)


def test_attack_by_clicks_shows_odds_then_rolls_dice():
    m = deployed_match(seed=8)
    assert _play_until(m, lambda m: any(a.kind == "attack" for a in m.legal_actions()))
    app, screen = screen_for(m)
    atk = next(a for a in m.legal_actions() if a.kind == "attack")
    u, t = m.state.units[atk["uid"]], m.state.units[atk["target"]]
    click(app, hex_pos(screen, u.pos))
    assert screen.ctl.highlights().get(t.pos) == "attack"
    move(app, hex_pos(screen, t.pos))
    assert any("%" in line for line in screen.hover_info.preview)       # hit chance before committing
    n = len(m.actions)
    click(app, hex_pos(screen, t.pos))
    assert len(m.actions) == n + 1 and m.actions[-1].kind == "attack"
    assert screen.dice.rolls and screen.dice.rolls[-1]["dice"]
    assert any(e.kind == "roll" for e in m.log[-1].events)


def test_choice_dialog_picks_one_of_several_actions():
    from engine.ui.scenes.dialogs import ChoiceDialog
    from engine.ui.contract import Choice
    m = deployed_match()
    app, screen = screen_for(m)
    moves = [a for a in m.legal_actions() if a.kind == "move"][:2]
    screen.submit(Choice("Which move?", moves, [m.rules.describe(m.state, a) for a in moves]))
    assert isinstance(app.top(), ChoiceDialog)
    app.draw()
    key(app, pygame.K_2)
    assert app.top() is screen and m.actions[-1] == moves[1]


def test_skill_mode_key_and_escape():
    m = deployed_match(seed=8)
    app, screen = screen_for(m)
    u = own_unit_with_moves(screen)
    click(app, hex_pos(screen, u.pos))
    key(app, pygame.K_a)           # attack mode, or a reason why not
    assert screen.ctl.mode == "attack" or screen.ctl.message
    key(app, pygame.K_ESCAPE)      # backs out of the mode / selection, never commits
    assert screen.ctl.mode == ""
    n = len(m.actions)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert len(m.actions) == n


def test_broken_computer_player_is_reported_not_fatal(monkeypatch):
    import time

    import engine.ui.ai_runner as runner

    class Broken:
        def choose(self, state, legal, rng):
            raise ValueError("agent bug")
    monkeypatch.setattr(runner, "agent_for", lambda game, seat, rules=None: Broken())
    m = new_match("dice_wars", seats=["greedy", "greedy"], seed=3)
    app, screen = screen_for(m)
    t0 = time.perf_counter()
    while not screen.ai_error and time.perf_counter() - t0 < 10:
        app.step(0.05)
        time.sleep(0.005)
    assert "agent bug" in screen.ai_error and "agent bug" in screen.hint_text()[0]
    assert not screen.busy()          # no retry loop: the app idles
    assert m.actions == []


def test_hotseat_handoff_for_an_alliance_answer_and_back():
    m = new_match("dice_wars", seats=["human"] * 3, seed=4, options={"alliances": True})
    app, screen = screen_for(m, (1280, 720))
    screen.headless = False          # dialogs on, as in the app
    while m.state.phase == "deploy":
        key(app, pygame.K_p)
        key(app, pygame.K_RETURN)
        while isinstance(app.top(), Handoff):
            dismiss_handoff(app)
    proposer = m.to_act()
    b = next(b for b in screen.panel_buttons.buttons if b.label.startswith("Propose"))
    click(app, b.rect.center)       # the click that proposes must not also dismiss the handoff
    assert m.state.pending is not None and m.state.pending.kind == "alliance"
    assert isinstance(app.top(), Handoff)
    assert app.top().name == m.rules.player_name(m.state, m.state.pending.player)
    dismiss_handoff(app)
    assert app.top() is screen
    key(app, pygame.K_y)
    assert m.actions[-1].kind == "answer_alliance"
    assert isinstance(app.top(), Handoff) and app.top().name == m.rules.player_name(m.state, proposer)


def test_letters_are_shortcuts_never_pans_and_only_arrows_repeat():
    # W/A/S/D used to pan the board when no button took the letter: "A"
    # pressed while the computer was placing its units (or when "place it
    # for me" was gone) slid the table off the screen (seen on Xvfb)
    m = deployed_match(seed=8)
    app, screen = screen_for(m)
    cam = screen.board.cam
    for k in (pygame.K_w, pygame.K_a, pygame.K_s, pygame.K_d):
        key(app, k)
        key(app, pygame.K_ESCAPE)
    assert screen.board.cam == cam
    key(app, pygame.K_LEFT)
    assert screen.board.cam != cam
    # held keys: the arrows repeat, a letter acts once per press
    assert pygame.K_LEFT in screen.repeat_keys and pygame.K_a not in screen.repeat_keys
