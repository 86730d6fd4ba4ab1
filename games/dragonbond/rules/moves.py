"""Moves and charges as resolution steps: opportunity attacks first, then
the move (re-checked: models may have died), Instant terrain, pile-in.
dragonbond.txt § Movement, § Pile-In, § 1. Opportunity Attack, § Charge
[2], § Disengage [1].
"""
from __future__ import annotations

from engine.core.rules import Event
from games.dragonbond.rules import charging, dicepool, flow, modifiers, movement, space, stats
from games.dragonbond.rules.frames import ChargeMove, ChargeRoll, DoMove, OfferChargeAttack, push
from games.dragonbond.rules.state import DBState, Pending, Unit

R_MOVE = "dragonbond.txt § Movement"
R_PILE = "dragonbond.txt § Pile-In"
R_CHARGE = "dragonbond.txt § Charge [2]"
R_OA = "dragonbond.txt § 1. Opportunity Attack"


def declare_move(state: DBState, u: Unit, pts, kind: str, events: list) -> None:
    """kind: move | run | disengage | coordinated."""
    mids = [m.mid for m in u.models]
    push(state, DoMove(u.uid, tuple((p[0], p[1]) for p in pts), tuple(mids), kind))
    if kind == "disengage":
        if space.in_combat_with(state, u):
            events.append(Event("ruling", f"{stats.name(state, u)} disengages: no opportunity attacks",
                                "dragonbond.txt § Disengage [1]"))
        return
    leaving = movement.would_leave(state, u, pts)
    if leaving:
        cands = [e for e in flow.oa_candidates(state, u.uid) if e in leaving]
        flow.note_flanked(state, leaving, cands, events)
        if cands:
            flow.ask_oas(state, u.uid, cands, "moves away")


def do_move(state: DBState, dice, events: list, uid: int, to: list, mids: list, kind: str) -> None:
    u = state.units[uid]
    if not (u.alive and u.models):
        return
    pos = {m: tuple(p) for m, p in zip(mids, to)}
    pts = [pos[m.mid] for m in u.models if m.mid in pos]
    if len(pts) != len(u.models):
        return
    lim = movement.left(state, u)
    bad = movement.check_move(state, u, pts, lim)
    if bad:
        events.append(Event("ruling", f"After the opportunity attacks the move cannot be made ({bad[0]}): "
                            f"{stats.name(state, u)} may move again", bad[1]))
        return
    paths = movement.model_paths(state, u, pts, lim)
    assert isinstance(paths, list)      # check_move just found every path within lim
    far = movement.longest(paths)
    before = set(space.in_combat_with(state, u))
    movement.spend(state, u, far, events)
    verb = {"run": "runs", "disengage": "disengages", "coordinated": "moves (coordinated)"}.get(kind, "moves")
    movement.move_models(state, u, pts, events, f"{verb} {far:.1f}\"",
                         "dragonbond.txt § Run [1]" if kind == "run" else R_MOVE, paths=paths)
    offer_pile_in(state, u, before, events)


def offer_pile_in(state: DBState, u: Unit, before: set, events: list) -> None:
    """§ Pile-In: once a model has become engaged at the end of the move,
    offered whenever the unit's unengaged models could become engaged with
    that enemy within 2" (the nearest such enemy)."""
    if not (u.alive and u.models) or any(p.kind == "follow_up" and p.uid == u.uid for p in state.pending):
        return
    new = [e for e in sorted(space.in_combat_with(state, u)) if e not in before]
    for e in sorted(new, key=lambda e: space.distance(state, u, state.units[e])):
        t = state.units[e]
        if not space.engaged_models(state, u, t):
            continue
        if movement.plan_follow_up(state, u, t) is not None:
            state.pending.append(Pending("follow_up", u.owner, u.uid, e, what="pile_in"))
            events.append(Event("ruling", f"{stats.name(state, u)} is engaged: its other models may pile in "
                                "up to 2\"", R_PILE))
            return


def offer_charge_attack(state: DBState, dice, events: list, uid: int, target: int, weapon: str) -> None:
    """§ Charge [2], 3. Attack: "they may make a melee attack against it"."""
    u, t = state.units[uid], state.units[target]
    if not (u.alive and u.models and t.alive and t.models):
        return
    if not space.engaged_models(state, u, t):
        events.append(Event("ruling", f"{stats.name(state, u)} is no longer engaged with {stats.name(state, t)}: "
                            "no charge attack", R_CHARGE))
        return
    state.pending.append(Pending("charge_attack", u.owner, uid, target, what=weapon))


# ---- the charge -------------------------------------------------------------------------

def declare_charge(state: DBState, u: Unit, t: Unit, weapon: str, events: list) -> None:
    events.append(Event("charge", f"{stats.label(state, u)} charges {stats.label(state, t)}", R_CHARGE, depth=1,
                        data={"uid": u.uid, "target": t.uid}))
    push(state, ChargeRoll(u.uid, t.uid, weapon))
    flow.ask_reaction(state, t.uid, "charged", u.uid)


def charge_roll(state: DBState, dice, events: list, uid: int, target: int, weapon: str) -> None:
    u, t = state.units[uid], state.units[target]
    turn = state.turn
    assert turn is not None     # a charge is the activated unit's special action
    if not (u.alive and u.models and t.alive and t.models):
        turn.acted = True
        return
    up, down, notes = modifiers.roll_mods(state, u, "charge", {"other": t, "charging": True})
    for text, rule in notes:
        events.append(Event("modifier", "  " + text, rule))
    pool = dicepool.modify([3, 3, 3], up, down, state=state)
    r = dicepool.roll_action(state.catalog, dice, pool, False, events, f"{stats.name(state, u)} charges", R_CHARGE, "success",
                             state=state)
    sp = stats.speed(state, u)
    allowance = float(sp + r.total)
    text = f"Charge distance: speed {sp} + {r.total} = {allowance:g}\""
    if u.slow:
        allowance -= sp / 2.0
        u.slow -= 1
        turn.slow_paid = True
        text += f", less half its speed for a Slow token = {allowance:g}\""
    turn.charge = max(0.0, allowance)
    turn.target = target
    dist = space.distance(state, u, t)
    events.append(Event("ruling", text + f"; the target is {dist:.1f}\" away", R_CHARGE,
                        data={"distance": allowance}))
    pts = charging.plan_charge(state, u, t, turn.charge)
    push(state, ChargeMove(uid, target, weapon))
    leaving = movement.would_leave(state, u, pts)
    cands = [e for e in flow.oa_candidates(state, u.uid) if e in leaving and e != target]
    if cands:
        flow.ask_oas(state, u.uid, cands, "charges away")


def charge_move(state: DBState, dice, events: list, uid: int, target: int, weapon: str) -> None:
    u, t = state.units[uid], state.units[target]
    turn = state.turn
    assert turn is not None     # a charge is the activated unit's special action
    turn.acted = True
    if not (u.alive and u.models and t.alive and t.models):
        return
    pts, paths = charging.planned(state, u, t, turn.charge)
    far = movement.longest(paths)
    before = set(space.in_combat_with(state, u))
    turn.used = min(1.0, far / turn.charge) if turn.charge > 0 else 1.0
    turn.moved = True
    movement.move_models(state, u, pts, events, f"charges {far:.1f}\"", R_CHARGE, paths=paths)
    if not (u.alive and u.models and t.alive and t.models):
        return
    if space.engaged_models(state, u, t):
        push(state, OfferChargeAttack(uid, target, weapon))
        if movement.plan_follow_up(state, u, t) is not None:
            state.pending.append(Pending("follow_up", u.owner, u.uid, target, what="pile_in"))
            events.append(Event("ruling", f"{stats.name(state, u)} is engaged: its other models may pile in up to "
                                "2\" before it strikes", R_PILE))
        offer_pile_in(state, u, before | {target}, events)
    else:
        events.append(Event("ruling", f"The charge falls short: {stats.name(state, u)} is not in base contact "
                            f"with {stats.name(state, t)}", R_CHARGE))
