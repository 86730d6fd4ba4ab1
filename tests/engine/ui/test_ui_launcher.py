"""The launcher: builds, changes settings, starts, resumes, load errors in words."""
from __future__ import annotations

import argparse

import pygame

from engine.core.saves import default_dir
from engine.ui.app import App, run_app
from engine.ui.scenes.launcher import Launcher, LoadScene
from engine.ui.scenes.match_screen import MatchScreen
from engine.ui.scenes.launcher_commands import (CycleOption, CycleRuling, CycleSeat, Go, LoadRow, PickGame, PickScenario,
                                                StepPlayers)
from test_ui_support import click, move


def _hot(launcher, cmd):
    return next(r for r, c, _ in launcher.hot if c == cmd)


def test_launcher_builds_at_both_sizes():
    for size in ((1920, 1080), (1280, 720)):
        app = App(size, headless=True)
        launcher = app.push(Launcher(app))
        app.draw()
        assert launcher.games and launcher.game is launcher.games[0]     # the first game by id
        launcher.select_game(next(g for g in launcher.games if g.game_id == "dice_wars"))   # 2-4 players
        app.draw()
        cmds = {c for _, c, _ in launcher.hot}
        assert {Go.START, Go.LOAD, StepPlayers(1), CycleSeat(0), PickScenario(0)} <= cmds
        for r, _, _ in launcher.hot:
            assert app.screen.get_rect().contains(r)


def test_launcher_settings_and_start():
    app = App((1280, 720), headless=True)
    launcher = app.push(Launcher(app))
    launcher.select_game(next(g for g in launcher.games if g.game_id == "dice_wars"))   # 2-4 players, options
    app.draw()
    click(app, _hot(launcher, StepPlayers(1)).center)
    assert launcher.players == 3
    click(app, _hot(launcher, CycleSeat(1)).center)
    assert launcher.seats[1] != "greedy"
    opt = next(o for o in launcher.option_specs if not o.choices)
    click(app, _hot(launcher, CycleOption(opt.key)).center)
    assert launcher.options[opt.key] is (not opt.default)
    launcher.seed_field.text = "42"
    launcher.seats = ["human", "human", "human", "human"]
    click(app, _hot(launcher, Go.START).center)
    screen = app.top()
    assert isinstance(screen, MatchScreen)
    assert screen.match.setup.seed == 42 and screen.match.setup.players == 3
    assert screen.match.setup.options[opt.key] is (not opt.default)


def test_load_errors_are_shown_in_words():
    folder = default_dir() / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    bad = folder / "zz broken.json"
    bad.write_text('{"format": 1, "setup": {"game": "dice_wars"}, ', encoding="utf-8")
    app = App((1280, 720), headless=True)
    launcher = app.push(Launcher(app))
    app.draw()
    click(app, _hot(launcher, Go.LOAD).center)
    scene = app.top()
    assert isinstance(scene, LoadScene)
    i = scene.files.index(bad)
    r = next(r for r, c in scene.hot if c == LoadRow(i))
    click(app, r.center)
    assert app.top() is scene and "zz broken.json: not a readable save: not JSON" in scene.error
    bad.unlink()


def test_resume_autosave():
    from engine.core.sessions import new_match
    m = new_match("dice_wars", seats=["human", "human"], seed=9)
    m.submit(next(a for a in m.legal_actions() if a.kind == "auto_deploy"))
    app = App((1280, 720), headless=True)
    launcher = app.push(Launcher(app))
    launcher.select_game(next(g for g in launcher.games if g.game_id == "dice_wars"))
    app.draw()
    assert launcher.resume_info and launcher.in_progress[0].path == m.autosave_path
    click(app, _hot(launcher, Go.RESUME).center)
    screen = app.top()
    assert isinstance(screen, MatchScreen) and len(screen.match.actions) == 1
    assert screen.match.autosave_path == m.autosave_path and m.autosave_path.exists()


def test_run_app_opens_a_game_and_quits():
    pygame.display.init()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    args = argparse.Namespace(game="dice_wars", seed=4, seats=["human", "greedy"], load=None, scenario=None)
    assert run_app(args) == 0


def test_run_app_bad_load_shows_launcher_error(tmp_path):
    bad = tmp_path / "nope.json"
    bad.write_text("not json", encoding="utf-8")
    import engine.ui.app as appmod
    seen = {}
    real_run = appmod.App.run

    def fake_run(self):
        seen["top"] = self.top()
        self.running = False
        real_run(self)
    appmod.App.run = fake_run
    try:
        run_app(argparse.Namespace(game=None, seed=None, seats=None, load=str(bad), scenario=None))
    finally:
        appmod.App.run = real_run
    assert isinstance(seen["top"], Launcher) and "not valid JSON" in seen["top"].error


def test_map_viewer_opens_from_launcher():
    from engine.ui.scenes.map_viewer import MapViewer
    app = App((1280, 720), headless=True)
    launcher = app.push(Launcher(app))
    app.draw()
    click(app, _hot(launcher, Go.MAP).center)
    viewer = app.top()
    assert isinstance(viewer, MapViewer) and viewer.legend
    app.draw()
    click(app, viewer.board.view.center)          # hovering/clicking the map never plays
    assert viewer.hover is not None
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert app.top() is launcher


def test_about_opens_from_the_launcher_and_names_the_credits():
    from engine.ui.scenes.about import About
    app = App((1280, 720), headless=True)
    launcher = app.push(Launcher(app))
    app.draw()
    click(app, _hot(launcher, Go.ABOUT).center)
    about = app.top()
    assert isinstance(about, About)
    assert any("CC BY 3.0" in text for text, _ in about.paragraphs)


def test_a_seats_tip_names_every_player_a_click_cycles_through():
    # it said "a person and the computer" while a click went on to easy,
    # normal, hard and random
    app = App((1280, 720), headless=True)
    launcher = app.push(Launcher(app))
    launcher.select_game(next(g for g in launcher.games if g.game_id == "warbound"))
    app.draw()
    tip = next(t for _, c, t in launcher.hot if c == CycleSeat(1))
    assert "Human" in tip and all(f"Computer ({a})" in tip for a in launcher.agents)
    # and a click goes through exactly those, back to where it started
    start = launcher.seats[1]
    seen = []
    for _ in range(len(launcher.agents) + 1):
        click(app, _hot(launcher, CycleSeat(1)).center)
        seen.append(launcher.seats[1])
    assert launcher.seats[1] == start and sorted(seen) == sorted(["human"] + launcher.agents)


def test_maps_are_named_as_players_read_them():
    """A map button names the scenario as its data does (not its id) and its tip says what it is."""
    app = App((1280, 720), headless=True)
    launcher = app.push(Launcher(app))
    launcher.select_game(next(g for g in launcher.games if g.game_id == "battle_valor_fantasy"))
    app.draw()
    i = launcher.scenarios.index("fords_of_legian")
    tip = next(t for _, c, t in launcher.hot if c == PickScenario(i))
    assert "river" in tip
    assert launcher.game.scenario_title("fords_of_legian") == "The Fords of the Legian"
    assert launcher.game.scenario_title("my_map.tmx") == "My map.tmx"         # a designer's own: its name
    for game in launcher.games:                                              # every shipped scenario has a line
        assert all(game.scenario_text(s) for s in game.scenarios()), game.game_id


def test_house_rulings_stay_above_the_last_game_line_at_1280x720():
    """Seen at 1280x720: Dice Wars' last ruling button sat on the "Last
    played" line, UberDrakes' last note ran under it.  A small window drops
    the notes (and then the questions' second lines) before anything overlaps."""
    app = App((1280, 720), headless=True)
    launcher = app.push(Launcher(app))
    launcher.resume_info = "UberDrakes · Fire Dragon (person), Water Dragon (person) · round 1 · 40 actions"
    th = app.theme
    for game in ("dice_wars", "uberdrakes", "battle_valor_fantasy", "dragonbond", "warbound"):
        launcher.select_game(next(g for g in launcher.games if g.game_id == game))
        launcher.resume_info = "UberDrakes · Fire Dragon (person) · round 1"
        app.draw()
        start = _hot(launcher, Go.START)
        info_top = start.y - th.px(8) - 2 * th.line_h("s") - th.px(4)
        rulings = [r for r, c, _ in launcher.hot if isinstance(c, CycleRuling)]
        assert len(rulings) == len(launcher.rulings), game
        assert all(r.bottom <= info_top for r in rulings), game


def test_a_games_row_says_who_plays_in_plain_words():
    from types import SimpleNamespace
    from engine.ui.scenes.launcher import describe_entry
    row = SimpleNamespace(game="dice_wars", players=["Red", "Blue"], seats=["human", "easy"], round=3,
                          finished=False, result="", to_act="Red", actions=46, when="23 Nov 15:40")
    assert describe_entry(row) == ("Dice Wars · Red (person), Blue (computer, easy) · round 3 · Red to act · "
                                   "46 actions · 23 Nov 15:40")


def test_the_launcher_lays_out_on_resize_not_while_drawing():
    """Its components are placed when the window (or a choice) changes;
    drawing many frames lays out nothing, and a bigger window moves them."""
    app = App((1280, 720), headless=True)
    launcher = app.push(Launcher(app))
    launcher.command(PickGame("dice_wars"))
    app.draw()
    counts = [p.layouts for p in launcher.parts]
    before = {c: r.copy() for r, c, _ in launcher.hot}
    for _ in range(20):
        app.draw()
        move(app, _hot(launcher, Go.START).center)
    assert [p.layouts for p in launcher.parts] == counts
    app.screen = pygame.Surface((1920, 1080))
    app.theme.set_window(app.size)
    launcher.resize(app.size)
    assert all(p.layouts == n + 1 for p, n in zip(launcher.parts, counts))
    after = {c: r for r, c, _ in launcher.hot}
    assert after.keys() == before.keys()
    assert after[Go.START].bottom > before[Go.START].bottom and after[Go.QUIT].right > before[Go.QUIT].right
    app.draw()
    for r, _, _ in launcher.hot:
        assert app.screen.get_rect().contains(r)


def test_a_choice_lays_the_launcher_out_again():
    """One more player is one more seat button, placed when it is chosen."""
    app = App((1280, 720), headless=True)
    launcher = app.push(Launcher(app))
    launcher.command(PickGame("dice_wars"))
    assert CycleSeat(2) not in {c for _, c, _ in launcher.hot}
    launcher.command(StepPlayers(1))
    assert CycleSeat(2) in {c for _, c, _ in launcher.hot}


def test_each_launcher_component_draws_alone():
    app = App((1280, 720), headless=True)
    launcher = app.push(Launcher(app))
    launcher.command(PickGame("battle_valor_fantasy"))
    for part in launcher.parts:
        surf = pygame.Surface(app.size, pygame.SRCALPHA)
        part.draw(surf)
        drawn = surf.get_bounding_rect()
        assert drawn.w and drawn.h, type(part).__name__
        assert part.rect.inflate(2, 2).contains(drawn), type(part).__name__        # nothing outside its own rect
