"""Room for a whole army (games/battle_valor_fantasy/ai/packing.py): what the
packing proposes the rules allow, and the shipped armies fit their tables."""
from __future__ import annotations

import pytest

from engine.core import registry
from engine.core.dice import SeededDice
from engine.core.rules import Setup
from games.battle_valor_fantasy.ai import packing
from games.battle_valor_fantasy.rules import setup

SCENARIOS = ["field_of_abaci", "fords_of_legian", "thornby_village", "border_march", "long_flank"]


def _start(scenario: str, **options):
    rules = registry.get("battle_valor_fantasy")
    state, _ = rules.initial_state(Setup("battle_valor_fantasy", 2, seed=1, scenario=scenario, options=options),
                                   SeededDice(1))
    return state


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_planned_place_passes_the_deployment_check(scenario):
    state = _start(scenario)
    for p in (0, 1):
        units = [u for u in state.units.values() if u.owner == p and not u.deployed and u.alive and u.stands
                 and "reserve" not in u.marks]
        placed = packing.plan(state, units)
        assert placed is not None and set(placed) == {u.uid for u in units}
        for u in packing.order(units):          # the order the packing placed them in
            q = placed[u.uid]
            assert setup.deploy_problem(state, u, q.frame, q.formation, q.files) is None, (u.name, q)
            setup.deploy(state, u, q.frame, q.formation, q.files, [])


def test_what_already_stands_in_the_zone_is_packed_around():
    state = _start("field_of_abaci")
    units = [u for u in state.units.values() if u.owner == 0 and u.stands]
    first = packing.order(units)[0]
    q = packing.plan(state, units)[first.uid]
    setup.deploy(state, first, q.frame, q.formation, q.files, [])
    rest = packing.plan(state, [u for u in units if u is not first])
    assert rest is not None
    x0, y0, x1, y1 = q.box
    for other in rest.values():           # no planned box overlaps the unit already standing
        b = other.box
        assert b[2] <= x0 or b[0] >= x1 or b[3] <= y0 or b[1] >= y1


def test_an_army_too_big_for_its_zone_has_no_plan():
    state = _start("border_march", army0="human_2000", army1="orc_2000")
    units = [u for u in state.units.values() if u.owner == 1 and u.stands]
    assert packing.plan(state, units) is None
