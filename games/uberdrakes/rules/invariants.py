"""Facts that hold in every reachable UberDrakes state (checked by the
random-playout tests after every action)."""
from __future__ import annotations

from collections import Counter

from games.uberdrakes.rules.state import UDState


def problems(state: UDState) -> list[str]:
    out: list[str] = []
    c = state.catalog
    board = state.board
    top = state.catalog.economy.max_fatigue
    single: dict = {}
    for d in state.players:
        if not 0 <= d.fatigue <= top:
            out.append(f"{d.name} fatigue {d.fatigue}")
        for f in ("coins", "magic", "blood", "vp", "rage"):
            if getattr(d, f) < 0:
                out.append(f"{d.name} {f} {getattr(d, f)}")
        if d.vp != len(d.delivered) + d.vp_bought:
            out.append(f"{d.name} has {d.vp} VP for {len(d.delivered)} riders and {d.vp_bought} bought")
        if d.hex is not None:
            if d.hex not in board.terrain:
                out.append(f"{d.name} is off the board at {d.hex}")
            elif board.anchor_of[d.hex] != d.hex:
                out.append(f"{d.name} stands at {d.hex}, not at its space's anchor")
            elif not board.shared[d.hex]:
                if d.hex in single and not (state.skies and state.active in (single[d.hex], d.index)):
                    out.append(f"{d.name} shares a single space with {state.players[single[d.hex]].name}")
                single[d.hex] = d.index
        elif state.phase in ("play", "final", "over") and d.roosted:
            out.append(f"{d.name} roosted without being placed")
        if not 0 <= d.facing <= 5:
            out.append(f"{d.name} facing {d.facing}")
        if d.rider is None and d.portaled:
            out.append(f"{d.name} portaled without a rider")
        if len(d.used) > len(c.general) + 1:
            out.append(f"{d.name} used {len(d.used)} general actions")
        for m, n in Counter(d.used).items():
            if n > c.movement[m].slots:
                out.append(f"{d.name} used {m} {n} times this round")
        if not set(d.items) <= set(c.hoard_items):
            out.append(f"{d.name} hoard holds {set(d.items) - set(c.hoard_items)}")
        if d.hand != sorted(d.hand) or d.treasures != sorted(d.treasures):
            out.append(f"{d.name}'s hand is not kept sorted")
    # card conservation
    moves = Counter(state.movement_deck) + Counter(state.movement_discard)
    for d in state.players:
        moves += Counter(d.hand) + Counter(d.played)
    if state.pending is not None and state.pending.kind in ("mulligan_take", "handbook"):
        moves += Counter(state.pending.data["cards"])
    if moves != Counter(c.movement_deck()):
        out.append(f"movement cards not conserved: {sum(moves.values())} of {len(c.movement_deck())}")
    treasures = Counter(state.treasure_deck) + Counter(state.treasure_discard)
    for d in state.players:
        treasures += Counter(d.treasures) + (Counter([d.equipped]) if d.equipped else Counter())
    if any(v > n for v, n in ((treasures[t], Counter(c.treasure_deck())[t]) for t in treasures)):
        out.append("more treasure cards than the deck holds")
    riders = list(state.rider_deck) + [r for row in state.pickups.values() for r in row]
    for d in state.players:
        riders += d.delivered + ([d.rider] if d.rider else [])
    if sorted(riders) != sorted(c.riders):
        out.append(f"riders not conserved: {len(riders)} of {len(c.riders)}")
    if state.phase == "play":
        if not state.pending and not state.combat and state.actions_left < 0:
            out.append("negative actions left")
        if state.players[state.active].roosted and state.combat is None:
            out.append("the active player has roosted")
    if state.combat is not None:
        cb = state.combat
        if cb.to_act not in cb.sides:
            out.append("combat decision by a bystander")
        if cb.stage not in ("pre", "respond", "counter", "damage", "exchange"):
            out.append(f"combat stage {cb.stage}")
    if state.phase == "over" and not state.winners:
        out.append("game over without winners")
    if state.pending is not None and state.combat is not None:
        out.append("a pending decision during combat")
    return out
