"""The normal UberDrakes computer dragon: a scoring agent that plays to win.

It decides on a *public view* of the game (`public_view`): a copy in which
every card it cannot see (opponents' hands, deck order) is redealt at
random, so it never peeks.  It scores each legal action:

- movement by progress on its errand — to a pickup, through a portal, to
  the rider's element space — measured with distance tables over (hex,
  facing) in general movement actions (precomputed once per board), minus
  what the movement costs (coins, cards, fatigue, magic), plus the landing
  space's effect and the expected value of the combats it starts, with the
  exact rolloff odds;
- combat decisions with exact odds (rolloff, one-die counterattacks);
- damage by how much it sets the loser back (rider knocked off, distance);
- the rest (riders, shopping, blood points, roosting) by simple values.

`explain` gives the reason for the last choice in words, for the learner.
"""
from __future__ import annotations

import random

from engine.core.actions import Action
from engine.core.odds import percent
from games.uberdrakes.ai.distances import Errand
from games.uberdrakes.ai.hidden import public_view
from games.uberdrakes.rules import combat, movement, spells
from games.uberdrakes.rules.common import element_of, has_item
from games.uberdrakes.rules.state import UDState

DRAGON_PREFERENCE = ("lightning", "fire", "wind", "metal", "water", "earth")


class DrakeAgent:
    name = "drake"
    quick = False           # the hard level's futures' quick player (rollout_policy)

    def __init__(self, rules):
        self.rules = rules
        self.last_reason = ""

    def choose(self, state: UDState, legal, rng: random.Random) -> Action:
        _, best, why = self.ranked(state, legal, rng)[0]
        self.last_reason = why
        return best

    def ranked(self, state: UDState, legal, rng: random.Random) -> list:
        """(score, action, why) for every legal action, best first (the first
        of equal scores leads): the easy level's slips and the hard level's
        candidates."""
        p = legal[0].player
        # the hard level's futures play on a copy already redealt (determinise): no second redeal
        view = state if self.quick else public_view(state, p, random.Random(rng.random()))
        ctx = self.context(view, p)
        scored = []
        for a in legal:
            if a.kind == "end_turn":
                continue
            s, reason = self.score(ctx, a)
            scored.append((s + rng.random() * 1e-6, a, reason))
        best_other = max((s for s, _, _ in scored), default=-1e9)
        for a in legal:
            if a.kind == "end_turn":
                s, reason = self.end_score(ctx, a, best_other)
                scored.append((s, a, reason))
        return sorted(scored, key=lambda t: -t[0])

    def context(self, view: UDState, p: int) -> "Ctx":
        """One decision's evaluation context (a stronger player refines it)."""
        return Ctx(view, p)

    def end_score(self, ctx, a, best_other: float) -> tuple[float, str]:
        """End the turn when nothing else helps: roost unless only the
        actions (not the movement resources) ran out."""
        st = ctx.state
        # roosting ends this dragon's round: the movement left is lost, so a
        # slightly costly action that keeps it in play is still worth taking
        if best_other > (-1.0 if ctx.productive_left() else 0.05):
            return -10.0, ""
        if not a["roost"]:
            return (0.5 if st.actions_left == 0 and ctx.productive_left() else -5.0), "carry on next turn"
        return 0.2 + 0.1 * ctx.roost_value(), "roost: nothing more to gain this round"

    # -------------------------------------------------------------------------------------------
    def score(self, ctx: "Ctx", a: Action) -> tuple[float, str]:
        k = a.kind
        fn = getattr(self, "s_" + k, None)
        if fn is None:
            return 0.0, ""
        return fn(ctx, a)

    # setup
    def s_choose_dragon(self, ctx, a):
        return 10 - DRAGON_PREFERENCE.index(ctx.state.catalog.dragons[a["dragon"]].element), "a dragon I know well"

    def s_keep_hand(self, ctx, a):
        return 1.0, "a good hand"

    def s_mulligan(self, ctx, a):
        return -1.0, ""

    def s_mulligan_take(self, ctx, a):
        return CARD_VALUE.get(a["card"], 1), f"keep {card_words(ctx, a['card'])}: the better card for the race"

    def s_handbook(self, ctx, a):
        return CARD_VALUE.get(a["take"], 1) + (0.1 if a["other"] == "bottom" else 0), \
            f"keep {card_words(ctx, a['take'])}: the better card for the race"

    # movement
    def s_move(self, ctx, a):
        st = ctx.state
        d = ctx.me
        how, m = a["how"], a["m"]
        extra = 1 if how in ("push", "replay") else 0
        outs = ctx.outcomes(m, extra, how == "skies" or st.skies)
        o = movement.find(st.board, outs, tuple(a["to"]), a["facing"], bool(a.get("portal", False)))
        if o is None:
            return -50, ""
        cost = {"coin": 0.35, "push": 0.0, "card": CARD_VALUE.get(m, 1.0), "replay": 0.2,
                "booster": 1.6, "rocket": 0.3 * (1 if ctx.state.catalog.movement[m].kind == "general" else 2),
                "skies": 1.8}[how]
        if how == "coin" and d.coins <= 1:
            cost += 0.3
        fat = o.fatigue + extra
        facing = a["facing"] if st.board.large_hex[o.hex] else o.facing
        gain = ctx.position_gain(o.hex, facing, fat, o.portal, o.moved)
        return gain - cost, f"{ctx.state.catalog.movement[m].name}: {ctx.reason}"

    def s_spell(self, ctx, a):
        st = ctx.state
        d = ctx.me
        sid = a["spell"]
        sp = ctx.state.catalog.spell(sid)
        magic_cost = (a.get("x") if sid == "furnace" else sp.cost) * 0.25
        if sid in ("river_flow", "blowback", "flash"):
            o = spells.outcome_for(st, a)
            if o is None:
                return -50, ""
            facing = a.get("facing", o.facing) if st.board.large_hex[o.hex] else o.facing
            gain = ctx.position_gain(o.hex, facing, o.fatigue, o.portal, o.moved)
            return gain - magic_cost - 0.2, f"{sp.name}: {ctx.reason}"      # position_gain's words
        if sid in ("heat_wave", "tunnel", "blink", "cyclone"):
            to = tuple(a["to"])
            facing = a.get("facing", d.facing)
            g = ctx.position_gain(to, facing, 0, False, to != d.hex)
            why = f"{sp.name}: {ctx.reason}"             # position_gain's words
            if sid == "cyclone":
                g += 1.5 * (len(st.players) - 1)
                why += ", and every opponent blown off course"
            return g - magic_cost - 0.2, why
        if sid == "time_warp":
            return (0.6 if st.actions_left == 0 and ctx.productive_left() else -1), "an extra action"
        if sid == "thunderbolt":
            return ctx.fight_value(a["target"], ranged=True) - magic_cost, "a ranged strike"
        if sid == "supercharge":
            return (1.0 if d.rider else -0.5) - 0.5, "doubled bonuses"
        if sid in ("hailstorm", "the_claw", "sandstorm"):
            return 1.2 * (len(st.players) - 1) / 2 - magic_cost * 0.5, f"{sp.name}: {HARM[sid]}"
        if sid == "furnace":
            reach = ctx.state.catalog.economy.furnace_range
            near = ctx.opponents_near(reach)
            return 0.8 * near - magic_cost * 0.5, \
                f"Furnace: {near} opponent{'' if near == 1 else 's'} within {reach} spaces may take a point of fatigue"
        if sid == "alchemical_craft":
            return ITEM_VALUE.get(a["item"], 0.5) - magic_cost, \
                f"craft {item_words(ctx, a['item'])}: a hoard item for the fights and errands ahead"
        if sid in ("camouflage", "regrowth"):
            return -0.5, ""
        return -1, ""

    def s_item(self, ctx, a):
        st = ctx.state
        d = ctx.me
        it = a["item"]
        lose = ITEM_VALUE.get(it, 1.0)
        if it == "rest_potion":
            return (1.5 if d.fatigue >= 2 else 0.2) - lose * 0.5, \
                f"rest: fatigue {d.fatigue} of {ctx.state.catalog.economy.max_fatigue} slows the race to the next delivery"
        if it == "invigorating_potion":
            return (d.fatigue * 0.9) - lose, f"shed fatigue {d.fatigue} of {ctx.state.catalog.economy.max_fatigue}: a full drake loses " \
                "its rider"
        if it == "ancient_urn":
            return 1.0, "the Ancient Urn: one to six magic for the spells"
        if it == "monks_handbook":
            return 1.0, "the Monk's Handbook: the better of two movement cards for the race"
        if it == "blink_scroll":
            to = tuple(a["to"])
            return ctx.position_gain(to, a["facing"], 0, False, True) - lose, "blink closer to the next delivery"
        if it == "merchants_portal":
            if a["mode"] == "shop":
                return -0.5, "shop from afar"
            sp = st.board.spaces[a["village"]]
            return ctx.position_gain(sp.anchor, d.facing, 0, False, True) - lose, "teleport"
        if it == "warp_scroll":
            return ctx.fight_value(a["target"]) - lose, "warp and attack"
        if it == "merchants_portal":
            return -0.5, "shop from afar"
        name = ctx.state.catalog.items[it].name if it in ctx.state.catalog.items else it
        # an item the dragon has no plan for is kept for a better moment, and
        # said so if nothing else is left (an empty "Why:" was seen in play)
        return -3.0, f"the {name}, as nothing else this turn brings the next delivery closer"

    def s_equip(self, ctx, a):
        return (1.0 if ctx.me.equipped is None else -5.0), "equip it: an item in hand wins fights and errands"

    def s_attack(self, ctx, a):
        return ctx.fight_value(a["target"], ranged=ctx.state.skies), "a good fight"

    def s_shoot(self, ctx, a):
        return ctx.fight_value(a["target"], ranged=True) - 0.8, "a ranged attack"

    def s_buy(self, ctx, a):
        d = ctx.me
        it = a["item"]
        spare = d.coins - max(0, 4 - (len(ctx.state.catalog.general) + 1 - len(d.used)))
        from games.uberdrakes.rules.spaces import price
        cost = price(ctx.state.catalog, it)
        if spare - cost < 2:
            # the coins are the general movement actions still to pay for this round
            return -6.0, f"worth {cost} coins, though the next errands need them"
        v = 1.2 if it == "treasure" else ITEM_VALUE.get(it, 0.5)
        if it == "rest_potion" and d.fatigue >= 1:
            v += 0.8
        return v - cost * 0.25, f"worth {cost} coins, with {spare - cost} left for the next errands"

    def s_sell(self, ctx, a):
        return 2.0, "sell a gemstone"

    def s_exchange(self, ctx, a):
        """Opening the blood exchange spends an action: only for a victory
        point, or a heal that saves the rider (uberdrakes.txt § Blood Points)."""
        d = ctx.me
        if d.blood >= combat.vp_cost(ctx.state, ctx.p):
            return 5.0, "a victory point for blood (§ Blood Points)"
        if self.heal_worth(ctx) > 0 and d.blood >= ctx.state.catalog.economy.blood_heal:
            return 0.5, f"heal with blood: fatigue {d.fatigue} of {ctx.state.catalog.economy.max_fatigue} with the rider aboard"
        return -8.0, ""         # an action for nothing (it once tied with ending the turn, and won)

    def heal_worth(self, ctx) -> float:
        """What healing a point of fatigue with blood is worth now: with a
        rider aboard at two or more (the next points throw it, and three
        close the portal: § Fatigue), a lot; with none aboard, the blood
        is worth more as victory points (twenty buy one) and fatigue heals
        by itself at the round's start."""
        d = ctx.me
        if d.rider is not None and d.fatigue >= 2:
            return 1.5
        if d.rider is None and d.fatigue >= ctx.state.catalog.economy.max_fatigue and ctx.state.pickups and any(ctx.state.pickups.values()):
            return 0.3          # three fatigue: no pushing until it heals
        return -1.0

    def s_blood(self, ctx, a):
        d = ctx.me
        r = a["reward"]
        if r == "vp":
            return 10, "a victory point for blood"
        vp = combat.vp_cost(ctx.state, ctx.p)
        if r == "heal":
            worth = self.heal_worth(ctx)
            if worth <= 0:
                return worth, ""
            if d.rider is not None:
                return worth, f"heal: fatigue {d.fatigue} of {ctx.state.catalog.economy.max_fatigue} puts the rider's delivery at risk (§ Fatigue)"
            return worth, f"heal: at {d.fatigue} of {ctx.state.catalog.economy.max_fatigue} fatigue the dragon cannot push on (§ Fatigue)"
        if d.blood - combat.reward_cost(ctx.state, ctx.p, r) >= vp * 0.8 or d.blood < vp * 0.3:
            if r == "card" and len(d.hand) < 2:
                return 0.8, "a movement card"
        return -1, ""

    def s_done(self, ctx, a):
        return 0.0, "end the turn: no action left that brings the next delivery closer"

    # combat
    def s_precombat(self, ctx, a):
        c = ctx.state.combat
        w = a["what"]
        pw = ctx.my_win_chance()
        stakes = ctx.stakes()
        if w == "rage_potion":
            return (stakes * 0.3 - 0.4 if pw < 0.8 else -1), f"Rage Potion: this fight is only {percent(pw)} ours"
        if w == "acid_rain":
            o = c.sides[1 - c.side(ctx.p)]
            items = sum(1 for i in ("dragon_lance", "hide_shield", "rage_potion") if has_item(ctx.state.players[o], i))
            return (0.5 * items - 0.6), f"Acid Rain: ruins {items} of the enemy's combat items"
        if w == "windblast":
            return (pw * 1.5 - 0.8), f"Windblast: a {percent(pw)} fight worth pressing"
        return -1, ""

    def s_ready(self, ctx, a):
        return 0.0, "ready: nothing more to add to this fight"

    def s_roll(self, ctx, a):
        c = ctx.state.combat
        pw = ctx.my_win_chance()
        if c.rolled[0] and not c.rolled[1] and c.side(ctx.p) == 1:      # the initiator's total is known
            pw = combat.chance_to_beat(c.total[0], c.bonus[1], ctx.me.rage + c.temp_rage[1])[1]
        return 1.0, f"roll: {percent(pw)} to win this fight"

    def s_concede(self, ctx, a):
        c = ctx.state.combat
        if c.stage == "respond":
            return -1.0, ""
        return -0.3, f"concede: only {percent(ctx.my_win_chance())} to win, and losing costs more"

    def s_counter(self, ctx, a):
        c = ctx.state.combat
        i = c.side(ctx.p)
        gap = c.total[1 - i] - c.total[i]
        w = a["what"]
        stakes = ctx.stakes()
        if w == "plate_armor":
            x = a["x"]
            wins = x > gap or (i == 0 and x >= gap)
            if not wins:
                return -1, ""
            return stakes - 0.3 * (x + 1) - 0.1 * x, f"Plate Armor: {x} closes the gap of {gap} and wins the fight"
        p = combat.chance_to_overtake(gap, i == 1)
        if p <= 0:
            return -1, ""
        cost = ITEM_VALUE.get(w, 1.0) if w in ctx.state.catalog.items else 1.0
        return p * stakes - cost * 0.5 - 0.3, f"counterattack: {percent(p)} to overtake a gap of {gap}"

    def s_damage(self, ctx, a):
        return ctx.damage_value(a), "the damage that sets the loser furthest back in the race for victory points"

    # pending
    def s_portal(self, ctx, a):
        st = ctx.state
        d = ctx.me
        if not a["travel"]:
            return ctx.errand_value(d.hex, d.facing, d.rider, d.portaled) - 0.0, \
                "stay: the portal leads no nearer the next delivery"
        to = st.board.other_portal[d.hex]
        return ctx.errand_value(to, a["facing"], d.rider, d.portaled or d.rider is not None) - 0.9, "through the portal"

    def s_pick_rider(self, ctx, a):
        r = a["rider"]
        if r is None:
            return 0, ""
        d = ctx.me
        rc = ctx.state.catalog.riders[r]
        errand = ctx.errand_value(d.hex, d.facing, r, False)
        reward = REWARD_VALUE.get(ctx.state.catalog.rider_classes[rc.cls].reward.kind, 1.0)
        own = 0.6 if rc.element == element_of(ctx.state.catalog, d) else 0
        return 50 + errand + reward + own, \
            f"pick up the {rc.name}: a victory point once carried through a portal to the {rc.element} spaces"

    def s_deliver_village(self, ctx, a):
        v = a["village"]
        d = ctx.me
        st = ctx.state
        if v is None:
            return ctx.errand_value(d.hex, d.facing, d.rider, d.portaled), "stay: no village is nearer the next rider"
        h = st.board.spaces[v].anchor
        return ctx.errand_value(h, d.facing, d.rider, d.portaled) + 0.2, "a village near the next rider"

    def s_skies_land(self, ctx, a):
        d = ctx.me
        return ctx.errand_value(tuple(a["to"]), d.facing, d.rider, d.portaled), "land nearest the next delivery"

    def s_discard(self, ctx, a):
        return -CARD_VALUE.get(a["card"], 1.0), f"discard {card_words(ctx, a['card'])}: the least useful card in hand"

    def s_cyclone_move(self, ctx, a):
        st = ctx.state
        o = a["target"]
        e = st.players[o]
        er = Errand(st, o)
        return er.distance(tuple(a["to"]), a["facing"], e.rider, e.portaled), "blow them off course"

    def s_steal(self, ctx, a):
        return ITEM_VALUE.get(a["item"], 1.0), \
            f"take {item_words(ctx, a['item'])}: the most useful of what {ctx.state.players[a['target']].name} holds"


# what the spells that harm every opponent gain (uberdrakes.txt § The Dragons)
HARM = {"hailstorm": "every opponent outside the caves and the portal takes a point of fatigue next turn",
        "the_claw": "a hoard item or treasure card taken from each opponent",
        "sandstorm": "each opponent discards a movement card, and its caster gains a combat bonus while it lasts"}


def card_words(ctx: "Ctx", card: str) -> str:
    """A movement card in a reason: "the Dash" (its id where the catalog lacks it)."""
    mv = ctx.state.catalog.movement.get(card)
    return f"the {mv.name}" if mv is not None else card


def item_words(ctx: "Ctx", item: str) -> str:
    """An item or treasure card in a reason: "the Rage Potion"."""
    it = ctx.state.catalog.items.get(item)
    return f"the {it.name}" if it is not None else item


CARD_VALUE = {"dash": 1.5, "forward_thrust": 1.2, "bank_left": 1.1, "bank_right": 1.1, "thrust_left": 1.2,
              "thrust_right": 1.2, "free_flight": 1.3, "barrel_roll": 0.9}
ITEM_VALUE = {"dragon_lance": 1.2, "hide_shield": 1.0, "rage_potion": 0.9, "long_bow": 0.6, "rest_potion": 1.2,
              "rocket_booster": 1.8, "blink_scroll": 1.2, "hookshot": 0.8, "ancient_urn": 1.0, "alchemists_fire": 1.2,
              "merchants_portal": 1.5, "warp_scroll": 1.0, "monks_handbook": 1.0, "invigorating_potion": 1.6,
              "dimensional_gem": 0.5, "elemental_mask": 0.4, "topaz": 1.5, "sapphire": 2.5, "diamond": 4.0,
              "scale_mail": 1.0, "war_talons": 1.0, "hawkeye_goggles": 0.8, "riders_saddle": 1.0}
REWARD_VALUE = {"item": 1.0, "magic": 0.8, "coins": 1.2, "movement": 1.2, "treasure": 1.2}
STEP_VALUE = 1.0          # one general movement action of progress
DELIVERY = 40.0
PICKUP = 1.0


class Ctx:
    """One decision's evaluation context for player p (on the public view)."""

    def __init__(self, state: UDState, p: int):
        self.state = state
        self.p = p
        self.me = state.players[p]
        self.errand = Errand(state, p)
        self.reason = ""
        d = self.me
        self.base = self.errand_value(d.hex, d.facing, d.rider, d.portaled)
        self._productive = None
        self._outcomes: dict = {}

    def outcomes(self, m: str, extra: int, skies: bool):
        """The movement card's outcomes from where the dragon stands (the
        rules' pattern_outcomes), once per decision for each card."""
        key = (m, extra, skies)
        got = self._outcomes.get(key)
        if got is None:
            got = self._outcomes[key] = movement.pattern_outcomes(self.state, self.p, m, extra, skies)
        return got

    def errand_value(self, h, f, rider, portaled) -> float:
        """Minus the general movement actions left to the next delivery."""
        dist = self.errand.distance(h, f, rider, portaled)
        return -STEP_VALUE * min(dist, 45) + (PICKUP if rider is not None else 0.0)

    def position_gain(self, h, f, fatigue: int, portal: bool, moved: bool) -> float:
        """Value of ending a movement at (h, f) with `fatigue` more, compared
        with now."""
        st = self.state
        d = self.me
        board = st.board
        rider, portaled = d.rider, d.portaled or (portal and d.rider is not None)
        self.reason = self.race()
        gain = 0.0
        sp = board.spaces[board.space_of[h]]
        fat_after = min(st.catalog.economy.max_fatigue, d.fatigue + fatigue)
        lose_rider = rider is not None and d.fatigue + fatigue > st.catalog.economy.max_fatigue
        if lose_rider:
            rider, portaled = None, False
            gain -= 6
        if moved:
            k = sp.kind
            if k == "element" and rider is not None and portaled and st.catalog.riders[rider].element == sp.element:
                self.reason = "deliver the rider"
                gain += DELIVERY
                rider, portaled = None, False
                # teleport to the best village afterwards
                after = max(self.errand_value(board.spaces[v].anchor, f, None, False) for v in board.villages)
                return gain + after - self.base - 1.2 * fatigue + (0.8 if sp.element == element_of(st.catalog, d) and d.fatigue else 0)
            if k == "pickup" and rider is None and st.pickups.get(sp.side):
                self.reason = "pick up a rider"
                best = max(self.errand_value(h, f, r, False) for r in st.pickups[sp.side])
                return best + 1.0 - self.base - 1.2 * fatigue
            if k == "portal" and rider is not None and not portaled and fat_after < st.catalog.economy.max_fatigue:
                to = board.other_portal[h]
                v = max(self.errand_value(to, g, rider, True) for g in range(6)) - 0.8
                self.reason = "through the portal"
                return v - self.base - 1.2 * fatigue
            if k == "magic":
                gain += 0.4
            elif k == "treasure":
                gain += 1.3
            elif k == "cave" and not d.cave_visited:
                gain += 1.0
            elif k == "element" and sp.element == element_of(st.catalog, d) and d.fatigue + fatigue > 0:
                gain += 0.9
            elif k == "village":
                gain += 0.2
        gain += self.errand_value(h, f, rider, portaled) - self.base
        # fatigue hurts, more with a rider aboard
        gain -= (0.7 + (0.5 if rider else 0)) * fatigue
        if fat_after >= st.catalog.economy.max_fatigue and rider is not None:
            # at full fatigue the next point throws the rider off: only a delivery is worth it
            gain -= 4.0
            self.reason = "push on at full fatigue with the rider (risky)"
        # combat at the landing
        if moved and not board.shared[h]:
            old = d.hex
            d.hex = h
            try:
                for o in combat.zoc_triggers(st, self.p):
                    gain += self.fight_value(o)
            finally:
                d.hex = old
        return gain

    def race(self) -> str:
        """The goal in words: the delivery race for victory points
        (uberdrakes.txt: most victory points at the end wins)."""
        st = self.state
        d = self.me
        rival = max((e for e in st.players if e.index != self.p), key=lambda e: e.vp, default=None)
        # each side by name: the line is the computer's log as well as the hint's, so "you" misleads
        score = f"{d.name} {d.vp}, {rival.name} {rival.vp}" if rival is not None else f"{d.name} {d.vp}"
        if d.rider is None:
            return f"race to a rider pickup for the next delivery ({score} victory points)"
        rc = st.catalog.riders[d.rider]
        where = f"the {rc.element} spaces" if d.portaled else f"a portal, then the {rc.element} spaces"
        return f"carry the {rc.name} through {where}: a victory point ({score})"

    def fight_value(self, o: int, ranged: bool = False) -> float:
        st = self.state
        d, e = self.me, st.players[o]
        ba, ra, bd, rd = combat.expected_sides(st, self.p, o, ranged)
        pw = combat.win_chance(ba, ra, bd, rd)
        win = 1.5 + (3.0 if e.rider and e.fatigue >= st.catalog.economy.max_fatigue - 1 else 0.8 if e.rider else 0)
        lose = 0 if ranged else 1.5 + (4.0 if d.rider and d.fatigue >= st.catalog.economy.max_fatigue - 1 else 1.0 if d.rider else 0)
        blood = 0.05 * (bd + 7) if not e.roosted else 0
        return pw * (win + blood) - (1 - pw) * lose

    def my_win_chance(self) -> float:
        c = self.state.combat
        i = c.side(self.p)
        a, d = c.sides
        A, D = self.state.players[a], self.state.players[d]
        p0 = combat.win_chance(c.bonus[0], A.rage + c.temp_rage[0], c.bonus[1], D.rage + c.temp_rage[1])
        return p0 if i == 0 else 1 - p0

    def stakes(self) -> float:
        """How much winning this combat matters to me."""
        c = self.state.combat
        i = c.side(self.p)
        d = self.me
        e = self.state.players[c.sides[1 - i]]
        s = 1.5
        if d.rider:
            s += 2.5 if d.fatigue >= self.state.catalog.economy.max_fatigue - 1 else 1.0
        if e.rider:
            s += 1.5 if e.fatigue >= self.state.catalog.economy.max_fatigue - 1 else 0.5
        if c.reason == "final":
            s += 20
        return s

    def damage_value(self, a: Action) -> float:
        st = self.state
        c = st.combat
        L = st.players[c.sides[1 - c.winner]]
        er = Errand(st, L.index)
        eff = a["effect"]
        base = er.distance(L.hex, L.facing, L.rider, L.portaled)
        if eff == "exhaust":
            v = 1.0
            if L.rider and L.fatigue >= st.catalog.economy.max_fatigue:
                v += 8
            elif L.rider and L.fatigue == st.catalog.economy.max_fatigue - 1:
                v += 2
            return v
        if eff == "alchemists_fire":
            return (9.0 if L.rider and L.fatigue >= st.catalog.economy.max_fatigue - 1 else 2.0) - 1.2
        if eff == "shove":
            return 0.6 * (er.distance(tuple(a["to"]), L.facing, L.rider, L.portaled) - base)
        if eff == "spin":
            return 0.6 * (er.distance(L.hex, a["facing"], L.rider, L.portaled) - base)
        if eff == "plunder":
            return 0.5 * min(2, L.coins)
        if eff == "hookshot":
            return ITEM_VALUE.get(a["item"], 1.2) - 0.8
        if eff == "deep_freeze":
            return 1.0
        return 0.0

    def productive_left(self) -> bool:
        """Has the dragon movement resources left that make progress?"""
        if self._productive is None:
            d = self.me
            st = self.state
            c = st.catalog
            res = d.hand or (d.coins > 0 and len(d.used) < sum(c.movement[m].slots for m in c.general)) \
                or (d.fatigue < st.catalog.economy.max_fatigue - 1 and d.played) or has_item(d, "rocket_booster")
            self._productive = bool(res) and not (d.rider is None and not any(st.pickups.values()))
        return self._productive

    def opponents_near(self, r: int) -> int:
        st = self.state
        d = self.me
        return sum(1 for e in st.players if e.index != self.p and e.hex is not None
                   and st.board.distance(d.hex, e.hex) <= r)

    def roost_value(self) -> float:
        st = self.state
        d = self.me
        if d.hex is None:
            return 0.0
        k = st.board.kind(d.hex)
        return {"desert": 1.0, "magic": 0.9, "mountain": 1.1, "treasure": 1.3, "village": 1.0, "pickup": 1.4,
                "cave": 0.9, "element": 0.6 + 0.4 * d.fatigue, "portal": -1.0}.get(k, 0.5)


def explain(agent: DrakeAgent) -> str:
    return agent.last_reason
