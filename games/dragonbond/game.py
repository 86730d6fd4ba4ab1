"""The Dragonbond game: the phase check and dispatch to its rules/ package.

Each action kind is declared once (actions.py) with its applier
(apply.py) and its words (describe.py); the checks (checks.py) go by
phase first: see actions.py.  Topic modules hold the rules: setup, turns, movement and
moves, combat, powers, wounds, flow (the resolution steps that wait for
decisions), space (the table), stats (what a unit is now), legal (the
representative legal actions).  Decisions: docs/games/dragonbond.md.
"""
from __future__ import annotations

from engine.core import registry
from engine.core.actions import Action
from engine.core.computer_players import ComputerPlayers
from engine.core.game import Game, GameParts
from engine.core.rules import Event, Illegal, OptionSpec, Outcome, refusal
from games.dragonbond.rules import actions, checks, legal, position, setup, turn_loop
from games.dragonbond.rules import catalog, describe, invariants, judge, rulings
from games.dragonbond.ui import coach
from games.dragonbond.rules.state import DBState


class DragonbondRules(Game):
    game_id = "dragonbond"
    parts = GameParts(describe=describe, catalog=catalog, invariants=invariants, position=position, judge=judge,
                      rulings=rulings, coach=coach)
    declared = actions.DECLARED

    def computer(self) -> ComputerPlayers:
        from games.dragonbond.ai import players        # the computer players read the rules: loaded when first asked for
        return players.COMPUTER
    title = "Dragonbond: Battles of Valerna"
    min_players = 2
    max_players = 4
    data_version = "1"
    army_lists = True                # army_catalog, army_problems, army_summary below
    rulebook = "dragonbond.txt"

    # ---- setup -------------------------------------------------------------------------
    def options(self) -> list[OptionSpec]:
        return [
            OptionSpec("mode", "Game mode", "control", ("control", "annihilation"),
                       help="Control: objectives and points (needs a general each); annihilation: destroy them all"),
        ]

    # ---- army lists (engine/core/army_lists.py) ------------------------------------------
    def army_catalog(self):
        from games.dragonbond.rules.army import army_catalog
        return army_catalog(self.catalog())

    def army_problems(self, army_list) -> list:
        from games.dragonbond.rules.army import list_problems
        return list_problems(self.catalog(), army_list)

    def army_summary(self, army_list) -> str:
        from games.dragonbond.rules.army import list_points
        lim = self.catalog().limits.get(army_list.fields.get("size"))
        pts = list_points(self.catalog(), army_list)
        n = len(army_list.entries)
        if lim is None:
            return f"{pts} points, {n} units"
        return f"{pts} / {lim.points} points, {n} / {lim.max_units} units ({lim.name})"

    def scenarios(self) -> list[str]:
        return list(self.catalog().scenarios)

    fingerprint_since = 3        # format 3: the frames still to resolve became typed values (games/dragonbond/rules/frames.py)

    def initial_state(self, s, dice, catalog=None):
        state, events = setup.initial_state(s, dice, catalog or self.catalog(), position.build)
        turn_loop.run_frames(state, dice, events)
        return state, events

    def in_setup(self, state: DBState) -> bool:
        return state.phase in ("bond", "edge", "deploy")

    def to_act(self, state: DBState) -> int:
        return checks.to_act(state)

    def player_name(self, state: DBState, p: int) -> str:
        return state.players[p].name

    def hidden_from_others(self, state: DBState, p: int) -> bool:
        return False

    def outcome(self, state: DBState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(state.winners, state.win_reason, state.win_rule)

    # ---- legal actions ------------------------------------------------------------------
    def legal_actions(self, state: DBState) -> list[Action]:
        return legal.legal(state)

    def sample_legal(self, state: DBState, rng) -> Action:
        """A random listed action without listing them all: a random group
        (a unit's moves, its attacks, its powers, its special actions...),
        then one of its actions."""
        return legal.sample(state, rng)

    # ---- checks -------------------------------------------------------------------------
    def check(self, state: DBState, a: Action) -> Illegal | None:
        return refusal(checks.problem, state, a, actions.DECLARED)

    # ---- apply --------------------------------------------------------------------------
    def apply(self, state: DBState, a: Action, dice) -> list[Event]:
        ev: list[Event] = []
        actions.SPECS[a.kind].apply(state, a, dice, ev)
        turn_loop.run(state, dice, ev)
        return ev


RULES = DragonbondRules()
registry.register(RULES)
