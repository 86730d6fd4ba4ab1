"""The representative legal actions of a continuous table.

`legal_actions` cannot list every point a model could move to; the UI
proposes any action to `check`.  What is listed, in groups (each group is
what `sample_legal` picks from, so random playouts see the same set):

- setup: each bond choice; each edge x deploy first/second; each unit at a
  few spots across its deployment zone;
- decisions: each opportunity attack weapon, each usable reaction, decline;
  our casualty choice plus each single model (one death) or the captain
  swapped in; our pile-in/consolidation or skip;
- a turn: activate each unit, pass; then for the activated unit moves as
  a block (into base contact with each enemy unit in reach, the full and
  half distance towards each enemy unit and objective, the full distance
  away from the nearest enemy), each attack (enemy x weapon), each power x
  target, run (the same destinations at twice the speed), charge (each
  enemy in sight within speed + 6"), coordinated move (each other unit),
  rest, disengage (away), wait, end turn, mount, dismount (8 spots).
"""
from __future__ import annotations

import math
from collections.abc import Callable

from engine.core.actions import Action
from engine.table.geometry import contact_point
from games.dragonbond.rules import movement, powers, setup, space, stats
from games.dragonbond.rules.checks import to_act
from games.dragonbond.rules.state import DBState, Unit
from games.dragonbond.rules.wounds import default_casualties


def groups(state: DBState) -> list[Callable[[], list[Action]]]:
    """Callables each returning a list of actions; together all listed actions."""
    if state.phase == "over":
        return []
    p = to_act(state)
    if state.pending:
        return [lambda: pending_actions(state)]
    if state.phase == "bond":
        return [lambda: bond_actions(state, p)]
    if state.phase == "edge":
        return [lambda: [Action.make("choose_edge", p, edge=e, first=f) for e in setup.edges_available(state)
                         for f in (True, False)]]
    if state.phase == "deploy":
        return [Deploys(state, u) for u in setup.to_deploy(state, p)]
    t = state.turn
    if t is None:
        return [lambda: [Action.make("activate", p, uid=u.uid) for u in space.on_table(state) if u.owner == p]
                + [Action.make("pass_round", p)]]
    u = state.units[t.uid]
    out: list[Callable[[], list[Action]]] = []
    if t.mode == "coordinated":
        for uid in (t.uid, t.second):
            v = state.units.get(uid)
            if v is not None and v.alive and v.models and uid not in t.moved_units:
                out.append(move_actions(state, v, "move"))
        out.append(lambda: [Action.make("end_turn", p)])
        return out
    if not (u.alive and u.models):
        return [lambda: [Action.make("end_turn", p)]]
    if t.mode in ("", "act", "run") and movement.movement_open(state, u) is None and \
            not movement.held(state, u, "immobilized"):
        out.append(move_actions(state, u, "move"))
    if t.mode in ("", "act") and not t.acted:
        out.append(lambda: attack_actions(state, u))
        out.append(lambda: power_actions(state, u))
    if t.mode == "":
        out.append(lambda: special_actions(state, u))
        sp = stats.speed(state, u)
        if not u.immobilized and sp > 0:
            if not stats.exhausted(u):
                out.append(Moves(state, u, "run", 2.0 * sp - (sp / 2.0 if u.slow else 0.0)))
            if space.in_combat_with(state, u):
                out.append(Moves(state, u, "disengage", float(sp) - (sp / 2.0 if u.slow else 0.0),
                                 only_leaving=True))
    if t.mode in ("", "act"):
        out.append(lambda: misc_actions(state, u))
    elif not t.moved:
        out.append(lambda: [Action.make("end_turn", p)])
    return out


class Moves:
    """A group of block moves, listed in full or sampled lazily: a random
    destination is checked alone (the same check the full list makes)."""

    def __init__(self, state: DBState, u: Unit, kind: str, lim: float, only_leaving: bool = False):
        self.state, self.u, self.kind, self.lim, self.only_leaving = state, u, kind, lim, only_leaving

    def _act(self, pts) -> Action:
        return Action.make(self.kind, self.u.owner, uid=self.u.uid, to=pts)

    def _ok(self, pts) -> bool:
        return not self.only_leaving or bool(movement.would_leave(self.state, self.u, [tuple(x) for x in pts]))

    def __call__(self) -> list[Action]:
        return [self._act(pts) for pts in block_moves(self.state, self.u, self.lim) if self._ok(pts)]

    def pick(self, rng):
        dests = destinations(self.state, self.u, self.lim)
        order = list(range(len(dests)))
        rng.shuffle(order)
        for i in order:
            pts = _first_valid(self.state, self.u, self.lim, dests[i])
            if pts is not None and self._ok(pts):
                return self._act(pts)
        return None


class Deploys:
    """A unit's listed set-ups; sampled lazily like Moves."""

    def __init__(self, state: DBState, u: Unit):
        self.state, self.u = state, u

    def _act(self, pts) -> Action:
        return Action.make("deploy", self.u.owner, uid=self.u.uid, to=pts)

    def __call__(self) -> list[Action]:
        return [self._act(pts) for pts in setup.deploy_spots(self.state, self.u)]

    def pick(self, rng):
        order = list(range(setup.SPOTS))
        rng.shuffle(order)
        for i in order:
            pts = setup.deploy_spot(self.state, self.u, i)
            if pts is not None:
                return self._act(pts)
        acts = self()
        return acts[rng.randrange(len(acts))] if acts else None


def legal(state: DBState) -> list[Action]:
    out: list[Action] = []
    for g in groups(state):
        out.extend(g())
    return out


def sample(state: DBState, rng) -> Action:
    gs = groups(state)
    while gs:
        i = rng.randrange(len(gs))
        g = gs[i]
        if isinstance(g, (Moves, Deploys)):
            a = g.pick(rng)
            if a is not None:
                return a
        else:
            acts = g()
            if acts:
                return acts[rng.randrange(len(acts))]
        gs.pop(i)
    raise AssertionError("no legal action in an unfinished game")


# ---- setup and decisions ---------------------------------------------------------------------------

def bond_actions(state: DBState, p: int) -> list[Action]:
    out = [Action.make("declare_bond", p, dragon=None, mounted=False)]
    for d in setup.bond_choices(state, p):
        out.append(Action.make("declare_bond", p, dragon=d, mounted=False))
        out.append(Action.make("declare_bond", p, dragon=d, mounted=True))
    return out


def pending_actions(state: DBState) -> list[Action]:
    from games.dragonbond.rules import flow
    pd = state.pending[-1]
    p = pd.player
    u = state.units[pd.uid]
    if pd.kind == "oa":
        out = [Action.make("opportunity_attack", p, uid=u.uid, target=pd.target, weapon=w.name)
               for w, _ in stats.weapons(state, u) if w.type == "melee"]
        return out + [Action.make("decline", p, uid=u.uid)]
    if pd.kind == "reaction":
        out = [Action.make("use_reaction", p, uid=u.uid, power=pw.name)
               for pw, _ in flow.reaction_powers(state, u.uid, pd.what)]
        return out + [Action.make("decline", p, uid=u.uid)]
    if pd.kind == "casualties":
        best = default_casualties(state, u)
        opts = [tuple(best)]
        if pd.n == 1:
            opts.extend((m.mid,) for m in u.models)
        else:
            cap = [m.mid for m in u.models if m.captain]
            if cap and cap[0] not in best:
                opts.append(tuple(sorted(best[:-1] + cap)))
        seen = []
        for o in opts:
            if o not in seen:
                seen.append(o)
        return [Action.make("remove_models", p, uid=u.uid, models=list(o)) for o in seen]
    if pd.kind == "follow_up":
        return [Action.make("follow_up", p, uid=u.uid), Action.make("skip_follow_up", p, uid=u.uid)]
    if pd.kind == "charge_attack":
        return [Action.make("charge_attack", p, uid=u.uid), Action.make("decline", p, uid=u.uid)]
    return []


# ---- a turn ----------------------------------------------------------------------------------------

def _centroid(u: Unit) -> tuple[float, float]:
    n = len(u.models)
    return (sum(m.x for m in u.models) / n, sum(m.y for m in u.models) / n)


def destinations(state: DBState, u: Unit, lim: float, away: bool = True) -> list[tuple[float, float, str]]:
    """Block translations (dx, dy, why) worth listing."""
    out: list[tuple[float, float, str]] = []
    if lim <= 0.05:
        return out
    cx, cy = _centroid(u)
    sh = space.shape_of(state.catalog, u.card)
    ens = space.enemies(state, u)
    nearest = None
    for e in ens:
        best = None
        for m in u.models:
            for f in space.feet(state, e):
                d = math.hypot(m.x - f.x, m.y - f.y) - f.r - sh.radius
                if best is None or d < best[0]:
                    best = (d, m, f)
        assert best is not None     # the unit and each enemy on the table have models
        d, m, f = best
        if nearest is None or d < nearest[0]:
            nearest = (d, m, f)
        if 0.05 < d <= lim:
            x, y = contact_point(sh, m.x, m.y, f, gap=0.002)
            out.append((x - m.x, y - m.y, f"contact:{e.uid}"))
        elif d > lim:
            ux, uy = (f.x - m.x), (f.y - m.y)
            L = math.hypot(ux, uy) or 1.0
            out.append((ux / L * lim * 0.999, uy / L * lim * 0.999, f"toward:{e.uid}"))
            out.append((ux / L * lim * 0.5, uy / L * lim * 0.5, f"half:{e.uid}"))
    for i, obj in enumerate(space.objectives(state)):
        ox, oy = obj.point if obj.point is not None else obj.centre
        d = math.hypot(ox - cx, oy - cy)
        if d > 1.5:
            s = min(lim * 0.999, d - 1.0)
            out.append(((ox - cx) / d * s, (oy - cy) / d * s, f"objective:{i}"))
    if away and nearest is not None:
        d, m, f = nearest
        ux, uy = (m.x - f.x), (m.y - f.y)
        L = math.hypot(ux, uy) or 1.0
        out.append((ux / L * lim * 0.999, uy / L * lim * 0.999, "away"))
    return out


def _first_valid(state: DBState, u: Unit, lim: float, dest) -> list | None:
    dx, dy, _why = dest
    for k in (1.0, 0.6, 0.3):
        pts = [(round(m.x + dx * k, 3), round(m.y + dy * k, 3)) for m in u.models]
        if movement.check_move(state, u, pts, lim, straight_only=True) is None:
            return [list(p) for p in pts]
    return None


def block_moves(state: DBState, u: Unit, lim: float, away: bool = True) -> list[list]:
    seen = set()
    out = []
    for dest in destinations(state, u, lim, away):
        pts = _first_valid(state, u, lim, dest)
        if pts is not None:
            key = tuple(map(tuple, pts))
            if key not in seen:
                seen.add(key)
                out.append(pts)
    return out


def move_actions(state: DBState, u: Unit, kind: str) -> Moves:
    return Moves(state, u, "move", movement.left(state, u))


def attack_actions(state: DBState, u: Unit) -> list[Action]:
    from games.dragonbond.rules import combat
    out = []
    ws = stats.weapons(state, u)
    for e in space.enemies(state, u):
        for w, _ in ws:
            if combat.target_problem(state, u, e, w) is None:
                out.append(Action.make("attack", u.owner, uid=u.uid, target=e.uid, weapon=w.name))
    return out


def power_actions(state: DBState, u: Unit) -> list[Action]:
    out = []
    for key, _p, _part in powers.action_powers(state, u):
        kind, rng, _ = powers.spec_of(state, u, key)
        cands = [u] if kind == "self" else [v for v in space.on_table(state)
                                             if (v.owner == u.owner) == (kind == "ally")]
        for v in cands:
            tgt = None if kind == "self" else v.uid
            if powers.power_problem(state, u, key, tgt) is None:
                out.append(Action.make("power", u.owner, uid=u.uid, power=key, target=tgt))
    return out


def special_actions(state: DBState, u: Unit) -> list[Action]:
    p = u.owner
    out = [Action.make("rest", p, uid=u.uid)]
    for v in space.on_table(state):
        if v.owner == p and v.uid != u.uid:
            out.append(Action.make("coordinated", p, uid=u.uid, second=v.uid))
    if u.immobilized:
        return out
    sp = stats.speed(state, u)
    if not stats.exhausted(u) and sp > 0:
        melee = [w for w, _ in stats.weapons(state, u) if w.type == "melee"]
        if melee:
            for e in space.enemies(state, u):
                if space.distance(state, u, e) <= sp + 6 and space.line_of_sight(state, u, e):
                    out.append(Action.make("charge", p, uid=u.uid, target=e.uid, weapon=melee[0].name))
    return out


def misc_actions(state: DBState, u: Unit) -> list[Action]:
    t = state.turn
    assert t is not None        # listed only for the activated unit (groups)
    p = u.owner
    out = []
    if t.moved and not t.acted:
        out.append(Action.make("wait", p, uid=u.uid))
    if t.acted or (t.mode == "act" and not t.moved):
        out.append(Action.make("end_turn", p))
    if movement.mount_problem(state, u) is None:
        out.append(Action.make("mount", p, uid=u.uid))
    if u.rider is not None:
        for spot in movement.dismount_spots(state, u):
            if movement.dismount_problem(state, u, spot) is None:
                out.append(Action.make("dismount", p, uid=u.uid, to=list(spot)))
    return out
