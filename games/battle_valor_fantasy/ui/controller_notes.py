"""The hand panel of Battle Valor Fantasy: a player's characters
(games/battle_valor_fantasy/rules/characters.py).  The match screen asks only
for the player allowed to look (the human to act, never while the board is handed
over); the rules hand the board over while anyone holds a hidden note.

- Hidden characters: the note (where each hidden Assassin and Thief is:
  battle_valor_fantasy.txt § Assassins, § Thieves); a click shows it to the
  table (the `reveal` action).
- What the characters may do now, one card each (a click does it): strikes
  and thefts in combat, leaving for another unit, the Seer's free advance.
- In the Place Orders phase: an Advance order for a character with a unit
  (to leave it), and a second counter for the selected unit with a Seer.
"""
from __future__ import annotations

from engine.core.actions import Action
from engine.ui.contract import HandCard, HandSection
from games.battle_valor_fantasy.rules import alliance, alliance_turns, character_actions, characters, legal, reserves

HIDDEN = "#B08CD8"
ACT = "#E0B050"


class HiddenNotes:
    def hand(self, p: int) -> list:
        st = self.state
        seats = len(st.alliance.sides) if st.alliance is not None else len(st.players)
        if not 0 <= p < seats or st.phase == "over":
            return []
        side = alliance.side_of(st, p)           # p is a seat (a Grand Alliance: notes are per player)
        out = []
        notes = []
        for c in sorted(st.units.values(), key=lambda x: x.uid):
            if alliance.seat_of(st, c) == p and c.hidden and characters.alive(st, c):
                host = st.units[c.attached]
                notes.append(HandCard(("reveal", c.uid), f"{characters.title(st, c)} in {host.name}",
                                      c.level.capitalize(), "Written down face down: only you see this note. "
                                      "Click to show it to the table (it is shown anyway when it acts).",
                                      icon="mask", color=HIDDEN))
        if notes:
            out.append(HandSection("Hidden characters", cards=notes, note="Private: only you may read these notes",
                                   private=True, compact=True))
        held = [u for u in reserves.waiting(st, side) if alliance.seat_of(st, u) == p]
        if held:
            out.append(HandSection("In reserve", cards=[HandCard(("held", u.uid), u.name, "reserve",
                                                                 "Listed face down: only you see this list "
                                                                 "(§ Reserves)", icon="scroll", color=HIDDEN)
                                                        for u in held], private=True, compact=True,
                                   note="Private: arrives from turn 2 (the decision's buttons)"))
        acting = p == self.actor() and not st.pending
        if acting and st.phase == "deploy" and st.deploy_queue[:1] == (side,):
            acts = [a for a in map(self._seat_action, reserves.deploy_actions(st, side, 12))
                    if self.rules.check(st, a) is None]
            self._reserve_acts = acts
            if acts:
                out.append(HandSection("Hold back in reserve", compact=True, cards=[
                    HandCard(("reserve", i), st.units[a["uid"]].name, "", "Keep this unit off the table; it "
                             "arrives later on your edge (§ Reserves)", icon="scroll", color=ACT)
                    for i, a in enumerate(acts)]))
        placed = p in st.placed if st.alliance is not None else st.players[p].orders_placed
        if acting and st.phase == "orders" and not placed:
            cards = self._order_cards(p)
            if cards:
                out.append(HandSection("Character orders", cards=cards, compact=True))
        if acting:
            acts = [a for a in map(self._seat_action, character_actions.actions(st, side)) if a.kind != "hold"
                    and self.rules.check(st, a) is None]
            cards = [HandCard(("act", i), self.rules.describe(st, a), "", "Click to do it", icon="star",
                              color=ACT) for i, a in enumerate(acts[:12])]
            self._char_acts = acts[:12]
            if cards:
                out.append(HandSection("Characters may act", cards=cards, compact=True))
        return out

    def _order_cards(self, p: int) -> list:
        st = self.state
        draft = getattr(self, "draft", {})
        cards = []
        for c in characters.order_takers(st, alliance.side_of(st, p)):
            if alliance.seat_of(st, c) != p:
                continue
            on = "advance" in draft.get(c.uid, [])
            cards.append(HandCard(("leave", c.uid), f"{characters.title(st, c)}: leave {st.units[c.attached].name}",
                                  "Advance order" if on else "stays", "An Advance order lets the character leave "
                                  "its unit in the Advance phase (§ Moving Characters;)", icon="star",
                                  color=ACT, state="selected" if on else ""))
        u = st.units.get(self.sel) if self.sel is not None else None
        if u is not None and alliance.seat_of(st, u) == p and characters.with_unit(st, u, "seer"):
            first = (draft.get(u.uid) or [""])[0]
            for o in legal.options_for(st, u):
                if o != first and o in characters.SEER_PAIR and first in characters.SEER_PAIR:
                    cards.append(HandCard(("second", o), f"Seer: also {o.replace('_', ' ')}", u.name,
                                          "A unit with a Seer takes two orders and chooses which to activate "
                                          "(§ Seers)", icon="star", color=ACT,
                                          state="selected" if draft.get(u.uid, [])[1:] == [o] else ""))
        return cards

    def _seat_action(self, a: Action) -> Action:
        """A listed (side) action as the deciding seat's (a Grand Alliance)."""
        return alliance_turns.outward(self.state, a) if self.state.alliance is not None else a

    def click_card(self, key):
        if not isinstance(key, tuple) or len(key) != 2:
            return None
        kind, val = key
        if kind == "reveal":
            return Action.make("reveal", self.actor(), uid=val)
        if kind == "reserve":
            acts = getattr(self, "_reserve_acts", [])
            return acts[val] if 0 <= val < len(acts) else None
        if kind == "act":
            acts = getattr(self, "_char_acts", [])
            return acts[val] if 0 <= val < len(acts) else None
        if kind == "leave":
            cur = self.draft.get(val, [])
            self.draft[val] = [] if "advance" in cur else ["advance"]
            if not self.draft[val]:
                self.draft.pop(val)
            return True
        if kind == "second" and self.sel is not None and self.draft.get(self.sel):
            self.draft[self.sel] = [self.draft[self.sel][0], val]
            return True
        return None
