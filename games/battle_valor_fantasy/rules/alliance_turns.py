"""The Grand Alliance at the table: which seat decides, what a seat may
command, and the translation between the players at the table (an
action's `player` is a seat) and the two sides the rules play.

- Deployment and every activation phase: the sides alternate as in the
  two-player game; within a side its seats take the side's turns in
  rotation (a seat with nothing to do is passed over), and each seat
  places and activates only its own units.
- Orders: each seat places the counters of its own units, face down and
  alone at the screen (the handoff hides everything else); a side's orders
  are down when all its seats' are; then all are revealed together.
- The overall General (a side's first seat) rolls the side's initiative,
  holds the side's Fate counter (placed next to one of his own units, and
  activated or moved by him), takes the Fate 6" move and may pass his
  General's order to an ally's unit within 12" - the only order that
  crosses between allies.
- Decisions: the seat whose unit is charged decides a counter charge; the
  seat holding the reserves brings them on; a dispel is decided by the
  first seat of the side (the overall General's first) with a Wizard able
  to dispel.

Decisions: docs/games/battle_valor_fantasy.md § Grand Alliance.
"""
from __future__ import annotations

from engine.core.actions import Action
from engine.core.words import possessive
from games.battle_valor_fantasy.rules import alliance, characters, flow, spells
from games.battle_valor_fantasy.rules.alliance import R_ALLIANCE
from games.battle_valor_fantasy.rules.state import BVFState

UNIT_PARAMS = ("uid", "to")            # units an action commands: they must be the seat's own
GROUP_PARAMS = ("casters", "wizards")


# ---- the seat to decide --------------------------------------------------------------------------------

def seat_has_work(state: BVFState, seat: int, side: int) -> bool:
    if state.phase == "deploy":
        left = [u for u in state.units.values() if u.owner == side and not u.deployed and u.alive
                and "reserve" not in u.marks]
        units = [u for u in left if u.kind != "general"] or left
        return any(alliance.seat_of(state, u) == seat for u in units)
    phase = state.phase
    if phase not in flow.PHASE_ORDERS:
        return True
    for u in flow.units_of(state, side):
        if alliance.seat_of(state, u) == seat and flow.can_activate(state, u, phase):
            return True
    if phase == "advance":
        return any(c.owner == side and alliance.seat_of(state, c) == seat and (characters.is_character(c) or characters.attached_wizard(c))
                   and "advance" in c.orders and not c.activated and characters.alive(state, c)
                   for c in state.units.values())
    return False


def _pending_seat(state: BVFState, side: int) -> int:
    a = alliance.of(state)
    pd = state.pending[-1]
    if pd.kind == "counter":
        t = state.units.get(pd.data[1])
        if t is not None:
            return alliance.seat_of(state, t)
    if pd.kind == "reserves" and pd.data:
        return int(pd.data[0])
    if pd.kind == "dispel":
        ws = spells.dispellers(state, side)
        for s in a.seats(side):
            if any(alliance.seat_of(state, w) == s for w in ws):
                return s
    return a.overall(side)


def settle(state: BVFState) -> None:
    """Choose the seat to decide now (after setup and after every action)."""
    a = state.alliance
    if a is None or state.phase == "over":
        return
    side = flow.to_act(state)
    seats = a.seats(side)
    if state.pending:
        state.seat = _pending_seat(state, side)
        return
    if state.phase == "orders":
        left = [s for s in seats if s not in state.placed]
        state.seat = left[0] if left else a.overall(side)
        return
    if state.phase == "fate":
        state.seat = a.overall(side)
        return
    start = state.rota[side] if len(state.rota) > side else 0
    order = [seats[(start + i) % len(seats)] for i in range(len(seats))]
    state.seat = next((s for s in order if seat_has_work(state, s, side)), order[0])


def acted(state: BVFState, seat: int) -> None:
    """A seat took one of its side's turns (a placement or an activation):
    the side's next turn goes to its next seat."""
    a = alliance.of(state)
    side = a.sides[seat]
    seats = a.seats(side)
    rota = list(state.rota) if len(state.rota) == 2 else [0, 0]
    rota[side] = (seats.index(seat) + 1) % len(seats)
    state.rota = tuple(rota)


def takes_turn(state: BVFState, a: Action) -> bool:
    """Whether an action (about to be applied) uses up the seat's turn."""
    return (not state.pending and (state.phase == "deploy" or state.phase in flow.PHASE_ORDERS)
            and a.kind not in characters.FREE_ACTIONS)


# ---- orders ----------------------------------------------------------------------------------------------

def placed(state: BVFState, side: int, seat: int) -> bool:
    """Note a seat's orders down; True when its whole side's are."""
    state.placed = state.placed + (seat,)
    return all(s in state.placed for s in alliance.of(state).seats(side))


# ---- what a seat may command ---------------------------------------------------------------------------

def control_problem(state: BVFState, a: Action) -> tuple[str, str] | None:
    """Why the deciding seat may not take this (side) action: a unit named
    that is an ally's (save the overall General's order passed to it), or
    the Fate counter placed by a player who does not hold it."""
    al = state.alliance
    if al is None:
        return None
    seat = state.seat

    def foreign(uid):
        u = state.units.get(uid)
        return u if u is not None and alliance.seat_of(state, u) != seat else None

    for key in UNIT_PARAMS:
        v = a.get(key)
        u = foreign(v) if isinstance(v, int) else None
        if u is None:
            continue
        if key == "uid" and a.get("general") and alliance.is_overall(state, seat) and u.owner == a.player:
            continue                     # the overall General's order passed to an ally's unit
        return (f"{u.name} is {possessive(alliance.name(state, alliance.seat_of(state, u)))}: in a Grand Alliance each "
                "player commands only his own units (only the overall General may pass his order to an "
                "ally's unit)", R_ALLIANCE)
    for key in GROUP_PARAMS:
        for v in a.get(key) or ():
            u = foreign(v) if isinstance(v, int) else None
            if u is not None:
                return f"{u.name} is {possessive(alliance.name(state, alliance.seat_of(state, u)))} Wizard", R_ALLIANCE
    if a.kind == "orders":
        for uid, _ in a["orders"]:
            u = foreign(int(uid))
            if u is not None:
                return (f"{u.name} is {possessive(alliance.name(state, alliance.seat_of(state, u)))}: each player places "
                        "the counters of his own units", R_ALLIANCE)
        fate = int(a.get("fate", -1))
        if fate != -1 and not alliance.is_overall(state, seat):
            return "Only the overall General places his side's Fate counter", R_ALLIANCE
        if fate != -1 and foreign(fate) is not None:
            return "The overall General places the Fate counter next to one of his own units", R_ALLIANCE
    return None


# ---- seats and sides -------------------------------------------------------------------------------------

def inward(state: BVFState, a: Action) -> Action:
    """A seat's action as the rules play it: the side's."""
    return Action(a.kind, alliance.of(state).sides[a.player], a.params)


def outward(state: BVFState, a: Action) -> Action:
    """A listed (side) action as the deciding seat's."""
    return Action(a.kind, state.seat, a.params)


def hidden_from_others(state: BVFState, seat: int) -> bool:
    """Orders are face down; hidden characters and reserves are a seat's own
    notes: the next player to sit down must not see this seat's screen."""
    if state.phase == "orders":
        return True
    from games.battle_valor_fantasy.rules import reserves
    side = alliance.of(state).sides[seat]
    return any(alliance.seat_of(state, u) == seat for u in state.units.values() if u.owner == side and (
        (u.hidden and characters.alive(state, u)) or u in reserves.waiting(state, side)))
