"""A Grand Alliance on the hotseat screen (docs/games/battle_valor_fantasy.md
§ Grand Alliance): the launcher offers 3 and 4 players, the board is handed
over between every two players placing orders and nobody else's counters
are drawn (an ally's included), and 3 or 4 people play it to a winner
through the controller's own buttons."""
from __future__ import annotations

import random

import pytest

pytest.importorskip("pygame")

from engine.core.match import Match  # noqa: E402
from engine.core.rules import Setup  # noqa: E402
from engine.ui.app import App  # noqa: E402
from engine.ui.contract import load_game_ui  # noqa: E402
from engine.ui.scenes.dialogs import Handoff  # noqa: E402
from engine.ui.scenes.launcher import Launcher  # noqa: E402
from engine.ui.scenes.match_screen import MatchScreen  # noqa: E402
from engine.ui.scenes.launcher_commands import CycleSeat, Go, StepPlayers
from games.battle_valor_fantasy.rules import alliance, flow  # noqa: E402
from test_ui_support import click, dismiss_handoff  # noqa: E402
from tiers import slow_for


def _deployed(players: int) -> Match:
    m = Match(Setup("battle_valor_fantasy", players, seed=4, scenario="twin_crowns",
                    seats=tuple("human" for _ in range(players))))
    while m.state.phase == "deploy":
        m.submit(m.legal_actions()[0], autosave=False)
    return m


def test_the_launcher_offers_three_and_four_players_and_starts_an_alliance():
    app = App((1920, 1080), headless=True)
    la = app.push(Launcher(app))
    la.select_game(next(g for g in la.games if g.game_id == "battle_valor_fantasy"))
    la.scenario = "twin_crowns"
    app.draw()
    assert not any(c == CycleSeat(2) for _, c, _ in la.hot)          # two players: no third seat
    for n in (3, 4):
        click(app, next(r for r, c, _ in la.hot if c == StepPlayers(1)).center)
        app.draw()
        assert la.players == n and any(c == CycleSeat(n - 1) for _, c, _ in la.hot)
        assert "Grand Alliance" in la.players_note()
        assert la.default_army(n - 1) == ("The Ironhold Vanguard" if n == 3 else "Silverbough Outriders")
    for i in range(4):
        if la.seats[i] != "human":
            click(app, next(r for r, c, _ in la.hot if c == CycleSeat(i)).center)
            app.draw()
    click(app, next(r for r, c, _ in la.hot if c == Go.START).center)
    screen = next(s for s in app.stack if isinstance(s, MatchScreen))
    assert screen.match.setup.players == 4 and screen.state.alliance is not None


def test_after_each_handoff_no_other_players_orders_are_drawn(tmp_path):
    m = _deployed(4)
    app = App((1920, 1080), headless=True)
    screen = app.replace_all(MatchScreen(app, m))
    if isinstance(app.top(), Handoff):
        dismiss_handoff(app)
    view, ctl = screen.view, screen.ctl
    st = m.state
    placed = []
    while st.phase == "orders":
        seat = m.to_act()
        assert not ctl.draft                       # the picker starts empty for every player
        for q in placed:                           # nothing of any earlier player's counters, an ally's too
            for u in st.units.values():
                if alliance.seat_of(st, u) == q and u.on_table:
                    assert ("Orders", "face down") in view.card(st, u.uid).stats
                    mo = next((x for x in view.models(st) if x.unit == u.uid), None)
                    if mo is not None:
                        assert not any(line.startswith("Orders") for line in view.model_info(st, mo).lines)
        if placed:
            ctl.sel = next(u.uid for u in st.units.values() if alliance.seat_of(st, u) == placed[-1] and u.on_table)
            app.draw()
            app.screenshot(tmp_path / f"after_handoff_{seat}.png")
        ctl.press("orders:auto")
        a = ctl.press("orders:commit")
        assert a.player == seat
        screen.submit(a)
        placed.append(seat)
        if st.phase == "orders":
            assert isinstance(app.top(), Handoff)       # handed over before the next player looks
            assert app.top().name == m.rules.player_name(st, m.to_act())
            dismiss_handoff(app)
    assert placed == [0, 2, 1, 3]


@pytest.mark.parametrize("players", slow_for([3, 4], 4))
def test_an_alliance_played_to_a_winner_through_the_buttons(players):
    m = Match(Setup("battle_valor_fantasy", players, seed=11, scenario="twin_crowns",
                    seats=tuple("human" for _ in range(players)), options={"reserves": True,
                                                                         "advanced_combat": True}))
    view, ctl = load_game_ui(m)
    rng = random.Random(4)
    for _ in range(6000):
        if m.outcome() is not None:
            break
        ctl.reset()
        st = m.state
        seat = m.to_act()
        view.header(st)
        if st.phase == "deploy" and not st.pending:
            acts = m.legal_actions()
            a = acts[rng.randrange(len(acts))]
            if a.kind == "deploy":
                ctl.deploying = a["uid"]
                got = ctl.click_point((a["x"], a["y"]))
                a = got if m.rules.check(st, got) is None else a
            m.submit(a, autosave=False)
            continue
        if st.phase == "orders" and not st.pending:
            ctl.press("orders:auto")
            m.submit(ctl.press("orders:commit"), autosave=False)
            continue
        if st.phase in flow.PHASE_ORDERS and not st.pending:
            side = alliance.side_of(st, seat)
            mine = [u for u in flow.units_of(st, side) if alliance.seat_of(st, u) == seat
                    and flow.can_activate(st, u, st.phase)]
            if not mine:                         # a character's Advance order: its card in the hand panel
                sec = [c for s in ctl.hand(seat) for c in s.cards if c.key[0] == "act"]
                m.submit(ctl.click_card(sec[0].key) if sec else m.legal_actions()[0], autosave=False)
                continue
            ctl.sel = mine[rng.randrange(len(mine))].uid
        bs = ctl.buttons()
        assert bs, f"no buttons in {st.phase} for seat {seat}"
        cmd = bs[rng.randrange(len(bs))].command
        a = ctl.press(cmd)
        if a is True and ctl.preview is None:       # a spell's target picked: then the spells at it
            bs = ctl.buttons()
            cmd = bs[rng.randrange(len(bs))].command
            a = ctl.press(cmd)
        if a is True:
            a = ctl.press(cmd)
        assert a.player == seat
        m.submit(a, autosave=False)
    out = m.outcome()
    assert out is not None and out.winners
    assert {alliance.side_of(m.state, s) for s in out.winners} <= {0, 1}
