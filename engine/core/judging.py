"""What a game tells `main.py judge` (the designers' balance lab).

Three optional hooks, found by convention in `games/<id>/judge.py` (see
`ConventionalHooks` in engine/core/rules.py); a game without that module
is still judged (win rates, lengths, first-player advantage), only without
map facts and pictures:

    judge_map(state) -> dict            the map's own facts, before play:
        {"seats": [ {fact: value} per seat ],     # what each seat's deployment offers
         "sides": {side: {fact: value}},          # per deployment side when sides are
                                                  # assigned during setup (table edges)
         "map":   {fact: value}}                  # the whole map
        (every key optional; values plain JSON: numbers, strings, lists)
    judge_canvas(state) -> Canvas       the map to draw under the heatmaps
    judge_frame(state) -> Frame         the pieces now: where each unit stands,
                                        who holds each objective, each seat's side

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


@dataclass(frozen=True)
class Objective:
    """A place worth holding, and who holds it now (None: nobody)."""
    name: str
    x: float
    y: float
    holder: int | None = None


@dataclass(frozen=True)
class Frame:
    units: tuple[Spot, ...] = ()
    objectives: tuple[Objective, ...] = ()
    sides: tuple[str, ...] = ()      # per seat: its deployment side ("north", "corner 1"), if any


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
