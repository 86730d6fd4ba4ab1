"""`simulate/judge --results FILE`: a file it only reads is never changed,
and every results file is read bounded and checked field by field, each
refusal one `file:line: field: what` with exit 2 (engine/commands/results_file.py)."""
from __future__ import annotations

import json
import os

import pytest

from test_cli import run_here
from engine.commands.playout import GameJob
from engine.commands.results_file import ResultsFile
from engine.core.catalog import DataError

SIMULATE = ("simulate", "dice_wars", "--games", "1", "--seats", "random,random", "--max-actions", "60",
            "--workers", "1", "--quiet")


def run_key(players: int = 2) -> dict:
    return GameJob("dice_wars", players, 1, "balanced", ("random",) * players).run_key()


def game_line(**kw) -> str:
    d = {"seed": 1, "winners": [0], "reason": "won", "actions": 12, "rounds": 2, "first": 0}
    d.update(kw)
    return json.dumps(d)


def header(players: int = 2) -> str:
    return json.dumps({"warbench_results": 1, "run": run_key(players)})


@pytest.mark.parametrize("text", ["line one\nline two", '{\n  "format": 1,\n  "setup": {}\n}'],
                         ids=["notes without a last newline", "a save without a last newline"])
@pytest.mark.parametrize("command", ["simulate", "judge"])
def test_a_file_that_is_not_results_is_refused_and_left_as_it_was(tmp_path, capsys, text, command):
    path = tmp_path / "given.txt"
    path.write_text(text)
    args = SIMULATE if command == "simulate" else ("judge", "dice_wars", "--games", "1", "--workers", "1", "--quiet")
    code, out, err = run_here(capsys, *args, "--results", str(path))
    assert code == 2 and "Traceback" not in err
    assert err.startswith(f"{path}:1: "), err
    assert path.read_text() == text                    # not one byte changed


def test_a_results_file_cut_short_by_a_kill_resumes_its_own_run(tmp_path):
    path = tmp_path / "run.jsonl"
    path.write_text(header() + "\n" + game_line(seed=4) + "\n" + '{"seed": 5, "win')
    r = ResultsFile(path, run_key())
    assert list(r.games) == [4]
    assert path.read_text().endswith(game_line(seed=4) + "\n")     # its own file: the cut line dropped


def test_a_cut_line_in_a_file_of_another_run_is_not_dropped(tmp_path):
    path = tmp_path / "run.jsonl"
    text = header(3) + "\n" + game_line(seed=4) + "\n" + '{"seed": 5, "win'
    path.write_text(text)
    with pytest.raises(DataError) as e:
        ResultsFile(path, run_key(2))
    assert str(e.value).startswith(f"{path}:1: run:")
    assert path.read_text() == text


@pytest.mark.parametrize("line, field", [
    (game_line(winners=[-1]), "winners"),
    (game_line(winners=[2]), "winners"),
    (game_line(winners=[0, 0]), "winners"),
    (game_line(winners=[True]), "winners"),
    (game_line(winners="0"), "winners"),
    (game_line(seed="x"), "seed"),
    (game_line(seed=1.5), "seed"),
    (game_line(actions=-3), "actions"),
    (game_line(actions=None), "actions"),
    (game_line(rounds="many"), "rounds"),
    (game_line(reason=["x"]), "reason"),
    (game_line(first=7), "first"),
    (game_line(sides=["n", "s", "e"]), "sides"),
    (game_line(deaths=[[1, "a", 0]]), "deaths"),
    (game_line(final=[[1.0, 2.0]]), "final"),
    (game_line(control=[[[1, "x"]]]), "control"),
    (game_line(objectives=[[3, 1, 1]]), "objectives"),
    ('{"seed": 1, "winners": [0], "reason": "r", "actions": 1, "rounds": 1, "junk": NaN}', "(line)"),
    ("[" * 5000 + "]" * 5000, "(line)"),
    ('{"seed": 1, "winners": [0], "reason": "r", "actions": 1, "rounds": 1, "x": ' + "9" * 40 + "}", "(line)"),
    ("[1, 2]", "(line)"),
], ids=lambda v: v if len(str(v)) < 20 else None)
def test_a_hostile_game_line_is_refused_by_line_and_field(tmp_path, line, field):
    path = tmp_path / "run.jsonl"
    text = header() + "\n" + line + "\n"
    path.write_text(text)
    with pytest.raises(DataError) as e:
        ResultsFile(path, run_key())
    first = e.value.problems[0]
    assert first.startswith(f"{path}:2: {field}:"), first
    assert len(first) < 600 and path.read_text() == text


def test_a_fifo_a_device_and_a_folder_are_refused_without_blocking(tmp_path, capsys):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.jsonl"
    zero.symlink_to("/dev/zero")
    for path, words in ((fifo, "not a regular file"), (zero, "not a regular file"), (tmp_path, "folder")):
        code, out, err = run_here(capsys, *SIMULATE, "--results", str(path))
        assert code == 2 and words in err and "Traceback" not in err, err
        assert err.startswith(f"{path}:"), err


def test_a_huge_results_file_is_refused_before_it_is_read(tmp_path, capsys):
    path = tmp_path / "huge.jsonl"
    with open(path, "wb") as f:
        f.truncate(2_000_000_000)              # sparse: nothing is written to disk
    code, out, err = run_here(capsys, *SIMULATE, "--results", str(path))
    assert code == 2 and "too large" in err and err.startswith(f"{path}:0: ")
    assert path.stat().st_size == 2_000_000_000


def test_a_huge_line_is_refused(tmp_path):
    path = tmp_path / "run.jsonl"
    path.write_text(header() + "\n" + game_line(reason="x" * 2_000_000) + "\n")
    with pytest.raises(DataError) as e:
        ResultsFile(path, run_key())
    assert e.value.problems[0].startswith(f"{path}:2: (line): ")


def test_the_results_of_a_run_resume_through_the_command_line(tmp_path, capsys):
    path = tmp_path / "run.jsonl"
    first = run_here(capsys, *SIMULATE, "--json", "--results", str(path))
    assert first[0] == 0, first[2]
    again = run_here(capsys, *SIMULATE, "--json", "--results", str(path))
    assert again[0] == 0 and json.loads(again[1])["timing"]["games_played_now"] == 0
    assert json.loads(again[1])["games"] == json.loads(first[1])["games"]


@pytest.mark.parametrize("plot, words", [("nowhere/x.png", "no folder"), (".", "folder"),
                                         ("picture.txt", ".png")])
def test_judge_plot_checks_its_output_before_the_tournament(tmp_path, capsys, monkeypatch, plot, words):
    import engine.commands.judge as judge_mod

    def no_tournament(*a, **kw):
        raise AssertionError("the tournament ran before the picture's path was checked")
    monkeypatch.setattr(judge_mod, "run_games", no_tournament)
    monkeypatch.chdir(tmp_path)
    code, out, err = run_here(capsys, "judge", "dice_wars", "--games", "1", "--workers", "1", "--quiet",
                              "--plot", plot)
    assert code == 2 and "--plot" in err and words in err and "Traceback" not in err, err
