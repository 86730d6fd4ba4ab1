"""The General's three rerolls: "a General has 3 rerolls that can be used
to reroll any complete set of Success Dice rolled for a unit within 12
inches of him" (battle_valor_fantasy.txt § Generals;).

A reroll is asked for with the activation that makes the roll (the
action's `reroll`: "reroll if fewer than this many Successes"), since the
rules resolve a whole activation at once; the rules put the wish on the
unit for that activation (`Unit.effects["general_reroll"]`) and each roll
site calls `again` on the unit's own roll.  Decisions: docs/games/
battle_valor_fantasy.md § The General's rerolls.
"""
from __future__ import annotations

from engine.core.rules import Event
from engine.core.words import count
from games.battle_valor_fantasy.rules import alliance, space
from games.battle_valor_fantasy.rules.state import BVFState, Unit

R_REROLL = "battle_valor_fantasy.txt § Generals;"
WISH = "general_reroll"
RUNS = "reroll_runs"          # on the General for the turn: reroll flee and rally rolls that fall short
GUARD = "reroll_guard"        # on the General for the turn: reroll saves and strikes back that fail half their dice
SHORT = {RUNS: "flee and rally rolls", GUARD: "saves and strikes back"}     # as the General's card names them
PROMISES = {RUNS: "flee and rally rolls that fall short of all the stands",
            GUARD: "saves and strikes back that score fewer Successes than half their dice"}


def runs_problem(state: BVFState, p: int) -> tuple[str, str] | None:
    """Why the General cannot promise to reroll flee and rally rolls this
    turn (asked for with the orders), or None."""
    g = space.general_of(state, p)
    if g is None:
        return "Your General is not on the table", R_REROLL
    if g.rerolls <= 0:
        return "Your General has used his 3 rerolls", R_REROLL
    return None


def promise(state: BVFState, p: int, key: str, on: bool) -> None:
    """The General's standing promise for this turn (RUNS or GUARD), made
    face down with the orders."""
    g = space.general_of(state, p)
    if g is not None:
        if on:
            g.effects[key] = 1
        else:
            g.effects.pop(key, None)


def promise_runs(state: BVFState, p: int, on: bool) -> None:
    promise(state, p, RUNS, on)


def _promised_again(state: BVFState, u: Unit, key: str, want: int, pool, roll_again, ev: list[Event]):
    """`pool` rerolled as `again` does if the General promised `key` this
    turn and it scored fewer than `want` (any wish of the unit's own
    activation stays as it was)."""
    g = alliance.commander(state, u)
    if g is None or not g.effects.get(key) or want <= 0:
        return pool
    own = u.effects.get(WISH)
    wish(u, want)
    try:
        return again(state, u, pool, roll_again, ev)
    finally:
        wish(u, own)


def run_again(state: BVFState, u: Unit, pool, roll_again, ev: list[Event]):
    """A flee or rally roll short of all the unit's stands: rerolled by the
    General if he promised it with his orders this turn (and `u` is within
    12", rerolls left)."""
    return _promised_again(state, u, RUNS, len(u.stands), pool, roll_again, ev)


def guard_again(state: BVFState, u: Unit, pool, roll_again, ev: list[Event]):
    """A save (against hits, impact hits, Trample, a war machine or a spell)
    or a strike back scoring fewer Successes than half its dice: rerolled by
    the General if he promised it with his orders this turn (`u` within
    12", rerolls left).  The player is never asked in the middle of the
    enemy's activation: the promise stands for the turn (docs § The
    General's rerolls)."""
    return _promised_again(state, u, GUARD, (pool.dice + 1) // 2, pool, roll_again, ev)


def reroll_problem(state: BVFState, u: Unit, want) -> tuple[str, str] | None:
    """Why the General cannot promise a reroll for `u`, or None."""
    try:
        want = int(want)
    except (TypeError, ValueError):
        return "A reroll is asked for with the least number of Successes wanted", R_REROLL
    if want <= 0:
        return None
    g = alliance.commander(state, u)
    if g is None:
        return "Your General is not on the table", R_REROLL
    if g.rerolls <= 0:
        return "Your General has used his 3 rerolls", R_REROLL
    if u.kind == "general":
        return "The General rerolls dice rolled for a unit within 12\" of him", R_REROLL
    if space.distance(state, u, g) > space.GENERAL_RANGE + 1e-9:
        return f"{u.name} is more than 12\" from the General: he cannot reroll its dice", R_REROLL
    return None


def wish(u: Unit, want) -> None:
    """Put the activation's reroll wish on the unit (0: none)."""
    want = int(want or 0)
    if want > 0:
        u.effects[WISH] = want
    else:
        u.effects.pop(WISH, None)


def again(state: BVFState, u: Unit, pool, roll_again, ev: list[Event]):
    """If `u` asked for a reroll and `pool` scored fewer Successes than
    wanted, the General (rerolls left, `u` within 12") rerolls the whole
    set: `roll_again()` makes the new Pool, which stands.  The wish is
    spent by the first roll it is offered to."""
    want = u.effects.pop(WISH, 0)
    if not want or pool.total >= want or reroll_problem(state, u, want) is not None:
        return pool
    g = alliance.commander(state, u)
    assert g is not None, "reroll_problem refuses a reroll without a General"
    g.rerolls -= 1
    new = roll_again()
    ev.append(Event("ruling", f"The General rerolls {pool.what} ({count(pool.total, 'Success')}, fewer than the {want} "
                    f"wanted): {count(new.total, 'Success')} ({g.rerolls} reroll{'s' if g.rerolls != 1 else ''} left)",
                    R_REROLL, data={"general_reroll": u.uid, "before": pool.total, "after": new.total}))
    ev.append(Event("roll", new.text(), R_REROLL, data=new.data()))
    return new
