"""The dice tray: the last roll of the match, drawn as dice.

d6 show pips; other dice are polygons with their number (d4 triangle, d8
diamond, d10 kite, d12 pentagon, d20 hexagon with facets).  A new roll
tumbles briefly (random faces, a wobble) and settles; Space skips it.
"""
from __future__ import annotations

import math
import random

import pygame

from engine.ui import theme as T

TUMBLE = 0.45          # seconds

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}

_cache: dict = {}


def die_surface(sides: int, value: int, px: int, tint=None) -> pygame.Surface:
    key = (sides, value, px, tint)
    s = _cache.get(key)
    if s is not None:
        return s
    sc = 3
    S = px * sc
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    c = S / 2
    body = (245, 240, 226) if tint is None else T.mix(tint, (255, 255, 255), 0.55)
    edge = (40, 36, 30)
    lw = max(3, S // 22)
    if sides == 6:
        r = pygame.Rect(lw, lw, S - 2 * lw, S - 2 * lw)
        pygame.draw.rect(big, edge, r.inflate(lw, lw), border_radius=S // 6)
        pygame.draw.rect(big, body, r, border_radius=S // 7)
        pr = S * 0.085
        for dx, dy in PIPS.get(value, []):
            pygame.draw.circle(big, (30, 28, 26), (c + dx * S * 0.25, c + dy * S * 0.25), pr)
    else:
        if sides == 4:
            pts = [(c, S * 0.06), (S * 0.95, S * 0.90), (S * 0.05, S * 0.90)]
        elif sides == 8:
            pts = [(c, S * 0.03), (S * 0.97, c), (c, S * 0.97), (S * 0.03, c)]
        elif sides == 10:
            pts = [(c, S * 0.03), (S * 0.95, S * 0.45), (c, S * 0.97), (S * 0.05, S * 0.45)]
        elif sides == 12:
            pts = [(c + S * 0.47 * math.cos(math.radians(-90 + 72 * i)),
                    c + S * 0.04 + S * 0.47 * math.sin(math.radians(-90 + 72 * i))) for i in range(5)]
        else:
            pts = [(c + S * 0.48 * math.cos(math.radians(-90 + 60 * i)),
                    c + S * 0.48 * math.sin(math.radians(-90 + 60 * i))) for i in range(6)]
        pygame.draw.polygon(big, body, pts)
        pygame.draw.polygon(big, edge, pts, lw)
        if sides == 20:
            tri = [(c + S * 0.30 * math.cos(math.radians(-90 + 120 * i)),
                    c + S * 0.30 * math.sin(math.radians(-90 + 120 * i))) for i in range(3)]
            for i in range(6):
                pygame.draw.line(big, T.mix(body, edge, 0.35), pts[i], tri[(i + 1) // 2 % 3], max(2, lw // 2))
            pygame.draw.polygon(big, T.mix(body, edge, 0.12), tri)
            pygame.draw.polygon(big, T.mix(body, edge, 0.45), tri, max(2, lw // 2))
        img = T.font(max(6, int(S * (0.34 if value < 10 else 0.28))), True).render(str(value), True, (30, 28, 26))
        cy = c + (S * 0.14 if sides == 4 else S * 0.03)
        big.blit(img, img.get_rect(center=(c, cy)))
    out = pygame.transform.smoothscale(big, (px, px))
    if pygame.display.get_surface() is not None:
        out = out.convert_alpha()
    if len(_cache) > 400:
        _cache.clear()
    _cache[key] = out
    return out


class DiceTray:
    def __init__(self) -> None:
        self.rolls: list[dict] = []     # {"who": str, "dice": [[sides, value], ...], "text": str}
        self.t = TUMBLE                 # time since the roll arrived
        self.seen_log = 0
        self.rng = random.Random(7)

    def set_rolls(self, rolls: list[dict], animate: bool) -> None:
        self.rolls = rolls
        self.t = 0.0 if animate and rolls else TUMBLE

    @property
    def tumbling(self) -> bool:
        return self.t < TUMBLE

    def skip(self) -> bool:
        if self.tumbling:
            self.t = TUMBLE
            return True
        return False

    def update(self, dt: float) -> bool:
        if self.tumbling:
            self.t += dt
            return True
        return False

    def signature(self) -> tuple:
        frame = int(self.t / 0.06) if self.tumbling else -1
        return (id(self.rolls), len(self.rolls), frame)

    @staticmethod
    def caption(surf, roll: dict, th: T.Theme, at, width: int, bottom: int | None = None) -> None:
        """The roll's words under its dice (without the 'who:' label),
        wrapped over the lines the row has down to `bottom` (the whole text
        is in the log)."""
        text = roll.get("text", "")
        if ":" in text:
            text = text.split(":", 1)[1].strip()
        lh = th.line_h("xs")
        room = 1 if bottom is None else max(1, (bottom - at[1]) // lh)
        lines = T.wrap(text, th.font("xs"), width)
        if len(lines) > room:
            lines = lines[:room - 1] + [T.ellipsize(" ".join(lines[room - 1:]), th.font("xs"), width)]
        for i, line in enumerate(lines):
            surf.blit(th.text(line, "xs", T.TEXT), (at[0], at[1] + i * lh))

    def shown_rows(self, surf, rect: pygame.Rect, th: T.Theme, pad: int) -> tuple[list, int]:
        """The last rolls that fit (two or three) and each one's row height;
        the count of those left out ("+2 earlier in the log") on a line of
        its own at the tray's foot, where no die is drawn over it."""
        fit = 3 if rect.h >= th.line_h("xs") * 6 + 2 * pad else 2
        rows = self.rolls[-fit:]
        foot = 0
        if len(self.rolls) > fit:
            more = th.text(f"+{len(self.rolls) - fit} earlier in the log", "xs", T.FAINT)
            foot = more.get_height()
            surf.blit(more, more.get_rect(bottomright=(rect.right - pad, rect.bottom - 2)))
        return rows, (rect.h - 2 * pad - foot) // len(rows)

    @staticmethod
    def label(who: str, th: T.Theme, width: int, most: int = 2) -> pygame.Surface:
        """Who rolled, on up to `most` lines (two, one in a low row) beside the dice."""
        f = th.font("xs", True)
        lines = T.wrap(who, f, width)
        if len(lines) > most:
            lines = lines[:most - 1] + [T.ellipsize(" ".join(lines[most - 1:]), f, width)]
        imgs = [th.text(line, "xs", T.MUTED, True) for line in lines] or [th.text("", "xs", T.MUTED, True)]
        out = pygame.Surface((max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs)), pygame.SRCALPHA)
        y = 0
        for img in imgs:
            out.blit(img, (0, y))
            y += img.get_height()
        return out

    def draw(self, surf, rect: pygame.Rect, th: T.Theme) -> None:
        rect = pygame.Rect(rect)
        pygame.draw.rect(surf, T.mix(T.PANEL, (0, 0, 0), 0.25), rect, border_radius=th.px(6))
        pad = th.px(8)
        if not self.rolls:
            img = th.text("Dice tray: no roll yet", "s", T.FAINT)
            surf.blit(img, img.get_rect(center=rect.center))
            return
        x0, y = rect.x + pad, rect.y + pad
        rows, row_h = self.shown_rows(surf, rect, th, pad)
        lh = th.line_h("xs")
        show_text = row_h - lh - 2 >= 20
        px = max(14, min(th.px(36), (row_h - lh - 2) if show_text else row_h - 2))
        tum = self.tumbling
        wob = (1 - self.t / TUMBLE) if tum else 0
        lab_w = min(th.px(150), rect.w // 3)
        for roll in rows:
            who = roll.get("who") or ""
            label = self.label(who, th, lab_w - th.px(6), max(1, min(2, row_h // lh)))
            dice_y = y + px // 2 + 1
            surf.blit(label, label.get_rect(midleft=(x0, dice_y)))
            x = x0 + lab_w
            split = roll.get("split")
            for i, (sides, value) in enumerate(roll.get("dice", [])):
                if split and i == split:
                    vs = th.text("vs", "xs", T.MUTED, True)
                    surf.blit(vs, vs.get_rect(midleft=(x, dice_y)))
                    x += vs.get_width() + th.px(8)
                if x + px > rect.right - pad:
                    break
                v = self.rng.randint(1, sides) if tum else value
                img = die_surface(int(sides), int(v), px)
                if tum:
                    img = pygame.transform.rotate(img, math.sin(self.t * 40 + i) * 25 * wob)
                dy = -math.sin(self.t * 25 + i * 1.7) * px * 0.18 * wob
                r = img.get_rect(center=(x + px // 2, dice_y + dy))
                surf.blit(img, r)
                x += px + th.px(5)
            if show_text and not tum:
                self.caption(surf, roll, th, (x0 + lab_w, y + px + 2), rect.right - pad - x0 - lab_w, y + row_h)
            y += row_h


def rolls_of(entry) -> list[dict]:
    """The roll events of a log entry as tray rows."""
    out = []
    for ev in entry.events:
        if ev.kind == "roll" and isinstance(ev.data, dict) and ev.data.get("dice"):
            d = ev.data
            out.append({"who": d.get("who", ""), "dice": [list(x) for x in d["dice"]],
                        "total": d.get("total"), "split": d.get("split"), "text": ev.text})
    return out
