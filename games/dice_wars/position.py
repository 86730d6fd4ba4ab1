"""Custom positions for scripts, tutorials and tests: a setup option
`position` that places named units directly, skipping the army roll and
deployment; and the script hooks that name units and hexes in words."""
from __future__ import annotations

from engine.hex import grid as hexgrid
from engine.core import expectations
from engine.core.rules import Event
from games.dice_wars import phases, stats
from games.dice_wars.state import COLOR_NAMES, DWState, Unit

UNIT_KEYS = {"name", "player", "class", "faction", "at", "facing", "hp", "guarding", "veteran"}


def parse_hex(value):
    """A hex as [q, r] (axial) or a label like "E5" (column letter, row)."""
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return (int(value[0]), int(value[1]))
    if isinstance(value, str) and len(value) >= 2 and value[0].isalpha() and value[1:].isdigit():
        return hexgrid.offset_to_axial(ord(value[0].upper()) - 65, int(value[1:]) - 1)
    raise ValueError(f"not a hex: {value!r} (use a label like E5 or [q, r])")


def build(state: DWState, spec: dict, events: list) -> None:
    n = len(state.players)
    factions = spec.get("factions") or [[f] for f in ("bloodblades", "mercurio", "valegaard", "octarine")[:n]]
    for p, fs in zip(state.players, factions):
        p.factions = list(fs)
        p.name = COLOR_NAMES[fs[0]]
        p.color = stats.cat().factions[fs[0]].color
    names = {}
    for i, raw in enumerate(spec.get("units", [])):
        unknown = set(raw) - UNIT_KEYS
        if unknown:
            raise ValueError(f"position.units[{i}]: unknown field {sorted(unknown)[0]!r}")
        cls = raw["class"]
        if cls not in stats.cat().classes:
            raise ValueError(f"position.units[{i}].class: unknown unit class {cls!r}")
        owner = int(raw["player"])
        faction = raw.get("faction", state.players[owner].factions[0])
        tier = stats.cat().classes[cls].tier
        card = stats.cat().card(cls, None if tier == "hero" else faction, bool(raw.get("veteran", False)))
        u = Unit(state.next_uid, cls, faction, owner, tier, int(raw.get("hp", card.hp)), card.hp,
                 veteran=bool(raw.get("veteran", False)))
        u.pos = parse_hex(raw["at"])
        if u.pos not in state.board.terrain:
            raise ValueError(f"position.units[{i}].at: {raw['at']} is off the map")
        if u.pos in state.occupied:
            raise ValueError(f"position.units[{i}].at: {raw['at']} is already occupied")
        u.facing = int(raw.get("facing", 0))
        u.guarding = bool(raw.get("guarding", False))
        state.units[u.uid] = u
        state.occupied[u.pos] = u.uid
        state.next_uid += 1
        names[raw.get("name", f"u{u.uid}")] = u.uid
    for c in spec.get("cities", []):
        city = state.cities[int(c["city"])]
        city.card = c.get("card")
        city.owner = c.get("owner")
        if city.card in state.sigils:
            state.sigils.remove(city.card)
    for p, rel in zip(state.players, spec.get("relics", [])):
        p.relics = list(rel)
    for rid in list(state.relic_deck) + [r for p in state.players for r in p.relics]:
        if rid not in stats.cat().relics:
            raise ValueError(f"position: unknown relic {rid!r} (known: {', '.join(sorted(stats.cat().relics))})")
    for c in spec.get("cities", []):
        if c.get("card") is not None and c["card"] not in stats.cat().cities:
            raise ValueError(f"position.cities: unknown city card {c['card']!r}")
    state.options["names"] = names
    state.order = list(range(n))
    state.first_player = int(spec.get("current", 0))
    state.phase = "command"
    state.round = int(spec.get("round", 1))
    events.append(Event("ruling", "Custom position: " + ", ".join(names), "docs/scripts.md"))
    phases.begin_phase(state, state.first_player, events)


def script_param(state: DWState, key: str, value):
    names = state.options.get("names", {})
    if key in ("uid", "target", "carry") and isinstance(value, str):
        if value in names:
            return names[value]
        if key == "target":
            return list(parse_hex(value))
        raise ValueError(f"{key}: no unit is named {value!r} (named: {', '.join(names)})")
    if key == "to" and isinstance(value, str):
        return list(parse_hex(value))
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
