"""Every game package has the same shape (issue 37; docs/ARCHITECTURE.md
"The game contract on one page"): the same module names for the same
roles, grouped so that the folders say the architecture, and the layers
import downward only: rules/ never reaches ai/ or ui/ (nor pygame), ai/
never reaches ui/."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine.core import registry
from tiers import ROOT

GAMES = [m.split(".")[-1] for m in registry.GAME_MODULES]
ROLES = {
    "rules": ("state", "catalog", "actions", "legal", "checks", "apply", "flow", "describe", "position"),
    "ai": ("players", "normal", "strong"),
    "ui": ("controller", "view"),
}
# what each layer may not import (a module path prefix, after games.<id>.)
BELOW = {"rules": ("ai", "ui"), "ai": ("ui",), "ui": ()}


def imports_of(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import in the file, at any depth (an import
    inside a function crosses a layer as much as one at the top)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append((node.lineno, node.module))
            out += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_role_has_its_module(game):
    pkg = ROOT / "games" / game
    assert (pkg / "game.py").is_file(), f"games/{game}/game.py: the Game subclass"
    missing = [f"games/{game}/{layer}/{name}.py" for layer, names in ROLES.items() for name in names
               if not (pkg / layer / f"{name}.py").is_file()]
    assert not missing, missing
    loose = sorted(p.name for p in pkg.glob("*.py") if p.name not in ("__init__.py", "game.py"))
    assert not loose, f"games/{game}: modules outside rules/, ai/, ui/: {loose}"


@pytest.mark.parametrize("game", GAMES)
def test_layers_import_downward_only(game):
    pkg = ROOT / "games" / game
    wrong = []
    for layer, banned in BELOW.items():
        for path in sorted((pkg / layer).glob("*.py")):
            for line, module in imports_of(path):
                if layer == "rules" and module.split(".")[0] == "pygame":
                    wrong.append(f"{path.relative_to(ROOT)}:{line}: imports pygame")
                for b in banned:
                    if module == f"games.{game}.{b}" or module.startswith(f"games.{game}.{b}."):
                        wrong.append(f"{path.relative_to(ROOT)}:{line}: {layer}/ imports {module}")
    assert not wrong, "\n".join(wrong)


def test_the_check_finds_a_crossing(tmp_path):
    """The import scan sees an import inside a function (the test above
    cannot pass by looking only at the top of a file)."""
    f = tmp_path / "m.py"
    f.write_text("def later():\n    from games.dice_wars.ui import view\n")
    assert (2, "games.dice_wars.ui.view") in imports_of(f)
