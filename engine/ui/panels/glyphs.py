"""Small vector icons drawn with pygame (no image files): elements, space
kinds, items.  `glyph(name, px, color)` returns a cached, smoothed
SRCALPHA surface px x px; `GLYPHS` lists the names.  Shapes carry meaning
without colour (UI.md): a flame, a drop, a leaf, a bolt, a swirl, a gear...
"""
from __future__ import annotations

import math

import pygame

from engine.ui import theme as T

INK = (24, 22, 26)


def _poly(s, col, pts, w=0):
    pygame.draw.polygon(s, col, [(round(x), round(y)) for x, y in pts], w)


def _flame(s, c, r, col):
    cx, cy = c
    # a flame: round base, a tall tip and a lick each side
    shape = [(0.0, -1.0), (0.18, -0.45), (0.5, -0.7), (0.45, -0.2), (0.62, 0.25), (0.5, 0.62), (0.2, 0.88),
             (-0.2, 0.88), (-0.5, 0.62), (-0.62, 0.25), (-0.5, -0.15), (-0.38, -0.5), (-0.2, -0.2)]
    pts = [(cx + x * r, cy + y * r) for x, y in shape]
    _poly(s, INK, pts, max(2, int(r * 0.14)))
    _poly(s, col, pts)
    inner = [(cx + x * r * 0.5, cy + r * 0.38 + y * r * 0.5) for x, y in shape]
    _poly(s, T.mix(col, (255, 250, 210), 0.6), inner)


def _drop(s, c, r, col):
    cx, cy = c
    pts = [(cx, cy - r * 0.95)]
    for i in range(25):
        a = math.radians(-30 + i * 240 / 24)
        pts.append((cx + math.cos(a) * r * 0.6, cy + r * 0.3 + math.sin(a) * r * 0.6))
    _poly(s, INK, pts, max(2, int(r * 0.14)))
    _poly(s, col, pts)
    pygame.draw.circle(s, T.mix(col, (255, 255, 255), 0.6), (cx - r * 0.22, cy + r * 0.2), r * 0.14)


def _leaf(s, c, r, col):
    cx, cy = c
    pts = []
    for i in range(30):
        t = i / 29 * math.pi
        pts.append((cx + math.sin(t) * r * 0.55, cy - math.cos(t) * r * 0.9))
    for i in range(30):
        t = i / 29 * math.pi
        pts.append((cx - math.sin(t) * r * 0.55, cy + math.cos(t) * r * 0.9))
    pts = [(cx + (x - cx) * 0.87 - (y - cy) * 0.5, cy + (x - cx) * 0.5 + (y - cy) * 0.87) for x, y in pts]
    _poly(s, INK, pts, max(2, int(r * 0.14)))
    _poly(s, col, pts)
    pygame.draw.line(s, T.mix(col, (0, 0, 0), 0.45), (cx - r * 0.45, cy + r * 0.75), (cx + r * 0.45, cy - r * 0.75),
                     max(2, int(r * 0.1)))


def _bolt(s, c, r, col):
    cx, cy = c
    pts = [(0.15, -1.0), (-0.5, 0.12), (-0.02, 0.12), (-0.2, 1.0), (0.52, -0.2), (0.05, -0.2), (0.35, -1.0)]
    pts = [(cx + x * r * 0.8, cy + y * r * 0.9) for x, y in pts]
    _poly(s, INK, pts, max(2, int(r * 0.16)))
    _poly(s, col, pts)


def _swirl(s, c, r, col):
    cx, cy = c
    w = max(2, int(r * 0.2))
    for k, off in enumerate((-0.38, 0.05, 0.45)):
        pts = []
        length = 1.5 - 0.35 * k
        for i in range(24):
            t = i / 23
            x = cx - r * 0.85 + t * r * 1.5 * length / 1.5
            y = cy + off * r + math.sin(t * math.pi * 1.3) * r * 0.12
            pts.append((x, y))
        # a curl at the end
        ex, ey = pts[-1]
        for i in range(12):
            a = math.radians(-90 + i * 25)
            pts.append((ex + math.cos(a) * r * 0.18, ey + r * 0.18 + math.sin(a) * r * 0.18))
        pygame.draw.lines(s, INK, False, pts, w + max(2, int(r * 0.1)))
        pygame.draw.lines(s, col, False, pts, w)


def _gear(s, c, r, col):
    cx, cy = c
    pts = []
    n = 8
    for i in range(n * 4):
        a = 2 * math.pi * i / (n * 4)
        rr = r * (0.92 if (i % 4) in (0, 1) else 0.68)
        pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
    _poly(s, INK, pts, max(2, int(r * 0.14)))
    _poly(s, col, pts)
    pygame.draw.circle(s, INK, (cx, cy), r * 0.3)
    pygame.draw.circle(s, T.mix(col, (0, 0, 0), 0.25), (cx, cy), r * 0.3, max(1, int(r * 0.08)))


def _peak(s, c, r, col):
    cx, cy = c
    base = cy + r * 0.7
    for dx, h, sc in ((-0.35, 1.1, 0.75), (0.25, 1.55, 1.0)):
        x = cx + dx * r
        top = base - h * r
        wdt = r * 0.75 * sc
        pts = [(x - wdt, base), (x, top), (x + wdt, base)]
        _poly(s, INK, pts, max(2, int(r * 0.1)))
        _poly(s, col, pts)
        _poly(s, T.mix(col, (0, 0, 0), 0.25), [(x, top), (x + wdt, base), (x + wdt * 0.15, base)])
        cap = [(x - wdt * 0.3, top + h * r * 0.3), (x, top), (x + wdt * 0.3, top + h * r * 0.3)]
        _poly(s, (240, 240, 244), cap)


def _chest(s, c, r, col):
    cx, cy = c
    body = pygame.Rect(0, 0, int(r * 1.6), int(r * 0.95))
    body.midtop = (int(cx), int(cy - r * 0.1))
    lid = pygame.Rect(0, 0, int(r * 1.6), int(r * 0.7))
    lid.midbottom = (int(cx), int(cy - r * 0.05))
    pygame.draw.rect(s, INK, body.inflate(int(r * 0.18), int(r * 0.18)), border_radius=int(r * 0.12))
    pygame.draw.rect(s, INK, lid.inflate(int(r * 0.18), int(r * 0.18)), border_top_left_radius=int(r * 0.4),
                     border_top_right_radius=int(r * 0.4))
    wood = (150, 92, 40)
    pygame.draw.rect(s, wood, body, border_radius=int(r * 0.1))
    pygame.draw.rect(s, T.mix(wood, (255, 255, 255), 0.15), lid, border_top_left_radius=int(r * 0.35),
                     border_top_right_radius=int(r * 0.35))
    for x in (body.x + body.w * 0.22, body.right - body.w * 0.22):
        pygame.draw.line(s, col, (x, lid.y), (x, body.bottom), max(2, int(r * 0.14)))
    lock = pygame.Rect(0, 0, int(r * 0.32), int(r * 0.38))
    lock.center = (int(cx), int(cy - r * 0.05))
    pygame.draw.rect(s, col, lock, border_radius=int(r * 0.06))
    pygame.draw.rect(s, INK, lock, max(1, int(r * 0.06)), border_radius=int(r * 0.06))


def _sparkle(s, c, r, col):
    cx, cy = c
    for scale, dx, dy in ((1.0, -0.12, 0.08), (0.42, 0.6, -0.55)):
        rr = r * scale
        x, y = cx + dx * r, cy + dy * r
        pts = []
        for i in range(8):
            a = math.radians(-90 + i * 45)
            d = rr * (0.95 if i % 2 == 0 else 0.28)
            pts.append((x + math.cos(a) * d, y + math.sin(a) * d))
        _poly(s, INK, pts, max(2, int(r * 0.1)))
        _poly(s, col, pts)


def _house(s, c, r, col):
    cx, cy = c
    for dx, sc in ((-0.45, 0.7), (0.3, 1.0)):
        x = cx + dx * r
        w = r * 0.62 * sc
        h = r * 0.6 * sc
        base = cy + r * 0.7
        wall = [(x - w, base), (x - w, base - h), (x + w, base - h), (x + w, base)]
        roof = [(x - w * 1.25, base - h), (x, base - h - w * 1.05), (x + w * 1.25, base - h)]
        _poly(s, INK, wall, max(2, int(r * 0.1)))
        _poly(s, (236, 226, 204), wall)
        _poly(s, INK, roof, max(2, int(r * 0.1)))
        _poly(s, col, roof)
        door = pygame.Rect(0, 0, int(w * 0.5), int(h * 0.55))
        door.midbottom = (int(x), int(base))
        pygame.draw.rect(s, (90, 60, 40), door)


def _pennant(s, c, r, col):
    cx, cy = c
    pole_x = cx - r * 0.45
    pygame.draw.line(s, INK, (pole_x, cy - r * 0.95), (pole_x, cy + r * 0.95), max(3, int(r * 0.16)))
    flag = [(pole_x, cy - r * 0.9), (cx + r * 0.85, cy - r * 0.55), (pole_x, cy - r * 0.15)]
    _poly(s, INK, flag, max(2, int(r * 0.12)))
    _poly(s, col, flag)
    pygame.draw.circle(s, INK, (pole_x, cy + r * 0.95), r * 0.2)


def _cave(s, c, r, col):
    cx, cy = c
    rock = [(cx - r, cy + r * 0.75), (cx - r * 0.8, cy - r * 0.3), (cx - r * 0.2, cy - r * 0.85),
            (cx + r * 0.5, cy - r * 0.7), (cx + r, cy + r * 0.75)]
    _poly(s, INK, rock, max(2, int(r * 0.1)))
    _poly(s, col, rock)
    mouth = pygame.Rect(0, 0, int(r * 0.95), int(r * 1.1))
    mouth.midbottom = (int(cx), int(cy + r * 0.78))
    pygame.draw.ellipse(s, (14, 10, 8), mouth)
    pygame.draw.rect(s, col, (mouth.x, mouth.centery + mouth.h // 4, mouth.w, mouth.h))
    pygame.draw.rect(s, (14, 10, 8), (mouth.x + mouth.w * 0.08, mouth.centery, mouth.w * 0.84, mouth.h // 4 + 2))


def _portal(s, c, r, col):
    cx, cy = c
    pygame.draw.circle(s, (10, 6, 20), (cx, cy), r * 0.95)
    for k in range(3):
        pts = []
        for i in range(40):
            t = i / 39
            a = t * 2.6 * math.pi + k * 2 * math.pi / 3
            d = r * (0.1 + 0.8 * t)
            pts.append((cx + math.cos(a) * d, cy + math.sin(a) * d))
        pygame.draw.lines(s, T.mix(col, (255, 255, 255), 0.25 + 0.2 * k), False, pts, max(2, int(r * 0.13)))
    pygame.draw.circle(s, (250, 240, 255), (cx, cy), r * 0.12)


def _dunes(s, c, r, col):
    cx, cy = c
    for k, dy in enumerate((-0.35, 0.1, 0.52)):
        pts = []
        for i in range(16):
            t = i / 15
            pts.append((cx - r * (0.8 - 0.15 * k) + t * r * (1.6 - 0.3 * k),
                        cy + dy * r - math.sin(t * math.pi) * r * 0.16))
        pygame.draw.lines(s, col, False, pts, max(1, int(r * 0.09)))


def _coin(s, c, r, col):
    cx, cy = c
    pygame.draw.circle(s, INK, (cx, cy), r * 0.9)
    pygame.draw.circle(s, col, (cx, cy), r * 0.78)
    pygame.draw.circle(s, T.mix(col, (0, 0, 0), 0.3), (cx, cy), r * 0.55, max(1, int(r * 0.1)))


def _potion(s, c, r, col):
    cx, cy = c
    pygame.draw.circle(s, INK, (cx, cy + r * 0.25), r * 0.68)
    neck = pygame.Rect(0, 0, int(r * 0.4), int(r * 0.7))
    neck.midbottom = (int(cx), int(cy - r * 0.2))
    pygame.draw.rect(s, INK, neck.inflate(int(r * 0.16), int(r * 0.1)))
    pygame.draw.rect(s, (210, 220, 230), neck)
    pygame.draw.circle(s, col, (cx, cy + r * 0.25), r * 0.56)
    pygame.draw.circle(s, T.mix(col, (255, 255, 255), 0.6), (cx - r * 0.2, cy + r * 0.08), r * 0.13)
    pygame.draw.rect(s, (140, 100, 60), (neck.x - r * 0.06, neck.y - r * 0.16, neck.w + r * 0.12, r * 0.2))


def _shield(s, c, r, col):
    cx, cy = c
    pts = [(cx - r * 0.75, cy - r * 0.8), (cx + r * 0.75, cy - r * 0.8), (cx + r * 0.7, cy + r * 0.05),
           (cx, cy + r * 0.95), (cx - r * 0.7, cy + r * 0.05)]
    _poly(s, INK, pts, max(2, int(r * 0.14)))
    _poly(s, col, pts)
    pygame.draw.line(s, T.mix(col, (0, 0, 0), 0.35), (cx, cy - r * 0.7), (cx, cy + r * 0.8), max(2, int(r * 0.1)))


def _lance(s, c, r, col):
    cx, cy = c
    a, b = (cx - r * 0.85, cy + r * 0.85), (cx + r * 0.7, cy - r * 0.7)
    pygame.draw.line(s, INK, a, b, max(4, int(r * 0.26)))
    pygame.draw.line(s, (200, 200, 210), a, b, max(2, int(r * 0.14)))
    tip = [(cx + r * 0.95, cy - r * 0.95), (cx + r * 0.38, cy - r * 0.6), (cx + r * 0.6, cy - r * 0.38)]
    _poly(s, INK, tip, max(2, int(r * 0.1)))
    _poly(s, col, tip)
    pygame.draw.circle(s, col, (cx - r * 0.35, cy + r * 0.35), r * 0.2)


def _bow(s, c, r, col):
    cx, cy = c
    rect = pygame.Rect(0, 0, int(r * 1.4), int(r * 1.9))
    rect.center = (int(cx + r * 0.3), int(cy))
    pygame.draw.arc(s, INK, rect, math.radians(90), math.radians(270), max(4, int(r * 0.24)))
    pygame.draw.arc(s, col, rect, math.radians(90), math.radians(270), max(2, int(r * 0.13)))
    pygame.draw.line(s, (230, 230, 230), (rect.centerx, rect.top + 2), (rect.centerx, rect.bottom - 2), 1)
    pygame.draw.line(s, INK, (cx - r * 0.7, cy), (cx + r * 0.9, cy), max(2, int(r * 0.1)))
    _poly(s, INK, [(cx + r * 0.95, cy), (cx + r * 0.65, cy - r * 0.18), (cx + r * 0.65, cy + r * 0.18)])


def _rocket(s, c, r, col):
    cx, cy = c
    body = [(cx, cy - r), (cx + r * 0.35, cy - r * 0.35), (cx + r * 0.35, cy + r * 0.5), (cx - r * 0.35, cy + r * 0.5),
            (cx - r * 0.35, cy - r * 0.35)]
    _poly(s, INK, body, max(2, int(r * 0.12)))
    _poly(s, (220, 220, 228), body)
    pygame.draw.circle(s, col, (cx, cy - r * 0.25), r * 0.16)
    for sgn in (-1, 1):
        fin = [(cx + sgn * r * 0.35, cy + r * 0.05), (cx + sgn * r * 0.7, cy + r * 0.65), (cx + sgn * r * 0.35, cy + r * 0.5)]
        _poly(s, col, fin)
    _poly(s, (250, 170, 40), [(cx - r * 0.22, cy + r * 0.55), (cx, cy + r * 1.0), (cx + r * 0.22, cy + r * 0.55)])


def _scroll(s, c, r, col):
    cx, cy = c
    rect = pygame.Rect(0, 0, int(r * 1.3), int(r * 1.5))
    rect.center = (int(cx), int(cy))
    pygame.draw.rect(s, INK, rect.inflate(int(r * 0.14), int(r * 0.14)), border_radius=int(r * 0.1))
    pygame.draw.rect(s, (238, 226, 190), rect, border_radius=int(r * 0.08))
    for y in (rect.y, rect.bottom):
        pygame.draw.ellipse(s, col, (rect.x - r * 0.15, y - r * 0.16, rect.w + r * 0.3, r * 0.32))
    for i in range(3):
        y = rect.y + rect.h * (0.3 + 0.2 * i)
        pygame.draw.line(s, (120, 100, 80), (rect.x + rect.w * 0.18, y), (rect.right - rect.w * 0.18, y),
                         max(1, int(r * 0.07)))


def _hook(s, c, r, col):
    cx, cy = c
    pygame.draw.line(s, INK, (cx + r * 0.2, cy - r * 0.95), (cx + r * 0.2, cy + r * 0.2), max(3, int(r * 0.22)))
    rect = pygame.Rect(0, 0, int(r * 1.0), int(r * 1.0))
    rect.center = (int(cx - r * 0.1), int(cy + r * 0.2))
    pygame.draw.arc(s, INK, rect, math.radians(180), math.radians(360), max(4, int(r * 0.26)))
    pygame.draw.arc(s, col, rect, math.radians(180), math.radians(360), max(2, int(r * 0.14)))
    pygame.draw.line(s, col, (cx + r * 0.2, cy - r * 0.9), (cx + r * 0.2, cy + r * 0.2), max(2, int(r * 0.12)))
    _poly(s, col, [(cx - r * 0.6, cy + r * 0.2), (cx - r * 0.78, cy - r * 0.15), (cx - r * 0.45, cy - r * 0.05)])


def _urn(s, c, r, col):
    cx, cy = c
    pts = [(cx - r * 0.3, cy - r * 0.85), (cx + r * 0.3, cy - r * 0.85), (cx + r * 0.22, cy - r * 0.55),
           (cx + r * 0.7, cy - r * 0.1), (cx + r * 0.55, cy + r * 0.6), (cx + r * 0.3, cy + r * 0.9),
           (cx - r * 0.3, cy + r * 0.9), (cx - r * 0.55, cy + r * 0.6), (cx - r * 0.7, cy - r * 0.1),
           (cx - r * 0.22, cy - r * 0.55)]
    _poly(s, INK, pts, max(2, int(r * 0.12)))
    _poly(s, col, pts)
    pygame.draw.line(s, T.mix(col, (0, 0, 0), 0.4), (cx - r * 0.6, cy + r * 0.1), (cx + r * 0.6, cy + r * 0.1),
                     max(1, int(r * 0.1)))


def _book(s, c, r, col):
    cx, cy = c
    rect = pygame.Rect(0, 0, int(r * 1.3), int(r * 1.6))
    rect.center = (int(cx), int(cy))
    pygame.draw.rect(s, INK, rect.inflate(int(r * 0.16), int(r * 0.16)), border_radius=int(r * 0.1))
    pygame.draw.rect(s, col, rect, border_radius=int(r * 0.08))
    pygame.draw.rect(s, (240, 236, 220), (rect.right - r * 0.2, rect.y + r * 0.1, r * 0.12, rect.h - r * 0.2))
    pygame.draw.line(s, (240, 220, 120), (rect.x + r * 0.3, cy), (rect.right - r * 0.4, cy), max(1, int(r * 0.1)))


def _gem(s, c, r, col):
    cx, cy = c
    pts = [(cx - r * 0.45, cy - r * 0.6), (cx + r * 0.45, cy - r * 0.6), (cx + r * 0.85, cy - r * 0.15),
           (cx, cy + r * 0.9), (cx - r * 0.85, cy - r * 0.15)]
    _poly(s, INK, pts, max(2, int(r * 0.12)))
    _poly(s, col, pts)
    light = T.mix(col, (255, 255, 255), 0.5)
    pygame.draw.line(s, light, (cx - r * 0.85, cy - r * 0.15), (cx + r * 0.85, cy - r * 0.15), max(1, int(r * 0.08)))
    pygame.draw.line(s, light, (cx - r * 0.25, cy - r * 0.15), (cx, cy + r * 0.85), max(1, int(r * 0.08)))
    pygame.draw.line(s, light, (cx + r * 0.25, cy - r * 0.15), (cx, cy + r * 0.85), max(1, int(r * 0.08)))


def _mask(s, c, r, col):
    cx, cy = c
    rect = pygame.Rect(0, 0, int(r * 1.8), int(r * 1.2))
    rect.center = (int(cx), int(cy))
    pygame.draw.ellipse(s, INK, rect.inflate(int(r * 0.16), int(r * 0.16)))
    pygame.draw.ellipse(s, col, rect)
    for sgn in (-1, 1):
        eye = pygame.Rect(0, 0, int(r * 0.5), int(r * 0.3))
        eye.center = (int(cx + sgn * r * 0.4), int(cy - r * 0.05))
        pygame.draw.ellipse(s, INK, eye)


def _star(s, c, r, col):
    cx, cy = c
    pts = []
    for i in range(10):
        a = math.radians(-90 + i * 36)
        d = r * (0.95 if i % 2 == 0 else 0.42)
        pts.append((cx + math.cos(a) * d, cy + math.sin(a) * d))
    _poly(s, INK, pts, max(2, int(r * 0.12)))
    _poly(s, col, pts)


def _rider(s, c, r, col):
    cx, cy = c
    pygame.draw.circle(s, INK, (cx, cy - r * 0.45), r * 0.36)
    pygame.draw.circle(s, col, (cx, cy - r * 0.45), r * 0.26)
    body = [(cx - r * 0.6, cy + r * 0.9), (cx - r * 0.45, cy), (cx + r * 0.45, cy), (cx + r * 0.6, cy + r * 0.9)]
    _poly(s, INK, body, max(2, int(r * 0.12)))
    _poly(s, col, body)


def _nest(s, c, r, col):
    cx, cy = c
    rect = pygame.Rect(0, 0, int(r * 1.8), int(r * 0.9))
    rect.center = (int(cx), int(cy + r * 0.2))
    pygame.draw.ellipse(s, INK, rect.inflate(int(r * 0.12), int(r * 0.12)))
    pygame.draw.ellipse(s, col, rect)
    for i in range(5):
        x = rect.x + rect.w * (0.15 + 0.17 * i)
        pygame.draw.line(s, T.mix(col, (0, 0, 0), 0.4), (x, rect.y + 2), (x + r * 0.2, rect.bottom - 2), 1)


_FUN = {"fire": _flame, "flame": _flame, "water": _drop, "drop": _drop, "earth": _leaf, "leaf": _leaf,
        "lightning": _bolt, "bolt": _bolt, "wind": _swirl, "swirl": _swirl, "metal": _gear, "gear": _gear,
        "peak": _peak, "chest": _chest, "sparkle": _sparkle, "house": _house, "pennant": _pennant,
        "cave": _cave, "portal": _portal, "dunes": _dunes, "coin": _coin, "potion": _potion, "shield": _shield,
        "lance": _lance, "bow": _bow, "rocket": _rocket, "scroll": _scroll, "hook": _hook, "urn": _urn,
        "book": _book, "gem": _gem, "mask": _mask, "star": _star, "rider": _rider, "nest": _nest}
GLYPHS = tuple(sorted(_FUN))
_cache: dict = {}


def has(name: str) -> bool:
    return name in _FUN


def glyph(name: str, px: int, color) -> pygame.Surface | None:
    """The icon `name` in a px x px transparent surface (None: unknown name)."""
    fn = _FUN.get(name)
    if fn is None or px < 4:
        return None
    col = T.rgb(color)
    key = (name, px, col)
    s = _cache.get(key)
    if s is None:
        sc = 3
        big = pygame.Surface((px * sc, px * sc), pygame.SRCALPHA)
        fn(big, (px * sc / 2, px * sc / 2), px * sc * 0.44, col)
        s = pygame.transform.smoothscale(big, (px, px))
        if pygame.display.get_surface() is not None:
            s = s.convert_alpha()
        if len(_cache) > 800:
            _cache.clear()
        _cache[key] = s
    return s


def blit_glyph(surf, name: str, center, px: int, color) -> pygame.Rect | None:
    g = glyph(name, px, color)
    if g is None:
        return None
    return surf.blit(g, g.get_rect(center=(int(center[0]), int(center[1]))))
