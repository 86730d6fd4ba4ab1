"""UberDrakes' faces: every dragon's silhouette and code, as
data/uberdrakes/dragons.yaml names them (engine/core/faces.py)."""
from __future__ import annotations

from engine.core.faces import Face
from games.uberdrakes.catalog import load_catalog


def faces() -> list[Face]:
    return [Face(did, d.name, d.icon, d.code, f"data/uberdrakes/dragons.yaml: {did}")
            for did, d in load_catalog().dragons.items()]
