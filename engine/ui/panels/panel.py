"""Pieces of the right-hand panel: header, unit card, deploy tray, summary."""
from __future__ import annotations

import pygame

from engine.ui import theme as T
from engine.ui.contract import CardSpec, Header, TokenSpec, TraySpec

TRAIT_COL = (126, 178, 255)      # traits: blue text on the printed cards
SKILL_COL = (255, 128, 112)      # skills: red text


def mini_token(label: str, color, shape: str, px: int, icon: str = "") -> pygame.Surface:
    """A small token (card medallion, tray chip), kept per what it shows:
    units whose silhouette hides their letters share one."""
    from engine.ui.boards.hexboard import make_token, shown_letters
    size = max(6, int(px * 0.75))
    spec = TokenSpec(key=0, hex=(0, 0), color=color, label=label, shape=shape, icon=icon)
    key = ("mini", shown_letters(size, spec), color, shape, px, icon)
    s = _mini.get(key)
    if s is None:
        s = make_token(size, spec)
        _mini[key] = s
    return s


_mini: dict = {}


def draw_header(surf, rect: pygame.Rect, header: Header, th: T.Theme) -> int:
    """Returns the height used (surf may be None to measure)."""
    x, y = rect.x, rect.y
    col = T.rgb(header.color)
    if surf is not None:
        pygame.draw.rect(surf, col, (x, y + th.px(4), th.px(6), th.line_h("l") - th.px(6)), border_radius=2)
    for line in T.wrap(header.title, th.font("l", True), rect.w - th.px(14))[:2]:
        if surf is not None:
            surf.blit(th.text(line, "l", T.TEXT, True), (x + th.px(14), y))
        y += th.line_h("l")
    # a status line too long for the panel wraps rather than losing its end
    wrapped = [part for ln in header.lines[:3] for part in T.wrap(ln, th.font("s"), rect.w)]
    for ln in wrapped[:5]:
        if surf is not None:
            surf.blit(th.text(ln, "s", T.MUTED), (x, y))
        y += th.line_h("s")
    return y - rect.y + th.px(4)


# the small glyph beside a stat, by the words of its label
STAT_GLYPHS = (("defen", "shield"), ("armo", "shield"), ("save", "shield"), ("range", "bow"), ("shoot", "bow"),
               ("missile", "bow"), ("attack", "lance"), ("fight", "lance"), ("melee", "lance"), ("power", "star"))


def stat_glyph(label: str) -> str:
    low = label.lower()
    return next((g for words, g in STAT_GLYPHS if words in low), "")


def draw_card(surf, x: int, y: int, w: int, card: CardSpec, th: T.Theme, height: int | None = None,
              bg=None) -> int:
    """Draw the unit's card at (x, y), w wide, as a card: a frame in its
    side's colour, a header band with its silhouette medallion (its letters
    kept beside it, for colour blindness), the stat line as tiles, then its
    traits and skills.  surf None measures.  Returns the height.  `height`:
    what measuring this card at this width gave (not measured again); `bg`:
    the colour to leave around the frame (its corners, the strip below it),
    for a caller that would otherwise clear the whole area first."""
    pad = th.px(8)
    inner = w - 2 * pad
    h = height if height is not None else _card_body(None, x + pad, y + pad, inner, card, th) + 2 * pad
    if surf is None:
        return h
    col = T.rgb(card.color)
    outer = pygame.Rect(x, y, w, h - th.px(2))
    if bg is not None:
        r = th.px(8)                  # the frame's corner radius: it covers the rest
        for cx, cy in ((outer.x, outer.y), (outer.right - r, outer.y), (outer.x, outer.bottom - r),
                       (outer.right - r, outer.bottom - r)):
            surf.fill(bg, (cx, cy, r, r))
        surf.fill(bg, (x, outer.bottom, w, h - outer.h))
    pygame.draw.rect(surf, T.mix(T.PANEL_2, col, 0.07), outer, border_radius=th.px(8))
    band = pygame.Rect(x, y, w, pad + th.px(54) + pad // 2)
    pygame.draw.rect(surf, T.mix(T.PANEL_2, col, 0.25), band, border_top_left_radius=th.px(8),
                     border_top_right_radius=th.px(8))
    pygame.draw.rect(surf, T.mix(col, (0, 0, 0), 0.15), outer, max(2, th.px(2)), border_radius=th.px(8))
    _card_body(surf, x + pad, y + pad, inner, card, th)
    return h


def _card_body(surf, x: int, y: int, w: int, card: CardSpec, th: T.Theme) -> int:
    y0 = y
    icon = th.px(54)
    if surf is not None:
        art = getattr(card, "icon", "")
        img = mini_token(card.label, card.color, card.shape, icon, art)
        surf.blit(img, img.get_rect(center=(x + icon // 2, y + icon // 2)))
        if art and card.label:
            # the letters the board's token would show, for colour blindness
            tag = th.text(card.label, "xs", T.TEXT, True)
            tr = tag.get_rect(bottomright=(x + icon + th.px(2), y + icon + th.px(2))).inflate(th.px(6), th.px(2))
            pygame.draw.rect(surf, T.mix(T.PANEL, (0, 0, 0), 0.3), tr, border_radius=th.px(4))
            surf.blit(tag, tag.get_rect(center=tr.center))
    tx = x + icon + th.px(8)
    tw = w - icon - th.px(8)
    f_title = th.font("l", True)
    if surf is not None:
        surf.blit(th.text(T.ellipsize(card.title, f_title, tw), "l", T.TEXT, True), (tx, y))
    yy = y + th.line_h("l")
    if card.subtitle:
        for ln in T.wrap(card.subtitle, th.font("s"), tw)[:2]:
            if surf is not None:
                surf.blit(th.text(ln, "s", T.MUTED), (tx, yy))
            yy += th.line_h("s")
    if card.max_hp:
        hp_y = yy + th.px(2)
        if surf is not None:
            surf.blit(th.text("HP", "s", T.MUTED, True), (tx, hp_y))
            px = tx + th.px(30)
            r = max(4, th.px(6))
            for i in range(card.max_hp):
                c = (235, 70, 60) if i < card.hp else (80, 80, 88)
                pygame.draw.circle(surf, c, (px + i * (2 * r + th.px(5)) + r, hp_y + th.line_h("s") // 2), r)
            surf.blit(th.text(f"{card.hp}/{card.max_hp}", "s", T.TEXT), (px + card.max_hp * (2 * r + th.px(5)) + th.px(4), hp_y))
        yy = hp_y + th.line_h("s")
    y = max(y + icon, yy) + th.px(6)
    y += draw_tracks(surf, x, y, w, card.tracks, th)
    # stats grid: 3 columns
    if card.stats:
        # three columns unless a value would not fit: then two, then one
        f_value = th.font("m", True)
        widest = max(f_value.size(value)[0] for _, value in card.stats) + th.px(14)
        cols = next((n for n in (3, 2) if w // n >= widest), 1)
        cw = w // cols
        lh = th.line_h("xs") + th.line_h("m")
        for i, (label, value) in enumerate(card.stats):
            cx = x + (i % cols) * cw
            cy = y + (i // cols) * (lh + th.px(4))
            if surf is not None:
                tile = pygame.Rect(cx, cy, cw - th.px(4), lh + th.px(2))
                pygame.draw.rect(surf, T.mix(T.PANEL, (0, 0, 0), 0.25), tile, border_radius=th.px(4))
                g = stat_glyph(label)
                if g:
                    from engine.ui.panels.glyphs import blit_glyph
                    blit_glyph(surf, g, (tile.right - th.px(11), tile.y + th.px(10)), th.px(16), T.MUTED)
                surf.blit(th.text(label, "xs", T.MUTED), (cx + th.px(4), cy + th.px(1)))
                surf.blit(th.text(T.ellipsize(value, th.font("m", True), cw - th.px(10)), "m", T.TEXT, True),
                          (cx + th.px(4), cy + th.px(1) + th.line_h("xs")))
        rows = (len(card.stats) + cols - 1) // cols
        y += rows * (lh + th.px(4)) + th.px(4)
    # traits, skills, conditions, notes
    f = th.font("s")
    for kind, heading, text in card.sections:
        col = {"trait": TRAIT_COL, "skill": SKILL_COL, "cond": T.WARN, "buff": T.GOOD, "debuff": T.BAD,
               "spell": T.HL_SKILL}.get(kind, T.ACCENT)
        if heading:
            for ln in T.wrap(heading, th.font("s", True), w):
                if surf is not None:
                    surf.blit(th.text(ln, "s", col, True), (x, y))
                y += th.line_h("s")
        if text:
            for ln in T.wrap(text, f, w - th.px(10)):
                if surf is not None:
                    surf.blit(th.text(ln, "s", T.TEXT if kind in ("trait", "skill", "spell") else T.MUTED), (x + th.px(10), y))
                y += th.line_h("s")
        if kind == "skill" and card.table:
            y += th.px(3)
            y += draw_table(surf, x + th.px(10), y, w - th.px(10), card.table, th)
        y += th.px(5)
    return y - y0


def draw_tracks(surf, x: int, y: int, w: int, tracks: list, th) -> int:
    """Token slots as the card prints them: the label, then a square slot
    per point, filled by a cube of the token's colour; returns the height."""
    if not tracks:
        return 0
    y0 = y
    lab_w = max(th.font("xs", True).size(t.label)[0] for t in tracks) + th.px(8)
    cube = max(6, th.px(13))
    gap = max(2, th.px(3))
    per_row = max(1, (w - lab_w - th.px(60)) // (cube + gap))
    for t in tracks:
        rows = max(1, -(-t.slots // per_row))
        if surf is not None:
            surf.blit(th.text(t.label, "xs", T.MUTED, True), (x, y + (cube - th.line_h("xs")) // 2))
            for i in range(t.slots):
                r = pygame.Rect(x + lab_w + (i % per_row) * (cube + gap), y + (i // per_row) * (cube + gap), cube, cube)
                pygame.draw.rect(surf, T.mix(T.PANEL, (0, 0, 0), 0.35), r, border_radius=max(1, th.px(2)))
                pygame.draw.rect(surf, T.PANEL_EDGE, r, 1, border_radius=max(1, th.px(2)))
                if i < t.filled:
                    c = tuple(t.color[:3])
                    inner = r.inflate(-2, -2)
                    pygame.draw.rect(surf, c, inner, border_radius=max(1, th.px(2)))
                    # a lit top edge: it reads as a cube, and a black cube still shows on the dark slot
                    pygame.draw.line(surf, T.mix(c, (255, 255, 255), 0.45), inner.topleft, inner.topright, 1)
            count = f"{t.filled}/{t.slots}" + (f"  {t.note}" if t.note else "")
            cx = x + lab_w + min(t.slots, per_row) * (cube + gap) + th.px(4)
            surf.blit(th.text(count, "xs", T.TEXT), (cx, y + (cube - th.line_h("xs")) // 2))
        y += rows * (cube + gap) + th.px(2)
    return y - y0 + th.px(4)


def draw_table(surf, x, y, w, rows: list[tuple[str, str]], th) -> int:
    """The skill check table as a row of cells: '2' fail | '3-8' standard | '9+' greater."""
    n = len(rows)
    if not n:
        return 0
    cw = w // n
    h = th.line_h("xs") * 2 + th.px(4)
    for i, (roll, result) in enumerate(rows):
        r = pygame.Rect(x + i * cw, y, cw - th.px(3), h)
        if surf is not None:
            low = result.lower()
            fill = (90, 44, 44) if "fail" in low else ((60, 80, 50) if "greater" in low else (58, 62, 74))
            pygame.draw.rect(surf, fill, r, border_radius=th.px(3))
            a = th.text(roll, "xs", T.TEXT, True)
            b = th.text(T.ellipsize(result, th.font("xs"), r.w - th.px(4)), "xs", T.MUTED)
            surf.blit(a, a.get_rect(midtop=(r.centerx, r.y + th.px(2))))
            surf.blit(b, b.get_rect(midtop=(r.centerx, r.y + th.px(2) + th.line_h("xs"))))
    return h + th.px(2)


def draw_summary(surf, x, y, w, lines: list[tuple[str, str]], th) -> int:
    """Players overview when no unit is selected: (colour, text) lines."""
    y0 = y
    for col, text in lines:
        if col:
            if surf is not None:
                pygame.draw.circle(surf, T.rgb(col), (x + th.px(7), y + th.line_h("s") // 2), th.px(6))
            tx = x + th.px(20)
        else:
            tx = x
        for ln in T.wrap(text, th.font("s"), w - (tx - x)):
            if surf is not None:
                surf.blit(th.text(ln, "s", T.TEXT if col else T.MUTED), (tx, y))
            y += th.line_h("s")
    return y - y0


def tray_cols(n: int, w: int, th) -> int:
    return 2 if n <= 8 or w > th.px(520) else 3


def tray_layout(items: list[TraySpec], x, y, w, th) -> list[tuple[pygame.Rect, TraySpec]]:
    """The tray's chips in columns, in order; a chip whose name does not fit
    its column takes a whole row (no unit's name is cut), and the next chips
    that fit a column fill the row it would have left half empty.  Of the
    column counts up to `tray_cols`, the one that needs the fewest rows
    (the fewer columns on a tie: three narrow columns at 1024x700 left most
    names a row each, between rows of three short ones)."""
    best = None
    for cols in range(tray_cols(len(items), w, th), 1, -1):
        out = _tray_rows(items, x, y, w, th, cols)
        rows = len({r.y for r, _ in out})
        if best is None or rows <= best[0]:
            best = (rows, out)
    return best[1] if best else _tray_rows(items, x, y, w, th, 1)


def _tray_rows(items: list[TraySpec], x, y, w, th, cols: int) -> list[tuple[pygame.Rect, TraySpec]]:
    cw = w // cols
    h = th.px(30)
    font = th.font("s")
    room = cw - th.px(6) - h - th.px(6)
    wide = [cols > 1 and font.size(it.name)[0] > room for it in items]
    waiting = list(range(len(items)))
    out = []
    col, row = 0, 0
    while waiting:
        i = waiting[0] if not (wide[waiting[0]] and col) else \
            next((j for j in waiting if not wide[j]), waiting[0])
        if wide[i] and col:
            col, row = 0, row + 1
        waiting.remove(i)
        span = cols if wide[i] else 1
        out.append((pygame.Rect(x + col * cw, y + row * (h + th.px(4)), span * cw - th.px(6), h), items[i]))
        col += span
        if col >= cols:
            col, row = 0, row + 1
    return out


def draw_tray(surf, rects, th, hover=None) -> None:
    for r, it in rects:
        fill = T.mix(T.BUTTON, T.ACCENT, 0.35) if it.selected else (T.BUTTON_HOVER if it.key == hover else T.BUTTON)
        pygame.draw.rect(surf, fill, r, border_radius=th.px(5))
        if it.selected:
            pygame.draw.rect(surf, T.ACCENT, r, 2, border_radius=th.px(5))
        ic = r.h
        tok = mini_token(it.label, it.color, it.shape, ic, getattr(it, "icon", ""))
        surf.blit(tok, tok.get_rect(center=(r.x + ic // 2 + th.px(2), r.centery)))
        img = th.text(T.ellipsize(it.name, th.font("s"), r.w - ic - th.px(6)), "s", T.TEXT)
        surf.blit(img, img.get_rect(midleft=(r.x + ic + th.px(2), r.centery)))
