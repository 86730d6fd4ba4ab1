"""UberDrakes' faces: every dragon's silhouette and code, as
data/uberdrakes/dragons.yaml names them (engine/core/faces.py)."""
from __future__ import annotations

from engine.core.faces import Face


def faces(cat) -> list[Face]:
    """The faces of the catalog `cat` (the game's: its ruleset's catalog())."""
    return [Face(did, d.name, d.icon, d.code, f"data/uberdrakes/dragons.yaml: {did}")
            for did, d in cat.dragons.items()]
