"""What a Character card reads now: its side (normal or panic), plus its
Equipment, Formation and the Leader's Vocation (warbound.txt § Character
cards, § Upgrade cards, § Formations, § Panic).  Memoised per combination
on the catalog (its memo): the hot loops only read these frozen values."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Stats:
    name: str
    faction: str
    attack: int | None
    fight_dice: int
    speed: int
    run: int
    accuracy: tuple | None       # (closest, others or None)
    shoot_dice: int
    colorless: int               # total activation cost, colorless part (Formation included)
    colored: tuple               # ((faction colour, n), ...)
    hp: int
    morale: int | None           # None: no Morale Point pool
    armor_points: int
    armor_value: int
    hit_fight: int
    hit_shoot: int
    skills: tuple                # skill ids, passive and active
    formation: bool
    kinds: frozenset             # the skills' effect kinds

    def has(self, kind: str) -> bool:
        return kind in self.kinds


def _work_out(c, key: tuple) -> Stats:
    _, card, equipment, formation, panic, vocation = key
    ch = c.characters[card]
    p = ch.profile
    v = {"attack": p.attack, "fight_dice": p.fight_dice, "speed": p.speed, "run": p.run,
         "accuracy": p.accuracy, "shoot_dice": p.shoot_dice, "hp": p.hp, "morale": p.morale,
         "armor": p.armor, "skills": tuple(p.skills), "cost": p.cost}
    if panic:
        side = ch.panic
        for k in ("attack", "fight_dice", "speed", "run", "accuracy", "shoot_dice", "skills", "cost"):
            if getattr(side, k) is not None:
                v[k] = getattr(side, k)
        if side.no_long_range and v["accuracy"]:
            v["accuracy"] = (v["accuracy"][0], None)
        v["morale"] = None
    bonus = {"hit_fight": 0, "hit_shoot": 0, "fight_dice": 0, "shoot_dice": 0, "speed": 0, "run": 0,
             "hp": 0, "morale": 0, "armor_points": 0}
    skills = list(v["skills"])
    for sid in list(skills):
        eff = c.skills[sid].effect
        if eff.kind == "bonus" and not eff.condition:
            for b in eff.bonuses:
                bonus[b.stat] += b.amount
    if equipment:
        e = c.equipment[equipment]
        if e.attack is not None and (v["attack"] is None or e.attack < v["attack"]):
            v["attack"] = e.attack
        if e.accuracy is not None and v["accuracy"] is None:
            v["accuracy"] = e.accuracy
        if e.armor is not None and v["armor"] is None:
            v["armor"] = e.armor
        for b in e.bonuses:
            bonus[b.stat] += b.amount
        skills += [s for s in e.skills if s not in skills]
    colorless = v["cost"].colorless
    if formation:
        f = c.formations[formation]
        colorless += f.extra_colorless
        bonus["hit_fight"] += f.hit
        bonus["hit_shoot"] += f.hit
        bonus["shoot_dice"] += f.shoot_dice
        bonus["fight_dice"] += f.fight_dice
        bonus["hp"] += f.hp
    if vocation:
        voc = c.vocations[vocation]
        if voc.applies_to is None or voc.applies_to == ch.faction:
            for b in voc.bonuses:
                bonus[b.stat] += b.amount
    armor = v["armor"]
    st = Stats(
        name=ch.name, faction=ch.faction, attack=v["attack"], fight_dice=v["fight_dice"] + bonus["fight_dice"],
        speed=v["speed"] + bonus["speed"], run=v["run"] + bonus["run"], accuracy=v["accuracy"],
        shoot_dice=v["shoot_dice"] + bonus["shoot_dice"], colorless=colorless,
        colored=tuple(sorted(v["cost"].colored.items())), hp=v["hp"] + bonus["hp"],
        morale=None if v["morale"] is None else v["morale"] + bonus["morale"],
        armor_points=(armor.points + bonus["armor_points"]) if armor else 0,
        armor_value=armor.value if armor else 0, hit_fight=bonus["hit_fight"], hit_shoot=bonus["hit_shoot"],
        skills=tuple(skills), formation=bool(formation),
        kinds=frozenset(c.skills[s].effect.kind for s in skills))
    c.memo[key] = st
    return st


def stats(state, ch) -> Stats:
    c = state.catalog
    key = ("stats", ch.card, ch.equipment, ch.formation, ch.panic, state.players[ch.owner].vocation)
    hit = c.memo.get(key)
    return hit if hit is not None else _work_out(c, key)


def has_pool(state, ch) -> bool:
    """Whether the Character has a Morale Point pool (not in Panic, not a machine)."""
    return stats(state, ch).morale is not None


def unbroken_armor(state, ch) -> int:
    """Armor points not yet covered by Break tokens (warbound.txt § Shoot, 7. Armor roll)."""
    return max(0, stats(state, ch).armor_points - ch.breaks)

