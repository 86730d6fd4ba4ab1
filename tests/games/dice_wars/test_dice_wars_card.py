"""The unit panel reads the range the unit shoots at (issue 36): the
Archer on a plateau read "Range 4" but shot at 5; its High Ground is in
the number now, as the attack measures it."""
from __future__ import annotations


import yaml

from engine.core.match import Match
from engine.core.rules import Setup
from games.dice_wars.rules import targeting
from tiers import ROOT



def test_the_card_range_includes_the_traits_the_attack_counts():
    script = yaml.safe_load((ROOT / "tests/scripts/dice_wars/archer_high_ground.yaml").read_text())
    m = Match(Setup("dice_wars", 2, seed=1, scenario="balanced", options={"position": script["setup"]["position"]},
                    seats=("human", "human")))
    from games.dice_wars.ui.view import make_view
    view = make_view(m)
    high, low, paladin = (next(u for u in m.state.units.values() if u.pos == tuple(p)) for p in ([6, 1], [6, 0], [10, 0]))
    shoots_at = targeting.attack_range(m.state, high, paladin)
    assert dict(view.card(m.state, high.uid).stats)["Range"].startswith(f"{shoots_at} (card {shoots_at - 1})")
    assert dict(view.card(m.state, low.uid).stats)["Range"] == str(targeting.attack_range(m.state, low, paladin))
