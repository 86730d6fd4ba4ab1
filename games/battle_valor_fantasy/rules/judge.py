"""The judge's hooks for Battle Valor Fantasy (engine/core/judging.py).

The scenario gives each seat its deployment zone (scenarios.yaml
`deployment`), so the table's facts are per seat: the zone's area, how far
its nearest objective lies, the movement to each objective around
impassable terrain with difficult ground counted twice (half MR, §
Difficult Terrain) and the objectives it reaches first, the difficult ground in it (half MR, § Difficult
Terrain), the woods and linear obstacles in and near it (missiles and
attacks at a unit in or behind them need 6s: § Woods, Forests and Jungles,
§ Linear Obstacles), the high ground near it, its open ground, and how much
of it the enemy's zone can see (the share of clear lines of sight between
points 4" apart in the two zones, past blocking terrain and woods, for a
40 mm stand).  Units are drawn per stand, each within reach of an
enemy inside its missile weapon's range (an inch more, centre to centre)
or in contact; objectives are held as the scenario's victory rules say
(games/battle_valor_fantasy/rules/victory.py).  The armies are the players'
lists (their points); the judge can swap them and the deployment zones.
"""
from __future__ import annotations

from engine.core.judging import Area, Army, Canvas, Frame, Objective, Spot
from engine.table.geometry import BaseShape
from engine.table.paths import zone_walks
from games.battle_valor_fantasy.rules import space, victory
from games.battle_valor_fantasy.rules.state import BVFState

NEAR = 12.0          # inches around a zone counted as its approach
GRID = 4.0           # sample spacing for sight coverage, inches



def _area_in(pieces, poly) -> float:
    from shapely.ops import unary_union
    if not pieces:
        return 0.0
    return round(unary_union([p.polygon() for p in pieces]).intersection(poly).area, 1)


def _zone_facts(state: BVFState, zone, others) -> dict:
    table = state.table
    poly = zone.polygon()
    near = poly.buffer(NEAR)
    pieces = [p for p in table.terrain if p.ring]
    objectives = victory.objectives(state)
    area = poly.area
    facts = {"area (sq in)": round(area, 1)}
    if objectives:
        facts["inches to the nearest objective"] = round(min(poly.distance(o.polygon()) for o in objectives), 1)
    terrain_area = _area_in(pieces, poly)
    facts["difficult ground in zone (sq in)"] = _area_in([p for p in pieces if p.difficult], poly)
    facts[f"woods and obstacles within {NEAR:g} in"] = sum(
        1 for p in pieces if (p.flag("woods") or p.flag("linear")) and p.polygon().intersects(near))
    facts[f"high ground within {NEAR:g} in"] = sum(1 for p in pieces if p.flag("high_ground")
                                                   and p.polygon().intersects(near))
    facts["open ground in zone (%)"] = round(100 * (area - terrain_area) / area, 1) if area else 0.0
    seen = table.sight_coverage(zone, others, BaseShape.rect_mm(40, 40), GRID, pieces=space.sight_pieces(state))
    if seen is not None:
        facts["sight lines from the enemy zone (%)"] = seen
    return facts


def _zones(state: BVFState) -> list:
    return [state.table.zone(p.zone) for p in state.players]


def judge_map(state: BVFState) -> dict:
    table = state.table
    zones = _zones(state)
    seats: list[dict] = []
    goals = [(obj.name or f"objective {i + 1}", *(obj.point if obj.point is not None else obj.centre))
             for i, obj in enumerate(victory.objectives(state))]
    drawn = [z for z in zones if z is not None and z.ring]
    walks = iter(zone_walks(table, drawn, goals, difficult_factor=2.0) if goals else [{} for _ in drawn])
    for z in zones:
        if z is None or not z.ring:
            seats.append({})
            continue
        row = _zone_facts(state, z, [o for o in zones if o is not None and o is not z and o.ring])
        row.update(next(walks))
        seats.append(row)
    pieces = [p for p in table.terrain if p.ring]
    facts = {"table (in)": f"{table.width:g} x {table.height:g}", "terrain pieces": len(pieces),
             "impassable pieces": len(table.impassable),
             "sight-blocking pieces (and woods)": len(space.sight_pieces(state)),
             "objectives": len(victory.objectives(state)), "turns": state.turns}
    return {"seats": seats, "map": facts}


def judge_canvas(state: BVFState) -> Canvas:
    table = state.table
    terrain = state.catalog.terrain
    areas = [Area(terrain[p.type].colour if p.type in terrain else "#808080", ring=tuple(p.ring), label=p.name)
             for p in table.terrain if p.ring]
    areas += [Area("#4060A0", ring=tuple(z.ring), label=z.name, outline=True)
              for z in _zones(state) if z is not None and z.ring]
    used = sorted({p.type for p in table.terrain if p.type in terrain})
    return Canvas("table", tuple(areas), table.width, table.height,
                  legend=tuple((terrain[t].name, terrain[t].colour) for t in used),
                  source=str(state.catalog.map_path(state.scenario)))


def _reach(state, u) -> float:
    missile = getattr(u.profile, "missile", None) if u.profile is not None else None
    w = state.catalog.weapons.get(missile) if missile else None
    rng = getattr(w, "range", None) if w is not None else None
    return rng + 1.0 if rng else 0.0


def judge_frame(state: BVFState) -> Frame:
    units = tuple(Spot(f"{u.uid}.{s.sid}", u.owner, s.x, s.y, u.name, _reach(state, u))
                  for u in space.on_table(state) for s in u.stands)
    battle = state.phase not in ("deploy",)
    rng = state.catalog.scenario(state.scenario).victory.objective_range
    objectives = []
    for i, obj in enumerate(victory.objectives(state)):
        x, y = obj.point if obj.point is not None else obj.centre
        objectives.append(Objective(obj.name or f"objective {i + 1}", x, y,
                                    victory.holder_of(state, obj, rng) if battle else None))
    return Frame(units, tuple(objectives), tuple(p.zone for p in state.players))


def judge_army(state: BVFState) -> list[Army]:
    """Each side's army: its list's name, its points and its units."""
    from games.battle_valor_fantasy.rules.army import army_points
    out = []
    for p in state.players:
        mine = sorted((u for u in state.units.values() if u.owner == p.index), key=lambda u: u.uid)
        out.append(Army(p.army.name, army_points(state.catalog, p.army), tuple(u.name for u in mine)))
    return out


def judge_swap(state: BVFState, places: tuple, armies: tuple) -> str | None:
    """Side i deploys in the zone of side places[i] with the army of side
    armies[i]; the initiative stays with the side that rolled it."""
    if getattr(state, "alliance", None):
        return "the Grand Alliance's seats share their side's zone: the judge swaps the places of two players only"
    for perm in (places, armies):
        if perm and sorted(perm) != [0, 1]:
            return f"{list(perm)} does not give each of the 2 sides the other's place"
    if state.phase != "deploy" or any(u.deployed for u in state.units.values()):
        return "the zones and armies are settled before deployment; this match is past it"
    players = state.players
    if places:
        zones = [players[places[i]].zone for i in range(2)]
        for p, z in zip(players, zones):
            p.zone = z
    if armies:
        dealt = [(p.name, p.army) for p in players]
        for i, p in enumerate(players):
            p.name, p.army = dealt[armies[i]]
        to_seat = {armies[i]: i for i in range(2)}
        for u in state.units.values():
            u.owner = to_seat[u.owner]
        from games.battle_valor_fantasy.rules.setup import deploy_queue
        loser = 1 - state.initiative
        state.deploy_queue = deploy_queue(state, loser)
        state.current = state.deploy_queue[0]
    state.cache.clear()
    return None


def judge_variants(state: BVFState, folder) -> list:
    """Each deployment zone and objective moved a step (engine/maps/variants.py),
    written as maps that name this scenario (map property `scenario`), so they
    play with its turns, armies and victory."""
    from engine.maps.variants import table_variants
    c = state.catalog
    base = state.catalog.scenario(state.scenario)
    shipped = state.scenario if state.scenario in c.scenarios else None
    props = {"scenario": shipped or next((k for k, v in c.scenarios.items() if v.deployment == base.deployment
                                          and v.victory == base.victory), "field_of_abaci")}
    return table_variants(c.map_path(state.scenario), folder, set(c.terrain), c.terrain_defaults(), props,
                          title=base.name)
