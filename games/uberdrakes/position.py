"""Custom positions for scripts, tutorials and tests: the setup option
`position` places the dragons and their hoards directly (no dragon choice,
no mulligan); and the script hooks that name hexes, villages and players
in words.  Format: docs/games/uberdrakes.md § Positions for scripts."""
from __future__ import annotations

from engine.core import expectations
from engine.core.rules import Event
from games.uberdrakes import turns
from games.uberdrakes.board import hex_label, parse_hex
from games.uberdrakes.common import cat, econ
from games.uberdrakes.state import UDState

DRAGON_KEYS = {"player", "dragon", "at", "facing", "fatigue", "coins", "magic", "hand", "played", "items",
               "treasures", "equipped", "rider", "portaled", "delivered", "vp", "blood", "rage", "roosted", "moved",
               "used", "vp_bought", "camouflaged", "supercharge", "mask", "cave_visited", "roost_next"}
TOP_KEYS = {"round", "active", "rounds", "dragons", "pickups", "movement_deck", "treasure_deck", "rider_deck",
            "stock", "actions_left", "sandstorm"}


def build(state: UDState, spec: dict, ev: list, dice) -> None:
    c = cat()
    unknown = set(spec) - TOP_KEYS
    if unknown:
        raise ValueError(f"position: unknown field {sorted(unknown)[0]!r} (known: {', '.join(sorted(TOP_KEYS))})")
    board = state.board
    used_dragons = set()
    specs = spec.get("dragons", [])
    if len(specs) != len(state.players):
        raise ValueError(f"position.dragons: {len(specs)} dragons for {len(state.players)} players")
    moves_left = list(c.movement_deck())
    treasures_left = list(c.treasure_deck())
    riders_left = sorted(c.riders)
    for i, raw in enumerate(specs):
        where = f"position.dragons[{i}]"
        bad = set(raw) - DRAGON_KEYS
        if bad:
            raise ValueError(f"{where}: unknown field {sorted(bad)[0]!r}")
        p = int(raw.get("player", i))
        d = state.players[p]
        dragon = raw["dragon"]
        if dragon not in c.dragons or dragon in used_dragons:
            raise ValueError(f"{where}.dragon: {dragon!r} is unknown or taken")
        used_dragons.add(dragon)
        d.dragon = dragon
        d.name = c.dragons[dragon].name
        at = raw.get("at")
        if at is not None:
            h = parse_hex(at)
            if h not in board.terrain:
                raise ValueError(f"{where}.at: {at} is off the board")
            d.hex = board.anchor_of[h]
        d.facing = int(raw.get("facing", 0))
        for f in ("fatigue", "coins", "magic", "vp", "blood", "rage", "vp_bought", "supercharge"):
            if f in raw:
                setattr(d, f, int(raw[f]))
        if "coins" not in raw:
            d.coins = econ().start_coins
        d.hand = sorted(raw.get("hand", []))
        d.played = list(raw.get("played", []))
        for card in d.hand + d.played:
            if card not in moves_left:
                raise ValueError(f"{where}: no movement card {card!r} left in the deck")
            moves_left.remove(card)
        d.used = tuple(raw.get("used", ()))
        d.items = frozenset(raw.get("items", []))
        if not d.items <= set(c.hoard_items):
            raise ValueError(f"{where}.items: not hoard items: {sorted(d.items - set(c.hoard_items))}")
        d.treasures = sorted(raw.get("treasures", []))
        d.equipped = raw.get("equipped")
        for t in d.treasures + ([d.equipped] if d.equipped else []):
            if t not in treasures_left:
                raise ValueError(f"{where}: no treasure card {t!r} left in the deck")
            treasures_left.remove(t)
        d.rider = raw.get("rider")
        d.delivered = list(raw.get("delivered", []))
        for r in d.delivered + ([d.rider] if d.rider else []):
            if r not in riders_left:
                raise ValueError(f"{where}: rider {r!r} is unknown or already placed")
            riders_left.remove(r)
        d.portaled = bool(raw.get("portaled", False))
        d.vp = int(raw.get("vp", len(d.delivered) + d.vp_bought))
        d.vp_bought = d.vp - len(d.delivered)
        d.roosted = bool(raw.get("roosted", False))
        d.moved = bool(raw.get("moved", True))
        d.camouflaged = bool(raw.get("camouflaged", False))
        d.cave_visited = bool(raw.get("cave_visited", False))
        d.mask = raw.get("mask")
        d.roost_next = raw.get("roost_next", "")
        if d.mask:
            d.mask_turns = econ().mask_turns
    pickups = spec.get("pickups")
    if pickups:
        for side, row in pickups.items():
            for r in row:
                if r not in riders_left:
                    raise ValueError(f"position.pickups.{side}: rider {r!r} is unknown or already placed")
                riders_left.remove(r)
            state.pickups[side] = list(row)
    else:
        for side in sorted(board.pickups):
            state.pickups[side] = [riders_left.pop(0) for _ in range(econ().pickup_size)]
    state.rider_deck = _deck(spec.get("rider_deck"), riders_left, dice, "rider_deck")
    state.movement_deck = _deck(spec.get("movement_deck"), moves_left, dice, "movement_deck")
    state.treasure_deck = _deck(spec.get("treasure_deck"), treasures_left, dice, "treasure_deck")
    state.stock_deck = sorted(c.stock)
    names = {board.spaces[v].name: v for v in board.villages}
    for vname, sid in (spec.get("stock") or {}).items():
        if vname not in names or sid not in c.stock:
            raise ValueError(f"position.stock: unknown village {vname!r} or stock card {sid!r}")
        state.stock[names[vname]] = sid
        state.stock_deck.remove(sid)
    for v in board.villages:
        if v not in state.stock:
            state.stock[v] = state.stock_deck.pop()
    state.round = int(spec.get("round", 1))
    state.rounds = int(spec.get("rounds", state.rounds))
    if spec.get("sandstorm"):
        s = spec["sandstorm"]
        state.sandstorm = (names[s["village"]], int(s.get("tokens", 3)), int(s["caster"]))
    state.phase = "play"
    ev.append(Event("ruling", "Custom position", "docs/games/uberdrakes.md"))
    turns.start_turn(state, int(spec.get("active", 0)), ev, dice)
    if "actions_left" in spec:
        state.actions_left = int(spec["actions_left"])


def _deck(given, rest: list, dice, what: str) -> list:
    """A deck from its top card down: the given cards on top, the rest below
    in a fixed order (a position never consumes the script's forced dice)."""
    rest = list(rest)
    top = list(given or [])
    for x in top:
        if x not in rest:
            raise ValueError(f"position.{what}: {x!r} is not left to put in the deck")
        rest.remove(x)
    rest.sort()
    n = len(rest)
    if n > 2:                      # deal the rest in a spread-out, fixed order (not alphabetical runs)
        step = next(k for k in (7, 11, 13, 17, 5, 3, 1) if n % k)
        rest = [rest[(i * step) % n] for i in range(n)]
    return rest + list(reversed(top))


def script_param(state: UDState, key: str, value):
    board = state.board
    if key in ("to",) and isinstance(value, str):
        return list(parse_hex(value))
    if key in ("village",) and isinstance(value, str):
        for v in board.villages:
            if board.spaces[v].name.lower() == value.lower():
                return v
        raise ValueError(f"village: no village named {value!r}")
    if key in ("target",) and isinstance(value, str):
        for d in state.players:
            if d.dragon == value or d.name.lower() == value.lower():
                return d.index
        raise ValueError(f"target: no dragon {value!r}")
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
        from games.uberdrakes.legal import to_act
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
