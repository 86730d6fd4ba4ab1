"""Typed definitions of Dragonbond data (data/dragonbond/*.yaml).

The vocabulary the cards are written in; the rules in games/dragonbond/
implement every kind named here.  Decisions: docs/games/dragonbond.md.

Dice pools name dice by colour: action dice white < grey < black (d10),
defense dice red (tier 1) < white (tier 2) < black (tier 3) (d6).
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, field_validator, model_validator

from engine.core.catalog import Definition
from engine.core.faces import Code, IconName

Source = Literal["rulebook", "house"]
Roll = Literal["attack", "melee_attack", "ranged_attack", "defense", "melee_defense", "ranged_defense",
               "power", "charge"]
Status = Literal["damage", "slow", "immobilized"]
Keyword = Literal["sharp", "agile", "reach", "flying", "epic", "dragonriding", "huge", "blocking"]
Trigger = Literal["rest", "targeted", "charged"]


class ActionDice(Definition):
    """A pool of action dice (d10): white < grey < black."""
    white: int = Field(0, ge=0)
    grey: int = Field(0, ge=0)
    black: int = Field(0, ge=0)

    def tiers(self) -> tuple[int, int, int]:
        return (self.white, self.grey, self.black)


class DefenseDice(Definition):
    """Defense dice rolled per hit (d6): red (tier 1) < white < black."""
    red: int = Field(0, ge=0)
    white: int = Field(0, ge=0)
    black: int = Field(0, ge=0)

    def tiers(self) -> tuple[int, int, int]:
        return (self.red, self.white, self.black)


class Face(Definition):
    """What one face of a custom die shows."""
    success: int = 0          # hits / successes
    double: bool = False      # a double success (counts 2)
    critical: bool = False    # a critical hit (also one success)
    block: bool = False       # defense dice


class DieType(Definition):
    """A custom die: `faces` of a die of that many sides, face 1 first (the
    standard-dice conversion: roll a dN, read the face)."""
    id: str
    name: str
    kind: Literal["action", "defense"]
    tier: int = Field(ge=1, le=3)
    sides: int
    faces: list[Face]
    source: Source = "house"

    @model_validator(mode="after")
    def _faces_match(self):
        if len(self.faces) != self.sides:
            raise ValueError(f"a d{self.sides} needs {self.sides} faces, got {len(self.faces)}")
        return self


# ---- conditions and effects ---------------------------------------------------

class When(Definition):
    """Conditions for a modifier; every one given must hold."""
    charging: bool | None = None           # this roll is part of a charge
    engaged: bool | None = None            # this unit is engaged
    target_engaged: bool | None = None     # the other unit of the roll is engaged
    target_flanked: bool | None = None
    mounted: bool | None = None            # a general riding its dragon
    weapon: str | None = None              # only attacks with this weapon (name)


class ModifierFx(Definition):
    """Upgrade / downgrade dice of a kind of roll (§ Modifiers).  Passive
    (a standing rule) or, from a power, for `duration`."""
    kind: Literal["modifier"]
    roll: Roll
    up: int = Field(0, ge=0)
    down: int = Field(0, ge=0)
    when: When = When()
    duration: Literal["always", "attack", "round"] = "always"


class SpeedFx(Definition):
    kind: Literal["speed"]
    amount: int


class StaminaFx(Definition):
    kind: Literal["stamina"]
    amount: int


class KeywordFx(Definition):
    """Grants a keyword (with its value, for Epic)."""
    kind: Literal["keyword"]
    keyword: Keyword
    value: int = 0


class RangeFx(Definition):
    """+amount inches to the range of this unit's ranged weapons."""
    kind: Literal["range"]
    amount: int


class WeaponSpec(Definition):
    name: str
    type: Literal["melee", "ranged"]
    range: float = 0.0                    # inches (ranged)
    dice: ActionDice                      # per model that fights

    @model_validator(mode="after")
    def _range(self):
        if self.type == "ranged" and self.range <= 0:
            raise ValueError("a ranged weapon needs a range in inches")
        return self


class AttackFx(Definition):
    """The power makes an attack (model counts matter, § Making Attacks vs.
    Rolling Dice)."""
    kind: Literal["attack"]
    weapon: WeaponSpec


class HitsFx(Definition):
    """Roll dice (not an attack: the number of models does not matter);
    each hit is defended as usual, criticals are not."""
    kind: Literal["hits"]
    dice: ActionDice


class WoundsFx(Definition):
    """Wounds straight onto the target (no defense, § Hits vs. Wounds)."""
    kind: Literal["wounds"]
    amount: int = Field(ge=1)


class HealFx(Definition):
    kind: Literal["heal"]
    amount: int = Field(ge=1)


class StatusFx(Definition):
    """Status tokens onto the target; with `dice`, one token per success
    rolled (a power roll), otherwise `count` tokens."""
    kind: Literal["status"]
    status: Status
    count: int = Field(1, ge=1)
    dice: ActionDice | None = None


class FatigueFx(Definition):
    """Remove fatigue from the target (`amount`, or all), or add it to an
    enemy (`add`)."""
    kind: Literal["fatigue"]
    amount: int | Literal["all"] = 1
    add: bool = False


Effect = Annotated[Union[ModifierFx, SpeedFx, StaminaFx, KeywordFx, RangeFx, AttackFx, HitsFx, WoundsFx,
                         HealFx, StatusFx, FatigueFx], Field(discriminator="kind")]
PASSIVE_KINDS = ("modifier", "speed", "stamina", "keyword", "range")


class Power(Definition):
    """A power (§ Powers and Abilities): its timing, its cost in fatigue
    (a number, or "E": one token straight next to the unit), whom it
    targets and what it does."""
    name: str
    text: str
    timing: Literal["passive", "action", "reaction"]
    cost: int | Literal["E"] = 0
    trigger: Trigger | None = None          # reactions: the event they answer
    target: Literal["self", "ally", "enemy"] = "self"
    range: float = 0.0                      # inches, for ally / enemy targets (0: engaged only, for enemies)
    effects: list[Effect]
    source: Source = "house"

    @model_validator(mode="after")
    def _consistent(self):
        if self.timing == "reaction" and self.trigger is None:
            raise ValueError("a reaction power names its trigger (rest, targeted, charged)")
        if self.timing != "reaction" and self.trigger is not None:
            raise ValueError("only reaction powers have a trigger")
        if self.timing == "passive":
            bad = [e.kind for e in self.effects if e.kind not in PASSIVE_KINDS]
            if bad:
                raise ValueError(f"a passive power only modifies (got {bad[0]})")
        if self.timing == "passive" and self.cost != 0:
            raise ValueError("a passive power costs nothing")
        return self


class Sacrifice(Definition):
    """A captain's Sacrifice (§ Sacrifice): `once` effects when the captain
    is killed (on `target`), and `persistent` standing rules printed on the
    back of the card while the unit lives."""
    name: str
    text: str
    target: Literal["self", "engaged_enemies", "killer"] = "self"
    once: list[Effect] = []
    persistent: list[Effect] = []
    source: Source = "house"

    @field_validator("persistent")
    @classmethod
    def _passive(cls, v):
        for e in v:
            if e.kind not in PASSIVE_KINDS:
                raise ValueError(f"a persistent sacrifice only modifies (got {e.kind})")
        return v


class Captain(Definition):
    id: str
    name: str
    unit: str                               # the unit card this captain leads
    ability: Power
    sacrifice: Sacrifice
    source: Source = "house"


class CombinedHalf(Definition):
    """Half of a combined power (§ Combined Power): its own cost, paid on
    its own card."""
    name: str
    text: str
    cost: int | Literal["E"] = 0
    target: Literal["self", "ally", "enemy"] = "enemy"
    range: float = 0.0
    effects: list[Effect]


class ArchetypeSide(Definition):
    abilities: list[Power] = Field(min_length=1)
    combined: CombinedHalf | None = None


class Archetype(Definition):
    id: str
    name: str
    units: list[str]                         # unit cards it may lead
    regular: ArchetypeSide
    mounted: ArchetypeSide | None = None     # dragons and generals
    source: Source = "house"


class Base(Definition):
    round: float | None = None              # diameter, mm
    rect: tuple[float, float] | None = None   # width, depth, mm

    @model_validator(mode="after")
    def _one(self):
        if (self.round is None) == (self.rect is None):
            raise ValueError("a base is round (diameter in mm) or rect ([width, depth] in mm)")
        return self


class Side(Definition):
    """The bonded side of a general's or dragon's card: what differs."""
    speed: int | None = None
    stamina: int | None = None
    health: int | None = None
    defense: DefenseDice | None = None
    melee_defense: DefenseDice | None = None
    ranged_defense: DefenseDice | None = None
    weapons: list[WeaponSpec] | None = None
    powers: list[Power] | None = None
    keywords: list[str] | None = None


class UnitCard(Definition):
    id: str
    name: str
    icon: IconName                         # its silhouette (assets/icons/icons.yaml; engine/core/faces.py)
    code: Code                             # its letters, unique in the game
    faction: str
    kind: Literal["unit", "general", "huge"]
    dragon: bool = False
    models: int = Field(ge=1, le=100)         # a unit card, not an army: bounds play memory
    base: Base
    speed: int = Field(ge=0)
    stamina: int = Field(ge=0)
    health: int = Field(ge=1)
    injuries: int = 0
    defense: DefenseDice | None = None            # both kinds of attack
    melee_defense: DefenseDice | None = None
    ranged_defense: DefenseDice | None = None
    weapons: list[WeaponSpec] = Field(min_length=1)
    powers: list[Power] = []
    keywords: list[str] = []                      # "sharp", "epic 1", ...
    bonded: Side | None = None
    points: int = Field(ge=0)
    text: str = ""
    source: Source = "house"

    @model_validator(mode="after")
    def _shape(self):
        if self.defense is None and (self.melee_defense is None or self.ranged_defense is None):
            raise ValueError("give defense, or both melee_defense and ranged_defense")
        if self.kind == "huge" and self.injuries < 1:
            raise ValueError("a huge creature has injury slots (injuries >= 1)")
        if self.kind != "huge" and self.injuries:
            raise ValueError("only huge creatures have injuries")
        if self.kind == "general" and len(self.powers) != 2:
            raise ValueError("a general has two powers (§ Anatomy of a General Card)")
        if self.kind == "unit" and len(self.powers) > 1:
            raise ValueError("a unit card has one power")
        if self.dragon and self.kind != "huge":
            raise ValueError("dragons are huge creatures")
        if (self.kind == "general" or self.dragon) and self.bonded is None:
            raise ValueError("generals and dragons have a bonded side")
        return self


class TerrainType(Definition):
    id: str
    name: str
    blocking: bool = False
    impassable: bool = False
    instant: Status | None = None               # status token on entering / starting a turn on it
    occupation: list[ModifierFx] = []           # while occupying it
    colour: str = "#808080"
    text: str = ""
    source: Source = "house"


class ArmyUnit(Definition):
    unit: str
    captain: str | None = None
    archetype: str | None = None


class Army(Definition):
    id: str
    name: str
    faction: str
    size: str                                    # a key of limits
    units: list[ArmyUnit] = Field(min_length=1)
    bond: str | None = None                      # the dragon (unit id) the general is bonded with
    source: Source = "house"


class Limit(Definition):
    """Army selection limits for a battle size (§ Selecting Units is
    "still under development": ours)."""
    name: str
    points: int
    max_units: int
    max_huge: int
    max_generals: int = 1
    tables: list[str] = []                       # scenario ids suited to this size
    source: Source = "house"


class Scenario(Definition):
    id: str
    name: str
    map: str                                     # file in assets/maps/dragonbond/
    sizes: list[str]                             # battle sizes (limits keys) it suits
    text: str = ""
    source: Source = "house"
