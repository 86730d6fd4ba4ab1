"""The shared random-playout test every game passes (DESIGN.md, OpenSpiel
style): play to the end with random legal actions, check invariants and
that every offered action passes `check`; replay the log to the same
state; round-trip the save file."""
import os
import random

import pytest

from engine.core import registry
from engine.core.agents import RandomAgent
from engine.core.match import Match
from engine.core.rules import Setup
from engine.commands.simulate import play_out
from tiers import depths

GAMES = [g.game_id for g in registry.all_games()]
# games per game id, at two depths (tests/tiers.py): a few in the fast tier,
# as OpenSpiel's random_sim_test does; enough in the slow tier to meet every
# phase and option each run; a deeper soak is one variable away
# (WARBENCH_PLAYOUTS=2000 pytest -m slow tests/engine/test_playouts.py)
PLAYOUTS = max(10, int(os.environ.get("WARBENCH_PLAYOUTS", "80")))


def _setups(rules, count):
    out = []
    for i in range(count):
        n = rules.min_players + i % (rules.max_players - rules.min_players + 1)
        scen = rules.scenarios()[i % len(rules.scenarios())]
        opts = {}
        rng = random.Random(i)
        for o in rules.options():
            if rng.random() < 0.4:
                opts[o.key] = rng.choice(o.choices) if o.choices else True
        out.append(Setup(rules.game_id, n, seed=100 + i, scenario=scen, options=opts))
    return out


@pytest.mark.parametrize("count", depths(3, PLAYOUTS))
@pytest.mark.parametrize("game", GAMES)
def test_random_playouts_keep_invariants(game, count):
    rules = registry.get(game)
    agents = [RandomAgent(rules) for _ in range(rules.max_players)]
    finished = 0
    for setup in _setups(rules, count):
        def step(state, action, legal):
            bad = rules.invariants(state)
            assert not bad, f"seed {setup.seed} after {action}: {bad}"
        r = play_out(rules, setup, agents, max_actions=6000, on_step=step)
        finished += bool(r["winners"])
    assert finished >= 0.9 * count          # random games end by themselves


@pytest.mark.parametrize("count", depths(2, 12))
@pytest.mark.parametrize("game", GAMES)
def test_legal_actions_pass_check(game, count):
    rules = registry.get(game)
    agents = [RandomAgent(rules) for _ in range(rules.max_players)]
    for setup in _setups(rules, count):
        def step(state, action, _before):
            legal = rules.legal_actions(state)
            rng = random.Random(len(legal))
            for a in rng.sample(legal, min(15, len(legal))):
                if a.player == rules.to_act(state):
                    assert rules.check(state, a) is None, f"{a} is listed but refused: {rules.check(state, a)}"
        play_out(rules, setup, agents, max_actions=300, on_step=step, list_legal=True)


@pytest.mark.parametrize("count", depths(2, 10))
@pytest.mark.parametrize("game", GAMES)
def test_replay_and_save_round_trip(game, count, tmp_path):
    rules = registry.get(game)
    agents = [RandomAgent(rules) for _ in range(rules.max_players)]
    for setup in _setups(rules, count):
        r = play_out(rules, setup, agents, max_actions=500)
        m = Match(setup)
        for a in r["log"]:
            m.submit(a, autosave=False)
        assert rules.fingerprint(m.state) == rules.fingerprint(r["state"])
        path = tmp_path / f"{setup.seed}.json"
        m.save(path)
        loaded = Match.load(path)
        assert rules.fingerprint(loaded.state) == rules.fingerprint(m.state)
        assert loaded.actions == m.actions


@pytest.mark.parametrize("game", [g for g in GAMES if hasattr(registry.get(g), "sample_legal")])
@pytest.mark.parametrize("count", depths(1, 6))
def test_sampler_only_picks_legal_actions(game, count):
    rules = registry.get(game)
    agents = [RandomAgent(rules) for _ in range(rules.max_players)]
    for setup in _setups(rules, count):
        rng = random.Random(setup.seed)

        def step(state, action, _before):
            if rules.outcome(state) is None:
                legal = set(rules.legal_actions(state))
                for _ in range(3):
                    assert rules.sample_legal(state, rng) in legal
        play_out(rules, setup, agents, max_actions=250, on_step=step)
