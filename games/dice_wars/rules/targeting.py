"""Targeting and range: who a weapon attack or skill may aim at.
dice_wars.txt § Attack Types, § Targeting, § Terrain.
"""
from __future__ import annotations

from engine.hex import grid as hexgrid
from engine.hex.grid import Hex
from games.dice_wars.rules import stats
from games.dice_wars.rules.citations import Reason
from games.dice_wars.rules.state import DWState, Unit, on_map

R_TARGET = "dice_wars.txt § Targeting"
R_TYPES = "dice_wars.txt § Attack Types"
R_TERRAIN = "dice_wars.txt § Terrain"


def action_target(a):
    """An action's `target`: a unit's number, a hex as a tuple, or None."""
    t = a.get("target")
    return tuple(t) if isinstance(t, (list, tuple)) else t


def _blocker(state: DWState, through_units: bool):
    terrain = state.board.terrain
    tdefs = state.catalog.terrain
    occupied = state.occupied

    def blocked(h: Hex) -> bool:
        t = terrain.get(h)
        if t is None or tdefs[t].blocks_sight:
            return True
        return (not through_units) and h in occupied
    return blocked


def clear_line(state: DWState, a: Hex, b: Hex, through_units: bool) -> bool:
    """A most direct line of hexes without interruption (§ Targeting)."""
    return hexgrid.line_of_sight(a, b, _blocker(state, through_units))


def attack_range(state: DWState, u: Unit, target: Unit | None, notes: list | None = None) -> int:
    if stats.has_status(u, "blinded"):
        if notes is not None:
            notes.append(("blinded: only adjacent targets", "dice_wars.txt § Conditions"))
        return 1
    r = stats.static_stat(state, u, "range", notes)
    if target is not None:
        if stats.card(u).weapon == "arc":
            td = state.catalog.terrain
            if td[stats.terrain(state, on_map(u))].arc_high_ground and \
                    not td[stats.terrain(state, on_map(target))].arc_high_ground:
                r += 1
                if notes is not None:
                    notes.append(("Plateau: arc attack to lower ground +1 range", R_TERRAIN))
        # every unit's range modifiers (the Archer's High Ground on a plateau), not only arc units'
        r += stats.roll_modifier(state, u, target, "range", True, stats.attack_kind(u), notes if notes is not None else [])
    return max(0, r)


def max_range(state: DWState, u: Unit) -> int:
    """An upper bound of the unit's attack range against any target (for
    cheap filtering before the exact check)."""
    if stats.has_status(u, "blinded"):
        return 1
    extra = 1
    for trait, _, _ in stats.trait_sources(state, u):
        for e in trait.effects:
            if e.kind == "modifier" and e.stat == "range" and e.amount > 0:
                extra += e.amount
    return stats.static_stat(state, u, "range") + extra


def weapon_target_problem(state: DWState, u: Unit, target: Unit) -> Reason | None:
    """Why u cannot make a weapon attack on target, or None."""
    if target.uid == u.uid:
        return ("A unit cannot target itself.", R_TARGET)
    if stats.friendly(state, u.owner, target.owner):
        return "Weapon attacks are made against enemy units, not allies."
    weapon = stats.card(u).weapon
    here, there = on_map(u), on_map(target)
    dist = hexgrid.distance(here, there)
    rng = attack_range(state, u, target)
    if dist > rng:
        return (f"Out of range: {dist} hexes away, range {rng}.", R_TYPES)
    t = state.catalog.terrain[stats.terrain(state, there)]
    if weapon in t.hides_from:
        return (f"A unit in {t.name.lower()} cannot be targeted by {weapon} attacks.", R_TERRAIN)
    if weapon == "arc":
        return None                           # arc targets hexes: over obstacles and units
    through_units = weapon == "melee"         # melee pierces through units
    if not clear_line(state, here, there, through_units):
        what = "mountains, walls or forest" if through_units else "mountains, walls, forest or units"
        return (f"No clear line: {what} block a {weapon} attack.", R_TARGET)
    return None


def skill_target_problem(state: DWState, u: Unit | None, origin: Hex | None, skill, target,
                         owner: int | None = None) -> Reason | None:
    """Why a skill cannot aim at `target` (a uid or a hex) from `origin`.
    `owner` names the side when no unit uses it (relic spells)."""
    if owner is None and u is not None:
        owner = u.owner
    if skill.target in ("hex", "empty_hex"):
        if not isinstance(target, tuple) or target not in state.board.terrain:
            return "This skill targets a hex on the map."
        h = target
        if skill.target == "empty_hex":
            if not state.catalog.terrain[state.board.terrain[h]].passable:
                return f"The target hex must be open ground, not {state.catalog.terrain[state.board.terrain[h]].name.lower()}."
            if h in state.occupied:
                return "The target hex must be empty."
    else:
        if not isinstance(target, int) or target not in state.units or state.units[target].pos is None:
            return "This skill targets a unit."
        tu = state.units[target]
        h = on_map(tu)                        # its pos was checked not None above
        if skill.target == "self" and (u is None or tu.uid != u.uid):
            return "This skill targets the unit using it."
        if skill.target != "self" and u is not None and tu.uid == u.uid:
            return ("A unit cannot target itself unless its skill says so.", R_TARGET)
        if skill.target == "ally" and owner is not None and not stats.friendly(state, owner, tu.owner):
            return "This skill targets an ally."
        if skill.target == "enemy" and owner is not None and stats.friendly(state, owner, tu.owner):
            return "This skill targets an enemy."
    if origin is not None and skill.range is not None:
        d = hexgrid.distance(origin, h)
        rng = 1 if u is not None and stats.has_status(u, "blinded") else skill.range
        if d > rng:
            if rng < skill.range:
                return "Blinded: the unit can only aim at adjacent targets (dice_wars.txt § Conditions)."
            return f"Out of the skill's range: {d} hexes away, range {skill.range} (dice_wars.txt § Skills)."
    if origin is not None and skill.aim == "units" and h != origin and skill.target != "self":
        if not clear_line(state, origin, h, through_units=False):
            return ("No clear line: a skill that targets units is blocked by mountains, walls, forest or units.", R_TARGET)
    return None
