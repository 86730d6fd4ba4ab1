"""The normal level's player for Warbound (agent "tactician", "normal" by
its level's name: players.make_agent).

The scoring player (games/warbound/ai/scoring.py) rates tiles by the Scan
markers near them and the distance to the fight; this one also weighs the
turn's Cleanup, a little (NORMAL_WEIGHT of outlook.projection: issue 13,
every level knows the victory conditions), keeps a last Character out of
reach (a Warband wiped out loses at once), and says what each idea is
for: the marker a move takes or contests, what an activation plans, where
a deployment heads, what a shot would do.  The strong player
(games/warbound/ai/strong.py) is this one playing to the card fully.
"""
from __future__ import annotations

from engine.core.odds import percent
from engine.hex import grid
from games.warbound.ai.outlook import projection, threat
from games.warbound.ai.scoring import ScoringAgent, _Moved, after_move_value, attack_outlook, attack_roll, place_value
from games.warbound.rules import actionboard, movement, scenario
from games.warbound.rules.profile import has_pool, stats
from games.warbound.rules.queries import label, living, possessive


# the normal player reads the objective card too (issue 13: every level
# knows the victory conditions and answers a threat to them), at a weight
# that lets its own tile ratings lead; the strong player leans on it
NORMAL_WEIGHT = 0.25


def normal_place(state, ch) -> float:
    v = place_value(state, ch) + NORMAL_WEIGHT * projection(state, ch.owner)
    if len(living(state, ch.owner)) == 1:
        # the last Character: its removal loses the game at once (a Warband
        # wiped out loses), so the normal player too keeps it out of reach
        v -= LAST_CARE * threat(state, ch)
    return v


# how much of the worst the enemy could do to its last Character the normal
# player counts (the strong one counts it all, with the kill prized at LAST_KILL)
LAST_CARE = 1.0


def move_dests(ch, a) -> list:
    """Where a move action puts each of ch's miniatures."""
    dests = [tuple(a["to"])] + ([tuple(a["to2"])] if a.get("to2") is not None else [])
    if len(ch.minis) == 2 and len(dests) == 1:
        dests.append(ch.minis[1])
    return dests


def goal(state, a) -> str:
    """The Scan markers a move takes or breaks, in words ("contest H4 to
    stop Kaigen scoring it (Hold the centre)"), or ""; for a deployment and
    the Hourglass, what the choice is for."""
    if a.kind == "deploy":
        return _deploy_goal(state, a)
    if a.kind in ("shoot", "fight"):
        n, need, bonus, aim = attack_roll(state, a)
        t = state.chars[a["target"]]
        if n <= 0 or need is None:
            return ""
        wounds, kill = attack_outlook(state, t, n, need, bonus, aim)
        return f"about {wounds:.1f} wounds on {label(state, t)} after armour, {percent(kill)} to remove it"
    if a.kind == "initiative":
        return ("take the Hand: its holder activates first (§ Initiative)" if a.get("take") else
                "keep the Hourglass: it blocks an Action of the Hand holder's (§ Initiative)")
    if a.kind == "pass":
        return "nothing left worth an order token this turn"
    if a.kind == "end_activation":
        return "nothing more this activation is worth its cost"
    if a.kind == "hourglass":
        # the Hourglass goes where the Hand holder gains least (scoring.score): whoever takes
        # that Action gains the Hourglass, and its holder takes the Hand at Cleanup
        foe = state.players[1 - a.player].name
        return (f"mark {actionboard.parts_name(state.catalog, a['space'])}, the Action {possessive(foe)} Characters would make least "
                f"of now: to keep the Hand, {foe} must spend an activation on it (§ Initiative)")
    if a.kind == "activate":
        ch = state.chars[a["uid"]]
        st = stats(state, ch)
        if ch.activations and has_pool(state, ch) and ch.stress + 1 >= st.morale:
            return _activation_goal(state, a) + "; a last effort: the extra Stress puts it in Panic after it"
        return _activation_goal(state, a)
    if a.kind != "move" or state.activation is None:
        return ""
    ch = state.chars[state.activation.uid]
    return _markers_goal(state, ch, move_dests(ch, a))


def _activation_goal(state, a) -> str:
    """What the activation is for: the move it plans (where to, the markers it takes) and what follows."""
    ch = state.chars[a["uid"]]
    sp = state.catalog.board[a["space"]]
    mv = next((p for p in sp.parts if p in ("move", "run")), None)
    rest = [p for p in sp.parts if p != mv]
    if mv is None:
        return f"{' and '.join(rest)} from where it stands"
    _, where = after_move_value(state, ch, movement.allowance(state, ch, mv), tuple(rest), normal_place)
    if not where:
        return ""
    tiles = " and ".join(state.board.label(h) for h in where)
    aim = _markers_goal(state, ch, list(where))
    return f"{mv} to {tiles}" + (f", then {' and '.join(rest)}" if rest else "") + (f": {aim}" if aim else "")


def _markers_goal(state, ch, dests) -> str:
    """The Scan markers standing on `dests` takes or breaks, in words, or ""."""
    before = {h: scenario.controller(state, h) for h in state.board.scans}
    with _Moved(state, ch, dests):
        after = {h: scenario.controller(state, h) for h in state.board.scans}
    ob = state.catalog.objectives.get(state.objective) if state.objective else None
    card = f" ({ob.name})" if ob is not None else " (Scan markers score at Cleanup)"
    me, foe = ch.owner, state.players[1 - ch.owner].name
    broken = [state.board.label(h) for h in before if before[h] == 1 - me and after[h] != 1 - me]
    taken = [state.board.label(h) for h in before if before[h] != me and after[h] == me]
    if broken:
        return f"contest {' and '.join(broken)} to stop {foe} scoring {'them' if len(broken) > 1 else 'it'}{card}"
    if taken:
        return f"take {' and '.join(taken)}{card}"
    return ""


def _deploy_goal(state, a) -> str:
    """Where the deployment heads: the Scan markers of the centre (they score most), fighters in front."""
    ch = state.chars[a["uid"]]
    hexes = [tuple(a["to"])] + ([tuple(a["to2"])] if a.get("to2") is not None else [])
    centre = state.board.centre_scans or state.board.scans
    if not centre:
        return ""
    d, near = min((grid.distance(h, s), s) for h in hexes for s in centre)
    st = stats(state, ch)
    role = "a fighter, in front" if st.attack is not None and st.accuracy is None else \
        "a shooter, behind the fighters"
    return f"toward the central Scan marker {state.board.label(near)} ({d} tiles), {role}"


WIPED_OUT = "a Warband wiped out loses at once"


def last_stand(state, a) -> str:
    """What a move or an attack does about a last Character, in words
    ("remove Kaigen's last Character (...)"), or ""."""
    if state.activation is None or a.kind not in ("move", "shoot", "fight"):
        return ""
    ch = state.chars[state.activation.uid]
    if a.kind != "move":
        t = state.chars[a["target"]]
        alone = len(living(state, t.owner)) == 1
        return f"remove {possessive(state.players[t.owner].name)} last Character ({WIPED_OUT})" if alone else ""
    if len(living(state, ch.owner)) != 1:
        return ""
    dests = move_dests(ch, a)
    before = threat(state, ch)
    with _Moved(state, ch, dests):
        after = threat(state, ch)
    return f"keep {label(state, ch)}, the last Character, out of reach ({WIPED_OUT})" if after < before else ""


class NormalAgent(ScoringAgent):
    """The scoring player (scoring.py) that also weighs the turn's
    Cleanup, a little, and names the marker it takes or contests."""
    name = "tactician"
    place = staticmethod(normal_place)

    def why(self, state, item, n: int, first: bool) -> str:
        # every idea says what it is for (the easy level plays its second ones too)
        text = super().why(state, item, n, first)
        if item[1].kind == "activate" and not first:
            return text          # an activation's plan is worked out for the one chosen (a search ranks ~20)
        aims = [x for x in self.aims(state, item[1]) if x]
        return ", ".join(aims) if aims else text

    def aims(self, state, a) -> list:
        return [goal(state, a), last_stand(state, a)]
