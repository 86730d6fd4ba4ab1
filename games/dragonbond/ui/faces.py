"""Dragonbond's faces: every unit, general and huge creature card's
silhouette and code, as data/dragonbond/units.yaml names them
(engine/core/faces.py)."""
from __future__ import annotations

from engine.core.faces import Face


def faces(cat) -> list[Face]:
    """The faces of the catalog `cat` (the game's: its ruleset's catalog())."""
    return [Face(uid, u.name, u.icon, u.code, f"data/dragonbond/units.yaml: {uid}")
            for uid, u in cat.units.items()]
