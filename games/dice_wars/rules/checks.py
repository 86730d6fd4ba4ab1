"""Why Dice Wars refuses an action: the checks go by phase first (the
draft, deployment, a guard's or an alliance's question waiting, the
command phase), then by kind; actions.py says why they are not split by
kind.  Each refusal is the rulebook's words with its section."""
from __future__ import annotations

from engine.core.actions import Action
from engine.core.words import possessive
from engine.hex import grid as hexgrid
from games.dice_wars.rules import cities, flow, movement, setup, skills, stats, targeting, tile_draft
from games.dice_wars.rules.citations import (R_ALLY, R_DEPLOY, R_DRAFT, R_FACING, R_GUARD, R_MOVE, R_PHASE, R_RELICS,
                                             R_SKILL, R_TOURNEY)
from games.dice_wars.rules.state import DWState
from games.dice_wars.rules.targeting import action_target as _target

COMMAND_KINDS = ("move", "face", "attack", "skill", "capture", "guard", "city_skill", "relic_skill",
                 "search_ruins", "end_phase", "propose_alliance", "break_alliance")


def problem(state: DWState, a: Action):
    if state.phase == "over":
        return "The game is over."
    if a.kind == "relic_spell":
        return spell_problem(state, a)
    if a.player != flow.to_act(state):
        who = state.players[flow.to_act(state)].name
        rule = {"tiles": tile_draft.R_SHUFFLE, "draft": R_DRAFT, "deploy": R_DEPLOY}.get(state.phase, R_PHASE)
        if state.pending is not None:
            rule = R_ALLY if state.pending.kind == "alliance" else R_GUARD
        if not 0 <= a.player < len(state.players):
            return f"There is no player {a.player + 1}."
        return (f"It is {possessive(who)} decision now, not {possessive(state.players[a.player].name)}.", rule)
    if state.phase == "tiles":
        return tile_draft.problem(state, a)
    if state.phase == "draft":
        if a.kind != "pick_faction":
            return ("Factions are being drafted.", R_DRAFT)
        taken = {f for pl in state.players for f in pl.factions}
        if a["faction"] not in setup.FACTIONS or a["faction"] in taken:
            return ("That faction is not available.", R_DRAFT)
        return None
    if state.phase == "deploy":
        return deploy_problem(state, a)
    pend = state.pending
    if pend is not None:
        if pend.kind == "alliance":
            return None if a.kind == "answer_alliance" else ("Answer the alliance proposal first.", R_ALLY)
        if a.kind == "counterstrike":
            return None
        if a.kind not in ("attack", "skill"):
            g = state.units[pend.guard]
            return (f"{stats.unit_label(state, state.units[pend.uid])} stands in the front hex of a guarding "
                    f"{stats.card(g).name}: attack it or suffer its counterstrike.", R_GUARD)
        if a["uid"] != pend.uid:
            return ("Only the unit that entered the guard's front hex may respond.", R_GUARD)
    if a.kind == "counterstrike":
        return ("No guard is waiting to counterstrike.", R_GUARD)
    if a.kind == "answer_alliance":
        return ("No alliance has been proposed.", R_ALLY)
    if a.kind == "end_phase":
        need = flow.required_activations(state, a.player)
        if len(state.activations) < need:
            return (f"You must activate and take a turn with 2 units during your phase "
                    f"({len(state.activations)} so far).", R_PHASE)
        return None
    if a.kind in ("propose_alliance", "break_alliance"):
        return alliance_problem(state, a)
    if a.kind not in COMMAND_KINDS:
        return f"Unknown action {a.kind!r}."
    u = state.units.get(a["uid"])
    if u is None or u.owner != a.player:
        return "That is not one of your units."
    if u.hp <= 0 or u.pos is None:
        return "That unit is no longer on the board."
    prob = flow.activation_problem(state, u)
    if prob:
        return prob
    act = flow.activation(state, u.uid)
    if a.kind == "move":
        return move_problem(state, u, act, tuple(a["to"]))
    if a.kind == "face":
        if not 0 <= a["facing"] <= 5:
            return "Facing is one of six directions."
        if act is not None and act.ended_with == "action":
            return ("After an action the unit faces the direction of that action; move again to choose "
                    "a new facing.", R_FACING)
        return None
    if act is not None and act.acted:
        return (f"{stats.card(u).name} has already taken its action this turn.", R_PHASE)
    if pend is not None:
        return guard_response_problem(state, u, a)
    return action_problem(state, u, a)


def move_problem(state, u, act, to):
    c = stats.has_status(u, "rooted")
    if c is not None:
        return (f"{stats.card(u).name} is rooted by {c.source} and cannot move.", "dice_wars.txt § Conditions")
    if to == u.pos:
        return "The unit is already there."
    left = act.move_left if act else movement.base_move(state, u)
    if left <= 0:
        return (f"{stats.card(u).name} has no movement left this turn.", R_MOVE)
    found, _ = movement.reach(state, u, left, act.guards_faced if act else ())
    if to not in found:
        return movement.move_blocked_reason(state, u, to, act)
    return None


def action_problem(state, u, a):
    k = a.kind
    if k == "attack":
        if stats.has_status(u, "disarmed"):
            return (f"{stats.card(u).name} is disarmed and cannot make weapon attacks.", "dice_wars.txt § Conditions")
        t = state.units.get(a["target"])
        if t is None or t.hp <= 0 or t.pos is None:
            return "There is no unit to attack there."
        return targeting.weapon_target_problem(state, u, t)
    if k == "skill":
        sk = stats.card(u).skill
        if sk is None:
            return f"{stats.card(u).name} has no skill."
        c = stats.has_status(u, "taunted")
        if c:
            return (f"{stats.card(u).name} is taunted ({c.source}) and cannot use skills.", "dice_wars.txt § Conditions")
        return skill_use_problem(state, u, sk, a)
    if k == "capture":
        return cities.capture_problem(state, u)
    if k == "guard":
        return None if 0 <= a["facing"] <= 5 else "Facing is one of six directions."
    if k == "city_skill":
        return cities.city_skill_problem(state, u, a["city"], _target(a))
    if k == "relic_skill":
        rid = a["relic"]
        if not any(rid in state.players[q].relics for q in stats.side(state, u.owner)):
            return ("Your side does not hold that relic.", R_RELICS)
        sk = state.catalog.relics[rid].skill
        if sk is None:
            return "That relic has no skill."
        return skill_use_problem(state, u, sk, a)
    if k == "search_ruins":
        if not state.relic_deck:
            return ("The relic pile is empty.", R_RELICS)
        return cities.ruins_problem(state, u)
    return f"Unknown action {k!r}."


def skill_use_problem(state, u, sk, a):
    target = _target(a)
    prob = targeting.skill_target_problem(state, u, u.pos, sk, target)
    if prob:
        return prob
    carry = a.get("carry")
    if sk.carry:
        c = state.units.get(carry) if carry is not None else None
        if c is None or c.hp <= 0 or c.pos is None or c.uid == u.uid:
            return (f"{sk.name} carries an adjacent ally: choose one.", R_SKILL)
        if not stats.friendly(state, c.owner, u.owner) or hexgrid.distance(c.pos, u.pos) != 1:
            return (f"{sk.name} carries an ally standing next to the user.", R_SKILL)
        if c.uid == target:
            return "The carried ally cannot be the target."
    elif carry is not None:
        return f"{sk.name} carries nobody."
    return None


def guard_response_problem(state, u, a):
    pend = state.pending
    prob = action_problem(state, u, a)
    if prob:
        return prob
    if a.kind == "attack" and a["target"] != pend.guard:
        return ("The unit must attack the guarding unit, or suffer its counterstrike.", R_GUARD)
    if a.kind == "skill":
        sk = stats.card(u).skill
        if pend.guard not in [v.uid for v in skills.affected(state, sk, u, u.owner, _target(a))]:
            return ("The skill must strike the guarding unit, or suffer its counterstrike.", R_GUARD)
    return None


def deploy_problem(state, a):
    p = state.current
    mine = [u for u in state.units.values() if u.owner == p and u.hp > 0]
    if a.kind == "auto_deploy":
        return None if any(u.pos is None for u in mine) else "All your units are already placed."
    if a.kind == "end_deploy":
        missing = sum(1 for u in mine if u.pos is None)
        return f"Place all your units first ({missing} left)." if missing else None
    if a.kind != "deploy":
        return ("Armies are still being deployed.", R_DEPLOY)
    u = state.units.get(a["uid"])
    if u is None or u.owner != p:
        return "That is not one of your units."
    if u.pos is not None and state.options.get("tournament_deploy"):
        return ("Tournament deployment: placements are binding once made.", R_TOURNEY)
    if u.uid in state.deploy_moved:
        return ("Each unit is placed once per deployment turn; adjust it again on your next "
                "deployment turn.", R_DEPLOY)
    to = tuple(a["to"])
    if to not in setup.deploy_zone(state, u):
        t = state.board.terrain.get(to)
        if t is not None and not state.catalog.terrain[t].passable:
            return ("Units cannot deploy into impassable terrain.", R_DEPLOY)
        return ("Units deploy within the corner tile closest to their army.", R_DEPLOY)
    if to in state.occupied and state.occupied[to] != u.uid:
        return ("One unit per hex.", R_DEPLOY)
    return None


def alliance_problem(state, a):
    if not state.options.get("alliances"):
        return ("Alliances are not in play (Challenge V is off).", R_ALLY)
    if state.activations:
        return ("Alliances are proposed or broken at the beginning of your phase, before you activate a unit.", R_ALLY)
    q = a["to"]
    if not (0 <= q < len(state.players)) or q == a.player or not state.players[q].alive:
        return "Choose another player still in the game."
    allied = q in state.players[a.player].allies
    if a.kind == "break_alliance" and not allied:
        return "You are not allied with that player."
    if a.kind == "propose_alliance" and stats.friendly(state, a.player, q):
        return "You are already on the same side."
    return None


def spell_problem(state, a):
    rid = a["relic"]
    p = a.player
    if not (0 <= p < len(state.players)) or rid not in state.players[p].relics:
        return ("Only the holder of a relic can cast its spell.", R_RELICS)
    if state.phase != "command":
        return ("Relic spells are cast once the battle has begun.", R_RELICS)
    sp = state.catalog.relics[rid].spell
    return targeting.skill_target_problem(state, None, None, sp, _target(a), owner=p)
