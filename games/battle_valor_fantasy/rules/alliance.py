"""The Grand Alliance: three or four players in two sides (the rulebook
names "Grand Alliance Rules" but the section is lost; our design, written
down in docs/games/battle_valor_fantasy.md § Grand Alliance).

The rules play the battle between two sides exactly as between two
players: `BVFState.players` are the sides and a unit's `owner` is its side.
What the alliance adds lives here and in alliance_turns.py: the seats (the
players at the table), which seat each unit answers to, each seat's own
General, and the overall General of each side (its side's first seat).
Seats 1 and 3 are the first side, seats 2 and 4 the second (three players:
seats 1 and 3 against seat 2).  Out of an alliance every function here is
the two-player game's identity (seat = side = owner).

This module knows only the state: the turn logic that picks the seat to
decide is in alliance_turns.py.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from games.battle_valor_fantasy.rules.state import BVFState, Unit

R_ALLIANCE = "docs/games/battle_valor_fantasy.md § Grand Alliance"
MAX_SEATS = 4


@dataclass(frozen=True)
class Alliance:
    sides: tuple                      # seat -> side (0 or 1)
    names: tuple                      # seat -> the player's name (its army's)
    armies: tuple                     # seat -> defs.ArmyList
    unit_seat: dict = field(default_factory=dict, compare=False, hash=False)   # uid -> seat
    generals: tuple = ()              # seat -> the uid of its General (-1: none)

    def seats(self, side: int) -> tuple:
        """A side's seats, its overall General's (the first) first."""
        return tuple(s for s, x in enumerate(self.sides) if x == side)

    def overall(self, side: int) -> int:
        return self.seats(side)[0]


def seats_for(players: int) -> tuple:
    """Seat -> side: 1 and 3 against 2 (and 4)."""
    return tuple(s % 2 for s in range(players))


def on(state: BVFState) -> bool:
    return state.alliance is not None


def of(state: BVFState) -> Alliance:
    """The state's Grand Alliance, where the caller knows there is one (a
    seat's translation, an alliance's turn: `on(state)`)."""
    assert state.alliance is not None, "not a Grand Alliance"
    return state.alliance


def seat_of(state: BVFState, u: Unit) -> int:
    """The player a unit answers to (its owner out of an alliance)."""
    a = state.alliance
    if a is None:
        return u.owner
    return a.unit_seat.get(u.uid, a.overall(u.owner))


def side_of(state: BVFState, seat: int) -> int:
    a = state.alliance
    return seat if a is None else a.sides[seat]


def acting(state: BVFState) -> int:
    """The seat to decide in an alliance (-1 in the two-player game)."""
    return state.seat if state.alliance is not None else -1


def is_overall(state: BVFState, seat: int) -> bool:
    a = state.alliance
    return a is None or a.overall(a.sides[seat]) == seat


def name(state: BVFState, seat: int) -> str:
    a = state.alliance
    if a is None:
        return state.players[seat].name if 0 <= seat < len(state.players) else f"P{seat}"
    return a.names[seat] if 0 <= seat < len(a.names) else f"P{seat}"


def owner_name(state: BVFState, u: Unit) -> str:
    """The name of the player a unit answers to (for the log)."""
    return name(state, seat_of(state, u))


def mine(state: BVFState, units) -> list:
    """The units of a list the seat to decide commands (all of them out of
    an alliance)."""
    if state.alliance is None:
        return list(units)
    s = state.seat
    return [u for u in units if seat_of(state, u) == s]


def general_of_seat(state: BVFState, seat: int) -> Unit | None:
    a = state.alliance
    uid = a.generals[seat] if a is not None and seat < len(a.generals) else -1
    g = state.units.get(uid)
    return g if g is not None and g.on_table else None


def commander(state: BVFState, u: Unit) -> Unit | None:
    """The General a unit answers to: its own player's (12" command, his
    rerolls); out of an alliance the side's only General."""
    if state.alliance is None:
        for g in state.units.values():
            if g.owner == u.owner and g.kind == "general" and g.on_table:
                return g
        return None
    return general_of_seat(state, seat_of(state, u))


def general_for(state: BVFState, side: int) -> Unit | None:
    """`space.general_of` in an alliance: the General of the seat deciding
    when it is of this side, else the side's overall General."""
    a = of(state)
    seat = state.seat if 0 <= state.seat < len(a.sides) and a.sides[state.seat] == side else a.overall(side)
    return general_of_seat(state, seat)


def side_points(state: BVFState, side: int) -> int:
    """The size of a side's army: its players' lists together."""
    a = state.alliance
    if a is None:
        return state.players[side].army.points
    return sum(a.armies[s].points for s in a.seats(side))


def winners(state: BVFState) -> tuple:
    """The seats of the winning side(s): every player of a side wins with it."""
    a = state.alliance
    if a is None:
        return state.winners
    return tuple(s for s in range(len(a.sides)) if a.sides[s] in state.winners)
