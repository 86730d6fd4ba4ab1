"""Derived values of one state version (feet, boxes, engagement, keywords,
passive effects, sight, ...): computed once per version and dropped when
the state changes (`DBState.touch()`).  The lowest module of the game's
rules: space and stats both read and fill it."""
from __future__ import annotations

from games.dragonbond.rules.state import DBState


class Geo:
    """Derived geometry of one state version."""
    __slots__ = ("version", "feet", "boxes", "combat", "kw", "passives", "los", "occupied", "touching",
                 "obstacles", "dist", "engaged_models", "reach", "charges")

    def __init__(self, version: int):
        self.version = version
        self.feet: dict = {}
        self.boxes: dict = {}
        self.combat: dict = {}
        self.reach: dict = {}
        self.kw: dict = {}
        self.passives: dict = {}
        self.los: dict = {}
        self.occupied: dict = {}
        self.touching: dict = {}
        self.obstacles: dict = {}
        self.dist: dict = {}
        self.engaged_models: dict = {}
        self.charges: dict = {}          # (unit, target, distance) -> the charge's plan (charging.planned)


def geo(state: DBState) -> Geo:
    g = state.cache
    if g is None or g.version != state.version:
        g = state.cache = Geo(state.version)
    return g
