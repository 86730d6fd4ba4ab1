"""Typed definitions of Dice Wars data (data/dice_wars/*.yaml).

This is the vocabulary the card designs are written in; rules in
games/dice_wars/ implement every kind named here.  See docs/games/dice_wars.md.
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from engine.core.catalog import Definition
from engine.core.faces import Code, IconName

Source = Literal["rulebook", "house"]
Tier = Literal["basic", "advanced", "hero"]
Weapon = Literal["melee", "shot", "arc"]
Stat = Literal["attack", "defense", "move", "range"]
RollStat = Literal["attack", "defense", "move", "range", "check", "magic", "damage"]
Status = Literal["taunted", "rooted", "disarmed", "shielded", "blinded"]
TerrainId = str


class When(Definition):
    """Conditions under which a modifier applies (all given ones must hold)."""
    attacking: bool | None = None          # True: this unit is the attacker; False: defender
    weapon: list[Literal["melee", "shot", "arc", "magic"]] | None = None   # kind of the attack
    from_behind: bool | None = None        # the attacker stands in the defender's rear
    self_terrain: list[TerrainId] | None = None
    target_terrain: list[TerrainId] | None = None
    adjacent_terrain: list[TerrainId] | None = None
    adjacent_enemies_min: int | None = None
    adjacent_allies_min: int | None = None
    guarding: bool | None = None
    damaged: bool | None = None            # below maximum HP
    target_tier: list[Tier] | None = None
    counterstrike: bool | None = None      # the roll is a guard's counterstrike


# ---- traits: always in effect --------------------------------------------
class ModifierEffect(Definition):
    kind: Literal["modifier"]
    stat: RollStat
    amount: int
    when: When = When()


class AuraEffect(Definition):
    """Units of `affects` within `range` hexes of this unit get stat+amount."""
    kind: Literal["aura"]
    range: int
    affects: Literal["enemies", "allies"]
    stat: Stat
    amount: int


class MovementEffect(Definition):
    kind: Literal["movement"]
    ignore_hindered: bool = False          # every passable hex costs 1
    pass_terrain: list[TerrainId] = []     # may move through (never end on) these
    pass_enemies: bool = False
    ley_line_travel: bool = False          # moving between ley-line hexes costs nothing


class OnDeathEffect(Definition):
    """When this unit dies, every unit within `radius` takes `damage`."""
    kind: Literal["on_death"]
    radius: int = 1
    damage: int = 1
    affects: Literal["all", "enemies"] = "all"


class OnDamagedEffect(Definition):
    """When this unit takes damage and survives it gains a condition (its
    own player's, lasting to that player's next phase)."""
    kind: Literal["on_damaged"]
    stat: Stat
    amount: int


class SweepEffect(Definition):
    """A melee weapon attack also strikes every other enemy in the
    attacker's front hexes (separate rolls)."""
    kind: Literal["sweep"]


class ImmuneEffect(Definition):
    kind: Literal["immune"]
    statuses: list[Status]


class DamageBonusEffect(Definition):
    """A successful weapon attack meeting `when` deals `amount` extra damage."""
    kind: Literal["extra_damage"]
    amount: int = 1
    when: When = When()


TraitEffect = Annotated[Union[ModifierEffect, AuraEffect, MovementEffect, OnDeathEffect,
                              OnDamagedEffect, SweepEffect, ImmuneEffect, DamageBonusEffect],
                        Field(discriminator="kind")]


class Trait(Definition):
    name: str
    text: str
    effects: list[TraitEffect]
    source: Source = "house"


# ---- skills: cost an action, need a 2d6 check -----------------------------
class DamageFx(Definition):
    kind: Literal["damage"]
    amount: int = 1


class AttackFx(Definition):
    """A weapon-style roll against each affected unit: 2d6+power vs
    2d6+defense, or d20+power vs d20 when power is magic."""
    kind: Literal["attack"]
    power: int = 0
    magic: bool = False


class ConditionFx(Definition):
    kind: Literal["condition"]
    stat: Stat
    amount: int
    who: Literal["affected", "self"] = "affected"   # self: the skill's user (Greater Frost Nova)


class StatusFx(Definition):
    kind: Literal["status"]
    status: Status


class HealFx(Definition):
    kind: Literal["heal"]
    amount: int = 1


class KnockbackFx(Definition):
    kind: Literal["knockback"]


class HurlFx(Definition):
    """Place the carried adjacent ally in the target's back hex, or if that
    is not available in an available hex adjacent to the target."""
    kind: Literal["hurl"]


class TeleportFx(Definition):
    """Move the caster (or the carried ally) to the target hex."""
    kind: Literal["teleport"]
    who: Literal["self", "carried"] = "self"


class SwapFx(Definition):
    kind: Literal["swap"]


class PullFx(Definition):
    """Move the target toward the caster, up to `hexes`, stopping when blocked."""
    kind: Literal["pull"]
    hexes: int = 1


class MoveFx(Definition):
    """The affected units gain `amount` movement this phase (if activated)
    or a condition when not."""
    kind: Literal["extra_move"]
    amount: int


SkillFx = Annotated[Union[DamageFx, AttackFx, ConditionFx, StatusFx, HealFx, KnockbackFx,
                          HurlFx, TeleportFx, SwapFx, PullFx, MoveFx],
                    Field(discriminator="kind")]


class Check(Definition):
    minimum: int = 3                       # totals below fail (a 2 always fails)
    greater: int | None = None             # totals at or above give the greater result


class Skill(Definition):
    name: str
    text: str
    range: int | None = None               # None: anywhere on the map
    target: Literal["self", "ally", "enemy", "unit", "hex", "empty_hex"]
    aim: Literal["units", "hexes"] = "units"   # units: needs a clear line; hexes: passes over
    radius: int = 0                        # 0: only the target; N: every unit within N of it
    affects: Literal["target", "enemies", "allies", "all", "self"] = "target"
    carry: bool = False                    # also choose an adjacent ally to carry (Hurl)
    check: Check = Check()
    effects: list[SkillFx]
    greater: list[SkillFx] | None = None   # replaces effects on a greater result
    source: Source = "house"


# ---- cards -----------------------------------------------------------------
class UnitClass(Definition):
    id: str
    name: str
    tier: Tier
    face: int                              # die face that rolls it (d6 basic, d8 advanced, d12 hero)
    icon: IconName                         # its silhouette (assets/icons/icons.yaml; engine/core/faces.py)
    code: Code                             # its letters, unique in the game
    attack: int | Literal["M"]
    weapon: Weapon
    defense: int
    range: int
    move: int = 5
    trait: Trait | None = None
    skill: Skill | None = None
    source: Source = "house"


class StatDelta(Definition):
    attack: int = 0
    defense: int = 0
    range: int = 0
    move: int = 0


class Faction(Definition):
    id: str
    name: str
    color: str                             # "#RRGGBB"
    letter: str
    bonus: Trait                           # Challenge II
    adjust: dict[str, StatDelta] = {}      # class id -> this faction's card differs by
    source: Source = "house"


class Veteran(Definition):
    """Challenge VII: the veteran card of an advanced class."""
    id: str                                # the advanced class it upgrades
    name: str
    delta: StatDelta = StatDelta()
    hp: int = 2
    trait: Trait | None = None             # replaces the class trait when given
    skill: Skill | None = None             # replaces the class skill when given
    source: Source = "house"


RelicCondition = Literal["capture_from_player", "capture_with_buffed", "capture_with_hero",
                         "capture_with_basic", "capture_full_hp", "capture_third_city",
                         "capture_after_kill"]


class CityCard(Definition):
    id: str
    name: str
    sigil: str                             # letter drawn on the capital
    trait: Trait | None = None             # applies to units in or near any held city
    skill: Skill | None = None             # usable by any unit's action
    near: int = 2                          # "nearby": hexes from the city's hexes
    relic_condition: RelicCondition
    relic_text: str
    source: Source = "house"


class Relic(Definition):
    id: str
    name: str
    trait: Trait | None = None             # for every unit of the holder
    skill: Skill | None = None
    spell: Skill                           # discarding it: no check, instant
    source: Source = "house"


class TerrainType(Definition):
    id: str
    name: str
    cost: int = 1                          # 1 plain, 2 hindered
    passable: bool = True
    blocks_sight: bool = False             # blocks unit targeting
    hides_from: list[Weapon] = []          # units on it cannot be targeted by these
    arc_high_ground: bool = False          # plateau: +1 range for arc attacks to lower ground
    melee_attack: int = 0                  # badlands: +1 attack for melee units on it
    magic_bonus: int = 0                   # ley lines: +3 to magic rolls
    same_as: str | None = None             # counts as this type for "same type of rough terrain"
    color: str                             # map and minimap fill
    source: Source = "rulebook"
