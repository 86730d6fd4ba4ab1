"""What the coach watches for a learner in Warbound's guided game free play
(engine/core/lessons.py `Lesson.watch`): the score and what the coming
Cleanup would give (the Exploration scenario scores Scan markers and the
turn's objective card at every Cleanup, the most Victory Points after turn
5 win), the Hourglass, and Characters one hit or one Stress token from
removal or panic, in words with their rule."""
from __future__ import annotations

from games.warbound import scenario
from games.warbound.actionboard import parts_name
from games.warbound.catalog import load_catalog
from games.warbound.profile import stats
from games.warbound.queries import label, living

R_SCEN = "docs/games/warbound.md § Exploration scenario"
R_VICTORY = "warbound.txt § Victory condition"
R_INIT = "warbound.txt § Initiative"
R_PANIC = "warbound.txt § Panic"
R_DEATH = "warbound.txt § Death of a Character"


def held(state) -> dict:
    """The Scan markers each player would control at a Cleanup now."""
    out = {0: [], 1: []}
    for h in state.board.scans:
        who = scenario.controller(state, h)
        if who is not None:
            out[who].append(h)
    return out


def watch(state, learner: int) -> list[tuple[str, str]]:
    """(sentence, rule), the most pressing first (the coach shows three)."""
    if state.phase != "action":
        return []
    out: list[tuple[str, str]] = []
    me, foe = state.players[learner], state.players[1 - learner]
    marks = held(state)
    names = lambda hs: ", ".join(state.board.label(h) for h in hs) or "none"   # noqa: E731
    last = state.turn >= scenario.scenario(state).turns
    score = f"{me.vp} to {foe.vp}"
    if last:
        out.append((f"Turn {state.turn}, the last: after this Cleanup the most Victory Points win. You have {score}; "
                    f"you hold {names(marks[learner])}, {foe.name} {names(marks[1 - learner])}.", R_VICTORY))
    else:
        out.append((f"Score {score}. If the turn ended now you would hold the Scan markers {names(marks[learner])}, "
                    f"{foe.name} {names(marks[1 - learner])}.", R_SCEN))
    if state.objective:
        ob = load_catalog().objectives[state.objective]
        out.append((f"This turn's objective, {ob.name}: {ob.text}", R_SCEN))
    if state.hourglass_space and state.hourglass_space not in state.closed:
        where = parts_name(state.hourglass_space)
        if state.hand == learner and state.hourglass != learner:
            out.append((f"The Hourglass is on {where}: take that Action this turn or {foe.name} takes the Hand "
                        "at Cleanup.", R_INIT))
        elif state.hourglass == learner and state.hand != learner:
            out.append((f"Your Hourglass is on {where}: if {foe.name} does not take it, the Hand is yours at "
                        "Cleanup.", R_INIT))
    for c in living(state, 1 - learner):
        st = stats(state, c)
        if st.hp - c.wounds == 1:
            out.append((f"{label(state, c)} has 1 Health Point left: one hit removes it (1 Victory Point).", R_DEATH))
    for c in living(state, learner):
        st = stats(state, c)
        if st.hp - c.wounds == 1:
            out.append((f"Your {st.name} has 1 Health Point left: keep it out of sight and reach.", R_DEATH))
        elif st.morale is not None and st.morale - c.stress == 1:
            out.append((f"Your {st.name} has {c.stress} of {st.morale} Stress tokens: one more die at it, or a "
                        "second activation, and it panics.", R_PANIC))
    return out
