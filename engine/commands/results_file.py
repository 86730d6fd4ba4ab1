"""A run's results file, for stopping and resuming long runs.

JSON lines: the first says what run it holds (`GameJob.run_key`), each
further line is one finished game keyed by its seed, appended and flushed
as soon as the game ends.  Running the same command again with the same
file plays only the seeds it lacks.  The file is untrusted: problems are
`file:line: what`; a last line cut short (the run was killed while
writing) is dropped with a note.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from engine.core.catalog import DataError

FORMAT = 1


class ResultsFile:
    def __init__(self, path, run: dict):
        self.path = Path(path)
        self.run = run
        self.games: dict[int, dict] = {}
        if self.path.exists() and self.path.stat().st_size > 0:
            self._read()
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._append({"warbench_results": FORMAT, "run": run})

    def _read(self) -> None:
        text = self.path.read_text(encoding="utf-8")
        lines = text.split("\n")
        complete = text.endswith("\n")
        where = str(self.path)
        problems = []
        for i, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                d = json.loads(line)
            except ValueError as e:
                if i == len(lines) and not complete:
                    sys.stderr.write(f"{where}:{i}: the last game was cut short while being written; it is played again\n")
                    self._truncate(text[: text.rfind("\n") + 1])
                    break
                problems.append(f"{where}:{i}: not JSON: {e}")
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
            if not isinstance(d, dict) or not isinstance(d.get("seed"), int) or not isinstance(d.get("winners"), list):
                problems.append(f"{where}:{i}: seed: a game needs an integer seed and a list of winners")
                continue
            self.games[d["seed"]] = d
        if problems:
            raise DataError(problems)

    def _truncate(self, text: str) -> None:
        self.path.write_text(text, encoding="utf-8")

    def _append(self, d: dict) -> None:
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(d, sort_keys=True) + "\n")
            f.flush()

    def add(self, result: dict) -> None:
        self.games[result["seed"]] = result
        self._append(result)


def _diff(old, new: dict) -> str:
    if not isinstance(old, dict):
        return "no run settings"
    keys = [k for k in new if old.get(k) != new[k]]
    return ", ".join(f"{k} {old.get(k)!r} here, {new[k]!r} now" for k in keys) or "different settings"
