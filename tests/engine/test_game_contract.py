"""The game contract (engine/core/game.py): every game subclasses `Game`,
hands over its modules as typed parts, declares its computer players, and
a new game needs nothing more than a subclass and its actions."""
from __future__ import annotations

import random

import pytest

from engine.core import registry
from engine.core.actions import Action
from engine.core.agents import make_agent
from engine.core.computer_players import ComputerPlayers
from engine.core.game import (CatalogModule, CoachModule, DescribeModule, Game, InvariantsModule, JudgeModule,
                              PositionModule, RulingsModule)
from engine.core.match import Match
from engine.core.rules import Event, Outcome, Setup

GAMES = [g.game_id for g in registry.all_games()]
ROLES = {"describe": DescribeModule, "catalog": CatalogModule, "invariants": InvariantsModule,
         "position": PositionModule, "judge": JudgeModule, "rulings": RulingsModule, "coach": CoachModule}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_subclasses_the_base_and_hands_over_every_part(game):
    """Each part is the game's own module of that role, with every function
    the role's Protocol names (a missing or misnamed one fails here, before
    any match starts)."""
    rules = registry.get(game)
    assert isinstance(rules, Game)
    assert rules.parts is not None
    for role, protocol in ROLES.items():
        module = getattr(rules.parts, role)
        assert module is not None, f"{game} hands over no {role} module"
        assert module.__name__ in (f"games.{game}.{role}", f"games.{game}.rules.{role}", f"games.{game}.ui.{role}")
        assert isinstance(module, protocol), f"games/{game}/{role}.py lacks what {protocol.__name__} names"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_declares_its_computer_players_and_every_level_plays(game):
    rules = registry.get(game)
    computer = rules.computer()
    assert isinstance(computer, ComputerPlayers) and computer.evaluate is not None
    assert "normal" in computer.agents or computer.agents
    for level in ("easy", "normal", "hard"):
        assert make_agent(game, level, rules) is not None


def test_a_module_missing_a_role_function_is_caught():
    """The run-time check above can fail: a module without `preview` is not a DescribeModule."""
    import types
    fake = types.ModuleType("games.fake.describe")
    fake.describe = lambda state, action: "x"          # type: ignore[attr-defined]
    assert not isinstance(fake, DescribeModule)
    fake.preview = lambda state, action: []             # type: ignore[attr-defined]
    assert isinstance(fake, DescribeModule)


class Coin(Game):
    """A sixth game in a dozen lines: two players call a coin until one
    calls it right.  Only the abstract methods and one action kind."""
    game_id = "coin"
    title = "Coin"

    def initial_state(self, setup: Setup, dice):
        return {"turn": 0, "winner": None}, [Event("start", "Call the coin")]

    def to_act(self, state) -> int:
        return state["turn"] % 2

    def legal_actions(self, state) -> list[Action]:
        return [Action.make("call", self.to_act(state), side=s) for s in ("heads", "tails")]

    def check(self, state, action):
        return None

    def apply(self, state, action, dice) -> list[Event]:
        if dice.roll(2, 1)[0] == (1 if action["side"] == "heads" else 2):
            state["winner"] = action.player
        state["turn"] += 1
        return [Event("call", self.describe(state, action), depth=0)]

    def outcome(self, state):
        return None if state["winner"] is None else Outcome((state["winner"],), "called it")

    def describe(self, state, action) -> str:
        return f"Player {action.player + 1} calls {action['side']}"

    def player_name(self, state, player: int) -> str:
        return f"Player {player + 1}"

    def clone(self, state):
        return dict(state)


def test_a_new_game_is_a_subclass_and_every_optional_hook_has_its_default():
    coin = Coin()
    state, _ = coin.initial_state(Setup("coin", 2), None)
    assert coin.in_setup(state) is False and coin.sample_legal(state, random.Random(1)) is None
    assert coin.preview(state, coin.legal_actions(state)[0]) == [] and coin.invariants(state) == []
    assert coin.judge_map(state) is None and coin.judge_army(state) is None
    assert "no way to swap" in coin.judge_swap(state, (1, 0), ())
    assert coin.rulings() == [] and coin.override_any_time() == () and coin.computer() is None
    assert coin.scenario_title("smog_fields") == "Smog fields" and coin.coach_warnings(state, 0) == []
    with pytest.raises(TypeError, match="abstract"):
        type("Half", (Game,), {"game_id": "half"})()             # a game that does not say its rules


def test_a_new_game_plays_in_a_match_with_the_random_player():
    registry.register(Coin())
    try:
        match = Match(Setup("coin", 2, seed=3))
        agent = make_agent("coin", "random", match.rules)
        rng = random.Random(3)
        while match.outcome() is None:
            match.submit(agent.choose(match.state, None, rng), autosave=False)
        assert match.outcome().reason == "called it"
    finally:
        registry._games.pop("coin", None)
