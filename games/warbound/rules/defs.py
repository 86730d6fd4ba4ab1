"""Typed definitions of the Warbound data (data/warbound/*.yaml).

Every entry says where its values come from: `source: rulebook` when
warbound.txt gives them, `source: house` when we designed them (the printed
cards were images the text lost).  Decisions: docs/games/warbound.md.
"""
from __future__ import annotations

from typing import Literal, Optional

from pydantic import Field

from engine.core.catalog import Definition
from engine.core.faces import Code, IconName

Source = Literal["rulebook", "house"]
Icon = Literal["ranged", "melee", "armor"]
Part = Literal["move", "run", "shoot", "fight"]
Stat = Literal["hit_fight", "hit_shoot", "fight_dice", "shoot_dice", "speed", "run",
               "hp", "morale", "armor_points"]


class TerrainType(Definition):
    id: str
    name: str
    color: str
    blocks_move: bool = False          # an obstacle: cannot be traversed or occupied
    blocks_sight: bool = False         # obstructing terrain (per hex)
    start: bool = False                # a starting tile
    source: Source


class Bonus(Definition):
    """A number added to one of a Character's values."""
    stat: Stat
    amount: int


class Effect(Definition):
    """What a skill does.  `kind` selects the code; the other fields are its
    parameters (unused ones stay at their defaults)."""
    kind: Literal["sharp_shooting", "opportunist", "stoic", "bonus",
                  "kihai", "war_drum", "analyse", "roll_attack", "patch_up", "adrenaline",
                  "leader_calm", "leader_mend", "leader_tokens"]
    range: int = 0                     # tiles, for targets
    dice: int = 0                      # roll_attack, opportunist
    hit: int = 0                       # roll_attack: the result needed
    move: int = 0                      # kihai, adrenaline: tiles
    amount: int = 0                    # tokens removed or gained
    color: str = ""                    # leader_tokens: the faction colour gained
    unless_hand: bool = False          # leader_tokens: only when you do not hold the Hand
    bonuses: tuple[Bonus, ...] = ()    # bonus
    condition: Literal["", "target_wounded"] = ""   # bonus: only against such a target


class Skill(Definition):
    id: str
    name: str
    timing: Literal["passive", "active", "leader"]
    text: str
    effect: Effect
    source: Source


class Cost(Definition):
    colorless: int = 0
    colored: dict[str, int] = Field(default_factory=dict)   # faction id -> tokens


class Armor(Definition):
    points: int
    value: int                         # the result to roll on an armor roll


class Profile(Definition):
    """One side of a Character card.  On the panic side every field left out
    keeps the normal side's value; the morale pool is gone there."""
    attack: Optional[int] = None       # melee: result needed to hit; none: cannot fight
    fight_dice: int = 1
    speed: int = 3
    run: int = 1
    accuracy: Optional[tuple[int, Optional[int]]] = None   # (closest, others); none: no Shoot
    shoot_dice: int = 1
    cost: Cost = Cost()
    hp: int = 2
    morale: Optional[int] = 3          # none: no Morale Point pool
    armor: Optional[Armor] = None
    skills: tuple[str, ...] = ()


class PanicSide(Definition):
    attack: Optional[int] = None
    fight_dice: Optional[int] = None
    speed: Optional[int] = None
    run: Optional[int] = None
    accuracy: Optional[tuple[int, Optional[int]]] = None
    no_long_range: bool = False        # the panic side loses the second accuracy value
    shoot_dice: Optional[int] = None
    cost: Optional[Cost] = None
    skills: Optional[tuple[str, ...]] = None
    text: str = ""


class Character(Definition):
    id: str
    name: str
    icon: IconName                         # its silhouette (assets/icons/icons.yaml; engine/core/faces.py)
    code: Code                             # its letters, unique in the game
    faction: str
    icons: tuple[Icon, ...] = ()       # Equipment types already in the profile
    profile: Profile
    panic: PanicSide
    text: str = ""
    source: Source


class Leader(Definition):
    id: str
    name: str
    faction: str
    orders: tuple[dict[str, int], dict[str, int]]   # tokens by colour in Period 1 and Period 2
    skill: str
    source: Source


class Equipment(Definition):
    id: str
    name: str
    icon: Optional[Icon] = None
    faction: Optional[str] = None      # faction-specific: a Leader must generate this colour
    bonuses: tuple[Bonus, ...] = ()
    attack: Optional[int] = None       # a melee weapon: this attack value when better
    accuracy: Optional[tuple[int, Optional[int]]] = None   # a ranged weapon for a Character without one
    armor: Optional[Armor] = None      # armor for a Character without any
    skills: tuple[str, ...] = ()
    text: str
    source: Source


class Formation(Definition):
    id: str
    name: str
    extra_colorless: int = 1
    hit: int = 1
    shoot_dice: int = 1
    fight_dice: int = 1
    hp: int = 1
    text: str
    source: Source


class Vocation(Definition):
    id: str
    name: str
    faction: Optional[str] = None      # faction-specific: the Leader must generate this colour
    applies_to: Optional[str] = None   # bonuses only for Characters of this faction (none: all)
    bonuses: tuple[Bonus, ...] = ()
    skill: Optional[str] = None        # a leader-phase skill the Vocation adds
    text: str
    source: Source


class Faction(Definition):
    id: str
    name: str
    color: str                         # the Order token colour on screen
    token: str                         # the token colour's name
    reference: tuple[str, ...] = ()    # the reference card's common skills
    source: Source


class ActionSpace(Definition):
    id: str
    period: Literal[1, 2]
    parts: tuple[Part, ...] = Field(min_length=1)      # an Action does something (actionboard reads the first part)
    aim: bool = False                  # Aim: the Shoot part rolls one more die, the lowest dropped
    reduction: bool = False            # the Move action's activation cost reduction
    source: Source


class Objective(Definition):
    id: str
    name: str
    kind: Literal["scan_control", "centre", "kills", "panics", "advance", "hold"]
    vp: int
    text: str
    source: Source


class Scenario(Definition):
    id: str
    name: str
    turns: int = 5
    periods: tuple[int, ...] = (1, 1, 2, 2, 2)     # the Period of each turn
    deploy_radius: int = 1             # tiles around the starting tile
    scan_vp: int = 1                   # per Scan marker controlled, each Cleanup
    kill_vp: int = 1                   # per enemy Character removed
    objectives: tuple[str, ...] = ()
    text: str
    source: Source
