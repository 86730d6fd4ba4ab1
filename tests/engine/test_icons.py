"""The unit silhouettes: every icon the data may name is vendored and
credited with its author and licence, loads at any size in any colour, and
every unit type of every game has its own face (icon and code) named in the
game's data, so no two types of one game draw alike."""
import importlib
import re

import pygame
import pytest
import yaml

from engine.core.catalog import DataError, validate_map
from engine.core.faces import Face, face_problems
from engine.core import registry
from engine.core.registry import GAME_MODULES
from engine.ui.panels.icons import ICON_DIR, icon_names, icon_surface
from engine.ui.scenes.about import credits
from tiers import ROOT

GAMES = sorted(m.split(".")[-1] for m in GAME_MODULES)


def test_every_icon_is_vendored_and_credited_with_its_author():
    table = yaml.safe_load((ICON_DIR / "icons.yaml").read_text())["icons"]
    credit = (ICON_DIR / "CREDITS.md").read_text()
    assert "CC BY 3.0" in credit and "game-icons.net" in credit
    assert sorted(p.stem for p in ICON_DIR.glob("*.svg")) == sorted(table) == icon_names()
    for name, spec in table.items():
        assert spec["author"] and spec["licence"] in ("CC BY 3.0", "CC0"), name
        row = f"| {name}.svg | [{name}](https://game-icons.net/1x1/{spec['folder']}/{name}.html) | " \
              f"{spec['author']} | {spec['licence']} |"
        assert row in credit, name


def test_icons_load_at_any_size_in_any_colour():
    pygame.display.init()
    for name in ("bowman", "dragon-head", "cavalry"):
        small, big = icon_surface(name, 16, (255, 0, 0)), icon_surface(name, 96, (0, 0, 0))
        assert small.get_size() == (16, 16) and big.get_size() == (96, 96)
        reds = {big.get_at((x, y))[:3] for x in range(0, 96, 4) for y in range(0, 96, 4) if big.get_at((x, y))[3]}
        assert reds and all(c == (0, 0, 0) for c in reds)      # recoloured, nothing else
    assert icon_surface("no_such_icon", 32, (0, 0, 0)) is None
    assert icon_surface("../icons/bowman", 32, (0, 0, 0)) is None      # a name, never a path


def _faces(game: str) -> list[Face]:
    pkg = f"games.{game}.ui"      # where its screens (and faces) live
    return importlib.import_module(pkg + ".faces").faces(registry.get(game).catalog())


@pytest.mark.parametrize("game", GAMES)
def test_every_type_has_its_own_face_in_the_data(game):
    faces = _faces(game)
    assert len(faces) >= 6
    assert face_problems(faces) == []
    assert all(f.icon in icon_names() for f in faces)


@pytest.mark.parametrize("game", GAMES)
def test_no_two_types_of_a_game_draw_alike(game):
    """The pictures themselves differ (two names could hold one drawing)."""
    pygame.display.init()
    from engine.ui.boards.hexboard import make_token
    from engine.ui.contract import TokenSpec
    seen: dict[bytes, str] = {}
    for f in _faces(game):
        surf = make_token(48, TokenSpec(key=0, hex=(0, 0), color="#B03030", label=f.code, icon=f.icon))
        img = icon_surface(f.icon, 32, (255, 255, 255))
        assert img is not None and any(img.get_at((x, y))[3] for x in range(32) for y in range(32)), f.icon
        key = pygame.image.tobytes(surf, "RGBA") + pygame.image.tobytes(img, "RGBA")
        assert key not in seen, f"{f.name} draws like {seen.get(key)}"
        seen[key] = f.name


def test_face_problems_name_both_types():
    a = Face("splatter", "Splatter", "bowman", "S", "characters.yaml: splatter")
    b = Face("scrapper", "Scrapper", "spiked-bat", "s", "characters.yaml: scrapper")
    c = Face("copp", "COPP", "bowman", "CP", "characters.yaml: copp")
    probs = face_problems([a, b, c])
    assert probs == [
        "characters.yaml: copp: icon: 'bowman' is also Splatter's (characters.yaml: splatter); every type needs its own",
        "characters.yaml: scrapper: code: 's' is also Splatter's (characters.yaml: splatter); every type needs its own"]


def test_an_unknown_icon_is_a_line_numbered_data_error():
    from engine.core.catalog import parse_yaml
    from games.warbound.rules.defs import Character
    text = (ROOT / "data" / "warbound" / "characters.yaml").read_text()
    data = parse_yaml(text.replace("icon: police-officer-head", "icon: crossbow-of-doom"), "characters.yaml")
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if "icon: police-officer-head" in ln)
    with pytest.raises(DataError) as e:
        validate_map(Character, data, "characters.yaml")
    assert e.value.problems == [f"characters.yaml:{line}: copp.icon: 'crossbow-of-doom' is not one of the "
                                "silhouettes in assets/icons/icons.yaml (add it there and run tools/vendor_icons.py) "
                                "(got 'crossbow-of-doom')"]


def test_no_view_guesses_a_face_from_words():
    for path in list((ROOT / "games").glob("*/view*.py")) + list((ROOT / "games").glob("*/ui/view*.py")) + list((ROOT / "engine" / "ui").rglob("*.py")):
        assert "icon_for" not in path.read_text(), path


def test_about_names_the_licences_and_the_authors():
    text = " ".join(t for t, _ in credits())
    assert re.search(r"Game Icons.*CC BY 3\.0", text) and "DejaVu" in text
    authors = {v["author"] for v in yaml.safe_load((ICON_DIR / "icons.yaml").read_text())["icons"].values()}
    assert all(a in text for a in authors)
