"""What the coach watches for a learner in Warbound's guided game free play
(engine/core/lessons.py `Lesson.watch`): the score and what a Cleanup now
would give each side (the Exploration scenario scores Scan markers and the
turn's objective card at every Cleanup; the most Victory Points after turn
5 win), the Hourglass, and Characters one hit or one Stress token from
removal or panic, in words with their rule."""
from __future__ import annotations

from games.warbound.rules import scenario
from games.warbound.rules.actionboard import parts_name
from games.warbound.rules.profile import stats
from games.warbound.rules.queries import label, living

R_SCEN = "docs/games/warbound.md § Exploration scenario"
R_VICTORY = "warbound.txt § Victory condition"
R_INIT = "warbound.txt § Initiative"
R_PANIC = "warbound.txt § Panic"
R_DEATH = "warbound.txt § Death of a Character"


def cleanup_now(state) -> tuple[tuple[int, int], dict]:
    """The Victory Points a Cleanup now would add to each player (Scan
    markers and the objective card, as scenario.score_cleanup scores them),
    and the markers each would control."""
    s2 = state.copy()
    before = [p.vp for p in s2.players]
    scenario.score_cleanup(s2, [])
    held = {0: [], 1: []}
    for h in state.board.scans:
        who = scenario.controller(state, h)
        if who is not None:
            held[who].append(h)
    return (s2.players[0].vp - before[0], s2.players[1].vp - before[1]), held


def watch(state, learner: int) -> list[tuple[str, str]]:
    """(sentence, rule), the most pressing first (the coach shows three)."""
    if state.phase not in ("action", "leader", "effect", "cleanup"):
        return []
    out: list[tuple[str, str]] = []
    me, foe = state.players[learner], state.players[1 - learner]
    if state.phase != "action":                  # a decision (Leader skill, Hourglass, Hand, token): the score
        return [(f"Score {me.vp} to {foe.vp}, turn {state.turn} of {scenario.scenario(state).turns}.", R_SCEN)]
    gain, held = cleanup_now(state)
    cat = state.catalog
    ob = f", {cat.objectives[state.objective].name} included" if state.objective else ""
    where = lambda p: ", ".join(state.board.label(h) for h in held[p]) or "no marker"   # noqa: E731
    now = (f"Score {me.vp} to {foe.vp}. A Cleanup now: you +{gain[learner]} ({where(learner)}), "
           f"{foe.name} +{gain[1 - learner]} ({where(1 - learner)}){ob}.")
    last = state.turn >= scenario.scenario(state).turns          # no initiative is taken after the last turn
    out.append((f"Last turn: the most Victory Points after this Cleanup win. {now}", R_VICTORY) if last
               else (now, R_SCEN))
    if state.hourglass_space and state.hourglass_space not in state.closed and not last:
        mark = parts_name(state.catalog, state.hourglass_space)
        if state.hand == learner and state.hourglass != learner:
            out.append((f"The Hourglass is on {mark}: take that Action this turn, or {foe.name} takes the Hand.",
                        R_INIT))
        elif state.hourglass == learner and state.hand != learner:
            out.append((f"Your Hourglass is on {mark}: unless {foe.name} takes it, the Hand is yours at Cleanup.",
                        R_INIT))
    for c in living(state, 1 - learner):
        if stats(state, c).hp - c.wounds == 1:
            out.append((f"{label(state, c)} has 1 Health Point left: one hit removes it.", R_DEATH))
    for c in living(state, learner):
        st = stats(state, c)
        if st.hp - c.wounds == 1:
            out.append((f"Your {st.name} has 1 Health Point left: keep it out of sight and reach.", R_DEATH))
        elif st.morale is not None and st.morale - c.stress == 1:
            out.append((f"Your {st.name} has {c.stress} of {st.morale} Stress: one more die at it, or another "
                        "activation, and it panics.", R_PANIC))
    if state.turn == 3 and state.period == 2:
        out.append(("Period 2 has begun: four more Actions are open (the second row), Aim + Shoot among them.",
                    "warbound.txt § The Action Board"))
    return out
