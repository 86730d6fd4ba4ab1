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
             list_legal: bool = False, on_start=None) -> dict:
    """Play one game to its end (or the action cap) without a Match: the
    fastest path, used by simulate, bench and the fuzz tests.  Agents that
    can sample (RandomAgent) skip listing every legal action unless
    `list_legal`; `on_start(state)` sees the new match before its first
    action (the judge's swaps), `on_step(state, action, legal_or_None)`
    sees each step."""
    collector.tune()
    dice = SeededDice(setup.seed)
    rng = random.Random(setup.seed ^ 0x5EED)
    state, _ = rules.initial_state(setup, dice)
    if on_start is not None:
        on_start(state)
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
    places: tuple[int, ...] = ()      # the judge's swaps: seat i plays from the place of seat places[i]
    armies: tuple[int, ...] = ()      # ... with the army dealt to seat armies[i] (ruleset judge_swap)
    dice_seed: int | None = None      # the dice, when not `seed` (a swapped game deals its twin's dice)

    def run_key(self) -> dict:
        """What every game of one run shares (a results file must match it to resume)."""
        return {"game": self.game, "players": self.players, "scenario": self.scenario, "seats": list(self.seats),
                "options": dict(self.options), "max_actions": self.max_actions, "trace": self.trace}


class _Trace:
    """Follows a game through the judge's frames (ruleset.judge_frame):
    where units died (and what they were, in which round), where they
    stood at the end, who held each objective over time and who held it
    first, and the round each seat first stood within reach of an enemy.
    Plain data for engine/commands/causes.py."""

    def __init__(self, rules, trace: bool):
        self.rules = rules
        self.trace = trace and rules.judge_frame is not None
        self.first = None
        self.last = {}
        self.deaths: list = []
        self.lost: list = []             # per death: [owner, kind, round]
        self.holders: list = []
        self.frame = None
        self.kind = "hex"
        self.held_first: list = []       # per objective: [seat, round] of its first holder
        self.reach: list = []            # per seat: the round it first stood within reach of an enemy
        self.reach_at: list = []         # ... and the action (its number in the game)
        self.steps = 0
        self.armies = None

    def start(self, state) -> None:
        if not self.trace:
            return
        canvas = self.rules.judge_canvas(state)
        self.kind = canvas.kind if canvas is not None else "hex"
        armies = self.rules.judge_army(state)
        if armies is not None:
            self.armies = [{"name": a.name, "strength": a.strength, "units": list(a.units), "measure": a.measure}
                           for a in armies]

    def step(self, state, action, legal) -> None:
        if self.first is None and not self.rules.in_setup(state):
            self.first = self.rules.to_act(state)
        self.steps += 1
        if not self.trace:
            return
        frame = self.rules.judge_frame(state)
        if frame is None:
            self.trace = False
            return
        rnd = getattr(state, "round", 0) or 0
        now = {s.key: s for s in frame.units}
        for key, s in self.last.items():
            if key not in now:
                self.deaths.append([s.x, s.y, s.owner])
                self.lost.append([s.owner, s.kind, rnd])
        self.last = now
        held = [o.holder for o in frame.objectives]
        self.holders.append(held)
        if len(self.held_first) < len(held):
            self.held_first += [None] * (len(held) - len(self.held_first))
        for j, h in enumerate(held):
            if h is not None and self.held_first[j] is None:
                self.held_first[j] = [h, rnd]
        if not self.rules.in_setup(state):
            self._reach(frame.units, rnd)
        self.frame = frame

    def _reach(self, units, rnd: int) -> None:
        from engine.core.judging import TOUCH, distance
        owners = {s.owner for s in units}
        if len(self.reach) <= max(owners, default=-1):
            self.reach_at += [None] * (max(owners) + 1 - len(self.reach))
            self.reach += [None] * (max(owners) + 1 - len(self.reach))
        touch = TOUCH.get(self.kind, 1.0)
        for p in owners:
            if self.reach[p] is not None:
                continue
            mine = [s for s in units if s.owner == p]
            others = [s for s in units if s.owner != p]
            if any(distance(self.kind, (a.x, a.y), (b.x, b.y)) <= max(touch, a.reach) for a in mine for b in others):
                self.reach[p] = rnd
                self.reach_at[p] = self.steps

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
        detail: dict = {"lost": self.lost, "kept": [[s.owner, s.kind] for s in f.units],
                        "held_first": self.held_first[:len(f.objectives)], "reach": self.reach[:players],
                        "reach_at": self.reach_at[:players]}
        if self.armies is not None:
            detail["armies"] = self.armies
        out["detail"] = detail
        return out


class SwapRefused(ValueError):
    """The game cannot play a judged game with its seats' places or armies swapped (the reason in words)."""


def play_game(job: GameJob) -> dict:
    """Play the job's game; its result as plain data (JSON-ready)."""
    collector.tune()
    rules = registry.get(job.game)
    agents = [make_agent(job.game, name, rules, batch=True) for name in job.seats]
    seed = job.seed if job.dice_seed is None else job.dice_seed
    setup = Setup(job.game, job.players, seed=seed, scenario=job.scenario, seats=tuple(job.seats),
                  options=dict(job.options))
    trace = _Trace(rules, job.trace)

    def start(state) -> None:
        if job.places or job.armies:
            why = rules.judge_swap(state, tuple(job.places), tuple(job.armies))
            if why:
                raise SwapRefused(why)
        trace.start(state)

    with overrides.forbidden("simulate and judge"):    # also in a worker process: never an override
        r = play_out(rules, setup, agents, job.max_actions, on_step=trace.step, on_start=start)
    out = {"seed": job.seed, "winners": r["winners"], "reason": r["reason"], "actions": r["actions"],
           "rounds": r["rounds"]}
    if job.dice_seed is not None:
        out["deal"] = job.dice_seed
    if job.places:
        out["places"] = list(job.places)
    if job.armies:
        out["armies_from"] = list(job.armies)
    out.update(trace.summary(r["state"]))
    return out
