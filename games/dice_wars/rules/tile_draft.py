"""Challenge III's competitive shuffle: the players build the map tile by tile.

dice_wars.txt § Challenge III: Shuffling the Map: "For a competitive
shuffle game, give each player a roughly equal number of tiles, then place
tile 5, the "Dark Tower," in the center.  Low roller places the first tile,
and placement continues to the left.  The shape does not have to be
square, but should have at least one corner per player, or agreed-upon
deployment zones."

Decisions (docs/games/dice_wars.md § Challenges): the shape stays the 3x3
square, so every player keeps the corner tiles the deployment rules name;
the eight tiles are shuffled with the match dice and dealt face up from the
low roller on (two players: four each; three: 3, 3, 2; four: two each);
each placement takes a tile of one's own, any empty slot and either way
round.  The map is built when the last tile is down; setting up goes on
from there (the faction draft, the armies).
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import Action
from engine.core.rules import Event
from engine.core.words import possessive
from engine.hex import grid as hexgrid
from engine.maps.hexmap import HexMapData, compose
from games.dice_wars.rules.board import CENTRE, Board, compose_tiles, finish_board, load_tile

R_SHUFFLE = "dice_wars.txt § Challenge III: Shuffling the Map"
SLOT_NAMES = ("north-west corner", "north edge", "north-east corner", "west edge", "centre", "east edge",
              "south-west corner", "south edge", "south-east corner")
SLOT_PREPOSITION = ("in", "on", "in", "on", "in", "on", "in", "on", "in")
CORNER_SLOTS = (0, 2, 8, 6)      # Board.corners, clockwise from the top-left (deployment corners 0-3)
SLOT_TERRAIN = "slot"            # an empty slot's hexes while the map is built (drawn, never played on)


@dataclass(slots=True)
class TileDraft:
    """The map being built: whose tiles are left, what lies where, who places next."""
    scenario: str                    # shuffled | hinterland_shuffled (which set of tiles)
    hands: list                      # per player: tile numbers still to place
    layout: list                     # 9 slots, row-major: None or (tile number, turned around)
    order: list                      # players still to place, in turn

    def copy(self) -> "TileDraft":
        return TileDraft(self.scenario, [list(h) for h in self.hands], list(self.layout), list(self.order))

    @property
    def prefix(self) -> str:
        return "hinterland_" if self.scenario.startswith("hinterland") else "tile_"

    def free_slots(self) -> list[int]:
        return [i for i, x in enumerate(self.layout) if x is None]


def deal(scenario: str, players: int, low: int, dice, events: list) -> TileDraft:
    """Shuffle tiles 1-4 and 6-9 and deal them round from the low roller
    (`low`, who places first); tile 5 goes in the centre."""
    turn = [(low + i) % players for i in range(players)]       # "continues to the left" (as the draft)
    tiles = [1, 2, 3, 4, 6, 7, 8, 9]
    dice.shuffle(tiles)
    hands: list = [[] for _ in range(players)]
    for i, t in enumerate(tiles):
        hands[turn[i % players]].append(t)
    for h in hands:
        h.sort()
    layout: list = [None] * 9
    layout[CENTRE] = (5, False)
    order = [turn[i % players] for i in range(len(tiles))]
    events.append(Event("ruling", f"Player {low + 1} rolled low and places the first tile; tile 5, the Dark Tower, "
                        "stands in the centre", R_SHUFFLE))
    events.append(Event("ruling", "Tiles dealt: " + "; ".join(f"Player {p + 1} {', '.join(map(str, hands[p]))}"
                                                               for p in range(players)), R_SHUFFLE))
    return TileDraft(scenario, hands, layout, order)


def slot_block(width: int, height: int) -> HexMapData:
    """An empty slot's stand-in: every hex of a tile, of terrain `slot`."""
    terrain = {hexgrid.offset_to_axial(c, r): SLOT_TERRAIN for r in range(height) for c in range(width)}
    return HexMapData("empty slot", width, height, terrain, (), {})


def partial_board(cat, draft: TileDraft) -> Board:
    """The square as it stands: placed tiles, and `slot` hexes where none is yet."""
    first = load_tile(cat, draft.prefix, 5)
    blank = slot_block(first.width, first.height)
    grid = [[(load_tile(cat, draft.prefix, draft.layout[r * 3 + c][0]), draft.layout[r * 3 + c][1])
             if draft.layout[r * 3 + c] is not None else (blank, False) for c in range(3)] for r in range(3)]
    return Board(compose(grid), draft.scenario)


def final_board(cat, draft: TileDraft, sites: str) -> Board:
    return finish_board(compose_tiles(cat, draft.prefix, draft.layout), draft.scenario, sites, draft.layout)


def block_centre(bc: int, br: int, w: int, h: int):
    """The middle hex of the block at block column bc, row br (a slot of the
    square is block (slot % 3, slot // 3))."""
    return hexgrid.offset_to_axial(bc * w + w // 2, br * h + h // 2)


def corner_owner(players: list, slot: int):
    """The player who deploys in a corner slot, or None."""
    if slot not in CORNER_SLOTS:
        return None
    corner = CORNER_SLOTS.index(slot)
    for p in players:
        if corner in p.corners:
            return p
    return None


def slot_words(players: list, slot: int) -> str:
    """"in the north-west corner (Player 1's deployment corner)", "on the west edge"."""
    owner = corner_owner(players, slot)
    return f"{SLOT_PREPOSITION[slot]} the {SLOT_NAMES[slot]}" + (
        f" ({possessive(owner.name)} deployment corner)" if owner is not None else "")


def legal(state) -> list[Action]:
    d = state.tiles
    p = d.order[0]
    return [Action.make("place_tile", p, tile=t, slot=s, turned=turned)
            for t in d.hands[p] for s in d.free_slots() for turned in (False, True)]


def problem(state, a: Action):
    d = state.tiles
    if a.kind != "place_tile":
        return ("The players are building the map: place a tile first.", R_SHUFFLE)
    if a["tile"] not in d.hands[a.player]:
        held = ", ".join(map(str, d.hands[a.player])) or "none"
        return (f"Tile {a['tile']} is not yours to place (yours: {held}).", R_SHUFFLE)
    slot = a["slot"]
    if not isinstance(slot, int) or not 0 <= slot < 9:
        return (f"There is no slot {slot} in the square of tiles.", R_SHUFFLE)
    if d.layout[slot] is not None:
        return (f"The {SLOT_NAMES[slot]} already holds tile {d.layout[slot][0]}.", R_SHUFFLE)
    if not isinstance(a["turned"], bool):
        return ("A tile lies one way or the other (turned: true or false).", R_SHUFFLE)
    return None


def describe(state, a: Action) -> str:
    who = state.players[a.player].name
    turned = " turned around" if a["turned"] else ""
    return f"{who} places tile {a['tile']}{turned} {slot_words(state.players, a['slot'])}"


def place(state, a: Action, events: list) -> bool:
    """Put the tile down; True when the square is complete."""
    d = state.tiles
    d.hands[a.player].remove(a["tile"])
    d.layout[a["slot"]] = (a["tile"], a["turned"])
    d.order.pop(0)
    events.append(Event("ruling", describe(state, a), R_SHUFFLE))
    if d.order:
        state.current = d.order[0]
        state.board = partial_board(state.catalog, d)
        return False
    events.append(Event("ruling", "The map is complete: tiles " + " ".join(
        f"{n}{'R' if t else ''}" for n, t in d.layout) + " (R = turned around), read by rows from the north-west",
        R_SHUFFLE))
    return True


def tile_summary(cat, prefix: str, number: int) -> str:
    """A tile in a few words: its city or site and its rough ground."""
    data = load_tile(cat, prefix, number)
    kinds: dict = {}
    for t in data.terrain.values():
        kinds[t] = kinds.get(t, 0) + 1
    bits = []
    if any(o.type == "city" for o in data.objects):
        bits.append("a city")
    if any(o.type == "site" for o in data.objects):
        bits.append("a site")
    if number == 5:
        bits.append("the Dark Tower")
    rough = [(n, k) for k, n in kinds.items() if k not in ("plains", "city", "capital", "wall", "tower")]
    rough.sort(key=lambda x: (-x[0], x[1]))
    bits += [f"{n} {k.replace('_', ' ')}" for n, k in rough[:3]]
    return f"Tile {number}: " + ", ".join(bits)
