"""A generic hex-map renderer: camera, cached static layer, highlights, tokens.

Geometry comes from engine.hex.grid.Layout (pointy-top, axial).  World
coordinates are those of a unit-size Layout; the camera scales them by the
hex radius in pixels (`size`, an int so cached layers match exactly) and
centres the point `cam` in the viewport.

Layers, bottom to top:
  static  terrain fills with texture marks, grid, region edges, labels -
          rendered once per zoom level and blitted (panning is free)
  dynamic highlights (soft fills, rings, hatching), guard fronts, tokens,
          hover outline - small cached sprites blitted each frame
"""
from __future__ import annotations

import math
import random
from collections import OrderedDict
from typing import Callable, Iterable

import pygame

from engine.hex.grid import DIRECTIONS, Layout, front_hexes
from engine.ui import theme as T
from engine.ui.boards.sprites import SpriteCache
from engine.ui.panels.icons import blit_emblem
from engine.ui.contract import LabelSpec, TokenSpec

SQ3 = math.sqrt(3)
UNIT = Layout(1.0)
MIN_SIZE, MAX_SIZE = 10, 110
MAX_STATIC_PIXELS = 24_000_000
COMPOSE_MARGIN = 160          # px of board composed beyond the viewport: small pans are free


def _hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(60 * i - 30)), cy + r * math.sin(math.radians(60 * i - 30)))
            for i in range(6)]


class HexBoard:
    def __init__(self, hexes: Iterable, terrain: Callable, labels: list[LabelSpec] | None = None,
                 region: Callable | None = None, terrain_names: dict | None = None):
        self.hexes = list(hexes)
        self.hexset = set(self.hexes)
        self.terrain = {h: terrain(h) for h in self.hexes}     # h -> (id, colour)
        self.region = {h: region(h) for h in self.hexes} if region else {}
        self.labels = labels or []
        self.view = pygame.Rect(0, 0, 800, 600)
        self.size = 40
        self.cam = (0.0, 0.0)
        if self.hexes:
            x0, y0, x1, y1 = UNIT.bounds(self.hexes)
        else:
            x0, y0, x1, y1 = -1, -1, 1, 1
        self.wbounds = (x0, y0, x1, y1)
        self._static: OrderedDict[int, pygame.Surface] = OrderedDict()
        self._sprites = SpriteCache(600)
        self.static_renders = 0
        self.compositions = 0
        self._comp: pygame.Surface | None = None
        self._comp_key = None
        self._comp_cam = (0.0, 0.0)
        self._last_src = None
        self._last_key = None
        self._last_hover = None

    # --- camera -------------------------------------------------------------
    def set_view(self, rect) -> None:
        rect = pygame.Rect(rect)
        if rect != self.view:
            self.view = rect

    def max_size(self) -> int:
        x0, y0, x1, y1 = self.wbounds
        area = max(1e-6, (x1 - x0 + 2) * (y1 - y0 + 2))
        return int(max(MIN_SIZE, min(MAX_SIZE, math.sqrt(MAX_STATIC_PIXELS / area))))

    def fit(self) -> None:
        x0, y0, x1, y1 = self.wbounds
        w, h = max(1e-6, x1 - x0), max(1e-6, y1 - y0)
        s = min((self.view.w - 24) / w, (self.view.h - 24) / h)
        self.size = int(max(MIN_SIZE, min(self.max_size(), s)))
        self.cam = ((x0 + x1) / 2, (y0 + y1) / 2)

    def world_to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        return (self.view.centerx + (wx - self.cam[0]) * self.size,
                self.view.centery + (wy - self.cam[1]) * self.size)

    def screen_to_world(self, x: float, y: float) -> tuple[float, float]:
        return ((x - self.view.centerx) / self.size + self.cam[0],
                (y - self.view.centery) / self.size + self.cam[1])

    def hex_center(self, h) -> tuple[float, float]:
        return self.world_to_screen(*UNIT.to_pixel(h))

    def hex_at(self, x: float, y: float):
        """The board hex under a screen point, or None."""
        if not self.view.collidepoint(x, y):
            return None
        h = UNIT.from_pixel(*self.screen_to_world(x, y))
        return h if h in self.hexset else None

    def pan(self, dx: float, dy: float) -> None:
        """Move the picture by (dx, dy) screen pixels."""
        x0, y0, x1, y1 = self.wbounds
        cx = min(max(self.cam[0] - dx / self.size, x0), x1)
        cy = min(max(self.cam[1] - dy / self.size, y0), y1)
        self.cam = (cx, cy)

    def zoom_at(self, factor: float, pos=None) -> bool:
        pos = pos or self.view.center
        new = int(round(self.size * factor))
        if new == self.size:
            new += 1 if factor > 1 else -1
        new = max(MIN_SIZE, min(self.max_size(), new))
        if new == self.size:
            return False
        wx, wy = self.screen_to_world(*pos)
        self.size = new
        # keep the world point under the cursor
        self.cam = (wx - (pos[0] - self.view.centerx) / new, wy - (pos[1] - self.view.centery) / new)
        return True

    # --- static layer ---------------------------------------------------------
    def static_layer(self) -> tuple[pygame.Surface, tuple[float, float]]:
        """(surface, world point of its top-left) at the current size."""
        s = self.size
        surf = self._static.get(s)
        x0, y0, _, _ = self.wbounds
        margin = 1.0
        if surf is None:
            surf = self._render_static(s)
            self._static[s] = surf
            while len(self._static) > 3:
                self._static.popitem(last=False)
        else:
            self._static.move_to_end(s)
        return surf, (x0 - margin, y0 - margin)

    def invalidate_static(self) -> None:
        self._static.clear()

    def _blank_static(self, s: int):
        """An empty static layer at scale s and the pixel offset of world (0, 0)."""
        self.static_renders += 1
        x0, y0, x1, y1 = self.wbounds
        margin = 1.0
        w = int((x1 - x0 + 2 * margin) * s) + 2
        h = int((y1 - y0 + 2 * margin) * s) + 2
        surf = pygame.Surface((w, h))
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        surf.fill(T.BOARD_BG)
        return surf, (-x0 + margin) * s, (-y0 + margin) * s

    def _render_static(self, s: int) -> pygame.Surface:
        surf, ox, oy = self._blank_static(s)
        draw_grid = s >= 14
        tiles: dict = {}
        for hx in self.hexes:
            tid, col = self.terrain[hx]
            ux, uy = UNIT.to_pixel(hx)
            cx, cy = ox + ux * s, oy + uy * s
            pts = _hex_points(cx, cy, s + 0.5)
            base = T.rgb(col)
            pygame.draw.polygon(surf, base, pts)
            if s >= 12:
                variant = (hx[0] * 7 + hx[1] * 13) % TEXTURE_VARIANTS
                key = (tid, base, variant)
                tile = tiles.get(key)
                if tile is None:
                    tile = tiles[key] = texture_tile(tid, base, s, variant)
                surf.blit(tile, (round(cx - tile.get_width() / 2), round(cy - tile.get_height() / 2)))
        if draw_grid:
            for hx in self.hexes:
                tid, col = self.terrain[hx]
                ux, uy = UNIT.to_pixel(hx)
                cx, cy = ox + ux * s, oy + uy * s
                pts = _hex_points(cx, cy, s)
                pygame.draw.aalines(surf, T.mix(col, (0, 0, 0), 0.32), True, pts)
        # region edges (map tiles) and the board rim
        for hx in self.hexes:
            ux, uy = UNIT.to_pixel(hx)
            cx, cy = ox + ux * s, oy + uy * s
            pts = _hex_points(cx, cy, s)
            reg = self.region.get(hx)
            for d, (dq, dr) in enumerate(DIRECTIONS):
                n = (hx[0] + dq, hx[1] + dr)
                # corner indices of the edge facing direction d (pointy-top, corner i at 60i-30 deg)
                a, b = pts[d], pts[(d + 1) % 6]
                if n not in self.hexset:
                    pygame.draw.line(surf, (20, 22, 26), a, b, max(2, s // 12))
                elif self.region and self.region.get(n) != reg and hx < n:
                    pygame.draw.line(surf, (40, 40, 44), a, b, max(2, s // 14))
        # labels
        for lab in self.labels:
            if lab.hex not in self.hexset:
                continue
            ux, uy = UNIT.to_pixel(lab.hex)
            cx, cy = ox + ux * s, oy + uy * s
            draw_label(surf, lab, cx, cy, s)
        return surf

    # --- sprites ------------------------------------------------------------------
    def _sprite(self, key, make):
        return self._sprites.get(self.size, key, make, self.size)

    # --- draw -----------------------------------------------------------------------
    def draw(self, surf: pygame.Surface, highlights: dict | None = None, tokens: list[TokenSpec] = (),
             hover=None, hover_kind: str = "hover", positions: dict | None = None,
             selected=None, overlays: list[LabelSpec] = (), layer_key=None,
             partial: bool = False, restore: list | None = None) -> list | None:
        """Draw the board into self.view.  positions: token key -> world (x, y)
        override (glides).  hover_kind: 'hover' outline or 'illegal' hatch.

        Everything but the hover is composed into a cached layer; when
        `layer_key` (the caller's summary of highlights, tokens, overlays and
        selection) and the camera are unchanged, a frame is one blit plus
        the hover sprite.  With `partial` (the surface still holds the last
        frame) and nothing but the hover changed, only the old hover and
        the `restore` rects are repainted from the layer; returns the rects
        touched, or None when the whole view was drawn."""
        v = self.view
        margin = 0 if positions else COMPOSE_MARGIN
        key = None if layer_key is None or positions else (layer_key, self.size, v.size)
        dx = dy = 0
        if key is not None and key == self._comp_key and self._comp is not None:
            dx = int(round((self._comp_cam[0] - self.cam[0]) * self.size))
            dy = int(round((self._comp_cam[1] - self.cam[1]) * self.size))
            if abs(dx) > margin or abs(dy) > margin:
                key = None          # panned past the margin: compose again
        if key is None or key != self._comp_key or self._comp is None:
            size = (v.w + 2 * margin, v.h + 2 * margin)
            if self._comp is None or self._comp.get_size() != size:
                self._comp = pygame.Surface(size)
                if pygame.display.get_surface() is not None:
                    self._comp = self._comp.convert()
            saved = self.view
            self.view = pygame.Rect(margin, margin, v.w, v.h)     # the viewport inside the layer
            try:
                self._compose(self._comp, self._comp.get_rect(), highlights, tokens, positions, selected, overlays)
            finally:
                self.view = saved
            self._comp_key = key
            self._comp_cam = self.cam
            self.compositions += 1
            dx = dy = 0
        src = (v.x - margin + dx, v.y - margin + dy)      # where the layer's (0, 0) lands on screen
        dirty: list | None
        if partial and src == self._last_src and self._last_key == key and key is not None:
            dirty = []
            for r in [self._last_hover] + list(restore or []):
                r = pygame.Rect(r).clip(v) if r else None
                if r and r.w > 0 and r.h > 0:
                    surf.blit(self._comp, r.topleft, r.move(-src[0], -src[1]))
                    dirty.append(r)
        else:
            surf.blit(self._comp, v.topleft, pygame.Rect(margin - dx, margin - dy, v.w, v.h))
            dirty = None
        self._last_src, self._last_key = src, key
        self._last_hover = None
        if hover is not None and hover in self.hexset:
            clip = surf.get_clip()
            surf.set_clip(self.view)
            x, y = self.world_to_screen(*UNIT.to_pixel(hover))
            key = ("hatch",) if hover_kind == "illegal" else ("ring", "hover")
            make = (lambda sz: make_hatch(sz)) if hover_kind == "illegal" else (lambda sz: make_ring(sz, "hover"))
            spr = self._sprite(key, make)
            r = surf.blit(spr, (int(round(x)) - spr.get_width() // 2, int(round(y)) - spr.get_height() // 2))
            surf.set_clip(clip)
            self._last_hover = r.clip(v)
            if dirty is not None:
                dirty.append(self._last_hover)
        return dirty

    def _compose(self, surf, area, highlights, tokens, positions, selected, overlays) -> None:
        """Everything but the hover into `area` of surf (in this camera's screen space)."""
        clip = surf.get_clip()
        surf.set_clip(area)
        static, (wx0, wy0) = self.static_layer()
        sx, sy = self.world_to_screen(wx0, wy0)
        sx, sy = int(round(sx)), int(round(sy))
        srect = static.get_rect(topleft=(sx, sy))
        vis = srect.clip(area)
        if vis != area:
            # fill only the margins the static layer does not cover
            v = area
            if vis.w <= 0 or vis.h <= 0:
                surf.fill(T.BOARD_BG, v)
            else:
                for r in (pygame.Rect(v.x, v.y, v.w, vis.y - v.y), pygame.Rect(v.x, vis.bottom, v.w, v.bottom - vis.bottom),
                          pygame.Rect(v.x, vis.y, vis.x - v.x, vis.h), pygame.Rect(vis.right, vis.y, v.right - vis.right, vis.h)):
                    if r.w > 0 and r.h > 0:
                        surf.fill(T.BOARD_BG, r)
        if vis.w > 0 and vis.h > 0:
            surf.blit(static, vis.topleft, pygame.Rect(vis.x - sx, vis.y - sy, vis.w, vis.h))
        s = self.size
        view = area.inflate(4 * s, 4 * s)

        def at(h):
            x, y = self.world_to_screen(*UNIT.to_pixel(h))
            return int(round(x)), int(round(y))

        # highlights: fills first, rings later (over tokens)
        rings = []
        for h, kind in (highlights or {}).items():
            x, y = at(h)
            if not view.collidepoint(x, y):
                continue
            if kind in ("move", "deploy", "zone", "path"):
                spr = self._sprite(("fill", kind), lambda sz, k=kind: make_fill(sz, k))
                surf.blit(spr, (x - spr.get_width() // 2, y - spr.get_height() // 2))
            else:
                rings.append((x, y, kind))
        # guard fronts
        for t in tokens:
            if t.guarding and t.facing is not None:
                for i, fh in enumerate(front_hexes(t.hex, t.facing)):
                    if fh not in self.hexset:
                        continue
                    x, y = at(fh)
                    d = (t.facing + i - 1) % 6
                    spr = self._sprite(("guard", d, t.color), lambda sz, d=d, c=t.color: make_guard_mark(sz, d, c))
                    surf.blit(spr, (x - spr.get_width() // 2, y - spr.get_height() // 2))
        # selection under the token
        if selected is not None and selected in self.hexset:
            x, y = at(selected)
            spr = self._sprite(("ring", "select"), lambda sz: make_ring(sz, "select"))
            surf.blit(spr, (x - spr.get_width() // 2, y - spr.get_height() // 2))
        # dynamic labels (city banners)
        for lab in overlays:
            if lab.hex not in self.hexset:
                continue
            x, y = at(lab.hex)
            spr = self._sprite(("banner", lab.text, lab.color), lambda sz, label=lab: make_banner(sz, label))
            surf.blit(spr, (x - spr.get_width() // 2, y - int(s * 1.05) - spr.get_height() // 2))
        # tokens
        for t in tokens:
            if positions and t.key in positions:
                wx, wy = positions[t.key]
                x, y = self.world_to_screen(wx, wy)
                x, y = int(round(x)), int(round(y))
            else:
                x, y = at(t.hex)
            if not view.collidepoint(x, y):
                continue
            spr = self._sprite(("tok",) + _token_key(t), lambda sz, t=t: make_token(sz, t))
            surf.blit(spr, (x - spr.get_width() // 2, y - spr.get_height() // 2))
        for x, y, kind in rings:
            spr = self._sprite(("ring", kind), lambda sz, k=kind: make_ring(sz, k))
            surf.blit(spr, (x - spr.get_width() // 2, y - spr.get_height() // 2))
        surf.set_clip(clip)


def _token_key(t: TokenSpec) -> tuple:
    return (t.label, t.color, t.shape, t.facing, t.hp, t.max_hp, t.badge, t.guarding,
            t.buffs, t.debuffs, t.statuses, t.activation, t.spent, t.icon)


# --- sprite makers --------------------------------------------------------------
def _canvas(s: int, scale: int = 1) -> tuple[pygame.Surface, float, float]:
    w = int(2 * s * scale) + 4
    surf = pygame.Surface((w, w), pygame.SRCALPHA)
    return surf, w / 2, w / 2


def make_fill(s: int, kind: str) -> pygame.Surface:
    surf, cx, cy = _canvas(s)
    col = {"move": T.HL_MOVE, "deploy": T.HL_DEPLOY, "zone": T.HL_DEPLOY, "path": T.HL_MOVE}.get(kind, T.HL_OTHER)
    alpha = {"move": 105, "deploy": 95, "zone": 45, "path": 150}.get(kind, 90)
    pygame.draw.polygon(surf, (*col, alpha), _hex_points(cx, cy, s * 0.96))
    pygame.draw.polygon(surf, (*col, min(255, alpha + 90)), _hex_points(cx, cy, s * 0.96), max(1, s // 18))
    return surf


def make_ring(s: int, kind: str) -> pygame.Surface:
    scale = 3
    big, cx, cy = _canvas(s, scale)
    S = s * scale
    col = {"attack": T.HL_ATTACK, "skill": T.HL_SKILL, "select": T.HL_SELECT, "hover": T.HL_HOVER,
           "target": T.HL_OTHER}.get(kind, T.HL_OTHER)
    if kind == "hover":
        pygame.draw.polygon(big, (*col, 230), _hex_points(cx, cy, S * 0.97), max(3, S // 14))
    elif kind == "select":
        pygame.draw.polygon(big, (*col, 255), _hex_points(cx, cy, S * 0.94), max(4, S // 9))
        pygame.draw.polygon(big, (*col, 70), _hex_points(cx, cy, S * 0.80))
    else:
        w = max(5, S // 9)
        pygame.draw.circle(big, (0, 0, 0, 150), (cx, cy), S * 0.80 + w * 0.6, w + 4)
        pygame.draw.circle(big, (*col, 255), (cx, cy), S * 0.80, w)
        if kind == "skill":   # dashes on the ring so skill and attack differ without colour
            for i in range(8):
                a = math.radians(i * 45 + 22.5)
                pygame.draw.circle(big, (255, 255, 255, 235), (cx + math.cos(a) * S * 0.80 - w * 0.1,
                                                                cy + math.sin(a) * S * 0.80), w * 0.45)
        else:                 # attack: four crosshair ticks
            for i in range(4):
                a = math.radians(i * 90)
                p1 = (cx + math.cos(a) * S * 0.66, cy + math.sin(a) * S * 0.66)
                p2 = (cx + math.cos(a) * S * 0.94, cy + math.sin(a) * S * 0.94)
                pygame.draw.line(big, (*col, 255), p1, p2, w)
    return pygame.transform.smoothscale(big, (int(2 * s) + 4, int(2 * s) + 4))


def make_hatch(s: int) -> pygame.Surface:
    surf, cx, cy = _canvas(s)
    w = surf.get_width()
    lines = pygame.Surface((w, w), pygame.SRCALPHA)
    step = max(5, s // 4)
    for x in range(-w, w, step):
        pygame.draw.line(lines, (*T.HL_ILLEGAL, 210), (x, w), (x + w, 0), max(2, s // 12))
    mask = pygame.Surface((w, w), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), _hex_points(cx, cy, s * 0.95))
    lines.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(lines, (0, 0))
    pygame.draw.polygon(surf, (*T.HL_ILLEGAL, 255), _hex_points(cx, cy, s * 0.95), max(2, s // 14))
    return surf


def make_guard_mark(s: int, d: int, color) -> pygame.Surface:
    """A chevron in a guarded front hex, pointing away from the guard."""
    scale = 2
    big, cx, cy = _canvas(s, scale)
    S = s * scale
    a = math.radians(60 * d)
    # the chevron sits toward the guard (the edge the guard is behind)
    back = a + math.pi
    px, py = cx + math.cos(back) * S * 0.45, cy + math.sin(back) * S * 0.45
    c = T.rgb(color)
    for k in (0, 1):
        off = S * 0.16 * k
        tip = (px + math.cos(a) * (S * 0.16 + off), py + math.sin(a) * (S * 0.16 + off))
        left = (px + math.cos(a + 2.3) * S * 0.22 + math.cos(a) * off, py + math.sin(a + 2.3) * S * 0.22 + math.sin(a) * off)
        r = (px + math.cos(a - 2.3) * S * 0.22 + math.cos(a) * off, py + math.sin(a - 2.3) * S * 0.22 + math.sin(a) * off)
        pygame.draw.lines(big, (0, 0, 0, 140), False, [left, tip, r], max(6, S // 9))
        pygame.draw.lines(big, (*c, 235), False, [left, tip, r], max(3, S // 16))
    return pygame.transform.smoothscale(big, (int(2 * s) + 4, int(2 * s) + 4))


def _star(cx, cy, r_out, r_in, n, rot=-90):
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + i * 180 / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _rounded_square(cx, cy, r, rad):
    return pygame.Rect(int(cx - r), int(cy - r), int(2 * r), int(2 * r)), int(rad)


def _emblem_radius(s: int, t: TokenSpec) -> float:
    return s * 3 * 0.60 * (0.85 if t.shape == "star" else 1.0)       # make_token's body radius (3x canvas)


def shown_letters(s: int, t: TokenSpec) -> str:
    """The letters make_token(s, t) draws: none when the piece's silhouette
    renders in their place (tokens that differ only in their letters then
    look alike, and a cache may keep one of them)."""
    from engine.ui.panels.icons import icon_surface
    if t.icon and icon_surface(t.icon, int(_emblem_radius(s, t) * 1.5), tuple(T.ink_on(T.rgb(t.color)))) is not None:
        return ""
    return t.label


def make_token(s: int, t: TokenSpec) -> pygame.Surface:
    """A piece: body shape by tier, player colour, letter, facing notch,
    HP pips, and markers (guard shield, buffs, debuffs, statuses, activation)."""
    scale = 3
    big, cx, cy = _canvas(s, scale)
    S = s * scale
    col = T.rgb(t.color)
    dark = T.mix(col, (0, 0, 0), 0.55)
    light = T.mix(col, (255, 255, 255), 0.45)
    R = S * 0.60
    lw = max(3, int(S * 0.05))
    # shadow
    pygame.draw.circle(big, (0, 0, 0, 90), (cx + S * 0.04, cy + S * 0.06), R * 1.02)
    # facing notch (under the body so it reads as a pointer)
    if t.facing is not None:
        a = math.radians(60 * t.facing)
        tip = (cx + math.cos(a) * R * 1.42, cy + math.sin(a) * R * 1.42)
        b1 = (cx + math.cos(a + 0.42) * R * 0.95, cy + math.sin(a + 0.42) * R * 0.95)
        b2 = (cx + math.cos(a - 0.42) * R * 0.95, cy + math.sin(a - 0.42) * R * 0.95)
        pygame.draw.polygon(big, (15, 15, 18), [tip, b1, b2])
        inner_tip = (cx + math.cos(a) * R * 1.30, cy + math.sin(a) * R * 1.30)
        c1 = (cx + math.cos(a + 0.30) * R * 0.98, cy + math.sin(a + 0.30) * R * 0.98)
        c2 = (cx + math.cos(a - 0.30) * R * 0.98, cy + math.sin(a - 0.30) * R * 0.98)
        pygame.draw.polygon(big, (250, 250, 250), [inner_tip, c1, c2])
    # body
    if t.shape == "star":
        pts = _star(cx, cy, R * 1.12, R * 0.90, 10)
        pygame.draw.polygon(big, (15, 15, 18), _star(cx, cy, R * 1.12 + lw, R * 0.90 + lw, 10))
        pygame.draw.polygon(big, (246, 242, 228), pts)
        pygame.draw.circle(big, col, (cx, cy), R * 0.84)
        pygame.draw.circle(big, dark, (cx, cy), R * 0.84, lw)
    elif t.shape == "square":
        rr = R * 0.90
        rect, rad = _rounded_square(cx, cy, rr + lw, rr * 0.35)
        pygame.draw.rect(big, (15, 15, 18), rect, border_radius=rad)
        rect, rad = _rounded_square(cx, cy, rr, rr * 0.30)
        pygame.draw.rect(big, col, rect, border_radius=rad)
        rect2, rad2 = _rounded_square(cx, cy, rr - lw * 1.6, rr * 0.24)
        pygame.draw.rect(big, light, rect2, max(2, lw // 2), border_radius=rad2)
    else:
        pygame.draw.circle(big, (15, 15, 18), (cx, cy), R + lw)
        pygame.draw.circle(big, col, (cx, cy), R)
        pygame.draw.circle(big, light, (cx, cy), R - lw * 1.6, max(2, lw // 2))
    # crown for heroes
    if t.shape == "star":
        cw, ch = R * 0.55, R * 0.26
        by = cy - R * 0.42
        crown = [(cx - cw, by), (cx - cw, by - ch), (cx - cw * 0.5, by - ch * 0.45), (cx, by - ch * 1.25),
                 (cx + cw * 0.5, by - ch * 0.45), (cx + cw, by - ch), (cx + cw, by)]
        pygame.draw.polygon(big, (236, 196, 90), crown)
        pygame.draw.polygon(big, (60, 45, 10), crown, max(2, lw // 2))
    # label
    ly = cy + (R * 0.12 if t.shape == "star" else 0)
    blit_emblem(big, t.icon, t.label, (cx, ly), _emblem_radius(s, t), T.ink_on(col))
    # HP pips under the body
    if t.max_hp > 1:
        pr = S * 0.075
        gap = pr * 2.6
        x0 = cx - gap * (t.max_hp - 1) / 2
        py = cy + R + S * 0.14
        for i in range(t.max_hp):
            p = (x0 + i * gap, py)
            pygame.draw.circle(big, (15, 15, 18), p, pr + lw * 0.6)
            if i < t.hp:
                pygame.draw.circle(big, (235, 70, 60), p, pr)
            else:
                pygame.draw.circle(big, (90, 90, 96), p, pr * 0.55)
    # faction badge bottom-right
    if t.badge:
        br = S * 0.16
        bp = (cx + R * 0.80, cy + R * 0.72)
        pygame.draw.circle(big, (15, 15, 18), bp, br + lw * 0.5)
        pygame.draw.circle(big, (245, 245, 240), bp, br)
        bimg = T.font(max(6, int(br * 1.25)), True).render(t.badge[:1], True, (20, 20, 24))
        big.blit(bimg, bimg.get_rect(center=bp))
    # guard shield top-left
    if t.guarding:
        gx, gy = cx - R * 0.85, cy - R * 0.78
        w2, h2 = S * 0.17, S * 0.21
        shield = [(gx - w2, gy - h2), (gx + w2, gy - h2), (gx + w2, gy + h2 * 0.1), (gx, gy + h2 * 1.1),
                  (gx - w2, gy + h2 * 0.1)]
        pygame.draw.polygon(big, (15, 15, 18), shield)
        inner = [(x * 0.78 + gx * 0.22, y * 0.78 + gy * 0.22) for x, y in shield]
        pygame.draw.polygon(big, (200, 210, 225), inner)
        pygame.draw.line(big, (60, 70, 90), (gx, gy - h2 * 0.7), (gx, gy + h2 * 0.75), max(2, lw // 2))
    # condition markers top-right: up triangle (buffs), down triangle (debuffs), dot (status)
    mx, my = cx + R * 0.80, cy - R * 0.85
    mr = S * 0.12
    for present, kind in ((t.buffs, "up"), (t.debuffs, "down"), (t.statuses, "dot")):
        if not present:
            continue
        if kind == "up":
            pts = [(mx, my - mr), (mx + mr, my + mr * 0.8), (mx - mr, my + mr * 0.8)]
            pygame.draw.polygon(big, (15, 15, 18), [(x + (x - mx) * 0.35, y + (y - my) * 0.35) for x, y in pts])
            pygame.draw.polygon(big, (110, 220, 120), pts)
        elif kind == "down":
            pts = [(mx, my + mr), (mx + mr, my - mr * 0.8), (mx - mr, my - mr * 0.8)]
            pygame.draw.polygon(big, (15, 15, 18), [(x + (x - mx) * 0.35, y + (y - my) * 0.35) for x, y in pts])
            pygame.draw.polygon(big, (245, 95, 80), pts)
        else:
            pygame.draw.circle(big, (15, 15, 18), (mx, my), mr * 1.1)
            pygame.draw.circle(big, (200, 130, 255), (mx, my), mr * 0.8)
        my += mr * 2.5
    # activation number top-centre
    if t.activation:
        ar = S * 0.15
        ap = (cx, cy - R - S * 0.05)
        pygame.draw.circle(big, (15, 15, 18), ap, ar + lw * 0.5)
        pygame.draw.circle(big, T.HL_SELECT, ap, ar)
        aimg = T.font(max(6, int(ar * 1.4)), True).render(str(t.activation), True, (20, 20, 24))
        big.blit(aimg, aimg.get_rect(center=ap))
    out = pygame.transform.smoothscale(big, (int(2 * s) + 4, int(2 * s) + 4))
    if t.spent:
        # done for this phase: desaturated, still solid
        grey = pygame.transform.grayscale(out)
        grey.fill((200, 200, 200, 165), special_flags=pygame.BLEND_RGBA_MULT)
        out.blit(grey, (0, 0))
    return out


# --- terrain textures -------------------------------------------------------------
TEXTURE_VARIANTS = 4


def texture_tile(tid: str, base, s: int, variant: int) -> pygame.Surface:
    """One hex of terrain marks, drawn at 2x and smoothed, cut to the hex."""
    sc = 2
    S = s * sc
    w, h = int(SQ3 * S) + 4, 2 * S + 4
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    cx, cy = w / 2, h / 2
    pygame.draw.polygon(big, (*base, 255), _hex_points(cx, cy, S))
    draw_texture(big, tid, base, cx, cy, S, (variant, 7))
    draw_relief(big, tid, base, cx, cy, S)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), _hex_points(cx, cy, S - 1))
    big.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    out = pygame.transform.smoothscale(big, (w // sc, h // sc))
    if pygame.display.get_surface() is not None:
        out = out.convert_alpha()
    return out


def relief_height(tid: str) -> float:
    """How much a terrain stands up from the ground, for its shading:
    mountains most, hills and woods some, water sunk below."""
    k = tid.lower()
    for words, height in ((("mountain", "peak", "cliff"), 1.0), (("hill", "plateau", "rock"), 0.7),
                          (("tower", "wall", "ruin", "city", "capital", "village", "building"), 0.55),
                          (("forest", "wood", "jungle"), 0.45), (("water", "river", "lake", "sea", "swamp"), -0.5)):
        if any(w in k for w in words):
            return height
    return 0.2


def draw_relief(surf, tid: str, base, cx: float, cy: float, s: int) -> None:
    """Light from the upper left: the hex's upper-left edges lit, its
    lower-right edges in shade, by how much the terrain stands up (sunk
    terrain the other way round), so height reads at a glance without
    changing the terrain's colour."""
    height = relief_height(tid)
    pts = _hex_points(cx, cy, s - max(1, s * 0.04))
    width = max(2, int(s * (0.06 + 0.07 * abs(height))))
    for d in range(6):
        # edge d's outward normal points at 60*d degrees (screen y down); the light comes from 225
        facing = math.cos(math.radians(60 * d - 225)) * (1 if height >= 0 else -1)
        if abs(facing) < 0.2:
            continue
        amount = min(0.6, abs(facing) * (0.18 + 0.32 * abs(height)))
        col = T.mix(base, (255, 255, 240), amount) if facing > 0 else T.mix(base, (0, 0, 10), amount)
        pygame.draw.line(surf, col, pts[d], pts[(d + 1) % 6], width)


def draw_texture(surf, tid: str, base, cx: float, cy: float, s: int, h) -> None:
    """Marks that make terrain types readable without colour."""
    if s < 12:
        return
    rnd = random.Random(hash(h) * 7919 + 17)
    dark = T.mix(base, (0, 0, 0), 0.35)
    darker = T.mix(base, (0, 0, 0), 0.5)
    light = T.mix(base, (255, 255, 255), 0.35)
    k = tid.lower()
    lw = max(1, s // 20)
    if "forest" in k or "wood" in k:
        spots = [(-0.38, -0.22), (0.30, -0.36), (0.02, 0.12), (-0.30, 0.42), (0.40, 0.30)]
        for dx, dy in spots:
            x = cx + (dx + rnd.uniform(-0.06, 0.06)) * s
            y = cy + (dy + rnd.uniform(-0.06, 0.06)) * s
            r = s * rnd.uniform(0.15, 0.19)
            pygame.draw.circle(surf, darker, (x, y + r * 0.35), r)
            pygame.draw.circle(surf, dark, (x, y), r)
            pygame.draw.circle(surf, T.mix(base, (255, 255, 255), 0.15), (x - r * 0.3, y - r * 0.3), r * 0.35)
    elif "mountain" in k:
        for dx, dy, sc in ((-0.28, 0.18, 0.55), (0.22, 0.10, 0.70)):
            x, y, hh = cx + dx * s, cy + dy * s + 0.25 * s, sc * s
            peak = [(x - hh * 0.6, y), (x, y - hh), (x + hh * 0.6, y)]
            pygame.draw.polygon(surf, darker, peak)
            pygame.draw.polygon(surf, T.mix(base, (0, 0, 0), 0.2), [(x, y - hh), (x + hh * 0.6, y), (x + hh * 0.1, y)])
            cap = [(x - hh * 0.2, y - hh * 0.67), (x, y - hh), (x + hh * 0.2, y - hh * 0.67)]
            pygame.draw.polygon(surf, (236, 236, 240), cap)
    elif "water" in k or "river" in k or "lake" in k:
        for row in (-0.35, 0.0, 0.35):
            y0 = cy + row * s + rnd.uniform(-0.05, 0.05) * s
            pts = []
            for i in range(9):
                x = cx - 0.5 * s + i * s / 8
                pts.append((x, y0 + math.sin(i * 1.6 + row * 3) * s * 0.06))
            pygame.draw.lines(surf, light, False, pts, max(1, s // 18))
    elif "wall" in k:
        bh = s * 0.26
        rows = 5
        for i in range(rows):
            y = cy - bh * rows / 2 + i * bh
            pygame.draw.line(surf, darker, (cx - s * 0.8, y), (cx + s * 0.8, y), lw)
            off = (i % 2) * 0.5
            for j in range(-3, 4):
                x = cx + (j + off) * s * 0.36
                pygame.draw.line(surf, darker, (x, y), (x, y + bh), lw)
        pygame.draw.polygon(surf, light, _hex_points(cx, cy, s * 0.88), lw)
    elif "tower" in k:
        w, hh = s * 0.34, s * 0.9
        r = pygame.Rect(0, 0, int(w), int(hh))
        r.midbottom = (int(cx), int(cy + s * 0.45))
        pygame.draw.rect(surf, (18, 14, 24), r)
        for i in range(3):
            c = pygame.Rect(r.x + i * r.w // 3 + 1, r.y - int(s * 0.1), r.w // 5 + 1, int(s * 0.12))
            pygame.draw.rect(surf, (18, 14, 24), c)
        pygame.draw.rect(surf, (150, 110, 220), (r.centerx - 2, r.y + r.h // 4, 4, max(3, s // 8)))
    elif "ley" in k:
        # glyph lines: a straight line with runic ticks and diamonds
        a = rnd.choice((0, 60, 120))
        ca, sa = math.cos(math.radians(a)), math.sin(math.radians(a))
        p1 = (cx - ca * s * 0.8, cy - sa * s * 0.8)
        p2 = (cx + ca * s * 0.8, cy + sa * s * 0.8)
        glow = T.mix(base, (255, 255, 255), 0.55)
        pygame.draw.line(surf, glow, p1, p2, max(2, s // 12))
        for t in (-0.45, 0.0, 0.45):
            x, y = cx + ca * s * t, cy + sa * s * t
            d = s * 0.11
            pygame.draw.polygon(surf, (250, 245, 255), [(x, y - d), (x + d, y), (x, y + d), (x - d, y)])
            pygame.draw.line(surf, glow, (x - sa * s * 0.18, y + ca * s * 0.18), (x + sa * s * 0.18, y - ca * s * 0.18), lw)
    elif "badland" in k:
        for _ in range(9):
            x = cx + rnd.uniform(-0.6, 0.6) * s
            y = cy + rnd.uniform(-0.55, 0.55) * s
            pygame.draw.circle(surf, darker, (x, y), max(1.5, s * 0.045))
        x = cx + rnd.uniform(-0.3, 0.1) * s
        y = cy + rnd.uniform(-0.2, 0.2) * s
        pygame.draw.lines(surf, dark, False, [(x, y), (x + s * 0.15, y + s * 0.08), (x + s * 0.25, y - s * 0.05),
                                               (x + s * 0.42, y + s * 0.04)], lw)
    elif "plateau" in k or "hill" in k:
        for sc in (0.72, 0.46):
            pygame.draw.polygon(surf, dark, _hex_points(cx, cy, s * sc), max(1, s // 16))
        pygame.draw.polygon(surf, light, _hex_points(cx - s * 0.02, cy - s * 0.03, s * 0.46), lw)
    elif "capital" in k:
        for row in range(-2, 3):
            y = cy + row * s * 0.3
            pygame.draw.line(surf, dark, (cx - s * 0.75, y), (cx + s * 0.75, y), lw)
        pygame.draw.circle(surf, (150, 30, 35), (cx, cy), s * 0.42)
        pygame.draw.polygon(surf, (235, 70, 70), _star(cx, cy, s * 0.38, s * 0.17, 5))
    elif "city" in k:
        for row in range(-2, 3):
            y = cy + row * s * 0.3
            pygame.draw.line(surf, dark, (cx - s * 0.75, y), (cx + s * 0.75, y), lw)
            off = (row % 2) * 0.2
            for j in range(-2, 3):
                x = cx + (j * 0.4 + off) * s
                pygame.draw.line(surf, dark, (x, y), (x, y + s * 0.3), lw)
    elif "ruin" in k:
        for dx, hh in ((-0.3, 0.35), (-0.05, 0.55), (0.22, 0.25), (0.42, 0.42)):
            r = pygame.Rect(0, 0, max(2, int(s * 0.13)), int(s * hh))
            r.midbottom = (int(cx + dx * s), int(cy + s * 0.35))
            pygame.draw.rect(surf, darker, r)
        pygame.draw.line(surf, darker, (cx - s * 0.5, cy + s * 0.38), (cx + s * 0.55, cy + s * 0.38), lw + 1)
    elif "plain" in k or "grass" in k:
        for _ in range(3):
            x = cx + rnd.uniform(-0.5, 0.5) * s
            y = cy + rnd.uniform(-0.45, 0.45) * s
            for dx in (-0.06, 0.0, 0.06):
                pygame.draw.line(surf, T.mix(base, (0, 0, 0), 0.18), (x + dx * s, y), (x + dx * s * 1.8, y - s * 0.11), 1)


def make_banner(s: int, lab: LabelSpec) -> pygame.Surface:
    """A pill with a name in a player's colour (a held city)."""
    px = max(10, min(24, int(s * 0.40)))
    col = T.rgb(lab.color)
    img = T.font(px, True).render(lab.text, True, T.ink_on(col))
    w, h = img.get_width() + px, img.get_height() + px // 3
    surf = pygame.Surface((w + 4, h + 4), pygame.SRCALPHA)
    pygame.draw.rect(surf, (15, 15, 18, 230), (0, 0, w + 4, h + 4), border_radius=(h + 4) // 2)
    pygame.draw.rect(surf, col, (2, 2, w, h), border_radius=h // 2)
    surf.blit(img, img.get_rect(center=(w // 2 + 2, h // 2 + 2)))
    return surf


def draw_label(surf, lab: LabelSpec, cx: float, cy: float, s: int) -> None:
    if lab.kind == "name":
        if s < 14:
            return
        px = max(10, min(26, int(s * 0.42)))
        img = T.font(px, True).render(lab.text, True, T.rgb(lab.color))
        r = img.get_rect(center=(int(cx), int(cy - s * 1.05)))
        bg = r.inflate(px * 0.8, px * 0.35)
        pill = pygame.Surface(bg.size, pygame.SRCALPHA)
        pygame.draw.rect(pill, (16, 16, 20, 200), pill.get_rect(), border_radius=bg.h // 2)
        surf.blit(pill, bg)
        surf.blit(img, r)
    elif lab.kind == "inside":          # a mark of the hex itself (Warbound's Scan tiles): within its outline
        if s < 14:
            return
        px = max(9, min(20, int(s * 0.30)))
        img = T.font(px, True).render(lab.text, True, T.rgb(lab.color))
        r = img.get_rect(center=(int(cx), int(cy + s * 0.56)))
        bg = r.inflate(px * 0.6, px * 0.2)
        if bg.w > s * 1.6:                # never wider than the hex
            img = pygame.transform.smoothscale(img, (max(1, int(s * 1.5)), r.h))
            r = img.get_rect(center=r.center)
            bg = r.inflate(px * 0.3, px * 0.2)
        pill = pygame.Surface(bg.size, pygame.SRCALPHA)
        pygame.draw.rect(pill, (16, 16, 20, 190), pill.get_rect(), border_radius=bg.h // 2)
        surf.blit(pill, bg)
        surf.blit(img, r)
    elif lab.kind == "tile":
        if s < 18:
            return
        px = max(9, int(s * 0.3))
        img = T.font(px, True).render(lab.text, True, (30, 30, 34))
        img.set_alpha(120)
        surf.blit(img, img.get_rect(bottomright=(int(cx + s * 0.6), int(cy + s * 0.7))))
    elif lab.kind == "zone":
        if s < 14:
            return
        px = max(9, int(s * 0.28))
        img = T.font(px, True).render(lab.text, True, T.rgb(lab.color))
        surf.blit(img, img.get_rect(center=(int(cx), int(cy + s * 0.55))))
