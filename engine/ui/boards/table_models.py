"""Model sprites for the table: a model on its true-size base at a given
scale (player colour, rim, the unit's letters or figures, leader star,
wound and fatigue pips, a facing tick) and the ghost of a base being
placed or moved.  Drawn at 3x and smoothed; boards/tableboard.py caches
them per model state and zoom.
"""
from __future__ import annotations

import math

import pygame

from engine.ui import theme as T
from engine.ui.panels.icons import blit_emblem


def make_model(m, s: float, ghost: str = "") -> pygame.Surface:
    """A model on its base at s px/inch: player colour, dark rim, the unit
    letter, a star for a leader, wound pips (bottom) and fatigue pips (top),
    a facing tick on rectangular bases.  Drawn at 3x and smoothed."""
    f = m.foot
    k = 3
    col = T.rgb(m.color)
    light = T.mix(col, (255, 255, 255), 0.45)
    if f.round:
        R = f.r * s
        size = int(2 * R + 8)
    else:
        w, d = f.shape.width * s, f.shape.depth * s
        size = int(math.hypot(w, d) + 8)
    size = max(size, 8)
    S = size * k
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    c = S / 2
    figures_drawn = False
    if f.round:
        RR = R * k
        lw = max(2, RR * 0.12)
        pygame.draw.circle(big, (0, 0, 0, 90), (c + k, c + 2 * k), RR)
        pygame.draw.circle(big, (15, 15, 18), (c, c), RR)
        pygame.draw.circle(big, col, (c, c), RR - lw)
        if RR > 30:
            pygame.draw.circle(big, light, (c, c), RR - lw * 2.3, max(2, int(lw * 0.5)))
        body_r = RR
    else:
        # drawn facing +x, rotated below
        W, D = w * k, d * k
        rect = pygame.Rect(0, 0, round(D), round(W))
        rect.center = (round(c), round(c))
        lw = max(2, min(W, D) * 0.10)
        pygame.draw.rect(big, (0, 0, 0, 90), rect.move(k, 2 * k))
        pygame.draw.rect(big, (15, 15, 18), rect)
        pygame.draw.rect(big, col, rect.inflate(-2 * lw, -2 * lw))
        # facing tick: a pale bar along the front edge and a notch
        front = pygame.Rect(rect.right - lw * 2.2, rect.y + lw, lw * 1.4, rect.h - 2 * lw)
        pygame.draw.rect(big, (245, 245, 240), front)
        notch = [(rect.right + lw * 1.2, c), (rect.right - lw * 0.8, c - lw * 1.6), (rect.right - lw * 0.8, c + lw * 1.6)]
        pygame.draw.polygon(big, (15, 15, 18), notch)
        body_r = min(W, D) / 2
        ink = T.ink_on(col)
        figures_drawn = m.figures > 1 and _draw_figures(big, rect.inflate(-2 * lw, -2 * lw), m, ink, lw, k)
        # turn the base to its facing; the letter and pips below stay upright
        big = pygame.transform.rotate(big, -f.facing)
        c = big.get_width() / 2
    ink = T.ink_on(col)
    if body_r >= 6 * k and not figures_drawn:
        blit_emblem(big, m.icon, m.label, (c, c + body_r * 0.05), body_r, ink)
    if m.leader and body_r >= 5 * k:
        sx, sy = c + body_r * 0.62, c - body_r * 0.62
        rr = max(3 * k, body_r * 0.32)
        pts = []
        for i in range(10):
            q = rr if i % 2 == 0 else rr * 0.45
            a = math.radians(-90 + 36 * i)
            pts.append((sx + q * math.cos(a), sy + q * math.sin(a)))
        pygame.draw.polygon(big, (15, 15, 18), [(x + (x - sx) * 0.25, y + (y - sy) * 0.25) for x, y in pts])
        pygame.draw.polygon(big, (250, 214, 90), pts)
    if m.badge and body_r >= 8 * k:
        br = body_r * 0.26
        bp = (c - body_r * 0.62, c + body_r * 0.62)
        pygame.draw.circle(big, (15, 15, 18), bp, br + 2 * k)
        pygame.draw.circle(big, (245, 245, 240), bp, br)
        bimg = T.font(max(6, int(br * 1.3)), True).render(m.badge[:1], True, (20, 20, 24))
        big.blit(bimg, bimg.get_rect(center=bp))
    # pips: wounds along the bottom inside the rim, fatigue along the top
    if body_r >= 7 * k:
        pr = max(1.6 * k, body_r * 0.11)

        def row(n, filled, y, fill, empty):
            if n <= 0:
                return
            gap = min(pr * 2.6, (body_r * 1.5) / max(1, n))
            x0 = c - gap * (n - 1) / 2
            rr = min(pr, gap * 0.42)
            for i in range(n):
                p = (x0 + i * gap, y)
                pygame.draw.circle(big, (15, 15, 18), p, rr + k)
                if i < filled:
                    pygame.draw.circle(big, fill, p, rr)
                else:
                    pygame.draw.circle(big, empty, p, rr * 0.6)
        if m.max_hp > 0:
            row(m.max_hp, m.hp, c + body_r * 0.66, (235, 70, 60), (120, 120, 128))
        if m.fatigue > 0:
            row(m.fatigue, m.fatigue, c - body_r * 0.66, (30, 30, 34), (30, 30, 34))
            # fatigue pips are dark: a pale halo so they read on dark colours
    if m.statuses and body_r >= 7 * k:
        mp = (c + body_r * 0.7, c + body_r * 0.55)
        pygame.draw.circle(big, (15, 15, 18), mp, body_r * 0.2 + k)
        pygame.draw.circle(big, (200, 130, 255), mp, body_r * 0.2)
    out = pygame.transform.smoothscale(big, (big.get_width() // k, big.get_height() // k))
    if m.spent or ghost == "faded":
        grey = pygame.transform.grayscale(out) if m.spent else out.copy()
        grey.fill((200, 200, 200, 150 if ghost == "faded" else 170), special_flags=pygame.BLEND_RGBA_MULT)
        if ghost == "faded":
            return grey
        out.blit(grey, (0, 0))
    return out


def _draw_figures(big, body: pygame.Rect, m, ink, lw: float, k: int) -> bool:
    """The stand's figures in ranks and files, facing the front (+x before
    the base is turned): files across the frontage, ranks behind.  False
    (draw the single emblem instead) when they would be too small to read
    or there is no silhouette."""
    from engine.ui.panels.icons import icon_surface
    n = m.figures
    frontage, depth = body.h - lw * 1.5, body.w - lw * 2.4      # the pale front bar takes some depth
    files = max(1, min(n, round(math.sqrt(n * frontage / max(1.0, depth)))))
    ranks = -(-n // files)
    cell = min(frontage / files, depth / ranks)
    if cell < 7 * k or not m.icon:
        return False
    img = icon_surface(m.icon, int(cell * 0.92), tuple(ink))
    if img is None:
        return False
    img = pygame.transform.rotate(img, -90)                          # the figure's head toward the front
    x_front = body.right - lw * 2.4
    for i in range(n):
        rank, file = divmod(i, files)
        in_rank = min(files, n - rank * files)                        # a short last rank stands centred
        y = body.centery + (file - (in_rank - 1) / 2) * (frontage / files)
        x = x_front - (rank + 0.5) * (depth / ranks)
        big.blit(img, img.get_rect(center=(round(x), round(y))))
    return True


def make_ghost(f, s: float, over: bool) -> pygame.Surface:
    """Where a dragged base would stand: a translucent base, hatched red when refused."""
    col = T.HL_ILLEGAL if over else (245, 245, 240)
    if f.round:
        R = max(3, f.r * s)
        size = int(2 * R + 6)
        out = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size / 2
        pygame.draw.circle(out, (*col, 70), (c, c), R)
        pygame.draw.circle(out, (*col, 235), (c, c), R, 2)
        if over:
            for k in (-0.5, 0.0, 0.5):
                d = k * R * 1.4
                pygame.draw.line(out, (*col, 220), (c - R * 0.7 + d, c + R * 0.7 + d), (c + R * 0.7 + d, c - R * 0.7 + d), 2)
        return out
    w, d = f.shape.width * s, f.shape.depth * s
    size = int(math.hypot(w, d) + 6)
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    r = pygame.Rect(0, 0, max(2, round(d)), max(2, round(w)))
    r.center = (size // 2, size // 2)
    pygame.draw.rect(out, (*col, 70), r)
    pygame.draw.rect(out, (*col, 235), r, 2)
    pygame.draw.line(out, (*col, 255), (r.right - 3, r.y), (r.right - 3, r.bottom - 1), 3)
    return pygame.transform.rotate(out, -f.facing)
