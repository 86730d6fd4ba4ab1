"""The hand panel: a player's meters, hoard card and cards, drawn in the
right-hand panel from HandSections (engine/ui/contract.py).

`draw_hand(surf, x, y, w, sections, th, hover)` draws (surf None: only
measures) and returns (height, [(rect, HandCard)]) for clicks and hover
text.  Movement cards show a small diagram of their steps (the dragon's
start facing up, every place the card can end filled), so a card reads
without its text.
"""
from __future__ import annotations

import math

import pygame

from engine.hex.grid import neighbor
from engine.ui.panels import glyphs
from engine.ui import theme as T
from engine.ui.contract import HandCard, HandSection

SQ3 = math.sqrt(3)
START_FACING = 5           # diagrams are computed facing NE, then turned so the dragon faces up
ROT = math.radians(-30)


# --- movement diagrams -------------------------------------------------------------------
def _two(h, d1, d2):
    return neighbor(neighbor(h, d1 % 6), d2 % 6)


def _targets(h, f, kind):
    if kind == "F":
        return [neighbor(h, f)]
    if kind == "B":
        return [neighbor(h, (f + 3) % 6)]
    if kind == "STRAFE":
        return [_two(h, f - 1, f - 2), _two(h, f + 1, f + 2)]
    if kind == "ROLL":
        return [neighbor(h, (f - 1) % 6), neighbor(h, (f - 2) % 6), _two(h, f - 1, f - 2),
                neighbor(h, (f + 1) % 6), neighbor(h, (f + 2) % 6), _two(h, f + 1, f + 2)]
    return []


def branches(steps) -> list[tuple]:
    """Every (path, final facing) a step pattern can give on an open plane,
    starting at (0, 0) facing START_FACING."""
    frontier = [((0, 0), START_FACING, ((0, 0),))]
    for st in steps:
        nxt = []
        for h, f, path in frontier:
            if st in ("L", "R"):
                nxt.append((h, (f + (1 if st == "R" else -1)) % 6, path))
            elif st == "ANY":
                nxt.extend((h, g, path) for g in range(6) if g != f or len(steps) > 1)
            else:
                for t in _targets(h, f, st):
                    nxt.append((t, f, path + (t,)))
        frontier = nxt
    return [(path, f) for _, f, path in frontier]


def _px(h):
    x, y = SQ3 * (h[0] + h[1] / 2), 1.5 * h[1]
    c, s = math.cos(ROT), math.sin(ROT)
    return (x * c - y * s, x * s + y * c)


_diag: dict = {}


def diagram(steps: tuple, size: int, color) -> pygame.Surface:
    """A size x size picture of a movement pattern."""
    key = (tuple(steps), size, T.rgb(color) if color else None)
    s = _diag.get(key)
    if s is not None:
        return s
    sc = 3
    S = size * sc
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    br = branches(tuple(steps))
    hexes = {(0, 0)}
    for path, _ in br:
        hexes.update(path)
    pts = {h: _px(h) for h in hexes}
    xs = [p[0] for p in pts.values()]
    ys = [p[1] for p in pts.values()]
    span = max(max(xs) - min(xs), max(ys) - min(ys)) + 1.9
    r = S / span
    mx, my = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2

    def at(h):
        x, y = pts[h]
        return (S / 2 + (x - mx) * r, S / 2 + (y - my) * r)

    def hexagon(c, rad):
        return [(c[0] + rad * math.cos(math.radians(60 * i)), c[1] + rad * math.sin(math.radians(60 * i)))
                for i in range(6)]

    accent = T.rgb(color) if color else (120, 220, 120)
    ends = {path[-1] for path, _ in br}
    for h in hexes:
        c = at(h)
        fill = (*accent, 255) if h in ends and h != (0, 0) else (255, 255, 255, 55)
        pygame.draw.polygon(big, fill, hexagon(c, r * 0.95))
        pygame.draw.polygon(big, (20, 20, 24, 200), hexagon(c, r * 0.95), max(1, int(r * 0.09)))
    lw = max(2, int(r * 0.2))
    for path, _ in br:
        if len(path) > 1:
            pygame.draw.lines(big, (250, 250, 250), False, [at(h) for h in path], lw)
    # final facings: a small chevron in each end hex
    for path, f in br:
        c = at(path[-1])
        a = math.radians(60 * f) + ROT
        tip = (c[0] + math.cos(a) * r * 0.62, c[1] + math.sin(a) * r * 0.62)
        left = (c[0] + math.cos(a + 2.5) * r * 0.4, c[1] + math.sin(a + 2.5) * r * 0.4)
        rr = (c[0] + math.cos(a - 2.5) * r * 0.4, c[1] + math.sin(a - 2.5) * r * 0.4)
        pygame.draw.polygon(big, (20, 20, 24), [tip, left, rr])
    # the dragon at the start, facing up
    c = at((0, 0))
    up = [(c[0], c[1] - r * 0.92), (c[0] - r * 0.42, c[1] - r * 0.2), (c[0] + r * 0.42, c[1] - r * 0.2)]
    pygame.draw.polygon(big, (20, 20, 24), [(x, y) for x, y in up], 0)
    pygame.draw.circle(big, (20, 20, 24), c, r * 0.5)
    pygame.draw.circle(big, (250, 250, 250), c, r * 0.38)
    pygame.draw.polygon(big, (250, 250, 250), [(c[0], c[1] - r * 0.78), (c[0] - r * 0.28, c[1] - r * 0.3),
                                               (c[0] + r * 0.28, c[1] - r * 0.3)])
    s = pygame.transform.smoothscale(big, (size, size))
    if pygame.display.get_surface() is not None:
        s = s.convert_alpha()
    if len(_diag) > 300:
        _diag.clear()
    _diag[key] = s
    return s


# --- the panel -------------------------------------------------------------------------------
def card_height(th) -> int:
    return th.px(50)


def chip_height(th) -> int:
    return th.px(62)


def _cols(sec: HandSection, w: int, th) -> int:
    """As many columns as fit with every card's title whole (a narrow
    panel gets more rows instead of clipped names)."""
    if sec.compact:
        f = th.font("xs")
        widest = max((f.size(c.title)[0] for c in sec.cards), default=0) + th.px(10)
        return max(1, min(len(sec.cards), w // max(th.px(74), widest), 7))
    fb, fx, fk = th.font("s", True), th.font("xs"), th.font("xs", True)

    def text_need(c) -> int:
        words = [fb.size(word)[0] for word in c.title.split()] or [0]
        need = max(fx.size(c.sub)[0] if c.sub else 0, *words) + th.px(30)
        if not c.sub and c.count > 1:       # the last line shares its row with the count and the key
            badges = fk.size(f"×{c.count}")[0] + th.px(6) + (fk.size(c.hotkey)[0] + th.px(8) if c.hotkey else 0)
            need = max(need, words[-1] + badges + th.px(4))
        return need

    widest = max((text_need(c) for c in sec.cards), default=0)
    need = card_height(th) - th.px(12) + th.px(16) + widest
    return max(1, min(4, w // max(th.px(132), need)))


def draw_hand(surf, x: int, y: int, w: int, sections: list, th, hover=None) -> tuple[int, list]:
    y0 = y
    rects: list = []
    gap = th.px(5)
    for sec in sections:
        if not sec.cards and not sec.stats:
            continue
        if surf is not None:
            surf.blit(th.text(T.ellipsize(sec.title, th.font("s", True), w), "s", T.ACCENT, True), (x, y))
            if sec.private:
                tw = th.font("s", True).size(sec.title)[0]
                surf.blit(th.text("· only you see this", "xs", T.MUTED), (x + tw + th.px(8), y + th.px(2)))
        y += th.line_h("s")
        if sec.note:
            for ln in T.wrap(sec.note, th.font("xs"), w)[:2]:
                if surf is not None:
                    surf.blit(th.text(ln, "xs", T.MUTED), (x, y))
                y += th.line_h("xs")
        if sec.stats:
            y += th.px(2)
            cx = x
            sh = th.line_h("s") + th.px(4)
            for label, value, col in sec.stats:
                limg = th.text(label, "xs", T.MUTED)
                vimg = th.text(str(value), "s", T.rgb(col) if col else T.TEXT, True)
                cw = limg.get_width() + vimg.get_width() + th.px(16)
                if cx + cw > x + w and cx > x:
                    cx = x
                    y += sh + th.px(3)
                if surf is not None:
                    r = pygame.Rect(cx, y, cw, sh)
                    pygame.draw.rect(surf, T.PANEL_2, r, border_radius=th.px(4))
                    surf.blit(limg, limg.get_rect(midleft=(r.x + th.px(6), r.centery)))
                    surf.blit(vimg, vimg.get_rect(midleft=(r.x + th.px(10) + limg.get_width(), r.centery)))
                cx += cw + th.px(4)
            y += sh + th.px(4)
        if sec.cards and sec.hexes:
            y += _draw_hexes(surf, x, y, w, sec.cards, th, hover, rects, sec.compact)
        elif sec.cards:
            cols = _cols(sec, w, th)
            cw = (w - (cols - 1) * gap) // cols
            ch = chip_height(th) if sec.compact else card_height(th)
            for i, card in enumerate(sec.cards):
                r = pygame.Rect(x + (i % cols) * (cw + gap), y + (i // cols) * (ch + gap), cw, ch)
                rects.append((r, card))
                if surf is not None:
                    _draw_card(surf, r, card, th, sec.compact, hover is not None and hover == card.key)
            rows = (len(sec.cards) + cols - 1) // cols
            y += rows * (ch + gap)
        y += th.px(4)
    return y - y0, rects


def _hexagon(c, rx: float, ry: float) -> list:
    """A flat-topped hexagon around c: rx its half width, ry its half height."""
    return [(c[0] + rx * math.cos(math.radians(60 * i)), c[1] + ry * math.sin(math.radians(60 * i)) / 0.866)
            for i in range(6)]


def _draw_hexes(surf, x: int, y: int, w: int, cards: list, th, hover, rects: list, small: bool = False) -> int:
    """Cards as flat-topped hexagons in rows (an action board): the title
    inside, the sub under it; a card's `color` rims it (whose tokens are on
    it), `state` tints it (off: closed, marked, selected).  `small`: little
    hexagons (a track such as a timeline)."""
    gap = th.px(4)
    # wide enough that no word of a title and no sub line is cut (78% of a hexagon's width holds text)
    f, fs = th.font("xs", True), th.font("xs")
    widest = max([f.size(word)[0] for c in cards for word in c.title.split()]
                 + [fs.size(c.sub)[0] for c in cards if c.sub] + [1])
    cw = max(th.px(56 if small else 76), int(widest / 0.78) + th.px(4))
    cols = max(1, min(len(cards), (w + gap) // (cw + gap)))
    cw = max(cw, min(th.px(62 if small else 96), (w - (cols - 1) * gap) // cols))
    ch = int(cw * 0.866)
    for i, card in enumerate(cards):
        r = pygame.Rect(x + (i % cols) * (cw + gap), y + (i // cols) * (ch + gap), cw, ch)
        rects.append((r, card))
        if surf is None:
            continue
        st = card.state
        off = st in ("off", "used")
        hovered = hover is not None and hover == card.key
        fill = T.BUTTON_OFF if off else (T.BUTTON_HOVER if hovered else T.BUTTON)
        if st == "selected":
            fill = T.mix(T.BUTTON, T.ACCENT, 0.45)
        elif st == "marked":
            fill = T.mix(fill, T.WARN, 0.30)
        pts = _hexagon(r.center, cw / 2 - 1, ch / 2 - 1)
        pygame.draw.polygon(surf, fill, pts)
        rim = T.rgb(card.color) if card.color else (T.ACCENT if st == "selected" else T.PANEL_EDGE)
        pygame.draw.polygon(surf, rim, pts, max(1, th.px(3)) if card.color or st == "selected" else 1)
        inner = int(cw * 0.78)
        f = th.font("xs", True)
        lines = [T.ellipsize(ln, f, inner) for ln in T.wrap(card.title, f, inner)[:2]]
        if card.sub:
            lines.append(T.ellipsize(card.sub, th.font("xs"), inner))
        lh = th.line_h("xs") - th.px(1)
        ty = r.centery - lh * len(lines) // 2
        for k, ln in enumerate(lines):
            sub = card.sub and k == len(lines) - 1
            img = th.text(ln, "xs", (T.FAINT if off else T.MUTED) if sub else (T.FAINT if off else T.TEXT),
                          not sub)
            surf.blit(img, img.get_rect(midtop=(r.centerx, ty)))
            ty += lh
        if card.hotkey:
            k = th.text(card.hotkey, "xs", T.ACCENT, True)
            surf.blit(k, k.get_rect(midtop=(r.centerx, r.y + th.px(1))))
    rows = (len(cards) + cols - 1) // cols
    return rows * (ch + gap)


def title_lines(card, th, tw: int, sw: int) -> tuple[str, list[str]]:
    """A card's title as (type size, lines): one line beside a sub line, or
    (no sub) up to two lines, the second sharing its row with the key and
    the count (width sw): the smaller type before cutting the name."""
    size, f = "s", th.font("s", True)
    lines = T.wrap(card.title, f, tw)[:2] if not card.sub else [card.title]
    if any(f.size(w)[0] > tw for w in card.title.split()):
        lines = [card.title]              # a word would break: one line, ellipsized
    if len(lines) == 2 and f.size(lines[1])[0] > sw:          # "Free Fli…" ×2
        size, f = "xs", th.font("xs", True)
        lines = [card.title] if f.size(card.title)[0] <= tw else T.wrap(card.title, f, tw)[:2]
    if len(lines) == 2:
        lines[1] = T.ellipsize(lines[1], f, sw)
    return size, [T.ellipsize(ln, f, tw) for ln in lines]


def _draw_card(surf, r: pygame.Rect, card: HandCard, th, compact: bool, hovered: bool) -> None:
    st = card.state
    off = st in ("off", "used")
    fill = T.BUTTON_OFF if off else (T.BUTTON_HOVER if hovered else T.BUTTON)
    if st == "selected":
        fill = T.mix(T.BUTTON, T.ACCENT, 0.35)
    elif st == "marked":
        fill = T.mix(T.BUTTON, T.WARN, 0.30)
    pygame.draw.rect(surf, fill, r, border_radius=th.px(5))
    edge = {"selected": T.ACCENT, "marked": T.WARN}.get(st, T.mix(T.PANEL_EDGE, T.TEXT, 0.3) if hovered else T.PANEL_EDGE)
    pygame.draw.rect(surf, edge, r, 2 if st in ("selected", "marked") else 1, border_radius=th.px(5))
    if card.color and not off:
        pygame.draw.rect(surf, T.rgb(card.color), (r.x + 1, r.y + th.px(4), th.px(4), r.h - th.px(8)),
                         border_radius=th.px(2))
    text_col = T.FAINT if off else T.TEXT
    sub_col = T.FAINT if off else T.MUTED
    if compact:
        pic = th.px(36)
        pr = pygame.Rect(0, 0, pic, pic)
        pr.midtop = (r.centerx, r.y + th.px(4))
        _picture(surf, pr, card, off)
        title = T.ellipsize(card.title, th.font("xs"), r.w - th.px(6))
        img = th.text(title, "xs", text_col)
        surf.blit(img, img.get_rect(midtop=(r.centerx, pr.bottom + th.px(2))))
        if card.sub:
            sub = th.text(T.ellipsize(card.sub, th.font("xs"), r.w - th.px(6)), "xs", sub_col)
            if pr.bottom + th.px(2) + img.get_height() + sub.get_height() <= r.bottom + th.px(2):
                surf.blit(sub, sub.get_rect(midtop=(r.centerx, pr.bottom + th.px(1) + img.get_height())))
    else:
        pic = r.h - th.px(12)
        pr = pygame.Rect(r.x + th.px(6), r.y + th.px(6), pic, pic)
        has_pic = _picture(surf, pr, card, off)
        tx = (pr.right + th.px(5)) if has_pic else r.x + th.px(9)
        tw = r.right - tx - th.px(4)
        sw = tw - (th.font("xs", True).size(card.hotkey)[0] + th.px(8) if card.hotkey else 0) \
            - (th.font("xs", True).size(f"×{card.count}")[0] + th.px(6) if card.count > 1 else 0)
        f = th.font("s", True)
        if f.size(card.title)[0] <= tw or not card.sub:
            size, lines = title_lines(card, th, tw, sw)
            ty = r.y + th.px(5)
            for ln in lines:
                surf.blit(th.text(ln, size, text_col, True), (tx, ty))
                ty += th.line_h(size) - th.px(2)
            if card.sub:
                surf.blit(th.text(T.ellipsize(card.sub, th.font("xs"), sw), "xs", sub_col),
                          (tx, r.y + th.px(6) + th.line_h("s")))
        else:
            # a long title and a sub: the title smaller on two lines, the sub under it
            fx = th.font("xs", True)
            lines = T.wrap(card.title, fx, tw)[:2]
            lines = [T.ellipsize(ln, fx, tw) for ln in lines]
            ty = r.y + th.px(3)
            for ln in lines:
                surf.blit(th.text(ln, "xs", text_col, True), (tx, ty))
                ty += th.line_h("xs") - th.px(1)
            surf.blit(th.text(T.ellipsize(card.sub, th.font("xs"), sw), "xs", sub_col), (tx, ty))
    right = r.right - th.px(5)
    if card.hotkey:
        k = th.text(card.hotkey, "xs", T.MUTED if not off else T.FAINT, True)
        kr = k.get_rect(topright=(r.right - th.px(4), r.y + th.px(3))) if compact else \
            k.get_rect(bottomright=(r.right - th.px(5), r.bottom - th.px(4)))
        pygame.draw.rect(surf, T.mix(fill, (0, 0, 0), 0.3), kr.inflate(th.px(4), th.px(1)), border_radius=th.px(3))
        surf.blit(k, kr)
        right = kr.x - th.px(6)
    if card.count > 1:
        k = th.text(f"×{card.count}", "xs", T.ACCENT, True)
        if compact:
            surf.blit(k, k.get_rect(topleft=(r.x + th.px(5), r.y + th.px(3))))
        else:
            surf.blit(k, k.get_rect(bottomright=(right, r.bottom - th.px(4))))
    if st == "marked":
        k = th.text("✓", "s", T.WARN, True)
        surf.blit(k, k.get_rect(bottomleft=(r.x + th.px(4), r.bottom - th.px(1))))


def _picture(surf, pr: pygame.Rect, card: HandCard, off: bool) -> bool:
    if card.steps:
        img = diagram(tuple(card.steps), pr.w, card.color or (120, 220, 120))
        if off:
            img = img.copy()
            img.set_alpha(110)
        surf.blit(img, pr)
        return True
    if card.icon and glyphs.has(card.icon):
        g = glyphs.glyph(card.icon, pr.w, card.color or "#DDDDDD")
        if g is not None:
            if off:
                g = g.copy()
                g.set_alpha(110)
            surf.blit(g, pr)
            return True
    return False
