"""Rules, state, data, AI and geometry must run without pygame; only the
map loader may import pytmx (DESIGN.md)."""
import ast
from pathlib import Path
from tiers import ROOT

PRESENTATION = ("ui", "view", "controller", "render")


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), str(path))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module.split(".")[0])
    return out


def test_no_pygame_outside_presentation():
    bad = []
    for path in list((ROOT / "engine").rglob("*.py")) + list((ROOT / "games").rglob("*.py")):
        rel = path.relative_to(ROOT)
        if any(part == "ui" or part.startswith(PRESENTATION) for part in rel.parts):
            continue
        if "pygame" in _imports(path):
            bad.append(str(rel))
    assert bad == []


def test_only_the_map_loader_imports_pytmx():
    users = [str(p.relative_to(ROOT)) for p in list((ROOT / "engine").rglob("*.py")) + list((ROOT / "games").rglob("*.py"))
             if "pytmx" in _imports(p)]
    assert all(u.startswith("engine/maps/") for u in users), users
