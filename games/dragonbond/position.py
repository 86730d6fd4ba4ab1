"""Custom positions for scripts, tutorials and tests: the setup option
`position` puts named units straight onto the table in the battle phase,
skipping army lists, bonds, face-offs and deployment; and the script hooks
that name units in words.  Format: docs/games/dragonbond.md § Positions.
"""
from __future__ import annotations

import math

from engine.core import expectations
from engine.core.rules import Event
from games.dragonbond import setup, space, stats, turns
from games.dragonbond.catalog import cat
from games.dragonbond.state import DBState, Model

UNIT_KEYS = {"name", "player", "unit", "captain", "archetype", "at", "centre", "models", "wounds", "injuries",
             "fatigue", "exhaustion", "damage", "slow", "immobilized", "captain_alive", "captain_at"}
TOP_KEYS = {"units", "round", "current", "order", "turns", "scores", "bonds", "mounted", "mode"}


def build(state: DBState, spec: dict, dice, events: list) -> None:
    if not isinstance(spec, dict):
        raise ValueError("position: a mapping")
    bad = set(spec) - TOP_KEYS
    if bad:
        raise ValueError(f"position: unknown field {sorted(bad)[0]!r} (known: {', '.join(sorted(TOP_KEYS))})")
    if "mode" in spec:
        state.options["mode"] = spec["mode"]
    state.units.clear()
    state.next_uid = 1
    names: dict[str, int] = {}
    for i, raw in enumerate(spec.get("units", [])):
        where = f"position.units[{i}]"
        unknown = set(raw) - UNIT_KEYS
        if unknown:
            raise ValueError(f"{where}: unknown field {sorted(unknown)[0]!r}")
        card_id = raw.get("unit")
        if card_id not in cat().units:
            raise ValueError(f"{where}.unit: unknown unit card {card_id!r}")
        c = cat().units[card_id]
        owner = int(raw["player"])
        if not 0 <= owner < len(state.players):
            raise ValueError(f"{where}.player: no player {owner}")
        captain = raw.get("captain")
        archetype = raw.get("archetype")
        if c.kind == "unit" and captain is None:
            captain = next((k for k, v in cat().captains.items() if v.unit == card_id), None)
        if c.kind != "unit" and archetype is None:
            archetype = next((k for k, v in cat().archetypes.items() if card_id in v.units), None)
        if captain is not None and captain not in cat().captains:
            raise ValueError(f"{where}.captain: unknown captain {captain!r}")
        if archetype is not None and archetype not in cat().archetypes:
            raise ValueError(f"{where}.archetype: unknown archetype {archetype!r}")
        u = setup.add_unit(state, owner, card_id, captain, archetype)
        n = int(raw.get("models", c.models))
        if "at" in raw:
            pts = [(float(p[0]), float(p[1])) for p in raw["at"]]
        elif "centre" in raw:
            pts = setup.formation(card_id, n, float(raw["centre"][0]), float(raw["centre"][1]))
        else:
            raise ValueError(f"{where}: give `at` (a position per model) or `centre`")
        alive_captain = bool(raw.get("captain_alive", captain is not None))
        cap_i = int(raw.get("captain_at", 0))
        u.models = [Model(k, x, y, captain=alive_captain and k == cap_i) for k, (x, y) in enumerate(pts)]
        u.captain_alive = alive_captain
        u.sacrificed = captain is not None and not alive_captain
        u.deployed = True
        for key in ("wounds", "injuries", "fatigue", "exhaustion", "slow", "immobilized"):
            setattr(u, key, int(raw.get(key, 0)))
        u.damage = [-1] * int(raw.get("damage", 0))
        names[raw.get("name", f"u{u.uid}")] = u.uid
    for pair in spec.get("bonds", []):
        g, d = (state.units[names[x]] for x in pair)
        g.bonded, d.bonded = d.uid, g.uid
    for gname in spec.get("mounted", []):
        g = state.units[names[gname]]
        d = state.units[g.bonded]
        g.models = []
        g.riding, d.rider = d.uid, g.uid
    state.touch()
    for u in state.units.values():
        for f in space.feet(state, u):
            if not state.table.on_table(f):
                raise ValueError(f"position: a model of {stats.card(u).name} is off the table at ({f.x}, {f.y})")
    state.options["names"] = names
    for p in state.players:
        p.bond_declared = True
    state.phase = "battle"
    state.round = int(spec.get("round", 1))
    n = len(state.players)
    cur = int(spec.get("current", 0))
    state.current = cur
    state.order = list(spec.get("order") or [(cur + k) % n for k in range(n)])
    for p in state.players:
        p.turns = turns.turns_for(state, p.index)[0]
    for p, t in zip(state.players, spec.get("turns", [])):
        p.turns = int(t)
    for p, s in zip(state.players, spec.get("scores", [])):
        p.score = int(s)
    for p in state.players:
        p.out = not turns.units_of(state, p.index)
    events.append(Event("ruling", "Custom position: " + ", ".join(names), "docs/scripts.md"))


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
            got = space.controller(state, objs[int(i)])
            if got != v:
                out.append(f"objective {i}: expected {v!r}, got {got!r}")
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
