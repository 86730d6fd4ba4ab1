"""How the computer lays a tile in Challenge III's competitive shuffle.

A city wins Diplomacy for whoever reaches it first (dice_wars.txt § Win
Conditions), so a city tile goes where its capital lies nearer our
deployment corners than the nearest enemy's, turned the way that brings it
closer; a tile without a city goes where its ground helps us: open ground
in our own corner (room to deploy and march out), rough ground (forest,
water, mountains) in an enemy's corner.  Public information only: every
tile is dealt face up.
"""
from __future__ import annotations

from engine.hex import grid as hexgrid
from engine.maps.hexmap import in_block
from games.dice_wars.rules import stats
from games.dice_wars.rules.board import load_tile
from games.dice_wars.rules.tile_draft import CORNER_SLOTS, block_centre, corner_owner, slot_words

CITY = 1.0            # per hex a city's capital lies nearer us than the nearest enemy corner
OPEN_GROUND = 0.1     # per passable hex of a tile in our own corner (minus rough ground in an enemy's)


def _my_corner_slots(state, me: int) -> list[int]:
    return [s for s in CORNER_SLOTS if (o := corner_owner(state.players, s)) is not None
            and stats.friendly(state, o.index, me)]


def _features(state, data) -> list:
    kinds = ("city", "site") if state.options.get("hinterland_sites") == "cities" else ("city",)
    return [o for o in data.objects if o.type in kinds]


def score(state, a) -> tuple[float, str]:
    """(value, why) of placing a tile for a.player."""
    d = state.tiles
    me = a.player
    data = load_tile(state.catalog, d.prefix, a["tile"])
    w, h = data.width, data.height
    mine, theirs = [], []
    for slot in CORNER_SLOTS:
        owner = corner_owner(state.players, slot)
        if owner is None:
            continue
        (mine if stats.friendly(state, owner.index, me) else theirs).append(block_centre(slot % 3, slot // 3, w, h))
    value, why = 0.0, ""
    for o in _features(state, data):
        where = in_block(o.hex, w, h, a["slot"] % 3, a["slot"] // 3, a["turned"])
        near_me = min((hexgrid.distance(where, c) for c in mine), default=0)
        near_them = min((hexgrid.distance(where, c) for c in theirs), default=0)
        value += CITY * (near_them - near_me)
        mine_words = "in our deployment corner" if a["slot"] in _my_corner_slots(state, me) else \
            f"{near_me} hexes from our corner"
        why = (f"its city {mine_words}, {near_them} hexes from the nearest enemy's "
               "(Diplomacy: the nearer army takes it first)")
    owner = corner_owner(state.players, a["slot"])
    if owner is not None:
        tdefs = state.catalog.terrain
        open_hexes = sum(1 for t in data.terrain.values() if tdefs[t].passable and tdefs[t].cost <= 1)
        rough = len(data.terrain) - open_hexes
        if stats.friendly(state, owner.index, me):
            value += OPEN_GROUND * open_hexes
            why = why or f"{open_hexes} hexes of open ground in our deployment corner"
        else:
            value += OPEN_GROUND * rough
            why = why or f"{rough} hexes of rough ground in the enemy's deployment corner"
    why = why or "a tile without a city on the way between the armies"
    return value, f"Tile {a['tile']}{' turned around' if a['turned'] else ''} " \
                  f"{slot_words(state.players, a['slot'])}: {why}"
