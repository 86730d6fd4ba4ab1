"""Taking casualties: figures removed from the point of contact outward,
the command stand always last; war machines' wounds split between machine
and crew; monstrous creatures losing MR; filling the gaps from the back.

battle_valor_fantasy.txt § Phase 9 Activate Charge & Attack Orders,
Resolve Combats; (Removing Casualties), § Attacking War Machines;,
§ Bestiary (Monstrous Creature, Resilient).
"""
from __future__ import annotations

from engine.core.rules import Event
from engine.table.formations import casualty_order
from games.battle_valor_fantasy.rules import characters, front_rank, space, stats
from games.battle_valor_fantasy.rules.state import BVFState, Unit

R_REMOVE = "battle_valor_fantasy.txt § Phase 9 Activate Charge & Attack Orders, Resolve Combats;"
R_MACHINE = "battle_valor_fantasy.txt § Attacking War Machines;"
R_BESTIARY = "battle_valor_fantasy.txt § Bestiary"
MACHINE_WOUNDS, CREW_WOUNDS = 3, 4


def take(state: BVFState, u: Unit, n: int, ev: list[Event], point: tuple[float, float] | None = None,
         ignorable: bool = True, stands: bool = False) -> int:
    """Remove `n` casualties (figures, or whole stands when `stands`);
    returns how many were removed."""
    if n <= 0 or not u.on_table:
        return 0
    if characters.is_target(u):
        return characters.wound(state, u, n, ev)
    if ignorable:
        ig = stats.ignore_wounds(u)
        if ig:
            k = min(ig, n)
            n -= k
            ev.append(Event("ruling", f"{u.name} ignores the first {k} wound{'s' if k != 1 else ''} "
                            "(Resilient)", R_BESTIARY))
            if n <= 0:
                return 0
    if stats.machine(u):
        return _machine(state, u, n, ev)
    if stats.monstrous(u):
        u.wounds += n
        ev.append(Event("casualty", f"{u.name} takes {n} damage: MR now {stats.base_mr(u):g}", R_BESTIARY))
        if stats.base_mr(u) <= 0:
            _destroy(state, u, ev, "is out of action")
        state.touch(moved=u)           # only u changed: the others keep their geometry (state.py)
        return n
    if point is None:
        point = space.centre(state, u)
    fs = space.feet(state, u)
    cmd = next((i for i, s in enumerate(u.stands) if s.command), None)
    order = front_rank.front_first(u, casualty_order(fs, point[0], point[1], cmd))
    removed = 0
    gone = set()
    for i in order:
        s = u.stands[i]
        while s.figures > 0 and removed < n:
            if stands:
                s.figures = 0
                removed += 1
                break
            s.figures -= 1
            removed += 1
        if s.figures == 0:
            gone.add(s.sid)
        if removed >= n:
            break
    lost_cmd = any(s.command and s.sid in gone for s in u.stands)
    u.stands = [s for s in u.stands if s.sid not in gone]
    u.stragglers = tuple(x for x in u.stragglers if x not in gone)
    what = "stand" if stands else "casualt"
    plural = ("s" if removed != 1 else "") if stands else ("ies" if removed != 1 else "y")
    ev.append(Event("casualty", f"{u.name} loses {removed} {what}{plural}"
                    + (f" ({len(gone)} stand{'s' if len(gone) != 1 else ''} removed)" if gone and not stands else "")
                    + (": the command stand falls" if lost_cmd else ""), R_REMOVE,
                    data={"uid": u.uid, "n": removed}))
    state.touch(moved=u)
    if not u.stands:
        _destroy(state, u, ev, "is destroyed")
    elif gone and u.formation == "skirmish" and not u.split and not skirmish_together(state, u):
        u.split = True
        ev.append(Event("ruling", f"{u.name}: its skirmishing stands are now more than 1\" apart, the unit counts as split "
                        "and may only be issued a Reform order next turn", R_SKIRMISH))
    return removed


R_SKIRMISH = "battle_valor_fantasy.txt § Skirmish;"
SKIRMISH_REACH = 1.0       # inches: each skirmishing stand within this of another, all in one body


def skirmish_together(state: BVFState, u: Unit) -> bool:
    """The skirmishing stands hold together: every stand is within 1" of
    another and they form one body (two groups each close but far apart
    are split: our reading of § Skirmish;)."""
    from engine.table.geometry import edge_distance
    fs = [f for f in space.feet(state, u) if f.tag not in u.stragglers]
    if len(fs) <= 1:
        return True
    seen, todo = {0}, [0]
    while todo:
        i = todo.pop()
        for j, g in enumerate(fs):
            if j not in seen and edge_distance(fs[i], g) <= SKIRMISH_REACH + 1e-6:
                seen.add(j)
                todo.append(j)
    return len(seen) == len(fs)


def _machine(state: BVFState, u: Unit, n: int, ev: list[Event]) -> int:
    """The owner splits the wounds: we put them on the machine while it
    can take them without being lost, then on the crew down to 2 (it
    still fires every other turn), then wherever they fit (docs § War
    machines)."""
    for _ in range(n):
        if u.wounds < MACHINE_WOUNDS - 1:
            u.wounds += 1
        elif u.crew_wounds < CREW_WOUNDS - 2:
            u.crew_wounds += 1
        elif u.crew_wounds < CREW_WOUNDS - 1:
            u.crew_wounds += 1
        elif u.wounds < MACHINE_WOUNDS:
            u.wounds += 1
        else:
            u.crew_wounds += 1
    ev.append(Event("casualty", f"{u.name} takes {n} wound{'s' if n != 1 else ''}: machine "
                    f"{MACHINE_WOUNDS - u.wounds}/{MACHINE_WOUNDS}, crew {CREW_WOUNDS - u.crew_wounds}/{CREW_WOUNDS}",
                    R_MACHINE))
    if u.wounds >= MACHINE_WOUNDS or u.crew_wounds >= CREW_WOUNDS:
        _destroy(state, u, ev, "is out of action")
    state.touch(moved=u)
    return n


def _destroy(state: BVFState, u: Unit, ev: list[Event], how: str) -> None:
    u.alive = False
    u.stands = [] if not stats.machine(u) and not stats.monstrous(u) else u.stands
    for v in state.units.values():
        if u.uid in v.engaged:
            v.engaged = tuple(x for x in v.engaged if x != u.uid)
    u.engaged = ()
    ev.append(Event("casualty", f"{u.name} {how}", R_REMOVE, data={"uid": u.uid, "destroyed": True}))
    state.touch(moved=u)


def fill_gaps(state: BVFState, u: Unit) -> None:
    """After a combat: the stands close up around the command stand in the
    same formation (the ones from the back fill the holes)."""
    if not u.on_table or u.formation == "skirmish" or len(u.stands) <= 1:
        return
    main = [s for s in space.ordered(u) if s.sid not in u.stragglers]
    if not main:
        return
    frame = space.frame_of(u)
    if u.command_stand() is None:
        frame = type(frame)(main[0].x, main[0].y, u.facing)
    fs = space.layout(u, frame, stands=main)
    if space.fits(state, u, fs) is None:
        space.put(state, u, fs, main)
