"""Actions in words (log lines, buttons) and previews of what an action
would do: path lengths against the allowance, the reason an end position
is illegal, exact odds of the dice with their upgrades and downgrades."""
from __future__ import annotations

import math

from engine.core.actions import Action
from engine.core.odds import percent
from games.dragonbond.rules import charging, checks, combat, dicepool, modifiers, movement, powers, space, stats
from games.dragonbond.rules.state import DBState


def _u(state: DBState, uid) -> str:
    u = state.units.get(uid)
    return stats.name(state, u) if u is not None else f"unit {uid}"


def _who(state, a: Action) -> str:
    """The name of the player who acts."""
    return state.players[a.player].name if 0 <= a.player < len(state.players) else f"P{a.player}"


def describe_declare_bond(state, a: Action) -> str:
    who = _who(state, a)
    d = a.get("dragon")
    if d is None:
        return f"{who} declares no Dragonbond"
    return f"{who} bonds their general with {_u(state, d)}" + (" and starts mounted" if a.get("mounted") else "")


def describe_choose_edge(state, a: Action) -> str:
    who = _who(state, a)
    return f"{who} takes the {a['edge']} edge and deploys {'first' if a['first'] else 'second'}"


def describe_deploy(state, a: Action) -> str:
    who = _who(state, a)
    return f"{who} deploys {_u(state, a['uid'])}"


def describe_activate(state, a: Action) -> str:
    who = _who(state, a)
    return f"{who} activates {_u(state, a['uid'])}"


def describe_pass_round(state, a: Action) -> str:
    who = _who(state, a)
    return f"{who} gives up the rest of the round"


def describe_a_move(state, a: Action) -> str:
    verb = {"move": "moves", "run": "runs", "disengage": "disengages"}[a.kind]
    return f"{_u(state, a['uid'])} {verb}"


def describe_charge(state, a: Action) -> str:
    return f"{_u(state, a['uid'])} charges {_u(state, a['target'])} with {a['weapon']}"


def describe_coordinated(state, a: Action) -> str:
    return f"{_u(state, a['uid'])} and {_u(state, a['second'])} make a coordinated move"


def describe_rest(state, a: Action) -> str:
    return f"{_u(state, a['uid'])} rests"


def describe_attack(state, a: Action) -> str:
    return f"{_u(state, a['uid'])} attacks {_u(state, a['target'])} with {a['weapon']}"


def describe_power(state, a: Action) -> str:
    name = "its combined power" if a["power"] == powers.COMBINED else a["power"]
    tgt = a.get("target")
    return f"{_u(state, a['uid'])} uses {name}" + (f" on {_u(state, tgt)}" if tgt is not None
                                                    and tgt != a["uid"] else "")


def describe_wait(state, a: Action) -> str:
    return f"{_u(state, a['uid'])} waits"


def describe_end_turn(state, a: Action) -> str:
    who = _who(state, a)
    return f"{who} ends the turn"


def describe_mount(state, a: Action) -> str:
    return f"{_u(state, a['uid'])} mounts the bonded dragon"


def describe_dismount(state, a: Action) -> str:
    return "The general dismounts"


def describe_opportunity_attack(state, a: Action) -> str:
    return f"{_u(state, a['uid'])} makes an opportunity attack on {_u(state, a['target'])}"


def describe_use_reaction(state, a: Action) -> str:
    return f"{_u(state, a['uid'])} reacts with {a['power']}"


def describe_decline(state, a: Action) -> str:
    who = _who(state, a)
    return f"{who} declines"


def describe_remove_models(state, a: Action) -> str:
    who = _who(state, a)
    return f"{who} removes {len(a['models'])} model{'s' if len(a['models']) != 1 else ''} of {_u(state, a['uid'])}"


def describe_follow_up(state, a: Action) -> str:
    return f"{_u(state, a['uid'])} moves up to 2\" into the fight"


def describe_skip_follow_up(state, a: Action) -> str:
    return f"{_u(state, a['uid'])} holds its ground"


def describe_charge_attack(state, a: Action) -> str:
    pd = state.pending[-1] if state.pending else None
    tgt = f" {_u(state, pd.target)}" if pd is not None and pd.kind == "charge_attack" else ""
    return f"{_u(state, a['uid'])} strikes{tgt} with the charge"


# ---- previews: the position the action will really meet -----------------------------------------

def activated_copy(state: DBState, uid: int) -> DBState | None:
    """A copy of the state with unit `uid` activated as the rules activate
    it (the turn counter, Start of Turn effects), every roll assumed to
    show its highest face (a blank): a simulated roll decides nothing.
    None when it cannot be activated now."""
    from engine.core.dice import HighestDice
    from games.dragonbond.rules import turn_loop, turns
    if state.phase != "battle" or state.turn is not None or state.pending or uid not in state.units:
        return None
    u = state.units[uid]
    if checks.problem(state, Action.make("activate", u.owner, uid=uid)) is not None:
        return None
    s = state.copy()
    dice = HighestDice()
    ev: list = []
    turns.activate(s, s.units[uid], dice, ev)
    turn_loop.run_frames(s, dice, ev)
    return s


TOKEN_WORDS = {
    "slow": "a Slow token (half its speed goes before its next movement)",
    "immobilized": "an Immobilized token (it cannot move at its next activation)",
    "damage": "a Damage token (a white die at the start of its turns: a hit is a wound)",
}


def terrain_lines(state: DBState, u, pieces, when: str = "") -> list[str]:
    """What the terrain a move enters will do to the unit, in words (the
    rules' own judgement, movement.instant_effect): "Enters Ford Mire: a
    Slow token (...)" or why it does not ("flies over")."""
    out = []
    for p in pieces:
        st, why = movement.instant_effect(state, u, p, "enters")
        name = p.name or p.type
        if st is not None:
            out.append(f"Enters {name}{when}: {TOKEN_WORDS.get(st, st)} (dragonbond.txt § Instant)")
        elif why:
            out.append(f"Enters {name}{when}: no token ({why})")
    return out


def _rolls(ks: list[int], every: list[int]) -> str:
    """" with 3+ successes" for the rolls `ks` among `every` ("" if all)."""
    ks = sorted(ks)
    if ks == sorted(every):
        return ""
    if ks == [k for k in sorted(every) if k >= ks[0]]:
        return f" with {ks[0]}+ successes"
    return " with " + " or ".join(str(k) for k in ks) + " successes"


def fighters_words(fighters: dict) -> str:
    """{successes: models fighting} as "4 models fight with 3 successes,
    5 with 4+" (the rolls that fall short left out)."""
    every = sorted(fighters)
    by: dict = {}
    for k in every:
        if fighters[k]:
            by.setdefault(fighters[k], []).append(k)
    parts = []
    for i, (n, ks) in enumerate(sorted(by.items(), key=lambda kv: kv[1][0])):
        head = f"{n} model{'s' if n != 1 else ''} fight" if i == 0 else f"{n}"
        if len(by) == 1:
            return head
        parts.append(head + _rolls(ks, every))
    return ", ".join(parts)


def after_costs(state: DBState, a: Action) -> DBState:
    """A copy of the state with the action's own fatigue paid, as the rules
    pay it (stats.pay_action): the exhaustion it brings counts."""
    s = state.copy()
    u = s.units.get(a.get("uid"))
    if u is not None and a.kind in stats.ACTION_FATIGUE:
        stats.pay_action(s, u, a.kind, [])
    return s


def preview_base(state: DBState, a: Action) -> DBState:
    """The position an action of a unit not yet activated will meet: after
    activating it (the controller chains the two)."""
    uid = a.get("uid")
    if a.kind != "activate" and state.turn is None and state.phase == "battle" and not state.pending:
        s = activated_copy(state, uid)
        if s is not None:
            return s
    return state


def charge_outlook(state: DBState, a: Action) -> dict:
    """What a charge will do, with the code the rules run: its fatigue paid
    (exhaustion downgrades the roll and slows the unit), Slow taken off the
    distance, the charge planned for every possible roll and the models
    that will really fight counted (after the pile-in the unit is offered).
    Returns reach (chance to engage), expected (wounds, the misses as 0),
    fighters {successes: models fighting}, pool, speed, target distance."""
    s = after_costs(state, a)
    u, t = s.units[a["uid"]], s.units[a["target"]]
    w, _ = stats.weapon(s, u, a["weapon"])
    up, down, notes = modifiers.roll_mods(s, u, "charge", {"other": t, "charging": True})
    pool = dicepool.modify([3, 3, 3], up, down, state=state)
    sp = stats.speed(s, u)
    slow = sp / 2.0 if u.slow else 0.0
    reach = expected = 0.0
    fighters = {}
    terrain: dict = {}                # piece id -> (piece, [rolls whose charge enters it])
    plans = {}
    for k, p in dicepool.success_dist(state.catalog, tuple(pool)):
        allowance = max(0.0, sp + k - slow)
        n, e, pts, entered = _charge_result(s, u, t, w, allowance)
        fighters[k] = n
        plans[k] = pts
        for piece in entered:
            terrain.setdefault(piece.id, (piece, []))[1].append(k)
        if n:
            reach += p
            expected += p * e
    return {"reach": reach, "expected": expected, "fighters": fighters, "pool": pool, "speed": sp, "slow": slow,
            "distance": space.distance(s, u, t), "notes": notes, "state": s, "plans": plans,
            "terrain": list(terrain.values())}


def _charge_result(s: DBState, u, t, w, allowance: float) -> tuple[int, float, list, list]:
    """(models fighting, expected wounds, the charge's end positions, the
    terrain its paths enter) if the charge may move `allowance`."""
    c = s.copy()
    cu, ct = c.units[u.uid], c.units[t.uid]
    pts, paths = charging.planned(c, cu, ct, allowance)
    entered = movement.terrain_entered(c, cu, paths)
    movement.move_models(c, cu, pts, [], "charges", moving=False)
    if not space.engaged_models(c, cu, ct):
        return 0, 0.0, pts, entered
    plan = movement.plan_follow_up(c, cu, ct)
    if plan is not None:
        movement.move_models(c, cu, plan, [], "piles in", moving=False)
    n = combat.fighting_models(c, cu, ct, w)
    return n, combat.expected_wounds(c, cu, ct, w, charging=True), pts, entered


def preview(state: DBState, a: Action) -> list[str]:
    """What committing `a` would do, in words: refusals with their rule,
    path lengths against the allowance, exact odds on the position the
    action will meet (after activating the unit, after its own costs)."""
    bad = checks.problem(state, a) if state.phase != "over" else "The game is over."
    out: list[str] = []
    if bad is not None:
        reason, rule = (bad if isinstance(bad, tuple) else (bad, ""))
        out.append(f"Not allowed: {reason}" + (f" ({rule})" if rule else ""))
    state = preview_base(state, a)
    k = a.kind
    u = state.units.get(a.get("uid")) if a.get("uid") is not None else None
    if k in ("move", "run", "disengage") and u is not None and u.models:
        s = after_costs(state, a)
        su = s.units[u.uid]
        if k != "move" and s.turn is not None:
            s.turn.mode = k                               # as the rules set it before moving
        lim = movement.left(s, su)
        try:
            pts = movement.parse_to(u, a["to"])
            paths = movement.model_paths(state, u, pts, math.inf)
            if isinstance(paths, list):
                far = movement.longest(paths)
                out.append(f"Longest path {far:.2f}\" of {lim:.2f}\" allowed"
                           + (" (too far)" if far > lim + 1e-6 else ""))
                out.extend(terrain_lines(state, u, movement.terrain_entered(state, u, paths)))
            if k != "disengage":
                leave = movement.would_leave(state, u, pts)
                if leave:
                    out.append("Leaves combat with " + ", ".join(_u(state, e) for e in leave)
                               + ": opportunity attacks first")
        except (ValueError, KeyError):
            pass
        if u.slow:
            out.append("Slow: half its speed is spent before moving")
        if su.exhaustion:
            out.append(f"Exhausted: speed -{su.exhaustion}" + (" (after paying for it)"
                                                              if su.exhaustion > u.exhaustion else ""))
    elif k in ("attack", "opportunity_attack") and u is not None:
        s = after_costs(state, a)
        su = s.units[u.uid]
        t = s.units.get(a["target"])
        w, _ = stats.weapon(s, su, a["weapon"])
        if t is not None and t.models and w is not None:
            out.extend(combat.preview_lines(s, su, t, w))
            if su.exhaustion > u.exhaustion:
                out.append(f"Paying its fatigue leaves it exhausted ({su.exhaustion} token"
                           f"{'s' if su.exhaustion > 1 else ''}): its dice are downgraded")
    elif k == "charge" and u is not None:
        t = state.units.get(a["target"])
        w, _ = stats.weapon(state, u, a["weapon"])
        if t is not None and t.models and w is not None:
            o = charge_outlook(state, a)
            slow = f", less {o['slow']:g}\" for Slow" if o["slow"] else ""
            out.append(f"Target {o['distance']:.1f}\" away; speed {o['speed']}{slow} + "
                       f"{dicepool.describe_pool(o['pool'])} successes: reaches it {percent(o['reach'])}")
            every = list(o["fighters"])
            for piece, ks in o["terrain"]:
                out.extend(terrain_lines(o["state"], o["state"].units[u.uid], [piece], _rolls(ks, every)))
            counts = sorted(set(n for n in o["fighters"].values() if n))
            if counts:
                out.append("If it arrives: " + fighters_words(o["fighters"]) + " (pile-in included)")
                s = o["state"]
                n = max(o["fighters"].items(), key=lambda kv: (kv[1] > 0, kv[0]))[1]
                out.extend("  " + line for line in combat.preview_lines(s, s.units[u.uid], s.units[t.uid], w,
                                                                      charging=True, models=n))
            out.append(f"Expected wounds, the charge roll included: {o['expected']:.2f}")
            su = o["state"].units[u.uid]
            if su.exhaustion > u.exhaustion:
                out.append(f"Paying 2 fatigue leaves it exhausted ({su.exhaustion} token"
                           f"{'s' if su.exhaustion > 1 else ''})")
    elif k == "power" and u is not None:
        try:
            out.extend(powers.preview(state, u, a["power"], a.get("target")))
        except (KeyError, TypeError):
            pass
    elif k == "rest" and u is not None:
        out.append(f"Removes 1 fatigue ({u.fatigue} on the card, {u.exhaustion} next to the unit)")
    return out
