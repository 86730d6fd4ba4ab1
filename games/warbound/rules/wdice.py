"""The Warbound d12 (warbound.txt § Warbound dice, § Game rules).

A d12 whose faces 11 and 12 read 5 and 10: ten distinct values, 5 and 10
twice.  Rolled through the match's dice source as a plain d12 (so saves,
scripts and replays record faces 1..12); a natural [1] always fails and a
natural [10] always succeeds.  Odds are exact fractions over the twelve
faces, never sampled.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

R_DICE = "warbound.txt § Warbound dice"
R_NATURAL = "warbound.txt § Game rules"
SIDES = 12
FACES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 5, 10)     # face index+1 -> value read


@dataclass(frozen=True, slots=True)
class Roll:
    face: int        # the d12 face, 1..12
    value: int       # what it reads, 1..10

    @property
    def natural_one(self) -> bool:
        return self.value == 1

    @property
    def natural_ten(self) -> bool:
        return self.value == 10


def roll(dice, n: int) -> list[Roll]:
    return [Roll(f, FACES[f - 1]) for f in dice.roll(SIDES, n)] if n > 0 else []


def succeeds(r: Roll, need: int, bonus: int = 0) -> bool:
    """A hit or armor roll: natural [1] fails, natural [10] succeeds, else
    the value plus bonuses must reach `need`."""
    if r.value == 1:
        return False
    if r.value == 10:
        return True
    return r.value + bonus >= need


@lru_cache(maxsize=256)
def p_success(need: int, bonus: int = 0) -> Fraction:
    return Fraction(sum(1 for v in FACES if succeeds(Roll(0, v), need, bonus)), SIDES)


P_NOT_ONE = Fraction(SIDES - 1, SIDES)


@lru_cache(maxsize=1024)
def hits_distribution(n: int, need: int, bonus: int = 0, aim: bool = False) -> tuple[Fraction, ...]:
    """P(exactly k hits) for k = 0..n with n dice; `aim` rolls n+1 and
    drops the lowest (warbound.txt § Aim)."""
    if not aim:
        p = p_success(need, bonus)
        out = [Fraction(0)] * (n + 1)
        out[0] = Fraction(1)
        for _ in range(n):
            nxt = [Fraction(0)] * (n + 1)
            for k, q in enumerate(out):
                if q:
                    nxt[k] += q * (1 - p)
                    if k + 1 <= n:
                        nxt[k + 1] += q * p
            out = nxt
        return tuple(out)
    # exact enumeration over faces of n+1 dice (n is small)
    from itertools import product
    out = [Fraction(0)] * (n + 1)
    w = Fraction(1, SIDES ** (n + 1))
    for faces in product(FACES, repeat=n + 1):
        kept = sorted(faces)[1:]
        out[sum(1 for v in kept if succeeds(Roll(0, v), need, bonus))] += w
    return tuple(out)


def expected(dist) -> Fraction:
    return sum((k * p for k, p in enumerate(dist)), Fraction(0))


def pct(p) -> str:
    return f"{float(p) * 100:.0f}%"
