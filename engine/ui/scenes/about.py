"""About Warbench: what it is, and the credits the licences of what it
ships ask for (the game-icons.net silhouettes, CC BY 3.0; the DejaVu
fonts; the rulebooks, which stay their publishers')."""
from __future__ import annotations

from pathlib import Path

from engine.ui import theme as T
from engine.ui.scenes.dialogs import Modal

ASSETS = Path(__file__).resolve().parents[3] / "assets"


def icon_authors() -> list[str]:
    """Who drew the silhouettes Warbench ships (assets/icons/icons.yaml), most icons first."""
    from engine.core.catalog import DataError, load_yaml
    try:
        icons = load_yaml(ASSETS / "icons" / "icons.yaml")["icons"]
        names = [str(v["author"]) for v in icons.values()]
    except (DataError, OSError, KeyError, TypeError):
        return ["Lorc", "Delapouite and contributors"]
    return sorted(set(names), key=lambda a: (-names.count(a), a))


def credits() -> list[tuple[str, tuple]]:
    """The About panel's paragraphs (text, colour)."""
    icons = ASSETS / "icons" / "CREDITS.md"
    icon_line = ("Unit silhouettes: Game Icons (game-icons.net), icons made by " + ", ".join(icon_authors())
                 + ", licensed under CC BY 3.0 (creativecommons.org/licenses/by/3.0); recoloured, shapes "
                 "unchanged. Every icon and its author: assets/icons/CREDITS.md.")
    if not icons.exists():
        icon_line += " (assets/icons/CREDITS.md is missing from this copy.)"
    return [
        ("Warbench: indie tabletop wargames hotseat on one screen, solo against a computer that "
         "explains every ruling, and a lab for map designers.", T.TEXT),
        ("The rules are the publishers' rulebooks (assets/rules); where they are silent Warbench's "
         "decisions are written down in docs/games.", T.MUTED),
        (icon_line, T.TEXT),
        ("Type: DejaVu Sans (Bitstream Vera licence, assets/fonts/LICENSE-DejaVu.txt).", T.TEXT),
        ("Maps are made in the Tiled editor (mapeditor.org) and read with pytmx.", T.MUTED),
    ]


class About(Modal):
    def __init__(self, app):
        super().__init__(app, "About Warbench", credits(), [("Close", "close", "Esc")], width=820)
