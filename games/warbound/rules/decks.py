"""Warbound decks: the 8 cards a player brings (warbound.txt § Deck creation).

A deck file (data/warbound/lists/*.yaml, or any army list) has the shape of
the shared army lists (game, name, entries), one entry per Character or
Leader card with the Upgrades attached to it:

    game: warbound
    name: Raiders starter
    entries:
      - {card: warlord_kessa, vocation: veterans_vocation}
      - {card: copp, equipment: plated_vest}
      - {card: scrapper, formation: formation}

`validate_deck(catalog, deck)` is pure: it returns every broken deck rule
as a `DeckProblem` (message, rule, field) and is what an army-list checker
or a deck builder calls.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.catalog import DataError, LineDict, line_at, load_yaml, parse_yaml

R_DECK = "warbound.txt § Deck creation rules"
R_LEADER = "warbound.txt § Leader cards"
R_UPGRADES = "warbound.txt § Upgrade cards"
R_EQUIP = "warbound.txt § Equipment card"
R_FACTION = "warbound.txt § Faction-specific cards"
R_FORMATION = "warbound.txt § Formation cards"
R_VOCATION = "warbound.txt § Vocation cards"
DECK_SIZE = 8        # the Exploration format
MIN_UPGRADES = 2
ENTRY_KEYS = ("card", "equipment", "formation", "vocation")


@dataclass(frozen=True)
class DeckEntry:
    """A Character or Leader card with the Upgrade cards attached to it."""
    card: str
    equipment: str | None = None
    formation: str | None = None
    vocation: str | None = None


@dataclass(frozen=True)
class Deck:
    name: str
    entries: tuple[DeckEntry, ...]
    path: str = ""

    def leaders(self, cat) -> list[DeckEntry]:
        return [e for e in self.entries if e.card in cat.leaders]

    def leader_entry(self, cat) -> DeckEntry | None:
        found = self.leaders(cat)
        return found[0] if found else None

    def characters(self, cat) -> list[DeckEntry]:
        return [e for e in self.entries if e.card in cat.characters]

    def cards(self) -> list[str]:
        """Every card of the deck, as counted for the 8 (ids)."""
        out = []
        for e in self.entries:
            out.append(e.card)
            out += [x for x in (e.equipment, e.formation, e.vocation) if x]
        return out

    def to_dict(self) -> dict:
        return {"game": "warbound", "name": self.name,
                "entries": [{k: getattr(e, k) for k in ENTRY_KEYS if getattr(e, k)} for e in self.entries]}


@dataclass(frozen=True)
class DeckProblem:
    message: str
    rule: str
    field: tuple = ()            # where in the list: ("entries", 2, "equipment"); () the whole deck
    incomplete: bool = False     # the deck lacks cards that adding can give (a builder adds on)

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})"


def deck_from_data(data, file: str = "deck") -> Deck:
    """A Deck from parsed YAML or a plain dict (shape only; the rules are
    validate_deck's)."""
    problems: list[str] = []
    if not isinstance(data, dict):
        raise DataError([f"{file}:{getattr(data, 'line', 1)}: (top): a deck is a mapping with game, name and entries"])
    for k in data:
        if k not in ("game", "name", "entries"):
            problems.append(f"{file}:{line_at(data, (k,))}: {k}: unknown field")
    if data.get("game", "warbound") != "warbound":
        problems.append(f"{file}:{line_at(data, ('game',))}: game: this is a {data.get('game')!r} list, not warbound")
    if "entries" not in data:
        problems.append(f"{file}:{getattr(data, 'line', 1)}: entries: required field is missing")
    raw_entries = data.get("entries") or []
    if not isinstance(raw_entries, list):
        problems.append(f"{file}:{line_at(data, ('entries',))}: entries: expected a list of cards")
        raw_entries = []
    entries = []
    for i, raw in enumerate(raw_entries):
        loc = ("entries", i)
        if isinstance(raw, str):
            raw = {"card": raw}
        if not isinstance(raw, dict) or "card" not in raw:
            problems.append(f"{file}:{line_at(data, loc)}: entries[{i}]: expected {{card: ..., equipment: ..., "
                            "formation: ..., vocation: ...}}")
            continue
        for k in raw:
            if k not in ENTRY_KEYS:
                problems.append(f"{file}:{line_at(data, loc + (k,))}: entries[{i}].{k}: unknown field")
        vals = [raw.get(k) for k in ENTRY_KEYS]
        card = raw["card"]
        if not isinstance(card, str) or not all(v is None or isinstance(v, str) for v in vals):
            problems.append(f"{file}:{line_at(data, loc)}: entries[{i}]: card ids are text")
            continue
        entries.append(DeckEntry(card, *vals[1:]))
    if data.get("name") is not None and not isinstance(data.get("name"), str):
        problems.append(f"{file}:{line_at(data, ('name',))}: name: expected text")
    if problems:
        raise DataError(problems)
    return Deck(str(data.get("name", "deck")), tuple(entries), file if file != "deck" else "")


def load_deck(path, cat=None) -> Deck:
    return deck_from_data(load_yaml(path), str(path))


def parse_deck(text: str, name: str = "deck") -> Deck:
    return deck_from_data(parse_yaml(text, name), name)


def validate_deck(cat, deck: Deck) -> list[DeckProblem]:
    """Every deck rule the deck breaks (empty: a legal Exploration deck)."""
    out: list[DeckProblem] = []
    add = out.append
    leaders = [(i, e) for i, e in enumerate(deck.entries) if e.card in cat.leaders]
    if len(leaders) != 1:
        add(DeckProblem(f"The deck has {len(leaders)} Leader card{'s' if len(leaders) != 1 else ''}; it must have exactly one.", R_LEADER, (),
                        not leaders))
    colours: set = set()
    for _, e in leaders:
        for period in cat.leaders[e.card].orders:
            colours |= set(period)
    for i, e in enumerate(deck.entries):
        where = ("entries", i)
        if e.card in cat.leaders:
            if e.equipment or e.formation:
                add(DeckProblem("Equipment and Formations attach to Characters, not to a Leader.", R_UPGRADES, where))
            if e.vocation is not None:
                v = cat.vocations.get(e.vocation)
                if v is None:
                    add(DeckProblem(f"{e.vocation!r} is not a Vocation card.", R_VOCATION, where + ("vocation",)))
                elif v.faction and v.faction not in set().union(*map(set, cat.leaders[e.card].orders)):
                    add(DeckProblem(f"{v.name} is a {cat.factions[v.faction].name} Vocation: the Leader "
                                    f"{cat.leaders[e.card].name} does not generate {cat.factions[v.faction].token} "
                                    "tokens.", R_FACTION, where + ("vocation",)))
            continue
        c = cat.characters.get(e.card)
        if c is None:
            add(DeckProblem(f"{e.card!r} is neither a Character nor a Leader card.", R_DECK, where + ("card",)))
            continue
        if e.vocation is not None:
            add(DeckProblem("A Vocation attaches to the Leader, not to a Character.", R_VOCATION, where + ("vocation",)))
        if e.equipment is not None:
            q = cat.equipment.get(e.equipment)
            if q is None:
                add(DeckProblem(f"{e.equipment!r} is not an Equipment card.", R_EQUIP, where + ("equipment",)))
            else:
                if q.icon is not None and q.icon in c.icons:
                    add(DeckProblem(f"{c.name} already has a {q.icon} icon: it cannot take {q.name}.",
                                    R_EQUIP, where + ("equipment",)))
                if q.faction and leaders and q.faction not in colours:
                    add(DeckProblem(f"{q.name} is {cat.factions[q.faction].name} Equipment: no Leader of the deck "
                                    f"generates {cat.factions[q.faction].token} tokens.", R_FACTION,
                                    where + ("equipment",)))
        if e.formation is not None and e.formation not in cat.formations:
            add(DeckProblem(f"{e.formation!r} is not a Formation card.", R_FORMATION, where + ("formation",)))
    cards = deck.cards()
    seen: dict[str, int] = {}
    for cid in cards:
        seen[cid] = seen.get(cid, 0) + 1
    for cid, n in seen.items():
        if n > 1 and cid not in cat.formations:
            add(DeckProblem(f"{n} cards named {cat.card_name(cid)}: names are unique in a deck "
                            "(only the Formation card may repeat).", R_DECK, ()))
    if len(cards) != DECK_SIZE:
        add(DeckProblem(f"The deck has {len(cards)} card{'s' if len(cards) != 1 else ''}; an Exploration deck has {DECK_SIZE}.", R_DECK, (),
                        len(cards) < DECK_SIZE))
    upgrades = sum(1 for cid in cards if cid in cat.equipment or cid in cat.formations or cid in cat.vocations)
    if upgrades < MIN_UPGRADES:
        add(DeckProblem(f"The deck has {upgrades} Upgrade card(s); an Exploration deck has at least {MIN_UPGRADES}.",
                        R_UPGRADES, (), True))
    if not deck.characters(cat):
        add(DeckProblem("The deck has no Character: the Warband would have no miniature.", R_DECK, (), True))
    return out


def deck_problems_text(cat, deck: Deck) -> list[str]:
    """validate_deck as `file:line: field: message` lines (for load and check)."""
    from engine.core.catalog import field_name
    data = None
    if deck.path:
        try:
            data = load_yaml(deck.path)
        except DataError:
            data = None
    out = []
    for p in validate_deck(cat, deck):
        line = line_at(data, p.field) if isinstance(data, LineDict) else 0
        out.append(f"{deck.path or deck.name}:{line}: {field_name(p.field)}: {p}")
    return out
