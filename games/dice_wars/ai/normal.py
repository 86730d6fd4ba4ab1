"""The Dice Wars computer opponent: a scoring agent (Wesnoth style).

It scores every legal action with exact odds from the rules (never by
peeking at future dice) and plays the best: attacks by expected damage and
the value of the target (heroes win games), skills by their expected
effect, moves by the attacks they open and the danger they walk into,
captures by the Diplomacy race.  `explain` gives the reason in words for
the learner.
"""
from __future__ import annotations

from engine.core.computer_players import ComputerPlayers

import random

from engine.hex import grid as hexgrid
from engine.core.actions import Action
from engine.core.odds import percent
from engine.core.words import possessive
from games.dice_wars.ai import threat, tiles
from games.dice_wars.rules import combat, movement, flow, skills, stats, targeting
from games.dice_wars.rules.state import Cond

AGENTS = ("greedy", "strong")
VALUE = threat.VALUE
R_DIPLOMACY = "Diplomacy"
PRESSURE = 0.4         # our next phase's threat on them, in the evaluation (they move first)
SECOND_WALK = 0.6       # a unit's second walk before it acts (docs/games/dice_wars.md § Computer players)
FATAL = 20.0            # a likely death of a hero on its last hits or of the last soldier: the game
GUARD = 1.0             # the strong player's weights (docs/games/dice_wars.md § The strong player)
CONTEST = 1.0


def make_agent(name: str, rules):
    if name in ("greedy", "ai", "default", "normal"):
        return GreedyAgent(rules)
    if name == "strong":
        return StrongAgent(rules)
    raise KeyError(f"unknown Dice Wars agent {name!r}; known: {', '.join(AGENTS)}, random")


def city_name(state, c) -> str:
    if c.card is not None:
        return state.catalog.cities[c.card].name
    from games.dice_wars.rules.describe import hex_label
    return f"the city at {hex_label(state.board.cities[c.index].capital)}"


class Plan:
    """What wins and what loses from here, for player p: the cities to take
    or contest (Diplomacy: three cities held through three of the holder's
    command phases), the heroes to hunt (Regicide) and the last soldiers to
    finish (Domination).  Goals are (hex, weight, why); a unit's pull
    towards them decides where it walks, and `why` names the goal."""

    def __init__(self, state, p: int):
        self.p = p
        self._pulled: dict = {}
        self.goals: list = []
        self.capitals: dict = {}             # capital hex -> (weight, why) for non-friendly cities
        names = {q.index: q.name for q in state.players}
        mine = len(stats.held_cities(state, p))
        held = {q.index: len(stats.held_cities(state, q.index)) for q in state.players
                if q.alive and not stats.friendly(state, q.index, p)}
        self.urgency = 0.0
        for c in state.cities:
            if c.owner is not None and stats.friendly(state, c.owner, p):
                continue
            cap = state.board.cities[c.index].capital
            name = city_name(state, c)
            q = c.owner
            if q is not None and held.get(q, 0) >= 3:
                crowns = state.players[q].crowns
                w = 5.0 + 2.5 * crowns
                nth = ("first", "second", "third")[min(2, crowns)]
                why = f"contest {name} to stop {possessive(names[q])} {nth} crown ({R_DIPLOMACY})"
                self.urgency = max(self.urgency, 1.0 + crowns)
            elif q is not None and held.get(q, 0) == 2:
                w, why = 3.0, f"take {name} before {names[q]} holds three cities ({R_DIPLOMACY})"
            elif mine >= 2:
                w, why = 3.5, f"capture {name}: our third city ({R_DIPLOMACY})"
            else:
                w, why = 2.0, f"capture {name} ({R_DIPLOMACY})"
            self.goals.append((cap, w, why))
            self.capitals[cap] = (w, why)
        enemies = [v for v in stats.living(state) if not stats.friendly(state, v.owner, p)]
        soldiers: dict = {}
        for v in enemies:
            if v.tier != "hero":
                soldiers[v.owner] = soldiers.get(v.owner, 0) + 1
        for v in enemies:
            name = stats.card(v).name
            if v.tier == "hero":
                w = 2.0 + (v.max_hp - v.hp)
                self.goals.append((v.pos, w, f"hunt {possessive(names[v.owner])} hero {name} (Regicide)"))
            elif soldiers.get(v.owner, 9) <= 2:
                self.goals.append((v.pos, 2.0, f"finish {possessive(names[v.owner])} last soldiers (Domination)"))
            else:
                self.goals.append((v.pos, 1.0, f"engage the {name}"))

    def pull(self, h) -> tuple[float, str]:
        """How much standing at h serves the goals: weight less a tenth of it per hex away."""
        got = self._pulled.get(h)
        if got is None:
            got = self._pulled[h] = self._pull(h)
        return got

    def _pull(self, h) -> tuple[float, str]:
        best, why = -1e9, "advance"
        for g, w, reason in self.goals:
            v = w * (1.0 - 0.1 * hexgrid.distance(h, g))
            if v > best:
                best, why = v, reason
        return (best if self.goals else 0.0), why


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
        for a in rules._action_options(state, u):
            if a.kind == "guard":
                if facing is None:
                    near = min((v for v in stats.living(state) if not stats.friendly(state, v.owner, p)),
                               key=lambda v: hexgrid.distance(u.pos, v.pos), default=None)
                    facing = hexgrid.direction_to(u.pos, near.pos) if near is not None else a["facing"]
                if a["facing"] != facing:
                    continue
            seen[a] = None
    for a in rules._phase_choices(state, p):
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


class GreedyAgent:
    name = "greedy"
    quick = False           # the hard level's futures: rougher guesses where exact odds cost time

    def __init__(self, rules):
        self.rules = rules
        self.last_reason = ""

    def choose(self, state, legal, rng: random.Random) -> Action:
        ranked = self.ranked(state, legal, rng)
        best_score, best, why = ranked[0]
        self.last_reason = why
        return best

    def ranked(self, state, legal, rng: random.Random) -> list:
        """(score, action, why) for every legal action, best first: the
        easy level's mistakes and the hard level's candidates."""
        cache: dict = {"plan": Plan(state, legal[0].player)}
        out = []
        for a in legal:
            s, reason = self.score(state, a, cache)
            out.append((s + rng.random() * 1e-3, a, reason))
        out.sort(key=lambda t: -t[0])
        return out

    # ---- scoring ---------------------------------------------------------------
    def score(self, state, a: Action, cache: dict) -> tuple[float, str]:
        k = a.kind
        if k == "auto_deploy":
            return 10, "deploy the army"
        if k == "end_deploy":
            return 5, "the army stands where it guards its cities: start the battle"
        if k == "place_tile":
            return tiles.score(state, a)
        if k == "pick_faction":
            return 5, ""
        if k == "deploy":
            return -1, ""
        if k == "answer_alliance":
            return (1 if a["accept"] else 0), "alliances help against the leader"
        if k in ("propose_alliance", "break_alliance"):
            return -5, ""
        if k == "end_phase":
            return 0.05, self.end_words(state)
        if k == "counterstrike":
            pend = state.pending
            g, u = state.units[pend.guard], state.units[pend.uid]
            p = combat.hit_chance(state, g, u, counterstrike=True)
            return 0.2 - p * self.unit_value(u) / u.hp, "take the counterstrike"
        if k == "attack":
            u, t = state.units[a["uid"]], state.units[a["target"]]
            p = combat.hit_chance(state, u, t)
            v = self.unit_value(t)
            kill = 1.0 / t.hp
            why = f"{percent(p)} to hit the {stats.card(t).name}"
            if t.tier == "hero":
                why += f"; {t.hp} hit{'s' if t.hp > 1 else ''} from Regicide"
            bonus = 0.0
            w = cache["plan"].capitals.get(t.pos)
            if w is not None:          # a defender standing on a contested capital
                bonus, why = 0.3 * w[0] * p / t.hp, why + f", to {w[1]}"
            return 1.0 + p * v * (0.6 + kill) + bonus, why
        if k in ("skill", "city_skill", "relic_skill"):
            return self.score_skill(state, a, cache)
        if k == "capture":
            w, why = cache["plan"].capitals.get(state.units[a["uid"]].pos, (2.0, "capture a city (Diplomacy)"))
            held = len(stats.held_cities(state, a.player))
            return 2.5 + held + w, why
        if k == "search_ruins":
            return 2.0, "a relic"
        if k == "guard":
            return self.score_guard(state, a, cache)
        if k == "move":
            return self.score_move(state, a, cache)
        if k == "face":
            return -0.5, self.face_words(state, a)
        if k == "relic_spell":
            return self.score_spell(state, a)
        return -1, ""

    def unit_value(self, u) -> float:
        return VALUE[u.tier]

    def score_skill(self, state, a: Action, cache) -> tuple[float, str]:
        u = state.units[a["uid"]]
        if a.kind == "skill":
            sk = stats.card(u).skill
        elif a.kind == "city_skill":
            sk = state.catalog.cities[a["city"]].skill
        else:
            sk = state.catalog.relics[a["relic"]].skill
        target = a["target"]
        target = tuple(target) if isinstance(target, (list, tuple)) else target
        f, s, g = skills.check_odds(sk, skills.check_modifier(state, u))
        gain = self.effect_gain(state, sk, u, u.owner, target, cache)
        why = f"{sk.name}: {percent(1 - f)} to succeed"
        if any(fx.kind in ("teleport", "swap", "extra_move", "hurl") for fx in sk.effects) or sk.carry:
            # a unit moved by a skill: worth what it gains towards the goals
            plan = cache["plan"]
            if isinstance(target, tuple) and len(target) == 2 and all(isinstance(x, int) for x in target):
                now, _ = plan.pull(u.pos)
                there, goal = plan.pull(target)
                step = 0.15 * (there - now) / max(0.1, plan.goals[0][1] if plan.goals else 1.0)
                if target in plan.capitals:
                    step += 0.5 * plan.capitals[target][0]
                gain += max(-1.0, step)
                why = f"{sk.name} ({percent(1 - f)}): {goal}"
            elif isinstance(target, int) and target in state.units and any(fx.kind == "swap" for fx in sk.effects):
                gain, why = self._swap_gain(state, sk, u, state.units[target], f, cache, gain, why)
            else:
                gain += 0.1
        if gain <= 0.05:
            return -0.2, ""
        # a small gain earns a small score: a buff that saves a tenth of a
        # hit is no reason to spend a unit's action (the old flat 0.8 made
        # the same Sacred Benediction worth casting twice on one Footman)
        return 0.8 * min(1.0, gain / 0.5) + (1 - f) * gain, why

    def _swap_gain(self, state, sk, u, v, f: float, cache, gain: float, why: str) -> tuple[float, str]:
        """A skill that trades `u`'s place with unit `v` (`f` its chance to
        fail): with an enemy, worth u's step along the goals' pull to v's
        hex, as a move there; with a friend nothing, the two trading places
        on the same goals (the playtest's Mirror Swap on our own Witch,
        phase after phase, far from every fight)."""
        if stats.friendly(state, v.owner, u.owner):
            return gain, why
        plan = cache["plan"]
        now, _ = plan.pull(u.pos)
        there, goal = plan.pull(v.pos)
        step = 0.15 * (there - now) / max(0.1, plan.goals[0][1] if plan.goals else 1.0)
        if v.pos in plan.capitals:
            step += 0.5 * plan.capitals[v.pos][0]
        return gain + max(-1.0, step), f"{sk.name} ({percent(1 - f)}): {goal}"

    def effect_gain(self, state, sk, caster, owner: int, target, cache=None) -> float:
        """Expected value of a skill's effects on the units it reaches."""
        cache = {} if cache is None else cache
        gain = 0.0
        for v in skills.affected(state, sk, caster, owner, target):
            enemy = not stats.friendly(state, v.owner, owner)
            sign = 1 if enemy else -1
            for fx in sk.effects:
                if fx.kind == "damage":
                    gain += sign * self.unit_value(v) * min(fx.amount, v.hp) / v.hp
                elif fx.kind == "attack":
                    gain += sign * 0.5 * self.unit_value(v) / v.hp
                elif fx.kind == "condition":
                    gain += self.condition_gain(state, v, fx.stat, fx.amount, owner, caster, cache)
                elif fx.kind == "status":
                    gain += self.status_gain(state, v, fx.status, owner, cache)
                elif fx.kind == "heal" and not enemy and v.hp < v.max_hp:
                    gain += 0.6 * self.unit_value(v) / v.max_hp
                elif fx.kind == "knockback" and enemy:
                    gain += 0.1
        return gain

    def condition_gain(self, state, v, stat: str, amount: int, owner: int, caster, cache) -> float:
        """What a condition on v is worth until `owner`'s next phase, by what
        it changes (§ Conditions): more defense on an ally saves the hits
        the enemies could land on it next phase (nothing where none can
        reach it: a buff on a unit out of every enemy's reach is wasted,
        and a second one where the first already did the work saves
        less); more attack helps only a unit that can still strike this
        phase; less defense on an enemy only if one of ours can still
        strike it; less attack on an enemy saves what it could do to us."""
        cond = Cond(stat, amount, owner, "a skill")
        enemy = not stats.friendly(state, v.owner, owner)
        if not enemy:
            if stat == "defense" and amount > 0:
                before = threat.threat_on(state, v, cache, FATAL)
                if before <= 0:
                    return 0.0
                with threat.pretend_conds(state, v, [cond]):
                    after = threat.threat_on(state, v, cache, FATAL)
                return max(0.0, before - after)
            if stat in ("attack", "range") and amount > 0:
                return 0.2 * amount if self.can_still_strike(state, v, caster) else 0.0
            if stat == "move" and amount > 0:
                return 0.1 if self.can_still_strike(state, v, caster) else 0.0
            return -0.25
        if stat == "defense" and amount < 0:
            mine = [u for u in stats.living(state, owner) if u is not caster and self.can_still_strike(state, u, caster)
                    and hexgrid.distance(u.pos, v.pos) <= targeting.max_range(state, u) + movement.base_move(state, u)]
            return 0.2 * -amount if mine else 0.0
        if stat == "attack" and amount < 0:
            return 0.5 * self.menace_of(state, v, owner, cache) * min(1.0, 0.15 * -amount)
        if stat == "move" and amount < 0:
            return 0.1 if self.menace_of(state, v, owner, cache) > 0 else 0.0
        return 0.25 if amount < 0 else -0.25

    def status_gain(self, state, v, status: str, owner: int, cache) -> float:
        """A status by what it changes: a shield on an ally is worth the hit
        it would absorb; taunting, rooting or disarming an enemy the hits
        it could not strike at us."""
        enemy = not stats.friendly(state, v.owner, owner)
        if not enemy:
            if status == "shielded":
                if stats.has_status(v, "shielded"):
                    return 0.0                   # one shield absorbs one hit: a second saves nothing
                return threat.threat_on(state, v, cache, FATAL)
            return -0.25
        if stats.has_status(v, status) or stats.immune_to(state, v, status):
            return 0.0
        menace = self.menace_of(state, v, owner, cache)
        if status in ("disarmed", "rooted", "blinded"):
            return 0.05 + 0.6 * menace
        return 0.05 + 0.2 * menace

    def menace_of(self, state, v, owner: int, cache) -> float:
        """The expected cost of enemy v's best strike on owner's units next phase."""
        best = 0.0
        for t in stats.living(state, owner):
            if threat.can_strike(state, v, t.pos, cache):
                c, _ = threat.hit_cost(t, 1, threat.last_soldier(state, t), FATAL)
                best = max(best, combat.hit_chance(state, v, t) * c)
        return best

    def can_still_strike(self, state, u, caster) -> bool:
        """Can u still take an action this phase?  Not the caster (the
        skill is its action), and a unit not yet activated only if a turn
        is left once the caster has taken its own (two a phase)."""
        if u is caster:
            return False
        act = flow.activation(state, u.uid)
        if act is not None:
            return not act.acted
        taken = len(state.activations) + (1 if caster is not None and flow.activation(state, caster.uid) is None else 0)
        return taken < 2 and u.owner == state.current

    def score_spell(self, state, a: Action) -> tuple[float, str]:
        sp = state.catalog.relics[a["relic"]].spell
        target = a["target"]
        target = tuple(target) if isinstance(target, (list, tuple)) else target
        gain = self.effect_gain(state, sp, None, a.player, target)
        # spending a relic gives up its trait and skill for good: only for a big swing
        return gain - 1.5, f"{sp.name}: worth more than keeping the relic"

    def score_guard(self, state, a: Action, cache) -> tuple[float, str]:
        """Guarding (+1 defense, its three front hexes unsafe to enter) is
        worth the hits the +1 saves against the enemies that could strike
        it next phase, more when it faces the nearest of them; a unit that
        took its turn and has nothing better to do guards rather than
        standing idle (dice_wars.txt § Guarding)."""
        u = state.units[a["uid"]]
        name = stats.card(u).name
        near = self.nearest_enemy(state, u)
        if near is None:
            return 0.06, f"the {name} guards: +1 defense (Guarding)"
        key = ("guard saves", u.uid)
        saved = cache.get(key)
        if saved is None and self.quick:        # the futures' quick player: in reach or not
            danger = threat.danger_map(state, u.owner, state.cache if state.cache is not None else cache)
            saved = cache[key] = 0.1 if danger.get(u.pos) else 0.0
        if saved is None:
            saved = threat.threat_on(state, u, cache, FATAL)
            if saved > 0:
                with threat.pretend_conds(state, u, [Cond("defense", 1, u.owner, "guard")]):
                    saved -= threat.threat_on(state, u, cache, FATAL)
            cache[key] = saved
        facing = hexgrid.direction_to(u.pos, near.pos)
        score = 0.06 + 0.8 * max(0.0, saved) + (0.04 if a["facing"] == facing else 0.0)
        if saved > 0.01:
            why = f"the {name} guards facing the {stats.card(near).name}: +1 defense against the strikes " \
                  f"that can reach it next phase (Guarding)"
        else:
            why = f"the {name} guards the approach from the {stats.card(near).name} (Guarding)"
        return score, why

    def end_words(self, state) -> str:
        """Why the phase ends here, in the rules' words."""
        from games.dice_wars.rules.describe import hex_label
        turns = [x for x in state.activations if state.units[x.uid].hp > 0]
        cards = [stats.card(state.units[x.uid]).name for x in turns]

        def named(x) -> str:
            u = state.units[x.uid]
            name = stats.card(u).name
            return f"the {name} on {hex_label(u.pos)}" if cards.count(name) > 1 else f"the {name}"
        names = [named(x) for x in turns]
        idle = [named(x) for x in turns if not x.acted]
        took = " and ".join(names) if names else "our units"
        if idle:
            return (f"{took} took this phase's turns; {' and '.join(idle)} has nothing in reach worth "
                    f"its action (§ The Command Phase: two units a phase)")
        return f"{took} moved and acted: the phase's two turns are spent (§ The Command Phase)"

    def face_words(self, state, a: Action) -> str:
        """Why the unit turns this way: its own reason, never the phase's end."""
        u = state.units[a["uid"]]
        name = stats.card(u).name
        enemy = self.nearest_enemy(state, u)
        if enemy is None:
            return f"turn the {name}: no enemy is left to face"
        foe = stats.card(enemy).name
        if hexgrid.is_behind(u.pos, a["facing"], enemy.pos):
            return f"turn the {name}; the {foe}, the nearest enemy, would stand behind it (§ Facing)"
        return f"turn the {name} towards the {foe}, the nearest enemy, so it cannot strike its back (§ Facing)"

    def nearest_enemy(self, state, u, heroes_first: bool = False):
        best, bd = None, 999
        for v in stats.living(state):
            if stats.friendly(state, v.owner, u.owner):
                continue
            d = hexgrid.distance(u.pos, v.pos) - (4 if heroes_first and v.tier == "hero" else 0)
            if d < bd:
                best, bd = v, d
        return best

    def score_move(self, state, a: Action, cache) -> tuple[float, str]:
        score, why = self.plain_move(state, a, cache)
        u = state.units[a["uid"]]
        to = tuple(a["to"])
        act = flow.activation(state, u.uid)
        if act is not None and act.moved and not act.acted:
            # a second walk before acting: the first should have gone there
            # (walking on and back is the blunder; a split move is for acting between)
            score -= SECOND_WALK
        if threat.fatal(state, u) and u.hp <= 2:
            now = threat.death_chance(threat.chances_on(state, u, u.pos, cache), u.hp)
            there = threat.death_chance(threat.chances_on(state, u, to, cache), u.hp)
            score += FATAL * (now - there)
            if there < now - 0.05:
                name = stats.card(u).name
                why = (f"keep the hero {name} out of reach: its last hits lose the game (Regicide)"
                       if u.tier == "hero" else
                       f"keep the {name}, our last soldier, out of reach (Domination)")
        return score, why

    def plain_move(self, state, a: Action, cache) -> tuple[float, str]:
        u = state.units[a["uid"]]
        to = tuple(a["to"])
        act = flow.activation(state, u.uid)
        if act is not None and act.acted:
            # after acting: step back only if it is clearly safer there
            gain = 0.15 * (self.danger(state, u, u.pos, cache) - self.danger(state, u, to, cache)) - 0.08
            return gain, "step back out of reach of enemies"
        key = ("enemies", u.owner)
        if key not in cache:
            cache[key] = [v for v in stats.living(state) if not stats.friendly(state, v.owner, u.owner)]
        enemies = cache[key]
        old = u.pos
        # pretend the unit stands there (cheap: no clone; no cached values meanwhile)
        saved_cache, state.cache = state.cache, None
        del state.occupied[old]
        state.occupied[to] = u.uid
        u.pos = to
        try:
            best_hit = 0.0
            if not stats.has_status(u, "disarmed"):
                for t in enemies:
                    if hexgrid.distance(to, t.pos) <= stats.card(u).range + 1:
                        if targeting.weapon_target_problem(state, u, t) is None:
                            p = combat.hit_chance(state, u, t)
                            best_hit = max(best_hit, p * self.unit_value(t) * (0.6 + 1.0 / t.hp))
        finally:
            u.pos = old
            del state.occupied[to]
            state.occupied[old] = u.uid
            state.cache = saved_cache
        danger = self.danger(state, u, to, cache)
        plan = cache["plan"]
        now, _ = plan.pull(old)
        there, goal = plan.pull(to)
        # caution fades as the battle drags on (and when a win is near to
        # stop), so two careful armies still meet and nobody guards forever
        caution = max(0.0, 1.0 - state.round / 15) / (1.0 + plan.urgency)
        score = 0.3 + best_hit * 0.9 - 0.12 * caution * danger * self.unit_value(u) + 0.12 * (there - now)
        if to in plan.capitals:         # stand on the capital: capture it with this unit's action
            score += 0.5 * plan.capitals[to][0]
            goal = plan.capitals[to][1]
        if u.tier == "hero":
            score -= 0.1 * danger
        return score, (f"close in to attack, to {goal}" if best_hit else goal)

    def goal_distance(self, state, u, h, enemies) -> float:
        best = 99.0
        for t in enemies:
            d = hexgrid.distance(h, t.pos) - (2 if t.tier == "hero" else 0)
            best = min(best, d)
        for c in state.cities:
            if c.owner is None or not stats.friendly(state, c.owner, u.owner):
                cap = state.board.cities[c.index].capital
                best = min(best, hexgrid.distance(h, cap) + 1)
        return best

    def danger(self, state, u, h, cache=None) -> float:
        """Enemies that could reach h and strike next phase (half each)."""
        key = ("threats", u.owner)
        threats = cache.get(key) if cache is not None else None
        if threats is None:
            threats = [(v.pos, stats.card(v).move + stats.card(v).range) for v in stats.living(state)
                       if not stats.friendly(state, v.owner, u.owner)]
            if cache is not None:
                cache[key] = threats
        n = 0.0
        for pos, reach in threats:
            if hexgrid.distance(pos, h) <= reach:
                n += 0.5
        return n


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

# the easy level's slips (engine/core/search.py EasyAgent): half its decisions
# may take one of its next four ideas within 4 points or 80% of the best
# (docs/games/dice_wars.md § Computer players: measured against normal)
EASY = {"slip": 0.5, "spread": 4.0, "ratio": 0.8, "reach": 4}


def plan_follows(state, previous: Action, step: Action) -> bool:
    """The hint's plan (engine/core/hint.py): after a walk, the same unit's
    action (the attack it closed in for, the capture on the capital)."""
    return previous.kind == "move" and step.get("uid") == previous["uid"] and step.kind in (
        "attack", "skill", "city_skill", "relic_skill", "capture", "search_ruins")


def explain(agent: GreedyAgent) -> str:
    return agent.last_reason


# the game's computer players, declared once for the levels (engine/core/computer_players.py)
COMPUTER = ComputerPlayers(make_agent=make_agent, agents=AGENTS, evaluate=evaluate, evaluate_terms=evaluate_terms,
                           hard_policy=hard_policy, rollout_policy=rollout_policy, determinise=determinise,
                           playout_options=playout_options, plan_follows=plan_follows, easy=EASY, search=SEARCH)
