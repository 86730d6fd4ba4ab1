"""What the UberDrakes hard level searches with (engine/core/search.py): the
strong dragon (`hard_policy`'s player and the futures' quick player), the
options a future tries, whose turn a future plays, the redeal, and how good
a position is (`evaluate`)."""
from __future__ import annotations

import random

from games.uberdrakes.ai.distances import Errand
from games.uberdrakes.ai.hidden import public_view
from games.uberdrakes.ai.normal import DELIVERY, PICKUP, STEP_VALUE, Ctx, DrakeAgent
from games.uberdrakes.rules import combat, movement
from games.uberdrakes.rules.state import UDState

STRONG_PREFERENCE = ("fire", "lightning", "wind", "metal", "water", "earth")


class StrongDrake(DrakeAgent):
    """The strong dragon: the normal one with three lessons of watching it
    lose (docs/games/uberdrakes.md, "Computer players"); the player the
    hard level searches with (`hard_policy`) and a named agent ("strong")
    to measure alone.

    - It picks the Fire Dragon first: in two-player games the normal
      player's Lightning lost to Fire 11 games of 12.
    - Fatigue taken by moving costs `push` more (unless the move delivers):
      a dragon at full fatigue cannot use the portal, so it cannot deliver
      until it heals (uberdrakes.txt § Delivering Riders).
    - A fight is worth the blood it brings, `blood` a point (the winner
      gains the loser's strength, the loser half; twenty buy a victory
      point: § Blood Points); the normal player counts blood at a tenth
      of that."""
    name = "strong"

    def __init__(self, rules, blood: float = 0.5, push: float = 1.0):
        super().__init__(rules)
        self.blood = blood            # value of a blood point won in a fight, beyond the normal player's
        self.push = push              # extra cost of a point of fatigue taken by moving

    def s_choose_dragon(self, ctx, a):
        return 10 - STRONG_PREFERENCE.index(ctx.state.catalog.dragons[a["dragon"]].element), "the dragon that wins most races"

    def s_move(self, ctx, a):
        v, why = super().s_move(ctx, a)
        if self.push and v > -50:
            st = ctx.state
            how, m = a["how"], a["m"]
            extra = 1 if how in ("push", "replay") else 0
            outs = ctx.outcomes(m, extra, how == "skies" or st.skies)
            o = movement.find(st.board, outs, tuple(a["to"]), a["facing"], bool(a.get("portal", False)))
            if o is not None and not ctx.reason.startswith("deliver"):
                v -= self.push * (o.fatigue + extra)
        return v, why

    def context(self, view, p):
        return StrongCtx(view, p, self)


def hard_policy(rules):
    """The player the hard level searches with (engine/core/search.py)."""
    return StrongDrake(rules)


class StrongCtx(Ctx):
    """The strong dragon's evaluation context."""

    def __init__(self, state: UDState, p: int, agent: "StrongDrake"):
        self.agent = agent
        super().__init__(state, p)

    def fight_value(self, o: int, ranged: bool = False) -> float:
        """The normal value, and the blood expected from the fight (the
        winner gains the loser's strength, the loser half the winner's:
        uberdrakes.txt § Blood Points; twenty buy a victory point)."""
        v = super().fight_value(o, ranged)
        w = self.agent.blood
        if not w or self.state.players[o].roosted:
            return v
        ba, ra, bd, rd = combat.expected_sides(self.state, self.p, o, ranged)
        pw = combat.win_chance(ba, ra, bd, rd)
        return v + w * (pw * (7 + bd) + (1 - pw) * (7 + ba) / 2)


# the hard level's tuning (engine/core/search.py): evaluate counts movement
# actions; a future plays the rest of our turn (a fight's answers by the other
# dragon included: turn_of) and is weighed when the next dragon's turn begins
SEARCH = {"margin": 3.0, "replies": 0, "playouts": 96}


def rollout_policy(rules):
    """The quick player of the hard level's futures: the strong dragon,
    without a second redeal of what the future already redealt."""
    agent = StrongDrake(rules)
    agent.quick = True
    return agent


def playout_options(rules, state: UDState, p: int, rng: random.Random, glance: int) -> list:
    """The search hook: a handful of the legal actions (listed once; asking
    the sampler for each one walked every movement card again), every
    one that is not a movement, and ending the turn."""
    legal = [a for a in rules.legal_actions(state) if a.player == p]
    moves = [a for a in legal if a.kind == "move"]
    rest = [a for a in legal if a.kind != "move"]
    if len(moves) > glance:
        moves = rng.sample(moves, glance)
    return rest + moves


def turn_of(state: UDState) -> int:
    """Whose turn it is: the active dragon (a defender answering in a fight
    decides within it); in the setup, whoever chooses."""
    if state.phase in ("dragons", "mulligan"):
        from games.uberdrakes.rules import legal
        return legal.to_act(state)
    return state.active


def determinise(state: UDState, p: int, rng: random.Random) -> UDState:
    """The search hook: what p may know, the rest redealt (`public_view`)."""
    return public_view(state, p, rng)


def evaluate(state: UDState, p: int) -> float:
    """The search hook (engine/core/search.py): how good the position is for
    p, in general movement actions (the sum of `evaluate_terms`)."""
    return sum(evaluate_terms(state, p).values())


def evaluate_terms(state: UDState, p: int) -> dict:
    """How good the position is for p, by what it is about (the hard level
    names the one a look-ahead gained most on).  The result dominates; then
    victory points (a delivery is worth about forty actions), the distance
    to the next delivery, fatigue (worse with a rider aboard: at full
    fatigue the rider falls) and blood towards a point; each against the
    best opponent's."""
    if state.phase == "over":
        return {"the result": 1000.0 if p in state.winners else -1000.0}

    def worth(q: int) -> dict:
        d = state.players[q]
        er = Errand(state, q)
        dist = er.distance(d.hex, d.facing, d.rider, d.portaled)
        return {"the victory points": DELIVERY * d.vp,
                "the next delivery": -STEP_VALUE * min(dist, 45) + (PICKUP if d.rider is not None else 0.0),
                "the dragon's fatigue": -(0.7 + (1.0 if d.rider else 0.0)) * d.fatigue,
                "blood towards a victory point": 0.3 * d.blood / max(1, combat.vp_cost(state, q))}
    mine = worth(p)
    others = [worth(q.index) for q in state.players if q.index != p]
    if not others:
        return mine
    rival = max(others, key=lambda t: sum(t.values()))
    return {k: v - rival[k] for k, v in mine.items()}
