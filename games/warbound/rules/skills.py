"""Active skills (warbound.txt § Character cards: Active skills): once per
activation, before or after an action (never inside a move), only during
the Character's own activation.  "If you do" effects need the Stress token
to be added, so they are refused to a Character without a Morale Point
pool (§ Morale).  "Roll X" dice are not a Fight or Shoot Action
(§ Appendix: Nomenclature).  Effects are ours where the text lost the
cards: docs/games/warbound.md § Skills.
"""
from __future__ import annotations

from engine.core.rules import Event
from games.warbound.rules import movement, shooting, wounds
from games.warbound.rules.profile import has_pool, stats
from games.warbound.rules.queries import char_distance, label, living

R_SKILL = "warbound.txt § Character cards"
R_IFYOUDO = "warbound.txt § Panic"
R_ROLL = "warbound.txt § Appendix: Nomenclature"
HOUSE = "docs/games/warbound.md § Skills"


def active_skills(state, ch) -> list[str]:
    cat = state.catalog
    return [s for s in stats(state, ch).skills if cat.skills[s].timing == "active"]


def _dests(a) -> list | None:
    to = a.get("to")
    if to is None:
        return None
    to = [tuple(to)]
    if a.get("to2") is not None:
        to.append(tuple(a["to2"]))
    return to


def problem(state, ch, a):
    """Why this skill use is refused (None: allowed)."""
    act = state.activation
    sid = a.get("skill")
    if sid not in active_skills(state, ch):
        return (f"{stats(state, ch).name} has no active skill {sid!r}.", R_SKILL)
    if act.skill_used:
        return ("An active skill can only be used once per activation.", R_SKILL)
    eff = state.catalog.skills[sid].effect
    k = eff.kind
    t = state.chars.get(a.get("target")) if a.get("target") is not None else None
    if k in ("kihai", "patch_up"):
        if t is None or t.owner != ch.owner or t.uid == ch.uid or not t.alive or not t.deployed:
            return ("Choose another allied Character.", HOUSE)
        if char_distance(ch, t) > eff.range:
            return (f"{label(state, t)} is more than {eff.range} tiles away.", HOUSE)
        if k == "patch_up":
            return None if t.wounds > 0 else (f"{label(state, t)} has no Wound token.", HOUSE)
        if not has_pool(state, t):
            return (f"{label(state, t)} has no Morale Point pool: it cannot receive the Stress token, so "
                    "Ki'hai (\"if you do\") cannot move it.", R_IFYOUDO)
        d = _dests(a)
        if d is None:
            return ("Ki'hai moves the Character: give its destination.", HOUSE)
        return movement.move_problem(state, t, d, eff.move)
    if k == "adrenaline":
        if not has_pool(state, ch):
            return (f"{label(state, ch)} has no Morale Point pool: \"if you do\" effects are refused.", R_IFYOUDO)
        d = _dests(a)
        if d is None:
            return ("Give the destination.", HOUSE)
        return movement.move_problem(state, ch, d, eff.move)
    if k in ("analyse", "roll_attack"):
        if t is None or t.owner == ch.owner or not t.alive or not t.deployed:
            return ("Choose an enemy Character.", HOUSE)
        if not shooting.sees(state, ch, t):
            return (f"{label(state, t)} is out of line of sight.", "warbound.txt § Shoot")
        if k == "roll_attack" and char_distance(ch, t) > eff.range:
            return (f"{label(state, t)} is more than {eff.range} tiles away.", HOUSE)
        return None
    if k == "war_drum":
        return None
    return ("That skill has no active use.", R_SKILL)


def options(state, ch) -> list[dict]:
    """Parameter sets for every allowed use of ch's active skills now."""
    act = state.activation
    if act is None or act.skill_used:
        return []
    out = []
    cat = state.catalog
    for sid in active_skills(state, ch):
        eff = cat.skills[sid].effect
        k = eff.kind
        if k == "war_drum":
            out.append({"skill": sid})
        elif k in ("analyse", "roll_attack"):
            for t in living(state, 1 - ch.owner):
                if problem(state, ch, _A(skill=sid, target=t.uid)) is None:
                    out.append({"skill": sid, "target": t.uid})
        elif k == "patch_up":
            for t in living(state, ch.owner):
                if problem(state, ch, _A(skill=sid, target=t.uid)) is None:
                    out.append({"skill": sid, "target": t.uid})
        elif k in ("kihai", "adrenaline"):
            targets = [ch] if k == "adrenaline" else [
                t for t in living(state, ch.owner) if t.uid != ch.uid and char_distance(ch, t) <= eff.range
                and has_pool(state, t)]
            if k == "adrenaline" and not has_pool(state, ch):
                continue
            for t in targets:
                for d in movement.destinations(state, t, eff.move):
                    p = {"skill": sid, "to": d[0]}
                    if len(d) > 1:
                        p["to2"] = d[1]
                    if k == "kihai":
                        p["target"] = t.uid
                    out.append(p)
    return out


class _A(dict):
    """A dict that answers like an Action's params for `problem`."""
    def __init__(self, **kw):
        super().__init__(kw)


def use(state, ch, a, dice, events: list) -> None:
    sid = a["skill"]
    sk = state.catalog.skills[sid]
    eff = sk.effect
    k = eff.kind
    state.activation.skill_used = True
    events.append(Event("skill", f"{label(state, ch)} uses {sk.name}.", R_SKILL))
    t = state.chars.get(a.get("target")) if a.get("target") is not None else None
    dests = _dests(a)
    if k == "kihai":
        assert dests is not None                # check(): "Ki'hai moves the Character: give its destination."
        if wounds.add_stress(state, t, 1, events, R_IFYOUDO, " (Ki'hai)"):
            movement.move(state, t, dests, eff.move, dice, events, why="is moved by Ki'hai")
    elif k == "adrenaline":
        assert dests is not None                # check(): "Give the destination."
        if wounds.add_stress(state, ch, 1, events, R_IFYOUDO, " (Adrenaline)"):
            movement.move(state, ch, dests, eff.move, dice, events, why="surges")
    elif k == "war_drum":
        for o in living(state, ch.owner):
            if o.uid != ch.uid and o.stress > 0 and char_distance(ch, o) <= eff.range:
                o.stress = max(0, o.stress - eff.amount)
                events.append(Event("stress", f"{label(state, o)} removes a Stress token ({o.stress} left).", HOUSE))
    elif k == "analyse":
        assert t is not None                    # check(): "Choose an enemy Character."
        state.marked[t.uid] = ch.owner
        events.append(Event("ruling", f"{label(state, t)} is marked: your shots at it use the first accuracy "
                                      "until Cleanup.", HOUSE))
    elif k == "roll_attack":
        wounds.attack(state, ch, t, eff.dice, eff.hit, 0, f"{sk.name} (Roll {eff.dice}, not a Shoot Action)",
                      dice, events, R_ROLL, die="ranged")
    elif k == "patch_up":
        assert t is not None                    # check(): "Choose another allied Character."
        t.wounds = max(0, t.wounds - eff.amount)
        events.append(Event("wound", f"{label(state, t)} removes a Wound token ({t.wounds} left).", HOUSE))
