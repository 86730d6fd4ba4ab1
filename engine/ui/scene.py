"""What every screen of the app is: a Scene on the app's stack, the key
helpers scenes share, and the routes by which one scene opens another.

Scenes never import one another to navigate: they ask the app
(`app.open("match", match)`), which finds the scene class by its route.
This module imports only pygame and nothing of the app's own."""
from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

if TYPE_CHECKING:
    from engine.ui.app import App   # only for the annotation: app.py imports this module

# route -> (module, class): how `App.open(route, ...)` finds a scene
ROUTES = {
    "launcher": ("engine.ui.scenes.launcher", "Launcher"),
    "match": ("engine.ui.scenes.tutorial", "match_scene"),      # MatchScreen, or the coach for a guided game
    "map_viewer": ("engine.ui.scenes.map_viewer", "MapViewer"),
    "rules": ("engine.ui.scenes.rules_ref", "RulesReference"),
    "decision": ("engine.ui.scenes.combat_dialog", "DecisionDialog"),
    "about": ("engine.ui.scenes.about", "About"),
    "army_builder": ("engine.ui.scenes.army_builder", "ArmyBuilder"),
    "tutorial": ("engine.ui.scenes.tutorial", "TutorialScreen"),     # a lesson
    "guided": ("engine.ui.scenes.tutorial", "TutorialScreen"),       # a guided first game: (lesson, match)
    "learn": ("engine.ui.scenes.learn", "LearnPage"),
    "tutorials": ("engine.ui.scenes.learn", "LearnPage"),
}


def scene_class(route: str):
    module, name = ROUTES[route]
    return getattr(importlib.import_module(module), name)


ARROW_KEYS = {pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN}
# the map viewer pans with WASD too; a match screen does not: its letters are
# the panel's shortcuts, and a letter pressed while the computer thinks (or
# when its button is gone) moved the board away instead
PAN_KEYS = ARROW_KEYS | {pygame.K_a, pygame.K_d, pygame.K_w, pygame.K_s}


class Scene:
    opaque = True       # covers the whole window: scenes below are not drawn
    modal = True        # events do not travel below it
    repeat_keys = ARROW_KEYS     # keys that repeat while held (panning); the others act once a press

    def __init__(self, app: "App"):
        self.app = app

    def resize(self, size: tuple[int, int]) -> None: ...
    def handle(self, ev) -> bool: return False
    def update(self, dt: float) -> bool: return False
    def busy(self) -> bool: return False          # animating or waiting on a worker
    def wake_in(self) -> float | None: return None   # seconds until a timed change (e.g. a message expires)
    def draw(self, surf: pygame.Surface) -> None: ...
    def on_close(self) -> None: ...


def key_name(ev) -> str:
    return pygame.key.name(ev.key).lower()


def mods_of(ev) -> frozenset:
    m = set()
    if ev.mod & pygame.KMOD_CTRL:
        m.add("ctrl")
    if ev.mod & pygame.KMOD_SHIFT:
        m.add("shift")
    if ev.mod & pygame.KMOD_ALT:
        m.add("alt")
    return frozenset(m)
