"""The computer opponent: a scoring agent that plays the Action Board and
the Exploration scenario.

It rates each legal action with the rules' own numbers (exact hit odds from
wdice, armor, the closest-target accuracy, Scan-marker control) and takes
the best.  On the shared Action Board it adds the value the opponent would
get from the same Action (taking it denies it until Cleanup) and the
Hourglass (taking the marked Action keeps the Hand; the Hourglass is placed
where the Hand holder gains least).  Each decision looks one activation
ahead at most: well under a second.
"""
from __future__ import annotations

from engine.hex import grid
from games.warbound.rules import actionboard, fight, movement, shooting, wdice
from games.warbound.rules.profile import has_pool, stats, unbroken_armor
from games.warbound.rules.queries import enemies_adjacent, living, minis


class KillWorth:
    """How much a kill is prized beyond the normal player's numbers (the
    strong player raises it while it decides: `prizing_kills`): `scale`
    on every kill, `last` more for an opponent's last Character, whose
    removal ends the game (a Warband wiped out loses at once)."""
    scale = 1.0
    last = 0.0


class prizing_kills:
    def __init__(self, scale: float, last: float):
        self.new, self.old = (scale, last), (KillWorth.scale, KillWorth.last)

    def __enter__(self):
        KillWorth.scale, KillWorth.last = self.new

    def __exit__(self, *exc):
        KillWorth.scale, KillWorth.last = self.old


def attack_outlook(state, target, n: int, need: int, bonus: int, aim: bool = False) -> tuple[float, float]:
    """(expected wounds after armour, chance to remove the target) of n dice at it."""
    dist = wdice.hits_distribution(n, need, bonus, aim)
    st = stats(state, target)
    free = unbroken_armor(state, target)
    save = float(wdice.p_success(st.armor_value)) if free else 0.0
    left = st.hp - target.wounds
    exp_w = 0.0
    p_kill = 0.0
    for k, p in enumerate(dist):
        saved = min(free, k * save) if free else 0.0
        w = k - saved
        exp_w += float(p) * w
        if w >= left - 0.25:
            p_kill += float(p)
    return exp_w, p_kill


def attack_value(state, att, target, n: int, need: int, bonus: int, aim: bool = False) -> float:
    """Expected worth of rolling n dice at target: wounds, kill, stress, panic."""
    if n <= 0 or need is None:
        return 0.0
    exp_w, p_kill = attack_outlook(state, target, n, need, bonus, aim)
    st = stats(state, target)
    worth = (6.0 + 2.0 * (st.shoot_dice if st.accuracy else 0) + st.hp) * KillWorth.scale
    if KillWorth.last and len(living(state, target.owner)) == 1:
        worth += KillWorth.last
    val = 1.6 * exp_w + p_kill * worth
    if st.morale is not None:
        stress = n * 11 / 12
        val += 0.35 * stress
        if target.stress + stress >= st.morale:
            val += 1.5 + (NERVE if objective_is(state, "panics") else 0.0)
    return val


# a Victory Point of Break their nerve (an enemy Character that enters Panic
# this turn pays 1 VP: data/warbound/scenario.yaml), in the scoring's units
NERVE = 4.0


def objective_is(state, kind: str) -> bool:
    """Is this turn's objective card of this kind (docs/games/warbound.md § Exploration scenario)?"""
    ob = state.catalog.objectives.get(state.objective) if state.objective else None
    return ob is not None and ob.kind == kind


def attack_roll(state, a) -> tuple:
    """(dice, need, bonus, aim) of the activated Character's shoot or fight action `a`."""
    act = state.activation
    ch, t = state.chars[act.uid], state.chars[a["target"]]
    st = stats(state, ch)
    if a.kind == "shoot":
        need, _ = shooting.accuracy_for(state, ch, t)
        return st.shoot_dice, need, st.hit_shoot, state.catalog.board[act.space].aim and act.shots == 0
    return st.fight_dice, st.attack, st.hit_fight + fight.conditional_bonus(state, ch, t), False


def best_shot(state, ch, aim: bool = False) -> float:
    if shooting.shooter_problem(state, ch):
        return 0.0
    st = stats(state, ch)
    acc = st.accuracy
    assert acc is not None, "shooter_problem refuses a Character without accuracy"
    best = 0.0
    near = shooting.closest(state, ch)
    for t in living(state, 1 - ch.owner):
        if shooting.target_problem(state, ch, t, near) is None:
            need = acc[0] if (t in near or state.marked.get(t.uid) == ch.owner) else acc[1]
            best = max(best, attack_value(state, ch, t, st.shoot_dice, need, st.hit_shoot, aim))
    return best


def best_fight(state, ch) -> float:
    st = stats(state, ch)
    if st.attack is None:
        return 0.0
    return max((attack_value(state, ch, t, st.fight_dice, st.attack, st.hit_fight + fight.conditional_bonus(state, ch, t))
                for t in enemies_adjacent(state, ch)), default=0.0)


def place_value(state, ch) -> float:
    """How good ch's tiles are for the scenario and the fight to come."""
    b = state.board
    me = set(minis(ch))
    foes = living(state, 1 - ch.owner)
    foe_hexes = [h for f in foes for h in f.minis]
    val = 0.0
    for s in b.scans:
        mine = any(grid.distance(h, s) <= 1 for h in me)
        if mine:
            theirs = any(grid.distance(h, s) <= 1 for h in foe_hexes)
            val += 0.4 if theirs else (1.6 if s in b.centre_scans else 1.3)
    d_scan = min((grid.distance(h, s) for h in me for s in b.scans), default=0)
    val -= 0.12 * d_scan
    st = stats(state, ch)
    if foe_hexes:
        d_foe = min(grid.distance(h, f) for h in me for f in foe_hexes)
        melee = st.attack is not None and (st.accuracy is None or (st.attack <= 5))
        if melee:
            val -= 0.25 * d_foe
        elif st.accuracy is not None:
            val += 0.3 if 2 <= d_foe <= 5 else 0.0
            if d_foe == 1 and st.attack is None:
                val -= 0.5
    return val


class _Moved:
    """Move a Character's miniatures for a look-ahead, and back."""

    def __init__(self, state, ch, dests):
        self.state, self.ch, self.dests, self.old = state, ch, dests, list(ch.minis)

    def __enter__(self):
        movement.place(self.state, self.ch, self.dests)

    def __exit__(self, *exc):
        movement.place(self.state, self.ch, self.old)


def after_move_value(state, ch, budget: int, then: tuple, place=place_value) -> tuple[float, list | None]:
    """The best (value, destination) for moving then doing `then` parts
    (`place` rates a Character's tiles: place_value, or a stronger player's)."""
    base = place(state, ch)
    best, where = -1e9, None
    for d in movement.destinations(state, ch, budget):
        with _Moved(state, ch, d):
            v = place(state, ch) - base
            if "shoot" in then:
                v += best_shot(state, ch)
            if "fight" in then:
                v += best_fight(state, ch)
        if v > best:
            best, where = v, d
    return best, where


def space_value(state, ch, sid: str, place=place_value) -> float:
    sp = state.catalog.board[sid]
    parts = sp.parts
    now = 0.0
    if "shoot" in parts:
        now += best_shot(state, ch, sp.aim)
    if "fight" in parts:
        now += best_fight(state, ch)
    mv = next((p for p in parts if p in ("move", "run")), None)
    if mv is None:
        return now
    rest = tuple(p for p in parts if p != mv)
    moved, _ = after_move_value(state, ch, movement.allowance(state, ch, mv), rest, place)
    return max(now, moved, now + 0.0)


def total_cost(state, ch, sid) -> int:
    colorless, colored = actionboard.cost(state, ch, sid)
    return colorless + sum(n for _, n in colored)


PLANNED = 5             # ideas whose reason works out the activation's plan (where it moves, what follows)


class ScoringAgent:
    name = "tactician"
    place = staticmethod(place_value)      # how good a Character's tiles are (a stronger player may weigh more)

    def __init__(self, rules):
        self.rules = rules
        self.memo: dict = {}
        self.last_reason = ""

    def choose(self, state, legal, rng):
        if legal is None:
            legal = [a for a in self.rules.legal_actions(state) if a.player == self.rules.to_act(state)]
        if len(legal) == 1:
            self.last_reason = "the only choice the rules leave"
            return legal[0]
        scored, best = self.scored(state, legal)
        self.last_reason = self.why(state, scored[best], len(legal), True)
        return legal[best]

    def scored(self, state, legal) -> tuple[list, int]:
        """Every action's score, and the index of the first best one."""
        self.memo = {}
        scores = [self.score(state, a) for a in legal]
        best, best_v = 0, -1e18
        for i, v in enumerate(scores):
            if v > best_v + 1e-9:
                best, best_v = i, v
        return list(zip(scores, legal)), best

    def why(self, state, item, n: int, first: bool) -> str:
        """What the choice is for, in the game's words (the log line already
        says what it is; its score is the player's own business)."""
        _, a = item
        return purpose(state, a)

    def ranked(self, state, legal, rng) -> list:
        """(score, action, why) for every legal action, best first (the
        choice `choose` makes leads): the easy level's slips and the hard
        level's candidates."""
        scored, best = self.scored(state, legal)
        rest = sorted((i for i in range(len(legal)) if i != best), key=lambda i: -scored[i][0])
        # the first few ideas are worded in full (the easy level's slips play them), the rest briefly
        return [(scored[i][0], scored[i][1], self.why(state, scored[i], len(legal), rank < PLANNED))
                for rank, i in enumerate([best] + rest)]

    # -- scoring ---------------------------------------------------------------------------------
    def score(self, state, a) -> float:
        k = a.kind
        p = a.player
        if k == "deploy":
            ch = state.chars[a["uid"]]
            hexes = [tuple(a["to"])] + ([tuple(a["to2"])] if a.get("to2") is not None else [])
            centre = state.board.centre_scans or state.board.scans
            d = min(grid.distance(h, s) for h in hexes for s in centre)
            st = stats(state, ch)
            forward = 1.0 if st.attack is not None and st.accuracy is None else 0.5
            return -d * forward - 0.01 * a["uid"]
        if k == "leader_skill":
            t = state.chars[a["target"]]
            return t.stress + t.breaks
        if k == "initiative":
            return 1.0 if a["take"] else 0.0
        if k == "keep_token":
            col = a.get("color")
            if col is None:
                return -1.0
            lead = state.catalog.leaders[state.players[p].leader]
            return 1.0 if col in lead.orders[state.period - 1] else 0.5
        if k == "hourglass":
            return -self.space_worth(state, 1 - p, a["space"])
        if k == "pass":
            return 0.05
        if k == "exchange":
            return self.exchange_value(state, a)
        if k == "activate":
            return self.activate_value(state, a)
        if k == "end_activation":
            return 0.0
        return self.step_value(state, a)

    def space_worth(self, state, p: int, sid: str) -> float:
        """What player p could make of this Action now (its best Character)."""
        key = ("worth", p, sid)
        if key not in self.memo:
            self.memo[key] = self._space_worth(state, p, sid)
        return self.memo[key]

    def value_of(self, state, ch, sid: str) -> float:
        key = ("value", ch.uid, sid)
        if key not in self.memo:
            sp = state.catalog.board[sid]
            same = ("value", ch.uid, sp.parts, sp.aim)
            if same not in self.memo:
                self.memo[same] = space_value(state, ch, sid, self.place)
            self.memo[key] = self.memo[same]
        return self.memo[key]

    def _space_worth(self, state, p: int, sid: str) -> float:
        toks = state.players[p].tokens
        best = 0.0
        for ch in living(state, p):
            if actionboard.space_problem(state, ch, sid) is not None:
                continue
            colorless, colored = actionboard.cost(state, ch, sid)
            if actionboard.payment(toks, colorless, colored) is None:
                continue
            best = max(best, self.value_of(state, ch, sid))
        return best

    def activate_value(self, state, a) -> float:
        ch = state.chars[a["uid"]]
        sid = a["space"]
        v = self.value_of(state, ch, sid)
        v -= 0.15 * total_cost(state, ch, sid)
        if ch.activations and has_pool(state, ch):
            st = stats(state, ch)
            v -= 0.6 + (2.0 if ch.stress + 1 >= st.morale else 0.0)
            if ch.stress + 1 >= st.morale and objective_is(state, "panics"):
                v -= NERVE      # Break their nerve: a Character of ours in Panic pays the opponent a VP
        v += 0.45 * self.space_worth(state, 1 - a.player, sid)
        if state.hourglass_space == sid:
            v += 2.0 if state.hand == a.player else 0.5
        return v + 0.3

    def exchange_value(self, state, a) -> float:
        """Exchange only when it opens an activation that is now unaffordable."""
        p = a.player
        toks = dict(state.players[p].tokens)
        for c in a["give"]:
            toks[c] -= 1
        toks[a["get"]] = toks.get(a["get"], 0) + 1
        before = state.players[p].tokens
        for ch in living(state, p):
            for sid in actionboard.open_spaces(state):
                colorless, colored = actionboard.cost(state, ch, sid)
                if actionboard.payment(before, colorless, colored) is None and \
                        actionboard.payment(toks, colorless, colored) is not None and \
                        actionboard.space_problem(state, ch, sid) is None:
                    return 0.2
        return -5.0

    def step_value(self, state, a) -> float:
        act = state.activation
        ch = state.chars[act.uid]
        k = a.kind
        if k in ("shoot", "fight"):
            return attack_value(state, ch, state.chars[a["target"]], *attack_roll(state, a)) + 0.1
        if k == "move":
            dests = [tuple(a["to"])] + ([tuple(a["to2"])] if a.get("to2") is not None else [])
            if len(ch.minis) == 2 and len(dests) == 1:
                dests.append(ch.minis[1])
            base = self.place(state, ch)
            now_shot = best_shot(state, ch) if "shoot" in act.parts else 0.0
            now_fight = best_fight(state, ch) if "fight" in act.parts else 0.0
            risk = self.opportunist_risk(state, ch, dests)
            with _Moved(state, ch, dests):
                v = self.place(state, ch) - base
                if "shoot" in act.parts:
                    v += best_shot(state, ch) - 0.5 * now_shot
                if "fight" in act.parts:
                    v += best_fight(state, ch) - 0.5 * now_fight
                v -= 0.8 * risk
            return v + 0.05
        if k == "skill":
            return self.skill_value(state, ch, a)
        return 0.0

    def opportunist_risk(self, state, ch, dests) -> float:
        """Expected harm of the Opportunist rolls this move would trigger."""
        risk = 0.0
        for o in living(state, 1 - ch.owner):
            ost = stats(state, o)
            if not ost.has("opportunist") or ost.attack is None:
                continue
            for s, d in zip(ch.minis, dests):
                if s != d and any(grid.distance(s, h) == 1 for h in o.minis) and \
                        not any(grid.distance(d, h) == 1 for h in o.minis):
                    risk += attack_value(state, o, ch, 1, ost.attack, ost.hit_fight)
        return risk

    def skill_value(self, state, ch, a) -> float:
        eff = state.catalog.skills[a["skill"]].effect
        kind = eff.kind
        if kind == "war_drum":
            return 0.5 * sum(1 for o in living(state, ch.owner) if o.uid != ch.uid and o.stress
                             and min(grid.distance(x, y) for x in o.minis for y in ch.minis) <= eff.range)
        if kind == "patch_up":
            return 1.2
        if kind == "analyse":
            t = state.chars[a["target"]]
            return 0.6 if t not in shooting.closest(state, ch) else 0.1
        if kind == "roll_attack":
            t = state.chars[a["target"]]
            return attack_value(state, ch, t, eff.dice, eff.hit, 0)
        if kind in ("kihai", "adrenaline"):
            t = state.chars[a["target"]] if a.get("target") is not None else ch
            st = stats(state, t)
            dests = [tuple(a["to"])] + ([tuple(a["to2"])] if a.get("to2") is not None else [])
            if len(t.minis) == 2 and len(dests) == 1:
                dests.append(t.minis[1])
            base = self.place(state, t)
            with _Moved(state, t, dests):
                v = self.place(state, t) - base + 0.3 * best_fight(state, t)
            penalty = 0.5 + (3.0 if st.morale is not None and t.stress + 1 >= st.morale else 0.0)
            return v - penalty
        return 0.0


def purpose(state, a) -> str:
    """A choice's plain purpose where nothing more particular is said (the
    normal player names the Scan marker or the objective card first)."""
    k = a.kind
    if k == "deploy":
        return "stand ready to march on the Scan markers (§ Exploration scenario)"
    if k == "activate":
        return f"the Action this Character makes most of now: {actionboard.parts_name(state.catalog, a['space'])}"
    if k == "move":
        act = state.activation
        ch = state.chars[act.uid] if act is not None else None
        if ch is not None:
            st = stats(state, ch)
            if st.attack is not None and st.accuracy is None:
                return "close on the enemy to fight"
            if st.accuracy is not None:
                return "a firing position"
        return "nearer the Scan markers"
    if k in ("shoot", "fight"):
        return "the best target within reach"
    if k == "skill":
        return f"{state.catalog.skills[a['skill']].name}: the most it does now"
    if k == "leader_skill":
        return "relieve the Character most under Stress"
    if k == "keep_token":
        return "keep the colour the next period's orders ask for" if a.get("color") else \
            "no token worth keeping"
    if k == "exchange":
        return "swap tokens for the colour an activation needs"
    if k == "initiative":
        return "take the Hand: its holder activates first (§ Initiative)" if a.get("take") else \
            "keep the Hourglass (§ Initiative)"
    if k == "pass":
        return "nothing left worth an Order token this turn"
    if k == "end_activation":
        return "nothing more this activation is worth its cost"
    if k == "hourglass":
        return "deny the opponent the Action it would make most of (§ Initiative)"
    return "the best choice the rules leave"
