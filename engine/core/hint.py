"""The hint (the match screen's H): what the computer would do in the
human's place, as a plan of steps "Play it" can carry out, in words.

A hint is the hard level's choice and, where a step belongs to the same
idea (the game's `plan_follows(state, previous, step)` hook in its ai
module: the attack after the move that closes in, the shot after the
activation; without the hook, the next step of the same unit, by the
`uid` both name), the steps its player would take next, up to and including the
first one the dice decide: after a roll the real dice may go otherwise, so
the plan says no more.  Its words are the steps as the log says them, the
reason of the first (a goal, a threat, a rule), the rules' own previews of
each step (the odds where dice decide) and the other ideas weighed, by name
only: no figure of the search reaches the screen.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core.actions import Action
from engine.core.computer_players import Agent
from engine.core.dice import SeededDice
from engine.core.search import Weighed, words_of

if TYPE_CHECKING:
    from engine.core.game import Game

# (state, previous step, next step) -> the next step continues the plan; the state is any game's
Follows = Callable[[Any, Action, Action], bool]

MAX_STEPS = 4           # steps a plan holds at most


@dataclass(frozen=True)
class Hint:
    steps: tuple[Action, ...]        # what "Play it" submits, in order
    said: tuple[str, ...]            # each step as the log says it
    why: str                         # the reason in the game's words
    odds: tuple[str, ...]            # the rules' previews of the steps
    others: tuple[str, ...]          # the other ideas weighed, in words

    @property
    def title(self) -> str:
        return ", then ".join(self.said)


def same_unit(state: Any, previous: Action, step: Action) -> bool:
    """The default: a step continues the idea when it moves the same unit on."""
    uid = previous.get("uid")
    return uid is not None and step.get("uid") == uid and step.kind != previous.kind


def follows_hook(rules: Game) -> Follows:
    """The game's `plan_follows` (ComputerPlayers), else `same_unit`."""
    computer = rules.computer()
    return (computer.plan_follows if computer else None) or same_unit


def make_hint(game: str, rules: Game, state: Any, agent: Agent, first: Action, why: str, weighed: Sequence[Weighed],
              rng: random.Random) -> Hint:
    """The plan that starts with `first` (the agent's choice in `state`, a
    copy the plan may change): the later steps are its player's choices
    while the game says they continue the same idea."""
    follows: Follows | None = follows_hook(rules)
    if follows is same_unit and first.get("uid") is None:
        follows = None                  # nothing names a unit the next step could move on
    player: Agent = getattr(agent, "normal", agent)      # the hard level's own player chooses the later steps
    me = first.player
    steps, said, odds = [first], [words_of(rules, state, first)], _preview(rules, state, first)
    others: list[str] = []
    for w in weighed:                 # worded on the position the hint is for, before the plan plays on it
        if w.action == first or not w.futures:
            continue
        words = words_of(rules, state, w.action)
        if words not in others and words != said[0]:
            others.append(words)
    s = state
    dice = SeededDice(rng.randrange(1 << 30))
    rolled = False
    while follows is not None and len(steps) < MAX_STEPS:
        before = dice.rolled
        prev = steps[-1]
        rules.apply(s, prev, dice)
        if dice.rolled != before:
            rolled = True
        if rolled or rules.outcome(s) is not None or rules.to_act(s) != me:
            break
        legal = [a for a in rules.legal_actions(s) if a.player == me]
        if not legal:
            break
        nxt = player.choose(s, legal, rng)
        if not follows(s, prev, nxt):
            break
        steps.append(nxt)
        said.append(words_of(rules, s, nxt))
        odds.extend(_preview(rules, s, nxt))
    return Hint(tuple(steps), tuple(said), why, tuple(odds), tuple(others[:3]))


def _preview(rules: Game, state: Any, action: Action) -> list[str]:
    try:
        return [ln for ln in (rules.preview(state, action) or []) if ln]
    except Exception:  # noqa: BLE001 - a preview is a courtesy
        return []
