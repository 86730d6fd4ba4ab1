"""The characters' own actions (games/battle_valor_fantasy/rules/characters.py):
each kind's checker and applier, which the declarations name (actions.py).

- `join` {uid: character, to: unit}: in the Advance phase, on the
  character's Advance order, leave its unit (or its place alone) for
  another unit 6" away; short of it, it stands alone.
- `assassinate` / `steal` {uid: Assassin or Thief, target: enemy unit its
  unit fights, victim: character | leader | standard | musician}: once per
  turn in the Charge & Attack phase, while the player is to act; it does
  not use up the player's activation.
- `seer_advance` {uid: unit with a Seer, first, angle, then}: once per game,
  in the Place Orders phase before the player places them.
- `reveal` {uid: hidden character}: show the note (the player's choice).
"""
from __future__ import annotations

import math

from engine.core.actions import Action
from engine.core.rules import Event
from engine.table.formations import BlockMove
from engine.core.words import possessive
from games.battle_valor_fantasy.rules import alliance, characters, moves, space, stats, success
from games.battle_valor_fantasy.rules.state import BVFState, Unit


def _character(state: BVFState, uid):
    c = state.units.get(uid)
    if c is None:
        raise KeyError(f"no unit {uid}")
    return c


def _move(a) -> BlockMove:
    m = BlockMove(float(a.get("first", 0.0)), float(a.get("angle", 0.0)), float(a.get("then", 0.0)))
    if not all(math.isfinite(x) for x in (m.first, m.angle, m.then)) or abs(m.angle) > 180:
        raise ValueError("give the move in inches and the wheel in degrees")
    return m


def _join(state, a):
    return characters.join_problem(state, _character(state, a["uid"]), a.player, a["to"])


def _strike(state, a):
    return characters.strike_problem(state, _character(state, a["uid"]), a.player, a["target"], str(a["victim"]))


def _assassinate(state, a):
    if _character(state, a["uid"]).kind != "assassin":
        return "Only an Assassin strikes", characters.R_ASSASSIN
    return _strike(state, a)


def _steal(state, a):
    if _character(state, a["uid"]).kind != "thief":
        return "Only a Thief steals", characters.R_THIEF
    return _strike(state, a)


def _seer_advance(state, a):
    return seer_problem(state, a.player, _character(state, a["uid"]), _move(a))


def _reveal(state, a):
    c = _character(state, a["uid"])
    if c.owner != a.player or not c.hidden or not characters.alive(state, c):
        return "Only one of your hidden characters can be revealed", characters.R_ASSASSIN
    return None


# ---- the Seer's free advance ------------------------------------------------------------------------

def seer_problem(state: BVFState, p: int, u: Unit, m) -> tuple[str, str] | None:
    if state.phase != "orders" or state.players[p].orders_placed:
        return ("The Seer's free advance comes before orders are revealed (in the Place Orders phase)",
                characters.R_SEER)
    if u.owner != p or u.kind != "unit" or not u.on_table:
        return "Name one of your units on the table", characters.R_SEER
    seers = [c for c in characters.with_unit(state, u, "seer") if "seer" not in c.marks]
    if not seers:
        return f"{u.name} has no Seer with the free advance left (once per game)", characters.R_SEER
    if u.fleeing:
        return f"{u.name} is fleeing", characters.R_SEER
    return moves.advance_problem(state, u, m)


def seer_advance(state: BVFState, u: Unit, m, dice, ev: list[Event]) -> None:
    c = [c for c in characters.with_unit(state, u, "seer") if "seer" not in c.marks][0]
    c.marks = c.marks + ("seer",)
    r = success.roll(dice, f"{possessive(u.name)} Seer", 10, characters.own_mods(state, c))
    ev.append(Event("roll", r.text() + " (needs 5)", characters.R_SEER, data=r.data()))
    if r.total < 5:
        ev.append(Event("ruling", f"The Seer's sight fails: {u.name} does not move (once per game)",
                        characters.R_SEER))
        state.touch()
        return
    moves.advance(state, u, m, ev, "makes the Seer's free advance", characters.R_SEER)


# ---- listed actions (legal.py) --------------------------------------------------------------------

def actions(state: BVFState, p: int) -> list[Action]:
    """The extra actions of characters for player p now: strikes and thefts
    in combat, leaving for another unit in the Advance phase, the Seer's
    free advance in the Orders phase."""
    out: list[Action] = []
    mine = alliance.mine(state, [c for c in state.units.values()          # a seat's own in an alliance
                                 if c.owner == p and characters.attaches(c) and characters.alive(state, c)])
    if not mine:
        return out
    if state.phase == "combat":
        for c in mine:
            if c.kind in characters.VICTIMS and c.attached >= 0 and f"struck {state.turn}" not in c.marks:
                for t in state.units[c.attached].engaged:
                    for v in characters.VICTIMS[c.kind]:
                        out.append(Action.make("assassinate" if c.kind == "assassin" else "steal", p, uid=c.uid,
                                               target=t, victim=v))
    elif state.phase == "advance":
        for c in mine:
            if "advance" in c.orders and not c.activated:
                near = sorted((v for v in alliance.mine(state, stats.living(state, p)) if v.uid != c.attached),
                              key=lambda v: (space.distance(state, state.units[c.attached] if c.attached >= 0
                                                            else c, v), v.uid))
                if c.attached >= 0 or not near:
                    out.append(Action.make("hold", p, uid=c.uid))
                out += [Action.make("join", p, uid=c.uid, to=v.uid) for v in near[:2]]
    elif state.phase == "orders":
        for c in mine:
            if c.kind == "seer" and c.attached >= 0 and "seer" not in c.marks:
                u = state.units[c.attached]
                full = moves.advance_allowance(state, u)
                out += [Action.make("seer_advance", p, uid=u.uid, first=full, angle=0.0, then=0.0),
                        Action.make("seer_advance", p, uid=u.uid, first=full / 2, angle=0.0, then=0.0)]
    return out




# ---- appliers (named by the declarations: actions.py) ----------------------------------------------

def do_join(state, a, dice, ev):
    characters.join(state, state.units[a["uid"]], int(a["to"]), ev)


def do_strike(state, a, dice, ev):
    """assassinate and steal: the character strikes at the victim."""
    characters.strike(state, state.units[a["uid"]], int(a["target"]), str(a["victim"]), dice, ev)


def do_seer_advance(state, a, dice, ev):
    seer_advance(state, state.units[a["uid"]], _move(a), dice, ev)


def do_reveal(state, a, dice, ev):
    characters.reveal(state, state.units[a["uid"]], ev, "its owner shows it")


VICTIM_WORDS = {"character": "a character", "leader": "the leader", "standard": "the standard",
                "musician": "the musician"}


def _n(state: BVFState, uid) -> str:
    u = state.units.get(uid)
    return u.name if u else str(uid)


# ---- in words (the declarations name these: actions.py) -------------------------------------------

def describe_join(state: BVFState, a) -> str:
    return f"{_n(state, a['uid'])} goes to join {_n(state, a['to'])}"


def describe_assassinate(state: BVFState, a) -> str:
    return f"{_n(state, a['uid'])} strikes at {VICTIM_WORDS.get(a['victim'], a['victim'])} of {_n(state, a['target'])}"


def describe_steal(state: BVFState, a) -> str:
    return f"{_n(state, a['uid'])} steals {VICTIM_WORDS.get(a['victim'], a['victim'])} of {_n(state, a['target'])}"


def describe_seer_advance(state: BVFState, a) -> str:
    return (f"{possessive(_n(state, a['uid']))} Seer: free advance "
            f"{float(a.get('first', 0)) + float(a.get('then', 0)):.1f}\"")


def describe_reveal(state: BVFState, a) -> str:
    return f"Show the note: {_n(state, a['uid'])}"


def describe_counter(state: BVFState, a) -> str:
    return "Counter charge"


def describe_receive(state: BVFState, a) -> str:
    return "Receive the charge"
