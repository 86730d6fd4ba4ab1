"""What the Dice Wars hard level searches with (engine/core/search.py): the
strong player (`StrongAgent`, `hard_policy`, `rollout_policy`), the search's
hooks (the evaluation, its terms, the options of a future, the hidden relic
pile shuffled) and its tuning (`SEARCH`)."""
from __future__ import annotations

import random

from engine.hex import grid as hexgrid
from engine.core.actions import Action
from engine.core.odds import percent
from games.dice_wars.ai import threat
from games.dice_wars.ai.normal import R_DIPLOMACY, GreedyAgent, Plan
from games.dice_wars.rules import combat, flow, legal, movement, stats, targeting

PRESSURE = 0.4         # our next phase's threat on them, in the evaluation (they move first)
GUARD = 1.0             # the strong player's weights (docs/games/dice_wars.md § The strong player)
CONTEST = 1.0


def playout_options(rules, state, p: int, rng: random.Random, glance: int) -> list:
    """The search hook: what the quick player of the hard level's futures
    weighs in the rest of our phase: every action a unit can take from
    where it stands (attacks, skills, captures: where games are won and
    lost), a guard facing the nearest enemy, and ending the phase; no
    walks (listing and weighing every move is what made a future cost a
    fiftieth of a second).  A walk is a candidate at the root, never a
    step of a future."""
    if state.phase != "command" or state.pending is not None:
        return [a for a in rules.legal_actions(state) if a.player == p]
    seen: dict = {}
    fresh = len(state.activations) < 2
    for u in stats.living(state, p):
        act = flow.activation(state, u.uid)
        if act is not None and act.acted:
            for a in step_back(rules, state, u, act):
                seen[a] = None
            continue
        if act is None and not fresh:
            continue
        facing = None
        for a in legal.action_options(state, u):
            if a.kind == "guard":
                if facing is None:
                    near = min((v for v in stats.living(state) if not stats.friendly(state, v.owner, p)),
                               key=lambda v: hexgrid.distance(u.pos, v.pos), default=None)
                    facing = hexgrid.direction_to(u.pos, near.pos) if near is not None else a["facing"]
                if a["facing"] != facing:
                    continue
            seen[a] = None
    for a in legal.phase_choices(state, p):
        seen[a] = None
    return list(seen)


def step_back(rules, state, u, act) -> list:
    """The walk after acting a thoughtful player takes (attack from cover,
    then out of reach): the reachable hex the fewest enemies could strike
    next phase (threat.py's true reach), if it is fewer than where u stands."""
    if act.move_left <= 0 or stats.has_status(u, "rooted"):
        return []
    danger = threat.danger_map(state, u.owner, state.cache if state.cache is not None else {})
    here = danger.get(u.pos, 0)
    if not here:
        return []
    found, _ = movement.reach(state, u, act.move_left, act.guards_faced)
    best = min((h for h in found if h != u.pos), key=lambda h: (danger.get(h, 0), hexgrid.distance(h, u.pos)),
               default=None)
    if best is None or danger.get(best, 0) >= here:
        return []
    return [Action("move", u.owner, (("to", best), ("uid", u.uid)))]


def determinise(state, p: int, rng: random.Random):
    """The search hook: a copy in which the relic pile's order (face down)
    is shuffled; everything else in Dice Wars is on the table."""
    s = state.copy()
    rng.shuffle(s.relic_deck)
    return s


def evaluate(state, p: int) -> float:
    """The search hook (engine/core/search.py): how good the position is for
    p, in units of a basic soldier (the sum of `evaluate_terms`)."""
    return sum(evaluate_terms(state, p).values())


def evaluate_terms(state, p: int) -> dict:
    """How good the position is for p, by what it is about (the hard level
    names the one a look-ahead gained most on).  Win or loss dominate; then
    Diplomacy crowns and cities, the armies (heroes count for a lot: losing
    one loses the game), a little for closing on the goals, and what the
    enemies' next phase could cost us (threat.exposure: their two best
    strikes at the rules' odds; a hero's last hit or our last soldier is a
    lost game).  The futures end with our phase, so that last term is the
    opponent's reply, weighed rather than played."""
    if state.phase == "over":
        return {"the result": 1000.0 if p in state.winners else -1000.0}
    army = 0.0
    for u in stats.living(state):
        v = threat.worth(u)
        army += v if stats.friendly(state, u.owner, p) else -v
    cities = 0.0
    for q in state.players:
        if not q.alive:
            continue
        held = len(stats.held_cities(state, q.index))
        v = 0.8 * held + (2.0 if held >= 3 else 0) + 3.0 * q.crowns * q.crowns
        cities += v if stats.friendly(state, q.index, p) else -v / max(1, len(state.players) - 1)
    plan = Plan(state, p)
    goals = sum(0.05 * plan.pull(u.pos)[0] for u in stats.living(state, p))
    terms = {"our army against theirs": army, "the cities and crowns (Diplomacy)": cities,
             "the march on our goals": goals}
    if state.phase == "command":
        exposed, _ = threat.exposure(state, p)
        for head, cost in exposed.items():
            terms[head] = terms.get(head, 0.0) - cost
        # and what our next phase could cost them, discounted: they move first
        # and may step away (counted whole, the exposure alone made the
        # search prefer standing off to pressing on)
        for q in state.players:
            if q.alive and not stats.friendly(state, q.index, p):
                theirs, _ = threat.exposure(state, q.index)
                terms["the pressure on their army"] = terms.get("the pressure on their army", 0.0) \
                    + PRESSURE * sum(theirs.values()) / max(1, len(state.players) - 1)
    return terms


class StrongAgent(GreedyAgent):
    """The strong player: the normal one with the lessons of watching it
    lose; the player the hard level searches with (`hard_policy`) and a
    named agent ("strong") to measure alone.  Nearly every normal-vs-normal
    game ends by Regicide (dice_wars.txt § Regicide: killing any enemy hero
    wins), yet the normal player walks its hero to the front like any unit
    and spreads its strikes.  The strong player keeps its own hero out of
    reach (a move costs by the hits enemies could land on the hero there,
    weighed against the hits it has left, at every round: the normal
    player's caution fades by round 15), judging reach by the enemies' true
    paths and lines of sight (threat.py), strikes first at the enemies that
    threaten its heroes and at the enemy hero (a hit on a hero with one hit
    left wins the game), and sends one soldier to each city of an enemy
    that holds three (Diplomacy)."""
    name = "strong"

    def __init__(self, rules, hero_care: float = 1.2, hunt: float = 1.0, guard: float = GUARD,
                 contest: float = CONTEST):
        super().__init__(rules)
        self.hero_care = hero_care       # cost of one likely hit on our hero, per hit it has lost (+1)
        self.hunt = hunt                 # extra weight on strikes at the enemy hero
        self.guard = guard               # weight on strikes at enemies that threaten our heroes
        self.contest = contest           # weight on each move's progress of a soldier sent to a city

    def score(self, state, a: Action, cache: dict) -> tuple[float, str]:
        s, why = super().score(state, a, cache)
        if a.kind == "attack":
            u, t = state.units[a["uid"]], state.units[a["target"]]
            p = combat.hit_chance(state, u, t)
            if t.tier == "hero":
                s += self.hunt * p * (3.0 / t.hp) * (30.0 if t.hp == 1 else 1.0)
                if t.hp == 1:
                    why = f"{percent(p)} to kill the enemy hero {stats.card(t).name}: Regicide wins the game"
            menace = threat.menace(state, t, a.player, cache)
            if menace:
                s += self.guard * p / t.hp * menace
                why += "; it threatens our hero (Regicide)"
        elif a.kind == "move":
            u = state.units[a["uid"]]
            to = tuple(a["to"])
            if u.tier == "hero":
                now = threat.hero_threat(state, u, u.pos, cache)
                there = threat.hero_threat(state, u, to, cache)
                s -= self.hero_care * (there - now) * (4 - u.hp)
                if there < now:
                    why = f"keep the hero {stats.card(u).name} out of reach (Regicide)"
            if self.guard:
                gain, t = self.guard_strike_from(state, u, to, cache)
                if gain > 0:
                    s += 0.9 * self.guard * gain
                    why = f"close in on the {stats.card(t).name} that threatens our hero (Regicide)"
            if u.tier != "hero" and self.contest:
                step = threat.contest_progress(state, u, to, cache)
                if step:
                    s += self.contest * step
                    if step > 0:
                        why = f"walk to an enemy city to reset its crowns ({R_DIPLOMACY})"
        return s, why

    def guard_strike_from(self, state, u, to, cache: dict) -> tuple:
        """(hit chance / hits left x menace, target) of u's best strike from
        `to` at an enemy that threatens our heroes (0 once u has acted)."""
        act = flow.activation(state, u.uid)
        if act is not None and act.acted or stats.has_status(u, "disarmed"):
            return 0.0, None
        key = ("menacing", u.owner)
        if key not in cache:
            cache[key] = [(t, m) for t in stats.living(state) if not stats.friendly(state, t.owner, u.owner)
                          for m in (threat.menace(state, t, u.owner, cache),) if m > 0]
        near = [(t, m) for t, m in cache[key] if hexgrid.distance(to, t.pos) <= targeting.max_range(state, u)]
        if not near:
            return 0.0, None
        best, target = 0.0, None
        old = u.pos
        saved_cache, state.cache = state.cache, None       # pretend u stands there, as score_move does
        del state.occupied[old]
        state.occupied[to] = u.uid
        u.pos = to
        try:
            for t, m in near:
                if targeting.weapon_target_problem(state, u, t) is None:
                    g = combat.hit_chance(state, u, t) / t.hp * m
                    if g > best:
                        best, target = g, t
        finally:
            u.pos = old
            del state.occupied[to]
            state.occupied[old] = u.uid
            state.cache = saved_cache
        return best, target


def hard_policy(rules):
    """The player the hard level searches with (engine/core/search.py)."""
    return StrongAgent(rules)


def rollout_policy(rules):
    """The quick player of the hard level's futures: the strong player,
    judging a guard by whether an enemy can reach the guard at all."""
    agent = StrongAgent(rules)
    agent.quick = True
    return agent


# the hard level's tuning (engine/core/search.py): its futures end with our
# phase (replies 0) and weigh the enemy's answer with evaluate's exposure
# term (their two best strikes at the rules' odds) instead of playing it
SEARCH = {"replies": 0, "width": 6, "kinds": 3, "margin": 1.0, "playouts": 64}
