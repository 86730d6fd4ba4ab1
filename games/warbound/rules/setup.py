"""A new Warbound match: the board, both decks, the Hand drawn at random,
the Objective deck shuffled, and deployment (warbound.txt § Initiative:
"as indicated in the Exploration Scenario, determine randomly who receives
the Hand"; docs/games/warbound.md § Exploration scenario)."""
from __future__ import annotations

from engine.core.rules import Event
from games.warbound.rules.board import load_board
from games.warbound.rules.decks import validate_deck
from games.warbound.rules.state import Char, Player, WBState

DEFAULT_DECKS = ("raiders_starter", "kaigen_starter")


def resolve_deck(cat, value, default: str):
    """A deck from a starter id or a list's plain data (the shared army
    lists put `to_dict()` data in Setup.options["armies"], one per seat;
    null: the seat's default starter deck).  Never a file path: a save
    cannot smuggle in a file."""
    value = value or default
    if isinstance(value, dict):
        from games.warbound.rules.decks import deck_from_data
        deck = deck_from_data(value, "armies")
        probs = validate_deck(cat, deck)
        if probs:
            raise ValueError(f"{deck.name}: {probs[0]}")
        return deck, deck.name
    if isinstance(value, str) and value in cat.decks:
        return cat.decks[value], value
    raise ValueError(f"unknown deck {value!r}; starter decks: {', '.join(sorted(cat.decks))}")


def initial_state(setup, dice, cat) -> tuple[WBState, list]:
    """The match `setup` starts, on the catalog `cat` (games/warbound/rules/catalog.py)."""
    board = load_board(cat, setup.scenario or "recommended")
    events: list = []
    players = []
    armies = setup.options.get("armies") or [None, None]
    for i in (0, 1):
        default = setup.options.get(f"deck_{i + 1}") or DEFAULT_DECKS[i]      # a starter deck by id
        deck, did = resolve_deck(cat, armies[i] if i < len(armies) else None, default)
        lead = deck.leader_entry(cat)
        faction = cat.leaders[lead.card].faction
        players.append(Player(i, cat.factions[faction].name, deck, did, lead.card, lead.vocation))
    if players[0].name == players[1].name:
        for p in players:
            p.name = f"{p.name} {p.index + 1}"
    state = WBState(board=board, catalog=cat, scenario="exploration", players=players, chars={})
    state.options = dict(setup.options)
    uid = 0
    for p in players:
        for e in p.deck.characters(cat):
            state.chars[uid] = Char(uid, e.card, p.index, [None] * (2 if e.formation else 1), e.equipment, e.formation)
            uid += 1
    if setup.options.get("position"):
        from games.warbound.rules.position import build
        build(state, setup.options["position"], events)
        return state, events
    sc = cat.scenarios[state.scenario]
    deck = list(sc.objectives)
    dice.shuffle(deck)
    state.objectives = deck[:sc.turns]
    state.hand = dice.roll(2)[0] - 1
    state.hourglass = 1 - state.hand
    state.current = state.hand
    events.append(Event("setup", f"Exploration on the {board.name.replace('_', ' ')} board: "
                                 f"{players[0].name} ({players[0].deck.name}) against {players[1].name} "
                                 f"({players[1].deck.name}).", "docs/games/warbound.md § Exploration scenario", depth=0))
    events.append(Event("setup", f"{players[state.hand].name} draws the Hand, {players[1 - state.hand].name} the "
                                 "Hourglass; the Hand holder deploys first.", "warbound.txt § Initiative"))
    return state, events
