"""Hex geometry for the hex-board games (grid.py): axial coordinates after
Red Blob Games' guide, distance, rings, line draw, line of sight, reachable
hexes with terrain costs, facing, and `Layout`, the only pixel math.
Headless; imports nothing of the engine."""
