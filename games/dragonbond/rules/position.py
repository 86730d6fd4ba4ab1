"""Custom positions for scripts, tutorials and tests: the setup option
`position` puts named units straight onto the table in the battle phase,
skipping army lists, bonds, face-offs and deployment; and the script hooks
that name units in words.  Format: docs/games/dragonbond.md § Positions.
"""
from __future__ import annotations

import math

from engine.core import expectations
from engine.core.words import PREPARED_POSITION
from engine.core.fields import FieldError, Fields, known
from engine.core.limits import cut
from engine.core.rules import Event
from games.dragonbond.rules import setup, space, stats, turns
from games.dragonbond.rules.state import DBState, Model

UNIT_KEYS = {"name", "player", "unit", "captain", "archetype", "at", "centre", "models", "wounds", "injuries",
             "fatigue", "exhaustion", "damage", "slow", "immobilized", "captain_alive", "captain_at"}
TOP_KEYS = {"units", "round", "current", "order", "turns", "scores", "bonds", "mounted", "mode"}
COUNTER_MOST = 99          # wounds, fatigue, slow, ... tokens on one unit
SCORE_MOST = 999


def build(state: DBState, spec: dict, dice, events: list) -> None:
    """Every field is read and bounded (engine/core/fields.py) and every name
    checked against the catalog, so a hostile script is refused with the
    field's path: `position.units[2].wounds: a whole number was expected`."""
    top = Fields(spec, "position")
    top.only(TOP_KEYS)
    if "mode" in spec:
        state.options["mode"] = top.one_of("mode", ("control", "annihilation"))
    state.units.clear()
    state.next_uid = 1
    names: dict[str, int] = {}
    where_of: dict[int, str] = {}
    units, keys = _items(top, "units", 200)
    for key in keys:
        u, name = _unit(state, Fields(units.raw[key], units.at(key)))
        if name in names:
            raise FieldError(f"{units.at(key)}.name: {cut(name)} names an earlier unit too")
        names[name] = u.uid
        where_of[u.uid] = units.at(key)
    _bonds(state, top, names)
    state.touch()
    for u in state.units.values():
        for f in space.feet(state, u):
            if not state.table.on_table(f):
                raise ValueError(f"{where_of.get(u.uid, 'position')}: a model of {stats.card(u).name} is off the "
                                 f"table at ({f.x:g}, {f.y:g})")
    state.options["names"] = names
    for p in state.players:
        p.bond_declared = True
    state.phase = "battle"
    state.round = top.whole("round", 1, 1, 99)
    n = len(state.players)
    cur = top.whole("current", 0, 0, n - 1)
    state.current = cur
    order, keys = _items(top, "order", n)
    state.order = [order.whole(k, low=0, high=n - 1) for k in keys] or [(cur + k) % n for k in range(n)]
    if len(set(state.order)) != len(state.order):
        raise FieldError(f"position.order: a player is listed twice in {state.order}")
    for p in state.players:
        p.turns = turns.turns_for(state, p.index)[0]
    counters, keys = _items(top, "turns", n)
    for p, k in zip(state.players, keys):
        p.turns = counters.whole(k, low=0, high=COUNTER_MOST)
    scores, keys = _items(top, "scores", n)
    for p, k in zip(state.players, keys):
        p.score = scores.whole(k, low=0, high=SCORE_MOST)
    for p in state.players:
        p.out = not turns.units_of(state, p.index)
    events.append(Event("ruling", PREPARED_POSITION))


def _unit(state: DBState, fs: Fields):
    """One `units:` entry put on the table: (the unit, its name)."""
    fs.only(UNIT_KEYS)
    card_id = known(fs.at("unit"), fs.text("unit"), state.catalog.units)
    c = state.catalog.units[card_id]
    owner = fs.whole("player", low=0, high=len(state.players) - 1)
    captain = _captain(state.catalog, fs, card_id)
    archetype = known(fs.at("archetype"), fs.text("archetype", None), state.catalog.archetypes, none=True)
    if c.kind == "unit" and captain is None:
        captain = next((k for k, v in state.catalog.captains.items() if v.unit == card_id), None)
    if c.kind != "unit" and archetype is None:
        archetype = next((k for k, v in state.catalog.archetypes.items() if card_id in v.units), None)
    n = fs.whole("models", c.models, 1, c.models)
    high = max(state.table.width, state.table.height)
    if "at" in fs.raw:
        at, keys = _items(fs, "at", c.models)
        pts = [at.point(k, 0.0, high) for k in keys]
        if not pts:
            raise FieldError(f"{fs.at('at')}: give a position [x, y] for each model")
    elif "centre" in fs.raw:
        pts = setup.formation(state.catalog, card_id, n, *fs.point("centre", 0.0, high))
    else:
        raise ValueError(f"{fs.where}: give `at` (a position per model) or `centre`")
    alive_captain = fs.flag("captain_alive", captain is not None)
    cap_i = fs.whole("captain_at", 0, 0, len(pts) - 1)
    u = setup.add_unit(state, owner, card_id, captain, archetype)
    u.models = [Model(k, x, y, captain=alive_captain and k == cap_i) for k, (x, y) in enumerate(pts)]
    u.captain_alive = alive_captain
    u.sacrificed = captain is not None and not alive_captain
    u.deployed = True
    for key in ("wounds", "injuries", "fatigue", "exhaustion", "slow", "immobilized"):
        setattr(u, key, fs.whole(key, 0, 0, COUNTER_MOST))
    u.damage = [-1] * fs.whole("damage", 0, 0, COUNTER_MOST)
    return u, fs.text("name", f"u{u.uid}")


def _bonds(state: DBState, top: Fields, names: dict[str, int]) -> None:
    """`bonds: [[general, dragon], ...]` and `mounted: [general, ...]`."""
    bonds, keys = _items(top, "bonds", len(names))
    for k in keys:
        pair, ends = _items(bonds, k, 2)
        if len(ends) != 2:
            raise FieldError(f"{bonds.at(k)}: a pair [general, dragon] was expected, not {cut(bonds.raw[k])}")
        g, d = (state.units[_named(pair, e, names)] for e in ends)
        if stats.card(g).kind != "general" or not stats.card(d).dragon:
            raise FieldError(f"{bonds.at(k)}: a general, then a dragon (not {stats.card(g).name} and "
                             f"{stats.card(d).name})")
        if g.bonded is not None or d.bonded is not None:
            raise FieldError(f"{bonds.at(k)}: a unit is bonded twice")
        g.bonded, d.bonded = d.uid, g.uid
    riders, keys = _items(top, "mounted", len(names))
    for k in keys:
        g = state.units[_named(riders, k, names)]
        if g.bonded is None or g.riding is not None:
            raise FieldError(f"{riders.at(k)}: {cut(riders.raw[k])} is not a general with a bonded dragon to "
                             f"mount (give the pair in bonds; each general once)")
        d = state.units[g.bonded]
        g.models = []
        g.riding, d.rider = d.uid, g.uid


def _captain(cat, fs: Fields, card_id: str) -> str | None:
    """A captain the catalog knows (absent or null: none given); the message
    names the unit card's own captains (twenty in all)."""
    name = fs.text("captain", None)
    if name is not None and name not in cat.captains:
        own = [k for k, v in cat.captains.items() if v.unit == card_id] or cat.captains
        raise FieldError(f"{fs.at('captain')}: unknown {cut(name)} (known for {card_id}: {', '.join(own)})")
    return name


def _named(fs: Fields, key: str, names: dict[str, int]) -> int:
    """The uid of the unit a field names."""
    name = fs.text(key)
    if name not in names:
        raise FieldError(f"{fs.at(key)}: no unit is named {cut(name)} (named: {', '.join(names)})")
    return names[name]


def _items(fs: Fields, key: str, most: int | None = None) -> tuple[Fields, list[str]]:
    """The items of a list field (absent or null: none), as fields named
    `key[0]`, `key[1]`, ... of `fs`, so each is read and refused by its path."""
    v = fs.items(key, most=most)
    keys = [f"{key}[{k}]" for k in range(len(v))]
    return Fields(dict(zip(keys, v)), fs.where), keys


def script_param(state: DBState, key: str, value):
    names = state.options.get("names", {})
    if key in ("uid", "target", "second", "dragon") and isinstance(value, str):
        if value in names:
            return names[value]
        raise ValueError(f"{key}: no unit is named {value!r} (named: {', '.join(names)})")
    return value


def _pos_close(a, b, tol=0.02) -> bool:
    return len(a) == len(b) and all(math.hypot(p[0] - q[0], p[1] - q[1]) <= tol for p, q in zip(a, b))


def _unit_field(state: DBState, names: dict, u, f: str, v) -> tuple:
    """(got, expected) of a unit's field for a script (expectations.named)."""
    if f == "models":
        return len(u.models), v
    if f == "damage":
        return len(u.damage), v
    if f == "at":                       # the models' places, within 0.02"
        got = [[round(m.x, 3), round(m.y, 3)] for m in u.models]
        return got, got if _pos_close(got, v) else v
    if f == "engaged_with":
        return sorted(k for k, x in names.items() if x in space.in_combat_with(state, u)), sorted(v)
    if f == "speed":
        return stats.speed(state, u), v
    if f == "exhausted":
        return stats.exhausted(u), v
    if f == "mounted":
        return u.rider is not None or u.riding is not None, v
    return getattr(u, f, None), v


def script_check(state: DBState, key: str, want) -> list[str]:
    out = []
    names = state.options.get("names", {})
    if key == "units":
        out += expectations.named(want, names, lambda uid, f, v: _unit_field(state, names, state.units[uid], f, v))
    elif key == "players":
        out += expectations.numbered(want, state.players)
    elif key == "engaged_models":          # {unit: {enemy unit: how many of its models are engaged with it}}
        for name, against in want.items():
            for other, n in against.items():
                if name not in names or other not in names:
                    out.append(f"no unit named {name if name not in names else other!r}")
                    continue
                got = len(space.engaged_models(state, state.units[names[name]], state.units[names[other]]))
                if got != n:
                    out.append(f"engaged_models: {name} has {got} models engaged with {other}, expected {n}")
    elif key in ("current", "round", "phase"):
        out += expectations.value(key, getattr(state, key), want)
    elif key == "pending":
        out += expectations.value("pending", state.pending[-1].kind if state.pending else None, want)
    elif key == "turn":
        t = state.turn
        if want is None:
            if t is not None:
                out.append("expected no unit activated")
        elif t is None:
            out.append("expected an activated unit, got none")
        else:
            for f, v in want.items():
                got = getattr(t, f)
                if f in ("uid", "second") and isinstance(v, str):
                    v = names.get(v)
                if isinstance(got, float):
                    ok = abs(got - v) <= 1e-6
                else:
                    ok = got == v
                if not ok:
                    out.append(f"turn.{f}: expected {v!r}, got {got!r}")
    elif key == "control":
        objs = space.objectives(state)
        for i, v in want.items():
            holder = space.controller(state, objs[int(i)])
            if holder != v:
                out.append(f"objective {i}: expected {v!r}, got {holder!r}")
    else:
        out.append("unknown expectation")
    return out


def script_state(state: DBState) -> dict:
    names = {v: k for k, v in state.options.get("names", {}).items()}
    return {
        "phase": state.phase, "round": state.round, "current": state.current,
        "units": [{"name": names.get(u.uid, u.uid), "unit": u.card, "player": u.owner, "alive": u.alive,
                   "models": [[round(m.x, 3), round(m.y, 3)] for m in u.models], "wounds": u.wounds,
                   "injuries": u.injuries, "fatigue": u.fatigue, "exhaustion": u.exhaustion,
                   "damage": len(u.damage), "slow": u.slow, "immobilized": u.immobilized}
                  for u in state.units.values()],
        "players": [{"name": p.name, "score": p.score, "turns": p.turns, "out": p.out} for p in state.players],
    }
