"""What the coach watches for a learner in a guided game's free play
(engine/core/lessons.py `Lesson.watch`): on the learner's own turn, the
dangers first (full fatigue: no portal, and a rider about to fall off;
a rival about to deliver), the victory points in the last round (who
plays on after a roost), then the next step of the race (pick up a rider,
carry it through a portal, drop it off), and blood points enough for a
victory point.  Words with their rule; at most two at a time, so the coach
panel keeps room for the turn's instruction."""
from __future__ import annotations

from engine.core.words import a_or_an
from games.uberdrakes.rules.combat import reward_cost
from games.uberdrakes.rules.common import (R_BATTLE_ROYALE, R_BLOOD_REWARDS, R_DELIVER, R_LOSE, R_PICKING, R_PUSH)
from games.uberdrakes.ui.view import element_name

MOST = 2


def watch(state, learner: int) -> list[tuple[str, str]]:
    """(sentence, rule) for what matters now, the most urgent first."""
    if state.phase != "play" or state.combat is not None or state.pending is not None or state.active != learner:
        return []
    me = state.players[learner]
    out: list[tuple[str, str]] = []
    if me.fatigue >= state.catalog.economy.max_fatigue:
        if me.rider:
            out.append((f"3 fatigue with the {state.catalog.riders[me.rider].name} aboard: one more point (a push, a "
                        "blocked move, a lost fight) knocks it off. Heal first: your own element's space, a Rest "
                        "Potion, or 5 blood points.", R_LOSE))
        else:
            out.append(("3 fatigue: you cannot push or use a portal until you heal (your own element's space, a "
                        "Rest Potion, 5 blood points, or the next round).", R_PUSH))
    for o in state.players:
        if o.index != learner and o.rider and o.portaled and not o.roosted:
            el = element_name(state.catalog, state.catalog.riders[o.rider].element).lower()
            out.append((f"The {o.name}'s {state.catalog.riders[o.rider].name} has been through a portal: it can be dropped "
                        f"off on {a_or_an(el)} space soon. A dragon standing next to it must be fought first.", R_DELIVER))
    if state.round >= state.rounds:
        others = [o for o in state.players if o.index != learner]
        best = max(others, key=lambda o: o.vp)
        if all(o.roosted for o in others):
            then = ("the game ends when you roost" + (", and a tie goes to the Final Battle" if best.vp == me.vp
                                                     else ""))
        else:
            then = f"once you roost, the {best.name} plays on alone until it roosts too"
        out.append((f"Last round: you {me.vp}, the {best.name} {best.vp} victory points; {then}.", R_BATTLE_ROYALE))
    if me.rider:
        r = state.catalog.riders[me.rider]
        el = element_name(state.catalog, r.element).lower()
        if me.portaled:
            out.append((f"Your {r.name} has been through a portal: stop on {a_or_an(el)} space to drop it off (1 victory "
                        "point).", R_DELIVER))
        else:
            out.append((f"Carry the {r.name} through a portal (1 fatigue), then stop on {a_or_an(el)} space.", R_DELIVER))
    else:
        out.append(("Pick up a rider: stop in a rider camp, west or east (the green spaces with a flag).",
                    R_PICKING))
    cost = reward_cost(state, learner, "vp")
    if me.blood >= cost:
        out.append((f"You have {me.blood} blood points: {cost} buy a victory point (Exchange blood, X: an "
                    "action).", R_BLOOD_REWARDS))
    return out[:MOST]
