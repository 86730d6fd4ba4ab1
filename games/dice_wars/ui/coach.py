"""What the coach watches for a learner in a guided game's free play
(engine/core/lessons.py `Lesson.watch`): the win conditions about to be
met, for either side, in words with their rule.  dice_wars.txt § Win
Conditions: Regicide (an enemy hero killed), Domination (an enemy's last
non-hero unit), Diplomacy (three cities through three of your phases)."""
from __future__ import annotations

from engine.core.words import possessive
from games.dice_wars.rules import stats

R_REGICIDE = "dice_wars.txt § Regicide"
R_DOMINATION = "dice_wars.txt § Domination"
R_DIPLOMACY = "dice_wars.txt § Diplomacy"


def watch(state, learner: int) -> list[tuple[str, str]]:
    """(sentence, rule) for each victory within reach, the learner's first."""
    if state.phase != "command":
        return []
    out: list[tuple[str, str]] = []
    me = state.players[learner]
    for q in state.players:
        if q.index == learner or not q.alive or stats.friendly(state, learner, q.index):
            continue
        for h in (u for u in stats.living(state, q.index) if u.tier == "hero" and u.hp == 1):
            out.append((f"{possessive(q.name)} hero {stats.card(h).name} has 1 HP left: one hit wins the game.",
                        R_REGICIDE))
        soldiers = [u for u in stats.living(state, q.index) if u.tier != "hero"]
        if len(soldiers) == 1:
            out.append((f"The {stats.card(soldiers[0]).name} is {possessive(q.name)} last soldier: kill it and you "
                        "win.", R_DOMINATION))
        if q.crowns:
            out.append((f"{q.name} holds three cities: {q.crowns} of 3 crowns. Take one of them back, or lose.",
                        R_DIPLOMACY))
    for h in (u for u in stats.living(state, learner) if u.tier == "hero" and u.hp == 1):
        out.append((f"Your hero {stats.card(h).name} has 1 HP left: keep the hero out of reach, or one hit loses.",
                    R_REGICIDE))
    mine = [u for u in stats.living(state, learner) if u.tier != "hero"]
    if len(mine) == 1:
        out.append((f"Your {stats.card(mine[0]).name} is your last soldier: if it falls, you lose. Keep it out of "
                    "reach.", R_DOMINATION))
    if me.crowns:
        out.append((f"You hold three cities: {me.crowns} of 3 crowns. Hold them.", R_DIPLOMACY))
    return out
