"""The Dice Wars normal player: a scoring agent (Wesnoth style).

It scores every legal action with exact odds from the rules (never by
peeking at future dice) and plays the best: attacks by expected damage and
the value of the target (heroes win games), skills by their expected
effect, moves by the attacks they open and the danger they walk into,
captures by the Diplomacy race.  Its `last_reason` gives the reason in
words for the learner.  The strong player the hard level searches with:
games/dice_wars/ai/strong.py; the levels' declaration: games/dice_wars/ai/players.py.
"""
from __future__ import annotations

import random

from engine.hex import grid as hexgrid
from engine.core.actions import Action
from engine.core.odds import percent
from engine.core.words import possessive
from games.dice_wars.ai import threat, tiles
from games.dice_wars.rules import combat, movement, flow, skills, stats, targeting
from games.dice_wars.rules.state import Cond

VALUE = threat.VALUE
R_DIPLOMACY = "Diplomacy"
SECOND_WALK = 0.6       # a unit's second walk before it acts (docs/games/dice_wars.md § Computer players)
FATAL = 20.0            # a likely death of a hero on its last hits or of the last soldier: the game


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
