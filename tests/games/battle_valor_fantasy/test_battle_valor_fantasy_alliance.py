"""The Grand Alliance (games/battle_valor_fantasy/rules/alliance.py; docs/games/
battle_valor_fantasy.md § Grand Alliance): 3 or 4 players in two sides, a
General each and an overall General per side, orders placed per player,
activations rotating within a side, victory by side."""
from __future__ import annotations

import random

import pytest

from engine.core.actions import Action
from engine.core.agents import RandomAgent
from engine.core.match import Match
from engine.core.rules import Setup
from engine.commands.simulate import play_out
from games.battle_valor_fantasy.rules import alliance
from games.battle_valor_fantasy.ai.normal import GeneralAgent
from games.battle_valor_fantasy.game import RULES
from tiers import slow_for

R = "docs/games/battle_valor_fantasy.md § Grand Alliance"   # the rulebook names the section, but it is lost (alliance.py)


def _match(players: int, seed: int = 3, **opts) -> Match:
    return Match(Setup("battle_valor_fantasy", players, seed=seed, scenario="border_march", options=opts))


def _deploy(m: Match) -> None:
    while m.state.phase == "deploy":
        m.submit(RULES.legal_actions(m.state)[0], autosave=False)


@pytest.mark.parametrize("players,sides", [(3, (0, 1, 0)), (4, (0, 1, 0, 1))])
def test_seats_make_two_sides_each_army_with_its_own_general(players, sides):
    m = _match(players)
    st = m.state
    a = st.alliance
    assert a.sides == sides and len(st.players) == 2
    for seat in range(players):
        mine = [u for u in st.units.values() if alliance.seat_of(st, u) == seat]
        assert mine and all(u.owner == sides[seat] for u in mine)
        assert [u.kind for u in mine].count("general") == 1
        assert RULES.player_name(st, seat) == a.armies[seat].name
    assert a.overall(0) == 0 and a.overall(1) == 1
    if players == 3:       # the lone commander's army is as big as the two allies' together
        assert a.armies[1].points == a.armies[0].points + a.armies[2].points


def test_deployment_rotates_within_a_side_each_player_placing_his_own():
    m = _match(4)
    seen = []
    while m.state.phase == "deploy":
        seat = RULES.to_act(m.state)
        a = RULES.legal_actions(m.state)[0]
        assert a.player == seat
        u = m.state.units[a["uid"]]
        assert alliance.seat_of(m.state, u) == seat
        seen.append(seat)
        m.submit(a, autosave=False)
    first = [s for s in seen if s in (0, 2)]
    assert first[:4] in ([0, 2, 0, 2], [2, 0, 2, 0])      # the allies take their side's placements in turn


def test_orders_are_placed_per_player_and_an_allys_unit_is_refused():
    m = _match(4)
    _deploy(m)
    st = m.state
    assert st.phase == "orders"
    seat = RULES.to_act(st)
    ally = next(s for s in range(4) if s != seat and st.alliance.sides[s] == st.alliance.sides[seat])
    theirs = next(u for u in st.units.values() if alliance.seat_of(st, u) == ally and u.kind == "unit")
    bad = Action.make("orders", seat, orders=[[theirs.uid, "advance"]], fate=-1)
    why = RULES.check(st, bad)
    assert why is not None and why.rule == R and "his own units" in why.reason
    assert RULES.check(st, Action.make("orders", ally, orders=[], fate=-1)).reason.startswith("It is")
    placed = []
    for _ in range(4):
        seat = RULES.to_act(m.state)
        assert RULES.hidden_from_others(m.state, seat)
        a = RULES.legal_actions(m.state)[0]
        assert all(alliance.seat_of(m.state, m.state.units[uid]) == seat for uid, _ in a["orders"])
        m.submit(a, autosave=False)
        placed.append(seat)
    assert sorted(placed) == [0, 1, 2, 3]
    assert m.state.phase != "orders"
    assert any("reveal their order counters together" in e.text for x in m.log for e in x.events)


def test_only_the_overall_general_places_the_fate_counter():
    m = _match(4)
    _deploy(m)
    st = m.state
    while RULES.to_act(st) in (0, 1):          # to the first non-overall seat
        m.submit(RULES.legal_actions(st)[0], autosave=False)
    seat = RULES.to_act(st)
    assert not alliance.is_overall(st, seat)
    own = next(u for u in st.units.values() if alliance.seat_of(st, u) == seat and u.kind == "unit")
    why = RULES.check(st, Action.make("orders", seat, orders=[], fate=own.uid))
    assert why is not None and "overall General" in why.reason and why.rule == R
    assert all(a["fate"] == -1 for a in RULES.legal_actions(st))


def test_victory_is_by_side_every_player_of_the_winning_side_wins():
    m = _match(4, seed=11)
    r = play_out(RULES, m.setup, [RandomAgent(RULES) for _ in range(4)], max_actions=6000)
    st = r["state"]
    assert st.phase == "over"
    winners = RULES.outcome(st).winners
    assert set(winners) == {s for s in range(4) if st.alliance.sides[s] in st.winners}
    assert len(winners) in (2, 4)


@pytest.mark.parametrize("players", slow_for([3, 4], 4))
def test_computer_seats_play_an_alliance_to_the_end_each_its_own_units(players):
    agents = [GeneralAgent(RULES) for _ in range(players)]
    m = _match(players, seed=5, advanced_combat=True, reserves=True)
    rng = random.Random(1)
    n = 0
    while m.outcome() is None and n < 3000:
        st = m.state
        seat = RULES.to_act(st)
        a = agents[seat].choose(st, None, rng)
        assert a.player == seat
        for key in ("uid", "to"):
            u = st.units.get(a.get(key)) if isinstance(a.get(key), int) else None
            if u is not None and alliance.seat_of(st, u) != seat:
                assert a.get("general") and alliance.is_overall(st, seat)     # the overall General's privilege
        m.submit(a, autosave=False)
        n += 1
    assert m.outcome() is not None


def test_the_overall_general_alone_may_pass_his_order_to_an_allys_unit():
    units = [{"name": "blades", "player": 0, "at": [24, 34], "facing": 270, "files": 4,
              "unit": {"troop": "infantry", "stands": 4, "command": True}},
             {"name": "allied spears", "player": 2, "at": [12, 34], "facing": 270, "files": 4,
              "unit": {"troop": "infantry", "stands": 4, "command": True}},
             {"name": "high king", "player": 0, "kind": "general", "at": [18, 40], "orders": ["advance"]},
             {"name": "ally king", "player": 2, "kind": "general", "at": [30, 44], "orders": ["advance"]},
             {"name": "raiders", "player": 1, "at": [24, 8], "facing": 90, "files": 4,
              "unit": {"troop": "infantry", "stands": 4, "command": True}},
             {"name": "their king", "player": 1, "kind": "general", "at": [24, 2]},
             {"name": "their ally", "player": 3, "kind": "general", "at": [40, 2]},
             {"name": "wolves", "player": 3, "at": [40, 8], "facing": 90, "files": 4,
              "unit": {"troop": "infantry", "stands": 4, "command": True}}]
    m = Match(Setup("battle_valor_fantasy", 4, seed=1, scenario="border_march",
                    options={"position": {"phase": "advance", "turn": 2, "initiative": 0, "units": units}}))
    st = m.state
    names = st.options["names"]
    assert RULES.to_act(st) == 0                          # the side's first turn: its overall General's seat
    passed = Action.make("advance", 0, uid=names["allied spears"], general=1, first=2.0, angle=0.0, then=0.0)
    assert RULES.check(st, passed) is None               # the overall General's privilege
    own = Action.make("advance", 0, uid=names["allied spears"], first=2.0, angle=0.0, then=0.0)
    assert RULES.check(st, own).rule == R               # but not the ally's own counter
    m.submit(passed, autosave=False)
    assert RULES.to_act(m.state) == 2                     # the side's next activation is the ally's
    blades = names["blades"]
    ally_pass = Action.make("advance", 2, uid=blades, general=1, first=2.0, angle=0.0, then=0.0)
    why = RULES.check(m.state, ally_pass)
    assert why is not None and why.rule == R and "overall General" in why.reason


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_with_every_option_play_to_the_end(players):
    opts = {o.key: True for o in RULES.options() if not o.choices}
    for seed, scenario in ((21, "twin_crowns"), (22, "long_flank")):
        def step(state, action, _legal):
            bad = RULES.invariants(state)
            assert not bad, f"seed {seed} after {action}: {bad}"
        r = play_out(RULES, Setup("battle_valor_fantasy", players, seed=seed, scenario=scenario, options=opts),
                     [RandomAgent(RULES) for _ in range(4)], max_actions=6000, on_step=step)
        assert r["state"].phase == "over" and r["winners"]


def test_the_computer_never_reads_an_allys_face_down_counters():
    """The hard level's search redeals every other player's placed counters,
    an ally's too (allies do not confer)."""
    from games.battle_valor_fantasy.ai.strong import determinise
    m = _match(4)
    _deploy(m)
    st = m.state
    assert RULES.to_act(st) == 0
    mine = [u for u in turns_units(st, 0) if u.kind == "unit" and not u.fleeing]
    m.submit(Action.make("orders", 0, orders=[[u.uid, "brace"] for u in mine], fate=-1), autosave=False)
    assert RULES.to_act(m.state) == 2
    guess = determinise(m.state, 2, random.Random(1))
    assert not any("brace" in guess.units[u.uid].orders for u in mine)       # never the real ones
    assert all("brace" in m.state.units[u.uid].orders for u in mine)


def turns_units(st, seat):
    from games.battle_valor_fantasy.rules import flow
    return [u for u in flow.units_of(st, alliance.side_of(st, seat)) if alliance.seat_of(st, u) == seat]
