"""Winning: Regicide, Domination, Diplomacy, Dominion, and fighting to the
death.  dice_wars.txt § Win Conditions, § Winning the Game, Challenge IV, V.
"""
from __future__ import annotations

from engine.core.rules import Event
from engine.core.words import possessive
from games.dice_wars.rules import stats
from games.dice_wars.rules.state import DWState, Unit

R_WIN = "dice_wars.txt § Winning the Game"
R_REGICIDE = "dice_wars.txt § Regicide"
R_DOMINATION = "dice_wars.txt § Domination"
R_DIPLOMACY = "dice_wars.txt § Diplomacy"
R_DOMINION = "dice_wars.txt § Challenge IV: The Hinterland"
R_LONG = "dice_wars.txt § Win Conditions"


def declare(state: DWState, winners, reason: str, rule: str, events: list) -> None:
    if state.phase == "over":
        return
    state.phase = "over"
    state.winners = tuple(sorted(winners))
    state.win_reason = reason
    state.win_rule = rule
    names = " and ".join(state.players[p].name for p in state.winners)
    events.append(Event("victory", f"{names} win{'s' if len(state.winners) == 1 else ''}: {reason}", rule, depth=0))


def living_sides(state: DWState) -> list[set[int]]:
    alive = [p.index for p in state.players if p.alive]
    groups: list[set[int]] = []
    for p in alive:
        for g in groups:
            if all(stats.friendly(state, p, q) for q in g):
                g.add(p)
                break
        else:
            groups.append({p})
    return groups


def eliminate(state: DWState, p: int, why: str, rule: str, events: list) -> None:
    """Fight to the death: remove the player's units and relics; their
    cities stay theirs on the map until recaptured, but give them nothing."""
    pl = state.players[p]
    if not pl.alive:
        return
    pl.alive = False
    for u in list(stats.living(state, p)):
        del state.occupied[u.pos]
        u.pos = None
    if pl.relics:
        events.append(Event("ruling", f"{possessive(pl.name)} relics are discarded", R_WIN))
        pl.relics.clear()
    pl.allies.clear()
    for q in state.players:
        if p in q.allies:
            q.allies.remove(p)
    events.append(Event("ruling", f"{pl.name} is out of the game ({why}); their units are removed", rule))
    sides = living_sides(state)
    if len(sides) == 1:
        declare(state, sides[0], "the last side standing", R_LONG, events)


def after_death(state: DWState, dead: Unit, killer_owner: int, events: list) -> None:
    if state.phase == "over":
        return
    v = dead.owner
    if dead.tier == "hero":
        reason, rule = "Regicide: an enemy hero is killed", R_REGICIDE
    elif not any(u.tier != "hero" for u in stats.living(state, v)):
        reason, rule = f"Domination: {possessive(state.players[v].name)} last non-hero unit is killed", R_DOMINATION
    else:
        return
    if stats.friendly(state, killer_owner, v):
        # no enemy landed the blow: nobody has won, but the army is broken
        eliminate(state, v, reason.split(":")[0] + " by their own side", rule, events)
        return
    if state.options.get("fight_to_death"):
        eliminate(state, v, reason, rule, events)
        return
    declare(state, stats.side(state, killer_owner) & {p.index for p in state.players if p.alive}, reason, rule, events)


def dominion_need(players: int) -> int:
    return {2: 5, 3: 4}.get(players, 3)


def controlled_tiles(state: DWState, p: int) -> int:
    mine: dict[int, bool] = {}
    enemy: set[int] = set()
    for u in stats.living(state):
        t = state.board.tile_index[u.pos]
        if stats.friendly(state, u.owner, p):
            mine[t] = True
        else:
            enemy.add(t)
    return sum(1 for t in mine if t not in enemy)


def phase_start_scoring(state: DWState, p: int, events: list) -> None:
    """Diplomacy crowns (or Dominion's count) at the beginning of p's phase."""
    pl = state.players[p]
    if state.board.cities:
        held = len(stats.held_cities(state, p))
        if held >= 3:
            pl.crowns += 1
            events.append(Event("ruling", f"{pl.name} holds {held} cities: crown {pl.crowns} of 3", R_DIPLOMACY))
            if pl.crowns >= 3:
                declare(state, stats.side(state, p) & {q.index for q in state.players if q.alive},
                        "Diplomacy: three cities held through three command phases", R_DIPLOMACY, events)
        elif pl.crowns:
            pl.crowns = 0
    else:
        need = dominion_need(len(state.players))
        have = controlled_tiles(state, p)
        if have >= need:
            pl.streak += 1
            events.append(Event("ruling", f"{pl.name} controls {have} map tiles: turn {pl.streak} of 3", R_DOMINION))
            if pl.streak >= 3:
                declare(state, stats.side(state, p) & {q.index for q in state.players if q.alive},
                        f"Dominion: a majority of map tiles ({need}) held for three turns", R_DOMINION, events)
        elif pl.streak:
            pl.streak = 0
            events.append(Event("ruling", f"{pl.name} controls only {have} tiles: the Dominion count resets", R_DOMINION))
