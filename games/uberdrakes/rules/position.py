"""Custom positions for scripts, tutorials and tests: the setup option
`position` places the dragons and their hoards directly (no dragon choice,
no mulligan); and the script hooks that name hexes, villages and players
in words.  Format: docs/games/uberdrakes.md § Positions for scripts."""
from __future__ import annotations


from engine.core import expectations
from engine.core.words import PREPARED_POSITION
from engine.core.fields import FieldError, Fields, known
from engine.core.limits import cut
from engine.core.rules import Event
from games.uberdrakes.rules import turn_loop, flow
from games.uberdrakes.rules.board import hex_label, parse_hex
from games.uberdrakes.rules.state import UDState

DRAGON_KEYS = {"player", "dragon", "at", "facing", "fatigue", "coins", "magic", "hand", "played", "items",
               "treasures", "equipped", "rider", "portaled", "delivered", "vp", "blood", "rage", "roosted", "moved",
               "used", "vp_bought", "camouflaged", "supercharge", "mask", "cave_visited", "roost_next"}
TOP_KEYS = {"round", "active", "rounds", "dragons", "pickups", "movement_deck", "treasure_deck", "rider_deck",
            "stock", "actions_left", "sandstorm"}
ROOST_NEXT = ("village", "pickup", "treasure", "cave")     # spaces.roost (or "": none)
SANDSTORM_KEYS = {"village", "tokens", "caster"}


def build(state: UDState, spec: dict, ev: list, dice) -> None:
    """Every field is read and bounded (engine/core/fields.py) and every name
    checked against the catalog and the cards still left, so a hostile script
    is refused with the field's path: `position.dragons[1].coins: ...`."""
    c = state.catalog
    top = Fields(spec, "position")
    top.only(TOP_KEYS)
    board = state.board
    n = len(state.players)
    raws = spec.get("dragons")
    if not isinstance(raws, list) or len(raws) != n:
        raise FieldError(f"position.dragons: a list of {n} dragons (one per player) was expected, not {cut(raws)}")
    left = {"movement card": list(c.movement_deck()), "treasure card": list(c.treasure_deck()),
            "rider": sorted(c.riders)}
    seats: dict[int, str] = {}
    taken: dict[str, str] = {}
    for i, raw in enumerate(raws):
        _dragon(state, Fields(raw, f"position.dragons[{i}]"), i, left, seats, taken)
    riders_left = left["rider"]
    pickups = top.mapping("pickups")
    if pickups:
        rows = Fields(pickups, "position.pickups")
        for side in pickups:
            known(rows.where, side, sorted(board.pickups), none=True)
            state.pickups[side] = _take(rows, side, left, "rider", c.riders, state.catalog.economy.pickup_size)
    else:
        for side in sorted(board.pickups):
            state.pickups[side] = [riders_left.pop(0) for _ in range(state.catalog.economy.pickup_size)]
    state.rider_deck = _deck(_take(top, "rider_deck", left, "rider", c.riders), riders_left)
    state.movement_deck = _deck(_take(top, "movement_deck", left, "movement card", c.cards), left["movement card"])
    state.treasure_deck = _deck(_take(top, "treasure_deck", left, "treasure card", _treasures(state.catalog)),
                                left["treasure card"])
    state.stock_deck = sorted(c.stock)
    names = {board.spaces[v].name: v for v in board.villages}
    stock = Fields(top.mapping("stock"), "position.stock")
    for vname in stock.raw:
        known("position.stock", vname, names, none=True)
        sid = known(stock.at(vname), stock.text(vname), c.stock)
        if sid not in state.stock_deck:
            raise FieldError(f"{stock.at(vname)}: {cut(sid)} is given to another village too")
        state.stock[names[vname]] = sid
        state.stock_deck.remove(sid)
    for v in board.villages:
        if v not in state.stock:
            state.stock[v] = state.stock_deck.pop()
    state.rounds = top.whole("rounds", state.rounds, 1, 99)
    state.round = top.whole("round", 1, 1, state.rounds)
    if spec.get("sandstorm"):
        s = Fields(spec["sandstorm"], "position.sandstorm")
        s.only(SANDSTORM_KEYS)
        village = known(s.at("village"), s.text("village"), names)
        state.sandstorm = (names[village], s.whole("tokens", 3, 0, 99), s.whole("caster", low=0, high=n - 1))
    state.phase = "play"
    ev.append(Event("ruling", PREPARED_POSITION))
    flow.start_turn(state, top.whole("active", 0, 0, n - 1), ev, dice)
    turn_loop.run(state, ev, dice)
    if "actions_left" in spec:
        state.actions_left = top.whole("actions_left", low=0, high=99)


def _dragon(state: UDState, fs: Fields, i: int, left: dict, seats: dict, taken: dict) -> None:
    """One `dragons:` entry: its seat's dragon, hoard and hand."""
    c = state.catalog
    fs.only(DRAGON_KEYS)
    p = fs.whole("player", i, 0, len(state.players) - 1)
    if p in seats:
        raise FieldError(f"{fs.at('player')}: player {p} is given a dragon in {seats[p]} too")
    seats[p] = fs.where
    d = state.players[p]
    dragon = known(fs.at("dragon"), fs.text("dragon"), c.dragons)
    if dragon in taken:
        raise FieldError(f"{fs.at('dragon')}: {cut(dragon)} is taken by {taken[dragon]}")
    taken[dragon] = fs.where
    d.dragon = dragon
    d.name = c.dragons[dragon].name
    at = _hex(state.board, fs, "at")
    if at is not None:
        d.hex = at
    d.facing = fs.whole("facing", 0, 0, 5)
    d.fatigue = fs.whole("fatigue", d.fatigue, 0, state.catalog.economy.max_fatigue)
    d.coins = fs.whole("coins", state.catalog.economy.start_coins, 0, 999)
    for f, most in (("magic", 99), ("blood", 999), ("rage", 99), ("vp_bought", 99), ("supercharge", 99)):
        setattr(d, f, fs.whole(f, getattr(d, f), 0, most))
    d.hand = sorted(_take(fs, "hand", left, "movement card", c.cards))
    d.played = _take(fs, "played", left, "movement card", c.cards)
    d.used = tuple(_used(state.catalog, fs))
    items = _names(fs, "items")
    for k, item in enumerate(items):
        known(f"{fs.at('items')}[{k}]", item, c.hoard_items, none=True)
    d.items = frozenset(items)
    treasures = _treasures(state.catalog)
    d.treasures = sorted(_take(fs, "treasures", left, "treasure card", treasures))
    d.equipped = _take_one(fs.at("equipped"), fs.text("equipped", None), left, "treasure card", treasures)
    d.delivered = _take(fs, "delivered", left, "rider", c.riders)
    d.rider = _take_one(fs.at("rider"), fs.text("rider", None), left, "rider", c.riders)
    d.portaled = fs.flag("portaled")
    d.vp = fs.whole("vp", len(d.delivered) + d.vp_bought, len(d.delivered), 999)
    d.vp_bought = d.vp - len(d.delivered)
    d.roosted = fs.flag("roosted")
    d.moved = fs.flag("moved", True)
    d.camouflaged = fs.flag("camouflaged")
    d.cave_visited = fs.flag("cave_visited")
    d.mask = known(fs.at("mask"), fs.text("mask", None) or None, c.dragons, none=True)
    d.roost_next = "" if fs.raw.get("roost_next") in (None, "") else fs.one_of("roost_next", ROOST_NEXT)
    if d.mask:
        d.mask_turns = state.catalog.economy.mask_turns


def _hex(board, fs: Fields, key: str):
    """The anchor of the space a hex field names (a label like I7 or [q, r]),
    or None when absent or null."""
    v = fs.raw.get(key)
    if v is None:
        return None
    h = fs.parsed(key, parse_hex)
    if h not in board.anchor_of:
        raise FieldError(f"{fs.at(key)}: {cut(v)} is off the board")
    return board.anchor_of[h]


def _used(cat, fs: Fields) -> list[str]:
    """General movement actions used this round, each at most its slots."""
    c = cat
    used = _names(fs, "used")
    for k, m in enumerate(used):
        known(f"{fs.at('used')}[{k}]", m, c.general, none=True)
        if used.count(m) > c.movement[m].slots:
            raise FieldError(f"{fs.at('used')}: {cut(m)} is used {used.count(m)} times "
                             f"({c.movement[m].slots} a round at most)")
    return used


def _treasures(cat) -> list[str]:
    """The treasure cards' ids, once each, in the catalog's order."""
    return list(dict.fromkeys(cat.treasure_deck()))


def _take(fs: Fields, key: str, left: dict, what: str, catalog_names, most: int | None = None) -> list[str]:
    """The cards (riders) a list field names, each taken out of what is
    left of its deck (which bounds the list): none is placed twice over."""
    names = _names(fs, key)
    if most is not None and len(names) > most:
        raise FieldError(f"{fs.at(key)}: at most {most} were expected, not {len(names)}")
    for k, name in enumerate(names):
        _take_one(f"{fs.at(key)}[{k}]", name, left, what, catalog_names)
    return names


def _take_one(where: str, name: str | None, left: dict, what: str, catalog_names) -> str | None:
    """A card (rider) taken out of what is left of its deck (None: none)."""
    if name is not None:
        known(where, name, catalog_names, none=True)
        if name not in left[what]:
            raise FieldError(f"{where}: no {what} {cut(name)} is left (all are placed already)")
        left[what].remove(name)
    return name


def _names(fs: Fields, key: str) -> list[str]:
    """A list of names (absent or null: none)."""
    return [] if fs.raw.get(key) is None else fs.texts(key)


def _deck(top: list, rest: list) -> list:
    """A deck from its top card down: the given cards on top (already taken
    out of `rest`), the rest below in a fixed order (a position never
    consumes the script's forced dice)."""
    rest = list(rest)
    rest.sort()
    n = len(rest)
    if n > 2:                      # deal the rest in a spread-out, fixed order (not alphabetical runs)
        step = next(k for k in (7, 11, 13, 17, 5, 3, 1) if n % k)
        rest = [rest[(i * step) % n] for i in range(n)]
    return rest + list(reversed(top))


def script_param(state: UDState, key: str, value):
    board = state.board
    if key in ("to",) and isinstance(value, str):
        h = parse_hex(value)
        # a large space is one space: its hexes all name it, as its anchor (how the legal actions name it)
        return list(board.anchor_of.get(h, h))
    if key in ("village",) and isinstance(value, str):
        for v in board.villages:
            if board.spaces[v].name.lower() == value.lower():
                return v
        raise ValueError(f"village: no village named {value!r}")
    if key in ("target", "uid") and isinstance(value, str):     # uid: a lesson's `point` naming a dragon
        for d in state.players:
            if d.dragon == value or d.name.lower() == value.lower():
                return d.index
        raise ValueError(f"{key}: no dragon {value!r}")
    return value


def _get(state: UDState, d, f):
    if f == "at":
        return hex_label(d.hex) if d.hex is not None else None
    if f == "items":
        return sorted(d.items)
    return getattr(d, f)


def script_check(state: UDState, key: str, want) -> list[str]:
    out = []
    if key == "dragons":
        def read(d, f, v):
            got = _get(state, d, f)
            if f == "at" and v is not None:
                v = hex_label(state.board.anchor_of[parse_hex(v)])
            if f in ("hand", "items", "treasures", "delivered") and isinstance(v, list):
                v = sorted(v)
                got = sorted(got)
            return got, v
        out += expectations.numbered({int(p): fields for p, fields in want.items()}, state.players, read,
                                     what="dragon")
    elif key == "active":
        if state.active != want:
            out.append(f"expected player {want} to be active, got {state.active}")
    elif key == "pending":
        out += expectations.value("pending", state.pending.kind if state.pending else None, want)
    elif key == "combat":
        out += expectations.value("combat", state.combat.stage if state.combat else None, want)
    elif key == "round":
        if state.round != want:
            out.append(f"expected round {want}, got {state.round}")
    elif key == "actions_left":
        if state.actions_left != want:
            out.append(f"expected {want} actions left, got {state.actions_left}")
    elif key == "to_act":
        from games.uberdrakes.rules.legal import to_act
        if to_act(state) != want:
            out.append(f"expected player {want} to decide, got {to_act(state)}")
    elif key == "phase":
        out += expectations.value("phase", state.phase, want)
    else:
        out.append("unknown expectation")
    return out


def script_state(state: UDState) -> dict:
    return {
        "phase": state.phase, "round": state.round, "active": state.active, "actions_left": state.actions_left,
        "combat": state.combat.stage if state.combat else None,
        "pending": state.pending.kind if state.pending else None,
        "dragons": [{"player": d.index, "dragon": d.dragon, "at": hex_label(d.hex) if d.hex else None,
                     "facing": d.facing, "fatigue": d.fatigue, "coins": d.coins, "magic": d.magic, "vp": d.vp,
                     "blood": d.blood, "rider": d.rider, "rage": d.rage, "roosted": d.roosted,
                     "items": sorted(d.items)} for d in state.players],
    }
