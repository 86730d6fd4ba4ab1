"""Characters other than the General: Apothecaries, Assassins, Captains,
Seers and Thieves (§ Characters and the sections of each type), and
Wizards where they join units (a Wizard with a unit casts on the unit's
Spell order: spells.py `wizards_of`).

A character is a `Unit` whose `kind` is its type.  While it is with a unit
(`attached` = that unit's uid) it has no stand of its own: it stands in
base contact with the unit's front rank, moves, flees and dies with it and
can never be singled out (it is always within 2" of a friendly unit).  An
Advance order on the character lets it leave for another unit 6" away; one
that falls short stands alone on the table (one 25 mm stand) and may be shot
at (6s to hit, 3 wounds, heavy armour, the first wounds of each phase
ignored by experience, wounds healed when the phase ends) or charged
(destroyed unless it sidesteps with 2 Successes from 2 dice).

Assassins and Thieves start hidden (`hidden`): the unit is written down face
down; only their owner sees the note (controller `hand`, rules
`hidden_from_others`) until they act.  Decisions: docs/games/
battle_valor_fantasy.md § Characters.
"""
from __future__ import annotations

import math

from engine.core.rules import Event
from engine.core.rulings import reading
from engine.table.formations import Frame, overlapping, short_of
from engine.table.ways import straight
from engine.core.words import possessive
from games.battle_valor_fantasy.rules import alliance, space, stats, success, travel
from games.battle_valor_fantasy.rules.rulings import SIDESTEP
from games.battle_valor_fantasy.rules.state import BVFState, Stand, Unit

KINDS = ("apothecary", "assassin", "captain", "seer", "thief")
TARGETS = KINDS + ("wizard",)       # shot at, charged and wounded as characters (Wizards stand alone)
EXPERIENCE = {"regular": 0, "veteran": 1, "elite": 2}     # § Shooting or Casting Spells against an Enemy Characters;
WOUNDS = 3
EXPOSED = 2.0           # not within 2" of a friendly unit: may be charged or shot at
JOIN_RANGE = 6.0        # the MR of every character

R_CHARACTERS = "battle_valor_fantasy.txt § Characters"
R_MOVING = "battle_valor_fantasy.txt § Moving Characters;"
R_SHOT = "battle_valor_fantasy.txt § Shooting or Casting Spells against an Enemy Characters;"
R_CHARGED = "battle_valor_fantasy.txt § Charging Enemy Characters;"
R_ATTACHED = "battle_valor_fantasy.txt § Characters Attached to Units;"
R_APOTHECARY = "battle_valor_fantasy.txt § Apothecaries 10 Points (Veteran 15 Points, Elite 20 Points)"
R_ASSASSIN = "battle_valor_fantasy.txt § Assassins 10 Points (Veteran 15 Points, Elite 20 Points)"
R_CAPTAIN = "battle_valor_fantasy.txt § Captains 5 Points (Veteran 10 Points, Elite 15 Points)"
R_SEER = "battle_valor_fantasy.txt § Seers 5 Points (Veteran 10 Points, Elite 15 Points)"
R_THIEF = "battle_valor_fantasy.txt § Thieves 5 Points (Veteran 10 Points, Elite 15 Points)"
RULE_OF = {"apothecary": R_APOTHECARY, "assassin": R_ASSASSIN, "captain": R_CAPTAIN, "seer": R_SEER,
           "thief": R_THIEF}
VICTIMS = {"assassin": ("character", "leader", "standard", "musician"), "thief": ("standard", "musician")}
FREE_ACTIONS = ("assassinate", "steal", "seer_advance", "reveal")
SEER_PAIR = ("spell", "reform", "fire", "charge", "attack", "advance")


def is_character(u: Unit) -> bool:
    return u.kind in KINDS


def attaches(u: Unit) -> bool:
    """Joins and leaves units: the five characters and Wizards (§ Moving
    Characters;: "Wizards can choose to operate on their own or be attached
    to a unit")."""
    return u.kind in KINDS or u.kind == "wizard"


def attached_wizard(u: Unit) -> bool:
    return u.kind == "wizard" and u.attached >= 0


def is_target(u: Unit) -> bool:
    """Targeted as a character (§ Characters: "Any character figure, with
    the exception of a General"): these five and Wizards on their own."""
    return u.kind in TARGETS


def title(state, c: Unit) -> str:
    return state.catalog.characters[c.kind].name


def bonus(c: Unit) -> int:
    """Successes a character adds to its own rolls (Veteran +1, Elite +2)."""
    return EXPERIENCE.get(c.level, 0)


def own_mods(state, c: Unit) -> list[tuple[str, int]]:
    b = bonus(c)
    return [(f"{c.level.capitalize()} {title(state, c)}", b)] if b else []


def host(state: BVFState, c: Unit) -> Unit | None:
    if c.attached < 0:
        return None
    return state.units.get(c.attached)


def alive(state: BVFState, c: Unit) -> bool:
    """With its unit while the unit stands (§ Characters Attached to Units;:
    if the unit is destroyed, so is the character), or on the table alone."""
    if not c.alive:
        return False
    if c.attached >= 0:
        h = host(state, c)
        return h is not None and (h.on_table or (h.alive and "reserve" in h.marks))     # with a unit in reserve
    return c.on_table


def with_unit(state: BVFState, u: Unit, kind: str | None = None) -> list[Unit]:
    """The living characters attached to `u` (of one type)."""
    if u.kind != "unit":
        return []
    return [c for c in state.units.values() if c.attached == u.uid and c.alive and (kind is None or c.kind == kind)]


def make(state: BVFState, p: int, army, ch, uid: int, by_name: dict) -> Unit:
    """A character of an army list, with the unit it starts attached to."""
    c = Unit(uid, p, title_of(state.catalog, ch.type), ch.type, None, ch.experience)
    c.attached = by_name.get(ch.attached_to, -1)
    c.hidden = bool(state.catalog.characters[ch.type].hidden)
    c.deployed = True
    c.start_stands = 1
    return c


def title_of(cat, kind: str) -> str:
    return cat.characters[kind].name


def lost_host(state: BVFState, ev: list[Event]) -> None:
    """Characters whose unit is gone go with it (§ Characters Attached to Units;)."""
    for c in state.units.values():
        if c.attached >= 0 and c.alive and attaches(c) and not alive(state, c):
            c.alive = False
            what = "its unit" if c.hidden else state.units[c.attached].name
            ev.append(Event("casualty", f"{possessive(alliance.owner_name(state, c))} {title(state, c)} is lost with {what}", R_ATTACHED,
                            data={"uid": c.uid, "destroyed": True}))


# ---- the Captain and the Apothecary --------------------------------------------------------

def captain_mods(state: BVFState, u: Unit) -> list[tuple[str, int]]:
    """+1 Success attacking and defending (Veteran +2, Elite +3)."""
    out = []
    for c in with_unit(state, u, "captain"):
        b = state.catalog.characters["captain"].bonus
        out.append((f"{c.level.capitalize()} Captain", (b.of(c.level) if b else 1) or 1))
    return out


def apothecary(state: BVFState, u: Unit, lost: int, dice, ev: list[Event]) -> int:
    """After the casualties of an attack are known: 10 dice, each Success
    saves one (Veteran +1, Elite +2)."""
    if lost <= 0:
        return lost
    for c in with_unit(state, u, "apothecary"):
        n = state.catalog.characters["apothecary"].dice
        r = success.roll(dice, f"{possessive(u.name)} Apothecary", (n.of(c.level) if n else 10) or 10, own_mods(state, c))
        saved = min(lost, r.total)
        ev.append(Event("roll", r.text() + f": {saved} casualt{'ies' if saved != 1 else 'y'} saved", R_APOTHECARY,
                        data=r.data()))
        lost -= saved
        if lost <= 0:
            break
    return max(0, lost)


# ---- exposed characters --------------------------------------------------------------------------

def exposed(state: BVFState, c: Unit) -> bool:
    """On its own and not within 2" of a friendly unit."""
    if c.attached >= 0 or not c.on_table:
        return False
    return not any(v.kind == "unit" and space.distance(state, c, v) <= EXPOSED + 1e-9
                   for v in space.friends(state, c))


def target_problem(state: BVFState, t: Unit) -> tuple[str, str] | None:
    if is_target(t) and not exposed(state, t):
        return f"{t.name} is within 2\" of a friendly unit and cannot be singled out", R_MOVING
    return None


def wound(state: BVFState, c: Unit, n: int, ev: list[Event]) -> int:
    """Wounds on a lone character: the first ones of each phase ignored by
    experience; 3 in one phase kill it; the rest heal when the phase ends."""
    key = f"{state.turn}:{state.phase}"
    if c.effects.get("wound_phase") != key:
        c.effects["wound_phase"] = key
        c.wounds = 0
        c.effects["ignored"] = 0
    ig = max(0, bonus(c) - c.effects.get("ignored", 0))
    k = min(ig, n)
    if k:
        c.effects["ignored"] = c.effects.get("ignored", 0) + k
        n -= k
        ev.append(Event("ruling", f"{c.name} ignores {k} wound{'s' if k != 1 else ''} ({c.level.capitalize()})",
                        R_SHOT))
    if n <= 0:
        return 0
    c.wounds += n
    if c.wounds >= WOUNDS:
        kill(state, c, ev, f"takes {c.wounds} wounds in the phase and is slain", R_SHOT)
    else:
        ev.append(Event("casualty", f"{c.name} takes {n} wound{'s' if n != 1 else ''} ({c.wounds} of {WOUNDS} this "
                        "phase; they heal if it survives the phase)", R_SHOT, data={"uid": c.uid, "n": n}))
    state.touch()
    return n


def kill(state: BVFState, c: Unit, ev: list[Event], how: str, rule: str) -> None:
    c.alive = False
    c.stands = []
    c.attached = -1
    ev.append(Event("casualty", f"{possessive(alliance.owner_name(state, c))} {c.name} {how}", rule,
                    data={"uid": c.uid, "destroyed": True}))
    state.touch()


def charged(state: BVFState, u: Unit, c: Unit, reach: float, dice, ev: list[Event]) -> None:
    """A charge at a lone character: destroyed unless it sidesteps (2
    Successes from 2 dice); the charge stops where it stood, or (sidestepped)
    moves its full distance and still destroys it if a stand ends on it."""
    spot = space.centre(state, c)
    dice_only = reading(state, SIDESTEP.id) == "dice_only"       # house ruling (rulings.py)
    r = success.roll(dice, f"{c.name} sidesteps", 2, () if dice_only else own_mods(state, c))
    ev.append(Event("roll", r.text(), R_CHARGED, data=r.data()))
    u.activated = True

    def clear(frame):
        return space.fits(state, u, space.layout(u, frame), ignore=(c.uid,), enemy_gap=space.ADVANCE_GAP) is None
    if r.total < 2:
        kill(state, c, ev, "fails to sidestep and is cut down", R_CHARGED)
        dist = min(reach, math.hypot(spot[0] - space.frame_of(u).x, spot[1] - space.frame_of(u).y))
        frame = short_of(space.block(state, u), spot, _as_far(state, u, c, spot, dist), clear)
        space.put(state, u, space.layout(u, frame))
        ev.append(Event("ruling", f"{possessive(u.name)} charge stops where {c.name} stood", R_CHARGED))
        return
    beyond = _beyond(state, u, spot, reach)
    frame = short_of(space.block(state, u), beyond, _as_far(state, u, c, beyond, reach), clear)
    space.put(state, u, space.layout(u, frame))
    ev.append(Event("ruling", f"{c.name} sidesteps: {u.name} moves its full distance", R_CHARGED))
    if overlapping(space.feet(state, u), space.feet(state, c)):
        kill(state, c, ev, "is still under the charging unit and is destroyed", R_CHARGED)


def _as_far(state: BVFState, u: Unit, c: Unit, toward, dist: float) -> float:
    """How far `u` charging straight toward a point goes: `dist`, unless
    difficult terrain on the way halves the rest or a unit stands in the
    way (the character charged never does: travel.py)."""
    start = space.block(state, u).frame
    dx, dy = toward[0] - start.x, toward[1] - start.y
    L = math.hypot(dx, dy)
    if L <= 1e-9 or dist <= 0:
        return 0.0
    return travel.along_way(state, u, straight(start, dx / L * dist, dy / L * dist), dist, ignore=(c.uid,)).reach


def _beyond(state: BVFState, u: Unit, spot, reach: float):
    f = space.frame_of(u)
    dx, dy = spot[0] - f.x, spot[1] - f.y
    L = math.hypot(dx, dy) or 1.0
    return f.x + dx / L * (reach + 1.0), f.y + dy / L * (reach + 1.0)


# ---- orders ---------------------------------------------------------------------------------------

def order_takers(state: BVFState, p: int) -> list[Unit]:
    """Attached characters (and Wizards) may be given an Advance order to leave their unit."""
    return [c for c in state.units.values() if c.owner == p and attaches(c) and c.attached >= 0
            and alive(state, c)]


def order_problem(u: Unit, o: str) -> tuple[str, str] | None:
    if is_character(u) and o != "advance":
        return f"{u.name} takes only an Advance order (to leave for, or join, a unit)", R_MOVING
    if attached_wizard(u) and o != "advance":
        return (f"{u.name} follows its unit's orders: give the unit a Spell order to cast; its own counter can "
                "only be an Advance order to leave"), R_ATTACHED
    return None


def can_activate(state: BVFState, c: Unit, phase: str) -> bool:
    """An attached character acts only to leave its unit (its Advance order)."""
    return phase == "advance" and "advance" in c.orders and not c.activated and alive(state, c)


def seer_pair(state: BVFState, u: Unit, os: list[str]) -> bool:
    """A unit with a Seer may be issued two different orders and chooses
    which to activate (house: two of those activated in a phase)."""
    return (len(os) == 2 and os[0] != os[1] and all(o in SEER_PAIR for o in os)
            and bool(with_unit(state, u, "seer")))


# ---- leaving and joining a unit --------------------------------------------------------------------

def join_problem(state: BVFState, c: Unit, p: int, to) -> tuple[str, str] | None:
    if not attaches(c) or c.owner != p or not alive(state, c):
        return "Only one of your characters may leave for another unit", R_MOVING
    if state.phase != "advance":
        return "Characters leave and join units in the Advance phase", R_MOVING
    if "advance" not in c.orders or c.activated:
        return f"{c.name} needs an Advance order to leave its unit or join another", R_MOVING
    t = state.units.get(to)
    if t is None or t.owner != p or t.kind != "unit" or not t.on_table or t.uid == c.attached:
        return "Name another of your units on the table", R_MOVING
    if stats.machine(t):
        return "Characters do not join war machines", R_CHARACTERS
    if c.attached >= 0 and state.units[c.attached].engaged:
        return f"{possessive(c.name)} unit is in combat", R_MOVING
    return None


def _start(state: BVFState, c: Unit, toward: tuple[float, float]) -> tuple[float, float]:
    """Where an attached character stands: in base contact with its unit's
    front rank, off to the side nearer where it is going."""
    if c.attached < 0:
        return space.centre(state, c)
    h = state.units[c.attached]
    fr = space.frame_of(h)
    shape = space.shape_of(h)
    half = shape.width * max(1, min(h.files, len(h.stands))) / 2 + 0.5
    a = math.radians(fr.facing + 90.0)
    ends = [(fr.x + math.cos(a) * half * k, fr.y + math.sin(a) * half * k) for k in (1, -1)]
    return min(ends, key=lambda e: math.hypot(e[0] - toward[0], e[1] - toward[1]))


def join(state: BVFState, c: Unit, to: int, ev: list[Event]) -> None:
    t = state.units[to]
    was = c.attached
    c.orders = [o for o in c.orders if o != "advance"]
    c.activated = True
    if c.hidden:
        reveal(state, c, ev, "leaves its unit")
    if was >= 0:
        ev.append(Event("ruling", f"{c.name} unattaches from {state.units[was].name}", R_MOVING, 0))
    x, y = _start(state, c, space.centre(state, t))
    c.attached = -1
    if not c.stands:
        c.stands = [Stand(100000 + c.uid, x, y, 0.0, 1, command=True)]
    else:
        c.stands[0].x, c.stands[0].y = x, y
    state.touch()
    if space.distance(state, c, t, exact=True) <= JOIN_RANGE + 1e-9:
        c.stands = []
        c.attached = t.uid
        state.touch()
        ev.append(Event("move", f"{c.name} reaches {t.name} and attaches to it", R_MOVING, 0, data={"uid": c.uid}))
        return
    tx, ty = space.centre(state, t)
    facing = space.bearing(x, y, tx, ty)

    def clear(frame):
        return space.fits(state, c, space.layout(c, frame), enemy_gap=space.ADVANCE_GAP) is None
    c.stands[0].facing = facing
    c.facing = facing
    state.touch(moved=c)          # turned: its geometry's signature holds the facing (space.geo_id)
    frame = short_of(space.block(state, c), (tx, ty), JOIN_RANGE, clear)
    if not clear(Frame(frame.x, frame.y, facing)):
        frame = _free_spot(state, c, x, y, facing)
    space.put(state, c, space.layout(c, Frame(frame.x, frame.y, facing)))
    ev.append(Event("move", f"{c.name} moves 6\" toward {t.name} and stands alone", R_MOVING, 0,
                    data={"uid": c.uid}))


def _free_spot(state: BVFState, c: Unit, x: float, y: float, facing: float) -> Frame:
    """The nearest clear spot to (x, y) for a lone character (rings of 1")."""
    for r in range(0, 13):
        for k in range(max(1, 8 * r)):
            a = 2 * math.pi * k / max(1, 8 * r)
            fr = Frame(x + r * math.cos(a), y + r * math.sin(a), facing)
            if space.fits(state, c, space.layout(c, fr)) is None:
                return fr
    return Frame(x, y, facing)


# ---- hidden characters ---------------------------------------------------------------------------

def holds_hidden(state: BVFState, p: int) -> bool:
    return any(c.owner == p and c.hidden and alive(state, c) for c in state.units.values())


def reveal(state: BVFState, c: Unit, ev: list[Event], why: str) -> None:
    c.hidden = False
    h = state.units.get(c.attached)
    ev.append(Event("reveal", f"{alliance.owner_name(state, c)} shows the note: the {title(state, c)} "
                    f"is with {h.name if h else 'no unit'} ({why})", RULE_OF[c.kind], 0, data={"uid": c.uid}))


def notes(state: BVFState, p: int) -> list[str]:
    """Player p's private notes: where each hidden character is."""
    out = []
    for c in state.units.values():
        if c.owner == p and c.hidden and alive(state, c):
            out.append(f"{c.level.capitalize()} {title(state, c)} hidden in {state.units[c.attached].name}")
    return out


# ---- the Assassin's strike and the Thief's theft ------------------------------------------------------

def strike_problem(state: BVFState, c: Unit, p: int, target, victim: str) -> tuple[str, str] | None:
    kind = "assassin" if victim in VICTIMS["assassin"] and c.kind == "assassin" else c.kind
    rule = RULE_OF.get(c.kind, R_CHARACTERS)
    if c.owner != p or c.kind not in VICTIMS or not alive(state, c) or c.attached < 0:
        return "Only your Assassin or Thief with a unit may do that", R_CHARACTERS
    if state.phase != "combat":
        return "Only in combat (the Charge & Attack phase)", rule
    if f"struck {state.turn}" in c.marks:
        return f"Your {title(state, c)} has already tried this turn", rule
    h = state.units[c.attached]
    t = state.units.get(target)
    if t is None or t.uid not in h.engaged or not t.on_table:
        return f"{h.name} is not in combat with that unit", rule
    if victim not in VICTIMS[kind]:
        return f"The {possessive(title(state, c))} target: {', '.join(VICTIMS[c.kind])}", rule
    if victim == "character":
        if not [x for x in with_unit(state, t) if not x.hidden]:
            return f"{t.name} has no character you can see", rule
    elif victim == "leader":
        if not stats.has_leader(t) or stats.independent(t):
            return f"{t.name} has no leader to strike", rule
    elif victim == "standard":
        if not stats.has_standard(t):
            return f"{t.name} has no standard", rule
    elif victim == "musician":
        if not stats.has_musician(t):
            return f"{t.name} has no musician", rule
    return None


def strike(state: BVFState, c: Unit, target: int, victim: str, dice, ev: list[Event]) -> None:
    """10 dice needing 5 Successes (Veteran +1, Elite +2)."""
    t = state.units[target]
    c.marks = c.marks + (f"struck {state.turn}",)
    if c.hidden:
        reveal(state, c, ev, "it acts")
    ct = state.catalog.characters[c.kind]
    rule = RULE_OF[c.kind]
    what = {"character": "a character", "leader": "the leader", "standard": "the standard",
            "musician": "the musician"}[victim]
    ev.append(Event("ruling", f"{c.name} {'strikes at' if c.kind == 'assassin' else 'tries to steal'} {what} of "
                    f"{t.name}", rule, 0, data={"uid": c.uid, "target": t.uid}))
    n = (ct.dice.of(c.level) if ct.dice else 10) or 10
    r = success.roll(dice, f"{c.name}", n, own_mods(state, c))
    ev.append(Event("roll", r.text() + f" (needs {ct.needs or 5})", rule, data=r.data()))
    if r.total < (ct.needs or 5):
        ev.append(Event("ruling", f"{c.name} fails", rule))
        state.touch()
        return
    if victim == "character":
        seen = [x for x in with_unit(state, t) if not x.hidden]
        v = min(seen, key=lambda x: x.uid)
        kill(state, v, ev, f"is assassinated in {t.name}", rule)
        return
    t.marks = t.marks + (victim,)
    verb = "slain" if c.kind == "assassin" else "stolen"
    noun = {"leader": "leader", "standard": "standard", "musician": "musical instrument"}[victim]
    ev.append(Event("casualty", f"{possessive(t.name)} {noun} is {verb}", rule, data={"uid": t.uid}))
    state.touch()


def plan_orders(state: BVFState, p: int, variant: int) -> list[tuple[int, str]]:
    """Order sets the playouts try (legal.py): in the last variant every
    attached character takes an Advance order to change units."""
    if variant != 5:
        return []
    return [(c.uid, "advance") for c in order_takers(state, p) if not c.hidden]


def has_work(state: BVFState, p: int, phase: str) -> bool:
    """A character's Advance order still to use (the phase waits for it)."""
    if phase != "advance":
        return False
    return any(c.owner == p and (is_character(c) or attached_wizard(c)) and "advance" in c.orders
               and not c.activated and alive(state, c) for c in state.units.values())


# ---- what the cards show (view.py) -----------------------------------------------------------------

KIND_NAMES = {"general": "General", "wizard": "Wizard"}


def card_rows(state: BVFState, u: Unit) -> list[tuple[str, str]]:
    """A unit's card names the characters with it that both players know
    of (never a hidden one); a character's card its level and wounds."""
    if u.kind == "unit":
        seen = [c for c in with_unit(state, u) if not c.hidden]
        if seen:
            return [("Characters", ", ".join(f"{c.level.capitalize()} {title(state, c)}" for c in seen))]
        return []
    if is_character(u):
        rows = [("Experience", u.level.capitalize()), ("Wounds", f"{u.wounds} of {WOUNDS} this phase"),
                ("Ability", state.catalog.characters[u.kind].text)]
        if exposed(state, u):
            rows.append(("Exposed", "may be charged or shot at (6s to hit)"))
        return rows
    return []


# ---- what the computer may not know (ai.determinise) -----------------------------------------------

def guess_hidden(state: BVFState, p: int, rng) -> None:
    """On a copy the search plays: each hidden character of the other
    players is put with a unit of its side drawn at random (p never reads
    the note), keeping the same unit when there is no other."""
    for c in sorted(state.units.values(), key=lambda x: x.uid):
        if alliance.seat_of(state, c) == p or not c.hidden or not alive(state, c):
            continue                 # p: a player (in a Grand Alliance a seat: allies do not share notes)
        hosts = sorted((u.uid for u in state.units.values() if u.kind == "unit"
                        and alliance.seat_of(state, u) == alliance.seat_of(state, c)
                        and u.on_table and u.deployed and u.profile is not None and not u.profile.machine),
                       key=int)
        if hosts:
            c.attached = hosts[rng.randrange(len(hosts))]
