"""Dice Wars' faces: every unit class's (and hero's) silhouette and code,
as data/dice_wars/units.yaml names them (engine/core/faces.py)."""
from __future__ import annotations

from engine.core.faces import Face


def faces(cat) -> list[Face]:
    """The faces of the catalog `cat` (the game's: its ruleset's catalog())."""
    return [Face(cid, uc.name, uc.icon, uc.code, f"data/dice_wars/units.yaml: {cid}")
            for cid, uc in cat.classes.items()]
