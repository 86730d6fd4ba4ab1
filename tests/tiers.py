"""The two test tiers (pyproject.toml registers the marker).

Plain `pytest -q` runs the fast tier: every game, rule family, screen and
subcommand, at a depth that fits two minutes on a quiet 2-core machine.
`pytest -m slow` runs the deep tier: soak playouts, hard-level games, the
local Ray cluster, the hostile corpus, and the same property tests with
the `ci` Hypothesis profile (`.ci/run` runs both tiers).

- `slow` marks a test that needs seconds rather than milliseconds.
- `depths(fast, deep)` parametrizes one test at two depths: the fast one
  in the fast tier, the deep one in the slow tier (OpenSpiel's
  random_sim_test runs a few games by default and many on demand).
- `examples(n)` scales a property test's example count by the profile:
  n under `ci`, a fifth of it (at least 5) under `dev`, the default.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

TESTS = Path(__file__).resolve().parent      # tests/: fixtures, scripts, lists, hostile
ROOT = TESTS.parent                           # the repository
slow = pytest.mark.slow
CI_EXAMPLES = 100           # the `ci` profile's max_examples: a test's own count is stated against it


def depths(fast, deep) -> list:
    return [pytest.param(fast, id="fast"), pytest.param(deep, marks=slow, id="deep")]


def examples(n: int) -> int:
    return max(5, n * settings().max_examples // CI_EXAMPLES)


def slow_for(values, *slow_ones) -> list:
    """A parametrize list where the named values run in the slow tier (the
    others stay fast, so every game is still covered by the fast tier)."""
    return [pytest.param(v, marks=slow) if v in slow_ones else v for v in values]
