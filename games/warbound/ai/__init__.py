"""Warbound's computer players: the declaration the engine's levels are made
from (players.py), the normal player (normal.py), the hard level's player and
what it searches with (strong.py), and the opponent's one reply it weighs
(reply.py).  They read rules/, never ui/."""
