"""Warbound's house rulings: where the text contradicts itself, the group
chooses (engine/core/rulings.py; docs/games/warbound.md names ours)."""
from __future__ import annotations

from engine.core.rulings import Reading, Ruling, define

DEATH_THRESHOLD = define(Ruling(
    "warbound.death_threshold", "warbound", "warbound.txt § Death of a Character",
    "How many tokens in its Health Point pool remove a Character?",
    (Reading("health_points", "as many as its Health Points (Formation's +1 included), as the Character "
             "cards and Formations say",
             "At the end of any activation, if the number of tokens in this pool equals or exceeds the "
             "Character's total Health Points, the Character is removed from the game.", default=True),
     Reading("morale_points", "as many as its morale points value, word for word (a Character without a "
             "Morale Point pool, panicked or a drone, falls back to its Health Points)",
             "if a Character has accumulated tokens in his Health Point pool equal to or exceeding his "
             "morale points value, remove that Character from the game."))))

RULINGS = [DEATH_THRESHOLD]

# --- overrides (engine/core/overrides.py) ---------------------------------------------
# A Character's steps may be allowed against a refusal even when the rules
# offer none of that kind now (a shot at a concealed target); deployment,
# tokens and the Hourglass only while offered.
OVERRIDE_ANY_TIME = ("move", "shoot", "fight", "skill")


def override_problem(state, action, refusal) -> str | None:
    """A step is overridden only during an activation with no decision waiting."""
    if action.kind in OVERRIDE_ANY_TIME and (state.phase != "action" or state.queue or state.activation is None):
        return ("A Character's step can be allowed only during its activation with no decision waiting "
                "(warbound.txt § Activate a Character).")
    return None
