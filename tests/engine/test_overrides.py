"""Override with a note (engine/core/overrides.py): the group allows one
refused action; the log marks it; undo, save, load and replay reproduce it;
simulate and judge never use it."""
import json
from types import SimpleNamespace

import pytest

from engine.core import overrides, registry, sessions
from engine.core.dice import ScriptedDice
from engine.core.match import Match, Recorded
from engine.core.overrides import OverrideRefused
from engine.core.rules import Setup
from engine.core.saves import SaveError

ONCE = "Each unit is placed once per deployment turn"


def _deploying(seats=("human", "human")):
    """A Dice Wars game in deployment: Red placed a unit, and placing the
    same unit again this turn is refused (dice_wars.txt § Deploy Your Army)."""
    rules = registry.get("dice_wars")
    m = Match(Setup("dice_wars", 2, 5, rules.scenarios()[0], seats, {}))
    first = next(a for a in m.legal_actions() if a.kind == "deploy")
    m.submit(first, autosave=False)
    again = next(a for a in m.legal_actions() if a.kind == "deploy" and a["uid"] != first["uid"])
    again = type(first).make("deploy", first.player, uid=first["uid"], to=again["to"])
    refusal = m.check(again)
    assert refusal is not None and ONCE in refusal.reason and refusal.rule
    return m, again


def _scripted_attack():
    """An Acolyte 6 hexes from a Footman: its magic reaches 2 (the golden
    script ruling_override_attack_out_of_range.yaml plays the same)."""
    units = [{"name": "a", "player": 0, "class": "acolyte", "at": [3, 7]},
             {"name": "f", "player": 0, "class": "footman", "at": [3, 3]},
             {"name": "red_hero", "player": 0, "class": "thistlecrown", "at": "A1"},
             {"name": "b", "player": 1, "class": "footman", "at": [9, 7]},
             {"name": "b2", "player": 1, "class": "footman", "at": "R17"},
             {"name": "blue_hero", "player": 1, "class": "grimhild", "at": "Q18"}]
    position = {"current": 0, "factions": [["mercurio"], ["mercurio"]], "units": units}
    return Match(Setup("dice_wars", 2, 1, "balanced", (), {"position": position}), dice=ScriptedDice([10, 9], seed=1))


def test_an_override_applies_the_refused_action_and_the_log_marks_it():
    m, again = _deploying()
    m.override(again, "  we let Red\n fix a misclick ", [0, 1], autosave=False)
    entry = m.log[-1]
    assert m.actions[-1] == again and m.overrides == {len(m.actions) - 1: entry.override}
    assert entry.override.note == "we let Red fix a misclick" and ONCE in entry.override.refused
    head = entry.events[0]
    assert head.kind == "override" and head.depth == 0 and head.rule == entry.override.rule
    assert "House rule" in head.text and "we let Red fix a misclick" in head.text and ONCE in head.text
    unit = m.state.units[again["uid"]]
    assert tuple(unit.pos) == tuple(again["to"])


def test_every_human_confirms_and_computers_never_take_part():
    m, again = _deploying()
    before = m.rules.fingerprint(m.state)
    with pytest.raises(OverrideRefused, match="Every player at the table must agree.*Blue"):
        m.override(again, "misclick", [0], autosave=False)
    assert m.rules.fingerprint(m.state) == before and len(m.actions) == 1
    m, again = _deploying(("human", "random"))
    with pytest.raises(OverrideRefused, match="computer seats never"):
        m.override(again, "misclick", [0, 1], autosave=False)
    m.override(again, "misclick", [0], autosave=False)        # the only person at the table agreed
    assert m.log[-1].override.confirmed_by == (0,)
    m, again = _deploying(("random", "human"))
    with pytest.raises(OverrideRefused, match="Computer seats never ask"):
        m.override(again, "misclick", [1], autosave=False)


def test_what_is_never_overridden():
    m, again = _deploying()
    legal = next(a for a in m.legal_actions() if a.kind == "deploy")
    with pytest.raises(OverrideRefused, match="no override is needed"):
        m.override(legal, "why not", [0, 1], autosave=False)
    with pytest.raises(OverrideRefused, match="note"):
        m.override(again, "   ", [0, 1], autosave=False)
    with pytest.raises(OverrideRefused, match="keep it to"):
        m.override(again, "x" * (overrides.MAX_NOTE + 1), [0, 1], autosave=False)
    other = type(again)("deploy", 1, again.params)
    with pytest.raises(OverrideRefused, match="Only the player to decide now"):
        m.override(other, "out of turn", [0, 1], autosave=False)
    nowhere = type(again).make("deploy", again.player, uid=again["uid"], to=[99, 99])
    with pytest.raises(OverrideRefused, match="a position the rules cannot hold"):   # the invariants refuse it
        m.override(nowhere, "off the map", [0, 1], autosave=False)
    stranger = type(again).make("deploy", again.player, uid=999, to=[1, 1])
    with pytest.raises(OverrideRefused, match="cites no rule"):
        m.override(stranger, "a unit of ours", [0, 1], autosave=False)
    assert len(m.actions) == 1


def test_an_override_the_rules_cannot_carry_out_changes_nothing():
    from engine.core.actions import Action
    m = _scripted_attack()
    f = next(u for u in m.state.units.values() if tuple(u.pos) == (3, 3))
    move = Action.make("move", 0, uid=f.uid, to=[3, 9])
    assert m.check(move) is not None
    before, rolled = m.rules.fingerprint(m.state), m.dice.rolled
    with pytest.raises(OverrideRefused, match="cannot be allowed even as a house rule.*Nothing was changed"):
        m.override(move, "a long march", [0, 1], autosave=False)
    assert m.rules.fingerprint(m.state) == before and m.dice.rolled == rolled and not m.actions


def test_undo_takes_an_override_back():
    m, again = _deploying()
    before = m.rules.fingerprint(m.state)
    m.override(again, "misclick", [0, 1], autosave=False)
    assert m.can_undo(0)
    assert m.undo(0)
    assert m.rules.fingerprint(m.state) == before and len(m.actions) == 1 and m.overrides == {}
    assert not any(e.kind == "override" for le in m.log for e in le.events)


def test_an_override_round_trips_through_save_load_and_replay(tmp_path):
    m, again = _deploying()
    m.override(again, "we let Red fix a misclick", [0, 1], autosave=False)
    for _ in range(3):             # play on past it
        m.submit(next(a for a in m.legal_actions() if a.player == m.to_act()), autosave=False)
    path = tmp_path / "game.json"
    m.save(path)
    data = json.loads(path.read_text())
    saved = data["actions"][1]
    assert saved["override"] == {"note": "we let Red fix a misclick", "refused": m.overrides[1].refused,
                                 "rule": m.overrides[1].rule, "confirmed_by": [0, 1]}
    back = Match.load(path)
    assert back.rules.fingerprint(back.state) == m.rules.fingerprint(m.state)
    assert back.overrides == m.overrides and back.log[2].events[0].kind == "override"
    assert back.to_save()["actions"] == data["actions"]        # saved again, it carries the override again
    # the history's replay steps through it exactly
    start, steps = sessions.replay_start(path)
    assert isinstance(steps[1], Recorded) and steps[1].override == m.overrides[1]
    for step in steps:
        start.play_recorded(step)
    assert start.rules.fingerprint(start.state) == m.rules.fingerprint(m.state) and start.overrides == m.overrides


def test_a_tampered_override_names_its_line(tmp_path):
    m, again = _deploying()
    m.override(again, "misclick", [0, 1], autosave=False)
    path = tmp_path / "game.json"
    m.save(path)
    text = path.read_text()
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if '"override"' in ln)
    path.write_text(text.replace('"note": "misclick"', '"note": 7'))
    with pytest.raises(SaveError, match=rf"game.json:{line}: actions\[1\]: override.note: expected text"):
        Match.load(path)
    path.write_text(text.replace('"confirmed_by": [0, 1]', '"confirmed_by": [0, 5]'))
    with pytest.raises(SaveError, match=r"override.confirmed_by"):
        Match.load(path)
    # without its override the action is refused again: the save does not replay
    data = json.loads(text)
    del data["actions"][1]["override"]
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=rf"actions\[1\]: does not replay: {ONCE}"):
        Match.load(path)


def test_simulate_and_judge_never_use_overrides(monkeypatch):
    m, again = _deploying()
    for where in ("simulate", "judge"):
        with overrides.forbidden(where):
            with pytest.raises(OverrideRefused, match=f"{where} plays by the rules as written"):
                m.override(again, "no", [0, 1], autosave=False)
    assert overrides.forbidden_in() is None
    m.override(again, "yes", [0, 1], autosave=False)

    seen = []

    def fake_run(jobs, *a, **k):
        seen.append(overrides.forbidden_in())
        return SimpleNamespace(ordered=lambda: [], resumed=0, interrupted=False)
    from engine.commands import judge, playout, simulate
    monkeypatch.setattr(simulate, "run_games", fake_run)
    monkeypatch.setattr(judge, "run_games", fake_run)
    args = SimpleNamespace(game="dice_wars", armies=None, players=2, seats=None, ai=None, scenario=None, seed=1,
                           games=1, max_actions=10, results=None, workers=1, cluster=None, quiet=True, json=True)
    simulate.simulate_cmd(args)
    judge.judge("dice_wars", registry.get("dice_wars").scenarios()[0], 2, 1, 1, trace=False, progress=False)
    monkeypatch.setattr(playout, "play_out", lambda *a, **k: seen.append(overrides.forbidden_in()) or
                        {"winners": [], "reason": "", "actions": 0, "rounds": 0, "state": None})
    monkeypatch.setattr(playout._Trace, "summary", lambda self, state: {})
    playout.play_game(playout.GameJob("dice_wars", 2, 1, registry.get("dice_wars").scenarios()[0],
                                      ("random", "random")))
    assert seen == ["simulate", "judge", "simulate and judge"]


@pytest.mark.parametrize("game", ["dice_wars", "uberdrakes", "warbound", "dragonbond", "battle_valor_fantasy"])
def test_an_override_never_corrupts_a_game(game):
    """The contract in every game: an action legal a moment ago and refused
    now is either carried out by the rules (the position keeps the game's
    invariants, undo or a barrier behaves as for any action) or refused
    with nothing changed: state, dice, log."""
    import random
    rules = registry.get(game)
    m = Match(Setup(game, rules.min_players, 4, rules.scenarios()[0], (), {}))
    rng = random.Random(4)
    prev: list = []
    tried = done = 0
    for _ in range(150):
        if m.outcome() is not None or done >= 2:
            break
        p = m.to_act()
        for a in [a for a in prev if a.player == p][:6]:
            try:
                m.override_refusal(a)
            except OverrideRefused:
                continue
            tried += 1
            before = (rules.fingerprint(m.state), m.dice.rolled, len(m.log), len(m.actions))
            kept = dict(m.overrides)        # an earlier override stays (a die may have barred its undo)
            try:
                m.override(a, "probe", m.humans(), autosave=False)
            except OverrideRefused:
                assert (rules.fingerprint(m.state), m.dice.rolled, len(m.log), len(m.actions)) == before
                continue
            done += 1
            assert not rules.invariants(m.state) and m.log[-1].override is not None
            if m.can_undo(p):              # no die rolled: undo takes it back exactly
                m.undo(p)
                assert (rules.fingerprint(m.state), len(m.actions)) == (before[0], before[3])
                assert m.overrides == kept
            break
        prev = m.legal_actions()
        mine = [a for a in prev if a.player == m.to_act()]
        if not mine:
            break
        m.submit(rng.choice(mine), autosave=False)
    assert tried, f"{game}: no refused action was tried"
