"""Hidden Assassins and Thieves on the hotseat screen: the note is in the
owner's hand panel only while the owner is to act; the other player's
screen, the unit cards and the log never name the unit (battle_valor_
fantasy.txt § Assassins, § Thieves)."""
from __future__ import annotations

import math

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
        sections = screen.panel.hand_sections()
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


def test_the_counter_charge_and_reserves_decisions_are_buttons():
    from engine.ui.contract import load_game_ui
    units = [{"name": "raiders", "player": 0, "at": [24, 16], "facing": 90, "files": 2, "orders": ["charge"],
              "unit": {"troop": "infantry", "stands": 2, "command": True}},
             {"name": "guard", "player": 1, "at": [24, 23.5748], "facing": 270, "files": 2, "orders": ["charge"],
              "unit": {"troop": "infantry", "stands": 2, "command": True}},
             {"name": "general", "player": 0, "kind": "general", "at": [4, 44]},
             {"name": "their general", "player": 1, "kind": "general", "at": [44, 4]}]
    m = Match(Setup("battle_valor_fantasy", 2, seed=3, scenario="border_march", seats=("human", "human"),
                    options={"advanced_combat": True, "position": {"phase": "combat", "turn": 2, "units": units}}))
    view, ctl = load_game_ui(m)
    n = m.state.options["names"]
    from engine.core.actions import Action
    m.submit(Action.make("charge", 0, uid=n["raiders"], target=n["guard"]), autosave=False)
    assert [b.label for b in ctl.buttons()] == ["Counter charge", "Receive the charge"]
    m.submit(ctl.press(ctl.buttons()[0].command), autosave=False)
    assert n["raiders"] in m.state.units[n["guard"]].engaged

    res = [{"name": "knights", "player": 0, "reserve": True,
            "unit": {"troop": "cavalry", "mount": "horses", "stands": 4, "command": True}},
           {"name": "line", "player": 0, "at": [30, 40], "facing": 270, "files": 4,
            "unit": {"troop": "infantry", "stands": 4}},
           {"name": "foes", "player": 1, "at": [24, 8], "facing": 90, "files": 4,
            "unit": {"troop": "infantry", "stands": 4}}] + units[2:]
    m = Match(Setup("battle_valor_fantasy", 2, seed=3, scenario="border_march", seats=("human", "human"),
                    options={"reserves": True, "position": {"phase": "orders", "turn": 2, "initiative": 1,
                                                            "units": res}}))
    view, ctl = load_game_ui(m)
    labels = [b.label for b in ctl.buttons()]
    assert labels[0] == "No more reserves this turn" and any(x.startswith("Bring on knights") for x in labels)
    assert [s.title for s in ctl.hand(0) if s.private] == ["In reserve"] and not ctl.hand(1)


def test_attached_characters_are_drawn_touching_their_units_front_rank():
    """A Captain or Seer with a unit is drawn on its round base at the end of
    the unit's front rank, hovering names who is with whom; a hidden
    Assassin or Thief is not drawn (its unit is written face down)."""
    from engine.table.geometry import overlaps
    from games.battle_valor_fantasy.rules import characters, space
    from games.battle_valor_fantasy.ui.view import make_view
    m = Match(Setup("battle_valor_fantasy", 2, seed=5, scenario="border_march", seats=("human", "human"),
                    options={"army0": "human_retinue_1000", "army1": "orc_500"}))
    while m.state.phase == "deploy":
        m.submit(m.rules.legal_actions(m.state)[0], autosave=False)
    st = m.state
    view = make_view(m)
    models = view.models(st)
    shown = {mo.unit: mo for mo in models if isinstance(mo.key, tuple) and mo.key[1:] == ("with",)}
    attached = [c for c in st.units.values() if characters.is_character(c) and c.attached >= 0 and c.alive]
    assert any(not c.hidden for c in attached) and any(c.hidden for c in attached)
    for c in attached:
        if c.hidden:
            assert c.uid not in shown
            continue
        mo = shown[c.uid]
        host = st.units[c.attached]
        gap = min(math.hypot(mo.foot.x - f.x, mo.foot.y - f.y) for f in space.main_feet(st, host))
        assert gap < 3.0, (c.name, gap)         # beside the front rank
        assert not any(overlaps(mo.foot, f) for f in space.main_feet(st, host))
        info = view.model_info(st, mo)
        assert f"With {host.name}" in info.lines
        host_model = next(x for x in models if x.unit == host.uid)
        assert any(c.name in line for line in view.model_info(st, host_model).lines)


def test_the_generals_promise_for_saves_is_face_down_until_the_reveal():
    """The guard promise (V in the orders picker) goes down with the
    counters: the opponent placing his orders next does not see it on the
    General's card; the reveal announces it."""
    from engine.ui.contract import load_game_ui
    from games.battle_valor_fantasy.rules import space
    from games.battle_valor_fantasy.ui.view import make_view
    m = Match(Setup("battle_valor_fantasy", 2, seed=5, scenario="border_march", seats=("human", "human")))
    while m.state.phase == "deploy":
        m.submit(m.rules.legal_actions(m.state)[0], autosave=False)
    first = m.to_act()
    view, ctl = load_game_ui(m)
    assert "General rerolls saves/strikes back" in [b.label for b in ctl.buttons()]
    ctl.key("a")
    ctl.key("v")
    a = ctl.key("return")
    assert a.kind == "orders" and a.get("reroll_guard") == 1
    m.submit(a, autosave=False)
    g = space.general_of(m.state, first)
    assert m.to_act() != first and m.state.phase == "orders"

    def rerolls_row():
        return dict((r[0], r[1]) for r in make_view(m).card(m.state, g.uid).stats)["Rerolls"]
    assert "saves" not in rerolls_row()                # the other player is at the screen
    m.submit(next(x for x in m.rules.legal_actions(m.state) if x.kind == "orders"), autosave=False)
    assert "saves and strikes back this turn" in rerolls_row()
    assert any("will reroll this turn's saves and strikes back" in e.text for entry in m.log for e in entry.events)
