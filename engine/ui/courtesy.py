"""A courtesy that fails must neither end a game nor hide a bug.

A hover's words, the decision panel, the private-hand question, the table
aids: when one raises, the window carries on without it and writes the
traceback to crash.log (engine/ui/crashlog.py), so the game in progress is
kept and the bug is on record.  Under the tests (WARBENCH_STRICT=1, set by
tests/conftest.py) it raises instead, so the test that meets it fails
rather than passing over a broken screen (issue 37: a bug must not become
a polite silence)."""
from __future__ import annotations

import os
import traceback


def failed(what: str) -> None:
    """Call from an `except` block: re-raise under the tests, else log and go on."""
    if os.environ.get("WARBENCH_STRICT") == "1":
        raise                                        # the exception being handled
    from engine.ui.crashlog import write_crash_log
    write_crash_log(f"{what} failed (the screen went on without it)\n{traceback.format_exc()}")
