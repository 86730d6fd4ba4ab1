"""The Dragonbond computer opponent: it plays legal actions to the end and
beats the random player (the full 100-game count is a benchmark, see
docs/games/dragonbond.md; here a few games)."""
import pytest

from engine.core import registry
from engine.core.agents import RandomAgent, agent_names
from engine.core.rules import Setup
from engine.commands.simulate import play_out
from games.dragonbond.ai import AGENTS, explain, make_agent


def test_agent_names():
    assert agent_names("dragonbond")[0] == "normal" and "greedy" in AGENTS
    assert agent_names("dragonbond") == ["normal", "hard", "easy", "greedy", "strong", "random"]
    with pytest.raises(KeyError):
        make_agent("clever", registry.get("dragonbond"))


def test_greedy_beats_random():
    rules = registry.get("dragonbond")
    ai, rnd = make_agent("greedy", rules), RandomAgent(rules)
    wins = 0
    for g in range(4):
        seat = g % 2
        agents = [rnd, rnd]
        agents[seat] = ai
        r = play_out(rules, Setup("dragonbond", 2, seed=700 + g, scenario="valerna_crossing"), agents,
                     max_actions=4000)
        wins += r["winners"] == [seat]
    assert wins >= 3
    assert explain(ai)


def test_greedy_plays_every_table_and_four_players():
    rules = registry.get("dragonbond")
    ai = make_agent("greedy", rules)
    for i, scen in enumerate(rules.scenarios()):
        n = 2 + i % 3
        r = play_out(rules, Setup("dragonbond", n, seed=40 + i, scenario=scen,
                                  options={"mode": ("control", "annihilation")[i % 2]}), [ai] * n, max_actions=6000)
        assert r["winners"], (scen, r["reason"])
