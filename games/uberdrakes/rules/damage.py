"""The damage a combat winner deals (uberdrakes.txt § Phase 4 - Damage; the
list was lost: data/uberdrakes/damage.yaml, docs/games/uberdrakes.md).

Each instance of damage is one choice: exhaust (1 fatigue), shove (one
space), spin (turn), plunder (coins), or a damage item or spell the winner
holds: Hookshot, Alchemist's Fire, Deep Freeze.
"""
from __future__ import annotations

from engine.core.actions import Action
from engine.core.rules import Event
from engine.core.words import possessive
from games.uberdrakes.rules import movement
from games.uberdrakes.rules.board import place_name
from games.uberdrakes.rules.common import (R_DAMAGE, add_fatigue, can_cast, has_item, pay_spell, rule_of_item,
                                     rule_of_spell, spells_of, spend_item)
from games.uberdrakes.rules.state import UDState, combat_under_way, placed

DIR_NAMES = ("E", "SE", "SW", "W", "NW", "NE")


def shove_targets(state: UDState, loser: int) -> list:
    L = state.players[loser]
    board = state.board
    blocked = movement.blockers(state, loser)
    out = []
    here = placed(L)
    for t in movement.neighbours_any(board, here):
        if t in blocked:
            continue
        a = board.anchor_of[t]
        if a not in out and board.space_of[a] != board.space_of[here]:
            out.append(a)
    return out


def options(state: UDState) -> list[Action]:
    """Every damage choice open to the winner now."""
    c = combat_under_way(state)
    w = c.sides[c.winner]
    loser = c.sides[1 - c.winner]
    W, L = state.players[w], state.players[loser]
    out = [Action.make("damage", w, effect="exhaust")]
    for t in shove_targets(state, loser):
        out.append(Action.make("damage", w, effect="shove", to=t))
    if not state.board.large_hex[L.hex]:
        out.extend(Action.make("damage", w, effect="spin", facing=f) for f in range(6) if f != L.facing)
    if L.coins > 0:
        out.append(Action.make("damage", w, effect="plunder"))
    if has_item(W, "hookshot"):
        for it in sorted(L.items):
            if it not in W.items:
                out.append(Action.make("damage", w, effect="hookshot", item=it))
        if L.treasures:
            out.append(Action.make("damage", w, effect="hookshot", item="treasure"))
    if has_item(W, "alchemists_fire"):
        out.append(Action.make("damage", w, effect="alchemists_fire"))
    if L.hand and any(s.id == "deep_freeze" for s in spells_of(state.catalog, W)) and can_cast(state, W, "deep_freeze") is None:
        out.append(Action.make("damage", w, effect="deep_freeze"))
    return out


def problem(state: UDState, a: Action) -> tuple | None:
    if a not in options(state):
        eff = a.get("effect")
        if eff not in ("exhaust", "shove", "spin", "plunder", "hookshot", "alchemists_fire", "deep_freeze"):
            return (f"Unknown damage {eff!r}: exhaust, shove, spin, plunder, or a damage item or spell.", R_DAMAGE)
        if eff == "shove":
            return ("The loser can only be shoved one space, onto a space it could enter.", R_DAMAGE)
        if eff == "hookshot":
            return ("Hookshot: steal a hoard item you don't carry yet, or a random treasure card "
                    "(you need a Hookshot).", rule_of_item(state.catalog, "hookshot"))
        return ("That damage is not open to you now.", R_DAMAGE)
    return None


def apply(state: UDState, a: Action, ev: list, dice) -> None:
    from games.uberdrakes.rules import combat
    c = combat_under_way(state)
    w = a.player
    loser = c.sides[1 - c.winner]
    W, L = state.players[w], state.players[loser]
    eff = a["effect"]
    i = c.side(w)
    if eff == "exhaust":
        add_fatigue(state, loser, 1, ev, "combat damage", R_DAMAGE)
    elif eff == "shove":
        to = tuple(a["to"])
        movement.arrive(state, loser, to, L.facing, ev, f"{W.name} shoves {L.name} to {place_name(state.board, to)}", R_DAMAGE)
    elif eff == "spin":
        L.facing = a["facing"]
        ev.append(Event("ruling", f"{W.name} spins {L.name} to face {DIR_NAMES[a['facing']]}", R_DAMAGE,
                        data={"player": loser, "facing": a["facing"]}))
    elif eff == "plunder":
        n = min(state.catalog.damage["plunder"].amount, L.coins)
        L.coins -= n
        W.coins += n
        ev.append(Event("ruling", f"{W.name} plunders {n} coin{'s' if n != 1 else ''} from {L.name}", R_DAMAGE))
    elif eff == "hookshot":
        if not combat._item_destroyed(state, i, "hookshot", ev):
            spend_item(state, w, "hookshot")
            what = a["item"]
            if what == "treasure":
                k = dice.choice_index(len(L.treasures))
                t = L.treasures.pop(k)
                W.treasures.append(t)
                W.treasures.sort()
                ev.append(Event("reveal", f"{W.name} hooks a random treasure card from {L.name}",
                                rule_of_item(state.catalog, "hookshot"), data={"player": w, "from": loser, "private": {"treasure": t}}))
            else:
                L.items = L.items - {what}
                W.items = W.items | {what}
                ev.append(Event("ruling", f"{W.name} hooks {possessive(L.name)} {state.catalog.items[what].name}",
                                rule_of_item(state.catalog, "hookshot")))
    elif eff == "alchemists_fire":
        if not combat._item_destroyed(state, i, "alchemists_fire", ev):
            spend_item(state, w, "alchemists_fire")
            add_fatigue(state, loser, 2, ev, "Alchemist's Fire", rule_of_item(state.catalog, "alchemists_fire"))
    elif eff == "deep_freeze":
        pay_spell(state, w, "deep_freeze", state.catalog.spell("deep_freeze").cost, ev)
        k = dice.choice_index(len(L.hand))
        card = L.hand.pop(k)
        W.hand.append(card)
        W.hand.sort()
        ev.append(Event("reveal", f"{W.name} steals a random movement card from {L.name}",
                        rule_of_spell(state.catalog, "deep_freeze"), data={"player": w, "from": loser, "private": {"card": card}}))
    combat.after_damage(state, ev, dice)
