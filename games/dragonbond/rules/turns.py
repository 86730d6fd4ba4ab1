"""Rounds and turns: face-off rolls, initiative, the turn counter,
activations and their Start of Turn effects, the end of a turn, upkeep,
Control scoring and the end of the game.

dragonbond.txt § Face-Off Rolls, § Tiebreakers, § Game Flow, § Initiative,
§ Turn Counter, § Turn Order, § Start of Turn, § Resolving Status Effects,
§ Ending a Round, § Upkeep, § Ending the Game, § Control, § Scoring.

A topic module beside flow.py: the round and turn sequence is here, flow.py
holds what an action triggers before it resolves (reactions, casualties).
"""
from __future__ import annotations

from engine.core.rules import Event
from engine.core.rulings import reading
from games.dragonbond.rules import dicepool, movement, space, stats, wounds
from games.dragonbond.rules.frames import Casualties, push
from games.dragonbond.rules.rulings import TURN_COUNTER
from games.dragonbond.rules.state import DBState, Turn, Unit

R_FACEOFF = "dragonbond.txt § Face-Off Rolls"
R_TIEBREAK = "dragonbond.txt § Tiebreakers"
R_INITIATIVE = "dragonbond.txt § Initiative"
R_COUNTER = "dragonbond.txt § Turn Counter"
R_ORDER = "dragonbond.txt § Turn Order"
R_START = "dragonbond.txt § Start of Turn"
R_STATUS = "dragonbond.txt § Resolving Status Effects"
R_ROUND_END = "dragonbond.txt § Ending a Round"
R_UPKEEP = "dragonbond.txt § Upkeep"
R_END = "dragonbond.txt § Ending the Game"
R_CONTROL = "dragonbond.txt § Controlling Objectives"
R_SCORING = "dragonbond.txt § Scoring"
R_EPIC = "dragonbond.txt § Keywords"
R_DRAGONRIDER_TURNS = "dragonbond.txt § The Dragonriding Keyword"
R_INSTANT = "dragonbond.txt § Instant"
ROUNDS = 4


# ---- face-off ---------------------------------------------------------------------------------

def face_off(state: DBState, dice, players: list[int], events: list, what: str) -> list[int]:
    """Every player rolls three grey action dice; most successes wins,
    then most criticals, then most doubles; still tied: reroll.  Returns
    the players from winner down (ties among the rest broken the same way)."""
    results = {}
    for p in players:
        r = dicepool.roll_action(state.catalog, dice, [2, 2, 2], False, events, f"{state.players[p].name} ({what})", R_FACEOFF, "success",
                                 state=state)
        results[p] = (r.total, r.crits, r.doubles)
    order = sorted(players, key=lambda p: results[p], reverse=True)
    out: list[int] = []
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and results[order[j + 1]] == results[order[i]]:
            j += 1
        group = order[i:j + 1]
        if len(group) > 1:
            events.append(Event("ruling", "Tied on successes, criticals and doubles: "
                                + ", ".join(state.players[p].name for p in group) + " reroll", R_TIEBREAK))
            group = face_off(state, dice, group, events, what)
        out.extend(group)
        i = j + 1
    return out


# ---- rounds ---------------------------------------------------------------------------------------

def units_of(state: DBState, p: int) -> list[Unit]:
    """A player's units on the battlefield (a mounted pair once: the dragon)."""
    return [u for u in state.units.values() if u.owner == p and u.alive and u.models]


def turns_for(state: DBState, p: int) -> tuple[int, list[str]]:
    """1 + units on the battlefield + Epic; a dragonrider pair counts once."""
    units = units_of(state, p)
    if not units:
        return 0, []
    plural = f"{len(units)} unit{'s' if len(units) != 1 else ''}"
    if reading(state, TURN_COUNTER.id) == "units_only":        # house ruling: the Dragonriding example
        n = len(units)
        notes = [f"{plural} (house ruling: no extra 1)"]
    else:
        n = 1 + len(units)
        notes = [f"1 + {plural}"]
    for u in units:
        e = stats.epic(state, u)
        if e:
            n += e
            notes.append(f"Epic {e} ({stats.card(u).name})")
        if u.rider is not None:
            notes.append(f"{stats.card(state.units[u.rider]).name} rides {stats.card(u).name}: counted once")
    return n, notes


def start_round(state: DBState, dice, events: list) -> None:
    state.round += 1
    events.append(Event("phase", f"Round {state.round}", "dragonbond.txt § Game Flow", depth=0,
                        data={"round": state.round}))
    for p in state.players:
        n, notes = turns_for(state, p.index)
        p.turns = n
        p.passed = False
        if n:
            events.append(Event("ruling", f"{p.name}: {n} turns ({', '.join(notes)})",
                                R_DRAGONRIDER_TURNS if any("counted once" in x for x in notes) else
                                (R_EPIC if any("Epic" in x for x in notes) else R_COUNTER)))
    alive = [p.index for p in state.players if not p.out]
    ranking = face_off(state, dice, alive, events, "initiative")
    first = ranking[0]
    n = len(state.players)
    state.order = [(first + k) % n for k in range(n) if not state.players[(first + k) % n].out]
    events.append(Event("ruling", f"{state.players[first].name} wins the initiative and takes the first turn; "
                        "the others follow clockwise", R_INITIATIVE, data={"first": first}))
    state.current = first


def next_player(state: DBState, dice, events: list, after: int) -> None:
    """The next player clockwise with turns left; none: the round ends."""
    order = state.order
    if after in order:
        i = order.index(after)
    else:
        i = -1
    for k in range(1, len(order) + 1):
        p = order[(i + k) % len(order)]
        pl = state.players[p]
        if pl.turns > 0 and not pl.out and not pl.passed:
            state.current = p
            return
    end_round(state, dice, events)


def end_round(state: DBState, dice, events: list) -> None:
    events.append(Event("phase", f"Round {state.round} ends: no player has turns left", R_ROUND_END, depth=0))
    for u in state.units.values():
        u.temp = [t for t in u.temp if t.duration != "round"]
    score_objectives(state, events)
    if state.round >= ROUNDS:
        finish(state, events, f"the end of round {ROUNDS}", R_END)
        return
    events.append(Event("phase", "Upkeep: restore stamina, reset the turn counters, roll initiative", R_UPKEEP,
                        depth=1))
    for u in state.units.values():
        if not u.alive:
            continue
        cap = stats.stamina(state, u)
        if u.fatigue or u.exhaustion:
            before = (u.fatigue, u.exhaustion)
            u.fatigue = min(u.exhaustion, cap)
            u.exhaustion = max(0, u.exhaustion - cap)
            events.append(Event("fatigue", f"{stats.name(state, u)}: stamina restored (fatigue {before[0]}+"
                                f"{before[1]} -> {u.fatigue}+{u.exhaustion})", R_UPKEEP, data={"uid": u.uid}))
    start_round(state, dice, events)


def score_objectives(state: DBState, events: list) -> None:
    if state.options.get("mode", "control") != "control":
        return
    counts = [0] * len(state.players)
    for i, obj in enumerate(space.objectives(state)):
        c = space.controller(state, obj)
        if c is None:
            events.append(Event("ruling", f"{obj.name or f'Objective {i + 1}'}: nobody controls it", R_CONTROL))
            continue
        counts[c] += 1
        state.players[c].score += 1
        events.append(Event("score", f"{state.players[c].name} controls {obj.name or f'objective {i + 1}'}: +1 point",
                            R_SCORING, data={"player": c, "points": 1}))
    for p, n in zip(state.players, counts):
        p.objectives = n


# ---- activations ------------------------------------------------------------------------------------

def activate(state: DBState, u: Unit, dice, events: list, mode: str = "") -> None:
    """Steps 1-3 of § Turn Order: the counter, the unit, Start of Turn effects."""
    p = state.players[u.owner]
    p.turns -= 1
    engaged = tuple(sorted(v.uid for v in space.on_table(state) if space.in_combat_with(state, v)))
    state.turn = Turn(u.uid, mode=mode, engaged_start=engaged)
    events.append(Event("turn", f"{p.name} activates {stats.name(state, u)} ({p.turns} turn"
                        f"{'s' if p.turns != 1 else ''} left)", R_ORDER, depth=0,
                        data={"player": p.index, "uid": u.uid}))
    push(state, Casualties())
    start_of_turn(state, u, dice, events)


def start_of_turn(state: DBState, u: Unit, dice, events: list) -> None:
    for piece in space.touching_terrain(state, u):
        movement.instant(state, u, piece, events, "starts its turn touching")
    if u.damage:
        n = len(u.damage)
        r = dicepool.roll_action(state.catalog, dice, [1] * n, False, events, f"{stats.name(state, u)}: {n} Damage token"
                                 f"{'s' if n > 1 else ''}", R_STATUS, state=state)
        hits = sum(1 for f in r.read if f.success)
        hits = min(hits, n)
        if hits:
            sources = u.damage[:hits]
            u.damage = u.damage[hits:]
            for src in sorted(set(sources)):
                k = sources.count(src)
                wounds.add_wounds(state, u, k, src, -1, events, "Damage token")
            events.append(Event("status", f"{hits} Damage token{'s' if hits > 1 else ''} removed from "
                                f"{stats.name(state, u)}", R_STATUS))
        else:
            events.append(Event("status", "No hit: the Damage tokens stay", R_STATUS))
    if u.immobilized:
        events.append(Event("status", f"{stats.name(state, u)} is immobilized: it spends all of its speed",
                            R_STATUS))


def end_turn(state: DBState, dice, events: list) -> None:
    t = state.turn
    if t is None:
        return
    uids = [t.uid, t.second] if t.second >= 0 else [t.uid]
    for uid in uids:
        u = state.units.get(uid)
        if u is None or not u.alive:
            continue
        moved = (uid in t.moved_units) if t.mode == "coordinated" else t.moved
        if u.immobilized and not moved:
            u.immobilized -= 1
            events.append(Event("status", f"{stats.name(state, u)} spent its speed: one Immobilized token removed",
                                R_STATUS))
        elif u.slow and not moved and not t.slow_paid:
            u.slow -= 1
            events.append(Event("status", f"{stats.name(state, u)} did not move: one Slow token removed", R_STATUS))
    for u in state.units.values():
        if u.used:
            u.used = ()
        if u.temp:
            u.temp = [t for t in u.temp if t.duration != "attack"]     # e.g. a charge that fell short
    player = state.current
    state.turn = None
    check_last_player(state, events)
    if state.phase == "over":
        return
    next_player(state, dice, events, player)


def settle(state: DBState, dice, events: list) -> None:
    """After an action: end the turn when nothing is left to do in it."""
    if state.phase != "battle" or state.pending or state.frames:
        return
    t = state.turn
    if t is None:
        return
    u = state.units.get(t.uid)
    if u is None or not u.alive or not (u.models or u.riding is not None):
        end_turn(state, dice, events)
        return
    done = False
    if t.mode in ("rest", "charge"):
        done = True
    elif t.mode in ("run", "disengage"):
        done = t.moved
    elif t.mode == "coordinated":
        second = state.units.get(t.second)
        done = t.uid in t.moved_units and (second is None or not second.alive or t.second in t.moved_units)
    elif t.mode == "act" and t.acted:
        done = t.moved_first or movement.movement_open(state, u) is not None or movement.left(state, u) <= 0.05
    if done:
        end_turn(state, dice, events)


def check_last_player(state: DBState, events: list) -> None:
    """The game ends when only one player has units on the battlefield."""
    if state.phase != "battle":
        return
    left = [p.index for p in state.players if units_of(state, p.index) or
            any(u.owner == p.index and u.alive and u.riding is not None for u in state.units.values())]
    for p in state.players:
        if p.index not in left:
            p.out = True
            p.turns = 0
    if len(left) <= 1:
        if state.options.get("mode", "control") == "annihilation" and left:
            declare(state, (left[0],), f"{state.players[left[0]].name} is the last with units on the battlefield",
                    R_END, events)
        else:
            finish(state, events, "only one player has units left on the battlefield", R_END)


def finish(state: DBState, events: list, why: str, rule: str) -> None:
    """Points decide; ties: general alive, objectives held at the end,
    units, then models; otherwise a draw (§ Control: Scoring)."""
    players = [p.index for p in state.players]

    def general_alive(p):
        return any(u.owner == p and u.alive and stats.card(u).kind == "general" for u in state.units.values())

    keys = {p: (state.players[p].score, general_alive(p), state.players[p].objectives,
                len(units_of(state, p)) + sum(1 for u in state.units.values()
                                              if u.owner == p and u.alive and u.riding is not None),
                sum(len(u.models) + (1 if u.rider is not None else 0) for u in units_of(state, p)))
            for p in players}
    best = max(keys.values())
    winners = tuple(p for p in players if keys[p] == best)
    top = max(k[0] for k in keys.values())
    tied = [p for p in players if keys[p][0] == top]
    detail = ", ".join(f"{state.players[p].name} {state.players[p].score}" for p in players)
    if len(tied) > 1 and len(winners) == 1:
        why += "; tied on points, broken by " + _which_break(keys, tied)
    elif len(winners) > 1:
        why += "; still tied after every tiebreaker: a draw"
    declare(state, winners, f"{why} (points: {detail})", R_SCORING if len(tied) > 1 else rule, events)


def _which_break(keys, tied) -> str:
    names = ("points", "the general still alive", "objectives controlled at the end", "units on the battlefield",
             "models on the battlefield")
    for i in range(1, 5):
        vals = {keys[p][i] for p in tied}
        if len(vals) > 1:
            return names[i]
    return "nothing"


def declare(state: DBState, winners, reason: str, rule: str, events: list) -> None:
    if state.phase == "over":
        return
    state.phase = "over"
    state.winners = tuple(sorted(winners))
    state.win_reason = reason
    state.win_rule = rule
    state.turn = None
    state.pending = []
    state.frames = []
    names = " and ".join(state.players[p].name for p in state.winners)
    events.append(Event("victory", f"{names} win{'s' if len(state.winners) == 1 else ''}: {reason}", rule, depth=0))
