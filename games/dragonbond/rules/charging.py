"""The charge's move, which the rules make for the player (the player names
the target).  dragonbond.txt § Charge [2] (2. Movement), § Movement, § Unit
Coherency, § Engaged, § Pile-In.

What the text asks of it, and how the parts are weighed where they pull
against each other (docs/games/dragonbond.md, "The charge's move"):

- every model moves at most the charge distance along its own shortest
  path round other units and impassable terrain (§ Movement: "No model in
  the unit may move more than the unit's speed"; the charge adds the roll
  to the speed);
- the unit ends in coherency (§ Unit Coherency: "Units must be in coherency
  at the end of any movement that they make"; § Movement).  This is never
  given up: where a model could touch the target only by leaving the chain,
  it keeps the chain, and the pile-in that follows (which must end in
  coherency too) may bring it in;
- within that, every model that can reach ends engaged (§ Charge [2]: "move
  the unit that distance or until it reaches base-to-base contact with the
  selected target"), in base contact with the target (within 1" with Reach)
  or in base contact with a model of its unit that is (§ Engaged);
- the others go as close to the target as their distance and the chain
  allow ("A charging unit must always move the full distance towards its
  intended target even if the charge fails").

How the spots are found (solved for contact, never stepped): nearest model
first, each takes a spot where it becomes engaged: in base contact with
the target first, then within Reach of it, then touching a model of its
unit that is; preferring spots within 1" of the models already placed and
spots the models still to move could not reach (so a column charging a
narrow target leaves the near spots to the models behind).  Those
preferences are tried in several orders (RANKS; for a Reach unit also
stopping 1" off the target rather than in contact, which leaves room for
more models), and the plan with the most models engaged is kept, the
first order on a tie.  The models that cannot engage then follow, each to
the spot nearest the target that it can reach and that is within 1" of a
placed model (the spot its start neighbour's move carries it to is always
among them); a part of the unit left out of the chain joins the part with
the most models engaged.  When a model that could reach would leave one
that cannot behind, the plan is also made the other way round: the model
farthest back first, its full distance along its shortest way round what
blocks it, the others following.  Of these plans and the whole unit moved
straight in as a block until its nearest model touches, the one with the
most models engaged is taken (then the one nearer the target), checked as
the rules check a move; when none holds together, the block goes as far
as it legally can.
"""
from __future__ import annotations

import math

from engine.table.geometry import (COHERENCY, CONTACT, PLACE_GAP, Foot, coherency_groups, contact_point, contact_ring,
                                   edge_distance, first_contact)
from engine.table.paths import path_length
from games.dragonbond.rules import movement, space, stats
from games.dragonbond.rules.cache import geo
from games.dragonbond.rules.state import DBState, Unit

ROUNDING = 0.002        # inches kept back from the distance: end positions are rounded to 1/1000"
RING = 36               # spots tried round each base a model may touch
FOLLOW_RING = 24        # spots tried round each placed model by a model that cannot engage
FOLLOW_GAPS = (PLACE_GAP, 0.5, COHERENCY - 0.03)     # how far from the placed model (edge to edge)
_CRITERIA = ("chain", "crowd", "target")        # out of the chain, rivals that reach the spot, how it engages
RANKS = (("chain", "crowd", "target"), ("crowd", "chain", "target"), ("chain", "target", "crowd"),
         ("chain", "crowd", "reach"))   # "reach": Reach units stop 1" off the target, not in contact
SEARCHES = 1            # paths searched round obstacles per model and spot choice (straight runs are free)
PLAN_SEARCHES = 4       # and, beyond one per model, for the whole plan


class _Charge:
    """One charge being planned: the unit, its target, the distance."""

    def __init__(self, state: DBState, u: Unit, target: Unit, allowance: float):
        self.state, self.u, self.target = state, u, target
        self.sh = space.shape_of(state.catalog, u.card)
        through = stats.has(state, u, "agile") or stats.has(state, u, "flying")
        self.ob = space.obstacles(state, u, through, stats.has(state, u, "flying"))
        self.tf = space.feet(state, target)
        self.reach = space.REACH if stats.has(state, u, "reach") else 0.0
        self.allowance = allowance
        self.budget = max(0.0, allowance - ROUNDING)
        self.starts = [(m.x, m.y) for m in u.models]
        self.n = len(self.starts)
        self.order = sorted(range(self.n), key=lambda i: space.group_distance_point(state, target, *self.starts[i]))
        sf = self.start_feet = [Foot(self.sh, x, y) for x, y in self.starts]
        self._rings: dict = {}
        self.walks: dict = {}              # (model, x, y) -> its path there (None: none within the distance)
        self.reachable = False             # some model found a spot where it would be engaged
        self.searches = PLAN_SEARCHES + self.n  # searches round obstacles left for the whole plan
        self.neighbours = [[j for j in range(self.n) if j != i and edge_distance(sf[i], sf[j]) <= COHERENCY + 1e-6]
                           for i in range(self.n)]

    # -- measures --
    def path(self, i: int, x: float, y: float, searches: list) -> float | None:
        """Model i's path length to (x, y) within the budget, or None;
        `searches` holds how many searches round obstacles are left (a
        path found once is remembered for the plan)."""
        key = (i, x, y)
        if key in self.walks:
            walk = self.walks[key]
            return path_length(walk) if walk is not None else None
        sx, sy = self.starts[i]
        d = math.hypot(x - sx, y - sy)
        if d > self.budget + 1e-9:
            return None
        if self.ob.clear(sx, sy, x, y):
            self.walks[key] = [(sx, sy), (x, y)]
            return d
        if searches[0] <= 0 or self.searches <= 0:
            return None
        searches[0] -= 1
        self.searches -= 1
        res = self.ob.shortest(sx, sy, x, y, self.budget)
        self.walks[key] = list(res[1]) if res is not None else None
        return res[0] if res is not None else None

    def paths_for(self, pts) -> list | None:
        """Each model's path to pts (those the plan found, else its
        shortest within the distance), or None if one has none."""
        out = []
        for i, (x, y) in enumerate(pts):
            sx, sy = self.starts[i]
            walk = self.walks.get((i, x, y))
            if walk is None:
                if math.hypot(x - sx, y - sy) <= 1e-9:
                    walk = [(sx, sy)]
                elif self.ob.clear(sx, sy, x, y):
                    walk = [(sx, sy), (x, y)]
                else:
                    res = self.ob.shortest(sx, sy, x, y, self.allowance)
                    if res is None:
                        return None
                    walk = list(res[1])
            if path_length(walk) > self.allowance + 1e-6:
                return None
            out.append(walk)
        return out

    def free(self, f: Foot, placed: dict, waiting) -> bool:
        others = list(placed.values()) + [self.start_feet[k] for k in waiting]
        return movement.spot_free(self.state, self.u, f, others)

    def ring(self, g: Foot, gap: float, n: int = RING) -> list:
        """n spots round base g where a model's base is `gap` from it,
        rounded to 1/1000" (judged where they will stand)."""
        key = (g.x, g.y, g.r, gap, n)
        out = self._rings.get(key)
        if out is None:
            out = self._rings[key] = [(round(x, 3), round(y, 3)) for x, y in contact_ring(self.sh, g, n, gap)]
        return out

    def touches_target(self, f: Foot) -> bool:
        return any(edge_distance(f, g) <= CONTACT + self.reach for g in self.tf)

    def engaged(self, pts) -> int:
        """How many models standing at pts would be engaged with the target (§ Engaged)."""
        feet = [Foot(self.sh, x, y) for x, y in pts]
        front = [f for f in feet if self.touches_target(f)]
        return sum(1 for f in feet if f in front or any(edge_distance(f, g) <= CONTACT for g in front))

    def target_gap(self, x: float, y: float) -> float:
        return space.group_distance_point(self.state, self.target, x, y) - self.sh.radius

    # -- one model's spot --
    def engage_spot(self, i: int, placed: dict, front: list, waiting, rivals, rank: tuple, strict: bool = False):
        """A spot where model i becomes engaged within its distance, or None.
        Ranked by `rank`, an order of: out of the chain (not within 1" of a
        placed model), how many rivals also reach the spot, how it engages
        (base contact with the target, within Reach of it, base contact
        with a model of its unit that is); then by distance."""
        sx, sy = self.starts[i]
        budget = self.budget
        cands = []
        reach_only = self.reach and "reach" in rank      # Reach units: within 1" is as good as contact
        anchors = [] if reach_only else [(g, PLACE_GAP, 0) for g in self.tf]   # base contact with the target,
        if self.reach:
            anchors += [(g, self.reach + PLACE_GAP, 1) for g in self.tf]          # within Reach of it,
        anchors += [(g, PLACE_GAP, 2) for g in front]                             # touching a model that is
        near = [(h.x, h.y, h.r if h.corners is None else h.shape.radius) for h in placed.values()]
        r = self.sh.radius
        link = COHERENCY - 0.01
        a, b, c = (_CRITERIA.index("target" if k == "reach" else k) for k in rank)
        for g, gap, friend in anchors:
            gr = g.r if g.corners is None else g.shape.radius
            if math.hypot(g.x - sx, g.y - sy) - gr - r - gap > budget + 1e-9:
                continue
            straight = contact_point(self.sh, sx, sy, g, gap)          # the spot straight ahead, then the ring
            for x, y in [(round(straight[0], 3), round(straight[1], 3))] + self.ring(g, gap):
                d = math.hypot(x - sx, y - sy)
                if d > budget + 1e-9:
                    continue
                loose = 1 if near and not any(math.hypot(x - hx, y - hy) - r - hr <= link for hx, hy, hr in near) \
                    else 0
                if loose and strict:
                    continue
                crowd = sum(1 for rx, ry in rivals if math.hypot(x - rx, y - ry) <= budget) if rivals else 0
                v = (loose, crowd, friend)
                cands.append(((v[a], v[b], v[c], d), x, y))
        cands.sort(key=lambda c: c[0])
        searches = [SEARCHES]
        best = None
        for key, x, y in cands:
            if best is not None and key >= best[0]:
                break                       # a path is never shorter than the straight line
            if not self.free(Foot(self.sh, x, y), placed, waiting):
                continue
            L = self.path(i, x, y, searches)
            if L is None:
                continue
            k = key[:3] + (L,)
            if best is None or k < best[0]:
                best = (k, x, y)
        return (best[1], best[2]) if best else None

    def full_distance(self, i: int, placed: dict, waiting, round_it: bool = False) -> tuple[float, float]:
        """The full distance towards the nearest target model: straight at
        it, stopping where the base touches the first base in its way
        (solved), or short of impassable terrain and other units' gaps;
        with `round_it`, when that stops it short, along its shortest way
        round instead, if that ends nearer the target."""
        sx, sy = self.starts[i]
        g = min(self.tf, key=lambda g: (g.x - sx) ** 2 + (g.y - sy) ** 2)
        cx, cy = contact_point(self.sh, sx, sy, g, gap=PLACE_GAP)
        L = math.hypot(cx - sx, cy - sy)
        if L <= 1e-9:
            return (sx, sy)
        k = min(1.0, self.budget / L)
        ex, ey = sx + (cx - sx) * k, sy + (cy - sy) * k
        others = list(placed.values()) + [self.start_feet[j] for j in waiting] + \
            [f for v in space.on_table(self.state) if v.uid != self.u.uid for f in space.feet(self.state, v)]
        x, y = first_contact(self.sh, sx, sy, ex, ey, others)
        if not self.ob.clear(sx, sy, x, y):
            lo, hi = 0.0, 1.0                     # the farthest clear point of the run (terrain, gaps)
            for _ in range(24):
                mid = (lo + hi) / 2
                if self.ob.clear(sx, sy, sx + (x - sx) * mid, sy + (y - sy) * mid):
                    lo = mid
                else:
                    hi = mid
            x, y = sx + (x - sx) * lo, sy + (y - sy) * lo
        best = (sx, sy)
        R = math.hypot(x - sx, y - sy)
        for back in (0.0, 0.001, 0.002, 0.004, 0.008):      # rounded to 1/1000", clear of what it touches
            t = max(0.0, 1.0 - back / R) if R > 1e-9 else 0.0
            rx, ry = round(sx + (x - sx) * t, 3), round(sy + (y - sy) * t, 3)
            if self.ob.clear(sx, sy, rx, ry) and self.free(Foot(self.sh, rx, ry), placed, waiting):
                best = (rx, ry)
                break
        if round_it and math.hypot(best[0] - sx, best[1] - sy) < min(L, self.budget) - 0.05:
            there = self.around(i, g, placed, waiting)
            if there is not None and self.target_gap(*there) < self.target_gap(*best) - 0.01:
                return there
        return best

    def around(self, i: int, g: Foot, placed: dict, waiting) -> tuple[float, float] | None:
        """The full distance along model i's shortest way round what stands
        in front of it, towards the nearest free spot touching target base
        g; None when there is none (the path is remembered for the plan)."""
        sx, sy = self.starts[i]
        goals = sorted((math.hypot(x - sx, y - sy), x, y) for x, y in self.ring(g, PLACE_GAP) if self.ob.free(x, y))
        if not goals:
            return None
        res = self.ob.shortest(sx, sy, goals[0][1], goals[0][2], 3.0 * self.budget + 3.0)
        if res is None:
            return None
        path = list(res[1])
        run, keep = 0.0, [path[0]]
        for a, b in zip(path, path[1:]):
            step = math.hypot(b[0] - a[0], b[1] - a[1])
            if run + step >= self.budget:
                t = (self.budget - run) / step if step > 1e-12 else 0.0
                x, y = round(a[0] + (b[0] - a[0]) * t, 3), round(a[1] + (b[1] - a[1]) * t, 3)
                if not self.ob.clear(a[0], a[1], x, y):
                    return None
                keep.append((x, y))
                break
            run += step
            keep.append(b)
        x, y = keep[-1]
        if path_length(keep) > self.budget + 1e-9 or not self.free(Foot(self.sh, x, y), placed, waiting):
            return None
        self.walks[(i, x, y)] = keep
        return (x, y)

    def follow_spot(self, i: int, placed: dict, waiting) -> tuple[float, float] | None:
        """For a model that cannot engage: its full distance if that keeps
        it within 1" of a placed model, else the spot nearest the target it
        can reach within 1" of one; None if there is none."""
        near = list(placed.values())
        if not near:
            return self.full_distance(i, placed, waiting)
        x, y = self.full_distance(i, placed, waiting)
        f = Foot(self.sh, x, y)
        if any(edge_distance(f, h) <= COHERENCY - 0.01 for h in near) and self.free(f, placed, waiting):
            return (x, y)
        sx, sy = self.starts[i]
        pts = []
        for j in self.neighbours[i]:
            if j in placed:                             # where its start neighbour's move carries it
                h = placed[j]
                pts.append((sx + h.x - self.starts[j][0], sy + h.y - self.starts[j][1]))
        for h in near:
            if math.hypot(h.x - sx, h.y - sy) - h.shape.radius - self.sh.radius - COHERENCY > self.budget:
                continue
            for gap in FOLLOW_GAPS:
                pts.extend(self.ring(h, gap, FOLLOW_RING))
        cands = []
        for x, y in pts:
            x, y = round(x, 3), round(y, 3)
            d = math.hypot(x - sx, y - sy)
            if d <= self.budget + 1e-9:
                cands.append((round(self.target_gap(x, y), 3), d, x, y))
        cands.sort()
        searches = [SEARCHES]
        for _, _, x, y in cands:
            f = Foot(self.sh, x, y)
            if not any(edge_distance(f, h) <= COHERENCY - 0.01 for h in near):
                continue
            if not self.free(f, placed, waiting):
                continue
            if self.path(i, x, y, searches) is not None:
                return (x, y)
        return None

    # -- whole plans --
    def spots(self, rank: tuple) -> list | None:
        """Nearest model first into engagement, then the others following;
        None when the unit would not hold together."""
        placed: dict[int, Foot] = {}
        front: list[Foot] = []
        todo = set(range(self.n))          # not yet tried
        deferred: set[int] = set()         # cannot engage: they follow
        for i in self.order:
            todo.discard(i)
            rivals = [self.starts[j] for j in todo]
            spot = self.engage_spot(i, placed, front, todo | deferred, rivals, rank)
            if spot is None:
                deferred.add(i)
                continue
            self.reachable = True
            f = Foot(self.sh, *spot)
            placed[i] = f
            if self.touches_target(f):
                front.append(f)
        if not self.follow(placed, deferred):
            return None
        groups = coherency_groups([placed[i] for i in range(self.n)])
        if len(groups) > 1:                # a part left out of the chain joins the rest, engaged if it can
            keep = max(groups, key=lambda g: (self.engaged([(placed[i].x, placed[i].y) for i in g]), len(g)))
            back = [i for i in self.order if i not in keep]
            for i in back:
                del placed[i]
            front = [placed[i] for i in keep if self.touches_target(placed[i])]
            deferred = set()
            for k, i in enumerate(back):
                later = set(back[k + 1:])
                spot = self.engage_spot(i, placed, front, later | deferred, [self.starts[j] for j in later], rank,
                                        strict=True)
                if spot is None:
                    deferred.add(i)
                    continue
                placed[i] = f = Foot(self.sh, *spot)
                if self.touches_target(f):
                    front.append(f)
            if not self.follow(placed, deferred):
                return None
            if len(coherency_groups([placed[i] for i in range(self.n)])) > 1:
                return None
        return [(placed[i].x, placed[i].y) for i in range(self.n)]

    def trail(self) -> list | None:
        """The model farthest from the target first, its full distance, the
        others following as near the target as the chain allows: for a unit
        whose rear cannot keep up with a front that could reach."""
        back = self.order[-1]
        waiting = set(self.order[:-1])
        placed = {back: Foot(self.sh, *self.full_distance(back, {}, set(), round_it=True))}   # the others after it
        if not self.follow(placed, waiting):
            return None
        return [(placed[i].x, placed[i].y) for i in range(self.n)]

    def follow(self, placed: dict, waiting: set) -> bool:
        """Place the waiting models (those that cannot engage), nearest the
        target first, each within 1" of a placed model; False if one cannot."""
        todo = sorted(waiting, key=lambda i: self.order.index(i))
        while todo:
            for i in todo:
                rest = set(todo) - {i}
                spot = self.follow_spot(i, placed, rest)
                if spot is not None:
                    placed[i] = Foot(self.sh, *spot)
                    todo.remove(i)
                    break
            else:
                return False
        return True

    def block(self, to_contact: bool) -> list | None:
        """The whole unit moved straight at the target along its nearest
        model's line: until that model touches (`to_contact`; None if it
        cannot go so far), or as far as the distance and the table allow."""
        lead = self.order[0]
        sx, sy = self.starts[lead]
        g = min(self.tf, key=lambda g: (g.x - sx) ** 2 + (g.y - sy) ** 2)
        if to_contact:
            for gap in (PLACE_GAP, self.reach + PLACE_GAP) if self.reach else (PLACE_GAP,):
                cx, cy = contact_point(self.sh, sx, sy, g, gap=gap)
                if math.hypot(cx - sx, cy - sy) <= self.budget + 1e-9:
                    pts = self._shifted(cx - sx, cy - sy)
                    if pts is not None:
                        return pts
            return None
        cx, cy = contact_point(self.sh, sx, sy, g, gap=PLACE_GAP)
        L = math.hypot(cx - sx, cy - sy)
        if L <= 1e-9:
            return None
        k = min(1.0, self.budget / L)
        vx, vy = (cx - sx) * k, (cy - sy) * k
        good, step = 0.0, 0.1
        t = 1.0
        while t > 1e-9:
            if self._shifted(vx * t, vy * t) is not None:
                good = t
                break
            t -= step
        if good <= 0.0:
            return None
        lo, hi = good, min(1.0, good + step)
        for _ in range(12):
            mid = (lo + hi) / 2
            if self._shifted(vx * mid, vy * mid) is not None:
                lo = mid
            else:
                hi = mid
        return self._shifted(vx * lo, vy * lo)

    def legal(self, pts) -> list | None:
        """The plan as the rules will check it: every end free, the unit
        coherent, every path within the distance; its paths, or None."""
        feet = [Foot(self.sh, x, y) for x, y in pts]
        if len(coherency_groups(feet)) > 1:
            return None
        for i, f in enumerate(feet):
            if not movement.spot_free(self.state, self.u, f, feet[:i] + feet[i + 1:]):
                return None
        return self.paths_for(pts)

    def _shifted(self, dx: float, dy: float) -> list | None:
        pts = [(round(x + dx, 3), round(y + dy, 3)) for x, y in self.starts]
        for (sx, sy), (x, y) in zip(self.starts, pts):
            if not self.ob.clear(sx, sy, x, y) or not movement.spot_free(self.state, self.u, Foot(self.sh, x, y), []):
                return None
        return pts


def plan_charge(state: DBState, u: Unit, target: Unit, allowance: float) -> list[tuple[float, float]]:
    """Each model's end of the charge's move (model order, rounded to
    1/1000"), as the module docstring describes."""
    return planned(state, u, target, allowance)[0]


def planned(state: DBState, u: Unit, target: Unit, allowance: float) -> tuple[list, list]:
    """(each model's end, each model's path there): the plan, made once per
    position (the rules plan it for the opportunity attacks it provokes and
    again to move; unchanged positions give the same plan)."""
    memo = geo(state).charges
    key = (u.uid, target.uid, allowance)
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = _plan(state, u, target, allowance)
    return hit


def _plan(state: DBState, u: Unit, target: Unit, allowance: float) -> tuple[list, list]:
    c = _Charge(state, u, target, allowance)
    if c.n == 0:
        return [], []
    plans: list[tuple[int, float, int, list]] = []

    def add(pts):
        """(models engaged, nearness to the target, first found), the plan."""
        near = -round(sum(c.target_gap(x, y) for x, y in pts), 2)
        plans.append((c.engaged(pts), near, -len(plans), pts))
    for rank in RANKS:
        pts = c.spots(rank)
        if pts is not None:
            add(pts)
            if plans[-1][0] in (0, c.n):      # all in, or none can reach: another order changes nothing
                break
    if not plans or max(p[0] for p in plans) < c.n:
        for extra in (c.block(to_contact=True), c.trail() if c.n > 1 and c.reachable else None):
            if extra is not None:
                add(extra)
    plans.sort(key=lambda p: p[:3], reverse=True)
    for _, _, _, pts in plans:
        pts = [(round(x, 3), round(y, 3)) for x, y in pts]
        paths = c.legal(pts)
        if paths is not None:
            return pts, paths
    pts = c.block(to_contact=False) or list(c.starts)
    return pts, [[s, p] if s != p else [s] for s, p in zip(c.starts, pts)]
