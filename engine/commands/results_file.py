"""A run's results file, for stopping and resuming long runs.

JSON lines: the first says what run it holds (`GameJob.run_key`), each
further line is one finished game keyed by its seed, appended and flushed
as soon as the game ends.  Running the same command again with the same
file plays only the seeds it lacks.

The file is untrusted, and it may not be a results file at all (a notes
file or a save given by mistake): it is read through `read_bounded` (a
regular file of at most MAX_RESULTS_BYTES: never a FIFO or a device), every
line is strict JSON of at most MAX_LINE_BYTES and every game's fields are
checked against the run (a winner is a seat of it), so each problem is
`file:line: field: what`.  Nothing is written to a file until all of it
has been read as this run's results: a file refused is left exactly as it
was.  Only then is a last line cut short (the run was killed while writing
it) dropped, with a note, and the games appended after it.
"""
from __future__ import annotations

import json
import math
import os
import sys
from pathlib import Path

from engine.commands.trace_check import trace_problem
from engine.core.catalog import DataError
from engine.core.limits import BoundError, cut, cut_text, read_bounded, strict_json

FORMAT = 1
MAX_RESULTS_BYTES = 64_000_000     # ~400,000 untraced games; a traced judge game is a few KB
MAX_LINE_BYTES = 1_000_000         # one game's line (its trace included)
MAX_REASON = 500                   # characters of a game's reason
MAX_ACTIONS = 10_000_000           # simulate's --max-actions bound


class ResultsFile:
    def __init__(self, path, run: dict):
        self.path = Path(path)
        self.run = run
        self.games: dict[int, dict] = {}
        self._cut_at: int | None = None         # a last line cut short starts here (bytes)
        if os.path.lexists(self.path):
            self._read()
            if self._cut_at is not None:
                self._drop_cut_line()
            if not self._header:
                self._append({"warbench_results": FORMAT, "run": run})
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._append({"warbench_results": FORMAT, "run": run}, create=True)

    @property
    def players(self) -> int:
        n = self.run.get("players") if isinstance(self.run, dict) else None
        return n if isinstance(n, int) and n > 0 else 1

    def _read(self) -> None:
        where = cut_text(str(self.path), 300)
        try:
            data = read_bounded(self.path, MAX_RESULTS_BYTES, "results file")
        except BoundError as e:
            raise DataError([str(e)]) from None
        self._header = bool(data.strip())
        if not self._header:
            return                      # an empty file: a run starts in it
        lines = data.split(b"\n")
        complete = data.endswith(b"\n")
        problems: list[str] = []
        offset = 0
        for i, raw in enumerate(lines, 1):
            start, offset = offset, offset + len(raw) + 1
            if not raw.strip():
                continue
            last = i == len(lines) and not complete
            try:
                if len(raw) > MAX_LINE_BYTES:
                    raise ValueError(f"a line of {len(raw):,} bytes is too long for one game "
                                     f"(at most {MAX_LINE_BYTES:,})")
                d = strict_json(raw.decode("utf-8"))
            except (ValueError, UnicodeDecodeError) as e:
                if last and i > 1 and not problems:
                    self._cut_at = start        # dropped only once the whole file proves to be this run's
                    break
                problems.append(f"{where}:{i}: (line): {_not_json(e)}")
                if i == 1:
                    break
                continue
            if i == 1:
                if not isinstance(d, dict) or d.get("warbench_results") != FORMAT:
                    problems.append(f"{where}:1: warbench_results: not a Warbench results file (format {FORMAT})")
                    break
                if d.get("run") != self.run:
                    problems.append(f"{where}:1: run: these results are of another run ({_diff(d.get('run'), self.run)}); "
                                    "use another --results file or the same settings")
                    break
                continue
            problem = game_problem(d, self.players)
            if problem:
                problems.append(f"{where}:{i}: {problem}")
                if len(problems) >= 20:
                    problems.append(f"{where}:{i}: (file): and maybe more problems after this line")
                    break
                continue
            self.games[d["seed"]] = d
        if problems:
            raise DataError(problems)

    def _drop_cut_line(self) -> None:
        sys.stderr.write(f"{cut_text(str(self.path), 300)}: the last game was cut short while being written; "
                         "it is played again\n")
        with open(self.path, "r+b") as f:
            f.truncate(self._cut_at)
        self._cut_at = None

    def _append(self, d: dict, create: bool = False) -> None:
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | (os.O_EXCL if create else 0) | getattr(os, "O_CLOEXEC", 0)
        fd = os.open(self.path, flags, 0o644)
        with os.fdopen(fd, "a", encoding="utf-8") as f:
            f.write(json.dumps(d, sort_keys=True) + "\n")
            f.flush()

    def add(self, result: dict) -> None:
        self.games[result["seed"]] = result
        self._append(result)


def _not_json(e: Exception) -> str:
    if isinstance(e, UnicodeDecodeError):
        return "not UTF-8 text"
    if isinstance(e, json.JSONDecodeError):
        return f"not JSON: {e.msg} (column {e.colno})"
    return f"not a game's results: {cut_text(str(e), 200)}"


def _whole(v, low: int, high: int) -> bool:
    return type(v) is int and low <= v <= high


def _number(v) -> bool:
    return type(v) in (int, float) and math.isfinite(v)


def _points(v, players: int) -> bool:
    """[[x, y, owner], ...] as the judge's trace writes them."""
    return isinstance(v, list) and all(isinstance(p, list) and len(p) == 3 and _number(p[0]) and _number(p[1])
                                       and _whole(p[2], 0, max(players, 64)) for p in v)


def game_problem(d, players: int) -> str | None:
    """Why one game's line of a results file cannot be counted (`field: what`), or None."""
    if not isinstance(d, dict):
        return "(line): a game's results are a mapping with seed, winners, reason, actions and rounds"
    for key in ("seed", "winners", "reason", "actions", "rounds"):
        if key not in d:
            return f"{key}: required field is missing"
    if not _whole(d["seed"], -(2 ** 63), 2 ** 63):
        return f"seed: expected a whole number, got {cut(d['seed'])}"
    w = d["winners"]
    if not isinstance(w, list) or not all(_whole(p, 0, players - 1) for p in w) or len(set(w)) != len(w):
        return (f"winners: expected distinct seats 0 to {players - 1} of this {players}-player run, "
                f"got {cut(w)}")
    if not isinstance(d["reason"], str) or len(d["reason"]) > MAX_REASON:
        return f"reason: expected text of at most {MAX_REASON} characters, got {cut(d['reason'])}"
    if not _whole(d["actions"], 0, MAX_ACTIONS):
        return f"actions: expected a whole number from 0, got {cut(d['actions'])}"
    if d["rounds"] is not None and not _whole(d["rounds"], 0, MAX_ACTIONS):
        return f"rounds: expected a whole number from 0, got {cut(d['rounds'])}"
    if d.get("first") is not None and not _whole(d["first"], 0, players - 1):
        return f"first: expected a seat 0 to {players - 1}, got {cut(d['first'])}"
    sides = d.get("sides")
    if sides is not None and (not isinstance(sides, list) or len(sides) > players or
                              not all(s is None or (isinstance(s, str) and len(s) <= 100) for s in sides)):
        return f"sides: expected at most {players} side names, got {cut(sides)}"
    for key in ("deaths", "final"):
        if key in d and not _points(d[key], players):
            return f"{key}: expected [x, y, owner] places, got {cut(d[key])}"
    control = d.get("control")
    if control is not None and not (isinstance(control, list) and all(
            isinstance(obj, list) and all(isinstance(b, list) and all(_whole(n, 0, MAX_ACTIONS) for n in b)
                                          for b in obj) for obj in control)):
        return f"control: expected counts per objective and time, got {cut(control)}"
    objectives = d.get("objectives")
    if objectives is not None and not (isinstance(objectives, list) and all(
            isinstance(o, list) and len(o) == 3 and isinstance(o[0], str) and len(o[0]) <= 100
            and _number(o[1]) and _number(o[2]) for o in objectives)):
        return f"objectives: expected [name, x, y] per objective, got {cut(objectives)}"
    return trace_problem(d, players)              # the judge's own fields: swaps, deal, the trace


def _diff(old, new: dict) -> str:
    if not isinstance(old, dict):
        return "no run settings"
    keys = [k for k in new if old.get(k) != new[k]]
    return ", ".join(f"{k} {cut(old.get(k), 60)} here, {cut(new[k], 60)} now" for k in keys) or "different settings"
