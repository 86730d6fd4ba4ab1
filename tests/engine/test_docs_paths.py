"""The docs stay true: every repository path that README.md, docs/*.md or a
docstring names exists.  A path with a placeholder (`games/<id>/`, `*.yaml`)
is a pattern, not a path; `module.name` (a function in a module) counts
when the module's file exists."""
from __future__ import annotations

import ast
import re
from tiers import ROOT

TOPS = ("engine", "games", "data", "assets", "tests", "docs", "tools")
PATH = re.compile(r"(?<![\w./~-])((?:" + "|".join(TOPS) + r")/[\w./<>*{}-]*[\w/])")
SOURCES = ("engine", "games", "tests", "tools")


def _texts():
    """(file, first line, text) of every document and docstring."""
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        yield path, 1, path.read_text(encoding="utf-8")
    files = [ROOT / "main.py"] + [p for top in SOURCES for p in sorted((ROOT / top).rglob("*.py"))
                                  if "__pycache__" not in p.parts]
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                text = ast.get_docstring(node, clean=False)
                if text:
                    yield path, node.body[0].lineno, text


def _exists(name: str) -> bool:
    if (ROOT / name).exists():
        return True
    folder, _, last = name.rpartition("/")
    module = last.split(".")[0]           # engine/ui/scenes/match_screen.sync_board
    return (ROOT / folder / (module + ".py")).exists()


def missing_paths() -> list[str]:
    out = []
    for path, first, text in _texts():
        for m in PATH.finditer(text):
            name = m.group(1).rstrip(".")
            if any(c in name for c in "<>*{}"):
                continue
            if not _exists(name):
                line = first + text[:m.start()].count("\n")
                out.append(f"{path.relative_to(ROOT)}:{line}: {name}")
    return out


def test_every_path_the_docs_name_exists():
    assert not missing_paths(), "paths that do not exist:\n" + "\n".join(missing_paths())


def test_a_stale_path_is_found(tmp_path, monkeypatch):
    """The test above can fail: a docstring naming a file that is not there."""
    assert PATH.search("see engine/ui/gameui_extra.py for the specs").group(1) == "engine/ui/gameui_extra.py"
    assert not _exists("engine/ui/gameui_extra.py")
    assert _exists("engine/ui/scenes/match_screen.sync_board") and _exists("docs/games/")
    assert PATH.search("../shared/rules/dice_wars.txt") is None       # outside the repository
