"""The unit silhouettes: every icon the table names is vendored, credited
as its licence asks, loads at any size, and units find theirs by name."""
import re
from pathlib import Path

import pygame
import yaml

from engine.ui.panels.icons import ICON_DIR, icon_for, icon_surface
from engine.ui.scenes.about import credits

ROOT = Path(__file__).resolve().parents[1]


def test_every_icon_is_vendored_and_credited():
    table = yaml.safe_load((ICON_DIR / "icons.yaml").read_text())["icons"]
    credit = (ICON_DIR / "CREDITS.md").read_text()
    assert "CC BY 3.0" in credit and "game-icons.net" in credit
    assert sorted(p.stem for p in ICON_DIR.glob("*.svg")) == sorted(table)
    for name, spec in table.items():
        assert f"| {name}.svg | {spec['id']} |" in credit


def test_icons_load_at_any_size_in_any_colour():
    pygame.display.init()
    for name in ("archer", "dragon", "cavalry"):
        small, big = icon_surface(name, 16, (255, 0, 0)), icon_surface(name, 96, (0, 0, 0))
        assert small.get_size() == (16, 16) and big.get_size() == (96, 96)
        reds = {big.get_at((x, y))[:3] for x in range(0, 96, 4) for y in range(0, 96, 4) if big.get_at((x, y))[3]}
        assert reds and all(c == (0, 0, 0) for c in reds)      # recoloured, nothing else
    assert icon_surface("no_such_icon", 32, (0, 0, 0)) is None


def test_units_find_their_silhouette_by_name_type_or_weapon():
    assert icon_for("Archer") == "archer"
    assert icon_for("Oathguard Halberdiers") == "pikeman"
    assert icon_for("Fire Dragon") == "dragon"
    assert icon_for("general", "Dragon Queen") == "general"
    assert icon_for("Quill Brassbolt", "shot") == "archer"       # a hero with no class word: its weapon
    assert icon_for("Xyzzy") == ""


def test_about_names_the_licences():
    text = " ".join(t for t, _ in credits())
    assert re.search(r"Game Icons.*CC BY 3\.0", text) and "DejaVu" in text
