"""Typed definitions of Battle Valor Fantasy data (data/battle_valor_fantasy/).

The vocabulary the bestiary, the cost table and the scenarios are written
in; the rules in games/battle_valor_fantasy/ implement every kind named
here.  Every definition says where its numbers come from: `source` rulebook
(the text gives them) or house (our design), and `house_fields` names the
house-designed fields of an otherwise rulebook entry.  Decisions:
docs/games/battle_valor_fantasy.md.

Army lists (data/battle_valor_fantasy/lists/*.yaml, or any file a player
shares) are `ArmyList`: a name, the game size in points, the General's race,
the General, characters and units.
"""
from __future__ import annotations

from typing import Literal, Union

from pydantic import Field, model_validator

from engine.core.catalog import Definition
from engine.core.faces import Code, IconName

Source = Literal["rulebook", "house"]
ExperienceId = Literal["levy", "regular", "veteran", "elite"]
CharacterLevel = Literal["regular", "veteran", "elite"]
EXPERIENCES: tuple[str, ...] = ("levy", "regular", "veteran", "elite")


class Sourced(Definition):
    source: Source = "house"
    house_fields: list[str] = []
    text: str = ""


# ---- experience, bases, armour, weapons --------------------------------------

class Experience(Sourced):
    """Levy, Regular, Veteran, Elite: `modifier` Successes on everything."""
    id: str
    name: str
    rank: int = Field(ge=0, le=3)
    modifier: int = Field(ge=-1, le=2)


class Base(Sourced):
    """A base in millimetres: `width_mm` frontage, `depth_mm` front to back
    (a round base's diameter twice); `arc` of vision in degrees."""
    id: str
    name: str
    shape: Literal["rect", "round"]
    width_mm: float = Field(gt=0, le=200)
    depth_mm: float = Field(gt=0, le=200)
    arc: int = Field(ge=0, le=360)

    @model_validator(mode="after")
    def _round_is_round(self):
        if self.shape == "round" and (self.width_mm != self.depth_mm or self.arc != 360):
            raise ValueError("a round base has width_mm == depth_mm and sees all round (arc 360)")
        return self


class Armour(Sourced):
    id: str
    name: str
    level: int = Field(ge=0, le=3)
    rerolls: int = Field(ge=0, le=3)
    cost: int = Field(ge=0, le=10)


class Weapon(Sourced):
    """A close-combat weapon (`melee`), a hand-held missile weapon
    (`missile`) or a war machine's engine (`machine`); `cost` per stand."""
    id: str
    name: str
    kind: Literal["melee", "missile", "machine"]
    cost: int = Field(0, ge=0, le=10)
    counts_as: str | None = None          # natural weapons count as hand weapons
    two_handed: bool = False              # no shields with it
    negates_armour: bool = False          # double handed: no armour rerolls against its hits
    pole: bool = False                    # +1 against hand and double handed weapons
    stops_impact: bool = False            # pikes: no impact hits from the front (all round in square)
    range: float | None = Field(None, gt=0, le=72)     # inches; None = unlimited
    advanced_range: float | None = Field(None, gt=0, le=72)
    thrown_on_charge: bool = False
    dice: int = Field(0, ge=0, le=20)             # machines
    dice_without_sight: int = Field(0, ge=0, le=20)
    needs_successes: int = Field(0, ge=0, le=20)
    needs_sight: bool = True
    armour_rerolls: bool = True           # may the target use armour rerolls
    defence_modifiers: bool = True        # may the target modify its saves
    passes_through: bool = False          # bolt: kills >= ranks -> continues

    @model_validator(mode="after")
    def _kind_fields(self):
        if self.kind == "missile" and self.range is None:
            raise ValueError("a missile weapon has a range")
        if self.kind == "machine" and (self.dice == 0 or self.needs_successes == 0):
            raise ValueError("a war machine engine has dice and needs_successes")
        return self


# ---- special rules ---------------------------------------------------------------

class Effect(Definition):
    """What a special rule, a level of one, or a race attribute does.  Every
    field is one mechanic; the rules read them (docs: § Special rules)."""
    independent: bool = False             # no command stand needed; always counts as having one
    never_flees: bool = False             # no Flee order, never made to flee
    causes: Literal["fear", "terror"] | None = None
    fear_immune: bool = False
    terror_as_fear: bool = False
    armour: str | None = None             # counts as having this armour (armour.yaml)
    rider_armour_up: int = Field(0, ge=0, le=3)   # on a mount: riders +N armour levels
    missile_needs_six: bool = False       # missile attacks against it need 6s
    impact_hits: int = Field(0, ge=0, le=5)
    impact_per: Literal["stand", "current_mr"] | None = None
    breaks_through: Literal["advance", "charge"] | None = None   # Unstoppable Charge
    trample_dice: int = Field(0, ge=0, le=12)     # a further dN hits, no armour reroll
    monstrous: bool = False               # damage lowers MR; attacks = current MR
    no_enemy_armour_rerolls: bool = False  # in combat against it
    ignore_wounds: int = Field(0, ge=0, le=3)      # the first N wounds of each combat or firing
    ignore_difficult: bool = False
    climbs_impassable: bool = False       # natural impassable terrain
    fire_immune: bool = False
    fog_immune: bool = False
    all_rolls: int = Field(0, ge=-3, le=3)        # Successes on everything
    flying: bool = False
    rally_bonus: int = Field(0, ge=0, le=3)
    charge_bonus: int = Field(0, ge=0, le=3)
    ignore_long_range: bool = False

    @model_validator(mode="after")
    def _impact(self):
        if bool(self.impact_hits) != (self.impact_per is not None):
            raise ValueError("impact_hits and impact_per go together")
        return self


class RuleLevel(Definition):
    effect: Effect
    text: str = ""


class SpecialRule(Sourced):
    """A bestiary special rule: unlevelled (`effect`) or by level (`levels`)."""
    id: str
    name: str
    effect: Effect | None = None
    levels: dict[int, RuleLevel] = {}

    @model_validator(mode="after")
    def _one_form(self):
        if (self.effect is None) == (not self.levels):
            raise ValueError("give either effect (an unlevelled rule) or levels, not both")
        return self

    def effect_at(self, level: int) -> Effect:
        return self.effect if self.effect is not None else self.levels[level].effect


# ---- unit types, troops, mounts -----------------------------------------------

class Costs(Definition):
    """Points per stand by experience."""
    levy: int = Field(ge=0, le=100)
    regular: int = Field(ge=0, le=100)
    veteran: int = Field(ge=0, le=100)
    elite: int = Field(ge=0, le=100)

    def of(self, experience: str) -> int:
        return getattr(self, experience)


class UnitType(Sourced):
    """One of the ten unit types (§ Unit Types)."""
    id: str
    name: str
    mr: float = Field(gt=0, le=20)
    base: str
    figures: int = Field(ge=1, le=6)
    min_stands: int = Field(ge=1, le=10)
    max_stands: int = Field(ge=1, le=40)
    mounted: bool = False
    large: bool = False
    machine_wounds: int = Field(0, ge=0, le=10)
    crew_wounds: int = Field(0, ge=0, le=10)
    cost: Costs

    @model_validator(mode="after")
    def _sizes(self):
        if self.max_stands < self.min_stands:
            raise ValueError("max_stands is below min_stands")
        return self


class Mount(Sourced):
    id: str
    name: str
    icon: IconName                         # a cavalry unit's silhouette (assets/icons/icons.yaml; engine/core/faces.py)
    code: Code                             # its letters, unique in the game
    mr: float = Field(gt=0, le=20)
    attacks: int = Field(ge=1, le=10)
    rules: list[str] = []
    cost: int = Field(0, ge=0, le=20)     # per stand, on top of the cavalry cost


class Troop(Sourced):
    """A bestiary entry: what a unit is made of."""
    id: str
    name: str
    icon: IconName                         # its silhouette (cavalry: its mount's) (assets/icons/icons.yaml; engine/core/faces.py)
    code: Code                             # its letters, unique in the game
    unit_type: str
    attacks: Union[int, Literal["current_mr"]]    # per stand
    mr: float | None = Field(None, gt=0, le=20)
    base: str | None = None
    figures: int | None = Field(None, ge=1, le=6)
    rules: list[str] = []
    weapons: list[str] = Field(min_length=1)      # melee weapons it may take; first = default
    missile: Literal["never", "allowed", "required"] = "never"
    armour: bool = False
    shields: bool = False
    mount: bool = False
    machine: str | None = None

    @model_validator(mode="after")
    def _attacks(self):
        if isinstance(self.attacks, int) and not 0 <= self.attacks <= 10:
            raise ValueError("attacks per stand is 0..10 or current_mr")
        return self


# ---- magic, formations, characters, races, orders ---------------------------

SpellEffect = Literal[
    "casualty_dice", "casualty_dice_per_success", "all_rolls", "fog", "no_forward_move", "corrosion",
    "forced_flee", "change_orders", "chain_lightning", "carry", "reroll_defence", "reroll_attack",
    "change_own_order", "double_shots", "extra_advance", "spell_immune", "enemies_do_not_attack",
    "enemy_rerolls_successes", "double_attacks"]


class Spell(Sourced):
    id: str
    name: str
    kind: Literal["offensive", "defensive"]
    threshold: int = Field(ge=1, le=20)
    target: Literal["enemy", "friendly", "two_enemies"]
    effect: SpellEffect
    amount: int = Field(0, ge=-10, le=36)
    lasts: Literal["turn", "instant"] = "turn"
    fire: bool = False
    shield_proof: bool = False
    armour_rerolls: bool = False


class Slot(Definition):
    """A stand's place in a fixed formation, in stand widths from the centre
    (x right, y back) and its facing in degrees from the unit's."""
    x: float
    y: float
    facing: int = Field(ge=0, lt=360)


class Formation(Sourced):
    id: str
    name: str
    shape: Literal["loose", "ranks", "wedge", "square"]
    width: Literal["one"] | None = None
    compare: Literal["wider", "deeper", "not_deeper"] | None = None
    min_stands: int = Field(1, ge=1, le=10)
    unit_types: list[str] | None = None   # None: any unit type
    needs_shields: bool = False
    coherency: float = Field(0.0, ge=0, le=6)
    no_facing: bool = False
    forms_up: bool = False
    see_through: bool = False
    missile_to_hit: int = Field(0, ge=-3, le=3)
    shooting_defence: int = Field(0, ge=-3, le=3)
    defence_front: int = Field(0, ge=0, le=3)
    shoot_bonus: int = Field(0, ge=0, le=3)
    attack_bonus: int = Field(0, ge=0, le=3)
    attack_bonus_vs_line: int = Field(0, ge=0, le=3)
    first_round: bool = False
    impact_per_rank: int = Field(0, ge=0, le=3)
    impact_per_stand: int = Field(0, ge=0, le=3)
    follow_through: bool = False
    move_bonus: float = Field(0, ge=0, le=12)
    move_multiplier_open: int = Field(1, ge=1, le=3)
    can_charge: bool = True
    no_flanks: bool = False
    halves_cavalry_attacks: bool = False
    forward_only: bool = False
    slots: list[Slot] = []
    diagram: str = ""


class LevelNumbers(Definition):
    """A number by character experience (only the levels it exists at)."""
    regular: int = Field(ge=0, le=100)
    veteran: int | None = Field(None, ge=0, le=100)
    elite: int | None = Field(None, ge=0, le=100)

    def of(self, level: str) -> int | None:
        return getattr(self, level, None)


class CharacterType(Sourced):
    id: str
    name: str
    icon: IconName                         # its silhouette (assets/icons/icons.yaml; engine/core/faces.py)
    code: Code                             # its letters, unique in the game
    base: str
    mr: float = Field(gt=0, le=20)
    cost: LevelNumbers
    dice: LevelNumbers | None = None
    needs: int = Field(0, ge=0, le=20)
    bonus: LevelNumbers | None = None
    attach: Literal["never", "optional", "required"]
    hidden: bool = False
    range: float = Field(0, ge=0, le=48)
    rerolls: int = Field(0, ge=0, le=10)


class Race(Sourced):
    id: str
    name: str
    attribute: str
    effect: Effect


class Order(Sourced):
    id: str
    name: str
    phases: list[int]
    needs: Literal["missile", "spellcaster"] | None = None


# ---- terrain, limits, scenarios --------------------------------------------------

class TerrainType(Sourced):
    id: str
    name: str
    difficult: bool = False
    impassable: bool = False
    natural: bool = False
    linear: bool = False
    woods: bool = False
    blocking: bool = False
    road: bool = False
    high_ground: bool = False
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")

    def defaults(self) -> dict:
        """Map property defaults for objects of this type."""
        keys = ("difficult", "impassable", "natural", "linear", "woods", "blocking", "road", "high_ground")
        return {k: getattr(self, k) for k in keys}


class Count(Definition):
    """A bound on how many of something an army has."""
    what: Literal["general", "characters", "units"]
    character: str | None = None
    unit_type: str | None = None
    experience: ExperienceId | None = None
    min: int | None = Field(None, ge=0, le=100)
    max: int | None = Field(None, ge=0, le=100)
    exactly: int | None = Field(None, ge=0, le=100)
    text: str

    @model_validator(mode="after")
    def _bound(self):
        if self.min is None and self.max is None and self.exactly is None:
            raise ValueError("give min, max or exactly")
        return self


class Limit(Sourced):
    id: str
    name: str
    optional: bool
    per_points: int | None = Field(None, ge=100, le=10000)
    rule: str                              # the rulebook section it cites
    counts: list[Count] = Field(min_length=1)


class Victory(Definition):
    destroyed: float = Field(default=1.0, ge=0, le=2)
    broken: float = Field(default=0.5, ge=0, le=2)
    standard_held: int = Field(default=25, ge=0, le=500)
    standard_lost: int = Field(default=-25, ge=-500, le=0)
    objective: int = Field(default=0, ge=0, le=1000)
    objective_range: float = Field(default=3.0, gt=0, le=12)
    margin: int = Field(default=10, ge=0, le=100)  # percent of the game size


class Scenario(Sourced):
    id: str
    name: str
    map: str
    turns: int = Field(6, ge=1, le=20)
    sizes: list[int] = Field(min_length=1)
    deployment: list[str] = Field(min_length=2, max_length=2)
    victory: Victory = Victory()
    armies: list[str] = Field([], max_length=2)        # the default lists (list ids), else by size
    alliance_armies: list[str] = Field([], max_length=4)   # a Grand Alliance's (3 or 4 list ids: alliance.py)
    options: dict[str, bool] = {}                      # optional rules the scenario always plays with


# ---- army lists ------------------------------------------------------------------

class General(Definition):
    name: str = Field(default="General", max_length=60)
    race: str | None = None                # default: the list's race


class ListCharacter(Definition):
    type: str
    experience: CharacterLevel = "regular"
    name: str = Field("", max_length=60)
    attached_to: str | None = None         # a unit's name
    race: str | None = None


class ListUnit(Definition):
    """A unit in an army list: the bestiary troop, how many stands, its
    experience and equipment.  The command stand is one of its stands."""
    name: str = Field(min_length=1, max_length=60)
    troop: str
    stands: int = Field(ge=1, le=40)
    experience: ExperienceId = "regular"
    race: str | None = None                # default: the list's race
    weapon: str | None = None              # default: the troop's first weapon
    missile: str | None = None
    armour: str = "none"
    shields: bool = False
    command: bool = False
    mount: str | None = None


class ArmyList(Definition):
    name: str = Field(min_length=1, max_length=80)
    points: int = Field(ge=100, le=10000)  # the game size it is built for
    race: str                              # the General's race
    author: str = Field("", max_length=80)
    text: str = Field("", max_length=2000)
    general: General = General()
    characters: list[ListCharacter] = Field([], max_length=40)
    units: list[ListUnit] = Field(min_length=1, max_length=80)
