"""Legal actions, by group, and the fast random sampler.

Only the deciding player's own cards are read: legal actions never depend
on another player's hand or on deck order (hidden information).
"""
from __future__ import annotations

from itertools import combinations

from engine.core.actions import Action
from games.uberdrakes.rules import combat, damage, items, movement, spells
from games.uberdrakes.rules.common import can_cast, has_item, in_portal, spells_of
from games.uberdrakes.rules.state import UDState, combat_under_way, decision_waiting

HOWS = ("coin", "push", "card", "replay", "booster", "rocket", "skies")
GROUPS = HOWS + ("spell", "item", "equip", "attack", "shoot", "shop", "exchange", "end")


def to_act(state: UDState) -> int:
    if state.combat is not None:
        return state.combat.to_act
    if state.pending is not None:
        return state.pending.player
    if state.phase in ("dragons", "mulligan"):
        return state.choosing[0] if state.choosing else 0
    return state.active


def legal_actions(state: UDState) -> list[Action]:
    if state.phase == "over":
        return []
    special = decision_actions(state)
    if special is not None:
        return special
    p = state.active
    out: list[Action] = []
    for g in GROUPS:
        out.extend(group_actions(state, p, g))
    return out


def decision_actions(state: UDState) -> list[Action] | None:
    """The actions of a setup step, a pending decision or a combat (None in
    the free part of a turn)."""
    if state.phase == "dragons":
        p = state.choosing[0]
        gone = {d.dragon for d in state.players if d.dragon}
        return [Action.make("choose_dragon", p, dragon=x) for x in sorted(state.catalog.dragons) if x not in gone]
    if state.combat is not None:
        return combat_actions(state)
    if state.pending is not None:
        return pending_actions(state)
    if state.phase == "mulligan":
        p = state.choosing[0]
        hand = state.players[p].hand
        out = [Action.make("keep_hand", p)]
        pairs = sorted({tuple(sorted(c)) for c in combinations(hand, 2)})
        out.extend(Action.make("mulligan", p, cards=list(c)) for c in pairs)
        return out
    return None


def combat_actions(state: UDState) -> list[Action]:
    c = combat_under_way(state)
    p = c.to_act
    if c.stage == "pre":
        return [Action.make("precombat", p, what=w) for w in combat.pre_options(state, p)] + [Action.make("ready", p)]
    if c.stage == "respond":
        return [Action.make("roll", p), Action.make("concede", p)]
    if c.stage == "counter":
        return [Action.make("counter", p, what=w, x=x) for w, x in combat.counter_options(state, p)] + \
            [Action.make("concede", p)]
    if c.stage == "damage":
        return damage.options(state)
    if c.stage == "exchange":
        return exchange_actions(state, p)
    return []


def exchange_actions(state: UDState, p: int) -> list[Action]:
    out = [Action.make("blood", p, reward=r) for r in combat.REWARDS if combat.reward_problem(state, p, r) is None]
    out.append(Action.make("done", p))
    return out


def pending_actions(state: UDState) -> list[Action]:
    pend = decision_waiting(state)
    p = pend.player
    k = pend.kind
    board = state.board
    if k == "portal":
        return [Action.make("portal", p, travel=False)] + [Action.make("portal", p, travel=True, facing=f)
                                                            for f in range(6)]
    if k == "pick_rider":
        side = pend.data.get("side")
        if side is not None:
            choices = sorted(set(state.pickups.get(side, [])))
        else:
            choices = sorted({r for row in state.pickups.values() for r in row} | set(state.rider_deck))
        return [Action.make("pick_rider", p, rider=r) for r in choices] + [Action.make("pick_rider", p, rider=None)]
    if k == "deliver_village":
        return [Action.make("deliver_village", p, village=v) for v in board.villages] + \
            [Action.make("deliver_village", p, village=None)]
    if k == "skies_land":
        blocked = movement.blockers(state, p)
        d = state.players[p]
        spots = []
        for n in movement.neighbours_any(board, d.hex):
            a = board.anchor_of[n]
            if n not in blocked and a not in spots and not any(e.hex == a for e in state.players if e.index != p
                                                                and not board.shared[a]):
                spots.append(a)
        return [Action.make("skies_land", p, to=h) for h in spots]
    if k == "discard":
        return spells.discard_options(state, p)
    if k == "cyclone_move":
        return spells.cyclone_options(state, p, pend.data["target"])
    if k == "steal":
        return spells.claw_options(state, p, pend.data["target"])
    if k == "handbook":
        return items.handbook_options(state, p)
    if k == "exchange":
        return exchange_actions(state, p)
    if k == "mulligan_take":
        return [Action.make("mulligan_take", p, card=c) for c in sorted(set(pend.data["cards"]))]
    return []


# ---- the free part of a turn ---------------------------------------------------------------------

def move_sources(state: UDState, p: int, how: str) -> list[tuple[str, int]]:
    """(movement id, fatigue paid first) usable with `how` now."""
    d = state.players[p]
    c = state.catalog
    acted = state.actions_left > 0
    if how == "coin":
        if not acted or d.coins < 1:
            return []
        return [(m, 0) for m in c.general if d.used.count(m) < c.movement[m].slots]
    if how == "push":
        if not acted or d.fatigue >= state.catalog.economy.max_fatigue:
            return []
        return [(m, 1) for m in c.general]
    if how == "card":
        return [(m, 0) for m in sorted(set(d.hand))] if acted else []
    if how == "replay":
        if not acted or d.fatigue >= state.catalog.economy.max_fatigue:
            return []
        return [(m, 1) for m in sorted(set(d.played))]
    if how == "booster":
        if not acted or not has_item(d, "rocket_booster") or in_portal(state, d):
            return []
        return [(m, 0) for m in c.general] + [(m, 0) for m in sorted(set(d.played))]
    if how == "rocket":
        if not acted or not any(s.id == "rocket_power" for s in spells_of(state.catalog, d)):
            return []
        out = []
        if can_cast(state, d, "rocket_power", 1) is None:
            out += [(m, 0) for m in c.general]
        if can_cast(state, d, "rocket_power", 2) is None:
            out += [(m, 0) for m in sorted(set(d.played))]
        return out
    if how == "skies":
        if state.skies or not any(s.id == "take_to_the_skies" for s in spells_of(state.catalog, d)) \
                or can_cast(state, d, "take_to_the_skies") is not None:
            return []
        return [(m, 0) for m in c.general]
    return []


def move_actions(state: UDState, p: int, how: str) -> list[Action]:
    out = []
    through = how == "skies" or state.skies
    for m, extra in move_sources(state, p, how):
        for o in movement.pattern_outcomes(state, p, m, extra, through):
            out.append(Action("move", p, (("facing", o.facing), ("how", how), ("m", m), ("portal", o.portal),
                                           ("to", o.hex))))
    return out


def group_actions(state: UDState, p: int, g: str) -> list[Action]:
    d = state.players[p]
    if g in HOWS:
        return move_actions(state, p, g)
    if g == "spell":
        return spells.options(state, p)
    if g == "item":
        return items.options(state, p) if state.actions_left > 0 else []
    if g == "equip":
        return items.equip_options(state, p) if state.actions_left > 0 else []
    if g == "attack":
        return [Action.make("attack", p, target=o) for o in range(len(state.players))
                if o != p and combat.attack_problem(state, p, o) is None]
    if g == "shoot":
        if not has_item(d, "long_bow"):
            return []
        return [Action.make("shoot", p, target=o) for o in range(len(state.players))
                if o != p and combat.ranged_problem(state, p, o, state.catalog.economy.long_bow_range, True,
                                                    "uberdrakes.txt § Long Bow") is None]
    if g == "shop":
        return items.shop_options(state, p)
    if g == "exchange":
        if state.actions_left > 0 and combat.can_exchange(state, p):
            return [Action.make("exchange", p)]
        return []
    if g == "end":
        out = []
        if state.actions_taken > 0:
            out.append(Action.make("end_turn", p, roost=False))
            if not in_portal(state, d):
                out.append(Action.make("end_turn", p, roost=True))
        else:
            out.append(Action.make("end_turn", p, roost=True))
        return out
    return []


def sample_legal(state: UDState, rng) -> Action:
    """A random legal action without listing them all: a random group, then
    one of its actions (a member of legal_actions)."""
    special = decision_actions(state)
    if special is not None:
        return special[rng.randrange(len(special))]
    p = state.active
    groups = list(GROUPS)
    while groups:
        i = rng.randrange(len(groups))
        acts = group_actions(state, p, groups[i])
        if acts:
            return acts[rng.randrange(len(acts))]
        groups.pop(i)
    raise AssertionError("no legal action in an unfinished game")
