"""The presentation layer: the only engine package that imports pygame.

Modules: app (window, scene stack, crash guard), launcher, match_screen
(the generic play screen), hexboard (hex renderer), panel pieces (dice tray,
log, rules reference, dialogs), render (PNG snapshots), bench (frame times).
`gameui` holds the plain-data contract between this layer and each game's
view/controller and imports no pygame.
"""
import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
