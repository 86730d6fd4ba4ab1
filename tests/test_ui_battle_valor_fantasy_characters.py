"""Hidden Assassins and Thieves on the hotseat screen: the note is in the
owner's hand panel only while the owner is to act; the other player's
screen, the unit cards and the log never name the unit (battle_valor_
fantasy.txt § Assassins, § Thieves)."""
from __future__ import annotations

import pytest

pytest.importorskip("pygame")

from engine.core.match import Match  # noqa: E402
from engine.core.rules import Setup  # noqa: E402
from engine.ui.app import App  # noqa: E402
from engine.ui.scenes.match_screen import MatchScreen  # noqa: E402


def test_the_hidden_note_shows_to_its_owner_only():
    m = Match(Setup("battle_valor_fantasy", 2, seed=5, scenario="border_march", seats=("human", "human"),
                    options={"army0": "human_retinue_1000", "army1": "orc_500"}))
    app = App((1280, 720), headless=True)
    screen = app.push(MatchScreen(app, m, headless=True))
    st = m.state
    hidden = [c for c in st.units.values() if c.hidden]
    hosts = {st.units[c.attached].name for c in hidden}
    assert len(hidden) == 2
    seen = {0: False, 1: False}
    for _ in range(60):
        p = m.rules.to_act(m.state)
        app.draw()
        sections = screen.hand_sections()
        notes = [s for s in sections if s.title == "Hidden characters"]
        text = " ".join(c.title for s in notes for c in s.cards)
        if p == 0:
            assert notes and all(s.private for s in notes) and all(h in text for h in hosts)
        else:
            assert not notes
            assert not any(h in c.title for s in sections for c in s.cards for h in hosts)
        seen[p] = True
        for h in hidden:
            card = screen.view.card(m.state, h.attached)
            assert not any("Assassin" in str(v) or "Thief" in str(v) for _, v in card.stats)
        if m.state.phase != "deploy":
            break
        a = m.rules.legal_actions(m.state)[0]
        m.submit(a, autosave=False)
    assert seen[0] and seen[1]
    assert not any(h in e.text for entry in m.log for e in getattr(entry, "events", []) for h in hosts
                   if "Assassin" in e.text or "Thief" in e.text)
