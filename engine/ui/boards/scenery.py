"""Terrain pieces on the table that look like what they are.

A piece keeps its flat fill and the patterns that carry its rules without
colour (hatch: blocks sight, dots: difficult, cross: impassable); under the
patterns this module draws what a modeller would put on the base: tree
canopies for woods, broken walls and rubble for ruins, ripples for rivers
and streams, furrows for fields, contour lines for hills, tufts for marsh,
boulders for rocky ground, glowing cracks for embers, roots for roots.

Decorations are computed once per piece in table inches from the piece's
id (crc32, the same in every process), so the 256-pixel tiles the table is
drawn in join seamlessly: each tile draws the same decorations shifted.
"""
from __future__ import annotations

import math
import random
import zlib
from dataclasses import dataclass
from functools import lru_cache

import pygame

from engine.table.geometry import point_in_ring
from engine.ui import theme as T

# words in a piece's type or name -> the kind of scenery drawn on it
KINDS = (
    ("woods", ("wood", "forest", "grove", "copse", "jungle", "orchard", "tree")),
    ("ruins", ("ruin", "watchtower", "tower", "building", "house", "barn", "farm", "wall")),
    ("water", ("river", "stream", "lake", "pond", "water", "ford")),
    ("marsh", ("marsh", "mire", "swamp", "bog", "fen")),
    ("field", ("field", "plough", "plow", "crop", "barley", "wheat")),
    ("hill", ("hill", "slope", "rise", "mound", "cliff")),
    ("rocks", ("rock", "stone", "boulder", "rubble", "scree")),
    ("embers", ("ember", "lava", "fire", "ash")),
    ("roots", ("root", "bramble", "thorn")),
    ("hedge", ("hedge", "fence")),
    ("road", ("road", "track", "path")),
)


def kind_of(piece_type: str, name: str = "") -> str:
    """The scenery kind the piece's type (first) or name suggests; "" none."""
    for text in (piece_type, name):
        low = (text or "").lower()
        for kind, words in KINDS:
            if any(w in low for w in words):
                return kind
    return ""


@dataclass(frozen=True)
class Mark:
    """One decoration in table inches: a circle (tree, boulder, tuft), a
    polyline (ripple, furrow, crack, root) or a polygon (wall, boulder)."""
    shape: str                     # circle | line | poly | ring
    points: tuple                  # ((x, y), ...) in inches; a circle's centre first
    size: float = 0.0              # a circle's radius, a line's width (inches)
    tone: float = 0.0              # -1 darkest .. +1 lightest, relative to the piece's colour



def _scatter(ring, bbox, spacing: float, rnd: random.Random, jitter: float = 0.4):
    """Points on a jittered grid `spacing` inches apart, inside the ring."""
    x0, y0, x1, y1 = bbox
    out = []
    row = 0
    y = y0 + spacing / 2
    while y < y1:
        x = x0 + spacing / 2 + (spacing / 2 if row % 2 else 0)
        while x < x1:
            px = x + rnd.uniform(-jitter, jitter) * spacing
            py = y + rnd.uniform(-jitter, jitter) * spacing
            if point_in_ring(px, py, ring):
                out.append((px, py))
            x += spacing
        y += spacing * 0.87
        row += 1
    return out


def _centroid(ring) -> tuple[float, float]:
    return (sum(p[0] for p in ring) / len(ring), sum(p[1] for p in ring) / len(ring))


@lru_cache(maxsize=512)
def marks(piece_id: str, kind: str, ring: tuple, bbox: tuple) -> tuple[Mark, ...]:
    """The decorations of a piece (cached: they depend on nothing else)."""
    if not ring or not kind:
        return ()
    rnd = random.Random(zlib.crc32(f"{piece_id}:{kind}".encode()))
    x0, y0, x1, y1 = bbox
    w, h = x1 - x0, y1 - y0
    out: list[Mark] = []
    if kind == "woods":
        for x, y in _scatter(ring, bbox, 1.1, rnd):
            r = rnd.uniform(0.45, 0.65)
            out.append(Mark("circle", ((x + 0.12, y + 0.16),), r, -0.55))       # its shadow
            out.append(Mark("circle", ((x, y),), r, rnd.uniform(-0.25, 0.05)))
            out.append(Mark("circle", ((x - r * 0.3, y - r * 0.3),), r * 0.38, 0.35))
    elif kind == "ruins":
        # wall stubs along the outline, and rubble inside
        n = len(ring)
        for i in range(n):
            (ax, ay), (bx, by) = ring[i], ring[(i + 1) % n]
            seg = math.hypot(bx - ax, by - ay)
            t = 0.0
            while t < seg:
                run = rnd.uniform(0.6, 1.6)
                if rnd.random() < 0.65:
                    f0, f1 = t / seg, min(seg, t + run) / seg
                    cx, cy = _centroid(ring)
                    inset = 0.25
                    p = [(ax + (bx - ax) * f + (cx - ax - (bx - ax) * f) * inset / max(1.0, math.hypot(cx - ax, cy - ay)),
                          ay + (by - ay) * f + (cy - ay - (by - ay) * f) * inset / max(1.0, math.hypot(cx - ax, cy - ay)))
                         for f in (f0, f1)]
                    out.append(Mark("line", tuple(p), 0.42, -0.6))
                    out.append(Mark("line", tuple(p), 0.24, 0.4))
                t += run + rnd.uniform(0.2, 0.8)
        for x, y in _scatter(ring, bbox, 0.9, rnd, 0.45):
            if rnd.random() < 0.5:
                out.append(Mark("circle", ((x, y),), rnd.uniform(0.08, 0.18), -0.45))
    elif kind in ("water", "marsh"):
        step = 0.7 if kind == "water" else 1.0
        y = y0 + step / 2
        while y < y1:
            xs = [x0 + i * 0.35 for i in range(int(w / 0.35) + 2)]
            phase = rnd.uniform(0, 6.28)
            pts = tuple((x, y + math.sin(x * 2.2 + phase) * 0.09) for x in xs)
            out.append(Mark("line", pts, 0.07, 0.45 if kind == "water" else 0.2))
            y += step
        if kind == "marsh":
            for x, y in _scatter(ring, bbox, 1.0, rnd):
                for dx in (-0.12, 0.0, 0.12):
                    out.append(Mark("line", ((x + dx, y), (x + dx * 1.8, y - 0.35)), 0.05, -0.5))
    elif kind == "field":
        angle = rnd.uniform(0, math.pi)
        ca, sa = math.cos(angle), math.sin(angle)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        reach = math.hypot(w, h) / 2 + 1
        k = -reach
        while k < reach:
            p1 = (cx + ca * -reach - sa * k, cy + sa * -reach + ca * k)
            p2 = (cx + ca * reach - sa * k, cy + sa * reach + ca * k)
            out.append(Mark("line", (p1, p2), 0.08, -0.3))
            k += 0.5
    elif kind == "hill":
        cx, cy = _centroid(ring)
        for f, tone in ((0.72, -0.22), (0.46, -0.12), (0.22, 0.15)):
            out.append(Mark("ring", tuple((cx + (x - cx) * f, cy + (y - cy) * f) for x, y in ring), 0.07, tone))
    elif kind == "rocks":
        for x, y in _scatter(ring, bbox, 1.0, rnd, 0.45):
            r = rnd.uniform(0.15, 0.35)
            pts = tuple((x + math.cos(a) * r * rnd.uniform(0.7, 1.1), y + math.sin(a) * r * rnd.uniform(0.7, 1.1))
                        for a in (i * math.pi / 3 for i in range(6)))
            out.append(Mark("poly", tuple((px + 0.07, py + 0.09) for px, py in pts), 0.0, -0.55))
            out.append(Mark("poly", pts, 0.0, rnd.uniform(-0.1, 0.3)))
    elif kind in ("embers", "roots"):
        for x, y in _scatter(ring, bbox, 1.3, rnd, 0.35):
            pts = [(x, y)]
            a = rnd.uniform(0, 6.28)
            for _ in range(4):
                a += rnd.uniform(-0.9, 0.9)
                x, y = x + math.cos(a) * 0.35, y + math.sin(a) * 0.35
                pts.append((x, y))
            out.append(Mark("line", tuple(pts), 0.09 if kind == "embers" else 0.12, 0.6 if kind == "embers" else -0.5))
    elif kind == "hedge":
        for x, y in _scatter(ring, bbox, 0.45, rnd, 0.2):
            out.append(Mark("circle", ((x, y),), rnd.uniform(0.16, 0.24), rnd.uniform(-0.35, 0.1)))
    elif kind == "road":
        for x, y in _scatter(ring, bbox, 0.8, rnd, 0.45):
            if rnd.random() < 0.35:
                out.append(Mark("circle", ((x, y),), 0.05, -0.3))
    return tuple(out)


def _tone(col, tone: float):
    return T.mix(col, (255, 255, 240), tone) if tone >= 0 else T.mix(col, (0, 0, 0), -tone)


def draw(surf: pygame.Surface, piece, kind: str, col, scale: float, ox: float, oy: float, pts: list) -> None:
    """Draw the piece's decorations into `surf` (a table tile whose
    top-left is (ox, oy) in table pixels), clipped to its outline `pts`
    (tile pixels)."""
    ms = marks(piece.id, kind, tuple(piece.ring), tuple(piece.bbox))
    if not ms or scale < 4:
        return
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    box = pygame.Rect(math.floor(min(xs)) - 2, math.floor(min(ys)) - 2, math.ceil(max(xs) - min(xs)) + 5,
                      math.ceil(max(ys) - min(ys)) + 5).clip(surf.get_rect())
    if box.w <= 0 or box.h <= 0:
        return
    lay = pygame.Surface(box.size, pygame.SRCALPHA)
    bx, by = box.x + ox, box.y + oy

    def at(p):
        return (p[0] * scale - bx, p[1] * scale - by)
    for m in ms:
        c = _tone(col, m.tone)
        if m.shape == "circle":
            r = m.size * scale
            x, y = at(m.points[0])
            if -r <= x <= box.w + r and -r <= y <= box.h + r:
                pygame.draw.circle(lay, c, (x, y), max(1.0, r))
        elif m.shape in ("line", "ring"):
            width = max(1, round(m.size * scale))
            p = [at(q) for q in m.points]
            if m.shape == "ring":
                pygame.draw.polygon(lay, c, p, width)
            else:
                pygame.draw.lines(lay, c, False, p, width)
        elif m.shape == "poly":
            pygame.draw.polygon(lay, c, [at(q) for q in m.points])
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - box.x, y - box.y) for x, y in pts])
    lay.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(lay, box.topleft)
