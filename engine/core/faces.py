"""Every piece's face: the silhouette and the short code a game's data
gives each unit type, character, hero, dragon and huge creature.

The data names both (`icon: police-officer-head`, `code: CP`): the icon is
one of the game-icons.net silhouettes vendored in assets/icons/ (the list,
with each icon's author, is assets/icons/icons.yaml; tools/vendor_icons.py
writes the SVG files and CREDITS.md from it), so nothing is guessed from the
words of a name.  `IconName` and `Code` are the field types a game's
definitions use: an icon the set does not hold, or a code that is not one to
three letters or digits, is a `file:line: icon: ...` error at load.

Within one game no two types may share an icon or a code
(`face_problems`; each game's `faces.py` lists its `Face`s and
tests/engine/test_icons.py renders them all and compares the pictures).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated

from pydantic import AfterValidator, StringConstraints

from engine.core.words import possessive

ICON_DIR = Path(__file__).resolve().parents[2] / "assets" / "icons"
ICON_LIST = ICON_DIR / "icons.yaml"


@lru_cache(maxsize=1)
def icon_names() -> frozenset[str]:
    """The names of the vendored silhouettes (empty when the list is unreadable:
    every icon field is then refused, saying so)."""
    from engine.core.catalog import DataError, load_yaml
    try:
        spec = load_yaml(ICON_LIST)
    except (DataError, OSError):
        return frozenset()
    icons = spec.get("icons") if isinstance(spec, dict) else None
    return frozenset(str(k) for k in icons) if isinstance(icons, dict) else frozenset()


def _known_icon(name: str) -> str:
    if name not in icon_names():
        raise ValueError(f"{name!r} is not one of the silhouettes in assets/icons/icons.yaml "
                         "(add it there and run tools/vendor_icons.py)")
    return name


IconName = Annotated[str, StringConstraints(min_length=1, max_length=60), AfterValidator(_known_icon)]
Code = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9]{1,3}$")]


@dataclass(frozen=True)
class Face:
    """One type's face: `key` its id in the game's data, `name` as players
    read it, `icon` its silhouette, `code` its letters (the tray, a card's
    corner, and a token whose silhouette cannot be drawn), `where` the data
    file and entry that set them (for messages)."""
    key: str
    name: str
    icon: str
    code: str
    where: str = ""


def face_problems(faces: list[Face]) -> list[str]:
    """Every pair of types of one game that would look alike, in words."""
    problems: list[str] = []
    for field in ("icon", "code"):
        seen: dict[str, Face] = {}
        for f in faces:
            value = getattr(f, field).lower()
            if value in seen:
                other = seen[value]
                problems.append(f"{f.where or f.key}: {field}: {getattr(f, field)!r} is also {possessive(other.name)} "
                                f"({other.where or other.key}); every type needs its own")
            else:
                seen[value] = f
    return problems
