"""Warbound's legal actions: what the player to act may do now (warbound.txt
§ Game Phases): a decision the queue waits for (the Leader skill's target,
the Hourglass, the Hand, the Order token kept), a deployment, the steps of
the activation under way, or an activation on an open Action it can pay
for, passing and exchanging tokens; and a random legal action drawn
without listing them all (the playouts' sampler)."""
from __future__ import annotations

from engine.core.actions import Action
from games.warbound.rules import actionboard, activation, flow, leader, movement, queries, shooting, skills
from games.warbound.rules.queries import enemies_adjacent, living
from games.warbound.rules.state import WBState


def legal_actions(state: WBState) -> list[Action]:
    if state.phase == "over":
        return []
    if state.queue:
        return decisions(state)
    p = queries.to_act(state)
    if state.phase == "deploy":
        out = []
        for uid, hexes in flow.deploy_options(state, p):
            kw = {"uid": uid, "to": hexes[0]}
            if len(hexes) > 1:
                kw["to2"] = hexes[1]
            out.append(Action.make("deploy", p, **kw))
        return out
    if state.activation is not None:
        return steps(state)
    out = activations(state, p)
    out.append(Action.make("pass", p))
    out.extend(Action.make("exchange", p, give=[a, b], get=g) for a, b, g in leader.exchanges(state, p))
    return out

def sample_legal(state: WBState, rng) -> Action:
    """A random legal action without listing every move first: during
    an activation pick a kind of step, then one of its options (a
    member of legal_actions, tested); a random player rarely exchanges
    tokens, or it would do little else."""
    if state.activation is not None and not state.queue:
        act = state.activation
        ch = state.chars[act.uid]
        p = ch.owner
        groups = ["end"]
        part = next((x for x in act.parts if x in ("move", "run")), None)
        if part is not None and movement.can_move(state, ch):
            groups.append("move")
        if "shoot" in act.parts or "fight" in act.parts or not act.skill_used:
            groups.append("other")
        g = groups[rng.randrange(len(groups))]
        if g == "move":
            assert part is not None         # "move" is a group only with a move or run part
            budget = movement.allowance(state, ch, part)
            if len(ch.minis) == 1:
                found = sorted(movement.reach(state, ch.minis[0], budget))
                return Action.make("move", p, to=found[rng.randrange(len(found))])
            x = movement.sample_pair(state, ch, budget, rng)
            return Action.make("move", p, to=x[0], to2=x[1])
        if g == "other":
            acts = [a for a in steps(state, moves=False) if a.kind != "end_activation"]
            if acts:
                return acts[rng.randrange(len(acts))]
        return Action.make("end_activation", p)
    if state.phase == "action" and state.activation is None and not state.queue and rng.random() < 0.95:
        p = state.current
        cands = [(c.uid, s) for c in living(state, p) for s in actionboard.open_spaces(state)] + [None]
        while cands:
            i = rng.randrange(len(cands))
            c = cands[i]
            if c is None:
                return Action.make("pass", p)
            a = Action.make("activate", p, uid=c[0], space=c[1])
            if activation.activate_problem(state, a) is None:
                return a
            cands[i] = cands[-1]
            cands.pop()
    legal = legal_actions(state)
    return legal[rng.randrange(len(legal))]

def decisions(state: WBState) -> list[Action]:
    kind, p = state.queue[0][0], state.queue[0][1]
    if kind == "leader_skill":
        return [Action.make("leader_skill", p, target=c.uid) for c in leader.targets(state, p, state.queue[0][2])]
    if kind == "hourglass":
        return [Action.make("hourglass", p, space=s) for s in actionboard.open_spaces(state)]
    if kind == "initiative":
        return [Action.make("initiative", p, take=True), Action.make("initiative", p, take=False)]
    if kind == "keep_token":
        cols = sorted(c for c, n in state.players[p].tokens.items() if n > 0)
        return [Action.make("keep_token", p, color=c) for c in cols] + [Action.make("keep_token", p, color=None)]
    return []

def activations(state: WBState, p: int) -> list[Action]:
    cat = state.catalog
    spaces = actionboard.open_spaces(state)
    if not spaces:
        return []
    tokens = state.players[p].tokens
    out = []
    for ch in living(state, p):
        ok: dict = {}
        for sid in spaces:
            sp = cat.board[sid]
            valid = False
            for part in sp.parts:
                if part not in ok:
                    ok[part] = actionboard.part_problem(state, ch, part) is None
                if ok[part]:
                    valid = True
                    break
            if not valid:
                continue
            colorless, colored = actionboard.cost(state, ch, sid)
            if actionboard.payment(tokens, colorless, colored) is not None:
                out.append(Action.make("activate", p, uid=ch.uid, space=sid))
    return out

def steps(state: WBState, moves: bool = True) -> list[Action]:
    act = state.activation
    assert act is not None, "the steps of an activation are asked during one"
    ch = state.chars[act.uid]
    p = ch.owner
    out = [Action.make("end_activation", p)]
    part = next((x for x in act.parts if x in ("move", "run")), None)
    if part is not None and moves:
        for d in movement.destinations(state, ch, movement.allowance(state, ch, part)):
            kw = {"to": d[0]}
            if len(d) > 1:
                kw["to2"] = d[1]
            out.append(Action.make("move", p, **kw))
    if "shoot" in act.parts:
        out.extend(Action.make("shoot", p, target=t.uid) for t in shooting.valid_targets(state, ch))
    if "fight" in act.parts and actionboard.fighter(state, ch) is None:
        out.extend(Action.make("fight", p, target=t.uid) for t in enemies_adjacent(state, ch))
    out.extend(Action.make("skill", p, **kw) for kw in skills.options(state, ch))
    return out
