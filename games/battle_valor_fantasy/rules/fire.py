"""Missile fire: arc, sight, range, the shooting and shooting-defence
modifiers, armour rerolls, saves, shooting into combat (both units take
the hits), and the war machines' own procedures (bolt and stone
throwers, crew at 2 firing every other turn).

battle_valor_fantasy.txt § Phase 8 Fire Missile Units;, § Shooting into
Combat, § Shooting Modifiers, § Shooting Defense Modifiers, § Attacking War
Machines;, § Woods, Forests and Jungles, § Linear Obstacles.
"""
from __future__ import annotations

import heapq
import math

from engine.core.rules import Event
from engine.table.geometry import Foot, BaseShape
from engine.core.words import count, possessive
from games.battle_valor_fantasy.rules import casualties, characters, rerolls, space, stats, success, works
from games.battle_valor_fantasy.rules.state import BVFState, Unit

R_FIRE = "battle_valor_fantasy.txt § Phase 8 Fire Missile Units;"
R_INTO = "battle_valor_fantasy.txt § Shooting into Combat"
R_MODS = "battle_valor_fantasy.txt § Shooting Modifiers"
R_DEF = "battle_valor_fantasy.txt § Shooting Defense Modifiers"
R_MACHINES = "battle_valor_fantasy.txt § Attacking War Machines;"
R_WOODS = "battle_valor_fantasy.txt § Woods, Forests and Jungles"
R_OBSTACLE = "battle_valor_fantasy.txt § Linear Obstacles"
R_MAGIC_MISSILES = "battle_valor_fantasy.txt § Defensive Spells;"
HANDHELD_RANGE = 24.0
SHORT, LONG = 8.0, 16.0


def weapon_range(state, u: Unit) -> float:
    w = stats.missile(state, u)
    if w is None:
        return 0.0
    return math.inf if w.range is None else float(w.range)


def fire_problem(state: BVFState, u: Unit, t: Unit) -> tuple[str, str] | None:
    w = stats.missile(state, u)
    if w is None:
        return f"{u.name} has no missile weapon", R_FIRE
    if t.attached >= 0 and t.owner != u.owner:
        return f"{t.name} is with a unit: it cannot be singled out", characters.R_MOVING
    if t.owner == u.owner or not t.on_table or t.kind == "general":
        return "Fire at an enemy unit on the table (the General can never be targeted)", R_FIRE
    if characters.is_target(t) and characters.target_problem(state, t):
        return characters.target_problem(state, t)
    if u.engaged:
        return f"{u.name} is in combat and cannot fire", R_MACHINES if stats.machine(u) else R_FIRE
    if stats.machine(u) and u.crew_wounds >= 2 and u.fired == state.turn - 1:
        return f"{possessive(u.name)} crew is down to 2: it fires every other turn", R_MACHINES
    needs_sight = w.needs_sight
    d = space.distance(state, u, t, exact=weapon_range(state, u) >= space.FAR)
    if d > weapon_range(state, u) + 1e-9:
        return f"{t.name} is {d:.1f}\" away, beyond {weapon_range(state, u):g}\"", R_FIRE
    if needs_sight and not space.in_arc(state, u, t):
        return f"{t.name} is not within {possessive(u.name)} arc of vision", space.R_ARC
    if needs_sight and not sight(state, u, t):
        return f"{u.name} cannot see {t.name}", R_FIRE
    return None


def sight(state: BVFState, u: Unit, t: Unit) -> bool:
    """Line of sight, and the 2-inch rule for woods: a unit in a wood sees
    out, and is seen, only within 2" of its edge (units both inside see each
    other)."""
    if not space.line_of_sight(state, u, t):
        return False
    wt = [p for p in space.terrain_under(state, t) if p.flag("woods")]
    wu = [p for p in space.terrain_under(state, u) if p.flag("woods")]
    if wt and wu and any(p in wu for p in wt):
        return True
    for pieces, who in ((wt, t), (wu, u)):
        for p in pieces:
            if not any(_near_edge(p, f) for f in space.feet(state, who)):
                return False
    return True


def _near_edge(piece, f: Foot) -> bool:
    from engine.table.geometry import _dist_to_outline
    return _dist_to_outline(piece.ring, f.x, f.y) <= 2.0 + f.shape.radius


def shooting_mods(state: BVFState, u: Unit, t: Unit, flee: bool) -> list[tuple[str, int]]:
    mods = list(stats.experience_mods(state, u))
    if stats.in_line(u):
        mods.append(("Line", 2))
    if stats.large(t):
        mods.append(("Large Target", 1))
    d = space.distance(state, u, t)
    if d <= SHORT:
        mods.append(("Short Range", 1))
    elif d > LONG and not stats.any_effect(u, "ignore_long_range"):
        mods.append(("Long Range", -1))
    if t.formation == "skirmish":
        mods.append(("target Skirmishing", -1))
    elif space.screened(state, u, t):
        mods.append(("firing through Skirmishers", -1))     # one -1 for either (the text's one line)
    if "charge" in t.orders:
        mods.append(("target has a Charge Order", -1))
    if flee:
        mods.append(("Fire & Flee", -2))
    return mods


def defence_mods(state: BVFState, t: Unit, shooter: Unit) -> list[tuple[str, int]]:
    mods = list(stats.experience_mods(state, t))
    front = _front(state, t, shooter)
    if t.formation == "shield_wall" and front:
        mods.append(("Shield Wall", 2))
    if "brace" in t.orders and front:
        mods.append(("Braced", 1))
    f = stats.formation(state, t)
    if f is not None and f.shooting_defence:
        mods.append((f.name, f.shooting_defence))
    return mods + characters.captain_mods(state, t)


def _front(state: BVFState, t: Unit, shooter: Unit) -> bool:
    from engine.table.formations import side_of_block
    cx, cy = space.centre(state, shooter)
    return side_of_block(space.block(state, t), cx, cy) == "front"


def need_for(state: BVFState, t: Unit, shooter: Unit | None = None) -> tuple[int, str]:
    if characters.is_target(t):
        return 6, "a character: 6s to hit"
    if stats.any_effect(t, "missile_needs_six"):
        return 6, "Tough Hide: 6s to hit with missiles"
    if space.in_woods(state, t):
        return 6, "target in a wood: 6s"
    if space.behind_obstacle(state, t) or works.behind(state, t, shooter):
        return 6, "target behind a linear obstacle: 6s"
    return 5, ""


def fire(state: BVFState, u: Unit, t: Unit, dice, ev: list[Event], flee: bool = False) -> None:
    verb = "fires and flees" if flee else "fires"
    ev.append(Event("fire", f"{u.name} {verb} at {space.told_apart(state, u.owner, t)}", R_FIRE, 0,
                    data={"uid": u.uid, "target": t.uid}))
    u.fired = state.turn
    if stats.machine(u):
        _machine(state, u, t, dice, ev)
        return
    n = sum(s.figures for s in u.stands if s.sid not in u.stragglers)
    if u.effects.pop("double_shots", 0):
        n *= 2
        ev.append(Event("ruling", "Magic Missiles: double the shots", R_MAGIC_MISSILES))
    need, why = need_for(state, t, u)
    if why:
        ev.append(Event("ruling", why, R_WOODS if "wood" in why else (R_OBSTACLE if "obstacle" in why else R_FIRE)))
    hits = success.roll(dice, f"{u.name} shoots", n, shooting_mods(state, u, t, flee), need=need)
    hits = rerolls.again(state, u, hits, lambda: success.roll(dice, f"{u.name} shoots (rerolled)", n,
                                                              shooting_mods(state, u, t, flee), need=need), ev)
    ev.append(Event("roll", hits.text(), R_MODS, data=hits.data()))
    _hits_on(state, u, t, hits.total, dice, ev)


def _hits_on(state: BVFState, u: Unit, t: Unit, hits: int, dice, ev: list[Event]) -> None:
    targets = [t]
    if t.engaged:
        targets += [state.units[x] for x in t.engaged if state.units[x].on_table]
        ev.append(Event("ruling", f"Shooting into a combat: each unit in it takes {count(hits, 'hit')}", R_INTO))
    for v in targets:
        rr = stats.armour_rerolls(state, v) + v.effects.get("reroll_defence", 0)
        saves = success.roll(dice, f"{v.name} saves", hits, defence_mods(state, v, u), rerolls=rr)
        ev.append(Event("roll", saves.text(), R_DEF, data=saves.data()))
        saves = rerolls.guard_again(state, v, saves, lambda: success.roll(dice, f"{v.name} saves (rerolled)", hits,
                                                                          defence_mods(state, v, u), rerolls=rr), ev)
        casualties.take(state, v, characters.apothecary(state, v, saves.failures, dice, ev), ev,
                        space.centre(state, u))


def machine_dice(state: BVFState, u: Unit, t: Unit) -> int:
    """A war machine's dice at `t`: fewer without line of sight (a Stone
    Thrower's 8 of 10).  The rules roll these and the odds show these."""
    w = stats.missile(state, u)
    seen = space.line_of_sight(state, u, t)
    return w.dice if (seen or w.dice_without_sight == 0) else w.dice_without_sight


def _machine(state: BVFState, u: Unit, t: Unit, dice, ev: list[Event]) -> None:
    w = stats.missile(state, u)
    n = machine_dice(state, u, t)
    if u.effects.pop("double_shots", 0):
        shots = 2
        ev.append(Event("ruling", "Magic Missiles: two shots", R_MAGIC_MISSILES))
    else:
        shots = 1
    for _ in range(shots):
        if not t.on_table:
            break
        r = success.roll(dice, f"{u.name} ({w.name})", n, stats.experience_mods(state, u))
        r = rerolls.again(state, u, r, lambda: success.roll(dice, f"{u.name} ({w.name}, rerolled)", n,
                                                            stats.experience_mods(state, u)), ev)
        ev.append(Event("roll", r.text() + f" (needs {w.needs_successes})", R_FIRE, data=r.data()))
        if r.total >= w.needs_successes:
            _machine_hit(state, u, t, r.total, dice, ev, w.passes_through)
        elif w.passes_through:
            others = [v for v in space.on_table(state) if v.uid != u.uid and v.kind == "unit"]
            if others:
                v = min(others, key=lambda x: (space.distance(state, u, x), x.uid))
                ev.append(Event("ruling", f"The bolt veers off course and strikes {v.name}", R_FIRE))
                _machine_hit(state, u, v, r.total, dice, ev, False)
        else:
            ux, uy = space.centre(state, u)
            tx, ty = space.centre(state, t)
            mx, my = (ux + tx) / 2, (uy + ty) / 2
            under = [v for v in space.on_table(state) if v.kind == "unit" and _in_box(space.unit_bbox(state, v), mx, my)
                     and any(_covers(f, mx, my) for f in space.feet(state, v) if _in_box(f.bbox, mx, my))]
            if under:
                v = under[0]
                again = success.roll(dice, f"{u.name} (the stray shot)", 10, ())
                ev.append(Event("roll", f"The shot lands half way, on {v.name}: " + again.text(), R_FIRE,
                                data=again.data()))
                _machine_hit(state, u, v, again.total, dice, ev, False)
            else:
                ev.append(Event("ruling", "The shot lands half way, on open ground", R_FIRE))


def _in_box(b: tuple, x: float, y: float, m: float = 1e-6) -> bool:
    """The point lies in the box (within `m`): a base can cover it only then."""
    return b[0] - m <= x <= b[2] + m and b[1] - m <= y <= b[3] + m


def _covers(f: Foot, x: float, y: float) -> bool:
    from engine.table.geometry import point_distance
    return point_distance(f, x, y) <= 0.0


def _machine_hit(state: BVFState, u: Unit, t: Unit, n: int, dice, ev: list[Event], passes: bool) -> None:
    """The target rolls as many dice as the Successes: no modifiers, no
    armour rerolls; each failure a casualty.  A bolt killing as many as the
    target has ranks passes through to the next unit in line (36" at most)."""
    saves = success.roll(dice, f"{t.name} against the {stats.missile(state, u).name}", n, (), modifiable=False)
    ev.append(Event("roll", saves.text() + " (no modifiers, no armour rerolls)", R_FIRE, data=saves.data()))
    saves = rerolls.guard_again(state, t, saves, lambda: success.roll(
        dice, f"{t.name} against the {stats.missile(state, u).name} (rerolled)", n, (), modifiable=False), ev)
    ranks = stats.ranks_deep(t)
    tc = space.centre(state, t)
    killed = casualties.take(state, t, characters.apothecary(state, t, saves.failures, dice, ev), ev,
                             space.centre(state, u))
    if passes and killed >= ranks and killed > 0:
        nxt = _next_in_line(state, u, t, tc)
        if nxt is not None:
            ev.append(Event("ruling", f"The bolt kills {killed} (>= {ranks} ranks) and passes on into {nxt.name}",
                            R_FIRE))
            _machine_hit(state, u, nxt, n, dice, ev, True)


def _next_in_line(state: BVFState, u: Unit, t: Unit, tc) -> Unit | None:
    ux, uy = space.centre(state, u)
    tx, ty = tc
    dx, dy = tx - ux, ty - uy
    L = math.hypot(dx, dy) or 1.0
    dx, dy = dx / L, dy / L
    best, bd = None, math.inf
    for v in space.on_table(state):
        if v.uid in (u.uid, t.uid) or v.kind != "unit":
            continue
        vx, vy = space.centre(state, v)
        along = (vx - ux) * dx + (vy - uy) * dy
        if along <= L + 1e-6 or along > 36.0:
            continue
        off = abs((vx - ux) * -dy + (vy - uy) * dx)
        if off <= 1.0 + space.shape_of(v).radius and along < bd:
            best, bd = v, along
    return best


def targets(state: BVFState, u: Unit) -> list[Unit]:
    return [t for t in space.enemies(state, u) if t.kind != "general" and fire_problem(state, u, t) is None]


def nearest_target(state: BVFState, u: Unit) -> Unit | None:
    """The nearest of `targets` (ties: the lowest uid), or None: the
    enemies are tried nearest first, so the sight lines of farther ones are
    never drawn."""
    if stats.missile(state, u) is None or u.engaged:
        return None                       # fire_problem refuses every target
    reach = weapon_range(state, u)
    cut = reach + 1e-9 if reach < space.FAR else math.inf    # fire_problem measures as the order below does
    # (distance, uid) order, measuring a foe only when its box could come next: a box gap is a lower bound
    # of the distance (less a hair for rounding), so a foe popped measured is the next in that order
    heap = [(space.box_distance(state, u, v) - BOX_SLACK, v.uid, False, v)
            for v in space.enemies(state, u) if v.kind != "general"]
    heapq.heapify(heap)
    while heap:
        d, uid, measured, t = heapq.heappop(heap)
        if not measured:
            heapq.heappush(heap, (space.distance(state, u, t), uid, True, t))
            continue
        if d > cut:
            return None                   # beyond range, and every foe left is as far or farther
        if fire_problem(state, u, t) is None:
            return t
    return None


BOX_SLACK = 1e-9     # inches: a box gap less this is certainly not more than the edge distance


_ = BaseShape
