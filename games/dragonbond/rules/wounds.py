"""Wounds, injuries, deaths, captains' sacrifices, shared death and the
points they score.  dragonbond.txt § Wounds, § Applying Wounds, § Hits vs.
Wounds, § Captain Wounds, § Death, § Sacrifice, § Health and Injuries,
§ Healing, § Scoring.

Wounds land on the unit's card; every `health` of them kills a model.  The
owner chooses which models die (§ Applying Wounds): killed models wait in
`unit.to_remove` until the owner's `remove_models` decision (flow.py),
unless there is no choice to make.
"""
from __future__ import annotations

from engine.core.rules import Event
from engine.core.words import possessive
from games.dragonbond.rules import stats
from games.dragonbond.rules.frames import DestroyIfEmpty, Sacrifice, push
from games.dragonbond.rules.state import DBState, Unit

R_WOUNDS = "dragonbond.txt § Applying Wounds"
R_HITS = "dragonbond.txt § Hits vs. Wounds"
R_CAPTAIN_W = "dragonbond.txt § Captain Wounds"
R_DEATH = "dragonbond.txt § Death"
R_SACRIFICE = "dragonbond.txt § Sacrifice"
R_INJURIES = "dragonbond.txt § Health and Injuries"
R_HEAL = "dragonbond.txt § Healing"
R_SCORING = "dragonbond.txt § Scoring"
R_BOND_DEATH = "dragonbond.txt § Dragonbond"


def living(u: Unit) -> int:
    """Models still standing (those waiting to be taken off excluded)."""
    return len(u.models) - u.to_remove


def add_wounds(state: DBState, u: Unit, n: int, by: int, by_uid: int, events: list, why: str = "") -> None:
    """Add n wounds (§ Applying Wounds; huge creatures § Health and
    Injuries).  `by`: the player who caused them (-1: nobody)."""
    if n <= 0 or not u.alive or not u.models:
        return
    h = stats.health(u)
    if stats.card(u).kind == "huge":
        u.wounds += n
        injuries = 0
        while u.wounds >= h and u.injuries < stats.card(u).injuries:
            u.wounds -= h
            u.injuries += 1
            injuries += 1
        events.append(Event("wounds", f"{stats.name(state, u)} takes {n} wound{'s' if n > 1 else ''}"
                            f"{' (' + why + ')' if why else ''}" +
                            (f": {injuries} injur{'ies' if injuries > 1 else 'y'} "
                             f"({u.injuries}/{stats.card(u).injuries})" if injuries else ""),
                            R_INJURIES if injuries else R_WOUNDS, data={"uid": u.uid, "wounds": n}))
        if u.injuries >= stats.card(u).injuries and u.to_remove == 0:
            u.wounds = 0
            u.to_remove = 1
            u.killer, u.killer_uid = by, by_uid
        return
    events.append(Event("wounds", f"{stats.name(state, u)} takes {n} wound{'s' if n > 1 else ''}"
                        f"{' (' + why + ')' if why else ''}", R_WOUNDS, data={"uid": u.uid, "wounds": n}))
    u.wounds += n
    dead = 0
    while u.wounds >= h and living(u) - dead > 0:
        u.wounds -= h
        dead += 1
    if living(u) - dead <= 0:
        u.wounds = 0
    if dead:
        u.to_remove += dead
        u.killer, u.killer_uid = by, by_uid
        events.append(Event("ruling", f"{dead} model{'s' if dead > 1 else ''} of {stats.name(state, u)} "
                            f"killed ({h} wound{'s' if h > 1 else ''} each)", R_WOUNDS))


def needs_choice(u: Unit) -> bool:
    """The owner picks which models die only if some survive."""
    return u.to_remove > 0 and len(u.models) > u.to_remove


def default_casualties(state: DBState, u: Unit) -> list[int]:
    """The models we would take off: ordinary models before the captain,
    keeping the rest in one chain where possible, farthest from the
    enemy that caused the wounds first."""
    from engine.table.geometry import Foot, coherent
    from games.dragonbond.rules import space
    killer = state.units.get(u.killer_uid)
    kf = space.feet(state, killer) if killer is not None and killer.models else []

    def far(m):
        if not kf:
            return 0.0
        return -min(((m.x - f.x) ** 2 + (m.y - f.y) ** 2) for f in kf)

    chosen: list[int] = []
    left = list(u.models)
    for _ in range(u.to_remove):
        cands = sorted(left, key=lambda m: (m.captain, far(m), m.mid))
        pick = None
        for m in cands:
            rest = [x for x in left if x is not m]
            if coherent([Foot(space.shape_of(state.catalog, u.card), x.x, x.y) for x in rest]):
                pick = m
                break
        if pick is None:
            pick = cands[0]
        chosen.append(pick.mid)
        left.remove(pick)
    return sorted(chosen)


def remove_models(state: DBState, u: Unit, mids: list[int], dice, events: list) -> None:
    """Take the chosen models off; a captain's death triggers its
    Sacrifice; the last model's death destroys the unit."""
    by, by_uid = u.killer, u.killer_uid
    u.to_remove = 0
    gone = [m for m in u.models if m.mid in mids]
    u.models = [m for m in u.models if m.mid not in mids]
    state.touch()
    if by >= 0 and by != u.owner and gone:
        _first_blood(state, by, events)
    captain = any(m.captain for m in gone)
    if u.models:
        events.append(Event("ruling", f"{len(gone)} model{'s' if len(gone) > 1 else ''} of "
                            f"{stats.name(state, u)} removed; {len(u.models)} left",
                            R_WOUNDS, data={"uid": u.uid, "removed": [m.mid for m in gone]}))
    sacrifice = captain_dies(state, u, by_uid, events) if captain else None
    if sacrifice is not None:
        # the Sacrifice's effects come first (powers.sacrifice), then, if that was the last model, the unit is destroyed
        push(state, DestroyIfEmpty(u.uid, by, by_uid))
        push(state, sacrifice)
        return
    if not u.models:
        destroy(state, u, by, by_uid, dice, events)


def captain_dies(state: DBState, u: Unit, killer_uid: int, events: list) -> Sacrifice | None:
    """The captain falls: the unit loses its ability.  Its once-only
    Sacrifice effects are returned as a frame for the turn loop to run
    next (they apply a power's effects: powers.sacrifice), or None."""
    if not u.captain or not u.captain_alive:
        return None
    cap = state.catalog.captains[u.captain]
    u.captain_alive = False
    u.sacrificed = True
    state.touch()
    events.append(Event("ruling", f"{cap.name} falls: {stats.name(state, u)} loses {cap.ability.name}", R_DEATH))
    sac = cap.sacrifice
    if sac.once:
        from games.dragonbond.rules import space
        if sac.target == "self":
            targets = [u] if u.alive and u.models else []
        elif sac.target == "killer":
            k = state.units.get(killer_uid)
            targets = [k] if k is not None and k.alive and k.models and k.owner != u.owner else []
        else:
            targets = [state.units[x] for x in sorted(space.in_combat_with(state, u))] if u.models else []
        events.append(Event("ruling", f"Sacrifice — {sac.name}: {sac.text}", R_SACRIFICE))
        return Sacrifice(u.uid, tuple(t.uid for t in targets))
    if sac.persistent and u.models:
        events.append(Event("ruling", f"Sacrifice — {sac.name}: {sac.text}", R_SACRIFICE))
    return None


def destroy_if_empty(state: DBState, uid: int, by: int, by_uid: int, dice, events: list) -> None:
    """After a fallen captain's Sacrifice: the unit is destroyed if it has no models left."""
    u = state.units[uid]
    if not u.models:
        destroy(state, u, by, by_uid, dice, events)


def destroy(state: DBState, u: Unit, by: int, by_uid: int, dice, events: list, shared: bool = False) -> None:
    """The unit is eliminated: points, shared death of a bonded pair."""
    if not u.alive:
        return
    rider = state.units.get(u.rider) if u.rider is not None else None
    u.alive = False
    u.models = []
    u.to_remove = 0
    state.touch()
    events.append(Event("death", f"{stats.label(state, u)} is destroyed", R_DEATH, depth=1,
                        data={"uid": u.uid}))
    _score_elimination(state, u, by, events)
    if rider is not None:
        rider.riding = None
        u.rider = None
    partner = state.units.get(u.bonded) if u.bonded is not None else None
    if partner is not None and partner.alive:
        events.append(Event("ruling", f"The Dragonbond: {stats.name(state, partner)} dies with "
                            f"{stats.card(u).name}", R_BOND_DEATH))
        partner.riding = None
        partner.rider = None
        destroy(state, partner, by, by_uid, dice, events, shared=True)
    state.touch()


def _first_blood(state: DBState, p: int, events: list) -> None:
    if state.first_blood < 0:
        state.first_blood = p
        if state.options.get("mode", "control") in ("control", "annihilation"):
            state.players[p].score += 1
            events.append(Event("score", f"First Blood: {state.players[p].name} +1 point", R_SCORING,
                                data={"player": p, "points": 1}))


def _score_elimination(state: DBState, u: Unit, by: int, events: list) -> None:
    owner = state.players[u.owner]
    left = [v for v in state.units.values() if v.owner == u.owner and v.alive and (v.models or v.riding is not None)]
    if by >= 0 and by != u.owner:
        state.players[by].score += 1
        events.append(Event("score", f"{state.players[by].name} eliminates {stats.card(u).name}: +1 point",
                            R_SCORING, data={"player": by, "points": 1}))
    if not left and not owner.out:
        owner.out = True
        owner.turns = 0
        if by >= 0 and by != u.owner:
            state.players[by].score += 2
            events.append(Event("score", f"{state.players[by].name} eliminates all of {possessive(owner.name)} units: "
                                "+2 points", R_SCORING, data={"player": by, "points": 2}))


def heal(state: DBState, u: Unit, n: int, events: list, why: str) -> None:
    """Remove wounds; what is left over removes fatigue, battlefield
    tokens first (§ Healing).  Dead models stay dead; injuries stay."""
    w = min(n, u.wounds)
    u.wounds -= w
    rest = n - w
    f = 0
    if rest:
        f = stats.remove_fatigue(state, u, rest, [], why, R_HEAL)
    events.append(Event("heal", f"{stats.name(state, u)} heals {n}: {w} wound{'s' if w != 1 else ''}"
                        f"{f' and {f} fatigue' if f else ''} removed ({why})", R_HEAL, data={"uid": u.uid}))
