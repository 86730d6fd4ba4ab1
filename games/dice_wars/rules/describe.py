"""Actions in words (log lines, button labels) and previews of what a
committed action would do (odds, costs), for the UI and the learner."""
from __future__ import annotations

from engine.hex import grid as hexgrid
from engine.core.actions import Action
from engine.core.odds import percent
from engine.core.words import possessive
from games.dice_wars.rules import combat, movement, flow, skills, stats, targeting, tile_draft
from games.dice_wars.rules.state import DWState, decision_waiting, on_map


def hex_label(h) -> str:
    col, row = hexgrid.axial_to_offset(tuple(h))
    return f"{chr(65 + col) if 0 <= col < 26 else col}{row + 1}"


def _u(state: DWState, uid) -> str:
    u = state.units.get(uid)
    return stats.unit_label(state, u) if u else f"unit {uid}"


def _t(state: DWState, target) -> str:
    if isinstance(target, (list, tuple)):
        return hex_label(target)
    return _u(state, target)


def _who(state, a: Action) -> str:
    """The name of the player who acts."""
    return state.players[a.player].name if 0 <= a.player < len(state.players) else f"P{a.player}"


def describe_move(state, a: Action) -> str:
    return f"{_u(state, a['uid'])} moves to {hex_label(a['to'])}"


def describe_face(state, a: Action) -> str:
    return f"{_u(state, a['uid'])} faces {hexgrid.DIRECTION_NAMES[a['facing']]}"


def describe_attack(state, a: Action) -> str:
    return f"{_u(state, a['uid'])} attacks {_u(state, a['target'])}"


def describe_skill(state, a: Action) -> str:
    u = state.units[a["uid"]]
    sk = stats.card(u).skill
    carry = f", carrying {_u(state, a['carry'])}" if a.get("carry") is not None else ""
    if a["target"] == a["uid"]:
        return f"{_u(state, a['uid'])} uses {sk.name}"
    return f"{_u(state, a['uid'])} uses {sk.name} on {_t(state, a['target'])}{carry}"


def describe_capture(state, a: Action) -> str:
    return f"{_u(state, a['uid'])} captures the city"


def describe_guard(state, a: Action) -> str:
    return f"{_u(state, a['uid'])} stands guard facing {hexgrid.DIRECTION_NAMES[a['facing']]}"


def describe_city_skill(state, a: Action) -> str:
    cc = state.catalog.cities[a["city"]]
    return f"{_u(state, a['uid'])} uses {possessive(cc.name)} {cc.skill.name} on {_t(state, a['target'])}"


def describe_relic_skill(state, a: Action) -> str:
    r = state.catalog.relics[a["relic"]]
    return f"{_u(state, a['uid'])} uses {r.name}: {r.skill.name} on {_t(state, a['target'])}"


def describe_relic_spell(state, a: Action) -> str:
    who = _who(state, a)
    r = state.catalog.relics[a["relic"]]
    return f"{who} casts {r.spell.name} ({r.name}) on {_t(state, a['target'])}"


def describe_search_ruins(state, a: Action) -> str:
    return f"{_u(state, a['uid'])} searches the ruins"


def describe_counterstrike(state, a: Action) -> str:
    who = _who(state, a)
    return f"{who} takes the guard's counterstrike"


def describe_end_phase(state, a: Action) -> str:
    who = _who(state, a)
    return f"{who} ends the command phase"


def describe_deploy(state, a: Action) -> str:
    who = _who(state, a)
    return f"{who} places the {stats.card(state.units[a['uid']]).name} on {hex_label(a['to'])}"


def describe_auto_deploy(state, a: Action) -> str:
    who = _who(state, a)
    return f"{who} deploys the rest of the army"


def describe_end_deploy(state, a: Action) -> str:
    who = _who(state, a)
    return f"{who} is done deploying"


def describe_place_tile(state, a: Action) -> str:
    return tile_draft.describe(state, a)


def describe_pick_faction(state, a: Action) -> str:
    who = _who(state, a)
    return f"{who} picks the {state.catalog.factions[a['faction']].name}"


def describe_propose_alliance(state, a: Action) -> str:
    who = _who(state, a)
    return f"{who} proposes an alliance to {state.players[a['to']].name}"


def describe_answer_alliance(state, a: Action) -> str:
    who = _who(state, a)
    return f"{who} {'accepts' if a['accept'] else 'refuses'} the alliance"


def describe_break_alliance(state, a: Action) -> str:
    who = _who(state, a)
    return f"{who} breaks the alliance with {state.players[a['to']].name}"


def preview(state: DWState, a: Action) -> list[str]:
    """What committing `a` would do, in words, with exact odds."""
    k = a.kind
    out: list[str] = []
    if k == "attack":
        u, t = state.units[a["uid"]], state.units[a["target"]]
        n, s, am, an, dm, dn, kind = combat.contest_terms(state, u, t)
        p = combat.hit_chance(state, u, t)
        dice = "2d6" if n == 2 else "d20"
        out.append(f"Hit chance {percent(p)} ({dice}{am:+d} vs {dice}{dm:+d}, ties rerolled)")
        out.extend("  + " + text for text, _ in an[1:] if text)
        out.extend("  defender: " + text for text, _ in dn[1:] if text)
        if t.hp <= 1:
            out.append(f"A hit kills the {stats.card(t).name}")
    elif k in ("skill", "city_skill", "relic_skill"):
        u = state.units[a["uid"]]
        if k == "skill":
            sk = stats.card(u).skill
        elif k == "city_skill":
            sk = state.catalog.cities[a["city"]].skill
        else:
            sk = state.catalog.relics[a["relic"]].skill
        notes: list = []
        mod = skills.check_modifier(state, u, notes)
        f, s, gr = skills.check_odds(sk, mod)
        line = f"Check (2d6{mod:+d}, needs {sk.check.minimum}): fail {percent(f)}, standard {percent(s)}"
        if sk.greater is not None:
            line += f", greater ({sk.check.greater}+) {percent(gr)}"
        out.append(line)
        out.append(sk.text)
    elif k == "move":
        u = state.units[a["uid"]]
        act = flow.activation(state, u.uid)
        left = act.move_left if act else movement.base_move(state, u)
        found, zones = movement.reach(state, u, left, act.guards_faced if act else ())
        to = tuple(a["to"])
        if to in found:
            out.append(f"Costs {found[to][0]} of {left} movement")
            if zones.get(to):
                g = state.units[zones[to][0]]
                out.append(f"Enters the front of a guarding {stats.card(g).name}: attack it or take its counterstrike")
    elif k == "counterstrike":
        pend = decision_waiting(state)        # a counterstrike answers a guard's waiting question
        g, u = state.units[pend.guard], state.units[pend.uid]
        p = combat.hit_chance(state, g, u, counterstrike=True)
        out.append(f"The {stats.card(g).name} hits with {percent(p)}; {stats.card(u).name} has {u.hp} HP")
    elif k == "capture":
        u = state.units[a["uid"]]
        c = state.cities[state.board.capitals[on_map(u)]]
        out.append("Draws a random city sigil" if c.card is None else f"Takes {state.catalog.cities[c.card].name}")
    return out


def targets_of(state: DWState, uid: int) -> dict:
    """For the UI: a unit's move hexes, attack and skill targets now."""
    return {"range": targeting.attack_range(state, state.units[uid], None)}
