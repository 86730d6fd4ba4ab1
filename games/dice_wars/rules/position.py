"""Custom positions for scripts, tutorials and tests: a setup option
`position` that places named units directly, skipping the army roll and
deployment; and the script hooks that name units and hexes in words."""
from __future__ import annotations


from engine.core import expectations
from engine.core.words import PREPARED_POSITION
from engine.core.fields import FieldError, Fields, known
from engine.core.limits import cut
from engine.core.rules import Event
from engine.hex import grid as hexgrid
from games.dice_wars.rules import flow, stats
from games.dice_wars.rules.state import COLOR_NAMES, DWState, Unit

UNIT_KEYS = {"name", "player", "class", "faction", "at", "facing", "hp", "guarding", "veteran"}
CITY_KEYS = {"city", "card", "owner"}
TOP_KEYS = {"current", "factions", "units", "cities", "relics", "relic_deck", "round"}


def parse_hex(value):
    """A hex as [q, r] (axial) or a label like "E5" (column letter, row)."""
    return hexgrid.parse_label(value, "hex")


def _names(value, where: str, catalog_names, low: int, high: int) -> list[str]:
    """A list of `low` to `high` catalog names, each checked."""
    if not isinstance(value, (list, tuple)) or not low <= len(value) <= high:
        raise FieldError(f"{where}: a list of {low} to {high} names was expected, not {cut(value)}")
    return [known(f"{where}[{j}]", x, catalog_names) for j, x in enumerate(value)]


def build(state: DWState, spec: dict, events: list) -> None:
    top = Fields(spec, "position")
    top.only(TOP_KEYS)
    n = len(state.players)
    c = state.catalog
    factions = [f for f in c.factions if f in COLOR_NAMES]
    chosen = top.items("factions")
    if chosen and len(chosen) != n:
        raise FieldError(f"position.factions: one list per player ({n}) was expected, not {len(chosen)}")
    chosen = [_names(own, f"position.factions[{p}]", factions, 1, 2) for p, own in enumerate(chosen)] or \
        [[f] for f in ("bloodblades", "mercurio", "valegaard", "octarine")[:n]]
    for p, own in zip(state.players, chosen):
        p.factions = own
        p.name = COLOR_NAMES[own[0]]
        p.color = c.factions[own[0]].color
    names: dict[str, int] = {}
    for i, raw in enumerate(top.items("units")):
        _unit(state, Fields(raw, f"position.units[{i}]"), names, factions)
    for i, raw in enumerate(top.items("cities")):
        _city(state, Fields(raw, f"position.cities[{i}]"))
    for p, rel in zip(state.players, top.items("relics", most=n, per="one per player")):
        p.relics = _names(rel, f"position.relics[{p.index}]", c.relics, 0, len(c.relics))
    if "relic_deck" in spec:
        deck = _names(spec["relic_deck"], "position.relic_deck", c.relics, 0, len(c.relics))
        if state.options.get("relics"):
            state.relic_deck = deck
    state.options["names"] = names
    state.order = list(range(n))
    state.first_player = top.whole("current", 0, 0, n - 1)
    state.phase = "command"
    state.round = top.whole("round", 1, 1, 999)
    events.append(Event("ruling", PREPARED_POSITION))
    flow.begin_phase(state, state.first_player, events)


def _unit(state: DWState, fs: Fields, names: dict, factions: list) -> None:
    """Puts the unit `fs` reads on the board, its name in `names`."""
    fs.only(UNIT_KEYS)
    c = state.catalog
    cls = known(fs.at("class"), fs.text("class"), c.classes)
    owner = fs.whole("player", low=0, high=len(state.players) - 1)
    faction = known(fs.at("faction"), fs.text("faction", state.players[owner].factions[0]), factions)
    tier = c.classes[cls].tier
    veteran = fs.flag("veteran")
    if veteran and tier != "advanced":
        raise FieldError(f"{fs.at('veteran')}: only advanced units have veteran cards, and a {cls} is {tier} "
                         "(dice_wars.txt § Challenge VII)")
    card = c.card(cls, None if tier == "hero" else faction, veteran)
    u = Unit(state.next_uid, cls, faction, owner, tier, fs.whole("hp", card.hp, 1, card.hp), card.hp,
             veteran=veteran, card=card)
    u.pos = fs.parsed("at", parse_hex)
    if u.pos not in state.board.terrain:
        raise FieldError(f"{fs.at('at')}: {cut(fs.raw['at'])} is off the map")
    if u.pos in state.occupied:
        raise FieldError(f"{fs.at('at')}: {cut(fs.raw['at'])} is already occupied")
    u.facing = fs.whole("facing", 0, 0, 5)
    u.guarding = fs.flag("guarding")
    name = fs.text("name", f"u{u.uid}")
    if name in names:
        raise FieldError(f"{fs.at('name')}: {cut(name)} names another unit already")
    state.units[u.uid] = u
    state.occupied[u.pos] = u.uid
    state.next_uid += 1
    names[name] = u.uid


def _city(state: DWState, fs: Fields) -> None:
    """A city's card and holder; its sigil leaves the pile."""
    fs.only(CITY_KEYS)
    city = state.cities[fs.whole("city", low=0, high=len(state.cities) - 1)]
    card = fs.raw.get("card")
    city.card = None if card is None else known(fs.at("card"), card, state.catalog.cities)
    city.owner = None if fs.raw.get("owner") is None else fs.whole("owner", low=0, high=len(state.players) - 1)
    if city.card in state.sigils:
        state.sigils.remove(city.card)


def script_param(state: DWState, key: str, value):
    names = state.options.get("names", {})
    if key in ("uid", "target", "carry") and isinstance(value, str):
        if value in names:
            return names[value]
        if key == "target" and hexgrid.is_label(value):
            return list(parse_hex(value))
        hexes = ", nor is it a hex like E5" if key == "target" else ""
        raise ValueError(f"{key}: no unit is named {cut(value)}{hexes} (named: {', '.join(names)})")
    if key == "to" and isinstance(value, str):
        try:
            return list(parse_hex(value))
        except ValueError as e:
            raise ValueError(f"to: {e}") from None
    return value


def script_check(state: DWState, key: str, want) -> list[str]:
    if key == "units":
        def read(uid, f, v):
            u = state.units[uid]
            if f == "at":
                return u.pos, parse_hex(v) if v is not None else None
            if f == "alive":
                return u.hp > 0, v
            if f in ("attack", "defense", "move", "range"):
                return stats.static_stat(state, u, f), v
            return getattr(u, f, None), v
        return expectations.named(want, state.options.get("names", {}), read)
    if key in ("cities", "players"):
        return expectations.numbered(want, state.cities if key == "cities" else state.players, what=key[:-1])
    if key == "current":
        if state.current != want:
            return [f"expected player {want} to be in their phase, got {state.current}"]
        return []
    if key == "pending":
        return expectations.value("pending", state.pending.kind if state.pending else None, want)
    return ["unknown expectation"]


def script_state(state: DWState) -> dict:
    names = {v: k for k, v in state.options.get("names", {}).items()}
    return {
        "phase": state.phase, "current": state.current, "round": state.round,
        "units": [{"name": names.get(u.uid, u.uid), "class": u.cls, "player": u.owner, "hp": u.hp,
                   "at": list(u.pos) if u.pos else None, "facing": u.facing, "guarding": u.guarding}
                  for u in state.units.values()],
        "cities": [{"city": c.index, "card": c.card, "owner": c.owner} for c in state.cities],
        "players": [{"name": p.name, "alive": p.alive, "crowns": p.crowns, "relics": p.relics} for p in state.players],
    }
