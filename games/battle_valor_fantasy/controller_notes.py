"""The hand panel of Battle Valor Fantasy: a player's private notes (where
each hidden Assassin and Thief is: battle_valor_fantasy.txt § Assassins,
§ Thieves).  The match screen asks only for the player allowed to look (the
human to act, never while the board is handed over); the rules hand the
board over while anyone holds such a note (rules.hidden_from_others).  A
click on a note shows it to the table (the `reveal` action)."""
from __future__ import annotations

from engine.core.actions import Action
from engine.ui.contract import HandCard, HandSection
from games.battle_valor_fantasy import characters


class HiddenNotes:
    def hand(self, p: int) -> list:
        st = self.state
        if not 0 <= p < len(st.players) or st.phase == "over":
            return []
        cards = []
        for c in sorted(st.units.values(), key=lambda x: x.uid):
            if c.owner == p and c.hidden and characters.alive(st, c):
                host = st.units[c.attached]
                cards.append(HandCard(("reveal", c.uid), f"{c.level.capitalize()} {characters.title(c)}",
                                      f"with {host.name}", "Written down face down: only you see this note. "
                                      "Click to show it to the table (it is shown anyway when it acts).",
                                      icon="mask", color="#B08CD8"))
        if not cards:
            return []
        return [HandSection("Hidden characters", cards=cards, note="Private: only you may read these notes",
                            private=True, compact=True)]

    def click_card(self, key):
        if isinstance(key, tuple) and len(key) == 2 and key[0] == "reveal":
            return Action.make("reveal", self.actor(), uid=key[1])
        return None
