"""Custom positions for scripts, tutorials and tests: the setup option
`position` puts named units straight onto the table in a chosen phase,
skipping deployment; and the script hooks that name units in words.
Format: docs/games/battle_valor_fantasy.md § Positions.
"""
from __future__ import annotations

from dataclasses import replace

from engine.core import expectations
from engine.core.rules import Event
from engine.table.formations import Frame
from games.battle_valor_fantasy import alliance, characters, reserves, space, turns
from games.battle_valor_fantasy.army import unit_points, unit_profile
from games.battle_valor_fantasy.catalog import cat
from games.battle_valor_fantasy.defs import ArmyList
from games.battle_valor_fantasy.state import BVFState, Stand, Unit

UNIT_KEYS = {"name", "player", "kind", "unit", "at", "facing", "formation", "files", "orders", "fleeing",
             "figures", "engaged", "activated", "dice", "level", "stands_at", "effects", "with", "hidden",
             "rerolls", "reserve"}
TOP_KEYS = {"units", "phase", "turn", "initiative", "current", "turns"}


def build(state: BVFState, spec: dict, ev: list[Event]) -> None:
    if not isinstance(spec, dict):
        raise ValueError("position: a mapping")
    bad = set(spec) - TOP_KEYS
    if bad:
        raise ValueError(f"position: unknown field {sorted(bad)[0]!r} (known: {', '.join(sorted(TOP_KEYS))})")
    state.units.clear()
    seats: dict[int, int] = {}
    names: dict[str, int] = {}
    sid = 0
    c = cat()
    for i, raw in enumerate(spec.get("units", [])):
        where = f"position.units[{i}]"
        unknown = set(raw) - UNIT_KEYS
        if unknown:
            raise ValueError(f"{where}: unknown field {sorted(unknown)[0]!r}")
        owner = int(raw.get("player", 0))
        if state.alliance is not None:      # a Grand Alliance: `player` is the seat, the owner its side
            if not 0 <= owner < len(state.alliance.sides):
                raise ValueError(f"{where}.player: a seat from 0 to {len(state.alliance.sides) - 1}")
            seats[i] = owner
            owner = state.alliance.sides[owner]
        elif owner not in (0, 1):
            raise ValueError(f"{where}.player: 0 or 1")
        kind = raw.get("kind", "unit")
        name = raw.get("name", f"u{i}")
        if kind == "unit":
            lu = dict(raw.get("unit") or {})
            lu.setdefault("name", name)
            army = ArmyList.model_validate({"name": "position", "points": 1000,
                                            "race": (state.alliance.armies[seats[i]] if i in seats else
                                                     state.players[owner].army).race, "units": [lu]})
            prof = unit_profile(c, army, 0)
            u = Unit(i, owner, name, "unit", prof, prof.experience)
            figs = int(raw.get("figures", prof.figures))
            for k in range(prof.stands):
                u.stands.append(Stand(sid, 0.0, 0.0, 0.0, figs if figs else prof.figures,
                                      command=(k == 0 and prof.command)))
                sid += 1
            u.standard = prof.command
            u.start_stands = prof.stands
            u.files = int(raw.get("files", prof.stands))
            u.formation = raw.get("formation", "line")
            state.options.setdefault("points", {})[name] = unit_points(c, army.units[0])
        elif kind == "general" or (kind == "wizard" and "with" not in raw):
            u = Unit(i, owner, name, kind, None, raw.get("level", "regular"))
            u.stands.append(Stand(sid, 0.0, 0.0, 0.0, 1, command=True))
            u.start_stands = 1
            sid += 1
            u.rerolls = int(raw.get("rerolls", 3)) if kind == "general" else 0
            u.dice = int(raw.get("dice", 10))
        elif kind in characters.KINDS or kind == "wizard":
            u = Unit(i, owner, name, kind, None, raw.get("level", "regular"))
            u.start_stands = 1
            u.dice = int(raw.get("dice", 10)) if kind == "wizard" else u.dice
            if "with" in raw:             # attached: no stand of its own (characters.py)
                if raw["with"] not in names:
                    raise ValueError(f"{where}.with: no unit named {raw['with']!r} listed before it")
                u.attached = names[raw["with"]]
                u.hidden = bool(raw.get("hidden", False))
                u.deployed = True
                u.orders = list(raw.get("orders", []))
                state.units[u.uid] = u
                names[name] = u.uid
                continue
            u.stands.append(Stand(sid, 0.0, 0.0, 0.0, 1, command=True))
            sid += 1
        else:
            raise ValueError(f"{where}.kind: unit, general, wizard or {', '.join(characters.KINDS)}")
        if raw.get("reserve"):          # held in reserve (reserves.py): not on the table yet
            u.marks = u.marks + (reserves.MARK,)
            u.facing = float(raw.get("facing", 0.0))
            state.units[u.uid] = u
            names[name] = u.uid
            continue
        if "at" not in raw:
            raise ValueError(f"{where}: give `at` (the command stand's centre)")
        u.facing = float(raw.get("facing", 0.0))
        u.deployed = True
        frame = Frame(float(raw["at"][0]), float(raw["at"][1]), u.facing)
        space.put(state, u, space.layout(u, frame))
        u.orders = list(raw.get("orders", []))
        u.fleeing = bool(raw.get("fleeing", False))
        u.activated = bool(raw.get("activated", False))
        u.effects = dict(raw.get("effects", {}))
        state.units[u.uid] = u
        names[name] = u.uid
    for i, raw in enumerate(spec.get("units", [])):
        for other in raw.get("engaged", []):
            a, b = state.units[names[raw.get("name", f"u{i}")]], state.units[names[other]]
            if b.uid not in a.engaged:
                a.engaged += (b.uid,)
                a.rounds[b.uid] = 1
            if a.uid not in b.engaged:
                b.engaged += (a.uid,)
                b.rounds[a.uid] = 1
    state.touch()
    for u in state.units.values():
        for f in (space.feet(state, u) if u.deployed else ()):
            if not state.table.on_table(f):
                raise ValueError(f"position: a stand of {u.name} is off the table at ({f.x:.2f}, {f.y:.2f})")
    state.options["names"] = names
    if state.alliance is not None:
        generals = tuple(next((uid for uid, q in seats.items() if q == seat and state.units[uid].kind == "general"),
                              -1) for seat in range(len(state.alliance.sides)))
        state.alliance = replace(state.alliance, unit_seat=seats, generals=generals)
    state.turn = int(spec.get("turn", 1))
    if "turns" in spec:
        state.turns = int(spec["turns"])
    state.initiative = int(spec.get("initiative", 0))
    state.current = int(spec.get("current", state.initiative))
    state.deploy_queue = ()
    phase = spec.get("phase", "orders")
    if phase not in ("orders", "fate") + turns.PHASES:
        raise ValueError(f"position.phase: one of orders, {', '.join(turns.PHASES)}")
    state.phase = phase
    if phase not in ("orders", "fate"):
        for pl in state.players:
            pl.orders_placed = True
            pl.fate_done = True
    if phase == "orders":
        reserves.call_up(state, ev)
    ev.append(Event("ruling", "Custom position: " + ", ".join(names), "docs/scripts.md"))


def script_param(state: BVFState, key: str, value):
    names = state.options.get("names", {})
    if key in ("uid", "target", "target2") and isinstance(value, str):
        if value in names:
            return names[value]
        raise ValueError(f"{key}: no unit is named {value!r} (named: {', '.join(names)})")
    if key in ("casters", "wizards") and isinstance(value, list):
        return [names.get(v, v) if isinstance(v, str) else v for v in value]
    if key == "orders" and isinstance(value, list):
        return [[names.get(u, u) if isinstance(u, str) else u, o] for u, o in value]
    if key == "fate" and isinstance(value, str):
        return names[value]
    return value


def _unit_fields(state: BVFState, u: Unit) -> dict:
    names = {v: k for k, v in state.options.get("names", {}).items()}
    return {"stands": len(u.stands), "figures": u.figures(), "alive": u.alive, "fleeing": u.fleeing,
            "formation": u.formation, "files": u.files, "orders": list(u.orders), "activated": u.activated,
            "engaged": sorted(names.get(x, x) for x in u.engaged), "stragglers": len(u.stragglers),
            "command": u.command_stand() is not None, "wounds": u.wounds, "crew_wounds": u.crew_wounds,
            "facing": round(u.facing, 1), "points": state.options.get("points", {}).get(u.name),
            "effects": sorted(u.effects), "off_table": u.off_table, "attached": names.get(u.attached, u.attached),
            "hidden": u.hidden, "marks": list(u.marks), "rerolls": u.rerolls,
            "split": u.split}


def script_check(state: BVFState, key: str, want) -> list[str]:
    if key == "units":
        def read(uid, f, v):
            return _unit_fields(state, state.units[uid]).get(f, expectations.UNKNOWN), v
        return expectations.named(want, state.options.get("names", {}), read)
    if key in ("current", "turn", "phase", "initiative"):
        return expectations.value(key, getattr(state, key), want)
    if key == "pending":
        return expectations.value("pending", state.pending[-1].kind if state.pending else None, want)
    if key == "winners":                 # players (in a Grand Alliance: every seat of the winning side)
        return expectations.value("winners", list(alliance.winners(state)), list(want))
    if key == "seat":                    # a Grand Alliance: the seat to decide
        return expectations.value("seat", state.seat, want)
    return ["unknown expectation"]


def script_state(state: BVFState) -> dict:
    """The final state of a script, compact (a 2000-point battle has fifty
    units): each unit's name, player, stands, figures, formation, orders and
    whether it is on the table or fleeing."""
    names = {v: k for k, v in state.options.get("names", {}).items()}
    return {"phase": state.phase, "turn": state.turn, "current": state.current,
            "units": [{"name": names.get(u.uid, u.name), "player": alliance.seat_of(state, u), "stands": len(u.stands),
                       "figures": u.figures(), "formation": u.formation, "orders": list(u.orders),
                       "on_table": u.on_table, "fleeing": u.fleeing} for u in state.units.values()]}

