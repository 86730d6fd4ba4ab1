"""Custom dice for the tray: faces that are symbols, dice in tiers of colour,
and the pool a commit would roll (with its upgrades, downgrades and odds).

A die in a roll event's data is `[sides, value]` (numbers or pips, as
before), `[sides, value, face]` or `[sides, value, face, colour]`, or a
dict {"sides", "value", "face", "color"}.  `face` is a glyph name (below)
drawn instead of the number; `colour` is a tier name (black, grey, white,
red, ...) or "#RRGGBB" and colours the die.

Glyphs: sword (hit), swords (double), crit (a burst), shield (block),
shields, skull, star, heart, bolt, arrow, flame, eye, crown, blank.
Anything else is drawn as its first letters.
"""
from __future__ import annotations

import math

import pygame

from engine.ui import theme as T
from engine.ui.panels.dice_tray import TUMBLE, DiceTray, die_surface

DIE_COLORS = {"black": (38, 38, 42), "grey": (128, 130, 136), "gray": (128, 130, 136), "white": (242, 240, 232),
              "red": (186, 48, 42), "blue": (40, 96, 170), "green": (50, 130, 70), "yellow": (230, 196, 60)}
ALIASES = {"hit": "sword", "success": "sword", "double": "swords", "double_success": "swords", "critical": "crit",
           "block": "shield", "miss": "blank", "none": "blank", "": "blank", "death": "skull", "wound": "heart"}
GLYPHS = ("sword", "swords", "crit", "shield", "shields", "skull", "star", "heart", "bolt", "arrow", "flame", "eye",
          "crown", "blank")

_glyphs: dict = {}
_dice: dict = {}


def die_color(c) -> tuple:
    if c is None:
        return (245, 240, 226)
    if isinstance(c, str) and c.lower() in DIE_COLORS:
        return DIE_COLORS[c.lower()]
    return T.rgb(c)


def glyph(name: str, px: int, color) -> pygame.Surface:
    """A symbol `px` pixels square in `color` (drawn at 4x and smoothed)."""
    name = ALIASES.get(name, name)
    key = (name, px, tuple(color))
    g = _glyphs.get(key)
    if g is not None:
        return g
    k = 4
    S = max(4, px) * k
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    draw_glyph(big, name, S, tuple(color))
    g = pygame.transform.smoothscale(big, (max(4, px), max(4, px)))
    if pygame.display.get_surface() is not None:
        g = g.convert_alpha()
    if len(_glyphs) > 400:
        _glyphs.clear()
    _glyphs[key] = g
    return g


def _sword(surf, S, col, angle=-45.0, scale=1.0, dx=0.0):
    """A sword pointing up-right by default."""
    c = S / 2 + dx
    a = math.radians(angle)
    ux, uy = math.cos(a), math.sin(a)          # along the blade (towards the tip)
    nx, ny = -uy, ux

    def P(t, n):
        return (c + ux * t * S * scale + nx * n * S * scale, S / 2 + uy * t * S * scale + ny * n * S * scale)

    blade = [P(-0.12, -0.08), P(0.30, -0.08), P(0.45, 0.0), P(0.30, 0.08), P(-0.12, 0.08)]
    pygame.draw.polygon(surf, col, blade)
    guard = [P(-0.17, -0.22), P(-0.08, -0.22), P(-0.08, 0.22), P(-0.17, 0.22)]
    pygame.draw.polygon(surf, col, guard)
    grip = [P(-0.34, -0.05), P(-0.15, -0.05), P(-0.15, 0.05), P(-0.34, 0.05)]
    pygame.draw.polygon(surf, col, grip)
    pygame.draw.circle(surf, col, P(-0.38, 0.0), S * 0.07 * scale)


def _star(cx, cy, r_out, r_in, n, rot=-90.0):
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + i * 180 / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _shield(surf, S, col, scale=1.0, dx=0.0):
    c = S / 2 + dx
    w, h = S * 0.36 * scale, S * 0.42 * scale
    top = S / 2 - h * 0.95
    pts = [(c - w, top), (c + w, top), (c + w, top + h * 0.9), (c, top + h * 1.95), (c - w, top + h * 0.9)]
    pygame.draw.polygon(surf, col, pts)
    inner = [(c + (x - c) * 0.70, top + (y - top) * 0.70 + h * 0.13) for x, y in pts]
    pygame.draw.polygon(surf, (0, 0, 0, 0), inner, max(2, int(S * 0.045 * scale)))


def draw_glyph(surf, name: str, S: int, col) -> None:
    c = S / 2
    if name == "blank":
        return
    if name == "sword":
        _sword(surf, S, col)
    elif name == "swords":
        _sword(surf, S, col, -45, 0.95)
        _sword(surf, S, col, -135, 0.95)
    elif name == "crit":
        pygame.draw.polygon(surf, col, _star(c, c, S * 0.48, S * 0.26, 8, -90 + 22.5))
        hole = pygame.Surface((S, S), pygame.SRCALPHA)
        pygame.draw.polygon(hole, (255, 255, 255, 255), _star(c, c, S * 0.30, S * 0.16, 8, -90 + 22.5))
        surf.blit(hole, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
        _sword(surf, S, col, -45, 0.62)
    elif name == "shield":
        _shield(surf, S, col)
    elif name == "shields":
        _shield(surf, S, col, 0.75, -S * 0.16)
        _shield(surf, S, col, 0.75, S * 0.16)
    elif name == "skull":
        pygame.draw.circle(surf, col, (c, c - S * 0.06), S * 0.33)
        pygame.draw.rect(surf, col, pygame.Rect(c - S * 0.19, c + S * 0.12, S * 0.38, S * 0.24), border_radius=int(S * 0.05))
        hole = (0, 0, 0, 0)
        pygame.draw.circle(surf, hole, (c - S * 0.13, c - S * 0.04), S * 0.09)
        pygame.draw.circle(surf, hole, (c + S * 0.13, c - S * 0.04), S * 0.09)
        pygame.draw.polygon(surf, hole, [(c, c + S * 0.05), (c - S * 0.05, c + S * 0.14), (c + S * 0.05, c + S * 0.14)])
        for i in (-1, 0, 1):
            pygame.draw.line(surf, hole, (c + i * S * 0.08, c + S * 0.25), (c + i * S * 0.08, c + S * 0.36), max(2, S // 40))
    elif name == "star":
        pygame.draw.polygon(surf, col, _star(c, c + S * 0.03, S * 0.46, S * 0.19, 5))
    elif name == "heart":
        r = S * 0.2
        pygame.draw.circle(surf, col, (c - r * 0.95, c - r * 0.4), r)
        pygame.draw.circle(surf, col, (c + r * 0.95, c - r * 0.4), r)
        pygame.draw.polygon(surf, col, [(c - r * 1.9, c - r * 0.2), (c + r * 1.9, c - r * 0.2), (c, c + S * 0.38)])
    elif name == "bolt":
        pygame.draw.polygon(surf, col, [(c + S * 0.08, S * 0.06), (c - S * 0.24, c + S * 0.06), (c - S * 0.02, c + S * 0.06),
                                        (c - S * 0.10, S * 0.94), (c + S * 0.24, c - S * 0.08), (c + S * 0.02, c - S * 0.08)])
    elif name == "arrow":
        a = math.radians(-45)
        ux, uy = math.cos(a), math.sin(a)
        p1 = (c - ux * S * 0.38, c - uy * S * 0.38)
        p2 = (c + ux * S * 0.30, c + uy * S * 0.30)
        pygame.draw.line(surf, col, p1, p2, max(3, int(S * 0.07)))
        tip = (c + ux * S * 0.44, c + uy * S * 0.44)
        nx, ny = -uy, ux
        pygame.draw.polygon(surf, col, [tip, (p2[0] + nx * S * 0.12, p2[1] + ny * S * 0.12),
                                        (p2[0] - nx * S * 0.12, p2[1] - ny * S * 0.12)])
        for t in (0.0, 0.1):
            b = (p1[0] + ux * S * t, p1[1] + uy * S * t)
            pygame.draw.line(surf, col, b, (b[0] - ux * S * 0.08 + nx * S * 0.1, b[1] - uy * S * 0.08 + ny * S * 0.1), max(2, int(S * 0.04)))
            pygame.draw.line(surf, col, b, (b[0] - ux * S * 0.08 - nx * S * 0.1, b[1] - uy * S * 0.08 - ny * S * 0.1), max(2, int(S * 0.04)))
    elif name == "flame":
        pts = [(c, S * 0.06), (c + S * 0.30, c + S * 0.02), (c + S * 0.26, c + S * 0.32), (c, S * 0.94),
               (c - S * 0.26, c + S * 0.32), (c - S * 0.30, c - S * 0.02), (c - S * 0.12, c + S * 0.08)]
        pygame.draw.polygon(surf, col, pts)
        pygame.draw.polygon(surf, (0, 0, 0, 0), [(c, c + S * 0.05), (c + S * 0.12, c + S * 0.28), (c, S * 0.84), (c - S * 0.12, c + S * 0.28)])
    elif name == "eye":
        pygame.draw.ellipse(surf, col, pygame.Rect(S * 0.06, c - S * 0.22, S * 0.88, S * 0.44))
        pygame.draw.circle(surf, (0, 0, 0, 0), (c, c), S * 0.16)
        pygame.draw.circle(surf, col, (c, c), S * 0.08)
    elif name == "crown":
        pts = [(S * 0.12, S * 0.72), (S * 0.12, S * 0.30), (S * 0.32, S * 0.50), (c, S * 0.22), (S * 0.68, S * 0.50),
               (S * 0.88, S * 0.30), (S * 0.88, S * 0.72)]
        pygame.draw.polygon(surf, col, pts)
        pygame.draw.rect(surf, col, pygame.Rect(S * 0.12, S * 0.76, S * 0.76, S * 0.1))
    else:
        text = name[:2].upper() if name else "?"
        img = T.font(max(6, int(S * 0.5)), True).render(text, True, col)
        surf.blit(img, img.get_rect(center=(c, c)))


def custom_die(sides: int, face: str | None, value: int, px: int, color=None, faded: bool = False) -> pygame.Surface:
    """A die showing a glyph (or its number when face is None) in its tier colour."""
    key = (sides, face, value, px, color if not isinstance(color, list) else tuple(color), faded)
    d = _dice.get(key)
    if d is not None:
        return d
    if face is None and (color is None or sides == 6):
        d = die_surface(int(sides), int(value), px, None if color is None else die_color(color))   # pips
    else:
        k = 3
        S = px * k
        big = pygame.Surface((S, S), pygame.SRCALPHA)
        body = die_color(color)
        lum = T.luminance(body)
        ink = (250, 250, 248) if lum < 150 else (26, 24, 22)
        edge = (210, 210, 214) if lum < 70 else (34, 32, 30)
        lw = max(3, S // 22)
        c = S / 2
        if sides == 6:
            r = pygame.Rect(lw, lw, S - 2 * lw, S - 2 * lw)
            pygame.draw.rect(big, edge, r.inflate(lw, lw), border_radius=S // 6)
            pygame.draw.rect(big, body, r, border_radius=S // 7)
            gsz = int(S * 0.62)
        else:
            if sides == 10:
                pts = [(c, S * 0.02), (S * 0.97, S * 0.44), (c, S * 0.98), (S * 0.03, S * 0.44)]
            elif sides == 4:
                pts = [(c, S * 0.04), (S * 0.97, S * 0.92), (S * 0.03, S * 0.92)]
            elif sides == 8:
                pts = [(c, S * 0.02), (S * 0.98, c), (c, S * 0.98), (S * 0.02, c)]
            else:
                pts = [(c + S * 0.48 * math.cos(math.radians(-90 + 60 * i)), c + S * 0.48 * math.sin(math.radians(-90 + 60 * i)))
                       for i in range(6)]
            pygame.draw.polygon(big, body, pts)
            pygame.draw.polygon(big, edge, pts, lw)
            if sides == 10:
                facet = T.mix(body, edge, 0.35)
                pygame.draw.line(big, facet, (S * 0.03, S * 0.44), (c, S * 0.74), max(2, lw // 2))
                pygame.draw.line(big, facet, (S * 0.97, S * 0.44), (c, S * 0.74), max(2, lw // 2))
                pygame.draw.line(big, facet, (c, S * 0.74), (c, S * 0.98), max(2, lw // 2))
            gsz = int(S * (0.46 if sides == 10 else 0.50))
        cy = c - (S * 0.08 if sides == 10 else 0)
        if face is not None:
            g = glyph(face, gsz, ink)
            big.blit(g, g.get_rect(center=(c, cy)))
        else:
            img = T.font(max(6, int(S * 0.34)), True).render(str(value), True, ink)
            big.blit(img, img.get_rect(center=(c, cy)))
        d = pygame.transform.smoothscale(big, (px, px))
    if faded:
        d = d.copy()
        d.fill((255, 255, 255, 150), special_flags=pygame.BLEND_RGBA_MULT)
    if pygame.display.get_surface() is not None:
        d = d.convert_alpha()
    if len(_dice) > 500:
        _dice.clear()
    _dice[key] = d
    return d


def die_parts(d) -> tuple[int, int, str | None, object]:
    """(sides, value, face, colour) of a die entry in any of its forms."""
    if isinstance(d, dict):
        return int(d.get("sides", 6)), int(d.get("value", 0)), d.get("face"), d.get("color")
    d = list(d)
    return (int(d[0]), int(d[1]) if len(d) > 1 and d[1] is not None else 0,
            d[2] if len(d) > 2 else None, d[3] if len(d) > 3 else None)


class GlyphDiceTray(DiceTray):
    """The dice tray with custom dice (glyph faces, tier colours) and, while
    the player hovers a commit, the pool it would roll and its odds."""

    def __init__(self) -> None:
        super().__init__()
        self.pool = None

    def set_pool(self, pool) -> bool:
        if pool is self.pool:
            return False
        self.pool = pool
        return True

    def signature(self) -> tuple:
        return super().signature() + (id(self.pool),)

    def draw(self, surf, rect: pygame.Rect, th: T.Theme) -> None:
        rect = pygame.Rect(rect)
        if self.pool is not None:
            self.draw_pool(surf, rect, th)
            return
        if not any(len(list(d)) > 2 or isinstance(d, dict) for r in self.rolls for d in r.get("dice", [])) and \
                not any(r.get("wrap") for r in self.rolls):
            super().draw(surf, rect, th)         # plain dice: exactly as before
            return
        pygame.draw.rect(surf, T.mix(T.PANEL, (0, 0, 0), 0.25), rect, border_radius=th.px(6))
        pad = th.px(8)
        x0, y = rect.x + pad, rect.y + pad
        rows, row_h = self.shown_rows(surf, rect, th, pad)
        lh = th.line_h("xs")
        show_text = row_h - lh - 2 >= 20
        px = max(14, min(th.px(36), (row_h - lh - 2) if show_text else row_h - 2))
        tum = self.tumbling
        wob = (1 - self.t / TUMBLE) if tum else 0
        lab_w = min(th.px(150), rect.w // 3) if any(r.get("who") for r in rows) else 0
        for roll in rows:
            who = roll.get("who") or ""
            label = self.label(who, th, lab_w - th.px(6), max(1, min(2, row_h // lh)))
            split = roll.get("split")
            mark = th.text(roll.get("split_label") or "vs", "xs", T.MUTED, True) if split else None
            dice = [die_parts(d) for d in roll.get("dice", [])]
            faded = [isinstance(d, dict) and bool(d.get("faded")) for d in roll.get("dice", [])]
            faces = [f for _, _, f, _ in dice if f] or ["blank"]
            left = x0 + lab_w
            width = rect.right - pad - left
            rpx, cols = px, len(dice) or 1
            if roll.get("wrap"):         # a big pool: every die shown, smaller and over more lines if need be
                extra = mark.get_width() + th.px(8) if mark is not None else 0
                rpx, cols = wrap_dice(len(dice), width - extra, (row_h - lh - 2) if show_text else row_h,
                                      px, th.px(4))
            dice_y = y + rpx // 2 + 1
            surf.blit(label, label.get_rect(midleft=(x0, dice_y)))
            x, line = left, 0
            gap = th.px(4) if roll.get("wrap") else th.px(5)
            for i, (sides, value, face, color) in enumerate(dice):
                if split and i == split:
                    surf.blit(mark, mark.get_rect(midleft=(x, dice_y + line * (rpx + gap))))
                    x += mark.get_width() + th.px(8)
                if x + rpx > rect.right - pad:
                    if not roll.get("wrap"):
                        break
                    x, line = left, line + 1
                if tum:
                    f = self.rng.choice(faces) if face else None
                    v = self.rng.randint(1, max(1, sides))
                else:
                    f, v = face, value
                img = custom_die(sides, f, v, rpx, color, faded=faded[i] and not tum)
                if tum:
                    img = pygame.transform.rotate(img, math.sin(self.t * 40 + i) * 25 * wob)
                dy = -math.sin(self.t * 25 + i * 1.7) * rpx * 0.18 * wob
                surf.blit(img, img.get_rect(center=(x + rpx // 2, dice_y + line * (rpx + gap) + dy)))
                x += rpx + gap
            if show_text and not tum:
                top = y + (line + 1) * (rpx + gap) - gap + 2
                self.caption(surf, roll, th, (left, top), rect.right - pad - left, y + row_h)
            y += row_h

    def draw_pool(self, surf, rect, th) -> None:
        """The dice a commit would roll: faded dice, arrows for upgrades and
        downgrades already applied, the odds in words."""
        p = self.pool
        pygame.draw.rect(surf, T.mix(T.PANEL, (0, 0, 0), 0.25), rect, border_radius=th.px(6))
        pygame.draw.rect(surf, T.mix(T.ACCENT, T.PANEL, 0.5), rect, 1, border_radius=th.px(6))
        pad = th.px(8)
        x, y = rect.x + pad, rect.y + pad
        title = th.text(T.ellipsize(p.title or "If you commit", th.font("xs", True), rect.w - 2 * pad), "xs", T.ACCENT, True)
        surf.blit(title, (x, y))
        y += th.line_h("xs") + th.px(2)
        px = max(14, min(th.px(30), rect.h // 3))
        for sides, color in p.dice:
            if x + px > rect.right - pad - th.px(60):
                more = th.text("…", "s", T.MUTED)
                surf.blit(more, (x, y + px // 4))
                break
            img = custom_die(int(sides), "blank", 0, px, color)
            surf.blit(img, (x, y))
            x += px + th.px(4)
        mods = []
        if p.upgrades:
            mods.append((f"▲{p.upgrades}", T.GOOD))
        if p.downgrades:
            mods.append((f"▼{p.downgrades}", T.BAD))
        mx = rect.right - pad
        for text, col in reversed(mods):
            img = th.text(text, "s", col, True)
            r = img.get_rect(midright=(mx, y + px // 2))
            surf.blit(img, r)
            mx = r.x - th.px(6)
        y += px + th.px(3)
        for ln in p.odds:
            if y + th.line_h("xs") > rect.bottom - th.px(2):
                break
            img = th.text(T.ellipsize(ln, th.font("xs"), rect.w - 2 * pad), "xs", T.TEXT)
            surf.blit(img, (rect.x + pad, y))
            y += th.line_h("xs")



def dressed_rolls(entry, dress=None) -> list[dict]:
    """The roll events of a log entry as tray rows; `dress(data)` (a view's
    `dice_faces`) may turn a roll's raw dice into glyph faces and tier
    colours: it gets the event's data and returns the dice list or None."""
    out = []
    for ev in entry.events:
        if ev.kind == "roll" and isinstance(ev.data, dict) and ev.data.get("dice"):
            d = ev.data
            dice = None
            if dress is not None:
                try:
                    dice = dress(d)
                except Exception:  # noqa: BLE001 - plain dice rather than none
                    dice = None
            row = {"who": d.get("who", ""), "dice": None, "total": d.get("total"), "split": d.get("split"),
                   "text": ev.text}
            if isinstance(dice, dict):       # a pool: its dice, and where a second throw starts ("split")
                row.update({k: dice[k] for k in ("dice", "split", "split_label", "wrap") if k in dice})
            else:
                row["dice"] = dice
            if row["dice"] is None:
                row["dice"] = [list(x) for x in d["dice"]]
            out.append(row)
    return out


def wrap_dice(n: int, width: int, height: int, px: int, gap: int) -> tuple[int, int]:
    """(die size, dice per line) to show n dice within width x height: the
    largest size up to px whose lines fit (not below 10 px: then as many
    lines as it takes, cut by the tray)."""
    size = px
    while True:
        cols = max(1, (width + gap) // (size + gap))
        lines = -(-max(1, n) // cols)
        if lines * (size + gap) - gap <= height or size <= 10:
            return size, cols
        size -= 1
