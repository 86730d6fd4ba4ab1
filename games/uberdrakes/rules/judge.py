"""The judge's hooks for UberDrakes (engine/core/judging.py).

Every dragon starts in the starting village (uberdrakes.txt § Game Setup), so
the board's facts are about the whole board: how far the places worth
going to lie from the start, and how many spaces of each element there are
for the dragons that draw on them.  A dragon's side is the dragon it flies
(chosen in setup), so the judge reports a win rate per dragon.  The
"objectives" held over time are the villages and rider pickups: held by
the one dragon in them (nobody when empty or shared).
"""
from __future__ import annotations

from engine.core.judging import Area, Canvas, Frame, Objective, Spot
from games.uberdrakes.rules.state import UDState


def _nearest(board, start, sids) -> int | None:
    anchor = board.spaces[start].anchor
    dists = [board.distance(anchor, board.spaces[s].anchor) for s in sids]
    return min(dists) if dists else None


def judge_map(state: UDState) -> dict:
    b = state.board
    start = b.start_village
    facts: dict = {"spaces": len(b.spaces), "start village": b.spaces[start].name}
    for v in b.villages:
        if v != start:
            facts[f"spaces from the start to {b.spaces[v].name}"] = _nearest(b, start, [v])
    for side, sid in sorted(b.pickups.items()):
        facts[f"spaces from the start to the {side} pickup"] = _nearest(b, start, [sid])
    if b.caves >= 0:
        facts["spaces from the start to the caves"] = _nearest(b, start, [b.caves])
    facts["spaces from the start to the nearest portal"] = _nearest(b, start, [b.space_of[p] for p in b.portals])
    kinds: dict[str, int] = {}
    for s in b.spaces:
        key = f"{s.element} spaces" if s.kind == "element" else f"{s.kind} spaces"
        kinds[key] = kinds.get(key, 0) + 1
    facts.update(sorted(kinds.items()))
    elements: dict[str | None, int] = {}
    for s in b.spaces:
        if s.kind == "element":
            d = _nearest(b, start, [s.sid])
            assert d is not None, "every element space is reachable from the start village"
            elements[s.element] = min(elements.get(s.element, d), d)
    for e, d in sorted(elements.items()):
        facts[f"spaces from the start to the nearest {e} space"] = d
    return {"map": facts}


def judge_canvas(state: UDState) -> Canvas:
    tdefs = state.catalog.terrain
    b = state.board
    areas = tuple(Area(tdefs[t].color, hex=h) for h, t in b.terrain.items())
    used = sorted(set(b.terrain.values()))
    return Canvas("hex", areas, legend=tuple((tdefs[t].name, tdefs[t].color) for t in used), source=str(b.path))


def _holder(state: UDState, sid: int) -> int | None:
    b = state.board
    inside = [d.index for d in state.players if d.hex is not None and b.space_of.get(d.hex) == sid]
    return inside[0] if len(inside) == 1 else None


def judge_frame(state: UDState) -> Frame:
    b = state.board
    dragons = state.catalog.dragons
    units = tuple(Spot(f"dragon {d.index}", d.index, *b.anchor_of.get(d.hex, d.hex),
                       dragons[d.dragon].name if d.dragon in dragons else "dragon")
                  for d in state.players if d.hex is not None)
    places = list(b.villages) + [sid for _, sid in sorted(b.pickups.items())]
    objectives = tuple(Objective(b.spaces[s].name, *b.spaces[s].anchor, _holder(state, s)) for s in places)
    sides = tuple(dragons[d.dragon].name if d.dragon in dragons else "no dragon yet" for d in state.players)
    return Frame(units, objectives, sides)


def judge_swap(state: UDState, places: tuple, armies: tuple) -> str | None:
    """Nothing to swap: every dragon starts in the starting village and
    each player picks a dragon during setup."""
    return ("every dragon starts in the starting village and each player picks a dragon during setup "
            "(uberdrakes.txt § Game Setup): there are no places or armies to swap; the report gives each "
            "dragon's win rate")


def judge_army(state: UDState) -> None:
    """UberDrakes names no armies: every dragon starts from the same village."""
    return None


def judge_variants(state: UDState, folder) -> None:
    """UberDrakes proposes no changes of its map (the board is printed, not a Tiled file)."""
    return None
