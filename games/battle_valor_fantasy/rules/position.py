"""Custom positions for scripts, tutorials and tests: the setup option
`position` puts named units straight onto the table in a chosen phase,
skipping deployment; and the script hooks that name units in words.
Format: docs/games/battle_valor_fantasy.md § Positions.
"""
from __future__ import annotations

from dataclasses import replace

from pydantic import ValidationError

from engine.core import expectations
from engine.core.words import PREPARED_POSITION
from engine.core.catalog import error_words
from engine.core.fields import FieldError, Fields, known
from engine.core.limits import cut
from engine.core.rules import Event
from engine.table.formations import Frame
from games.battle_valor_fantasy.rules import alliance, characters, flow, reserves, space
from games.battle_valor_fantasy.rules.army import unit_profile
from games.battle_valor_fantasy.rules.defs import ArmyList
from games.battle_valor_fantasy.rules.state import BVFState, Stand, Unit

UNIT_KEYS = {"name", "player", "kind", "unit", "at", "facing", "formation", "files", "orders", "fleeing",
             "figures", "engaged", "activated", "dice", "level", "stands_at", "effects", "with", "hidden",
             "rerolls", "reserve"}
TOP_KEYS = {"units", "phase", "turn", "initiative", "current", "turns"}


def build(state: BVFState, spec: dict, ev: list[Event]) -> None:
    top = Fields(spec, "position")
    top.only(TOP_KEYS)
    state.units.clear()
    seats: dict[int, int] = {}
    names: dict[str, int] = {}
    sid = 0
    c = state.catalog
    raws = top.items("units")
    for i, raw in enumerate(raws):
        fs = Fields(raw, f"position.units[{i}]")
        fs.only(UNIT_KEYS)
        owner = fs.whole("player", 0, 0, 3)
        if state.alliance is not None:      # a Grand Alliance: `player` is the seat, the owner its side
            if not 0 <= owner < len(state.alliance.sides):
                raise ValueError(f"{fs.at('player')}: a seat from 0 to {len(state.alliance.sides) - 1}")
            seats[i] = owner
            owner = state.alliance.sides[owner]
        elif owner not in (0, 1):
            raise ValueError(f"{fs.at('player')}: a seat, 0 or 1, was expected, not {owner} (two players)")
        kind = fs.text("kind", "unit")
        name = fs.text("name", f"u{i}")
        if kind == "unit":
            prof = _profile(c, state, fs, name, seats.get(i), owner)
            u = Unit(i, owner, name, "unit", prof, prof.experience)
            figs = fs.whole("figures", prof.figures, 0, 100)
            for k in range(prof.stands):
                u.stands.append(Stand(sid, 0.0, 0.0, 0.0, figs if figs else prof.figures,
                                      command=(k == 0 and prof.command)))
                sid += 1
            u.standard = prof.command
            u.start_stands = prof.stands
            u.files = fs.whole("files", prof.stands, 1, prof.stands)
            u.formation = fs.one_of("formation", tuple(c.formations), "line")
            state.options.setdefault("points", {})[name] = prof.points
        elif kind == "general" or (kind == "wizard" and "with" not in raw):
            u = Unit(i, owner, name, kind, None, fs.one_of("level", tuple(c.experience), "regular"))
            u.stands.append(Stand(sid, 0.0, 0.0, 0.0, 1, command=True))
            u.start_stands = 1
            sid += 1
            u.rerolls = fs.whole("rerolls", 3, 0, 99) if kind == "general" else 0
            u.dice = fs.whole("dice", 10, 0, 99)
        elif kind in characters.KINDS or kind == "wizard":
            u = Unit(i, owner, name, kind, None, fs.one_of("level", tuple(c.experience), "regular"))
            u.start_stands = 1
            u.dice = fs.whole("dice", 10, 0, 99) if kind == "wizard" else u.dice
            if "with" in raw:             # attached: no stand of its own (characters.py)
                if raw["with"] not in names:
                    raise ValueError(f"{fs.at('with')}: no unit named {cut(raw['with'])} listed before it")
                u.attached = names[raw["with"]]
                u.hidden = fs.flag("hidden")
                u.deployed = True
                u.orders = fs.texts("orders")
                state.units[u.uid] = u
                names[name] = u.uid
                continue
            u.stands.append(Stand(sid, 0.0, 0.0, 0.0, 1, command=True))
            sid += 1
        else:
            raise ValueError(f"{fs.at('kind')}: unit, general, wizard or {', '.join(characters.KINDS)}")
        u.facing = fs.number("facing", 0.0, -360.0, 360.0)
        if fs.flag("reserve"):          # held in reserve (reserves.py): not on the table yet
            u.marks = u.marks + (reserves.MARK,)
            state.units[u.uid] = u
            names[name] = u.uid
            continue
        if "at" not in raw:
            raise ValueError(f"{fs.where}: give `at` (the command stand's centre)")
        x, y = fs.point("at", -1000.0, 1000.0)
        u.deployed = True
        space.put(state, u, space.layout(u, Frame(x, y, u.facing)))
        u.orders = fs.texts("orders")
        u.fleeing = fs.flag("fleeing")
        u.activated = fs.flag("activated")
        u.effects = fs.mapping("effects")
        state.units[u.uid] = u
        names[name] = u.uid
    for i, raw in enumerate(raws):
        fs = Fields(raw, f"position.units[{i}]")
        for other in fs.texts("engaged"):
            if other not in names:
                raise ValueError(f"{fs.at('engaged')}: no unit is named {cut(other)} (named: {', '.join(names)})")
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
    state.turn = top.whole("turn", 1, 1, 99)
    if "turns" in spec:
        state.turns = top.whole("turns", low=1, high=99)
    state.initiative = top.whole("initiative", 0, 0, len(state.players) - 1)
    state.current = top.whole("current", state.initiative, 0, len(state.players) - 1)
    state.deploy_queue = ()
    phase = spec.get("phase", "orders")
    if not isinstance(phase, str) or phase not in ("orders", "fate") + flow.PHASES:
        raise ValueError(f"position.phase: one of orders, {', '.join(flow.PHASES)}")
    state.phase = phase
    if phase not in ("orders", "fate"):
        for pl in state.players:
            pl.orders_placed = True
            pl.fate_done = True
    if phase == "orders":
        reserves.call_up(state, ev)
    ev.append(Event("ruling", PREPARED_POSITION))


def _profile(c, state: BVFState, fs: Fields, name: str, seat: int | None, owner: int):
    """The profile of a position's unit, its `unit:` entry read as an army
    list's unit whose names the bestiary knows (a test position may break
    the army rules: a 2-stand unit of infantry)."""
    lu = fs.mapping("unit")
    lu.setdefault("name", name)
    race = (alliance.of(state).armies[seat] if seat is not None else state.players[owner].army).race
    try:
        army = ArmyList.model_validate({"name": "position", "points": 1000, "race": race, "units": [lu]})
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(p) for p in err["loc"][2:])
        raise FieldError(f"{fs.at('unit')}{'.' + loc if loc else ''}: {error_words(err)}") from None
    u = army.units[0]
    for key, value, names in (("troop", u.troop, c.troops), ("race", u.race, c.races), ("weapon", u.weapon, c.weapons),
                              ("missile", u.missile, c.weapons), ("armour", u.armour, c.armour),
                              ("mount", u.mount, c.mounts)):   # a position may break the army rules, not the bestiary
        known(f"{fs.at('unit')}.{key}", value, names, none=True)
    return unit_profile(c, army, 0)


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
            "split": u.split, "at": _at(u)}


def _at(u: Unit) -> list | None:
    """Where the unit stands: its command stand's centre (else its first
    stand's), to a tenth of an inch, as a script's `at` gives it."""
    s = u.command_stand() or (u.stands[0] if u.stands else None)
    return None if s is None else [round(s.x, 1), round(s.y, 1)]


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

