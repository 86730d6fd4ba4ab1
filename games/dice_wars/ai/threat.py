"""What the strong player sees of the next enemy phase: which enemies could
really strike a hex (walking their true paths: terrain, walls, water, our
units in the way, guards; then range, forest cover and a clear line), and
which of our units should walk to the cities that stop an enemy's
Diplomacy.  Everything here reads only the table (positions, cards,
terrain); nothing peeks at dice or face-down relics.

A per-decision `cache` dict (GreedyAgent.ranked's) holds the work: one
movement search per enemy unit, one answer per (enemy, hex).  The reach of
an enemy also lives in a memo keyed by everything it depends on (where the
enemy stands, the units that could block or guard its way, the cities'
holders), so the hard level's futures, which differ only in our own moves,
do not walk the same enemy again.

`exposure` is what a thoughtful player looks at before ending a phase:
the two strikes the enemy's next phase could make (two units act a phase),
at the rules' exact odds, and what each would cost us: a hero's last hit
or our last soldier loses the game (Regicide, Domination).
"""
from __future__ import annotations

from engine.hex import grid as hexgrid
from games.dice_wars.rules import combat, movement, flow, stats, targeting


_MEMO: dict = {}
MEMO_LIMIT = 20000          # entries; cleared whole when full (a decision's futures refill it)


def enemy_reach(state, v, cache: dict) -> list:
    """The hexes enemy v could stand on after its next move (its own hex
    included), by the movement rules; walking only, not skills."""
    key = ("enemy_reach", v.uid)
    got = cache.get(key)
    if got is None:
        budget = movement.base_move(state, v)
        memo_key = _reach_key(state, v, budget)
        cache[("reach key", v.uid)] = memo_key
        got = _MEMO.get(memo_key)
        if got is None:
            found, _ = movement.reach(state, v, budget)
            got = list(found)
            if v.pos not in found:
                got.append(v.pos)
            _remember(memo_key, got)
        cache[key] = got
    return got


def _remember(key, value) -> None:
    if len(_MEMO) >= MEMO_LIMIT:
        _MEMO.clear()
    _MEMO[key] = value


def _reach_key(state, v, budget: int) -> tuple:
    """Everything v's walk depends on: its card and traits, where it
    stands, its allowance, the units that could block it or guard its way
    (every unit within reach and a step), and who holds the cities (a held
    city hinders only the holder's enemies)."""
    pos = v.pos
    reach = budget + 2
    q0, r0 = pos
    near = frozenset(x for x in _placed(state) if abs(x[0][0] - q0) <= reach and abs(x[0][1] - r0) <= reach)
    return (id(state.board), v.uid, v.cls, v.veteran, pos, budget, near,
            tuple(c.owner for c in state.cities), tuple((c.stat, c.status) for c in v.conds))


def _placed(state) -> tuple:
    """(hex, owner, guarding, facing if guarding) of every unit on the map, once per position."""
    cache = state.cache
    got = cache.get("placed units") if cache is not None else None
    if got is None:
        units = state.units
        got = tuple((h, units[o].owner, units[o].guarding, units[o].facing if units[o].guarding else -1)
                    for h, o in state.occupied.items())
        if cache is not None:
            cache["placed units"] = got
    return got


def strike_zone(state, v, cache: dict) -> dict:
    """{hex: the hexes of v's walk within its weapon's range of it}: where
    enemy v could strike next phase, line of sight aside."""
    key = ("zone", v.uid)
    got = cache.get(key)
    if got is None:
        walk = enemy_reach(state, v, cache)
        reach = max(1, targeting.attack_range(state, v, None))
        memo_key = ("zone", cache[("reach key", v.uid)], reach)
        got = _MEMO.get(memo_key)
        if got is None:
            zone: dict = {}
            for s in walk:
                for t in hexgrid.within(s, reach):
                    zone.setdefault(t, []).append(s)
            got = zone
            _remember(memo_key, got)
        cache[key] = got
    return got


def danger_map(state, owner: int, cache: dict) -> dict:
    """{hex: how many enemy units could strike a unit of `owner` there next
    phase} (their strike zones; forest cover and lines of sight aside),
    remembered for the same enemy walks."""
    zones = []
    keys = []
    for v in stats.living(state):
        if stats.friendly(state, v.owner, owner) or stats.has_status(v, "disarmed"):
            continue
        zones.append(strike_zone(state, v, cache))
        keys.append(cache[("reach key", v.uid)])
    memo_key = ("danger", tuple(keys))
    got = _MEMO.get(memo_key)
    if got is None:
        got = {}
        for z in zones:
            for h in z:
                got[h] = got.get(h, 0) + 1
        _remember(memo_key, got)
    return got


def clear(state, s, h) -> bool:
    """A clear line from s to h for unit targeting (terrain only: units are
    looked through, ours may move away); remembered, the map never changes."""
    key = ("line", id(state.board), s, h)
    got = _MEMO.get(key)
    if got is None:
        got = targeting.clear_line(state, s, h, True)
        _remember(key, got)
    return got


def can_strike(state, v, h, cache: dict) -> bool:
    """Could enemy v walk and then make a weapon attack on a unit at h next
    phase?  Range from the card (and its always-on modifiers), forest hides
    from shot and arc attacks, walls, mountains and forest block the line
    (units are looked through: ours may move away)."""
    key = ("can_strike", v.uid, h)
    got = cache.get(key)
    if got is None:
        got = False
        if not stats.has_status(v, "disarmed"):
            weapon = stats.card(v).weapon
            cover = state.catalog.terrain[stats.terrain(state, h)]
            if weapon not in cover.hides_from:
                froms = strike_zone(state, v, cache).get(h)
                if froms:
                    got = weapon == "arc" or any(clear(state, s, h) for s in froms)
        cache[key] = got
    return got


def hero_threat(state, hero, h, cache: dict) -> float:
    """Hits the enemies could land on our hero standing at h next phase:
    each enemy that can reach and strike h counts by its hit chance, the
    best two fully (two units act a phase), the rest a quarter."""
    key = ("hero_threat", hero.uid, h)
    got = cache.get(key)
    if got is None:
        chances = sorted((combat.hit_chance(state, v, hero) for v in stats.living(state)
                          if not stats.friendly(state, v.owner, hero.owner) and can_strike(state, v, h, cache)),
                         reverse=True)
        got = cache[key] = sum(chances[:2]) + 0.25 * sum(chances[2:])
    return got


def menace(state, t, p: int, cache: dict) -> float:
    """How much enemy t threatens p's heroes where they stand: its hit
    chance on each hero it could strike next phase, times the square of
    the hits that hero has lost plus one (a hero with one hit left is
    nine times as urgent as an unhurt one)."""
    key = ("menace", t.uid)
    got = cache.get(key)
    if got is None:
        got = 0.0
        for hero in stats.living(state, p):
            if hero.tier == "hero" and can_strike(state, t, hero.pos, cache):
                got += combat.hit_chance(state, t, hero) * (4 - min(3, hero.hp)) ** 2
        cache[key] = got
    return got


def contesters(state, p: int, cache: dict, at_least: int = 3) -> dict:
    """{our unit's uid: capital hex} when an enemy holds `at_least` cities
    (Diplomacy: three held through three of its phases wins; taking any one
    resets its crowns): each such city gets the one soldier (not a hero)
    that is the fewest moves from its capital, nearest pairs first, so one
    unit walks to each city and the rest of the army fights on."""
    key = ("contesters", p)
    got = cache.get(key)
    if got is None:
        got = {}
        caps = []
        for q in state.players:
            if q.alive and not stats.friendly(state, q.index, p):
                held = stats.held_cities(state, q.index)
                if len(held) >= at_least:
                    caps.extend(state.board.cities[c.index].capital for c in held)
        if caps:
            pairs = sorted((hexgrid.distance(u.pos, cap) / max(1, stats.card(u).move), u.uid, cap)
                           for u in stats.living(state, p) if u.tier != "hero" for cap in caps)
            taken: set = set()
            for _, uid, cap in pairs:
                if uid not in got and cap not in taken:
                    got[uid] = cap
                    taken.add(cap)
        cache[key] = got
    return got


def contest_progress(state, u, to, cache: dict) -> float:
    """Moves of u's walk to its city won by moving to `to` (0 when u is no
    contester or has already acted)."""
    cap = contesters(state, u.owner, cache).get(u.uid)
    if cap is None:
        return 0.0
    act = flow.activation(state, u.uid)
    if act is not None and act.acted:
        return 0.0
    return (hexgrid.distance(u.pos, cap) - hexgrid.distance(to, cap)) / max(1, stats.card(u).move)


# ---- exposure: the enemy's next phase --------------------------------------------------------

VALUE = {"basic": 1.0, "advanced": 1.8, "hero": 6.0}     # a unit's worth by tier, in basic soldiers
# what a likely lost game costs in the evaluation of a position that is not
# over: the game is worth about fifty soldiers (a lead of ten soldiers wins
# nearly always), not the +-1000 that makes a finished game dominate every
# comparison; with 1000 the hard player gave up any number of soldiers for a
# point of its hero's safety (seed 2000: a Paladin's three Lay on Hands while
# the armies fought, lost by Domination)
LOSS = 50.0
HEROES = "the safety of our heroes (Regicide)"
LAST = "our last soldiers (Domination)"
ARMY = "the safety of our army"


def worth(u) -> float:
    """A unit's worth in evaluate's material units (VALUE by tier, by the
    hits it has left; a hero's lost hits count more: each brings Regicide nearer)."""
    v = VALUE[u.tier] * (0.5 + 0.5 * u.hp / u.max_hp)
    if u.tier == "hero":
        v += 3.0 * (u.hp - u.max_hp) / u.max_hp
    return v


def hit_cost(u, hits: int, last_soldier: bool, loss: float = LOSS) -> tuple[float, str]:
    """What `hits` hits on our unit u cost, and under which heading: its
    death as a hero or as our last soldier loses the game (`loss`: the
    evaluation's lost game, or a scoring player's own figure for it)."""
    if hits >= u.hp:
        if u.tier == "hero":
            return loss, HEROES
        if last_soldier:
            return loss, LAST
        return worth(u), ARMY
    lost = VALUE[u.tier] * 0.5 * hits / u.max_hp
    if u.tier == "hero":
        return lost + 3.0 * hits / u.max_hp, HEROES
    return lost, ARMY


class Strike:
    """One enemy unit's possible strike next phase on one of ours."""
    __slots__ = ("attacker", "target", "chance", "shielded")

    def __init__(self, attacker, target, chance: float, shielded: bool):
        self.attacker = attacker
        self.target = target
        self.chance = chance
        self.shielded = shielded


def strikes_on(state, p: int, q: int, cache: dict) -> list:
    """Every weapon strike enemy player q's units could make on p's units
    next phase (walking their true paths, then range and a clear line)."""
    out = []
    mine = [t for t in stats.living(state, p)]
    for v in stats.living(state, q):
        if stats.has_status(v, "disarmed"):
            continue
        for t in mine:
            if can_strike(state, v, t.pos, cache):
                out.append(Strike(v, t, combat.hit_chance(state, v, t),
                                  stats.has_status(t, "shielded") is not None))
    return out


def exposure(state, p: int, cache: dict | None = None) -> tuple[dict, Strike | None]:
    """What the enemies' next phases could cost p: for each enemy player,
    the best pair of strikes by two different units (two units act a
    phase), a second hit on the same target counted after the first (a
    hero on two hits dies to both), a shield absorbing the first.  Returns
    ({heading: expected cost}, the costliest single strike)."""
    cache = {} if cache is None else cache
    soldiers = sum(1 for u in stats.living(state, p) if u.tier != "hero")
    total: dict = {}
    worst, worst_v = None, 0.0
    for q in state.players:
        if not q.alive or stats.friendly(state, q.index, p):
            continue
        strikes = strikes_on(state, p, q.index, cache)
        if not strikes:
            continue
        single = []
        for s in strikes:
            c, _ = hit_cost(s.target, 1, soldiers == 1)
            v = 0.0 if s.shielded else s.chance * c
            single.append((v, s))
            if v > worst_v:
                worst, worst_v = s, v
        single.sort(key=lambda t: -t[0])
        top = [s for _, s in single[:8]]
        best, best_parts = None, None
        for i, a in enumerate(top):
            parts = _pair(a, None, soldiers)
            if best is None or sum(parts.values()) > best:
                best, best_parts = sum(parts.values()), parts
            for b in top[i + 1:]:
                if b.attacker is a.attacker:
                    continue
                parts = _pair(a, b, soldiers)
                if sum(parts.values()) > best:
                    best, best_parts = sum(parts.values()), parts
        for k, v in best_parts.items():
            total[k] = total.get(k, 0.0) + v
    return total, worst


def _pair(a: Strike, b: Strike | None, soldiers: int) -> dict:
    """The expected cost of strikes a and b (b may be None), by heading."""
    out: dict = {}

    def add(cost_head, weight):
        c, head = cost_head
        out[head] = out.get(head, 0.0) + weight * c

    def landed(s: Strike) -> float:
        return 0.0 if s.shielded else s.chance
    if b is None or b.target is not a.target:
        add(hit_cost(a.target, 1, soldiers == 1), landed(a))
        if b is not None:
            add(hit_cost(b.target, 1, soldiers == 1), landed(b))
        return out
    t = a.target
    pa, pb = a.chance, b.chance
    if a.shielded:
        # the first landing hit is absorbed: the target loses one hit only if both land
        add(hit_cost(t, 1, soldiers == 1), a.chance * b.chance)
        return out
    both = pa * pb
    add(hit_cost(t, 2, soldiers == 1), both)
    add(hit_cost(t, 1, soldiers == 1), pa * (1 - pb) + (1 - pa) * pb)
    return out


# ---- one unit: how likely the next enemy phase kills it, what a buff saves ----------------------

def chances_on(state, t, h, cache: dict) -> list:
    """The hit chances of the enemies that could walk and strike our unit t
    standing at h next phase, best first (the odds as t stands now)."""
    out = []
    for v in stats.living(state):
        if stats.friendly(state, v.owner, t.owner) or stats.has_status(v, "disarmed"):
            continue
        if can_strike(state, v, h, cache):
            out.append(combat.hit_chance(state, v, t))
    out.sort(reverse=True)
    return out


def death_chance(chances: list, hp: int, shielded: bool = False) -> float:
    """The chance the best two strikes (two units act a phase) take all of
    a unit's hits (a shield absorbs the first that lands)."""
    p1 = chances[0] if chances else 0.0
    p2 = chances[1] if len(chances) > 1 else 0.0
    need = hp + (1 if shielded else 0)
    if need <= 1:
        return 1 - (1 - p1) * (1 - p2)
    if need == 2:
        return p1 * p2
    return 0.0


def last_soldier(state, u) -> bool:
    """Is u its player's last non-hero unit (its death loses by Domination)?"""
    return u.tier != "hero" and not any(v.tier != "hero" and v.uid != u.uid for v in stats.living(state, u.owner))


def fatal(state, u) -> bool:
    """Would u's death lose the game: a hero (Regicide), or the last soldier (Domination)?"""
    return u.tier == "hero" or last_soldier(state, u)


def threat_on(state, t, cache: dict, loss: float = LOSS) -> float:
    """The expected cost to t's side of the best two enemy strikes on t
    next phase (a fatal death at `loss`)."""
    chances = chances_on(state, t, t.pos, cache)
    if not chances:
        return 0.0
    shielded = stats.has_status(t, "shielded") is not None
    last = last_soldier(state, t)
    p1 = chances[0]
    p2 = chances[1] if len(chances) > 1 else 0.0
    one = p1 * (1 - p2) + p2 * (1 - p1)
    two = p1 * p2
    if shielded:
        return two * hit_cost(t, 1, last, loss)[0]
    return one * hit_cost(t, 1, last, loss)[0] + two * hit_cost(t, min(2, t.hp), last, loss)[0]


class pretend_conds:
    """With extra conditions on a unit for a moment (the rules' cached
    stats set aside meanwhile): what a buff would change."""

    def __init__(self, state, u, conds: list):
        self.state, self.u, self.conds = state, u, conds

    def __enter__(self):
        self.saved, self.state.cache = self.state.cache, None
        self.u.conds.extend(self.conds)
        return self

    def __exit__(self, *exc):
        del self.u.conds[len(self.u.conds) - len(self.conds):]
        self.state.cache = self.saved
        return False
