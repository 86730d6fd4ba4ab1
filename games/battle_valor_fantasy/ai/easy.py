"""The easy general (engine/core/search.py EasyAgent, issue 35): the normal
general's ideas with the slips a novice makes where they matter.  The
normal general's orders are one plan scored far above anything else, so
the easy level's slips (a next-best idea nearly as good) never touched
them; this player offers, beside the plan, the plan with one novice's
mistake in it, scored just below it, and the easy level plays one of them
now and then and says it was a slip:

- one unit's order from the plan's worse options: a unit that should
  charge only advances, a shooting unit advances instead of firing, a
  unit that should advance stands to re-form, a Wizard marches without
  casting;
- the Fate counter next to the wrong unit (a unit rather than the
  General, who then takes a plain advance order).

Every slipped plan is one the rules accept (it passes `rules.check`), and
its words name no counter: orders are face down until both reveal
(battle_valor_fantasy.txt § Phase 3 Reveal Orders)."""
from __future__ import annotations

from engine.core.actions import Action
from games.battle_valor_fantasy.rules import alliance, combat, space, stats
from games.battle_valor_fantasy.rules.state import BVFState

# an order and the novice's worse choice for it
WORSE = {"charge": "advance", "fire": "advance", "advance": "charge", "spell": "advance"}
ABSURD_BELOW_NOTHING = ("cast", "fire")   # kinds no slip plays where the general scores them below nothing
SLIP_SCORE = 95.0        # just below the plan (100): within the easy level's reach, above every other idea
SLIPS = 3                # slipped plans offered per decision
MISJUDGED = 0.5          # the chance a novice misjudges each unit's order in a slipped plan
SLIP_WHY = ("the general's plan of orders, one counter a novice's guess "
            "(face down until both reveal)")


class EasyGeneral:
    """The normal general (`general`, normal.GeneralAgent), with a novice's
    slipped plans of orders beside his own (see the module's words)."""
    name = "easy general"

    def __init__(self, general):
        self.general = general
        self.rules = general.rules
        self.last_reason = ""

    def choose(self, state: BVFState, legal, rng):
        _, a, why = self.ranked(state, legal, rng)[0]
        self.last_reason = why
        return a

    def ranked(self, state: BVFState, legal, rng, want: int = 8) -> list:
        out = [(sc, a, fate_why(state, a, why)) for sc, a, why in self.general.ranked(state, legal, rng, want)]
        # never a slip to a spell that changes nothing or a volley that costs us more than it
        # gains (the general scores them below nothing; a hesitation, a hold, is a novice's
        # slip): the easy level slips only to ideas with words (engine/core/search.py EasyAgent)
        out = out[:1] + [(sc, a, "" if sc <= 0 and a.kind in ABSURD_BELOW_NOTHING else why)
                         for sc, a, why in out[1:]]
        if state.phase != "orders" or state.pending or not out or out[0][1].kind != "orders":
            return out
        plan = out[0][1]
        slips = [a for a in slipped_plans(state, plan, rng) if self.rules.check(state, a) is None][:SLIPS]
        return out[:1] + [(SLIP_SCORE - 0.1 * i, a, SLIP_WHY) for i, a in enumerate(slips)] + out[1:]


def fate_why(state: BVFState, a: Action, why: str) -> str:
    """The Fate counter's reason where a slipped plan left it by a unit
    rather than the General: that unit moves."""
    if a.kind != "fate":
        return why
    u = state.units.get(state.players[alliance.side_of(state, a.player)].fate_uid)
    if u is None or u.kind == "general":
        return why
    order = a["order"]
    article = "an" if order[0] in "aeiou" else "a"
    return f"Fate as {article} {order} order: {u.name} moves when it counts"


def slipped_plans(state: BVFState, plan: Action, rng) -> list[Action]:
    """`SLIPS` novice's versions of the plan: each unit's order is a worse
    one with a chance of `MISJUDGED` (one unit at least), and with the same
    chance the Fate counter stands next to a unit instead of the General."""
    orders = [(int(u), str(o)) for u, o in plan["orders"]]
    fate = int(plan.get("fate", -1))
    params = dict(plan.params)
    by_unit: dict[int, list[str]] = {}
    for uid, o in orders:
        by_unit.setdefault(uid, []).append(o)
    slippable = [uid for uid, os in by_unit.items() if len(os) == 1 and os[0] in WORSE
                 and _may_take(state, uid, WORSE[os[0]])]
    g = state.units.get(fate)
    fated = [uid for uid in by_unit if g is not None and g.kind == "general"
             and getattr(state.units.get(uid), "kind", "") == "unit"]
    out = []
    for _ in range(SLIPS):
        if not slippable and not fated:
            break
        wrong = {uid for uid in slippable if rng.random() < MISJUDGED}
        moved = rng.choice(fated) if fated and rng.random() < MISJUDGED else None
        if not wrong and moved is None:
            wrong = {rng.choice(slippable)} if slippable else set()
            moved = None if wrong else rng.choice(fated)
        new = [(x, WORSE[o] if x in wrong else o) for x, o in orders if x != moved]
        extra = {}
        if moved is not None:
            new.append((fate, "advance"))        # the General takes a plain order; the unit has the Fate counter
            extra["fate"] = moved
        out.append(Action.make("orders", plan.player, **{**params, **extra, "orders": [list(x) for x in new]}))
    return out


def _may_take(state: BVFState, uid: int, order: str) -> bool:
    """Whether the unit may take the worse order: a charge only for a unit
    of the line (not a war machine), declared where it cannot reach (a
    novice's hope it arrives); the charge it should make given up for an
    advance only where it would reach (a novice's hesitation)."""
    u = state.units.get(uid)
    if u is None:
        return False
    if order == "charge":
        return u.kind == "unit" and not stats.machine(u) and not _in_reach(state, u)
    return True


def _in_reach(state: BVFState, u) -> bool:
    """Whether a charge by u meets an enemy this turn."""
    for t in space.enemies(state, u):
        if t.kind == "unit" and space.in_arc(state, u, t):
            pl = combat.plan(state, u, t)
            if pl.reaches and not pl.blocked:
                return True
    return False
