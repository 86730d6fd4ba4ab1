"""The Dragonbond normal computer player: a scoring agent (Wesnoth style).

It scores the listed actions with exact odds from the rules (never by
peeking at dice to come) and plays the best:

- which unit to activate: the one with the best thing to do now (an attack
  or a charge by expected wounds weighed by what the target is worth,
  else an advance or a rest);
- in the turn: attacks and charges by expected value, moves by the attack
  they open from where they end (tried on the real state and put back),
  by objectives held (Control) and by the danger they walk into, rests by
  fatigue;
- decisions: opportunity attacks always, reactions when they do not
  exhaust, our casualty and pile-in proposals.

`explain(agent)` (games/dragonbond/ai/players.py) gives the reason for the last
choice, for the learner.
"""
from __future__ import annotations

import math
import random

from engine.core.actions import Action
from engine.core.odds import percent
from engine.core.words import possessive
from games.dragonbond.rules import combat, dicepool, modifiers, powers, space, stats
from games.dragonbond.rules.state import DBState, Unit


NO_CHANCE = 0.05     # a charge less likely than this to arrive is no charge


def worth(u: Unit) -> float:
    """Points per wound the unit can take: what one wound on it is worth."""
    c = stats.card(u)
    wounds = c.health * (c.injuries if c.kind == "huge" else c.models)
    return c.points / max(1, wounds)


class GreedyAgent:
    name = "greedy"

    def __init__(self, rules):
        self.rules = rules
        self.last_reason = ""
        self._here: dict = {}        # uid -> (version, value of standing where it is)
        self._blows: dict = {}       # (enemy, unit, models, wounds) -> an enemy charge's expected wounds

    def choose(self, state: DBState, legal, rng: random.Random) -> Action:
        ranked = self.ranked(state, legal, rng)
        self.last_reason = ranked[0][2]
        return ranked[0][1]

    def ranked(self, state: DBState, legal, rng: random.Random) -> list:
        """(score, action, why) for every legal action, best first."""
        self._here = {}
        self._blows = {}
        out = []
        for a in legal:
            s, reason = self.score(state, a)
            out.append((s + rng.random() * 1e-6, a, reason))
        out.sort(key=lambda t: -t[0])
        return out

    # ---- scoring ------------------------------------------------------------------------------
    def score(self, state: DBState, a: Action) -> tuple[float, str]:
        k = a.kind
        if k == "declare_bond":
            if a.get("dragon") is None:
                return 0.0, "fight without a dragon"
            return (0.0, "bond, ride the dragon") if a.get("mounted") else (1.0, "bond, fight apart")
        if k == "choose_edge":
            return (0.5, "deploy first, to take the ground") if a["first"] else (1.0, "deploy second to answer the enemy")
        if k == "deploy":
            return self.score_deploy(state, a), "deploy towards the centre"
        if k == "opportunity_attack":
            return 10.0, "punish the enemy leaving"
        if k == "use_reaction":
            u = state.units[a["uid"]]
            ok = u.fatigue + 1 <= stats.stamina(state, u)
            return (2.0 if ok else -1.0), (f"react with {a['power']}" if ok else "keep the stamina for later")
        if k == "decline":
            return 0.0, "save the stamina"
        if k == "remove_models":
            if state.pending and a["models"] == self._first_casualties(state):
                return 1.0, "lose the cheapest models first: the unit keeps its fighting strength"
            return 0.0, "lose these models (the cheapest first would keep more of its fighting strength)"
        if k == "follow_up":
            return 1.0, "join the fight"
        if k == "charge_attack":
            return 5.0, "strike with the charge's upgraded dice"
        if k == "skip_follow_up":
            return 0.0, "hold position: moving up into the fight is not worth it"
        if k == "pass_round":
            return -50.0, "nothing useful left"
        if k == "activate":
            return self.score_activation(state, state.units[a["uid"]])
        if k == "attack":
            u, t = state.units[a["uid"]], state.units[a["target"]]
            w, _ = stats.weapon(state, u, a["weapon"])
            ev = combat.expected_wounds(state, u, t, w)
            return 2.0 + ev * worth(t) / 10.0 - self.fatigue_cost(state, u, 1), \
                f"{ev:.1f} wounds expected on {stats.name(state, t)}" + self.objective_note(state, t)
        if k == "charge":
            return self.score_charge(state, a)
        if k == "move":
            return self.score_move(state, a, 1.0)
        if k == "run":
            s, why = self.score_move(state, a, 0.6)
            return s - 0.3 - self.fatigue_cost(state, state.units[a["uid"]], 1), why
        if k == "power":
            return self.score_power(state, a)
        if k == "rest":
            u = state.units[a["uid"]]
            if not u.exhaustion and not u.fatigue:
                why = "rest: nothing it can reach is worth an action now; it keeps fresh for the next round"
            else:
                why = (f"rest: {u.exhaustion} exhaustion and {u.fatigue} fatigue slow it and downgrade its dice "
                       "(§ Exhaustion Penalty)")
            return 0.2 + 0.8 * u.exhaustion + 0.15 * u.fatigue, why
        if k == "wait":
            return 0.1, "hold: let the enemy come into reach first"
        if k == "end_turn":
            return 0.05, "end the turn: no activation left worth its fatigue"
        if k in ("coordinated", "mount", "dismount", "disengage"):
            return -0.5, f"{k.replace('_', ' ')}: rarely worth it"
        return -1.0, "nothing better to do"

    def _first_casualties(self, state):
        from games.dragonbond.rules.wounds import default_casualties
        pd = state.pending[-1]
        return default_casualties(state, state.units[pd.uid])

    def fatigue_cost(self, state: DBState, u: Unit, n: int) -> float:
        over = max(0, u.fatigue + n - stats.stamina(state, u)) + u.exhaustion
        return 0.6 * over

    def score_deploy(self, state: DBState, a: Action) -> float:
        cx, cy = state.table.width / 2, state.table.height / 2
        pts = a["to"]
        mx = sum(p[0] for p in pts) / len(pts)
        my = sum(p[1] for p in pts) / len(pts)
        return -math.hypot(mx - cx, my - cy) / 10.0

    # ---- what a unit can do now ------------------------------------------------------------------
    def attack_value(self, state: DBState, u: Unit, charging_ok: bool = True) -> tuple[float, str]:
        """The best attack or charge u could make now: (its worth, why).  The
        worth is the expected wounds' (charges a little less); the reason
        names the option the follow-up scoring ranks first (`score` of an
        attack, `score_charge`), so an activation says what the unit then
        does, not a target it will pass over."""
        best, why, first = 0.0, "", -math.inf
        sp = stats.speed(state, u)
        for e in space.enemies(state, u):
            for w, _ in stats.weapons(state, u):
                if combat.target_problem(state, u, e, w) is None:
                    v = combat.expected_wounds(state, u, e, w) * worth(e) / 10.0
                    best = max(best, v)
                    rank = 2.0 + v - self.fatigue_cost(state, u, 1)
                    if v > 0 and rank > first:
                        first, why = rank, f"attack {stats.name(state, e)} with {w.name}"
            if charging_ok and not stats.exhausted(u) and not u.immobilized:
                d = space.distance(state, u, e)
                if d <= sp + 6 and space.line_of_sight(state, u, e):   # as legal.special_actions offers it
                    p = self.reach_chance(state, u, d)
                    w = next((w for w, _ in stats.weapons(state, u) if w.type == "melee"), None)
                    if w is not None and p >= NO_CHANCE:
                        wounds = p * self.charge_wounds(state, u, e, w) * worth(e) / 10.0
                        best = max(best, wounds * 0.9)
                        rank = 1.8 + wounds - (1 - p) * 0.8 - self.fatigue_cost(state, u, 2)
                        if wounds > 0 and rank > first:
                            first, why = rank, f"charge {stats.name(state, e)} ({percent(p)} to arrive)" + \
                                self.objective_note(state, e)
        return best, why

    def reach_chance(self, state: DBState, u: Unit, d: float) -> float:
        sp = stats.speed(state, u)
        future = max(0, u.fatigue + 2 - stats.stamina(state, u))
        up, down, _ = modifiers.roll_mods(state, u, "charge", {"charging": True})
        down += 2 * future
        pool = dicepool.modify([3, 3, 3], up, down, state=state)
        sp = max(0, sp - future)                        # the charge's own fatigue slows it first
        need = d - sp + (sp / 2 if u.slow else 0)       # a Slow token costs half its speed (moves.charge_roll)
        return dicepool.at_least(dicepool.success_dist(state.catalog, tuple(pool)), max(0, math.ceil(need - 1e-3)))

    def charge_wounds(self, state: DBState, u: Unit, e: Unit, w) -> float:
        """Expected wounds of a charge's attack, all models fighting."""
        n = len(u.models) if u.rider is None and stats.card(u).models > 1 else 1
        pool = dicepool.pool_of(w.dice, n)
        up, down, _ = modifiers.roll_mods(state, u, "melee_attack", {"other": e, "charging": True, "weapon": w.name})
        pool = dicepool.modify(pool, up, down, state=state)
        per = tuple(dicepool.pool_of(stats.defense_spec(e, False)))
        dup, ddown, _ = modifiers.roll_mods(state, e, "melee_defense", {"other": u})
        return dicepool.expected(combat._wounds_dist(state.catalog, tuple(pool), per, dup - ddown, stats.has(state, u, "sharp"),
                                                     dicepool.each_die_once(state)))

    def score_activation(self, state: DBState, u: Unit) -> tuple[float, str]:
        v, why = self.attack_value(state, u)
        if v <= 0.05:
            v, why = 0.3 + self.advance_gain(state, u), self.objective_score(state, u)[1] or "advance on the enemy"
            if u.exhaustion:
                v = 0.4 + 0.6 * u.exhaustion
                why = f"rest: {u.exhaustion} exhaustion slows it and downgrades its dice (§ Exhaustion Penalty)"
        # tired units rest their turn: the army's other units get theirs (every unit fights)
        return 1.0 + v - 0.3 * u.exhaustion - 0.15 * u.fatigue, why

    def advance_gain(self, state: DBState, u: Unit) -> float:
        """Room to improve: far from enemies and objectives scores higher."""
        ens = space.enemies(state, u)
        if not ens:
            return 0.0
        d = min(space.distance(state, u, e) for e in ens)
        return min(0.5, d / 40.0)

    def score_charge(self, state: DBState, a: Action) -> tuple[float, str]:
        u, e = state.units[a["uid"]], state.units[a["target"]]
        w, _ = stats.weapon(state, u, a["weapon"])
        d = space.distance(state, u, e)
        p = self.reach_chance(state, u, d)
        if p < NO_CHANCE:
            # it would only tire itself running at them (the full distance even when it fails,
            # § Charge [2]): a move gets there without the two fatigue (issue 35)
            return -1.0, f"no charge at {stats.name(state, e)}: no chance to arrive ({percent(p)})"
        v = p * self.charge_wounds(state, u, e, w) * worth(e) / 10.0
        return 1.8 + v - (1 - p) * 0.8 - self.fatigue_cost(state, u, 2), \
            f"charge {stats.name(state, e)} ({percent(p)})" + self.objective_note(state, e)

    def objective_note(self, state: DBState, e: Unit) -> str:
        """', to break Crimson's hold on objective 3 (Control)' when the
        target holds an objective for its side."""
        if state.options.get("mode", "control") != "control" or not e.models:
            return ""
        for i, obj in enumerate(space.objectives(state)):
            if space.controller(state, obj) != e.owner:
                continue
            px, py = obj.point if obj.point is not None else obj.centre
            if min(math.hypot(f.x - px, f.y - py) - f.r for f in space.feet(state, e)) <= space.OBJECTIVE_RANGE:
                return f", to break {possessive(state.players[e.owner].name)} hold on {obj.name or f'objective {i + 1}'} (Control)"
        return ""

    def score_power(self, state: DBState, a: Action) -> tuple[float, str]:
        u = state.units[a["uid"]]
        tid = a.get("target")
        t = state.units.get(tid) if tid is not None else u
        try:
            kind, rng, effects = powers.spec_of(state, u, a["power"])
        except (KeyError, TypeError, AttributeError):
            return -1.0, ""
        v = 0.0
        for fx in effects:
            if fx.kind == "hits":
                pool = dicepool.pool_of(fx.dice)
                per = tuple(dicepool.pool_of(stats.defense_spec(t, True)))
                v += dicepool.expected(dicepool.wounds_dist(state.catalog, tuple(pool), per)) * worth(t) / 10.0
            elif fx.kind == "wounds":
                v += fx.amount * worth(t) / 10.0
            elif fx.kind == "attack":
                v += combat.expected_wounds(state, u, t, fx.weapon) * worth(t) / 10.0
            elif fx.kind == "heal":
                v += min(fx.amount, t.wounds) * worth(t) / 10.0 + 0.1 * min(t.exhaustion, fx.amount)
            elif fx.kind == "status":
                v += 0.35 * fx.count if t.owner != u.owner else -0.5
            elif fx.kind == "fatigue":
                if fx.add:
                    v += 0.3
                else:
                    v += 0.4 * t.exhaustion + 0.1 * t.fatigue
            elif fx.kind == "modifier":
                if t.owner != u.owner:
                    v += 0.2
                elif self.modifier_counts(state, t, fx):
                    v += 0.3
        if v <= 0:
            # nothing it would change this round: the action and its fatigue are wasted (issue 35)
            return -0.5, f"keep {a['power']} for later: {self.idle_why(state, t, effects)}"
        return 1.5 + v - self.fatigue_cost(state, u, 1), f"power {a['power']}"

    def modifier_counts(self, state: DBState, t: Unit, fx) -> bool:
        """Whether a friendly dice modifier on t can matter this round: a
        defence die only where an enemy can reach it, an attack die only
        where t has an attack or a charge to make."""
        if "defense" in fx.roll:
            return self.threatened(state, t)
        return self.attack_value(state, t)[0] > 0.05

    def threatened(self, state: DBState, t: Unit) -> bool:
        """An enemy could attack t this round: within its charge's reach
        (speed and the charge roll, 6 at most) or in range of one of its
        weapons."""
        for e in space.enemies(state, t):
            d = space.distance(state, t, e)
            if d <= stats.speed(state, e) + 6:
                return True
            if any(w.type == "ranged" and d <= stats.speed(state, e) + w.range for w, _ in stats.weapons(state, e)):
                return True
        return False

    def idle_why(self, state: DBState, t: Unit, effects) -> str:
        name = stats.name(state, t)
        if any(fx.kind == "modifier" and "defense" in fx.roll for fx in effects):
            return f"no enemy can reach {name} this round"
        if any(fx.kind == "modifier" for fx in effects):
            return f"{name} has nothing to attack this round"
        return f"nothing on {name} for it to change"

    # ---- moves: tried on the state and put back ----------------------------------------------------
    def score_move(self, state: DBState, a: Action, weight: float) -> tuple[float, str]:
        """A move is worth what it improves on staying where the unit is;
        a shuffle of an inch or less is never worth a move."""
        u = state.units[a["uid"]]
        pts = [tuple(p) for p in a["to"]]
        shift = max((math.hypot(m.x - x, m.y - y) for m, (x, y) in zip(u.models, pts)), default=0.0)
        if shift < 1.0:
            return -0.5, "no dithering"
        there, why = self.stand_value(state, u, pts, weight)
        key = (u.uid, weight)
        if key not in self._here:
            self._here[key] = self.stand_value(state, u, [(m.x, m.y) for m in u.models], weight)[0]
        return 0.3 + (there - self._here[key]), why

    def stand_value(self, state: DBState, u: Unit, pts: list, weight: float) -> tuple[float, str]:
        """How good it is for u to stand at pts: attacks it has from there,
        objectives, closing on the enemy, less the danger."""
        old = [(m.x, m.y) for m in u.models]
        saved_cache, saved_version = state.cache, state.version
        for m, (x, y) in zip(u.models, pts):
            m.x, m.y = x, y
        state.version = -1 - saved_version
        state.cache = None
        try:
            t = state.turn
            acted = t is not None and t.acted
            att, why = (0.0, "") if acted else self.attack_value(state, u, charging_ok=False)
            obj, obj_why = self.objective_score(state, u)
            danger = self.danger(state, u)
            closer = -0.02 * min((space.distance(state, u, e) for e in space.enemies(state, u)), default=0)
        finally:
            for m, (x, y) in zip(u.models, old):
                m.x, m.y = x, y
            state.version = saved_version
            state.cache = saved_cache
        s = weight * (att * 0.95 + obj + closer) - danger
        return s, why or obj_why or "advance on the enemy"

    def objective_score(self, state: DBState, u: Unit) -> tuple[float, str]:
        """Control: objectives score a point for their controller at every
        round's end (dragonbond.txt § Control).  Being on one we hold keeps
        it; on one the enemy holds contests it; the nearest other one pulls."""
        if state.options.get("mode", "control") != "control":
            return 0.0, ""
        s, why, best = 0.0, "", 0.0
        for i, obj in enumerate(space.objectives(state)):
            px, py = obj.point if obj.point is not None else obj.centre
            d = min(math.hypot(f.x - px, f.y - py) - f.r for f in space.feet(state, u))
            name = obj.name or f"objective {i + 1}"
            c = space.controller(state, obj)
            if d <= space.OBJECTIVE_RANGE:
                if c == u.owner:
                    v, reason = 0.8, f"hold {name} (Control: a point each round)"
                elif c is None:
                    v, reason = 0.9, f"take {name} (Control: a point each round)"
                else:
                    v, reason = 1.2, (f"contest {name} to stop {state.players[c].name} scoring it "
                                      f"(Control)")
            else:
                v = max(0.0, (0.6 if c is not None and c != u.owner else 0.4) - d / 40.0)
                reason = (f"march on {name}, which {state.players[c].name} holds (Control)"
                          if c is not None and c != u.owner else f"march on {name} (Control)")
            s += v
            if v > best:
                best, why = v, reason
        return s, why

    def danger(self, state: DBState, u: Unit) -> float:
        """Enemy attacks that could reach the unit next, a little; and all
        the unit is worth where an enemy's charge would likely wipe it out
        (issue 35: walking into a charge it cannot survive)."""
        n = 0.0
        doomed = False
        for e in space.enemies(state, u):
            d = space.distance(state, u, e)
            reach = stats.speed(state, e) + 4
            if d <= reach:
                n += 0.05 * worth(e) / 10.0
            if not doomed and d <= stats.speed(state, e) + 6:
                doomed = self.would_wipe_out(state, e, u, d)
        if doomed:
            n += stats.card(u).points / 25.0      # the unit's worth in the search's evaluation (ai/strong.py evaluate)
        return n

    def would_wipe_out(self, state: DBState, e: Unit, u: Unit, d: float) -> bool:
        """Whether enemy e's charge at u, d inches away, would likely
        arrive (an even chance or better) and is expected to deal every
        wound u has left (a huge creature's injuries are rolled: never)."""
        c = stats.card(u)
        if c.kind == "huge" or stats.exhausted(e) or e.immobilized or not space.line_of_sight(state, e, u):
            return False
        w = next((w for w, _ in stats.weapons(state, e) if w.type == "melee"), None)
        if w is None or self.reach_chance(state, e, d) < 0.5:
            return False
        key = (e.uid, u.uid, len(u.models), u.wounds)
        hit = self._blows.get(key)
        if hit is None:
            hit = self._blows[key] = self.charge_wounds(state, e, u, w)
        return hit >= len(u.models) * c.health - u.wounds
