"""Computer players, off the render loop's critical path.

The agent thinks in a worker thread on a cloned state; the screen polls for
the answer, checks the position has not changed meanwhile, and submits it
on the main thread after a pause a person can follow.
"""
from __future__ import annotations

import random
import threading
import time


from engine.core.agents import RandomAgent


_agents: dict = {}


def agent_for(game: str, seat: str, rules=None):
    """The agent for a computer seat (engine.core.agents finds the game's own);
    a seat name the game does not know gets its default agent."""
    key = (game, seat)
    if key in _agents:
        return _agents[key]
    agent = None
    try:
        from engine.core.agents import make_agent
        for name in (seat, "normal", "ai", "default"):
            try:
                agent = make_agent(game, name, rules)
                break
            except (KeyError, ValueError):
                continue
    except ImportError:
        agent = None
    if agent is None:
        agent = RandomAgent()
    _agents[key] = agent
    return agent


def agent_names(game: str) -> list[str]:
    """Names a launcher offers for computer seats: the difficulty levels
    (normal first), then random."""
    try:
        from engine.core.agents import level_names as names
        out = list(names(game))
    except ImportError:
        out = []
    return out or ["random"]


class AIRunner:
    def __init__(self) -> None:
        self.thread: threading.Thread | None = None
        self.version = -1
        self.result = None
        self.reason = ""                    # the agent's explanation of its choice
        self.odds: list = []                # the hard agent's candidates: (action, value, samples, why)
        self.error: BaseException | None = None
        self.started = 0.0
        self.done_at = 0.0

    @property
    def thinking(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def start(self, match, version: int, seat: str) -> None:
        rules = match.rules
        state = rules.clone(match.state)
        legal = [a for a in match.legal_actions() if a.player == match.to_act()] or match.legal_actions()
        agent = agent_for(match.setup.game, seat, rules)
        rng = random.Random(hash((match.setup.seed, len(match.actions), seat)) & 0xFFFFFFFF)
        self.version = version
        self.result = None
        self.reason = ""
        self.odds = []
        self.error = None
        self.started = time.perf_counter()

        def work():
            try:
                if not legal:
                    self.result = None
                else:
                    self.result = agent.choose(state, legal, rng)
                    self.reason = getattr(agent, "last_reason", "") or ""
                    self.odds = list(getattr(agent, "last_odds", []) or [])
            except BaseException as e:  # noqa: BLE001 - reported on the main thread
                self.error = e
            self.done_at = time.perf_counter()

        self.thread = threading.Thread(target=work, name="warbench-ai", daemon=True)
        self.thread.start()

    def ready(self, version: int) -> bool:
        return self.version == version and self.thread is not None and not self.thread.is_alive()

    def take(self):
        r, e = self.result, self.error
        self.thread = None
        self.result = None
        self.error = None
        self.version = -1
        if e is not None:
            raise e
        return r

    def cancel(self) -> None:
        # the thread works on a clone; its answer is simply dropped
        self.version = -1
        self.thread = None
