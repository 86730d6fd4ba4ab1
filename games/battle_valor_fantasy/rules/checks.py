"""Why an action is refused (a reason and the rule), or None.  `problem`
is the check every kind shares (the battle is over, whose decision it is,
a decision that waits); then it answers BY_KIND and the kind's own checker
here decides (the declarations name them: actions.py; the characters' and
the reserves' checkers live in character_actions.py and reserve_actions.py).
The rules apply only what passes."""
from __future__ import annotations

import math

from engine.core.action_specs import BY_KIND
from engine.core.actions import Action
from engine.table.formations import BlockMove, Frame
from engine.core.words import possessive
from games.battle_valor_fantasy.rules import (alliance_turns, combat, fire, flow, moves, rerolls, setup, space, spells,
                                              works)
from games.battle_valor_fantasy.rules.state import BVFState, Unit

R_TURN = flow.R_TURN
R_GENERAL = "battle_valor_fantasy.txt § Order Counter Types;"
R_ACTIVATE = "battle_valor_fantasy.txt § Activating Units;"


def problem(state: BVFState, a: Action):
    if state.phase == "over":
        return "The battle is over", R_TURN
    if a.player != flow.to_act(state):
        return f"It is {possessive(state.players[flow.to_act(state)].name)} decision", R_TURN
    if state.alliance is not None:
        why = alliance_turns.control_problem(state, a)
        if why:
            return why
    if state.pending:
        pd = state.pending[-1]
        if pd.kind == "dispel" and a.kind not in ("dispel", "allow"):
            return "First decide whether to dispel the spell", spells.R_DISPEL
        if pd.kind == "fate_punish" and a.kind not in ("fate_move", "decline"):
            return "First use (or decline) the 6-inch move Fate gives you", flow.R_FATE_COUNTER
        if pd.kind == "reserves" and a.kind not in ("arrive", "reserves_done"):
            return "First bring on your reserves (or finish)", "battle_valor_fantasy.txt § Reserves"
        if pd.kind == "counter" and a.kind not in ("counter", "receive"):
            return "First decide whether to counter charge", "battle_valor_fantasy.txt § Counter Charge;"
    return BY_KIND


def with_reroll(check):
    """A kind's check, then the General's reroll the action asks for (the
    activations whose roll he may reroll: charge, attack, fire, cast)."""
    def checked(state: BVFState, a: Action):
        why = check(state, a)
        if why is None and a.get("reroll"):
            return rerolls.reroll_problem(state, _unit(state, a["uid"]), a["reroll"])
        return why
    return checked


def _counter_or_receive(state, a):
    if not state.pending or state.pending[-1].kind != "counter":
        return "No charge to meet", "battle_valor_fantasy.txt § Counter Charge;"
    return None


def _unit(state: BVFState, uid) -> Unit:
    u = state.units.get(uid)
    if u is None:
        raise KeyError(f"no unit {uid}")
    return u


def _deploy(state, a):
    if state.phase != "deploy":
        return "Deployment is over", setup.R_START
    u = _unit(state, a["uid"])
    if u.owner != a.player or u.deployed or not u.alive:
        return f"{u.name} is not one of your units still to deploy", setup.R_START
    if "reserve" in u.marks:
        return f"{u.name} is held in reserve", "battle_valor_fantasy.txt § Reserves"
    left = [v for v in state.units.values() if v.owner == a.player and not v.deployed and v.alive
            and "reserve" not in v.marks]
    if u.kind == "general" and any(v.kind != "general" for v in left):
        return "The General is always the last stand placed", setup.R_START
    formation, files = a.get("formation", u.formation), int(a.get("files", u.files))
    if u.kind == "unit":
        why = moves.files_ok(state.catalog, formation, len(u.stands), files)
        if why:
            return why, moves.R_FORMATIONS
        f = state.catalog.formations.get(formation)
        prof = u.profile
        assert prof is not None, "a unit to deploy has its army list's profile"
        if f is None or len(u.stands) < f.min_stands or (f.unit_types and prof.unit_type not in f.unit_types) \
                or (f.needs_shields and not prof.shields):
            return f"{u.name} cannot deploy in {formation}", moves.R_FORMATIONS
    why = setup.deploy_problem(state, u, Frame(float(a["x"]), float(a["y"]), float(a["facing"])), formation, files)
    if why:
        return why, setup.R_START
    return None


def _orders(state, a):
    if state.phase != "orders":
        return "Orders are placed in the Place Orders phase", flow.R_ORDERS
    if state.players[a.player].orders_placed:
        return "You have placed your orders", flow.R_ORDERS
    orders = [(int(u), str(o)) for u, o in a["orders"]]
    if a.get("reroll_runs") or a.get("reroll_guard"):
        why = rerolls.runs_problem(state, a.player)
        if why:
            return why
    return flow.orders_problem(state, a.player, orders, int(a.get("fate", -1)))


def _fate(state, a):
    if state.phase != "fate" or a.player not in flow.fate_players(state):
        return "No Fate counter to activate now", flow.R_FATE
    pl = state.players[a.player]
    u = _unit(state, pl.fate_uid)
    o = a["order"]
    if o not in flow.ORDER_IDS:
        return f"No order {o!r}", flow.R_FATE_COUNTER
    if o == "flee" and u.fleeing:
        return None
    why = flow.order_fits(state, u, o)
    return why


def _fate_wait(state, a):
    if not flow.may_wait_fate(state, a.player):
        return ("Only the initiative winner, before either Fate counter is activated, may choose to activate "
                "his after his opponent's"), flow.R_FATE
    return None


def _fate_move(state, a):
    t = _unit(state, a["target"])
    dx, dy = float(a["dx"]), float(a["dy"])
    if state.pending and state.pending[-1].kind == "fate_punish":
        if t.owner == a.player or not t.on_table:
            return "Move one of the opponent's units", flow.R_FATE_COUNTER
        why = moves.place_move_problem(state, t, dx, dy, 6.0, allow_off=True)
        return (why[0], why[1] or flow.R_FATE_COUNTER) if why else None
    if state.phase != "fate" or a.player not in flow.fate_players(state):
        return "No Fate counter to activate now", flow.R_FATE
    if state.turn != 1:
        return "Only in the first turn may Fate move an enemy unit", flow.R_FATE
    if t.owner == a.player or not t.on_table or t.kind == "general":
        return "Fate moves an enemy unit", flow.R_FATE_COUNTER
    why = moves.place_move_problem(state, t, dx, dy, 10.0, zone=setup.zone_of(state, t.owner))
    return (why[0], why[1] or flow.R_FATE_COUNTER) if why else None


def _decline(state, a):
    if not state.pending or state.pending[-1].kind != "fate_punish":
        return "Nothing to decline", R_TURN
    return None


def _activation(state: BVFState, a: Action, order: str):
    """The unit activating a counter of this phase: its own, or the
    General's passed to it (within 12")."""
    phase = state.phase
    if phase not in flow.PHASE_ORDERS or order not in flow.PHASE_ORDERS[phase]:
        return None, (f"{order.capitalize()} orders are not activated in this phase ({flow.PHASE_NAMES.get(phase)})",
                      flow.PHASE_RULE.get(phase, R_TURN))
    u = _unit(state, a["uid"])
    if u.owner != a.player or not u.on_table:
        return None, (f"{u.name} is not one of your units on the table", R_TURN)
    if a.get("general"):
        g = space.general_of(state, a.player)
        if g is None or order not in g.orders or not flow.can_activate(state, g, phase):
            return None, ("Your General has no such order to pass", R_GENERAL)
        if u.kind == "general":
            return None, ("The General passes his order to another unit", R_GENERAL)
        if space.distance(state, u, g) > space.GENERAL_RANGE + 1e-9:
            return None, (f"{u.name} is more than 12\" from the General", R_GENERAL)
        if u.fleeing:
            return None, (f"{u.name} is fleeing", R_GENERAL)
        return u, None
    if order not in u.orders:
        return None, (f"{u.name} has no {order} order", R_ACTIVATE)
    if not flow.can_activate(state, u, phase):
        return None, (f"{u.name} has already been activated this turn", R_ACTIVATE)
    if phase == "fire" and u.effects.get("held_fire"):
        return None, (f"{u.name} holds its fire for the second Fire phase", flow.PHASE_RULE["fire"])
    return u, None


def _hold(state, a):
    u = _unit(state, a["uid"])
    if u.owner != a.player or state.phase not in flow.PHASE_ORDERS:
        return "Nothing to hold", R_TURN
    if not flow.can_activate(state, u, state.phase) or (state.phase == "fire" and u.effects.get("held_fire")):
        return f"{u.name} has no counter to activate in this phase", R_ACTIVATE
    return None


def _build(state, a):
    """A foot unit builds 2" of linear obstacle instead of activating its
    counter (§ Linear Obstacles)."""
    u = _unit(state, a["uid"])
    if state.phase not in flow.PHASE_ORDERS or u.owner != a.player or not u.on_table:
        return "Build with one of your units when one of its counters could be activated", works.R_BUILD
    if u.orders and (not flow.can_activate(state, u, state.phase)
                     or (state.phase == "fire" and u.effects.get("held_fire"))):
        return (f"{u.name} has no counter to activate in this phase (it builds instead of using one, or once it "
                "has no counter left)"), works.R_BUILD
    # no counter left at all (used, removed, never placed): it builds in its player's activation
    return works.build_problem(state, u)


def _reform(state, a):
    u, why = _activation(state, a, "reform")
    if why:
        return why
    if u.kind != "unit":
        f = float(a["facing"])
        return None if math.isfinite(f) else ("A facing in degrees", moves.R_REFORM)
    return moves.reform_problem(state, u, a["formation"], int(a["files"]), float(a["facing"]))


def _fire(state, a):
    u, why = _activation(state, a, "fire")
    if why:
        return why
    return fire.fire_problem(state, u, _unit(state, a["target"]))


def _charge(state, a):
    u, why = _activation(state, a, "charge")
    if why:
        return why
    return combat.charge_problem(state, u, _unit(state, a["target"]))


def _attack(state, a):
    u, why = _activation(state, a, "attack")
    if why:
        return why
    return combat.attack_problem(state, u, _unit(state, a["target"]))


def _advance(state, a):
    u, why = _activation(state, a, "advance")
    if why:
        return why
    m = BlockMove(float(a.get("first", 0.0)), float(a.get("angle", 0.0)), float(a.get("then", 0.0)))
    if not all(math.isfinite(x) for x in (m.first, m.angle, m.then)) or abs(m.angle) > 180:
        return "Give the move in inches and the wheel in degrees", moves.R_ADVANCE
    return moves.advance_problem(state, u, m)


def _cast(state, a):
    if state.phase != "spells":
        return "Spells are cast in the Cast Spells phase", spells.R_CAST
    casters = [_unit(state, a["uid"])] + [_unit(state, x) for x in a.get("casters", ())]
    t = _unit(state, a["target"])
    t2 = _unit(state, a["target2"]) if a.get("target2") is not None else None
    sp = state.catalog.spells.get(a["spell"])
    if sp is not None and sp.effect == "carry":
        to = a.get("to")
        if not to or len(to) != 3:
            return "Say where the Bird of Thunder carries the unit (dx, dy, facing)", spells.R_OFF
        why = spells.cast_problem(state, a.player, casters, a["spell"], t, t2, a.get("order"))
        if why:
            return why
        w = moves.place_move_problem(state, t, float(to[0]), float(to[1]), 18.0, float(to[2]))
        return (w[0], w[1] or spells.R_OFF) if w else None
    return spells.cast_problem(state, a.player, casters, a["spell"], t, t2, a.get("order"))


def _dispel(state, a):
    if not state.pending or state.pending[-1].kind != "dispel":
        return "No spell to dispel", spells.R_DISPEL
    ws = [_unit(state, x) for x in a["wizards"]]
    ok = {w.uid for w in spells.dispellers(state, a.player)}
    if not ws or any(w.uid not in ok for w in ws) or len({w.uid for w in ws}) != len(ws):
        return "Dispel with one or more of your unactivated Wizards", spells.R_DISPEL
    return None


def _allow(state, a):
    if not state.pending or state.pending[-1].kind != "dispel":
        return "No spell to let through", spells.R_DISPEL
    return None


def _withhold(state, a):
    if state.phase != "deploy":
        return "Deployment is over", setup.R_START
    u = _unit(state, a["uid"])
    if u.owner != a.player or u.deployed or not u.alive or u.kind == "general":
        return f"{u.name} is not one of your units still to deploy", setup.R_START
    if setup.dense_spots(state, u, 1):
        return f"{u.name} still has room in the deployment zone", setup.R_START
    return None


R_RALLY_GENERAL = "battle_valor_fantasy.txt § Generals;"


def _general_rally(state, a):
    """The General rallies a fleeing unit within 12" instead of activating
    his order (any counter of his not yet used, in any activation phase)."""
    if state.phase not in flow.PHASE_ORDERS:
        return "The General rallies in one of the activation phases", R_RALLY_GENERAL
    g = space.general_of(state, a.player)
    if g is None or not g.orders or g.activated:
        return "Your General has no order left to give up for a rally", R_RALLY_GENERAL
    u = _unit(state, a["uid"])
    if u.owner != a.player or not u.on_table or not u.fleeing:
        return f"{u.name} is not one of your fleeing units", R_RALLY_GENERAL
    if space.distance(state, u, g) > space.GENERAL_RANGE + 1e-9:
        return f"{u.name} is more than 12\" from the General", R_RALLY_GENERAL
    return None
