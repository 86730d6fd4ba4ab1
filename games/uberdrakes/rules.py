"""The UberDrakes ruleset: refusals with their rule, and apply.

Each action kind has a checker (the refusal in words and the section of
uberdrakes.txt it comes from) and an applier.  The rules themselves live
in the topic modules: movement, combat, damage, spaces, items, spells,
turns, setup; legal.py lists what may be done.
"""
from __future__ import annotations

from engine.core import registry
from engine.core.actions import Action
from engine.core.computer_players import ComputerPlayers
from engine.core.game import Game, GameParts
from engine.core.rules import Event, Illegal, OptionSpec, Outcome, refusal
from engine.core.words import possessive
from games.uberdrakes import actions, combat, damage, items, legal, movement, setup, spaces, spells, turn_loop, turns
from games.uberdrakes.board import SCENARIOS, hex_label, place_name
from games.uberdrakes.common import (R_BLOOD_REWARDS, R_CARDS, R_COMBAT, R_DIRECTION, R_EQUIP, R_FIRST, R_GENERAL,
                                     R_PORTAL, R_PUSH, R_ROUNDS, R_SETUP, R_TURN, R_ZOC, add_fatigue, can_cast, cat,
                                     has_item, in_portal, max_fatigue, pay_spell, rule_of_item, rule_of_spell,
                                     spend_item)
from games.uberdrakes.jobs import after_move
from games.uberdrakes import catalog, coach, describe, invariants, judge, position, rulings
from games.uberdrakes.state import UDState

FREE_KINDS = ("move", "spell", "item", "equip", "attack", "shoot", "buy", "sell", "exchange", "end_turn")
COMBAT_KINDS = ("precombat", "ready", "roll", "concede", "counter", "damage", "blood", "done")
PENDING_KINDS = {"portal": "portal", "pick_rider": "pick_rider", "deliver_village": "deliver_village",
                 "skies_land": "skies_land", "discard": "discard", "cyclone_move": "cyclone_move", "steal": "steal",
                 "handbook": "handbook", "mulligan_take": "mulligan_take"}
# action parameters that would reveal a hidden choice: a save keeps them
# under "private" (engine/core/saves.py mark_private) and still replays
PRIVATE_PARAMS = {"mulligan": ("cards",), "mulligan_take": ("card",), "handbook": ("take", "other")}
HOW_RULE = {"coin": R_GENERAL, "push": R_PUSH, "card": R_CARDS, "replay": R_PUSH,
            "booster": "uberdrakes.txt § Rocket Booster", "rocket": "uberdrakes.txt § Rocket Power",
            "skies": "uberdrakes.txt § Take to the Skies"}


class UberDrakesRules(Game):
    game_id = "uberdrakes"
    parts = GameParts(describe=describe, catalog=catalog, invariants=invariants, position=position, judge=judge,
                      rulings=rulings, coach=coach)
    declared = actions.DECLARED

    def computer(self) -> ComputerPlayers:
        from games.uberdrakes import ai        # the computer players read the rules: loaded when first asked for
        return ai.COMPUTER
    title = "UberDrakes"
    min_players = 2
    max_players = 6
    typical_players = 4
    data_version = "1"
    rulebook = "uberdrakes.txt"

    # ---- setup ------------------------------------------------------------------------
    def options(self) -> list[OptionSpec]:
        return [
            OptionSpec("rounds", "Rounds", 3, (2, 3, 4, 5), help="Battle Royale length: 3 recommended (§ Battle Royale)"),
            OptionSpec("dragons", "Dragon choice", "choose", ("choose", "random"),
                       help="Choose (roll-offs for the same dragon) or deal the dragons at random"),
            OptionSpec("variant", "Variant", "battle_royale", ("battle_royale", "courier", "bloodsport"),
                       help="Courier: first to deliver 4 riders wins; Bloodsport: victory points cost 15 blood points"),
            OptionSpec("open_hands", "Open hands", False, help="Every hand is played face up (for learning)"),
        ]

    def scenarios(self) -> list[str]:
        return list(SCENARIOS)

    fingerprint_since = 3        # format 3: the queued rulings became typed values (games/uberdrakes/jobs.py)

    def initial_state(self, s, dice):
        state, ev = setup.initial_state(s, dice)
        turn_loop.run(state, ev, dice)
        return state, ev

    def in_setup(self, state: UDState) -> bool:
        return state.phase in ("dragons", "mulligan")

    def to_act(self, state: UDState) -> int:
        return legal.to_act(state)

    def player_name(self, state: UDState, p: int) -> str:
        return state.players[p].name

    def hidden_from_others(self, state: UDState, p: int) -> bool:
        """True when p has private cards on screen (movement cards or
        treasures in hand, or cards being looked at)."""
        if state.options.get("open_hands"):
            return False
        d = state.players[p]
        if d.hand or d.treasures:
            return True
        return state.pending is not None and state.pending.player == p and "cards" in state.pending.data

    def private_params(self, action: Action) -> tuple:
        return PRIVATE_PARAMS.get(action.kind, ())

    def outcome(self, state: UDState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(state.winners, state.win_reason, state.win_rule)

    # ---- listing ---------------------------------------------------------------------------
    def legal_actions(self, state: UDState) -> list[Action]:
        return legal.legal_actions(state)

    def sample_legal(self, state: UDState, rng) -> Action:
        return legal.sample_legal(state, rng)

    # ---- checks ------------------------------------------------------------------------------
    def check(self, state: UDState, a: Action) -> Illegal | None:
        return refusal(self._check, state, a, actions.DECLARED)

    def _check(self, state: UDState, a: Action):
        if state.phase == "over":
            return "The game is over."
        if not 0 <= a.player < len(state.players):
            return "No such player."
        who = legal.to_act(state)
        if a.player != who:
            return (f"It is {possessive(state.players[who].name)} decision now, not {possessive(state.players[a.player].name)}.", R_TURN)
        k = a.kind
        if state.phase == "dragons":
            if k != "choose_dragon":
                return ("Every player chooses a dragon first.", R_SETUP)
            if a.get("dragon") not in cat().dragons:
                return (f"Choose one of the six dragons: {', '.join(sorted(cat().dragons))}.", R_SETUP)
            if a["dragon"] in setup.taken(state):
                return ("That dragon is already taken.", R_SETUP)
            return None
        if state.combat is not None:
            return self._check_combat(state, a)
        if state.pending is not None:
            return self._check_pending(state, a)
        if state.phase == "mulligan":
            if k == "keep_hand":
                return None
            if k != "mulligan":
                return ("Players decide on their mulligan first.", R_FIRST)
            cards = list(a.get("cards") or [])
            hand = list(state.players[a.player].hand)
            if len(cards) != 2:
                return ("A mulligan exchanges exactly two movement cards.", R_FIRST)
            for c in cards:
                if c not in hand:
                    return ("You can only exchange cards from your hand.", R_FIRST)
                hand.remove(c)
            if a not in legal.decision_actions(state):
                return ("Name the two cards in alphabetical order.", R_FIRST)
            return None
        if k in COMBAT_KINDS:
            return ("No combat is under way.", R_COMBAT)
        if k in PENDING_KINDS or k in ("choose_dragon", "keep_hand", "mulligan"):
            return ("Nothing waits for that decision now.", R_TURN)
        if k not in FREE_KINDS:
            return f"Unknown action {k!r}."
        return getattr(self, "_check_" + k)(state, a)

    def _check_combat(self, state: UDState, a: Action):
        c = state.combat
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
                return ("The Dragon Lance can't be used in ranged combat.", rule_of_item("dragon_lance"))
            if w == "hide_shield" and c.side(a.player) == 0 and c.ranged:
                return ("You can't use a Hide Shield if you're the one making a ranged attack.",
                        "uberdrakes.txt § Hide Shields")
            if w in ("dragon_lance", "hide_shield") and not has_item(state.players[a.player], w):
                return (f"You have no {cat().items[w].name}.", rule_of_item(w))
            if w == "plate_armor" and c.plate[c.side(a.player)]:
                return ("Plate Armor: once per combat.", rule_of_spell("plate_armor"))
        if k == "blood":
            r = combat.reward_problem(state, a.player, a.get("reward"))
            if r:
                return r
        return stage_rules.get(c.stage, ("Not now.", R_COMBAT))

    def _check_pending(self, state: UDState, a: Action):
        pend = state.pending
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
                                   rule_of_spell("take_to_the_skies")),
                    "discard": ("Discard a movement card of your choice to the Sandstorm.", rule_of_spell("sandstorm")),
                    "cyclone_move": ("Move this opponent with the Cyclone.", rule_of_spell("cyclone")),
                    "steal": ("Take a hoard item or treasure card from this opponent.", rule_of_spell("the_claw")),
                    "handbook": ("Keep one of the two cards; the other goes on top or bottom of the deck.",
                                 rule_of_item("monks_handbook")),
                    "mulligan_take": ("Keep one of the two cards you looked at.", R_FIRST)}
            return what.get(pend.kind, ("Something else must be decided first.", R_TURN))
        if a in legal.pending_actions(state):
            return None
        if k == "portal" and a.get("travel") and state.players[a.player].fatigue >= max_fatigue():
            return ("You can't use the Portal if your Fatigue is maxed out.", R_PORTAL)
        if k == "portal" and a.get("travel") and a.get("facing") not in range(6):
            return ("Emerging from the portal you may face any direction: choose one (0-5).", R_PORTAL)
        if k == "pick_rider":
            return ("That rider is not waiting here.", "uberdrakes.txt § Dragon Rider Pickup")
        if k == "skies_land":
            return ("Move to an unoccupied space adjacent to the opponent.", rule_of_spell("take_to_the_skies"))
        return ("That is not one of the choices.", R_TURN)

    # -- the free part of a turn --
    def _need_action(self, state: UDState):
        if state.actions_left <= 0:
            return (f"You have taken your {max(0, state.actions_taken)} actions this turn: end your turn.", R_TURN)
        return None

    def _check_move(self, state: UDState, a: Action):
        p = a.player
        d = state.players[p]
        how, m = a.get("how"), a.get("m")
        c = cat()
        if how not in legal.HOWS:
            return (f"Move how? {', '.join(legal.HOWS)}.", R_TURN)
        if m not in c.movement:
            return (f"Unknown movement {m!r}.", R_DIRECTION)
        general = c.movement[m].kind == "general"
        if how != "skies":
            r = self._need_action(state)
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
            if d.fatigue >= max_fatigue():
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
                if d.fatigue + extra >= max_fatigue():
                    return ("You can't use the Portal if your Fatigue is maxed out at 3.", R_PORTAL)
                return ("That movement doesn't pass into a portal.", R_PORTAL)
            return (f"{c.movement[m].name} doesn't end there facing that way: you must move exactly as shown.",
                    R_DIRECTION)
        return None

    def _check_spell(self, state, a):
        return spells.problem(state, a)

    def _check_item(self, state, a):
        r = self._need_action(state)
        return r or items.problem(state, a)

    def _check_equip(self, state, a):
        r = self._need_action(state)
        if r:
            return r
        it = a.get("item")
        d = state.players[a.player]
        if it not in d.treasures:
            return ("Equip an equipment card from your hand.", R_EQUIP)
        if cat().items[it].equip is None:
            return (f"The {cat().items[it].name} is not equipment.", R_EQUIP)
        return None

    def _check_attack(self, state, a):
        o = a.get("target")
        if not isinstance(o, int):
            return ("Choose an opponent to attack.", R_COMBAT)
        return combat.attack_problem(state, a.player, o)

    def _check_shoot(self, state, a):
        d = state.players[a.player]
        if not has_item(d, "long_bow"):
            return ("You have no Long Bow.", rule_of_item("long_bow"))
        o = a.get("target")
        if not isinstance(o, int):
            return ("Choose an opponent to shoot.", rule_of_item("long_bow"))
        from games.uberdrakes.common import econ
        return combat.ranged_problem(state, a.player, o, econ().long_bow_range, True, rule_of_item("long_bow"))

    def _check_buy(self, state, a):
        return items.buy_problem(state, a)

    _check_sell = _check_buy

    def _check_exchange(self, state, a):
        r = self._need_action(state)
        if r:
            return r
        if not combat.can_exchange(state, a.player):
            return ("You can't afford any blood point reward.", R_BLOOD_REWARDS)
        return None

    def _check_end_turn(self, state, a):
        roost = a.get("roost")
        if roost not in (True, False):
            return ("Say whether you roost (roost: true or false).", R_ROUNDS)
        if not roost and state.actions_taken == 0:
            return ("You automatically roost if you didn't take at least one action.", R_ROUNDS)
        if roost and state.actions_taken > 0 and in_portal(state, state.players[a.player]):
            return ("You cannot roost inside the Portal.", "uberdrakes.txt § Space Effects")
        return None

    # ---- apply ------------------------------------------------------------------------------------
    def apply(self, state: UDState, a: Action, dice) -> list[Event]:
        ev: list[Event] = []
        getattr(self, "_do_" + a.kind)(state, a, dice, ev)
        turn_loop.run(state, ev, dice)
        return ev

    # setup
    def _do_choose_dragon(self, state, a, dice, ev):
        setup.choose(state, a.player, a["dragon"], ev, dice)

    def _do_keep_hand(self, state, a, dice, ev):
        setup.mulligan(state, a.player, None, ev, dice)

    def _do_mulligan(self, state, a, dice, ev):
        setup.mulligan(state, a.player, list(a["cards"]), ev, dice)

    def _do_mulligan_take(self, state, a, dice, ev):
        setup.mulligan_take(state, a.player, a["card"], ev, dice)

    # turn actions
    def _spend_action(self, state):
        state.actions_left -= 1
        state.actions_taken += 1

    def _do_move(self, state, a, dice, ev):
        p = a.player
        d = state.players[p]
        how, m = a["how"], a["m"]
        c = cat()
        general = c.movement[m].kind == "general"
        extra = 1 if how in ("push", "replay") else 0
        through = how == "skies" or state.skies
        o = movement.find(state.board, movement.pattern_outcomes(state, p, m, extra, through), tuple(a["to"]),
                          a["facing"], bool(a.get("portal", False)))
        mv = c.movement[m].name
        if how != "skies":
            self._spend_action(state)
        if how == "coin":
            d.coins -= 1
            d.used = d.used + (m,)
            head = f"{d.name}: {mv} (1 coin)"
        elif how == "push":
            add_fatigue(state, p, 1, ev, "pushing movement", R_PUSH)
            head = f"{d.name} pushes: {mv}"
        elif how == "card":
            d.hand.remove(m)
            d.played.append(m)
            head = f"{d.name} plays {mv}"
        elif how == "replay":
            add_fatigue(state, p, 1, ev, "pushing movement", R_PUSH)
            d.played.remove(m)
            state.movement_discard.append(m)
            head = f"{d.name} pushes {mv} again (discarded)"
        elif how == "booster":
            spend_item(state, p, "rocket_booster")
            head = f"{d.name} fires a Rocket Booster: {mv}"
        elif how == "rocket":
            pay_spell(state, p, "rocket_power", 1 if general else 2, ev)
            if not general:
                d.played.remove(m)
                state.movement_discard.append(m)
            head = f"{d.name}: Rocket Power, {mv}"
        else:
            pay_spell(state, p, "take_to_the_skies", c.spell("take_to_the_skies").cost, ev)
            state.skies = True
            head = f"{d.name} takes to the skies: {mv}"
        stop = combat.stop_in_passing(state, p, o.path) if o.moved else None
        if stop is not None:           # house ruling: passing next to an opponent starts combat there
            o = movement.stopped_at(state.board, o, stop)
            ev.append(Event("ruling", f"{d.name} passes next to an opponent: the movement stops at "
                                      f"{hex_label(o.hex)} and combat begins (house ruling)", R_ZOC))
        facing = a["facing"] if state.board.large_hex[o.hex] and stop is None else o.facing
        if o.moved:
            movement.arrive(state, p, o.hex, facing, ev, f"{head} to {place_name(state.board, o.hex)}"
                            f"{movement.portal_text(o)}{movement.blocked_note(o)}", HOW_RULE[how], o.path)
        else:
            d.facing = facing
            ev.append(Event("move", f"{head}{', blocked: no movement' if o.blocked else ''}"
                            f" (facing {damage.DIR_NAMES[facing]})", HOW_RULE[how],
                            data={"player": p, "path": [list(d.hex)], "facing": facing}))
        if o.fatigue:
            if o.portal:
                add_fatigue(state, p, 1, ev, "travelling through the portal", R_PORTAL)
            if o.blocked:
                add_fatigue(state, p, 1, ev, "a blocked move", "uberdrakes.txt § Movement Reference")
        if o.portal and d.rider is not None:
            d.portaled = True
        if o.moved:
            after_move(state, p)

    def _do_spell(self, state, a, dice, ev):
        sid = a["spell"]
        if spells.costs_action(sid):
            self._spend_action(state)
        spells.apply(state, a, ev, dice)
        if sid == "regrowth":
            turns.end_turn(state, a["roost"], ev, dice)

    def _do_item(self, state, a, dice, ev):
        self._spend_action(state)
        items.apply(state, a, ev, dice)

    def _do_equip(self, state, a, dice, ev):
        self._spend_action(state)
        items.equip(state, a, ev)

    def _do_attack(self, state, a, dice, ev):
        combat.start(state, a.player, a["target"], "attack", False, ev, dice)

    def _do_shoot(self, state, a, dice, ev):
        spend_item(state, a.player, "long_bow")
        ev.append(Event("item", f"{state.players[a.player].name} draws the Long Bow", rule_of_item("long_bow")))
        combat.start(state, a.player, a["target"], "bow", True, ev, dice)

    def _do_buy(self, state, a, dice, ev):
        items.buy(state, a, ev, dice)

    def _do_sell(self, state, a, dice, ev):
        items.sell(state, a, ev)

    def _do_exchange(self, state, a, dice, ev):
        from games.uberdrakes.state import Pending
        self._spend_action(state)
        state.pending = Pending("exchange", a.player, {})
        ev.append(Event("ruling", f"{state.players[a.player].name} exchanges blood points", R_BLOOD_REWARDS))

    def _do_end_turn(self, state, a, dice, ev):
        turns.end_turn(state, a["roost"], ev, dice)

    # combat
    def _do_precombat(self, state, a, dice, ev):
        combat.do_pre(state, a.player, a["what"], ev, dice)

    def _do_ready(self, state, a, dice, ev):
        combat.do_ready(state, a.player, ev, dice)

    def _do_roll(self, state, a, dice, ev):
        combat.do_roll(state, a.player, ev, dice)

    def _do_concede(self, state, a, dice, ev):
        combat.do_concede(state, a.player, ev, dice)

    def _do_counter(self, state, a, dice, ev):
        combat.do_counter(state, a.player, a["what"], a.get("x", 0), ev, dice)

    def _do_damage(self, state, a, dice, ev):
        damage.apply(state, a, ev, dice)

    def _do_blood(self, state, a, dice, ev):
        combat.do_blood(state, a.player, a["reward"], ev, dice)
        if state.combat is not None:
            combat.advance(state, ev, dice)

    def _do_done(self, state, a, dice, ev):
        combat.do_done(state, a.player, ev, dice)

    # pending decisions
    def _do_portal(self, state, a, dice, ev):
        p = a.player
        d = state.players[p]
        state.pending = None
        if a["travel"]:
            to = state.board.other_portal[d.hex]
            add_fatigue(state, p, 1, ev, "travelling through the portal", R_PORTAL)
            movement.arrive(state, p, to, a["facing"], ev, f"{d.name} emerges from the other portal at "
                            f"{hex_label(to)}", R_PORTAL)
            if d.rider is not None:
                d.portaled = True
        else:
            ev.append(Event("ruling", f"{d.name} stays at the portal", R_PORTAL))

    def _do_pick_rider(self, state, a, dice, ev):
        side = state.pending.data.get("side")
        spaces.pick_rider(state, a.player, a["rider"], ev, dice, side)

    def _do_deliver_village(self, state, a, dice, ev):
        p = a.player
        state.pending = None
        v = a["village"]
        if v is None:
            ev.append(Event("ruling", f"{state.players[p].name} stays", "uberdrakes.txt § Delivering Riders"))
            return
        sp = state.board.spaces[v]
        movement.arrive(state, p, sp.anchor, state.players[p].facing, ev,
                        f"{state.players[p].name} teleports to {sp.name}", "uberdrakes.txt § Delivering Riders")
        after_move(state, p)

    def _do_skies_land(self, state, a, dice, ev):
        p = a.player
        state.pending = None
        to = tuple(a["to"])
        movement.arrive(state, p, to, state.players[p].facing, ev, f"{state.players[p].name} lands at "
                        f"{hex_label(to)}", rule_of_spell("take_to_the_skies"))

    def _do_discard(self, state, a, dice, ev):
        spells.discard(state, a, ev, dice)

    def _do_cyclone_move(self, state, a, dice, ev):
        spells.cyclone_move(state, a, ev, dice)

    def _do_steal(self, state, a, dice, ev):
        spells.steal(state, a, ev, dice)

    def _do_handbook(self, state, a, dice, ev):
        items.handbook(state, a, ev, dice)


    def move_preview(self, state: UDState, a: Action) -> dict | None:
        from games.uberdrakes.describe import move_preview
        return move_preview(state, a)


RULES = UberDrakesRules()
registry.register(RULES)
