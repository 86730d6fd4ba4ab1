"""What the table geometry remembers across positions stays bounded
(games/battle_valor_fantasy/rules/space.py): a long session, a simulation or the
hard level's search never grows it past its limits, and forgetting changes
no answer."""
from __future__ import annotations

import hashlib

from engine.commands.playout import play_out
from engine.core import registry
from engine.core.agents import RandomAgent
from engine.core.rules import Setup
from games.battle_valor_fantasy.rules import space


def _games(n: int) -> str:
    rules = registry.get("battle_valor_fantasy")
    agents = [RandomAgent(rules), RandomAgent(rules)]
    h = hashlib.sha1()
    for g in range(n):
        r = play_out(rules, Setup("battle_valor_fantasy", 2, seed=7000 + g, scenario="thornby_village", options={}),
                     agents, max_actions=3000)
        h.update(repr((r["actions"], r["winners"], [repr(a) for a in r["log"]])).encode())
        assert len(space._GEO_IDS) <= space.GEO_LIMIT and len(space._DIST) <= space.PAIR_LIMIT + 1
    return h.hexdigest()


def test_remembered_geometry_stays_within_its_limits_and_forgetting_changes_nothing(monkeypatch):
    space._forget_geometry()
    roomy = _games(2)
    space._forget_geometry()
    monkeypatch.setattr(space, "GEO_LIMIT", 40)       # forgets several times a game
    monkeypatch.setattr(space, "PAIR_LIMIT", 60)
    assert _games(2) == roomy
