"""The Dice Wars ruleset: the game's parts tied together and the actions
dispatched.

Each action kind is declared once (games/dice_wars/rules/actions.py) with
its applier (apply.py, with the guard's trigger and counterstrike) and its
words (describe.py); the legal actions are listed in legal.py and refused
with reasons in checks.py.  Topic modules hold the rules themselves:
movement, targeting, combat, skills, cities, flow, victory, setup
(games/dice_wars/rules/).  The computer players: games/dice_wars/ai/; the
screens: games/dice_wars/ui/.
"""
from __future__ import annotations

from engine.core import registry
from engine.core.actions import Action
from engine.core.computer_players import ComputerPlayers
from engine.core.game import Game, GameParts
from engine.core.rules import Event, Illegal, OptionSpec, Outcome, refusal
from games.dice_wars.rules import actions, apply, catalog, checks, describe, flow, invariants, judge, legal, position
from games.dice_wars.rules import rulings, setup
from games.dice_wars.rules.board import SCENARIOS
from games.dice_wars.rules.state import DWState
from games.dice_wars.ui import coach


class DiceWarsRules(Game):
    game_id = "dice_wars"
    parts = GameParts(describe=describe, catalog=catalog, invariants=invariants, position=position, judge=judge,
                      rulings=rulings, coach=coach)
    declared = actions.DECLARED

    def computer(self) -> ComputerPlayers:
        from games.dice_wars.ai import players  # the computer players read the rules: loaded when first asked for
        return players.COMPUTER
    title = "Dice Wars: Heroes of Polyhedra"
    min_players = 2
    max_players = 4
    data_version = "1"
    rulebook = "dice_wars.txt"

    # ---- setup ---------------------------------------------------------------
    def options(self) -> list[OptionSpec]:
        return [
            OptionSpec("fight_to_death", "Fight to the death", False, help="A defeated player is removed; play on until one side stands (§ Win Conditions)"),
            OptionSpec("relics", "I: Ancient Relics", False, help="Cities hold relics for whoever meets their condition"),
            OptionSpec("faction_bonuses", "II: Faction bonuses (draft)", False, help="Low roller drafts factions; each faction has a bonus"),
            OptionSpec("tile_placement", "III: Who lays the tiles", "random", ("random", "players"),
                       help="On shuffled maps: the dice lay them, or the players take turns, low roller first"),
            OptionSpec("hinterland_sites", "IV: Hinterland sites", "none", ("none", "ruins", "cities"),
                       help="On Hinterland maps: add ruins (search for relics) or cities (Diplomacy replaces Dominion)"),
            OptionSpec("alliances", "V: Alliances", False, help="Propose or break alliances at the start of your phase"),
            OptionSpec("coalition", "V: Coalition", "none", tuple(setup.COALITIONS), help="Permanent teams (3-4 players)"),
            OptionSpec("tournament_deploy", "VI: Tournament deployment", False, help="Binding deployment, lowest roller first"),
            OptionSpec("veterans", "VII: Veteran units", False, help="An advanced unit that kills becomes a veteran"),
        ]

    def scenarios(self) -> list[str]:
        return list(SCENARIOS)

    def players_note(self, players: int) -> str:
        """The launcher's word on three players: the corners are taken
        clockwise from the top-left, so the top-right seat sits between the
        other two (docs/games/dice_wars.md § The judge and the balanced
        map's fairness: measured, the balanced map is fair for 2 and 4)."""
        if players == 3:
            return ("3 players: the top-right seat sits between the other two, attacked from both sides (on the "
                    "balanced map it won 19% of the computer's games; a fair share is 33%)")
        return ""

    def initial_state(self, s, dice, catalog=None):
        state, events = setup.initial_state(s, dice, catalog or self.catalog())
        state.cache = {}
        return state, events

    def in_setup(self, state: DWState) -> bool:
        return state.phase in ("tiles", "draft", "deploy")

    def to_act(self, state: DWState) -> int:
        return flow.to_act(state)

    def player_name(self, state: DWState, p: int) -> str:
        return state.players[p].name

    def hidden_from_others(self, state: DWState, p: int) -> bool:
        return False          # Dice Wars has no hands: everything on the table is public

    def outcome(self, state: DWState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(state.winners, state.win_reason, state.win_rule)

    # ---- legal actions and checks: games/dice_wars/rules/legal.py, checks.py -----
    def legal_actions(self, state: DWState) -> list[Action]:
        return legal.legal_actions(state)

    def sample_legal(self, state: DWState, rng) -> Action:
        return legal.sample_legal(state, rng)

    def check(self, state: DWState, a: Action) -> Illegal | None:
        return refusal(checks.problem, state, a, actions.DECLARED)

    # ---- apply -----------------------------------------------------------------
    def apply(self, state: DWState, a: Action, dice) -> list[Event]:
        ev: list[Event] = []
        # a move reuses the reach the listing just searched, while the cache still holds it
        reach = apply.listed_reach(state, a) if a.kind == "move" else None
        state.cache = None           # derived values are recomputed while the state changes
        try:
            if reach is not None:
                apply.do_move(state, a, dice, ev, reach)
            else:
                actions.SPECS[a.kind].apply(state, a, dice, ev)
        finally:
            state.cache = {}
        if state.phase == "command" and not state.players[state.current].alive and state.pending is None:
            flow.next_player(state, ev)
        return ev


RULES = DiceWarsRules()
registry.register(RULES)
