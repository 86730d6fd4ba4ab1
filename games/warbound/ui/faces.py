"""Warbound's faces: every Character card's silhouette and code, as
data/warbound/characters.yaml names them (engine/core/faces.py)."""
from __future__ import annotations

from engine.core.faces import Face


def faces(cat) -> list[Face]:
    """The faces of the catalog `cat` (the game's: its ruleset's catalog())."""
    return [Face(cid, ch.name, ch.icon, ch.code, f"data/warbound/characters.yaml: {cid}")
            for cid, ch in cat.characters.items()]
