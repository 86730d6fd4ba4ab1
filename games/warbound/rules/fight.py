"""Fight (warbound.txt § Fight): a melee attack on an adjacent enemy
(from either miniature of a Formation), all dice at one target, hit on the
attack value; Stress, armor and wounds as for shooting."""
from __future__ import annotations

from engine.core.rules import Event
from games.warbound.rules import wounds
from games.warbound.rules.profile import stats
from games.warbound.rules.queries import enemies_adjacent, is_adjacent, label

R_FIGHT = "warbound.txt § Fight"


def fighter_problem(state, ch):
    st = stats(state, ch)
    if st.attack is None:
        return (f"{st.name} has no attack value: it cannot fight.", "warbound.txt § The Action Board")
    if not enemies_adjacent(state, ch):
        return (f"{st.name} has no valid target: no enemy Character on an adjacent tile.",
                "warbound.txt § The Action Board")
    return None


def target_problem(state, ch, target):
    if target.owner == ch.owner or not target.alive or not target.deployed:
        return ("Fight an opposing Character.", R_FIGHT)
    if not is_adjacent(ch, target):
        return (f"{label(state, target)} is not on a tile adjacent to {stats(state, ch).name}.", R_FIGHT)
    return None


def conditional_bonus(state, ch, target) -> int:
    cat = state.catalog
    out = 0
    for sid in stats(state, ch).skills:
        eff = cat.skills[sid].effect
        if eff.kind == "bonus" and eff.condition == "target_wounded" and target.wounds > 0:
            out += sum(b.amount for b in eff.bonuses if b.stat == "hit_fight")
    return out


def fight(state, ch, target, dice, events: list) -> None:
    st = stats(state, ch)
    assert st.attack is not None            # fighter_problem: a Character without an attack does not fight
    bonus = st.hit_fight + conditional_bonus(state, ch, target)
    if st.formation:
        events.append(Event("ruling", "Formation: +1 to hit and one more fight die.", "warbound.txt § Formations"))
    wounds.attack(state, ch, target, st.fight_dice, st.attack, bonus, f"{st.name} fights", dice, events, R_FIGHT)
