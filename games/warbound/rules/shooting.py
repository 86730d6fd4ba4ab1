"""Shooting (warbound.txt § Shoot): who may shoot, at whom, the closest
target, line of sight, and the roll.

- No shot at all while an enemy stands adjacent to the shooter (either
  miniature of a Formation).
- No target adjacent to one of the shooter's own Characters, unless Sharp
  shooting.
- Line of sight from either miniature to either miniature, through
  obstructing hexes only (miniatures never block).
- The closest target is found ignoring validity; ties are all closest.
  First accuracy at a closest target, second at any other; no second value
  means closest only.  No maximum range.  All dice at one target.
"""
from __future__ import annotations

from engine.core.rules import Event
from games.warbound.rules import wounds
from games.warbound.rules.profile import stats
from games.warbound.rules.queries import adjacent_chars, char_distance, enemies_adjacent, label, living, minis

R_SHOOT = "warbound.txt § Shoot"
R_AIM = "warbound.txt § Aim"
R_FORM = "warbound.txt § Formations"


def closest(state, shooter) -> list:
    """Every enemy Character at the least distance (validity ignored)."""
    foes = living(state, 1 - shooter.owner)
    if not foes:
        return []
    d = {f.uid: char_distance(shooter, f) for f in foes}
    best = min(d.values())
    return [f for f in foes if d[f.uid] == best]


def sees(state, a, b) -> bool:
    return any(state.board.sight(x, y) for x in minis(a) for y in minis(b))


def shooter_problem(state, shooter):
    st = stats(state, shooter)
    if st.accuracy is None:
        return (f"{st.name} has no accuracy: it cannot use a Shoot Action.", "warbound.txt § The Action Board")
    adj = enemies_adjacent(state, shooter)
    if adj:
        return (f"{label(state, adj[0])} stands adjacent: {st.name} cannot shoot at all.", R_SHOOT)
    return None


def target_problem(state, shooter, target, near=None):
    """Why `target` is not a valid target for `shooter` now (or None)."""
    st = stats(state, shooter)
    if target.owner == shooter.owner or not target.alive or not target.deployed:
        return ("Shoot at an opposing Character in play.", R_SHOOT)
    if not st.has("sharp_shooting"):
        allies = adjacent_chars(state, target, ally_of=shooter.owner)
        if allies:
            return (f"{label(state, target)} is adjacent to your {stats(state, allies[0]).name}: you cannot "
                    "target it without Sharp shooting.", R_SHOOT)
    if not sees(state, shooter, target):
        return (f"{label(state, target)} is entirely concealed by obstructing terrain.", R_SHOOT)
    near = closest(state, shooter) if near is None else near
    assert st.accuracy is not None, "target_problem is asked for a shooter (shooter_problem first)"
    if target not in near and st.accuracy[1] is None and state.marked.get(target.uid) != shooter.owner:
        names = ", ".join(stats(state, c).name for c in near)
        return (f"{st.name} has no long-range accuracy: it may shoot only at the closest target ({names}).", R_SHOOT)
    return None


def valid_targets(state, shooter) -> list:
    if shooter_problem(state, shooter):
        return []
    near = closest(state, shooter)
    return [t for t in living(state, 1 - shooter.owner) if target_problem(state, shooter, t, near) is None]


def any_target(state, shooter) -> bool:
    if shooter_problem(state, shooter):
        return False
    near = closest(state, shooter)
    return any(target_problem(state, shooter, t, near) is None for t in living(state, 1 - shooter.owner))


def accuracy_for(state, shooter, target) -> tuple[int, bool]:
    """(the result needed, whether it is the closest-target value)."""
    st = stats(state, shooter)
    near = closest(state, shooter)
    first = target in near or state.marked.get(target.uid) == shooter.owner
    assert st.accuracy is not None, "accuracy_for is asked for a shooter"
    return (st.accuracy[0] if first else st.accuracy[1]), first


def shoot(state, shooter, target, dice, events: list, aim: bool) -> None:
    st = stats(state, shooter)
    need, first = accuracy_for(state, shooter, target)
    if first and target not in closest(state, shooter):
        events.append(Event("ruling", f"{label(state, target)} is marked by the Analyst: first accuracy.",
                            "docs/games/warbound.md § Skills"))
    else:
        events.append(Event("ruling", f"{label(state, target)} is {'the' if first else 'not the'} closest "
                                      f"target: accuracy {need}+.", R_SHOOT))
    n = st.shoot_dice
    if st.formation:
        events.append(Event("ruling", "Formation: +1 to hit and one more shoot die.", R_FORM))
    wounds.attack(state, shooter, target, n, need, st.hit_shoot, f"{st.name} shoots", dice, events, R_SHOOT,
                  aim=aim, die="ranged")
