"""The modifiers to each kind of roll a unit makes: exhaustion, injuries,
terrain it occupies, flanking, Flying, charging, captains' and sacrifices'
standing effects, and temporary effects (dragonbond.txt § Modifiers and
the sections each note cites).  Reads the unit (stats) and the table
(space)."""
from __future__ import annotations

import re

from games.dragonbond.rules import space
from games.dragonbond.rules.state import DBState, Unit
from games.dragonbond.rules.stats import (R_EXHAUST, R_INJURY, R_FLANK, R_OCCUPY, R_FLYING, R_CHARGE, R_CAPTAIN, R_SACRIFICE, R_HUGE, R_MODS, ATTACK_ROLLS, has, mounted, passive_effects)


def _when_ok(state: DBState, u: Unit, when, ctx: dict) -> bool:
    if when.charging is not None and bool(ctx.get("charging")) != when.charging:
        return False
    if when.mounted is not None and mounted(u) != when.mounted:
        return False
    if when.engaged is not None:
        if bool(space.in_combat_with(state, u)) != when.engaged:
            return False
    other = ctx.get("other")
    if when.target_engaged is not None:
        if other is None or bool(space.in_combat_with(state, other)) != when.target_engaged:
            return False
    if when.target_flanked is not None:
        if other is None or (space.flankers(state, other) > 0) != when.target_flanked:
            return False
    if when.weapon is not None and ctx.get("weapon") != when.weapon:
        return False
    return True


OCC_RE = re.compile(r"^\s*([a-z_]+)\s*([+-])\s*(\d+)\s*$")


def occupation_mods(state: DBState, u: Unit) -> list[tuple]:
    """(roll, up, down, source) from terrain the unit occupies."""
    out = []
    for piece in space.occupied_terrain(state, u):
        spec = piece.properties.get("occupation")
        if isinstance(spec, str) and spec.strip():
            for part in spec.split(","):
                m = OCC_RE.match(part)
                if m:
                    k = int(m.group(3))
                    out.append((m.group(1), k if m.group(2) == "+" else 0, k if m.group(2) == "-" else 0,
                                piece.name or piece.type))
            continue
        tt = state.catalog.terrain.get(piece.type)
        if tt is None:
            continue
        for fx in tt.occupation:
            out.append((fx.roll, fx.up, fx.down, piece.name or tt.name))
    return out


def roll_mods(state: DBState, u: Unit, roll: str, ctx: dict | None = None) -> tuple[int, int, list]:
    """(upgrades, downgrades, notes) for a roll of kind `roll` (melee_attack,
    ranged_attack, melee_defense, ranged_defense, power, charge) by `u`.
    ctx: other (the opposing unit), charging, weapon, exhaustion (a card's
    own tokens, for a rider's powers)."""
    ctx = ctx or {}
    kinds = ATTACK_ROLLS[roll]
    up = down = 0
    notes: list = []
    ex = ctx.get("exhaustion", u.exhaustion)
    if ex:
        k = ex * (1 if roll.endswith("defense") else 2)
        down += k
        notes.append((f"exhausted ({ex} token{'s' if ex > 1 else ''}): downgrade {k}", R_EXHAUST))
    if u.injuries and roll != "charge":
        down += u.injuries
        notes.append((f"{u.injuries} injur{'ies' if u.injuries > 1 else 'y'}: downgrade {u.injuries}", R_INJURY))
    huge = has(state, u, "huge")
    for r, a, b, src in occupation_mods(state, u):
        if r in kinds:
            if huge:
                notes.append((f"Huge: ignores {src}", R_HUGE))
                continue
            up += a
            down += b
            notes.append((f"occupying {src}: " + (f"upgrade {a}" if a else f"downgrade {b}"), R_OCCUPY))
    if roll.endswith("defense"):
        f = space.flankers(state, u)
        if f:
            down += f
            notes.append((f"flanked: downgrade {f}", R_FLANK))
        if has(state, u, "flying") and state.turn is not None and u.uid not in state.turn.engaged_start:
            up += 1
            notes.append(("Flying, not engaged when the turn began: upgrade 1", R_FLYING))
    if roll == "melee_attack" and ctx.get("charging"):
        up += 2
        notes.append(("charging: upgrade 2", R_CHARGE))
    for e, src in passive_effects(state, u):
        if e.kind == "modifier" and e.roll in kinds and _when_ok(state, u, e.when, ctx):
            up += e.up
            down += e.down
            notes.append((f"{src}: " + ", ".join(x for x in (f"upgrade {e.up}" if e.up else "",
                                                             f"downgrade {e.down}" if e.down else "") if x),
                           R_SACRIFICE if "sacrifice" in src else R_CAPTAIN))
    for t in u.temp:
        if t.roll in kinds:
            up += t.up
            down += t.down
            notes.append((f"{t.source}: " + ", ".join(x for x in (f"upgrade {t.up}" if t.up else "",
                                                                  f"downgrade {t.down}" if t.down else "") if x),
                          R_MODS))
    return up, down, notes
