"""What spaces do when a dragon lands or roosts on them (uberdrakes.txt
§ Spaces, § Space Effects), and riders: pickup, delivery, rewards
(§ Dragon Riders, § Picking Up Riders, § Delivering Riders)."""
from __future__ import annotations

from engine.core.rules import Event
from engine.core.rulings import reading
from engine.core.words import a_or_an
from games.uberdrakes.rules.common import (R_CAVE, R_CHEST, R_DELIVER, R_DESERT, R_ELEMENT, R_MAGIC_SPACE, R_MOUNTAIN,
                                     R_PICKING, R_PICKUP, R_PORTAL, R_RIDER_CARDS, R_VILLAGE, draw_movement,
                                     draw_treasure, element_of, gain_hoard_item, heal)
from games.uberdrakes.rules.ending import check_instant_win
from games.uberdrakes.rules.rulings import CAVE_COINS
from games.uberdrakes.rules.state import Pending, UDState, placed


def land(state: UDState, p: int, ev: list, dice) -> None:
    """The effect of the space p's dragon landed on during its own turn."""
    d = state.players[p]
    board = state.board
    sp = board.spaces[board.space_of[placed(d)]]
    k = sp.kind
    if k == "magic":
        d.magic += state.catalog.economy.magic_land
        ev.append(Event("ruling", f"{d.name} gains {state.catalog.economy.magic_land} magic ({d.magic})", R_MAGIC_SPACE))
    elif k == "treasure":
        draw_treasure(state, p, dice, ev, "treasure chest", R_CHEST)
    elif k == "element":
        if sp.element == element_of(state.catalog, d):
            heal(state, p, 1, ev, "own element space", R_ELEMENT)
        if d.rider is not None and state.catalog.riders[d.rider].element == sp.element:
            if d.portaled:
                deliver(state, p, ev, dice)
            else:
                ev.append(Event("ruling", f"The {state.catalog.riders[d.rider].name} must be carried through the portal "
                                "before being dropped off", R_DELIVER))
    elif k == "village":
        open_shop(state, p, sp.sid, ev)
    elif k == "pickup":
        offer_pickup(state, p, sp.side, ev)
    elif k == "cave":
        if not d.cave_visited:
            d.cave_visited = True
            if reading(state, CAVE_COINS.id) == "three":        # house ruling: the space table's 3
                d.coins += 3
                ev.append(Event("ruling", f"{d.name} finds 3 coins in the caves (house ruling: the space "
                                "table's \"Gain 3 coins\")", R_CAVE))
            else:
                n = dice.roll(state.catalog.economy.cave_die, 1)[0]
                d.coins += n
                ev.append(Event("roll", f"{d.name} finds {n} coin{'s' if n != 1 else ''} in the caves", R_CAVE,
                                data={"dice": [[state.catalog.economy.cave_die, n]], "player": p}))
        else:
            ev.append(Event("ruling", "The caves give coins only the first time each round", R_CAVE))
    elif k == "portal":
        if d.fatigue < state.catalog.economy.max_fatigue:
            state.pending = Pending("portal", p, {"hex": d.hex})
        else:
            ev.append(Event("ruling", f"{d.name} has {state.catalog.economy.max_fatigue} fatigue and cannot travel through the portal",
                            R_PORTAL))


def open_shop(state: UDState, p: int, village: int, ev: list, remote: bool = False) -> None:
    board = state.board
    name = board.spaces[village].name
    if state.sandstorm and state.sandstorm[0] == village:
        ev.append(Event("ruling", f"{name} is engulfed in the Sandstorm: no buying or selling",
                        "uberdrakes.txt § Sandstorm"))
        return
    if village in state.fought_at:
        ev.append(Event("ruling", f"{state.players[p].name} fought in {name} this turn: no buying or selling "
                        "there", R_VILLAGE))
        return
    if state.shop != village:
        state.shop = village
        state.shop_remote = remote
        state.shop_buys = 0
        state.shop_bought = ()
    ev.append(Event("ruling", f"{name} is open for trade: " + ", ".join(offers_text(state, village)), R_VILLAGE))


def offers(state: UDState, village: int) -> list[str]:
    stock = state.catalog.stock[state.stock[village]].offers if village in state.stock else []
    out = list(stock)
    if state.round >= 2 and "rest_potion" not in out:
        out.append("rest_potion")
    return out


def offers_text(state: UDState, village: int) -> list[str]:
    items = state.catalog.items
    return [("Treasure" if o == "treasure" else items[o].name) + f" ({price(state.catalog, o)})" for o in offers(state, village)]


def price(cat, o: str) -> int:
    return cat.economy.treasure_price if o == "treasure" else cat.items[o].price


def offer_pickup(state: UDState, p: int, side: str, ev: list) -> None:
    d = state.players[p]
    if d.rider is not None:
        ev.append(Event("ruling", f"{d.name} already carries a rider and passes through", R_PICKUP))
        return
    if not state.pickups.get(side):
        ev.append(Event("ruling", "No riders wait here", R_PICKUP))
        return
    state.pending = Pending("pick_rider", p, {"side": side})


def pick_rider(state: UDState, p: int, rider: str | None, ev: list, dice, side: str | None) -> None:
    """Take `rider` from the pickup `side` (or, after roosting on a pickup
    space, from either side or the deck: side None)."""
    d = state.players[p]
    state.pending = None
    if rider is None:
        ev.append(Event("ruling", f"{d.name} picks up no rider", R_PICKING))
        return
    riders = state.catalog.riders
    where = None
    arrival = []            # the replacement is told after the pickup (it read the other way round)
    for s, row in state.pickups.items():
        if (side is None or s == side) and rider in row:
            where = s
            row.remove(rider)
            break
    if where is None:
        state.rider_deck.remove(rider)
        dice.shuffle(state.rider_deck)
        ev.append(Event("reveal", f"{d.name} searches the rider deck and takes the {riders[rider].name}; the deck is "
                        "shuffled", R_PICKUP, data={"player": p}))
    else:
        if state.rider_deck:
            new = state.rider_deck.pop()
            state.pickups[where].append(new)
            arrival.append(Event("reveal", f"The {riders[new].name} arrives at the {where} pickup", R_PICKING,
                                 data={"rider": new}))
    d.rider = rider
    d.portaled = False
    r = riders[rider]
    ev.append(Event("ruling", f"{d.name} picks up the {r.name}, bound for {a_or_an(state.catalog.elements[r.element].name)} space",
                    R_PICKING, data={"player": p, "rider": rider}))
    ev.extend(arrival)


def deliver(state: UDState, p: int, ev: list, dice) -> None:
    d = state.players[p]
    rider = d.rider
    assert rider is not None, "only a dragon carrying a rider delivers"
    r = state.catalog.riders[rider]
    d.rider = None
    d.portaled = False
    d.delivered.append(rider)
    d.vp += 1
    ev.append(Event("ruling", f"{d.name} drops off the {r.name}: 1 victory point ({d.vp})", R_DELIVER,
                    data={"player": p, "rider": rider, "vp": d.vp}))
    reward(state, p, r.cls, ev, dice)
    if check_instant_win(state, ev):
        return
    state.pending = Pending("deliver_village", p, {})


def reward(state: UDState, p: int, cls: str, ev: list, dice) -> None:
    d = state.players[p]
    rc = state.catalog.rider_classes[cls]
    rw = rc.reward
    if rw.kind == "item":
        assert rw.item is not None, "the catalog makes an item reward name its item"
        if gain_hoard_item(d, rw.item):
            ev.append(Event("ruling", f"Reward: a {state.catalog.items[rw.item].name}", R_RIDER_CARDS))
        else:
            n = state.catalog.economy.reward_fallback_coins
            d.coins += n
            ev.append(Event("ruling", f"Reward: {d.name} already carries a {state.catalog.items[rw.item].name}, so "
                            f"{n} coins instead", R_RIDER_CARDS))
    elif rw.kind == "magic":
        d.magic += rw.amount
        ev.append(Event("ruling", f"Reward: {rw.amount} magic", R_RIDER_CARDS))
    elif rw.kind == "coins":
        d.coins += rw.amount
        ev.append(Event("ruling", f"Reward: {rw.amount} coins", R_RIDER_CARDS))
    elif rw.kind == "movement":
        draw_movement(state, p, rw.amount, dice, ev, "rider reward", R_RIDER_CARDS)
    elif rw.kind == "treasure":
        for _ in range(rw.amount):
            draw_treasure(state, p, dice, ev, "rider reward", R_RIDER_CARDS)


# ---- roosting ----------------------------------------------------------------------------

def roost(state: UDState, p: int, ev: list) -> None:
    """Immediate roost effects; the deferred ones are remembered for the
    next round (roost_next).  § Space Effects: On Roost."""
    d = state.players[p]
    board = state.board
    sp = board.spaces[board.space_of[d.hex]] if d.hex is not None else None
    k = sp.kind if sp else ""
    e = state.catalog.economy
    d.roost_next = ""
    if k == "desert":
        d.coins += e.desert_roost_coins
        ev.append(Event("ruling", f"Roosting in the desert: +{e.desert_roost_coins} coins", R_DESERT))
    elif k == "magic":
        d.magic += e.magic_roost
        ev.append(Event("ruling", f"Roosting on a magic space: +{e.magic_roost} magic", R_MAGIC_SPACE))
    elif k == "mountain":
        d.rage += 1
        ev.append(Event("ruling", f"Roosting on a mountain: a permanent rage level ({d.rage})", R_MOUNTAIN))
    elif k == "element":
        assert sp is not None              # its kind was read from it
        if sp.element == element_of(state.catalog, d):
            heal(state, p, d.fatigue, ev, "roosting on own element", R_ELEMENT)
    elif k in ("village", "pickup", "treasure", "cave"):
        d.roost_next = k
        what = {"village": "an extra point of healing and first choice of the new stock next round",
                "pickup": "the choice of any rider at the start of the next round",
                "treasure": "a treasure card at the start of the next round",
                "cave": f"{e.cave_roost_coins} coins at the start of the next round"}[k]
        rule = {"village": R_VILLAGE, "pickup": R_PICKUP, "treasure": R_CHEST, "cave": R_CAVE}[k]
        ev.append(Event("ruling", f"Roosting here gives {what}", rule))
    elif k == "portal":
        ev.append(Event("ruling", "Roosting in the portal has no effect", R_PORTAL))


def round_start_roost(state: UDState, p: int, ev: list, dice) -> None:
    """Deferred roost effects at the start of the next round (the village
    shop and the rider choice wait for the player's first turn)."""
    d = state.players[p]
    if d.roost_next == "treasure":
        draw_treasure(state, p, dice, ev, "roosted on a treasure chest", R_CHEST)
        d.roost_next = ""
    elif d.roost_next == "cave":
        d.coins += state.catalog.economy.cave_roost_coins
        ev.append(Event("ruling", f"{d.name} gains {state.catalog.economy.cave_roost_coins} coins from roosting in the caves", R_CAVE))
        d.roost_next = ""


def first_turn_roost(state: UDState, p: int, ev: list) -> None:
    d = state.players[p]
    k = d.roost_next
    d.roost_next = ""
    if k == "village" and d.hex is not None and state.board.kind(d.hex) == "village":
        open_shop(state, p, state.board.space_of[d.hex], ev)


__all__ = ["land", "roost", "pick_rider", "deliver"]
