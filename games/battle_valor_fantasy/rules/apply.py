"""Battle Valor Fantasy's appliers, one per action kind (the declarations
name them: actions.py; the characters' and the reserves' live in
character_actions.py and reserve_actions.py).  `rules.apply` calls the
kind's, then settles what follows every action (a lost host, the next
actor, a wiped-out army)."""
from __future__ import annotations

from engine.core.rules import Event
from engine.table.formations import BlockMove, Frame
from games.battle_valor_fantasy.rules import (advanced_combat, checks, combat, describe, fire, flow, moves, rerolls,
                                              setup, spells, works)


def do_deploy(state, a, dice, ev):
    u = state.units[a["uid"]]
    setup.deploy(state, u, Frame(float(a["x"]), float(a["y"]), float(a["facing"])),
                 a.get("formation", u.formation), int(a.get("files", u.files)), ev)
    flow.next_deployer(state, a.player, dice, ev)


def do_withhold(state, a, dice, ev):
    u = state.units[a["uid"]]
    u.alive = False
    ev.append(Event("deploy", f"{u.name} finds no room in the deployment zone and takes no part in the battle",
                    setup.R_START, 0))
    flow.next_deployer(state, a.player, dice, ev)


def do_orders(state, a, dice, ev):
    orders = [(int(u), str(o)) for u, o in a["orders"]]
    flow.place_orders(state, a.player, orders, int(a.get("fate", -1)), ev)
    for key in rerolls.PROMISES:       # face down with the counters: told when they are revealed
        if a.get(key):
            rerolls.promise(state, a.player, key, True)
    if state.phase == "fate":
        flow.after_fate(state, dice, ev)


def do_fate(state, a, dice, ev):
    pl = state.players[a.player]
    u = state.units[pl.fate_uid]
    o = a["order"]
    if o not in u.orders:
        u.orders.append(o)
    pl.fate_done = True
    ev.append(Event("fate", f"{pl.name} turns the Fate counter next to {u.name} into {describe.order_words(o)}",
                    flow.R_FATE_COUNTER, 0))
    flow.after_fate(state, dice, ev)


def do_fate_wait(state, a, dice, ev):
    pl = state.players[a.player]
    pl.fate_waits = True
    ev.append(Event("fate", f"{pl.name} won the initiative and activates the Fate counter after "
                    f"{state.players[1 - a.player].name}", flow.R_FATE, 0))
    flow.after_fate(state, dice, ev)


def do_fate_move(state, a, dice, ev):
    t = state.units[a["target"]]
    dx, dy = float(a["dx"]), float(a["dy"])
    if state.pending and state.pending[-1].kind == "fate_punish":
        state.pending.pop()
        moves.place_move(state, t, dx, dy, ev, flow.R_FATE_COUNTER, "No Fate counter")
        if state.phase == "fate":
            flow.after_fate(state, dice, ev)
        return
    pl = state.players[a.player]
    pl.fate_done = True
    moves.place_move(state, t, dx, dy, ev, flow.R_FATE_COUNTER, "Fate")
    flow.after_fate(state, dice, ev)


def do_decline(state, a, dice, ev):
    state.pending.pop()
    ev.append(Event("ruling", f"{state.players[a.player].name} declines the Fate move", flow.R_FATE_COUNTER))
    if state.phase == "fate":
        flow.after_fate(state, dice, ev)


def _spend(state, a, order):
    u = state.units[a["uid"]]
    if a.get("general"):
        from games.battle_valor_fantasy.rules import space
        g = space.general_of(state, a.player)
        assert g is not None, "the check refuses the General's order without a General"
        ev_unit = u
        flow.spend(g, order)
        u.activated = True
        return ev_unit, g
    flow.spend(u, order)
    return u, None


def _general_note(g, u, order, ev):
    if g is not None:
        ev.append(Event("ruling", f"The General passes his {order} order to {u.name}", checks.R_GENERAL))


def do_hold(state, a, dice, ev):
    u = state.units[a["uid"]]
    if state.phase == "fire":
        u.effects["held_fire"] = 1
        ev.append(Event("ruling", f"{u.name} holds its fire for the second Fire phase", flow.PHASE_RULE["fire"], 0))
        return
    for o in flow.PHASE_ORDERS[state.phase]:
        if o in u.orders:
            flow.spend(u, o)
            ev.append(Event("ruling", f"{u.name} does not use its {o} order", flow.PHASE_RULE[state.phase], 0))
            return


def do_build(state, a, dice, ev):
    u = state.units[a["uid"]]
    instead = False
    for o in flow.PHASE_ORDERS[state.phase]:
        if o in u.orders:
            u.orders.remove(o)          # given up, not activated: it may still fight back (docs § Field works)
            instead = True
            break
    u.effects["built"] = 1
    works.build(state, u, ev, instead)


def do_general_rally(state, a, dice, ev):
    from games.battle_valor_fantasy.rules import space
    g = space.general_of(state, a.player)
    assert g is not None, "the check refuses a General's rally without a General"
    u = state.units[a["uid"]]
    g.orders = []
    g.activated = True
    ev.append(Event("rally", f"The General rallies {u.name} instead of using his order", checks.R_RALLY_GENERAL,
                    0))
    moves.rallied_by_general(state, u, ev)


def do_reform(state, a, dice, ev):
    u, g = _spend(state, a, "reform")
    _general_note(g, u, "reform", ev)
    if u.kind != "unit":
        u.facing = float(a["facing"]) % 360.0
        for s in u.stands:
            s.facing = u.facing
        state.touch(moved=u)
        ev.append(Event("reform", f"{u.name} turns to face {u.facing:.0f}", moves.R_REFORM, 0))
        return
    moves.reform(state, u, a["formation"], int(a["files"]), float(a["facing"]), ev)


def do_fire(state, a, dice, ev):
    u, g = _spend(state, a, "fire")
    _general_note(g, u, "fire", ev)
    fire.fire(state, u, state.units[a["target"]], dice, ev)


def do_charge(state, a, dice, ev):
    u, g = _spend(state, a, "charge")
    _general_note(g, u, "charge", ev)
    if not advanced_combat.ask(state, u, state.units[a["target"]], ev):
        combat.charge(state, u, state.units[a["target"]], dice, ev)


def do_counter(state, a, dice, ev):
    advanced_combat.decide(state, True, dice, ev)


def do_receive(state, a, dice, ev):
    advanced_combat.decide(state, False, dice, ev)


def do_attack(state, a, dice, ev):
    u, g = _spend(state, a, "attack")
    _general_note(g, u, "attack", ev)
    combat.attack(state, u, state.units[a["target"]], dice, ev)


def do_advance(state, a, dice, ev):
    u, g = _spend(state, a, "advance")
    _general_note(g, u, "advance", ev)
    m = BlockMove(float(a.get("first", 0.0)), float(a.get("angle", 0.0)), float(a.get("then", 0.0)))
    moves.advance(state, u, m, ev)


def do_cast(state, a, dice, ev):
    casters = [state.units[a["uid"]]] + [state.units[x] for x in a.get("casters", ())]
    t2 = state.units[a["target2"]] if a.get("target2") is not None else None
    spells.cast(state, a.player, casters, a["spell"], state.units[a["target"]], dice, ev, t2, a.get("order"),
                a.get("to"))


def do_dispel(state, a, dice, ev):
    spells.dispel(state, [state.units[x] for x in a["wizards"]], dice, ev)


def do_allow(state, a, dice, ev):
    spells.allow(state, dice, ev)
