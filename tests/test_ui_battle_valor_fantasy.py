"""Battle Valor Fantasy on the table screen: stands drawn, cards, the order
picker with counters face down, clicking an enemy to charge, a game played
to the end through the controller's own buttons."""
from __future__ import annotations

import random

import pytest

pytest.importorskip("pygame")

from engine.core.match import Match  # noqa: E402
from engine.core.rules import Setup  # noqa: E402
from engine.ui.contract import load_game_ui  # noqa: E402
from engine.ui.render import render_png  # noqa: E402

POSITION = {"phase": "orders", "turn": 2, "units": [
    {"name": "spears", "player": 0, "at": [24, 30], "facing": 270, "files": 4,
     "unit": {"troop": "infantry", "stands": 8, "command": True, "weapon": "pole"}},
    {"name": "general", "player": 0, "kind": "general", "at": [10, 44]},
    {"name": "foes", "player": 1, "at": [24, 25], "facing": 90, "files": 4,
     "unit": {"troop": "infantry", "stands": 8, "command": True}},
    {"name": "their general", "player": 1, "kind": "general", "at": [40, 4]},
]}


def position_match():
    return Match(Setup("battle_valor_fantasy", 2, seed=3, scenario="border_march", seats=("human", "human"),
                       options={"position": POSITION}))


def test_stands_cards_and_hidden_orders(tmp_path):
    m = position_match()
    view, ctl = load_game_ui(m)
    ms = view.models(m.state)
    assert len(ms) == 18 and sum(1 for x in ms if x.leader) == 4
    names = m.state.options["names"]
    ctl.sel = names["spears"]
    ctl.press("order:charge")
    ctl.sel = names["general"]
    assert ctl.press("order:fate") is True
    a = ctl.press("orders:commit")
    assert a.kind == "orders" and a["fate"] == names["general"]
    m.submit(a, autosave=False)
    # the second player places theirs: the first's counters are face down for them
    card = view.card(m.state, names["spears"])
    assert ("Orders", "face down") in card.stats
    ctl.reset()
    ctl.press("orders:auto")
    m.submit(ctl.press("orders:commit"), autosave=False)
    assert m.state.phase != "orders"
    assert render_png(m, tmp_path / "bvf.png").exists()


def test_a_whole_battle_through_the_buttons():
    m = Match(Setup("battle_valor_fantasy", 2, seed=11, scenario="border_march", seats=("human", "human")))
    view, ctl = load_game_ui(m)
    rng = random.Random(4)
    for _ in range(4000):
        if m.outcome() is not None:
            break
        ctl.reset()
        st = m.state
        if st.phase == "deploy":
            # the listed spots, clicked through the controller
            from games.battle_valor_fantasy import choices
            acts = [a for g in choices.groups(st) for a in g()]
            acts = [a for a in acts if m.rules.check(st, a) is None]
            a = acts[rng.randrange(len(acts))]
            ctl.deploying = a["uid"]
            got = ctl.click_point((a["x"], a["y"]))
            m.submit(got if m.rules.check(st, got) is None else a, autosave=False)
            continue
        if st.phase == "orders" and not st.pending:
            ctl.press("orders:auto")
            m.submit(ctl.press("orders:commit"), autosave=False)
            continue
        if st.phase in ("spells", "reform", "fire", "combat", "advance", "fire2") and not st.pending:
            from games.battle_valor_fantasy import turns
            mine = [u for u in turns.units_of(st, m.rules.to_act(st)) if turns.can_activate(st, u, st.phase)]
            ctl.sel = mine[rng.randrange(len(mine))].uid
        bs = ctl.buttons()
        assert bs, f"no buttons in {st.phase}"
        a = ctl.press(bs[rng.randrange(len(bs))].command)
        m.submit(a, autosave=False)
    assert m.outcome() is not None
