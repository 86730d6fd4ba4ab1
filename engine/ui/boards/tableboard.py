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
from engine.ui.boards.sprites import SpriteCache
from engine.ui.boards import table_strokes as strokes
from engine.ui.boards.table_models import make_ghost, make_model
from engine.ui.boards.table_tools import first_hit, fmt_in, polygons_of

TILE = 256
MAX_TILES = 220
COMPOSE_MARGIN = 160
MAX_SCALE = 160.0          # px per inch
MAT = (66, 78, 60)         # the table surface
MAT_EDGE = (22, 24, 26)
GRID_1 = T.mix(MAT, (255, 255, 255), 0.07)
GRID_6 = T.mix(MAT, (255, 255, 255), 0.17)


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
    measure: float | None = None                    # the move's length as the rules measure it (the bar's
                                                    # figure); None: the longest leg drawn


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
        self._sprites = SpriteCache(800)

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
                b = strokes.bbox(z.ring)
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
                strokes.patterns(surf, pts, col, pats, ox, oy, 130 if self.scenery.get(p.id) else 210)
            edge = T.mix(col, (0, 0, 0), 0.55 if "cross" in pats else 0.4)
            w = 3 if "cross" in pats else 2
            pygame.draw.polygon(surf, edge, pts, w)
            pygame.draw.aalines(surf, edge, True, pts)
        # zone outlines and objective radii over the terrain (inside the table's rim)
        surf.set_clip(trect.inflate(-4, -4).clip(tile_rect))
        for z in self.zones:
            c = T.rgb(z.color)
            if z.ring and z.kind in ("deploy", "area"):
                if visible(strokes.bbox(z.ring)):
                    strokes.dashed(surf, loc(list(z.ring) + [z.ring[0]]), c, 2, 10, 7)
            elif z.kind == "objective" and z.point is not None:
                x, y = z.point
                r = z.radius
                if r > 0 and visible((x - r, y - r, x + r, y + r)):
                    strokes.dashed_circle(surf, (x * s - ox, y * s - oy), r * s, c, 2)
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
            strokes.label(surf, name, (cx * s - ox, cy * s - oy), max(11, min(18, int(s * 0.55))), (240, 238, 228),
                          within=trect.inflate(-6, -6))
        for z in self.zones:
            if z.kind == "deploy" and z.ring and z.label:
                b = strokes.bbox(z.ring)
                if visible(b, 200) and (b[2] - b[0]) * s > 90:
                    px = max(11, min(17, int(s * 0.5)))
                    img = T.text(z.label, px, T.mix(z.color, (255, 255, 255), 0.35), True)
                    # along the zone's edge that faces the middle of the table, at its left end
                    inner_y = b[3] if (b[1] + b[3]) / 2 < self.table.height / 2 else b[1]
                    x = b[0] * s - ox + px * 0.6
                    y = inner_y * s - oy + (-px if inner_y == b[3] else px)
                    r = img.get_rect(midleft=(round(x), round(y))).clamp(trect.inflate(-6, -6))   # whole, on the table
                    sh = T.text(z.label, px, (0, 0, 0), True)
                    surf.blit(sh, r.move(1, 1))
                    surf.blit(img, r)
            if z.kind == "objective" and z.point is not None:
                x, y = z.point
                if visible((x - 1, y - 1, x + 1, y + 1), 40):
                    strokes.objective(surf, (x * s - ox, y * s - oy), s, z.label, T.rgb(z.color))
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
        return self._sprites.get(self.scale, key, make)

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
                    strokes.dashed_circle(surf, (x, y), z.radius * s, T.rgb(z.color), 2)
                strokes.objective(surf, (x, y), s, z.label, T.rgb(z.color))
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
                strokes.front_arc(surf, self, feet, arc)
            for m in by_unit.get(selected, []):
                x, y = centre(m)
                strokes.ring(surf, (x, y), m.foot, s, "select")
        # models
        for m in models:
            x, y = centre(m)
            if not view.collidepoint(x, y):
                continue
            spr = self.model_sprite(m, "faded" if m.key in moving else "")
            surf.blit(spr, (round(x - spr.get_width() / 2), round(y - spr.get_height() / 2)))
        # target rings over the models (keys: a unit's, or one model's); a unit of
        # several bases keyed as a whole gets one ring round it, not one a base
        if highlights:
            whole: dict = {}
            for m in models:
                kind = highlights.get(m.key)
                if kind is None:
                    kind = highlights.get(m.unit)
                    if kind is None:
                        continue
                    if len(by_unit.get(m.unit, ())) > 1:
                        whole[m.unit] = kind
                        continue
                x, y = centre(m)
                if view.collidepoint(x, y):
                    strokes.ring(surf, (x, y), m.foot, s, kind)
            for unit, kind in whole.items():
                ms = by_unit[unit]
                cs = [centre(m) for m in ms]
                if any(view.collidepoint(x, y) for x, y in cs):
                    strokes.unit_ring(surf, [p for m, c in zip(ms, cs) for p in strokes.base_outline(c, m.foot, s)],
                                      kind)

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
        for ext, _ in polys:
            pts = [(ox + x * s, oy + y * s) for x, y in ext]
            if len(pts) >= 3:
                pygame.draw.polygon(layer, (*T.HL_MOVE, 52), pts)
        for _, holes in polys:
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
            rects.append(strokes.ring(surf, (x, y), m.foot, s, "illegal" if ov.hover_kind == "illegal" else "hover"))
        # the sight line and what blocks it
        st = ov.sight
        if st is not None:
            if st.line is not None:
                (ax, ay), (bx, by) = st.line
                p1, p2 = sc(ax, ay), sc(bx, by)
                if st.visible:
                    strokes.line(surf, p1, p2, (255, 255, 255), 2, shadow=True)
                    rects += strokes.cover([p1, p2], 2 + 6)
                else:
                    strokes.dashed(surf, [p1, p2], T.BAD, 3, 10, 6, 0, shadow=True)
                    rects += strokes.cover([p1, p2], 3 + 6)
                for p in st.pieces:
                    pts = [sc(x, y) for x, y in p.ring]
                    rects.append(pygame.draw.polygon(surf, T.BAD, pts, 3))
                    hit = first_hit(st.line, p)
                    if hit is not None:
                        rects.append(strokes.cross(surf, sc(*hit), 9, T.BAD))
            for f in st.feet:
                rects.append(strokes.ring(surf, sc(f.x, f.y), f, s, "illegal"))
            (na, nb) = st.near
            q1, q2 = sc(*na), sc(*nb)
            rects.append(strokes.line(surf, q1, q2, T.ACCENT, 1))
            for q in (q1, q2):
                rects.append(pygame.draw.circle(surf, T.ACCENT, q, 3))
            mid = ((q1[0] + q2[0]) / 2, (q1[1] + q2[1]) / 2)
            rects.append(strokes.pill(surf, fmt_in(st.distance) + ("" if st.visible else " · no sight"), mid,
                               T.ACCENT if st.visible else T.BAD))
        # drag / formation preview
        for lg in ov.legs:
            pts = [sc(x, y) for x, y in lg.path]
            over = bool(lg.blocked) or lg.length > ov.allowance + 1e-6
            col = T.BAD if over else T.HL_MOVE
            if len(pts) >= 2:
                strokes.dashed(surf, pts, col, 2, 8, 5, 0, shadow=True)
                rects += strokes.cover(pts, 2 + 6)
            x, y = sc(lg.end.x, lg.end.y)
            m = _Ghost(lg.end)
            spr = self._sprite(("ghost", lg.end.shape, 0 if lg.end.round else int(round(lg.end.facing)) % 360, over),
                               lambda: make_ghost(m.foot, self.scale, over))
            rects.append(surf.blit(spr, (round(x - spr.get_width() / 2), round(y - spr.get_height() / 2))))
        grab = next((lg for lg in ov.legs if lg.key == ov.grab), None)
        if grab is not None:
            x, y = sc(grab.end.x, grab.end.y)
            r = (grab.end.r if grab.end.round else grab.end.shape.radius) * s
            gone = ov.measure if ov.measure is not None else max((lg.length for lg in ov.legs), default=0)
            text = f"{fmt_in(gone)} of {fmt_in(ov.allowance)}"       # the bar's own figure (table_contract.hint)
            rects.append(strokes.pill(surf, text, (x, y - r - 16), T.BAD if ov.problem else T.GOOD))
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
            rects.append(strokes.ruler(surf, p1, p2, s))
            rects.append(strokes.pill(surf, rl.label(), (p2[0], p2[1] - 20), (255, 255, 255)))
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
            x0, y0, x1, y1 = strokes.bbox(pts)
            box = pygame.Rect(math.floor(x0), math.floor(y0), math.ceil(x1 - x0) + 2, math.ceil(y1 - y0) + 2)
            if box.colliderect(surf.get_rect()):
                lay = pygame.Surface(box.size, pygame.SRCALPHA)
                pygame.draw.polygon(lay, (*col, 150), [(x - box.x, y - box.y) for x, y in pts])
                out.append(surf.blit(lay, box.topleft))
        ring = pts + [pts[0]] if sh.closed else pts
        if sh.dashed:
            strokes.dashed(surf, ring, col, sh.width, 8, 5, 0, shadow=True)
            out += strokes.cover(ring, sh.width + 6)
        else:
            pygame.draw.lines(surf, (0, 0, 0), False, ring, sh.width + 2)
            out.append(pygame.draw.lines(surf, col, False, ring, sh.width).inflate(sh.width + 6, sh.width + 6))
        if sh.label:
            if sh.closed:
                x, y = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
            else:
                x, y = pts[len(pts) // 2]
            out.append(strokes.pill(surf, sh.label, (x, y - 14), col))
        return out


class _Ghost:
    def __init__(self, foot):
        self.foot = foot
