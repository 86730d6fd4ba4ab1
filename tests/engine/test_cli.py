"""The command line as CI and designers use it.

Checked in-process (`main(argv)`, what `python main.py` runs), plus one real
process per subcommand (`test_every_subcommand_runs_as_a_process`): the
entry point, the exit code and the streams as a shell sees them."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.commands.cli import main
from tiers import ROOT

TIE_REROLL = ROOT / "tests" / "scripts" / "dice_wars" / "tie_reroll.yaml"


def run(*args, **kw):
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=600, **kw)


def run_here(capsys, *args) -> tuple[int, str, str]:
    """`python main.py ARGS` in this process: (exit code, stdout, stderr)."""
    try:
        code = main(list(args))
    except SystemExit as e:                  # argparse's refusals
        code = e.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_check_clean_tree_passes(capsys):
    code, out, err = run_here(capsys, "check")
    assert code == 0, out + err


def test_check_reports_broken_files_without_traceback(tmp_path, capsys):
    from engine.core.match import Match
    from engine.core.rules import Setup
    rolls = Match(Setup("dice_wars", 2, seed=1, scenario="balanced")).dice.history
    (tmp_path / "save.json").write_text('{"format": 1,\n "setup": {"game": "dice_wars", "players": 2, "seed": 1},\n'
                                        ' "actions": [{"kind": "fly", "player": 0}],\n'
                                        f' "rolls": {json.dumps(rolls)}, "fingerprint": "x"}}')
    (tmp_path / "map.tmx").write_text("<map orientation='hexagonal'>\n<layer>\n</map>")
    code, out, err = run_here(capsys, "check", str(tmp_path))
    assert code == 1
    assert "Traceback" not in out + err
    lines = out.splitlines()
    assert any(line.startswith(f"{tmp_path / 'save.json'}:3: actions[0]") for line in lines), lines
    assert any(line.startswith(f"{tmp_path / 'map.tmx'}:") for line in lines), lines


def test_simulate_same_seed_same_json(capsys):
    argv = ("simulate", "dice_wars", "--games", "2", "--seed", "5", "--seats", "greedy,random", "--json",
            "--workers", "1", "--quiet")
    ja, jb = (json.loads(run_here(capsys, *argv)[1]) for _ in range(2))
    for j in (ja, jb):
        j.pop("timing")
    assert ja == jb
    assert ja["wins"][0] == 2
    assert all(g["winners"] == [0] for g in ja["games"])


def test_simulate_and_bench_take_the_games_options(capsys):
    """--option KEY=VALUE switches on what the launcher's checkboxes do (the
    bars of issue 12 are measured with every option on); a wrong key or value
    is refused with the known ones, exit 2, no traceback."""
    code, out, err = run_here(capsys, "simulate", "battle_valor_fantasy", "--games", "1", "--seats", "random,random",
                              "--json", "--quiet", "--option", "advanced_combat=on", "--option", "reserves=off",
                              "--workers", "1")
    assert code == 0, err
    assert json.loads(out)["options"] == {"advanced_combat": True, "reserves": False}
    for bad, says in (("bogus=1", "known: army0, army1, advanced_combat, reserves"),
                      ("reserves=maybe", "'reserves' is on or off, got 'maybe'"), ("reserves", "not KEY=VALUE")):
        code, out, err = run_here(capsys, "bench", "battle_valor_fantasy", "--option", bad)
        assert code == 2 and says in err and "Traceback" not in err, err


def test_script_exit_codes(tmp_path, capsys):
    code, out, _ = run_here(capsys, "script", str(TIE_REROLL))
    assert code == 0
    assert json.loads(out)["final"]["units"][2]["hp"] == 0
    bad = tmp_path / "bad.yaml"
    bad.write_text(TIE_REROLL.read_text().replace("b: {alive: false}", "b: {alive: true}"))
    assert run_here(capsys, "script", str(bad))[0] == 1


def test_judge_reports_seats_and_a_tournament(capsys):
    code, out, err = run_here(capsys, "judge", "dice_wars", "--players", "4", "--games", "2", "--json",
                              "--workers", "1", "--quiet")
    assert code == 0, err
    rep = json.loads(out)
    seats = rep["map"]["seats"]
    assert len(seats) == 4
    # the balanced map is balanced: every corner reaches its two nearest cities alike, each its own first
    moves = [sorted(v for k, v in s.items() if k.startswith("movement to the")) for s in seats]
    assert all(m[:2] == [4, 5] for m in moves)
    assert [len(s["cities it reaches first"]) for s in seats] == [1, 1, 1, 1]
    t = rep["tournament"]
    assert t["games"] == 2 and sum(s["wins"] for s in t["seats"]) <= 2
    assert all(0 <= s["low"] <= s["high"] <= 1 for s in t["seats"])


def test_check_reports_broken_table_maps(tmp_path, capsys):
    (tmp_path / "table.tmj").write_text('{"orientation": "orthogonal",\n "width": ')
    (tmp_path / "table.tmx").write_text('<?xml version="1.0"?>\n<map orientation="orthogonal" width="4">\n<objectgroup>\n</map>\n')
    code, out, err = run_here(capsys, "check", str(tmp_path))
    assert code == 1 and "Traceback" not in out + err
    lines = out.splitlines()
    assert any(line.startswith(f"{tmp_path / 'table.tmj'}:") and "JSON syntax" in line for line in lines), lines
    assert any(line.startswith(f"{tmp_path / 'table.tmx'}:") for line in lines), lines


# ---- one real process per subcommand ------------------------------------------------------

def _cases(tmp: Path) -> dict[str, tuple[list[str], int, str]]:
    """subcommand: (arguments, exit code, text expected on stdout or stderr).
    `play` and `view` open a window, so their process is refused in words
    before it opens one (the window itself is tested in-process)."""
    png = tmp / "board.png"
    return {
        "play": (["play", "chess"], 2, "argument game"),
        "view": (["view", str(tmp / "missing.tmx")], 2, "missing.tmx"),
        "simulate": (["simulate", "uberdrakes", "--games", "1", "--json", "--quiet", "--workers", "1"], 0, '"wins"'),
        "render": (["render", "dice_wars", "--size", "640x400", "--out", str(png)], 0, ""),
        "check": (["check", str(TIE_REROLL)], 0, ""),
        "script": (["script", str(TIE_REROLL)], 0, '"final"'),
        "judge": (["judge", "warbound", "--games", "1", "--workers", "1", "--quiet"], 0, "seat"),
        "rulings": (["rulings", "dice_wars"], 0, "dice_wars."),
        "docs": (["docs", "actions", "--out", str(tmp / "pages")], 0, "dragonbond.md"),
        "bench": (["bench", "dice_wars", "--seconds", "0.1", "--frames", "3", "--hard-actions", "3", "--json"], 0,
                  "actions_per_second"),
    }


def test_the_process_cases_name_every_subcommand(tmp_path):
    from engine.commands.cli import _parser
    parser = _parser()
    known = set(parser._subparsers._group_actions[0].choices)
    assert set(_cases(tmp_path)) == known


@pytest.mark.parametrize("command", sorted(_cases(Path("/tmp"))))
def test_every_subcommand_runs_as_a_process(command, tmp_path):
    argv, code, says = _cases(tmp_path)[command]
    r = run(*argv, env={**__import__("os").environ, "SDL_VIDEODRIVER": "dummy"})
    assert r.returncode == code, r.stdout[-2000:] + r.stderr[-2000:]
    assert "Traceback" not in r.stdout + r.stderr
    assert says in r.stdout + r.stderr, r.stdout[-2000:] + r.stderr[-2000:]
    if command == "render":
        assert (tmp_path / "board.png").stat().st_size > 1000
