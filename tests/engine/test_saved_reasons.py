"""A computer seat's reasons are kept in the save (engine/core/match.py
`explain_last`, the saved action's `why`): after a resume the log reads as
it did, "Why:" lines included, and a hand-made save cannot put words in a
person's mouth."""
from __future__ import annotations

import json
import random

import pytest

from engine.core.match import Match
from engine.core.rules import Setup
from engine.core.saves import SaveError


def _game_with_a_computer_reason():
    """Blue is the computer: each of its moves explained, Red's not."""
    m = Match(Setup("dice_wars", 2, seed=9, scenario="balanced", seats=("human", "normal")))
    rng = random.Random(9)
    while (len({a.player for a in m.actions}) < 2 or len(m.actions) < 8
           or m.to_act() != 0 or m.actions[-1].player != 1):
        p = m.to_act()
        m.submit(rng.choice([a for a in m.legal_actions() if a.player == p]), autosave=False)
        if p == 1:
            m.explain_last(f"take position: move {len(m.actions)} covers the army")
    return m


def _why_lines(match):
    return [e.text for entry in match.log for e in entry.events if e.kind == "ai"]


def test_the_computer_s_why_lines_survive_a_save_and_a_resume(tmp_path):
    m = _game_with_a_computer_reason()
    assert _why_lines(m) and len(_why_lines(m)) == len(m.reasons) == sum(a.player == 1 for a in m.actions)
    path = tmp_path / "game.json"
    m.save(path)
    back = Match.load(path)
    assert _why_lines(back) == _why_lines(m)
    assert back.reasons == m.reasons
    assert m.to_act() == 0 and m.actions[-1].player == 1      # Red to decide, after Blue's explained moves
    before = len(m.actions)
    assert m.undo(player=0)                 # back to Red's last decision, through Blue's moves
    assert len(m.actions) < before and all(i < len(m.actions) for i in m.reasons)     # undone with their moves
    assert len(_why_lines(m)) == len(m.reasons)


def test_a_reason_on_a_person_s_move_or_a_huge_one_is_refused(tmp_path):
    m = _game_with_a_computer_reason()
    data = m.to_save()
    human = next(i for i, a in enumerate(data["actions"]) if a["player"] == 0)
    path = tmp_path / "game.json"
    data["actions"][human]["why"] = "I meant to lose"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=rf"actions\[{human}\]\.why: only a computer seat's move carries a reason"):
        Match.load(path)
    data = m.to_save()
    data["actions"][max(m.reasons)]["why"] = "x" * 5000
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=r"why: expected the computer's reason in words"):
        Match.load(path)
