"""The judge's hooks for Battle Valor Fantasy (games/battle_valor_fantasy/rules/judge.py)."""
import random

from engine.core import registry
from engine.core.agents import RandomAgent
from engine.core.dice import SeededDice
from engine.core.rules import Setup
from games.battle_valor_fantasy.rules import judge


def test_judge_frames_follow_stands_and_objectives():
    """Facts per seat's deployment zone, and a frame with every stand on
    the table and each objective of a scenario that has them."""
    rules = registry.get("battle_valor_fantasy")
    scen = next(s for s, sc in sorted(registry.get("battle_valor_fantasy").catalog().scenarios.items()) if sc.victory.objective)
    state, _ = rules.initial_state(Setup(rules.game_id, 2, seed=4, scenario=scen), SeededDice(4))
    facts = judge.judge_map(state)
    assert len(facts["seats"]) == 2 and all("area (sq in)" in f for f in facts["seats"])
    assert facts["map"]["objectives"] >= 1
    assert all("inches to the nearest objective" in f for f in facts["seats"])
    dice, rng, agent = SeededDice(4), random.Random(4), RandomAgent(rules)
    while state.phase == "deploy":
        rules.apply(state, agent.choose(state, None, rng), dice)
    frame = judge.judge_frame(state)
    stands = sum(len(u.stands) for u in state.units.values() if u.on_table and u.deployed)
    assert len(frame.units) == stands == len({s.key for s in frame.units})
    assert len(frame.objectives) == facts["map"]["objectives"]
    assert frame.sides == tuple(p.zone for p in state.players)
    canvas = judge.judge_canvas(state)
    assert canvas.kind == "table" and canvas.width == state.table.width and canvas.source.endswith(".tmx")


def test_game_length_counts_the_turns():
    """simulate and judge report game length in rounds: Battle Valor's
    are its game turns (they read 0 before)."""
    rules = registry.get("battle_valor_fantasy")
    state, _ = rules.initial_state(Setup(rules.game_id, 2, seed=4), SeededDice(4))
    assert state.round == state.turn == 1
    state.turn = 4
    assert state.round == 4 and state.copy().round == 4


def test_a_new_catalog_reads_the_table_again():
    """The live map viewer rereads a saved Tiled map by a new catalog
    (rules.reload_files): a table is cached on its catalog, not past it."""
    from games.battle_valor_fantasy.rules import setup
    rules = registry.get("battle_valor_fantasy")
    scen = rules.scenarios()[0]
    cat = rules.catalog()
    first = setup.table_for(cat, scen)
    assert setup.table_for(cat, scen) is first
    assert setup.table_for(rules.read_catalog(), scen) is not first
