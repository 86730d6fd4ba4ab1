"""Warbound's faces: every Character card's silhouette and code, as
data/warbound/characters.yaml names them (engine/core/faces.py)."""
from __future__ import annotations

from engine.core.faces import Face
from games.warbound.catalog import load_catalog


def faces() -> list[Face]:
    return [Face(cid, ch.name, ch.icon, ch.code, f"data/warbound/characters.yaml: {cid}")
            for cid, ch in load_catalog().characters.items()]
