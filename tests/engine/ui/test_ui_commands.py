"""The buttons' commands are values (engine/ui/commands.py): a button that
carries out a listed action sends `Do(action)`, one that picks a mode, a
power or a counter sends `Pick(what, value)`, the rest a plain word.
Before, each controller built "do:3" from the action's place in its list
and parsed the number back, so a press after the list changed did another
action."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from engine.commands.tools import busy_match  # noqa: E402
from engine.core import registry  # noqa: E402
from engine.core.match import Match  # noqa: E402
from engine.core.rules import Setup  # noqa: E402
from engine.ui.commands import Do, Pick  # noqa: E402
from engine.ui.contract import load_game_ui  # noqa: E402

GAMES = [r.game_id for r in registry.all_games()]


def _buttons(game, turns):
    """A position's buttons: a fresh match (turns None) or one played on."""
    if turns is None:
        rules = registry.get(game)
        m = Match(Setup(game, 2, seed=3, scenario=rules.scenarios()[0], seats=("human", "human")))
    else:
        m = busy_match(game, 3, players=2, turns=turns)
    view, ctl = load_game_ui(m)
    ctl.reset()
    return m, ctl, ctl.buttons()


@pytest.mark.parametrize("game", GAMES)
def test_every_button_sends_a_value_and_a_do_carries_a_listed_action(game):
    pressed = 0
    for turns in (None,) if game == "battle_valor_fantasy" else (None, 0, 10):    # (its busy positions take seconds)
        m, ctl, buttons = _buttons(game, turns)
        legal = m.legal_actions()
        for b in buttons:
            assert isinstance(b.command, (Do, Pick, str)), b
            if isinstance(b.command, str):
                assert b.command and " " not in b.command, b          # a word, compared whole
            if isinstance(b.command, Do):
                assert b.command.action in legal, b
                assert ctl.press(b.command) == b.command.action
                pressed += 1
    if game in ("dragonbond", "warbound"):       # the bond's choices; a step of an activation
        assert pressed


def test_a_button_does_its_action_even_when_the_list_behind_it_changed():
    """The old "a3" named a place in the controller's list: reordered before
    the press, it did another action."""
    m, ctl, buttons = _buttons("warbound", 10)
    do = next(b.command for b in buttons if isinstance(b.command, Do))
    assert len(ctl.legal) > 1
    ctl.legal.reverse()
    assert ctl.press(do) == do.action
