"""UberDrakes' appliers, one per action kind (the declarations name them:
actions.py; the game's `apply` calls the kind's), and how each way of moving
is cited (HOW_RULE, shared with the move's check)."""
from __future__ import annotations

from engine.core.rules import Event
from games.uberdrakes.rules import combat, damage, items, movement, setup, spaces, spells, flow
from games.uberdrakes.rules.jobs import after_move
from games.uberdrakes.rules.board import hex_label, place_name
from games.uberdrakes.rules.common import (R_BLOOD_REWARDS, R_CARDS, R_GENERAL, R_PORTAL, R_PUSH, R_ZOC, add_fatigue, pay_spell, rule_of_item, rule_of_spell, spend_item)


# setup
def do_choose_dragon(state, a, dice, ev):
    setup.choose(state, a.player, a["dragon"], ev, dice)

HOW_RULE = {"coin": R_GENERAL, "push": R_PUSH, "card": R_CARDS, "replay": R_PUSH,
            "booster": "uberdrakes.txt § Rocket Booster", "rocket": "uberdrakes.txt § Rocket Power",
            "skies": "uberdrakes.txt § Take to the Skies"}



def do_keep_hand(state, a, dice, ev):
    setup.mulligan(state, a.player, None, ev, dice)


def do_mulligan(state, a, dice, ev):
    setup.mulligan(state, a.player, list(a["cards"]), ev, dice)


def do_mulligan_take(state, a, dice, ev):
    setup.mulligan_take(state, a.player, a["card"], ev, dice)


# turn actions
def _spend_action(state):
    state.actions_left -= 1
    state.actions_taken += 1


def do_move(state, a, dice, ev):
    p = a.player
    d = state.players[p]
    how, m = a["how"], a["m"]
    c = state.catalog
    general = c.movement[m].kind == "general"
    extra = 1 if how in ("push", "replay") else 0
    through = how == "skies" or state.skies
    o = movement.find(state.board, movement.pattern_outcomes(state, p, m, extra, through), tuple(a["to"]),
                      a["facing"], bool(a.get("portal", False)))
    if o is None:
        raise RuntimeError(f"{a}: the move's check lets through only a landing its movement reaches")
    mv = c.movement[m].name
    if how != "skies":
        _spend_action(state)
    if how == "coin":
        d.coins -= 1
        d.used = d.used + (m,)
        head = f"{d.name}: {mv} (1 coin)"
    elif how == "push":
        add_fatigue(state, p, 1, ev, "pushing movement", R_PUSH)
        head = f"{d.name} pushes: {mv}"
    elif how == "card":
        d.hand.remove(m)
        d.played.append(m)
        head = f"{d.name} plays {mv}"
    elif how == "replay":
        add_fatigue(state, p, 1, ev, "pushing movement", R_PUSH)
        d.played.remove(m)
        state.movement_discard.append(m)
        head = f"{d.name} pushes {mv} again (discarded)"
    elif how == "booster":
        spend_item(state, p, "rocket_booster")
        head = f"{d.name} fires a Rocket Booster: {mv}"
    elif how == "rocket":
        pay_spell(state, p, "rocket_power", 1 if general else 2, ev)
        if not general:
            d.played.remove(m)
            state.movement_discard.append(m)
        head = f"{d.name}: Rocket Power, {mv}"
    else:
        pay_spell(state, p, "take_to_the_skies", c.spell("take_to_the_skies").cost, ev)
        state.skies = True
        head = f"{d.name} takes to the skies: {mv}"
    stop = combat.stop_in_passing(state, p, o.path) if o.moved else None
    if stop is not None:           # house ruling: passing next to an opponent starts combat there
        o = movement.stopped_at(state.board, o, stop)
        ev.append(Event("ruling", f"{d.name} passes next to an opponent: the movement stops at "
                                  f"{hex_label(o.hex)} and combat begins (house ruling)", R_ZOC))
    facing = a["facing"] if state.board.large_hex[o.hex] and stop is None else o.facing
    if o.moved:
        movement.arrive(state, p, o.hex, facing, ev, f"{head} to {place_name(state.board, o.hex)}"
                        f"{movement.portal_text(o)}{movement.blocked_note(o)}", HOW_RULE[how], o.path)
    else:
        d.facing = facing
        ev.append(Event("move", f"{head}{', blocked: no movement' if o.blocked else ''}"
                        f" (facing {damage.DIR_NAMES[facing]})", HOW_RULE[how],
                        data={"player": p, "path": [list(d.hex)], "facing": facing}))
    if o.fatigue:
        if o.portal:
            add_fatigue(state, p, 1, ev, "travelling through the portal", R_PORTAL)
        if o.blocked:
            add_fatigue(state, p, 1, ev, "a blocked move", "uberdrakes.txt § Movement Reference")
    if o.portal and d.rider is not None:
        d.portaled = True
    if o.moved:
        after_move(state, p)


def do_spell(state, a, dice, ev):
    sid = a["spell"]
    if spells.costs_action(sid):
        _spend_action(state)
    spells.apply(state, a, ev, dice)
    if sid == "regrowth":
        flow.end_turn(state, a["roost"], ev, dice)


def do_item(state, a, dice, ev):
    _spend_action(state)
    items.apply(state, a, ev, dice)


def do_equip(state, a, dice, ev):
    _spend_action(state)
    items.equip(state, a, ev)


def do_attack(state, a, dice, ev):
    combat.start(state, a.player, a["target"], "attack", False, ev, dice)


def do_shoot(state, a, dice, ev):
    spend_item(state, a.player, "long_bow")
    ev.append(Event("item", f"{state.players[a.player].name} draws the Long Bow", rule_of_item(state.catalog, "long_bow")))
    combat.start(state, a.player, a["target"], "bow", True, ev, dice)


def do_buy(state, a, dice, ev):
    items.buy(state, a, ev, dice)


def do_sell(state, a, dice, ev):
    items.sell(state, a, ev)


def do_exchange(state, a, dice, ev):
    from games.uberdrakes.rules.state import Pending
    _spend_action(state)
    state.pending = Pending("exchange", a.player, {})
    ev.append(Event("ruling", f"{state.players[a.player].name} exchanges blood points", R_BLOOD_REWARDS))


def do_end_turn(state, a, dice, ev):
    flow.end_turn(state, a["roost"], ev, dice)


# combat
def do_precombat(state, a, dice, ev):
    combat.do_pre(state, a.player, a["what"], ev, dice)


def do_ready(state, a, dice, ev):
    combat.do_ready(state, a.player, ev, dice)


def do_roll(state, a, dice, ev):
    combat.do_roll(state, a.player, ev, dice)


def do_concede(state, a, dice, ev):
    combat.do_concede(state, a.player, ev, dice)


def do_counter(state, a, dice, ev):
    combat.do_counter(state, a.player, a["what"], a.get("x", 0), ev, dice)


def do_damage(state, a, dice, ev):
    damage.apply(state, a, ev, dice)


def do_blood(state, a, dice, ev):
    combat.do_blood(state, a.player, a["reward"], ev, dice)
    if state.combat is not None:
        combat.advance(state, ev, dice)


def do_done(state, a, dice, ev):
    combat.do_done(state, a.player, ev, dice)


# pending decisions
def do_portal(state, a, dice, ev):
    p = a.player
    d = state.players[p]
    state.pending = None
    if a["travel"]:
        to = state.board.other_portal[d.hex]
        add_fatigue(state, p, 1, ev, "travelling through the portal", R_PORTAL)
        movement.arrive(state, p, to, a["facing"], ev, f"{d.name} emerges from the other portal at "
                        f"{hex_label(to)}", R_PORTAL)
        if d.rider is not None:
            d.portaled = True
    else:
        ev.append(Event("ruling", f"{d.name} stays at the portal", R_PORTAL))


def do_pick_rider(state, a, dice, ev):
    side = state.pending.data.get("side")
    spaces.pick_rider(state, a.player, a["rider"], ev, dice, side)


def do_deliver_village(state, a, dice, ev):
    p = a.player
    state.pending = None
    v = a["village"]
    if v is None:
        ev.append(Event("ruling", f"{state.players[p].name} stays", "uberdrakes.txt § Delivering Riders"))
        return
    sp = state.board.spaces[v]
    movement.arrive(state, p, sp.anchor, state.players[p].facing, ev,
                    f"{state.players[p].name} teleports to {sp.name}", "uberdrakes.txt § Delivering Riders")
    after_move(state, p)


def do_skies_land(state, a, dice, ev):
    p = a.player
    state.pending = None
    to = tuple(a["to"])
    movement.arrive(state, p, to, state.players[p].facing, ev, f"{state.players[p].name} lands at "
                    f"{hex_label(to)}", rule_of_spell(state.catalog, "take_to_the_skies"))


def do_discard(state, a, dice, ev):
    spells.discard(state, a, ev, dice)


def do_cyclone_move(state, a, dice, ev):
    spells.cyclone_move(state, a, ev, dice)


def do_steal(state, a, dice, ev):
    spells.steal(state, a, ev, dice)


def do_handbook(state, a, dice, ev):
    items.handbook(state, a, ev, dice)
