"""The end of an activation (warbound.txt § Death of a Character, § Panic,
§ Character cards: Health Point Pool).

At the end of any activation every Character is checked: a Health Point
pool holding as many tokens as its Health Points removes it (the text's
"morale points value" there means the Health Points: docs/games/warbound.md
§ Death of a Character); a Morale Point pool holding as many tokens as its
morale value flips the card to its panic side, discarding the Stress
tokens (Wound and Break tokens stay).  A fatally wounded Character
finishes its own activation first, since nothing is checked before the end.
"""
from __future__ import annotations

from engine.core.rules import Event
from engine.core.rulings import reading
from games.warbound.rules.profile import stats
from games.warbound.rules.queries import label
from games.warbound.rules.rulings import DEATH_THRESHOLD

R_DEATH = "warbound.txt § Death of a Character"
R_PANIC = "warbound.txt § Panic"


def death_limit(state, st) -> int:
    """The Wound tokens that remove a Character: its Health Points, or by house ruling
    (warbound.death_threshold) its morale value when it has one."""
    if st.morale is not None and reading(state, DEATH_THRESHOLD.id) == "morale_points":
        return st.morale
    return st.hp


def end_of_activation(state, events: list) -> None:
    from games.warbound.rules.scenario import on_removed
    for ch in list(state.chars.values()):
        if not ch.alive or not ch.deployed:
            continue
        st = stats(state, ch)
        limit = death_limit(state, st)
        of = "-point Health Point pool" if limit == st.hp else \
            f"-point Health Point pool (house ruling: its morale value {limit})"
        if ch.wounds >= limit:
            events.append(Event("death", f"{label(state, ch)} has {ch.wounds} tokens in a {st.hp}{of}: "
                                         "removed from the game.", R_DEATH, depth=0))
            for h in ch.minis:
                state.occupied.pop(h, None)
            ch.alive = False
            state.marked.pop(ch.uid, None)
            on_removed(state, ch, events)
        elif st.morale is not None and ch.stress >= st.morale:
            ch.panic = True
            ch.stress = 0
            state.players[1 - ch.owner].panics += 1
            events.append(Event("panic", f"{label(state, ch)} panics: the card flips to its panic side, the "
                                         "Stress tokens are discarded and it has no Morale Point pool now.",
                                R_PANIC, depth=0))
