"""Actions in words (log lines, buttons) and previews of what an action
would do: path lengths against the allowance, the reason an end position
is illegal, exact odds of the dice with their upgrades and downgrades."""
from __future__ import annotations

import math

from engine.core.actions import Action
from games.dragonbond import checks, combat, dicepool, modifiers, movement, powers, space, stats
from games.dragonbond.state import DBState


def _u(state: DBState, uid) -> str:
    u = state.units.get(uid)
    return stats.name(state, u) if u is not None else f"unit {uid}"


def describe(state: DBState, a: Action) -> str:
    k = a.kind
    who = state.players[a.player].name if 0 <= a.player < len(state.players) else f"P{a.player}"
    if k == "declare_bond":
        d = a.get("dragon")
        if d is None:
            return f"{who} declares no Dragonbond"
        return f"{who} bonds their general with {_u(state, d)}" + (" and starts mounted" if a.get("mounted") else "")
    if k == "choose_edge":
        return f"{who} takes the {a['edge']} edge and deploys {'first' if a['first'] else 'second'}"
    if k == "deploy":
        return f"{who} deploys {_u(state, a['uid'])}"
    if k == "activate":
        return f"{who} activates {_u(state, a['uid'])}"
    if k == "pass_round":
        return f"{who} gives up the rest of the round"
    if k in ("move", "run", "disengage"):
        verb = {"move": "moves", "run": "runs", "disengage": "disengages"}[k]
        return f"{_u(state, a['uid'])} {verb}"
    if k == "charge":
        return f"{_u(state, a['uid'])} charges {_u(state, a['target'])}"
    if k == "coordinated":
        return f"{_u(state, a['uid'])} and {_u(state, a['second'])} make a coordinated move"
    if k == "rest":
        return f"{_u(state, a['uid'])} rests"
    if k == "attack":
        return f"{_u(state, a['uid'])} attacks {_u(state, a['target'])} with {a['weapon']}"
    if k == "power":
        name = "its combined power" if a["power"] == powers.COMBINED else a["power"]
        tgt = a.get("target")
        return f"{_u(state, a['uid'])} uses {name}" + (f" on {_u(state, tgt)}" if tgt is not None
                                                        and tgt != a["uid"] else "")
    if k == "wait":
        return f"{_u(state, a['uid'])} waits"
    if k == "end_turn":
        return f"{who} ends the turn"
    if k == "mount":
        return f"{_u(state, a['uid'])} mounts the bonded dragon"
    if k == "dismount":
        return f"The general dismounts"
    if k == "opportunity_attack":
        return f"{_u(state, a['uid'])} makes an opportunity attack on {_u(state, a['target'])}"
    if k == "use_reaction":
        return f"{_u(state, a['uid'])} reacts with {a['power']}"
    if k == "decline":
        return f"{who} declines"
    if k == "remove_models":
        return f"{who} removes {len(a['models'])} model{'s' if len(a['models']) != 1 else ''} of {_u(state, a['uid'])}"
    if k == "follow_up":
        return f"{_u(state, a['uid'])} moves up to 2\" into the fight"
    if k == "skip_follow_up":
        return f"{_u(state, a['uid'])} holds its ground"
    return str(a)


def preview(state: DBState, a: Action) -> list[str]:
    """What committing `a` would do, in words: refusals with their rule,
    path lengths against the allowance, exact odds."""
    bad = checks.problem(state, a) if state.phase != "over" else "The game is over."
    out: list[str] = []
    if bad is not None:
        reason, rule = (bad if isinstance(bad, tuple) else (bad, ""))
        out.append(f"Not allowed: {reason}" + (f" ({rule})" if rule else ""))
    k = a.kind
    u = state.units.get(a.get("uid")) if a.get("uid") is not None else None
    if k in ("move", "run", "disengage") and u is not None and u.models:
        if k == "move":
            lim = movement.left(state, u)
        elif k == "run":
            lim = 2.0 * stats.speed(state, u) - (stats.speed(state, u) / 2 if u.slow else 0)
        else:
            lim = stats.speed(state, u) - (stats.speed(state, u) / 2 if u.slow else 0)
        try:
            pts = movement.parse_to(u, a["to"])
            lens = movement.path_lengths(state, u, pts, math.inf)
            if isinstance(lens, list):
                out.append(f"Longest path {max(lens):.2f}\" of {lim:.2f}\" allowed"
                           + (" (too far)" if max(lens) > lim + 1e-6 else ""))
            if k != "disengage":
                leave = movement.would_leave(state, u, pts)
                if leave:
                    out.append("Leaves combat with " + ", ".join(_u(state, e) for e in leave)
                               + ": opportunity attacks first")
        except (ValueError, KeyError):
            pass
        if u.slow:
            out.append("Slow: half its speed is spent before moving")
        if u.exhaustion:
            out.append(f"Exhausted: speed -{u.exhaustion}")
    elif k in ("attack", "opportunity_attack") and u is not None:
        t = state.units.get(a["target"])
        w, _ = stats.weapon(state, u, a["weapon"])
        if t is not None and t.models and w is not None:
            out.extend(combat.preview_lines(state, u, t, w))
    elif k == "charge" and u is not None:
        t = state.units.get(a["target"])
        if t is not None and t.models:
            d = space.distance(state, u, t)
            sp = stats.speed(state, u)
            future = u.exhaustion + max(0, u.fatigue + 2 - stats.stamina(state, u))
            up, down, _ = modifiers.roll_mods(state, u, "charge", {"other": t, "charging": True})
            down += 2 * (future - u.exhaustion)
            pool = dicepool.modify([3, 3, 3], up, down)
            need = d - max(0, sp - (future - u.exhaustion))
            dist = dicepool.success_dist(tuple(pool))
            p = dicepool.at_least(dist, max(0, math.ceil(need - 1e-3)))
            out.append(f"Target {d:.1f}\" away; speed {sp - (future - u.exhaustion)} + "
                       f"{dicepool.describe_pool(pool)} successes: reaches it {p:.0%}")
            w, _ = stats.weapon(state, u, a["weapon"])
            if w is not None:
                out.append("If it arrives (upgrading 2 melee attack dice):")
                n = 1 if (u.rider is not None or stats.card(u).models == 1) else len(u.models)
                out.extend("  " + line for line in combat.preview_lines(state, u, t, w, charging=True, models=n))
            if future > u.exhaustion:
                out.append(f"Paying 2 fatigue leaves it exhausted ({future} token{'s' if future > 1 else ''})")
    elif k == "power" and u is not None:
        try:
            out.extend(powers.preview(state, u, a["power"], a.get("target")))
        except (KeyError, TypeError):
            pass
    elif k == "rest" and u is not None:
        out.append(f"Removes 1 fatigue ({u.fatigue} on the card, {u.exhaustion} next to the unit)")
    return out
