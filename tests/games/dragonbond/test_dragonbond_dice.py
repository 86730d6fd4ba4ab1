"""Dragonbond dice: upgrades, downgrades, rolls, exact odds, face-offs."""
import pytest

from engine.core import registry
from engine.core.dice import ScriptedDice
from games.dragonbond.rules import dicepool
from games.dragonbond.rules.dicepool import (attack_dist, blocks_dist, modify, roll_action, roll_defense, success_dist,
                                       wounds_dist)

CAT = registry.get("dragonbond").catalog()


def test_upgrade_and_downgrade_ladder():
    assert modify([1], 1, 0) == [2]
    assert modify([2], 1, 0) == [3]
    assert modify([3], 1, 0) == [3, 1]                 # black + white
    assert modify([1, 1], 2, 0) == [2, 2]              # the weakest dice first, each once
    assert modify([3], 0, 1) == [2]
    assert modify([2], 0, 1) == [1]
    assert modify([1], 0, 1) == [1]                    # never below one white die
    assert modify([1, 1], 0, 5) == [1]
    assert modify([3, 2], 0, 1) == [2, 2]              # the strongest first


def test_the_gore_lancers_example():
    # 3 grey + 3 white, two fatigue tokens: downgrade 4 -> 5 white (§ Exhaustion Penalty)
    assert modify([2, 2, 2, 1, 1, 1], 0, 4) == [1, 1, 1, 1, 1]


def test_upgrades_and_downgrades_cancel_first():
    # "a roll has 3 downgrades and 1 upgrade applied to it ... 2 downgrades instead"
    assert modify([2, 2, 2, 1, 1, 1], 1, 3) == modify([2, 2, 2, 1, 1, 1], 0, 2) == [2, 1, 1, 1, 1, 1]


def test_rolls_read_the_faces():
    d = ScriptedDice([1, 4, 5, 6])
    r = roll_action(CAT, d, [1, 1, 1, 1])
    assert (r.successes, r.doubles, r.crits, r.total) == (3, 1, 1, 4)
    assert roll_defense(CAT, ScriptedDice([1, 2, 3]), [1, 2, 3]) == 3
    assert roll_defense(CAT, ScriptedDice([3, 3, 4]), [1, 2, 3]) == 2     # red 3 blank, white 3 and black 4 block


def test_sharp_criticals_roll_again():
    # a critical (grey 7) is rolled again: the reroll is a critical too, then a success
    d = ScriptedDice([7, 7, 1])
    r = roll_action(CAT, d, [2], sharp=True)
    assert (r.crits, r.successes) == (2, 1)
    assert len(d.history) == 3


def test_exact_odds():
    for pool in ([1], [2], [3], [3, 2, 1]):
        assert sum(p for _, p in attack_dist(CAT, tuple(pool))) == pytest.approx(1.0)
    assert dicepool.expected(success_dist(CAT, (3, 3, 3))) == pytest.approx(3.6)
    assert dicepool.expected(success_dist(CAT, (1,))) == pytest.approx(0.6)
    assert dict(blocks_dist(CAT, (2,)))[1] == pytest.approx(0.5)
    # sharp dice hit more
    def mean(d):
        return sum((h + c) * p for (h, c), p in d)
    assert mean(attack_dist(CAT, (2, 2), True)) > mean(attack_dist(CAT, (2, 2), False))
    w = wounds_dist(CAT, (2, 2, 2, 2, 3, 3), (2, 1))
    assert sum(p for _, p in w) == pytest.approx(1.0)
    assert 0 < dicepool.expected(w) < 8


def test_face_off_tiebreakers():
    from games.dragonbond.rules import turns
    from games.dragonbond.rules.state import DBState, Player

    st = DBState(None, CAT, "", {}, [Player(0, "A", "", ""), Player(1, "B", "", ""), Player(2, "C", "", "")], {})
    # A: S S C = 3 successes 1 critical; B: S S S = 3, no critical; C: blank x3
    ev = []
    order = turns.face_off(st, ScriptedDice([1, 1, 7, 1, 1, 1, 10, 10, 10]), [0, 1, 2], ev, "test")
    assert order == [0, 1, 2]
    # tied on everything: A and B reroll (A wins the reroll)
    order = turns.face_off(st, ScriptedDice([1, 1, 1, 1, 1, 1, 10, 10, 10, 1, 1, 1, 10, 10, 10]), [0, 1, 2], ev, "t")
    assert order == [0, 1, 2]
    assert any("reroll" in e.text for e in ev)
    # doubles break a tie on successes and criticals: B's success + double beats A's three successes
    assert turns.face_off(st, ScriptedDice([1, 2, 3, 1, 5, 10]), [0, 1], ev, "t") == [1, 0]
