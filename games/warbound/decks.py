"""Warbound decks: the 8 cards a player brings (warbound.txt § Deck creation).

A deck file (data/warbound/lists/*.yaml, or any army list) reads:

    game: warbound
    name: Raiders starter
    leader: warlord_kessa
    vocation: veterans_vocation          # optional, attached to the Leader
    characters:
      - {card: copp, equipment: plated_vest, formation: formation}

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


@dataclass(frozen=True)
class DeckEntry:
    card: str
    equipment: str | None = None
    formation: str | None = None


@dataclass(frozen=True)
class Deck:
    name: str
    leader: str
    vocation: str | None
    characters: tuple[DeckEntry, ...]
    path: str = ""

    def cards(self) -> list[str]:
        """Every card of the deck, as counted for the 8 (ids)."""
        out = [self.leader] + ([self.vocation] if self.vocation else [])
        for e in self.characters:
            out.append(e.card)
            out += [x for x in (e.equipment, e.formation) if x]
        return out

    def to_dict(self) -> dict:
        return {"game": "warbound", "name": self.name, "leader": self.leader,
                **({"vocation": self.vocation} if self.vocation else {}),
                "characters": [{k: v for k, v in (("card", e.card), ("equipment", e.equipment),
                                                 ("formation", e.formation)) if v}
                               for e in self.characters]}


@dataclass(frozen=True)
class DeckProblem:
    message: str
    rule: str
    field: str = ""

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})"


DECK_KEYS = {"game", "name", "leader", "vocation", "characters", "source"}
ENTRY_KEYS = {"card", "equipment", "formation"}


def deck_from_data(data, file: str = "deck") -> Deck:
    """A Deck from parsed YAML (shape only; the rules are validate_deck's)."""
    problems: list[str] = []
    if not isinstance(data, dict):
        raise DataError([f"{file}:{getattr(data, 'line', 1)}: (top): a deck is a mapping"])
    for k in data:
        if k not in DECK_KEYS:
            problems.append(f"{file}:{line_at(data, (k,))}: {k}: unknown field")
    if data.get("game", "warbound") != "warbound":
        problems.append(f"{file}:{line_at(data, ('game',))}: game: this is a {data.get('game')!r} list, not warbound")
    for k in ("leader", "characters"):
        if k not in data:
            problems.append(f"{file}:{getattr(data, 'line', 1)}: {k}: required field is missing")
    chars = data.get("characters") or []
    if not isinstance(chars, list):
        problems.append(f"{file}:{line_at(data, ('characters',))}: characters: expected a list")
        chars = []
    entries = []
    for i, raw in enumerate(chars):
        loc = ("characters", i)
        if isinstance(raw, str):
            raw = {"card": raw}
        if not isinstance(raw, dict) or "card" not in raw:
            problems.append(f"{file}:{line_at(data, loc)}: characters[{i}]: expected {{card: ..., equipment: ..., formation: ...}}")
            continue
        for k in raw:
            if k not in ENTRY_KEYS:
                problems.append(f"{file}:{line_at(data, loc + (k,))}: characters[{i}].{k}: unknown field")
        vals = [raw.get(k) for k in ("card", "equipment", "formation")]
        if not all(v is None or isinstance(v, str) for v in vals):
            problems.append(f"{file}:{line_at(data, loc)}: characters[{i}]: card ids are text")
            continue
        entries.append(DeckEntry(*vals))
    for k in ("name", "leader", "vocation"):
        if data.get(k) is not None and not isinstance(data.get(k), str):
            problems.append(f"{file}:{line_at(data, (k,))}: {k}: expected text")
    if problems:
        raise DataError(problems)
    return Deck(str(data.get("name", "deck")), data["leader"], data.get("vocation"), tuple(entries), file)


def load_deck(path, cat=None) -> Deck:
    return deck_from_data(load_yaml(path), str(path))


def parse_deck(text: str, name: str = "deck") -> Deck:
    return deck_from_data(parse_yaml(text, name), name)


def validate_deck(cat, deck: Deck) -> list[DeckProblem]:
    """Every deck rule the deck breaks (empty: a legal Exploration deck)."""
    out: list[DeckProblem] = []
    add = out.append
    leader = cat.leaders.get(deck.leader)
    if leader is None:
        kind = "a Character" if deck.leader in cat.characters else "no card"
        add(DeckProblem(f"The Leader {deck.leader!r} is {kind}; a deck has exactly one Leader card.", R_LEADER, "leader"))
    colours = set()
    if leader is not None:
        for period in leader.orders:
            colours |= set(period)
    if deck.vocation is not None:
        v = cat.vocations.get(deck.vocation)
        if v is None:
            add(DeckProblem(f"{deck.vocation!r} is not a Vocation card.", R_VOCATION, "vocation"))
        elif v.faction and leader is not None and v.faction not in colours:
            add(DeckProblem(f"{v.name} is a {cat.factions[v.faction].name} Vocation: the Leader "
                            f"{leader.name} does not generate {cat.factions[v.faction].token} tokens.",
                            R_FACTION, "vocation"))
    for i, e in enumerate(deck.characters):
        where = f"characters[{i}]"
        c = cat.characters.get(e.card)
        if c is None:
            what = "a Leader (a deck has exactly one)" if e.card in cat.leaders else "not a Character card"
            add(DeckProblem(f"{e.card!r} is {what}.", R_LEADER if e.card in cat.leaders else R_DECK, where))
            continue
        if e.equipment is not None:
            q = cat.equipment.get(e.equipment)
            if q is None:
                add(DeckProblem(f"{e.equipment!r} is not an Equipment card.", R_EQUIP, where + ".equipment"))
            else:
                if q.icon is not None and q.icon in c.icons:
                    add(DeckProblem(f"{c.name} already has a {q.icon} icon: it cannot take {q.name}.",
                                    R_EQUIP, where + ".equipment"))
                if q.faction and leader is not None and q.faction not in colours:
                    add(DeckProblem(f"{q.name} is {cat.factions[q.faction].name} Equipment: no Leader of the deck "
                                    f"generates {cat.factions[q.faction].token} tokens.", R_FACTION, where + ".equipment"))
        if e.formation is not None and e.formation not in cat.formations:
            add(DeckProblem(f"{e.formation!r} is not a Formation card.", R_FORMATION, where + ".formation"))
    cards = deck.cards()
    seen: dict[str, int] = {}
    for cid in cards:
        seen[cid] = seen.get(cid, 0) + 1
    for cid, n in seen.items():
        if n > 1 and cid not in cat.formations:
            add(DeckProblem(f"{n} cards named {cat.card_name(cid)}: names are unique in a deck "
                            "(only the Formation card may repeat).", R_DECK, "characters"))
    if len(cards) != DECK_SIZE:
        add(DeckProblem(f"The deck has {len(cards)} cards; an Exploration deck has {DECK_SIZE}.", R_DECK, "characters"))
    upgrades = sum(1 for cid in cards if cid in cat.equipment or cid in cat.formations or cid in cat.vocations)
    if upgrades < MIN_UPGRADES:
        add(DeckProblem(f"The deck has {upgrades} Upgrade card(s); an Exploration deck has at least {MIN_UPGRADES}.",
                        R_UPGRADES, "characters"))
    if not deck.characters:
        add(DeckProblem("The deck has no Character: the Warband would have no miniature.", R_DECK, "characters"))
    return out


def deck_problems_text(cat, deck: Deck) -> list[str]:
    """validate_deck as `file:line: field: message` lines (for load and check)."""
    data = None
    if deck.path:
        try:
            data = load_yaml(deck.path)
        except DataError:
            data = None
    out = []
    for p in validate_deck(cat, deck):
        loc: tuple = ()
        field = p.field
        if field.startswith("characters["):
            idx = int(field[len("characters["):field.index("]")])
            loc = ("characters", idx) + ((field.split(".", 1)[1],) if "." in field else ())
        elif field:
            loc = (field,)
        line = line_at(data, loc) if isinstance(data, LineDict) else 0
        out.append(f"{deck.path or deck.name}:{line}: {field or '(top)'}: {p}")
    return out
