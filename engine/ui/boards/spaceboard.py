"""A hex board of *spaces*: large spaces (several hexes that count as one)
drawn as one area, thick borders, an icon per space, pieces with facing
arrows and pips, and the preview of a picked movement (path, landing,
facing, ghost).

Built by a game's view (`make_board()`, engine/ui/contract.py); the
generic match screen uses it like a HexBoard.  The static layer (terrain,
icons, borders, names, coordinates) is rendered once per zoom level; the
movement preview comes from the controller's `board_preview()` and is
composed with the tokens (the screen's layer key includes the
controller's signature, so it redraws only when the preview changes).
"""
from __future__ import annotations

import math
from typing import Callable, Iterable

import pygame

from engine.hex.grid import DIRECTIONS
from engine.ui.panels import glyphs
from engine.ui import theme as T
from engine.ui.panels.icons import blit_emblem
from engine.ui.contract import LabelSpec, TokenSpec
from engine.ui.contract import HexDecor, MovePreview, PieceToken
from engine.ui.boards.hexboard import UNIT, HexBoard, _canvas, _hex_points, make_fill, make_ring, make_token

BORDER_RED = (178, 34, 34)
RING_KINDS = ("attack", "skill", "target", "select")


class SpaceBoard(HexBoard):
    def __init__(self, hexes: Iterable, terrain: Callable, labels: list[LabelSpec] | None = None,
                 space_of: dict | None = None, thick: Iterable = (), decor: Callable | None = None,
                 coords: dict | None = None, preview: Callable | None = None):
        super().__init__(hexes, terrain, labels)
        self.space_of = dict(space_of or {})
        self.thick = {frozenset(e) for e in thick}
        self.decor = {h: decor(h) for h in self.hexes} if decor else {}
        self.coords = dict(coords or {})
        self.preview_source = preview          # () -> MovePreview | None (the controller's board_preview)
        self._decor_cache: dict = {}
        self._last_focus = None                # screen rect of the focused path drawn last frame
        self._groups: dict = {}

    # --- static layer ----------------------------------------------------------------
    def _render_static(self, s: int) -> pygame.Surface:
        surf, ox, oy = self._blank_static(s)

        def centre(hx):
            ux, uy = UNIT.to_pixel(hx)
            return ox + ux * s, oy + uy * s

        for hx in self.hexes:
            cx, cy = centre(hx)
            pygame.draw.polygon(surf, T.rgb(self.terrain[hx][1]), _hex_points(cx, cy, s + 0.5))
        # icons
        if s >= 12:
            for hx in self.hexes:
                d = self.decor.get(hx)
                if d is None:
                    continue
                cx, cy = centre(hx)
                spr = self._decor_sprite(d, s, self.terrain[hx][1])
                if spr is not None:
                    surf.blit(spr, spr.get_rect(center=(round(cx), round(cy))))
        # grid: thin lines between spaces, none inside a large space
        if s >= 12:
            for hx in self.hexes:
                cx, cy = centre(hx)
                pts = _hex_points(cx, cy, s)
                col = T.mix(self.terrain[hx][1], (0, 0, 0), 0.38)
                sid = self.space_of.get(hx, hx)
                for dd, (dq, dr) in enumerate(DIRECTIONS):
                    n = (hx[0] + dq, hx[1] + dr)
                    if n in self.hexset and (n < hx or self.space_of.get(n, n) == sid):
                        continue
                    pygame.draw.aaline(surf, col, pts[dd], pts[(dd + 1) % 6])
        # thick borders (zones of control do not cross them) and the rim
        bw = max(3, s // 7)
        for hx in self.hexes:
            cx, cy = centre(hx)
            pts = _hex_points(cx, cy, s)
            for dd, (dq, dr) in enumerate(DIRECTIONS):
                n = (hx[0] + dq, hx[1] + dr)
                a, b = pts[dd], pts[(dd + 1) % 6]
                if n not in self.hexset:
                    pygame.draw.line(surf, (18, 20, 24), a, b, max(2, s // 12))
                elif frozenset((hx, n)) in self.thick and hx < n:
                    pygame.draw.line(surf, (40, 8, 8), a, b, bw + 2)
                    pygame.draw.line(surf, BORDER_RED, a, b, bw)
        # round the joints of the thick borders
        if self.thick:
            corners: dict = {}
            for e in self.thick:
                p, q = tuple(e)
                if p not in self.hexset or q not in self.hexset:
                    continue
                dd = _direction(p, q)
                if dd is None:
                    continue
                cx, cy = centre(p)
                pts = _hex_points(cx, cy, s)
                for c in (pts[dd], pts[(dd + 1) % 6]):
                    corners[(round(c[0]), round(c[1]))] = c
            for c in corners.values():
                pygame.draw.circle(surf, BORDER_RED, c, bw / 2)
        # names of large spaces, coordinates
        for lab in self.labels:
            if lab.hex in self.hexset:
                cx, cy = centre(lab.hex)
                _name_pill(surf, lab, cx, cy, s)
        if s >= 30 and self.coords:
            px = max(8, int(s * 0.2))
            for hx in self.hexes:
                txt = self.coords.get(hx)
                if not txt:
                    continue
                cx, cy = centre(hx)
                base = self.terrain[hx][1]
                img = T.text(txt, px, T.mix(base, (0, 0, 0), 0.55) if T.luminance(base) > 110
                             else T.mix(base, (255, 255, 255), 0.55))
                surf.blit(img, img.get_rect(midbottom=(round(cx), round(cy + s * 0.92))))
        return surf

    def _decor_sprite(self, d: HexDecor, s: int, base) -> pygame.Surface | None:
        key = (d, s, base)
        spr = self._decor_cache.get(key)
        if spr is not None:
            return spr
        size = int(s * 2)
        spr = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size / 2
        if d.icon:
            px = max(6, int(s * d.size))
            col = T.mix(base, (0, 0, 0), 0.22) if d.faint else d.color
            g = glyphs.glyph(d.icon, px, col)
            if g is not None:
                if d.faint:
                    g = g.copy()
                    g.set_alpha(120)
                dy = -s * 0.14 if d.text else 0
                spr.blit(g, g.get_rect(center=(round(c), round(c + dy))))
        if d.text:
            fpx = max(9, int(s * (0.55 if not d.icon else 0.36)))
            col = T.rgb(d.text_color)
            img = T.font(fpx, True).render(d.text, True, col)
            out = T.font(fpx, True).render(d.text, True, T.ink_on(col) if T.luminance(col) < 140 else (20, 20, 24))
            y = c + (s * 0.42 if d.icon else 0)
            r = img.get_rect(center=(round(c), round(y)))
            for ddx, ddy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                spr.blit(out, r.move(ddx, ddy))
            spr.blit(img, r)
        if pygame.display.get_surface() is not None:
            spr = spr.convert_alpha()
        if len(self._decor_cache) > 400:
            self._decor_cache.clear()
        self._decor_cache[key] = spr
        return spr

    # --- dynamic layer ------------------------------------------------------------------
    def _compose(self, surf, area, highlights, tokens, positions, selected, overlays) -> None:
        hl = highlights or {}
        fills = {h: k for h, k in hl.items() if k not in RING_KINDS}
        rings = [(h, k) for h, k in hl.items() if k in RING_KINDS]
        super()._compose(surf, area, fills, [], positions, selected, overlays)
        clip = surf.get_clip()
        surf.set_clip(area)
        s = self.size
        view = area.inflate(4 * s, 4 * s)
        try:
            pv = self.preview_source() if self.preview_source else None
        except Exception:  # noqa: BLE001 - a preview must never break the board
            pv = None
        if pv is not None:
            self._draw_landings(surf, pv)
        for t in tokens:
            if positions and t.key in positions:
                x, y = self.world_to_screen(*positions[t.key])
            else:
                x, y = self.world_to_screen(*UNIT.to_pixel(t.hex))
            off = getattr(t, "offset", (0.0, 0.0))
            x, y = int(round(x + off[0] * s)), int(round(y + off[1] * s))
            if not view.collidepoint(x, y):
                continue
            if isinstance(t, PieceToken):
                spr = self._sprite(("piece", t.__class__, _piece_key(t)), lambda sz, t=t: make_piece(sz, t))
            else:
                spr = self._sprite(("tok", t.label, t.color, t.shape, t.facing, t.hp, t.max_hp, t.badge),
                                   lambda sz, t=t: make_token(sz, t))
            surf.blit(spr, (x - spr.get_width() // 2, y - spr.get_height() // 2))
        for h, kind in rings:
            x, y = self.world_to_screen(*UNIT.to_pixel(h))
            spr = self._sprite(("ring", kind), lambda sz, k=kind: make_ring(sz, k))
            surf.blit(spr, (int(round(x)) - spr.get_width() // 2, int(round(y)) - spr.get_height() // 2))
        surf.set_clip(clip)

    def draw(self, surf, highlights=None, tokens=(), hover=None, hover_kind="hover", positions=None,
             selected=None, overlays=(), layer_key=None, partial=False, restore=None):
        """As HexBoard.draw, then the focused movement (path, ghost) over the
        composed layer: it follows the pointer without composing the board
        again; its last rect is repainted from the layer like the hover."""
        restore = list(restore or [])
        if self._last_focus is not None:
            restore.append(self._last_focus)
        group = self._group_of(hover) if hover_kind == "hover" else None
        dirty = super().draw(surf, highlights, tokens, None if group else hover, hover_kind, positions, selected,
                             overlays, layer_key=layer_key, partial=partial, restore=restore)
        outline = self._draw_outline(surf, group) if group else None
        try:
            pv = self.preview_source() if self.preview_source else None
        except Exception:  # noqa: BLE001 - a preview must never break the board
            pv = None
        rect = None
        if pv is not None and pv.path:
            clip = surf.get_clip()
            surf.set_clip(self.view)
            rect = self._draw_path(surf, pv)
            surf.set_clip(clip)
            rect = rect.clip(self.view) if rect is not None else None
            if rect is not None and (rect.w <= 0 or rect.h <= 0):
                rect = None
        if outline is not None:
            rect = outline if rect is None else rect.union(outline)
        if dirty is not None and rect is not None:
            dirty.append(rect)
        self._last_focus = rect
        return dirty

    def _group_of(self, h):
        """The hexes of the large space h belongs to (hovered as one), or None."""
        if h is None or h not in self.hexset:
            return None
        sid = self.space_of.get(h, h)
        if sid not in self._groups:
            group = tuple(x for x in self.hexes if self.space_of.get(x, x) == sid)
            if len(group) < 2 or not all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 4 for a in group for b in group):
                group = None       # a single hex, or a space in separate pieces (the caves): the hex alone
            self._groups[sid] = group
        return self._groups[sid]

    def _draw_outline(self, surf, group) -> pygame.Rect | None:
        """The hover outline round a whole large space."""
        gs = set(group)
        segs = []
        for hx in group:
            x, y = self.world_to_screen(*UNIT.to_pixel(hx))
            pts = _hex_points(x, y, self.size * 0.97)
            for dd, (dq, dr) in enumerate(DIRECTIONS):
                if (hx[0] + dq, hx[1] + dr) not in gs:
                    segs.append((pts[dd], pts[(dd + 1) % 6]))
        if not segs:
            return None
        clip = surf.get_clip()
        surf.set_clip(self.view)
        w = max(2, self.size // 12)
        for a, b in segs:
            pygame.draw.line(surf, T.HL_HOVER, a, b, w)
        for a, _ in segs:
            pygame.draw.circle(surf, T.HL_HOVER, a, w / 2)
        surf.set_clip(clip)
        xs = [p[0] for sg in segs for p in sg]
        ys = [p[1] for sg in segs for p in sg]
        r = pygame.Rect(int(min(xs)) - w, int(min(ys)) - w, int(max(xs) - min(xs)) + 2 * w + 2,
                        int(max(ys) - min(ys)) + 2 * w + 2)
        r = r.clip(self.view)
        return r if r.w > 0 and r.h > 0 else None

    def _draw_landings(self, surf, pv: MovePreview) -> None:
        s = self.size
        for h, facing, combat in pv.landings:
            if h not in self.hexset:
                continue
            x, y = self.world_to_screen(*UNIT.to_pixel(h))
            if facing is not None:
                spr = self._sprite(("facing", facing), lambda sz, f=facing: make_facing_mark(sz, f))
                surf.blit(spr, (int(x) - spr.get_width() // 2, int(y) - spr.get_height() // 2))
            if combat:
                spr = self._sprite(("swords",), make_swords)
                surf.blit(spr, (int(x + s * 0.42) - spr.get_width() // 2, int(y - s * 0.5) - spr.get_height() // 2))

    def _draw_path(self, surf, pv: MovePreview) -> pygame.Rect | None:
        """The focused path: its hexes filled, a line through them, the ghost
        at the landing with its facing; returns the rect touched."""
        s = self.size
        if not pv.path:
            return None
        touched = []
        for h in pv.path[1:]:
            if h in self.hexset:
                x, y = self.world_to_screen(*UNIT.to_pixel(h))
                spr = self._sprite(("fill", "path"), lambda sz: make_fill(sz, "path"))
                touched.append(surf.blit(spr, (int(x) - spr.get_width() // 2, int(y) - spr.get_height() // 2)))
        pts = [self.world_to_screen(*UNIT.to_pixel(h)) for h in pv.path]
        w = max(3, s // 9)
        jumps = set(pv.jumps)
        for i in range(len(pts) - 1):
            a, b = pts[i], pts[i + 1]
            if i in jumps:
                _dashed(surf, (250, 240, 255), a, b, max(2, w // 2), s * 0.18)
                continue
            pygame.draw.line(surf, (20, 20, 24), a, b, w + 4)
        for i in range(len(pts) - 1):
            if i not in jumps:
                pygame.draw.line(surf, (255, 255, 255), pts[i], pts[i + 1], w)
        for p in pts[:-1]:
            pygame.draw.circle(surf, (20, 20, 24), p, w + 2)
            pygame.draw.circle(surf, (255, 255, 255), p, w)
        if pv.ghost is not None and pv.to is not None:
            x, y = self.world_to_screen(*UNIT.to_pixel(pv.to))
            g = self._sprite(("ghost", _piece_key(pv.ghost) if isinstance(pv.ghost, PieceToken) else pv.ghost.label,
                              pv.ghost.facing), lambda sz, t=pv.ghost: make_ghost(sz, t))
            touched.append(surf.blit(g, (int(x) - g.get_width() // 2, int(y) - g.get_height() // 2)))
        if pv.combat and pv.to is not None:
            x, y = self.world_to_screen(*UNIT.to_pixel(pv.to))
            spr = self._sprite(("swords",), make_swords)
            touched.append(surf.blit(spr, (int(x + s * 0.42) - spr.get_width() // 2,
                                           int(y - s * 0.5) - spr.get_height() // 2)))
        if pv.blocked and pv.to is not None:
            x, y = self.world_to_screen(*UNIT.to_pixel(pv.to))
            spr = self._sprite(("bump",), make_bump)
            touched.append(surf.blit(spr, (int(x - s * 0.5) - spr.get_width() // 2,
                                           int(y - s * 0.5) - spr.get_height() // 2)))
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        line = pygame.Rect(int(min(xs)) - w - 6, int(min(ys)) - w - 6, int(max(xs) - min(xs)) + 2 * w + 12,
                           int(max(ys) - min(ys)) + 2 * w + 12)
        return line.unionall(touched) if touched else line


def _direction(p, q):
    d = (q[0] - p[0], q[1] - p[1])
    for i, v in enumerate(DIRECTIONS):
        if v == d:
            return i
    return None


def _dashed(surf, col, a, b, w, dash):
    length = math.dist(a, b)
    if length <= 0:
        return
    n = max(1, int(length / dash))
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        pygame.draw.line(surf, col, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                         (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), w)


def _name_pill(surf, lab: LabelSpec, cx: float, cy: float, s: int) -> None:
    if s < 14:
        return
    px = max(10, min(24, int(s * 0.36)))
    img = T.font(px, True).render(lab.text, True, T.rgb(lab.color))
    dy = s * 1.5 if lab.kind == "space" else s * 0.35      # "space": under a large space's centre hex
    r = img.get_rect(center=(int(cx), int(cy + dy)))
    bg = r.inflate(px * 0.9, px * 0.3)
    pill = pygame.Surface(bg.size, pygame.SRCALPHA)
    pygame.draw.rect(pill, (16, 16, 20, 215), pill.get_rect(), border_radius=bg.h // 2)
    surf.blit(pill, bg)
    surf.blit(img, r)


def _piece_key(t: PieceToken) -> tuple:
    return (t.label, t.icon, t.color, t.facing, t.pips, t.max_pips, t.badge_icon, t.badge_color, t.carry_icon,
            t.carry_color, t.carry_ready, t.active, t.resting, t.hidden)


def make_piece(s: int, t: PieceToken, alpha: int = 255) -> pygame.Surface:
    """A dragon: body in the player's colour with its letter, a big facing
    arrow, pips along the bottom (fatigue), an element badge top-left, a
    carried rider top-right, a halo when it is its turn."""
    scale = 3
    big, cx, cy = _canvas(s, scale)
    S = s * scale
    col = T.rgb(t.color)
    R = S * 0.56
    lw = max(3, int(S * 0.045))
    if t.resting:
        g = glyphs.glyph("nest", int(R * 2.2), (150, 110, 70))
        if g:
            big.blit(g, g.get_rect(center=(cx, cy + R * 0.55)))
    pygame.draw.circle(big, (0, 0, 0, 90), (cx + S * 0.04, cy + S * 0.06), R * 1.04)
    if t.active:
        pygame.draw.circle(big, (255, 226, 120, 120), (cx, cy), R * 1.32)
        pygame.draw.circle(big, (255, 214, 90, 255), (cx, cy), R * 1.32, max(3, lw))
    # facing arrow: a wedge from the body, the dragon's head
    if t.facing is not None:
        a = math.radians(60 * t.facing)
        tip = (cx + math.cos(a) * R * 1.60, cy + math.sin(a) * R * 1.60)
        b1 = (cx + math.cos(a + 0.62) * R * 0.92, cy + math.sin(a + 0.62) * R * 0.92)
        b2 = (cx + math.cos(a - 0.62) * R * 0.92, cy + math.sin(a - 0.62) * R * 0.92)
        pygame.draw.polygon(big, (14, 14, 18), [tip, b1, b2])
        it = (cx + math.cos(a) * R * 1.44, cy + math.sin(a) * R * 1.44)
        c1 = (cx + math.cos(a + 0.48) * R * 0.98, cy + math.sin(a + 0.48) * R * 0.98)
        c2 = (cx + math.cos(a - 0.48) * R * 0.98, cy + math.sin(a - 0.48) * R * 0.98)
        pygame.draw.polygon(big, (252, 252, 252), [it, c1, c2])
    pygame.draw.circle(big, (14, 14, 18), (cx, cy), R + lw)
    pygame.draw.circle(big, col, (cx, cy), R)
    pygame.draw.circle(big, T.mix(col, (255, 255, 255), 0.4), (cx, cy), R - lw * 1.6, max(2, lw // 2))
    if t.hidden:
        for i in range(12):
            a0 = math.radians(i * 30)
            a1 = a0 + math.radians(16)
            rect = pygame.Rect(0, 0, int(2 * (R + lw * 2.5)), int(2 * (R + lw * 2.5)))
            rect.center = (int(cx), int(cy))
            pygame.draw.arc(big, (240, 240, 240), rect, a0, a1, max(2, lw))
    ink = T.ink_on(col)
    blit_emblem(big, t.icon, t.label, (cx, cy - R * 0.06), R, ink)
    if t.badge_icon:
        bp = (cx - R * 0.78, cy - R * 0.72)
        br = R * 0.36
        pygame.draw.circle(big, (14, 14, 18), bp, br + lw * 0.6)
        pygame.draw.circle(big, T.rgb(t.badge_color or "#DDDDDD"), bp, br)
        g = glyphs.glyph(t.badge_icon, int(br * 1.6), (250, 250, 250) if T.luminance(t.badge_color or "#DDDDDD") < 150
                         else (30, 30, 34))
        if g:
            big.blit(g, g.get_rect(center=(int(bp[0]), int(bp[1]))))
    if t.carry_icon:
        cp = (cx + R * 0.80, cy - R * 0.70)
        cr = R * 0.38
        if t.carry_ready:
            pygame.draw.circle(big, (255, 214, 90), cp, cr + lw * 1.6)
        pygame.draw.circle(big, (14, 14, 18), cp, cr + lw * 0.6)
        pygame.draw.circle(big, T.rgb(t.carry_color or "#FFFFFF"), cp, cr)
        g = glyphs.glyph(t.carry_icon, int(cr * 1.7), (250, 250, 250) if T.luminance(t.carry_color or "#FFFFFF") < 150
                         else (30, 30, 34))
        if g:
            big.blit(g, g.get_rect(center=(int(cp[0]), int(cp[1]))))
    if t.max_pips:
        pr = S * 0.07
        gap = pr * 2.7
        x0 = cx - gap * (t.max_pips - 1) / 2
        py = cy + R + S * 0.10
        for i in range(t.max_pips):
            p = (x0 + i * gap, py)
            pygame.draw.circle(big, (14, 14, 18), p, pr + lw * 0.6)
            if i < t.pips:
                pygame.draw.circle(big, (245, 140, 40), p, pr)
            else:
                pygame.draw.circle(big, (200, 200, 205), p, pr * 0.5)
    out = pygame.transform.smoothscale(big, (int(2 * s) + 4, int(2 * s) + 4))
    if t.resting:
        grey = pygame.transform.grayscale(out)
        grey.fill((210, 210, 210, 150), special_flags=pygame.BLEND_RGBA_MULT)
        out.blit(grey, (0, 0))
    if alpha < 255:
        out.set_alpha(alpha)
    return out


def make_ghost(s: int, t: TokenSpec) -> pygame.Surface:
    """The picked movement's dragon at its landing: pale, with its facing."""
    if isinstance(t, PieceToken):
        out = make_piece(s, t)
    else:
        out = make_token(s, t)
    out = out.copy()
    out.set_alpha(150)
    return out


def make_facing_mark(s: int, facing: int) -> pygame.Surface:
    """A chevron near the edge of a landing hex: the facing it lands with."""
    scale = 3
    big, cx, cy = _canvas(s, scale)
    S = s * scale
    a = math.radians(60 * facing)
    px, py = cx + math.cos(a) * S * 0.5, cy + math.sin(a) * S * 0.5
    tip = (px + math.cos(a) * S * 0.3, py + math.sin(a) * S * 0.3)
    left = (px + math.cos(a + 2.3) * S * 0.27, py + math.sin(a + 2.3) * S * 0.27)
    r = (px + math.cos(a - 2.3) * S * 0.27, py + math.sin(a - 2.3) * S * 0.27)
    pygame.draw.polygon(big, (14, 14, 18, 230), [tip, left, (px, py), r], 0)
    inner = [(x * 0.7 + px * 0.3, y * 0.7 + py * 0.3) for x, y in (tip, left, (px, py), r)]
    pygame.draw.polygon(big, (255, 255, 255, 250), inner)
    return pygame.transform.smoothscale(big, (int(2 * s) + 4, int(2 * s) + 4))


def make_swords(s: int) -> pygame.Surface:
    """Crossed swords: landing here starts a combat."""
    px = max(10, int(s * 0.62))
    sc = 3
    big = pygame.Surface((px * sc, px * sc), pygame.SRCALPHA)
    P = px * sc
    pygame.draw.circle(big, (20, 14, 14), (P / 2, P / 2), P * 0.5)
    pygame.draw.circle(big, (210, 50, 40), (P / 2, P / 2), P * 0.44)
    for sgn in (-1, 1):
        a = (P * 0.5 - sgn * P * 0.26, P * 0.24)
        b = (P * 0.5 + sgn * P * 0.24, P * 0.76)
        pygame.draw.line(big, (250, 250, 250), a, b, max(3, P // 10))
        gx, gy = P * 0.5 + sgn * P * 0.12, P * 0.6
        pygame.draw.line(big, (250, 250, 250), (gx - P * 0.1, gy - sgn * P * 0.02), (gx + P * 0.1, gy + sgn * P * 0.02),
                         max(2, P // 14))
    return pygame.transform.smoothscale(big, (px, px))


def make_bump(s: int) -> pygame.Surface:
    """A blocked movement: a star-burst where it stopped."""
    px = max(10, int(s * 0.55))
    sc = 3
    big = pygame.Surface((px * sc, px * sc), pygame.SRCALPHA)
    P = px * sc
    pts = []
    for i in range(16):
        a = math.radians(i * 22.5)
        d = P * (0.48 if i % 2 == 0 else 0.26)
        pts.append((P / 2 + math.cos(a) * d, P / 2 + math.sin(a) * d))
    pygame.draw.polygon(big, (20, 14, 14), pts)
    pygame.draw.polygon(big, (250, 160, 40), [(P / 2 + (x - P / 2) * 0.8, P / 2 + (y - P / 2) * 0.8) for x, y in pts])
    return pygame.transform.smoothscale(big, (px, px))
