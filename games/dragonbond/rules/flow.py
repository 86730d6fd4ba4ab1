"""Opportunity attacks, reactions and casualties: the frames that ask for
them (games/dragonbond/rules/frames.py) and the steps that answer them, run by
the one turn loop (games/dragonbond/rules/turn_loop.py).

What happens next inside an action; the round and turn sequence is the
topic module games/dragonbond/rules/turns.py.

dragonbond.txt § Reactions (resolved before the action that triggered
them), § 1. Opportunity Attack, § 2. Powers, § Applying Wounds.
"""
from __future__ import annotations

from engine.core.rules import Event
from games.dragonbond.rules import stats, wounds
from games.dragonbond.rules.frames import AskOpportunityAttack, AskReaction, Casualties, CheckLastPlayer, push
from games.dragonbond.rules.state import DBState, Pending

R_OA = "dragonbond.txt § 1. Opportunity Attack"
R_REACT = "dragonbond.txt § 2. Powers"
R_TIMING = "dragonbond.txt § Activating Powers"

# ---- asking for opportunity attacks and reactions --------------------------------------------

def oa_candidates(state: DBState, mover_uid: int, leaving: bool = True) -> list[int]:
    """Enemy units that may make an opportunity attack on the mover now."""
    from games.dragonbond.rules import space
    mover = state.units[mover_uid]
    out = []
    for e in sorted(space.in_combat_with(state, mover)):
        eu = state.units[e]
        if state.turn is not None and e in state.turn.oa_spent:
            continue
        if space.flanked(state, eu):
            continue
        if not space.engaged_models(state, eu, mover):
            continue
        if not any(w.type == "melee" for w, _ in stats.weapons(state, eu)):
            continue
        out.append(e)
    return out


def note_flanked(state: DBState, leaving: list[int], cands: list[int], events: list) -> None:
    """Say why an engaged enemy makes no opportunity attack: it is flanked."""
    from games.dragonbond.rules import space
    for e in leaving:
        if e not in cands and space.flanked(state, state.units[e]):
            events.append(Event("ruling", f"{stats.name(state, state.units[e])} is flanked and cannot make an "
                                "opportunity attack", "dragonbond.txt § Flanking"))


def ask_oas(state: DBState, mover_uid: int, enemies: list[int], why: str) -> None:
    """Push the opportunity-attack questions (they run before what was
    pushed earlier)."""
    for e in reversed(enemies):
        push(state, AskOpportunityAttack(e, mover_uid, why))


def ask_oa(state: DBState, dice, events: list, reactor: int, target: int, why: str) -> None:
    from games.dragonbond.rules import space
    r, t = state.units[reactor], state.units[target]
    if not (r.alive and r.models and t.alive and t.models):
        return
    if reactor not in oa_candidates(state, target):
        if space.flanked(state, r) and space.engaged_pair(state, r, t):
            events.append(Event("ruling", f"{stats.name(state, r)} is flanked and cannot make an opportunity "
                                "attack", "dragonbond.txt § Flanking"))
        return
    state.pending.append(Pending("oa", r.owner, reactor, target, what=why))
    events.append(Event("ruling", f"{stats.label(state, t)} {why}: {stats.label(state, r)} may make an "
                        "opportunity attack first", R_OA))


def reaction_powers(state: DBState, uid: int, trigger: str) -> list:
    """(power, card unit) of unit uid usable now against `trigger`."""
    u = state.units[uid]
    out = []
    for p, part, _src in stats.abilities(state, u):
        if p.timing != "reaction" or p.trigger != trigger:
            continue
        if p.name in u.used:
            continue
        if stats.exhausted(part) and p.cost != 0:
            continue
        out.append((p, part))
    return out


def ask_reaction(state: DBState, uid: int, trigger: str, cause: int) -> None:
    push(state, AskReaction(uid, trigger, cause))


def ask_react(state: DBState, dice, events: list, uid: int, trigger: str, cause: int) -> None:
    u = state.units[uid]
    if not (u.alive and u.models):
        return
    if not reaction_powers(state, uid, trigger):
        return
    state.pending.append(Pending("reaction", u.owner, uid, cause, what=trigger))


# ---- casualties ---------------------------------------------------------------------------------

def casualties(state: DBState, dice, events: list) -> None:
    """Take off killed models: the owner chooses when there is a choice."""
    for uid in sorted(state.units):
        u = state.units[uid]
        if u.to_remove <= 0:
            continue
        if not u.alive:
            u.to_remove = 0
            continue
        push(state, Casualties())
        if wounds.needs_choice(u):
            state.pending.append(Pending("casualties", u.owner, uid, n=u.to_remove))
        else:
            wounds.remove_models(state, u, [m.mid for m in u.models], dice, events)
        return
    push(state, CheckLastPlayer())


def end_of_attack_temps(state: DBState, uids) -> None:
    for uid in uids:
        u = state.units.get(uid)
        if u is not None and u.temp:
            u.temp = [t for t in u.temp if t.duration != "attack"]
