"""What a game tells `main.py judge` (the designers' balance lab).

Optional hooks, in the module a game hands over as `games/<id>/rules/judge.py` (see
`Game` in engine/core/game.py, `GameParts.judge`); a game without that module
is still judged (win rates, lengths, first-player advantage), only without
map facts, swaps and pictures:

    judge_map(state) -> dict            the map's own facts, before play:
        {"seats": [ {fact: value} per seat ],     # what each seat's deployment offers
         "sides": {side: {fact: value}},          # per deployment side when sides are
                                                  # assigned during setup (table edges)
         "zones": {zone: {fact: value}},          # per deployment zone, when a seat has several
         "map":   {fact: value}}                  # the whole map
        (every key optional; values plain JSON: numbers, strings, lists).
        Facts are named in words, objectives by the names players read
        ("movement to the top city"), never by ids; every seat's row has
        the same facts, so a number that differs between seats is a fact
        the judge compares and relates to the win rate.
    judge_canvas(state) -> Canvas       the map to draw under the heatmaps
    judge_frame(state) -> Frame         the pieces now: where each unit stands
                                        (its kind and reach in `Spot`), who holds
                                        each objective, each seat's side
    judge_army(state) -> [Army]         per seat, the army it received (games
                                        that roll or draw armies; lists too)
    judge_swap(state, places, armies)   rearrange a new match before its first
        -> str | None                   action: seat i plays from the place of
                                        seat places[i] with the army dealt to
                                        seat armies[i] (either may be ()); None
                                        when done, else why it cannot be done
                                        in words ("the players choose their
                                        edges during setup")
    judge_variants(state) -> [Variant]  small changes of the map the judge may
                                        try for a fairer one (engine/commands/
                                        variants.py plays them)

The judge calls `judge_frame` after every action of every game; a unit in
one frame and missing from the next died at its last position.  Points
are in the map's own coordinates: axial (q, r) hexes on a hex map
(`Canvas.kind == "hex"`), inches on a table (`"table"`).  Everything here
is plain data: it crosses process and machine boundaries (the process
pool, Ray) by pickle.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Spot:
    """One unit where it stands."""
    key: str              # stable across frames (a unit id)
    owner: int
    x: float              # hex q, or inches from the table's left edge
    y: float              # hex r, or inches from the table's top edge
    kind: str = ""        # what it is, in players' words ("Archer", "Dragon Queen")
    reach: float = 0.0    # how far it strikes from where it stands, centre to centre: hexes, or
                          # inches (never less than TOUCH: the next hex, bases in contact)


@dataclass(frozen=True)
class Objective:
    """A place worth holding, and who holds it now (None: nobody)."""
    name: str             # as players read it ("Port Aldmoor"), never an id
    x: float
    y: float
    holder: int | None = None


@dataclass(frozen=True)
class Frame:
    units: tuple[Spot, ...] = ()
    objectives: tuple[Objective, ...] = ()
    sides: tuple[str, ...] = ()      # per seat: its deployment side ("north", "corner 1"), if any


@dataclass(frozen=True)
class Army:
    """The army one seat received."""
    name: str                        # in words ("Bloodblades and Valegaard")
    strength: float | None = None    # the game's own measure, comparable between seats (None: none)
    units: tuple[str, ...] = ()      # each unit's kind, as `Spot.kind` names it
    measure: str = "points"          # what strength counts, in words ("dice faces", "points")


@dataclass(frozen=True)
class Variant:
    """One small change of a map, for the fairer-variant search."""
    words: str                       # what changes, for the designer ("turn tile 3 around")
    size: int                        # how much of the map changes, in `unit`s
    scenario: str                    # the changed map: a Tiled file any game of it can be played on
    unit: str = "hexes"              # "hexes" (cells and objects changed), "inches" (moved on a table)
    seats: tuple[int, ...] = ()      # the seats whose places it changes


@dataclass(frozen=True)
class Area:
    """A filled shape of the drawing: a hex cell (`hex` set) or a polygon in inches."""
    colour: str                      # "#RRGGBB"
    hex: tuple[int, int] | None = None
    ring: tuple[tuple[float, float], ...] = ()
    label: str = ""
    outline: bool = False            # a zone: drawn as an outline, not filled


@dataclass(frozen=True)
class Canvas:
    kind: str                        # "hex" or "table"
    areas: tuple[Area, ...] = ()
    width: float = 0.0               # tables: inches
    height: float = 0.0
    legend: tuple[tuple[str, str], ...] = ()   # (name, colour) of the terrain drawn
    source: str = ""                 # the Tiled file it comes from ("" when composed of several):
                                     # the map viewer watches it and redraws on every save


TOUCH = {"hex": 1.0, "table": 1.5}      # the nearest two units can stand: the next hex, touching bases


def distance(kind: str, a: tuple[float, float], b: tuple[float, float]) -> float:
    """Between two points of a Canvas of this kind: hexes, or inches."""
    if kind == "hex":
        q1, r1, q2, r2 = round(a[0]), round(a[1]), round(b[0]), round(b[1])
        return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) / 2
    d: float = ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5     # float ** 0.5 is typed Any (it may be complex)
    return d
