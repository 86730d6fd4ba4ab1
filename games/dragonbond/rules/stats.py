"""What a unit is right now: its card side, speed, stamina, weapons,
defense, keywords, powers, and the modifiers to each kind of roll.

A bonded general and dragon use their cards' bonded side (dragonbond.txt
§ Card Placement).  While the general rides the dragon the pair is one
unit: the dragon's body, speed, defense and health; both cards' weapons
and powers; both archetypes' mounted side (§ Dragonriding, § Mounting).
"""
from __future__ import annotations

from typing import Any

from engine.core.rules import Event
from engine.core.words import possessive
from games.dragonbond.rules.cache import geo
from games.dragonbond.rules.catalog import parse_keywords
from games.dragonbond.rules.state import DBState, Unit

R_EXHAUST = "dragonbond.txt § Exhaustion Penalty"
R_MOVE_EX = "dragonbond.txt § Movement and Exhaustion"
R_INJURY = "dragonbond.txt § Injury Penalty"
R_FLANK = "dragonbond.txt § Flanking"
R_OCCUPY = "dragonbond.txt § Occupation"
R_FLYING = "dragonbond.txt § Keywords"
R_CHARGE = "dragonbond.txt § Charge [2]"
R_CAPTAIN = "dragonbond.txt § Captain Benefits"
R_SACRIFICE = "dragonbond.txt § Sacrifice"
R_HUGE = "dragonbond.txt § Keywords"
R_MODS = "dragonbond.txt § Modifiers"

ATTACK_ROLLS = {"melee_attack": ("attack", "melee_attack"), "ranged_attack": ("attack", "ranged_attack"),
                "melee_defense": ("defense", "melee_defense"), "ranged_defense": ("defense", "ranged_defense"),
                "power": ("power",), "charge": ("charge",)}


def card(u: Unit):
    """The unit's card (defs.UnitCard), from the catalog it was mustered with."""
    return u.sheet


def bonded(u: Unit) -> bool:
    return u.bonded is not None


def side_value(u: Unit, key: str):
    c = card(u)
    if u.bonded is not None and c.bonded is not None:
        v = getattr(c.bonded, key)
        if v is not None:
            return v
    return getattr(c, key)


def name(state: DBState, u: Unit) -> str:
    n = card(u).name
    if u.rider is not None:
        n = f"{card(state.units[u.rider]).name} riding {n}"
    same = [v for v in state.units.values() if v.card == u.card and v.owner == u.owner]
    if len(same) > 1 and u.captain:
        n += f" ({state.catalog.captains[u.captain].name})"
    return n


def label(state: DBState, u: Unit) -> str:
    return f"{possessive(state.players[u.owner].name)} {name(state, u)}"


def parts(state: DBState, u: Unit) -> list[Unit]:
    """The units whose cards make up `u`: itself, and its rider."""
    if u.rider is not None:
        return [u, state.units[u.rider]]
    return [u]


def mounted(u: Unit) -> bool:
    return u.rider is not None or u.riding is not None


# ---- abilities -----------------------------------------------------------------------

def _archetype_side(state: DBState, u: Unit, mounted_pair: bool):
    if u.archetype is None:
        return None
    a = state.catalog.archetypes[u.archetype]
    if mounted_pair and a.mounted is not None:
        return a.mounted
    return a.regular


def abilities(state: DBState, u: Unit) -> list[tuple]:
    """Every power the unit has now: (power, card unit, source label).  The
    card unit is whose card pays its fatigue (a rider's powers on the
    general's card)."""
    out = []
    pair = u.rider is not None
    for part in parts(state, u):
        for p in side_value(part, "powers") or []:
            out.append((p, part, card(part).name))
        if part.captain and part.captain_alive:
            cap = state.catalog.captains[part.captain]
            out.append((cap.ability, part, cap.name))
        side = _archetype_side(state, part, pair)
        if side is not None:
            assert part.archetype is not None       # a side is only found for a part with an archetype
            for p in side.abilities:
                out.append((p, part, state.catalog.archetypes[part.archetype].name))
    return out


def passive_effects(state: DBState, u: Unit, own: bool = False) -> list[tuple]:
    """(effect, source) of every standing rule on the unit (`own`: only
    those printed on u's own cards, for a rider's stamina track)."""
    g = geo(state)
    key = (u.uid, own)
    hit = g.passives.get(key)
    if hit is not None:
        return hit
    out: list[tuple[Any, str]] = []
    for p, part, src in abilities(state, u):
        if p.timing == "passive" and (not own or part is u):
            out.extend((e, f"{p.name} ({src})") for e in p.effects)
    for part in parts(state, u):
        if part.captain and part.sacrificed and (not own or part is u):
            sac = state.catalog.captains[part.captain].sacrifice
            out.extend((e, f"{sac.name} (sacrifice)") for e in sac.persistent)
    g.passives[key] = out
    return out


def combined_power(state: DBState, u: Unit):
    """(general half, dragon half, general, dragon) while mounted, or None."""
    if u.rider is None:
        return None
    g = state.units[u.rider]
    gs = _archetype_side(state, g, True)
    ds = _archetype_side(state, u, True)
    if gs is None or ds is None or gs.combined is None or ds.combined is None:
        return None
    return gs.combined, ds.combined, g, u


def combined_name(state: DBState, u: Unit) -> str:
    c = combined_power(state, u)
    if c is None:
        return ""
    return c[0].name if c[0].name == c[1].name else f"{c[0].name} & {c[1].name}"


def keywords(state: DBState, u: Unit) -> dict[str, int]:
    g = geo(state)
    hit = g.kw.get(u.uid)
    if hit is not None:
        return hit
    kw = parse_keywords(side_value(u, "keywords"))
    if u.rider is not None:
        kw["dragonriding"] = 0
    for e, _ in passive_effects(state, u):
        if e.kind == "keyword":
            kw[e.keyword] = max(kw.get(e.keyword, 0), e.value)
    g.kw[u.uid] = kw
    return kw


def has(state: DBState, u: Unit, kw: str) -> bool:
    return kw in keywords(state, u)


# ---- numbers ---------------------------------------------------------------------------

def base_speed(state: DBState, u: Unit) -> int:
    s = side_value(u, "speed")
    for e, _ in passive_effects(state, u):
        if e.kind == "speed":
            s += e.amount
    return max(0, s)


def speed(state: DBState, u: Unit) -> int:
    """Speed less one per fatigue token next to the unit (§ Movement and
    Exhaustion)."""
    return max(0, base_speed(state, u) - u.exhaustion)


def stamina(state: DBState, u: Unit) -> int:
    """Stamina slots of the unit's own card, with its bonuses.  A rider's
    card keeps its own track (§ Combined Power: fatigue goes on each card)."""
    s = side_value(u, "stamina")
    if u.riding is not None:
        effects = [e for p, part, _ in abilities(state, state.units[u.riding]) if part is u
                   and p.timing == "passive" for e in p.effects]
    else:
        effects = [e for e, _ in passive_effects(state, u, own=u.rider is not None)]
    for e in effects:
        if e.kind == "stamina":
            s += e.amount
    return max(0, s)


def health(u: Unit) -> int:
    return side_value(u, "health")


def weapons(state: DBState, u: Unit) -> list[tuple]:
    """(weapon, card unit) the unit may attack with; ranged weapons with
    range bonuses applied."""
    bonus = sum(e.amount for e, _ in passive_effects(state, u) if e.kind == "range")
    out = []
    for part in parts(state, u):
        for w in side_value(part, "weapons"):
            if w.type == "ranged" and bonus:
                w = w.model_copy(update={"range": w.range + bonus})
            out.append((w, part))
    return out


def weapon(state: DBState, u: Unit, wname: str):
    for w, part in weapons(state, u):
        if w.name == wname:
            return w, part
    return None, None


def defense_spec(u: Unit, ranged: bool):
    key = "ranged_defense" if ranged else "melee_defense"
    v = side_value(u, key)
    return v if v is not None else side_value(u, "defense")


def epic(state: DBState, u: Unit) -> int:
    return keywords(state, u).get("epic", 0) if "epic" in keywords(state, u) else 0


# ---- fatigue -----------------------------------------------------------------------------

def exhausted(u: Unit) -> bool:
    """Fatigue tokens next to the unit on the battlefield (§ Using Fatigue Tokens)."""
    return u.exhaustion > 0


R_FATIGUE = "dragonbond.txt § Activations and Fatigue"
ACTION_FATIGUE = {"run": 1, "disengage": 1, "charge": 2, "attack": 1}     # § Activations and Fatigue


def pay_action(state: DBState, u: Unit, kind: str, events: list) -> None:
    """The fatigue an action or special action costs (the rules and the
    previews pay it with this same function)."""
    add_fatigue(state, u, ACTION_FATIGUE[kind], events, kind.capitalize(), R_FATIGUE)


def add_fatigue(state: DBState, u: Unit, n, events: list, why: str, rule: str) -> None:
    """Cost n (a number, or "E": one token straight onto the battlefield)."""
    if n == "E":
        u.exhaustion += 1
        events.append(Event("fatigue", f"{name(state, u)}: 1 fatigue next to the unit ({why}); exhausted",
                            "dragonbond.txt § Cost", data={"uid": u.uid}))
        return
    if n <= 0:
        if n < 0:
            remove_fatigue(state, u, -n, events, why, rule)
        return
    cap = stamina(state, u)
    room = max(0, cap - u.fatigue)
    on_card = min(room, n)
    u.fatigue += on_card
    over = n - on_card
    u.exhaustion += over
    text = f"{name(state, u)}: +{n} fatigue ({why})"
    if over:
        text += f", {over} next to the unit: exhausted"
    events.append(Event("fatigue", text, rule, data={"uid": u.uid}))


def remove_fatigue(state: DBState, u: Unit, n, events: list, why: str, rule: str) -> int:
    """Battlefield tokens first (§ Removing Fatigue).  Returns how many."""
    total = u.fatigue + u.exhaustion
    k = total if n == "all" else min(n, total)
    f = min(k, u.exhaustion)
    u.exhaustion -= f
    u.fatigue -= k - f
    if k:
        events.append(Event("fatigue", f"{name(state, u)}: -{k} fatigue ({why})", rule, data={"uid": u.uid}))
    return k
