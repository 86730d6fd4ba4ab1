"""Warbench engine: everything no single game owns, and no game in it.

core (actions, the Game base class, Match, dice, odds, saves, catalog,
registry, agents), hex (hex geometry), table (free-measure geometry), maps
(Tiled loading and writing), commands (the command line) and ui (pygame:
the only package here that imports it).  Lower packages never import
higher ones: core <- hex, table <- maps <- commands, ui."""
