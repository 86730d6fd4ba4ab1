"""Every screen at 1280x720 and 2560x1440: no label loses its end.

Text is drawn through `theme.ellipsize` wherever it might not fit; this
test records every call that actually cut a text while the launcher (each
game selected) and each game's match screen draw, and fails on any.  Only
the dice tray's roll captions may be cut: the whole roll is the log line
beside them.
"""
from __future__ import annotations

import random
import sys

import pytest

import test_ui_support  # noqa: F401  (the dummy video driver)
from engine.core.sessions import new_match
from engine.ui import theme as T
from engine.ui.app import App
from engine.ui.scenes.launcher import Launcher
from engine.ui.scenes.match_screen import MatchScreen

ALLOWED = ("engine/ui/panels/dice_tray.py",)


@pytest.fixture
def cuts(monkeypatch):
    original = T.ellipsize
    found: list[tuple[str, str]] = []

    def spy(s, f, width):
        out = original(s, f, width)
        if out != s:
            caller = sys._getframe(1).f_code.co_filename.replace("\\", "/")
            if not caller.endswith(ALLOWED):
                found.append((caller.rsplit("/", 3)[-1], s))
        return out

    monkeypatch.setattr(T, "ellipsize", spy)
    for name, module in list(sys.modules.items()):
        if name.startswith(("engine.ui", "games.")) and getattr(module, "ellipsize", None) is original:
            monkeypatch.setattr(module, "ellipsize", spy)
    return found


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440)])
def test_launcher_cuts_no_label(cuts, size):
    m = new_match("battle_valor_fantasy", seats=["human", "human"], seed=4)   # a game in progress: "Last played"
    m.submit(m.legal_actions()[0])
    app = App(size, headless=True)
    launcher = app.push(Launcher(app))
    for game in launcher.games:
        launcher.select_game(game)
        app.draw()
    assert len(launcher.games) >= 5 and launcher.resume_info
    assert not any(o.key in ("army0", "army1") for o in launcher.option_specs)   # the seats' army lists choose
    assert cuts == []


def _match_in_play(game_id: str, steps: int):
    m = new_match(game_id, seats=["human", "human"], seed=3)
    rng = random.Random(1)
    for _ in range(steps):
        legal = m.legal_actions()
        if not legal or m.outcome() is not None:
            break
        m.submit(rng.choice(legal))
    return m


@pytest.mark.parametrize("steps", [0, 60])      # the setup (deployment trays) and a game in play
@pytest.mark.parametrize("game_id", ["dice_wars", "uberdrakes", "dragonbond", "warbound", "battle_valor_fantasy"])
def test_match_screen_at_1280_cuts_no_label(cuts, game_id, steps):
    app = App((1280, 720), headless=True)
    screen = app.push(MatchScreen(app, _match_in_play(game_id, steps), headless=True))
    app.draw()
    while app.top() is not screen:      # a handoff first: the screen under it is drawn when it goes
        app.pop(app.top())
        app.draw()
    app.draw()
    assert cuts == []


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440)])
def test_the_players_note_stays_in_its_column(size):
    """The Grand Alliance's note beside the Players stepper wraps inside
    the middle column: nothing is drawn right of it on that row."""
    app = App(size, headless=True)
    launcher = app.push(Launcher(app))
    bvf = next(g for g in launcher.games if g.game_id == "battle_valor_fantasy")
    launcher.select_game(bvf)
    for players in (2, 3, 4):
        launcher.players = players
        app.draw()
        row = launcher.players_row
        beyond = app.screen.subsurface((row.right + 2, row.y, app.theme.px(20), row.h))
        colours = {tuple(beyond.get_at((x, y))) for x in range(beyond.get_width()) for y in range(beyond.get_height())}
        assert len(colours) == 1, (players, colours)
