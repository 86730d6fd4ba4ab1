"""The presentation layer: the only engine package that imports pygame.

app.py runs the window, the scene stack and the crash guard; scene.py is
what a screen is and the routes scenes open one another by; contract.py and
table_contract.py are the plain-data contract a game's view and controller
implement (no pygame); scenes/ holds the screens, boards/ the board
renderers, panels/ the right-hand panel pieces; theme.py and widgets.py the
look every screen shares; ai_runner.py runs computer seats off the render
loop; render.py and bench.py draw headless.  May import every headless
engine package; games are found by name (contract.load_game_ui), never
imported."""
import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
