"""Exact odds, computed from dice distributions (never sampled)."""
from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=256)
def distribution(n: int, sides: int) -> tuple[tuple[int, float], ...]:
    """Probability of each total of n dice with `sides` faces."""
    dist = {0: 1.0}
    for _ in range(n):
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0.0) + p / sides
        dist = nxt
    return tuple(sorted(dist.items()))


@lru_cache(maxsize=4096)
def contest(att_n: int, att_sides: int, att_mod: int, def_n: int, def_sides: int, def_mod: int) -> float:
    """P(attacker wins) when both roll and add modifiers and ties are rerolled
    until broken: P(win) / (P(win) + P(lose))."""
    a = distribution(att_n, att_sides)
    d = distribution(def_n, def_sides)
    win = lose = 0.0
    for ta, pa in a:
        for td, pd in d:
            x, y = ta + att_mod, td + def_mod
            if x > y:
                win += pa * pd
            elif x < y:
                lose += pa * pd
    if win + lose == 0:
        return 0.5
    return win / (win + lose)


def at_least(n: int, sides: int, target: int, mod: int = 0) -> float:
    """P(total of n dice + mod >= target)."""
    return sum(p for t, p in distribution(n, sides) if t + mod >= target)


def percent(p: float) -> str:
    """A chance as players read it: "100%" and "0%" only when certain, else
    ">99%" / "<1%" at the ends (a rounded "100%" that then fails misleads),
    whole percents between."""
    p = float(p)
    if p >= 1.0:
        return "100%"
    if p <= 0.0:
        return "0%"
    text = f"{p:.0%}"
    return {"100%": ">99%", "0%": "<1%"}.get(text, text)
