"""Playing one game headless, the unit every run is made of.

`play_out` is the fastest path (simulate, bench, the fuzz tests).
`play_game(GameJob)` plays one game of a run from plain data and returns
plain data, so the same function runs in this process, in a process pool
or as a Ray task; with `trace` it also gathers what the judge draws
(engine/core/judging.py: where units died, where they stood when the game
was decided, who held each objective over time).  A game's result depends
only on its job (the seed), never on which worker played it.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.core import collector, overrides, registry
from engine.core.agents import make_agent
from engine.core.dice import SeededDice
from engine.core.rules import Setup

TIME_BINS = 10           # objective control: the game's length cut into tenths


def play_out(rules, setup: Setup, agents: list, max_actions: int = 4000, on_step=None,
             list_legal: bool = False) -> dict:
    """Play one game to its end (or the action cap) without a Match: the
    fastest path, used by simulate, bench and the fuzz tests.  Agents that
    can sample (RandomAgent) skip listing every legal action unless
    `list_legal`; `on_step(state, action, legal_or_None)` sees each step."""
    collector.tune()
    dice = SeededDice(setup.seed)
    rng = random.Random(setup.seed ^ 0x5EED)
    state, _ = rules.initial_state(setup, dice)
    n = 0
    actions = []
    while n < max_actions:
        if rules.outcome(state) is not None:
            break
        p = rules.to_act(state)
        if not list_legal and getattr(agents[p], "samples", False):
            legal = None
            a = agents[p].choose(state, None, rng)
        else:
            legal = rules.legal_actions(state)
            mine = [a for a in legal if a.player == p]
            if not mine:
                raise AssertionError(f"no legal action for player {p} in an unfinished game")
            a = agents[p].choose(state, mine, rng)
        rules.apply(state, a, dice)
        actions.append(a)
        n += 1
        if on_step is not None:
            on_step(state, a, legal)
    out = rules.outcome(state)
    return {"winners": list(out.winners) if out else [], "reason": out.reason if out else "action cap reached",
            "actions": n, "rounds": getattr(state, "round", 0), "state": state, "log": actions, "rolls": dice.history}


@dataclass(frozen=True)
class GameJob:
    """One game of a run, as plain data (it travels to other processes)."""
    game: str
    players: int
    seed: int
    scenario: str
    seats: tuple[str, ...]
    options: dict = field(default_factory=dict)
    max_actions: int = 4000
    trace: bool = False

    def run_key(self) -> dict:
        """What every game of one run shares (a results file must match it to resume)."""
        return {"game": self.game, "players": self.players, "scenario": self.scenario, "seats": list(self.seats),
                "options": dict(self.options), "max_actions": self.max_actions, "trace": self.trace}


class _Trace:
    """Follows a game through the judge's frames (ruleset.judge_frame)."""

    def __init__(self, rules, trace: bool):
        self.rules = rules
        self.trace = trace and rules.judge_frame is not None
        self.first = None
        self.last = {}
        self.deaths: list = []
        self.holders: list = []
        self.frame = None

    def step(self, state, action, legal) -> None:
        if self.first is None and not self.rules.in_setup(state):
            self.first = self.rules.to_act(state)
        if not self.trace:
            return
        frame = self.rules.judge_frame(state)
        if frame is None:
            self.trace = False
            return
        now = {s.key: s for s in frame.units}
        for key, s in self.last.items():
            if key not in now:
                self.deaths.append([s.x, s.y, s.owner])
        self.last = now
        self.holders.append([o.holder for o in frame.objectives])
        self.frame = frame

    def summary(self, state) -> dict:
        out: dict = {"first": self.first}
        final = self.rules.judge_frame(state)
        if final is not None and final.sides:
            out["sides"] = list(final.sides)
        if self.frame is None:
            return out
        f = self.frame
        out["deaths"] = self.deaths
        out["final"] = [[s.x, s.y, s.owner] for s in f.units]
        n = len(self.holders)
        players = len(f.sides) if f.sides else 1 + max([s.owner for s in f.units] + [0])
        control = [[[0] * (players + 1) for _ in range(TIME_BINS)] for _ in f.objectives]
        for i, held in enumerate(self.holders):
            b = min(TIME_BINS - 1, i * TIME_BINS // max(1, n))
            for j, h in enumerate(held[:len(control)]):
                control[j][b][players if h is None or h >= players else h] += 1
        out["control"] = control
        out["objectives"] = [[o.name, o.x, o.y] for o in f.objectives]
        return out


def play_game(job: GameJob) -> dict:
    """Play the job's game; its result as plain data (JSON-ready)."""
    collector.tune()
    rules = registry.get(job.game)
    agents = [make_agent(job.game, name, rules, batch=True) for name in job.seats]
    setup = Setup(job.game, job.players, seed=job.seed, scenario=job.scenario, seats=tuple(job.seats),
                  options=dict(job.options))
    trace = _Trace(rules, job.trace)
    with overrides.forbidden("simulate and judge"):    # also in a worker process: never an override
        r = play_out(rules, setup, agents, job.max_actions, on_step=trace.step)
    out = {"seed": job.seed, "winners": r["winners"], "reason": r["reason"], "actions": r["actions"],
           "rounds": r["rounds"]}
    out.update(trace.summary(r["state"]))
    return out
