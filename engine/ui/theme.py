"""Colours, type scale and cached text rendering (docs: /work/shared/UI.md)."""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
FONT_DIR = ROOT / "assets" / "fonts"
RULES_DIR = ROOT / "assets" / "rules"

# --- colour -----------------------------------------------------------------
BG = (24, 27, 32)
BOARD_BG = (34, 38, 44)
PANEL = (38, 42, 50)
PANEL_2 = (47, 52, 61)
PANEL_EDGE = (70, 76, 88)
TEXT = (232, 230, 226)
MUTED = (160, 166, 176)
FAINT = (112, 118, 128)
ACCENT = (236, 196, 90)        # selection, headings
LINK = (132, 196, 255)
GOOD = (110, 208, 120)
BAD = (240, 96, 80)
WARN = (240, 180, 80)
BUTTON = (58, 64, 76)
BUTTON_HOVER = (76, 84, 100)
BUTTON_DOWN = (92, 100, 118)
BUTTON_OFF = (46, 50, 58)

HL_MOVE = (120, 220, 120)      # reachable: soft fill
HL_ATTACK = (255, 84, 72)      # legal target: ring
HL_SKILL = (200, 120, 255)     # skill target: ring
HL_DEPLOY = (86, 180, 233)     # deploy hexes: soft fill
HL_SELECT = (255, 214, 90)
HL_HOVER = (255, 255, 255)
HL_ILLEGAL = (230, 60, 60)
MARK = (255, 206, 84)          # the coach's gold ring: what a lesson's step is about
HL_OTHER = (240, 228, 66)

# Okabe-Ito, for player colours when a game gives none
OKABE_ITO = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7")


def rgb(c) -> tuple[int, int, int]:
    """'#RRGGBB' or a tuple -> (r, g, b)."""
    if type(c) is tuple and len(c) == 3 and type(c[0]) is int and type(c[1]) is int and type(c[2]) is int:
        return c                # already one (the common case: every text drawn asks)
    if isinstance(c, str):
        c = c.lstrip("#")
        if len(c) == 3:
            c = "".join(ch * 2 for ch in c)
        try:
            return (int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16))
        except ValueError:
            return (200, 200, 200)
    return tuple(int(v) for v in c[:3])


def mix(a, b, t: float) -> tuple[int, int, int]:
    a, b = rgb(a), rgb(b)
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


def luminance(c) -> float:
    r, g, b = rgb(c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink_on(c) -> tuple[int, int, int]:
    """Dark or light text, whichever reads on colour c."""
    return (20, 20, 24) if luminance(c) > 140 else (250, 250, 250)


# --- type -------------------------------------------------------------------
# One scale; sizes at 1080 px window height.  `Theme.size(name)` scales them
# with the window and never goes below the floor that stays readable at 720.
SCALE = {"xs": (13, 11), "s": (15, 12), "m": (17, 13), "l": (21, 16), "xl": (28, 20), "xxl": (46, 30)}


class Theme:
    def __init__(self, window_size: tuple[int, int] = (1920, 1080)):
        self.set_window(window_size)

    def set_window(self, size: tuple[int, int]) -> None:
        w, h = size
        self.scale = max(0.6, min(w / 1920, h / 1080, 2.0))

    @property
    def scale(self) -> float:
        return self._scale

    @scale.setter
    def scale(self, value: float) -> None:
        # sizes and lengths are asked for thousands of times a frame: remembered per scale
        self._scale = value
        self._sizes: dict = {}
        self._px: dict = {}
        self._line_h: dict = {}

    def size(self, name: str) -> int:
        n = self._sizes.get(name)
        if n is None:
            base, floor = SCALE[name]
            n = self._sizes[name] = max(floor, round(base * self._scale))
        return n

    def px(self, v: float) -> int:
        """A layout length (designed at 1080p) at the current scale."""
        n = self._px.get(v)
        if n is None:
            n = self._px[v] = max(1, round(v * max(self._scale, 0.7)))
        return n

    def font(self, name: str = "m", bold: bool = False) -> pygame.font.Font:
        return font(self.size(name), bold)

    def text(self, s: str, name: str = "m", color=TEXT, bold: bool = False) -> pygame.Surface:
        return text(s, self.size(name), rgb(color), bold)

    def line_h(self, name: str = "m") -> int:
        n = self._line_h.get(name)
        if n is None:
            n = self._line_h[name] = font(self.size(name), False).get_linesize()
        return n


@lru_cache(maxsize=64)
def font(px: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    path = FONT_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    try:
        return pygame.font.Font(str(path), px)
    except (OSError, FileNotFoundError):
        return pygame.font.Font(None, px + 4)


@lru_cache(maxsize=4096)
def text(s: str, px: int, color: tuple = TEXT, bold: bool = False) -> pygame.Surface:
    surf = font(px, bold).render(s, True, color)
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


def _fit(w: str, f: pygame.font.Font, width: int, most: int) -> int:
    """How many leading characters of w fit in width (at least 1), measuring
    only prefixes of at most `most` characters (a binary search)."""
    lo, hi = 1, min(len(w), most)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(w[:mid])[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _narrowest(f: pygame.font.Font) -> int:
    """A width no character of f is narrower than (remembered per font)."""
    n = _NARROW.get(f)
    if n is None:
        n = _NARROW[f] = max(1, min(f.size(ch)[0] for ch in " .il|'") - 1)
    return n


_NARROW: dict = {}


def wrap(s: str, f: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap; keeps explicit newlines; breaks overlong words.
    Linear in the length of s: no measurement is longer than what a line
    can hold (a word of 8,000 characters used to take seconds).  The lines
    are remembered per (text, font, width): cards, tooltips and the header
    measure the same texts frame after frame."""
    return list(_wrapped(s, f, width))


@lru_cache(maxsize=8192)
def _wrapped(s: str, f: pygame.font.Font, width: int) -> tuple[str, ...]:
    out: list[str] = []
    width = max(1, width)
    # no character is narrower than this, so a line never holds more than `most`
    most = width // _narrowest(f) + 2
    for para in s.split("\n"):
        line = ""
        for w in para.split(" "):
            cand = w if not line else line + " " + w
            if len(cand) <= most and f.size(cand)[0] <= width:
                line = cand
                continue
            if line:
                out.append(line)
            while len(w) > 1 and (len(w) > most or f.size(w)[0] > width):
                n = _fit(w, f, width, most)
                out.append(w[:n])
                w = w[n:]
            line = w
        out.append(line)
    return tuple(out)


@lru_cache(maxsize=4096)
def ellipsize(s: str, f: pygame.font.Font, width: int) -> str:
    if not s:
        return s
    most = max(1, width) // _narrowest(f) + 2
    if len(s) <= most and f.size(s)[0] <= width:
        return s
    room = max(1, width - f.size("…")[0])
    n = _fit(s, f, room, most)
    if f.size(s[:n])[0] > room:
        n = 0
    return s[:n] + "…"
