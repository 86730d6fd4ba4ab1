"""Computer players, off the render loop's critical path.

The agent thinks in a worker thread on a cloned state (the legal actions
are listed there too); the screen polls for the answer, shows that the
computer is thinking meanwhile, checks the position has not changed, and
submits it on the main thread after a pause a person can follow.
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
        self.weighed: list = []             # the hard agent's ideas (engine.core.search.Weighed), chosen first
        self.hint = None                    # for a hint: the plan in words (engine.core.hint.Hint)
        self.error: BaseException | None = None
        self.started = 0.0
        self.done_at = 0.0

    @property
    def thinking(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def start(self, match, version: int, seat: str, plan: bool = False) -> None:
        """Think for the player to act in a worker thread: the copy of the
        position, the legal actions and the agent are all made there, so
        nothing heavy runs on the screen's thread.  `plan` (the hint): also
        the steps that follow the choice as part of the same idea
        (engine/core/hint.py)."""
        rules = match.rules
        state = rules.clone(match.state)      # a copy now: the match moves on while the worker thinks
        game, seed, done = match.setup.game, match.setup.seed, len(match.actions)
        rng = random.Random(hash((seed, done, seat)) & 0xFFFFFFFF)
        self.version = version
        self.result = None
        self.reason = ""
        self.weighed = []
        self.hint = None
        self.error = None
        self.started = time.perf_counter()

        def work():
            try:
                legal = rules.legal_actions(state)
                p = rules.to_act(state)
                legal = [a for a in legal if a.player == p] or legal
                if not legal:
                    self.result = None
                else:
                    agent = agent_for(game, seat, rules)
                    self.result = agent.choose(state, legal, rng)
                    self.reason = getattr(agent, "last_reason", "") or ""
                    self.weighed = list(getattr(agent, "last_weighed", []) or [])
                    if plan:
                        from engine.core.hint import make_hint
                        self.hint = make_hint(game, rules, state, agent, self.result, self.reason,
                                              self.weighed, rng)
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
