"""Activating a Character (warbound.txt § Activate a Character, § Additional
activation, § The Action Board, § Character cards: Active skills).

Pay the cost every time and place the tokens on an open Action; a Character
activated again this turn adds a Stress token when it has a Morale Point
pool.  Then the parts of the Action in any order (or only some), the active
skill once before or after a part, and the end of the activation, when
death and panic are checked (games/warbound/rules/panic.py).
"""
from __future__ import annotations

from engine.core.rules import Event
from games.warbound.rules import actionboard, fight, initiative, movement, panic, scenario, shooting, skills, wounds
from games.warbound.rules.profile import has_pool, stats
from games.warbound.rules.queries import label
from games.warbound.rules.state import Activation

R_ACT = "warbound.txt § Activate a Character"
R_AGAIN = "warbound.txt § Additional activation"


def activate_problem(state, a):
    ch = state.chars.get(a.get("uid"))
    if ch is None or ch.owner != a.player:
        return ("That is not one of your Characters.", R_ACT)
    if not ch.alive or not ch.deployed:
        return ("That Character is no longer in play.", R_ACT)
    sid = a.get("space")
    p = actionboard.space_problem(state, ch, sid)
    if p:
        return p
    colorless, colored = actionboard.cost(state, ch, sid)
    if actionboard.payment(state.players[a.player].tokens, colorless, colored, a.get("pay")) is None:
        cat = state.catalog
        need = ", ".join([f"{colorless} colorless"] * bool(colorless)
                         + [f"{n} {cat.factions[c].token}" for c, n in colored])
        return (f"Not enough Order tokens: {stats(state, ch).name} costs {need or 'nothing'} on this Action.", R_ACT)
    return None


def activate(state, a, events: list) -> None:
    cat = state.catalog
    ch = state.chars[a["uid"]]
    sid = a["space"]
    pl = state.players[a.player]
    colorless, colored = actionboard.cost(state, ch, sid)
    pay = actionboard.payment(pl.tokens, colorless, colored, a.get("pay"))
    for c, n in pay.items():
        pl.tokens[c] -= n
    state.closed[sid] = (a.player, tuple(sorted(pay.items())))
    state.passes = 0
    paid = ", ".join(f"{n} {cat.factions[c].token}" for c, n in sorted(pay.items())) or "no token"
    events.append(Event("activate", f"{pl.name} activates {label(state, ch)} on {actionboard.parts_name(state.catalog, sid)}, "
                                    f"paying {paid}.", R_ACT))
    if cat.board[sid].reduction and stats(state, ch).colorless:
        events.append(Event("ruling", "Move action cost reduction: only the colored costs are paid.",
                            actionboard.R_BOARD))
    initiative.taken(state, a.player, sid, events)
    if ch.activations > 0:
        if has_pool(state, ch):
            wounds.add_stress(state, ch, 1, events, R_AGAIN, " (additional activation)")
        else:
            events.append(Event("ruling", f"{label(state, ch)} has no Morale Point pool: an additional "
                                          "activation costs no Stress.", R_AGAIN))
    ch.activations += 1
    state.activation = Activation(ch.uid, sid, list(cat.board[sid].parts))
    state.last_activated = ch.uid
    settle(state, events)


def step_problem(state, a):
    act = state.activation
    ch = state.chars[act.uid]
    if a.player != ch.owner:
        return ("The activation in progress is the opponent's.", R_ACT)
    k = a.kind
    if k == "end_activation":
        return None
    if k == "skill":
        return skills.problem(state, ch, a)
    if k == "move":
        part = next((p for p in act.parts if p in ("move", "run")), None)
        if part is None:
            return ("This Action has no move left.", actionboard.R_BOARD)
        to = a.get("to")
        dests = [tuple(to)] + ([tuple(a["to2"])] if a.get("to2") is not None else [])
        if len(ch.minis) == 2 and len(dests) == 1:
            dests.append(ch.minis[1])
        return movement.move_problem(state, ch, dests, movement.allowance(state, ch, part))
    if k in ("shoot", "fight"):
        if k not in act.parts:
            return (f"This Action has no {k.title()} {'left' if k in act.did else 'part'}.", actionboard.R_BOARD)
        t = state.chars.get(a.get("target"))
        if t is None:
            return ("Choose an enemy Character.", R_ACT)
        if k == "shoot":
            return shooting.shooter_problem(state, ch) or shooting.target_problem(state, ch, t)
        return fight.fighter_problem(state, ch) or fight.target_problem(state, ch, t)
    return (f"{a.kind} is not possible during an activation.", R_ACT)


# ---- the steps of an activation, one per kind (the declarations name them: apply.py) ----------------

def step_end(state, a, dice, events: list) -> None:
    end(state, events)


def step_skill(state, a, dice, events: list) -> None:
    act = state.activation
    skills.use(state, state.chars[act.uid], a, dice, events)
    settle(state, events)


def step_move(state, a, dice, events: list) -> None:
    act = state.activation
    ch = state.chars[act.uid]
    part = next(p for p in act.parts if p in ("move", "run"))
    act.parts.remove(part)
    act.did.append(part)
    dests = [tuple(a["to"])] + ([tuple(a["to2"])] if a.get("to2") is not None else [])
    if len(ch.minis) == 2 and len(dests) == 1:
        dests.append(ch.minis[1])
    movement.move(state, ch, dests, movement.allowance(state, ch, part), dice, events,
                  why="runs" if part == "run" else "moves")
    settle(state, events)


def step_shoot(state, a, dice, events: list) -> None:
    act = state.activation
    act.parts.remove("shoot")
    act.did.append("shoot")
    aim = state.catalog.board[act.space].aim and act.shots == 0
    act.shots += 1
    shooting.shoot(state, state.chars[act.uid], state.chars[a["target"]], dice, events, aim)
    settle(state, events)


def step_fight(state, a, dice, events: list) -> None:
    act = state.activation
    act.parts.remove("fight")
    act.did.append("fight")
    fight.fight(state, state.chars[act.uid], state.chars[a["target"]], dice, events)
    settle(state, events)


def settle(state, events: list) -> None:
    """End the activation by itself when nothing is left to do in it."""
    act = state.activation
    if act is None:
        return
    ch = state.chars[act.uid]
    if any(actionboard.part_problem(state, ch, p) is None for p in act.parts):
        return
    if skills.options(state, ch):
        return
    end(state, events)


def end(state, events: list) -> None:
    act = state.activation
    ch = state.chars[act.uid]
    events.append(Event("ruling", f"End of {label(state, ch)}'s activation.", R_ACT))
    state.activation = None
    panic.end_of_activation(state, events)
    if scenario.wiped_out(state, events):
        return
    state.current = 1 - ch.owner
