"""UberDrakes' computer dragons: the declaration (players.py), the normal
player and what the hard level searches with.  Reads the rules, never the screens."""
