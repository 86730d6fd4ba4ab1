"""Actions in words (log lines, buttons) and previews of what an action
would do, with exact odds, for the UI and the learner.

`move_preview` gives a UI the exact path, landing, facing, fatigue and the
combats a movement would trigger; `preview` says it in words.
"""
from __future__ import annotations

from engine.core.actions import Action
from engine.core.odds import percent
from engine.core.words import possessive
from games.uberdrakes.rules import combat, movement, spells
from games.uberdrakes.rules.board import hex_label, place_name
from games.uberdrakes.rules.state import UDState, placed

DIRS = ("E", "SE", "SW", "W", "NW", "NE")
HOW = {"coin": "{m} (1 coin)", "push": "push {m} (1 fatigue)", "card": "play {m}", "replay": "push {m} again (1 fatigue)",
       "booster": "Rocket Booster: {m}", "rocket": "Rocket Power: {m}", "skies": "Take to the Skies: {m}"}


def _p(state: UDState, p) -> str:
    return state.players[p].name if isinstance(p, int) and 0 <= p < len(state.players) else f"P{p}"


def _name(cat, kind: str, key) -> str:
    c = cat
    table = {"item": c.items, "rider": c.riders, "move": c.movement, "spell": None}[kind]
    if kind == "spell":
        return c.spell(key).name if key in c.spells else str(key)
    return table[key].name if key in table else str(key)


def describe_move(state, a: Action) -> str:
    who = _p(state, a.player)
    board = state.board
    m = _name(state.catalog, "move", a["m"])
    mv = state.catalog.movement.get(a["m"])
    where = "" if mv is not None and list(mv.steps) == ["ANY"] else f" to {place_name(board, a['to'])}"   # on the spot
    return f"{who}: {HOW.get(a['how'], '{m}').format(m=m)}{where}" + \
        (" through the portal" if a.get("portal") else "") + f", facing {DIRS[a['facing']]}"


def describe_spell(state, a: Action) -> str:
    who = _p(state, a.player)
    board = state.board
    extra = ""
    if a.get("to") is not None:
        extra = f" to {place_name(board, a['to'])}"
    if a.get("target") is not None:
        extra = f" at {_p(state, a['target'])}"
    if a.get("village") is not None:
        extra = f" on {board.spaces[a['village']].name}"
    if a.get("x") is not None:
        extra = f" ({a['x']})"
    if a.get("item") is not None:
        extra = f": {_name(state.catalog, 'item', a['item'])}"
    return f"{who} casts {_name(state.catalog, 'spell', a['spell'])}{extra}"


def describe_item(state, a: Action) -> str:
    who = _p(state, a.player)
    board = state.board
    extra = ""
    if a.get("to") is not None:
        extra = f" to {place_name(board, a['to'])}"
    if a.get("target") is not None:
        extra += f" ({_p(state, a['target'])})"
    if a.get("village") is not None:
        extra = f": {a['mode']} at {board.spaces[a['village']].name}"
    return f"{who} uses a {_name(state.catalog, 'item', a['item'])}{extra}"


def describe_equip(state, a: Action) -> str:
    who = _p(state, a.player)
    return f"{who} equips the {_name(state.catalog, 'item', a['item'])}"


def describe_attack(state, a: Action) -> str:
    who = _p(state, a.player)
    return f"{who} attacks {_p(state, a['target'])}"


def describe_shoot(state, a: Action) -> str:
    who = _p(state, a.player)
    return f"{who} shoots {_p(state, a['target'])} with the Long Bow"


def describe_buy(state, a: Action) -> str:
    who = _p(state, a.player)
    return f"{who} buys " + ("a treasure card" if a["item"] == "treasure" else f"a {_name(state.catalog, 'item', a['item'])}")


def describe_sell(state, a: Action) -> str:
    who = _p(state, a.player)
    return f"{who} sells a {_name(state.catalog, 'item', a['item'])}"


def describe_exchange(state, a: Action) -> str:
    who = _p(state, a.player)
    return f"{who} exchanges blood points"


def describe_end_turn(state, a: Action) -> str:
    who = _p(state, a.player)
    return f"{who} ends the turn" + (" and roosts" if a["roost"] else "")


def describe_choose_dragon(state, a: Action) -> str:
    # described once applied: the last choice names the players after their dragons ("Water Dragon
    # chooses the Water Dragon"); the choice is the seat's
    return f"Player {a.player + 1} chooses the {state.catalog.dragons[a['dragon']].name}"


def describe_keep_hand(state, a: Action) -> str:
    who = _p(state, a.player)
    return f"{who} keeps their hand"


def describe_mulligan(state, a: Action) -> str:
    who = _p(state, a.player)
    return f"{who} takes a mulligan"


def describe_mulligan_take(state, a: Action) -> str:
    who = _p(state, a.player)
    return f"{who} keeps a card"


def describe_precombat(state, a: Action) -> str:
    who = _p(state, a.player)
    w = a["what"]
    return f"{who} uses " + (_name(state.catalog, "item", w) if w in state.catalog.items else _name(state.catalog, "spell", w))


def describe_ready(state, a: Action) -> str:
    who = _p(state, a.player)
    return f"{who} is ready to roll"


def describe_roll(state, a: Action) -> str:
    who = _p(state, a.player)
    return f"{who} rolls in return"


def describe_concede(state, a: Action) -> str:
    who = _p(state, a.player)
    return f"{who} concedes"


def describe_counter(state, a: Action) -> str:
    who = _p(state, a.player)
    w = a["what"]
    name = _name(state.catalog, "item", w) if w in state.catalog.items else _name(state.catalog, "spell", w)
    return f"{who} counterattacks with {name}" + (f" (+{a['x']})" if w == "plate_armor" else "")


def describe_damage(state, a: Action) -> str:
    who = _p(state, a.player)
    e = a["effect"]
    if e == "shove":
        return f"{who} shoves the loser to {place_name(state.board, a['to'])}"
    if e == "spin":
        return f"{who} spins the loser to face {DIRS[a['facing']]}"
    if e == "hookshot":
        return f"{who} uses the Hookshot" + (" on a random treasure" if a["item"] == "treasure"
                                              else f" to take the {_name(state.catalog, 'item', a['item'])}")
    dm = state.catalog.damage.get(e)
    return f"{who} deals damage: {dm.name if dm is not None else e.replace('_', ' ')}"


def describe_blood(state, a: Action) -> str:
    who = _p(state, a.player)
    what = {"coin": "a coin", "heal": "a healed point of fatigue", "card": "a movement card",
            "vp": "a victory point"}.get(a["reward"], str(a["reward"]))
    return f"{who} buys {what} with blood points"


def describe_done(state, a: Action) -> str:
    who = _p(state, a.player)
    return f"{who} is done"


def describe_portal(state, a: Action) -> str:
    who = _p(state, a.player)
    return f"{who} " + (f"travels through the portal, emerging facing {DIRS[a['facing']]}" if a["travel"]
                        else "stays at the portal")


def describe_pick_rider(state, a: Action) -> str:
    who = _p(state, a.player)
    return f"{who} picks up " + (_name(state.catalog, "rider", a["rider"]) if a["rider"] else "no rider")


def describe_deliver_village(state, a: Action) -> str:
    who = _p(state, a.player)
    board = state.board
    return f"{who} " + (f"teleports to {board.spaces[a['village']].name}" if a["village"] is not None else "stays")


def describe_skies_land(state, a: Action) -> str:
    who = _p(state, a.player)
    return f"{who} lands at {hex_label(a['to'])}"


def describe_discard(state, a: Action) -> str:
    who = _p(state, a.player)
    return f"{who} discards a movement card"


def describe_cyclone_move(state, a: Action) -> str:
    who = _p(state, a.player)
    return f"{who} blows {_p(state, a['target'])} to {hex_label(a['to'])}"


def describe_steal(state, a: Action) -> str:
    who = _p(state, a.player)
    return f"{who} takes {possessive(_p(state, a['target']))} {_name(state.catalog, 'item', a['item'])}"


def describe_handbook(state, a: Action) -> str:
    who = _p(state, a.player)
    return f"{who} keeps a card"


# ---- previews -------------------------------------------------------------------------------

def move_outcome(state: UDState, a: Action):
    """The outcome a movement action would have (or None)."""
    p = a.player
    if a.kind == "move":
        extra = 1 if a["how"] in ("push", "replay") else 0
        outs = movement.pattern_outcomes(state, p, a["m"], extra, a["how"] == "skies" or state.skies)
        return movement.find(state.board, outs, tuple(a["to"]), a["facing"], bool(a.get("portal", False)))
    if a.kind == "spell" and a["spell"] in ("river_flow", "blowback", "flash"):
        return spells.outcome_for(state, a)
    return None


def move_preview(state: UDState, a: Action) -> dict | None:
    """For a UI: path, landing hex and space, facing, fatigue (pushing, a
    blocked move, the portal), whether the move was blocked, and which
    opponents would fight on landing (with the initiator's exact odds)."""
    o = move_outcome(state, a)
    if o is None:
        if a.kind in ("spell", "item") and a.get("to") is not None:
            to = tuple(a["to"])
            return {"path": [list(placed(state.players[a.player])), list(to)], "to": list(to),
                    "facing": a.get("facing", state.players[a.player].facing), "fatigue": 0,
                    "blocked": False, "portal": False, "zoc": _zoc_at(state, a.player, to)}
        return None
    push = 1 if a.kind == "move" and a["how"] in ("push", "replay") else 0
    stop = None
    if a.kind == "move" and o.moved and a["how"] != "skies" and not state.skies:
        stop = combat.stop_in_passing(state, a.player, o.path)      # house ruling uberdrakes.zoc_passing
        if stop is not None:
            o = movement.stopped_at(state.board, o, stop)
    facing = a.get("facing", o.facing) if state.board.large_hex[o.hex] and stop is None else o.facing
    return {"path": [list(h) for h in o.path], "to": list(o.hex), "space": state.board.space(o.hex).name,
            "facing": facing, "fatigue": o.fatigue + push, "blocked": o.blocked, "portal": o.portal,
            "moved": o.moved, "zoc": _zoc_at(state, a.player, o.hex) if o.moved else [],
            "stopped": stop is not None}


def _zoc_at(state: UDState, p: int, h) -> list[dict]:
    """Opponents whose zone of control would start a combat at h, with odds."""
    d = state.players[p]
    old = d.hex
    d.hex = h
    try:
        who = combat.zoc_triggers(state, p)
        out = []
        for o in who:
            ba, ra, bd, rd = combat.expected_sides(state, p, o)
            out.append({"player": o, "name": state.players[o].name,
                        "win": round(combat.win_chance(ba, ra, bd, rd), 4)})
        return out
    finally:
        d.hex = old


def preview(state: UDState, a: Action) -> list[str]:
    out: list[str] = []
    k = a.kind
    p = a.player
    mp = move_preview(state, a) if k in ("move", "spell", "item") else None
    if mp is not None:
        out.append("Path: " + " > ".join(hex_label(h) for h in mp["path"])
                   + f", ends at {hex_label(mp['to'])} facing {DIRS[mp['facing']]}")
        if mp.get("stopped"):
            out.append("Stops on the first space next to an opponent: passing starts combat "
                       "(house ruling, uberdrakes.txt § Zones of Control)")
        if mp["portal"]:
            out.append("Travels through the portal (1 fatigue)")
        if mp["blocked"]:
            out.append("Blocked: moves as far as it can and takes 1 fatigue")
        if mp["fatigue"]:
            out.append(f"Fatigue: +{mp['fatigue']}")
        for z in mp["zoc"]:
            out.append(f"Ends in {possessive(z['name'])} zone of control: combat, you win the rolloff {percent(z['win'])} "
                       "(before counterattacks)")
        if not mp.get("moved", True) and k == "move":
            out.append("Does not leave the space: no space effect")
    if k in ("attack", "shoot") or (k == "spell" and a.get("spell") == "thunderbolt"):
        o = a["target"]
        ranged = k != "attack" or state.skies
        ba, ra, bd, rd = combat.expected_sides(state, p, o, ranged)
        out.append(f"Rolloff: {percent(combat.win_chance(ba, ra, bd, rd))} to win before counterattacks "
                   f"(2d6{'+' + str(ra) + ' rage' if ra else ''}{ba:+d} vs 2d6{'+' + str(rd) + ' rage' if rd else ''}"
                   f"{bd:+d}, ties to you)")
        if ranged:
            out.append("Ranged: you take no damage if you lose")
    if k == "roll" and state.combat is not None:
        c = state.combat
        need, pw = combat.chance_to_beat(c.total[0], c.bonus[1], state.players[p].rage + c.temp_rage[1])
        out.append(f"You need {need}+ on your roll to beat {c.total[0]}: {percent(pw)}")
        out.append("Conceding now means double damage")
    if k == "counter" and state.combat is not None:
        c = state.combat
        i = c.side(p)
        gap = c.total[1 - i] - c.total[i]
        if a["what"] == "plate_armor":
            out.append(f"+{a['x']}: {'wins' if a['x'] > gap or (i == 0 and a['x'] >= gap) else 'not enough'}")
        else:
            out.append(f"One die: {percent(combat.chance_to_overtake(gap, i == 1))} to take the lead")
    if k == "end_turn" and a["roost"]:
        d = state.players[p]
        if d.hex is not None:
            out.append(f"Roost on {state.board.space(d.hex).name}")
    if k == "blood":
        out.append(f"Costs {combat.reward_cost(state, p, a['reward'])} blood points")
    return out


def hand_of(state: UDState, p: int) -> dict:
    """What player p sees of their own cards (the UI's private panel)."""
    d = state.players[p]
    return {"movement": list(d.hand), "treasures": list(d.treasures), "played": list(d.played),
            "items": sorted(d.items), "equipped": d.equipped}


__all__ = ["preview", "move_preview", "hand_of"]
