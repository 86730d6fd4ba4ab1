"""The Warbound game (engine/core/game.py `Game`): ties rules/, ai/ and ui/
together (the parts, the declared actions, the computer players, the
screens' package) and dispatches: the legal actions are rules/legal.py's,
the phase check rules/checks.py's (then the kind's own check), the apply
the kind's applier (rules/actions.py names it, rules/apply.py holds it).
The rules' topics are in games/warbound/rules/__init__.py.  Action kinds:

- deploy {uid, to, to2?}                      deployment
- leader_skill {target}                       Leader Phase
- hourglass {space}                           Effect Phase
- activate {uid, space, pay?}                 Action Phase: pay and start
- move {to, to2?} / shoot {target} / fight {target} / skill {skill, target?, to?, to2?}
- end_activation, pass
- exchange {give: [c, c], get: c}             any time it is your decision
- initiative {take}, keep_token {color}       Cleanup
"""
from __future__ import annotations

from engine.core import registry
from engine.core.actions import Action
from engine.core.computer_players import ComputerPlayers
from engine.core.game import Game, GameParts
from engine.core.rules import Illegal, OptionSpec, Outcome, refusal
from games.warbound.rules import (actions, catalog, checks, describe, invariants, judge, legal, position, queries,
                                  rulings, setup)
from games.warbound.rules.board import BOARDS
from games.warbound.rules.state import WBState
from games.warbound.ui import coach


class WarboundRules(Game):
    game_id = "warbound"
    parts = GameParts(describe=describe, catalog=catalog, invariants=invariants, position=position, judge=judge,
                      rulings=rulings, coach=coach)
    declared = actions.DECLARED

    def computer(self) -> ComputerPlayers:
        from games.warbound.ai import players  # the computer players read the rules: loaded when first asked for
        return players.COMPUTER

    title = "Warbound (Exploration)"
    min_players = 2
    max_players = 2
    data_version = "1"
    army_lists = True                # army_catalog, army_problems, army_summary below
    rulebook = "warbound.txt"

    def options(self) -> list[OptionSpec]:
        # each seat's deck is an army list (the launcher's seats, --armies); deck_1 and
        # deck_2 choose a starter deck by id for scripts and for games saved before that,
        # so those saves still load: the launcher does not offer them
        decks = tuple(sorted(self.catalog().decks))
        return [OptionSpec(f"deck_{i + 1}", f"Player {i + 1}'s deck", setup.DEFAULT_DECKS[i], decks,
                           help="A starter deck (data/warbound/lists)", launcher=False) for i in (0, 1)]

    def scenarios(self) -> list[str]:
        return list(BOARDS)

    # ---- decks as army lists (engine/core/army_lists.py; games/warbound/rules/list_hooks.py) ----
    def army_catalog(self):
        from games.warbound.rules.list_hooks import army_catalog
        return army_catalog(self.catalog())

    def army_problems(self, army_list) -> list:
        from games.warbound.rules.list_hooks import army_problems
        return army_problems(self.catalog(), army_list)

    def default_army_name(self, seat: int, scenario: str = "") -> str:
        """The starter deck a seat plays when no list is chosen (the launcher
        shows it); the same on every map."""
        return self.catalog().decks[setup.DEFAULT_DECKS[seat % 2]].name

    def army_summary(self, army_list) -> str:
        from games.warbound.rules.list_hooks import army_summary
        return army_summary(self.catalog(), army_list)

    def initial_state(self, s, dice, catalog=None):
        return setup.initial_state(s, dice, catalog or self.catalog())

    def in_setup(self, state: WBState) -> bool:
        return state.phase == "deploy"

    def to_act(self, state: WBState) -> int:
        return queries.to_act(state)

    def player_name(self, state: WBState, p: int) -> str:
        return state.players[p].name

    def hidden_from_others(self, state: WBState, p: int) -> bool:
        return False            # decks, tokens and the Action Board are all public

    def outcome(self, state: WBState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(state.winners, state.win_reason, state.win_rule)

    # ---- legal actions (rules/legal.py) ---------------------------------------
    def legal_actions(self, state: WBState) -> list[Action]:
        return legal.legal_actions(state)

    def sample_legal(self, state: WBState, rng) -> Action:
        return legal.sample_legal(state, rng)

    # ---- checks: the phase check first (rules/checks.py), then the kind's -----
    def check(self, state: WBState, a: Action) -> Illegal | None:
        return refusal(checks.phase_check, state, a, actions.DECLARED)

    # ---- apply ---------------------------------------------------------------
    def apply(self, state: WBState, a: Action, dice) -> list:
        events: list = []
        actions.SPECS[a.kind].apply(state, a, dice, events)
        return events


RULES = WarboundRules()
registry.register(RULES)
