"""The Exploration scenario (house: docs/games/warbound.md § Exploration
scenario): the timeline and Periods, deployment on the starting tiles,
Scan markers, the turn's objective card, Victory Points and the winner
(warbound.txt § Victory condition: the most VP at the end of the last
turn)."""
from __future__ import annotations

from engine.core.rules import Event
from engine.hex import grid
from games.warbound.rules.queries import label, living, possessive

R_SCEN = "docs/games/warbound.md § Exploration scenario"
R_VICTORY = "warbound.txt § Victory condition"


def scenario(state):
    return state.catalog.scenarios[state.scenario]


def period_of(state) -> int:
    sc = scenario(state)
    return sc.periods[min(state.turn, sc.turns) - 1]


def deploy_zone(state, player: int, radius: int | None = None) -> list:
    start = state.board.starts[player]
    r = scenario(state).deploy_radius if radius is None else radius
    return [h for h in grid.within(start, r) if h in state.board.open]


def _owners_near(state, h) -> set:
    near = set()
    for n in [h] + grid.neighbors(h):
        uid = state.occupied.get(n)
        if uid is not None:
            near.add(state.chars[uid].owner)
    return near


def controller(state, h) -> int | None:
    """Who controls a Scan marker: miniatures on it or adjacent, of one player only."""
    near = _owners_near(state, h)
    return near.pop() if len(near) == 1 else None


def contested(state, h) -> bool:
    """Both players have miniatures on or next to the Scan marker: nobody controls it."""
    return len(_owners_near(state, h)) > 1


def on_removed(state, ch, events: list) -> None:
    p = state.players[1 - ch.owner]
    p.kills += 1
    vp = scenario(state).kill_vp
    if vp:
        p.vp += vp
        events.append(Event("vp", f"{p.name} scores {vp} VP for removing {label(state, ch)} ({p.vp} VP).", R_SCEN))


def in_enemy_section(state, player: int) -> bool:
    enemy = 1 - player
    return any(state.board.section.get(h) == enemy for c in living(state, player) for h in c.minis)


def score_cleanup(state, events: list) -> None:
    sc = scenario(state)
    cat = state.catalog
    held: dict[int, list[str]] = {0: [], 1: []}
    for h in state.board.scans:
        c = controller(state, h)
        if c is not None:
            held[c].append(h)
    obj = cat.objectives.get(state.objective) if state.objective else None
    for p in state.players:
        i = p.index
        gained = len(held[i]) * sc.scan_vp
        if gained:
            events.append(Event("vp", f"{p.name} controls {len(held[i])} Scan marker{'s' * (len(held[i]) > 1)}: "
                                      f"{gained} VP.", R_SCEN))
        if obj is not None:
            k = obj.kind
            n = {"scan_control": len(held[i]), "kills": p.kills, "panics": p.panics,
                 "centre": sum(1 for h in held[i] if h in state.board.centre_scans),
                 "advance": int(in_enemy_section(state, i)),
                 "hold": int(not in_enemy_section(state, 1 - i))}[k]
            if n:
                extra = obj.vp * (n if k in ("scan_control", "kills", "panics", "centre") else 1)
                gained += extra
                events.append(Event("vp", f"{p.name} fulfils {obj.name}: {extra} VP.", R_SCEN))
        p.vp += gained
        p.kills = p.panics = 0
    events.append(Event("score", "Victory Points: " + ", ".join(f"{p.name} {p.vp}" for p in state.players) + ".",
                        R_SCEN, depth=0))


def decide_winner(state, events: list, why: str = "") -> None:
    a, b = state.players
    alive = [len(living(state, i)) for i in (0, 1)]
    if a.vp != b.vp:
        w, reason = (0 if a.vp > b.vp else 1), "the most Victory Points"
    elif alive[0] != alive[1]:
        w, reason = (0 if alive[0] > alive[1] else 1), "tied on VP, more Characters left (house tie-break)"
    else:
        w, reason = state.hand, "tied on VP and Characters, the Hand holder (house tie-break)"
    state.phase = "over"
    state.winners = (w,)
    state.win_reason = f"{state.players[w].name} wins with {reason}{why}."
    state.win_rule = R_VICTORY
    events.append(Event("victory", state.win_reason, R_VICTORY, depth=0))


def wiped_out(state, events: list) -> bool:
    """A Warband with no Character left ends the game at once (house)."""
    for i in (0, 1):
        if not living(state, i):
            w = 1 - i
            state.phase = "over"
            state.winners = (w,)
            state.win_reason = f"{state.players[w].name} wins: {possessive(state.players[i].name)} Warband is wiped out."
            state.win_rule = R_SCEN
            events.append(Event("victory", state.win_reason, R_SCEN, depth=0))
            return True
    return False
