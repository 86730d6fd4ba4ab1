"""Items, equipment and villages: using items as actions, equipping,
buying and selling.  uberdrakes.txt § Items, § Hoard Items, § Buying Items,
§ Treasures, § Equipment, § Item List."""
from __future__ import annotations

from engine.hex import grid as hexgrid
from engine.core.actions import Action
from engine.core.rules import Event
from games.uberdrakes.rules import movement, spaces
from games.uberdrakes.rules.board import hex_label
from games.uberdrakes.rules.common import (R_BUY, R_EQUIP, R_GEMS, R_ITEMS, R_VILLAGE, draw_treasure, has_item, heal, in_portal, rule_of_item, spend_item)
from games.uberdrakes.rules.jobs import Fight, Land, ZoneOfControl, after_move
from games.uberdrakes.rules.state import Pending, UDState, decision_waiting, placed

ACTION_ITEMS = ("rest_potion", "ancient_urn", "invigorating_potion", "monks_handbook", "blink_scroll",
                "merchants_portal", "warp_scroll", "dimensional_gem", "elemental_mask")


# ---- using items ------------------------------------------------------------------------

def warp_spots(state: UDState, p: int, o: int) -> list:
    """Where a Warp Scroll may put p to attack o."""
    board = state.board
    at = placed(state.players[o])
    if board.large_hex[at]:
        return [at]
    blocked = movement.blockers(state, p)
    d = state.players[p]
    return [h for h in board.zoc[at] if h not in blocked or h == d.hex]


def target_ok(state: UDState, p: int, o: int, item: str) -> bool:
    d = state.players
    e = d[o]
    if o == p or e.hex is None:
        return False
    if item == "warp_scroll":
        return not in_portal(state, e) and not e.camouflaged and o not in state.fought
    if item == "dimensional_gem":
        return not e.camouflaged
    if item == "elemental_mask":
        return e.dragon != d[p].dragon
    return False


def options(state: UDState, p: int, only: str | None = None) -> list[Action]:
    d = state.players[p]
    if in_portal(state, d):
        return []
    out: list[Action] = []
    board = state.board
    for it in ACTION_ITEMS:
        if (only is not None and it != only) or not has_item(d, it):
            continue
        if it in ("rest_potion", "invigorating_potion"):
            if d.fatigue > 0:
                out.append(Action.make("item", p, item=it))
        elif it in ("ancient_urn", "monks_handbook"):
            if it == "ancient_urn" or state.movement_deck or state.movement_discard:
                out.append(Action.make("item", p, item=it))
        elif it == "blink_scroll":
            blocked = movement.blockers(state, p)
            for t in movement.neighbours_any(board, d.hex):
                if t in blocked:
                    continue
                a = board.anchor_of[t]
                if board.large_hex[a]:
                    out.append(Action.make("item", p, item=it, to=a, facing=0))
                else:
                    out.extend(Action.make("item", p, item=it, to=a, facing=f) for f in range(6))
        elif it == "merchants_portal":
            for v in board.villages:
                if state.sandstorm and state.sandstorm[0] == v:
                    continue
                if board.space_of[placed(d)] != v:
                    out.append(Action.make("item", p, item=it, village=v, mode="teleport"))
                out.append(Action.make("item", p, item=it, village=v, mode="shop"))
        elif it == "warp_scroll":
            for o in range(len(state.players)):
                if target_ok(state, p, o, it):
                    out.extend(Action.make("item", p, item=it, target=o, to=h) for h in warp_spots(state, p, o))
        elif it == "dimensional_gem":
            for o in range(len(state.players)):
                if target_ok(state, p, o, it):
                    if board.large_hex[placed(d)] and not board.large_hex[placed(state.players[o])]:
                        # leaving a large space the user chooses its facing
                        out.extend(Action.make("item", p, item=it, target=o, facing=f) for f in range(6))
                    else:
                        out.append(Action.make("item", p, item=it, target=o))
        elif it == "elemental_mask":
            out.extend(Action.make("item", p, item=it, target=o) for o in range(len(state.players))
                       if target_ok(state, p, o, it))
    return out


def problem(state: UDState, a: Action) -> tuple | None:
    p = a.player
    d = state.players[p]
    it = a.get("item")
    if it not in state.catalog.items:
        return (f"Unknown item {it!r}.", R_ITEMS)
    if it not in ACTION_ITEMS:
        use = state.catalog.items[it].use
        when = {"counter": "during the counterattack phase of combat", "precombat": "at the beginning of combat",
                "damage": "during the damage phase of combat", "attack": "to start a ranged attack (shoot)",
                "passive": "once equipped", "sell": "by selling it in a village"}.get(use, "otherwise")
        if it == "rocket_booster":
            when = "as a movement (move how=booster)"
        return (f"The {state.catalog.items[it].name} is used {when}.", rule_of_item(state.catalog, it))
    if not has_item(d, it):
        return (f"You don't have a {state.catalog.items[it].name}.", R_ITEMS)
    if in_portal(state, d):
        return ("Players can't use items while in the portal.", "uberdrakes.txt § Portals")
    if it in ("rest_potion", "invigorating_potion") and d.fatigue == 0:
        return ("You have no fatigue to heal.", rule_of_item(state.catalog, it))
    if a not in options(state, p, it):
        if it in ("warp_scroll", "dimensional_gem", "elemental_mask"):
            o = a.get("target")
            if isinstance(o, int) and 0 <= o < len(state.players) and target_ok(state, p, o, it) and it == "warp_scroll":
                return ("Warp into the target's zone of control (or its large space), onto a free space.",
                        rule_of_item(state.catalog, it))
            return ("Not a valid target for this item.", rule_of_item(state.catalog, it))
        if it == "merchants_portal" and state.sandstorm and a.get("village") == state.sandstorm[0]:
            return ("A village shut down by the Sandstorm can't be summoned.", rule_of_item(state.catalog, it))
        return (f"The {state.catalog.items[it].name} can't do that.", rule_of_item(state.catalog, it))
    return None


def apply(state: UDState, a: Action, ev: list, dice) -> None:
    p = a.player
    d = state.players[p]
    it = a["item"]
    board = state.board
    rule = rule_of_item(state.catalog, it)
    spend_item(state, p, it)
    nm = state.catalog.items[it].name
    ev.append(Event("item", f"{d.name} uses a {nm}", rule, data={"player": p, "item": it}))
    if it == "rest_potion":
        heal(state, p, 1, ev, nm, rule)
    elif it == "invigorating_potion":
        heal(state, p, d.fatigue, ev, nm, rule)
    elif it == "ancient_urn":
        n = dice.roll(6, 1)[0]
        d.magic += n
        ev.append(Event("roll", f"The urn holds {n} magic token{'s' if n != 1 else ''}", rule,
                        data={"dice": [[6, n]], "player": p}))
    elif it == "monks_handbook":
        from games.uberdrakes.rules.common import R_CARDS
        if len(state.movement_deck) < 2 and state.movement_discard:
            state.movement_deck = state.movement_discard + state.movement_deck
            state.movement_discard = []
            dice.shuffle(state.movement_deck)
            ev.append(Event("ruling", "The movement discard pile is shuffled into a new deck", R_CARDS))
        top = [state.movement_deck.pop() for _ in range(min(2, len(state.movement_deck)))]
        state.pending = Pending("handbook", p, {"cards": top})
        ev.append(Event("reveal", f"{d.name} looks at the top {len(top)} movement cards", rule,
                        data={"player": p, "private": {"cards": top}}))
    elif it == "blink_scroll":
        to = tuple(a["to"])
        movement.arrive(state, p, to, a["facing"], ev, f"{d.name} blinks to {hex_label(to)}", rule)
        after_move(state, p, space_first=True)
    elif it == "merchants_portal":
        v = a["village"]
        if a["mode"] == "teleport":
            sp = board.spaces[v]
            movement.arrive(state, p, sp.anchor, d.facing, ev, f"{d.name} steps through to {sp.name}", rule)
            after_move(state, p)
        else:
            spaces.open_shop(state, p, v, ev, remote=True)
    elif it == "warp_scroll":
        o = a["target"]
        to = tuple(a["to"])
        e = state.players[o]
        facing = 0 if board.large_hex[to] else hexgrid.direction_to(to, e.hex)
        movement.arrive(state, p, to, facing, ev, f"{d.name} warps to {hex_label(to)}", rule)
        state.jobs[0:0] = [Fight(p, o, "warp"), ZoneOfControl(p), Land(p, placed(d))]
    elif it == "dimensional_gem":
        o = a["target"]
        e = state.players[o]
        h1, f1, h2, f2 = d.hex, d.facing, e.hex, e.facing
        movement.arrive(state, p, h2, a.get("facing", f2), ev, f"{d.name} trades places with {e.name}", rule)
        movement.arrive(state, o, h1, f1, ev, f"{e.name} appears at {hex_label(h1)}", rule)
        after_move(state, p)
    elif it == "elemental_mask":
        o = a["target"]
        e = state.players[o]
        d.mask = e.dragon
        d.mask_turns = state.catalog.economy.mask_turns
        d.mask_ultimate_used = False
        ev.append(Event("ruling", f"{d.name} transforms into the {state.catalog.dragons[e.dragon].name} for "
                        f"{state.catalog.economy.mask_turns} turns", rule))


def handbook_options(state: UDState, p: int) -> list[Action]:
    cards = decision_waiting(state).data["cards"]
    if len(cards) == 1:
        return [Action.make("handbook", p, take=cards[0], other="none")]
    out = []
    for c in sorted(set(cards)):
        out.append(Action.make("handbook", p, take=c, other="top"))
        out.append(Action.make("handbook", p, take=c, other="bottom"))
    return out


def handbook(state: UDState, a: Action, ev: list, dice) -> None:
    p = a.player
    d = state.players[p]
    cards = list(decision_waiting(state).data["cards"])
    cards.remove(a["take"])
    d.hand.append(a["take"])
    d.hand.sort()
    for c in cards:
        if a["other"] == "bottom":
            state.movement_deck.insert(0, c)
        else:
            state.movement_deck.append(c)
    state.pending = None
    ev.append(Event("ruling", f"{d.name} keeps one card" + (f" and puts the other on the {a['other']} of the deck"
                                                           if cards else ""), rule_of_item(state.catalog, "monks_handbook")))


# ---- equipment ------------------------------------------------------------------------------

def equip_options(state: UDState, p: int) -> list[Action]:
    d = state.players[p]
    items = state.catalog.items
    return [Action.make("equip", p, item=t) for t in sorted(set(d.treasures)) if items[t].equip is not None]


def equip(state: UDState, a: Action, ev: list) -> None:
    d = state.players[a.player]
    it = a["item"]
    d.treasures.remove(it)
    if d.equipped:
        d.treasures.append(d.equipped)
        d.treasures.sort()
    d.equipped = it
    ev.append(Event("item", f"{d.name} equips the {state.catalog.items[it].name}", R_EQUIP))


# ---- villages -------------------------------------------------------------------------------

def shop_options(state: UDState, p: int) -> list[Action]:
    if state.shop < 0 or state.active != p:
        return []
    d = state.players[p]
    out = []
    if state.shop_buys < state.catalog.economy.purchases_per_visit:
        for o in spaces.offers(state, state.shop):
            if spaces.price(state.catalog, o) > d.coins:
                continue
            if o == "treasure":
                if state.treasure_deck or state.treasure_discard:
                    out.append(Action.make("buy", p, item=o))
            elif o not in d.items and o not in state.shop_bought:
                out.append(Action.make("buy", p, item=o))
    items = state.catalog.items
    out.extend(Action.make("sell", p, item=t) for t in sorted(set(d.treasures)) if items[t].sell)
    return out


def buy_problem(state: UDState, a: Action) -> tuple | None:
    p = a.player
    d = state.players[p]
    if state.shop < 0:
        return ("Buying and selling happen in a village you landed on this turn.", R_VILLAGE)
    o = a.get("item")
    offers = spaces.offers(state, state.shop)
    if a.kind == "sell":
        if o not in d.treasures:
            return ("You have no such treasure to sell.", R_GEMS)
        if not state.catalog.items[o].sell:
            return (f"Villages don't buy the {state.catalog.items[o].name}.", R_GEMS)
        return None
    if o not in offers:
        return (f"{state.board.spaces[state.shop].name} doesn't sell that this round.", R_BUY)
    if state.shop_buys >= state.catalog.economy.purchases_per_visit:
        return (f"You can buy up to {state.catalog.economy.purchases_per_visit} items each time you visit a village.",
                "uberdrakes.txt § Hoard Items")
    if spaces.price(state.catalog, o) > d.coins:
        return (f"That costs {spaces.price(state.catalog, o)} coins; you have {d.coins}.", R_BUY)
    if o != "treasure":
        if o in d.items:
            return ("You can only carry one of each hoard item.", R_BUY)
        if o in state.shop_bought:
            return ("Up to one of each item the village has for sale.", R_BUY)
    elif not state.treasure_deck and not state.treasure_discard:
        return ("The treasure deck is empty.", R_BUY)
    return None


def buy(state: UDState, a: Action, ev: list, dice) -> None:
    p = a.player
    d = state.players[p]
    o = a["item"]
    cost = spaces.price(state.catalog, o)
    d.coins -= cost
    state.shop_buys += 1
    if state.shop not in state.shopped_at:
        state.shopped_at = state.shopped_at + (state.shop,)
    if o == "treasure":
        ev.append(Event("item", f"{d.name} buys a treasure card for {cost} coins", R_BUY))
        draw_treasure(state, p, dice, ev, "bought", R_BUY)
    else:
        d.items = d.items | {o}
        state.shop_bought = state.shop_bought + (o,)
        ev.append(Event("item", f"{d.name} buys a {state.catalog.items[o].name} for {cost} coins", R_BUY,
                        data={"player": p, "item": o}))


def sell(state: UDState, a: Action, ev: list) -> None:
    p = a.player
    d = state.players[p]
    o = a["item"]
    d.treasures.remove(o)
    state.treasure_discard.append(o)
    v = state.catalog.items[o].sell
    assert v is not None, "only gemstones are sold (the catalog gives each a sell value)"
    d.coins += v
    if state.shop not in state.shopped_at:
        state.shopped_at = state.shopped_at + (state.shop,)
    ev.append(Event("item", f"{d.name} sells a {state.catalog.items[o].name} for {v} coins", R_GEMS))


__all__ = ["options", "problem", "apply"]
