"""The representative legal actions of a continuous table.

`legal_actions` cannot list every place a unit could stand; the UI proposes
any action to `check`.  What is listed, in groups (each group is what
`sample_legal` picks from, so random playouts see the same set):

- deployment: the next four units still to place (the General last) at
  spots across the front, the middle and the back of its zone, in its
  formation, an attack column and a column;
- orders: a few complete sets of counters (a sensible plan and variants
  rotating each unit through the orders it may take), the Fate counter on
  the General or the first unit;
- Fate: each order the Fate unit may take; the initiative winner's choice
  to go second; in the first turn, each enemy
  unit moved 5" or 10" four ways within its zone; the 6" punishment moves;
- each phase, for the next three units with a counter to activate (any
  unit may act: the rules check what is proposed): hold it; spells (each
  spell on the nearest two fitting targets), reform (each formation and
  width that fits, facing as now or toward the nearest enemy), fire at each
  target, charge each enemy within two and a half reaches (in its arc:
  checked; and the nearest with the General's reroll if not all stands
  arrive), attack each enemy it fights, advance (full, half and 1" straight, full with a wheel of
  +-30 degrees and toward the nearest enemy), and in the Reform phase a
  foot unit's 2" of linear obstacle built instead (the rules allow it in
  any activation phase; the screen offers it in each); the General's counter passed
  to each unit within 12" for the same;
- a dispel: let it through, each Wizard alone or all together.
"""
from __future__ import annotations

import math

from engine.core.actions import Action
from typing import Callable
from engine.table.formations import BlockMove, wheel_length
from games.battle_valor_fantasy.rules import (actions, alliance, character_actions, characters, combat, fire, flow,
                                              moves, rerolls, reserves, setup, space, spells, spot_facts, stats, works)
from games.battle_valor_fantasy.rules.state import BVFState, Unit

ORDER_VARIANTS = 6
PHASE_UNITS = 3           # units whose actions are listed at a time in a phase (the next three with counters)
DEPLOY_UNITS = 4          # units offered at a time in deployment (the next four; any may be placed)


def _ok(state: BVFState, acts: list[Action]) -> list[Action]:
    return [a for a in acts if actions.problem(state, a) is None]


Group = Callable[[], list[Action]]     # a group of listed actions, made when asked for


def groups(state: BVFState) -> list[Group]:
    if state.phase == "over":
        return []
    p = flow.to_act(state)
    if state.pending:
        return [lambda: pending_actions(state)]
    if state.phase == "deploy":
        left = [u for u in state.units.values() if u.owner == p and not u.deployed and u.alive
                and "reserve" not in u.marks]
        units = alliance.mine(state, [u for u in left if u.kind != "general"] or left)   # a seat's own (alliance.py)
        held = reserves.deploy_actions(state, p)
        return [_deploy_group(state, u) for u in sorted(units, key=lambda x: x.uid)[:DEPLOY_UNITS]] + \
            ([lambda: held] if held else [])
    extra = character_actions.actions(state, p)
    if state.phase == "orders":
        return [lambda: order_actions(state, p)] + ([lambda: extra] if extra else [])
    if state.phase == "fate":
        return [lambda: fate_actions(state, p)]
    ready = [u for u in sorted(alliance.mine(state, flow.units_of(state, p)), key=lambda x: x.uid)
             if flow.can_activate(state, u, state.phase)]
    out: list[Group] = [_unit_group(state, u) for u in ready[:PHASE_UNITS]]
    if extra:
        out.append(lambda: extra)
    if state.phase == "reform":
        # foot units with no counter left may build in their player's activation (§ Linear Obstacles)
        bare = [Action.make("build", p, uid=u.uid) for u in alliance.mine(state, flow.units_of(state, p))
                if not u.orders and u.kind == "unit" and not u.fleeing and works.is_foot(u)]
        if bare:
            out.append(lambda: bare)
    return out


def legal(state: BVFState) -> list[Action]:
    out = []
    for g in groups(state):
        out.extend(_ok(state, g()))
    return out


def sample(state: BVFState, rng) -> Action:
    """A random group, then the first of its candidates (shuffled) that
    passes the checks: always one of `legal`'s actions."""
    gs = groups(state)
    order = list(range(len(gs)))
    rng.shuffle(order)
    for i in order:
        quick = getattr(gs[i], "sample", None)
        if quick is not None:
            a = quick(rng)
            if a is not None:
                return a
            continue
        acts = list(gs[i]())
        rng.shuffle(acts)
        for a in acts:
            if actions.problem(state, a) is None:
                return a
    raise AssertionError(f"no legal action in phase {state.phase}")


# ---- decisions --------------------------------------------------------------------------------

def pending_actions(state: BVFState) -> list[Action]:
    pd = state.pending[-1]
    p = pd.player
    if pd.kind == "counter":
        return [Action.make("counter", p), Action.make("receive", p)]
    if pd.kind == "reserves":
        return reserves.pending_actions(state)
    if pd.kind == "dispel":
        ws = spells.dispellers(state, p)
        out = [Action.make("allow", p)]
        out += [Action.make("dispel", p, wizards=[w.uid]) for w in ws]
        if len(ws) > 1:
            out.append(Action.make("dispel", p, wizards=[w.uid for w in ws]))
        return out
    out = [Action.make("decline", p)]
    for u in state.units.values():
        if u.owner != p and u.on_table and u.kind != "general":
            for dx, dy in ((6, 0), (-6, 0), (0, 6), (0, -6)):
                out.append(Action.make("fate_move", p, target=u.uid, dx=float(dx), dy=float(dy)))
    return out


def _spot_free(state: BVFState, u: Unit, spot) -> bool:
    f, fo, fi = spot
    return moves.files_ok(state.catalog, fo, len(u.stands), fi) is None and setup.static_ok(state, u, f, fo, fi) and \
        setup.deploy_problem(state, u, f, fo, fi) is None


def _deploy_act(u: Unit, spot) -> Action:
    frame, formation, files = spot
    return Action.make("deploy", u.owner, uid=u.uid, x=frame.x, y=frame.y, facing=frame.facing,
                       formation=formation, files=files)


def _deploy_acts(u: Unit, spots) -> list[Action]:
    return [_deploy_act(u, spot) for spot in spots]


def _dense_actions(state: BVFState, u: Unit) -> list[Action]:
    spots = setup.dense_spots(state, u)
    if not spots:
        return [Action.make("withhold", u.owner, uid=u.uid)]
    return _deploy_acts(u, spots)


def deploy_actions(state: BVFState, u: Unit) -> list[Action]:
    spots = setup.deploy_spots(state, u)
    if not any(_spot_free(state, u, x) for x in spots):
        return _dense_actions(state, u)
    return _deploy_acts(u, spots)


def sample_deploy(state: BVFState, u: Unit, rng) -> Action | None:
    """One of `deploy_actions(state, u)` that passes the checks, drawn
    without listing them all (the listed spots shuffled, those whose box is
    clear of every placed unit's box first, and checked one by one; what
    spot_facts remembers skips spots the checks would refuse); None when
    none passes."""
    spots = setup.deploy_spots(state, u)
    idx = list(range(len(spots)))
    rng.shuffle(idx)
    boxes = [space.unit_bbox(state, v) for v in space.on_table(state)]
    known = spot_facts.all_facts(state, u, spots)

    def taken(i: int) -> bool:          # a quick guess: only orders the exact checks
        x0, y0, x1, y1 = known[i].box
        for b in boxes:
            if x0 < b[2] and b[0] < x1 and y0 < b[3] and b[1] < y1:
                return True
        return False

    idx.sort(key=taken)                 # likely free spots first (a stable sort)
    free = False
    for i in idx:
        f = known[i]
        if not f.static or spot_facts.still_blocked(state, u, f) or not spot_facts.free(state, u, f):
            continue
        free = True
        a = _deploy_act(u, spots[i])
        if actions.problem(state, a) is None:
            return a
    if free:
        return None
    dense = _dense_actions(state, u)
    rng.shuffle(dense)
    for a in dense:
        if actions.problem(state, a) is None:
            return a
    return None


def _unit_group(state: BVFState, u: Unit) -> Group:
    return lambda: unit_actions(state, u)


class _DeployGroup:
    """A unit's placements as a group, with its own quick sample (`sample`
    asks for it: a shuffled spot, not the whole listing)."""

    def __init__(self, state: BVFState, u: Unit) -> None:
        self.state, self.u = state, u

    def __call__(self) -> list[Action]:
        return deploy_actions(self.state, self.u)

    def sample(self, rng) -> Action | None:
        return sample_deploy(self.state, self.u, rng)


def _deploy_group(state: BVFState, u: Unit) -> Group:
    return _DeployGroup(state, u)


# ---- orders ----------------------------------------------------------------------------------

def options_for(state: BVFState, u: Unit) -> list[str]:
    """The orders a unit may sensibly take (those the rules allow)."""
    if u.fleeing:
        return ["flee"]
    if u.kind == "general":
        # only those the orders accept (the picker offered Fire, which flow.order_fits refuses:
        # the General has no missile weapon)
        return [o for o in ("charge", "advance", "fire", "reform") if flow.order_fits(state, u, o) is None]
    if u.kind == "wizard":
        return [o for o in ("spell", "advance") if flow.order_fits(state, u, o) is None]
    out = []
    if u.split:
        return ["reform"]
    if u.engaged:
        out += ["attack", "brace"]
        if not stats.never_flees(u):
            out.append("flee")
        return out
    if stats.missile(state, u) is not None:
        out.append("fire")
    out += ["advance", "charge", "reform", "brace"]
    if not stats.never_flees(u) and stats.missile(state, u) is not None:
        out.append("fire_and_flee")
    if characters.with_unit(state, u, "wizard"):
        out.insert(0, "spell")          # its Wizard casts on the unit's Spell order (§ Characters Attached to Units;)
    return [o for o in out if flow.order_fits(state, u, o) is None]


def offered(state: BVFState, u: Unit) -> list[str]:
    """Every order the picker (and Fate) offers a unit: those it may
    sensibly take (options_for) and Flee wherever the rules allow it
    (§ Order Counter Types;: "placed on a unit you want to withdraw from
    combat, or that you feel is about to be overrun by a charge, or
    generally wherever you feel moving backwards rather than forwards
    might be useful"), Fire & Flee for missile troops that may flee; the
    order among them is the picker's keys' (ORDER_KEYS)."""
    out = list(options_for(state, u))
    if u.kind == "unit" and not u.fleeing and not u.split:
        for o in ("flee", "fire_and_flee"):
            if o not in out and (o != "fire_and_flee" or (stats.missile(state, u) is not None and not u.engaged)) \
                    and flow.order_fits(state, u, o) is None:
                out.append(o)
    if u.profile is not None and u.profile.mounted_missile and not u.fleeing and not u.engaged and not u.split:
        for o in ("advance", "charge", "fire", "fire_and_flee"):
            if o not in out and flow.order_fits(state, u, o) is None:
                out.append(o)
    return [o for o, _ in ORDER_KEYS if o in out]


# the picker's key for each order, the same in every unit (keys that moved with the list gave three units a
# Charge meant as an Advance); 0 is the Fate counter
ORDER_KEYS = (("advance", "1"), ("charge", "2"), ("fire", "3"), ("reform", "4"), ("brace", "5"), ("flee", "6"),
              ("fire_and_flee", "7"), ("attack", "8"), ("spell", "9"))
MMT_MOVE, MMT_FIRE = ("advance", "charge"), ("fire", "fire_and_flee")      # § Mounted Missile Troops: one of each


def mmt_pairs(u: Unit) -> list[tuple[str, str]]:
    return [("advance", "fire"), ("charge", "fire"), ("advance", "fire_and_flee")]


def plan_orders(state: BVFState, p: int, variant: int) -> tuple[list, int]:
    """Each variant rotates each unit through its options."""
    units = sorted(alliance.mine(state, flow.units_of(state, p)), key=lambda x: x.uid)
    g = space.general_of(state, p)
    fate = g.uid if g is not None else (units[0].uid if units else -1)
    if not alliance.is_overall(state, alliance.acting(state)):
        fate = -1                 # a Grand Alliance's Fate counter is the overall General's
    orders = []
    for i, u in enumerate(units):
        if u.uid == fate:
            continue
        if u.profile is not None and u.profile.mounted_missile and not u.fleeing and not u.engaged and not u.split:
            pair = mmt_pairs(u)[(variant + i) % 3]
            orders += [(u.uid, pair[0]), (u.uid, pair[1])]
            continue
        opts = options_for(state, u)
        if opts:
            orders.append((u.uid, opts[(variant * 7 + i * 3 + state.turn) % len(opts)]))
    return orders + [x for x in characters.plan_orders(state, p, variant)
                     if alliance.mine(state, [state.units[x[0]]])], fate


def order_actions(state: BVFState, p: int) -> list[Action]:
    out = []
    seen = set()
    for v in range(ORDER_VARIANTS):
        orders, fate = plan_orders(state, p, v)
        key = (tuple(orders), fate)
        if key in seen:
            continue
        seen.add(key)
        out.append(Action.make("orders", p, orders=[list(x) for x in orders], fate=fate))
    g = space.general_of(state, p)
    if out and g is not None and rerolls.runs_problem(state, p) is None and any(
            u.fleeing and u.kind == "unit" and space.distance(state, u, g) <= space.GENERAL_RANGE
            for u in flow.units_of(state, p)):
        # the first plan with the General's rerolls promised for flee and rally rolls
        out.append(Action.make("orders", p, **{**dict(out[0].params), "reroll_runs": 1}))
    if out and g is not None and rerolls.runs_problem(state, p) is None:
        # and with them promised for saves and strikes back
        out.append(Action.make("orders", p, **{**dict(out[0].params), "reroll_guard": 1}))
    return out


def fate_actions(state: BVFState, p: int) -> list[Action]:
    pl = state.players[p]
    u = state.units[pl.fate_uid]
    out = [Action.make("fate", p, order=o) for o in options_for(state, u)]
    if flow.may_wait_fate(state, p):
        out.append(Action.make("fate_wait", p))
    if state.turn == 1:
        for v in state.units.values():
            if v.owner != p and v.on_table and v.kind != "general":
                for d in (5.0, 10.0):
                    for dx, dy in ((d, 0.0), (-d, 0.0), (0.0, d), (0.0, -d)):
                        out.append(Action.make("fate_move", p, target=v.uid, dx=dx, dy=dy))
    return out


# ---- activations ----------------------------------------------------------------------------------

def unit_actions(state: BVFState, u: Unit) -> list[Action]:
    p = u.owner
    out = [Action.make("hold", p, uid=u.uid)]
    ph = state.phase
    if u.kind == "general":
        out += [Action.make("general_rally", p, uid=v.uid) for v in flow.general_may_rally(state, p)]
        for v in space.friends(state, u):
            if v.kind == "general" or v.fleeing or space.distance(state, u, v) > space.GENERAL_RANGE:
                continue
            for order in flow.PHASE_ORDERS[ph]:
                if order in u.orders:
                    out += _for_order(state, v, order, general=True)
        if ph == "advance" and "advance" in u.orders:
            out += _advances(state, u, False)
        if ph == "reform" and "reform" in u.orders:
            e = space.nearest_enemy(state, u)
            if e is not None:
                cx, cy = space.centre(state, e)
                out.append(Action.make("reform", p, uid=u.uid, facing=round(moves.face_toward(state, u, cx, cy), 2)))
        return out
    for order in flow.PHASE_ORDERS[ph]:
        if order in u.orders:
            out += _for_order(state, u, order, False)
    if ph == "reform" and works.is_foot(u) and not u.engaged:
        out.append(Action.make("build", p, uid=u.uid))
    return out


def _for_order(state: BVFState, u: Unit, order: str, general: bool) -> list[Action]:
    p = u.owner
    extra = {"general": 1} if general else {}
    if order == "spell":
        return _spells(state, u)
    if order == "reform":
        return _reforms(state, u, extra)
    if order == "fire":
        if stats.missile(state, u) is None:
            return []
        rng = fire.weapon_range(state, u)
        return [Action.make("fire", p, uid=u.uid, target=t.uid, **extra) for t in space.enemies(state, u)
                if t.kind != "general" and space.box_distance(state, u, t) <= rng]
    if order == "charge":
        if u.engaged or u.kind != "unit":
            return []
        reach = combat.charge_reach(state, u) * 2.5
        out = [Action.make("charge", p, uid=u.uid, target=t.uid, **extra) for t in space.enemies(state, u)
               if t.kind != "general" and space.box_distance(state, u, t) <= reach]
        if out and rerolls.reroll_problem(state, u, len(u.stands)) is None:
            # the General's reroll if fewer than all the stands would arrive (the nearest target)
            out.append(Action.make("charge", p, uid=u.uid, target=out[0]["target"], reroll=len(u.stands), **extra))
        return out
    if order == "attack":
        return [Action.make("attack", p, uid=u.uid, target=x, **extra) for x in u.engaged]
    if order == "advance":
        return _advances(state, u, general)
    return []


def _toward(state: BVFState, u: Unit) -> Unit | None:
    """The enemy the listed turns face: the nearest by the units' boxes (a
    sample of the legal turns needs no exact distance; the computer general
    scores its moves by space.nearest_enemy)."""
    es = space.enemies(state, u)
    if not es:
        return None
    return min(es, key=lambda v: (space.box_distance(state, u, v), v.uid))


def _advances(state: BVFState, u: Unit, general: bool) -> list[Action]:
    if u.engaged:
        return []
    p = u.owner
    extra = {"general": 1} if general else {}
    full = moves.advance_allowance(state, u)
    out = []
    cands = [BlockMove(full, 0.0, 0.0), BlockMove(full / 2, 0.0, 0.0), BlockMove(1.0, 0.0, 0.0)]
    b = space.block(state, u)
    for ang in (30.0, -30.0):
        w = wheel_length(b, ang)
        if w <= full:
            cands.append(BlockMove(0.0, ang, max(0.0, full - w)))
            if full - w >= 1.0:
                cands.append(BlockMove(0.0, ang, (full - w) / 2))
    e = _toward(state, u)
    if e is not None:
        cx, cy = space.centre(state, e)
        f = space.frame_of(u)
        turn = (space.bearing(f.x, f.y, cx, cy) - u.facing + 180.0) % 360.0 - 180.0
        turn = round(turn, 1)
        if abs(turn) > 5 and abs(turn) <= 90:
            w = wheel_length(b, turn)
            if w <= full:
                cands.append(BlockMove(0.0, turn, max(0.0, full - w)))
    for m in cands:
        out.append(Action.make("advance", p, uid=u.uid, first=_inches_down(m.first), angle=m.angle,
                               then=_inches_down(m.then), **extra))
    return out


def _inches_down(x: float) -> float:
    """Inches to a thousandth, rounded down: a listed move never asks for more than the allowance
    (rounding 2.6667" up to 2.667" made the full move 0.0003" too long, and it was refused)."""
    return math.floor(x * 1000 + 1e-7) / 1000


def _reforms(state: BVFState, u: Unit, extra: dict) -> list[Action]:
    p = u.owner
    if u.kind != "unit":
        return []
    n = len(u.stands)
    facings = [round(u.facing, 2)]
    e = _toward(state, u)
    if e is not None:
        cx, cy = space.centre(state, e)
        facings.append(round(moves.face_toward(state, u, cx, cy), 2))
    out = []
    prof = u.profile
    assert prof is not None, "a unit that reforms has its army list's profile"
    for fid, f in state.catalog.formations.items():
        if n < f.min_stands or (f.unit_types and prof.unit_type not in f.unit_types) or \
                (f.needs_shields and not prof.shields):
            continue                  # a formation its troop type may never take (moves.reform_problem)
        widths = [1] if f.width == "one" or f.shape in ("wedge", "square") else \
            sorted({max(1, math.ceil(n / 2)), max(1, n // 2 + 1), max(1, math.ceil(n / 3)), 2})
        for w in widths:
            if w > n or moves.files_ok(state.catalog, fid, n, w):
                continue
            for fc in facings:
                out.append(Action.make("reform", p, uid=u.uid, formation=fid, files=w, facing=fc, **extra))
    return out


def _spells(state: BVFState, u: Unit) -> list[Action]:
    p = u.owner
    out = []
    foes = sorted([t for t in space.enemies(state, u) if t.kind == "unit"],
                  key=lambda t: (space.distance(state, u, t), t.uid))[:2]
    mine = sorted([t for t in space.friends(state, u) if t.kind == "unit"],
                  key=lambda t: (space.distance(state, u, t), t.uid))[:2]
    for sid, sp in state.catalog.spells.items():
        targets = foes if sp.target != "friendly" else mine
        for t in targets:
            kw = {}
            if sp.effect == "change_orders":
                others = [x for x in foes if x.uid != t.uid]
                if not others:
                    continue
                kw = {"target2": others[0].uid, "order": "brace"}
            elif sp.effect == "change_own_order":
                kw = {"order": "brace" if t.engaged else "advance"}
            elif sp.effect == "carry":
                back = 8.0 if state.players[p].zone == "south" else -8.0
                kw = {"to": [0.0, back if sp.target == "friendly" else -back, t.facing]}
            out.append(Action.make("cast", p, uid=u.uid, spell=sid, target=t.uid, **kw))
    return out
