"""Actions declared once (engine/core/action_specs.py; Dice Wars first:
games/dice_wars/actions.py).  A malformed action is refused by the
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

RULES = registry.get("dice_wars")


def _command_phase():
    m = Match(Setup("dice_wars", 2, seed=3, scenario="balanced"))
    while m.state.phase == "deploy":
        kinds = [a for a in m.legal_actions() if a.player == m.to_act()]
        m.submit(next(a for a in kinds if a.kind in ("auto_deploy", "end_deploy")), autosave=False)
    return m


DECLARED_GAMES = ["battle_valor_fantasy", "dice_wars", "dragonbond", "uberdrakes", "warbound"]


@pytest.mark.parametrize("game", ["battle_valor_fantasy", "dice_wars", "dragonbond", "uberdrakes"])
def test_every_kind_a_game_dispatches_is_declared_once(game):
    import importlib
    rules = registry.get(game)
    handled = {name[len("_do_"):] for name in dir(type(rules)) if name.startswith("_do_")}
    assert handled == set(importlib.import_module(f"games.{game}.actions").SPECS)


@pytest.mark.parametrize("game", DECLARED_GAMES)
def test_every_kind_the_rules_offer_is_declared_and_passes_its_declaration(game):
    import importlib
    rules = registry.get(game)
    specs = importlib.import_module(f"games.{game}.actions").SPECS
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

    def broken(self, state, a):
        return state.no_such_field          # the kind of slip the old catch turned into a refusal
    monkeypatch.setattr(type(RULES), "_check", broken)
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
    monkeypatch.setattr(type(RULES), "_check", lambda self, state, a: state.no_such_field)
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
