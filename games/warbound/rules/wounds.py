"""Stress, armor and wounds (warbound.txt § Shoot: 5. Stress, 6. Damage and
Wounds, 7. Armor roll; § Fight: 2. Hit and Wound).

"Damage" is a successful hit before any armor roll; "add a Wound token"
allows no roll.  Every die that is not a natural [1] adds a Stress token
(when the target has a Morale Point pool).  Armor: one die per damage; each
success at or above the armor value saves one wound, but no more wounds than
the armor points not yet covered by Break tokens.
"""
from __future__ import annotations

from engine.core.rules import Event
from games.warbound.rules import wdice
from games.warbound.rules.profile import has_pool, stats, unbroken_armor
from games.warbound.rules.queries import label

R_STRESS = "warbound.txt § Shoot"
R_ARMOR = "warbound.txt § Shoot"


def roll_event(who: str, what: str, rolls, need: int, bonus: int, die: str = "attack") -> Event:
    """A roll for the log and the dice tray: `die` is ranged (the text's
    green die), melee (red) or armor."""
    vals = ", ".join(str(r.value) + (f"(d{r.face})" if r.face > 10 else "") for r in rolls)
    b = f" with +{bonus}" if bonus else ""
    return Event("roll", f"{what}: {vals} (need {need}+{b})", wdice.R_NATURAL,
                 data={"who": who, "dice": [[12, r.value] for r in rolls], "faces": [r.face for r in rolls],
                       "need": need, "bonus": bonus, "die": die})


def add_stress(state, target, n: int, events: list, rule: str, why: str = "") -> int:
    """Add up to n Stress tokens; none without a Morale Point pool."""
    if n <= 0:
        return 0
    if not has_pool(state, target):
        events.append(Event("ruling", f"{label(state, target)} has no Morale Point pool: no Stress token.",
                            "warbound.txt § Panic"))
        return 0
    target.stress += n
    events.append(Event("stress", f"{label(state, target)} adds {n} Stress token{'s' * (n > 1)}{why} "
                                  f"({target.stress}/{stats(state, target).morale}).", rule))
    return n


def attack_stress(state, target, rolls, events: list, rule: str) -> None:
    n = sum(1 for r in rolls if not r.natural_one)
    if n and stats(state, target).has("stoic"):
        n -= 1
        events.append(Event("ruling", f"{label(state, target)} is Stoic: one Stress token fewer.",
                            "docs/games/warbound.md § Skills"))
    add_stress(state, target, n, events, rule, " (every die but a natural [1])")


def damage(state, target, hits: int, dice, events: list, rule: str) -> None:
    """`hits` points of damage: armor rolls when armor remains, then Wound tokens."""
    if hits <= 0:
        return
    st = stats(state, target)
    free = unbroken_armor(state, target)
    saved = 0
    if free > 0:
        rolls = wdice.roll(dice, hits)
        events.append(roll_event(state.players[target.owner].name, f"{st.name} armor rolls", rolls, st.armor_value, 0,
                                  "armor"))
        ok = sum(1 for r in rolls if wdice.succeeds(r, st.armor_value))
        saved = min(ok, free)
        if ok > free:
            events.append(Event("ruling", f"{ok} armor rolls succeed but only {free} armor point"
                                          f"{'s' * (free > 1)} can prevent a wound.", R_ARMOR))
        if saved:
            target.breaks += saved
            events.append(Event("armor", f"{st.name} adds {saved} Break token{'s' * (saved > 1)} "
                                         f"({target.breaks}/{st.armor_points}).", R_ARMOR))
    elif st.armor_points:
        events.append(Event("ruling", f"{st.name}'s armor is broken: no armor roll.", R_ARMOR))
    add_wounds(state, target, hits - saved, events, rule)


def add_wounds(state, target, n: int, events: list, rule: str) -> None:
    """Wound tokens straight into the Health Point pool (no armor roll)."""
    if n <= 0:
        return
    target.wounds += n
    events.append(Event("wound", f"{label(state, target)} adds {n} Wound token{'s' * (n > 1)} "
                                 f"({target.wounds}/{stats(state, target).hp}).", rule))


def attack(state, attacker, target, n: int, need: int, bonus: int, what: str, dice, events: list,
           rule: str, aim: bool = False, die: str = "melee") -> int:
    """Roll n attack dice (one more and drop the lowest when aiming), add
    Stress, then damage.  Returns the hits."""
    rolls = wdice.roll(dice, n + (1 if aim else 0))
    events.append(roll_event(state.players[attacker.owner].name, what, rolls, need, bonus, die))
    if aim:
        low = min(range(len(rolls)), key=lambda i: (rolls[i].value, i))
        events.append(Event("ruling", f"Aim: the lowest die ({rolls[low].value}) is discarded.",
                            "warbound.txt § Aim"))
        rolls = rolls[:low] + rolls[low + 1:]
    hits = sum(1 for r in rolls if wdice.succeeds(r, need, bonus))
    events.append(Event("hits", f"{hits} hit{'s' * (hits != 1)} on {label(state, target)}.", rule))
    attack_stress(state, target, rolls, events, rule)
    damage(state, target, hits, dice, events, rule)
    return hits
