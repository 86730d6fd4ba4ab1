"""What the hard level searches with (engine/core/search.py): the strong
general (`StrongGeneral`, the normal general of normal.py that also weighs
the enemy's next charges and marches on the objectives), the evaluation of a
position, the playouts' options and their end, and the copy with what a
player cannot see guessed (`determinise`).
"""
from __future__ import annotations

import math

from engine.core.actions import Action
from engine.core.words import possessive
from games.battle_valor_fantasy.ai import threat
from engine.table.formations import BlockMove, block_move, wheel_length
from games.battle_valor_fantasy.rules import alliance, characters, combat, flow, moves, space, stats, victory
from games.battle_valor_fantasy.ai.fight import fight_outlook
from games.battle_valor_fantasy.rules.state import BVFState, Unit
from games.battle_valor_fantasy.ai.normal import (THREAT_WEIGHT, GeneralAgent, contested_points, fight_words,
                                                 plan_orders, threat_words)


class StrongGeneral(GeneralAgent):
    """The hard level's player (`hard_policy`, agent "strong"): the normal
    general, whose advance only closes on the nearest enemy (and holds when
    it is far), that also marches on the scenario's objectives: an
    objective held at the end is worth 100 or 150 points
    (data/battle_valor_fantasy/scenarios.yaml), more than most units."""
    name = "strong"
    objective_share = 1.0

    def walk_risk(self, state: BVFState, u: Unit, frame) -> float:
        return 0.0                      # weighed in full in score (every added danger)

    def deploy_score(self, state: BVFState, a: Action) -> float:
        """The general's place, and a pull toward the middle of the table
        for a block that fights hand to hand (CENTRE_PULL an inch): from the
        centre it can turn onto either flank in the first flow, where one
        placed at the edge marches across the front first."""
        sc = super().deploy_score(state, a)
        u = state.units[a["uid"]]
        if u.kind == "unit" and stats.missile(state, u) is None and not stats.machine(u):
            sc -= CENTRE_PULL * abs(a["x"] - state.table.width / 2)
        return sc

    def score(self, state: BVFState, a: Action) -> float:
        """The general's score, less what an advance gives an enemy charge
        next turn (threat.py: the best fight an enemy could start at
        the unit where it would stand, in victory points)."""
        if a.kind == "charge":
            return self._charge(state, a)
        sc = super().score(state, a)
        if a.kind == "advance":
            u = state.units[a["uid"]]
            if u.kind == "general":
                return self._general_place(state, u, a)
            if u.kind == "unit":
                frame = advance_frame(state, u, a)
                if u.profile.mounted_missile:
                    sc = self._skirmish(state, u, frame, sc)
                sc -= THREAT_WEIGHT * threat.added_danger(state, u, frame)
        return sc

    def _general_moves(self, state: BVFState, p: int, cands: list) -> list[Action]:
        """The General's advances toward each of our blocks ready to charge
        (charge_ready), his full move or to 6" short of it: the listed ones
        go straight on, 30 degrees either way or toward the nearest enemy."""
        g = space.general_of(state, p)
        listed = next((a for a in cands if a.kind == "advance" and a["uid"] == (g.uid if g else -1)), None)
        if g is None or listed is None:
            return []
        full = moves.advance_allowance(state, g)
        f = space.frame_of(g)
        keep = {k: v for k, v in listed.params if k not in ("first", "angle", "then")}
        out = []
        for v in charge_ready(state, p):
            x, y = space.centre(state, v)
            turn = round((space.bearing(f.x, f.y, x, y) - g.facing + 180.0) % 360.0 - 180.0, 1)
            w = wheel_length(space.block(state, g), turn)
            if w > full:
                continue
            go = max(0.0, min(full - w, math.hypot(x - f.x, y - f.y) - 6.0))
            out.append(Action.make("advance", p, **{**keep, "first": 0.0, "angle": turn,
                                                    "then": math.floor(go * 1000.0) / 1000.0}))
        return out

    def _general_place(self, state: BVFState, g: Unit, a: Action) -> float:
        """Where the General advances: within 12" of as many of our blocks
        that may charge next turn as he can (weighed by their points), for
        the +2 Successes of a charge near him (§ Charging, Step 4), out of
        the enemy's charges.  The normal general keeps him 14" from the
        nearest enemy wherever the army is: at Border March only 6 of the
        39 charges that reached in six games had him near (seeds
        7000-7005, normal against normal)."""
        feet = space.layout(g, advance_frame(state, g, a))
        ready = charge_ready(state, g.owner)
        after, now = commanded(state, ready, feet), commanded(state, ready, space.feet(state, g))
        closest = min((space.fast_distance(feet, space.feet(state, e), GENERAL_SAFE)
                       for e in space.enemies(state, g) if e.kind == "unit" and e.on_table), default=GENERAL_SAFE)
        # above a passed advance (about 2) where he brings blocks into his range or keeps them there
        return 1.5 + 4.0 * (after - now) + after - max(0.0, GENERAL_SAFE - closest) * 0.3

    @staticmethod
    def _general_words(state: BVFState, g: Unit, a: Action) -> str:
        """Why the General goes where he does, in words: the blocks whose
        charges next turn he will be near."""
        near = [v.name for v in near_general(state, charge_ready(state, g.owner),
                                             space.layout(g, advance_frame(state, g, a)))]
        if not near:
            return ""
        who = near[0] if len(near) == 1 else ", ".join(near[:-1]) + " and " + near[-1]
        return (f"keep the General within 12\" of {who}: a charge near him rolls 2 Successes more, "
                "so more of its stands arrive (§ Charging)")

    def _skirmish(self, state: BVFState, u: Unit, frame, sc: float) -> float:
        """Mounted Missile Troops (horse archers) keep SKIRMISH_DISTANCE
        from the nearest enemy, as missile troops on foot keep 14": the
        normal general closes them in like lancers, and the enemy's blocks
        closed at double pace and charged them the turn after (Border
        March: the Marchwardens' horse archers destroyed in almost every
        game)."""
        e = space.nearest_enemy(state, u)
        if e is None:
            return sc
        ex, ey = space.centre(state, e)
        d = ((frame.x - ex) ** 2 + (frame.y - ey) ** 2) ** 0.5
        return 1 - abs(d - SKIRMISH_DISTANCE) * 0.1 + self.objective_gain(state, u, frame)


    def candidates(self, state: BVFState, p: int) -> list:
        """The general's candidates, and in the Advance phase more ways to
        turn (threat.more_advances): a block that faces a building
        turns away from it rather than holding there for flow, and one
        marches straight at the objective."""
        cands = super().candidates(state, p)
        if state.phase == "advance" and not state.pending and state.alliance is None:
            cands += self._general_moves(state, p, cands)
            seen = set()
            for a in list(cands):
                if a.kind == "advance" and a["uid"] not in seen:
                    seen.add(a["uid"])
                    cands += threat.more_advances(state, state.units[a["uid"]], a)
        return cands

    def why(self, state: BVFState, a: Action) -> str:
        """The general's reasons, and for a charge at a unit that keeps an
        objective from us, the objective."""
        if a.kind == "orders":          # a listed set the search weighs beside the plan: no counter named
            return "orders weighed beside the general's plan (face down until both reveal)"
        if a.kind == "charge":
            u, t = state.units[a["uid"]], state.units[a["target"]]
            held = contested_points(state, t)
            pl = combat.plan(state, u, t)
            if held and pl.reaches and not pl.blocked:
                gain = fight_outlook(state, u, t, pl.side, True)
                return (f"charge {t.name}: it keeps the objective ({held:g} points to whoever holds it at the end) "
                        f"from us (victory); the fight itself {fight_words(gain, t)}")
        if a.kind == "charge":
            danger = self._close_danger(state, a)
            if danger:
                return f"{super().why(state, a)}; {danger}"
        if a.kind == "advance" and not a.get("general"):
            g = state.units.get(a.get("uid"))
            if g is not None and g.kind == "general":
                said = self._general_words(state, g, a)
                if said:
                    return said
        if a.kind == "hold":
            held_back = self._held_back(state, a)
            if held_back:
                return held_back
        u = state.units.get(a.get("uid"))
        if a.kind == "advance" and u is not None and u.kind == "unit" and u.profile.mounted_missile:
            e = space.nearest_enemy(state, u)
            if e is not None:
                return (f"keep about {SKIRMISH_DISTANCE:g}\" from {e.name}: in range to shoot, back from its charge "
                        "after its next move")
        return super().why(state, a)

    @staticmethod
    def _close_danger(state: BVFState, a: Action) -> str:
        """For a closing charge that stops where an enemy could charge it
        next turn, who, and why it closes all the same (CLOSE_FLOOR); ""
        otherwise."""
        u, t = state.units[a["uid"]], state.units[a["target"]]
        pl = combat.plan(state, u, t)
        if pl.reaches or pl.blocked:
            return ""
        frame = combat.short_frame(state, u, t)
        if frame is None or threat.added_danger(state, u, frame) <= 0:
            return ""
        _, who = threat.worst_charge(state, u, space.layout(u, frame))
        if who is None:
            return ""
        return (f"{who.name} may charge it where it stops, but holding would spend the Charge counter "
                "and leave it where the enemy closes on it anyway")

    def _held_back(self, state: BVFState, a: Action) -> str:
        """Why a unit holds where the normal general would move it: the
        move it prefers would end in reach of an enemy charge next turn
        (threat.worst_charge), and what that charge would gain the
        enemy toward victory; "" when nothing held it back."""
        u = state.units.get(a.get("uid"))
        if u is None or u.kind != "unit" or u.engaged or not u.on_table:
            return ""
        key = ("ai_moves_of", a.player)          # the reasons of a ranking ask for several units
        cands = state.cache.get(key)
        if cands is None:
            cands = state.cache[key] = [b for b in self.candidates(state, a.player) if b.kind in ("advance", "charge")]
        moves = [(GeneralAgent.score(self, state, b), i, b) for i, b in enumerate(cands) if b.get("uid") == u.uid]
        for sc, _, b in sorted(moves, key=lambda x: x[:2], reverse=True):
            if sc <= GeneralAgent.score(self, state, a):
                break
            if self.rules.check(state, b) is not None:
                continue
            feet = self._ends_on(state, u, b)
            if feet is None:
                return ""
            risk, t = threat.worst_charge(state, u, feet,
                                             besides=state.units[b["target"]] if b.kind == "charge" else None)
            if t is None or risk <= threat.danger_here(state, u):
                return ""
            if b.kind == "advance":
                verb = "advance"
            else:
                aim = state.units[b["target"]]
                verb = f"charge {aim.name}" if combat.plan(state, u, aim).reaches else f"close on {aim.name}"
            still = " (with the move it still has this turn)" if threat.still_moves(state, t) else ""
            return (f"hold {u.name} out of {possessive(t.name)} charge: to {verb} would leave it where {t.name}{still} "
                    f"could charge it next turn, {threat_words(risk, u)}")
        return ""

    @staticmethod
    def _ends_on(state: BVFState, u: Unit, b: Action):
        """Where `u`'s stands would stand after advance or charge `b`
        (a charge that reaches: the target's place); None: not known."""
        if b.kind == "advance":
            return space.layout(u, advance_frame(state, u, b))
        t = state.units[b["target"]]
        pl = combat.plan(state, u, t)
        if pl.blocked:
            return None
        if pl.reaches:
            return space.feet(state, t)
        frame = combat.short_frame(state, u, t)
        return space.layout(u, frame) if frame is not None else None

    def _charge(self, state: BVFState, a: Action) -> float:
        """The general's charge, weighed also for what it leaves: a unit
        that keeps an objective from us (victory.py: one unit of its side in
        reach, not fleeing, denies it) is worth the fight and a share of
        the objective's points (the fight may break it or drive it off);
        and where the charge ends, other enemy units may charge in next
        turn (threat.py): a closing charge prefers the target that leaves
        it safer, but never holds for it (CLOSE_FLOOR), and closes last on
        a target that may still close on us (CLOSE_LAST).  A charge that
        reaches is not refused for the enemy that could charge in after it:
        refusing handed the enemy the charge (issue 35,
        docs/games/battle_valor_fantasy.md § The computer general)."""
        u, t = state.units[a["uid"]], state.units[a["target"]]
        pl = combat.plan(state, u, t)
        if pl.blocked:
            return super().score(state, a)
        if not pl.reaches:
            sc = super().score(state, a)
            if sc < 0.0:
                return sc                 # no room to close in, or closing on a fight it would lose
            frame = combat.short_frame(state, u, t)
            danger = THREAT_WEIGHT * threat.added_danger(state, u, frame) if frame is not None else 0.0
            # the danger picks the safer target but never turns the close into a hold: the Charge
            # counter is spent either way, and a unit that holds is left where the enemy closes on
            # it at double pace (the Marchwardens held and were charged: hard's player won 22 and
            # lost 61 of 96 against normal with it, 40 and 41 without, with the reaching charge
            # below no longer refused for the danger after it: seeds 7000-7023 and 8000-8023 each seating)
            if "charge" in t.orders and not t.activated:
                # the target may close on us first, into our reach, and be charged: let it come
                # (our other counters go first; CLOSE_LAST)
                sc -= CLOSE_LAST
            return max(sc - danger, CLOSE_FLOOR + 0.01 * sc)
        stake = OBJECTIVE_STAKE * contested_points(state, t)
        gain = fight_outlook(state, u, t, pl.side, True) + stake
        if gain <= 0:
            return -1.5
        bonus = {"rear": 3, "left": 2, "right": 2}.get(pl.side, 0)
        return 5 + bonus - pl.length * 0.1 + gain * 0.1


def charge_ready(state: BVFState, p: int) -> list[Unit]:
    """Side p's blocks that may charge next turn: a Leader (or Berserkers),
    not a war machine, not fleeing or in combat, an enemy within twice
    its charge reach."""
    out = []
    for v in space.on_table(state):
        if v.owner != p or not threat.can_charge(state, v):
            continue
        e = space.nearest_enemy(state, v)
        if e is not None and space.distance(state, v, e) <= 2.0 * combat.charge_reach(state, v):
            out.append(v)
    return out


def commanded(state: BVFState, ready: list[Unit], feet) -> float:
    """Of the points of blocks `ready` to charge, the share within
    GENERAL_REACH of a General standing on `feet` (0: none ready)."""
    total = sum(v.profile.points for v in ready)
    if not total:
        return 0.0
    return sum(v.profile.points for v in near_general(state, ready, feet)) / total


def near_general(state: BVFState, ready: list[Unit], feet) -> list[Unit]:
    """The blocks of `ready` within GENERAL_REACH of a General standing on `feet`."""
    return [v for v in ready if space.fast_distance(feet, space.feet(state, v), GENERAL_REACH) <= GENERAL_REACH]


def advance_frame(state: BVFState, u: Unit, a: Action):
    """Where advance `a` would leave unit `u` (its block's frame)."""
    frame, _ = block_move(space.block(state, u), BlockMove(a.get("first", 0.0), a.get("angle", 0.0),
                                                            a.get("then", 0.0)))
    return frame


# inches within which the General gives a charge its +2 (space.GENERAL_RANGE, a little inside it: the
# blocks move after him), and how far from the nearest enemy he stays (an infantry block charges 8")
GENERAL_REACH = 11.0
GENERAL_SAFE = 10.0
# what a closing charge loses while its target still holds a Charge counter (face up since the reveal):
# the enemy may close on us first and stop in our reach, so the strong general spends its other
# counters first; strong against normal at Border March (seeds 7000-7047, 8000-8047, 9000-9047 each
# seating, 288 games) won 132 and lost 101 with it, 100 and 123 without
CLOSE_LAST = 3.0
# of an objective's points, what a charge at a unit that denies it to us is worth beyond the fight
OBJECTIVE_STAKE = 0.5
# what a closing charge scores at least, whatever the danger where it stops: just above a hold
# (normal.HOLD_SCORE, -1)
CLOSE_FLOOR = -0.9
# per inch from the table's middle (left to right), what the strong general's place for a melee block loses
CENTRE_PULL = 0.02
# inches (centre to centre) the strong general's horse archers keep from the nearest enemy: in bow
# range (24"), beyond an infantry block's charge (8") after its closing move (8" more)
SKIRMISH_DISTANCE = 16.0


# the hard level (engine/core/search.py): its searched plan overturns the general's only for a
# gain of 5% of the army (evaluate's unit); at 0.25 the noise of one activation's dice won: on
# Thornby Village (seeds 3000-3011, each seating) hard then won 8 of 24 against normal, at 5: 15
SEARCH = {"margin": 5.0}


def hard_policy(rules):
    """The player the hard level searches with (engine/core/search.py)."""
    return StrongGeneral(rules)


def playout_options(rules, state: BVFState, p: int, rng, glance: int) -> list:
    """The hard level's playouts (engine/core/search.py): the normal general
    picks from its own candidates, so one sampled action (its fallback) is
    all it needs to be shown."""
    return [rules.sample_legal(state, rng)]


def evaluate(state: BVFState, p: int) -> float:
    """The search hook (engine/core/search.py): how good the position is for
    p, in percent of the army's points.  The result dominates; then the
    victory score as it would stand now (enemy units destroyed and broken,
    standards held and lost, objectives held: games/battle_valor_fantasy/
    victory.py), then what is left of each army (points weighed by the
    stands still standing) and a little for units fleeing, then who may
    charge whom next (NEXT_CHARGES of threat.charges_balance)."""
    p = alliance.side_of(state, p)          # a Grand Alliance's seat plays for its side
    size = max(1, max(alliance.side_points(state, q) for q in (0, 1)))
    s = victory.scores(state)
    value = (s[p] - s[1 - p]) / size * 100.0
    if state.phase == "over":
        # the result, then the score it came with: a draw a few points short of the margin is
        # nearer a win than one the enemy nearly won (the last turn's playouts end here:
        # search_to_end)
        if p not in state.winners:
            return -1000.0 + value
        return (1000.0 if len(state.winners) == 1 else 0.0) + value
    for u in state.units.values():
        # every unit still in the army counts, deployed or still to come (in
        # deployment or in reserve): placing one does not make it worth more
        if u.kind != "unit" or not u.alive or not u.stands or not u.start_stands:
            continue
        left = u.profile.points * len(u.stands) / u.start_stands * (0.5 if u.fleeing else 1.0)
        value += (left if u.owner == p else -left) / size * 50.0
    # who may charge whom next (threat.charges_balance): the futures are one activation and its reply
    # long, so without it a move that leaves a block in the enemy's reach looked as good as one that
    # keeps it out (docs/games/battle_valor_fantasy.md § The computer general, "Who may charge whom")
    return value + NEXT_CHARGES * threat.charges_balance(state, p) / size * 100.0


# of the victory points the charges of next turn could gain either side (threat.charges_balance),
# the share the hard level's evaluation counts: at 0.6 hard lost 11 of 32 against normal at Border
# March where it lost 18, at 1.0 it lost 11 of 16
NEXT_CHARGES = 0.6


def search_to_end(state: BVFState) -> bool:
    """The hard level's playouts run to the game's end in its last turn
    (engine/core/search.py): a playout that stopped when the turn came back
    valued the position as it stood, material included, and never saw the
    enemy's last attacks take back the lead (Border March, seeds 5000-5019:
    hard first led by 56 to 81 points when turn 6 began in the drawn games
    and ended within the 50-point margin)."""
    return state.turn >= state.turns and state.phase != "deploy"


def determinise(state: BVFState, p: int, rng) -> BVFState:
    """A copy with what p cannot see guessed: the opponent's order counters,
    placed face down and not yet revealed, replaced by the orders the normal
    player would give (the search never reads a face-down counter)."""
    s = state.copy()
    characters.guess_hidden(s, p, rng)          # hidden Assassins and Thieves: a guess, never the note
    if s.phase != "orders":
        return s
    if s.alliance is not None:          # every other seat's counters, an ally's too (allies do not confer)
        keep = s.seat
        for seat in s.placed:
            if seat == p:
                continue
            side = s.alliance.sides[seat]
            s.seat = seat
            orders, fate = plan_orders(s, side)
            for u in alliance.mine(s, flow.units_of(s, side)):
                u.orders = ["flee"] if u.fleeing else []
            for uid, o in orders:
                u = s.units[uid]
                if not (u.fleeing and o == "flee"):
                    u.orders.append(o)
            if alliance.is_overall(s, seat):
                s.players[side].fate_uid = fate
                s.players[side].fate_done = fate == -1
        s.seat = keep
        s.touch()
        return s
    for pl in s.players:
        if pl.index == p or not pl.orders_placed:
            continue
        orders, fate = plan_orders(s, pl.index)
        for u in flow.units_of(s, pl.index):
            u.orders = ["flee"] if u.fleeing else []
        for uid, o in orders:
            u = s.units[uid]
            if not (u.fleeing and o == "flee"):
                u.orders.append(o)
        pl.fate_uid = fate
        pl.fate_done = fate == -1
    s.touch()
    return s
