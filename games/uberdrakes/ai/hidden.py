"""What an UberDrakes computer dragon may know: the public view (every
card it cannot see redealt at random, so it never peeks)."""
from __future__ import annotations

import random

from games.uberdrakes.rules.state import UDState


def public_view(state: UDState, p: int, rng: random.Random) -> UDState:
    """A copy of the state as player p may know it: every card p cannot see
    (other hands, deck order, cards others are looking at) is redealt at
    random from the pool of unseen cards."""
    s = state.copy()
    others = [d for d in s.players if d.index != p]
    open_hands = s.options.get("open_hands")
    moves = list(s.movement_deck)
    sizes = []
    if not open_hands:
        for d in others:
            moves += d.hand
            sizes.append(len(d.hand))
    pend_cards = None
    if s.pending is not None and s.pending.player != p and "cards" in s.pending.data:
        pend_cards = len(s.pending.data["cards"])
        moves += s.pending.data["cards"]
    moves.sort()                      # the pool, not where its cards were, is public
    rng.shuffle(moves)
    if not open_hands:
        for d, n in zip(others, sizes):
            d.hand = sorted(moves[:n])
            del moves[:n]
    if pend_cards is not None:
        s.pending.data["cards"] = moves[:pend_cards]
        del moves[:pend_cards]
    s.movement_deck = moves
    treas = list(s.treasure_deck)
    tsizes = []
    if not open_hands:
        for d in others:
            treas += d.treasures
            tsizes.append(len(d.treasures))
    treas.sort()
    rng.shuffle(treas)
    if not open_hands:
        for d, n in zip(others, tsizes):
            d.treasures = sorted(treas[:n])
            del treas[:n]
    s.treasure_deck = treas
    s.rider_deck.sort()
    rng.shuffle(s.rider_deck)
    return s
