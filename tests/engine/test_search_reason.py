"""The hard player's reason is the chosen idea's own (issue 35: "its log
lines say why"): never the last words its normal player said, which after
the look-ahead are those of a future's move, often the other side's
(playtest, Dragonbond, hard: Crimson held position "Why: 5.3 wounds
expected on Blooded Claws, to break Crimson's hold on objective 1")."""
from __future__ import annotations

import random

from engine.core.actions import Action
from engine.core.search import HardAgent


class Talker:
    """A normal player that ranks one idea with no words of its own and
    whose last words belong to somebody else's move."""
    last_reason = "5.3 wounds expected on Blooded Claws"

    def __init__(self, ideas):
        self.ideas = ideas

    def ranked(self, state, legal, rng):
        return self.ideas


def agent(ideas) -> HardAgent:
    return HardAgent(rules=None, normal=Talker(ideas), evaluate=lambda s, p: 0.0, turn_of=lambda s: 1)


def test_a_lone_idea_without_words_does_not_borrow_stale_ones():
    stay = Action.make("skip_follow_up", 1, uid=6)
    hard = agent([(0.0, stay, "")])
    assert hard.choose(object(), [stay], random.Random(1)) == stay
    assert "Blooded Claws" not in hard.last_reason


def test_the_weighed_idea_without_words_does_not_borrow_stale_ones():
    stay, go = Action.make("skip_follow_up", 1, uid=6), Action.make("follow_up", 1, uid=6)
    hard = agent([(1.0, stay, ""), (0.0, go, "join the fight")])
    why = hard.reason(object(), hard.normal.ideas, 0, [{}, {}], [{}, {}], [0, 0], False)
    assert "Blooded Claws" not in why
