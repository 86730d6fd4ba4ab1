"""Tiled maps as plain data: hex maps (hexmap.py: hexagonal, staggered,
pointy-top TMX/TSX), table maps (tablemap.py: orthogonal TMX/TMJ with
terrain polygons and zones in inches) and the writer the map generators in
tools/ share (write.py).  Every error is `file:line: field: what`.
Headless; imports engine.core (and engine.table for table maps), never
engine.ui or engine.commands."""
