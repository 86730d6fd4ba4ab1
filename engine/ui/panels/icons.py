"""Unit silhouettes: the game-icons.net SVGs vendored in assets/icons/
(tools/vendor_icons.py; every icon with its author in assets/icons/CREDITS.md),
drawn at any size in any colour.

Which unit draws which icon is the game's data (`icon:` beside each type,
engine/core/faces.py checks the name); nothing here guesses from words.
`icon_surface(name, px, rgb)` renders one (cached); an icon that cannot be
loaded draws nothing rather than failing a frame.
"""
from __future__ import annotations

import io
from functools import lru_cache

import pygame

from engine.core.faces import ICON_DIR, icon_names as _names


def icon_names() -> list[str]:
    return sorted(_names())


@lru_cache(maxsize=1024)
def _svg_text(name: str) -> str | None:
    if name not in _names():        # only the vendored set, never a path
        return None
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
