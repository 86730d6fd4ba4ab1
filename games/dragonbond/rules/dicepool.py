"""Dragonbond dice: pools by tier, upgrades and downgrades, rolls through
the dice source, and exact odds.  dragonbond.txt § Dice, § Dice
Strengths, § Upgrade X:, § Downgrade X:, § Using Standard Dice.

A pool is a list of tiers (1 weakest .. 3 strongest), one per die.  A die
is rolled as a die of its type's sides (d10 action, d6 defense) and read
on the faces of data/dragonbond/dice.yaml (the match's catalog, `cat`): the
standard-dice conversion.  The exact odds are cached on the catalog.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.catalog_memo import per_catalog
from engine.core.rules import Event
from engine.core.rulings import reading
from engine.core.odds import percent
from games.dragonbond.rules.rulings import CHANGES_BEYOND_DICE, DICE_FACES

R_UP = "dragonbond.txt § Upgrade X:"
R_DOWN = "dragonbond.txt § Downgrade X:"
R_DICE = "dragonbond.txt § Using Standard Dice"
R_SHARP = "dragonbond.txt § Keywords"

ACTION_NAMES = ("white", "grey", "black")
DEFENSE_NAMES = ("red", "white", "black")


def pool_of(spec, times: int = 1) -> list[int]:
    """An ActionDice / DefenseDice spec (x times) as a list of tiers."""
    w, g, b = spec.tiers()
    return [3] * (b * times) + [2] * (g * times) + [1] * (w * times)


def describe_pool(pool: list[int], kind: str = "action") -> str:
    names = ACTION_NAMES if kind == "action" else DEFENSE_NAMES
    parts = []
    for t in (3, 2, 1):
        n = pool.count(t)
        if n:
            parts.append(f"{n} {names[t - 1]}")
    return " + ".join(parts) if parts else "no dice"


def each_die_once(state) -> bool:
    """The house ruling dragonbond.changes_beyond_dice reads "each die changes once"."""
    return state is not None and reading(state, CHANGES_BEYOND_DICE.id) == "each_die_once"


def high_first(state) -> bool:
    """The house ruling dragonbond.dice_faces counts the faces from the top of a standard die."""
    return state is not None and reading(state, DICE_FACES.id) == "high_first"


def face(cat, kind: str, tier: int, n: int, high: bool = False):
    """The face a standard die showing n reads as (`high`: counted from the top)."""
    dt = (cat.action_dice if kind == "action" else cat.defense_dice)[tier - 1]
    return dt.faces[dt.sides - n if high else n - 1]


def modify(pool: list[int], up: int, down: int, state=None, once: bool = False) -> list[int]:
    """Upgrades and downgrades cancel out first; then upgrade the weakest
    dice (a black die upgraded adds a white one) or downgrade the strongest
    (a white die downgraded is removed; never below one die: roll a single
    white die instead).  More changes than dice start over on the same
    dice, unless the match's house ruling (dragonbond.changes_beyond_dice,
    read from `state`, or `once` for the odds helpers) has each die change once."""
    net = up - down
    dice = sorted(pool)
    if once or each_die_once(state):
        net = max(-len(dice), min(net, len(dice)))
    if net > 0:
        done: set[int] = set()
        extra = 0
        for _ in range(net):
            cands = [i for i in range(len(dice)) if i not in done]
            if not cands:
                done = set()
                cands = list(range(len(dice)))
            i = min(cands, key=lambda k: (dice[k], k))
            done.add(i)
            if dice[i] == 3:
                extra += 1
            else:
                dice[i] += 1
        dice.extend([1] * extra)
    elif net < 0:
        done = set()
        for _ in range(-net):
            if not dice:
                break
            cands = [i for i in range(len(dice)) if i not in done]
            if not cands:
                done = set()
                cands = list(range(len(dice)))
            i = max(cands, key=lambda k: (dice[k], -k))
            if dice[i] == 1:
                dice.pop(i)
                done = {j - 1 if j > i else j for j in done if j != i}
            else:
                dice[i] -= 1
                done.add(i)
        if not dice:
            dice = [1]
    return sorted(dice, reverse=True)


@dataclass
class ActionRoll:
    faces: list          # (tier, number the die shows)
    successes: int       # success faces 1 each, doubles 2 (criticals not included)
    doubles: int
    crits: int
    read: list           # the face each die reads as (house ruling dragonbond.dice_faces)

    @property
    def total(self) -> int:
        """Successes for a face-off or a charge: criticals count one."""
        return self.successes + self.crits

    @property
    def hits(self) -> int:
        return self.successes


def roll_action(cat, dice, pool: list[int], sharp: bool = False, events: list | None = None, what: str = "",
                rule: str = "", noun: str = "hit", state=None) -> ActionRoll:
    faces = []
    read = []
    high = high_first(state)
    s = d = c = 0
    queue = list(pool)
    while queue:
        tier = queue.pop(0)
        sides = cat.action_dice[tier - 1].sides
        n = dice.roll(sides)[0]
        f = face(cat, "action", tier, n, high)
        faces.append((tier, n))
        read.append(f)
        if f.critical:
            c += 1
            if sharp:
                queue.insert(0, tier)
                if events is not None:
                    events.append(Event("ruling", f"Sharp: the critical {ACTION_NAMES[tier - 1]} die is rolled "
                                        "again", R_SHARP))
        else:
            s += f.success
            d += 1 if f.double else 0
    r = ActionRoll(faces, s, d, c, read)
    if events is not None:
        if noun == "hit":
            summary = f"{r.successes} hit{'s' if r.successes != 1 else ''}, {c} critical"
        else:
            summary = f"{r.total} success{'es' if r.total != 1 else ''} ({c} critical, {d} double)"
        data = {"dice": [[cat.action_dice[t - 1].sides, n] for t, n in faces],
                "tiers": [t for t, _ in faces], "kind": "action"}
        if high:
            data["high_first"] = True
        events.append(Event("roll", f"{what}: {describe_pool(pool)} -> {_words(cat, faces, high)}: {summary}",
                            rule or R_DICE, data=data))
    return r


def _words(cat, faces, high: bool = False) -> str:
    out = []
    for tier, n in faces:
        f = face(cat, "action", tier, n, high)
        sym = "C" if f.critical else "D" if f.double else "S" if f.success else "-"
        out.append(f"{ACTION_NAMES[tier - 1][0].upper()}{n % 10}{sym}")
    return " ".join(out)


def roll_defense(cat, dice, pool: list[int], events: list | None = None, what: str = "", rule: str = "",
                 state=None) -> int:
    blocks = 0
    faces = []
    high = high_first(state)
    for tier in pool:
        dt = cat.defense_dice[tier - 1]
        n = dice.roll(dt.sides)[0]
        faces.append((tier, n))
        if face(cat, "defense", tier, n, high).block:
            blocks += 1
    if events is not None:
        words = " ".join(f"{DEFENSE_NAMES[t - 1][0].upper()}{n}{'B' if face(cat, 'defense', t, n, high).block else '-'}"
                         for t, n in faces)
        data = {"dice": [[cat.defense_dice[t - 1].sides, n] for t, n in faces],
                "tiers": [t for t, _ in faces], "kind": "defense"}
        if high:
            data["high_first"] = True
        events.append(Event("roll", f"{what}: {describe_pool(pool, 'defense')} -> {words}: "
                            f"{blocks} block{'s' if blocks != 1 else ''}", rule or R_DICE, data=data))
    return blocks


# ---- exact odds -----------------------------------------------------------------

def face_odds(cat, kind: str, tier: int) -> dict[str, float]:
    """Chance of each symbol on one die: success, double, critical, blank
    (action) or block, blank (defense)."""
    dt = (cat.action_dice if kind == "action" else cat.defense_dice)[tier - 1]
    out: dict[str, float] = {}
    for f in dt.faces:
        if kind == "action":
            k = "critical" if f.critical else "double" if f.double else "success" if f.success else "blank"
        else:
            k = "block" if f.block else "blank"
        out[k] = out.get(k, 0.0) + 1.0 / dt.sides
    return out


def odds_line(cat, pool: list[int], kind: str = "action") -> str:
    """Per die of each colour in the pool: the chance of each symbol."""
    names = ACTION_NAMES if kind == "action" else DEFENSE_NAMES
    parts = []
    for t in sorted(set(pool), reverse=True):
        o = face_odds(cat, kind, t)
        parts.append(f"{names[t - 1]}: " + ", ".join(f"{k} {percent(v)}" for k, v in o.items()))
    return "; ".join(parts)


@per_catalog
def _die_dist(cat, tier: int, sharp: bool) -> tuple:
    """{(hits, crits): p} of one action die (Sharp: criticals explode; the
    chain is cut after 6 rerolls, a vanishing remainder)."""
    dt = cat.action_dice[tier - 1]
    base: dict = {}
    pc = 0.0
    for f in dt.faces:
        p = 1.0 / dt.sides
        if f.critical:
            pc += p
        else:
            k = (f.success, 0)
            base[k] = base.get(k, 0.0) + p
    out: dict
    if not sharp:
        out = dict(base)
        out[(0, 1)] = out.get((0, 1), 0.0) + pc
        return tuple(out.items())
    out = {}
    prob = 1.0
    for chain in range(7):
        for (h, _c0), p in base.items():
            k = (h, chain)
            out[k] = out.get(k, 0.0) + prob * p
        prob *= pc
    out[(0, 7)] = out.get((0, 7), 0.0) + prob
    return tuple(out.items())


@per_catalog
def attack_dist(cat, pool: tuple, sharp: bool = False) -> tuple:
    """Exact {(hits, crits): p} of an action pool."""
    dist = {(0, 0): 1.0}
    for tier in pool:
        nxt: dict = {}
        for (h, c), p in dist.items():
            for (dh, dc), q in _die_dist(cat, tier, sharp):
                k = (h + dh, c + dc)
                nxt[k] = nxt.get(k, 0.0) + p * q
        dist = nxt
    return tuple(dist.items())


@per_catalog
def success_dist(cat, pool: tuple) -> tuple:
    """Exact {successes (criticals count one): p} of an action pool."""
    out: dict = {}
    for (h, c), p in attack_dist(cat, pool, False):
        out[h + c] = out.get(h + c, 0.0) + p
    return tuple(sorted(out.items()))


@per_catalog
def blocks_dist(cat, pool: tuple) -> tuple:
    dist = {0: 1.0}
    for tier in pool:
        dt = cat.defense_dice[tier - 1]
        pb = sum(1 for f in dt.faces if f.block) / dt.sides
        nxt: dict = {}
        for b, p in dist.items():
            nxt[b + 1] = nxt.get(b + 1, 0.0) + p * pb
            nxt[b] = nxt.get(b, 0.0) + p * (1 - pb)
        dist = nxt
    return tuple(dist.items())


@per_catalog
def wounds_dist(cat, attack: tuple, defense_per_hit: tuple, sharp: bool = False, cap: int = 40) -> tuple:
    """Exact {wounds: p}: hits defended with `defense_per_hit` dice each,
    criticals straight through."""
    out: dict = {}
    for (h, c), p in attack_dist(cat, attack, sharp):
        if h == 0:
            w = min(cap, c)
            out[w] = out.get(w, 0.0) + p
            continue
        for b, q in blocks_dist(cat, tuple(defense_per_hit) * h):
            w = min(cap, max(0, h - b) + c)
            out[w] = out.get(w, 0.0) + p * q
    return tuple(sorted(out.items()))


def expected(dist) -> float:
    return sum(k * p for k, p in dist)


def at_least(dist, k: int) -> float:
    return sum(p for v, p in dist if v >= k)
