"""`pip install .` gives a working `warbench` command that finds its data,
maps and fonts as package resources, and requirements.txt agrees with
pyproject.toml."""
import os
import re
import subprocess
import sys
import tomllib

from tests.engine.test_cli import ROOT
from tiers import slow


def _names(lines) -> dict:
    out = {}
    for line in lines:
        line = line.split("#")[0].strip()
        if line:
            name = re.split(r"[<>=!\[ ]", line)[0].lower()
            out[name] = line.replace(" ", "")
    return out


def test_requirements_and_pyproject_agree():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = _names(project["dependencies"])
    reqs = _names((ROOT / "requirements.txt").read_text().splitlines())
    for name in _names(project["optional-dependencies"]["test"]):
        reqs.pop(name)
    assert runtime == reqs
    assert any(d.startswith("ray[default]") for d in project["optional-dependencies"]["cluster"])
    assert project["scripts"]["warbench"] == "engine.commands.cli:console"


@slow
def test_pip_install_gives_the_warbench_command(tmp_path):
    target = tmp_path / "site"
    r = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(ROOT)],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    for resource in ("data/dice_wars/terrain.yaml", "assets/maps/dragonbond/border_skirmish.tmj",
                     "assets/fonts/DejaVuSans.ttf", "assets/rules/dice_wars.txt",
                     "docs/games/warbound.md"):
        assert (target / resource).exists(), resource
    env = dict(os.environ, PYTHONPATH=str(target))
    script = target / "bin" / "warbench"
    usage = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True, cwd=tmp_path,
                           env=env, timeout=120)
    main_usage = subprocess.run([sys.executable, str(ROOT / "main.py"), "--help"], capture_output=True, text=True,
                                timeout=120)
    assert usage.returncode == 0 and usage.stdout.startswith("usage: warbench")
    def commands(text):
        return re.search(r"\{([a-z,]+)\}", text).group(1).split(",")
    assert commands(usage.stdout) == commands(main_usage.stdout) and "judge" in commands(usage.stdout)
    out = subprocess.run([sys.executable, str(script), "judge", "dragonbond", "--scenario", "border_skirmish",
                          "--games", "1", "--workers", "1", "--json", "--quiet"],
                         capture_output=True, text=True, cwd=tmp_path, env=env, timeout=600)
    assert out.returncode == 0, out.stderr
    assert '"north"' in out.stdout
