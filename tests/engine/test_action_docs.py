"""The script format's per-game action pages (docs/scripts/<game>.md) are
written from the declared actions (engine/core/action_docs.py): a page
that differs from what the declarations make fails here, so a kind added,
renamed or given a new parameter cannot leave its page behind."""
from __future__ import annotations

import pytest

from engine.core import registry
from engine.core.action_docs import DOCS_DIR, game_page, pages

GAMES = [r.game_id for r in registry.all_games()]


@pytest.mark.parametrize("game", GAMES)
def test_the_committed_page_is_what_the_declarations_make(game):
    want = pages()[f"{game}.md"]
    path = DOCS_DIR / f"{game}.md"
    assert path.exists(), f"{path} is missing: run `python main.py docs actions`"
    assert path.read_text(encoding="utf-8") == want, f"{path} is stale: run `python main.py docs actions`"


def test_a_page_lists_every_kind_with_its_parameters_bounds_and_optional_ones():
    rules = registry.get("uberdrakes")
    text = game_page(rules, rules.declared_actions().specs)
    assert "### counter" in text and "- `x`: a whole number, 0 to 99" in text
    assert "- `to` (optional): a hex" in text
    assert text.count("\n### ") == len(rules.declared_actions().specs)


def test_the_script_format_links_every_page():
    text = (DOCS_DIR.parent / "scripts.md").read_text(encoding="utf-8")
    for game in GAMES:
        assert f"scripts/{game}.md" in text
