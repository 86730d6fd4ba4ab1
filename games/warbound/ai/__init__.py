"""Warbound's computer players: the declaration the engine's levels are made
from (players.py), the normal player (normal.py), the hard level's player and
what it searches with (strong.py), and their helpers: the scoring player
both build on (scoring.py: attack odds, tile values), what the next Cleanup
promises and what threatens a Character (outlook.py), and the opponent's
one reply the strong player weighs (reply.py).  They read rules/, never
ui/."""
