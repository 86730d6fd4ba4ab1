"""Battle Valor Fantasy's computer players, declared once for the levels
(engine/core/computer_players.py): the agents by name, the normal general
(normal.py), the player the hard level searches with and its evaluation
(strong.py), the easy level's slips (easy.py).
"""
from __future__ import annotations

from engine.core.computer_players import ComputerPlayers
from games.battle_valor_fantasy.ai import easy
from games.battle_valor_fantasy.ai.normal import GeneralAgent
from games.battle_valor_fantasy.ai.strong import (SEARCH, determinise, evaluate, hard_policy, playout_options,
                                                  search_to_end)

AGENTS = ("general", "strong")


def make_agent(name: str, rules):
    if name in ("general", "normal"):
        return GeneralAgent(rules)
    if name == "strong":
        return hard_policy(rules)
    raise KeyError(f"unknown Battle Valor Fantasy agent {name!r}; known: {', '.join(AGENTS)}, random")


def easy_policy(rules):
    """The player the easy level slips from (engine/core/search.py): the
    normal general with a novice's slipped plans of orders (easy.py)."""
    return easy.EasyGeneral(GeneralAgent(rules))


EASY = {"slip": 0.7, "spread": 4.0, "ratio": 0.8, "reach": 4}


# the game's computer players, declared once for the levels (engine/core/computer_players.py)
COMPUTER = ComputerPlayers(make_agent=make_agent, agents=AGENTS, evaluate=evaluate, easy_policy=easy_policy,
                           hard_policy=hard_policy, determinise=determinise, playout_options=playout_options,
                           search_to_end=search_to_end, easy=EASY, search=SEARCH)
