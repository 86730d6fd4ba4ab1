"""The catalog passed in, not a global (issue 37).

A game's data (games/<id>/rules/catalog.py) is read by its ruleset
(`catalog()`, `read_catalog()`); each state carries the catalog its match
was set up with, and what the rules derive from the data is cached on that
catalog (engine/core/catalog_memo.py).  For every game moved to this, no
module but the loader reads the data by a global, and a new catalog reads
the map again without clearing any cache."""
from __future__ import annotations

import re
import shutil
import sys

import pytest

from engine.core import registry
from engine.core.dice import SeededDice
from engine.core.rules import Setup
from engine.core.state_fields import fingerprint
from tiers import ROOT

PASSED_IN = ("battle_valor_fantasy", "dice_wars", "dragonbond", "uberdrakes", "warbound")                # the games whose modules read state.catalog (issue 37)
# a call of the global loader or its cache: `cat()`, `load_catalog()` (with or without a folder)
GLOBAL_READ = re.compile(r"(?<![\w.])(cat|load_catalog)\(")
# a map whose first tile can change, per game: (file under assets/maps/<game>/, its first tile, another tile)
MAPS = {"warbound": ("recommended.tmx", '<data encoding="csv">\n1,', '<data encoding="csv">\n2,'),
        "dice_wars": ("balanced.tmx", '<data encoding="csv">\n1,', '<data encoding="csv">\n2,')}


def _global_reads(game: str) -> list[str]:
    out = []
    for path in sorted((ROOT / "games" / game).rglob("*.py")):
        if path.name == "catalog.py":
            continue                       # the loader itself
        for n, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("#", 1)[0]
            if GLOBAL_READ.search(code) or re.search(r"import .*\bload_catalog\b", code):
                out.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    return out


@pytest.mark.parametrize("game", PASSED_IN)
def test_no_module_reads_the_catalog_by_a_global(game):
    assert _global_reads(game) == []


def test_the_check_finds_a_global_read(tmp_path, monkeypatch):
    """The grep above is not blind: a module calling the loader is found."""
    game = tmp_path / "games" / "warbound"
    game.mkdir(parents=True)
    (game / "rules.py").write_text("from games.warbound.rules.catalog import load_catalog\nx = load_catalog().board\n")
    (game / "view.py").write_text("def f(state):\n    return cat().terrain   # the old way\n")
    (game / "catalog.py").write_text("def load_catalog():\n    return load_catalog()\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert len(_global_reads("warbound")) == 3


@pytest.mark.parametrize("game", PASSED_IN)
def test_a_state_carries_its_catalog_shared_by_copies_and_not_fingerprinted(game):
    rules = registry.get(game)
    state, _ = rules.initial_state(Setup(game, rules.players_for_bench(), seed=3), SeededDice(3))
    assert state.catalog is rules.catalog()
    twin = rules.clone(state)
    assert twin.catalog is state.catalog and twin == state
    other = rules.read_catalog()
    again, _ = rules.initial_state(Setup(game, rules.players_for_bench(), seed=3), SeededDice(3), other)
    assert again.catalog is other and fingerprint(again) == fingerprint(state)


@pytest.mark.parametrize("game", sorted(MAPS))
def test_a_new_catalog_reads_the_map_again_and_the_old_state_keeps_its_own(game, tmp_path):
    """What the live map viewer does on a save (rules.reload_files): no
    cache to clear, the new catalog has none."""
    name, first, changed = MAPS[game]
    folder = ROOT / "assets" / "maps" / game
    for f in folder.iterdir():
        shutil.copy(f, tmp_path / f.name)
    path = tmp_path / name
    rules = registry.get(game)
    setup = Setup(game, rules.players_for_bench(), seed=1, scenario=str(path))
    cat = rules.read_catalog()
    old, _ = rules.initial_state(setup, SeededDice(1), cat)
    corner = sorted(old.board.terrain, key=lambda h: (h[1], h[0]))[0]
    before = old.board.terrain[corner]
    text = path.read_text()
    assert first in text
    path.write_text(text.replace(first, changed, 1))
    same, _ = rules.initial_state(setup, SeededDice(1), cat)
    assert same.board.terrain[corner] == before         # the map is read once per catalog
    new, _ = rules.initial_state(setup, SeededDice(1), rules.read_catalog())
    assert new.board.terrain[corner] != before
    assert old.board.terrain[corner] == before          # a state made before keeps its board
