"""The window, the scene stack and the crash guard.

A scene handles events (a handled event stops travelling down the stack),
updates (returns True when something changed) and draws.  `draw` never
changes game state.  The loop redraws only when something changed and
sleeps in `pygame.event.wait` otherwise: with nothing animating and no
computer player thinking it uses no CPU.
"""
from __future__ import annotations

import datetime
import os
import time
import traceback
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from engine.ui import theme as T  # noqa: E402
from engine.ui import widgets as W  # noqa: E402
from engine.ui.crashlog import write_crash_log  # noqa: E402
from engine.ui.scene import Scene, scene_class  # noqa: E402

MIN_SIZE = (1280, 720)
DEFAULT_SIZE = (1920, 1080)
class App:
    def __init__(self, size: tuple[int, int] | None = None, headless: bool = False):
        pygame.display.init()
        pygame.font.init()
        if size is None:
            size = DEFAULT_SIZE
            try:
                dw, dh = pygame.display.get_desktop_sizes()[0]
                if dw < size[0] or dh < size[1]:
                    size = (max(MIN_SIZE[0], min(size[0], dw - 40)), max(MIN_SIZE[1], min(size[1], dh - 80)))
            except (pygame.error, IndexError):
                pass
        self.headless = headless
        if headless:
            # draw into an off-screen surface (render, bench, tests); a 1x1
            # display only so surfaces can be converted to a fast format
            if pygame.display.get_surface() is None:
                pygame.display.set_mode((1, 1))
            self.screen = pygame.Surface(size).convert()
        else:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            pygame.display.set_caption("Warbench")
            try:
                import warnings
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", DeprecationWarning)
                    win = pygame.Window.from_display_module()
                win.minimum_size = MIN_SIZE
            except Exception:  # older SDL / dummy driver
                pass
            pygame.key.set_repeat(220, 30)
        self.theme = T.Theme(self.screen.get_size())
        W.set_default_theme(self.theme)
        self.stack: list[Scene] = []
        self.dirty = True
        self.running = True
        self._down_keys: set[int] = set()
        self.frames = 0
        self.last_error: str = ""

    # --- stack ------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def push(self, scene: Scene) -> Scene:
        self.stack.append(scene)
        scene.resize(self.size)
        self.dirty = True
        return scene

    def pop(self, scene: Scene | None = None) -> None:
        if not self.stack:
            return
        if scene is None:
            scene = self.stack[-1]
        if scene in self.stack:
            self.stack.remove(scene)
            self._guard(scene.on_close)
        self.dirty = True

    def open(self, route: str, *args, replace: bool = False, **kwargs) -> Scene:
        """Open the scene of a route (engine/ui/scene.py ROUTES) above the
        stack, or instead of everything on it (`replace`)."""
        scene = scene_class(route)(self, *args, **kwargs)
        return self.replace_all(scene) if replace else self.push(scene)

    def replace_all(self, scene: Scene) -> Scene:
        for s in list(self.stack):
            self.pop(s)
        return self.push(scene)

    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def invalidate(self) -> None:
        self.dirty = True

    def quit(self) -> None:
        self.running = False

    def leave(self, then) -> None:
        """Run `then` (quit, back to the menu) unless a scene holds a game
        with changes saved nowhere (its autosave failing): that scene asks
        first (`ask_before_leaving(then)` returns False and calls `then`
        itself if the player leaves anyway)."""
        for scene in reversed(list(self.stack)):
            ask = getattr(scene, "ask_before_leaving", None)
            if ask is not None and self._guard(ask, then) is False:      # (a crash in asking never traps the window)
                return
        then()

    # --- crash guard --------------------------------------------------------
    def _guard(self, fn, *a):
        try:
            return fn(*a)
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception as e:  # noqa: BLE001 - the crash guard
            owner = getattr(fn, "__self__", None)
            if isinstance(owner, ErrorScene):
                raise           # the error panel itself failed: give up loudly
            self.crashed(e)
            return None

    def crashed(self, exc: BaseException) -> None:
        """Log the traceback to the user data dir and show the error panel."""
        if self.headless:
            raise exc
        tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        if tb == self.last_error:
            return              # the same failure again (e.g. every frame): logged once
        path = write_crash_log(tb)
        self.last_error = tb
        if not any(isinstance(s, ErrorScene) for s in self.stack):
            self.push(ErrorScene(self, f"{type(exc).__name__}: {exc}", path))

    # --- loop ---------------------------------------------------------------
    def dispatch(self, ev) -> None:
        if ev.type == pygame.QUIT:
            self.leave(self.quit)            # closing the window asks first while changes are saved nowhere
            return
        if ev.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.resized()
            return
        if ev.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWFOCUSGAINED):
            self.dirty = True
        if ev.type == pygame.KEYDOWN:
            top = self.top()
            if ev.key in self._down_keys and ev.key not in getattr(top, "repeat_keys", ()) \
                    and ev.key != pygame.K_BACKSPACE:
                return          # ignore auto-repeat except for the scene's panning keys and editing
            self._down_keys.add(ev.key)
            if ev.key == pygame.K_F12:
                try:
                    self.screenshot()
                except (OSError, pygame.error):
                    pass          # a screenshot is a convenience: a full disk or a link refused is no crash
                return
        elif ev.type == pygame.KEYUP:
            self._down_keys.discard(ev.key)
        for scene in reversed(list(self.stack)):
            handled = self._guard(scene.handle, ev)
            if handled:
                self.dirty = True
                return
            if scene.modal:
                return

    def resized(self) -> None:
        if self.headless:
            return
        self.screen = pygame.display.get_surface()
        self.theme.set_window(self.screen.get_size())
        for s in self.stack:
            self._guard(s.resize, self.size)
        self.dirty = True

    def step(self, dt: float) -> None:
        for scene in list(self.stack):
            if self._guard(scene.update, dt):
                self.dirty = True

    def draw(self):
        """Draw the visible scenes; returns the changed rects when only the
        top scene drew and knows them (else None: the whole window)."""
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        if not self.stack:
            self.screen.fill(T.BG)
        drawn = self.stack[start:]
        for scene in drawn:
            self._guard(scene.draw, self.screen)
        self.frames += 1
        if len(drawn) == 1:
            return getattr(drawn[0], "dirty_rects", None)
        return None

    def busy(self) -> bool:
        return any(s.busy() for s in self.stack)

    def run(self) -> None:
        last = time.perf_counter()
        while self.running and self.stack:
            if self.dirty or self.busy():
                ev = pygame.event.wait(16)
            else:
                waits = [w for w in (s.wake_in() for s in self.stack) if w is not None]
                ev = pygame.event.wait(int(min(waits) * 1000) + 1) if waits else pygame.event.wait()
            events = [ev] + pygame.event.get()
            for e in events:
                if e.type != pygame.NOEVENT:
                    self.dispatch(e)
            now = time.perf_counter()
            self.step(now - last)
            last = now
            if self.dirty and self.running:
                self.dirty = False
                rects = self.draw()
                if rects is None:
                    pygame.display.flip()
                elif rects:
                    pygame.display.update(rects)
        pygame.display.quit()

    def screenshot(self, path: str | Path | None = None) -> Path:
        from engine.core.saves import default_dir
        if path is None:
            stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
            path = default_dir() / "screenshots" / f"warbench-{stamp}.png"
        path = Path(path)
        from engine.core import data_folder
        if data_folder.parts_inside(path) is None:
            path.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, str(path))
            return path
        import io
        buf = io.BytesIO()
        pygame.image.save(self.screen, buf, "png")
        data_folder.write_atomic(path, buf.getvalue())      # never through a link in the data folder
        return path


class ErrorScene(Scene):
    """Shown when a scene raised: says what happened and where the log is.
    Opaque, so a scene that fails to draw is not drawn under it."""
    opaque = True

    def __init__(self, app: App, message: str, log_path: Path | None):
        super().__init__(app)
        self.message = message
        self.log_path = log_path
        self.buttons = W.ButtonRow()

    def resize(self, size) -> None:
        th = self.app.theme
        w, h = size
        self.rect = pygame.Rect(0, 0, min(th.px(820), w - 40), th.px(330))
        self.rect.center = (w // 2, h // 2)
        bw, bh = th.px(200), th.px(40)
        y = self.rect.bottom - bh - th.px(18)
        self.buttons.buttons = [
            W.Button(pygame.Rect(self.rect.x + th.px(20), y, bw, bh), "Back to menu", "menu", "M"),
            W.Button(pygame.Rect(self.rect.x + th.px(40) + bw, y, bw, bh), "Continue", "continue", "Esc"),
            W.Button(pygame.Rect(self.rect.right - bw - th.px(20), y, bw, bh), "Quit", "quit", "Q"),
        ]

    def handle(self, ev) -> bool:
        cmd = None
        if ev.type == pygame.MOUSEMOTION:
            return self.buttons.motion(ev.pos)
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            b = self.buttons.at(ev.pos)
            cmd = b.command if b else None
        elif ev.type == pygame.KEYDOWN:
            cmd = {pygame.K_ESCAPE: "continue", pygame.K_m: "menu", pygame.K_q: "quit"}.get(ev.key)
        if cmd == "continue":
            self.app.last_error = ""
            self.app.pop(self)
        elif cmd == "menu":
            self.app.leave(lambda: self.app.open("launcher", replace=True))
        elif cmd == "quit":
            self.app.leave(self.app.quit)
        return True

    def draw(self, surf) -> None:
        th = self.app.theme
        surf.fill(T.BG)
        W.box(surf, self.rect, T.PANEL, T.BAD, th.px(8), 2)
        x, y = self.rect.x + th.px(20), self.rect.y + th.px(16)
        W.blit_text(surf, "Something went wrong", (x, y), "l", T.BAD, True, th)
        y += th.line_h("l") + th.px(8)
        inner = self.rect.w - th.px(40)
        y += W.draw_wrapped(surf, self.message, (x, y, inner, 200), "m", T.TEXT, theme=th, max_lines=3)
        y += th.px(8)
        failing = [m.autosave_error for m in (getattr(sc, "match", None) for sc in self.app.stack)
                   if m is not None and getattr(m, "autosave_error", None)]
        if failing:     # never claim the game is safe when the autosave is failing
            note = (f"The autosave is failing ({failing[0]}): Resume, then save the game under a name. "
                    + (f"The details are in {self.log_path}." if self.log_path else ""))
        else:
            note = ("Your game is safe: it is saved after every action, and Resume in the menu brings it back. "
                    f"The details are in {self.log_path}." if self.log_path else
                    "Your game is saved after every action; Resume in the menu brings it back.")
        W.draw_wrapped(surf, note, (x, y, inner, 200), "s", T.MUTED, theme=th)
        self.buttons.draw(surf, th)


# --- entry point --------------------------------------------------------------
def run_app(args=None) -> int:
    """Open the window.  args: .game, .seed, .seats (list or None), .load (path or None),
    .options (match options, e.g. the checked --armies lists)."""
    from engine.core.catalog import DataError
    from engine.core.saves import SaveError

    from engine.core import sessions
    from engine.core.sessions import new_match

    size = getattr(args, "size", None)
    app = App(tuple(size) if size else None)
    crashed = sessions.last_run_crashed()        # the last run ended without a clean exit
    sessions.mark_running()

    game = getattr(args, "game", None)
    load = getattr(args, "load", None)
    launcher = app.open("launcher")
    if crashed and launcher.in_progress and not (game or load):
        # after a crash: straight to the games in progress
        launcher.open_games(note="Warbench did not close normally last time. Your games are safe: resume one here.")
    try:
        if load:
            launcher.load(load)          # a new game in progress; a save that stops replaying is offered as far as it goes
        elif game:
            seats = getattr(args, "seats", None)
            options = dict(getattr(args, "options", None) or {})      # e.g. --armies
            if not seats:
                # no seats given: you against the game's best computer player
                from engine.core import registry
                from engine.ui.ai_runner import agent_names
                rules = registry.get(game)
                n = len(options.get("armies") or ()) or rules.min_players
                seats = ["human"] + [agent_names(game)[0]] * (n - 1)
            m = new_match(game, seats=seats, seed=getattr(args, "seed", None),
                          scenario=getattr(args, "scenario", None), options=options)
            app.open("match", m)
    except SaveError as e:
        launcher.error = f"Could not load the save: {e}"
    except DataError as e:
        launcher.error = f"Could not open the map or data: {e}"
    except KeyError as e:
        launcher.error = str(e).strip("'\"")
    except Exception as e:  # noqa: BLE001 - show it, do not die
        app.crashed(e)
    app.run()
    from engine.core import locks
    locks.release_all()              # the window's games are free for another window
    sessions.mark_clean_exit()
    return 0
