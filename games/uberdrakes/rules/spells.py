"""The six dragons' spells cast outside combat (uberdrakes.txt § The
Dragons).  Combat spells (Fire Breath, Acid Rain, Deep Freeze, Windblast,
Plate Armor) are in combat.py and damage.py; Rocket Power and Take to the
Skies are movements (legal.py `move` with how=rocket / how=skies).

Every spell action is `spell` with `spell=<id>` and its own parameters.
"""
from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.core.rules import Event
from engine.core.words import possessive
from games.uberdrakes.rules import combat, movement
from games.uberdrakes.rules.board import hex_label
from games.uberdrakes.rules.common import (R_MAGIC, add_fatigue, can_cast, in_portal, pay_spell,
                                     rule_of_spell, spells_of)
from games.uberdrakes.rules.jobs import Choice, Land, ZoneOfControl, after_move
from games.uberdrakes.rules.state import UDState, placed

ACTION_SPELLS = ("heat_wave", "river_flow", "tunnel", "blowback", "flash", "blink", "cyclone", "camouflage",
                 "regrowth", "sandstorm", "hailstorm", "furnace", "supercharge", "alchemical_craft", "the_claw")
FREE_SPELLS = ("time_warp", "thunderbolt")
CRAFTABLE = ("dragon_lance", "long_bow", "hide_shield", "hookshot", "rage_potion")
RIVER = (("L", "F", "L", "F"), ("L", "F", "R", "F"), ("R", "F", "L", "F"), ("R", "F", "R", "F"))


def known(state: UDState, p: int) -> list[str]:
    return [s.id for s in spells_of(state.catalog, state.players[p])]


# ---- where movement spells can go -----------------------------------------------------------

def heat_wave_spots(state: UDState, p: int) -> list:
    board = state.board
    d = state.players[p]
    targets = {e.hex for e in state.players if e.index != p and e.hex is not None
               and not board.shared[e.hex] and not e.camouflaged}
    if not targets:
        return []
    found = movement.reach_any(board, d.hex, 3, movement.blockers(state, p))
    return [h for h in found if any(t in board.zoc[h] for t in targets)]


def river_outcomes(state: UDState, p: int) -> list:
    d = state.players[p]
    board = state.board
    blocked = movement.blockers(state, p)
    outs = []
    for steps in RIVER:
        outs.extend(movement.run_steps(state.catalog, board, list(steps), d.hex, d.facing, d.fatigue, blocked))
    return movement.dedupe(board, outs)


def tunnel_spots(state: UDState, p: int) -> list:
    board = state.board
    d = state.players[p]
    if board.kind(placed(d)) != "desert":
        return []
    desert = lambda h: board.kind(h) == "desert"  # noqa: E731
    return sorted(movement.reach_any(board, d.hex, 4, movement.blockers(state, p), through=True, allowed=desert))


def blowback_outcomes(state: UDState, p: int) -> list:
    d = state.players[p]
    board = state.board
    blocked = movement.blockers(state, p)
    outs: list[movement.Outcome] = []
    for k in (1, 2, 3):
        outs.extend(o for o in movement.run_steps(state.catalog, board, ["B"] * k, d.hex, d.facing, d.fatigue, blocked)
                    if not o.blocked)
    return movement.dedupe(board, outs)


def flash_outcomes(state: UDState, p: int) -> list:
    d = state.players[p]
    board = state.board
    blocked = movement.blockers(state, p)
    outs = []
    for o in movement.run_steps(state.catalog, board, ["F"] * 4, d.hex, d.facing, d.fatigue, blocked, through=True):
        if o.hex in blocked:
            path = list(o.path)
            while len(path) > 1 and path[-1] in blocked:
                path.pop()
            o = o._replace(hex=path[-1], path=tuple(path), fatigue=o.fatigue + (0 if o.blocked else 1), blocked=True)
        outs.append(o)
    return movement.dedupe(board, outs)


def blink_spots(state: UDState, p: int) -> list:
    board = state.board
    blocked = movement.blockers(state, p)
    out = []
    for t in movement.neighbours_any(board, state.players[p].hex):
        a = board.anchor_of[t]
        if t not in blocked and a not in out:
            out.append(a)
    return out


def cyclone_spots(state: UDState, p: int) -> list:
    """Up to three spaces in any direction (staying put included)."""
    board = state.board
    d = state.players[p]
    return [d.hex] + sorted(h for h in movement.reach_any(board, d.hex, 3, movement.blockers(state, p))
                            if h != d.hex)


def facings_at(state: UDState, h) -> range:
    return range(1) if state.board.large_hex[h] else range(6)


# ---- listing ---------------------------------------------------------------------------------

def options(state: UDState, p: int, only: str | None = None, free_only: bool = False) -> list[Action]:
    d = state.players[p]
    board = state.board
    out: list[Action] = []
    spells = known(state, p)
    for sid in spells:
        if only is not None and sid != only:
            continue
        if free_only and sid not in FREE_SPELLS:
            continue
        if sid not in ACTION_SPELLS and sid not in FREE_SPELLS:
            continue
        if sid in ACTION_SPELLS and state.actions_left <= 0:
            continue
        sp = state.catalog.spell(sid)
        if can_cast(state, d, sid) is not None:
            continue
        mk = lambda **kw: Action.make("spell", p, spell=sid, **kw)  # noqa: E731
        if sid == "heat_wave":
            out.extend(mk(to=h) for h in heat_wave_spots(state, p))
        elif sid == "river_flow":
            out.extend(mk(to=o.hex, facing=o.facing, portal=o.portal) for o in river_outcomes(state, p))
        elif sid == "tunnel":
            out.extend(mk(to=h) for h in tunnel_spots(state, p))
        elif sid == "blowback":
            out.extend(mk(to=o.hex, portal=o.portal) for o in blowback_outcomes(state, p))
        elif sid == "flash":
            out.extend(mk(to=o.hex, portal=o.portal) for o in flash_outcomes(state, p))
        elif sid == "blink":
            out.extend(mk(to=h) for h in blink_spots(state, p))
        elif sid == "cyclone":
            for h in cyclone_spots(state, p):
                out.extend(mk(to=h, facing=f) for f in facings_at(state, h))
        elif sid in ("camouflage", "hailstorm", "supercharge", "the_claw", "time_warp"):
            if sid == "camouflage" and d.camouflaged:
                continue
            out.append(mk())
        elif sid == "regrowth":
            out.append(mk(roost=False))
            if not in_portal(state, d):
                out.append(mk(roost=True))
        elif sid == "sandstorm":
            out.extend(mk(village=v) for v in board.villages)
        elif sid == "furnace":
            top = min(sp.cost_max or sp.cost, d.magic)
            out.extend(mk(x=x) for x in range(sp.cost, top + 1))
        elif sid == "alchemical_craft":
            out.extend(mk(item=i) for i in CRAFTABLE if i not in d.items)
        elif sid == "thunderbolt":
            for o in range(len(state.players)):
                if o != p and combat.ranged_problem(state, p, o, state.catalog.economy.thunderbolt_range, False,
                                                    rule_of_spell(state.catalog, "thunderbolt")) is None:
                    out.append(mk(target=o))
    return out


def problem(state: UDState, a: Action) -> tuple | None:
    p = a.player
    d = state.players[p]
    sid = a.get("spell")
    if sid not in state.catalog.spells:
        return (f"Unknown spell {sid!r}.", R_MAGIC)
    if sid in ("rocket_power", "take_to_the_skies"):
        return (f"{state.catalog.spell(sid).name} is a movement: move how={'rocket' if sid == 'rocket_power' else 'skies'}.",
                rule_of_spell(state.catalog, sid))
    if sid not in ACTION_SPELLS and sid not in FREE_SPELLS:
        t = state.catalog.spell(sid).timing
        return (f"{state.catalog.spell(sid).name} is cast {'in combat' if t != 'damage' else 'as combat damage'}.",
                rule_of_spell(state.catalog, sid))
    if sid not in known(state, p):
        return (f"{state.catalog.spell(sid).name} is not one of your dragon's spells.", R_MAGIC)
    if sid in ACTION_SPELLS and state.actions_left <= 0:
        return ("You have no actions left this turn.", "uberdrakes.txt § Turn Actions")
    cost = a.get("x") if sid == "furnace" else None
    why = can_cast(state, d, sid, cost)
    if why:
        return (why, rule_of_spell(state.catalog, sid) if "once" in why else R_MAGIC)
    if sid == "tunnel" and state.board.kind(placed(d)) != "desert":
        return ("You must be on a desert space to cast Tunnel.", rule_of_spell(state.catalog, sid))
    if sid == "thunderbolt":
        o = a.get("target")
        if not isinstance(o, int):
            return ("Choose an opponent.", rule_of_spell(state.catalog, sid))
        return combat.ranged_problem(state, p, o, state.catalog.economy.thunderbolt_range, False, rule_of_spell(state.catalog, sid))
    if sid == "heat_wave" and not heat_wave_spots(state, p):
        return ("No opponent's zone of control within three spaces (protected spaces don't count).",
                rule_of_spell(state.catalog, sid))
    if a not in options(state, p, sid) and not _loose_match(state, a):
        return (f"{state.catalog.spell(sid).name} can't do that from here.", rule_of_spell(state.catalog, sid))
    return None


def _loose_match(state: UDState, a: Action) -> bool:
    """River Flow, Blowback and Flash outcomes in a large space may be named
    by any of its hexes and any facing."""
    sid = a["spell"]
    p = a.player
    gen = {"river_flow": river_outcomes, "blowback": blowback_outcomes, "flash": flash_outcomes}.get(sid)
    if gen is None or a.get("to") is None:
        return False
    o = movement.find(state.board, gen(state, p), tuple(a["to"]), a.get("facing", state.players[p].facing),
                      bool(a.get("portal", False)))
    return o is not None


def outcome_for(state: UDState, a: Action):
    sid = a["spell"]
    p = a.player
    gen = {"river_flow": river_outcomes, "blowback": blowback_outcomes, "flash": flash_outcomes}[sid]
    return movement.find(state.board, gen(state, p), tuple(a["to"]), a.get("facing", state.players[p].facing),
                         bool(a.get("portal", False)))


def costs_action(sid: str) -> bool:
    return sid in ACTION_SPELLS


# ---- casting ---------------------------------------------------------------------------------

def apply(state: UDState, a: Action, ev: list, dice) -> None:
    p = a.player
    d = state.players[p]
    sid = a["spell"]
    sp = state.catalog.spell(sid)
    rule = rule_of_spell(state.catalog, sid)
    board = state.board
    out = None
    if sid in ("river_flow", "blowback", "flash"):
        out = outcome_for(state, a)
    pay_spell(state, p, sid, a["x"] if sid == "furnace" else sp.cost, ev)
    if out is not None:
        facing = a.get("facing", out.facing) if board.large_hex[out.hex] else out.facing
        movement.arrive(state, p, out.hex, facing, ev, f"{d.name}: {sp.name} to {hex_label(out.hex)}"
                        f"{movement.portal_text(out)}{movement.blocked_note(out)}", rule, out.path)
        if out.fatigue:
            add_fatigue(state, p, out.fatigue, ev, "blocked" if out.blocked else "portal",
                        rule if out.blocked else "uberdrakes.txt § Portals")
        if out.portal and d.rider:
            d.portaled = True
        if out.moved:
            after_move(state, p)
        return
    if sid in ("heat_wave", "tunnel", "blink"):
        to = tuple(a["to"])
        movement.arrive(state, p, to, d.facing, ev, f"{d.name}: {sp.name} to {hex_label(to)}", rule)
        after_move(state, p, space_first=(sid == "blink"))
    elif sid == "cyclone":
        to = tuple(a["to"])
        movement.arrive(state, p, to, a["facing"], ev, f"{d.name}: Cyclone to {hex_label(to)}", rule)
        follow: list = [Choice("cyclone_move", p, {"target": o}) for o in combat.opponents_from(state, p)
                        if state.players[o].hex is not None]
        follow += [ZoneOfControl(p), Land(p, placed(d))]
        state.jobs[0:0] = follow
    elif sid == "camouflage":
        d.camouflaged = True
        ev.append(Event("ruling", f"{d.name} is hidden until its next turn", rule))
    elif sid == "regrowth":
        d.regrowth = True
        ev.append(Event("ruling", f"{d.name} ends the turn; at the start of its next turn it heals 1 fatigue "
                        "unless it enters combat first", rule))
    elif sid == "sandstorm":
        v = a["village"]
        state.sandstorm = (v, state.catalog.economy.sandstorm_turns, p)
        if state.shop == v:
            state.shop = -1
        ev.append(Event("ruling", f"{board.spaces[v].name} is engulfed in the Sandstorm: no buying or selling there; "
                        f"{d.name} gains +{state.catalog.economy.sandstorm_bonus} in combat meanwhile", rule))
        state.jobs[0:0] = [Choice("discard", o) for o in combat.opponents_from(state, p) if state.players[o].hand]
    elif sid == "hailstorm":
        d.hailstorm = True
        ev.append(Event("ruling", "At the start of your next turn, all opponents outside the caves and the portal "
                        "take one fatigue", rule))
    elif sid == "furnace":
        x = a["x"]
        for o in combat.opponents_from(state, p):
            e = state.players[o]
            if e.hex is None or board.distance(placed(d), e.hex) > state.catalog.economy.furnace_range:
                continue
            faces = dice.roll(6, 2)
            s = sum(faces)
            ev.append(Event("roll", f"{e.name} rolls {faces[0]} {faces[1]} = {s} against the Furnace's {x}", rule,
                            data={"dice": [[6, v] for v in faces], "player": o}))
            if s < x:
                add_fatigue(state, o, 1, ev, "Furnace", rule)
    elif sid == "supercharge":
        d.supercharge = state.catalog.economy.supercharge_turns
        ev.append(Event("ruling", f"{possessive(d.name)} rider bonuses are doubled and bonuses against it ignored for "
                        f"{state.catalog.economy.supercharge_turns} turns", rule))
    elif sid == "alchemical_craft":
        it = a["item"]
        d.items = d.items | {it}
        ev.append(Event("item", f"{d.name} crafts a {state.catalog.items[it].name}", rule))
    elif sid == "the_claw":
        hands: list[dict[str, Any]] = []
        for o in combat.opponents_from(state, p):
            e = state.players[o]
            hands.append({"player": o, "movement": list(e.hand), "treasures": list(e.treasures)})
        ev.append(Event("reveal", "All opponents reveal their hands: " + "; ".join(
            f"{state.players[h['player']].name}: {', '.join(h['movement'] + h['treasures']) or 'nothing'}"
            for h in hands), rule, data={"hands": hands}))
        state.jobs[0:0] = [Choice("steal", p, {"target": o}) for o in combat.opponents_from(state, p)
                           if claw_options(state, p, o)]
    elif sid == "time_warp":
        state.actions_left += 1
        ev.append(Event("ruling", f"{d.name} gains an additional action this turn", rule))
    elif sid == "thunderbolt":
        combat.start(state, p, a["target"], "thunderbolt", True, ev, dice)


# ---- follow-up decisions ----------------------------------------------------------------------

def cyclone_options(state: UDState, p: int, o: int) -> list[Action]:
    board = state.board
    e = state.players[o]
    spots = [e.hex] + sorted(h for h in movement.reach_any(board, e.hex, 3, movement.blockers(state, o))
                             if h != e.hex)
    return [Action.make("cyclone_move", p, target=o, to=h, facing=f) for h in spots for f in facings_at(state, h)]


def cyclone_move(state: UDState, a: Action, ev: list, dice) -> None:
    o = a["target"]
    e = state.players[o]
    to = tuple(a["to"])
    state.pending = None
    movement.arrive(state, o, to, a["facing"], ev, f"The Cyclone carries {e.name} to {hex_label(to)}",
                    rule_of_spell(state.catalog, "cyclone"))


def claw_options(state: UDState, p: int, o: int) -> list[Action]:
    d, e = state.players[p], state.players[o]
    out = [Action.make("steal", p, target=o, item=i, source="hoard") for i in sorted(e.items) if i not in d.items]
    out += [Action.make("steal", p, target=o, item=t, source="treasure") for t in sorted(set(e.treasures))]
    return out


def steal(state: UDState, a: Action, ev: list, dice) -> None:
    p, o = a.player, a["target"]
    d, e = state.players[p], state.players[o]
    it = a["item"]
    if a["source"] == "hoard":
        e.items = e.items - {it}
        d.items = d.items | {it}
    else:
        e.treasures.remove(it)
        d.treasures.append(it)
        d.treasures.sort()
    state.pending = None
    ev.append(Event("ruling", f"{d.name} takes {possessive(e.name)} {state.catalog.items[it].name}", rule_of_spell(state.catalog, "the_claw")))


def discard_options(state: UDState, o: int) -> list[Action]:
    return [Action.make("discard", o, card=c) for c in sorted(set(state.players[o].hand))]


def discard(state: UDState, a: Action, ev: list, dice) -> None:
    o = a.player
    e = state.players[o]
    e.hand.remove(a["card"])
    state.movement_discard.append(a["card"])
    state.pending = None
    ev.append(Event("ruling", f"{e.name} discards a {state.catalog.movement[a['card']].name} to the Sandstorm",
                    rule_of_spell(state.catalog, "sandstorm")))
