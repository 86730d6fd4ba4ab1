"""The free-measure table renderer: camera in inches, cached static tiles,
models on their true-size bases, and the tool overlays (ruler, sight line,
reach area, drag preview).

Camera: `scale` pixels per inch and `cam`, the table point at the centre of
the viewport.  The wheel zooms around the cursor, dragging or the arrow
keys pan, `fit` shows the whole table.

Layers, bottom to top:
  static   table mat, 1"/6" grid with edge numbers, scenario zones (tinted
           deployment areas, objective radii), terrain pieces modelled as
           what they are (trees, walls, ripples...: boards/scenery.py) under
           patterns that carry their rules without colour (hatch: blocks
           sight, dots: difficult, cross-hatch: impassable) and names.  Rendered in
           256-pixel tiles per zoom level and kept (panning renders only
           the newly exposed tiles).
  composed tiles + reach area + objective markers + models + selection and
           target rings, in one surface a margin larger than the viewport,
           rebuilt only when the caller's layer key or the zoom changes or
           the camera moves past the margin.
  overlay  per frame: hover outline, sight line and blockers, ruler, drag
           ghosts with their paths; only their rects are repainted.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import pygame

from engine.ui import theme as T
from engine.ui.boards import scenery
from engine.ui.panels.icons import blit_emblem
from engine.ui.boards.table_tools import first_hit, fmt_in, polygons_of

TILE = 256
MAX_TILES = 220
COMPOSE_MARGIN = 160
MAX_SCALE = 160.0          # px per inch
MAT = (66, 78, 60)         # the table surface
MAT_EDGE = (22, 24, 26)
GRID_1 = T.mix(MAT, (255, 255, 255), 0.07)
GRID_6 = T.mix(MAT, (255, 255, 255), 0.17)
HATCH_STEP = 9


@dataclass
class TableOverlay:
    """What the tools show over the table this frame (all optional)."""
    legs: list = field(default_factory=list)        # table_tools.MoveLeg: drag / formation preview
    allowance: float = 0.0
    problem: str = ""                               # why the drag would be refused ("" fine)
    grab: Any = None                                # the grabbed model's key (its length label)
    sight: Any = None                               # table_tools.Sight
    ruler: Any = None                               # table_tools.Ruler
    hover: list = field(default_factory=list)       # ModelSpecs of the hovered unit
    hover_kind: str = "hover"                       # hover | illegal
    ghosts: list = field(default_factory=list)      # Feet being placed (deployment) at the pointer
    ghost_problem: str = ""                         # why they may not go there ("" fine)
    shapes: list = field(default_factory=list)      # table_contract.OverlayShape: the game's own aids


def _flags(piece) -> set:
    out = set()
    if piece.impassable:
        out.add("cross")
    elif piece.blocking:
        out.add("hatch")
    if piece.difficult:
        out.add("dots")
    return out


class TableBoard:
    def __init__(self, table, game_view=None):
        self.table = table
        self.game_view = game_view
        self.styles = {}
        self.scenery: dict = {}          # piece id -> what is modelled on it (boards/scenery.py)
        for p in table.terrain:
            st = game_view.piece_style(p) if game_view is not None else None
            if st is None:
                from engine.ui.table_contract import TableView
                st = TableView.piece_style(None, p)
            pats = set(st.patterns) if st.patterns else _flags(p)
            self.styles[p.id] = (st.name, T.rgb(st.color), pats)
            self.scenery[p.id] = scenery.kind_of(p.type, st.name)
        self.zones = []
        if game_view is not None:
            try:
                self.zones = list(game_view.zones(getattr(getattr(game_view, "match", None), "state", None)))
            except TypeError:
                self.zones = list(game_view.zones())
        self.view = pygame.Rect(0, 0, 800, 600)
        self.scale = 10.0
        self.min_scale = 3.0
        self.cam = (table.width / 2, table.height / 2)
        self._tiles: OrderedDict = OrderedDict()
        self.tile_renders = 0
        self.compositions = 0
        self._comp = None
        self._comp_key = None
        self._comp_cam = (0.0, 0.0)
        self._last_src = None
        self._last_key = None
        self._last_view = None
        self._last_overlay: list = []
        self._sprites: dict = {}
        self._sprite_scale = None

    # --- camera -----------------------------------------------------------------------
    def set_view(self, rect) -> None:
        self.view = pygame.Rect(rect)

    def fit(self) -> None:
        W, H = self.table.width, self.table.height
        s = min((self.view.w - 28) / W, (self.view.h - 28) / H)
        self.min_scale = max(2.0, s * 0.6)
        self.scale = max(self.min_scale, min(MAX_SCALE, s))
        self.cam = (W / 2, H / 2)

    def world_to_screen(self, x: float, y: float) -> tuple[float, float]:
        ox, oy = self._origin()
        return (ox + x * self.scale, oy + y * self.scale)

    def screen_to_world(self, x: float, y: float) -> tuple[float, float]:
        ox, oy = self._origin()
        return ((x - ox) / self.scale, (y - oy) / self.scale)

    def _origin(self) -> tuple[int, int]:
        """Where the table's (0, 0) lands on screen (whole pixels, so tiles and sprites agree)."""
        return (round(self.view.centerx - self.cam[0] * self.scale), round(self.view.centery - self.cam[1] * self.scale))

    def spot_at(self, x: float, y: float):
        """The table point under a screen point (inches), or None off the table."""
        if not self.view.collidepoint(x, y):
            return None
        wx, wy = self.screen_to_world(x, y)
        if wx < -0.25 or wy < -0.25 or wx > self.table.width + 0.25 or wy > self.table.height + 0.25:
            return None
        return (wx, wy)

    def px(self, inches: float) -> float:
        return inches * self.scale

    def pan(self, dx: float, dy: float) -> None:
        W, H = self.table.width, self.table.height
        cx = min(max(self.cam[0] - dx / self.scale, 0.0), W)
        cy = min(max(self.cam[1] - dy / self.scale, 0.0), H)
        self.cam = (cx, cy)

    def zoom_at(self, factor: float, pos=None) -> bool:
        pos = pos or self.view.center
        new = max(self.min_scale, min(MAX_SCALE, self.scale * factor))
        if abs(new - self.scale) < 1e-6:
            return False
        wx, wy = self.screen_to_world(*pos)
        self.scale = round(new, 3)
        self.cam = (wx - (pos[0] - self.view.centerx) / self.scale, wy - (pos[1] - self.view.centery) / self.scale)
        return True

    # --- static tiles ---------------------------------------------------------------------
    def set_zones(self, zones) -> bool:
        """New scenario areas (a deployment edge chosen): the tiles are redrawn."""
        zones = list(zones)
        if zones == self.zones:
            return False
        self.zones = zones
        self.invalidate_static()
        return True

    def invalidate_static(self) -> None:
        self._tiles.clear()
        self._comp_key = None

    def _tile(self, tx: int, ty: int) -> pygame.Surface:
        key = (self.scale, tx, ty)
        t = self._tiles.get(key)
        if t is None:
            t = self._render_tile(tx, ty)
            self._tiles[key] = t
            while len(self._tiles) > MAX_TILES:
                self._tiles.popitem(last=False)
        else:
            self._tiles.move_to_end(key)
        return t

    def _render_tile(self, tx: int, ty: int) -> pygame.Surface:
        self.tile_renders += 1
        s = self.scale
        ox, oy = tx * TILE, ty * TILE
        disp = pygame.display.get_surface()
        surf = pygame.Surface((TILE, TILE), 0, disp) if disp is not None else pygame.Surface((TILE, TILE))
        surf.fill(T.BOARD_BG)
        W, H = self.table.width * s, self.table.height * s
        trect = pygame.Rect(round(-ox), round(-oy), round(W), round(H))
        tile_rect = pygame.Rect(0, 0, TILE, TILE)
        if not trect.colliderect(tile_rect.inflate(80, 80)):
            return surf
        inside = trect.inflate(-12, -12).contains(tile_rect)
        if not inside:
            # a soft shadow under the table
            for i, a in ((10, 0.10), (6, 0.16), (3, 0.25)):
                pygame.draw.rect(surf, T.mix(T.BOARD_BG, (0, 0, 0), a), trect.inflate(2 * i, 2 * i).move(3, 4), border_radius=i)
        surf.fill(MAT, trect)

        def loc(pts):
            return [(x * s - ox, y * s - oy) for x, y in pts]

        def visible(b, pad=4):
            return not (b[2] * s < ox - pad or b[0] * s > ox + TILE + pad or b[3] * s < oy - pad or b[1] * s > oy + TILE + pad)

        # deployment and other area tints
        tint = None
        for z in self.zones:
            if z.kind in ("deploy", "area") and z.ring:
                b = _bbox(z.ring)
                if not visible(b):
                    continue
                if tint is None:
                    tint = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
                c = T.rgb(z.color)
                pygame.draw.polygon(tint, (*c, 30 if z.kind == "deploy" else 22), loc(z.ring))
        if tint is not None:
            surf.blit(tint, (0, 0))
        # grid: 1" (when there is room) and 6"
        clip = surf.get_clip()
        surf.set_clip(trect.clip(tile_rect))
        if s >= 7:
            i0 = max(0, int(ox / s))
            i1 = min(int(self.table.width), int((ox + TILE) / s) + 1)
            for i in range(i0, i1 + 1):
                if i % 6:
                    x = round(i * s - ox)
                    pygame.draw.line(surf, GRID_1, (x, 0), (x, TILE))
            j0 = max(0, int(oy / s))
            j1 = min(int(self.table.height), int((oy + TILE) / s) + 1)
            for j in range(j0, j1 + 1):
                if j % 6:
                    y = round(j * s - oy)
                    pygame.draw.line(surf, GRID_1, (0, y), (TILE, y))
        for i in range(0, int(self.table.width) + 1, 6):
            x = round(i * s - ox)
            if -2 <= x <= TILE + 2:
                pygame.draw.line(surf, GRID_6, (x, 0), (x, TILE))
        for j in range(0, int(self.table.height) + 1, 6):
            y = round(j * s - oy)
            if -2 <= y <= TILE + 2:
                pygame.draw.line(surf, GRID_6, (0, y), (TILE, y))
        surf.set_clip(clip)
        # terrain pieces
        for p in self.table.terrain:
            if not p.ring or not visible(p.bbox, 8):
                continue
            name, col, pats = self.styles[p.id]
            pts = loc(p.ring)
            pygame.draw.polygon(surf, col, pts)
            if self.scenery.get(p.id):
                scenery.draw(surf, p, self.scenery[p.id], col, s, ox, oy, pts)
            if pats:
                # over modelled scenery the patterns are lighter: both must read
                _patterns(surf, pts, col, pats, ox, oy, 130 if self.scenery.get(p.id) else 210)
            edge = T.mix(col, (0, 0, 0), 0.55 if "cross" in pats else 0.4)
            w = 3 if "cross" in pats else 2
            pygame.draw.polygon(surf, edge, pts, w)
            pygame.draw.aalines(surf, edge, True, pts)
        # zone outlines and objective radii over the terrain (inside the table's rim)
        surf.set_clip(trect.inflate(-4, -4).clip(tile_rect))
        for z in self.zones:
            c = T.rgb(z.color)
            if z.ring and z.kind in ("deploy", "area"):
                if visible(_bbox(z.ring)):
                    _dashed(surf, loc(list(z.ring) + [z.ring[0]]), c, 2, 10, 7)
            elif z.kind == "objective" and z.point is not None:
                x, y = z.point
                r = z.radius
                if r > 0 and visible((x - r, y - r, x + r, y + r)):
                    _dashed_circle(surf, (x * s - ox, y * s - oy), r * s, c, 2)
        surf.set_clip(clip)
        # names of the pieces and zones
        for p in self.table.terrain:
            if not p.ring or not visible(p.bbox, 80):
                continue
            name, col, pats = self.styles[p.id]
            wpx = (p.bbox[2] - p.bbox[0]) * s
            if wpx < 54 or not name:
                continue
            cx, cy = p.centre
            _label(surf, name, (cx * s - ox, cy * s - oy), max(11, min(18, int(s * 0.55))), (240, 238, 228))
        for z in self.zones:
            if z.kind == "deploy" and z.ring and z.label:
                b = _bbox(z.ring)
                if visible(b, 200) and (b[2] - b[0]) * s > 90:
                    px = max(11, min(17, int(s * 0.5)))
                    img = T.text(z.label, px, T.mix(z.color, (255, 255, 255), 0.35), True)
                    # along the zone's edge that faces the middle of the table, at its left end
                    inner_y = b[3] if (b[1] + b[3]) / 2 < self.table.height / 2 else b[1]
                    x = b[0] * s - ox + px * 0.6
                    y = inner_y * s - oy + (-px if inner_y == b[3] else px)
                    r = img.get_rect(midleft=(round(x), round(y)))
                    sh = T.text(z.label, px, (0, 0, 0), True)
                    surf.blit(sh, r.move(1, 1))
                    surf.blit(img, r)
            if z.kind == "objective" and z.point is not None:
                x, y = z.point
                if visible((x - 1, y - 1, x + 1, y + 1), 40):
                    _objective(surf, (x * s - ox, y * s - oy), s, z.label, T.rgb(z.color))
        # edge numbers every 6" and the table's rim
        fs = max(10, min(14, int(s * 0.45)))
        for i in range(6, int(self.table.width), 6):
            x = i * s - ox
            if -20 <= x <= TILE + 20:
                img = T.text(str(i), fs, T.mix(MAT, (255, 255, 255), 0.45))
                surf.blit(img, img.get_rect(midtop=(round(x), round(-oy) + 3)))
                surf.blit(img, img.get_rect(midbottom=(round(x), round(H - oy) - 3)))
        for j in range(6, int(self.table.height), 6):
            y = j * s - oy
            if -20 <= y <= TILE + 20:
                img = T.text(str(j), fs, T.mix(MAT, (255, 255, 255), 0.45))
                surf.blit(img, img.get_rect(midleft=(round(-ox) + 4, round(y))))
                surf.blit(img, img.get_rect(midright=(round(W - ox) - 4, round(y))))
        if not inside:
            pygame.draw.rect(surf, MAT_EDGE, trect, 3)
        return surf

    # --- sprites ---------------------------------------------------------------------------
    def _sprite(self, key, make):
        if self._sprite_scale != self.scale:
            self._sprites.clear()
            self._sprite_scale = self.scale
        spr = self._sprites.get(key)
        if spr is None:
            spr = make()
            if pygame.display.get_surface() is not None:
                spr = spr.convert_alpha()
            if len(self._sprites) > 800:
                self._sprites.clear()
            self._sprites[key] = spr
        return spr

    def model_sprite(self, m, ghost: str = "") -> pygame.Surface:
        f = m.foot
        face = 0 if f.round else int(round(f.facing)) % 360
        key = (f.shape, face, m.color, m.label, m.hp, m.max_hp, m.fatigue, m.leader, m.badge, m.statuses,
               m.spent, ghost, m.icon, m.figures)
        return self._sprite(("m",) + key, lambda: make_model(m, self.scale, ghost))

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surf, models=(), markers=(), highlights=None, selected=None, reach=None, moving=(),
             overlay: TableOverlay | None = None, positions=None, layer_key=None, partial=False,
             restore=None):
        """Draw the table into self.view.  `highlights`: unit key -> ring
        kind; `selected`: a unit key; `reach`: shapely area (inches);
        `moving`: model keys drawn faded (being dragged); `positions`:
        model key -> (x, y) overrides (glides); `overlay`: the per-frame
        tool drawings.  With `partial` (the surface still holds the last
        frame) and the composed layer unchanged, only the old and new
        overlay rects and `restore` are repainted; returns the rects
        touched, or None when the whole view was drawn."""
        v = self.view
        margin = 0 if positions else COMPOSE_MARGIN
        key = None if layer_key is None or positions else (layer_key, self.scale, v.size)
        dx = dy = 0
        if key is not None and key == self._comp_key and self._comp is not None:
            dx = int(round((self._comp_cam[0] - self.cam[0]) * self.scale))
            dy = int(round((self._comp_cam[1] - self.cam[1]) * self.scale))
            if abs(dx) > margin or abs(dy) > margin:
                key = None
        if key is None or key != self._comp_key or self._comp is None:
            size = (v.w + 2 * margin, v.h + 2 * margin)
            if self._comp is None or self._comp.get_size() != size:
                self._comp = pygame.Surface(size)
                if pygame.display.get_surface() is not None:
                    self._comp = self._comp.convert()
            saved = self.view
            self.view = pygame.Rect(margin, margin, v.w, v.h)
            try:
                self._compose(self._comp, models, markers, highlights or {}, selected, reach, set(moving), positions)
            finally:
                self.view = saved
            self._comp_key = key
            self._comp_cam = self.cam
            self.compositions += 1
            dx = dy = 0
        src = (v.x - margin + dx, v.y - margin + dy)
        dirty = None
        same_layer = partial and key is not None and self._last_key == key and self._last_view == tuple(v)
        if same_layer and src == self._last_src:
            dirty = self._put_back(surf, src, restore)
        elif same_layer and abs(src[0] - self._last_src[0]) < v.w // 2 and abs(src[1] - self._last_src[1]) < v.h // 2:
            self._slide(surf, src, restore)
        else:
            surf.blit(self._comp, v.topleft, pygame.Rect(margin - dx, margin - dy, v.w, v.h))
        self._last_src, self._last_key, self._last_view = src, key, tuple(v)
        clip = surf.get_clip()
        surf.set_clip(v)
        try:
            rects = self._draw_overlay(surf, overlay) if overlay is not None else []
        finally:
            surf.set_clip(clip)
        rects = [r.clip(v) for r in rects]
        rects = [r for r in rects if r.w > 0 and r.h > 0]
        self._last_overlay = rects
        if dirty is not None:
            dirty.extend(rects)
        return dirty

    def _put_back(self, surf, src, restore) -> list:
        """The last frame's overlay rects and `restore` (rects drawn over the
        view by others) copied back from the composed layer shown from `src`;
        returns them (clipped to the view)."""
        v = self.view
        out = []
        for r in list(self._last_overlay) + list(restore or []):
            r = pygame.Rect(r).clip(v) if r else None
            if r and r.w > 0 and r.h > 0:
                surf.blit(self._comp, r.topleft, r.move(-src[0], -src[1]))
                out.append(r)
        return out

    def _slide(self, surf, src, restore) -> None:
        """A pan within the composed layer: the view's pixels (the last
        frame's, its overlay and `restore` rects put back first) slide by the
        camera's move in place, and only the strips it uncovers are copied
        from the layer: the same pixels as copying the whole view again,
        with less memory traffic (most of a pan frame's cost)."""
        v, old, comp = self.view, self._last_src, self._comp
        self._put_back(surf, old, restore)
        sx, sy = src[0] - old[0], src[1] - old[1]
        clip = surf.get_clip()
        surf.set_clip(v)
        try:
            surf.scroll(sx, sy)
        finally:
            surf.set_clip(clip)
        strips = []
        if sx > 0:
            strips.append(pygame.Rect(v.x, v.y, sx, v.h))
        elif sx < 0:
            strips.append(pygame.Rect(v.right + sx, v.y, -sx, v.h))
        if sy > 0:
            strips.append(pygame.Rect(v.x, v.y, v.w, sy))
        elif sy < 0:
            strips.append(pygame.Rect(v.x, v.bottom + sy, v.w, -sy))
        for r in strips:
            surf.blit(comp, r.topleft, r.move(-src[0], -src[1]))

    def _compose(self, surf, models, markers, highlights, selected, reach, moving, positions) -> None:
        area = surf.get_rect()
        ox, oy = self._origin()
        # tiles: the tile grid is fixed in scaled pixels; (ox, oy) is where pixel 0 lands
        tx0 = math.floor((area.x - ox) / TILE)
        ty0 = math.floor((area.y - oy) / TILE)
        tx1 = math.floor((area.right - 1 - ox) / TILE)
        ty1 = math.floor((area.bottom - 1 - oy) / TILE)
        for ty in range(ty0, ty1 + 1):
            for tx in range(tx0, tx1 + 1):
                surf.blit(self._tile(tx, ty), (ox + tx * TILE, oy + ty * TILE))
        s = self.scale
        # the reach area of the selected unit: a soft fill
        if reach is not None:
            self._draw_reach(surf, reach, area)
        # objective markers that change (holder's colour)
        for z in markers:
            if z.point is not None:
                x, y = self.world_to_screen(*z.point)
                if z.radius > 0:
                    _dashed_circle(surf, (x, y), z.radius * s, T.rgb(z.color), 2)
                _objective(surf, (x, y), s, z.label, T.rgb(z.color))
        view = area.inflate(80, 80)
        by_unit: dict = {}
        for m in models:
            by_unit.setdefault(m.unit, []).append(m)

        def centre(m):
            if positions and m.key in positions:
                return self.world_to_screen(*positions[m.key])
            return self.world_to_screen(m.foot.x, m.foot.y)

        # selection under the models
        if selected is not None:
            fronts: dict = {}
            for m in by_unit.get(selected, []):
                if m.arc and not m.foot.round and not (positions and m.key in positions):
                    fronts.setdefault((round(m.foot.facing) % 360, m.arc), []).append(m.foot)
            for (_, arc), feet in fronts.items():
                _front_arc(surf, self, feet, arc)
            for m in by_unit.get(selected, []):
                x, y = centre(m)
                _ring(surf, (x, y), m.foot, s, "select")
        # models
        for m in models:
            x, y = centre(m)
            if not view.collidepoint(x, y):
                continue
            spr = self.model_sprite(m, "faded" if m.key in moving else "")
            surf.blit(spr, (round(x - spr.get_width() / 2), round(y - spr.get_height() / 2)))
        # target rings over the models (keys: a unit's, or one model's)
        if highlights:
            for m in models:
                kind = highlights.get(m.key) or highlights.get(m.unit)
                if kind is None:
                    continue
                x, y = centre(m)
                if view.collidepoint(x, y):
                    _ring(surf, (x, y), m.foot, s, kind)

    def _draw_reach(self, surf, geom, area) -> None:
        s = self.scale
        b = geom.bounds
        x0, y0 = self.world_to_screen(b[0], b[1])
        x1, y1 = self.world_to_screen(b[2], b[3])
        box = pygame.Rect(math.floor(x0) - 2, math.floor(y0) - 2, math.ceil(x1 - x0) + 5, math.ceil(y1 - y0) + 5).clip(area)
        if box.w <= 0 or box.h <= 0:
            return
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        ox, oy = self._origin()
        ox -= box.x
        oy -= box.y
        polys = polygons_of(geom)
        for ext, holes in polys:
            pts = [(ox + x * s, oy + y * s) for x, y in ext]
            if len(pts) >= 3:
                pygame.draw.polygon(layer, (*T.HL_MOVE, 52), pts)
        for ext, holes in polys:
            for h in holes:
                pts = [(ox + x * s, oy + y * s) for x, y in h]
                if len(pts) >= 3:
                    pygame.draw.polygon(layer, (0, 0, 0, 0), pts)
        for ext, holes in polys:
            for ring in [ext] + holes:
                pts = [(ox + x * s, oy + y * s) for x, y in ring]
                if len(pts) >= 3:
                    pygame.draw.lines(layer, (*T.HL_MOVE, 190), True, pts, 2)
        surf.blit(layer, box.topleft)

    # --- overlay -------------------------------------------------------------------------------------
    def _draw_overlay(self, surf, ov: TableOverlay) -> list:
        rects: list = []
        s = self.scale
        sc = self.world_to_screen
        # hovered unit
        for m in ov.hover:
            x, y = sc(m.foot.x, m.foot.y)
            rects.append(_ring(surf, (x, y), m.foot, s, "illegal" if ov.hover_kind == "illegal" else "hover"))
        # the sight line and what blocks it
        st = ov.sight
        if st is not None:
            if st.line is not None:
                (ax, ay), (bx, by) = st.line
                p1, p2 = sc(ax, ay), sc(bx, by)
                if st.visible:
                    _line(surf, p1, p2, (255, 255, 255), 2, shadow=True)
                    rects += _cover([p1, p2], 2 + 6)
                else:
                    _dashed(surf, [p1, p2], T.BAD, 3, 10, 6, 0, shadow=True)
                    rects += _cover([p1, p2], 3 + 6)
                for p in st.pieces:
                    pts = [sc(x, y) for x, y in p.ring]
                    rects.append(pygame.draw.polygon(surf, T.BAD, pts, 3))
                    hit = first_hit(st.line, p)
                    if hit is not None:
                        rects.append(_cross(surf, sc(*hit), 9, T.BAD))
            for f in st.feet:
                rects.append(_ring(surf, sc(f.x, f.y), f, s, "illegal"))
            (na, nb) = st.near
            q1, q2 = sc(*na), sc(*nb)
            rects.append(_line(surf, q1, q2, T.ACCENT, 1))
            for q in (q1, q2):
                rects.append(pygame.draw.circle(surf, T.ACCENT, q, 3))
            mid = ((q1[0] + q2[0]) / 2, (q1[1] + q2[1]) / 2)
            rects.append(_pill(surf, fmt_in(st.distance) + ("" if st.visible else " · no sight"), mid,
                               T.ACCENT if st.visible else T.BAD))
        # drag / formation preview
        for lg in ov.legs:
            pts = [sc(x, y) for x, y in lg.path]
            over = bool(lg.blocked) or lg.length > ov.allowance + 1e-6
            col = T.BAD if over else T.HL_MOVE
            if len(pts) >= 2:
                _dashed(surf, pts, col, 2, 8, 5, 0, shadow=True)
                rects += _cover(pts, 2 + 6)
            x, y = sc(lg.end.x, lg.end.y)
            m = _Ghost(lg.end)
            spr = self._sprite(("ghost", lg.end.shape, 0 if lg.end.round else int(round(lg.end.facing)) % 360, over),
                               lambda: make_ghost(m.foot, self.scale, over))
            rects.append(surf.blit(spr, (round(x - spr.get_width() / 2), round(y - spr.get_height() / 2))))
        grab = next((lg for lg in ov.legs if lg.key == ov.grab), None)
        if grab is not None:
            x, y = sc(grab.end.x, grab.end.y)
            r = (grab.end.r if grab.end.round else grab.end.shape.radius) * s
            text = f"{fmt_in(max((lg.length for lg in ov.legs), default=0))} of {fmt_in(ov.allowance)}"
            rects.append(_pill(surf, text, (x, y - r - 16), T.BAD if ov.problem else T.GOOD))
        # a unit being placed
        for f in ov.ghosts:
            x, y = sc(f.x, f.y)
            bad = bool(ov.ghost_problem)
            spr = self._sprite(("ghost", f.shape, 0 if f.round else int(round(f.facing)) % 360, bad),
                               lambda f=f, bad=bad: make_ghost(f, self.scale, bad))
            rects.append(surf.blit(spr, (round(x - spr.get_width() / 2), round(y - spr.get_height() / 2))))
        # the game's own aids (charge lanes, contact edges, formation ghosts ...)
        if ov.shapes:
            clip = surf.get_clip()
            x0, y0 = self.world_to_screen(0.0, 0.0)
            x1, y1 = self.world_to_screen(self.table.width, self.table.height)
            area = pygame.Rect(math.floor(x0), math.floor(y0), math.ceil(x1 - x0) + 1, math.ceil(y1 - y0) + 1)
            area = area.clip(self.view).clip(clip)           # the aids stay on the table
            surf.set_clip(area)
            for sh in ov.shapes:
                rects += [r.clip(area) for r in self._shape(surf, sh)]
            surf.set_clip(clip)
        # the ruler
        rl = ov.ruler
        if rl is not None:
            (ax, ay), (bx, by) = rl.points()
            p1, p2 = sc(ax, ay), sc(bx, by)
            rects.append(_ruler(surf, p1, p2, s))
            rects.append(_pill(surf, rl.label(), (p2[0], p2[1] - 20), (255, 255, 255)))
        return rects


    def _shape(self, surf, sh) -> list:
        """One of the game's OverlayShapes: a polyline or outline, dashed or
        not, tinted inside when `fill`, its label in a pill."""
        pts = [self.world_to_screen(x, y) for x, y in sh.points]
        if len(pts) < 2:
            return []
        col = T.rgb(sh.color)
        out = []
        if sh.fill and sh.closed and len(pts) >= 3:
            x0, y0, x1, y1 = _bbox(pts)
            box = pygame.Rect(math.floor(x0), math.floor(y0), math.ceil(x1 - x0) + 2, math.ceil(y1 - y0) + 2)
            if box.colliderect(surf.get_rect()):
                lay = pygame.Surface(box.size, pygame.SRCALPHA)
                pygame.draw.polygon(lay, (*col, 150), [(x - box.x, y - box.y) for x, y in pts])
                out.append(surf.blit(lay, box.topleft))
        ring = pts + [pts[0]] if sh.closed else pts
        if sh.dashed:
            _dashed(surf, ring, col, sh.width, 8, 5, 0, shadow=True)
            out += _cover(ring, sh.width + 6)
        else:
            pygame.draw.lines(surf, (0, 0, 0), False, ring, sh.width + 2)
            out.append(pygame.draw.lines(surf, col, False, ring, sh.width).inflate(sh.width + 6, sh.width + 6))
        if sh.label:
            if sh.closed:
                x, y = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
            else:
                x, y = pts[len(pts) // 2]
            out.append(_pill(surf, sh.label, (x, y - 14), col))
        return out


class _Ghost:
    def __init__(self, foot):
        self.foot = foot


# --- drawing helpers ---------------------------------------------------------------------------
def _bbox(ring) -> tuple:
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    return (min(xs), min(ys), max(xs), max(ys))


def _patterns(surf, pts, col, pats, ox, oy, alpha: int = 210) -> None:
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


def _dashed(surf, pts, col, width, dash, gap, phase=0.0, shadow=False) -> pygame.Rect:
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


def _cover(pts, pad: float, step: float = 96.0) -> list:
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


def _dashed_circle(surf, c, r, col, width) -> None:
    n = max(12, int(r * 2 * math.pi / 12))
    for i in range(0, n, 2):
        a0 = 2 * math.pi * i / n
        a1 = 2 * math.pi * (i + 1) / n
        pygame.draw.line(surf, col, (c[0] + r * math.cos(a0), c[1] + r * math.sin(a0)),
                         (c[0] + r * math.cos(a1), c[1] + r * math.sin(a1)), width)


def _line(surf, p1, p2, col, width, shadow=False) -> pygame.Rect:
    if shadow:
        pygame.draw.line(surf, (0, 0, 0), (p1[0] + 1, p1[1] + 1), (p2[0] + 1, p2[1] + 1), width + 2)
    r = pygame.draw.line(surf, col, p1, p2, width)
    return r.inflate(6, 6)


def _cross(surf, c, r, col) -> pygame.Rect:
    a = pygame.draw.line(surf, (0, 0, 0), (c[0] - r, c[1] - r), (c[0] + r, c[1] + r), 6)
    pygame.draw.line(surf, (0, 0, 0), (c[0] - r, c[1] + r), (c[0] + r, c[1] - r), 6)
    pygame.draw.line(surf, col, (c[0] - r, c[1] - r), (c[0] + r, c[1] + r), 3)
    pygame.draw.line(surf, col, (c[0] - r, c[1] + r), (c[0] + r, c[1] - r), 3)
    return a.inflate(4, 4)


def _pill(surf, text, centre, col) -> pygame.Rect:
    img = T.text(text, 15, T.rgb(col), True)
    r = img.get_rect(center=(round(centre[0]), round(centre[1])))
    bg = r.inflate(14, 6)
    pygame.draw.rect(surf, (16, 18, 22), bg, border_radius=bg.h // 2)
    pygame.draw.rect(surf, T.mix(col, (0, 0, 0), 0.3), bg, 1, border_radius=bg.h // 2)
    surf.blit(img, r)
    return bg


def _label(surf, text, centre, px, col, pill=True) -> None:
    img = T.text(text, px, col, True)
    r = img.get_rect(center=(round(centre[0]), round(centre[1])))
    if pill:
        bg = pygame.Surface(r.inflate(px * 0.8, px * 0.3).size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (16, 16, 20, 150), bg.get_rect(), border_radius=bg.get_height() // 2)
        surf.blit(bg, bg.get_rect(center=r.center))
    else:
        sh = T.text(text, px, (0, 0, 0), True)
        surf.blit(sh, r.move(1, 1))
    surf.blit(img, r)


def _objective(surf, c, s, label, col) -> None:
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


def _ruler(surf, p1, p2, s) -> pygame.Rect:
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


def _ring(surf, c, foot, s, kind) -> pygame.Rect:
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


def _front_arc(surf, board, feet, arc) -> None:
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
    box = box.clip(surf.get_rect())
    if box.w <= 0 or box.h <= 0:
        return
    lay = pygame.Surface(box.size, pygame.SRCALPHA)
    loc = [(x - box.x, y - box.y) for x, y in sp]
    pygame.draw.polygon(lay, (*T.HL_SELECT, 22), loc)
    pygame.draw.line(lay, (*T.HL_SELECT, 150), loc[0], loc[1], 2)
    pygame.draw.line(lay, (*T.HL_SELECT, 150), loc[3], loc[2], 2)
    surf.blit(lay, box.topleft)


def make_model(m, s: float, ghost: str = "") -> pygame.Surface:
    """A model on its base at s px/inch: player colour, dark rim, the unit
    letter, a star for a leader, wound pips (bottom) and fatigue pips (top),
    a facing tick on rectangular bases.  Drawn at 3x and smoothed."""
    f = m.foot
    k = 3
    col = T.rgb(m.color)
    dark = T.mix(col, (0, 0, 0), 0.55)
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
