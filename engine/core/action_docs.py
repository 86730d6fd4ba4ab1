"""The script format's per-game action reference, written from the games'
declared actions (engine/core/action_specs.py): each kind, what it does,
its parameters with their kinds, bounds and whether they may be left out.

`python main.py docs actions` writes docs/scripts/<game>.md for every
game; tests/engine/test_action_docs.py fails when a committed page differs from
what the declarations make, so the pages cannot drift from the rules."""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from engine.core.action_specs import ActionSpec, Param

if TYPE_CHECKING:
    from engine.core.game import Game

DOCS_DIR = Path(__file__).resolve().parents[2] / "docs" / "scripts"
NO_BOUND = (-10**6, 10**6)

KIND_WORDS = {
    "unit": "a piece: its number, or its name from the script's `position`",
    "player": "a seat (0 is the first player)",
    "hex": "a hex: [q, r], or its label as the board shows it (J4)",
    "facing": "a hex side, 0-5",
    "int": "a whole number",
    "text": "a name",
    "bool": "true or false",
    "unit_or_hex": "a piece or a hex",
    "units": "a list of pieces",
    "names": "a list of names",
    "ints": "a list of whole numbers (a unit's model numbers)",
    "point": "a spot on the table: [x, y] in inches",
    "points": "a list of spots, one per model: [[x, y], ...]",
    "number": "a number (inches, degrees)",
    "numbers": "a short list of numbers (at most 8)",
    "orders": "a list of [piece, order] pairs",
}


def param_words(p: Param) -> str:
    """One parameter as the reference lists it."""
    words = KIND_WORDS[p.kind]
    if p.kind == "int" and (p.low, p.high) != NO_BOUND:
        low = "" if p.low == NO_BOUND[0] else str(p.low)
        high = "" if p.high == NO_BOUND[1] else str(p.high)
        words += f", {low} to {high}" if low and high else (f", at least {low}" if low else f", at most {high}")
    if p.choices is not None:
        words += ", one the game knows"
    return f"`{p.name}`{' (optional)' if p.optional else ''}: {words}"


def spec_lines(spec: ActionSpec) -> list[str]:
    lines = [f"### {spec.kind}", "", (spec.doc[:1].upper() + spec.doc[1:] + ".") if spec.doc else "", ""]
    if spec.params:
        lines += [f"- {param_words(p)}" for p in spec.params]
    else:
        lines.append("No parameters.")
    example = ", ".join([f"kind: {spec.kind}", "player: 0"] +
                        [f"{p.name}: ..." for p in spec.params if not p.optional])
    return lines + ["", "```yaml", f"- {{{example}}}", "```", ""]


def _actions_path(game_id: str) -> str:
    """Where a game declares its actions (every game package has the same
    shape: tests/engine/test_game_packages.py)."""
    return f"games/{game_id}/rules/actions.py"


def game_page(rules: Game, specs: Mapping[str, ActionSpec]) -> str:
    """The markdown page for one game's declared actions."""
    title = rules.title or rules.game_id
    head = [f"# {title}: actions in scripts", "",
            f"Written by `python main.py docs actions` from {_actions_path(rules.game_id)}; do not edit",
            "by hand (tests/engine/test_action_docs.py fails when this page and the declarations differ).",
            "The script format itself: [docs/scripts.md](../scripts.md).", "",
            "Every action is a mapping with `kind` and `player` (a seat, 0 first) and the parameters",
            "below. A parameter of the wrong kind is refused before the rules read it, naming the",
            "field (`to: a hex (two whole numbers) was expected, not 'A1'`); names are checked by the",
            "rules, which refuse them in the rulebook's words.", "",
            f"{len(specs)} kinds:", ""]
    body: list[str] = []
    for kind in sorted(specs):
        body += spec_lines(specs[kind])
    return "\n".join(head + body).rstrip("\n") + "\n"


def pages() -> dict[str, str]:
    """{file name: text} for every registered game."""
    from engine.core import registry
    return {f"{rules.game_id}.md": game_page(rules, rules.declared_actions().specs) for rules in registry.all_games()}


def write_pages(folder: Path = DOCS_DIR) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name, text in pages().items():
        path = folder / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        out.append(path)
    return out
