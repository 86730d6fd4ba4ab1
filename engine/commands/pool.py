"""Running many independent games: on one core, on every core (a process
pool) or past one machine (Ray tasks), with a progress bar that estimates
the time left, Ctrl+C that keeps the games already played, and resuming
from a results file (engine/commands/results_file.py).

Every game is a `GameJob` played by `play_game`; its result depends only
on the job, so the results (ordered like the jobs) are the same whichever
way they were played; only the timing differs.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path

from engine.commands.playout import GameJob, play_game
from engine.core import registry

ROOT = Path(__file__).resolve().parents[2]


class RunError(Exception):
    """The run could not start (no Ray, an unreachable cluster): said in words."""


def default_workers() -> int:
    return os.cpu_count() or 1


def _quiet_worker() -> None:
    """Pool workers leave Ctrl+C to the parent, which decides what to keep."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    registry.load_all()


def _context():
    # forkserver: workers fork from a clean server that preloaded the games,
    # never from a parent holding threads (the app's window, a progress bar).
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["engine.commands.playout"] + list(registry.GAME_MODULES))
        return ctx
    return multiprocessing.get_context("spawn")


class Run:
    """The games of one run and how far it got."""

    def __init__(self, jobs: list[GameJob], results=None, progress: bool = True, label: str = "games",
                 on_game=None):
        self.jobs = jobs
        self.results = results                       # a ResultsFile, or None
        self.done: dict[int, dict] = dict(results.games) if results is not None else {}
        self.done = {j.seed: self.done[j.seed] for j in jobs if j.seed in self.done}
        self.resumed = len(self.done)                # games kept from an earlier run
        self.interrupted = False
        self.on_game = on_game                       # called with (done, total) after each game
        self.bar = None
        if progress:
            from tqdm import tqdm
            self.bar = tqdm(total=len(jobs), initial=len(self.done), desc=label, unit="game",
                            file=sys.stderr, dynamic_ncols=True, smoothing=0.1)

    def todo(self) -> list[GameJob]:
        return [j for j in self.jobs if j.seed not in self.done]

    def record(self, result: dict) -> None:
        self.done[result["seed"]] = result
        if self.results is not None:
            self.results.add(result)
        if self.bar is not None:
            self.bar.update(1)
        if self.on_game is not None:
            self.on_game(len(self.done), len(self.jobs))

    def ordered(self) -> list[dict]:
        return [self.done[j.seed] for j in self.jobs if j.seed in self.done]

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def run_games(jobs: list[GameJob], workers: int | None = None, cluster: str | None = None, results=None,
              progress: bool = True, label: str = "games", on_game=None) -> Run:
    """Play every job not already in `results`; returns the Run (its
    `ordered()` results, and `interrupted` when Ctrl+C stopped it)."""
    run = Run(jobs, results, progress, label, on_game)
    workers = max(1, workers or default_workers())
    try:
        todo = run.todo()
        if not todo:
            pass
        elif cluster:
            _on_ray(run, todo, cluster, workers)
        elif workers == 1 or len(todo) == 1:
            for job in todo:
                run.record(play_game(job))
        else:
            _on_pool(run, todo, workers)
    except KeyboardInterrupt:
        run.interrupted = True
    finally:
        run.close()
    return run


POLL = 0.2             # seconds between looks at a Ctrl+C while the pool plays


def _on_pool(run: Run, todo: list[GameJob], workers: int) -> None:
    """Ctrl+C is counted by a handler, never raised inside the futures'
    waits: an exception thrown there can leave a future's lock held, and
    the pool's manager thread then never completes it (a run that hung
    after Ctrl+C, seen on a loaded machine)."""
    ex = ProcessPoolExecutor(max_workers=min(workers, len(todo)), mp_context=_context(), initializer=_quiet_worker)
    pending = {ex.submit(play_game, job) for job in todo}
    stops: list[int] = []                # Ctrl+C presses
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, lambda signum, frame: stops.append(signum)) if main else None
    try:
        while pending and not stops:
            finished, pending = wait(pending, timeout=POLL, return_when=FIRST_COMPLETED)
            for f in finished:
                run.record(f.result())
        if not stops:
            ex.shutdown(wait=True)
            return
        run.interrupted = True
        for f in pending:
            f.cancel()
        running = {f for f in pending if not f.cancelled()}
        if running:
            sys.stderr.write(f"\nstopping: finishing the {len(running)} games being played (Ctrl+C again drops them)\n")
        while running and len(stops) < 2:
            finished, running = wait(running, timeout=POLL)
            for f in finished:
                if f.exception() is None:
                    run.record(f.result())
        if running:
            for p in list(getattr(ex, "_processes", {}).values()):
                p.terminate()
        ex.shutdown(wait=False, cancel_futures=True)
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)


def _ray_init(address: str, workers: int):
    try:
        import ray
    except ImportError:
        raise RunError("--cluster needs Ray: pip install 'warbench[cluster]' (or pip install 'ray[default]')") from None
    if ray.is_initialized():
        return ray, False
    opts = dict(include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    try:
        if address == "local":
            # a local cluster: its workers import this checkout from the driver's sys.path
            ray.init(num_cpus=workers, **opts)
        else:
            # an existing cluster: ship this checkout (code, data, maps) to its workers
            env = {"working_dir": str(ROOT), "excludes": [".git", ".venv", "tests", "__pycache__", "*.png"]}
            ray.init(address=address, runtime_env=env if (ROOT / "main.py").exists() else None, **opts)
    except Exception as e:  # noqa: BLE001 - Ray's many ways to fail to connect, in words
        raise RunError(f"--cluster {address}: could not start or reach Ray: {e}") from None
    return ray, True


def _on_ray(run: Run, todo: list[GameJob], address: str, workers: int) -> None:
    ray, started = _ray_init(address, workers)
    remote = ray.remote(play_game)
    refs = {remote.remote(job): job for job in todo}
    pending = list(refs)
    try:
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                run.record(ray.get(ref))
    except KeyboardInterrupt:
        run.interrupted = True
        for ref in pending:
            ray.cancel(ref, force=True)
    finally:
        if started:
            ray.shutdown()
