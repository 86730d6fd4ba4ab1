"""The judge's hooks for Warbound (engine/core/judging.py): map facts per
seat (walking distances from each starting tile to each Scan marker and
to the other start, which markers each start reaches first, how much of
the board each start sees and how much of its deployment zone the enemy's
sees, cover near it), the board to draw (terrain by hex, the starting
tiles outlined), after every action where each miniature stands and who
controls each Scan marker (warbound.txt § The Hexboard;
docs/games/warbound.md § Exploration scenario), the decks each seat plays,
and the same match with the starts or the decks swapped.  Walking ignores
miniatures; sight is the hex line through obstructing terrain.  A
miniature is within reach of an enemy beside it (Fight): shooting reaches
any tile in sight, which the judge does not model as reach."""
from __future__ import annotations

import copy

from engine.core.judging import Area, Army, Canvas, Frame, Objective, Spot
from engine.hex import grid
from games.warbound.rules.movement import reach
from games.warbound.rules.scenario import controller, deploy_zone

SIDES = ("left section", "right section")


def _side(b, h) -> str:
    """The section a tile lies in, by where it is on the board (whoever owns it)."""
    return SIDES[min(1, grid.axial_to_offset(h)[0] // b.section_cols)]


def _scan(b, h) -> str:
    return f"Scan {b.label(h)}"


def judge_map(state) -> dict:
    b = state.board
    saved = state.occupied
    state.occupied = {}
    try:
        walks = []
        for start in b.starts:
            d = reach(state, start, 99)
            d[start] = 0
            walks.append(d)
        zones = [deploy_zone(state, seat) for seat in range(len(b.starts))]
        seats = []
        for seat, start in enumerate(b.starts):
            d = walks[seat]
            enemy = 1 - seat
            row = {"place": _side(b, start), "start": b.label(start)}
            for h in b.scans:
                row[f"walk to {_scan(b, h)}"] = d.get(h, -1)
            row["scan_distances"] = sorted(d.get(h, -1) for h in b.scans)
            row["scan markers it reaches first"] = [_scan(b, h) for h in b.scans
                                                    if d.get(h, 99) < walks[enemy].get(h, 99)]
            row["centre_distance"] = min((d.get(h, 99) for h in b.centre_scans), default=-1)
            row["to_enemy_start"] = d.get(b.starts[enemy], -1)
            row["tiles_in_sight"] = sum(1 for h in b.open if b.sight(start, h))
            pairs = [(h, o) for h in zones[seat] for o in zones[enemy]]
            row["sight lines into its zone from the enemy's (%)"] = (
                round(100 * sum(1 for h, o in pairs if b.sight(h, o)) / len(pairs)) if pairs else 0)
            row["obstructing tiles within 3"] = sum(1 for h in grid.within(start, 3) if h in b.obstructing)
            row["deployment tiles"] = len(zones[seat])
            seats.append(row)
    finally:
        state.occupied = saved
    facts = {"tiles": len(b.hexes), "open tiles": len(b.open), "obstacles": len(b.blocked),
             "obstructing tiles": len(b.obstructing), "scan markers": len(b.scans)}
    return {"seats": seats, "map": facts}


def judge_canvas(state) -> Canvas:
    terrain = state.catalog.terrain
    b = state.board
    areas = [Area(terrain[t].color, hex=h) for h, t in b.terrain.items()]
    areas += [Area("#FFFFFF", hex=h, label=f"start {i + 1}", outline=True) for i, h in enumerate(b.starts)]
    used = sorted(set(b.terrain.values()))
    p = str(b.path or "")
    return Canvas("hex", tuple(areas), legend=tuple((terrain[t].name, terrain[t].color) for t in used),
                  source=p if p.endswith(".tmx") else "")


def judge_frame(state) -> Frame:
    chars = state.catalog.characters
    units = tuple(Spot(f"{c.uid}.{i}", c.owner, h[0], h[1], chars[c.card].name if c.card in chars else c.card)
                  for c in state.chars.values() if c.alive for i, h in enumerate(c.minis) if h is not None)
    objectives = tuple(Objective(_scan(state.board, h), h[0], h[1], controller(state, h))
                       for h in state.board.scans)
    b = state.board
    return Frame(units, objectives, tuple(_side(b, s) for s in b.starts))


def judge_army(state) -> list[Army]:
    """The deck each seat plays: its Leader and Characters (the same every
    game; the judge relates the decks to the result when they are swapped)."""
    chars = state.catalog.characters
    out = []
    for p in state.players:
        mine = sorted((c for c in state.chars.values() if c.owner == p.index), key=lambda c: c.uid)
        out.append(Army(p.deck.name, None, tuple(chars[c.card].name if c.card in chars else c.card for c in mine), ""))
    return out


def judge_swap(state, places: tuple, armies: tuple) -> str | None:
    """Seat i starts from the starting tile (and section) of seat
    places[i] with the deck of seat armies[i]; the Hand stays with the seat
    that drew it."""
    for perm in (places, armies):
        if perm and sorted(perm) != [0, 1]:
            return f"{list(perm)} does not give each of the 2 seats the other's place"
    if any(c.deployed for c in state.chars.values()):
        return "the starts and decks are settled before deployment; this match is past it"
    if places and places != (0, 1):
        b = copy.copy(state.board)            # the shared board stays as it is
        b.starts = tuple(b.starts[places[i]] for i in range(2))
        b.section = {h: places.index(s) if s in places else s for h, s in b.section.items()}
        state.board = b
    if armies and armies != (0, 1):
        fields = ("name", "deck", "deck_id", "leader", "vocation")
        dealt = [{f: getattr(p, f) for f in fields} for p in state.players]
        for i, p in enumerate(state.players):
            for f, v in dealt[armies[i]].items():
                setattr(p, f, v)
        to_seat = {armies[i]: i for i in range(2)}
        for c in state.chars.values():
            c.owner = to_seat[c.owner]
    return None


# ---- fairer variants (engine/commands/variants.py) -------------------------------------------
# Small changes of an Exploration board: a Scan marker or a starting tile
# moved one tile onto open ground of its own section (a start keeps the
# scenario's "3rd column, 3rd row" only approximately: the designer decides).

DIRECTIONS = ("east", "south-east", "south-west", "west", "north-west", "north-east")   # engine.hex.grid order


def judge_variants(state, folder) -> list:
    """The candidate changes of this board, each written as a Tiled file
    in `folder`, smallest change first."""
    from pathlib import Path

    from engine.core.judging import Variant
    from engine.maps.write import hex_variant
    b = state.board
    path = str(b.path or "")
    if not path.endswith(".tmx"):
        return []
    terrain_types = state.catalog.terrain
    open_ground = {h for h in b.open if not terrain_types[b.terrain[h]].start}
    from engine.maps.hexmap import load_hex_map
    data = load_hex_map(path, known_terrain=set(terrain_types))
    scans = {o.hex: o.name for o in data.objects if o.type == "scan"}
    out: list[Variant] = []
    title = data.properties.get("name") or Path(path).stem

    def keep(words: str, terrain: dict | None, moves: dict, size: int, seats=()) -> None:
        file = Path(folder) / f"variant_{len(out) + 1}.tmx"
        hex_variant(path, file, terrain, moves, {"name": f"{title}: {words}"})
        out.append(Variant(words, size, str(file), seats=tuple(seats)))

    for h, name in sorted(scans.items()):
        for d, n in enumerate(grid.neighbors(h)):
            if n in open_ground and n not in scans and b.section.get(n) == b.section.get(h):
                keep(f"move {_scan(b, h)} one tile {DIRECTIONS[d]} (to {b.label(n)})", None, {name: n}, 1)
    for seat, start in enumerate(b.starts):
        for d, n in enumerate(grid.neighbors(start)):
            if n in open_ground and n not in scans and b.section.get(n) == b.section.get(start):
                terrain = dict(data.terrain)
                terrain[start], terrain[n] = terrain[n], terrain[start]
                keep(f"move seat {seat + 1}'s starting tile one tile {DIRECTIONS[d]} (to {b.label(n)})",
                     terrain, {}, 2, (seat,))
    out.sort(key=lambda v: (v.size, v.words))
    return out
