"""The judge's hooks for Dragonbond (engine/core/judging.py).

Players pick their deployment edges during setup (dragonbond.txt § Rules
for Deployment), so the table's facts are per deployment zone (a side):
its area, how far its nearest objective lies, the movement to each
objective around impassable terrain (difficult ground counted twice) and
the objectives it reaches first, the cover in and near it
(terrain whose occupation upgrades defence dice, § Terrain Effects), the
open ground in it, and how much of it enemy zones can see (the share of
clear lines of sight between points 4" apart in it and in the other
zones, § Line of Sight, for 25 mm bases).  Units are
drawn per model, each within reach of an enemy inside its longest ranged
weapon's range (an inch more, centre to centre) or in contact; objectives
are held as § Controlling Objectives says.  The armies are the players'
lists (their points); the judge can swap them, not the edges, which the
players choose during setup (the judge reports each edge's win rate).
"""
from __future__ import annotations


from engine.core.catalog_memo import per_catalog
from engine.core.judging import Area, Army, Canvas, Frame, Objective, Spot
from engine.table.geometry import BaseShape
from engine.table.paths import zone_walks
from games.dragonbond.rules import space
from games.dragonbond.rules.setup import map_file
from games.dragonbond.rules.state import DBState

NEAR = 12.0          # inches around a zone counted as its approach
GRID = 4.0           # sample spacing for sight coverage, inches


def _gives_cover(cat, piece) -> bool:
    t = cat.terrain.get(piece.type)
    return t is not None and any(fx.kind == "modifier" and "defense" in fx.roll and fx.up > 0 for fx in t.occupation)



def _zone_facts(cat, table, zone, others) -> dict:
    from shapely.ops import unary_union
    poly = zone.polygon()
    pieces = [p for p in table.terrain if p.ring]
    cover = [p.polygon() for p in pieces if _gives_cover(cat, p)]
    objectives = [o for o in table.zones_of("objective")]
    area = poly.area
    terrain_area = unary_union([p.polygon() for p in pieces]).intersection(poly).area if pieces else 0.0
    near = poly.buffer(NEAR)
    facts = {"area (sq in)": round(area, 1),
             "inches to the nearest objective": round(min((poly.distance(o.polygon()) for o in objectives),
                                                          default=0.0), 1),
             "cover in zone (sq in)": round(unary_union(cover).intersection(poly).area, 1) if cover else 0.0,
             f"cover pieces within {NEAR:g} in": sum(1 for c in cover if c.intersects(near)),
             "open ground in zone (%)": round(100 * (area - terrain_area) / area, 1) if area else 0.0}
    seen = table.sight_coverage(zone, others, BaseShape.round_mm(25), GRID)
    if seen is not None:
        facts["sight lines from enemy zones (%)"] = seen
    return facts


def judge_map(state: DBState) -> dict:
    table = state.table
    zones = table.zones_of("deployment")
    goals = [(o.name or f"objective {i + 1}", *(o.point if o.point is not None else
                                                ((o.bbox[0] + o.bbox[2]) / 2, (o.bbox[1] + o.bbox[3]) / 2)))
             for i, o in enumerate(table.zones_of("objective"))]
    walks = zone_walks(table, zones, goals) if goals else [{} for _ in zones]
    sides = {}
    for z, walk in zip(zones, walks):
        others = [o for o in zones if o is not z]
        sides[z.properties.get("edge") or z.name] = {**_zone_facts(state.catalog, table, z, others), **walk}
    pieces = [p for p in table.terrain if p.ring]
    facts = {"table (in)": f"{table.width:g} x {table.height:g}", "terrain pieces": len(pieces),
             "blocking pieces": len(table.blocking), "objectives": len(table.zones_of("objective"))}
    return {"sides": sides, "map": facts}


def judge_canvas(state: DBState) -> Canvas:
    table = state.table
    terrain = state.catalog.terrain
    areas = [Area(terrain[p.type].colour if p.type in terrain else "#808080", ring=tuple(p.ring), label=p.name)
             for p in table.terrain if p.ring]
    areas += [Area("#4060A0", ring=tuple(z.ring), label=z.properties.get("edge") or z.name, outline=True)
              for z in table.zones_of("deployment") if z.ring]
    used = sorted({p.type for p in table.terrain if p.type in terrain})
    return Canvas("table", tuple(areas), table.width, table.height,
                  legend=tuple((terrain[t].name, terrain[t].colour) for t in used),
                  source=str(map_file(state.catalog, state.scenario)))


@per_catalog
def _reach(cat, card_id: str) -> float:
    c = cat.units[card_id]
    longest = max((w.range for w in c.weapons if w.type == "ranged"), default=0.0)
    return longest + 1.0 if longest else 0.0


def judge_frame(state: DBState) -> Frame:
    units = tuple(Spot(f"{u.uid}.{m.mid}", u.owner, m.x, m.y, state.catalog.units[u.card].name, _reach(state.catalog, u.card))
                  for u in space.on_table(state) for m in u.models)
    battle = state.phase in ("battle", "over")
    objectives = []
    for i, obj in enumerate(space.objectives(state)):
        x, y = obj.point if obj.point is not None else obj.centre
        objectives.append(Objective(obj.name or f"objective {i + 1}", x, y,
                                    space.controller(state, obj) if battle else None))
    return Frame(units, tuple(objectives), tuple(p.edge for p in state.players))


def judge_army(state: DBState) -> list[Army]:
    """Each seat's army: its list's name, its points and its units."""
    out = []
    for p in state.players:
        mine = sorted((u for u in state.units.values() if u.owner == p.index), key=lambda u: u.uid)
        army = state.catalog.armies.get(p.army)
        out.append(Army(army.name if army is not None else p.army, sum(state.catalog.units[u.card].points for u in mine),
                        tuple(state.catalog.units[u.card].name for u in mine)))
    return out


def judge_swap(state: DBState, places: tuple, armies: tuple) -> str | None:
    """Seat i plays the army of seat armies[i]; places cannot be swapped."""
    if places and places != tuple(range(len(places))):
        return ("the players choose their deployment edges during setup (dragonbond.txt § Rules for "
                "Deployment), so there are no places to swap: the report gives each edge's win rate")
    from games.dragonbond.rules.setup import bond_choices
    n = len(state.players)
    if armies and sorted(armies) != list(range(n)):
        return f"{list(armies)} does not give each of the {n} seats one other seat's army"
    if state.phase not in ("bond", "edge") or any(u.deployed for u in state.units.values()) or \
            any(p.bond_declared and bond_choices(state, p.index) for p in state.players):
        return "the armies are settled before the Dragonbond is declared; this match is past it"
    if armies:
        dealt = [(p.army, p.faction) for p in state.players]
        bonds = dict(state.options.get("bonds") or {})
        to_seat = {armies[i]: i for i in range(n)}
        for u in state.units.values():
            u.owner = to_seat[u.owner]
        for i, p in enumerate(state.players):
            p.army, p.faction = dealt[armies[i]]
        state.options["bonds"] = {i: bonds.get(armies[i]) for i in range(n)}
        if state.phase == "bond":
            for p in state.players:
                p.bond_declared = False
            for p in state.players:              # who declares first, as setup.py's _next_bond asks
                if bond_choices(state, p.index):
                    state.current = p.index
                    break
                p.bond_declared = True
        state.touch()
    return None


def judge_variants(state: DBState, folder) -> list:
    """Each deployment zone and objective moved a step (engine/maps/variants.py)."""
    from engine.maps.variants import table_variants
    from games.dragonbond.rules.setup import scenario_of
    sc, path = scenario_of(state.catalog, state.scenario)
    defaults = {tid: {"blocking": t.blocking, "impassable": t.impassable} for tid, t in state.catalog.terrain.items()}
    return table_variants(path, folder, set(state.catalog.terrain), defaults, title=sc.name)
