"""Challenge III's competitive shuffle: the players lay the map tile by tile
(dice_wars.txt § Challenge III: Shuffling the Map)."""
from __future__ import annotations

import random

import pygame
import pytest

from engine.core import registry
from engine.core.actions import Action
from engine.core.dice import SeededDice
from engine.core.rules import Setup
from engine.core.sessions import new_match
from games.dice_wars.ai import tiles
from games.dice_wars.rules import tile_draft
from games.dice_wars.rules.board import build_board
from test_ui_support import click, hex_pos, key, move, screen_for
from tiers import slow

OPTS = {"tile_placement": "players"}


def _start(players: int = 2, seed: int = 5, scenario: str = "shuffled", **extra):
    rules = registry.get("dice_wars")
    state, events = rules.initial_state(Setup("dice_wars", players, seed=seed, scenario=scenario,
                                              options={**OPTS, **extra}), SeededDice(seed))
    return rules, state, events


def _lay_all(rules, state, seed: int = 1):
    rng, dice, log = random.Random(seed), SeededDice(seed), []
    while state.phase == "tiles":
        legal = rules.legal_actions(state)
        a = rng.choice(legal)
        assert rules.check(state, a) is None
        log.append(a)
        rules.apply(state, a, dice)
    return log


@pytest.mark.parametrize("players,hands", [(2, [4, 4]), (3, [3, 3, 2]), (4, [2, 2, 2, 2])])
def test_tiles_are_dealt_round_from_the_low_roller(players, hands):
    rules, state, events = _start(players)
    d = state.tiles
    assert state.phase == "tiles" and d.layout[4] == (5, False)       # the Dark Tower in the centre
    low = d.order[0]
    assert state.current == low
    # dealt round from the low roller: the first players in turn hold the extra tiles
    assert [len(d.hands[(low + i) % players]) for i in range(players)] == hands
    assert sorted(t for h in d.hands for t in h) == [1, 2, 3, 4, 6, 7, 8, 9]
    assert d.order == [(low + i % players) % players for i in range(8)]        # "continues to the left"
    assert any("rolled low and places the first tile" in e.text for e in events)


def test_the_square_is_built_as_laid_then_setting_up_goes_on():
    rules, state, _ = _start(2, faction_bonuses=True)
    log = _lay_all(rules, state)
    assert len(log) == 8 and state.phase == "draft"
    layout = [None] * 9
    layout[4] = (5, False)
    for a in log:
        layout[a["slot"]] = (a["tile"], a["turned"])
    assert state.tiles.layout == layout
    # the board is the same square the dice would have laid in that order
    assert state.board.tile_names == tuple(f"{n}{'R' if t else ''}" for n, t in layout)
    assert len(state.board.hexes) == 324 and len(state.cities) == 4
    assert "slot" not in set(state.board.terrain.values())


def test_refusals_name_the_rule():
    rules, state, _ = _start(2)
    p = state.tiles.order[0]
    other = 1 - p
    theirs = state.tiles.hands[other][0]
    mine = state.tiles.hands[p][0]
    cases = [
        (Action.make("place_tile", p, tile=theirs, slot=0, turned=False), "not yours"),
        (Action.make("place_tile", p, tile=mine, slot=4, turned=False), "already holds tile 5"),
        (Action.make("place_tile", other, tile=theirs, slot=0, turned=False), "decision"),
        (Action.make("end_deploy", p), "building the map"),      # (no unit exists yet to deploy)
        (Action.make("place_tile", p, tile=mine, slot=9, turned=False), "no slot 9"),
    ]
    for act, words in cases:
        why = rules.check(state, act)
        assert why is not None and words in why.reason, (act, why)
        assert why.rule == tile_draft.R_SHUFFLE


def test_without_the_option_the_dice_lay_the_map_as_before():
    rules, state, events = _start(2, tile_placement="random")
    board, notes = build_board(state.catalog, "shuffled", SeededDice(5))
    assert state.phase == "deploy" and state.tiles is None
    assert state.board.tile_names == board.tile_names and notes[0] in [e.text for e in events]


def test_hinterland_sites_become_cities_once_the_map_is_laid():
    rules, state, _ = _start(3, scenario="hinterland_shuffled", hinterland_sites="cities")
    assert state.cities == []
    _lay_all(rules, state, seed=2)
    assert len(state.cities) == 9


@slow
def test_random_games_through_the_laying_end_and_replay():
    from engine.commands.playout import play_out
    from engine.core.agents import RandomAgent
    rules = registry.get("dice_wars")
    agents = [RandomAgent(rules) for _ in range(4)]
    for seed in range(3):
        s = Setup("dice_wars", 2 + seed, seed=seed, scenario="shuffled", options=dict(OPTS))
        a = play_out(rules, s, agents, max_actions=6000)
        b = play_out(rules, s, agents, max_actions=6000)
        assert [x.kind for x in a["log"][:8]] == ["place_tile"] * 8
        assert a["log"] == b["log"]


def test_the_computer_brings_a_city_near_its_own_corner():
    rules, state, _ = _start(2, seed=5)
    p = state.tiles.order[0]
    city_tile = next(t for t in state.tiles.hands[p] if t in (2, 4, 6, 8))
    acts = [a for a in rules.legal_actions(state) if a["tile"] == city_tile]
    ranked = sorted(acts, key=lambda a: -tiles.score(state, a)[0])
    best = ranked[0]
    value, why = tiles.score(state, best)
    assert "city" in why and ("from our corner" in why or "in our deployment corner" in why)
    worst = tiles.score(state, ranked[-1])[0]
    assert value > worst
    # the best place for the city is next to one of our corners, never only next to the enemy's
    mine = [s for s in tile_draft.CORNER_SLOTS if tile_draft.corner_owner(state.players, s).index == p]
    near = {0: (1, 3), 2: (1, 5), 6: (3, 7), 8: (5, 7)}
    assert any(best["slot"] in near[c] or best["slot"] == c for c in mine)


def test_players_lay_the_map_on_the_screen():
    m = new_match("dice_wars", seats=["human", "human"], seed=5, scenario="shuffled", options=dict(OPTS))
    app, screen = screen_for(m)
    ctl = screen.ctl
    assert m.state.phase == "tiles" and ctl.tile_sel == m.state.tiles.hands[m.to_act()][0]
    hand = ctl.view.hand_hexes()
    assert hand and all(h not in m.state.board.terrain for h in hand)     # beside the square
    # pick the second tile from the hand on the board, turn it, lay it in an empty corner
    second = m.state.tiles.hands[m.to_act()][1]
    h_tile = next(h for h, (n, _) in hand.items() if n == second)
    click(app, hex_pos(screen, h_tile))
    assert ctl.tile_sel == second
    key(app, pygame.K_r, text="r")
    assert ctl.view.turn_hand
    corner = next(h for h, s in m.state.board.tile_index.items() if s == 0)
    move(app, hex_pos(screen, corner))
    assert screen.hover_info.preview and "turned around" in screen.hover_info.preview[0]
    before = m.state.copy()
    click(app, hex_pos(screen, corner))
    last = m.actions[-1]
    assert (last.kind, last["tile"], last["slot"], last["turned"]) == ("place_tile", second, 0, True)
    assert screen.board.hexset >= set(m.state.board.hexes)          # the board was built again
    assert not ctl.view.turn_hand and ctl.tile_sel == m.state.tiles.hands[m.to_act()][0]   # the next player afresh
    # a laid slot refuses with the reason, nothing changes
    n = len(m.actions)
    click(app, hex_pos(screen, corner))
    assert len(m.actions) == n and "already holds" in ctl.message
    # laying passes the decision on: from here only the next player decides (no undo reaches back)
    assert not m.can_undo(m.to_act()) and not m.can_undo(last.player)
    # the drawn map follows the state whichever way it moves (a replay stepped back, a load)
    m.state = before
    screen.state_changed()
    app.draw()
    assert all(screen.board.terrain[h][0] == "slot" for h, s in m.state.board.tile_index.items() if s == 0)


def test_a_game_saved_while_the_map_is_laid_loads_the_same(tmp_path, monkeypatch):
    from engine.core import sessions
    from engine.core.match import Match
    monkeypatch.setenv("WARBENCH_HOME", str(tmp_path / "home"))      # the copy autosaves there
    rules = registry.get("dice_wars")
    m = Match(Setup("dice_wars", 2, seed=5, scenario="shuffled", options=dict(OPTS)))
    rng = random.Random(3)
    for _ in range(3):
        m.submit(rng.choice(m.legal_actions()), autosave=False)
    path = tmp_path / "laying.json"
    m.save(path)
    back = sessions.load_as_new(str(path))
    assert back.state.phase == "tiles" and back.state.tiles.layout == m.state.tiles.layout
    assert rules.fingerprint(back.state) == rules.fingerprint(m.state)
    assert back.state.board.tile_index == m.state.board.tile_index
    assert back.legal_actions() == m.legal_actions()


def test_no_override_lays_a_tile_over_another():
    """Allowed anyway, a tile laid on the Dark Tower left a slot empty and the
    last tile's placement could not build the map: such overrides are refused."""
    from engine.core.match import Match
    from engine.core.overrides import OverrideRefused
    m = Match(Setup("dice_wars", 2, seed=5, scenario="shuffled", options=dict(OPTS)))
    p = m.to_act()
    before = (m.rules.fingerprint(m.state), list(m.state.tiles.layout))
    on_tower = Action.make("place_tile", p, tile=m.state.tiles.hands[p][0], slot=4, turned=False)
    not_mine = Action.make("place_tile", p, tile=m.state.tiles.hands[1 - p][0], slot=0, turned=False)
    for a in (on_tower, not_mine):
        with pytest.raises(OverrideRefused, match="one slot for each tile"):
            m.override(a, "we like it", confirmed_by=(0, 1), autosave=False)
    assert (m.rules.fingerprint(m.state), m.state.tiles.layout) == before
