import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
# the tests are mirrored by what they test (tests/engine, tests/engine/ui, tests/games/<id>) and
# import each other's helpers by module name (test_ui_support, test_cli): every folder is on the path
TEST_FOLDERS = sorted({p.parent for p in Path(__file__).resolve().parent.rglob('test_*.py')})
sys.path[1:1] = [str(folder) for folder in TEST_FOLDERS]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# a courtesy of the screen that fails (a hover, the decision panel) raises under the tests instead of
# being logged and passed over (engine/ui/courtesy.py): a test must not pass over a broken screen
os.environ["WARBENCH_STRICT"] = "1"
# a fresh user data folder per test run (every started game keeps its own
# autosave, so a shared folder would fill up run after run); each pytest-xdist
# worker gets its own, or one worker's files would meet another's tests
if "WARBENCH_HOME" not in os.environ or os.environ.get("WARBENCH_TEST_HOME") == os.environ["WARBENCH_HOME"]:
    os.environ["WARBENCH_HOME"] = os.environ["WARBENCH_TEST_HOME"] = tempfile.mkdtemp(prefix="warbench-tests-")
    atexit.register(shutil.rmtree, os.environ["WARBENCH_HOME"], True)


import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

# Hypothesis profiles (tests/tiers.py): `dev` by default, `ci` with five
# times the examples for the slow tier (`--hypothesis-profile=ci`).
settings.register_profile("dev", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(autouse=True)
def _launcher_forgets_between_tests():
    """The launcher remembers the last game and settings (a convenience
    for players); a test must not inherit what an earlier test chose."""
    from engine.core.saves import default_dir       # (no pygame here: headless tests stay headless)
    (default_dir() / "launcher.json").unlink(missing_ok=True)   # engine/ui/scenes/launcher.py SETTINGS
    yield
