"""The computer players' hooks for Warbound (engine/core/search.py): the
normal player (`tactician`, games/warbound/tactician.py), the hard level's
player (`strong`, games/warbound/strategy.py) and the search's tuning,
playout options and evaluation."""
from __future__ import annotations

from games.warbound.profile import stats
from games.warbound.queries import living
from games.warbound.strategy import NormalAgent, SearchingStrong, StrongAgent, projection
from games.warbound.tactician import ScoringAgent, place_value

AGENTS = ("tactician", "strong")


def make_agent(name: str, rules):
    """The scoring agent ("normal" is its difficulty-level name), or the
    hard level's player ("strong": games/warbound/strategy.py)."""
    if name not in AGENTS and name != "normal":
        raise KeyError(f"unknown Warbound agent {name!r}; known: {', '.join(AGENTS)}")
    if name == "strong":
        return StrongAgent(rules)
    return NormalAgent(rules)


def hard_policy(rules):
    """The player the hard level searches with (engine/core/search.py): the
    strong player, without the opponent's reply in its playouts."""
    return SearchingStrong(rules)


# the hard level's tuning (engine/core/search.py): its candidates are its
# player's (strong's) best five only.  Passing and exchanging tokens, which the
# normal player rates low, spend or keep Order tokens whose worth the short
# look-ahead cannot see (the rest of the turn, Cleanup's discard), so as
# extra candidates they looked free or thrifty and hard passed its turns away
# Its playouts still misjudge the Action Board (seeds 600-609: hard won 1 of
# 20 seat-balanced games at margin 0.25, 10 of 20 at 20, as normal does), so
# it overturns the normal plan only for a swing worth about two Characters.
# With the strong player (hard_policy) the margin stands: seeds 600-609, hard
# won the same 15 of 20 as strong alone (docs/games/warbound.md)
# Its clock budget is 0.4 s, not 0.55: the strong player's ranking (the
# opponent's reply counted) comes before the clock starts; bench warbound at
# load 5: p95 795-887 ms, max 1202-1444 (main before: 1030, 1113).  Batch
# play counts playouts, so its games do not change
SEARCH = {"kinds": 0, "margin": 20.0, "budget": 0.4}


def plan_follows(state, previous, step) -> bool:
    """The hint's plan (engine/core/hint.py): an activation and the steps
    of that Action (the move, then the shot or the fight)."""
    return state.activation is not None and step.kind in ("move", "shoot", "fight", "skill")


def playout_options(rules, state, p: int, rng, glance: int) -> list:
    """The search hook: the hard level's playouts see every legal action,
    so the normal player in them plays as it does at the table (a handful of
    sampled moves made it a careless player, and the look-ahead then judged
    each candidate by a worse follow-up than the one it gets)."""
    return [a for a in rules.legal_actions(state) if a.player == p]


def evaluate(state, player: int) -> float:
    """How good the position is for `player` (a search hook): the result
    first, then Victory Points, the Characters left and their tokens, the
    Scan markers held, and what this turn's Cleanup would pay if it came
    now (a playout ends when the turn comes back, before or after a
    Cleanup: counting the Cleanup to come keeps both kinds of ending
    comparable)."""
    if state.phase == "over":
        return 1000.0 if player in state.winners else -1000.0
    score = 3.0 * (state.players[player].vp - state.players[1 - player].vp)
    for ch in living(state):
        st = stats(state, ch)
        v = 4.0 + 1.2 * (st.hp - ch.wounds) - (1.5 if ch.panic else 0.0)
        if st.morale is not None:
            v -= 0.3 * ch.stress
        score += v if ch.owner == player else -v
        if ch.owner == player:
            score += 0.3 * place_value(state, ch)
    if state.phase != "cleanup":
        score += 2.0 * projection(state, player)
    return score
