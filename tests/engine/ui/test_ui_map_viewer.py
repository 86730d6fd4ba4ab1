"""The live map viewer: redraws on a save keeping the camera, shows a broken
save's file:line: over the last good map, draws tables too, and shows the
judge's report for the map it shows."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time

from engine.core.match import Match
from engine.core.rules import Setup
from engine.ui.app import App
from engine.ui.scenes import map_viewer as mv
from tests.engine.test_cli import ROOT

MAPS = ROOT / "assets" / "maps"


def _touch_later(path) -> None:
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 2_000_000_000))


def _viewer(game: str, path):
    app = App((1280, 720), headless=True)
    match = Match(Setup(game, 2, 1, str(path), ("human", "human"), {}))
    viewer = app.open("map_viewer", match, watch=path)
    app.draw()
    return app, viewer


def test_a_save_redraws_keeping_the_camera_and_a_broken_save_keeps_the_last_map(tmp_path):
    for f in ("balanced.tmx", "terrain.tsx", "terrain.png"):
        shutil.copy(MAPS / "dice_wars" / f, tmp_path / f)
    path = tmp_path / "balanced.tmx"
    app, viewer = _viewer("dice_wars", path)
    assert viewer.watch == path
    viewer.board.zoom_at(1.5, viewer.board.view.center)
    viewer.board.pan(40, 25)
    camera = (viewer.board.size, viewer.board.cam)
    first = viewer.board
    text = path.read_text()
    path.write_text(text.replace("1,1,1,1,2,1,1,1,8,8", "2,2,2,1,2,1,1,1,8,8", 1))   # forest in the top-left corner
    _touch_later(path)
    app.step(mv.POLL + 0.01)
    assert viewer.reloads == 1 and viewer.board is not first and not viewer.error
    assert (viewer.board.size, viewer.board.cam) == camera
    assert viewer.board.terrain[next(iter(sorted(viewer.board.terrain, key=lambda h: (h[1], h[0]))))][0] == "forest"
    good = viewer.board
    path.write_text(text.replace("<layer", "<layer width='oops'", 1))
    _touch_later(path)
    app.step(mv.POLL + 0.01)
    assert viewer.board is good                               # the last good drawing stays
    assert viewer.error.startswith(f"{path}:")
    app.draw()                                                # the message is drawn over it, no crash
    path.write_text(text)
    _touch_later(path)
    app.step(mv.POLL + 0.01)
    assert not viewer.error and viewer.reloads == 2


def test_a_table_map_is_viewed_and_watched(tmp_path):
    path = tmp_path / "skirmish.tmj"
    shutil.copy(MAPS / "dragonbond" / "border_skirmish.tmj", path)
    app, viewer = _viewer("dragonbond", path)
    assert viewer.is_table and viewer.legend
    app.draw()
    viewer.handle(__import__("pygame").event.Event(__import__("pygame").MOUSEMOTION, pos=viewer.board.view.center,
                                                   rel=(0, 0), buttons=(0, 0, 0)))
    assert viewer.hover is not None
    good = viewer.board
    path.write_text(path.read_text().replace('"height": 24', '"height": ', 1))
    _touch_later(path)
    app.step(mv.POLL + 0.01)
    assert viewer.error.startswith(f"{path}:") and "height" in viewer.error
    assert viewer.board is good


def test_the_launchers_map_viewer_watches_the_scenario_file_and_judges_it(monkeypatch):
    monkeypatch.setattr(mv, "JUDGE_GAMES", 2)
    app = App((1280, 720), headless=True)
    match = Match(Setup("dragonbond", 2, 3, "border_skirmish", ("human", "human"), {}))
    viewer = app.open("map_viewer", match)
    assert viewer.watch == MAPS / "dragonbond" / "border_skirmish.tmj"
    viewer.command("judge")
    deadline = time.time() + 600
    while viewer.judging is not None and time.time() < deadline:
        time.sleep(0.2)
    app.step(0.01)
    assert viewer.report is not None and viewer.picture is not None and viewer.show_report, viewer.error
    assert viewer.report["tournament"]["games"] == 2
    app.draw()
    viewer.command("judge")                      # back to the map
    assert not viewer.show_report
    app.draw()


def test_view_command_refuses_in_words(tmp_path):
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "view", str(tmp_path / "none.tmx")],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and r.stderr.startswith(f"{tmp_path / 'none.tmx'}:0:")
    odd = tmp_path / "odd.tmx"
    shutil.copy(MAPS / "dice_wars" / "balanced.tmx", odd)
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "view", str(odd)], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 2 and "--game" in r.stderr and "Traceback" not in r.stderr


def test_view_command_opens_the_viewer_watching_the_file(monkeypatch):
    from engine.commands.cli import main
    from engine.ui import app as appmod
    seen = {}

    def fake_run(self):
        seen["top"] = self.top()
    monkeypatch.setattr(appmod.App, "run", fake_run)
    path = MAPS / "uberdrakes" / "board.tmx"
    assert main(["view", str(path)]) == 0
    viewer = seen["top"]
    assert isinstance(viewer, mv.MapViewer) and viewer.watch == path and viewer.match.setup.game == "uberdrakes"
