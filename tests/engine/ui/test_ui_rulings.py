"""The launcher's house rulings: listed under the game's options with our reading
preselected; a click picks the next reading, which the started match's setup holds."""
from __future__ import annotations

from engine.core.rulings import rulings_of
from engine.ui.app import App
from engine.ui.scenes.launcher import Launcher
from engine.ui.scenes.match_screen import MatchScreen
from engine.ui.scenes.launcher_commands import CycleRuling, Go, PickGame
from test_ui_support import click


def _hot(launcher, cmd):
    return next((r, t) for r, c, t in launcher.hot if c == cmd)


def test_every_ruling_is_offered_with_ours_preselected_at_both_sizes():
    for size in ((1920, 1080), (1280, 720)):
        app = App(size, headless=True)
        launcher = app.push(Launcher(app))
        for game in launcher.games:
            launcher.command(PickGame(game.game_id))
            app.draw()
            for r in rulings_of(game):
                assert launcher.readings[r.id] == r.default
                rect, tip = _hot(launcher, CycleRuling(r.id))
                assert app.screen.get_rect().contains(rect)
                assert r.section in tip and r.get(r.default).rests_on in tip


def test_a_chosen_reading_is_part_of_the_match_setup():
    app = App((1280, 720), headless=True)
    launcher = app.push(Launcher(app))
    launcher.command(PickGame("dragonbond"))
    app.draw()
    click(app, _hot(launcher, CycleRuling("dragonbond.turn_counter"))[0].center)
    assert launcher.readings["dragonbond.turn_counter"] == "units_only"
    app.draw()
    assert "units_only" in _hot(launcher, CycleRuling("dragonbond.turn_counter"))[1] or \
        "no extra 1" in _hot(launcher, CycleRuling("dragonbond.turn_counter"))[1]
    launcher.seats = ["human", "human"]
    click(app, _hot(launcher, Go.START)[0].center)
    screen = app.top()
    assert isinstance(screen, MatchScreen)
    assert screen.match.setup.options["rulings"]["dragonbond.turn_counter"] == "units_only"
    assert screen.match.log[0].events[0].kind == "rulings"


def test_the_note_under_a_ruling_leaves_out_its_headings_own_semicolon():
    from engine.ui.scenes.launcher_parts import ruling_note as _ruling_note
    from games.battle_valor_fantasy.rules.rulings import VICTORY as victory
    assert victory.section.endswith("Standard Bearers;")          # the rulebook's heading, cited as written
    note = _ruling_note(victory, victory.get("standards_count"))
    assert note.startswith("battle_valor_fantasy.txt § Standard Bearers · the points of enemy units destroyed"), note
