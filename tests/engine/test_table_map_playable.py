"""`check` means playable for table maps: a map with no deployment zones,
overlapping zones or a zone under impassable terrain, or one the game
cannot set up on, is refused by `check` with file:line, and `play`,
`simulate` and `judge` refuse it in words (exit 2) before anything starts
(engine/maps/playable.py, engine/commands/playable.py)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.commands.check import check_path
from test_cli import run_here
from engine.commands.playable import map_problems, setup_problem
from engine.core import registry
from tiers import ROOT, slow

SHIPPED = ROOT / "assets" / "maps" / "dragonbond" / "border_skirmish.tmj"


def _zones(d) -> list:
    return next(layer for layer in d["layers"] if layer["name"] == "zones")["objects"]


def _terrain(d) -> list:
    return next(layer for layer in d["layers"] if layer["name"] == "terrain")["objects"]


def _no_zones(d):
    _zones(d)[:] = [o for o in _zones(d) if o["type"] != "deployment"]


def _overlap(d):
    next(o for o in _zones(d) if o["name"] == "south")["y"] = 48


def _under_cliff(d):
    _terrain(d).append({"id": 99, "name": "Cliff", "type": "mire", "x": 0, "y": 0, "width": 384, "height": 110,
                        "rotation": 0, "visible": True,
                        "properties": [{"name": "impassable", "type": "bool", "value": True}]})


def _no_edges(d):                 # zones the map's data accepts, but Dragonbond deploys by edge: the game is stuck
    for o in _zones(d):
        o.pop("properties", None)


BROKEN = {"no_zones": (_no_zones, ":1: zones: 0 deployment zones"),
          "overlap": (_overlap, ": object south: overlaps the deployment zone north"),
          "under_cliff": (_under_cliff, ": object north: lies under impassable terrain (Cliff)"),
          "no_edges": (_no_edges, ":1: deployment: Crimson has no legal setup action")}


def _broken(tmp_path, name) -> Path:
    d = json.loads(SHIPPED.read_text())
    spoil, _ = BROKEN[name]
    spoil(d)
    folder = tmp_path / "dragonbond"
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.tmj"
    path.write_text(json.dumps(d, indent=1))
    return path


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_check_refuses_a_map_that_cannot_deploy_both_sides(tmp_path, capsys, name):
    path = _broken(tmp_path, name)
    words = BROKEN[name][1]
    problems = check_path(path)
    assert problems and problems[0].startswith(str(path)) and words in problems[0], problems
    code, out, err = run_here(capsys, "check", str(path))
    assert code == 1 and words in out and "Traceback" not in out + err


@pytest.mark.parametrize("name, zone", [("overlap", "south"), ("under_cliff", "north")])
def test_the_map_alone_tells_the_line_of_the_zone(tmp_path, name, zone):
    path = _broken(tmp_path, name)
    problem = map_problems(path)[0]                      # without the game: the map's own data
    line = int(problem.split(":")[1])
    text = path.read_text().splitlines()
    assert text[line - 1].strip() == "{" and f'"name": "{zone}"' in "\n".join(text[line - 1:line + 30]), problem


@pytest.mark.parametrize("command, name", [("simulate", "no_zones"), ("judge", "overlap"), ("play", "under_cliff"),
                                           ("judge", "no_edges"), ("play", "no_edges")])
def test_play_simulate_and_judge_refuse_it_before_anything_starts(tmp_path, capsys, monkeypatch, command, name):
    import engine.ui.app as app_mod
    monkeypatch.setattr(app_mod, "run_app", lambda *a: pytest.fail("a window opened on an unplayable map"))
    path = _broken(tmp_path, name)
    tail = ("--games", "1", "--workers", "1", "--quiet") if command != "play" else ()
    code, out, err = run_here(capsys, command, "dragonbond", "--scenario", str(path), *tail)
    assert code == 2 and "argument --scenario: " in err and str(path) in err and BROKEN[name][1] in err, err
    assert "Traceback" not in err


def test_a_shipped_map_passes():
    assert map_problems(SHIPPED, "dragonbond") == []


@slow
def test_a_shipped_map_given_as_a_file_plays(capsys):
    code, out, err = run_here(capsys, "simulate", "dragonbond", "--scenario", str(SHIPPED), "--games", "1",
                              "--workers", "1", "--quiet", "--max-actions", "40")
    assert code == 0, err


@slow
def test_every_shipped_table_map_and_scenario_deploys_both_sides():
    for path in sorted((ROOT / "assets" / "maps").glob("*/*.tm[xj]")):
        assert check_path(path) == [], path
    for game in ("dragonbond", "battle_valor_fantasy"):
        rules = registry.get(game)
        for scenario in rules.scenarios():
            for players in sorted({rules.min_players, rules.max_players}):
                assert setup_problem(rules, scenario, players) is None, (game, scenario, players)
