"""Combat: who may fight whom, bonuses, the rolloff, counterattacks,
conceding, blood points.  uberdrakes.txt § Starting Combat, § Zones of
Control, § Voluntary Combat, § Combat, § Phase 1-4, § Blood Points,
§ Ranged Attacks, § Hide Shields, § Rage.

Sides: 0 initiated the combat (and wins ties), 1 defends.  Decisions
inside a combat are taken by `combat.to_act`, who may not be the active
player (the defender answers during the attacker's turn).
"""
from __future__ import annotations

from engine.core.rules import Event
from engine.core.rulings import reading
from engine.core.words import possessive
from games.uberdrakes.rules.common import (R_BLOOD, R_BLOOD_REWARDS, R_BONUS, R_COMBAT, R_COUNTER, R_RAGE, R_RANGED,
                                     R_ROLLOFF, R_SHIELD, R_STARTING, R_VOLUNTARY, R_ZOC, can_cast, element_of, has_item, heal, in_portal, pay_spell, rule_of_item,
                                     rule_of_spell, spend_item)
from games.uberdrakes.rules.ending import check_instant_win
from games.uberdrakes.rules.jobs import FinalBattleResult
from games.uberdrakes.rules.rulings import CAMOUFLAGE, ZOC_PASSING
from games.uberdrakes.rules.state import Combat, UDState, combat_under_way, placed

PRE_ITEMS = ("rage_potion",)
PRE_SPELLS = ("acid_rain", "windblast")
COUNTER_ITEMS = ("dragon_lance", "hide_shield")
COUNTER_SPELLS = ("fire_breath", "plate_armor")
REWARDS = ("coin", "heal", "card", "vp")


# ---- who may fight ----------------------------------------------------------------------

def stop_in_passing(state: UDState, p: int, path: tuple) -> int | None:
    """House ruling uberdrakes.zoc_passing, "passing_starts": the index in a
    movement's path of the first space passed (not the last) in an
    opponent's zone of control, where the movement stops; None when the
    ruling reads otherwise or nobody is passed.  Portal spaces are never in
    a zone of control."""
    if reading(state, ZOC_PASSING.id) != "passing_starts":
        return None
    portals = state.board.portal_hex
    for i in range(1, len(path) - 1):
        if path[i] not in portals and zoc_triggers(state, p, path[i]):
            return i
    return None


def opponents_from(state: UDState, p: int) -> list[int]:
    n = len(state.players)
    return [(p + i) % n for i in range(1, n)]


def zoc_triggers(state: UDState, p: int, at=None) -> list[int]:
    """Opponents whose zone of control p's dragon now stands in (or would,
    standing `at`) and who must fight it at once (§ Zones of Control):
    placed, not roosted, not in the portal, not camouflaged, not fought
    this turn."""
    d = state.players[p]
    at = d.hex if at is None else at
    if at is None or d.camouflaged or state.skies:
        return []
    near = state.board.zoc[at]
    if not near:
        return []
    out = []
    for o in opponents_from(state, p):
        e = state.players[o]
        if e.hex in near and not e.roosted and not e.camouflaged and o not in state.fought:
            out.append(o)
    return out


def attack_problem(state: UDState, p: int, o: int) -> tuple | None:
    """Why p (the active player) may not start a combat with o now."""
    board = state.board
    d, e = state.players[p], state.players[o]
    if o == p or not 0 <= o < len(state.players):
        return ("Choose an opponent.", R_STARTING)
    if d.hex is None or e.hex is None:
        return ("That dragon is not on the board yet.", R_STARTING)
    if o in state.fought:
        return ("You can engage in combat with the same opponent only once per turn.", R_ZOC)
    if in_portal(state, d) or in_portal(state, e):
        return ("Dragons inside the Portal cannot engage in combat.", R_VOLUNTARY)
    if e.camouflaged:
        return ("That dragon is camouflaged: opponents can't attack it until its next turn.",
                rule_of_spell(state.catalog, "camouflage"))
    sd, se = board.space_of[d.hex], board.space_of[e.hex]
    if sd == se and board.spaces[sd].large:
        if board.spaces[sd].kind == "village" and sd == board.start_village and not e.moved:
            return ("Dragons that haven't moved yet at the starting village cannot be attacked.", "uberdrakes.txt § Villages")
        if sd in state.shopped_at:
            return ("You bought or sold in this village this turn: you can't also fight here.",
                    "uberdrakes.txt § Villages")
        return None
    if e.hex in board.zoc.get(d.hex, ()) or (state.skies and e.hex == d.hex):
        return None
    return ("That dragon is not in your zone of control (or the same large space).", R_ZOC)


def ranged_problem(state: UDState, p: int, o: int, reach: int, exact: bool, rule: str) -> tuple | None:
    board = state.board
    d, e = state.players[p], state.players[o]
    if o == p or not 0 <= o < len(state.players) or d.hex is None or e.hex is None:
        return ("Choose an opponent on the board.", rule)
    if o in state.fought:
        return ("You can engage in combat with the same opponent only once per turn.", R_ZOC)
    if in_portal(state, d) or in_portal(state, e):
        return ("Dragons inside the Portal cannot engage in combat.", R_VOLUNTARY)
    if board.spaces[board.space_of[e.hex]].protected:
        return ("Opponents inside protected areas like Villages can't be targeted.", rule)
    if e.camouflaged:
        return ("That dragon is camouflaged.", rule_of_spell(state.catalog, "camouflage"))
    dist = board.distance(d.hex, e.hex)
    if exact and dist != reach:
        return (f"The Long Bow needs a distance of exactly {reach} spaces (it is {dist}).", rule)
    if not exact and dist > reach:
        return (f"Out of range: {dist} spaces away, at most {reach}.", rule)
    return None


# ---- starting a combat -------------------------------------------------------------------

def start(state: UDState, a: int, d: int, reason: str, ranged: bool, ev: list, dice) -> None:
    board = state.board
    A, D = state.players[a], state.players[d]
    c = Combat((a, d), reason, ranged or (state.skies and a == state.active and reason != "final"))
    state.combat = c
    if reason != "final":
        state.fought = state.fought + (d,)
        sp = board.space_of[placed(A)]
        if board.spaces[sp].kind == "village":
            state.fought_at = state.fought_at + (sp,)
            if state.shop == sp:
                state.shop = -1
    c.no_blood = reason == "final" or D.roosted
    what = {"zoc": "enters the zone of control of", "attack": "attacks", "bow": "shoots a Long Bow at",
            "thunderbolt": "strikes with Thunderbolt at", "warp": "warps in to attack", "final": "challenges"}[reason]
    rule = {"zoc": R_ZOC, "attack": R_VOLUNTARY, "bow": rule_of_item(state.catalog, "long_bow"),
            "thunderbolt": rule_of_spell(state.catalog, "thunderbolt"), "warp": rule_of_item(state.catalog, "warp_scroll"),
            "final": "docs/games/uberdrakes.md § The Endgame"}[reason]
    ev.append(Event("combat", f"Combat: {A.name} {what} {D.name}" + (" (ranged)" if c.ranged else ""), rule,
                    depth=0, data={"attacker": a, "defender": d, "ranged": c.ranged}))
    if c.no_blood and reason != "final":
        ev.append(Event("ruling", f"{D.name} has roosted: no blood points in this combat", R_STARTING))
    for x in (A, D):
        if x.regrowth:
            x.regrowth = False
            ev.append(Event("ruling", f"{possessive(x.name)} Regrowth is cancelled by combat", rule_of_spell(state.catalog, "regrowth")))
    for i in (0, 1):
        c.bonus[i], c.notes[i] = bonuses(state, c, i)
        if c.notes[i]:
            ev.append(Event("ruling", f"{possessive(state.players[c.sides[i]].name)} bonuses: "
                            + ", ".join(f"{t} {v:+d}" if v else t for t, v in c.notes[i]), R_BONUS))
    if A.camouflaged:
        A.camouflaged = False
        ev.append(Event("ruling", f"{A.name} attacks from camouflage: +{camouflage_bonus(state)}, and the "
                        "camouflage ends", rule_of_spell(state.catalog, "camouflage")))
    c.queue = [a, d]
    c.stage = "pre"
    advance(state, ev, dice)


def elemental(state: UDState, x: int, y: int) -> int:
    X, Y = state.players[x], state.players[y]
    if X.fatigue >= state.catalog.economy.max_fatigue or Y.supercharge > 0:
        return 0
    target = element_of(state.catalog, Y)
    if target is None:          # no dragon chosen: no rider counts against it
        return 0
    riders = state.catalog.riders
    total = sum(riders[r].bonus.get(target, 0) for r in X.delivered)
    if X.rider:
        total += riders[X.rider].bonus.get(target, 0)
    return total * 2 if X.supercharge > 0 else total


def bonuses(state: UDState, c: Combat, i: int) -> tuple[int, list]:
    x, y = c.sides[i], c.sides[1 - i]
    X = state.players[x]
    notes = []
    el = elemental(state, x, y)
    if el:
        notes.append(("riders' elemental bonus", el))
    elif X.fatigue >= state.catalog.economy.max_fatigue and (X.rider or X.delivered):
        notes.append(("no elemental bonus at full fatigue", 0))
    m = state.board.spaces[state.board.space_of[X.hex]].mountain
    if m:
        notes.append(("mountain", m))          # the value follows it: "mountain +2"
    if i == 0 and X.camouflaged:
        notes.append(("Camouflage", camouflage_bonus(state)))
    if state.sandstorm and state.sandstorm[2] == x:
        notes.append(("Sandstorm", state.catalog.economy.sandstorm_bonus))
    if X.equipped:
        eq = state.catalog.items[X.equipped].equip
        assert eq is not None, "only equipment is equipped (the catalog gives it an equip bonus)"
        assert eq is not None, "only equipment is equipped (the catalog gives it an equip bonus)"
        if (eq.when == "defend" and i == 1) or (eq.when == "initiate" and i == 0 and not c.ranged) \
                or (eq.when == "ranged" and c.ranged) or (eq.when == "rider" and X.rider):
            notes.append((state.catalog.items[X.equipped].name, eq.amount))
    return sum(v for _, v in notes), notes


# ---- the stages ----------------------------------------------------------------------------

def pre_options(state: UDState, p: int) -> list[str]:
    c = combat_under_way(state)
    X = state.players[p]
    out = []
    if has_item(X, "rage_potion"):
        out.append("rage_potion")
    for sid in PRE_SPELLS:
        if sid == "windblast" and c.reason == "final":
            continue
        if sid in _spell_ids(state.catalog, X) and can_cast(state, X, sid) is None:
            if not (sid == "acid_rain" and c.acid[1 - c.side(p)]) and not (sid == "windblast" and c.windblast[c.side(p)]):
                out.append(sid)
    return out


def counter_options(state: UDState, p: int) -> list[tuple[str, int]]:
    c = combat_under_way(state)
    X = state.players[p]
    i = c.side(p)
    out: list[tuple[str, int]] = []
    if has_item(X, "dragon_lance") and not c.ranged:
        out.append(("dragon_lance", 0))
    if has_item(X, "hide_shield") and not (i == 0 and c.ranged):
        out.append(("hide_shield", 0))
    ids = _spell_ids(state.catalog, X)
    if "fire_breath" in ids and can_cast(state, X, "fire_breath") is None:
        out.append(("fire_breath", 0))
    if "plate_armor" in ids and not c.plate[i]:
        for x in range(1, min(X.magic - 1, 12) + 1):
            if can_cast(state, X, "plate_armor", x + 1) is None:
                out.append(("plate_armor", x))
    return out


def _spell_ids(cat, X) -> set:
    from games.uberdrakes.rules.common import spells_of
    return {s.id for s in spells_of(cat, X)}


def losing_side(c: Combat) -> int:
    return 1 if c.total[0] >= c.total[1] else 0


def advance(state: UDState, ev: list, dice) -> None:
    """Run the combat until someone must decide (to_act), or it ends."""
    c = state.combat
    while c is not None:
        if c.stage == "pre":
            while c.queue and not pre_options(state, c.queue[0]):
                c.queue.pop(0)
            if c.queue:
                c.to_act = c.queue[0]
                return
            roll(state, 0, ev, dice)
            c.stage = "respond"
            c.to_act = c.sides[1]
            return
        if c.stage == "counter":
            loser = c.sides[losing_side(c)]
            c.to_act = loser
            if counter_options(state, loser):
                return
            ev.append(Event("ruling", f"{state.players[loser].name} has nothing to counterattack with and concedes",
                            R_COUNTER))
            resolve(state, 1 - losing_side(c), ev, dice)
            c = state.combat
            continue
        if c.stage == "exchange":
            while c.queue and not can_exchange(state, c.queue[0]):
                c.queue.pop(0)
            if c.queue:
                c.to_act = c.queue[0]
                return
            end(state, ev, dice)
            return
        return


def roll(state: UDState, i: int, ev: list, dice) -> None:
    c = combat_under_way(state)
    p = c.sides[i]
    X = state.players[p]
    rage = X.rage + c.temp_rage[i]
    n = 2 + rage
    faces = dice.roll(6, n)
    kept = sorted(faces, reverse=True)[:2]
    c.total[i] = c.bonus[i] + sum(kept)
    c.rolled[i] = True
    extra = f" (rage {rage}: best two of {n})" if rage else ""
    ev.append(Event("roll", f"{X.name} rolls {' '.join(map(str, faces))}{extra}: {sum(kept)} + {c.bonus[i]} = "
                    f"{c.total[i]}", R_RAGE if rage else R_ROLLOFF,
                    data={"dice": [[6, v] for v in faces], "kept": kept, "player": p, "total": c.total[i],
                          "who": "attacker" if i == 0 else "defender"}))


def do_pre(state: UDState, p: int, what: str, ev: list, dice) -> None:
    c = combat_under_way(state)
    i = c.side(p)
    X = state.players[p]
    if what == "rage_potion":
        if _item_destroyed(state, i, "rage_potion", ev):
            pass
        else:
            spend_item(state, p, "rage_potion")
            c.temp_rage[i] += 1
            c.used[i].append("rage_potion")
            ev.append(Event("ruling", f"{X.name} drinks a Rage Potion: temporary rage {c.temp_rage[i]}",
                            rule_of_item(state.catalog, "rage_potion")))
    elif what == "acid_rain":
        pay_spell(state, p, "acid_rain", state.catalog.spell("acid_rain").cost, ev)
        c.acid[1 - i] = True
        c.used[i].append("acid_rain")
        ev.append(Event("ruling", f"The next combat item {state.players[c.sides[1 - i]].name} uses is destroyed",
                        rule_of_spell(state.catalog, "acid_rain")))
    elif what == "windblast":
        pay_spell(state, p, "windblast", state.catalog.spell("windblast").cost, ev)
        c.windblast[i] = True
        c.used[i].append("windblast")
        ev.append(Event("ruling", f"If {X.name} wins, double damage, even at range", rule_of_spell(state.catalog, "windblast")))
    advance(state, ev, dice)


def _item_destroyed(state: UDState, i: int, item: str, ev: list) -> bool:
    """Acid Rain: the next combat item of side i is destroyed."""
    c = combat_under_way(state)
    if not c.acid[i]:
        return False
    c.acid[i] = False
    p = c.sides[i]
    spend_item(state, p, item)
    ev.append(Event("ruling", f"Acid Rain destroys {possessive(state.players[p].name)} {state.catalog.items[item].name}: no effect",
                    rule_of_spell(state.catalog, "acid_rain")))
    return True


def do_ready(state: UDState, p: int, ev: list, dice) -> None:
    c = combat_under_way(state)
    if c.queue and c.queue[0] == p:
        c.queue.pop(0)
    advance(state, ev, dice)


def do_roll(state: UDState, p: int, ev: list, dice) -> None:
    c = combat_under_way(state)
    roll(state, 1, ev, dice)
    L = losing_side(c)
    ev.append(Event("ruling", f"{state.players[c.sides[L]].name} is the presumptive loser "
                    f"({c.total[L]} to {c.total[1 - L]}{', ties go to the initiator' if c.total[0] == c.total[1] else ''})",
                    R_ROLLOFF))
    c.stage = "counter"
    advance(state, ev, dice)


def do_concede(state: UDState, p: int, ev: list, dice) -> None:
    c = combat_under_way(state)
    i = c.side(p)
    if c.stage == "respond":
        c.conceded_early = True
        c.total[1] = c.bonus[1]
        ev.append(Event("ruling", f"{state.players[p].name} concedes without rolling and takes double damage",
                        R_ROLLOFF))
    else:
        ev.append(Event("ruling", f"{state.players[p].name} concedes the battle", R_COUNTER))
    resolve(state, 1 - i, ev, dice)


def do_counter(state: UDState, p: int, what: str, x: int, ev: list, dice) -> None:
    c = combat_under_way(state)
    i = c.side(p)
    X = state.players[p]
    add = 0
    if what in COUNTER_ITEMS:
        if not _item_destroyed(state, i, what, ev):
            spend_item(state, p, what)
            face = dice.roll(6, 1)[0]
            add = face
            c.used[i].append(what)
            if what == "hide_shield":
                c.noharm[i] = True
            ev.append(Event("roll", f"{X.name} uses a {state.catalog.items[what].name}: +{face}",
                            rule_of_item(state.catalog, what), data={"dice": [[6, face]], "player": p}))
    elif what == "fire_breath":
        pay_spell(state, p, "fire_breath", state.catalog.spell("fire_breath").cost, ev)
        face = dice.roll(6, 1)[0]
        add = face
        c.used[i].append(what)
        ev.append(Event("roll", f"{X.name} breathes fire: +{face}", rule_of_spell(state.catalog, "fire_breath"),
                        data={"dice": [[6, face]], "player": p}))
    elif what == "plate_armor":
        pay_spell(state, p, "plate_armor", x + 1, ev)
        c.plate[i] = True
        c.noharm[i] = True
        add = x
        c.used[i].append(what)
        ev.append(Event("ruling", f"{X.name} dons Plate Armor: +{x} (no damage if it wins)", rule_of_spell(state.catalog, "plate_armor")))
    c.total[i] += add
    if add:
        ev.append(Event("ruling", f"Totals: {state.players[c.sides[0]].name} {c.total[0]}, "
                        f"{state.players[c.sides[1]].name} {c.total[1]}", R_COUNTER))
    advance(state, ev, dice)


def resolve(state: UDState, w: int, ev: list, dice) -> None:
    """Side w has won; the damage phase (if any), then blood points."""
    c = combat_under_way(state)
    c.winner = w
    W, L = c.sides[w], c.sides[1 - w]
    ev.append(Event("ruling", f"{state.players[W].name} wins the battle", R_COMBAT,
                    data={"winner": W, "loser": L}))
    if c.reason == "final":
        end(state, ev, dice)
        return
    n = 2 if c.conceded_early else 1
    if c.windblast[w]:
        n *= 2
    elif (w == 1 and c.ranged) or c.noharm[w]:
        why = "the loser attacked at range" if (w == 1 and c.ranged) else "the winner used a Hide Shield or Plate Armor"
        ev.append(Event("ruling", f"No damage: {why}", R_SHIELD if c.noharm[w] else R_RANGED))
        n = 0
    c.damage_left = n
    if n:
        c.stage = "damage"
        c.to_act = W
        return
    award_blood(state, ev, dice)


def after_damage(state: UDState, ev: list, dice) -> None:
    c = combat_under_way(state)
    c.damage_left -= 1
    if c.damage_left > 0 and state.players[c.sides[1 - c.winner]].hex is not None:
        return
    award_blood(state, ev, dice)


def award_blood(state: UDState, ev: list, dice) -> None:
    c = combat_under_way(state)
    W, L = c.sides[c.winner], c.sides[1 - c.winner]
    if not c.no_blood:
        got = max(0, c.total[1 - c.winner])
        state.players[W].blood += got
        state.players[L].blood += got // 2
        ev.append(Event("ruling", f"Blood points: {state.players[W].name} +{got}, {state.players[L].name} "
                        f"+{got // 2}", R_BLOOD, data={"winner": W, "loser": L}))
    c.stage = "exchange"
    c.queue = [W, L]
    advance(state, ev, dice)


def end(state: UDState, ev: list, dice) -> None:
    c = combat_under_way(state)
    state.combat = None
    if c.reason == "final":
        state.jobs.insert(0, FinalBattleResult(c.sides[c.winner], c.sides[1 - c.winner]))


# ---- blood point rewards -------------------------------------------------------------------

def vp_cost(state: UDState, p: int) -> int:
    e = state.catalog.economy
    if state.options.get("variant") == "bloodsport":
        return e.bloodsport_vp
    return e.blood_vp + e.blood_vp_step * state.players[p].vp_bought


def reward_cost(state: UDState, p: int, reward: str) -> int:
    e = state.catalog.economy
    return {"coin": e.blood_coin, "heal": e.blood_heal, "card": e.blood_card}.get(reward) or vp_cost(state, p)


def reward_problem(state: UDState, p: int, reward: str) -> tuple | None:
    d = state.players[p]
    if reward not in REWARDS:
        return (f"Unknown reward {reward!r} (coin, heal, card, vp).", R_BLOOD_REWARDS)
    cost = reward_cost(state, p, reward)
    if d.blood < cost:
        return (f"That costs {cost} blood points; you have {d.blood}.", R_BLOOD_REWARDS)
    if reward == "heal" and d.fatigue == 0:
        return ("You have no fatigue to heal.", R_BLOOD_REWARDS)
    if reward == "card" and not state.movement_deck and not state.movement_discard:
        return ("The movement deck is empty.", R_BLOOD_REWARDS)
    return None


def can_exchange(state: UDState, p: int) -> bool:
    return any(reward_problem(state, p, r) is None for r in REWARDS)


def do_blood(state: UDState, p: int, reward: str, ev: list, dice) -> None:
    from games.uberdrakes.rules.common import draw_movement
    d = state.players[p]
    cost = reward_cost(state, p, reward)
    d.blood -= cost
    if reward == "coin":
        d.coins += 1
        ev.append(Event("ruling", f"{d.name} exchanges {cost} blood points for a coin", R_BLOOD_REWARDS))
    elif reward == "heal":
        heal(state, p, 1, ev, f"{cost} blood points", R_BLOOD_REWARDS)
    elif reward == "card":
        draw_movement(state, p, 1, dice, ev, f"{cost} blood points", R_BLOOD_REWARDS)
    else:
        d.vp += 1
        d.vp_bought += 1
        ev.append(Event("ruling", f"{d.name} exchanges {cost} blood points for a victory point ({d.vp} VP)",
                        R_BLOOD_REWARDS, data={"player": p, "vp": d.vp}))
        check_instant_win(state, ev)


def do_done(state: UDState, p: int, ev: list, dice) -> None:
    c = state.combat
    if c is not None and c.stage == "exchange":
        if c.queue and c.queue[0] == p:
            c.queue.pop(0)
        advance(state, ev, dice)
        return
    state.pending = None


# ---- odds for the learner and the computer dragon ------------------------------------------------

def top_two_distribution(n: int) -> dict[int, float]:
    return _TOP2.get(n) or _top2(n)


_TOP2: dict[int, dict[int, float]] = {}


def _top2(n: int) -> dict[int, float]:
    """Exact distribution of the sum of the best two of n six-sided dice."""
    from itertools import product
    n = max(2, n)
    if n > 6:
        n = 6               # beyond six dice the best two are 12 almost surely; cap the work
    dist: dict[int, float] = {}
    total = 6 ** n
    for faces in product(range(1, 7), repeat=n):
        a = sorted(faces, reverse=True)
        s = a[0] + a[1]
        dist[s] = dist.get(s, 0) + 1 / total
    _TOP2[n] = dist
    return dist


def win_chance(bonus_a: int, rage_a: int, bonus_d: int, rage_d: int) -> float:
    """P(the initiator's rolloff total >= the defender's): ties go to the
    initiator.  Before counterattacks."""
    da, dd = top_two_distribution(2 + rage_a), top_two_distribution(2 + rage_d)
    p = 0.0
    for ta, pa in da.items():
        for td, pd in dd.items():
            if ta + bonus_a >= td + bonus_d:
                p += pa * pd
    return p


def chance_to_beat(total: int, bonus: int, rage: int) -> tuple[int, float]:
    """The defender's rolloff against a total already rolled: (the roll
    needed, P(reaching it)); ties go to the initiator."""
    need = total - bonus + 1
    return need, sum(pr for s, pr in top_two_distribution(2 + rage).items() if s >= need)


def chance_to_overtake(gap: int, need_strict: bool) -> float:
    """P(one added die lifts a total `gap` behind to winning)."""
    need = gap + (1 if need_strict else 0)
    return max(0.0, min(1.0, (7 - need) / 6)) if need > 0 else 1.0


def expected_sides(state: UDState, a: int, d: int, ranged: bool = False) -> tuple[int, int, int, int]:
    """(bonus_a, rage_a, bonus_d, rage_d) for a combat a would start now."""
    c = Combat((a, d), "attack", ranged)
    ba, _ = bonuses(state, c, 0)
    bd, _ = bonuses(state, c, 1)
    return ba, state.players[a].rage, bd, state.players[d].rage


def pending_text(state: UDState) -> str:
    c = state.combat
    if c is None:
        return ""
    return f"{c.stage}: {state.players[c.to_act].name} to decide"


__all__ = ["start", "advance", "zoc_triggers", "attack_problem", "ranged_problem", "win_chance"]


def camouflage_bonus(state: UDState) -> int:
    """The bonus for attacking from Camouflage: the spell's +3 (economy data), or +2 by house ruling."""
    return state.catalog.economy.camouflage_bonus if reading(state, CAMOUFLAGE.id) == "three" else 2
