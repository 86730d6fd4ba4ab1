"""Success dice: 5s and 6s succeed (some rolls need 6s), modifiers add or
remove Successes but never take the total beyond the dice rolled (nor
below none); armour rerolls reroll failed dice.  Exact odds are computed
by the same arithmetic the rolls use.  battle_valor_fantasy.txt § Success
Dice;, § Armor Values.
"""
from __future__ import annotations

from engine.core.words import count

from dataclasses import dataclass, field
from functools import lru_cache
from math import comb

R_SUCCESS = "battle_valor_fantasy.txt § Success Dice;"
R_ARMOUR = "battle_valor_fantasy.txt § Armor Values"


@dataclass(slots=True)
class Pool:
    """One roll of Success dice: what was rolled, the rerolls, the
    modifiers (label, Successes) and the total."""
    what: str
    dice: int
    need: int = 5
    rolls: list[int] = field(default_factory=list)
    rerolled: list[int] = field(default_factory=list)
    mods: list[tuple[str, int]] = field(default_factory=list)
    raw: int = 0
    total: int = 0

    @property
    def failures(self) -> int:
        return self.dice - self.total

    def text(self) -> str:
        parts = [f"{self.what}: {count(self.dice, 'die')} needing {self.need}+ -> {count(self.raw, 'Success')}"]
        if self.rerolled:
            parts.append(f"rerolled {count(len(self.rerolled), 'failure')} ({', '.join(map(str, self.rerolled))})")
        if self.mods:
            parts.append(" ".join(f"{'+' if v >= 0 else ''}{v} {k}" for k, v in self.mods))
        capped = self.raw + sum(v for _, v in self.mods)
        tail = f"= {self.total}"
        if capped > self.dice:
            tail += f" (capped at the {count(self.dice, 'die')} rolled)"
        elif capped < 0:
            tail += " (never below none)"
        parts.append(tail)
        return "; ".join(parts)

    def data(self) -> dict:
        """For the log and the dice tray: every die as [sides, face] (the
        rerolls after the first throw), who rolled, the Successes."""
        return {"dice": [[6, v] for v in self.rolls + self.rerolled], "who": self.what, "count": self.dice,
                "need": self.need, "rolls": list(self.rolls), "rerolled": list(self.rerolled),
                "mods": [list(m) for m in self.mods], "raw": self.raw, "total": self.total}


def clamp(n: int, dice: int) -> int:
    return max(0, min(dice, n))


def roll(src, what: str, n: int, mods=(), need: int = 5, rerolls: int = 0, modifiable: bool = True) -> Pool:
    """Roll `n` Success dice, reroll up to `rerolls` failures, add the
    modifiers (unless the roll cannot be modified) and cap the total."""
    n = max(0, int(n))
    p = Pool(what, n, need)
    if n:
        p.rolls = src.roll(6, n)
    ok = sum(1 for r in p.rolls if r >= need)
    fails = n - ok
    k = min(max(0, rerolls), fails)
    if k:
        p.rerolled = src.roll(6, k)
        ok += sum(1 for r in p.rerolled if r >= need)
    p.raw = ok
    p.mods = [(lbl, v) for lbl, v in mods if v] if modifiable else []
    p.total = clamp(ok + sum(v for _, v in p.mods), n)
    return p


@lru_cache(maxsize=8192)
def distribution(n: int, need: int = 5, rerolls: int = 0, mod: int = 0) -> tuple[float, ...]:
    """P(total = k) for k in 0..n: binomial Successes, failures rerolled
    up to `rerolls`, then the modifier, capped to 0..n."""
    p = (7 - need) / 6
    base = [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]
    if rerolls:
        after = [0.0] * (n + 1)
        for k, pk in enumerate(base):
            r = min(rerolls, n - k)
            for j in range(r + 1):
                after[k + j] += pk * comb(r, j) * p ** j * (1 - p) ** (r - j)
        base = after
    out = [0.0] * (n + 1)
    for k, pk in enumerate(base):
        out[clamp(k + mod, n)] += pk
    return tuple(out)


def chance_at_least(n: int, target: int, need: int = 5, rerolls: int = 0, mod: int = 0) -> float:
    if target <= 0:
        return 1.0
    return sum(distribution(n, need, rerolls, mod)[target:])


def mean(n: int, need: int = 5, rerolls: int = 0, mod: int = 0) -> float:
    return sum(k * p for k, p in enumerate(distribution(n, need, rerolls, mod)))
