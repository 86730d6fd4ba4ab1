"""The Battle Valor Fantasy ruleset (the Game subclass): it ties rules/,
ai/ and ui/ together and dispatches; the rules themselves live in rules/.

Each action kind is declared once (rules/actions.py) with its checker
(rules/checks.py, after the shared `checks.problem`), its applier
(rules/apply.py) and its words (rules/describe.py); `apply` here calls the
kind's, and rules/flow.py `after_action` settles what follows.  The Grand
Alliance's seats are translated to the two sides here (rules/alliance_turns.py).
Topic modules hold the rules: setup (table, armies, deployment), flow
(initiative, orders, Fate, compulsory moves, the phases), moves (advance,
reform, flee, rally), spells, fire, combat, casualties, victory; space (the
table) and stats (what a unit is now); legal (the representative legal
actions).  The computer players: ai/players.py; the screens: ui/.
Decisions: docs/games/battle_valor_fantasy.md.
"""
from __future__ import annotations

from engine.core import registry
from engine.core.actions import Action
from engine.core.computer_players import ComputerPlayers
from engine.core.game import Game, GameParts
from engine.core.rules import Event, Illegal, OptionSpec, Outcome, refusal
from engine.core.words import possessive
from games.battle_valor_fantasy.rules import (actions, advanced_combat, alliance, alliance_turns, characters, checks,
                                              describe, flow, legal, position, rerolls, reserves, setup)
from games.battle_valor_fantasy.rules import catalog, invariants, judge, rulings
from games.battle_valor_fantasy.ui import coach
from games.battle_valor_fantasy.rules.state import BVFState

REROLL_KINDS = ("charge", "attack", "fire", "cast")   # activations whose roll the General may reroll


class BattleValorFantasyRules(Game):
    game_id = "battle_valor_fantasy"
    # describe.preview takes the whole check as a third argument (describe.py cannot import actions.py,
    # which imports it), so the module is not the two-argument DescribeModule; `preview` below passes
    # the check, and the base's two-argument call (engine/core/game.py Game.preview) is never made
    parts = GameParts(describe=describe,  # type: ignore[arg-type]
                      catalog=catalog, invariants=invariants, position=position, judge=judge,
                      rulings=rulings, coach=coach)
    declared = actions.DECLARED

    def computer(self) -> ComputerPlayers:
        from games.battle_valor_fantasy.ai import players       # the computer players read the rules: loaded when first asked for
        return players.COMPUTER

    title = "Battle Valor Fantasy"
    min_players = 2
    max_players = 4           # 3 or 4: the Grand Alliance (alliance.py), two sides
    bench_players = 2         # `bench` draws and times the bars' board: two armies, not an alliance
    data_version = "1"
    army_lists = True                # army_catalog, army_problems, army_summary below
    rulebook = "battle_valor_fantasy.txt"

    # ---- setup -------------------------------------------------------------------------
    def options(self) -> list[OptionSpec]:
        names = tuple(sorted(self.catalog().lists))
        # shipped lists by name for scripts and old saves; the launcher's seats choose armies
        # through the shared army lists (engine/core/army_lists.py), so it does not offer these
        return [OptionSpec("army0", "First army", "", ("",) + names, help="Army list of the first player "
                           "(empty: the scenario's default)", launcher=False),
                OptionSpec("army1", "Second army", "", ("",) + names, help="Army list of the second player",
                           launcher=False),
                OptionSpec(advanced_combat.OPTION, "Advanced combat rules", False,
                           help="Counter charges meet half way; a charge that wipes out the front rank kills the "
                           "command stand and is not fought back (optional: § Advanced Combat Rules)"),
                OptionSpec(reserves.OPTION, "Reserves and flank marchers", False,
                           help="Hold up to half the army back, listed face down; from turn 2 it arrives on your "
                           "edge, from turn 3/4 on the sides, from turn 6 on the enemy's (§ Reserves and Flank "
                           "Marchers)")]

    # the shared army lists (engine/core/army_lists.py; games/battle_valor_fantasy/rules/list_hooks.py)
    def army_catalog(self):
        from games.battle_valor_fantasy.rules import list_hooks
        return list_hooks.army_catalog(self.catalog())

    def default_army_name(self, seat: int, scenario: str = "", players: int = 2) -> str:
        """The list a seat plays on `scenario` when none is chosen (the
        launcher shows it by name; 3 or 4 players: the Grand Alliance's)."""
        c = self.catalog()
        if scenario not in c.scenarios:
            return ""
        if players > 2:
            list_id = setup.alliance_lists(c, scenario, min(players, 4))[seat % players]
        else:
            list_id = setup.default_lists(c, scenario)[seat % 2]
        return c.lists[list_id].name if list_id in c.lists else ""

    def players_note(self, players: int) -> str:
        """The launcher's word on 3 or 4 players: the Grand Alliance (alliance.py)."""
        if players == 3:
            return "Grand Alliance: players 1 & 3 against 2; 1 and 2 are the overall Generals"
        if players == 4:
            return "Grand Alliance: players 1 & 3 against 2 & 4; 1 and 2 are the overall Generals"
        return ""

    def army_problems(self, army_list) -> list:
        from games.battle_valor_fantasy.rules import list_hooks
        return list_hooks.army_problems(self.catalog(), army_list)

    def army_summary(self, army_list) -> str:
        from games.battle_valor_fantasy.rules import list_hooks
        return list_hooks.army_summary(self.catalog(), army_list)

    def scenarios(self) -> list[str]:
        """The full pitched battle first (the default, and the benchmark's)."""
        names = sorted(self.catalog().scenarios)
        return [setup.FULL_BATTLE] + [n for n in names if n != setup.FULL_BATTLE]

    def initial_state(self, s, dice, catalog=None):
        state, ev = setup.initial_state(s, dice, catalog or self.catalog())
        if s.options.get("position") is not None:
            position.build(state, s.options["position"], ev)
        alliance_turns.settle(state)
        return state, ev

    def in_setup(self, state: BVFState) -> bool:
        return state.phase == "deploy"

    def to_act(self, state: BVFState) -> int:
        if state.alliance is not None:
            return state.seat             # a Grand Alliance: the seat (alliance_turns.py)
        return flow.to_act(state)

    def player_name(self, state: BVFState, p: int) -> str:
        return alliance.name(state, p)

    def hidden_from_others(self, state: BVFState, p: int) -> bool:
        """Orders are placed face down, and hidden Assassins and Thieves are a
        note only their owner may read: the other player must not see."""
        if state.alliance is not None:
            return alliance_turns.hidden_from_others(state, p)
        return state.phase == "orders" or characters.holds_hidden(state, p) or reserves.holds_secret(state, p)

    def outcome(self, state: BVFState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(alliance.winners(state), state.win_reason, state.win_rule)

    # ---- legal actions ------------------------------------------------------------------
    def legal_actions(self, state: BVFState) -> list[Action]:
        if state.alliance is not None:
            return [alliance_turns.outward(state, a) for a in legal.legal(state)]
        return legal.legal(state)

    def sample_legal(self, state: BVFState, rng) -> Action:
        if state.alliance is not None:
            return alliance_turns.outward(state, legal.sample(state, rng))
        return legal.sample(state, rng)

    # ---- checks -------------------------------------------------------------------------
    def check(self, state: BVFState, a: Action) -> Illegal | None:
        if state.alliance is not None:       # a seat's action, played as its side's (alliance_turns.py)
            if state.phase != "over" and a.player != state.seat:
                return Illegal(f"It is {possessive(alliance.name(state, state.seat))} decision", flow.R_TURN)
            if not 0 <= a.player < len(state.alliance.sides):
                return Illegal(f"No player {a.player}", flow.R_TURN)
            a = alliance_turns.inward(state, a)
        return refusal(checks.problem, state, a, actions.DECLARED)

    def preview(self, state: BVFState, a: Action) -> list[str]:
        return describe.preview(state, a, actions.problem)

    # ---- apply --------------------------------------------------------------------------
    def apply(self, state: BVFState, a: Action, dice) -> list[Event]:
        if state.alliance is not None:
            seat = a.player
            turn = alliance_turns.takes_turn(state, a)
            ev = self._apply(state, alliance_turns.inward(state, a), dice)
            if turn:
                alliance_turns.acted(state, seat)
            alliance_turns.settle(state)
            return ev
        return self._apply(state, a, dice)

    def _apply(self, state: BVFState, a: Action, dice) -> list[Event]:
        ev: list[Event] = []
        wisher = None
        if a.get("reroll") and a.kind in REROLL_KINDS:
            wisher = state.units[a["uid"]]
            rerolls.wish(wisher, a["reroll"])
        acted_in = state.phase
        actions.SPECS[a.kind].apply(state, a, dice, ev)
        if wisher is not None:
            wisher.effects.pop(rerolls.WISH, None)
        flow.after_action(state, a.kind, acted_in, dice, ev)
        return ev


RULES = BattleValorFantasyRules()
registry.register(RULES)
