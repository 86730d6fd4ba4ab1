"""The designers' balance lab: judge for every game, runs on every core, on
Ray, stopped and resumed, and the judge's picture."""
import json
import math

import pytest

from engine.commands.judge import judge
from engine.commands.playout import GameJob
from engine.commands.pool import run_games
from engine.commands.results_file import ResultsFile
from engine.commands.tally import tally, wilson
from engine.core import registry
from engine.core.catalog import DataError
from engine.core.dice import SeededDice
from engine.core.judging import Canvas, Frame
from engine.core.rules import Setup
from tiers import slow, slow_for


def jobs(n: int, seed: int = 10) -> list[GameJob]:
    # short random games: the action cap keeps them fast and they are still seeded
    return [GameJob("dice_wars", 2, seed + g, "balanced", ("random", "random"), {}, 150) for g in range(n)]


def without_timing(report: dict) -> dict:
    return {k: v for k, v in report.items() if k != "timing"}


def test_wilson_interval_matches_the_formula():
    lo, hi = wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and math.isclose(0.5 - lo, hi - 0.5)


def test_tally_counts_seats_sides_and_the_first_player():
    results = [{"seed": 1, "winners": [0], "reason": "", "actions": 10, "rounds": 2, "first": 0, "sides": ["n", "s"]},
               {"seed": 2, "winners": [1], "reason": "", "actions": 20, "rounds": 3, "first": 0, "sides": ["s", "n"]},
               {"seed": 3, "winners": [], "reason": "action cap reached", "actions": 30, "rounds": 4, "first": 1}]
    t = tally(results, 2)
    assert [s["wins"] for s in t["seats"]] == [1, 1]
    assert t["draws"] == 1 and t["action_cap"] == 1
    assert t["first_player"]["wins"] == 1 and t["first_player"]["games"] == 3
    assert {s["side"]: (s["wins"], s["games"]) for s in t["sides"]} == {"n": (2, 2), "s": (0, 2)}
    assert t["length"]["actions_mean"] == 20


@slow
def test_two_workers_give_the_same_results_as_one():
    one = run_games(jobs(4), workers=1, progress=False).ordered()
    two = run_games(jobs(4), workers=2, progress=False).ordered()
    assert one == two
    assert [r["seed"] for r in two] == [10, 11, 12, 13]


def test_ctrl_c_keeps_the_games_played_and_a_results_file_resumes(tmp_path):
    path = tmp_path / "run.jsonl"
    run_key = jobs(1)[0].run_key()

    def stop_after_two(done, total):
        if done == 2:
            raise KeyboardInterrupt

    run = run_games(jobs(5), workers=1, results=ResultsFile(path, run_key), progress=False, on_game=stop_after_two)
    assert run.interrupted and len(run.ordered()) == 2
    played = []
    resumed = run_games(jobs(5), workers=2, results=ResultsFile(path, run_key), progress=False,
                        on_game=lambda done, total: played.append(done))
    assert not resumed.interrupted
    assert played == [3, 4, 5]                 # only the three missing seeds were played
    assert resumed.ordered() == run_games(jobs(5), workers=1, progress=False).ordered()
    assert len(path.read_text().splitlines()) == 1 + 5


@slow
def test_ctrl_c_in_the_pool_keeps_finished_games():
    def stop(done, total):
        if done == 1:
            raise KeyboardInterrupt
    run = run_games(jobs(16), workers=2, progress=False, on_game=stop)
    assert run.interrupted
    kept = run.ordered()
    assert 1 <= len(kept) < 16          # the games already handed to workers finish; the rest are dropped
    fresh = {r["seed"]: r for r in run_games(jobs(16), workers=1, progress=False).ordered()}
    assert all(fresh[r["seed"]] == r for r in kept)


def test_results_file_of_another_run_is_refused_with_its_line(tmp_path):
    path = tmp_path / "run.jsonl"
    ResultsFile(path, jobs(1)[0].run_key())
    other = GameJob("dice_wars", 3, 1, "balanced", ("random",) * 3).run_key()
    with pytest.raises(DataError) as e:
        ResultsFile(path, other)
    assert str(e.value).startswith(f"{path}:1: run:") and "players" in str(e.value)
    game = '{"seed": 4, "winners": [0], "reason": "won", "actions": 9, "rounds": 1}'
    path.write_text(path.read_text() + game + '\n{"seed": 5, "win')
    r = ResultsFile(path, jobs(1)[0].run_key())        # a last line cut short is dropped
    assert list(r.games) == [4]
    path.write_text(path.read_text().replace('{"seed": 4', '{"seed": "x"'))
    with pytest.raises(DataError) as e:
        ResultsFile(path, jobs(1)[0].run_key())
    assert str(e.value).startswith(f"{path}:2: seed:")


@pytest.mark.parametrize("game", ["dice_wars", "uberdrakes", "dragonbond", "battle_valor_fantasy"])
def test_judge_hooks_give_plain_map_facts_canvas_and_frames(game):
    rules = registry.get(game)
    scenario = rules.scenarios()[0]
    state, _ = rules.initial_state(Setup(game, 2, seed=3, scenario=scenario), SeededDice(3))
    facts = rules.judge_map(state)
    assert set(facts) <= {"seats", "sides", "zones", "map"} and facts
    json.dumps(facts)
    canvas = rules.judge_canvas(state)
    assert isinstance(canvas, Canvas) and canvas.kind in ("hex", "table") and canvas.areas
    frame = rules.judge_frame(state)
    assert isinstance(frame, Frame)
    assert len({s.key for s in frame.units}) == len(frame.units)


@pytest.mark.parametrize("game", slow_for(["dice_wars", "uberdrakes", "dragonbond"], "dice_wars", "dragonbond"))
def test_judge_every_game_reports_and_draws(game, tmp_path):
    rules = registry.get(game)
    rep = judge(game, rules.scenarios()[0], 2, 2, seed=5, workers=1, progress=False)
    json.dumps(rep)
    t = rep["tournament"]
    assert t["games"] == 2 and len(t["seats"]) == 2
    assert sum(s["wins"] for s in t["seats"]) + t["draws"] >= 2 - t["shared_wins"]
    assert "length" in t and "first_player" in t
    heat = rep["heat"]
    assert heat["final"] and heat["objectives"] and len(heat["control"]) == len(heat["objectives"])
    from engine.commands.judge import map_facts
    from engine.commands.plot import plot_report
    _, canvas = map_facts(game, rules.scenarios()[0], 2, 5)
    out = tmp_path / "judge.png"
    plot_report(rep, canvas, out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 20_000


def _shipped(*names):
    from engine.core.army_lists import load_list, shipped_dir
    return [load_list(shipped_dir("dragonbond") / f"{n}.yaml").to_dict() for n in names]


@slow
def test_judge_table_game_with_armies_from_the_command_line(tmp_path):
    import subprocess
    import sys
    from tests.engine.test_cli import ROOT
    out = tmp_path / "db.png"
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "judge", "dragonbond", "--scenario", "border_skirmish",
                        "--games", "2", "--workers", "2", "--armies", "dawn_patrol,blood_patrol", "--json",
                        "--plot", str(out), "--quiet"], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout)
    assert [a["name"] for a in rep["options"]["armies"]] == [a["name"] for a in _shipped("dawn_patrol", "blood_patrol")]
    assert set(rep["map"]["sides"]) == {"north", "south", "east", "west"}
    assert out.exists()
    bad = subprocess.run([sys.executable, str(ROOT / "main.py"), "judge", "dice_wars", "--armies", "a,b"],
                         capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert bad.returncode == 2 and "no army lists" in bad.stderr and "Traceback" not in bad.stderr


@slow
def test_a_swapped_judge_is_the_same_on_one_worker_and_two():
    """The whole report, its why and its swapped tournaments included,
    depends on the games' seeds only."""
    one = judge("dice_wars", "balanced", 2, 4, seed=31, workers=1, progress=False, swap="both")
    two = judge("dice_wars", "balanced", 2, 4, seed=31, workers=2, progress=False, swap="both")
    assert without_timing(one) == without_timing(two)
    assert one["why"]["map_or_player"]["places"] and one["swap"] == "both"


@slow
def test_judge_on_a_local_ray_cluster_matches_the_process_pool():
    pytest.importorskip("ray", reason="Ray is the optional extra: pip install '.[cluster]'")
    pool = judge("dragonbond", "border_skirmish", 2, 2, seed=21, workers=2, progress=False, swap="armies")
    ray = judge("dragonbond", "border_skirmish", 2, 2, seed=21, workers=2, cluster="local", progress=False,
                swap="armies")
    assert ray["timing"]["cluster"] == "local"
    assert without_timing(ray) == without_timing(pool)


@slow
def test_ctrl_c_on_the_command_line_keeps_games_and_the_same_command_resumes(tmp_path):
    import signal
    import subprocess
    import sys
    import time
    from tests.engine.test_cli import ROOT
    results = tmp_path / "run.jsonl"
    cmd = [sys.executable, str(ROOT / "main.py"), "simulate", "dice_wars", "--seats", "random,random", "--games", "40",
           "--max-actions", "150", "--workers", "2", "--results", str(results), "--json"]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    deadline = time.time() + 300
    while time.time() < deadline and (not results.exists() or len(results.read_text().splitlines()) < 4):
        time.sleep(0.1)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=300)
    stopped = json.loads(out)
    if stopped["complete"]:
        pytest.skip("the run finished before Ctrl+C reached it")
    assert p.returncode == 130 and "stopped:" in err and "Traceback" not in err
    kept = len(stopped["games"])
    assert 3 <= kept < 40 and len(results.read_text().splitlines()) == 1 + kept
    again = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=600)
    resumed = json.loads(again.stdout)
    assert again.returncode == 0 and resumed["complete"]
    assert resumed["timing"]["games_played_now"] == 40 - kept
    fresh = json.loads(subprocess.run(cmd[:-3] + ["--json"], capture_output=True, text=True, cwd=ROOT,
                                      timeout=600).stdout)
    assert without_timing(resumed) == without_timing(fresh)


@slow
def test_every_registered_game_is_judged_in_json_and_pictures(tmp_path):
    """New games are judged from the day they are registered: without their
    own hooks (games/<id>/rules/judge.py) the tournament still runs and the
    picture says the map is missing."""
    from engine.commands.judge import map_facts
    from engine.commands.plot import plot_report
    for rules in registry.all_games():
        scenario = rules.scenarios()[0]
        rep = judge(rules.game_id, scenario, rules.min_players, 1, seed=2, workers=1, progress=False)
        json.dumps(rep)
        assert rep["tournament"]["games"] == 1
        _, canvas = map_facts(rules.game_id, scenario, rules.min_players, 2)
        out = tmp_path / f"{rules.game_id}.png"
        plot_report(rep, canvas, out)
        assert out.read_bytes()[:4] == b"\x89PNG"
