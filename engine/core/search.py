"""Difficulty levels for every game: easy, normal, hard.

A game supplies its *normal* player (`make_agent("normal", rules)` in
`games/<id>/ai/players.py`, the scoring agent that knows the game's goals) and, for
the hard level, one evaluation hook; this module makes the other levels:

- **easy** (`EasyAgent`): the normal player with human-sized slips: now and
  then it takes one of its next few ideas instead of its best (an attack
  on the wrong target, a step short of the goal), and its reason says so
  ("a slip: ... was the better idea"), so the log teaches what it missed.
- **hard** (`HardAgent`): a determinised Monte Carlo search over the Ruleset
  API that weighs futures, not whole games.  It takes its player's best few
  ideas as candidates and plays each into many futures on copies: the
  action, the rest of its turn by a quick player, and (where the game asks
  for it) the opponents' replies; dice from a fresh seeded source and hidden
  information redealt by the game's `determinise` hook, so it never reads a
  card it could not see or a die not yet rolled.  Each future stops short
  of the game's end and is scored by the game's `evaluate(state, player)`:
  an evaluation in place of a playout to the end, so a second buys a
  hundred futures or more rather than a handful.  Candidates share the dice
  of each future (common random numbers), the player's first idea is the
  yardstick, and another idea replaces it only when it is better by a
  margin on the same luck (the best of many noisy means always flatters).

The hooks a game's `ai.py` provides (docs/ARCHITECTURE.md, "Computer players"):

    make_agent("normal", rules)      its scoring agent; `choose(state, legal, rng)`,
                                     `last_reason`, and optionally
                                     `ranked(state, legal, rng) -> [(score, action, why)]`
    evaluate(state, player) -> float how good the position is for player
                                     (required for hard; wins/losses dominate)
    evaluate_terms(state, player)    optional: the same as {what it is about: value}
                                     (their sum is the evaluation), so the hard
                                     player can say in words what a look-ahead
                                     found ("the safety of our heroes (Regicide)")
    determinise(state, player, rng)  a copy with everything player cannot see
                                     redealt (optional: default `rules.clone`)
    SEARCH = {...}                   optional tuning of HardAgent (its arguments):
                                     width, kinds, replies, horizon, budget,
                                     playouts (futures per decision in batch play),
                                     glance, margin, confidence
    EASY = {...}                     optional tuning of EasyAgent: slip, reach, spread
    hard_policy(rules) -> agent      optional: the player the hard level searches
                                     with (its candidates) in place of the normal
                                     player; normal stays the fixed yardstick
    rollout_policy(rules) -> agent   optional: the quick player of the futures
                                     (default: the hard level's player)
    playout_options(rules, state, p, rng, glance)
                                     optional: the actions the quick player weighs
    turn_of(state) -> int            optional: whose turn it is, where another player may
                                     answer within it (a defender's roll): a future
                                     counts turns by it (default: rules.to_act)
    search_to_end(state) -> bool     optional: True where the futures should run to
                                     the game's end (the result itself, not `evaluate`'s
                                     guess): a game's last turn
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core.actions import Action
from engine.core.computer_players import Agent, ComputerPlayers
from engine.core.dice import SeededDice

if TYPE_CHECKING:
    from engine.core.game import Game

# The state is Any throughout: any game's, which the engine never imports.
Ranked = list[tuple[float, Action, str]]     # (score, action, why), best first
Terms = dict[str, float]                     # an evaluation's terms: {what it is about: value}
# One future: (value, 1 if the player won else 0, the evaluation's terms or None)
Future = tuple[float, int, Terms | None]

LEVELS = ("easy", "normal", "hard")


def ranked_of(agent: Agent, state: Any, legal: list[Action], rng: random.Random) -> Ranked:
    """(score, action, why) best first: the agent's own ranking if it has
    one, else its choice first and the rest unranked."""
    if hasattr(agent, "ranked"):
        ranked: Ranked = agent.ranked(state, legal, rng)     # a scoring agent's own ranking
        return ranked
    best = agent.choose(state, legal, rng)
    why = getattr(agent, "last_reason", "") or ""
    return [(1.0, best, why)] + [(0.0, a, "") for a in legal if a != best]


def diverse(ranked: Ranked, width: int, kinds: int = 3) -> Ranked:
    """The best `width` ideas, and the best of up to `kinds` other kinds of
    action the list below them offers (holding back, guarding, ending the
    turn), so the search can weigh restraint against the player's
    eagerness."""
    out = ranked[:width]
    seen = {a.kind for _, a, _ in out}
    for item in ranked[width:]:
        if len(out) >= width + kinds:
            break
        if item[1].kind not in seen:
            seen.add(item[1].kind)
            out.append(item)
    return out


def mean(xs: dict[int, float]) -> float:
    """The mean of a candidate's future values (very low if it has none)."""
    return sum(xs.values()) / len(xs) if xs else -1e18


def words_of(rules: Game, state: Any, action: Action) -> str:
    """The action as the log says it (its kind when the rules cannot say)."""
    try:
        return rules.describe(state, action)
    except Exception:  # noqa: BLE001 - words are a courtesy; a decision must not fail on them
        return action.kind


@dataclass(frozen=True)
class Weighed:
    """One idea as the hard level weighed it, for the hint: its action, its
    reason in words, and how many futures it was played into.  `value` (the
    futures' mean in the game's evaluation units) only orders the ideas; no
    screen shows it."""
    action: Action
    why: str
    futures: int
    value: float


class EasyAgent:
    """The normal player with human-sized slips (for first games): with
    probability `slip` (`setup_slip` in the setup: where to deploy, which
    dragon), where the position offers a real choice, it plays
    one of its next `reach` ideas instead of its best, never one rated far
    below it (more than `spread`, or `ratio` of the best idea's score,
    whichever is larger: a clearly winning move is still seen), and its
    reason says it was a slip and what the better idea was."""
    name = "easy"

    def __init__(self, normal: Agent, rules: Game | None = None, slip: float = 0.35, reach: int = 3,
                 spread: float = 0.4, ratio: float = 0.3, policy: Agent | None = None, setup_slip: float = 0.7):
        self.normal = normal
        self.rules = rules
        self.policy = policy or normal   # the player whose ideas it ranks (a game may give a plainer one)
        self.slip = slip
        self.setup_slip = setup_slip     # in the setup (deployment, the dragon): a novice places less carefully
        self.reach = reach
        self.spread = spread
        self.ratio = ratio
        self.last_reason = ""
        self.last_slip = False

    def choose(self, state: Any, legal: list[Action], rng: random.Random) -> Action:
        ranked = ranked_of(self.policy, state, legal, rng)
        pick = 0
        setup = self.rules is not None and self.rules.in_setup(state)
        if len(ranked) > 1 and rng.random() < (self.setup_slip if setup else self.slip):
            top = ranked[0][0]
            room = max(self.spread, self.ratio * abs(top))
            near = [i for i in range(1, min(self.reach + 1, len(ranked)))
                    if top - ranked[i][0] <= room and ranked[i][2]]
            if near:
                pick = rng.choice(near)
        _, action, why = ranked[pick]
        why = why or getattr(self.policy, "last_reason", "")
        self.last_slip = pick > 0
        if pick and self.rules is not None:
            better = words_of(self.rules, state, ranked[0][1])
            self.last_reason = f"{why} (a slip: \u201c{better}\u201d was the better idea)"
        else:
            self.last_reason = why
        return action


class HardAgent:
    """Determinised Monte Carlo over its player's best candidates, each
    played into futures that end with the game's evaluation."""
    name = "hard"

    def __init__(self, rules: Game, normal: Agent, evaluate: Callable[[Any, int], float],
                 determinise: Callable[..., Any] | None = None, width: int = 5, horizon: int = 40,
                 budget: float = 0.75, min_samples: int = 2, glance: int = 16,
                 playout_options: Callable[..., list[Action]] | None = None,
                 margin: float = 0.25, playouts: int | None = None, confidence: float = 2.0,
                 min_paired: int = 3, kinds: int = 3, to_end: Callable[[Any], bool] | None = None,
                 end_horizon: int = 400, replies: int = 1, rollout: Agent | None = None,
                 terms: Callable[[Any, int], Terms] | None = None, turn_of: Callable[[Any], int] | None = None):
        self.rules = rules
        self.normal = normal             # the player whose ideas are the candidates (a game's hard_policy)
        self.rollout = rollout or normal  # the quick player of the futures
        self.evaluate = evaluate
        self.terms = terms               # the game's evaluate_terms, if it has one
        self.turn_of = turn_of or rules.to_act   # whose turn it is (the game's hook: a defender's answer is no turn)
        self.determinise = determinise
        self.width = width
        self.kinds = kinds               # other kinds of action weighed beside the best `width` (see diverse)
        self.replies = replies           # opponents' turns a future plays before it is weighed (0: our turn only)
        self.horizon = horizon           # actions at most in a future
        self.budget = budget             # seconds per decision in the app, the ranking included
        self.min_samples = min_samples
        self.glance = glance             # actions the quick player weighs per decision
        self.playout_options = playout_options   # the game's hook: sensible actions for the quick player
        self.margin = margin             # how much better (in evaluate's units) a change of plan must look
        self.confidence = confidence     # standard errors of the paired gain that must clear the margin
        self.min_paired = min_paired     # futures on the same dice, at least, before the first idea is overturned
        self.max_rounds = 64             # futures per candidate at most (tests fix it instead of the clock)
        self.to_end = to_end             # the game's hook: where futures run to the game's end
        self.end_horizon = end_horizon   # actions at most in such a future
        # batch play (simulate, judge): a fixed number of futures per decision
        # instead of the clock, so a seed gives the same game on any machine,
        # under any load and in any worker
        self.playouts = playouts
        self.last_reason = ""
        self.last_weighed: list[Weighed] = []   # the ideas weighed, the chosen first (the hint)
        self.last_futures = 0            # futures weighed for the last decision (bench)
        self.last_positions = 0          # positions those futures passed through (bench)
        self.last_overturned = False     # the look-ahead replaced its player's first idea

    # ---- the decision ----------------------------------------------------------------------
    def choose(self, state: Any, legal: list[Action], rng: random.Random) -> Action:
        started = time.perf_counter()
        me = legal[0].player
        ranked = ranked_of(self.normal, state, legal, rng)
        cands = diverse(ranked, self.width, self.kinds)
        self.last_futures = self.last_positions = 0
        self.last_overturned = False
        if len(cands) == 1:
            self.last_reason = cands[0][2]   # its own words: the normal player's last ones may be stale
            self.last_weighed = [Weighed(cands[0][1], cands[0][2], 0, 0.0)]
            return cands[0][1]
        fixed = self.playouts is not None
        deadline = float("inf") if fixed else started + self.budget
        cutoff = deadline + 0.25 * self.budget       # a future running past this stops (and is not counted)
        to_end = self.to_end is not None and self.to_end(state)
        seed = rng.randrange(1 << 30)
        # values[i][k]: candidate i's future k; future k of every candidate
        # shares its seed (the same dice and the same redeal), so candidates
        # are compared pair by pair against the first idea on the same luck
        values: list[dict[int, float]] = [{} for _ in cands]
        parts: list[dict[int, Terms]] = [{} for _ in cands]
        wins = [0] * len(cands)
        alive = list(range(len(cands)))
        sample = 0
        spent = 0
        late = False

        def over() -> bool:
            return spent >= self.playouts if self.playouts is not None else time.perf_counter() > deadline
        while not late:
            for i in alive:
                if sample and over():
                    late = True
                    break
                got = self.future(state, cands[i][1], me, random.Random(seed + 7919 * sample), cutoff, to_end)
                spent += 1
                if got is not None:          # one stopped halfway would be compared with whole ones
                    v, won, terms = got
                    values[i][sample] = v
                    wins[i] += won
                    if terms is not None:
                        parts[i][sample] = terms
            sample += 1
            if over() or sample >= self.max_rounds:
                break
            if sample >= self.min_samples and len(alive) > 2 and sample % self.min_samples == 0:
                # successive halving: keep the better half of the challengers;
                # the first idea (0) is kept to the end, the yardstick
                rest = sorted(alive[1:], key=lambda i: -mean(values[i]))
                alive = [0] + rest[:max(1, len(rest) // 2)]
        best = self.verdict(values)
        order = [best] + sorted((i for i in range(len(cands)) if i != best), key=lambda i: -mean(values[i]))
        self.last_weighed = [Weighed(cands[i][1], cands[i][2], len(values[i]), mean(values[i]) if values[i] else 0.0)
                             for i in order if values[i] or i == best]
        self.last_overturned = best != 0
        self.last_reason = self.reason(state, cands, best, parts, values, wins, to_end)
        return cands[best][1]

    def reason(self, state: Any, cands: Ranked, best: int, parts: list[dict[int, Terms]],
               values: list[dict[int, float]], wins: list[int], to_end: bool) -> str:
        """The chosen idea's own reason; where the look-ahead overturned the
        first idea, what it found, in the game's words (never its figures)."""
        why = cands[best][2]         # never the normal player's last words: a future's move, maybe the enemy's
        span = ("to the end of the game" if to_end else "to the end of our turn" if self.replies <= 0
                else "through the replies")
        said = []
        if best != 0:
            other = words_of(self.rules, state, cands[0][1])
            term = self.deciding_term(parts[best], parts[0])
            if term:
                said.append(f"looking ahead {span}, it does more for {term} than \u201c{other}\u201d")
            else:
                said.append(f"looking ahead {span}, it comes out better than \u201c{other}\u201d")
        if to_end and values[best] and wins[best] == len(values[best]):
            said.append("played out to the end of the game, it wins")
        if not said:
            return why
        text = "; ".join(said)
        return f"{why}; {text}" if why else text[:1].upper() + text[1:]

    @staticmethod
    def deciding_term(mine: dict[int, Terms], theirs: dict[int, Terms]) -> str:
        """The part of the evaluation (evaluate_terms' words) that gained the
        most over the same futures of the other idea."""
        keys = [k for k in mine if k in theirs]
        if not keys:
            return ""
        gain: Terms = {}
        for k in keys:
            for name, v in mine[k].items():
                gain[name] = gain.get(name, 0.0) + v - theirs[k].get(name, 0.0)
        name, g = max(gain.items(), key=lambda t: t[1])
        return name if g > 0 else ""

    def verdict(self, values: list[dict[int, float]]) -> int:
        """The candidate to play: the first idea (0) stands unless another
        beat it on the same dice by more than `margin` with confidence (the
        lower bound of the paired mean gain, `confidence` standard errors
        below it, clears the margin): a handful of noisy futures must never
        overturn a sound plan, and the best of many noisy means is always
        flattered (the winner's curse)."""
        best, best_low = 0, self.margin
        for i in range(1, len(values)):
            gains = [values[i][k] - values[0][k] for k in values[i] if k in values[0]]
            n = len(gains)
            if n < self.min_paired:
                continue
            m = sum(gains) / n
            sd = (sum((g - m) ** 2 for g in gains) / (n - 1)) ** 0.5
            low = m - self.confidence * sd / n ** 0.5
            if low > best_low:
                best, best_low = i, low
        return best

    # ---- one future ---------------------------------------------------------------------------
    def future(self, state: Any, action: Action, me: int, rng: random.Random, cutoff: float = 1e18,
               to_end: bool = False) -> Future | None:
        """Play `action` into one future: the rest of our turn and `replies`
        turns of the others by the quick player, or to the game's end where
        `to_end`.  (value, 1 if `me` won, the evaluation's terms or None), or
        None when the clock's cutoff stopped it halfway."""
        rules = self.rules
        s = self.determinise(state, me, rng) if self.determinise else rules.clone(state)
        dice = SeededDice(rng.randrange(1 << 30))
        rules.apply(s, action, dice)
        self.last_positions += 1
        turns = 0                   # opponents' turns begun
        prev = me
        turn_of = self.turn_of
        setup = rules.in_setup(state)        # a future of the setup is weighed when the setup ends
        for _ in range(self.end_horizon if to_end else self.horizon):
            if rules.outcome(s) is not None or (setup and not rules.in_setup(s)):
                break
            t = turn_of(s)
            if t != me and prev == me:
                turns += 1
            if not to_end and (turns > self.replies or (t == me and prev != me and turns >= self.replies)):
                break
            prev = t
            p = rules.to_act(s)
            if time.perf_counter() > cutoff:
                return None
            legal = self.glimpse(s, p, rng)
            if not legal:
                break
            rules.apply(s, self.rollout.choose(s, legal, rng), dice)
            self.last_positions += 1
        self.last_futures += 1
        out = rules.outcome(s)
        won = int(out is not None and me in out.winners)
        if self.terms is not None:
            terms = self.terms(s, me)
            return sum(terms.values()), won, terms
        return self.evaluate(s, me), won, None

    def playout(self, state: Any, action: Action, me: int, rng: random.Random,
                cutoff: float = 1e18) -> tuple[float, int, bool]:
        """One future as (value, won, whole) (the form tests and tools used)."""
        got = self.future(state, action, me, rng, cutoff, self.to_end is not None and self.to_end(state))
        return (0.0, 0, False) if got is None else (got[0], got[1], True)

    def glimpse(self, s: Any, p: int, rng: random.Random) -> list[Action]:
        """The quick player's options: the game's own choice of sensible
        actions if it has one; else a random handful of the legal actions,
        drawn by the ruleset's sampler when it has one, so nothing lists
        every action."""
        rules = self.rules
        if self.playout_options is not None:
            return self.playout_options(rules, s, p, rng, self.glance)
        seen: dict[Action, None] = {}
        for _ in range(self.glance):
            a = rules.sample_legal(s, rng)
            if a is None:                     # the game has no sampler: list them
                break
            if a.player == p:
                seen[a] = None
        if seen:
            return list(seen)
        legal = [a for a in rules.legal_actions(s) if a.player == p]
        if len(legal) > self.glance:
            legal = rng.sample(legal, self.glance)
        return legal


def normal_of(computer: ComputerPlayers, rules: Game) -> Agent:
    """The game's normal player: its agent named "normal", else its first."""
    try:
        return computer.make_agent("normal", rules)
    except KeyError:
        return computer.make_agent(computer.agents[0], rules)


def levels_of(computer: ComputerPlayers) -> list[str]:
    """The levels a game offers: hard needs its evaluation."""
    return [lv for lv in ("normal", "hard", "easy") if lv != "hard" or computer.evaluate is not None]


BATCH_PLAYOUTS = 48     # futures per hard decision in batch play, unless the game's SEARCH says


def make_level(computer: ComputerPlayers, level: str, rules: Game, batch: bool = False) -> Agent:
    """The agent of a difficulty level for a game's computer players.  `batch`
    (simulate, judge): the hard level weighs a fixed number of futures
    (the game's SEARCH["playouts"], else BATCH_PLAYOUTS) instead of a time
    budget, so its games depend on the seed alone."""
    normal = normal_of(computer, rules)
    if level == "normal":
        return normal
    if level == "easy":
        plain = computer.easy_policy
        return EasyAgent(normal, rules, policy=plain(rules) if plain else None, **dict(computer.easy))
    if level == "hard":
        if computer.evaluate is None:
            raise KeyError(f"{rules.title} has no evaluation: no hard level")
        tune = dict(computer.search)
        playouts = tune.pop("playouts", BATCH_PLAYOUTS)
        policy, quick = computer.hard_policy, computer.rollout_policy
        player = policy(rules) if policy else normal
        return HardAgent(rules, player, computer.evaluate, computer.determinise,
                         playout_options=computer.playout_options,
                         to_end=computer.search_to_end,
                         rollout=quick(rules) if quick else None,
                         terms=computer.evaluate_terms,
                         turn_of=computer.turn_of,
                         playouts=playouts if batch else None, **tune)
    raise KeyError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
