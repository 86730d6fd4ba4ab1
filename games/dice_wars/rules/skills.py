"""Skills: the 2d6 check and every effect kind of the data vocabulary.
dice_wars.txt § Skills, § Targeting, § Conditions, Rule Clarifications.
"""
from __future__ import annotations

from engine.hex import grid as hexgrid
from engine.core import odds
from engine.core.rules import Event
from engine.core.words import possessive
from games.dice_wars.rules import combat, stats
from games.dice_wars.rules.state import Cond, DWState, Unit, on_map

R_SKILL = "dice_wars.txt § Skills"
R_COND = "dice_wars.txt § Conditions"
R_CLAR = "dice_wars.txt § Rule Clarifications"


def check_modifier(state: DWState, caster: Unit | None, notes: list | None = None) -> int:
    if caster is None:
        return 0
    n = notes if notes is not None else []
    return stats.roll_modifier(state, caster, None, "check", None, None, n)


def check_odds(skill, mod: int) -> tuple[float, float, float]:
    """(fail, standard, greater) probabilities of a 2d6 check."""
    fail = std = grt = 0.0
    for total, p in odds.distribution(2, 6):
        t = total + mod
        if total == 2 or t < skill.check.minimum:
            fail += p
        elif skill.check.greater is not None and skill.greater is not None and t >= skill.check.greater:
            grt += p
        else:
            std += p
    return fail, std, grt


def affected(state: DWState, skill, caster: Unit | None, owner: int, target) -> list[Unit]:
    if skill.affects == "self":
        return [caster] if caster is not None else []
    if skill.affects == "target":
        if isinstance(target, int):
            return [state.units[target]]
        u = stats.unit_at(state, target)      # a hex
        return [u] if u is not None else []
    # an area around a hex or a unit (standing on the map: the check of the target says so)
    center = target if isinstance(target, tuple) else on_map(state.units[target])
    out = []
    for h in hexgrid.within(center, skill.radius):
        u = stats.unit_at(state, h)
        if u is None or (caster is not None and u.uid == caster.uid):
            continue
        fr = stats.friendly(state, u.owner, owner)
        if skill.affects == "all" or (skill.affects == "allies") == fr:
            out.append(u)
    return out


def free_hex(state: DWState, h) -> bool:
    t = state.board.terrain.get(h)
    return t is not None and state.catalog.terrain[t].passable and h not in state.occupied


def place(state: DWState, u: Unit, h) -> None:
    if u.pos is not None and state.occupied.get(u.pos) == u.uid:
        del state.occupied[u.pos]
    u.pos = h
    state.occupied[h] = u.uid


def knockback(state: DWState, u: Unit, events: list) -> None:
    back = hexgrid.back_hex(on_map(u), u.facing)
    if free_hex(state, back):
        place(state, u, back)
        events.append(Event("move", f"{stats.unit_label(state, u)} is knocked back", R_CLAR,
                            data={"uid": u.uid, "to": list(back)}))
    else:
        events.append(Event("ruling", f"{possessive(stats.unit_label(state, u))} back hex is blocked: it stays in place", R_CLAR))


def resolve(state: DWState, dice, caster: Unit | None, owner: int, skill, target, carry: int | None,
            events: list, name: str, checked: bool = True) -> bool:
    """Roll the check (unless `checked` is False: relic spells) and apply
    the effects.  Returns False when the check failed."""
    effects = skill.effects
    if checked:
        notes: list = []
        mod = check_modifier(state, caster, notes)
        for text, rule in notes:
            events.append(Event("modifier", "  " + text, rule))
        r = dice.roll(6, 2)
        total = sum(r) + mod
        events.append(Event("roll", f"{name} check: {r[0]}+{r[1]}{mod:+d} = {total}", R_SKILL,
                            data={"dice": [[6, v] for v in r], "who": name}))
        if sum(r) == 2 or total < skill.check.minimum:
            why = "a 2 always fails" if sum(r) == 2 else f"needs {skill.check.minimum}"
            events.append(Event("ruling", f"The check fails ({why}): nothing happens, the action is spent", R_SKILL))
            return False
        if skill.greater is not None and skill.check.greater is not None and total >= skill.check.greater:
            effects = skill.greater
            events.append(Event("ruling", f"Greater {skill.name} ({skill.check.greater}+)", R_SKILL))
    victims = affected(state, skill, caster, owner, target)
    carried = state.units.get(carry) if carry is not None else None
    for fx in effects:
        k = fx.kind
        if k in ("hurl", "teleport", "swap"):
            _positional(state, fx, caster, carried, target, events)
            continue
        who = victims
        if getattr(fx, "who", "affected") == "self" and caster is not None:
            who = [caster]
        for v in who:
            if v.hp <= 0 or v.pos is None:
                continue
            label = stats.unit_label(state, v)
            if k == "damage":
                combat.damage(state, v, fx.amount, caster, owner, skill.name, events)
            elif k == "attack":
                hit = combat.roll_contest(state, dice, caster, v, events, skill.name, power=fx.power, magic=fx.magic)
                if hit:
                    combat.damage(state, v, 1, caster, owner, skill.name, events)
                else:
                    events.append(Event("ruling", f"{label} resists", R_SKILL))
            elif k == "condition":
                v.conds.append(Cond(fx.stat, fx.amount, owner, skill.name))
                events.append(Event("ruling", f"{label}: {fx.amount:+d} {fx.stat} until {possessive(state.players[owner].name)} next phase", R_COND))
            elif k == "status":
                imm = stats.immune_to(state, v, fx.status)
                if imm:
                    events.append(Event("ruling", f"{label} is immune to {fx.status} ({imm})", "dice_wars.txt § Traits"))
                else:
                    v.conds.append(Cond("status", 0, owner, skill.name, fx.status))
                    events.append(Event("ruling", f"{label} is {fx.status} until {possessive(state.players[owner].name)} next phase", R_COND))
            elif k == "heal":
                before = v.hp
                v.hp = min(v.max_hp, v.hp + fx.amount)
                events.append(Event("ruling", f"{label} heals {v.hp - before} HP ({v.hp}/{v.max_hp})", R_SKILL))
            elif k == "knockback":
                knockback(state, v, events)
            elif k == "pull":
                _pull(state, v, caster, fx.hexes, events)
            elif k == "extra_move":
                act = next((a for a in state.activations if a.uid == v.uid), None)
                if act is not None:
                    act.move_left += fx.amount
                    events.append(Event("ruling", f"{label} gains {fx.amount} movement this turn", R_SKILL))
                else:
                    v.conds.append(Cond("move", fx.amount, owner, skill.name))
                    events.append(Event("ruling", f"{label}: +{fx.amount} move until {possessive(state.players[owner].name)} next phase", R_COND))
    return True


def _positional(state: DWState, fx, caster: Unit | None, carried: Unit | None, target, events: list) -> None:
    if fx.kind == "hurl":
        if carried is None or carried.pos is None:
            return
        tu = state.units[target] if isinstance(target, int) else stats.unit_at(state, target)
        if tu is None or tu.pos is None:
            return
        back = hexgrid.back_hex(tu.pos, tu.facing)
        dest = back if free_hex(state, back) else None
        if dest is None:
            # "place the hurled unit in an available adjacent hex" (Rule Clarifications: Thistlecrown)
            for d in range(6):
                h = hexgrid.neighbor(tu.pos, tu.facing + 3 + (d + 1) // 2 * (1 if d % 2 else -1))
                if free_hex(state, h):
                    dest = h
                    break
        if dest is None:
            events.append(Event("ruling", "No hex next to the target is free: the hurled unit stays", R_CLAR))
            return
        place(state, carried, dest)
        carried.facing = hexgrid.direction_to(dest, tu.pos)
        events.append(Event("move", f"{stats.unit_label(state, carried)} is hurled next to {stats.unit_label(state, tu)}",
                            R_CLAR, data={"uid": carried.uid, "to": list(dest)}))
    elif fx.kind == "teleport":
        mover = caster if fx.who == "self" else carried
        if mover is None or not isinstance(target, tuple) or not free_hex(state, target):
            return
        place(state, mover, target)
        events.append(Event("move", f"{stats.unit_label(state, mover)} teleports", "dice_wars.txt § Movement",
                            data={"uid": mover.uid, "to": list(target)}))
    elif fx.kind == "swap":
        if caster is None or not isinstance(target, int):
            return
        tu = state.units[target]
        a, b = on_map(caster), on_map(tu)    # the user and the unit its skill's check let it aim at
        caster.pos, tu.pos = b, a
        state.occupied[a] = tu.uid
        state.occupied[b] = caster.uid
        events.append(Event("move", f"{stats.unit_label(state, caster)} swaps places with {stats.unit_label(state, tu)}", R_SKILL))


def _pull(state: DWState, v: Unit, caster: Unit | None, hexes: int, events: list) -> None:
    if caster is None:
        return
    moved = 0
    toward = on_map(caster)                   # the unit using the skill
    for _ in range(hexes):
        best = None
        at = on_map(v)                        # resolve skips the victims off the map
        for n in hexgrid.neighbors(at):
            if free_hex(state, n) and hexgrid.distance(n, toward) < hexgrid.distance(at, toward):
                best = n
                break
        if best is None:
            break
        place(state, v, best)
        moved += 1
    if moved:
        events.append(Event("move", f"{stats.unit_label(state, v)} is pulled {moved} hex{'es' if moved > 1 else ''}", R_SKILL,
                            data={"uid": v.uid, "to": list(on_map(v))}))
