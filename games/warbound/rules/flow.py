"""The turn's sequence (warbound.txt § Game Phases): deployment, then per
turn the Leader, Effect, Action and Cleanup Phases.  `advance` runs every
automatic step until a player has a decision to take.

The Action Phase ends when both players pass in a row (the text does not
say: docs/games/warbound.md § The end of the Action Phase); a player who
passed may still activate later if the opponent activates in between.
"""
from __future__ import annotations

from engine.core.rules import Event
from games.warbound.rules import cleanup, initiative, leader, scenario
from games.warbound.rules.queries import label
from games.warbound.rules.movement import place

R_DEPLOY = "docs/games/warbound.md § Exploration scenario"
R_PASS = "docs/games/warbound.md § The end of the Action Phase"


def undeployed(state, p: int) -> list:
    return [c for c in state.chars.values() if c.owner == p and not c.deployed]


def deploy_options(state, p: int) -> list[tuple]:
    """(uid, [hexes]) placements for p's next Character: on the starting
    tile and the tiles around it (two tiles out when those are full)."""
    out = []
    for radius in (scenario.scenario(state).deploy_radius, scenario.scenario(state).deploy_radius + 1, 99):
        zone = [h for h in scenario.deploy_zone(state, p, radius) if h not in state.occupied]
        zs = set(zone)
        for c in undeployed(state, p):
            if c.formation:
                for h in zone:
                    for n in state.board.nbrs.get(h, ()):
                        if n in zs and h < n:
                            out.append((c.uid, [h, n]))
            else:
                out.extend((c.uid, [h]) for h in zone)
        if out:
            return out
    return out


def deploy_problem(state, a):
    ch = state.chars.get(a.get("uid"))
    if ch is None or ch.owner != a.player or ch.deployed:
        return ("Deploy one of your Characters not yet on the board.", R_DEPLOY)
    try:
        hexes = [tuple(a["to"])] + ([tuple(a["to2"])] if a.get("to2") is not None else [])
    except (KeyError, TypeError):
        return ("Give the tile (and the second tile for a Formation).", R_DEPLOY)
    if len(hexes) != len(ch.minis):
        return ("A Formation deploys both miniatures at once, on two adjacent tiles." if len(ch.minis) == 2
                else "One tile for one miniature.", "warbound.txt § Formations")
    key = sorted(hexes)
    if not any(uid == ch.uid and sorted(map(tuple, hs)) == key for uid, hs in deploy_options(state, a.player)):
        return ("Deploy on your starting tile or a free tile next to it (two adjacent tiles for a Formation).",
                R_DEPLOY)
    return None


def deploy(state, a, events: list) -> None:
    ch = state.chars[a["uid"]]
    hexes = [tuple(a["to"])] + ([tuple(a["to2"])] if a.get("to2") is not None else [])
    place(state, ch, hexes)
    events.append(Event("deploy", f"{label(state, ch)} deploys on {' and '.join(state.board.label(h) for h in hexes)}.",
                        R_DEPLOY))
    other = 1 - a.player
    state.current = other if undeployed(state, other) else a.player
    if not undeployed(state, 0) and not undeployed(state, 1):
        leader.start(state, events)
    advance(state, events)


def start_action(state, events: list) -> None:
    state.phase = "action"
    state.current = state.hand
    state.passes = 0
    for p in state.players:
        p.passed = False
    events.append(Event("phase", f"The Action Phase: {state.players[state.hand].name} holds the Hand and "
                                 "activates first.", "warbound.txt § Initiative", depth=0))


def do_pass(state, a, events: list) -> None:
    state.passes += 1
    state.players[a.player].passed = True
    events.append(Event("pass", f"{state.players[a.player].name} passes.", R_PASS))
    if state.passes >= 2:
        cleanup.start(state, events)
    else:
        state.current = 1 - a.player
    advance(state, events)


def advance(state, events: list) -> None:
    while state.phase != "over":
        if state.queue:
            return
        if state.phase == "leader":
            initiative.effect_phase(state, events)
        elif state.phase == "effect":
            start_action(state, events)
            return
        elif state.phase == "cleanup":
            if cleanup.finish(state, events):
                return
            leader.start(state, events)
        else:
            return
