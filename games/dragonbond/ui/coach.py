"""What the coach watches for a learner in a guided game's free play
(engine/core/lessons.py `Lesson.watch`): on the learner's own turn, with no
decision waiting, the score in the last round, an enemy army on its last
models (a win at once), the objective (who would score it if the round
ended now), a unit of the learner's that is exhausted or engaged, and the
turns left.  Words with their rule; at most two at a time, so the coach
panel keeps room for the turn's instruction."""
from __future__ import annotations

from games.dragonbond.rules import space, stats, turns

MOST = 2
R_SCORING = "dragonbond.txt § Scoring"
R_CONTROL = "dragonbond.txt § Controlling Objectives"
R_END = "dragonbond.txt § Ending the Game"
R_EXHAUSTION = "dragonbond.txt § Exhaustion Penalty"
R_OA = "dragonbond.txt § 1. Opportunity Attack"
R_COUNTER = "dragonbond.txt § Turn Counter"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _be(u) -> str:
    """A unit's name takes "are" when its card has several models (the Duelists), else "is" (Nagasha)."""
    return "are" if stats.card(u).models > 1 else "is"


def watch(state, learner: int) -> list[tuple[str, str]]:
    """(sentence, rule) for what matters now, the most urgent first."""
    if state.phase != "battle" or state.pending or state.current != learner:
        return []
    me = state.players[learner]
    others = [p for p in state.players if p.index != learner and not p.out]
    out: list[tuple[str, str]] = []
    if state.round >= turns.ROUNDS and others:
        best = max(others, key=lambda p: p.score)
        out.append((f"Round {state.round}, the last: you {me.score}, {best.name} {best.score} points; the objective "
                    "scores once more when the round ends.", R_SCORING))
    if len(others) == 1:
        foe = others[0]
        left = turns.units_of(state, foe.index)
        if len(left) == 1:
            u = left[0]
            out.append((f"{foe.name} has one unit left, {stats.name(state, u)} ({_plural(len(u.models), 'model')}): "
                        "destroying it ends the game, with 3 more points for you.", R_END))
    if state.options.get("mode", "control") == "control":
        for i, obj in enumerate(space.objectives(state)):
            mine = space.models_on(state, obj, learner)
            theirs = max((space.models_on(state, obj, p.index) for p in others), default=0)
            name = obj.name or f"objective {i + 1}"
            name = name[:1].upper() + name[1:]
            if not mine and not theirs:
                continue
            if mine > theirs:
                how = "it scores for you if that holds when the round ends"
            elif mine == theirs:
                how = "contested: nobody would score it now"
            else:
                how = "the enemy scores it when the round ends unless you bring more models within 3 inches"
            out.append((f"{name}: {mine} of your models within 3 inches, {theirs} of the enemy's: {how}.", R_CONTROL))
    for u in turns.units_of(state, learner):
        if u.exhaustion:
            out.append((f"Your {stats.name(state, u)} {_be(u)} exhausted ({_plural(u.exhaustion, 'token')} "
                        "beside it): slower, weaker dice, no run, charge or power. Rest (T) removes a token.",
                        R_EXHAUSTION))
    for u in turns.units_of(state, learner):
        foes = space.in_combat_with(state, u)
        if foes:
            who = " and ".join(stats.name(state, state.units[f]) for f in sorted(foes))
            out.append((f"Your {stats.name(state, u)} {_be(u)} engaged with {who}: moving away without Disengage (G) "
                        "gives them an opportunity attack.", R_OA))
            break
    if me.turns and others:
        foe_turns = sum(p.turns for p in others)
        out.append((f"You have {_plural(me.turns, 'turn')} left this round, the enemy {foe_turns}.", R_COUNTER))
    return out[:MOST]
