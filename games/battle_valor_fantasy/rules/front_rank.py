"""The Advanced Combat Rules' loss of the front rank (§ Loss of Front Rank;;
an option, off by default, with the counter charge: advanced_combat.py).

In a charge from the front on a unit in ranks the casualties come off the
front rank first, the command stand last of it; a charge that wipes out
the whole front rank (and the unit has more) kills the command stand with
it ("the only way to destroy a command stand outright"), the enemy may not
fight back, and the charger moves forward into contact with the second
rank instead of the gap being filled.
"""
from __future__ import annotations

from engine.core.rules import Event
from games.battle_valor_fantasy.rules import space, stats
from games.battle_valor_fantasy.rules.state import BVFState, Unit

OPTION = "advanced_combat"
R_FRONT = "battle_valor_fantasy.txt § Loss of Front Rank;"
RANKED = ("line", "attack_column", "shield_wall")


def on(state: BVFState) -> bool:
    return bool(state.options.get(OPTION))


def watch_front(state: BVFState, dfd: Unit, charging: bool, side: str) -> tuple:
    """A charge from the front on a unit in ranks: its front rank's stands,
    marked so that casualties come off them first (casualties.take)."""
    if not (on(state) and charging and side == "front" and dfd.kind == "unit" and dfd.formation in RANKED):
        return ()
    if stats.machine(dfd) or stats.monstrous(dfd) or dfd.stragglers:
        return ()
    sts = space.ordered(dfd)
    files = max(1, min(dfd.files, len(sts)))
    if len(sts) <= files:
        return ()
    front = tuple(s.sid for s in sts[:files])
    dfd.effects["front_first"] = front
    return front


def front_first(u: Unit, order: list[int]) -> list[int]:
    """Casualty order with the marked front rank first (its command stand
    last of it), then the rest as they were."""
    front = u.effects.get("front_first")
    if not front:
        return order
    first = [i for i in order if u.stands[i].sid in front and not u.stands[i].command]
    cmd = [i for i in order if u.stands[i].sid in front and u.stands[i].command]
    return first + cmd + [i for i in order if u.stands[i].sid not in front]


def front_lost(state: BVFState, att: Unit, dfd: Unit, front: tuple, ev: list[Event]) -> bool:
    """After the charger's blows: is the whole front rank gone?  Then the
    enemy does not fight back and the charger moves up to the second rank."""
    dfd.effects.pop("front_first", None)
    if not front or not dfd.on_table or not att.on_table:
        return False
    if any(s.sid in front for s in dfd.stands):
        return False
    ev.append(Event("ruling", f"{dfd.name} loses its whole front rank, its command stand with it: it may not fight "
                    "back", R_FRONT))
    depth = space.shape_of(dfd).depth
    fx, fy = space.frame_of(att).forward
    moved = [s for s in att.stands if s.sid not in att.stragglers]
    feet = [space._foot(space.shape_of(att), s) for s in moved]
    shifted = [f.moved(f.x + fx * depth, f.y + fy * depth) for f in feet]
    if space.fits(state, att, shifted) is None:
        space.put(state, att, shifted, moved)
        ev.append(Event("move", f"{att.name} moves {depth:.1f}\" forward to engage the second rank", R_FRONT, 0))
    else:
        ev.append(Event("ruling", f"{att.name} has no room to move up and stays where it is", R_FRONT))
    return True
