"""Dragonbond's appliers, one per action kind (the declarations name them:
actions.py).  `game.apply` calls the kind's, then runs the flow's queued
steps and settles the turn."""
from __future__ import annotations

from engine.core.rules import Event
from games.dragonbond.rules import combat, flow, movement, moves, powers, setup, stats, turns, wounds
from games.dragonbond.rules.frames import Casualties, push
from games.dragonbond.rules.checks import R_COORD, R_ENDING, R_REST, R_WAIT


# setup
def do_declare_bond(state, a, dice, ev):
    setup.declare_bond(state, a.player, a.get("dragon"), bool(a.get("mounted")), dice, ev)


def do_choose_edge(state, a, dice, ev):
    setup.choose_edge(state, a["edge"], bool(a["first"]), ev)


def do_deploy(state, a, dice, ev):
    setup.deploy(state, state.units[a["uid"]], [tuple(p) for p in a["to"]], dice, ev)


# turns
def do_pass_round(state, a, dice, ev):
    p = state.players[a.player]
    ev.append(Event("turn", f"{p.name} gives up the remaining {p.turns} turn{'s' if p.turns != 1 else ''} "
                    "of the round", R_ENDING, depth=0))
    p.turns = 0
    p.passed = True
    turns.next_player(state, dice, ev, a.player)


def do_activate(state, a, dice, ev):
    turns.activate(state, state.units[a["uid"]], dice, ev)


def _begin(state, mode: str):
    t = state.turn
    if t.mode == "":
        t.mode = mode


def do_move(state, a, dice, ev):
    u = state.units[a["uid"]]
    t = state.turn
    _begin(state, "act")
    kind = "coordinated" if t.mode == "coordinated" else ("run" if t.mode == "run" else "move")
    moves.declare_move(state, u, [tuple(p) for p in a["to"]], kind, ev)


def do_run(state, a, dice, ev):
    u = state.units[a["uid"]]
    state.turn.mode = "run"
    stats.pay_action(state, u, "run", ev)
    moves.declare_move(state, u, [tuple(p) for p in a["to"]], "run", ev)


def do_disengage(state, a, dice, ev):
    u = state.units[a["uid"]]
    state.turn.mode = "disengage"
    stats.pay_action(state, u, "disengage", ev)
    moves.declare_move(state, u, [tuple(p) for p in a["to"]], "disengage", ev)


def do_charge(state, a, dice, ev):
    u, t = state.units[a["uid"]], state.units[a["target"]]
    state.turn.mode = "charge"
    stats.pay_action(state, u, "charge", ev)
    moves.declare_charge(state, u, t, a["weapon"], ev)


def do_coordinated(state, a, dice, ev):
    u, v = state.units[a["uid"]], state.units[a["second"]]
    t = state.turn
    t.mode = "coordinated"
    t.second = v.uid
    ev.append(Event("ruling", f"Coordinated move: {stats.name(state, u)} and {stats.name(state, v)} may each "
                    "move; no fatigue; neither may act", R_COORD))
    push(state, Casualties())
    turns.start_of_turn(state, v, dice, ev)


def do_rest(state, a, dice, ev):
    u = state.units[a["uid"]]
    state.turn.mode = "rest"
    n = stats.remove_fatigue(state, u, 1, ev, "Rest", R_REST)
    if not n:
        ev.append(Event("ruling", f"{stats.name(state, u)} rests (no fatigue to remove)", R_REST))
    flow.ask_reaction(state, u.uid, "rest", u.uid)


def _act(state):
    t = state.turn
    _begin(state, "act")
    t.acted = True
    t.moved_first = t.moved


def do_attack(state, a, dice, ev):
    u, t = state.units[a["uid"]], state.units[a["target"]]
    _act(state)
    stats.pay_action(state, u, "attack", ev)
    combat.declare(state, u, t, a["weapon"], "attack", ev)


def do_power(state, a, dice, ev):
    u = state.units[a["uid"]]
    _act(state)
    powers.use_power(state, u, a["power"], a.get("target"), ev)


def do_wait(state, a, dice, ev):
    _act(state)
    ev.append(Event("ruling", f"{stats.name(state, state.units[a['uid']])} waits", R_WAIT))


def do_end_turn(state, a, dice, ev):
    turns.end_turn(state, dice, ev)


def do_mount(state, a, dice, ev):
    _begin(state, "act")
    movement.mount(state, state.units[a["uid"]], ev)


def do_dismount(state, a, dice, ev):
    _begin(state, "act")
    movement.dismount(state, state.units[a["uid"]], a["to"], ev)


# decisions
def do_opportunity_attack(state, a, dice, ev):
    pd = state.pending.pop()
    u, t = state.units[pd.uid], state.units[pd.target]
    if state.turn is not None:
        state.turn.oa_spent = state.turn.oa_spent + (u.uid,)
    combat.declare(state, u, t, a["weapon"], "oa", ev)


def do_use_reaction(state, a, dice, ev):
    pd = state.pending.pop()
    powers.use_reaction(state, state.units[pd.uid], a["power"], pd.target, dice, ev, pd.what)


def do_decline(state, a, dice, ev):
    pd = state.pending.pop()
    if pd.kind == "oa" and state.turn is not None:
        state.turn.oa_spent = state.turn.oa_spent + (pd.uid,)


def do_remove_models(state, a, dice, ev):
    pd = state.pending.pop()
    wounds.remove_models(state, state.units[pd.uid], list(a["models"]), dice, ev)


def do_follow_up(state, a, dice, ev):
    pd = state.pending.pop()
    u, t = state.units[pd.uid], state.units[pd.target]
    to = a.get("to")
    pts = movement.plan_follow_up(state, u, t, what=pd.what) if to is None else [tuple(p) for p in to]
    rule = moves.R_PILE if pd.what == "pile_in" else combat.R_CONSOLIDATE
    found = movement.model_paths(state, u, pts, movement.FOLLOW + 1e-6)
    paths = found if isinstance(found, list) else None
    far = movement.longest(paths) if paths else 0.0
    movement.move_models(state, u, pts, ev, f"{'piles in' if pd.what == 'pile_in' else 'consolidates'} "
                         f"{far:.1f}\"", rule, paths=paths)


def do_charge_attack(state, a, dice, ev):
    pd = state.pending.pop()
    u, t = state.units[pd.uid], state.units[pd.target]
    combat.declare(state, u, t, pd.what, "charge", ev)


def do_skip_follow_up(state, a, dice, ev):
    state.pending.pop()
