"""Ending a game by agreement, for every game: a player concedes, or the
table agrees to a draw.

These are actions like any other (logged, saved, replayed) but the engine
judges them, not the game's rules: `Match.submit` hands them here and the
ruleset never sees them, so every game supports them without a line of its
own.  Computers never offer them (they are not in `legal_actions`).

- `concede_game` (player p): p gives up; with two sides the others win;
  with more players every other player shares the win (a hotseat group that
  wants to play on without p simply does not concede).
- `agree_draw` (player p proposes, the table has agreed at the screen): the
  game ends with no winner.
"""
from __future__ import annotations

from typing import Callable

from engine.core.actions import Action
from engine.core.rules import Event, Illegal, Outcome

CONCEDE = "concede_game"
DRAW = "agree_draw"
KINDS = (CONCEDE, DRAW)
# no rulebook rules this: the engine does, for every game alike (no citation link)
RULE = ""


def is_ending(action: Action) -> bool:
    return action.kind in KINDS


def concede(player: int) -> Action:
    return Action.make(CONCEDE, player)


def draw(player: int) -> Action:
    return Action.make(DRAW, player)


def check(action: Action, players: int) -> Illegal | None:
    if not 0 <= action.player < players:
        return Illegal(f"There is no player {action.player + 1} in this game.")
    if action.params:
        return Illegal("Conceding and agreeing a draw take no details.")
    return None


def outcome(action: Action, players: int, name: Callable[[int], str]) -> tuple[Outcome, Event]:
    """The outcome an ending action gives and its log event; `name(p)` is a
    player's name."""
    p = action.player
    if action.kind == CONCEDE:
        winners = tuple(q for q in range(players) if q != p)
        who = " and ".join(name(q) for q in winners)
        reason = f"{name(p)} concedes; {who} win{'s' if len(winners) == 1 else ''}"
        return Outcome(winners, reason, RULE), Event("victory", reason, RULE, depth=0)
    reason = "The players agree to a draw"
    return Outcome((), reason, RULE), Event("victory", f"{reason} (proposed by {name(p)})", RULE, depth=0)
