"""Golden scripts: the rulebooks' own examples and rules, run headless."""

import pytest

from engine.commands.script import ScriptError, run_script
from tiers import TESTS

SCRIPTS = sorted((TESTS / "scripts").rglob("*.yaml"))


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_golden_script(path):
    report = run_script(path)
    assert report["failures"] == []


def test_a_failing_expectation_is_reported(tmp_path):
    src = (TESTS / "scripts" / "dice_wars" / "tie_reroll.yaml").read_text()
    bad = tmp_path / "bad.yaml"
    bad.write_text(src.replace("b: {alive: false}", "b: {alive: true}"))
    report = run_script(bad)
    assert len(report["failures"]) == 1
    assert "b.alive: expected True, got False" in report["failures"][0]
    assert report["failures"][0].startswith(f"{bad}:")


def test_script_errors_name_the_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: dice_wars\nsetup: {players: 2}\nactions:\n  - 7\nexpect: [{winners: null}]\n")
    with pytest.raises(ScriptError) as e:
        run_script(bad)
    assert str(e.value).startswith(f"{bad}:4: actions[0]: expected a mapping")
    bad.write_text("game: chess\n")
    with pytest.raises(ScriptError) as e:
        run_script(bad)
    assert f"{bad}:1: game: unknown game 'chess'" in str(e.value)
