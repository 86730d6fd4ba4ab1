"""Dragonbond's faces: every unit, general and huge creature card's
silhouette and code, as data/dragonbond/units.yaml names them
(engine/core/faces.py)."""
from __future__ import annotations

from engine.core.faces import Face
from games.dragonbond.catalog import load_catalog


def faces() -> list[Face]:
    return [Face(uid, u.name, u.icon, u.code, f"data/dragonbond/units.yaml: {uid}")
            for uid, u in load_catalog().units.items()]
