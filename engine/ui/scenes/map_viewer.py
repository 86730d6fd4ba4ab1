"""The map viewer (for designers, and for players learning the terrain):
the board of a scenario with a terrain legend and hover details, no play.
Hex maps are drawn by the hex board; free-measure tables (a TableView)
by the table board: the table, its terrain pieces and scenario zones."""
from __future__ import annotations

import pygame

from engine.ui import theme as T
from engine.ui import widgets as W
from engine.ui.scene import Scene
from engine.ui.contract import load_game_ui
from engine.ui.boards.hexboard import HexBoard, texture_tile


class MapViewer(Scene):
    opaque = True

    def __init__(self, app, match, scenarios: list[str] | None = None, on_scenario=None):
        super().__init__(app)
        self.match = match
        self.view, _ = load_game_ui(match)
        self.is_table = getattr(self.view, "space", "") == "table"
        if self.is_table:
            from engine.ui.boards.tableboard import TableBoard
            self.board = TableBoard(self.view.table(), self.view)
        else:
            self.board = HexBoard(self.view.hexes(), self.view.terrain, self.view.labels(),
                                  region=getattr(self.view, "region", None))
        self.scenarios = scenarios or []
        self.on_scenario = on_scenario
        self.hover = None
        self.mouse = (0, 0)
        self.press = None
        self.dragging = False
        self.buttons = W.ButtonRow()
        self.legend = self._legend()
        self.fitted = False

    def _legend(self) -> list[tuple[str, str, str, list[str]]]:
        """(terrain id, colour, name, rule lines) for each terrain on the map, commonest first."""
        if self.is_table:
            return self._table_legend()
        seen: dict[str, list] = {}
        for h in self.view.hexes():
            tid, col = self.view.terrain(h)
            seen.setdefault(tid, [col, h, 0])[2] += 1
        out = []
        for tid, (col, h, n) in sorted(seen.items(), key=lambda kv: -kv[1][2]):
            info = self.view.hex_info(self.match.state, h)
            name = info.title.split("·")[0].strip() if info.title else tid
            lines = [ln for ln in info.lines if not ln.startswith(("An uncaptured", "  "))]
            out.append((tid, col, f"{name} ({n})", lines[:3]))
        return out

    def _table_legend(self) -> list[tuple[str, str, str, list[str]]]:
        """Each kind of terrain piece (and scenario zone) on the table, with its rules."""
        table = self.board.table
        seen: dict[str, list] = {}
        for p in table.terrain:
            st = self.view.piece_style(p)
            seen.setdefault(p.type, [st.color, p, 0])[2] += 1
        out = []
        for tid, (col, p, n) in sorted(seen.items(), key=lambda kv: -kv[1][2]):
            x0, y0, x1, y1 = p.bbox
            info = self.view.point_info(self.match.state, ((x0 + x1) / 2, (y0 + y1) / 2))
            name = (tid or "terrain").replace("_", " ").capitalize()
            out.append((tid, col, f"{name} ({n})", [ln for ln in info.lines if ln][:3]))
        zones: dict[str, int] = {}
        for z in table.zones:
            zones[z.type] = zones.get(z.type, 0) + 1
        for zt, n in zones.items():
            out.append((f"zone:{zt}", "#5a6a8a", f"{zt.replace('_', ' ').capitalize()} zone ({n})", []))
        return out

    def resize(self, size) -> None:
        th = self.app.theme
        w, h = size
        pw = max(int(w * 0.30), 360)
        self.board_rect = pygame.Rect(0, 0, w - pw, h)
        self.panel = pygame.Rect(w - pw, 0, pw, h)
        old = self.board.view
        self.board.set_view(self.board_rect)
        if not self.fitted or old.size != self.board_rect.size:
            self.board.fit()
            self.fitted = True
        bw = (pw - th.px(36)) // 2
        y = h - th.px(12) - th.px(40)
        self.buttons.buttons = [W.Button(pygame.Rect(self.panel.x + th.px(12), y, bw, th.px(40)), "Back", "back", "Esc"),
                                W.Button(pygame.Rect(self.panel.x + th.px(24) + bw, y, bw, th.px(40)), "Fit", "fit", "F")]

    def handle(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                self.app.pop(self)
            elif ev.key == pygame.K_f:
                self.board.fit()
            elif ev.key in (pygame.K_LEFT, pygame.K_a):
                self.board.pan(60, 0)
            elif ev.key in (pygame.K_RIGHT, pygame.K_d):
                self.board.pan(-60, 0)
            elif ev.key in (pygame.K_UP, pygame.K_w):
                self.board.pan(0, 60)
            elif ev.key in (pygame.K_DOWN, pygame.K_s):
                self.board.pan(0, -60)
            return True
        if ev.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if self.board_rect.collidepoint(pos):
                self.board.zoom_at(1.15 if ev.y > 0 else 1 / 1.15, pos)
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN:
            if self.board_rect.collidepoint(ev.pos):
                self.press = ev.pos
                self.dragging = False
            elif ev.button == 1:
                b = self.buttons.at(ev.pos)
                if b is not None and b.command == "back":
                    self.app.pop(self)
                elif b is not None and b.command == "fit":
                    self.board.fit()
            return True
        if ev.type == pygame.MOUSEBUTTONUP:
            self.press = None
            self.dragging = False
            return True
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            if self.press is not None:
                self.dragging = True
                self.board.pan(*ev.rel)
            self.buttons.motion(ev.pos)
            self.hover = self.board.spot_at(*ev.pos) if self.is_table else self.board.hex_at(*ev.pos)
            return True
        return False

    def draw(self, surf) -> None:
        th = self.app.theme
        if self.is_table:
            self.board.draw(surf, markers=self.view.markers(self.match.state), layer_key=("map",))
        else:
            self.board.draw(surf, {}, [], self.hover, "hover", layer_key=("map",))
        surf.fill(T.PANEL, self.panel)
        pygame.draw.line(surf, T.PANEL_EDGE, self.panel.topleft, self.panel.bottomleft)
        x, y = self.panel.x + th.px(12), th.px(12)
        w = self.panel.w - th.px(24)
        title = getattr(self.match.rules, "title", self.match.setup.game)
        W.blit_text(surf, "Map viewer", (x, y), "l", T.ACCENT, True, th)
        y += th.line_h("l")
        W.blit_text(surf, f"{title} — {self.match.setup.scenario or 'default map'}", (x, y), "s", T.MUTED, theme=th)
        y += th.line_h("s") + th.px(10)
        W.blit_text(surf, "Terrain", (x, y), "m", T.TEXT, True, th)
        y += th.line_h("m") + th.px(4)
        sw = th.px(30)
        for tid, col, name, lines in self.legend:
            if y > self.panel.bottom - th.px(230):
                break
            if self.is_table:
                pygame.draw.rect(surf, T.rgb(col), (x, y, sw, sw - th.px(8)), border_radius=th.px(4))
            else:
                tile = texture_tile(tid, T.rgb(col), sw // 2 + 2, 0)
                pygame.draw.polygon(surf, T.rgb(col), [(p[0] + x + tile.get_width() / 2,
                                                        p[1] + y + tile.get_height() / 2) for p in _hex(sw // 2 + 2)])
                surf.blit(tile, (x, y))
            tx = x + sw + th.px(10)
            surf.blit(th.text(name, "s", T.TEXT, True), (tx, y))
            y += th.line_h("s")
            for ln in lines[:2]:
                surf.blit(th.text(T.ellipsize(ln, th.font("xs"), w - sw - th.px(10)), "xs", T.MUTED), (tx, y))
                y += th.line_h("xs")
            y = max(y, y) + th.px(6)
        # hovered hex
        hy = self.panel.bottom - th.px(220)
        pygame.draw.line(surf, T.PANEL_EDGE, (x, hy - th.px(6)), (x + w, hy - th.px(6)))
        if self.hover is not None and self.is_table:
            info = self.view.point_info(self.match.state, self.hover)
            W.blit_text(surf, f"{info.title or 'Open ground'}  ·  ({self.hover[0]:.1f}\", {self.hover[1]:.1f}\")",
                        (x, hy), "s", T.ACCENT, True, th)
            hy += th.line_h("s")
            for ln in info.lines[:6]:
                hy += W.draw_wrapped(surf, ln, (x, hy, w, 100), "xs", T.TEXT, theme=th, max_lines=2)
        elif self.hover is not None:
            info = self.view.hex_info(self.match.state, self.hover)
            W.blit_text(surf, f"{info.title}  ·  axial {self.hover}", (x, hy), "s", T.ACCENT, True, th)
            hy += th.line_h("s")
            for ln in info.lines[:6]:
                hy += W.draw_wrapped(surf, ln, (x, hy, w, 100), "xs", T.TEXT, theme=th, max_lines=2)
        else:
            W.draw_wrapped(surf, f"Hover {'the table' if self.is_table else 'a hex'} for its terrain rules. "
                           "Wheel zooms, drag pans, F fits.",
                           (x, hy, w, 100), "s", T.MUTED, theme=th)
        self.buttons.draw(surf, th)
        self.dirty_rects = None


def _hex(r: float) -> list[tuple[float, float]]:
    import math
    return [(r * math.cos(math.radians(60 * i - 30)), r * math.sin(math.radians(60 * i - 30))) for i in range(6)]
