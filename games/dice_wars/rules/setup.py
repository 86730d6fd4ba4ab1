"""Setting up: factions (and the Challenge II draft), rolling armies,
turn order, and deployment.  dice_wars.txt § Setting Up, § Getting Started,
Challenge II, V, VI.
"""
from __future__ import annotations

import math

from engine.core.rules import Event, Setup
from games.dice_wars.rules import tile_draft
from games.dice_wars.rules.board import SHUFFLED, build_board
from games.dice_wars.rules.state import COLOR_NAMES, City, DWState, Player, Unit

R_ROLL = "dice_wars.txt § Roll Your Army"
R_DEPLOY = "dice_wars.txt § Deploy Your Army"
R_DRAFT = "dice_wars.txt § Challenge II: faction Bonuses"
R_TOURNEY = "dice_wars.txt § Challenge VI: Tournament Deployment"
R_COALITION = "dice_wars.txt § Challenge V: Alliances and Coalitions"

FACTIONS = ("bloodblades", "mercurio", "valegaard", "octarine")
DEFAULT_FACTIONS = {2: [["bloodblades", "valegaard"], ["mercurio", "octarine"]],
                    3: [["bloodblades"], ["mercurio"], ["valegaard"]],
                    4: [["bloodblades"], ["mercurio"], ["valegaard"], ["octarine"]]}
COALITIONS = {"none": None, "1+3 vs 2+4": [0, 1, 0, 1], "1+2 vs 3+4": [0, 0, 1, 1],
              "1+4 vs 2+3": [0, 1, 1, 0], "1 vs 2+3+4": [0, 1, 1, 1], "1 vs 2+3": [0, 1, 1]}
ARMY = (("basic", 6, 4), ("advanced", 8, 2), ("hero", 12, 1))


def roll_off(dice, players: list[int], events: list, what: str, rule: str) -> dict[int, int]:
    """Each player rolls a d20; tied players reroll until every roll differs."""
    rolls: dict[int, int] = {}
    todo = list(players)
    while todo:
        for p in todo:
            rolls[p] = dice.roll(20)[0]
        events.append(Event("roll", f"{what}: " + ", ".join(f"P{p + 1} {rolls[p]}" for p in todo), rule,
                            data={"dice": [[20, rolls[p]] for p in todo], "who": what}))
        seen: dict[int, list[int]] = {}
        for p in players:
            seen.setdefault(rolls[p], []).append(p)
        todo = [p for v in seen.values() if len(v) > 1 for p in v]
        if todo:
            events.append(Event("ruling", "Tied players reroll", rule))
    return rolls


def corners_for(n: int) -> list[list[int]]:
    # 2 players: each controls 2 factions deployed into opposite corners
    return {2: [[0, 2], [1, 3]], 3: [[0], [1], [2]], 4: [[0], [1], [2], [3]]}[n]


def initial_state(setup: Setup, dice, cat) -> tuple[DWState, list[Event]]:
    """The match `setup` starts, on the catalog `cat` (games/dice_wars/rules/catalog.py)."""
    n = setup.players
    if not 2 <= n <= 4:
        raise ValueError("Dice Wars is for 2 to 4 players")
    opts = dict(setup.options)
    events: list[Event] = []
    placing = setup.scenario in SHUFFLED and opts.get("tile_placement") == "players" and "position" not in opts
    if placing:
        rolls = roll_off(dice, list(range(n)), events, "Tile placement roll (d20)", tile_draft.R_SHUFFLE)
        tiles = tile_draft.deal(setup.scenario, n, min(range(n), key=lambda p: rolls[p]), dice, events)
        board, notes = tile_draft.partial_board(cat, tiles), list[str]()
    else:
        tiles = None
        board, notes = build_board(cat, setup.scenario or "balanced", dice, opts.get("hinterland_sites", "none"))
    for line in notes:
        events.append(Event("ruling", line, "dice_wars.txt § Challenge III: Shuffling the Map"))
    corners = corners_for(n)
    players = [Player(i, f"Player {i + 1}", [], "#888888", corners=list(corners[i])) for i in range(n)]
    team = COALITIONS.get(opts.get("coalition", "none"))
    if team is not None and len(team) == n:
        for p in players:
            p.team = team[p.index]
        events.append(Event("ruling", f"Coalition: {opts['coalition']}", R_COALITION))
    state = DWState(board=board, catalog=cat, options=opts, players=players, units={},
                    cities=[City(i) for i in range(len(board.cities))] if not placing else [], cache=None)
    cards = sorted(state.catalog.cities)
    state.sigils = cards
    if opts.get("relics"):
        deck = sorted(state.catalog.relics)
        if "position" not in opts:          # a position may name the order it wants (position.py)
            dice.shuffle(deck)
        state.relic_deck = deck
    if "position" in opts:
        from games.dice_wars.rules import position
        position.build(state, opts["position"], events)
        return state, events
    if placing:
        assert tiles is not None              # dealt above when the players place the tiles
        state.tiles = tiles
        state.phase = "tiles"
        state.current = tiles.order[0]
        return state, events
    after_map(state, dice, events)
    return state, events


def map_complete(state: DWState, dice, events: list) -> None:
    """The players' square is complete (Challenge III): the real board, its
    cities, then setting up goes on."""
    assert state.tiles is not None           # the last tile was just placed (apply.do_place_tile)
    state.board = tile_draft.final_board(state.catalog, state.tiles, state.options.get("hinterland_sites", "none"))
    state.cities = [City(i) for i in range(len(state.board.cities))]
    after_map(state, dice, events)


def after_map(state: DWState, dice, events: list) -> None:
    """Factions (drafted under Challenge II, else the defaults), then the armies."""
    n = len(state.players)
    players = state.players
    if state.options.get("faction_bonuses"):
        rolls = roll_off(dice, list(range(n)), events, "Faction draft roll", R_DRAFT)
        low = min(range(n), key=lambda p: rolls[p])
        clockwise = [(low + i) % n for i in range(n)]
        state.draft = [low, clockwise[1], clockwise[1], low] if n == 2 else clockwise
        state.phase = "draft"
        state.current = state.draft[0]
        events.append(Event("ruling", f"{players[low].name} rolled low and picks first", R_DRAFT))
        return
    for p, fs in zip(players, DEFAULT_FACTIONS[n]):
        p.factions = list(fs)
    finish_factions(state, dice, events)


def finish_factions(state: DWState, dice, events: list) -> None:
    for p in state.players:
        p.name = COLOR_NAMES[p.factions[0]]
        p.color = state.catalog.factions[p.factions[0]].color
    roll_armies(state, dice, events)
    start_deployment(state, dice, events)


def roll_armies(state: DWState, dice, events: list) -> None:
    cat = state.catalog
    faces: dict[tuple[int, str], dict[str, list[int]]] = {}
    for p in state.players:
        for f in p.factions:
            got = {tier: dice.roll(sides, count) for tier, sides, count in ARMY}
            faces[(p.index, f)] = got
            while len(set(got["advanced"])) < len(got["advanced"]):
                got["advanced"][1] = dice.roll(8)[0]
                events.append(Event("ruling", f"{cat.factions[f].name}: matching advanced dice, one is rerolled", R_ROLL))
    while True:
        heroes: dict[int, list] = {}
        for key, got in faces.items():
            heroes.setdefault(got["hero"][0], []).append(key)
        clash = [k for v in heroes.values() if len(v) > 1 for k in v]
        if not clash:
            break
        events.append(Event("ruling", "Two heroes match: both are rerolled", R_ROLL))
        for key in clash:
            faces[key]["hero"] = dice.roll(12)
    for (pi, f), got in faces.items():
        names = []
        for tier, _sides, _count in ARMY:
            for face in got[tier]:
                cls = cat.class_for_face(tier, face)
                card = cat.card(cls, None if tier == "hero" else f)
                u = Unit(state.next_uid, cls, f, pi, tier, card.hp, card.hp, card=card)
                state.units[u.uid] = u
                state.next_uid += 1
                names.append(card.name)
        events.append(Event("roll", f"{state.players[pi].name} rolls the {cat.factions[f].name}: " + ", ".join(names), R_ROLL,
                            data={"dice": [[s, v] for t, s, c in ARMY for v in got[t]], "who": cat.factions[f].name}))


def start_deployment(state: DWState, dice, events: list) -> None:
    n = len(state.players)
    rolls = roll_off(dice, list(range(n)), events, "Initiative (d20)", R_DEPLOY)
    if state.options.get("tournament_deploy"):
        low = min(range(n), key=lambda p: rolls[p])
        # lowest deploys first, then to the right (counter-clockwise); the last has the first phase
        state.deploy_order = [(low - i) % n for i in range(n)]
        state.first_player = state.deploy_order[-1]
        events.append(Event("ruling", f"{state.players[low].name} deploys first; choices are binding", R_TOURNEY))
    else:
        first = max(range(n), key=lambda p: rolls[p])
        state.first_player = first
        state.deploy_order = [(first + i) % n for i in range(n)]
    state.order = [(state.first_player + i) % n for i in range(n)]
    events.append(Event("ruling", f"{state.players[state.first_player].name} has the first command phase; play continues to the left", R_DEPLOY))
    state.phase = "deploy"
    state.current = state.deploy_order[0]


def deploy_zone(state: DWState, u: Unit) -> list:
    p = state.players[u.owner]
    corner = p.corners[p.factions.index(u.faction)]
    tdefs = state.catalog.terrain
    return [h for h in state.board.tile_hexes(state.board.corners[corner])
            if tdefs[state.board.terrain[h]].passable]


def auto_positions(state: DWState, player: int) -> dict[int, tuple]:
    """A sensible default deployment: heroes and advanced units behind,
    basic units in front (nearest the map centre), one per hex.  Hexes as
    near the centre as each other are taken clockwise from the line through
    the corner's middle, so corners that are turned images of each other
    deploy as turned images too."""
    centre = map_centre(state.board)
    taken = {h for h, uid in state.occupied.items() if state.units[uid].owner != player}
    out: dict[int, tuple] = {}
    units = sorted((u for u in state.units.values() if u.owner == player and u.hp > 0),
                   key=lambda u: ({"basic": 0, "advanced": 1, "hero": 2}[u.tier], u.uid))
    for u in units:
        zone = deploy_zone(state, u)
        middle = (sum(q for q, _ in zone) / len(zone), sum(r for _, r in zone) / len(zone)) if zone else centre
        zone = sorted(zone, key=lambda h: (_from(centre, h), _clockwise(centre, middle, h), h))
        for h in zone:
            if h not in taken:
                out[u.uid] = h
                taken.add(h)
                break
    return out


def map_centre(board) -> tuple[float, float]:
    """The middle of the map in axial coordinates (the mean of its hexes):
    the same point seen from every corner, where no single hex may lie.
    Deployed units stand nearest it and face it."""
    n = len(board.hexes)
    return (sum(q for q, _ in board.hexes) / n, sum(r for _, r in board.hexes) / n)


def _clockwise(centre: tuple[float, float], middle: tuple[float, float], h) -> float:
    """The angle (radians, 0 to 2 pi, rounded) from the centre's line to
    the deployment zone's middle round to hex h."""
    def angle(q: float, r: float) -> float:
        return math.atan2(1.5 * r, math.sqrt(3) * (q + r / 2))
    a = angle(h[0] - centre[0], h[1] - centre[1]) - angle(middle[0] - centre[0], middle[1] - centre[1])
    return round(a % (2 * math.pi), 6) % round(2 * math.pi, 6)


def _from(centre: tuple[float, float], h) -> float:
    """How far hex h lies from the centre (squared, on the table, rounded so
    that mirror-image hexes tie exactly)."""
    dq, dr = h[0] - centre[0], h[1] - centre[1]
    return round(3 * (dq + dr / 2) ** 2 + 2.25 * dr * dr, 6)
