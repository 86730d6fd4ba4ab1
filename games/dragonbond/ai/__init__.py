"""Dragonbond's computer players: the declaration (players.py), the normal
player (normal.py), the hard level's player (strong.py) and the player the
easy level slips from (easy.py).  Reads games/dragonbond/rules/, never
games/dragonbond/ui/."""
