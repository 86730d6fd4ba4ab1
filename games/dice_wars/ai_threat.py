"""What the strong player sees of the next enemy phase: which enemies could
really strike a hex (walking their true paths: terrain, walls, water, our
units in the way, guards; then range, forest cover and a clear line), and
which of our units should walk to the cities that stop an enemy's
Diplomacy.  Everything here reads only the table (positions, cards,
terrain); nothing peeks at dice or face-down relics.

A per-decision `cache` dict (GreedyAgent.ranked's) holds the work: one
movement search per enemy unit, one answer per (enemy, hex).
"""
from __future__ import annotations

from engine.hex import grid as hexgrid
from games.dice_wars import combat, movement, phases, stats, targeting


def enemy_reach(state, v, cache: dict) -> list:
    """The hexes enemy v could stand on after its next move (its own hex
    included), by the movement rules; walking only, not skills."""
    key = ("enemy_reach", v.uid)
    got = cache.get(key)
    if got is None:
        found, _ = movement.reach(state, v, movement.base_move(state, v))
        got = cache[key] = list(found)
        if v.pos not in found:
            got.append(v.pos)
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
        reach = max(1, targeting.attack_range(state, v, None))
        mv = stats.movement_traits(state, v)
        far = hexgrid.distance(v.pos, h) > movement.base_move(state, v) + reach
        if not (far and not mv["ley_line_travel"]) and not stats.has_status(v, "disarmed"):
            weapon = stats.card(v).weapon
            cover = stats.cat().terrain[stats.terrain(state, h)]
            if weapon not in cover.hides_from:
                for s in enemy_reach(state, v, cache):
                    if hexgrid.distance(s, h) <= reach and (
                            weapon == "arc" or targeting.clear_line(state, s, h, True)):
                        got = True
                        break
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
    act = phases.activation(state, u.uid)
    if act is not None and act.acted:
        return 0.0
    return (hexgrid.distance(u.pos, cap) - hexgrid.distance(to, cap)) / max(1, stats.card(u).move)
