"""A courtesy of the screen that fails (engine/ui/courtesy.py): logged and
passed over in the window, raised under the tests."""
from __future__ import annotations

import pytest

from engine.core.saves import default_dir
from engine.ui import courtesy


def _broken_hover():
    try:
        raise KeyError("uid")                 # a bug in a controller's hover
    except Exception:  # noqa: BLE001 - as the match screen catches it
        courtesy.failed("the hover's words")
        return None


def test_under_the_tests_a_failing_courtesy_raises():
    with pytest.raises(KeyError):
        _broken_hover()


def test_in_the_window_it_is_logged_and_the_screen_goes_on(monkeypatch):
    monkeypatch.delenv("WARBENCH_STRICT")
    log = default_dir() / "crash.log"
    before = log.read_text() if log.exists() else ""
    assert _broken_hover() is None
    added = log.read_text()[len(before):]
    assert "the hover's words failed (the screen went on without it)" in added and "KeyError: 'uid'" in added
