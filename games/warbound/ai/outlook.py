"""What a Warbound position promises at the next Cleanup and what threatens
a Character where it stands, read by the normal and the strong player
alike (normal.py, strong.py) and by the search's evaluation (players.py):
the turn's objective card, the Victory Points the Scan markers and the
objective card would give over the opponent if the turn ended now
(Survey doubles a marker, Hold the centre pays 2 per central marker, Push
forward 2 for standing in the enemy section, Hold the line 1 for keeping
it clear), and the worst the enemy's next activation could do to a
Character (docs/games/warbound.md § Exploration scenario)."""
from __future__ import annotations

from games.warbound.ai.scoring import attack_value
from games.warbound.rules import scenario, shooting
from games.warbound.rules.profile import stats
from games.warbound.rules.queries import char_distance, living


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
