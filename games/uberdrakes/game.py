"""The UberDrakes game: the Game subclass that ties rules/, ai/ and ui/
together (GameParts, computer()), with the phase check and the dispatch.

Each action kind is declared once (games/uberdrakes/rules/actions.py) with
its applier (apply.py), its words (describe.py) and its check (checks.py,
after the phase's check here); every refusal gives its words and the
section of uberdrakes.txt it comes from.  The rules themselves live in
games/uberdrakes/rules/: legal.py lists what may be done, flow.py and
turn_loop.py what happens next, and the topic modules (movement, combat,
damage, spaces, items, spells, setup) the rest.
"""
from __future__ import annotations

from engine.core import registry
from engine.core.action_specs import BY_KIND
from engine.core.actions import Action
from engine.core.computer_players import ComputerPlayers
from engine.core.game import Game, GameParts
from engine.core.rules import Event, Illegal, OptionSpec, Outcome, refusal
from engine.core.words import possessive
from games.uberdrakes.rules import (actions, catalog, checks, describe, invariants, judge, legal, position, rulings,
                                    setup, turn_loop)
from games.uberdrakes.rules.board import SCENARIOS
from games.uberdrakes.rules.checks import COMBAT_KINDS, FREE_KINDS, PENDING_KINDS
from games.uberdrakes.rules.common import R_COMBAT, R_FIRST, R_SETUP, R_TURN
from games.uberdrakes.rules.state import UDState
from games.uberdrakes.ui import coach

# action parameters that would reveal a hidden choice: a save keeps them
# under "private" (engine/core/saves.py mark_private) and still replays
PRIVATE_PARAMS = {"mulligan": ("cards",), "mulligan_take": ("card",), "handbook": ("take", "other")}


class UberDrakesRules(Game):
    game_id = "uberdrakes"
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
            return checks.combat_problem(state, a)
        if state.pending is not None:
            return checks.pending_problem(state, a)
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
            offered = legal.decision_actions(state)
            assert offered is not None           # the mulligan is a setup step: its actions are listed
            if a not in offered:
                return ("Name the two cards in alphabetical order.", R_FIRST)
            return None
        if k in COMBAT_KINDS:
            return ("No combat is under way.", R_COMBAT)
        if k in PENDING_KINDS or k in ("choose_dragon", "keep_hand", "mulligan"):
            return ("Nothing waits for that decision now.", R_TURN)
        if k not in FREE_KINDS:
            return f"Unknown action {k!r}."
        return BY_KIND            # the free part of a turn: the kind's own check decides (checks.py)

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
