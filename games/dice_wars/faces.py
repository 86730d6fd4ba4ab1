"""Dice Wars' faces: every unit class's (and hero's) silhouette and code,
as data/dice_wars/units.yaml names them (engine/core/faces.py)."""
from __future__ import annotations

from engine.core.faces import Face
from games.dice_wars.catalog import load_catalog


def faces() -> list[Face]:
    return [Face(cid, uc.name, uc.icon, uc.code, f"data/dice_wars/units.yaml: {cid}")
            for cid, uc in load_catalog().classes.items()]
