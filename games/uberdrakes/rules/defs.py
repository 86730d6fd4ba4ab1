"""Typed definitions of UberDrakes data (data/uberdrakes/*.yaml).

Every entry says where its numbers come from (`source: rulebook` when the
text gives them, `house` when Warbench designed them: docs/games/uberdrakes.md).
Rules in games/uberdrakes/ implement every kind named here.
"""
from __future__ import annotations

from typing import Literal

from engine.core.catalog import Definition
from engine.core.faces import Code, IconName

Source = Literal["rulebook", "house"]
SpaceKind = Literal["desert", "magic", "mountain", "treasure", "element", "portal", "village", "pickup", "cave"]
Step = Literal["F", "B", "L", "R", "ANY", "STRAFE", "ROLL"]


class TerrainType(Definition):
    id: str
    name: str
    kind: SpaceKind
    mountain: int = 0                     # combat bonus of a mountain space (+1..+4)
    element: str | None = None            # element spaces: which element
    color: str                            # "#RRGGBB" for the map and the tileset
    source: Source = "rulebook"


class Element(Definition):
    id: str
    name: str
    order: int                            # place in the cycle rider bonuses count along (0-5)
    color: str
    source: Source = "house"


class Spell(Definition):
    id: str
    name: str
    cost: int                             # magic tokens (the least, for a range or X+1)
    cost_max: int | None = None           # Furnace 8-12, Rocket Power 1-2
    plus_x: bool = False                  # Plate Armor: X + 1
    ultimate: bool = False
    timing: Literal["action", "free", "precombat", "counter", "damage"] = "action"
    text: str
    note: str = ""                        # the rulebook's clarification in brackets
    source: Source = "rulebook"


class Dragon(Definition):
    id: str
    name: str
    icon: IconName                         # its silhouette (assets/icons/icons.yaml; engine/core/faces.py)
    code: Code                             # its letters, unique in the game
    element: str
    color: str
    spells: list[Spell]
    source: Source = "rulebook"


class Movement(Definition):
    id: str
    name: str
    kind: Literal["general", "card"]
    steps: list[Step]
    slots: int = 1                        # general: uses per round (Forward appears twice)
    count: int = 0                        # card: copies in the movement deck
    text: str
    source: Source = "rulebook"


class EquipBonus(Definition):
    when: Literal["defend", "initiate", "ranged", "rider"]
    amount: int


class Item(Definition):
    id: str
    name: str
    rarity: Literal["common", "uncommon", "rare", "special", "gem", "equipment"]
    hoard: bool = False                   # one of the eight items on the hoard tracker
    price: int | None = None              # village price (hoard items)
    sell: int | None = None               # coins a village pays (gemstones)
    use: Literal["action", "precombat", "counter", "damage", "attack", "passive", "sell"]
    ranged_ok: bool = True                # usable in a combat begun by a ranged attack
    treasures: int = 0                    # copies in the treasure deck
    equip: EquipBonus | None = None
    text: str
    source: Source = "rulebook"


class StockCard(Definition):
    id: str
    offers: list[str]                     # hoard item ids, or "treasure"
    source: Source = "house"


class Reward(Definition):
    kind: Literal["item", "magic", "coins", "movement", "treasure"]
    item: str | None = None
    amount: int = 1


class RiderClass(Definition):
    id: str
    name: str
    reward: Reward
    text: str
    source: Source = "house"


class Rider(Definition):
    id: str
    name: str
    element: str                          # also the destination element space
    cls: str
    bonus: dict[str, int]                 # elemental bonus against dragons of these elements
    source: Source = "house"


class DamageOption(Definition):
    id: str
    name: str
    text: str
    amount: int = 1
    source: Source = "house"


class Economy(Definition):
    """The numbers of the game in one place."""
    start_coins: int
    hand_size: int
    max_fatigue: int
    actions_per_turn: int
    round_heal: int
    village_roost_heal: int
    desert_roost_coins: int
    magic_land: int
    magic_roost: int
    cave_die: int                         # sides of the cave coin die
    cave_roost_coins: int
    purchases_per_visit: int
    treasure_price: int
    reward_fallback_coins: int            # a rider reward item already held
    blood_coin: int
    blood_heal: int
    blood_card: int
    blood_vp: int
    blood_vp_step: int
    bloodsport_vp: int
    courier_deliveries: int
    pickup_size: int
    long_bow_range: int
    thunderbolt_range: int
    furnace_range: int
    camouflage_bonus: int
    sandstorm_bonus: int
    sandstorm_turns: int
    supercharge_turns: int
    mask_turns: int
    source: Source = "house"
