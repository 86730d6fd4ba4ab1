"""The ruleset's army-list hooks for the shared mechanism
(engine/core/army_lists.py): a Warbound deck is an army list whose entries
are the Leader and Character cards, each with the Upgrade cards attached
to it (`{card: copp, equipment: plated_vest, formation: formation}`,
`{card: warlord_kessa, vocation: veterans_vocation}`).

- `army_catalog(cat)`: every Leader and Character card as a pick, with its
  Upgrade slots (Vocation for a Leader; Equipment and Formation for a
  Character), the deck rules in words with their citations;
- `army_problems(cat, army_list)`: every deck rule the list breaks
  (games/warbound/rules/decks.py `validate_deck`), located in the list;
- `army_summary(cat, army_list)`: "7 / 8 cards · 2 Upgrades · Leader: ...".

Decisions: docs/games/warbound.md § Decks and army lists.
"""
from __future__ import annotations

from engine.core.army_lists import ArmyCatalog, ArmyProblem, Option, Pick, Slot
from engine.core.catalog import DataError
from games.warbound.rules.decks import (DECK_SIZE, MIN_UPGRADES, R_DECK, R_EQUIP, R_FACTION, R_FORMATION, R_LEADER,
                                  R_UPGRADES, R_VOCATION, deck_from_data, validate_deck)

GAME = "warbound"
ENTRY_KEY = "card"

LIMITS = (f"{DECK_SIZE} cards: Leader, Characters and the Upgrades attached to them ({R_DECK})",
          f"Exactly one Leader card ({R_LEADER})",
          f"At least {MIN_UPGRADES} Upgrade cards: Equipment, Formation, Vocation ({R_UPGRADES})",
          f"Unique names; only the Formation card may repeat ({R_DECK})",
          f"One Equipment per Character, never one whose icon the Character already has ({R_EQUIP})",
          f"One Formation per Character ({R_FORMATION})",
          f"One Vocation, attached to the Leader ({R_VOCATION})",
          f"Faction Vocations and Equipment only with a Leader generating that colour; Characters of any "
          f"faction are welcome ({R_FACTION})")


def _cost(cat, cost) -> str:
    parts = [f"{cost.colorless} any"] * bool(cost.colorless)
    parts += [f"{n} {cat.factions[c].token}" for c, n in cost.colored.items()]
    return " + ".join(parts) or "free"


def _skills(cat, ids) -> str:
    return ", ".join(f"{cat.skills[s].name} ({cat.skills[s].text})" for s in ids if s in cat.skills)


def character_text(cat, cid: str) -> str:
    """The card in words, both sides (the builder's hover text)."""
    c = cat.characters[cid]
    p = c.profile
    acc = "no ranged attack" if p.accuracy is None else (
        f"accuracy {p.accuracy[0]} closest / {p.accuracy[1]} others" if p.accuracy[1] else
        f"accuracy {p.accuracy[0]}, closest target only")
    bits = [f"{cat.factions[c.faction].name} Character",
            f"attack {p.attack}+ x{p.fight_dice}" if p.attack else "cannot fight",
            f"speed {p.speed} (run +{p.run})", f"{acc} x{p.shoot_dice}", f"cost {_cost(cat, p.cost)}",
            f"{p.hp} Health", "no Morale pool" if p.morale is None else f"{p.morale} Morale",
            f"armor {p.armor.points} at {p.armor.value}+" if p.armor else "no armor"]
    text = ", ".join(bits) + "."
    if c.icons:
        text += f" Icons: {', '.join(c.icons)}."
    if p.skills:
        text += f" Skills: {_skills(cat, p.skills)}."
    if c.panic.text:
        text += f" Panic side: {c.panic.text}"
    return text


def leader_text(cat, lid: str) -> str:
    ld = cat.leaders[lid]
    orders = " / ".join(", ".join(f"{n} {cat.factions[col].token}" for col, n in period.items())
                        for period in ld.orders)
    sk = cat.skills.get(ld.skill)
    return (f"{cat.factions[ld.faction].name} Leader. Order tokens per turn (Period 1 / Period 2): {orders}. "
            + (f"Leader skill {sk.name}: {sk.text}" if sk else ""))


def _faction_note(cat, faction) -> str:
    return f" {cat.factions[faction].name} only: the Leader must generate {cat.factions[faction].token}." \
        if faction else ""


def army_catalog(cat) -> ArmyCatalog:
    vocations = tuple(Option(v.id, v.name, v.text + _faction_note(cat, v.faction)) for v in cat.vocations.values())
    equipment = tuple(Option(e.id, e.name, (f"[{e.icon}] " if e.icon else "") + e.text + _faction_note(cat, e.faction))
                      for e in cat.equipment.values())
    formations = tuple(Option(f.id, f.name, f.text) for f in cat.formations.values())
    voc_slot = Slot("vocation", "Vocation", vocations, text=f"One Vocation card per Leader ({R_VOCATION}).")
    eq_slot = Slot("equipment", "Equipment", equipment,
                   text=f"One per Character, never an icon it already has ({R_EQUIP}).")
    form_slot = Slot("formation", "Formation", formations,
                     text=f"Two miniatures, one activation; the only card that may repeat ({R_FORMATION}).")
    picks = [Pick(lid, ld.name, f"Leader · {cat.factions[ld.faction].name}", text=leader_text(cat, lid),
                  slots=(voc_slot,)) for lid, ld in cat.leaders.items()]
    picks += [Pick(cid, c.name, f"Character · {cat.factions[c.faction].name}", text=character_text(cat, cid),
                   slots=(eq_slot, form_slot)) for cid, c in cat.characters.items()]
    return ArmyCatalog(GAME, ENTRY_KEY, tuple(picks), limits=LIMITS,
                       text=f"{DECK_SIZE} cards: one Leader, Characters, and Upgrades attached to them (click an "
                            "entry's Equipment, Formation or Vocation to change it).")


def _plain(army_list) -> dict:
    return army_list.to_dict() if hasattr(army_list, "to_dict") else dict(army_list)


def army_problems(cat, army_list) -> list[ArmyProblem]:
    """Every deck rule the list breaks (the shared checks have already
    refused unknown fields, cards and Upgrades)."""
    try:
        deck = deck_from_data(_plain(army_list), getattr(army_list, "path", "") or "deck")
    except DataError as e:
        return [ArmyProblem(p.split(": ", 2)[-1], R_DECK) for p in e.problems]
    # a rule of the whole deck (count, Leaders, names) points at its cards: ("entries",)
    return [ArmyProblem(p.message, p.rule, p.field or ("entries",), p.incomplete) for p in validate_deck(cat, deck)]


def army_summary(cat, army_list) -> str:
    try:
        deck = deck_from_data(_plain(army_list), "deck")
    except DataError:
        return f"{len(army_list.entries)} entries"
    cards = deck.cards()
    ups = sum(1 for c in cards if c in cat.equipment or c in cat.formations or c in cat.vocations)
    lead = deck.leader_entry(cat)
    return (f"{len(cards)} / {DECK_SIZE} cards · {ups} Upgrade{'s' if ups != 1 else ''} · "
            + (f"Leader: {cat.leaders[lead.card].name}" if lead else "no Leader"))
