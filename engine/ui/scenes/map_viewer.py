"""The map viewer (for designers, and for players learning the terrain):
the board of a scenario, hex map or table, with a terrain legend and hover
details, no play.

Live: it watches the map's Tiled file (the game's `judge_canvas(state).source`,
or the file `main.py view MAP` opened) and redraws within a second of a
save, keeping the camera; a save with a mistake shows its `file:line:`
message over the last good drawing.  Judge (J) runs a short `judge` of the
map in a background thread (its games on every core) and shows the same
picture as `main.py judge --plot`.
"""
from __future__ import annotations

import io
import os
import threading
from pathlib import Path

import pygame

from engine.core import malformed
from engine.ui import theme as T
from engine.ui import widgets as W
from engine.ui.scene import PAN_KEYS, Scene
from engine.ui.contract import load_game_ui
from engine.ui.boards.hexboard import HexBoard, texture_tile

POLL = 0.25            # seconds between looks at the watched map file
JUDGE_GAMES = 8        # the viewer's short judge; `main.py judge` for more
CAMERA = ("view", "size", "scale", "min_scale", "cam", "fitted")


def _stamp(path: Path | None):
    if path is None:
        return None
    try:
        st = os.stat(path)
    except OSError:
        return None          # mid-save (Tiled writes a new file and renames it) or gone
    return (st.st_mtime_ns, st.st_size)


def _in_words(e: BaseException) -> str:
    from engine.core.catalog import DataError
    if isinstance(e, DataError):
        return str(e)
    return malformed.explain(e)


class MapViewer(Scene):
    opaque = True
    repeat_keys = PAN_KEYS       # arrows and WASD pan while held

    def __init__(self, app, match, scenarios: list[str] | None = None, on_scenario=None, watch=None):
        super().__init__(app)
        self.scenarios = scenarios or []
        self.on_scenario = on_scenario
        self.hover = None
        self.mouse = (0, 0)
        self.press = None
        self.dragging = False
        self.buttons = W.ButtonRow()
        self.fitted = False
        self.error = ""                 # the last save's problem, drawn over the last good map
        self.reloads = 0
        self._build(match)
        self.watch = Path(watch) if watch else self._source()
        self.stamp = _stamp(self.watch)
        self.since = 0.0
        # the judge report
        self.judging = None             # the worker thread while a judge runs
        self.judged = None              # (report, png bytes, error) from the worker
        self.progress = (0, 0)
        self.report = None
        self.picture = None             # the report's picture (pygame surface)
        self._scaled = None
        self.show_report = False
        self.report_stale = False

    # --- the map --------------------------------------------------------------------------
    def _build(self, match, old_board=None) -> None:
        view, _ = load_game_ui(match)
        if getattr(view, "space", "hex") == "table":
            from engine.ui.boards.tableboard import TableBoard
            board = TableBoard(view.table(), view)
        else:
            board = HexBoard(view.hexes(), view.terrain, view.labels(), region=getattr(view, "region", None))
        if old_board is not None and type(old_board) is type(board):
            for name in CAMERA:
                if hasattr(old_board, name):
                    setattr(board, name, getattr(old_board, name))
        self.match, self.view, self.board = match, view, board
        self.is_table = getattr(view, "space", "hex") == "table"
        self.legend = self._legend()

    def _source(self) -> Path | None:
        try:
            canvas = self.match.rules.judge_canvas(self.match.state)
        except Exception:  # noqa: BLE001 - a game without the hook is simply not watched
            return None
        return Path(canvas.source) if canvas is not None and getattr(canvas, "source", "") else None

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

    def reload(self) -> bool:
        """Read the map again (after a save); on a mistake keep the last good drawing."""
        from engine.core.match import Match
        rules = self.match.rules
        try:
            rules.reload_files()                 # a new catalog: the map and what was cached from it read anew
            match = Match(self.match.setup)
            self._build(match, old_board=self.board)
        except Exception as e:  # noqa: BLE001 - any mistake in the file is shown, never fatal
            self.error = _in_words(e)
            return True
        self.error = ""
        self.reloads += 1
        if self.report is not None:
            self.report_stale = True
        if hasattr(self, "board_rect"):
            self.board.set_view(self.board_rect)
        return True

    def update(self, dt: float) -> bool:
        changed = False
        if self.judged is not None:
            changed = self._take_report() or changed
        if self.watch is not None:
            self.since += dt
            if self.since >= POLL:
                self.since = 0.0
                st = _stamp(self.watch)
                if st is not None and st != self.stamp:
                    self.stamp = st
                    changed = self.reload() or changed
        return changed

    def wake_in(self) -> float | None:
        return POLL if self.watch is not None or self.judging is not None else None

    # --- the judge --------------------------------------------------------------------------
    def start_judge(self) -> None:
        if self.judging is not None:
            return
        setup = self.match.setup
        rules = self.match.rules
        scenario = setup.scenario or rules.scenarios()[0]
        state = self.match.state
        size = self.board_rect.size if hasattr(self, "board_rect") else (1200, 900)

        def work():
            try:
                from engine.commands.judge import judge
                from engine.commands.plot import png_bytes
                canvas = rules.judge_canvas(state)
                rep = judge(setup.game, scenario, setup.players, JUDGE_GAMES, setup.seed or 1, dict(setup.options),
                            progress=False, on_game=lambda done, total: setattr(self, "progress", (done, total)))
                self.judged = (rep, png_bytes(rep, canvas, (max(800, size[0]), max(600, size[1]))), None)
            except Exception as e:  # noqa: BLE001 - shown in the panel
                self.judged = (None, None, _in_words(e))
            finally:
                self.judging = None

        self.progress = (0, JUDGE_GAMES)
        self.judging = threading.Thread(target=work, name="map-judge", daemon=True)
        self.judging.start()

    def _take_report(self) -> bool:
        rep, png, err = self.judged
        self.judged = None
        if err:
            self.error = f"Judge: {err}"
            return True
        self.report = rep
        self.picture = pygame.image.load(io.BytesIO(png), "judge.png")
        self._scaled = None
        self.show_report = True
        self.report_stale = False
        return True

    # --- layout and input -----------------------------------------------------------------
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
        self._scaled = None
        bw = (pw - th.px(48)) // 3
        y = h - th.px(12) - th.px(40)
        x0 = self.panel.x + th.px(12)
        report = "Map" if self.show_report else ("Report" if self.report else "Judge")
        self.buttons.buttons = [W.Button(pygame.Rect(x0, y, bw, th.px(40)), "Back", "back", "Esc"),
                                W.Button(pygame.Rect(x0 + bw + th.px(12), y, bw, th.px(40)), "Fit", "fit", "F"),
                                W.Button(pygame.Rect(x0 + 2 * (bw + th.px(12)), y, bw, th.px(40)), report, "judge",
                                         "J")]

    def command(self, cmd: str) -> None:
        if cmd == "back":
            self.app.pop(self)
        elif cmd == "fit":
            self.board.fit()
        elif cmd == "judge":
            if self.show_report:
                self.show_report = False
            elif self.report is not None and not self.report_stale:
                self.show_report = True
            else:
                self.start_judge()
            self.resize(self.app.size)
        elif cmd == "rejudge":
            self.start_judge()

    def handle(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                if self.show_report:
                    self.command("judge")
                else:
                    self.app.pop(self)
            elif ev.key == pygame.K_f:
                self.board.fit()
            elif ev.key == pygame.K_j:
                self.command("judge")
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
                if b is not None:
                    self.command(b.command)
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

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surf) -> None:
        th = self.app.theme
        if self.show_report and self.picture is not None:
            self._draw_picture(surf)
        elif self.is_table:
            surf.fill(T.BG, self.board_rect)
            self.board.draw(surf, (), self.view.markers(self.match.state), layer_key=("map", self.reloads))
        else:
            self.board.draw(surf, {}, [], self.hover, "hover", layer_key=("map", self.reloads))
        if self.error:
            self._draw_error(surf, th)
        surf.fill(T.PANEL, self.panel)
        pygame.draw.line(surf, T.PANEL_EDGE, self.panel.topleft, self.panel.bottomleft)
        x, y = self.panel.x + th.px(12), th.px(12)
        w = self.panel.w - th.px(24)
        title = self.match.rules.title or self.match.setup.game
        W.blit_text(surf, "Map viewer", (x, y), "l", T.ACCENT, True, th)
        y += th.line_h("l")
        where = Path(self.match.setup.scenario).name if self.watch else (self.match.setup.scenario or "default map")
        W.blit_text(surf, T.ellipsize(f"{title} — {where}", th.font("s"), w), (x, y), "s", T.MUTED, theme=th)
        y += th.line_h("s")
        live = f"Live: redrawn when {self.watch.name} is saved" if self.watch else "Not watched: composed of map tiles"
        W.blit_text(surf, T.ellipsize(live, th.font("xs"), w), (x, y), "xs", T.GOOD if self.watch else T.MUTED, theme=th)
        y += th.line_h("xs") + th.px(8)
        if self.show_report and self.report is not None:
            self._draw_report_text(surf, th, x, y, w)
        else:
            self._draw_legend(surf, th, x, y, w)
        self.buttons.draw(surf, th)
        self.dirty_rects = None

    def _draw_error(self, surf, th) -> None:
        r = self.board_rect.inflate(-th.px(24), 0)
        lines = self.error.splitlines()[:6]
        h = th.px(16) + sum(W.measure_wrapped(ln, r.w - th.px(20), "s", theme=th) for ln in lines) + th.line_h("s")
        box = pygame.Rect(r.x, th.px(12), r.w, h)
        W.box(surf, box, fill=(60, 20, 20), edge=T.BAD)
        yy = box.y + th.px(8)
        W.blit_text(surf, "The last save has a mistake; showing the last good map:", (box.x + th.px(10), yy), "s",
                    T.BAD, True, th)
        yy += th.line_h("s")
        for ln in lines:
            yy += W.draw_wrapped(surf, ln, (box.x + th.px(10), yy, box.w - th.px(20), th.px(200)), "s", T.TEXT,
                                 theme=th)

    def _draw_picture(self, surf) -> None:
        r = self.board_rect
        surf.fill((255, 255, 255), r)
        if self._scaled is None or self._scaled[0] != r.size:
            pw, ph = self.picture.get_size()
            k = min(r.w / pw, r.h / ph)
            self._scaled = (r.size, pygame.transform.smoothscale(self.picture, (max(1, int(pw * k)), max(1, int(ph * k)))))
        img = self._scaled[1]
        surf.blit(img, img.get_rect(center=r.center))

    def _draw_report_text(self, surf, th, x, y, w) -> None:
        from engine.commands.judge_words import panel_lines
        W.blit_text(surf, "Judge report", (x, y), "m", T.TEXT, True, th)
        y += th.line_h("m") + th.px(4)
        if self.report_stale:
            y += W.draw_wrapped(surf, "The map changed since: press J twice to judge it again.", (x, y, w, 60), "xs",
                                T.BAD, theme=th)
        for ln in panel_lines(self.report):
            if y > self.panel.bottom - th.px(80):
                break
            y += W.draw_wrapped(surf, ln.strip(), (x, y, w, 80), "xs", T.TEXT, theme=th, max_lines=3)

    def _draw_legend(self, surf, th, x, y, w) -> None:
        if self.judging is not None:
            done, total = self.progress
            W.blit_text(surf, f"Judging: {done} of {total} games played…", (x, y), "s", T.ACCENT, True, th)
            y += th.line_h("s") + th.px(6)
        W.blit_text(surf, "Terrain", (x, y), "m", T.TEXT, True, th)
        y += th.line_h("m") + th.px(4)
        sw = th.px(30)
        for tid, col, name, lines in self.legend:
            if y > self.panel.bottom - th.px(230):
                break
            if self.is_table:
                pygame.draw.rect(surf, T.rgb(col), (x, y + th.px(2), sw, sw - th.px(8)), border_radius=4)
            else:
                tile = texture_tile(tid, T.rgb(col), sw // 2 + 2, 0)
                pygame.draw.polygon(surf, T.rgb(col), [(p[0] + x + tile.get_width() / 2, p[1] + y + tile.get_height() / 2)
                                                       for p in _hex(sw // 2 + 2)])
                surf.blit(tile, (x, y))
            tx = x + sw + th.px(10)
            surf.blit(th.text(name, "s", T.TEXT, True), (tx, y))
            y += th.line_h("s")
            for ln in lines[:2]:
                surf.blit(th.text(T.ellipsize(ln, th.font("xs"), w - sw - th.px(10)), "xs", T.MUTED), (tx, y))
                y += th.line_h("xs")
            y += th.px(6)
        # hovered hex or table point
        hy = self.panel.bottom - th.px(220)
        pygame.draw.line(surf, T.PANEL_EDGE, (x, hy - th.px(6)), (x + w, hy - th.px(6)))
        if self.hover is not None:
            if self.is_table:
                info = self.view.point_info(self.match.state, self.hover)
                where = f'{self.hover[0]:.1f}", {self.hover[1]:.1f}"'
            else:
                info = self.view.hex_info(self.match.state, self.hover)
                where = f"axial {self.hover}"
            W.blit_text(surf, T.ellipsize(f"{info.title or 'Open ground'}  ·  {where}", th.font("s"), w), (x, hy), "s",
                        T.ACCENT, True, th)
            hy += th.line_h("s")
            for ln in info.lines[:6]:
                hy += W.draw_wrapped(surf, ln, (x, hy, w, 100), "xs", T.TEXT, theme=th, max_lines=2)
        else:
            W.draw_wrapped(surf, "Hover the map for its terrain rules. Wheel zooms, drag pans, F fits, "
                           "J judges the map (a short computer tournament).", (x, hy, w, 100), "s", T.MUTED, theme=th)


def _hex(r: float) -> list[tuple[float, float]]:
    import math
    return [(r * math.cos(math.radians(60 * i - 30)), r * math.sin(math.radians(60 * i - 30))) for i in range(6)]
