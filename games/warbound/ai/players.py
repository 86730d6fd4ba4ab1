"""The computer players' hooks for Warbound (engine/core/search.py): the
normal player (`tactician`, games/warbound/ai/normal.py), the hard level's
player (`strong`, games/warbound/ai/strong.py) and the search's tuning,
playout options and evaluation."""
from __future__ import annotations

from engine.core.computer_players import ComputerPlayers

from games.warbound.rules.profile import stats
from games.warbound.rules.queries import living
from games.warbound.ai.normal import NormalAgent
from games.warbound.ai.outlook import projection
from games.warbound.ai.scoring import place_value
from games.warbound.ai.strong import SearchingStrong, StrongAgent

AGENTS = ("tactician", "strong")


def make_agent(name: str, rules):
    """The scoring agent ("normal" is its difficulty-level name), or the
    hard level's player ("strong": games/warbound/ai/strong.py)."""
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
# extra candidates they looked free or thrifty and hard passed its turns away.
# A future plays our activation (replies 0) and is weighed by evaluate: the
# Cleanup projection counted, so futures before and after a Cleanup compare,
# and the opponent's worst next attack weighed rather than played.  The margin is in evaluate's units (a Victory
# Point is 3, a Character about 8): seeds 600-609 with the old playouts, hard
# won 1 of 20 at margin 0.25 (noisy means chased), as strong does at 20; the
# budget counts the strong player's ranking (the reply) too
SEARCH = {"kinds": 0, "margin": 6.0, "budget": 0.75, "playouts": 64, "replies": 0, "horizon": 8}


# the easy level's slips (engine/core/search.py EasyAgent): half its decisions
# may take one of its next four ideas within 2 points or 30% of the best (4 and
# 80% missed the centre on the last turn: tests/engine/test_levels.py; docs/games/warbound.md)
EASY = {"slip": 0.5, "spread": 2.0, "ratio": 0.3, "reach": 4}


def plan_follows(state, previous, step) -> bool:
    """The hint's plan (engine/core/hint.py): an activation and the steps
    of that Action (the move, then the shot or the fight)."""
    return state.activation is not None and step.kind in ("move", "shoot", "fight", "skill")


def playout_options(rules, state, p: int, rng, glance: int) -> list:
    """The search hook: what the quick player of the futures weighs: every
    choice that is not a walk (activations, shots, fights, skills, the
    Hourglass, passing) and a handful of the walks, with the walks the
    Action's plan heads for among them (scoring.after_move_value picks
    those when it rates an activation)."""
    legal = [a for a in rules.legal_actions(state) if a.player == p]
    moves = [a for a in legal if a.kind == "move"]
    if len(moves) <= glance:
        return legal
    rest = [a for a in legal if a.kind != "move"]
    return rest + rng.sample(moves, glance)


def rollout_policy(rules):
    """The quick player of the hard level's futures: the normal player
    (the strong one's reply and Cleanup weights are the candidates' part)."""
    return NormalAgent(rules)


def evaluate(state, player: int) -> float:
    """How good the position is for `player` (a search hook): the sum of
    `evaluate_terms`."""
    return sum(evaluate_terms(state, player).values())


def evaluate_terms(state, player: int) -> dict:
    """How good the position is for `player`, by what it is about (the hard
    level names the one a look-ahead gained most on): the result first,
    then Victory Points, the Characters left and their tokens, the Scan
    markers held and what this turn's Cleanup would pay if it came now (a
    future ends with our activation, before or after a Cleanup: counting
    the Cleanup to come keeps both kinds of ending comparable), and the
    worst the opponent's next activation could do to one of ours
    (reply.py: the attack through an Action still open to it, at the
    rules' odds, and the markers the victim holds), weighed rather than
    played."""
    if state.phase == "over":
        return {"the result": 1000.0 if player in state.winners else -1000.0}
    vp = 3.0 * (state.players[player].vp - state.players[1 - player].vp)
    band = 0.0
    place = 0.0
    for ch in living(state):
        st = stats(state, ch)
        v = 4.0 + 1.2 * (st.hp - ch.wounds) - (1.5 if ch.panic else 0.0)
        if st.morale is not None:
            v -= 0.3 * ch.stress
        band += v if ch.owner == player else -v
        if ch.owner == player:
            place += 0.3 * place_value(state, ch)
    terms = {"the Victory Points": vp, "our Warband against theirs": band, "the march on the Scan markers": place}
    if state.phase != "cleanup":
        terms["the Scan markers and the objective card at Cleanup"] = 2.0 * projection(state, player)
    if state.phase == "action" and to_act_is_opponent(state, player):
        terms["our Characters' safety from the opponent's next reply"] = -REPLY_WEIGHT * reply_cost(state, player)
    return terms


REPLY_WEIGHT = 0.8      # the opponent's worst next attack, in evaluate's units (a Character is about 8)


def to_act_is_opponent(state, player: int) -> bool:
    from games.warbound.rules.queries import to_act
    return to_act(state) != player


def reply_cost(state, player: int) -> float:
    """The worst the opponent's next activation could do to one of
    `player`'s Characters (one activation: the worst single attack)."""
    from games.warbound.ai.reply import looking, open_attacks, worst_reply
    from games.warbound.ai.strong import held
    with looking(player):
        attacks = open_attacks(state, 1 - player)
        if not attacks:
            return 0.0
        return max((worst_reply(state, ch, attacks, lambda c: held(state, c)) for ch in living(state, player)),
                   default=0.0)


# the game's computer players, declared once for the levels (engine/core/computer_players.py)
COMPUTER = ComputerPlayers(make_agent=make_agent, agents=AGENTS, evaluate=evaluate, evaluate_terms=evaluate_terms,
                           hard_policy=hard_policy, rollout_policy=rollout_policy,
                           playout_options=playout_options, plan_follows=plan_follows, easy=EASY, search=SEARCH)
