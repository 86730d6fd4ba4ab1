"""Who is on whose side, what a unit's stats are right now, and which trait
modifiers apply to a roll.  dice_wars.txt § Unit Cards, § Traits,
§ Conditions, § Terrain, § Capturing Cities, Challenge I, II, V.
"""
from __future__ import annotations

from engine.hex import grid as hexgrid
from engine.hex.grid import Hex
from engine.core.words import possessive
from games.dice_wars.rules.state import Cond, DWState, Unit, on_map

R_TRAITS = "dice_wars.txt § Traits"
R_COND = "dice_wars.txt § Conditions"
R_TERRAIN = "dice_wars.txt § Terrain"
R_CITIES = "dice_wars.txt § Capturing Cities"
R_GUARD = "dice_wars.txt § Guarding"
R_FACTION = "dice_wars.txt § Challenge II: faction Bonuses"
R_RELICS = "dice_wars.txt § Challenge I: Ancient Relics"

def card(u: Unit):
    """The unit's card, resolved when the unit came into play or changed (`resolve`)."""
    return u.card


def resolve(state: DWState, u: Unit):
    """Resolve the unit's card from the match's catalog: its class, its
    faction's delta and the veteran's (a new unit, a promotion)."""
    u.card = state.catalog.card(u.cls, None if u.tier == "hero" else u.faction, u.veteran)
    return u.card


# ---- sides -----------------------------------------------------------------
def side(state: DWState, p: int) -> set[int]:
    pl = state.players[p]
    out = {p}
    out.update(pl.allies)
    if pl.team >= 0:
        out.update(q.index for q in state.players if q.team == pl.team)
    return out


def friendly(state: DWState, a: int, b: int) -> bool:
    if a == b:
        return True
    pa = state.players[a]
    return b in pa.allies or (pa.team >= 0 and pa.team == state.players[b].team)


def unit_at(state: DWState, h: Hex) -> Unit | None:
    uid = state.occupied.get(h)
    return state.units[uid] if uid is not None else None


def living(state: DWState, owner: int | None = None):
    for u in state.units.values():
        if u.hp > 0 and u.pos is not None and (owner is None or u.owner == owner):
            yield u


def terrain(state: DWState, h: Hex) -> str:
    return state.board.terrain.get(h, "")


def terrain_kind(cat, t: str) -> str:
    """The terrain a type counts as ("same rough terrain"), from the catalog `cat`."""
    tt = cat.terrain.get(t)
    return tt.same_as or t if tt else t


# ---- cities held ------------------------------------------------------------
def held_cities(state: DWState, p: int) -> list:
    s = side(state, p)
    return [c for c in state.cities if c.owner is not None and c.owner in s]


def near_held_city(state: DWState, u: Unit, card_id: str | None = None) -> bool:
    """In or near (within the card's `near` hexes of) a city held by the
    unit's side.  City traits are shared by all held cities (§ Capturing Cities)."""
    if u.pos is None:
        return False
    for c in held_cities(state, u.owner):
        site = state.board.cities[c.index]
        near = state.catalog.cities[card_id].near if card_id else 2
        for h in site.hexes | site.walls:
            if hexgrid.distance(h, u.pos) <= near:
                return True
    return False


def side_city_cards(state: DWState, p: int) -> set[str]:
    return {c.card for c in held_cities(state, p) if c.card}


# ---- trait sources ------------------------------------------------------------
def trait_sources(state: DWState, u: Unit):
    """(trait, name, citation) triples in effect for unit u, apart from
    auras; cached per state version."""
    if state.cache is None:
        return _trait_sources(state, u)
    key = ("traits", u.uid)
    found = state.cache.get(key)
    if found is None:
        found = state.cache[key] = _trait_sources(state, u)
    return found


def _trait_sources(state: DWState, u: Unit):
    out = []
    c = card(u)
    if c.trait is not None:
        out.append((c.trait, f"{c.name}: {c.trait.name}", R_TRAITS))
    if state.options.get("faction_bonuses") and u.faction in state.catalog.factions:
        f = state.catalog.factions[u.faction]
        out.append((f.bonus, f"{f.name}: {f.bonus.name}", R_FACTION))
    cards = side_city_cards(state, u.owner)
    for cid in cards:
        cc = state.catalog.cities[cid]
        if cc.trait is not None and near_held_city(state, u, cid):
            out.append((cc.trait, f"{cc.name}: {cc.trait.name}", R_CITIES))
    for p in side(state, u.owner):
        for rid in state.players[p].relics:
            r = state.catalog.relics[rid]
            if r.trait is not None and p == u.owner:
                out.append((r.trait, f"{r.name}: {r.trait.name}", R_RELICS))
    return out


def movement_traits(state: DWState, u: Unit) -> dict:
    """Merged movement effects of the unit's own card (and relics)."""
    pass_terrain: set[str] = set()
    m = {"ignore_hindered": False, "pass_terrain": pass_terrain, "pass_enemies": False, "ley_line_travel": False}
    for trait, _, _ in trait_sources(state, u):
        for e in trait.effects:
            if e.kind == "movement":
                m["ignore_hindered"] |= e.ignore_hindered
                pass_terrain.update(e.pass_terrain)
                m["pass_enemies"] |= e.pass_enemies
                m["ley_line_travel"] |= e.ley_line_travel
    return m


def has_effect(state: DWState, u: Unit, kind: str):
    for trait, name, rule in trait_sources(state, u):
        for e in trait.effects:
            if e.kind == kind:
                return e, name, rule
    return None


def immune_to(state: DWState, u: Unit, status: str) -> str | None:
    for trait, name, _ in trait_sources(state, u):
        for e in trait.effects:
            if e.kind == "immune" and status in e.statuses:
                return name
    return None


def has_status(u: Unit, status: str) -> Cond | None:
    for c in u.conds:
        if c.stat == "status" and c.status == status:
            return c
    return None


# ---- stats ---------------------------------------------------------------------
def auras(state: DWState) -> list:
    """Every aura on the board: (source unit, trait, effect); cached."""
    cache = state.cache
    found = cache.get("auras") if cache is not None else None
    if found is None:
        found = []
        for src in living(state):
            t = card(src).trait
            if t is not None:
                found.extend((src, t, e) for e in t.effects if e.kind == "aura")
        if cache is not None:
            cache["auras"] = found
    return found


def aura_delta(state: DWState, u: Unit, stat: str, notes: list | None = None) -> int:
    total = 0
    if u.pos is None:
        return 0
    for src, t, e in auras(state):
        if src.uid == u.uid or e.stat != stat:
            continue
        if hexgrid.distance(src.pos, u.pos) > e.range:
            continue
        enemy = not friendly(state, src.owner, u.owner)
        if (e.affects == "enemies") == enemy:
            total += e.amount
            if notes is not None:
                notes.append((f"{possessive(card(src).name)} {t.name} {e.amount:+d} {stat}", R_TRAITS))
    return total


def cond_delta(u: Unit, stat: str, notes: list | None = None) -> int:
    total = 0
    for c in u.conds:
        if c.stat == stat:
            total += c.amount
            if notes is not None:
                notes.append((f"{c.source} {c.amount:+d} {stat}", R_COND))
    return total


def static_stat(state: DWState, u: Unit, stat: str, notes: list | None = None) -> int:
    """A stat as the card shows it now: card value, conditions, auras and
    always-on (unconditional) trait modifiers.  Attack "M" reads as 0."""
    if notes is None:
        if state.cache is None:
            return static_stat(state, u, stat, [])
        key = ("stat", u.uid, stat)
        v = state.cache.get(key)
        if v is None:
            v = state.cache[key] = static_stat(state, u, stat, [])
        return v
    c = card(u)
    base = getattr(c, stat)
    base = 0 if base == "M" else base
    total = base + cond_delta(u, stat, notes) + aura_delta(state, u, stat, notes)
    for trait, name, rule in trait_sources(state, u):
        for e in trait.effects:
            if e.kind == "modifier" and e.stat == stat and _unconditional(e.when):
                total += e.amount
                if notes is not None:
                    notes.append((f"{name} {e.amount:+d} {stat}", rule))
    return total


def _unconditional(w) -> bool:
    return all(v is None for v in (w.attacking, w.weapon, w.from_behind, w.self_terrain, w.target_terrain,
                                   w.adjacent_terrain, w.adjacent_enemies_min, w.adjacent_allies_min,
                                   w.guarding, w.damaged, w.target_tier, w.counterstrike))


def is_magic(u: Unit) -> bool:
    return card(u).attack == "M"


def attack_kind(u: Unit) -> str:
    return "magic" if is_magic(u) else card(u).weapon


def when_holds(state: DWState, w, u: Unit, other: Unit | None, attacking: bool | None, kind: str | None,
               counterstrike: bool = False) -> bool:
    if w.attacking is not None and w.attacking != attacking:
        return False
    if w.weapon is not None and kind not in w.weapon:
        return False
    if w.counterstrike is not None and w.counterstrike != counterstrike:
        return False
    if w.from_behind is not None:
        if other is None or attacking is None:
            return False
        att, dfn = (u, other) if attacking else (other, u)
        if hexgrid.is_behind(on_map(dfn), dfn.facing, on_map(att)) != w.from_behind:
            return False
    if w.self_terrain is not None and not _terrain_in(state, u.pos, w.self_terrain):
        return False
    if w.target_terrain is not None and (other is None or not _terrain_in(state, other.pos, w.target_terrain)):
        return False
    if w.adjacent_terrain is not None:
        if not any(_terrain_in(state, n, w.adjacent_terrain) for n in hexgrid.neighbors(on_map(u))):
            return False
    if w.adjacent_enemies_min is not None or w.adjacent_allies_min is not None:
        en = al = 0
        for n in hexgrid.neighbors(on_map(u)):
            o = unit_at(state, n)
            if o is not None:
                if friendly(state, o.owner, u.owner):
                    al += 1
                else:
                    en += 1
        if w.adjacent_enemies_min is not None and en < w.adjacent_enemies_min:
            return False
        if w.adjacent_allies_min is not None and al < w.adjacent_allies_min:
            return False
    if w.guarding is not None and u.guarding != w.guarding:
        return False
    if w.damaged is not None and (u.hp < u.max_hp) != w.damaged:
        return False
    if w.target_tier is not None and (other is None or other.tier not in w.target_tier):
        return False
    return True


def _terrain_in(state: DWState, h: Hex | None, ids) -> bool:
    if h is None:
        return False
    t = terrain(state, h)
    return t in ids or terrain_kind(state.catalog, t) in ids


STATIC_STATS = ("attack", "defense", "move", "range")


def roll_modifier(state: DWState, u: Unit, other: Unit | None, stat: str, attacking: bool | None,
                  kind: str | None, notes: list, counterstrike: bool = False) -> int:
    """Situational trait modifiers (stat: attack/defense/range/magic/check/
    damage) for u in this roll, with Chirality (Octarine units borrow the
    faction bonus of the unit they target)."""
    total = 0
    sources = list(trait_sources(state, u))
    if (attacking and other is not None and state.options.get("faction_bonuses")
            and u.faction == "octarine" and other.tier != "hero" and other.faction in state.catalog.factions
            and other.faction != "octarine"):
        f = state.catalog.factions[other.faction]
        sources.append((f.bonus, f"Chirality ({f.name}: {f.bonus.name})", R_FACTION))
    static = stat in STATIC_STATS          # unconditional ones are in static_stat already
    for trait, name, rule in sources:
        for e in trait.effects:
            if e.kind == "modifier" and e.stat == stat and not (static and _unconditional(e.when)):
                if when_holds(state, e.when, u, other, attacking, kind, counterstrike):
                    total += e.amount
                    notes.append((f"{name} {e.amount:+d} {stat}", rule))
    return total


def unit_label(state: DWState, u: Unit) -> str:
    return f"{possessive(state.players[u.owner].name)} {card(u).name}"
