"""The game turn: initiative, orders placed face down by both players,
revealed, Fate, Compulsory Moves, then the phases in which the players take
turns activating their counters (initiative first), and the end of the
turn and of the battle.

battle_valor_fantasy.txt § The Game Turn, § Phase 1 Roll for Initiative;,
§ Phase 2 Place Orders;, § Phase 3 Reveal Orders;, § Phase 4 Fate;, § Phase
5 Compulsory Moves;, § Phase 11 Fire Remaining Un-activated Missile Units;.
"""
from __future__ import annotations

from engine.core.rules import Event
from engine.core.words import possessive
from games.battle_valor_fantasy.rules import (alliance, characters, combat, fire, moves, rerolls, reserves, setup,
                                              space, stats, victory)
from games.battle_valor_fantasy.rules.state import BVFState, Pending, Unit

R_TURN = "battle_valor_fantasy.txt § The Game Turn"
R_ORDERS = "battle_valor_fantasy.txt § Phase 2 Place Orders;"
R_MMT = "battle_valor_fantasy.txt § Mounted Missile Troops"
R_REVEAL = "battle_valor_fantasy.txt § Phase 3 Reveal Orders;"
R_FATE = "battle_valor_fantasy.txt § Phase 4 Fate;"
R_FATE_COUNTER = "battle_valor_fantasy.txt § Order Counter Types;"
R_COMPULSORY = "battle_valor_fantasy.txt § Phase 5 Compulsory Moves;"
R_PASS = "battle_valor_fantasy.txt § Order Counter Types;"

# activation phases: the order counters each one activates
PHASE_ORDERS = {"spells": ("spell",), "reform": ("reform",), "fire": ("fire",), "combat": ("charge", "attack"),
                "advance": ("advance",), "fire2": ("fire",)}
_WANTED = {phase: frozenset(kinds) for phase, kinds in PHASE_ORDERS.items()}    # can_activate asks after each action
PHASES = ("spells", "reform", "fire", "combat", "advance", "fire2")
PHASE_RULE = {"spells": "battle_valor_fantasy.txt § Phase 6 Cast Spells;",
              "reform": "battle_valor_fantasy.txt § Phase 7 Reform Units;",
              "fire": "battle_valor_fantasy.txt § Phase 8 Fire Missile Units;",
              "combat": "battle_valor_fantasy.txt § Phase 9 Activate Charge & Attack Orders, Resolve Combats;",
              "advance": "battle_valor_fantasy.txt § Phase 10 Move Advancing Units;",
              "fire2": "battle_valor_fantasy.txt § Phase 11 Fire Remaining Un-activated Missile Units;"}
PHASE_NAMES = {"deploy": "Deployment", "orders": "Place Orders", "fate": "Fate", "spells": "Cast Spells",
               "reform": "Reform Units", "fire": "Fire Missile Units", "combat": "Charge & Attack",
               "advance": "Advance", "fire2": "Fire Remaining Missile Units", "over": "Battle over"}
ORDER_IDS = ("spell", "reform", "fire", "charge", "attack", "advance", "brace", "flee", "fire_and_flee")


def units_of(state: BVFState, p: int) -> list[Unit]:
    """The units that take order counters: every unit and Wizard on the
    table and the General."""
    return [u for u in state.units.values() if u.owner == p and u.on_table and u.deployed]


def orders_problem(state: BVFState, p: int, orders: list[tuple[int, str]], fate: int) -> tuple[str, str] | None:
    """One counter per unit (two for Mounted Missile Troops: Advance or
    Charge, and Fire or Fire & Flee), the Fate counter next to one unit
    instead of another counter."""
    mine = {u.uid: u for u in units_of(state, p) + characters.order_takers(state, p)}
    per: dict[int, list[str]] = {}
    for uid, o in orders:
        if uid not in mine:
            return f"Unit {uid} is not one of {possessive(state.players[p].name)} units on the table", R_ORDERS
        if o not in ORDER_IDS:
            return f"No order {o!r}", R_FATE_COUNTER
        per.setdefault(uid, []).append(o)
    if fate != -1:
        if fate not in mine:
            return "The Fate counter goes next to one of your units", R_FATE_COUNTER
        if per.get(fate):
            return "The Fate counter is placed instead of any other order counter", R_FATE_COUNTER
    for uid, os in per.items():
        u = mine[uid]
        mmt = u.profile is not None and u.profile.mounted_missile
        if mmt and len(os) == 2:
            if not (any(o in ("advance", "charge") for o in os) and any(o in ("fire", "fire_and_flee") for o in os)):
                return (f"{u.name} (Mounted Missile Troops) takes Advance or Charge and Fire or Fire & Flee",
                        R_MMT)
        elif len(os) > 1 and not characters.seer_pair(state, u, os):
            return f"{u.name} takes one order counter", R_ORDERS
        for o in os:
            why = order_fits(state, u, o)
            if why:
                return why
    return None


def order_fits(state: BVFState, u: Unit, o: str) -> tuple[str, str] | None:
    if u.kind in characters.KINDS or characters.attached_wizard(u):
        return characters.order_problem(u, o)
    if o == "spell" and u.kind != "wizard" and not characters.with_unit(state, u, "wizard"):
        return f"{u.name} cannot cast spells (only Wizards, and units with a Wizard attached)", R_FATE_COUNTER
    if o in ("fire", "fire_and_flee") and stats.missile(state, u) is None:
        return f"{u.name} has no missile weapon", R_FATE_COUNTER
    if o in ("flee", "fire_and_flee") and stats.never_flees(u):
        return f"{u.name} can never be issued a Flee order", "battle_valor_fantasy.txt § Bestiary"
    if u.split and o not in ("reform",) and u.kind == "unit" and not u.fleeing:   # fleeing: Flee (docs § Orders)
        return f"{u.name} is split: it may only be issued a Reform order", \
            "battle_valor_fantasy.txt § Remember These 5 very Important Rules"
    if u.fleeing and o != "flee":
        return f"{u.name} is fleeing: its Flee counter stays until it rallies", \
            "battle_valor_fantasy.txt § Flee Counters left from previous game turns;"
    return None


def place_orders(state: BVFState, p: int, orders, fate: int, ev: list[Event]) -> None:
    """Side p's counters (in a Grand Alliance: the deciding seat's, for its
    own units; the side's are down when all its seats' are: alliance.py)."""
    pl = state.players[p]
    seat = alliance.acting(state)
    for u in alliance.mine(state, units_of(state, p)):
        u.orders = ["flee"] if u.fleeing else []
    for uid, o in orders:
        u = state.units[uid]
        if not (u.fleeing and o == "flee"):
            u.orders.append(o)
    if alliance.is_overall(state, seat):          # the Fate counter is the overall General's
        pl.fate_uid = fate
        pl.fate_done = fate == -1
    if seat < 0:
        pl.orders_placed = True
    else:
        state.placed = state.placed + (seat,)
        pl.orders_placed = all(s in state.placed for s in alliance.of(state).seats(p))
    ev.append(Event("orders", f"{alliance.name(state, seat if seat >= 0 else p)} places order counters face down",
                    R_ORDERS, 0))
    if all(x.orders_placed for x in state.players):
        reveal(state, ev)
    elif pl.orders_placed:
        state.current = 1 - p


def reveal(state: BVFState, ev: list[Event]) -> None:
    ev.append(Event("reveal", "Both players reveal their order counters" if state.alliance is None else
                    "All players reveal their order counters together", R_REVEAL, 0))
    by_army: dict[str, list[Unit]] = {}       # each army's counters under its name (the units' names repeat)
    for u in state.units.values():
        if u.on_table and u.orders:
            by_army.setdefault(alliance.owner_name(state, u), []).append(u)
    for army, units in by_army.items():
        ev.append(Event("ruling", f"{army}:", R_REVEAL))
        for u in units:
            ev.append(Event("ruling", f"{u.name}: {', '.join(state.catalog.orders[o].name for o in u.orders)}", R_REVEAL,
                            2))
    for g in [g for g in state.units.values() if g.kind == "general" and g.on_table]:
        for key, what in rerolls.PROMISES.items():
            if g.effects.get(key):
                p = alliance.seat_of(state, g)
                ev.append(Event("ruling", f"{possessive(alliance.name(state, p))} General will reroll this turn's {what}, for "
                                "units within 12\" (while his rerolls last)", rerolls.R_REROLL))
    for p in (0, 1):
        pl = state.players[p]
        if pl.fate_uid == -1:
            ev.append(Event("ruling", f"{pl.name} placed no Fate counter: {state.players[1 - p].name} may move one "
                            "of their units 6\"", R_FATE_COUNTER))
            state.pending.append(Pending("fate_punish", 1 - p))
        else:
            ev.append(Event("ruling", f"{possessive(pl.name)} Fate counter lies next to {state.units[pl.fate_uid].name}",
                            R_REVEAL))
    state.phase = "fate"
    state.current = state.initiative


def fate_players(state: BVFState) -> list[int]:
    """Who still has a Fate counter to activate, in order: the initiative
    winner first unless he chose to go after his opponent (§ Phase 4 Fate;)."""
    first, second = state.initiative, 1 - state.initiative
    if state.players[first].fate_waits:
        first, second = second, first
    return [p for p in (first, second) if not state.players[p].fate_done]


def may_wait_fate(state: BVFState, p: int) -> bool:
    """The initiative winner, before activating his Fate counter, may let
    his opponent activate theirs first."""
    return (state.phase == "fate" and not state.pending and p == state.initiative
            and not state.players[p].fate_waits and fate_players(state) == [p, 1 - p])


def to_act(state: BVFState) -> int:
    if state.pending:
        return state.pending[-1].player
    return state.current


def after_fate(state: BVFState, dice, ev: list[Event]) -> None:
    if state.pending:
        return
    left = fate_players(state)
    if left:
        state.current = left[0]
        return
    compulsory(state, dice, ev)
    start_phase(state, "spells", dice, ev)


# ---- compulsory moves ----------------------------------------------------------------------------

def compulsory(state: BVFState, dice, ev: list[Event]) -> None:
    """The initiative winner completes all of theirs, then the other:
    stragglers catch up, fleeing units rally or run on, this turn's Flee and
    Fire & Flee counters, unfinished charges."""
    ev.append(Event("phase", "Compulsory Moves", R_COMPULSORY, 0))
    for p in (state.initiative, 1 - state.initiative):
        for u in sorted(units_of(state, p), key=lambda x: x.uid):
            if not u.on_table or u.kind != "unit":
                continue
            if u.stragglers and u.straggle_from == "flee":
                moves.rejoin(state, u, ev, moves.R_FLEE_OLD)
            if u.fleeing and not u.fled_this_turn and u.on_table:
                moves.rally(state, u, dice, ev)
            elif u.stragglers and u.straggle_from == "charge" and u.on_table:
                if all(s.sid in u.stragglers for s in u.stands):
                    combat.finish_charge(state, u, dice, ev)
                else:
                    moves.rejoin(state, u, ev, moves.R_CHARGES)
        for u in sorted(units_of(state, p), key=lambda x: x.uid):
            if not u.on_table or u.kind != "unit":
                continue
            if "fire_and_flee" in u.orders and not u.fleeing:
                t = fire.nearest_target(state, u)
                if t is not None:
                    fire.fire(state, u, t, dice, ev, flee=True)
                else:
                    ev.append(Event("ruling", f"{u.name} has no target to fire at before fleeing", R_COMPULSORY))
                if u.on_table:
                    moves.flee(state, u, dice, ev)
                u.activated = True
            elif "flee" in u.orders and not u.fleeing and u.on_table:
                moves.flee(state, u, dice, ev)
                u.activated = True
    for u in state.units.values():
        if u.split_next:
            u.split, u.split_next = True, False


# ---- activation phases -----------------------------------------------------------------------------

def can_activate(state: BVFState, u: Unit, phase: str) -> bool:
    """A counter of the phase's kinds still on an unactivated unit (the
    General's may be passed to a unit within 12")."""
    if u.attached >= 0:
        return characters.can_activate(state, u, phase)
    if not u.on_table or u.fleeing:
        return False
    if _WANTED[phase].isdisjoint(u.orders):
        return False
    if u.kind == "general":
        return True
    if u.activated and not (u.profile is not None and u.profile.mounted_missile and u.orders):
        return False
    if phase == "fire" and u.effects.get("held_fire"):
        return False
    if phase == "fire2" or phase == "fire":
        return u.engaged == () and stats.missile(state, u) is not None
    return True


def has_work(state: BVFState, p: int, phase: str) -> bool:
    for u in state.units.values():        # units_of(state, p); a unit without a counter cannot activate
        if u.orders and u.owner == p and u.on_table and u.deployed and can_activate(state, u, phase):
            return True
    return characters.has_work(state, p, phase)


def general_may_rally(state: BVFState, p: int) -> list[Unit]:
    """Fleeing units the General could rally now instead of his order."""
    g = space.general_of(state, p)
    if g is None or not g.orders or g.activated:
        return []
    return [u for u in units_of(state, p) if u.fleeing and u.kind == "unit"
            and space.distance(state, u, g) <= space.GENERAL_RANGE + 1e-9]


def start_phase(state: BVFState, phase: str, dice, ev: list[Event]) -> None:
    while True:
        state.phase = phase
        state.passed = ()
        if phase == "combat":
            for u in state.units.values():
                u.engaged = tuple(x for x in u.engaged if state.units[x].on_table)
        ev.append(Event("phase", PHASE_NAMES[phase], PHASE_RULE[phase], 0))
        first = state.initiative
        if has_work(state, first, phase):
            state.current = first
            return
        if has_work(state, 1 - first, phase):
            state.current = 1 - first
            return
        i = PHASES.index(phase)
        if i + 1 >= len(PHASES):
            end_turn(state, dice, ev)
            return
        phase = PHASES[i + 1]


def next_actor(state: BVFState, dice, ev: list[Event]) -> None:
    """After an activation: the other player if they have counters left in
    this phase, else the same; when neither has, the next phase."""
    if state.pending or state.phase in ("deploy", "orders", "fate", "over"):
        return
    p = state.current
    for q in (1 - p, p):
        if has_work(state, q, state.phase):
            state.current = q
            return
    i = PHASES.index(state.phase)
    if state.phase == "fire":
        pass
    if i + 1 >= len(PHASES):
        end_turn(state, dice, ev)
    else:
        start_phase(state, PHASES[i + 1], dice, ev)


def after_action(state: BVFState, kind: str, acted_in: str, dice, ev: list[Event]) -> None:
    """What follows every action of kind `kind` taken in phase `acted_in`
    (game.py calls it after the kind's applier): a character left without
    its unit, then, unless the player acts on, the end of the battle when an
    army is wiped out or the next to activate."""
    characters.lost_host(state, ev)
    if kind in characters.FREE_ACTIONS:
        return                           # the player acts on (characters.py)
    if state.phase not in ("over",) and state.phase in PHASE_ORDERS and not state.pending:
        if victory.wiped_out(state):
            victory.finished(state, ev)
        elif acted_in in PHASE_ORDERS:
            next_actor(state, dice, ev)
        # else the phase has just begun (after Fate): start_phase chose the initiative winner
        # (§ Phase 6 Cast Spells;: "starting with the player who won initiative")


def spend(u: Unit, order: str) -> None:
    if order in u.orders:
        u.orders.remove(order)
    mmt = u.profile is not None and u.profile.mounted_missile
    if not (mmt and u.orders):
        u.activated = True


# ---- the end of a turn ------------------------------------------------------------------------------

def end_turn(state: BVFState, dice, ev: list[Event]) -> None:
    ev.append(Event("phase", f"End of turn {state.turn}", R_TURN, 0))
    for u in state.units.values():
        u.orders = ["flee"] if u.fleeing else []
        u.activated = False
        u.fled_this_turn = False
        u.effects = {}
    state.placed = ()
    for pl in state.players:
        pl.orders_placed = False
        pl.fate_uid = -1
        pl.fate_done = False
        pl.fate_waits = False
    if victory.finished(state, ev):
        return
    state.turn += 1
    state.initiative = setup.roll_initiative(state, dice, ev, f"Turn {state.turn}")
    state.phase = "orders"
    state.current = 0
    reserves.call_up(state, ev)


def next_deployer(state: BVFState, player: int, dice, ev: list[Event]) -> None:
    """The player has placed (or withheld, or reserved) a unit: the next in
    the deployment queue places one, or deployment ends."""
    q = list(state.deploy_queue)
    if player in q:
        q.remove(player)
    state.deploy_queue = tuple(q)
    if q:
        state.current = q[0]
    else:
        end_deployment(state, dice, ev)


def end_deployment(state: BVFState, dice, ev: list[Event]) -> None:
    ev.append(Event("phase", "Deployment complete: turn 1", R_TURN, 0))
    state.initiative = setup.roll_initiative(state, dice, ev, "Turn 1")
    state.phase = "orders"
    state.current = 0


_ = combat
