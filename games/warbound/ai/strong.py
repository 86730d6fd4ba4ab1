"""The hard level's player for Warbound (`players.hard_policy`, agent "strong").

The scoring player (games/warbound/ai/scoring.py) rates tiles by the Scan
markers near them and the distance to the fight, but never reads the
turn's objective card, which is where most Victory Points come from
(docs/games/warbound.md § Exploration scenario); the normal player
(games/warbound/ai/normal.py) reads it only a little.  It also rates each
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
from games.warbound.ai.normal import NormalAgent, goal, last_stand, move_dests
from games.warbound.ai.outlook import projection, threat
from games.warbound.ai.reply import Looking, answer, looking, open_attacks, worst_reply
from games.warbound.ai.scoring import _Moved, place_value, prizing_kills
from games.warbound.rules.profile import stats
from games.warbound.rules.queries import label, living


# how much a Victory Point this Cleanup would pay is worth against the normal
# player's own numbers (a kill is worth about 10 of them): seeds 1000-1059,
# both seat orders, strong won 80/120 at 1.5, 95/120 at 3, 96/120 at 5
WEIGHT = 4.0


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
