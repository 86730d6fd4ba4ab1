"""The UberDrakes ruleset: refusals with their rule, and apply.

Each action kind is declared once (actions.py) with its applier
(apply.py), its words (describe.py) and, for the free part of a turn, its
own check (checks.py, after the phase's check here); every refusal gives
its words and the section of uberdrakes.txt it comes from.  The rules themselves live
in the topic modules: movement, combat, damage, spaces, items, spells,
turns, setup; legal.py lists what may be done.
"""
from __future__ import annotations

from engine.core import registry
from engine.core.action_specs import BY_KIND
from engine.core.actions import Action
from engine.core.computer_players import ComputerPlayers
from engine.core.game import Game, GameParts
from engine.core.rules import Event, Illegal, OptionSpec, Outcome, refusal
from engine.core.words import possessive
from games.uberdrakes.rules import actions, combat, damage, legal, setup, turn_loop
from games.uberdrakes.rules.board import SCENARIOS
from games.uberdrakes.rules.common import (R_BLOOD_REWARDS, R_COMBAT, R_FIRST, R_PORTAL, R_SETUP, R_TURN, has_item, rule_of_item, rule_of_spell)
from games.uberdrakes.rules import catalog, describe, invariants, judge, position, rulings
from games.uberdrakes.ui import coach
from games.uberdrakes.rules.state import UDState

FREE_KINDS = ("move", "spell", "item", "equip", "attack", "shoot", "buy", "sell", "exchange", "end_turn")
COMBAT_KINDS = ("precombat", "ready", "roll", "concede", "counter", "damage", "blood", "done")
PENDING_KINDS = {"portal": "portal", "pick_rider": "pick_rider", "deliver_village": "deliver_village",
                 "skies_land": "skies_land", "discard": "discard", "cyclone_move": "cyclone_move", "steal": "steal",
                 "handbook": "handbook", "mulligan_take": "mulligan_take"}
# action parameters that would reveal a hidden choice: a save keeps them
# under "private" (engine/core/saves.py mark_private) and still replays
PRIVATE_PARAMS = {"mulligan": ("cards",), "mulligan_take": ("card",), "handbook": ("take", "other")}


class UberDrakesRules(Game):
    game_id = "uberdrakes"
    ui_package = "games.uberdrakes.ui"     # where view.py, controller.py and faces.py live
    parts = GameParts(describe=describe, catalog=catalog, invariants=invariants, position=position, judge=judge,
                      rulings=rulings, coach=coach)
    declared = actions.DECLARED

    def computer(self) -> ComputerPlayers:
        from games.uberdrakes.ai import players  # the computer players read the rules: loaded when first asked for
        return players.COMPUTER
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

    fingerprint_since = 3        # format 3: the queued rulings became typed values (games/uberdrakes/rules/jobs.py)

    def initial_state(self, s, dice, catalog=None):
        state, ev = setup.initial_state(s, dice, catalog or self.catalog())
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
            if a.get("dragon") not in state.catalog.dragons:
                return (f"Choose one of the six dragons: {', '.join(sorted(state.catalog.dragons))}.", R_SETUP)
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
        return BY_KIND            # the free part of a turn: the kind's own check decides (checks.py)

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


    # ---- apply ------------------------------------------------------------------------------------
    def apply(self, state: UDState, a: Action, dice) -> list[Event]:
        ev: list[Event] = []
        actions.SPECS[a.kind].apply(state, a, dice, ev)
        turn_loop.run(state, ev, dice)
        return ev

    def move_preview(self, state: UDState, a: Action) -> dict | None:
        from games.uberdrakes.rules.describe import move_preview
        return move_preview(state, a)


RULES = UberDrakesRules()
registry.register(RULES)
