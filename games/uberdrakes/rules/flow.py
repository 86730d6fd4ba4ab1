"""What happens next: turns, rounds and the end of the game, and the
rulings a turn's end and start queue (games/uberdrakes/rules/turn_loop.py
runs the queue).  uberdrakes.txt § Rounds and
Actions, § Turn Actions, § Starting the Next Round; The Endgame (lost:
docs/games/uberdrakes.md § The Endgame)."""
from __future__ import annotations

from engine.core.rules import Event
from engine.core.words import possessive
from games.uberdrakes.rules import combat, spaces
from games.uberdrakes.rules.common import (R_BATTLE_ROYALE, R_NEXT, R_ROUNDS, R_TURN, add_fatigue, draw_movement, heal, in_portal, rule_of_spell)
from games.uberdrakes.rules.ending import finish
from games.uberdrakes.rules.jobs import FinishTurn, Choice, StartTurnEffects
from games.uberdrakes.rules.state import Pending, UDState

R_ENDGAME = "docs/games/uberdrakes.md § The Endgame"   # the text's chapter was lost: our notes hold the Final Battle


# ---- turns -------------------------------------------------------------------------------------

def start_turn(state: UDState, p: int, ev: list, dice) -> None:
    state.active = p
    state.turn_count += 1
    state.actions_left = state.catalog.economy.actions_per_turn
    state.actions_taken = 0
    state.fought = ()
    state.skies = False
    state.shop = -1
    state.shop_remote = False
    state.shop_buys = 0
    state.shop_bought = ()
    state.shopped_at = ()
    state.fought_at = ()
    for x in state.players:
        x.spells_turn = frozenset()
    d = state.players[p]
    ev.append(Event("turn", f"{possessive(d.name)} turn (round {state.round})", R_TURN, depth=0, data={"player": p}))
    board = state.board
    if d.hex is None:
        start = board.spaces[board.start_village]
        d.hex = start.anchor
        d.facing = 0
        d.moved = False
        ev.append(Event("move", f"{d.name} takes off from {start.name}", "uberdrakes.txt § Starting the First Round",
                        data={"player": p, "path": [list(d.hex)]}))
    if d.camouflaged:
        d.camouflaged = False
        ev.append(Event("ruling", f"{possessive(d.name)} camouflage ends", rule_of_spell(state.catalog, "camouflage")))
    if d.hailstorm:
        d.hailstorm = False
        for o in combat.opponents_from(state, p):
            e = state.players[o]
            if e.hex is None or in_portal(state, e) or board.kind(e.hex) == "cave":
                continue
            add_fatigue(state, o, 1, ev, "Hailstorm", rule_of_spell(state.catalog, "hailstorm"))
    if d.regrowth:
        d.regrowth = False
        heal(state, p, 1, ev, "Regrowth", rule_of_spell(state.catalog, "regrowth"))
    if state.sandstorm and state.sandstorm[2] == p:
        v, tokens, caster = state.sandstorm
        tokens -= 1
        if tokens <= 0:
            state.sandstorm = ()
            ev.append(Event("ruling", f"The Sandstorm over {board.spaces[v].name} clears", rule_of_spell(state.catalog, "sandstorm")))
        else:
            state.sandstorm = (v, tokens, caster)
    if d.roost_next == "village":
        state.jobs.append(StartTurnEffects(p))


def end_turn(state: UDState, roost: bool, ev: list, dice) -> None:
    """The active player ends their turn (and roosts, or not)."""
    p = state.active
    d = state.players[p]
    state.shop = -1
    if state.skies and d.hex is not None and not state.board.shared[d.hex] and any(
            e.hex == d.hex for e in state.players if e.index != p):
        from games.uberdrakes.rules import movement
        blocked = movement.blockers(state, p)
        spots = [n for n in movement.neighbours_any(state.board, d.hex) if n not in blocked]
        if spots:
            state.pending = Pending("skies_land", p, {"roost": roost})
            state.jobs.insert(0, FinishTurn(roost))
            ev.append(Event("ruling", f"{d.name} ends the turn on an opponent's space and must move to an "
                            "unoccupied space next to it", rule_of_spell(state.catalog, "take_to_the_skies")))
            return
    finish_turn(state, roost, ev, dice)


def finish_turn(state: UDState, roost: bool, ev: list, dice) -> None:
    p = state.active
    d = state.players[p]
    state.skies = False
    if d.supercharge > 0:
        d.supercharge -= 1
        if d.supercharge == 0:
            ev.append(Event("ruling", f"{possessive(d.name)} Supercharge ends", rule_of_spell(state.catalog, "supercharge")))
    if d.mask is not None:
        assert d.dragon is not None, "only a dragon in play wears the Elemental Mask"
        d.mask_turns -= 1
        if d.mask_turns <= 0:
            ev.append(Event("ruling", f"{d.name} is a {state.catalog.dragons[d.dragon].name} again",
                            "uberdrakes.txt § Elemental Mask"))
            d.mask = None
            d.mask_ultimate_used = False
    if roost:
        d.roosted = True
        state.last_roost = p
        ev.append(Event("ruling", f"{d.name} roosts for the round", R_ROUNDS, data={"player": p}))
        spaces.roost(state, p, ev)
    nxt = next_player(state, p)
    if nxt is None:
        end_round(state, ev, dice)
    else:
        start_turn(state, nxt, ev, dice)


def next_player(state: UDState, p: int) -> int | None:
    n = len(state.players)
    for i in range(1, n + 1):
        q = (p + i) % n
        if not state.players[q].roosted:
            return q
    return None


# ---- rounds -----------------------------------------------------------------------------------

def end_round(state: UDState, ev: list, dice) -> None:
    ev.append(Event("round", f"Round {state.round} ends: every dragon has roosted", R_ROUNDS, depth=0))
    if state.round >= state.rounds:
        endgame(state, ev, dice)
        return
    state.round += 1
    e = state.catalog.economy
    ev.append(Event("round", f"Round {state.round} begins", R_NEXT, depth=0, data={"round": state.round}))
    n = len(state.players)
    first = (state.last_roost + 1) % n
    order = [(first + i) % n for i in range(n)]
    for p in order:
        d = state.players[p]
        d.roosted = False
        d.coins += len(d.used)          # the coins on the general movement icons come back
        d.used = ()
        d.cave_visited = False
        extra = e.village_roost_heal if d.roost_next == "village" else 0
        heal(state, p, e.round_heal + extra, ev, "a new round" + (" after roosting in a village" if extra else ""),
             R_NEXT)
        state.movement_discard.extend(d.played)
        d.played = []
        need = e.hand_size - len(d.hand)
        if need > 0:
            draw_movement(state, p, need, dice, ev, "a new round", R_NEXT)
        spaces.round_start_roost(state, p, ev, dice)
    deal_stock(state, dice, ev)
    for p in order:       # roosted on a pickup space: choose any rider now (§ Dragon Rider Pickup)
        d = state.players[p]
        if d.roost_next == "pickup":
            d.roost_next = ""
            if d.rider is None and (any(state.pickups.values()) or state.rider_deck):
                state.jobs.append(Choice("pick_rider", p, {"side": None}))
    start_turn(state, first, ev, dice)


def deal_stock(state: UDState, dice, ev: list) -> None:
    """Each village shows a new stock card (§ Buying Items)."""
    for v in state.board.villages:
        old = state.stock.pop(v, None)
        if old is not None:
            state.stock_discard.append(old)
    for v in state.board.villages:
        if not state.stock_deck:
            state.stock_deck = state.stock_discard
            state.stock_discard = []
            dice.shuffle(state.stock_deck)
        state.stock[v] = state.stock_deck.pop()
    ev.append(Event("ruling", "Village stock: " + "; ".join(
        f"{state.board.spaces[v].name}: {', '.join(spaces.offers_text(state, v))}" for v in state.board.villages),
        "uberdrakes.txt § Buying Items"))


# ---- the end -----------------------------------------------------------------------------------

def endgame(state: UDState, ev: list, dice) -> None:
    best = max(d.vp for d in state.players)
    leaders = [d.index for d in state.players if d.vp == best]
    if len(leaders) == 1:
        d = state.players[leaders[0]]
        finish(state, (d.index,), f"{d.name} wins with {best} victory points", R_BATTLE_ROYALE, ev)
        return
    ev.append(Event("ruling", "A tie for the most victory points: the Final Battle", R_ENDGAME, depth=0))
    for d in state.players:
        if d.roost_next == "treasure":
            spaces.round_start_roost(state, d.index, ev, dice)
    n = len(state.players)
    first = (state.last_roost + 1) % n
    order = [(first + i) % n for i in range(n) if (first + i) % n in leaders]
    state.phase = "final"
    state.champion = order[0]
    state.final_order = order[1:]
    next_final(state, ev, dice)


def next_final(state: UDState, ev: list, dice) -> None:
    challenger = state.final_order.pop(0)
    state.active = challenger
    combat.start(state, challenger, state.champion, "final", False, ev, dice)


def final_battle_result(state: UDState, winner: int, loser: int, ev: list, dice) -> None:
    state.champion = winner
    if state.final_order:
        next_final(state, ev, dice)
        return
    d = state.players[winner]
    finish(state, (winner,), f"{d.name} wins the Final Battle", R_ENDGAME, ev)
