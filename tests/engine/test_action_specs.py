"""Actions declared once (engine/core/action_specs.py; Dice Wars first:
games/dice_wars/rules/actions.py).  A malformed action is refused by the
declaration, naming its field; a programming error inside a declared
game's check raises (it used to come back as a polite "Malformed ..."
refusal that no test noticed), and the window shows its error panel, writes
the crash log and keeps the game in progress."""
from __future__ import annotations

import random

import pytest

from engine.core import registry
from engine.core.actions import Action
from engine.core.dice import SeededDice
from engine.core.match import Match
from engine.core.rules import Setup
from games.dice_wars.rules import checks as dice_wars_checks

RULES = registry.get("dice_wars")


def _command_phase():
    m = Match(Setup("dice_wars", 2, seed=3, scenario="balanced"))
    while m.state.phase == "deploy":
        kinds = [a for a in m.legal_actions() if a.player == m.to_act()]
        m.submit(next(a for a in kinds if a.kind in ("auto_deploy", "end_deploy")), autosave=False)
    return m


DECLARED_GAMES = ["battle_valor_fantasy", "dice_wars", "dragonbond", "uberdrakes", "warbound"]


@pytest.mark.parametrize("game", DECLARED_GAMES)
def test_every_kind_names_the_functions_that_apply_and_describe_it(game):
    specs = registry.get(game).declared_actions().specs
    assert specs
    for kind, spec in specs.items():
        assert spec.kind == kind
        assert callable(spec.apply) and callable(spec.describe), kind
        assert spec.check is None or callable(spec.check), kind


def test_a_kind_declared_without_its_apply_fails_at_import():
    """The declaration's fields are required: a games/<id>/rules/actions.py that
    leaves one out raises when it is imported, so collection fails."""
    from engine.core.action_specs import ActionSpec
    with pytest.raises(TypeError):
        ActionSpec("dig", (), "dig a trench", describe=lambda state, a: "digs")      # type: ignore[call-arg]
    with pytest.raises(TypeError, match="dig: the declaration names no function to apply it"):
        ActionSpec("dig", (), "dig a trench", apply=None, describe=lambda state, a: "digs")  # type: ignore[arg-type]


def _played(game, seeds=2, steps=200):
    """(state before, action) pairs of random play."""
    rules = registry.get(game)
    rng = random.Random(2)
    for seed in range(seeds):
        dice = SeededDice(seed)
        state, _ = rules.initial_state(Setup(game, 2, seed=seed, scenario=rules.scenarios()[0]), dice)
        for _ in range(steps):
            if rules.outcome(state) is not None:
                break
            a = rng.choice(rules.legal_actions(state))
            yield state, a
            rules.apply(state, a, dice)


@pytest.mark.parametrize("game", DECLARED_GAMES)
def test_apply_and_describe_go_through_the_declaration(game, monkeypatch):
    """Every action random play applies is carried out by its kind's declared
    apply, and described by its declared describe: a deliberately broken
    apply or describe raises in the ruleset that calls it."""
    import dataclasses
    rules = registry.get(game)
    specs = rules.declared_actions().specs
    applied, described = [], []
    for kind, spec in list(specs.items()):
        def apply(state, a, dice, ev, inner=spec.apply):
            applied.append(a.kind)
            return inner(state, a, dice, ev)

        def describe(state, a, inner=spec.describe):
            described.append(a.kind)
            return inner(state, a)
        monkeypatch.setitem(specs, kind, dataclasses.replace(spec, apply=apply, describe=describe))
    kinds = []
    for state, a in _played(game, seeds=1, steps=120):
        kinds.append(a.kind)
        rules.describe(state, a)
    assert described == kinds
    # (Dice Wars hands a move the reach its listing has just searched: apply.do_move, the move's declared apply)
    assert applied == [k for k in kinds if k != "move" or game != "dice_wars"]
    assert len(set(kinds)) > 3

    state, a = next(_played(game, seeds=1, steps=1))
    def broken(state, a, *rest):
        return state.no_such_field
    monkeypatch.setitem(specs, a.kind, dataclasses.replace(specs[a.kind], apply=broken, describe=broken))
    with pytest.raises(AttributeError):
        rules.apply(rules.clone(state), a, SeededDice(0))
    with pytest.raises(AttributeError):
        rules.describe(state, a)


@pytest.mark.parametrize("game", DECLARED_GAMES)
def test_every_kind_the_rules_offer_is_declared_and_passes_its_declaration(game):
    rules = registry.get(game)
    specs = rules.declared.specs          # the game's actions.SPECS, wherever its package keeps actions.py
    seen = set()
    rng = random.Random(1)
    for seed in range(3):
        dice = SeededDice(seed)
        state, _ = rules.initial_state(Setup(game, 2, seed=seed, scenario=rules.scenarios()[0]), dice)
        for _ in range(300):
            if rules.outcome(state) is not None:
                break
            legal = rules.legal_actions(state)
            seen |= {a.kind for a in legal}
            for a in legal:
                assert rules.check(state, a) is None, a      # the declaration passes every legal action
            rules.apply(state, rng.choice(legal), dice)
    assert seen <= set(specs), seen - set(specs)


@pytest.mark.parametrize("params, words", [
    ({"uid": "blades", "to": (3, 4)}, "uid: a piece's number was expected, not 'blades'"),
    ({"uid": 999, "to": (3, 4)}, "uid: 999 names no piece in this game"),
    ({"to": (3, 4)}, "uid: required field is missing"),
    ({"uid": 1, "to": "A1"}, "to: a hex (two whole numbers) was expected, not 'A1'"),
    ({"uid": 1, "to": (3, 4), "speed": 9}, "speed: move takes no such field"),
])
def test_a_malformed_action_is_refused_naming_its_field(params, words):
    m = _command_phase()
    uid = next(u.uid for u in m.state.units.values() if u.owner == m.to_act() and u.pos is not None)
    params = {k: (uid if v == 1 and k == "uid" else v) for k, v in params.items()}
    why = RULES.check(m.state, Action.make("move", m.to_act(), **params))
    assert why is not None and why.reason == f"Malformed move action: {words}"


def test_a_bug_inside_the_check_raises_and_fails_the_test_that_meets_it(monkeypatch):
    """A deliberately broken check: the legal move raises, not a refusal."""
    m = _command_phase()
    legal = next(a for a in m.legal_actions() if a.kind == "move")

    def broken(state, a):
        return state.no_such_field          # the kind of slip the old catch turned into a refusal
    monkeypatch.setattr(dice_wars_checks, "problem", broken)
    with pytest.raises(AttributeError):
        RULES.check(m.state, legal)
    with pytest.raises(AttributeError):
        m.submit(legal, autosave=False)


def test_the_window_shows_the_error_keeps_the_game_and_logs_it(monkeypatch, tmp_path):
    from engine.core import sessions
    from engine.core.saves import default_dir
    from engine.ui.app import App, ErrorScene
    from engine.ui.scenes.match_screen import MatchScreen
    m = sessions.new_match("dice_wars", seats=["human", "human"], seed=3)
    while m.state.phase == "deploy":
        kinds = [a for a in m.legal_actions() if a.player == m.to_act()]
        m.submit(next(a for a in kinds if a.kind in ("auto_deploy", "end_deploy")))
    played = len(m.actions)
    app = App((1280, 720), headless=False)
    screen = app.push(MatchScreen(app, m))
    legal = next(a for a in m.legal_actions() if a.kind == "move")
    monkeypatch.setattr(dice_wars_checks, "problem", lambda state, a: state.no_such_field)
    app._guard(screen.submit, legal)
    assert isinstance(app.top(), ErrorScene)
    assert "AttributeError" in (default_dir() / "crash.log").read_text()
    monkeypatch.undo()
    assert len(Match.load(m.autosave_path).actions) == played      # the game in progress is kept


def test_a_malformed_warbound_action_is_refused_naming_its_field():
    rules = registry.get("warbound")
    state, _ = rules.initial_state(Setup("warbound", 2, seed=1, scenario=rules.scenarios()[0]), SeededDice(1))
    p = rules.to_act(state)
    assert rules.check(state, Action.make("shoot", p, target="x")).reason == \
        "Malformed shoot action: target: a piece's number was expected, not 'x'"
    assert rules.check(state, Action.make("exchange", p, give="red", get="blue")).reason == \
        "Malformed exchange action: give: a list of names was expected, not 'red'"
    assert rules.check(state, Action.make("teleport", p)).reason == \
        "Malformed teleport action: kind: 'teleport' is not an action of this game"


def test_a_malformed_table_action_is_refused_naming_its_field():
    rules = registry.get("dragonbond")
    state, _ = rules.initial_state(Setup("dragonbond", 2, seed=1, scenario=rules.scenarios()[0]), SeededDice(1))
    uid = next(iter(state.units))
    p = rules.to_act(state)
    assert rules.check(state, Action.make("move", p, uid=uid, to=[[1, "x"]])).reason.startswith(
        "Malformed move action: to: a list of spots (each two numbers: x, y) was expected, not ")
    assert rules.check(state, Action.make("move", p, uid=uid, to=[[1e9, 2.0]])).reason.startswith(
        "Malformed move action: to: a list of spots")


@pytest.mark.parametrize("game", ["battle_valor_fantasy", "uberdrakes", "warbound"])
def test_a_kinds_declared_check_decides_after_the_phase_check(game, monkeypatch):
    """Where a game checks by kind after its phase check (BY_KIND), the
    kind's declared check is the one asked: a check that refuses refuses
    the legal action in its words, and a deliberately broken one raises."""
    import dataclasses
    rules = registry.get(game)
    specs = rules.declared_actions().specs
    state, a = next((s, x) for s, x in _played(game, seeds=1, steps=150)
                    for x in rules.legal_actions(s) if specs[x.kind].check is not None)
    assert rules.check(state, a) is None
    monkeypatch.setitem(specs, a.kind, dataclasses.replace(specs[a.kind], check=lambda s, x: ("Not today", "§ Test")))
    why = rules.check(state, a)
    assert (why.reason, why.rule) == ("Not today", "§ Test")
    monkeypatch.setitem(specs, a.kind, dataclasses.replace(specs[a.kind], check=lambda s, x: s.no_such_field))
    with pytest.raises(AttributeError):
        rules.check(state, a)
