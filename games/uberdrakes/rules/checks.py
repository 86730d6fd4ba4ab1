"""Why an UberDrakes action is refused.  The free part of a turn has one
check per action kind (move, spell, item, equip, attack, shoot, buy, sell,
exchange, end_turn; the declarations name them: games/uberdrakes/rules/actions.py).
The phase check in games/uberdrakes/game.py comes first: whose decision it
is and what the phase allows; during a combat it asks `combat_problem`,
while a decision waits `pending_problem`, and in the free part it answers
BY_KIND, so the kind's check here decides."""
from __future__ import annotations

from engine.core.actions import Action
from games.uberdrakes.rules import combat, damage, items, legal, movement, spells
from games.uberdrakes.rules.apply import HOW_RULE
from games.uberdrakes.rules.common import (R_BLOOD_REWARDS, R_CARDS, R_COMBAT, R_DIRECTION, R_EQUIP, R_FIRST,
                                           R_GENERAL, R_PORTAL, R_PUSH, R_ROUNDS, R_TURN, can_cast, has_item,
                                           in_portal, rule_of_item, rule_of_spell)
from games.uberdrakes.rules.state import UDState, combat_under_way, decision_waiting

FREE_KINDS = ("move", "spell", "item", "equip", "attack", "shoot", "buy", "sell", "exchange", "end_turn")
COMBAT_KINDS = ("precombat", "ready", "roll", "concede", "counter", "damage", "blood", "done")
PENDING_KINDS = {"portal": "portal", "pick_rider": "pick_rider", "deliver_village": "deliver_village",
                 "skies_land": "skies_land", "discard": "discard", "cyclone_move": "cyclone_move", "steal": "steal",
                 "handbook": "handbook", "mulligan_take": "mulligan_take"}



def _need_action(state: UDState):
    if state.actions_left <= 0:
        return (f"You have taken your {max(0, state.actions_taken)} actions this turn: end your turn.", R_TURN)
    return None


def check_move(state: UDState, a: Action):
    p = a.player
    d = state.players[p]
    how, m = a.get("how"), a.get("m")
    c = state.catalog
    if how not in legal.HOWS:
        return (f"Move how? {', '.join(legal.HOWS)}.", R_TURN)
    if m not in c.movement:
        return (f"Unknown movement {m!r}.", R_DIRECTION)
    general = c.movement[m].kind == "general"
    if how != "skies":
        r = _need_action(state)
        if r:
            return r
    rule = HOW_RULE[how]
    if how == "coin":
        if not general:
            return ("Coins pay for the general movement actions on your hoard card.", R_GENERAL)
        if d.coins < 1:
            return ("A general movement action costs 1 coin: push movement instead.", R_GENERAL)
        if d.used.count(m) >= c.movement[m].slots:
            return (f"{c.movement[m].name} can be used once per round" +
                    (" per icon" if c.movement[m].slots > 1 else "") + ": push movement to use it again.", R_GENERAL)
    elif how == "card":
        if m not in d.hand:
            return ("That movement card is not in your hand.", R_CARDS)
    elif how in ("push", "replay"):
        if d.fatigue >= state.catalog.economy.max_fatigue:
            return ("You can't push movement if your Fatigue meter is maxed out at 3.", R_PUSH)
        if how == "push" and not general:
            return ("Pushing a movement card re-uses one you played this round: how=replay.", R_PUSH)
        if how == "replay" and m not in d.played:
            return ("You can only re-use a movement card you've already played this round.", R_PUSH)
    elif how == "booster":
        if not has_item(d, "rocket_booster"):
            return ("You have no Rocket Booster.", rule)
        if in_portal(state, d):
            return ("Players can't use items while in the portal.", R_PORTAL)
        if not general and m not in d.played:
            return ("The Rocket Booster repeats a general action or a movement card played this round.", rule)
    elif how == "rocket":
        if not general and m not in d.played:
            return ("Rocket Power repeats a general action or a movement card played this round.", rule)
        why = can_cast(state, d, "rocket_power", 1 if general else 2)
        if why:
            return (why, rule)
    elif how == "skies":
        if not general:
            return ("Take to the Skies gives one free general movement action.", rule)
        if state.skies:
            return ("You are already flying this turn.", rule)
        why = can_cast(state, d, "take_to_the_skies")
        if why:
            return (why, rule)
    extra = 1 if how in ("push", "replay") else 0
    outs = movement.pattern_outcomes(state, p, m, extra, how == "skies" or state.skies)
    if not outs:
        return ("Inside a large space you already turn freely: Rotate does nothing here.", "uberdrakes.txt § Villages")
    to = a.get("to")
    if to is None or tuple(to) not in state.board.terrain:
        return ("Name the space the movement ends on.", R_DIRECTION)
    if a.get("facing") not in range(6):
        return ("Name the facing the movement ends with (0-5: E, SE, SW, W, NW, NE).", R_DIRECTION)
    o = movement.find(state.board, outs, tuple(to), a.get("facing"), bool(a.get("portal", False)))
    if o is None:
        if a.get("portal") and not any(x.portal for x in outs):
            if d.fatigue + extra >= state.catalog.economy.max_fatigue:
                return ("You can't use the Portal if your Fatigue is maxed out at 3.", R_PORTAL)
            return ("That movement doesn't pass into a portal.", R_PORTAL)
        return (f"{c.movement[m].name} doesn't end there facing that way: you must move exactly as shown.",
                R_DIRECTION)
    return None


def check_spell(state, a):
    return spells.problem(state, a)


def check_item(state, a):
    r = _need_action(state)
    return r or items.problem(state, a)


def check_equip(state, a):
    r = _need_action(state)
    if r:
        return r
    it = a.get("item")
    d = state.players[a.player]
    if it not in d.treasures:
        return ("Equip an equipment card from your hand.", R_EQUIP)
    if state.catalog.items[it].equip is None:
        return (f"The {state.catalog.items[it].name} is not equipment.", R_EQUIP)
    return None


def check_attack(state, a):
    o = a.get("target")
    if not isinstance(o, int):
        return ("Choose an opponent to attack.", R_COMBAT)
    return combat.attack_problem(state, a.player, o)


def check_shoot(state, a):
    d = state.players[a.player]
    if not has_item(d, "long_bow"):
        return ("You have no Long Bow.", rule_of_item(state.catalog, "long_bow"))
    o = a.get("target")
    if not isinstance(o, int):
        return ("Choose an opponent to shoot.", rule_of_item(state.catalog, "long_bow"))
    return combat.ranged_problem(state, a.player, o, state.catalog.economy.long_bow_range, True, rule_of_item(state.catalog, "long_bow"))


def check_buy(state, a):
    """buy and sell."""
    return items.buy_problem(state, a)


def check_exchange(state, a):
    r = _need_action(state)
    if r:
        return r
    if not combat.can_exchange(state, a.player):
        return ("You can't afford any blood point reward.", R_BLOOD_REWARDS)
    return None


def check_end_turn(state, a):
    roost = a.get("roost")
    if roost not in (True, False):
        return ("Say whether you roost (roost: true or false).", R_ROUNDS)
    if not roost and state.actions_taken == 0:
        return ("You automatically roost if you didn't take at least one action.", R_ROUNDS)
    if roost and state.actions_taken > 0 and in_portal(state, state.players[a.player]):
        return ("You cannot roost inside the Portal.", "uberdrakes.txt § Space Effects")
    return None


# ---- the checks of a combat and of a waiting decision ------------------------------------

def combat_problem(state: UDState, a: Action):
    """Why `a` is refused while a combat is under way (None: it is allowed)."""
    c = combat_under_way(state)
    k = a.kind
    if k not in COMBAT_KINDS:
        return ("A combat is under way: normal play is paused until it is resolved.", R_COMBAT)
    if k == "damage" and c.stage == "damage":
        return damage.problem(state, a)
    if a in legal.combat_actions(state):
        return None
    stage_rules = {"pre": ("Before the rolloff: use a Rage Potion, cast Acid Rain or Windblast, or be ready.",
                           "uberdrakes.txt § Phase 1 - Bonuses"),
                   "respond": ("Roll in return, or concede (double damage).", "uberdrakes.txt § Phase 2 - Rolloff"),
                   "counter": ("Counterattack with a combat item or spell, or concede.",
                               "uberdrakes.txt § Phase 3 - Counterattack"),
                   "damage": ("Choose the damage to inflict.", "uberdrakes.txt § Phase 4 - Damage"),
                   "exchange": ("Exchange blood points for a reward you can afford, or be done.", R_BLOOD_REWARDS)}
    if k == "counter" and c.stage == "counter":
        w = a.get("what")
        if w == "dragon_lance" and c.ranged:
            return ("The Dragon Lance can't be used in ranged combat.", rule_of_item(state.catalog, "dragon_lance"))
        if w == "hide_shield" and c.side(a.player) == 0 and c.ranged:
            return ("You can't use a Hide Shield if you're the one making a ranged attack.",
                    "uberdrakes.txt § Hide Shields")
        if w in ("dragon_lance", "hide_shield") and not has_item(state.players[a.player], w):
            return (f"You have no {state.catalog.items[w].name}.", rule_of_item(state.catalog, w))
        if w == "plate_armor" and c.plate[c.side(a.player)]:
            return ("Plate Armor: once per combat.", rule_of_spell(state.catalog, "plate_armor"))
    if k == "blood":
        r = combat.reward_problem(state, a.player, a.get("reward"))
        if r:
            return r
    return stage_rules.get(c.stage, ("Not now.", R_COMBAT))

def pending_problem(state: UDState, a: Action):
    """Why `a` is refused while a decision waits (state.pending; None: it is allowed)."""
    pend = decision_waiting(state)
    k = a.kind
    if pend.kind == "exchange":
        if k == "blood":
            return combat.reward_problem(state, a.player, a.get("reward"))
        if k == "done":
            return None
        return ("Exchange blood points, or be done.", R_BLOOD_REWARDS)
    want = PENDING_KINDS.get(pend.kind)
    if k != want:
        what = {"portal": ("Decide whether to travel through the portal.", R_PORTAL),
                "pick_rider": ("Choose a rider to pick up (or none).", "uberdrakes.txt § Picking Up Riders"),
                "deliver_village": ("Choose the village to teleport to (or stay).",
                                    "uberdrakes.txt § Delivering Riders"),
                "skies_land": ("Move to an unoccupied space next to the opponent you share a space with.",
                               rule_of_spell(state.catalog, "take_to_the_skies")),
                "discard": ("Discard a movement card of your choice to the Sandstorm.", rule_of_spell(state.catalog, "sandstorm")),
                "cyclone_move": ("Move this opponent with the Cyclone.", rule_of_spell(state.catalog, "cyclone")),
                "steal": ("Take a hoard item or treasure card from this opponent.", rule_of_spell(state.catalog, "the_claw")),
                "handbook": ("Keep one of the two cards; the other goes on top or bottom of the deck.",
                             rule_of_item(state.catalog, "monks_handbook")),
                "mulligan_take": ("Keep one of the two cards you looked at.", R_FIRST)}
        return what.get(pend.kind, ("Something else must be decided first.", R_TURN))
    if a in legal.pending_actions(state):
        return None
    if k == "portal" and a.get("travel") and state.players[a.player].fatigue >= state.catalog.economy.max_fatigue:
        return ("You can't use the Portal if your Fatigue is maxed out.", R_PORTAL)
    if k == "portal" and a.get("travel") and a.get("facing") not in range(6):
        return ("Emerging from the portal you may face any direction: choose one (0-5).", R_PORTAL)
    if k == "pick_rider":
        return ("That rider is not waiting here.", "uberdrakes.txt § Dragon Rider Pickup")
    if k == "skies_land":
        return ("Move to an unoccupied space adjacent to the opponent.", rule_of_spell(state.catalog, "take_to_the_skies"))
    return ("That is not one of the choices.", R_TURN)
