"""Dice Wars' legal actions: what the player to act may do now, in every
phase (the tile draft's own listing: tile_draft.py), and a random one of
them without listing them all (the random player of simulate and bench)."""
from __future__ import annotations

from engine.core.actions import Action
from engine.hex import grid as hexgrid
from games.dice_wars.rules import cities, flow, movement, setup, skills, stats, targeting, tile_draft
from games.dice_wars.rules.state import DWState, Unit, decision_waiting, on_map


def legal_actions(state: DWState) -> list[Action]:
    if state.phase == "over":
        return []
    if state.phase == "tiles":
        return tile_draft.legal(state)
    if state.phase == "draft":
        p = state.draft[0]
        taken = {f for pl in state.players for f in pl.factions}
        return [Action.make("pick_faction", p, faction=f) for f in setup.FACTIONS if f not in taken]
    if state.phase == "deploy":
        return legal_deploy(state)
    if state.pending is not None:
        return legal_pending(state)
    p = state.current
    out: list[Action] = []
    for u in list(stats.living(state, p)):
        act = flow.activation(state, u.uid)
        if act is None and len(state.activations) >= 2:
            continue
        out.extend(unit_actions(state, u, act))
    out.extend(phase_choices(state, p))
    for q in state.players:          # interrupts: other holders' relic spells
        if q.index != p and q.alive and q.relics:
            out.extend(spell_actions(state, q.index))
    return out


def sample_legal(state: DWState, rng) -> Action:
    """A random legal action without listing them all: pick a unit (or
    the phase's other choices) uniformly, then one of its actions.  The
    random player of simulate and bench; equals a member of
    legal_actions (tested)."""
    if state.phase != "command" or state.pending is not None:
        legal = legal_actions(state)
        return legal[rng.randrange(len(legal))]
    p = state.current
    groups: list = [u for u in stats.living(state, p)
                    if flow.activation(state, u.uid) is not None or len(state.activations) < 2]
    groups.append(None)
    while groups:
        i = rng.randrange(len(groups))
        g = groups[i]
        if g is None:
            acts = phase_choices(state, p) + spell_actions(state, p)
        else:
            acts = unit_actions(state, g, flow.activation(state, g.uid))
        if acts:
            return acts[rng.randrange(len(acts))]
        groups.pop(i)
    raise AssertionError("no legal action in an unfinished game")


def phase_choices(state: DWState, p: int) -> list[Action]:
    out: list[Action] = []
    if state.options.get("alliances") and not state.activations:
        for q in state.players:
            if q.index != p and q.alive:
                if q.index in state.players[p].allies:
                    out.append(Action.make("break_alliance", p, to=q.index))
                elif not stats.friendly(state, p, q.index):
                    out.append(Action.make("propose_alliance", p, to=q.index))
    if len(state.activations) >= flow.required_activations(state, p):
        out.append(Action.make("end_phase", p))
    out.extend(spell_actions(state, p))
    return out


def spell_actions(state: DWState, p: int) -> list[Action]:
    """Relic spells the player may cast now: at any time, even in
    another player's phase (Challenge I)."""
    out: list[Action] = []
    for rid in state.players[p].relics:
        sp = state.catalog.relics[rid].spell
        for t in skill_targets(state, None, None, sp):
            if targeting.skill_target_problem(state, None, None, sp, t, owner=p) is None:
                out.append(Action.make("relic_spell", p, relic=rid, target=t))
    return out


def unit_actions(state: DWState, u: Unit, act) -> list[Action]:
    p = u.owner
    out: list[Action] = []
    left = act.move_left if act else movement.base_move(state, u)
    if left > 0 and not stats.has_status(u, "rooted"):
        found, _ = movement.reach(state, u, left, act.guards_faced if act else ())
        uid = ("uid", u.uid)
        out.extend(Action("move", p, (("to", h), uid)) for h in found if h != u.pos)
    if act is None or act.ended_with != "action":
        out.extend(Action("face", p, (("facing", d), ("uid", u.uid))) for d in range(6)
                   if d != u.facing or act is None)
    if act is not None and act.acted:
        return out
    out.extend(action_options(state, u))
    return out


def action_options(state: DWState, u: Unit, only_target: int | None = None) -> list[Action]:
    """The unit's possible actions (one per turn)."""
    p = u.owner
    out: list[Action] = []
    if not stats.has_status(u, "disarmed"):
        reach = targeting.max_range(state, u)
        here = on_map(u)                  # the command-phase units listed stand on the map
        for t in stats.living(state):
            if only_target is not None and t.uid != only_target:
                continue
            if hexgrid.distance(here, on_map(t)) > reach:
                continue
            if not stats.friendly(state, p, t.owner) and targeting.weapon_target_problem(state, u, t) is None:
                out.append(Action.make("attack", p, uid=u.uid, target=t.uid))
    sk = stats.card(u).skill
    if sk is not None and not stats.has_status(u, "taunted"):
        for target, carry in skill_choices(state, u, u.pos, sk):
            if only_target is None or only_target in [v.uid for v in skills.affected(state, sk, u, p, target)]:
                out.append(Action.make("skill", p, uid=u.uid, target=target, carry=carry))
    if only_target is not None:
        return out
    if cities.capture_problem(state, u) is None:
        out.append(Action.make("capture", p, uid=u.uid))
    out.extend(Action("guard", p, (("facing", d), ("uid", u.uid))) for d in range(6))
    for cid in sorted(stats.side_city_cards(state, p)):
        cc = state.catalog.cities[cid]
        if cc.skill is None:
            continue
        for target in cities.city_skill_candidates(state, u, cid, skill_targets(state, None, None, cc.skill)
                                                   if cc.skill.target not in ("hex", "empty_hex") else None):
            if cities.city_skill_problem(state, u, cid, target) is None:
                out.append(Action.make("city_skill", p, uid=u.uid, city=cid, target=target))
    for q in stats.side(state, p):
        for rid in state.players[q].relics:
            r = state.catalog.relics[rid]
            if r.skill is not None:
                for target, carry in skill_choices(state, u, u.pos, r.skill):
                    out.append(Action.make("relic_skill", p, uid=u.uid, relic=rid, target=target, carry=carry))
    if cities.ruins_problem(state, u) is None and state.relic_deck:
        out.append(Action.make("search_ruins", p, uid=u.uid))
    return out


def skill_targets(state: DWState, u: Unit | None, origin, sk) -> list:
    if sk.target in ("hex", "empty_hex"):
        if sk.range is not None and origin is not None:
            cands = [h for h in hexgrid.within(origin, sk.range) if h in state.board.terrain]
        elif sk.target == "empty_hex":
            cands = list(state.board.hexes)
        else:   # anywhere: hexes where the effect reaches a unit
            cands = sorted({h for v in stats.living(state) for h in hexgrid.within(v.pos, sk.radius)
                            if h in state.board.terrain})
    elif sk.range is not None and origin is not None:
        cands = [v.uid for v in stats.living(state) if hexgrid.distance(origin, v.pos) <= sk.range]
    else:
        cands = [v.uid for v in stats.living(state)]
    return [t for t in cands if targeting.skill_target_problem(state, u, origin, sk, t) is None]


def skill_choices(state: DWState, u: Unit, origin, sk) -> list:
    targets = skill_targets(state, u, origin, sk)
    if not sk.carry:
        return [(t, None) for t in targets]
    allies = [v.uid for v in stats.living(state) if v.uid != u.uid
              and stats.friendly(state, v.owner, u.owner) and hexgrid.distance(v.pos, on_map(u)) == 1]
    return [(t, c) for t in targets for c in allies if t != c]


def legal_pending(state: DWState) -> list[Action]:
    pend = decision_waiting(state)
    if pend.kind == "alliance":
        return [Action.make("answer_alliance", pend.player, accept=True),
                Action.make("answer_alliance", pend.player, accept=False)]
    u = state.units[pend.uid]
    out = [Action.make("counterstrike", pend.player)]
    act = flow.activation(state, u.uid)
    if act is not None and not act.acted:
        out.extend(action_options(state, u, only_target=pend.guard))
    for q in state.players:
        if q.alive and q.relics:
            out.extend(spell_actions(state, q.index))
    return out


def legal_deploy(state: DWState) -> list[Action]:
    p = state.current
    out: list[Action] = []
    binding = state.options.get("tournament_deploy")
    mine = [u for u in state.units.values() if u.owner == p and u.hp > 0]
    for u in mine:
        if (binding and u.pos is not None) or u.uid in state.deploy_moved:
            continue
        for h in setup.deploy_zone(state, u):
            if h not in state.occupied:
                out.append(Action.make("deploy", p, uid=u.uid, to=h))
    if any(u.pos is None for u in mine):
        out.append(Action.make("auto_deploy", p))
    else:
        out.append(Action.make("end_deploy", p))
    return out
