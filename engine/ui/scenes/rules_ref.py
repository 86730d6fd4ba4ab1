"""The rules reference: the game's rulebook text (assets/rules/<file>.txt)
or its rules notes (docs/games/<game>.md, installed with the app), opened
at the section a citation names ("dice_wars.txt § Guarding",
"docs/games/warbound.md § Skills").  Finding sources and sections is
headless: engine/core/citations.py."""
from __future__ import annotations

import pygame

from engine.core.citations import (find_section, headings, load_lines, parse_citation, source_path,  # noqa: F401
                                   source_title, toc_range)
from engine.ui import theme as T
from engine.ui import widgets as W
from engine.ui.scene import Scene


class RulesReference(Scene):
    """A modal panel over the screen showing the rulebook."""
    opaque = False

    def __init__(self, app, rule: str = "", filename: str = ""):
        super().__init__(app)
        f, sec = parse_citation(rule) if rule else (filename, "")
        self.open_source(f or filename, sec)
        self.close_btn = W.ButtonRow()

    def open_source(self, filename: str, sec: str = "") -> None:
        """Show a source (the rulebook or the game's rules notes) at a section."""
        self.filename = filename
        self.section = sec
        self.lines = load_lines(self.filename)
        self.target = find_section(self.lines, sec) if sec else -1
        self.rows: list[tuple[str, str, int]] = []    # (text, style, line index)
        self.scroll = 0
        self.width = 0
        self.heads = headings(self.filename)
        if self.target >= 0 and all(i != self.target for i, _ in self.heads):
            # the cited section is in the contents even when it does not look like a heading
            name = self.lines[self.target].strip().lstrip("#").strip().replace("**", "")
            self.heads = tuple(sorted(self.heads + ((self.target, name[:48]),)))
        self.head_rects: list[tuple[pygame.Rect, int]] = []
        self.hover_head = -1

    def other_source(self) -> str:
        """The rulebook's companion: its rules notes (docs/games/<game>.md), or back."""
        path = source_path(self.filename)
        if path is None:
            return ""
        other = path.stem + (".md" if path.suffix == ".txt" else ".txt")
        return other if load_lines(other) else ""

    def resize(self, size) -> None:
        th = self.app.theme
        w, h = size
        self.rect = pygame.Rect(0, 0, min(w - th.px(80), th.px(1300)), h - th.px(80))
        self.rect.center = (w // 2, h // 2)
        self.side = pygame.Rect(self.rect.x + th.px(12), self.rect.y + th.px(56), th.px(280),
                                self.rect.h - th.px(68))
        self.body = pygame.Rect(self.side.right + th.px(16), self.side.y,
                                self.rect.right - self.side.right - th.px(28), self.side.h)
        bw = th.px(120)
        self.close_btn.buttons = [W.Button(pygame.Rect(self.rect.right - bw - th.px(12), self.rect.y + th.px(10),
                                                       bw, th.px(34)), "Close", "close", "Esc")]
        other = self.other_source()
        if other:
            label = "Rules notes" if other.endswith(".md") else "Rulebook"
            ow = th.px(170)
            self.close_btn.buttons.append(W.Button(pygame.Rect(self.rect.right - bw - ow - th.px(22),
                                                               self.rect.y + th.px(10), ow, th.px(34)),
                                                   label, "other", "Tab"))
        self._layout(th)

    def _layout(self, th) -> None:
        width = self.body.w - th.px(10)
        self.width = width
        self.rows = []
        heads = {i for i, _ in self.heads}
        if self.target >= 0:
            heads.add(self.target)
        f = th.font("m")
        for i, ln in self.paragraphs():
            s = ln.rstrip()
            if not s.strip():
                self.rows.append(("", "blank", i))
                continue
            style = "head" if i in heads else "body"
            s = s.replace("**", "")
            if self.filename.endswith(".md"):
                s = s.replace("`", "")          # the notes are Markdown: show the words, not the marks
            if style == "head":
                s = s.lstrip("#").strip()
            for part in T.wrap(s, th.font("l", True) if style == "head" else f, width):
                self.rows.append((part, style, i))
        # collapse runs of blank lines
        out = []
        for r in self.rows:
            if r[1] == "blank" and out and out[-1][1] == "blank":
                continue
            out.append(r)
        self.rows = out
        if self.target >= 0:
            self.jump(self.target)

    def paragraphs(self):
        """(first line, text) of what to lay out: the rulebook line by line;
        the Markdown notes with each paragraph's wrapped lines joined again
        (a list item, a heading, a table row or a code line stands alone)."""
        if not self.filename.endswith(".md"):
            return list(enumerate(self.lines))
        out: list = []
        for i, ln in enumerate(self.lines):
            s = ln.strip()
            alone = not s or s.startswith(("#", "|", "```", "    ")) or ln.startswith("    ")
            starts = alone or s.startswith(("- ", "* ")) or (s[:1].isdigit() and ". " in s[:4])
            if out and not starts and out[-1][1].strip() and not out[-1][2]:
                out[-1] = (out[-1][0], out[-1][1] + " " + s, False)
            else:
                out.append((i, ln, alone and bool(s)))
        return [(i, text) for i, text, _ in out]

    def jump(self, line: int) -> None:
        for k, (_, _, i) in enumerate(self.rows):
            if i >= line:
                self.scroll = max(0, k - 1)
                return

    def current_heading(self) -> int:
        """The line of the contents entry for what the top of the page shows
        (jump() keeps one row of context above a target: the section is the
        one below it)."""
        if not self.rows:
            return -1
        top = min(len(self.rows) - 1, self.scroll + (1 if self.scroll > 0 else 0))
        cur_line = self.rows[top][2]
        return max((i for i, _ in self.heads if i <= cur_line), default=-1)

    def visible_rows(self, th) -> int:
        return max(1, self.body.h // th.line_h("m"))

    def handle(self, ev) -> bool:
        th = self.app.theme
        if ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_ESCAPE, pygame.K_F1):
                self.app.pop(self)
            elif ev.key == pygame.K_TAB and self.other_source():
                self.switch()
            elif ev.key in (pygame.K_DOWN, pygame.K_j):
                self.scroll = min(len(self.rows) - 1, self.scroll + 1)
            elif ev.key in (pygame.K_UP, pygame.K_k):
                self.scroll = max(0, self.scroll - 1)
            elif ev.key == pygame.K_PAGEDOWN or ev.key == pygame.K_SPACE:
                self.scroll = min(len(self.rows) - 1, self.scroll + self.visible_rows(th) - 2)
            elif ev.key == pygame.K_PAGEUP:
                self.scroll = max(0, self.scroll - self.visible_rows(th) + 2)
            elif ev.key == pygame.K_HOME:
                self.scroll = 0
            elif ev.key == pygame.K_END:
                self.scroll = max(0, len(self.rows) - self.visible_rows(th))
            return True
        if ev.type == pygame.MOUSEWHEEL:
            mx, my = pygame.mouse.get_pos()
            if self.side.collidepoint(mx, my):
                pass
            self.scroll = max(0, min(len(self.rows) - 1, self.scroll - ev.y * 3))
            return True
        if ev.type == pygame.MOUSEMOTION:
            self.close_btn.motion(ev.pos)
            old = self.hover_head
            self.hover_head = next((i for r, i in self.head_rects if r.collidepoint(ev.pos)), -1)
            return old != self.hover_head or True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            b = self.close_btn.at(ev.pos)
            if b is not None and b.command == "other":
                self.switch()
                return True
            if b is not None or not self.rect.collidepoint(ev.pos):
                self.app.pop(self)
                return True
            for r, i in self.head_rects:
                if r.collidepoint(ev.pos):
                    self.target = i
                    self.jump(i)
            return True
        return ev.type in (pygame.MOUSEBUTTONUP, pygame.TEXTINPUT, pygame.KEYUP)

    def switch(self) -> None:
        """Between the rulebook and the game's rules notes."""
        self.open_source(self.other_source())
        self.resize(self.app.size)

    def draw(self, surf) -> None:
        th = self.app.theme
        W.dim(surf, alpha=160)
        W.box(surf, self.rect, T.PANEL, T.PANEL_EDGE, th.px(8), 1)
        title = f"Rules reference — {source_title(self.filename)}"
        if self.section:
            title += f"  § {self.section}"
        room = min(b.rect.x for b in self.close_btn.buttons) - self.rect.x - th.px(28)
        title = T.ellipsize(title, th.font("l", True), room)
        W.blit_text(surf, title, (self.rect.x + th.px(16), self.rect.y + th.px(14)), "l", T.ACCENT, True, th)
        self.close_btn.draw(surf, th)
        if not self.lines:
            path = source_path(self.filename)
            why = (f"“{self.filename}” is not a rulebook or rules notes of this app." if path is None else
                   f"{path.name} is not installed (it belongs in {path.parent.name}/ beside the app).")
            W.blit_text(surf, why, (self.body.x, self.body.y), "m", T.BAD, theme=th)
            return
        if self.section and self.target < 0:
            W.blit_text(surf, f"Section “{self.section}” was not found; showing the whole text.",
                        (self.body.x, self.body.y - th.px(24)), "s", T.WARN, theme=th)
        # contents
        pygame.draw.rect(surf, T.mix(T.PANEL, (0, 0, 0), 0.2), self.side, border_radius=th.px(6))
        self.head_rects = []
        y = self.side.y + th.px(6)
        lh = th.line_h("s")
        current = self.current_heading()
        # keep the current heading in view
        idx = next((k for k, (i, _) in enumerate(self.heads) if i == current), 0)
        fit = max(1, (self.side.h - th.px(12)) // lh)
        start = max(0, min(idx - fit // 3, len(self.heads) - fit))
        for i, name in self.heads[start:start + fit]:
            r = pygame.Rect(self.side.x + th.px(4), y, self.side.w - th.px(8), lh)
            if i == current:
                pygame.draw.rect(surf, T.mix(T.PANEL, T.ACCENT, 0.25), r, border_radius=th.px(3))
            col = T.ACCENT if i == current else (T.TEXT if i == self.hover_head else T.MUTED)
            surf.blit(th.text(T.ellipsize(name, th.font("s"), r.w - th.px(8)), "s", col), (r.x + th.px(6), y))
            self.head_rects.append((r, i))
            y += lh
        # body
        clip = surf.get_clip()
        surf.set_clip(self.body)
        y = self.body.y
        for text, style, i in self.rows[self.scroll:]:
            if y > self.body.bottom:
                break
            if style == "blank":
                y += th.line_h("m") // 2
                continue
            if style == "head":
                col = T.ACCENT if i == self.target else T.TEXT
                img = th.text(text, "l", col, True)
                if i == self.target:
                    band = pygame.Rect(self.body.x, y - 2, self.body.w, img.get_height() + 4)
                    pygame.draw.rect(surf, T.mix(T.PANEL, T.ACCENT, 0.18), band, border_radius=th.px(4))
                surf.blit(img, (self.body.x + th.px(4), y))
                y += th.line_h("l")
            else:
                surf.blit(th.text(text, "m", T.TEXT), (self.body.x + th.px(4), y))
                y += th.line_h("m")
        surf.set_clip(clip)
        # scrollbar
        if self.rows:
            frac = self.scroll / max(1, len(self.rows))
            bar = pygame.Rect(self.body.right + th.px(4), self.body.y + int(frac * self.body.h), th.px(4), th.px(40))
            pygame.draw.rect(surf, T.PANEL_EDGE, bar, border_radius=2)
