"""Unit silhouettes: the game-icons.net SVGs vendored in assets/icons/
(tools/vendor_icons.py; credits in assets/icons/CREDITS.md), drawn at any
size in any colour.

`icon_for(*words)` picks the icon a unit's name, type or weapon suggests
(assets/icons/icons.yaml, first match wins; "" when none does), so a game's
view needs no table of its own.  `icon_surface(name, px, rgb)` renders it
(cached); an icon that cannot be loaded draws nothing rather than failing
a frame.
"""
from __future__ import annotations

import io
import re
from functools import lru_cache
from pathlib import Path

import pygame
import yaml

ICON_DIR = Path(__file__).resolve().parents[3] / "assets" / "icons"
_WORD = re.compile(r"[a-z]+")


@lru_cache(maxsize=1)
def _table() -> tuple[tuple[str, frozenset], ...]:
    try:
        spec = yaml.safe_load((ICON_DIR / "icons.yaml").read_text(encoding="utf-8"))["icons"]
    except (OSError, yaml.YAMLError, KeyError, TypeError):
        return ()
    return tuple((name, frozenset(v.get("words") or ())) for name, v in spec.items())


@lru_cache(maxsize=4096)
def icon_for(*words: str) -> str:
    """The icon the words suggest, trying each word in order ("" if none)."""
    found = [w for text in words for w in _WORD.findall(str(text).lower())]
    for w in found:
        for name, keys in _table():
            if w in keys:
                return name
    return ""


def icon_names() -> list[str]:
    return [name for name, _ in _table()]


@lru_cache(maxsize=1024)
def _svg_text(name: str) -> str | None:
    try:
        return (ICON_DIR / f"{name}.svg").read_text(encoding="utf-8")
    except OSError:
        return None


@lru_cache(maxsize=2048)
def icon_surface(name: str, px: int, rgb: tuple[int, int, int]) -> pygame.Surface | None:
    """The icon `px` pixels square in colour `rgb` (None: no such icon)."""
    text = _svg_text(name)
    if text is None or px < 4:
        return None
    text = text.replace("currentColor", "#%02x%02x%02x" % tuple(rgb))
    try:
        return pygame.image.load_sized_svg(io.BytesIO(text.encode("utf-8")), (px, px))
    except (pygame.error, ValueError):
        return None


def blit_emblem(surf: pygame.Surface, icon: str, label: str, centre: tuple[float, float], radius: float,
                ink: tuple[int, int, int]) -> None:
    """What a piece shows in its middle: its silhouette when it has one,
    else its letters (the same size rule every board used)."""
    from engine.ui import theme as T
    img = icon_surface(icon, int(radius * 1.5), tuple(ink)) if icon else None
    if img is None and label:
        fsize = int(radius * (0.95 if len(label) <= 1 else 0.72))
        img = T.font(max(6, fsize), True).render(label, True, ink)
    if img is not None:
        surf.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))
