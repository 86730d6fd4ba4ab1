"""Custom positions for scripts, tutorials and tests (setup option
`position`), and the script hooks that name Characters and tiles in words.

    position:
      turn: 3                  # the timeline (Period follows)
      hand: 0                  # the Hand holder (the Hourglass goes to the other)
      tokens: [{raiders: 4}, {kaigen: 4}]
      vp: [3, 5]               # Victory Points scored so far (optional)
      closed: [p1_move]        # Actions already taken this turn (by the opponent of `hand`)
      hourglass_on: p1_shoot
      objective: survey        # this turn's objective card (optional)
      objectives: [first_blood, hold_the_centre]   # the next turns' cards, in order (optional)
      start: action            # action (default), or leader: the turn begins with its
                               # Leader Phase (Order tokens generated, Leader skills, then the
                               # Effect Phase: the objective revealed, the Hourglass placed)
      vocations: [null, null]
      chars:
        - {name: copp, player: 0, card: copp, at: D4, at2: null, equipment: null,
           formation: null, stress: 0, wounds: 0, breaks: 0, panic: false}

The position starts in the Action Phase with the Hand holder to act, or
with `start: leader` at the turn's Leader Phase (the tokens given are what
each player kept from the turn before).
Tiles are labels (column letter, row number as the board shows) or [q, r].
"""
from __future__ import annotations


from engine.core import expectations
from engine.core.words import PREPARED_POSITION
from engine.core.fields import FieldError, Fields, known
from engine.core.limits import cut
from engine.core.rules import Event
from engine.hex import grid
from games.warbound.rules.state import Char

CHAR_KEYS = {"name", "player", "card", "at", "at2", "equipment", "formation", "stress", "wounds", "breaks",
             "panic", "activations"}
POS_KEYS = {"turn", "hand", "tokens", "closed", "hourglass_on", "vocations", "chars", "objective", "objectives",
            "start", "vp"}
STARTS = ("action", "leader")
_POOL = 99            # Stress, Wound and Break tokens on one Character, Order tokens of one colour


def parse_hex(value):
    """A tile as [q, r] (axial) or a label like "E5" (column letter, row)."""
    return grid.parse_label(value, "tile")


def build(state, spec: dict, events: list) -> None:
    cat = state.catalog
    top = Fields(spec, "position")
    top.only(POS_KEYS)
    state.chars = {}
    state.occupied = {}
    names: dict = {}
    for i, raw in enumerate(top.items("chars", [])):
        ch = _char(state, cat, Fields(raw, f"position.chars[{i}]"), i, names)
        state.chars[i] = ch
        for h in ch.minis:
            state.occupied[h] = i
    state.options["names"] = names
    for i, (p, voc) in enumerate(zip(state.players, top.items("vocations", [None, None], 2, "one per player"))):
        p.vocation = known(f"position.vocations[{i}]", voc, cat.vocations, "Vocation", none=True)
    for i, (p, toks) in enumerate(zip(state.players, top.items("tokens", [{}, {}], 2, "one per player"))):
        fs = Fields(toks, f"position.tokens[{i}]")
        p.tokens = {known(fs.where, colour, cat.factions, "faction"): fs.whole(colour, low=0, high=_POOL)
                    for colour in toks}
    for i, (p, vp) in enumerate(zip(state.players, top.items("vp", [0, 0], 2, "one per player"))):
        if type(vp) is not int or not 0 <= vp <= _POOL:
            raise FieldError(f"position.vp[{i}]: Victory Points are a whole number from 0 to {_POOL}, not {cut(vp)}")
        p.vp = vp
    from games.warbound.rules.scenario import period_of, scenario
    state.turn = top.whole("turn", 1, 1, scenario(state).turns)
    state.period = period_of(state)
    state.hand = top.whole("hand", 0, 0, 1)
    state.hourglass = 1 - state.hand
    for sid in top.texts("closed"):
        known("position.closed", sid, cat.board, "Action")
        state.closed[sid] = (1 - state.hand, ())
    state.hourglass_space = known("position.hourglass_on", spec.get("hourglass_on"), cat.board, "Action",
                                   none=True)
    state.objective = known("position.objective", spec.get("objective"), cat.objectives, "Objective",
                             none=True)
    later = top.texts("objectives")
    if len(later) > scenario(state).turns:
        raise FieldError(f"position.objectives: at most one card per turn ({scenario(state).turns})")
    state.objectives = [known(f"position.objectives[{i}]", o, cat.objectives, "Objective")
                        for i, o in enumerate(later)]
    start = known("position.start", spec.get("start") or "action", dict.fromkeys(STARTS), "start")
    events.append(Event("ruling", PREPARED_POSITION))
    state.phase = "action"
    state.current = state.hand
    if start == "leader":
        if state.closed or state.hourglass_space or state.objective:
            raise FieldError("position.start: a turn that begins with its Leader Phase has no Action closed, "
                             "no Hourglass placed and its objective still to reveal (give it in objectives)")
        from games.warbound.rules import flow, leader
        leader.start(state, events)
        flow.advance(state, events)


def _char(state, cat, fs: Fields, i: int, names: dict) -> Char:
    """The Character `fs` reads, on its tiles; its name goes in `names`."""
    fs.only(CHAR_KEYS)
    card = known(fs.at("card"), fs.text("card"), cat.characters, "Character")
    if not fs.has("at"):
        raise FieldError(f"{fs.at('at')}: required field is missing")
    hexes = [fs.parsed("at", parse_hex)] + ([fs.parsed("at2", parse_hex)] if fs.raw.get("at2") is not None else [])
    form = known(fs.at("formation"), fs.raw.get("formation"), cat.formations, "Formation", none=True)
    if form and len(hexes) != 2:
        raise FieldError(f"{fs.at('at2')}: a Formation needs a second tile (at2)")
    for key, h in zip(("at", "at2"), hexes):
        if h not in state.board.open:
            raise FieldError(f"{fs.at(key)}: {cut(fs.raw[key])} is off the board or an obstacle")
        if h in state.occupied or (key == "at2" and h == hexes[0]):
            raise FieldError(f"{fs.at(key)}: {cut(fs.raw[key])} is already occupied")
    ch = Char(i, card, fs.whole("player", 0, 0, 1), hexes,
              known(fs.at("equipment"), fs.raw.get("equipment"), cat.equipment, "Equipment", none=True),
              form or ("formation" if len(hexes) == 2 else None))
    ch.stress, ch.wounds = fs.whole("stress", 0, 0, _POOL), fs.whole("wounds", 0, 0, _POOL)
    ch.breaks = fs.whole("breaks", 0, 0, _POOL)
    ch.panic = fs.flag("panic")
    ch.activations = fs.whole("activations", 0, 0, 9)
    name = fs.text("name", f"c{i}")
    if name in names:
        raise FieldError(f"{fs.at('name')}: {cut(name)} names another Character already")
    names[name] = i
    return ch


def script_param(state, key: str, value):
    names = state.options.get("names", {})
    if key in ("uid", "target") and isinstance(value, str):
        if value in names:
            return names[value]
        raise ValueError(f"{key}: no Character is named {cut(value)} (named: {', '.join(names)})")
    if key in ("to", "to2") and isinstance(value, str):
        try:
            return list(parse_hex(value))
        except ValueError as e:
            raise ValueError(f"{key}: {e}") from None
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
            return ({c: n for c, n in got.items() if n} if f == "tokens" and got is not None else got), v
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
