"""Every refusal, with its reason and rule: `problem(state, action)`
returns (reason, rule) or None.  One checker per action kind."""
from __future__ import annotations

from engine.core.words import possessive

from games.dragonbond.rules import combat, movement, powers, setup, space, stats
from games.dragonbond.rules.state import DBState

R_ORDER = "dragonbond.txt § Turn Order"
R_ACTIVATING = "dragonbond.txt § Activating Units"
R_SPECIAL = "dragonbond.txt § Special Actions"
R_RUN = "dragonbond.txt § Run [1]"
R_CHARGE = "dragonbond.txt § Charge [2]"
R_COORD = "dragonbond.txt § Coordinated Move [0]"
R_REST = "dragonbond.txt § Rest [-1]"
R_DISENGAGE = "dragonbond.txt § Disengage [1]"
R_WAIT = "dragonbond.txt § Wait [0]"
R_ATTACK = "dragonbond.txt § Attack [1]:"
R_POWERS = "dragonbond.txt § Powers [X]:"
R_ENDING = "dragonbond.txt § Ending a Round"
R_EXHAUST = "dragonbond.txt § Actions"
R_OA = "dragonbond.txt § 1. Opportunity Attack"
R_REACT = "dragonbond.txt § 2. Powers"
R_WOUNDS = "dragonbond.txt § Applying Wounds"
R_PILE = "dragonbond.txt § Pile-In"
R_CHARGE_ATTACK = R_CHARGE        # "3. Attack ... they may make a melee attack against it"
R_MOUNTED = "dragonbond.txt § The Dragonriding Keyword"
R_STATUS = "dragonbond.txt § Resolving Status Effects"

SPECIALS = ("run", "charge", "coordinated", "rest", "disengage")
TURN_KINDS = ("move", "attack", "power", "wait", "end_turn", "mount", "dismount") + SPECIALS
DECISIONS = ("opportunity_attack", "use_reaction", "decline", "remove_models", "follow_up", "skip_follow_up",
             "charge_attack")


def to_act(state: DBState) -> int:
    if state.pending:
        return state.pending[-1].player
    return state.current


def problem(state: DBState, a) -> tuple | str | None:
    if state.phase == "over":
        return "The game is over."
    who = to_act(state)
    if a.player != who:
        return (f"It is {possessive(state.players[who].name)} decision now, not "
                f"{possessive(state.players[a.player].name if 0 <= a.player < len(state.players) else a.player)}.", R_ORDER)
    if state.pending:
        return _pending(state, a)
    if a.kind in DECISIONS:
        return "There is no decision waiting."
    if state.phase == "bond":
        return _bond(state, a)
    if state.phase == "edge":
        return _edge(state, a)
    if state.phase == "deploy":
        return _deploy(state, a)
    if a.kind == "pass_round":
        if state.turn is not None:
            return ("Finish the activated unit's turn first.", R_ENDING)
        return None
    if a.kind == "activate":
        if state.turn is not None:
            return ("A unit is already activated this turn: only one unit per turn.", R_ACTIVATING)
        u = state.units.get(a["uid"])
        return _own_unit(state, a, u) or None
    if a.kind not in TURN_KINDS:
        return f"Unknown action {a.kind!r}."
    t = state.turn
    if t is None:
        return ("Activate a unit first.", R_ORDER)
    if a.kind == "end_turn":
        if t.mode == "" or (t.mode == "act" and t.moved and not t.acted):
            return ("The unit must move and take an action, wait after moving, or take a special action.",
                    R_ACTIVATING)
        return None
    u = state.units.get(a["uid"])
    bad = _own_unit(state, a, u)
    if bad:
        return bad
    assert u is not None        # _own_unit refuses a missing unit
    if a.kind in SPECIALS:
        return _special(state, a, u)
    if a.kind == "move":
        return _move(state, a, u)
    if u.uid != t.uid:
        return (f"{stats.name(state, state.units[t.uid])} is the activated unit.", R_ACTIVATING)
    if t.mode not in ("", "act"):
        return (f"A special action uses up the whole activation ({t.mode}).", R_SPECIAL)
    if a.kind == "wait":
        if not t.moved:
            return ("Only a unit that has moved may wait.", R_WAIT)
        if t.acted:
            return ("The unit has already taken its action.", R_ACTIVATING)
        return None
    if a.kind == "mount":
        return movement.mount_problem(state, u)
    if a.kind == "dismount":
        return movement.dismount_problem(state, u, a.get("to"))
    if t.acted:
        return ("The unit has already taken its action this turn.", R_ACTIVATING)
    if a.kind == "attack":
        w, _ = stats.weapon(state, u, a["weapon"])
        if w is None:
            return (f"{stats.name(state, u)} has no weapon {a['weapon']!r}.", R_ATTACK)
        return combat.target_problem(state, u, state.units.get(a["target"]), w)
    if a.kind == "power":
        return powers.power_problem(state, u, a["power"], a.get("target"))
    return f"Unknown action {a.kind!r}."


def _own_unit(state: DBState, a, u):
    if u is None or u.owner != a.player:
        return "That is not one of your units."
    if not u.alive:
        return "That unit has been destroyed."
    if u.riding is not None:
        return (f"{stats.card(u).name} rides {stats.card(state.units[u.riding]).name}: the pair is one unit; "
                "choose the dragon.", R_MOUNTED)
    if not u.models:
        return "That unit is not on the battlefield."
    return None


def _move(state: DBState, a, u):
    t = state.turn
    assert t is not None        # problem() refused an action with no activated unit
    if t.mode not in ("", "act", "coordinated", "run", "disengage") or (t.mode in ("run", "disengage") and t.moved):
        return (f"A special action uses up the whole activation ({t.mode}).", R_SPECIAL)
    why = movement.movement_open(state, u)
    if why:
        return (why, "dragonbond.txt § Movement")
    if movement.held(state, u, "immobilized"):
        return (f"{stats.name(state, u)} is immobilized: it must spend all of its speed.", R_STATUS)
    lim = movement.left(state, u)
    if lim <= 1e-9:
        return (f"{stats.name(state, u)} has no movement left.", "dragonbond.txt § Movement")
    return movement.check_move(state, u, a["to"], lim)


def _special(state: DBState, a, u):
    t = state.turn
    assert t is not None        # problem() refused an action with no activated unit
    if u.uid != t.uid:
        return (f"{stats.name(state, state.units[t.uid])} is the activated unit.", R_ACTIVATING)
    if t.mode != "" or t.moved or t.acted:
        return ("A special action uses up the unit's entire activation: choose it before moving or acting.",
                R_SPECIAL)
    k = a.kind
    if k in ("run", "charge") and stats.exhausted(u):
        return (f"{stats.name(state, u)} is exhausted and may not {'run' if k == 'run' else 'charge'}.", R_EXHAUST)
    if k in ("run", "charge", "disengage") and u.immobilized:
        return (f"{stats.name(state, u)} is immobilized: it must spend all of its speed.", R_STATUS)
    if k == "run":
        lim = 2.0 * stats.speed(state, u)
        if u.slow:
            lim -= stats.speed(state, u) / 2.0
        if lim <= 0:
            return (f"{stats.name(state, u)} cannot move.", R_RUN)
        bad = movement.check_move(state, u, a["to"], lim)
        return (bad[0], bad[1]) if bad else None
    if k == "disengage":
        if not space.in_combat_with(state, u):
            return (f"{stats.name(state, u)} is not engaged.", R_DISENGAGE)
        lim = float(stats.speed(state, u)) - (stats.speed(state, u) / 2.0 if u.slow else 0.0)
        if lim <= 0:
            return (f"{stats.name(state, u)} cannot move.", R_DISENGAGE)
        return movement.check_move(state, u, a["to"], lim)
    if k == "charge":
        tgt = state.units.get(a["target"])
        if tgt is None or not tgt.alive or not tgt.models or tgt.owner == u.owner:
            return ("Charge an enemy unit on the battlefield.", R_CHARGE)
        w, _ = stats.weapon(state, u, a["weapon"])
        if w is None or w.type != "melee":
            return ("A charge ends in a melee attack: name a melee weapon.", R_CHARGE)
        if not space.line_of_sight(state, u, tgt):
            return (f"The target of a charge must be within line of sight; {stats.name(state, u)} cannot see "
                    f"{stats.name(state, tgt)}.", R_CHARGE)
        if stats.speed(state, u) <= 0:
            return (f"{stats.name(state, u)} cannot move.", R_CHARGE)
        return None
    if k == "coordinated":
        v = state.units.get(a["second"])
        if v is None or v.owner != u.owner or not v.alive or not v.models or v.uid == u.uid:
            return ("Choose a second unit of yours on the battlefield.", R_COORD)
        if v.riding is not None:
            return ("Choose the dragon of a mounted pair.", R_MOUNTED)
        return None
    if k == "rest":
        return None
    return None


def _pending(state: DBState, a):
    p = state.pending[-1]
    if a.kind not in DECISIONS:
        words = {"oa": "an opportunity attack", "reaction": "a reaction", "casualties": "which models die",
                 "follow_up": "a pile-in or consolidation", "charge_attack": "whether the charge strikes"}[p.kind]
        return (f"Waiting for {state.players[p.player].name} to decide {words}.",
                {"oa": R_OA, "reaction": R_REACT, "casualties": R_WOUNDS, "follow_up": R_PILE,
                 "charge_attack": R_CHARGE_ATTACK}[p.kind])
    if a.get("uid") != p.uid:
        return "That unit has no decision to make."
    if p.kind == "oa":
        if a.kind == "decline":
            return None
        if a.kind != "opportunity_attack":
            return ("Make the opportunity attack or decline it.", R_OA)
        u, t = state.units[p.uid], state.units[p.target]
        w, _ = stats.weapon(state, u, a["weapon"])
        if w is None or w.type != "melee":
            return ("Opportunity attacks are melee attacks.", R_OA)
        if a.get("target") not in (None, p.target):
            return ("The opportunity attack strikes the unit that provoked it.", R_OA)
        return combat.target_problem(state, u, t, w)
    if p.kind == "reaction":
        if a.kind == "decline":
            return None
        if a.kind != "use_reaction":
            return ("Use the reaction or decline it.", R_REACT)
        from games.dragonbond.rules import flow
        names = [pw.name for pw, _ in flow.reaction_powers(state, p.uid, p.what)]
        if a["power"] not in names:
            return (f"{a['power']!r} cannot be used now (usable: {', '.join(names)}).", R_REACT)
        return None
    if p.kind == "casualties":
        if a.kind != "remove_models":
            return ("Choose which models are removed.", R_WOUNDS)
        u = state.units[p.uid]
        mids = a["models"]
        if not isinstance(mids, (list, tuple)) or len(set(mids)) != p.n or len(mids) != p.n:
            return (f"Remove exactly {p.n} model{'s' if p.n > 1 else ''}.", R_WOUNDS)
        alive = {m.mid for m in u.models}
        if any(m not in alive for m in mids):
            return ("Remove models of this unit that are on the battlefield.", R_WOUNDS)
        return None
    if p.kind == "charge_attack":
        if a.kind in ("decline", "charge_attack"):
            return None
        return ("Make the charge attack or decline it.", R_CHARGE_ATTACK)
    if p.kind == "follow_up":
        if a.kind == "skip_follow_up":
            return None
        if a.kind != "follow_up":
            return ("Move the models, or skip.", R_PILE)
        u, t = state.units[p.uid], state.units[p.target]
        to = a.get("to")
        if to is None:
            return None if movement.plan_follow_up(state, u, t, what=p.what) is not None else \
                ("No model can get closer to the target.", R_PILE)
        return movement.check_follow_up(state, u, t, to, p.what)
    return "Unknown decision."


def _bond(state: DBState, a):
    if a.kind != "declare_bond":
        return ("Before the game, declare whether your general is bonded with a dragon.", setup.R_BOND)
    d = a.get("dragon")
    if d is not None and d not in setup.bond_choices(state, a.player):
        return ("Bond your general with one of your dragons, or with none.", setup.R_BOND)
    if d is None and a.get("mounted"):
        return ("Only a general bonded with a dragon may begin mounted.", setup.R_START)
    return None


def _edge(state: DBState, a):
    if a.kind != "choose_edge":
        return ("The winner of the face-off picks an edge and whether to deploy first.", setup.R_FIRST)
    if a["edge"] not in setup.edges_available(state):
        return (f"Pick one of the table's edges: {', '.join(setup.edges_available(state))}.", setup.R_FIRST)
    return None


def _deploy(state: DBState, a):
    if a.kind != "deploy":
        return ("Players take turns deploying a single unit.", setup.R_TAKE)
    u = state.units.get(a["uid"])
    if u is None or u.owner != a.player or not u.alive:
        return "That is not one of your units."
    if u.deployed or u.riding is not None:
        return ("That unit is already on the battlefield.", setup.R_TAKE)
    to = a["to"]
    if not isinstance(to, (list, tuple)) or len(to) != u.size:
        return (f"Place all {u.size} models ([x, y] each, in inches).", setup.R_DEPLOY)
    try:
        pts = [(float(p[0]), float(p[1])) for p in to]
    except (TypeError, ValueError, IndexError):
        return ("Each position is [x, y] in inches.", setup.R_DEPLOY)
    return setup.deploy_problem(state, u, pts)
