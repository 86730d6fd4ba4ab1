"""The Dice Wars computer opponent: a scoring agent (Wesnoth style).

It scores every legal action with exact odds from the rules (never by
peeking at future dice) and plays the best: attacks by expected damage and
the value of the target (heroes win games), skills by their expected
effect, moves by the attacks they open and the danger they walk into,
captures by the Diplomacy race.  `explain` gives the reason in words for
the learner.
"""
from __future__ import annotations

import random

from engine.hex import grid as hexgrid
from engine.core.actions import Action
from games.dice_wars import combat, movement, phases, skills, stats, targeting

AGENTS = ("greedy",)
VALUE = {"basic": 1.0, "advanced": 1.8, "hero": 6.0}


def make_agent(name: str, rules):
    if name in ("greedy", "ai", "default"):
        return GreedyAgent(rules)
    raise KeyError(f"unknown Dice Wars agent {name!r}; known: {', '.join(AGENTS)}, random")


class GreedyAgent:
    name = "greedy"

    def __init__(self, rules):
        self.rules = rules
        self.last_reason = ""

    def choose(self, state, legal, rng: random.Random) -> Action:
        best, best_score, why = None, -1e9, ""
        cache: dict = {}
        for a in legal:
            s, reason = self.score(state, a, cache)
            s += rng.random() * 1e-3
            if s > best_score:
                best, best_score, why = a, s, reason
        self.last_reason = why
        return best

    # ---- scoring ---------------------------------------------------------------
    def score(self, state, a: Action, cache: dict) -> tuple[float, str]:
        k = a.kind
        if k == "auto_deploy":
            return 10, "deploy the army"
        if k in ("end_deploy", "pick_faction"):
            return 5, ""
        if k == "deploy":
            return -1, ""
        if k == "answer_alliance":
            return (1 if a["accept"] else 0), "alliances help against the leader"
        if k in ("propose_alliance", "break_alliance"):
            return -5, ""
        if k == "end_phase":
            return 0.05, "nothing better to do"
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
            return 1.0 + p * v * (0.6 + kill), f"{p:.0%} to hit the {stats.card(t).name}"
        if k in ("skill", "city_skill", "relic_skill"):
            return self.score_skill(state, a)
        if k == "capture":
            held = len(stats.held_cities(state, a.player))
            return 2.5 + held, "capture a city (Diplomacy)"
        if k == "search_ruins":
            return 2.0, "a relic"
        if k == "guard":
            return self.score_guard(state, a, cache), "guard"
        if k == "move":
            return self.score_move(state, a, cache)
        if k == "face":
            return -0.5, ""
        if k == "relic_spell":
            return self.score_spell(state, a)
        return -1, ""

    def unit_value(self, u) -> float:
        return VALUE[u.tier]

    def score_skill(self, state, a: Action) -> tuple[float, str]:
        u = state.units[a["uid"]]
        if a.kind == "skill":
            sk = stats.card(u).skill
        elif a.kind == "city_skill":
            sk = stats.cat().cities[a["city"]].skill
        else:
            sk = stats.cat().relics[a["relic"]].skill
        target = a["target"]
        target = tuple(target) if isinstance(target, (list, tuple)) else target
        f, s, g = skills.check_odds(sk, skills.check_modifier(state, u))
        gain = self.effect_gain(state, sk, u, u.owner, target)
        if sk.carry:
            gain += 0.6
        if any(fx.kind in ("teleport", "swap", "extra_move") for fx in sk.effects):
            gain += 0.2
        if gain <= 0:
            return -0.2, ""
        return 0.8 + (1 - f) * gain, f"{sk.name}: {1 - f:.0%} to succeed"

    def effect_gain(self, state, sk, caster, owner: int, target) -> float:
        """Expected value of a skill's effects on the units it reaches."""
        gain = 0.0
        for v in skills.affected(state, sk, caster, owner, target):
            enemy = not stats.friendly(state, v.owner, owner)
            sign = 1 if enemy else -1
            for fx in sk.effects:
                if fx.kind == "damage":
                    gain += sign * self.unit_value(v) * min(fx.amount, v.hp) / v.hp
                elif fx.kind == "attack":
                    gain += sign * 0.5 * self.unit_value(v) / v.hp
                elif fx.kind in ("condition", "status"):
                    good = (getattr(fx, "amount", -1) > 0) != enemy if fx.kind == "condition" else enemy
                    gain += 0.25 if good else -0.25
                elif fx.kind == "heal" and not enemy and v.hp < v.max_hp:
                    gain += 0.6 * self.unit_value(v) / v.max_hp
                elif fx.kind == "knockback" and enemy:
                    gain += 0.1
        return gain

    def score_spell(self, state, a: Action) -> tuple[float, str]:
        sp = stats.cat().relics[a["relic"]].spell
        target = a["target"]
        target = tuple(target) if isinstance(target, (list, tuple)) else target
        gain = self.effect_gain(state, sp, None, a.player, target)
        # spending a relic gives up its trait and skill for good: only for a big swing
        return gain - 1.5, f"{sp.name}: worth more than keeping the relic"

    def score_guard(self, state, a: Action, cache) -> float:
        u = state.units[a["uid"]]
        ahead = hexgrid.front_hexes(u.pos, a["facing"])
        near = self.nearest_enemy(state, u)
        if near is None:
            return 0.1
        d = hexgrid.direction_to(u.pos, near.pos)
        return 0.4 if d == a["facing"] and hexgrid.distance(u.pos, near.pos) <= 6 else 0.05 + 0 * len(ahead)

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
        u = state.units[a["uid"]]
        to = tuple(a["to"])
        act = phases.activation(state, u.uid)
        if act is not None and act.acted:
            # after acting: step back only if it is clearly safer there
            gain = 0.15 * (self.danger(state, u, u.pos) - self.danger(state, u, to)) - 0.08
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
            danger = self.danger(state, u, to)
        finally:
            u.pos = old
            del state.occupied[to]
            state.occupied[old] = u.uid
            state.cache = saved_cache
        goal = self.goal_distance(state, u, to, enemies)
        # caution fades as the battle drags on, so two careful armies still meet
        caution = max(0.25, 1.0 - state.round / 25)
        score = 0.3 + best_hit * 0.9 - 0.12 * caution * danger * self.unit_value(u) - 0.05 * goal
        if u.tier == "hero":
            score -= 0.1 * danger
        return score, ("close in to attack" if best_hit else "advance")

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

    def danger(self, state, u, h) -> float:
        n = 0.0
        for v in stats.living(state):
            if stats.friendly(state, v.owner, u.owner):
                continue
            reach = stats.card(v).move + stats.card(v).range
            if hexgrid.distance(v.pos, h) <= reach:
                n += 0.5
        return n


def explain(agent: GreedyAgent) -> str:
    return agent.last_reason
