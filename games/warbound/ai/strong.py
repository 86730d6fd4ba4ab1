"""The hard level's player for Warbound (`players.hard_policy`, agent "strong").

The normal player (games/warbound/ai/scoring.py) rates tiles by the Scan markers
near them and the distance to the fight, but never reads the turn's
objective card, which is where most Victory Points come from
(docs/games/warbound.md § Exploration scenario).  It also rates each
Character's tiles alone, so two Characters crowd one marker while another
goes unheld, and breaking the opponent's hold on a marker counts for little.
This player is the normal one that also weighs the whole position's
Cleanup: the Victory Points the Scan markers held and denied and the
turn's objective card would give over the opponent if the turn ended now
(Survey doubles a marker, Hold the centre pays 2 per central marker, Push
forward 2 for standing in the enemy section, Hold the line 1 for keeping it
clear).  It also prizes kills more than the normal player does, and a last
Character most, the opponent's and its own: a Warband wiped out loses at
once, whatever the Victory Points.  And it counts against its own
Characters' tiles the worst the opponent's next activation could do to
them there (reply.py), their removal costing the markers they hold.
"""
from __future__ import annotations

from engine.core.odds import percent
from engine.hex import grid
from games.warbound.rules import actionboard, movement, scenario, shooting
from games.warbound.ai.scoring import (ScoringAgent, _Moved, after_move_value, attack_outlook, attack_roll, attack_value,
                                     place_value, prizing_kills)
from games.warbound.rules.profile import has_pool, stats
from games.warbound.rules.queries import char_distance, label, living, possessive
from games.warbound.ai.reply import Looking, answer, looking, open_attacks, worst_reply


def objective_kind(state) -> str | None:
    ob = state.catalog.objectives.get(state.objective) if state.objective else None
    return ob.kind if ob is not None else None


def projection(state, player: int) -> float:
    """The Victory Points this turn's Cleanup would give `player` over the
    opponent if it came now: Scan markers held (and denied), the objective
    card's share."""
    kind = objective_kind(state)
    per = 2.0 if kind == "scan_control" else 1.0
    val = 0.0
    for h in state.board.scans:
        c = scenario.controller(state, h)
        if c is None:
            continue
        v = per + (2.0 if kind == "centre" and h in state.board.centre_scans else 0.0)
        val += v if c == player else -v
    if kind == "advance":
        val += 2.0 * (int(scenario.in_enemy_section(state, player)) - int(scenario.in_enemy_section(state, 1 - player)))
    elif kind == "hold":
        val += int(not scenario.in_enemy_section(state, 1 - player)) - int(not scenario.in_enemy_section(state, player))
    return val


# how much a Victory Point this Cleanup would pay is worth against the normal
# player's own numbers (a kill is worth about 10 of them): seeds 1000-1059,
# both seat orders, strong won 80/120 at 1.5, 95/120 at 3, 96/120 at 5
WEIGHT = 4.0


def threat(state, ch) -> float:
    """The worst the enemy's next activation could do to ch where it
    stands: a melee Character within a run and a step, or a shooter that
    may target it (attack_value: wounds, and the kill at its worth)."""
    worst = 0.0
    for e in living(state, 1 - ch.owner):
        st = stats(state, e)
        if st.attack is not None and char_distance(e, ch) <= st.speed + st.run + 1:
            worst = max(worst, attack_value(state, e, ch, st.fight_dice, st.attack, st.hit_fight))
        if st.accuracy is not None:
            near = shooting.closest(state, e)
            if shooting.target_problem(state, e, ch, near) is None:
                need = st.accuracy[0] if ch in near else st.accuracy[1]
                worst = max(worst, attack_value(state, e, ch, st.shoot_dice, need, st.hit_shoot))
    return worst


# a kill is worth more to the strong player than to the normal one (watching
# strong lose: normal removed 71 of its Characters in 30 games, it 49 of
# normal's), and a last Character most (its removal ends the game): seeds
# 1000-1059, both seat orders, strong won 82/120 at 1, 87/120 at 1.5, 86/120
# at 2; seeds 1060-1119, 76/120 at 1, 77/120 at 1.5 with LAST_KILL
# (docs/games/warbound.md § The hard level)
KILL_SCALE = 1.5
LAST_KILL = 20.0


def held(state, ch) -> float:
    """What ch's tiles are worth at Cleanup (WEIGHT times the projection
    it would take away if it were removed)."""
    with _Removed(state, ch):
        without = projection(state, ch.owner)
    return WEIGHT * (projection(state, ch.owner) - without)


class _Removed:
    """Take a Character's miniatures off the board for a look-ahead, and back."""

    def __init__(self, state, ch):
        self.state, self.ch = state, ch

    def __enter__(self):
        for h in self.ch.minis:
            del self.state.occupied[h]

    def __exit__(self, *exc):
        for h in self.ch.minis:
            self.state.occupied[h] = self.ch.uid


# how much of the opponent's worst reply (reply.py) the strong player counts
# against a Character's tiles
REPLY = 0.5


def strong_place(state, ch) -> float:
    v = place_value(state, ch) + WEIGHT * projection(state, ch.owner)
    if len(living(state, ch.owner)) == 1:
        # the last Character: losing it loses the game (threat counts LAST_KILL)
        v -= threat(state, ch)
    elif REPLY and ch.owner == Looking.player:
        v -= REPLY * worst_reply(state, ch, open_attacks(state, 1 - ch.owner), lambda c: held(state, c))
    return v


# the normal player reads the objective card too (issue 13: every level
# knows the victory conditions and answers a threat to them), at a weight
# that lets its own tile ratings lead; the strong player leans on it
NORMAL_WEIGHT = 0.25


def normal_place(state, ch) -> float:
    v = place_value(state, ch) + NORMAL_WEIGHT * projection(state, ch.owner)
    if len(living(state, ch.owner)) == 1:
        # the last Character: its removal loses the game at once (a Warband
        # wiped out loses), so the normal player too keeps it out of reach
        v -= LAST_CARE * threat(state, ch)
    return v


# how much of the worst the enemy could do to its last Character the normal
# player counts (the strong one counts it all, with the kill prized at LAST_KILL)
LAST_CARE = 1.0


def move_dests(ch, a) -> list:
    """Where a move action puts each of ch's miniatures."""
    dests = [tuple(a["to"])] + ([tuple(a["to2"])] if a.get("to2") is not None else [])
    if len(ch.minis) == 2 and len(dests) == 1:
        dests.append(ch.minis[1])
    return dests


def goal(state, a) -> str:
    """The Scan markers a move takes or breaks, in words ("contest H4 to
    stop Kaigen scoring it (Hold the centre)"), or ""; for a deployment and
    the Hourglass, what the choice is for."""
    if a.kind == "deploy":
        return _deploy_goal(state, a)
    if a.kind in ("shoot", "fight"):
        n, need, bonus, aim = attack_roll(state, a)
        t = state.chars[a["target"]]
        if n <= 0 or need is None:
            return ""
        wounds, kill = attack_outlook(state, t, n, need, bonus, aim)
        return f"about {wounds:.1f} wounds on {label(state, t)} after armour, {percent(kill)} to remove it"
    if a.kind == "initiative":
        return ("take the Hand: its holder activates first (§ Initiative)" if a.get("take") else
                "keep the Hourglass: it blocks an Action of the Hand holder's (§ Initiative)")
    if a.kind == "pass":
        return "nothing left worth an order token this turn"
    if a.kind == "end_activation":
        return "nothing more this activation is worth its cost"
    if a.kind == "hourglass":
        # the Hourglass goes where the Hand holder gains least (scoring.score): whoever takes
        # that Action gains the Hourglass, and its holder takes the Hand at Cleanup
        foe = state.players[1 - a.player].name
        return (f"mark {actionboard.parts_name(state.catalog, a['space'])}, the Action {possessive(foe)} Characters would make least "
                f"of now: to keep the Hand, {foe} must spend an activation on it (§ Initiative)")
    if a.kind == "activate":
        ch = state.chars[a["uid"]]
        st = stats(state, ch)
        if ch.activations and has_pool(state, ch) and ch.stress + 1 >= st.morale:
            return _activation_goal(state, a) + "; a last effort: the extra Stress puts it in Panic after it"
        return _activation_goal(state, a)
    if a.kind != "move" or state.activation is None:
        return ""
    ch = state.chars[state.activation.uid]
    return _markers_goal(state, ch, move_dests(ch, a))


def _activation_goal(state, a) -> str:
    """What the activation is for: the move it plans (where to, the markers it takes) and what follows."""
    ch = state.chars[a["uid"]]
    sp = state.catalog.board[a["space"]]
    mv = next((p for p in sp.parts if p in ("move", "run")), None)
    rest = [p for p in sp.parts if p != mv]
    if mv is None:
        return f"{' and '.join(rest)} from where it stands"
    _, where = after_move_value(state, ch, movement.allowance(state, ch, mv), tuple(rest), normal_place)
    if not where:
        return ""
    tiles = " and ".join(state.board.label(h) for h in where)
    aim = _markers_goal(state, ch, list(where))
    return f"{mv} to {tiles}" + (f", then {' and '.join(rest)}" if rest else "") + (f": {aim}" if aim else "")


def _markers_goal(state, ch, dests) -> str:
    """The Scan markers standing on `dests` takes or breaks, in words, or ""."""
    before = {h: scenario.controller(state, h) for h in state.board.scans}
    with _Moved(state, ch, dests):
        after = {h: scenario.controller(state, h) for h in state.board.scans}
    ob = state.catalog.objectives.get(state.objective) if state.objective else None
    card = f" ({ob.name})" if ob is not None else " (Scan markers score at Cleanup)"
    me, foe = ch.owner, state.players[1 - ch.owner].name
    broken = [state.board.label(h) for h in before if before[h] == 1 - me and after[h] != 1 - me]
    taken = [state.board.label(h) for h in before if before[h] != me and after[h] == me]
    if broken:
        return f"contest {' and '.join(broken)} to stop {foe} scoring {'them' if len(broken) > 1 else 'it'}{card}"
    if taken:
        return f"take {' and '.join(taken)}{card}"
    return ""


def _deploy_goal(state, a) -> str:
    """Where the deployment heads: the Scan markers of the centre (they score most), fighters in front."""
    ch = state.chars[a["uid"]]
    hexes = [tuple(a["to"])] + ([tuple(a["to2"])] if a.get("to2") is not None else [])
    centre = state.board.centre_scans or state.board.scans
    if not centre:
        return ""
    d, near = min((grid.distance(h, s), s) for h in hexes for s in centre)
    st = stats(state, ch)
    role = "a fighter, in front" if st.attack is not None and st.accuracy is None else \
        "a shooter, behind the fighters"
    return f"toward the central Scan marker {state.board.label(near)} ({d} tiles), {role}"


def move_dests_of_deploy(ch, a) -> list:
    return [tuple(a["to"])] + ([tuple(a["to2"])] if a.get("to2") is not None else [])


# what a deployment one Run from a central Scan marker is worth to the strong
# player: whoever stands there first holds the centre (most objective cards
# pay for it); the normal player deploys by distance alone
RUNNER = 1.5


def run_to_centre(state, ch, a) -> str:
    """The central Scan marker a Run on turn 1 brings ch next to from this
    deployment (its label), or ""."""
    st = stats(state, ch)
    centre = state.board.centre_scans or state.board.scans
    reach = st.speed + st.run + 1
    for s in centre:
        if any(grid.distance(h, s) <= reach for h in move_dests_of_deploy(ch, a)):
            return state.board.label(s)
    return ""


def deploy_risk(state, a) -> str:
    """What a deployment does about turn 1, in words, or "": a Run to the
    centre."""
    if a.kind != "deploy":
        return ""
    marker = run_to_centre(state, state.chars[a["uid"]], a)
    return f"one Run from {marker} on turn 1" if marker else ""


WIPED_OUT = "a Warband wiped out loses at once"


def last_stand(state, a) -> str:
    """What a move or an attack does about a last Character, in words
    ("remove Kaigen's last Character (...)"), or ""."""
    if state.activation is None or a.kind not in ("move", "shoot", "fight"):
        return ""
    ch = state.chars[state.activation.uid]
    if a.kind != "move":
        t = state.chars[a["target"]]
        alone = len(living(state, t.owner)) == 1
        return f"remove {possessive(state.players[t.owner].name)} last Character ({WIPED_OUT})" if alone else ""
    if len(living(state, ch.owner)) != 1:
        return ""
    dests = move_dests(ch, a)
    before = threat(state, ch)
    with _Moved(state, ch, dests):
        after = threat(state, ch)
    return f"keep {label(state, ch)}, the last Character, out of reach ({WIPED_OUT})" if after < before else ""


def risk(state, a) -> str:
    """What a move does about the opponent's worst answer (reply.py), in
    words ("out of the reply of Kaigen's Oshi'goru Formation", "Kaigen's
    Oshi'goru Formation can answer: 44% to remove it"), or "" (a last
    Character's words are last_stand's)."""
    if state.activation is None or a.kind != "move":
        return ""
    ch = state.chars[state.activation.uid]
    if len(living(state, ch.owner)) == 1:
        return ""
    before = answer(state, ch)
    with _Moved(state, ch, move_dests(ch, a)):
        after = answer(state, ch)
    if after is not None:
        return f"{label(state, after[0])} can answer: {percent(after[1])} to remove it"
    return f"out of the reply of {label(state, before[0])}" if before is not None else ""


class NormalAgent(ScoringAgent):
    """The scoring player (scoring.py) that also weighs the turn's
    Cleanup, a little, and names the marker it takes or contests."""
    name = "tactician"
    place = staticmethod(normal_place)

    def why(self, state, item, n: int, first: bool) -> str:
        # every idea says what it is for (the easy level plays its second ones too)
        text = super().why(state, item, n, first)
        if item[1].kind == "activate" and not first:
            return text          # an activation's plan is worked out for the one chosen (a search ranks ~20)
        aims = [x for x in self.aims(state, item[1]) if x]
        return ", ".join(aims) if aims else text

    def aims(self, state, a) -> list:
        return [goal(state, a), last_stand(state, a)]


class StrongAgent(NormalAgent):
    """The normal player that plays to the turn's objective card, fully,
    prizes kills more (KILL_SCALE) and a last Character most, the
    opponent's and its own (LAST_KILL)."""
    name = "strong"
    place = staticmethod(strong_place)

    replies = True          # count the opponent's reply (reply.py) against its own tiles

    def score(self, state, a) -> float:
        v = super().score(state, a)
        if a.kind == "deploy" and run_to_centre(state, state.chars[a["uid"]], a):
            # a Character one Run from a central marker takes it on turn 1 (the
            # normal player deploys by distance alone).  Not the first turn's
            # danger at the tile: counting it (0.3 of the worst a deployed enemy
            # could do there) kept the fast Characters back from the centre,
            # and the player that deploys second (seat 1) paid for it most
            # (docs/games/warbound.md § The search and the levels)
            v += RUNNER
        return v

    def scored(self, state, legal):
        with prizing_kills(KILL_SCALE, LAST_KILL), looking(legal[0].player if self.replies else None):
            return super().scored(state, legal)

    def aims(self, state, a) -> list:
        return [goal(state, a), last_stand(state, a), risk(state, a) if self.replies else "", deploy_risk(state, a)]


class SearchingStrong(StrongAgent):
    """The hard level's player (players.hard_policy): its candidates (`ranked`)
    are the strong player's, the reply counted; in the playouts (`choose`)
    it leaves the reply out, which halves their cost (the search keeps its
    margin, so the candidates decide how hard plays)."""

    def choose(self, state, legal, rng):
        self.replies = False
        try:
            return super().choose(state, legal, rng)
        finally:
            self.replies = True
