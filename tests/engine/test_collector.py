"""The cycle collector's tuning (engine/core/collector.py) is safe only
while the rules make next to no cyclic garbage: full collections run a
hundred times less often, so cycles would wait longer to be freed."""
import gc

import pytest

from engine.commands.playout import play_out
from engine.core import collector, registry
from engine.core.agents import RandomAgent
from engine.core.rules import Setup
from tiers import slow_for

GAMES = ["battle_valor_fantasy", "dice_wars", "dragonbond", "uberdrakes", "warbound"]


@pytest.mark.parametrize("game", slow_for(GAMES, "battle_valor_fantasy", "dice_wars"))
def test_playouts_leave_next_to_no_cyclic_garbage(game):
    rules = registry.get(game)
    agents = [RandomAgent(rules) for _ in range(rules.max_players)]
    gc.collect()
    for seed in range(2):
        play_out(rules, Setup(game, rules.min_players, seed=seed, scenario=rules.scenarios()[0], options={}),
                 agents, max_actions=3000)
    assert gc.get_threshold() == collector.THRESHOLDS      # every playout runs with full sweeps made rare
    assert gc.collect() < 2_000                             # (260 objects in three Battle Valor games)
