"""Setting up: the board and decks, dragon choice (roll-offs for the same
dragon), turn order, the deal and the mulligan.  uberdrakes.txt § Game
Setup, § Turn Order, § Starting the First Round."""
from __future__ import annotations

from engine.core.rules import Event, Setup
from engine.core.rulings import reading
from games.uberdrakes.rules import flow
from games.uberdrakes.rules.board import board_for
from games.uberdrakes.rules.common import R_FIRST, R_ORDER, R_SETUP, draw_movement
from games.uberdrakes.rules.rulings import MULLIGAN
from games.uberdrakes.rules.state import Drake, Pending, UDState, decision_waiting


def initial_state(setup: Setup, dice, c) -> tuple[UDState, list[Event]]:
    """The match `setup` starts, on the catalog `c` (games/uberdrakes/rules/catalog.py)."""
    n = setup.players
    if not 2 <= n <= 6:
        raise ValueError("UberDrakes is for 3 to 6 players (2 as the Duel variant)")
    opts = dict(setup.options)
    board = board_for(c, setup.scenario or "standard")
    players = [Drake(i, f"Player {i + 1}", coins=c.economy.start_coins) for i in range(n)]
    rounds = int(opts.get("rounds", 3))
    if not 1 <= rounds <= 9:
        raise ValueError("rounds must be 1 to 9")
    state = UDState(board=board, catalog=c, options=opts, players=players, rounds=rounds)
    ev: list[Event] = []
    if "position" in opts:
        from games.uberdrakes.rules import position
        position.build(state, opts["position"], ev, dice)
        return state, ev
    state.movement_deck = c.movement_deck()
    dice.shuffle(state.movement_deck)
    state.treasure_deck = c.treasure_deck()
    dice.shuffle(state.treasure_deck)
    state.rider_deck = sorted(c.riders)
    dice.shuffle(state.rider_deck)
    size = state.catalog.economy.pickup_size
    for side in sorted(board.pickups):
        state.pickups[side] = [state.rider_deck.pop() for _ in range(size)]
    state.stock_deck = sorted(c.stock)
    dice.shuffle(state.stock_deck)
    ev.append(Event("ruling", "Riders waiting: " + "; ".join(
        f"{side}: {', '.join(c.riders[r].name for r in row)}" for side, row in sorted(state.pickups.items())),
        "uberdrakes.txt § Picking Up Riders"))
    if opts.get("dragons") == "random":
        ids = sorted(c.dragons)
        dice.shuffle(ids)
        for p in range(n):
            assign(state, p, ids[p], ev)
        begin(state, ev, dice)
    else:
        state.phase = "dragons"
        state.choosing = list(range(n))
        ev.append(Event("ruling", "Choose your dragons", R_SETUP))
    return state, ev


def assign(state: UDState, p: int, dragon: str, ev: list) -> None:
    d = state.players[p]
    d.dragon = dragon
    d.name = state.catalog.dragons[dragon].name
    ev.append(Event("ruling", f"Player {p + 1} plays the {d.name}", R_SETUP, data={"player": p, "dragon": dragon}))


def taken(state: UDState) -> set:
    return {d.dragon for d in state.players if d.dragon}


def choose(state: UDState, p: int, dragon: str, ev: list, dice) -> None:
    state.wants[p] = dragon
    state.choosing.remove(p)
    if state.choosing:
        return
    groups: dict[str, list[int]] = {}
    for q, want in sorted(state.wants.items()):
        groups.setdefault(want, []).append(q)
    state.wants = {}
    again: list[int] = []
    for dragon, who in groups.items():
        if len(who) == 1:
            assign(state, who[0], dragon, ev)
            continue
        ev.append(Event("ruling", f"{', '.join(f'Player {q + 1}' for q in who)} all want the "
                        f"{state.catalog.dragons[dragon].name}: they roll for first pick", R_SETUP))
        win = roll_off(state, who, 2, dice, ev, R_SETUP, "first pick")
        assign(state, win, dragon, ev)
        again.extend(q for q in who if q != win)
    if again:
        state.choosing = sorted(again)
        return
    begin(state, ev, dice)


def roll_off(state: UDState, who: list[int], n: int, dice, ev: list, rule: str, what: str) -> int:
    """Each rolls n dice; the tied highest roll one more die each, until one is highest."""
    todo = list(who)
    while True:
        res: dict[int, int] = {}
        faces: list[list[int]] = []
        for q in todo:
            f = dice.roll(6, n)
            faces.extend([6, v] for v in f)
            res[q] = sum(f)
        ev.append(Event("roll", f"Roll for {what}: " + ", ".join(f"Player {q + 1} {res[q]}" for q in todo), rule,
                        data={"dice": faces, "who": what}))
        best = max(res.values())
        top = [q for q in todo if res[q] == best]
        if len(top) == 1:
            return top[0]
        ev.append(Event("ruling", "Tied for the highest: those players roll another die", rule))
        todo = top
        n = 1


def begin(state: UDState, ev: list, dice) -> None:
    """Turn order, the deal, then the mulligans."""
    n = len(state.players)
    first = roll_off(state, list(range(n)), 2, dice, ev, R_ORDER, "turn order")
    state.order_first = first
    ev.append(Event("ruling", f"{state.players[first].name} goes first; play proceeds clockwise", R_ORDER,
                    data={"first": first}))
    order = [(first + i) % n for i in range(n)]
    for p in order:
        draw_movement(state, p, state.catalog.economy.hand_size, dice, ev, "the deal", R_FIRST)
    state.phase = "mulligan"
    state.choosing = order


def mulligan(state: UDState, p: int, cards: list | None, ev: list, dice) -> None:
    d = state.players[p]
    if not cards:
        state.choosing.remove(p)
        ev.append(Event("ruling", f"{d.name} keeps their hand", R_FIRST))
        after_mulligan(state, ev, dice)
        return
    for card in cards:
        d.hand.remove(card)
        state.movement_deck.insert(0, card)
    top = [state.movement_deck.pop(), state.movement_deck.pop()] if len(state.movement_deck) >= 2 else \
        [state.movement_deck.pop() for _ in range(len(state.movement_deck))]
    state.pending = Pending("mulligan_take", p, {"cards": top})
    ev.append(Event("reveal", f"{d.name} takes a mulligan: two cards to the bottom of the deck, looks at the top two",
                    R_FIRST, data={"player": p, "private": {"cards": top}}))


def mulligan_take(state: UDState, p: int, card: str, ev: list, dice) -> None:
    d = state.players[p]
    cards = list(decision_waiting(state).data["cards"])
    cards.remove(card)
    d.hand.append(card)
    d.hand.sort()
    for other in cards:
        state.movement_deck.append(other)
    state.pending = None
    state.choosing.remove(p)
    ev.append(Event("ruling", f"{d.name} keeps one card and puts the other back on top", R_FIRST))
    if reading(state, MULLIGAN.id) == "four_cards" and len(state.movement_deck) >= 2:
        extra = state.movement_deck.pop(-2)         # house ruling: the card beneath the one put back
        d.hand.append(extra)
        d.hand.sort()
        ev.append(Event("reveal", f"{d.name} also draws the card beneath it: four cards again (house ruling)",
                        R_FIRST, data={"player": p, "private": {"cards": [extra]}}))
    after_mulligan(state, ev, dice)


def after_mulligan(state: UDState, ev: list, dice) -> None:
    if state.choosing:
        return
    state.phase = "play"
    state.round = 1
    ev.append(Event("round", "Round 1 begins", R_FIRST, depth=0, data={"round": 1}))
    flow.deal_stock(state, dice, ev)
    flow.start_turn(state, state.order_first, ev, dice)
