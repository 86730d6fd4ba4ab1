"""What a fight is worth to the computer general (normal.py), in the victory's
terms: the casualties each side's strike causes on average (combat.py's
arithmetic with exact odds, without rolling), one round's exchange of
points, and the outlook of a fight over the rounds left in the game: a
unit scores for the enemy only when it ends broken (half its points) or
destroyed (all of them, and its standard: victory.py), so a small unit
that wins its first round against a big block and is then worn down over
the next is a loss (docs/games/battle_valor_fantasy.md § The computer
general).
"""
from __future__ import annotations

import functools

from games.battle_valor_fantasy.rules import combat, fire, space, stats, success
from games.battle_valor_fantasy.rules.state import BVFState, Unit

_mean = functools.lru_cache(maxsize=100_000)(success.mean)


def worth(u: Unit) -> float:
    """Points per figure: what one casualty on the unit is worth."""
    if u.profile is None:
        return 0.0
    return u.profile.points / max(1, u.start_stands * max(1, u.profile.figures))


def strike_mean(state: BVFState, att: Unit, dfd: Unit, side: str, first_round: bool, striking_first: bool,
                charged: bool) -> float:
    """The casualties one side's attacks cause on average (combat.strike's
    arithmetic with exact odds, without rolling)."""
    if stats.machine(att) or dfd.effects.get("enemies_do_not_attack"):
        return 0.0
    n = stats.attack_dice(att)
    if att.effects.get("double_attacks"):
        n *= 2
    if "brace" in att.orders and not charged and att.rounds.get(dfd.uid, 0) > 0:
        n = max(0, n - 2)
    if dfd.formation == "square" and stats.cavalry(att):
        n //= 2
    if n <= 0:
        return 0.0
    need = 6 if (first_round and combat._fears(att, dfd)) or space.behind_obstacle(state, dfd) else 5
    mod = sum(v for _, v in combat.attack_mods(state, att, dfd, side, first_round, striking_first))
    hits = _mean(n, need, att.effects.get("reroll_attack", 0), mod)
    k = int(round(hits))
    if k <= 0:
        return hits
    dmod = sum(v for _, v in combat.defence_mods(state, dfd, att, side, first_round, charged))
    rr = (0 if combat._no_armour(state, att, dfd) else stats.armour_rerolls(state, dfd)) + dfd.effects.get("reroll_defence", 0)
    lost = max(0.0, hits - _mean(k, 5, rr, dmod))
    if att.kind == "unit" and dfd.kind == "unit":
        lost += max(0, stats.rank(att) - stats.rank(dfd))
    return lost


def impact_mean(state: BVFState, u: Unit, t: Unit, side: str) -> float:
    """The casualties a charge's impact hits cause on average."""
    n, _, stop = combat.impact_hits(state, u, t, side)
    if not n or stop:
        return 0.0
    rr = 0 if combat._no_armour(state, u, t) else stats.armour_rerolls(state, t)
    return max(0.0, n - _mean(n, 5, rr, 0))


def exchange(state: BVFState, u: Unit, t: Unit, side: str, charging: bool) -> float:
    """Points the enemy loses minus points we lose in one round of combat,
    on average: impact hits (a charge), our strike, its strike back."""
    first = u.rounds.get(t.uid, 0) == 0
    dealt = impact_mean(state, u, t, side) if charging else 0.0
    dealt += strike_mean(state, u, t, side, first, True, False)
    dealt = min(dealt, health(t))
    back = 0.0
    if not t.activated and dealt < health(t):
        back = min(health(u), strike_mean(state, t, u, "front", first, False, charging))
    return dealt * worth(t) - back * worth(u)


ROUNDS = 3          # rounds of a fight the outlook follows (fewer when the game ends sooner)
PROGRESS = 0.2      # of a unit's points, for the share of its figures lost (others may finish it)


def _ramp(x: float, lo: float, hi: float) -> float:
    return min(1.0, max(0.0, (x - lo) / (hi - lo)))


def health(u: Unit) -> float:
    """What a strike's casualties come off: its figures, a monstrous
    creature's MR (each casualty is a point of damage; it is out of action
    at none: casualties.take).  The Elite Juggernaut is one figure with MR
    6: counted as one figure, four hits before saves "destroyed" it and
    every volley went at it."""
    if stats.monstrous(u):
        return max(0.0, float(stats.base_mr(u)))
    return float(u.figures())


def full_health(u: Unit) -> float:
    if stats.monstrous(u):
        return max(1.0, float(stats.base_mr(u)) + u.wounds)
    return float(u.start_stands * max(1, u.profile.figures))


def loss_value(u: Unit, figures: float) -> float:
    """What `u` down to `figures` figures (health) gives the enemy at the
    end (victory.py): half its points broken (below half its stands), all
    of them and its standard (+25 held becomes -25) destroyed; a little for
    what is merely lost.  Ramps around the thresholds: these are averages,
    not dice.  A monstrous creature is one stand: never broken, destroyed
    when its MR is gone."""
    if u.profile is None or not u.start_stands:
        return 0.0
    total = full_health(u)
    lost = 1.0 - max(0.0, figures) / total
    broken = 0.0 if stats.monstrous(u) else _ramp(lost, 0.35, 0.65)
    gone = _ramp(lost, 0.8, 1.0)
    if stats.monstrous(u):
        return u.profile.points * (PROGRESS * lost + (1.0 - PROGRESS) * gone) + (50.0 if u.standard else 0.0) * gone
    pts = u.profile.points
    return pts * (PROGRESS * lost + (0.5 - PROGRESS / 2) * broken + (0.5 - PROGRESS / 2) * gone) \
        + (50.0 if u.standard else 0.0) * gone


def fight_outlook(state: BVFState, u: Unit, t: Unit, side: str, charging: bool, later: int = 0,
                  most: int = ROUNDS) -> float:
    """Points toward victory a fight of `u` against `t` is expected to gain
    (the enemy's loss_value gained minus ours) over the rounds left, at most
    ROUNDS: the first as `exchange` has it (impact hits, our strike, its
    strike back from the figures it has left unless already activated),
    then both strike each round, their dice falling with their figures.
    `later`: the fight starts that many turns from now (a unit closing in
    to charge next turn; the enemy will strike back then); `most`: rounds
    followed at most.  Remembered for this state version."""
    key = ("ai_outlook", u.uid, t.uid, side, charging, later, most)
    v = state.cache.get(key)
    if v is None:
        v = state.cache[key] = _outlook(state, u, t, side, charging, later, most)
    return v


def _outlook(state: BVFState, u: Unit, t: Unit, side: str, charging: bool, later: int, most: int) -> float:
    rounds = min(most, state.turns - state.turn + 1 - later)
    if rounds <= 0:
        return 0.0
    first = u.rounds.get(t.uid, 0) == 0
    fu0, ft0 = health(u), health(t)
    if fu0 <= 0 or ft0 <= 0:
        return 0.0
    dealt = impact_mean(state, u, t, side) if charging else 0.0
    dealt = min(ft0, dealt + strike_mean(state, u, t, side, first, True, False))
    ft = ft0 - dealt
    fu = fu0
    if (later or not t.activated) and ft > 0:
        fu -= min(fu, strike_mean(state, t, u, "front", first, False, charging) * ft / ft0)
    if rounds > 1 and fu > 0 and ft > 0:
        ours = strike_mean(state, u, t, side, False, True, False) / fu0          # per figure
        theirs = strike_mean(state, t, u, "front", False, True, False) / ft0
        for _ in range(rounds - 1):
            if fu <= 0 or ft <= 0:
                break
            fu, ft = fu - min(fu, theirs * ft), ft - min(ft, ours * fu)
    return (loss_value(t, ft) - loss_value(t, ft0)) - (loss_value(u, fu) - loss_value(u, fu0))


def volley_outlook(state: BVFState, u: Unit, t: Unit, hits: float) -> float:
    """Points toward victory a volley of `hits` (before saves) at `t`
    gains: shot into a combat, every unit in it takes them all (fire.py
    `_hits_on`), ours too."""
    gain = 0.0
    for v in [t] + [state.units[x] for x in t.engaged if state.units[x].on_table]:
        k = int(round(hits))
        dmod = sum(m for _, m in fire.defence_mods(state, v, u))
        rr = stats.armour_rerolls(state, v) + v.effects.get("reroll_defence", 0)
        lost = max(0.0, hits - _mean(k, 5, rr, dmod)) if k > 0 else hits
        figs = health(v)
        d = loss_value(v, figs - min(figs, lost)) - loss_value(v, figs)
        gain += -d if v.owner == u.owner else d
    return gain
