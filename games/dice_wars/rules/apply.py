"""Dice Wars' appliers, one per action kind (the declarations name them:
actions.py; `rules.apply` calls the kind's while the state's cache is off),
with the guard's trigger and counterstrike they share."""
from __future__ import annotations

from engine.core.actions import Action
from engine.core.rules import Event
from engine.core.words import possessive
from engine.hex import grid as hexgrid
from games.dice_wars.rules import cities, combat, movement, flow, setup, skills, stats, tile_draft
from games.dice_wars.rules.citations import R_ALLY, R_DEPLOY, R_DRAFT, R_GUARD, R_MOVE, R_RELICS
from games.dice_wars.rules.state import Pending
from games.dice_wars.rules.targeting import action_target as _target


def do_place_tile(state, a, dice, ev):
    if tile_draft.place(state, a, ev):
        setup.map_complete(state, dice, ev)


def do_pick_faction(state, a, dice, ev):
    p = state.draft.pop(0)
    state.players[p].factions.append(a["faction"])
    ev.append(Event("ruling", f"Player {p + 1} picks the {state.catalog.factions[a['faction']].name}", R_DRAFT))
    if state.draft:
        state.current = state.draft[0]
    else:
        setup.finish_factions(state, dice, ev)


def do_deploy(state, a, dice, ev):
    u = state.units[a["uid"]]
    to = tuple(a["to"])
    if u.pos is not None:
        del state.occupied[u.pos]
    u.pos = to
    state.occupied[to] = u.uid
    # the centre is a point between hexes on purpose (setup.map_centre); direction_to
    # only takes b's offset from a, which works as well for a point as for a hex
    u.facing = hexgrid.direction_to(to, setup.map_centre(state.board))   # type: ignore[arg-type]
    state.deploy_changed = True
    state.deploy_moved = state.deploy_moved + (u.uid,)


def do_auto_deploy(state, a, dice, ev):
    for uid, h in setup.auto_positions(state, state.current).items():
        u = state.units[uid]
        if u.pos is None and h not in state.occupied:
            do_deploy(state, Action.make("deploy", a.player, uid=uid, to=h), dice, ev)
    for u in state.units.values():
        if u.owner == state.current and u.pos is None:
            zone = [h for h in setup.deploy_zone(state, u) if h not in state.occupied]
            if zone:
                do_deploy(state, Action.make("deploy", a.player, uid=u.uid, to=zone[0]), dice, ev)
    ev.append(Event("ruling", f"{possessive(state.players[state.current].name)} army takes position", R_DEPLOY))


def do_end_deploy(state, a, dice, ev):
    n = len(state.players)
    state.deploy_moved = ()
    if state.options.get("tournament_deploy"):
        i = state.deploy_order.index(state.current)
        if i + 1 < n:
            state.current = state.deploy_order[i + 1]
            return
    else:
        state.deploy_agree = 1 if state.deploy_changed else state.deploy_agree + 1
        state.deploy_changed = False
        placed = all(u.pos is not None for u in state.units.values() if u.hp > 0)
        i = state.deploy_order.index(state.current)
        if i == n - 1:
            state.deploy_pass += 1
        if not (placed and (state.deploy_agree >= n or state.deploy_pass > 3)):
            state.current = state.deploy_order[(i + 1) % n]
            if placed:
                ev.append(Event("ruling", f"{state.players[state.current].name} may adjust or agree to the deployment", R_DEPLOY))
            return
    ev.append(Event("ruling", "Deployment is settled: the battle begins", R_DEPLOY))
    state.phase = "command"
    state.round = 1
    flow.begin_phase(state, state.first_player, ev)


def listed_reach(state, a):
    """Where the moving unit can go (movement.reach), searched with the
    state's cache: the listing of legal actions has just searched it, so
    apply reuses it before the cache is cleared."""
    u = state.units[a["uid"]]
    act = flow.activation(state, u.uid)
    left = act.move_left if act else movement.base_move(state, u)
    return movement.reach(state, u, left, act.guards_faced if act else ())


def do_move(state, a, dice, ev, reach=None):
    if reach is None:
        reach = listed_reach(state, a)
    u = state.units[a["uid"]]
    act = flow.ensure_activation(state, u, ev)
    to = tuple(a["to"])
    found, zones = reach
    path = hexgrid.path_to(found, to)
    cost = found[to][0]
    del state.occupied[u.pos]
    u.pos = to
    state.occupied[to] = u.uid
    u.facing = hexgrid.direction_to(path[-2], path[-1])
    act.move_left -= cost
    act.moved = True
    act.ended_with = "move"
    ev.append(Event("move", f"{len(path) - 1} hex{'es' if len(path) > 2 else ''} for {cost} movement, "
                    f"{act.move_left} left", R_MOVE, data={"uid": u.uid, "path": [list(h) for h in path]}))
    guards = [g for g in zones.get(to, []) if g not in act.guards_faced]
    if guards:
        _guard_trigger(state, u, guards[0], ev)


def _guard_trigger(state, u, guard, ev):
    g = state.units[guard]
    state.pending = Pending("guard", u.owner, u.uid, guard)
    ev.append(Event("ruling", f"{stats.unit_label(state, u)} enters the front hex of the guarding "
                    f"{stats.card(g).name}: it must attack the guard or suffer its counterstrike", R_GUARD))


def _resolve_guard(state, ev):
    pend = state.pending
    if pend is None or pend.kind != "guard":
        return
    act = flow.activation(state, pend.uid)
    if act is not None:
        act.guards_faced = act.guards_faced + (pend.guard,)
    state.pending = None
    u = state.units[pend.uid]
    if u.hp > 0 and u.pos is not None and act is not None:
        zones = movement.guard_zones(state, u, act.guards_faced)
        more = [g for g in zones.get(u.pos, [])]
        if more:
            _guard_trigger(state, u, more[0], ev)


def do_counterstrike(state, a, dice, ev):
    pend = state.pending
    g, u = state.units[pend.guard], state.units[pend.uid]
    if g.hp > 0 and g.pos is not None:
        combat.weapon_attack(state, dice, g, u, ev, counterstrike=True)
    _resolve_guard(state, ev)


def _finish_action(state, u, act, target_hex, ev):
    act.acted = True
    act.ended_with = "action"
    if target_hex is not None and u.hp > 0 and u.pos is not None and target_hex != u.pos:
        u.facing = hexgrid.direction_to(u.pos, target_hex)
    if state.pending is not None and state.pending.kind == "guard" and state.pending.uid == u.uid:
        _resolve_guard(state, ev)


def do_face(state, a, dice, ev):
    u = state.units[a["uid"]]
    act = flow.ensure_activation(state, u, ev)
    u.facing = a["facing"]
    if not act.ended_with:
        act.ended_with = "move"


def do_attack(state, a, dice, ev):
    u = state.units[a["uid"]]
    t = state.units[a["target"]]
    act = flow.ensure_activation(state, u, ev)
    u.facing = hexgrid.direction_to(u.pos, t.pos)
    at = t.pos
    combat.weapon_attack(state, dice, u, t, ev)
    if u.hp > 0 and stats.has_effect(state, u, "sweep") and stats.card(u).weapon == "melee":
        e, name, rule = stats.has_effect(state, u, "sweep")
        for h in hexgrid.front_hexes(u.pos, u.facing):
            v = stats.unit_at(state, h)
            if v is not None and v.uid != t.uid and not stats.friendly(state, v.owner, u.owner) and state.phase != "over":
                ev.append(Event("ruling", f"{name} also strikes {stats.unit_label(state, v)}", rule))
                combat.weapon_attack(state, dice, u, v, ev)
    _finish_action(state, u, act, at, ev)


def do_skill(state, a, dice, ev):
    u = state.units[a["uid"]]
    _use_skill(state, u, stats.card(u).skill, a, dice, ev, stats.card(u).skill.name)


def _use_skill(state, u, sk, a, dice, ev, name, checked=True):
    act = flow.ensure_activation(state, u, ev)
    target = _target(a)
    th = target if isinstance(target, tuple) else state.units[target].pos
    if sk.target != "self":
        u.facing = hexgrid.direction_to(u.pos, th)
    skills.resolve(state, dice, u, u.owner, sk, target, a.get("carry"), ev, name, checked)
    _finish_action(state, u, act, th if sk.target != "self" else None, ev)


def do_city_skill(state, a, dice, ev):
    u = state.units[a["uid"]]
    cc = state.catalog.cities[a["city"]]
    _use_skill(state, u, cc.skill, a, dice, ev, f"{cc.name}: {cc.skill.name}")


def do_relic_skill(state, a, dice, ev):
    u = state.units[a["uid"]]
    r = state.catalog.relics[a["relic"]]
    _use_skill(state, u, r.skill, a, dice, ev, f"{r.name}: {r.skill.name}")


def do_relic_spell(state, a, dice, ev):
    r = state.catalog.relics[a["relic"]]
    state.players[a.player].relics.remove(a["relic"])
    ev.append(Event("ruling", f"{state.players[a.player].name} discards {r.name} to cast {r.spell.name}", R_RELICS))
    skills.resolve(state, dice, None, a.player, r.spell, _target(a), None, ev, r.spell.name, checked=False)


def do_capture(state, a, dice, ev):
    u = state.units[a["uid"]]
    act = flow.ensure_activation(state, u, ev)
    cities.capture(state, dice, u, ev)
    _finish_action(state, u, act, None, ev)


def do_guard(state, a, dice, ev):
    u = state.units[a["uid"]]
    act = flow.ensure_activation(state, u, ev)
    u.facing = a["facing"]
    u.guarding = True
    ev.append(Event("ruling", f"{stats.unit_label(state, u)} stands guard: +1 defense; enemies entering its three "
                    "front hexes must attack it or suffer a counterstrike", R_GUARD))
    _finish_action(state, u, act, None, ev)


def do_search_ruins(state, a, dice, ev):
    u = state.units[a["uid"]]
    act = flow.ensure_activation(state, u, ev)
    state.ruins_searched = state.ruins_searched + (u.pos,)
    cities.draw_relic(state, u.owner, ev)
    _finish_action(state, u, act, None, ev)


def do_end_phase(state, a, dice, ev):
    flow.next_player(state, ev)


def do_propose_alliance(state, a, dice, ev):
    state.pending = Pending("alliance", a["to"], a.player)
    ev.append(Event("ruling", f"{state.players[a.player].name} proposes an alliance to {state.players[a['to']].name}", R_ALLY))


def do_answer_alliance(state, a, dice, ev):
    pend = state.pending
    state.pending = None
    p, q = pend.uid, pend.player
    if a["accept"]:
        state.players[p].allies.append(q)
        state.players[q].allies.append(p)
        ev.append(Event("ruling", f"{state.players[q].name} accepts: {state.players[p].name} and "
                        f"{state.players[q].name} are allies", R_ALLY))
    else:
        ev.append(Event("ruling", f"{state.players[q].name} refuses the alliance", R_ALLY))


def do_break_alliance(state, a, dice, ev):
    p, q = a.player, a["to"]
    state.players[p].allies.remove(q)
    state.players[q].allies.remove(p)
    ev.append(Event("ruling", f"{state.players[p].name} breaks the alliance with {state.players[q].name}", R_ALLY))
