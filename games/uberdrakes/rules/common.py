"""What every UberDrakes rules module shares: citations, the catalog,
fatigue and healing, drawing cards, holding and spending items, names."""
from __future__ import annotations

from engine.core.rules import Event
from games.uberdrakes.rules.state import Drake, UDState

T = "uberdrakes.txt § "
R_SETUP = T + "Game Setup"
R_ORDER = T + "Turn Order"
R_FIRST = T + "Starting the First Round"
R_ROUNDS = T + "Rounds and Actions"
R_TURN = T + "Turn Actions"
R_NEXT = T + "Starting the Next Round"
R_BATTLE_ROYALE = T + "Battle Royale"
R_MOVE = T + "Movement"
R_DIRECTION = T + "Direction"
R_GENERAL = T + "General Movement Actions"
R_CARDS = T + "Movement Cards"
R_PUSH = T + "Pushing Movement"
R_REF = T + "Movement Reference"
R_RIDERS = T + "Dragon Riders"
R_PICKING = T + "Picking Up Riders"
R_RIDER_CARDS = T + "Rider Elements & Classes"
R_DELIVER = T + "Delivering Riders"
R_LOSE = T + "Losing Riders"
R_SPACES = T + "Spaces"
R_SPACE_EFFECTS = T + "Space Effects"
R_DESERT = T + "Desert"
R_MAGIC_SPACE = T + "Magic Space"
R_MOUNTAIN = T + "Mountains"
R_VILLAGE = T + "Villages"
R_PICKUP = T + "Dragon Rider Pickup"
R_ELEMENT = T + "Element Spaces"
R_PORTAL = T + "Portals"
R_CAVE = T + "Caves"
R_CHEST = T + "Treasure Chest"
R_ITEMS = T + "Items"
R_HOARD = T + "Hoard Items"
R_BUY = T + "Buying Items"
R_TREASURES = T + "Treasures"
R_EQUIP = T + "Equipment"
R_GEMS = T + "Gemstones"
R_MAGIC = T + "Magic"
R_STARTING = T + "Starting Combat"
R_ZOC = T + "Zones of Control"
R_VOLUNTARY = T + "Voluntary Combat"
R_COMBAT = T + "Combat"
R_BONUS = T + "Phase 1 - Bonuses"
R_ROLLOFF = T + "Phase 2 - Rolloff"
R_COUNTER = T + "Phase 3 - Counterattack"
R_DAMAGE = T + "Phase 4 - Damage"
R_BLOOD = T + "Blood Points"
R_BLOOD_REWARDS = T + "Blood Point Rewards"
R_RANGED = T + "Ranged Attacks"
R_SHIELD = T + "Hide Shields"
R_RAGE = T + "Rage"
R_RAGE_SOURCES = T + "Sources of Rage"
R_VARIANTS = T + "Rules Variants"


def rule_of_item(cat, item: str) -> str:
    """The rule an item's card is (`cat`: the match's catalog)."""
    it = cat.items[item]
    if it.rarity == "gem":
        return R_GEMS
    if it.rarity == "equipment":
        return R_EQUIP
    return T + it.name


def rule_of_spell(cat, sid: str) -> str:
    return T + cat.spell(sid).name


def name(state: UDState, p: int) -> str:
    return state.players[p].name


def element_of(cat, d: Drake) -> str | None:
    """The dragon's element now (the Elemental Mask changes it)."""
    dragon = d.mask or d.dragon
    return cat.dragons[dragon].element if dragon else None


def spells_of(cat, d: Drake) -> list:
    """The spells a dragon can cast now (the Elemental Mask swaps them)."""
    dragon = d.mask or d.dragon
    return cat.dragons[dragon].spells if dragon else []


def in_portal(state: UDState, d: Drake) -> bool:
    return d.hex is not None and d.hex in state.board.portal_hex


# ---- fatigue -------------------------------------------------------------------------

def add_fatigue(state: UDState, p: int, n: int, ev: list, why: str, rule: str) -> None:
    """Fatigue never passes the maximum: a point taken at the maximum knocks
    the rider off (to the bottom of the rider deck) and, if a rider was lost,
    gives a permanent rage level.  uberdrakes.txt § Losing Riders."""
    if n <= 0:
        return
    d = state.players[p]
    top = state.catalog.economy.max_fatigue
    gained = min(n, top - d.fatigue)
    over = n - gained
    d.fatigue += gained
    if gained:
        ev.append(Event("fatigue", f"{d.name} takes {gained} fatigue ({why}): {d.fatigue}/{top}", rule,
                        data={"player": p, "fatigue": d.fatigue}))
    if over and d.rider is not None:
        rider = d.rider
        d.rider = None
        d.portaled = False
        state.rider_deck.insert(0, rider)
        d.rage += 1
        ev.append(Event("ruling", f"{d.name} is at full fatigue: the {state.catalog.riders[rider].name} is knocked off, "
                        f"and {d.name} gains a permanent rage level ({d.rage})", R_LOSE,
                        data={"player": p, "rider": rider}))
    elif over:
        ev.append(Event("ruling", f"{d.name} is already at full fatigue", R_LOSE))


def heal(state: UDState, p: int, n: int, ev: list, why: str, rule: str) -> None:
    d = state.players[p]
    h = min(n, d.fatigue)
    if h > 0:
        d.fatigue -= h
        ev.append(Event("heal", f"{d.name} heals {h} fatigue ({why}): {d.fatigue}/{state.catalog.economy.max_fatigue}", rule,
                        data={"player": p, "fatigue": d.fatigue}))


# ---- decks ------------------------------------------------------------------------------

def draw_movement(state: UDState, p: int, n: int, dice, ev: list, why: str, rule: str) -> list:
    """Draw n movement cards into p's hand; the discard pile is shuffled into
    a new deck when the deck runs out.  A `reveal` event (private cards)."""
    got = []
    for _ in range(n):
        if not state.movement_deck and state.movement_discard:
            state.movement_deck = state.movement_discard
            state.movement_discard = []
            dice.shuffle(state.movement_deck)
            ev.append(Event("ruling", "The movement discard pile is shuffled into a new deck", R_CARDS))
        if not state.movement_deck:
            break
        got.append(state.movement_deck.pop())
    if got:
        d = state.players[p]
        d.hand.extend(got)
        d.hand.sort()
        ev.append(Event("reveal", f"{d.name} draws {len(got)} movement card{'s' if len(got) > 1 else ''} ({why})",
                        rule, data={"player": p, "private": {"cards": got}}))
    return got


def draw_treasure(state: UDState, p: int, dice, ev: list, why: str, rule: str) -> str | None:
    if not state.treasure_deck and state.treasure_discard:
        state.treasure_deck = state.treasure_discard
        state.treasure_discard = []
        dice.shuffle(state.treasure_deck)
        ev.append(Event("ruling", "The treasure discard pile is shuffled into a new deck", R_TREASURES))
    if not state.treasure_deck:
        ev.append(Event("ruling", "The treasure deck is empty", R_TREASURES))
        return None
    t = state.treasure_deck.pop()
    d = state.players[p]
    d.treasures.append(t)
    d.treasures.sort()
    ev.append(Event("reveal", f"{d.name} draws a treasure card ({why})", rule,
                    data={"player": p, "private": {"treasure": t}}))
    return t


# ---- items -------------------------------------------------------------------------------

def has_item(d: Drake, item: str) -> bool:
    return item in d.items or item in d.treasures


def spend_item(state: UDState, p: int, item: str) -> str:
    """Use up one `item` (the hoard one first).  Returns where it came from."""
    d = state.players[p]
    if item in d.items:
        d.items = d.items - {item}
        return "hoard"
    d.treasures.remove(item)
    state.treasure_discard.append(item)
    return "treasure"


def gain_hoard_item(d: Drake, item: str) -> bool:
    if item in d.items:
        return False
    d.items = d.items | {item}
    return True


def can_cast(state: UDState, d: Drake, sid: str, cost: int | None = None) -> str | None:
    """Why d cannot cast spell sid now (its own dragon's spells, magic,
    once per turn / once per game), or None."""
    spells = spells_of(state.catalog, d)
    sp = next((s for s in spells if s.id == sid), None)
    if sp is None:
        return f"{sid.replace('_', ' ').title()} is not one of your dragon's spells."
    need = sp.cost if cost is None else cost
    if d.magic < need:
        return f"{sp.name} costs {need} magic; you have {d.magic}."
    if sp.ultimate:
        if d.mask:
            if d.mask_ultimate_used:
                return f"You have already cast {sp.name} while transformed."
        elif d.ultimate_used:
            return "Your Ultimate spell can be cast only once per game."
    elif sid in d.spells_turn:
        return f"{sp.name} can be cast once per turn."
    return None


def pay_spell(state: UDState, p: int, sid: str, cost: int, ev: list) -> None:
    d = state.players[p]
    sp = state.catalog.spell(sid)
    d.magic -= cost
    if sp.ultimate:
        if d.mask:
            d.mask_ultimate_used = True
        else:
            d.ultimate_used = True
    else:
        d.spells_turn = d.spells_turn | {sid}
    ev.append(Event("spell", f"{d.name} casts {sp.name} ({cost} magic)", rule_of_spell(state.catalog, sid),
                    depth=1, data={"player": p, "spell": sid}))
