"""Difficulty levels for every game: easy, normal, hard.

A game supplies its *normal* player (`make_agent("normal", rules)` in
`games/<id>/ai.py`, the scoring agent that knows the game's goals) and, for
the hard level, one evaluation hook; this module makes the other levels:

- **easy** (`EasyAgent`): the normal player with human-like slips: now and
  then it takes its second or third idea instead of its best (never a
  blunder from the bottom of the list), and it does not look at what the
  opponents might do.
- **hard** (`HardAgent`): a determinised Monte Carlo search over the Ruleset
  API.  It takes the normal player's best few actions as candidates and,
  for each, plays the position forward on copies: its own action, the rest
  of its turn and the opponents' replies (each side played by the normal
  player), with dice sampled from a fresh seeded dice source and hidden
  information redealt by the game's `determinise` hook, so it never reads
  a card it could not see or a die not yet rolled.  Each playout ends when
  the turn comes back to it (or after `horizon` actions) and is scored by
  the game's `evaluate(state, player)`; the candidate with the best mean
  wins.  Successive halving spends the time on the promising candidates
  and a time budget bounds every decision.

The hooks a game's `ai.py` provides (docs/ARCHITECTURE.md, "Computer players"):

    make_agent("normal", rules)      its scoring agent; `choose(state, legal, rng)`,
                                     `last_reason`, and optionally
                                     `ranked(state, legal, rng) -> [(score, action, why)]`
    evaluate(state, player) -> float how good the position is for player
                                     (required for hard; wins/losses dominate)
    determinise(state, player, rng)  a copy with everything player cannot see
                                     redealt (optional: default `rules.clone`)
    SEARCH = {...}                   optional tuning: width, horizon, budget
    hard_policy(rules) -> agent      optional: the player the hard level searches
                                     with (its candidates and its playouts) in place
                                     of the normal player, e.g. normal with the
                                     lessons the search taught it; normal stays fixed
    search_to_end(state) -> bool     optional: True where the playouts should run to
                                     the game's end (the result itself, not `evaluate`'s
                                     guess after one round of replies): a game's last turn
"""
from __future__ import annotations

import random
import time

from engine.core.dice import SeededDice

LEVELS = ("easy", "normal", "hard")


def ranked_of(agent, state, legal, rng) -> list:
    """(score, action, why) best first: the agent's own ranking if it has
    one, else its choice first and the rest unranked."""
    if hasattr(agent, "ranked"):
        return agent.ranked(state, legal, rng)
    best = agent.choose(state, legal, rng)
    why = getattr(agent, "last_reason", "") or ""
    return [(1.0, best, why)] + [(0.0, a, "") for a in legal if a != best]


def diverse(ranked: list, width: int, kinds: int = 3) -> list:
    """The best `width` ideas, and the best of up to `kinds` other kinds of
    action the list below them offers (holding back, guarding, ending the
    turn), so the search can weigh restraint against the normal player's
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


def mean(xs: dict) -> float:
    """The mean of a candidate's playout values (very low if it has none)."""
    return sum(xs.values()) / len(xs) if xs else -1e18


class EasyAgent:
    """The normal player with human-like slips (for first games)."""
    name = "easy"

    def __init__(self, normal, slip: float = 0.35):
        self.normal = normal
        self.slip = slip
        self.last_reason = ""

    def choose(self, state, legal, rng: random.Random):
        ranked = ranked_of(self.normal, state, legal, rng)
        pick = 0
        if len(ranked) > 1 and rng.random() < self.slip:
            # a plausible second idea: one of the next few that looked nearly
            # as good, never a poor one (a clearly best move is never missed)
            top = ranked[0][0]
            near = [i for i in range(1, min(4, len(ranked)))
                    if ranked[i][0] > 0 and top - ranked[i][0] <= max(0.4, 0.3 * abs(top))]
            if near:
                pick = rng.choice(near)
        _, action, why = ranked[pick]
        self.last_reason = why or getattr(self.normal, "last_reason", "")
        return action


class HardAgent:
    """Determinised Monte Carlo over the normal player's best candidates."""
    name = "hard"

    def __init__(self, rules, normal, evaluate, determinise=None, width: int = 5, horizon: int = 40,
                 budget: float = 0.55, min_samples: int = 2, glance: int = 16, playout_options=None,
                 margin: float = 0.25, playouts: int | None = None, confidence: float = 2.0,
                 min_paired: int = 3, kinds: int = 3, to_end=None, end_horizon: int = 400):
        self.rules = rules
        self.normal = normal
        self.evaluate = evaluate
        self.determinise = determinise
        self.width = width
        self.kinds = kinds               # other kinds of action weighed beside the best `width` (see diverse)
        self.horizon = horizon
        self.budget = budget
        self.min_samples = min_samples
        self.glance = glance             # actions the playout policy weighs per decision
        self.playout_options = playout_options   # the game's hook: sensible actions for playouts
        self.margin = margin             # how much better (in evaluate's units) a change of the normal plan must look
        self.confidence = confidence     # standard errors of the paired gain that must clear the margin
        self.min_paired = min_paired     # playouts on the same dice, at least, before the normal plan is overturned
        self.max_rounds = 64             # rounds of playouts at most (tests fix it instead of the clock)
        self.to_end = to_end             # the game's hook: where playouts run to the game's end
        self.end_horizon = end_horizon   # actions at most in such a playout
        # batch play (simulate, judge): a fixed number of playouts per decision
        # instead of the clock, so a seed gives the same game on any machine,
        # under any load and in any worker
        self.playouts = playouts
        self.last_reason = ""
        self.last_odds: list = []        # [(action, mean value, samples, why)] best first, for the hint

    def choose(self, state, legal, rng: random.Random):
        me = legal[0].player
        ranked = ranked_of(self.normal, state, legal, rng)
        cands = diverse(ranked, self.width, self.kinds)
        if len(cands) == 1:
            self.last_reason = cands[0][2]
            self.last_odds = [(cands[0][1], 0.0, 0, cands[0][2])]
            return cands[0][1]
        fixed = self.playouts is not None
        deadline = float("inf") if fixed else time.perf_counter() + self.budget
        spent = 0
        seed = rng.randrange(1 << 30)
        # values[i][k]: candidate i's playout k; playout k of every candidate
        # shares its seed (the same dice stream), so candidates are compared
        # pair by pair against the normal player's idea on the same luck
        values: list[dict[int, float]] = [{} for _ in cands]
        wins = [0] * len(cands)
        alive = list(range(len(cands)))
        sample = 0
        cutoff = deadline + 0.3 * self.budget       # a playout running past this stops (and is not counted)
        late = False
        while not late:
            for i in alive:
                if sample and (spent >= self.playouts if fixed else time.perf_counter() > deadline):
                    late = True
                    break
                v, won, whole = self.playout(state, cands[i][1], me, random.Random(seed + 7919 * sample), cutoff)
                if whole:               # one stopped halfway would be compared with whole ones
                    values[i][sample] = v
                    wins[i] += won
                spent += 1
            sample += 1
            if spent >= self.playouts if fixed else time.perf_counter() > deadline:
                break
            if sample >= self.min_samples and len(alive) > 2 and sample % self.min_samples == 0:
                # successive halving: keep the better half of the challengers;
                # the normal player's idea (0) is kept to the end, the yardstick
                rest = sorted(alive[1:], key=lambda i: -mean(values[i]))
                alive = [0] + rest[:max(1, len(rest) // 2)]
            if sample >= self.max_rounds:
                break
        best, edge = self.verdict(values)
        order = [best] + sorted((i for i in range(len(cands)) if i != best), key=lambda i: -mean(values[i]))
        # (a busy machine may stop even the yardstick's first playout: then nothing compares)
        self.last_odds = [(cands[i][1], mean(values[i]), len(values[i]), cands[i][2])
                          for i in (order if values[best] else order[:1])]
        why = cands[best][2] or getattr(self.normal, "last_reason", "")
        n = len(values[best])
        look = f"looked ahead {n} time{'s' if n != 1 else ''} through the replies"
        if wins[best]:
            look += f", won in {wins[best]}"
        edge = round(edge, 1) + 0.0          # no "-0.0": a tie reads +0.0
        self.last_reason = f"{why} ({look}; {edge:+.1f} over the next idea)" if why else look
        return cands[best][1]

    def verdict(self, values: list) -> tuple[int, float]:
        """The candidate to play and its edge: the normal player's first idea
        (0) stands unless another beat it on the same dice by more than
        `margin` with confidence (the lower bound of the paired mean gain,
        `confidence` standard errors below it, clears the margin): a handful
        of noisy playouts must never overturn a sound plan, and the best of
        many noisy means is always flattered (the winner's curse)."""
        best, best_low = 0, self.margin
        edge = 0.0
        for i in range(1, len(values)):
            gains = [values[i][k] - values[0][k] for k in values[i] if k in values[0]]
            n = len(gains)
            if n < self.min_paired:
                continue
            m = sum(gains) / n
            sd = (sum((g - m) ** 2 for g in gains) / (n - 1)) ** 0.5
            low = m - self.confidence * sd / n ** 0.5
            if low > best_low:
                best, best_low, edge = i, low, m
        if best == 0:
            others = [mean(values[i]) for i in range(1, len(values)) if values[i]]
            edge = mean(values[0]) - max(others) if others and values[0] else 0.0
        return best, edge

    def playout(self, state, action, me: int, rng: random.Random, cutoff: float = 1e18) -> tuple[float, int, bool]:
        """(evaluate at the end, 1 if `me` won, whether it ran to its end
        rather than being stopped by the clock's cutoff)."""
        rules = self.rules
        to_end = self.to_end is not None and self.to_end(state)
        s = self.determinise(state, me, rng) if self.determinise else rules.clone(state)
        dice = SeededDice(rng.randrange(1 << 30))
        rules.apply(s, action, dice)
        others_moved = False
        for _ in range(self.end_horizon if to_end else self.horizon):
            if rules.outcome(s) is not None:
                break
            p = rules.to_act(s)
            if p == me and others_moved and not to_end:
                break
            if time.perf_counter() > cutoff:
                return 0.0, 0, False
            if p != me:
                others_moved = True
            legal = self.glimpse(s, p, rng)
            if not legal:
                break
            rules.apply(s, self.normal.choose(s, legal, rng), dice)
        out = rules.outcome(s)
        return self.evaluate(s, me), int(out is not None and me in out.winners), True

    def glimpse(self, s, p: int, rng: random.Random) -> list:
        """The playout policy's options: the normal player weighs a random
        handful of the legal actions (a quick, slightly careless player:
        playouts must be many and fast), drawn by the ruleset's sampler
        when it has one, so nothing lists every action."""
        rules = self.rules
        if self.playout_options is not None:
            return self.playout_options(rules, s, p, rng, self.glance)
        if hasattr(rules, "sample_legal"):
            seen: dict = {}
            for _ in range(self.glance):
                a = rules.sample_legal(s, rng)
                if a.player == p:
                    seen[a] = None
            if seen:
                return list(seen)
        legal = [a for a in rules.legal_actions(s) if a.player == p]
        if len(legal) > self.glance:
            legal = rng.sample(legal, self.glance)
        return legal


def normal_of(game_module, rules):
    """The game's normal player: its agent named "normal", else its first."""
    try:
        return game_module.make_agent("normal", rules)
    except KeyError:
        return game_module.make_agent(next(iter(game_module.AGENTS)), rules)


def levels_of(game_module) -> list[str]:
    """The levels a game offers: hard needs its evaluate hook."""
    return [lv for lv in ("normal", "hard", "easy") if lv != "hard" or hasattr(game_module, "evaluate")]


BATCH_PLAYOUTS = 24     # playouts per hard decision in batch play: about the clock budget on this machine


def make_level(game_module, level: str, rules, batch: bool = False):
    """The agent of a difficulty level for a game's ai module.  `batch`
    (simulate, judge): the hard level spends a fixed number of playouts
    (the game's SEARCH["playouts"], else BATCH_PLAYOUTS) instead of a time
    budget, so its games depend on the seed alone."""
    normal = normal_of(game_module, rules)
    if level == "normal":
        return normal
    if level == "easy":
        return EasyAgent(normal)
    if level == "hard":
        evaluate = getattr(game_module, "evaluate", None)
        if evaluate is None:
            raise KeyError(f"{game_module.__name__} has no evaluate hook: no hard level")
        tune = dict(getattr(game_module, "SEARCH", {}))
        playouts = tune.pop("playouts", BATCH_PLAYOUTS)
        policy = getattr(game_module, "hard_policy", None)
        return HardAgent(rules, policy(rules) if policy else normal, evaluate, getattr(game_module, "determinise", None),
                         playout_options=getattr(game_module, "playout_options", None),
                         to_end=getattr(game_module, "search_to_end", None),
                         playouts=playouts if batch else None, **tune)
    raise KeyError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
