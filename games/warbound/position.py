"""Custom positions for scripts, tutorials and tests (setup option
`position`), and the script hooks that name Characters and tiles in words.

    position:
      turn: 3                  # the timeline (Period follows)
      hand: 0                  # the Hand holder (the Hourglass goes to the other)
      tokens: [{raiders: 4}, {kaigen: 4}]
      closed: [p1_move]        # Actions already taken this turn (by the opponent of `hand`)
      hourglass_on: p1_shoot
      vocations: [null, null]
      chars:
        - {name: copp, player: 0, card: copp, at: D4, at2: null, equipment: null,
           formation: null, stress: 0, wounds: 0, breaks: 0, panic: false}

The position starts in the Action Phase with the Hand holder to act.
Tiles are labels (column letter, row number as the board shows) or [q, r].
"""
from __future__ import annotations

from engine.core import expectations
from engine.core.rules import Event
from engine.hex import grid
from games.warbound.catalog import load_catalog
from games.warbound.state import Char

CHAR_KEYS = {"name", "player", "card", "at", "at2", "equipment", "formation", "stress", "wounds", "breaks",
             "panic", "activations"}
POS_KEYS = {"turn", "hand", "tokens", "closed", "hourglass_on", "vocations", "chars", "objective"}


def parse_hex(value):
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return (int(value[0]), int(value[1]))
    if isinstance(value, str) and len(value) >= 2 and value[0].isalpha() and value[1:].isdigit():
        return grid.offset_to_axial(ord(value[0].upper()) - 65, int(value[1:]) - 1)
    raise ValueError(f"not a tile: {value!r} (use a label like E5 or [q, r])")


def build(state, spec: dict, events: list) -> None:
    cat = load_catalog()
    unknown = set(spec) - POS_KEYS
    if unknown:
        raise ValueError(f"position: unknown field {sorted(unknown)[0]!r}")
    state.chars = {}
    state.occupied = {}
    names = {}
    for i, raw in enumerate(spec.get("chars", [])):
        bad = set(raw) - CHAR_KEYS
        if bad:
            raise ValueError(f"position.chars[{i}]: unknown field {sorted(bad)[0]!r}")
        if raw.get("card") not in cat.characters:
            raise ValueError(f"position.chars[{i}].card: unknown Character {raw.get('card')!r}")
        form = raw.get("formation")
        hexes = [parse_hex(raw["at"])] + ([parse_hex(raw["at2"])] if raw.get("at2") is not None else [])
        if form and len(hexes) != 2:
            raise ValueError(f"position.chars[{i}]: a Formation needs at and at2")
        for h in hexes:
            if h not in state.board.open:
                raise ValueError(f"position.chars[{i}]: {h} is off the board or an obstacle")
            if h in state.occupied:
                raise ValueError(f"position.chars[{i}]: {h} is already occupied")
        ch = Char(i, raw["card"], int(raw.get("player", 0)), hexes, raw.get("equipment"),
                  form or ("formation" if len(hexes) == 2 else None))
        ch.stress, ch.wounds, ch.breaks = int(raw.get("stress", 0)), int(raw.get("wounds", 0)), int(raw.get("breaks", 0))
        ch.panic = bool(raw.get("panic", False))
        ch.activations = int(raw.get("activations", 0))
        state.chars[i] = ch
        for h in hexes:
            state.occupied[h] = i
        names[raw.get("name", f"c{i}")] = i
    state.options["names"] = names
    for p, voc in zip(state.players, spec.get("vocations", [None, None])):
        p.vocation = voc
    for p, toks in zip(state.players, spec.get("tokens", [{}, {}])):
        p.tokens = dict(toks)
    state.turn = int(spec.get("turn", 1))
    from games.warbound.scenario import period_of
    state.period = period_of(state)
    state.hand = int(spec.get("hand", 0))
    state.hourglass = 1 - state.hand
    for sid in spec.get("closed", []):
        if sid not in cat.board:
            raise ValueError(f"position.closed: unknown Action {sid!r}")
        state.closed[sid] = (1 - state.hand, ())
    state.hourglass_space = spec.get("hourglass_on")
    state.objective = spec.get("objective")
    state.phase = "action"
    state.current = state.hand
    events.append(Event("ruling", "Custom position: " + ", ".join(names), "docs/scripts.md"))


def script_param(state, key: str, value):
    names = state.options.get("names", {})
    if key in ("uid", "target") and isinstance(value, str):
        if value in names:
            return names[value]
        raise ValueError(f"{key}: no Character is named {value!r} (named: {', '.join(names)})")
    if key in ("to", "to2") and isinstance(value, str):
        return list(parse_hex(value))
    return value


def script_check(state, key: str, want) -> list[str]:
    out = []
    names = state.options.get("names", {})
    if key == "chars":
        def read(uid, f, v):
            c = state.chars[uid]
            if f in ("at", "at2"):
                got = c.minis[0 if f == "at" else 1] if (f == "at" or len(c.minis) > 1) else None
                return got, parse_hex(v) if v is not None else None
            return getattr(c, f, None), v
        out += expectations.named(want, names, read, what="Character")
    elif key == "players":
        def read_player(p, f, v):
            got = getattr(p, f, None)
            return ({c: n for c, n in got.items() if n} if f == "tokens" else got), v
        out += expectations.numbered(want, state.players, read_player)
    elif key in ("hand", "hourglass", "phase", "turn", "current", "hourglass_space"):
        got = getattr(state, key)
        if got != want:
            out.append(f"{key}: expected {want!r}, got {got!r}")
    elif key == "closed":
        got = sorted(state.closed)
        if got != sorted(want):
            out.append(f"closed: expected {sorted(want)}, got {got}")
    elif key == "activation":
        got = None if state.activation is None else {"uid": state.activation.uid, "parts": list(state.activation.parts)}
        if want is None and got is not None or want is not None and got is None:
            out.append(f"activation: expected {want!r}, got {got!r}")
    else:
        out.append("unknown expectation")
    return out


def script_state(state) -> dict:
    names = {v: k for k, v in state.options.get("names", {}).items()}
    b = state.board
    return {
        "phase": state.phase, "turn": state.turn, "hand": state.hand, "hourglass": state.hourglass,
        "closed": sorted(state.closed),
        "chars": [{"name": names.get(c.uid, c.uid), "card": c.card, "player": c.owner,
                   "at": [b.label(h) for h in c.minis if h is not None], "stress": c.stress, "wounds": c.wounds,
                   "breaks": c.breaks, "panic": c.panic, "alive": c.alive} for c in state.chars.values()],
        "players": [{"name": p.name, "vp": p.vp, "tokens": p.tokens} for p in state.players],
    }
