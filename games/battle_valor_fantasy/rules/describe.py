"""Actions in words (log lines, buttons) and previews of what an action
would do, with exact odds computed by the same arithmetic the rules roll:
charge distance against reach and the chance of each number of stands
arriving, expected hits of fire and spells, the refusal when illegal."""
from __future__ import annotations

from engine.core.actions import Action
from engine.core.odds import percent
from engine.core.words import possessive
from engine.table.formations import BlockMove
from games.battle_valor_fantasy.rules import alliance, combat, fire, moves, space, spells, stats, success, travel
from games.battle_valor_fantasy.rules.state import BVFState


def _u(state: BVFState, uid) -> str:
    u = state.units.get(uid)
    return u.name if u is not None else f"unit {uid}"


def _target(state: BVFState, a: Action) -> str:
    t = state.units.get(a["target"])
    return _u(state, a["target"]) if t is None else space.told_apart(state, alliance.side_of(state, a.player), t)


def general_reroll(a) -> str:
    """What an activation's reroll wish says: the General rerolls the whole
    roll if it scores fewer Successes (rerolls.wish)."""
    n = a.get("reroll")
    return f" (the General rerolls fewer than {n} Successes)" if n else ""


def describe_deploy(state, a: Action) -> str:
    who = alliance.name(state, a.player)
    f = a.get("formation", "line")
    u = state.units.get(a["uid"])
    if u is not None and len(u.stands) == 1:        # a lone figure has no formation to name (setup.deploy)
        return f"{who} deploys {_u(state, a['uid'])}"
    return f"{who} deploys {_u(state, a['uid'])} in {state.catalog.formations[f].name if f in state.catalog.formations else f}"


def describe_orders(state, a: Action) -> str:
    who = alliance.name(state, a.player)
    return f"{who} places order counters"


def describe_fate(state, a: Action) -> str:
    who = alliance.name(state, a.player)
    pl = state.players[alliance.side_of(state, a.player)]
    where = f" next to {_u(state, pl.fate_uid)}" if pl.fate_uid in state.units else ""
    return f"{who} turns the Fate counter{where} into {order_words(a['order'])}"


def describe_fate_wait(state, a: Action) -> str:
    who = alliance.name(state, a.player)
    return f"{who} activates Fate second (after {state.players[1 - alliance.side_of(state, a.player)].name})"


def describe_fate_move(state, a: Action) -> str:
    who = alliance.name(state, a.player)
    return f"{who} moves {_target(state, a)} by Fate"


def describe_decline(state, a: Action) -> str:
    who = alliance.name(state, a.player)
    return f"{who} declines"


def describe_general_rally(state, a: Action) -> str:
    return f"The General rallies {_u(state, a['uid'])}"


def describe_hold(state, a: Action) -> str:
    return f"{_u(state, a['uid'])} holds its counter"


def describe_build(state, a: Action) -> str:
    return f"{_u(state, a['uid'])} builds 2\" of linear obstacle"


def describe_reform(state, a: Action) -> str:
    via = " (the General's order)" if a.get("general") else ""
    f = a.get("formation")
    return f"{_u(state, a['uid'])} reforms" + (f" into {state.catalog.formations[f].name}" if f else "") + via


def describe_fire(state, a: Action) -> str:
    via = " (the General's order)" if a.get("general") else ""
    return f"{_u(state, a['uid'])} fires at {_target(state, a)}{via}"


def describe_charge(state, a: Action) -> str:
    via = " (the General's order)" if a.get("general") else ""
    return f"{_u(state, a['uid'])} charges {_target(state, a)}{via}{general_reroll(a)}"


def describe_attack(state, a: Action) -> str:
    via = " (the General's order)" if a.get("general") else ""
    return f"{_u(state, a['uid'])} attacks {_target(state, a)}{via}"


def describe_advance(state, a: Action) -> str:
    via = " (the General's order)" if a.get("general") else ""
    return f"{_u(state, a['uid'])} advances{via}"


def describe_cast(state, a: Action) -> str:
    return f"{_u(state, a['uid'])} casts {state.catalog.spells[a['spell']].name} on {_target(state, a)}"


def describe_dispel(state, a: Action) -> str:
    who = alliance.name(state, a.player)
    return f"{who} tries to dispel"


def describe_withhold(state, a: Action) -> str:
    return f"{alliance.name(state, a.player)} withhold"


def describe_allow(state, a: Action) -> str:
    who = alliance.name(state, a.player)
    return f"{who} lets the spell through"


def preview(state: BVFState, a: Action, problem) -> list[str]:
    """What the action would do, or why it is not allowed (`problem`: the
    game's whole check, actions.problem; the ruleset's preview passes it)."""
    if state.alliance is not None:          # a seat's action, checked as its side's (alliance_turns.py)
        if a.player != state.seat:
            return [f"Not allowed: it is {possessive(alliance.name(state, state.seat))} decision"]
        a = Action(a.kind, state.alliance.sides[a.player], a.params)
    why = problem(state, a)
    if why is not None:
        r = why if isinstance(why, tuple) else (why, "")
        return [f"Not allowed: {r[0]}" + (f" ({r[1]})" if r[1] else "")]
    k = a.kind
    out: list[str] = []
    if k == "orders":
        # the hint "places order counters" said nothing of which: the counters, unit by unit (the player's own)
        placed: dict = {}
        for uid, o in a["orders"]:
            placed.setdefault(int(uid), []).append(str(o).replace("_", " ").title())
        out.append("; ".join(f"{_u(state, uid)}: {' + '.join(os)}" for uid, os in placed.items()))
        if int(a.get("fate", -1)) in state.units:
            out.append(f"The Fate counter next to {_u(state, int(a['fate']))}")
    elif k == "charge":
        u, t = state.units[a["uid"]], state.units[a["target"]]
        pl = combat.plan(state, u, t)
        reach = combat.charge_reach(state, u)
        tr = pl.trip
        slowed = f" ({tr.budget:.1f}\" with {tr.terrain})" if tr is not None and tr.entered is not None \
            and tr.entered < pl.length else ""
        out.append(f"Charge into {possessive(t.name)} {pl.side}: {pl.length:.1f}\" of {reach:g}\"{slowed}"
                   + ("" if pl.reaches else " - out of reach: it will fall short"))
        out += _on_the_way(state, u, pl.way, pl.trip)
        if not pl.reaches or pl.blocked:
            # the roll does not matter then (combat.charge): no stand arrives, no impact hits (seen in play:
            # "Stands arriving: 4: 41%, Impact hits: 4" under "out of reach")
            why = "" if not pl.reaches else f"its way in is blocked ({pl.blocked}): "
            out.append(f"{why}it moves {combat.short_move(state, u, t):.1f}\" toward {t.name} and stops; no combat")
            return out
        n = len(u.stands)
        mod = sum(v for _, v in combat.charge_mods(state, u))
        dist = success.distribution(n, 5, 0, mod)
        out.append("Stands arriving: " + ", ".join(f"{k}: {percent(p)}" for k, p in enumerate(dist) if p >= 0.005))
        hits, _, stop = combat.impact_hits(state, u, t, pl.side)
        if hits:
            out.append(f"Impact hits: {hits}" if not stop else stop)
    elif k == "fire":
        u, t = state.units[a["uid"]], state.units[a["target"]]
        if stats.machine(u):
            w = stats.missile(state, u)
            n = fire.machine_dice(state, u, t)          # fewer without line of sight: the hint said 10, it rolled 8
            blind = " (no line of sight)" if n != w.dice else ""
            out.append(f"{w.name}: {n} dice{blind}, needs {w.needs_successes}: "
                       f"{percent(success.chance_at_least(n, w.needs_successes, mod=sum(v for _, v in stats.experience_mods(state, u))))}")
        else:
            n = u.figures()
            mod = sum(v for _, v in fire.shooting_mods(state, u, t, False))
            need, _ = fire.need_for(state, t)
            out.append(f"{n} dice at {t.name}: {success.mean(n, need, 0, mod):.1f} hits expected")
    elif k == "cast":
        sp = state.catalog.spells[a["spell"]]
        casters = [state.units[a["uid"]]] + [state.units[x] for x in a.get("casters", ())]
        n = spells.casters_dice(state, casters)
        t = state.units[a["target"]]
        need = spells.cast_need(state, a.player, t)
        out.append(f"{sp.name}: {n} dice need {sp.threshold} Successes"
                   + (" (6s only: the target is in woods or an exposed character)" if need == 6 else "")
                   + f": {percent(spells.cast_chance(state, a.player, casters, a['spell'], t))}")
        if sp.text:
            out.append(sp.text)            # what it does: a spell's name alone told a newcomer nothing
    elif k in ("dispel", "allow") and state.pending and state.pending[-1].kind == "dispel":
        spell_id, tuid, got, *_ = state.pending[-1].data
        sp, t = state.catalog.spells[spell_id], state.units[tuid]
        if k == "allow":
            out.append(f"{sp.name} takes effect on {t.name} with its {got} Successes")
        else:
            ws = [state.units[x] for x in a["wizards"]]
            out.append(f"Dispel {sp.name}: {spells.casters_dice(state, ws)} dice need {got + 1} Successes: "
                       f"{percent(spells.dispel_chance(state, ws, got))}; the Wizards are activated (§ Dispels)")
    elif k == "advance":
        u = state.units[a["uid"]]
        out.append(f"Advance {advance_length(state, a):.1f}\" of {moves.advance_allowance(state, u):g}\"")
        m = BlockMove(a.get("first", 0.0), a.get("angle", 0.0), a.get("then", 0.0))
        out += _on_the_way(state, u, moves.advance_way(state, u, m), moves.advance_trip(state, u, m))
    return out


def _on_the_way(state: BVFState, u, way, trip) -> list[str]:
    """The terrain a move's way crosses, each with what it does to this unit,
    and where difficult terrain halves the rest (the previews named none:
    a charge went into a wood at full pace without a word)."""
    if way is None:
        return []
    out = []
    names = travel.terrain_on(state, u, way)
    if names:
        out.append("On the way: " + "; ".join(names))
    if trip is not None and trip.entered is not None and trip.entered < way.length - 1e-6:
        out.append(f"It {trip.slowed()} ({travel.R_DIFFICULT})")
    elif trip is not None and space.in_difficult(state, u) and not travel.slowless(u):
        out.append(f"It starts in difficult terrain: its move is halved ({travel.R_DIFFICULT})")
    return out


def advance_length(state: BVFState, a: Action) -> float:
    """The inches an advance uses: forward, the wheel's arc, forward."""
    from engine.table.formations import BlockMove, block_move
    _, length = block_move(space.block(state, state.units[a["uid"]]),
                           BlockMove(a.get("first", 0.0), a.get("angle", 0.0), a.get("then", 0.0)))
    return length


def order_words(order: str) -> str:
    """'an advance order', 'a charge order': an order counter in words."""
    words = order.replace("_", " ")
    return f"{'an' if words[0] in 'aeiou' else 'a'} {words} order"
