"""Hotseat you can trust (engine side): undo belongs to the player who
acted, computer seats undo back to the person's last decision."""
from __future__ import annotations

import pytest

from engine.core import registry
from engine.core.actions import Action
from engine.core.match import Match
from engine.core.rules import Setup

POSITION = {
    "current": 0,
    "factions": [["bloodblades"], ["mercurio"]],
    "units": [
        {"name": "assassin", "player": 0, "class": "assassin", "at": "C3"},
        {"name": "footman", "player": 0, "class": "footman", "at": "A1"},
        {"name": "knight", "player": 1, "class": "knight", "at": "J4", "facing": 0},
        {"name": "spearman", "player": 1, "class": "spearman", "at": "R18"},
        {"name": "hero", "player": 1, "class": "grimhild", "at": "Q18"},
    ],
}


def _dice_wars(seats):
    m = Match(Setup("dice_wars", 2, 1, "balanced", tuple(seats), {"position": POSITION}))
    r = m.rules

    def act(kind, player, **params):
        conv = {k: r.script_param(m.state, k, v) for k, v in params.items()}
        m.submit(Action.make(kind, player, **conv), autosave=False)
    return m, act


def _at(m, name):
    uid = m.rules.script_param(m.state, "uid", name)
    return m.state.units[uid].pos


def test_undo_with_a_computer_seat_goes_back_to_the_persons_last_decision():
    m, act = _dice_wars(["human", "greedy"])
    act("move", 0, uid="assassin", to="F3")
    act("move", 0, uid="footman", to="A2")
    act("end_phase", 0)
    act("move", 1, uid="spearman", to="R17")           # the computer's move
    assert m.to_act() == 1 and m.can_undo(0)
    assert m.undo(0)
    # the computer's move and the person's last decision (ending the phase) are taken back
    assert m.to_act() == 0 and m.state.current == 0
    assert [a.kind for a in m.actions] == ["move", "move"]
    assert list(_at(m, "footman")) == list(m.rules.script_param(m.state, "to", "A2"))


def test_between_people_undo_never_crosses_a_handoff():
    m, act = _dice_wars(["human", "human"])
    act("move", 0, uid="assassin", to="F3")
    act("move", 0, uid="footman", to="A2")
    act("end_phase", 0)
    before = m.rules.fingerprint(m.state)
    for who in (0, 1, None):
        assert not m.can_undo(who)
        assert not m.undo(who)
    assert m.rules.fingerprint(m.state) == before and len(m.actions) == 3
    assert "cannot take back Red's decision" in m.undo_refusal(1)
    assert "only Blue may undo" in m.undo_refusal(0)
    act("move", 1, uid="spearman", to="R17")
    assert m.undo(1) and len(m.actions) == 3           # Blue's own move: allowed, and only that
    assert not m.undo(1)


def test_a_mulligans_discards_are_private_in_the_save_and_it_still_replays(tmp_path):
    import json
    from engine.core.sessions import new_match
    m = new_match("uberdrakes", seats=["human"] * 3, seed=11)
    while not any(a.kind == "mulligan" for a in m.legal_actions()):
        m.submit(m.legal_actions()[0], autosave=False)
    mull = next(a for a in m.legal_actions() if a.kind == "mulligan")
    m.submit(mull, autosave=False)
    m.submit(next(a for a in m.legal_actions() if a.kind == "mulligan_take"), autosave=False)
    path = tmp_path / "ud.json"
    m.save(path)
    saved = json.loads(path.read_text())
    rows = [a for a in saved["actions"] if a["kind"] in ("mulligan", "mulligan_take")]
    assert rows and all("private" in a and "cards" not in a and "card" not in a for a in rows)
    assert rows[0]["private"]["cards"] == list(mull["cards"])
    assert "cards" not in json.dumps(saved["summary"])
    again = Match.load(path)
    assert again.actions == m.actions
    assert again.rules.fingerprint(again.state) == m.rules.fingerprint(m.state)


@pytest.mark.parametrize("game", [g.game_id for g in registry.all_games()])
def test_every_game_undo_restores_the_actors_position_and_refuses_everyone_else(game):
    """For every registered game (present and future): after each action of
    a random game, only the person to act may undo; the actor's undo gives
    back exactly the position before, and playing the same action again
    gives the same position (the dice are restored too)."""
    import random
    rules = registry.get(game)
    n = rules.min_players
    m = Match(Setup(game, n, 5, rules.scenarios()[0] if rules.scenarios() else "", ("human",) * n, {}))
    rng = random.Random(9)
    for _ in range(80):
        if m.outcome() is not None:
            break
        who = m.to_act()
        before = rules.fingerprint(m.state)
        a = rules.sample_legal(m.state, rng) if hasattr(rules, "sample_legal") else rng.choice(m.legal_actions())
        m.submit(a, autosave=False)
        after = rules.fingerprint(m.state)
        now = m.to_act() if m.outcome() is None else -1
        for q in range(n):
            if now >= 0 and q != now:
                assert not m.can_undo(q) and m.undo_refusal(q)
        if now == who and m.can_undo(who):
            assert m.undo(who)
            assert rules.fingerprint(m.state) == before
            m.submit(a, autosave=False)
            assert rules.fingerprint(m.state) == after
