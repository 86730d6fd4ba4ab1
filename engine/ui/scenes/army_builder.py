"""The army builder: pick what the game's catalog offers, every limit
checked as you go, each refusal explained with its rule, and save the list
as YAML under the user data folder (engine/core/army_lists.py).

Opened by route from the launcher: `app.open("army_builder", game_id,
on_saved=callback)`.  Works from the game's `army_catalog()` alone, so
every game with army lists gets it.  The model is
engine/core/army_builder.py (headless).  Nothing built is lost without
asking: leaving with unsaved changes asks, and so does saving over another
list of the same name; "Start from" copies any list of the game (shipped or
the user's) to change."""
from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path

import pygame

from engine.core import army_lists, registry
from engine.core.army_builder import ListBuilder
from engine.ui import theme as T
from engine.ui import widgets as W
from engine.ui.scene import Scene


@dataclass(frozen=True)
class AddPick:
    pick_id: str                # what the catalog offers


@dataclass(frozen=True)
class RemoveEntry:
    index: int                  # in the list's entries


@dataclass(frozen=True)
class CycleChoice:
    index: int                  # the entry
    slot: str                   # its choice
    step: int = 1               # +1 the next option, -1 the previous (a right-click)


@dataclass(frozen=True)
class CycleField:
    key: str                    # the list's own field (faction, size, ...)
    step: int = 1


@dataclass(frozen=True)
class StartFrom:
    step: int = 1               # the next (or previous) list of the game to copy


@dataclass(frozen=True)
class Scroll:
    step: int                   # entries down (up when negative)


class Go(Enum):
    NAME = "name"               # the name field takes the keys
    SAVE = "save"
    BACK = "back"


TURNS = (CycleChoice, CycleField, StartFrom)      # a right-click turns these the other way round


class ArmyBuilder(Scene):
    opaque = True

    def __init__(self, app, game: str, army_list=None, on_saved=None):
        super().__init__(app)
        self.rules = registry.get(game)
        self.model = ListBuilder(self.rules, army_list)
        self.on_saved = on_saved
        self.name_field = W.TextField(self.model.list.name, 40)
        self.name_field.focus = False
        self.hot: list[tuple[pygame.Rect, object, str]] = []      # (rect, command, tip)
        self.hover = None
        self.message = ""           # the last refusal or note, in words with its rule
        self.message_bad = False
        self.scroll = 0             # the list's first entry shown
        self.pick_scroll = 0        # the first pick shown (the middle column scrolls on its own)
        self.picks_rect = pygame.Rect(0, 0, 0, 0)
        self.kept = self._content()     # what is saved (or was opened): leaving with anything else asks
        self.saved_path: Path | None = None     # the file this builder wrote (saving again replaces it)
        self.start_from = -1            # the index in `sources()` last copied (-1: empty)
        self.start_name = ""            # its name

    def _content(self) -> tuple:
        lst = self.model.list
        return (self.name_field.text.strip() or "My army", tuple(sorted(lst.fields.items(), key=str)),
                repr(lst.entries))

    @property
    def dirty(self) -> bool:
        return self._content() != self.kept

    def sources(self) -> list:
        """The lists a new one may start from: the user's, then the shipped ones (readable ones only)."""
        return [al for al, _ in army_lists.available(self.rules.game_id) if al.entries]

    # --- commands ------------------------------------------------------------------------
    def _say(self, text: str, bad: bool = False) -> None:
        self.message, self.message_bad = text, bad

    def command(self, cmd) -> None:
        m = self.model
        if isinstance(cmd, AddPick):
            why = m.add(cmd.pick_id)
            pick = m.catalog.pick(cmd.pick_id)
            self._say(f"Cannot add {pick.name}: {why}" if why else f"Added {pick.name}.", why is not None)
        elif isinstance(cmd, RemoveEntry):
            name = m.pick_of(cmd.index).name if m.pick_of(cmd.index) else "the entry"
            m.remove(cmd.index)
            self._say(f"Removed {name}.")
        elif isinstance(cmd, CycleChoice):
            why = m.cycle_choice(cmd.index, cmd.slot, cmd.step)
            self._say(f"Cannot change that: {why}" if why else "", why is not None)
        elif isinstance(cmd, CycleField):
            m.cycle_field(cmd.key, cmd.step)
            self._say("")
        elif cmd is Go.NAME:
            self.name_field.focus = True
        elif cmd is Go.SAVE:
            self.save()
        elif cmd is Go.BACK:
            self.leave()
        elif isinstance(cmd, StartFrom):
            self.ask_unsaved(lambda: self.copy_from(cmd.step), "Start from another list?")
        elif isinstance(cmd, Scroll):
            self.scroll = max(0, self.scroll + cmd.step)

    def copy_from(self, step: int) -> None:
        """The next (or previous) list of the game, as a copy to change (saved under its own name)."""
        srcs = self.sources()
        if not srcs:
            self._say("No list of this game to start from yet")
            return
        self.start_from = (self.start_from + step) % len(srcs)
        src = srcs[self.start_from]
        self.start_name = src.name
        self.model = ListBuilder(self.rules, src.with_changes(name=f"{src.name} (copy)"))
        self.name_field.text = self.model.list.name
        self.kept = self._content()
        self.saved_path = None
        self.scroll = 0
        self._say(f"Started from {src.name}: a copy, saved under its own name")

    def ask_unsaved(self, go, title: str) -> None:
        """`go()` at once when nothing is unsaved, else after the player agrees to drop the changes."""
        if not self.dirty:
            go()
            return
        from engine.ui.scenes.dialogs import Modal

        def on(cmd, dlg):
            if cmd == "drop":
                go()
            elif cmd == "save":
                if self.save():
                    go()
            return True
        buttons = [("Keep building", "cancel", "Esc")] + ([("Save, then go on", "save", "")] if self.model.legal()
                                                          else []) + [("Drop the changes", "drop", "")]
        self.app.push(Modal(self.app, title, [f"{self.model.list.name} has changes that are not saved."],
                            buttons, on=on, enter_cmd="cancel", accent=T.WARN))

    def leave(self) -> None:
        self.ask_unsaved(lambda: self.app.pop(self), "Leave the army builder?")

    def save(self, replace: bool = False) -> bool:
        """Save under the list's name; a different list already saved under that name is replaced
        only when the player says so (asked here). True when saved."""
        self.model.rename(self.name_field.text)
        target = army_lists.user_dir(self.rules.game_id) / f"{army_lists.slug(self.model.list.name)}.yaml"
        if not replace and self.model.legal() and target.exists() and target != self.saved_path:
            from engine.ui.scenes.dialogs import Modal

            def on(cmd, dlg):
                if cmd == "replace":
                    self.save(replace=True)
                return True
            self.app.push(Modal(self.app, f"Replace {target.name}?", [
                f"You already have a list saved as {target.name}. Replace it with this one, or keep it and "
                "give this list another name."], [("Keep it", "cancel", "Esc"), ("Replace it", "replace", "")],
                on=on, enter_cmd="cancel", accent=T.WARN))
            return False
        try:
            path = self.model.save()
        except ValueError as e:
            self._say(f"Not saved: {e}", True)
            return False
        except OSError as e:
            self._say(f"Not saved: {e.strerror or e}", True)
            return False
        self.saved_path = Path(path)
        self.kept = self._content()
        self._say(f"Saved to {path}")
        if self.on_saved is not None:
            self.on_saved(path)
        return True

    # --- events --------------------------------------------------------------------------
    def handle(self, ev) -> bool:
        if self.name_field.focus:
            if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.name_field.focus = False
                self.model.rename(self.name_field.text)
                return True
            if self.name_field.handle(ev):
                return True
        if ev.type == pygame.MOUSEMOTION:
            old = self.hover
            self.hover = next((c for r, c, _ in self.hot if r.collidepoint(ev.pos)), None)
            return old != self.hover or bool(self.hover)
        if ev.type == pygame.MOUSEWHEEL:
            if self.picks_rect.collidepoint(pygame.mouse.get_pos()):
                self.pick_scroll = max(0, self.pick_scroll - ev.y)
            else:
                self.command(Scroll(-ev.y))
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 3):
            cmd = next((c for r, c, _ in self.hot if r.collidepoint(ev.pos)), None)
            if cmd is not Go.NAME and self.name_field.focus:
                self.name_field.focus = False
                self.model.rename(self.name_field.text)
            if cmd is not None:
                if ev.button == 3 and isinstance(cmd, TURNS):
                    cmd = replace(cmd, step=-cmd.step)     # right-click: the other way round
                self.command(cmd)
            return True
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                self.leave()
            elif ev.key == pygame.K_s and ev.mod & pygame.KMOD_CTRL:
                self.save()
            return True
        return False

    # --- drawing -------------------------------------------------------------------------
    def _button(self, surf, th, rect, label, cmd, tip="", active=False, enabled=True, style="normal"):
        b = W.Button(pygame.Rect(rect), label, cmd, "", enabled, active, tip, style=style)
        b.draw(surf, th, hover=self.hover == cmd)
        self.hot.append((b.rect, cmd, tip))          # disabled ones too: their tip says why
        return b.rect

    def draw(self, surf) -> None:
        th = self.app.theme
        m = self.model
        w, h = surf.get_size()
        surf.fill(T.BG)
        self.hot = []
        pad = th.px(24)
        gap = th.px(18)
        bh = th.line_h("m") + th.px(12)
        W.blit_text(surf, f"Army builder: {self.rules.title}", (pad, pad - th.px(6)), "xl", T.ACCENT, True, th)
        top = pad + th.line_h("xl") + th.px(10)
        col_w = (w - 2 * pad - 2 * gap) // 3
        x1, x2, x3 = pad, pad + col_w + gap, pad + 2 * (col_w + gap)
        bottom = h - pad - th.px(50) - th.px(10)
        # column 1: name, list fields with their explanations, the limits
        y = top
        W.blit_text(surf, "Name", (x1, y), "s", T.MUTED, theme=th)
        y += th.line_h("s") + th.px(2)
        fr = pygame.Rect(x1, y, col_w, bh)
        self.name_field.draw(surf, th, fr)
        self.hot.append((fr, Go.NAME, "Click and type the list's name"))
        y += bh + th.px(6)
        self._button(surf, th, (x1, y, col_w, bh), "Start from: " + (self.start_name or "an empty list"),
                     StartFrom(1), "A copy of one of your lists or a shipped one, to change and save under its own "
                     "name. Click for the next, right-click back.")
        y += bh + th.px(10)
        for slot in m.catalog.fields:
            val = m.list.fields.get(slot.key)
            opt = slot.option(val)
            shown = opt.name if opt else ("none" if val is None else str(val))
            tip = (opt.text + " — " if opt and opt.text else "") + "Click for the next choice, right-click back."
            self._button(surf, th, (x1, y, col_w, bh), f"{slot.label}: {shown}", CycleField(slot.key), tip)
            y += bh + th.px(2)
            if slot.text:
                y += W.draw_wrapped(surf, slot.text, (x1 + th.px(6), y, col_w - th.px(6), bottom - y), "xs",
                                    T.MUTED, theme=th, max_lines=10) + th.px(8)
        y += th.px(4)
        W.blit_text(surf, "Limits", (x1, y), "m", T.TEXT, True, th)
        y += th.line_h("m") + th.px(2)
        for ln in m.catalog.limits:
            if y > bottom - th.line_h("xs"):
                break
            y += W.draw_wrapped(surf, "• " + ln, (x1, y, col_w, bottom - y), "xs", T.MUTED, theme=th,
                                max_lines=3) + th.px(2)
        # column 2: what may be picked (refused ones greyed, their tip says why)
        y = top
        W.blit_text(surf, "Add to the list", (x2, y), "l", T.TEXT, True, th)
        y += th.line_h("l") + th.px(6)
        if m.catalog.text:
            y += W.draw_wrapped(surf, m.catalog.text, (x2, y, col_w, th.px(80)), "xs", T.MUTED, theme=th,
                                max_lines=3) + th.px(6)
        row_h = bh + th.line_h("xs")
        picks = m.picks()
        self.picks_rect = pygame.Rect(x2, y, col_w, bottom - y)
        self.pick_scroll = min(self.pick_scroll, max(0, len(picks) - 1))
        if self.pick_scroll:
            W.blit_text(surf, f"▲ {self.pick_scroll} more above (wheel)", (x2, y), "xs", T.MUTED, theme=th)
            y += th.line_h("xs") + th.px(2)
        for n, p in enumerate(picks[self.pick_scroll:]):
            if y + row_h > bottom - (th.line_h("xs") if n + self.pick_scroll < len(picks) - 1 else 0):
                W.blit_text(surf, f"▼ {len(picks) - self.pick_scroll - n} more below (wheel)", (x2, y), "xs",
                            T.MUTED, theme=th)
                break
            why = m.refusal_to_add(p.id)
            r = pygame.Rect(x2, y, col_w, row_h)
            cmd = AddPick(p.id)
            hov = self.hover == cmd
            W.box(surf, r, T.BUTTON_OFF if why else (T.BUTTON_HOVER if hov else T.BUTTON), T.PANEL_EDGE, th.px(6))
            surf.blit(th.text(T.ellipsize(p.name, th.font("m", True), r.w - th.px(90)), "m",
                              T.FAINT if why else T.TEXT, True), (r.x + th.px(8), r.y + th.px(4)))
            if p.points:                    # games without points (Warbound's cards) show none
                pts = th.text(f"{p.points} pts", "s", T.MUTED)
                surf.blit(pts, pts.get_rect(topright=(r.right - th.px(8), r.y + th.px(6))))
            sub = f"{p.kind}" + (f" — cannot add: {why.reason}" if why else "")
            surf.blit(th.text(T.ellipsize(sub, th.font("xs"), r.w - th.px(16)), "xs", T.BAD if why else T.MUTED),
                      (r.x + th.px(8), r.y + th.px(6) + th.line_h("m")))
            tip = p.text + (f"\nCannot add: {why}" if why else "\nClick to add.")
            self.hot.append((r, cmd, tip))
            y += row_h + th.px(4)
        # column 3: the list, each entry's choices, the problems
        y = top
        W.blit_text(surf, "The list", (x3, y), "l", T.TEXT, True, th)
        summ = th.text(m.summary(), "s", T.GOOD if m.legal() else T.WARN)
        surf.blit(summ, summ.get_rect(topright=(x3 + col_w, y + th.px(4))))
        y += th.line_h("l") + th.px(6)
        probs = m.problems()
        prob_h = min(len(probs), 5) * th.line_h("xs") * 2 + (th.line_h("s") if probs else 0)
        list_bottom = bottom - prob_h - th.px(6)
        entries = list(enumerate(m.list.entries))
        self.scroll = min(self.scroll, max(0, len(entries) - 1))
        for i, e in entries[self.scroll:]:
            pick = m.pick_of(i)
            slots = pick.slots if pick else ()
            eh = th.line_h("m") + th.px(8) + len(slots) * (th.line_h("s") + th.px(8))
            if y + eh > list_bottom:
                W.blit_text(surf, "… scroll for more", (x3, y), "xs", T.MUTED, theme=th)
                break
            bad = any(p.where[:2] == ("entries", i) for p in probs)
            r = pygame.Rect(x3, y, col_w, eh)
            W.box(surf, r, T.PANEL, T.BAD if bad else T.PANEL_EDGE, th.px(6))
            title = pick.name if pick else str(e)
            rw = th.text("Remove", "m").get_width() + th.px(22)
            surf.blit(th.text(T.ellipsize(f"{i + 1}. {title}", th.font("m", True), r.w - rw - th.px(16)), "m",
                              T.TEXT, True), (r.x + th.px(8), r.y + th.px(4)))
            self._button(surf, th, (r.right - rw - th.px(4), r.y + th.px(3), rw, th.line_h("m") + th.px(2)),
                         "Remove", RemoveEntry(i), "Remove from the list", style="danger")
            sy = r.y + th.line_h("m") + th.px(8)
            for slot in slots:
                val = e.get(slot.key)
                opt = slot.option(val)
                shown = opt.name if opt else ("none" if val is None else str(val))
                tip = (f"{slot.text} " if slot.text else "") + (f"{opt.name}: {opt.text} " if opt and opt.text
                                                                else "") + "Click: next choice; right-click: back."
                br = pygame.Rect(r.x + th.px(8), sy, r.w - th.px(16), th.line_h("s") + th.px(4))
                cmd = CycleChoice(i, slot.key)
                W.box(surf, br, T.BUTTON_HOVER if self.hover == cmd else T.BUTTON, T.PANEL_EDGE, th.px(4))
                surf.blit(th.text(T.ellipsize(f"{slot.label}: {shown}  ◂ ▸", th.font("s"), br.w - th.px(12)), "s"),
                          (br.x + th.px(6), br.y + th.px(2)))
                self.hot.append((br, cmd, tip))
                sy += th.line_h("s") + th.px(8)
            y += eh + th.px(6)
        if not entries:
            W.blit_text(surf, "Empty: add something from the middle column.", (x3, y), "s", T.MUTED, theme=th)
        if probs:
            py = bottom - prob_h
            W.blit_text(surf, "Not legal yet:", (x3, py), "s", T.BAD, True, th)
            py += th.line_h("s")
            for p in probs[:5]:
                py += W.draw_wrapped(surf, f"• {p}", (x3, py, col_w, th.line_h("xs") * 2), "xs", T.BAD, theme=th,
                                     max_lines=2)
        # bottom: message, save, back
        by = h - pad - th.px(50)
        self._button(surf, th, (x1, by, th.px(200), th.px(50)), "Save list", Go.SAVE,
                     "Save as YAML under your data folder (Ctrl+S)" if m.legal() else
                     f"Fix first: {probs[0]}", enabled=m.legal(), style="primary")
        self._button(surf, th, (x1 + th.px(212), by, th.px(160), th.px(50)), "Back", Go.BACK, "Esc")
        if self.message:
            W.draw_wrapped(surf, self.message, (x1 + th.px(390), by, w - x1 - th.px(390) - pad, th.px(50)), "s",
                           T.BAD if self.message_bad else T.GOOD, theme=th, max_lines=2)
        tip = next((t for r, c, t in self.hot if c == self.hover and t), "")
        if tip:
            lines = tip.split("\n")
            W.tooltip(surf, pygame.mouse.get_pos(), "", lines, th)
