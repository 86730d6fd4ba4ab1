"""The judge's hooks for Warbound (engine/core/judging.py): map facts per
seat (walking distances from each starting tile to the Scan markers and to
the other start, how much of the board each start sees, cover near it),
the board to draw (terrain by hex, the starting tiles outlined) and, after
every action, where each miniature stands and who controls each Scan
marker (warbound.txt § The Hexboard; docs/games/warbound.md § Exploration
scenario).  Walking ignores miniatures; sight is the hex line through
obstructing terrain."""
from __future__ import annotations

from engine.core.judging import Area, Canvas, Frame, Objective, Spot
from engine.hex import grid
from games.warbound.catalog import load_catalog
from games.warbound.movement import reach
from games.warbound.scenario import controller, deploy_zone

SIDES = ("left section", "right section")


def judge_map(state) -> dict:
    b = state.board
    saved = state.occupied
    state.occupied = {}
    try:
        seats = []
        for seat, start in enumerate(b.starts):
            d = reach(state, start, 99)
            d[start] = 0
            zone = deploy_zone(state, seat)
            seats.append({"start": b.label(start),
                          "scan_distances": sorted(d.get(h, -1) for h in b.scans),
                          "centre_distance": min((d.get(h, 99) for h in b.centre_scans), default=-1),
                          "to_enemy_start": d.get(b.starts[1 - seat], -1),
                          "tiles_in_sight": sum(1 for h in b.open if b.sight(start, h)),
                          "obstructing tiles within 3": sum(1 for h in grid.within(start, 3) if h in b.obstructing),
                          "deployment tiles": len(zone)})
    finally:
        state.occupied = saved
    facts = {"tiles": len(b.hexes), "open tiles": len(b.open), "obstacles": len(b.blocked),
             "obstructing tiles": len(b.obstructing), "scan markers": len(b.scans)}
    return {"seats": seats, "map": facts}


def judge_canvas(state) -> Canvas:
    terrain = load_catalog().terrain
    b = state.board
    areas = [Area(terrain[t].color, hex=h) for h, t in b.terrain.items()]
    areas += [Area("#FFFFFF", hex=h, label=f"start {i + 1}", outline=True) for i, h in enumerate(b.starts)]
    used = sorted(set(b.terrain.values()))
    p = str(b.path or "")
    return Canvas("hex", tuple(areas), legend=tuple((terrain[t].name, terrain[t].color) for t in used),
                  source=p if p.endswith(".tmx") else "")


def judge_frame(state) -> Frame:
    units = tuple(Spot(f"{c.uid}.{i}", c.owner, h[0], h[1])
                  for c in state.chars.values() if c.alive for i, h in enumerate(c.minis) if h is not None)
    objectives = tuple(Objective(f"Scan {state.board.label(h)}", h[0], h[1], controller(state, h))
                       for h in state.board.scans)
    return Frame(units, objectives, SIDES)
