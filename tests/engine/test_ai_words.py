"""What the computer says (issue 35, issue 34's "Hint in plain words"):
every decision's reason and every hint speak of the game (a goal, a
threat, a rule, the odds where dice decide), never of the search: no
"looked ahead 0 times", "won in 1", "-999.2 over the next idea", no
score of the scoring player and no sign-reversed figure."""
from __future__ import annotations

import random
import re

import pytest

from engine.core import registry
from engine.core.agents import make_agent
from engine.core.hint import make_hint
from engine.core.match import Match
from engine.core.rules import Setup
from engine.core.search import HardAgent
from tiers import slow_for

GAMES = [r.game_id for r in registry.all_games()]
INTERNAL = re.compile(r"looked ahead|over the next idea|won in \d|best score|score \(|playout|samples?\b|"
                      r"futures?\b|[+-]\d+\.\d|of \d+ choices|\(-?\d+\.\d+\)")


def quick(agent):
    """A hard agent that weighs a few futures (the words, not the strength, are tested)."""
    if isinstance(agent, HardAgent):
        agent.playouts = 12
    return agent


def decisions(game: str, level: str, n: int, seed: int = 5):
    rules = registry.get(game)
    m = Match(Setup(game, rules.min_players, seed=seed, scenario=rules.scenarios()[0]))
    agents = [quick(make_agent(game, level, rules, batch=True)) for _ in range(rules.min_players)]
    rng = random.Random(seed)
    for _ in range(n):
        if m.outcome() is not None:
            return
        p = m.to_act()
        legal = [a for a in m.legal_actions() if a.player == p]
        a = agents[p].choose(m.state, legal, rng)
        yield m, agents[p], a
        m.submit(a, autosave=False)


def test_the_pattern_catches_what_players_saw():
    for seen in ("-999.2 over the next idea", "looked ahead 0 times", "won in 1",
                 "Raiders' COPP deploys on C4: the best score (-2.5) of 33 choices"):
        assert INTERNAL.search(seen), seen
    for fine in ("62% to hit the Knight", "crown 2 of 3", "about 1.0 wounds on Kaigen's Drummer after armour",
                 "toward the central Scan marker I5 (5 tiles)", "Scan markers score at Cleanup"):
        assert not INTERNAL.search(fine), fine


@pytest.mark.parametrize("game", slow_for(GAMES, "battle_valor_fantasy"))
@pytest.mark.parametrize("level", slow_for(["easy", "normal", "hard"], "hard"))
def test_no_reason_speaks_of_the_search(game, level):
    n = 15 if level != "hard" else 20
    for _m, agent, a in decisions(game, level, n):
        assert not INTERNAL.search(agent.last_reason), (a.kind, agent.last_reason)


@pytest.mark.parametrize("game", slow_for(GAMES, "battle_valor_fantasy", "dragonbond"))
def test_a_hint_says_what_it_proposes_why_and_no_figure_of_the_search(game):
    """The hint for the first decision past the setup: its steps are legal
    one after the other, its words are the log's, the reason is in the
    game's words, the other ideas are named without figures."""
    from engine.core.dice import SeededDice
    rules = registry.get(game)
    for m, _agent, _a in decisions(game, "normal", 200, seed=3):
        if not rules.in_setup(m.state):
            break
    hard = quick(make_agent(game, "hard", rules, batch=True))
    legal = [x for x in m.legal_actions() if x.player == m.to_act()]
    a = hard.choose(m.state, legal, random.Random(1))
    hint = make_hint(game, rules, rules.clone(m.state), hard, a, hard.last_reason, hard.last_weighed, random.Random(1))
    assert hint.steps[0] == a and hint.title and hint.why
    for text in (hint.why, hint.title, *hint.others):
        assert not INTERNAL.search(text), text
    replay = rules.clone(m.state)
    dice = SeededDice(1)
    for step in hint.steps:
        assert rules.check(replay, step) is None, (step, hint.said)
        rules.apply(replay, step, dice)


def test_a_deciding_term_reads_as_our_gain():
    """The hard level says "it does more for <term> than ..."; Warbound's
    reply term read "it does more for the opponent's next reply", which
    says the move helps the opponent (playtest, hard); every term names
    something of ours."""
    from games.warbound.ai import players as warbound_ai
    rules = registry.get("warbound")
    m = Match(Setup("warbound", 2, seed=5, scenario=rules.scenarios()[0]))
    rng = random.Random(5)
    seen: set = set()
    for _ in range(60):
        if m.outcome() is not None:
            break
        if m.state.phase == "action":
            for p in (0, 1):
                seen |= set(warbound_ai.evaluate_terms(m.state, p))
        m.submit(rng.choice(m.legal_actions()))
    assert any("reply" in t for t in seen), seen
    assert not [t for t in seen if t.startswith(("the opponent", "their", "the enemy"))], seen
