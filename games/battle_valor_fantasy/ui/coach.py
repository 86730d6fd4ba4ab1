"""What the coach watches for a learner in Battle Valor Fantasy's guided
game free play (engine/core/lessons.py `Lesson.watch`): the score if the
battle ended now and the turns left, units of the learner's in combat that
have no Attack order yet, fleeing units, enemy charges in reach, characters
standing alone (they may be singled out), units out of the General's 12
inches; in words with their rule."""
from __future__ import annotations

from games.battle_valor_fantasy.rules import alliance, characters, combat, space, stats, victory

R_VICTORY = "docs/games/battle_valor_fantasy.md § Scenarios and victory"
R_ORDERS = "battle_valor_fantasy.txt § Phase 2 Place Orders;"
R_GENERAL = "battle_valor_fantasy.txt § Generals;"
R_RALLY = "battle_valor_fantasy.txt § Rallying"
R_BRACE = "battle_valor_fantasy.txt § Order Counter Types;"
R_EXPOSED = characters.R_CHARACTERS
ACTING = ("spells", "reform", "fire", "combat")          # phases before the charges are over


def score_line(state, learner: int) -> tuple[str, str]:
    """"Turn 2 of 4. If the battle ended now: you 41 (...), the enemy 0."."""
    me, foe = victory.scores(state)[learner], victory.scores(state)[1 - learner]
    parts = victory.score_parts(state)[learner]
    why = victory.parts_words(parts)
    lead = f"; a win needs a lead of more than {margin_points(state):g}"
    when = "Last turn: the battle is scored when it ends." if state.turn >= state.turns else \
        f"Turn {state.turn} of {state.turns}."
    return f"{when} If it ended now: you {me:g} ({why}), the enemy {foe:g}{lead}.", R_VICTORY


def margin_points(state) -> float:
    """The lead a win needs (more than a tenth of the game's size)."""
    v = state.catalog.scenarios[state.scenario].victory
    size = max(alliance.side_points(state, p) for p in (0, 1))     # as victory.finished measures it
    return round(size * v.margin / 100.0, 1)


def watch(state, learner: int) -> list[tuple[str, str]]:
    """(sentence, rule), the most pressing first (the coach shows three)."""
    if state.phase in ("over", "deploy"):
        return []
    out: list[tuple[str, str]] = []
    mine = [u for u in stats.living(state, learner) if u.kind == "unit" and u.on_table]
    foes = [u for u in stats.living(state, 1 - learner) if u.kind == "unit" and u.on_table]
    if state.phase == "orders":
        for u in mine:
            if u.engaged and not u.fleeing:
                out.append((f"Your {u.name} are in combat: an Attack order lets them strike first; without one "
                            "they only strike back.", R_ORDERS))
    for u in mine:
        if u.fleeing:
            out.append((f"Your {u.name} are fleeing: they rally in the Compulsory Moves (all Successes, or a "
                        "musician), or your General rallies them within 12 inches instead of his order.", R_RALLY))
    if state.phase in ACTING:
        for t in foes:
            if "charge" not in t.orders or t.engaged or t.activated:
                continue
            hit = [u for u in mine if not u.engaged and _in_reach(state, t, u)]
            if hit:
                out.append((f"The enemy {t.name} have a Charge order and can reach your {hit[0].name}.", R_BRACE))
    for c in state.units.values():          # seen in play: the Bowmen charged away, the Wizard left alone
        if c.owner == learner and c.alive and c.on_table and characters.is_target(c) and c.attached < 0 \
                and characters.exposed(state, c):
            out.append((f"Your {c.name} stands alone, more than 2 inches from your units: it may be shot at, "
                        "charged or cursed.", R_EXPOSED))
    g = space.general_of(state, learner)
    if g is not None and g.on_table and state.phase == "orders":
        far = [u.name for u in mine if space.distance(state, g, u) > space.GENERAL_RANGE]
        if far:
            out.append((f"Beyond your General's 12 inches: {', '.join(far)} (no +2 to charge, no reroll, no "
                        "rally from him).", R_GENERAL))
    out.insert(0, score_line(state, learner))
    return out


def _in_reach(state, t, u) -> bool:
    try:
        return combat.charge_problem(state, t, u) is None and \
            space.box_distance(state, t, u) <= combat.charge_reach(state, t)
    except Exception:  # noqa: BLE001 - a warning is a courtesy
        return False
