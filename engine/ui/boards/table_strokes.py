"""What the table renderer draws with: dashed lines and circles, pills and
labels, objective markers, the ruler, selection and target rings, a unit's
front arc, and the hatch and dot patterns that mark terrain rules without
colour (boards/tableboard.py draws the layers; these are its strokes).
Every function draws on a surface in screen pixels and most return the
rect they touched, so the caller repaints only that.
"""
from __future__ import annotations

import math

import pygame

from engine.ui import theme as T

HATCH_STEP = 9              # px between the strokes of a terrain pattern


def bbox(ring) -> tuple:
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    return (min(xs), min(ys), max(xs), max(ys))


def patterns(surf, pts, col, pats, ox, oy, alpha: int = 210) -> None:
    """Patterns in the tile's polygon, phased on the global pixel grid (tiles join)."""
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    box = pygame.Rect(math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs) - min(xs)) + 2,
                      math.ceil(max(ys) - min(ys)) + 2).clip(surf.get_rect())
    if box.w <= 0 or box.h <= 0:
        return
    lay = pygame.Surface(box.size, pygame.SRCALPHA)
    dark = (*T.mix(col, (0, 0, 0), 0.45), alpha)
    light = (*T.mix(col, (255, 255, 255), 0.35), 220)
    bx, by = box.x + ox, box.y + oy           # the layer's origin in global pixels
    w, h = box.size
    step = HATCH_STEP
    if "hatch" in pats or "cross" in pats:
        # lines x + y = k * step (global)
        k0 = math.floor((bx + by) / step)
        k1 = math.ceil((bx + w + by + h) / step)
        for k in range(k0, k1 + 1):
            c = k * step - bx - by
            pygame.draw.line(lay, dark, (c, 0), (c - h, h), 2)
    if "cross" in pats:
        k0 = math.floor((bx - by - h) / step)
        k1 = math.ceil((bx + w - by) / step)
        for k in range(k0, k1 + 1):
            c = k * step - bx + by
            pygame.draw.line(lay, dark, (c, 0), (c + h, h), 2)
    if "dots" in pats:
        st = 11
        j0 = math.floor(by / st)
        j1 = math.ceil((by + h) / st)
        for j in range(j0, j1 + 1):
            off = (st // 2) if j % 2 else 0
            i0 = math.floor((bx - off) / st)
            i1 = math.ceil((bx + w - off) / st)
            y = j * st - by
            for i in range(i0, i1 + 1):
                x = i * st + off - bx
                pygame.draw.circle(lay, light, (x, y), 2)
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - box.x, y - box.y) for x, y in pts])
    lay.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(lay, box.topleft)


def dashed(surf, pts, col, width, dash, gap, phase=0.0, shadow=False) -> pygame.Rect:
    """A dashed polyline; returns its bounding rect."""
    rect = None
    period = dash + gap
    done = phase % period
    clip = surf.get_clip().inflate(2 * width + 4, 2 * width + 4)
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        L = math.hypot(x2 - x1, y2 - y1)
        if L <= 0:
            continue
        ux, uy = (x2 - x1) / L, (y2 - y1) / L
        t = -(done % period)
        # only the stretch of the segment inside the clip (Liang-Barsky)
        lo, hi = 0.0, L
        for p_, q_ in ((-ux, x1 - clip.left), (ux, clip.right - x1), (-uy, y1 - clip.top), (uy, clip.bottom - y1)):
            if abs(p_) < 1e-12:
                if q_ < 0:
                    lo, hi = 1.0, 0.0
                continue
            r_ = q_ / p_
            if p_ < 0:
                lo = max(lo, r_)
            else:
                hi = min(hi, r_)
        if lo > hi:
            done += L
            continue
        if lo > 0:
            t += math.floor((lo - t) / period) * period
        L_end = min(L, hi + period)
        while t < L_end:
            a = max(0.0, t)
            b = min(L, t + dash)
            if b > a:
                p = (x1 + ux * a, y1 + uy * a)
                q = (x1 + ux * b, y1 + uy * b)
                if shadow:
                    pygame.draw.line(surf, (0, 0, 0), (p[0] + 1, p[1] + 1), (q[0] + 1, q[1] + 1), width + 1)
                r = pygame.draw.line(surf, col, p, q, width)
                rect = r if rect is None else rect.union(r)
            t += period
        done += L
    return (rect or pygame.Rect(0, 0, 0, 0)).inflate(4, 4)


def cover(pts, pad: float, step: float = 96.0) -> list:
    """Rects that together hold every pixel drawn within `pad` of the
    polyline `pts`, in pieces of at most `step` pixels: a long diagonal
    line is put back from the composed layer by a few small rects, not by
    its whole bounding box."""
    out = []
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        n = max(1, math.ceil(math.hypot(x2 - x1, y2 - y1) / step))
        for i in range(n):
            ax, ay = x1 + (x2 - x1) * i / n, y1 + (y2 - y1) * i / n
            bx, by = x1 + (x2 - x1) * (i + 1) / n, y1 + (y2 - y1) * (i + 1) / n
            out.append(pygame.Rect(math.floor(min(ax, bx) - pad), math.floor(min(ay, by) - pad),
                                   math.ceil(abs(bx - ax) + 2 * pad) + 2, math.ceil(abs(by - ay) + 2 * pad) + 2))
    return out


def dashed_circle(surf, c, r, col, width) -> None:
    n = max(12, int(r * 2 * math.pi / 12))
    for i in range(0, n, 2):
        a0 = 2 * math.pi * i / n
        a1 = 2 * math.pi * (i + 1) / n
        pygame.draw.line(surf, col, (c[0] + r * math.cos(a0), c[1] + r * math.sin(a0)),
                         (c[0] + r * math.cos(a1), c[1] + r * math.sin(a1)), width)


def line(surf, p1, p2, col, width, shadow=False) -> pygame.Rect:
    if shadow:
        pygame.draw.line(surf, (0, 0, 0), (p1[0] + 1, p1[1] + 1), (p2[0] + 1, p2[1] + 1), width + 2)
    r = pygame.draw.line(surf, col, p1, p2, width)
    return r.inflate(6, 6)


def cross(surf, c, r, col) -> pygame.Rect:
    a = pygame.draw.line(surf, (0, 0, 0), (c[0] - r, c[1] - r), (c[0] + r, c[1] + r), 6)
    pygame.draw.line(surf, (0, 0, 0), (c[0] - r, c[1] + r), (c[0] + r, c[1] - r), 6)
    pygame.draw.line(surf, col, (c[0] - r, c[1] - r), (c[0] + r, c[1] + r), 3)
    pygame.draw.line(surf, col, (c[0] - r, c[1] + r), (c[0] + r, c[1] - r), 3)
    return a.inflate(4, 4)


def pill(surf, text, centre, col) -> pygame.Rect:
    img = T.text(text, 15, T.rgb(col), True)
    r = img.get_rect(center=(round(centre[0]), round(centre[1])))
    bg = r.inflate(14, 6)
    pygame.draw.rect(surf, (16, 18, 22), bg, border_radius=bg.h // 2)
    pygame.draw.rect(surf, T.mix(col, (0, 0, 0), 0.3), bg, 1, border_radius=bg.h // 2)
    surf.blit(img, r)
    return bg


def label(surf, text, centre, px, col, pill=True, within: pygame.Rect | None = None) -> None:
    """A name centred on a point; kept inside `within` (the table's rect) when
    given, so a piece by the table's edge keeps its whole name."""
    img = T.text(text, px, col, True)
    r = img.get_rect(center=(round(centre[0]), round(centre[1])))
    if within is not None:
        box = r.inflate(px * 0.8, px * 0.3).clamp(within)
        r.center = box.center
    if pill:
        bg = pygame.Surface(r.inflate(px * 0.8, px * 0.3).size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (16, 16, 20, 150), bg.get_rect(), border_radius=bg.get_height() // 2)
        surf.blit(bg, bg.get_rect(center=r.center))
    else:
        sh = T.text(text, px, (0, 0, 0), True)
        surf.blit(sh, r.move(1, 1))
    surf.blit(img, r)


def objective(surf, c, s, label, col) -> None:
    """A numbered objective marker: a 40 mm disc with a star, its number."""
    r = max(8, 0.8 * s)
    x, y = c
    pygame.draw.circle(surf, (12, 12, 14), (x + 1, y + 2), r + 2)
    pygame.draw.circle(surf, (240, 236, 220), (x, y), r)
    pygame.draw.circle(surf, col, (x, y), r * 0.78)
    pts = []
    for i in range(10):
        rr = r * (0.62 if i % 2 == 0 else 0.28)
        a = math.radians(-90 + 36 * i)
        pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    pygame.draw.polygon(surf, T.mix(col, (255, 255, 255), 0.55), pts)
    if label:
        px = max(10, int(r * 0.95))
        img = T.text(label, px, T.ink_on(col), True)
        surf.blit(img, img.get_rect(center=(round(x), round(y))))


def ruler(surf, p1, p2, s) -> pygame.Rect:
    """A measuring tape: yellow band with inch ticks (longer every 6")."""
    L = math.hypot(p2[0] - p1[0], p2[1] - p1[1])
    r = pygame.draw.line(surf, (0, 0, 0), p1, p2, 7)
    pygame.draw.line(surf, (246, 208, 72), p1, p2, 4)
    if L > 0:
        ux, uy = (p2[0] - p1[0]) / L, (p2[1] - p1[1]) / L
        nx, ny = -uy, ux
        inches = L / s
        if s >= 5:
            for i in range(1, int(inches) + 1):
                d = i * s
                cx, cy = p1[0] + ux * d, p1[1] + uy * d
                k = 8 if i % 6 == 0 else 4
                pygame.draw.line(surf, (20, 20, 20), (cx - nx * k, cy - ny * k), (cx + nx * k, cy + ny * k), 2)
    for p in (p1, p2):
        pygame.draw.circle(surf, (0, 0, 0), p, 5)
        pygame.draw.circle(surf, (246, 208, 72), p, 3)
    return r.inflate(20, 20)


RING = {"attack": T.HL_ATTACK, "charge": T.HL_ATTACK, "skill": T.HL_SKILL, "select": T.HL_SELECT,
        "hover": T.HL_HOVER, "target": T.HL_OTHER, "illegal": T.HL_ILLEGAL, "ally": T.HL_DEPLOY}


def ring(surf, c, foot, s, kind) -> pygame.Rect:
    """A ring around a base: select (thick gold), hover (thin white),
    attack (red with crosshair ticks), charge (red double ring), skill
    (purple dots), target (yellow), illegal (red hatching).  Returns a rect
    holding every pixel drawn (the overlay is put back by these rects)."""
    col = RING.get(kind, T.HL_OTHER)
    x, y = c
    if foot.round:
        R = foot.r * s
    else:
        R = foot.shape.radius * s
    R = max(R, 5)
    if not foot.round and kind in ("select", "hover"):
        ox, oy = x - foot.x * s, y - foot.y * s
        big = []
        for px, py in foot.corners:
            qx, qy = ox + px * s, oy + py * s
            vx, vy = qx - x, qy - y
            L = math.hypot(vx, vy) or 1.0
            k = (L + 4) / L
            big.append((x + vx * k, y + vy * k))
        r = pygame.draw.polygon(surf, (0, 0, 0), big, 5 if kind == "select" else 3)
        pygame.draw.polygon(surf, col, big, 3 if kind == "select" else 1)
        return r.inflate(4, 4)
    if kind == "select":
        r = pygame.draw.circle(surf, (0, 0, 0), (x, y), R + 4, 5)
        pygame.draw.circle(surf, col, (x, y), R + 3, 3)
        return r.inflate(2, 2)
    if kind == "hover":
        r = pygame.draw.circle(surf, col, (x, y), R + 2, 2)
        return r.inflate(2, 2)
    if kind == "illegal":
        r = pygame.draw.circle(surf, col, (x, y), R + 2, 3)
        for k in (-0.5, 0.0, 0.5):
            d = k * R * 1.4
            a = (x - R * 0.7 + d, y + R * 0.7 + d)
            b = (x + R * 0.7 + d, y - R * 0.7 + d)
            r = r.union(pygame.draw.line(surf, col, a, b, 2))      # the hatching reaches past the ring
        return r.inflate(2, 2)
    w = 3
    r = pygame.draw.circle(surf, (0, 0, 0), (x, y), R + 6, w + 2)
    if kind == "skill":
        for i in range(12):
            a = math.radians(i * 30)
            r = r.union(pygame.draw.circle(surf, col, (x + math.cos(a) * (R + 5), y + math.sin(a) * (R + 5)), 2.5))
    else:
        pygame.draw.circle(surf, col, (x, y), R + 5, w)
        if kind == "charge":
            r = r.union(pygame.draw.circle(surf, col, (x, y), R + 10, 2))
        if kind == "attack":
            for i in range(4):
                a = math.radians(i * 90 + 45)
                r = r.union(pygame.draw.line(surf, col, (x + math.cos(a) * (R + 1), y + math.sin(a) * (R + 1)),
                                             (x + math.cos(a) * (R + 10), y + math.sin(a) * (R + 10)), 3))
    return r.inflate(2, 2)


def base_outline(c, foot, s) -> list[tuple[float, float]]:
    """A base's outline on the screen, its centre drawn at `c`: a
    rectangle's corners, a round base's twelve points."""
    x, y = c
    if foot.round:
        R = max(foot.r * s, 5)
        return [(x + math.cos(math.radians(a)) * R, y + math.sin(math.radians(a)) * R) for a in range(0, 360, 30)]
    return [(x + (px - foot.x) * s, y + (py - foot.y) * s) for px, py in foot.corners]


def _grown_hull(pts, by: float) -> list[tuple[float, float]]:
    """The convex hull of `pts` (Andrew's monotone chain), each edge moved
    out by `by` pixels, corners mitred (sharper ones rounded).  By hand:
    shapely's hull and buffer took 2 ms a unit, a redraw of every ring."""
    ps = sorted(set(pts))
    if len(ps) < 3:
        x, y = ps[0]
        return [(x - by, y - by), (x + by, y - by), (x + by, y + by), (x - by, y + by)]

    def half(seq):
        out: list = []
        for q in seq:
            while len(out) >= 2 and ((out[-1][0] - out[-2][0]) * (q[1] - out[-2][1])
                                     - (out[-1][1] - out[-2][1]) * (q[0] - out[-2][0])) <= 0:
                out.pop()
            out.append(q)
        return out[:-1]
    hull = half(ps) + half(reversed(ps))
    n = len(hull)
    if n < 3:
        xs, ys = [p[0] for p in ps], [p[1] for p in ps]
        hull, n = [(min(xs), min(ys)), (max(xs), min(ys)), (max(xs), max(ys)), (min(xs), max(ys))], 4
    grown = []
    for i in range(n):
        (ax, ay), (bx, by_), (cx, cy) = hull[i - 1], hull[i], hull[(i + 1) % n]
        n1x, n1y = _normal(ax, ay, bx, by_)
        n2x, n2y = _normal(bx, by_, cx, cy)
        c = n1x * n2x + n1y * n2y                     # the cosine of the turn at this corner
        if c >= 0.0:                                  # a turn of 90 degrees or less: the mitre point
            k = by / (1.0 + c)
            grown.append((bx + (n1x + n2x) * k, by_ + (n1y + n2y) * k))
        else:                                         # sharper: three points round the corner
            mx, my = n1x + n2x, n1y + n2y
            m = math.hypot(mx, my) or 1.0
            grown += [(bx + n1x * by, by_ + n1y * by), (bx + mx / m * by, by_ + my / m * by),
                      (bx + n2x * by, by_ + n2y * by)]
    return grown


def _normal(ax, ay, bx, by) -> tuple[float, float]:
    """The outward unit normal of edge a->b of a hull whose inside is on the edges' left (as the
    monotone chain above lists it, counting y as the numbers go)."""
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy) or 1.0
    return dy / length, -dx / length


def unit_ring(surf, pts, kind) -> pygame.Rect:
    """One ring around a whole unit of several bases (`pts`: their outlines
    on the screen, base_outline), in the kind's colour and manner as `ring`
    draws one base's: a ring on every stand of every enemy unit made a
    first-turn Fate pick unreadable.  Returns the rect it drew in."""
    col = RING.get(kind, T.HL_OTHER)
    hull = _grown_hull(pts, 5)
    r = pygame.draw.polygon(surf, (0, 0, 0), hull, 5)
    if kind == "skill":
        for i, a in enumerate(hull):          # dots along the outline, every 10 px or so
            b = hull[(i + 1) % len(hull)]
            n = max(1, round(math.dist(a, b) / 10))
            for k in range(n):
                t = k / n
                pygame.draw.circle(surf, col, (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), 2.5)
        return r.inflate(4, 4)
    pygame.draw.polygon(surf, col, hull, 3)
    if kind == "charge":
        r = r.union(pygame.draw.polygon(surf, col, _grown_hull(pts, 10), 2))
    if kind == "attack":
        xs, ys = [p[0] for p in hull], [p[1] for p in hull]
        for cx, dx in ((min(xs), -1), (max(xs), 1)):
            for cy, dy in ((min(ys), -1), (max(ys), 1)):
                r = r.union(pygame.draw.line(surf, col, (cx - dx * 3, cy - dy * 3), (cx + dx * 6, cy + dy * 6), 3))
    return r.inflate(4, 4)


def front_arc(surf, board, feet, arc) -> None:
    """The area ahead of a unit's front (rectangular bases sharing a facing)
    within its arc of vision: lines from the outermost front corners."""
    reach = 18.0
    f0 = feet[0]
    f = math.radians(f0.facing)
    h = math.radians(arc / 2)
    rx, ry = -math.sin(f), math.cos(f)
    corners = [c for ft in feet for c in ft.corners[:2]]
    fl = min(corners, key=lambda c: c[0] * rx + c[1] * ry)
    fr = max(corners, key=lambda c: c[0] * rx + c[1] * ry)
    pts = [fl, (fl[0] + reach * math.cos(f - h), fl[1] + reach * math.sin(f - h)),
           (fr[0] + reach * math.cos(f + h), fr[1] + reach * math.sin(f + h)), fr]
    sp = [board.world_to_screen(*p) for p in pts]
    xs = [p[0] for p in sp]
    ys = [p[1] for p in sp]
    box = pygame.Rect(int(min(xs)) - 2, int(min(ys)) - 2, int(max(xs) - min(xs)) + 5, int(max(ys) - min(ys)) + 5)
    (tx0, ty0), (tx1, ty1) = board.world_to_screen(0.0, 0.0), board.world_to_screen(board.table.width,
                                                                                     board.table.height)
    table = pygame.Rect(math.floor(tx0), math.floor(ty0), math.ceil(tx1 - tx0) + 1, math.ceil(ty1 - ty0) + 1)
    box = box.clip(surf.get_rect()).clip(table)         # the arc ends at the table's edge
    if box.w <= 0 or box.h <= 0:
        return
    lay = pygame.Surface(box.size, pygame.SRCALPHA)
    loc = [(x - box.x, y - box.y) for x, y in sp]
    pygame.draw.polygon(lay, (*T.HL_SELECT, 22), loc)
    pygame.draw.line(lay, (*T.HL_SELECT, 150), loc[0], loc[1], 2)
    pygame.draw.line(lay, (*T.HL_SELECT, 150), loc[3], loc[2], 2)
    surf.blit(lay, box.topleft)
