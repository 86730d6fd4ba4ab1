"""Every rule link opens something (engine/core/citations.py, the rules
reference): each citation the code can produce (its string literals,
docstrings aside), the data (catalogs, lessons, the guided games) and a
random playout's log of every game names a rulebook or rules notes the app
installs, and a section there that is a heading (or a bold term), not a
word somewhere in the text."""
from __future__ import annotations

import ast
import random

import pytest

from engine.core import citations, registry
from engine.core.catalog import load_yaml
from engine.core.match import Match
from engine.core.rules import Setup
from tiers import ROOT, slow



def code_citations() -> dict[str, str]:
    """citation -> where (file:line) for every string literal of engine/ and
    games/ but docstrings (they speak to programmers)."""
    out: dict[str, str] = {}
    for top in ("engine", "games"):
        for path in sorted((ROOT / top).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            if "§" not in text:
                continue
            docs, found = set(), []
            for node in ast.walk(ast.parse(text)):
                if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
                    first = node.body[0]
                    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                        docs.add(id(first.value))
                elif isinstance(node, ast.Constant) and isinstance(node.value, str) and "§" in node.value:
                    found.append(node)
            for node in found:
                if id(node) not in docs:
                    for c in citations.in_text(node.value):
                        out.setdefault(c, f"{path.relative_to(ROOT)}:{node.lineno}")
    return out


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def data_citations() -> dict[str, str]:
    """citation -> file for every string value in data/ (catalogs, lessons, lists)."""
    out: dict[str, str] = {}
    for path in sorted((ROOT / "data").rglob("*.yaml")):
        for text in _strings(load_yaml(path)):
            for c in citations.in_text(text):
                out.setdefault(c, str(path.relative_to(ROOT)))
    return out


def playout_citations(game: str, seed: int = 3, limit: int = 400) -> dict[str, str]:
    """citation -> the event that cited it, over one random game (its
    events and the refusals of a few actions the rules do not offer)."""
    rules = registry.get(game)
    m = Match(Setup(game, rules.min_players, seed, rules.scenarios()[0], ("human",) * rules.min_players, {}))
    rng = random.Random(seed)
    out: dict[str, str] = {}
    for entry in m.log:
        for e in entry.events:
            if e.rule:
                out.setdefault(e.rule, f"{game} setup: {e.text}")
    for _ in range(limit):
        legal = m.legal_actions()
        if not legal:
            break
        a = rng.choice(legal)
        events = m.submit(a, autosave=False)
        for e in events:
            if e.rule:
                out.setdefault(e.rule, f"{game}: {e.text}")
    return out


def test_the_locator_tells_a_heading_from_a_mention():
    assert citations.opens("dice_wars.txt § Guarding") == ""
    assert citations.opens("dice_wars.txt § Terrain: Water") == ""
    assert "no section" in citations.opens("dice_wars.txt § Teleportation Mishaps")
    assert "not a rulebook" in citations.opens("../../etc/passwd § root")
    assert "not installed" in citations.opens("chess.txt § Castling")


def test_the_games_rules_notes_open():
    """Warbound's "§ Exploration scenario" and "§ Skills" opened
    "docs/games/warbound.md is not installed" (issue 34)."""
    for rule in ("docs/games/warbound.md § Exploration scenario", "docs/games/warbound.md § Skills",
                 "battle_valor_fantasy.md § Grand Alliance"):
        assert citations.opens(rule) == "", citations.opens(rule)
    lines = citations.load_lines("docs/games/warbound.md")
    assert lines[citations.find_section(lines, "Skills")].startswith("## Skills")


def _failures(found: dict[str, str]) -> list[str]:
    return [f"{where}: {why}" for c, where in sorted(found.items()) if (why := citations.opens(c))]


def test_every_citation_in_the_code_opens_its_section():
    found = code_citations()
    assert len(found) > 150
    assert not _failures(found), "\n".join(_failures(found))


def test_every_citation_in_the_data_opens_its_section():
    found = data_citations()
    assert len(found) > 15
    assert not _failures(found), "\n".join(_failures(found))


GAMES = sorted(g.game_id for g in registry.all_games())


@pytest.mark.parametrize("game", GAMES)
def test_every_citation_of_a_random_game_opens_its_section(game):
    found = playout_citations(game, limit=50)
    assert found
    assert not _failures(found), "\n".join(_failures(found))


@slow
@pytest.mark.parametrize("game", GAMES)
def test_every_citation_of_long_random_games_opens_its_section(game):
    found: dict = {}
    for seed in (1, 2, 3):
        found.update(playout_citations(game, seed=seed, limit=1500))
    assert not _failures(found), "\n".join(_failures(found))
