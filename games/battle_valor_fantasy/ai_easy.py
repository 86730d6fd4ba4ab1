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
from games.battle_valor_fantasy import space
from games.battle_valor_fantasy.ai import GeneralAgent
from games.battle_valor_fantasy.state import BVFState

# an order and the novice's worse choice for it
WORSE = {"charge": "advance", "fire": "advance", "advance": "reform", "spell": "advance"}
SLIP_SCORE = 95.0        # just below the plan (100): within the easy level's reach, above every other idea
SLIPS = 3                # slipped plans offered per decision
SLIP_WHY = ("the general's plan of orders, one counter a novice's guess "
            "(face down until both reveal)")


class EasyGeneral(GeneralAgent):
    """The normal general, with a novice's slipped plans of orders beside
    his own (see the module's words)."""
    name = "easy general"

    def ranked(self, state: BVFState, legal, rng, want: int = 8) -> list:
        out = super().ranked(state, legal, rng, want)
        if state.phase != "orders" or state.pending or not out or out[0][1].kind != "orders":
            return out
        plan = out[0][1]
        slips = [a for a in slipped_plans(state, plan, rng) if self.rules.check(state, a) is None][:SLIPS]
        return out[:1] + [(SLIP_SCORE - 0.1 * i, a, SLIP_WHY) for i, a in enumerate(slips)] + out[1:]


def slipped_plans(state: BVFState, plan: Action, rng) -> list[Action]:
    """The plan with one novice's mistake each, in a random order: one
    unit's order swapped for a worse one, or the Fate counter moved."""
    orders = [(int(u), str(o)) for u, o in plan["orders"]]
    fate = int(plan.get("fate", -1))
    params = dict(plan.params)
    out = []
    by_unit: dict[int, list[str]] = {}
    for uid, o in orders:
        by_unit.setdefault(uid, []).append(o)
    for uid, os in by_unit.items():
        if len(os) != 1 or os[0] not in WORSE:
            continue
        worse = WORSE[os[0]]
        u = state.units.get(uid)
        if u is None or (worse == "reform" and u.kind != "unit"):
            continue
        new = [(x, worse if x == uid else o) for x, o in orders]
        out.append(Action.make("orders", plan.player, **{**params, "orders": [list(x) for x in new]}))
    g = state.units.get(fate)
    if g is not None and g.kind == "general":
        for uid in by_unit:
            u = state.units.get(uid)
            if u is None or u.kind != "unit" or space.general_of(state, u.owner) is None:
                continue
            new = [(x, o) for x, o in orders if x != uid] + [(fate, "advance")]
            out.append(Action.make("orders", plan.player, **{**params, "orders": [list(x) for x in new], "fate": uid}))
    rng.shuffle(out)
    return out
