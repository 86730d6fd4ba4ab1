"""The computer general: places sensible orders from what it can see (its
own units and the enemy's positions, never the enemy's face-down counters)
and, in each phase, picks the listed action that scores best.

Orders: fleeing units keep Flee; units in combat Attack; Wizards cast;
missile troops with a target in range Fire (Mounted Missile Troops Advance
and Fire); units with a leader and an enemy in their arc that a charge
reaches, or that a charge falling short closes on (it still moves its full
double distance toward the enemy: § Step 3; missile troops only within two
and a half charge reaches) and would beat next turn, Charge; the rest
Advance.  The Fate counter goes on the General.  Deployment: deploy.py.
Fights, volleys into a combat and closing moves are weighed in victory
points over the rounds left: fight.py.  The strong general the hard level
searches with: strong.py; the levels declared: players.py.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from engine.core.actions import Action
from engine.table.formations import Frame, in_arc as block_in_arc
from engine.core.odds import percent
from engine.core.words import possessive
from games.battle_valor_fantasy.ai import deploy, packing, threat
from games.battle_valor_fantasy.rules import (alliance, alliance_turns, characters, combat, fire, flow, legal, rerolls,
                                              space, spells, stats, success, victory)
from games.battle_valor_fantasy.ai.fight import fight_outlook, volley_outlook
from games.battle_valor_fantasy.rules.state import BVFState, Unit


def plan_orders(state: BVFState, p: int) -> tuple[list, int]:
    """Side p's orders (in a Grand Alliance: the deciding seat's own units
    only, never looking at an ally's counters; the Fate counter only from
    the overall General: alliance.py)."""
    units = sorted(alliance.mine(state, flow.units_of(state, p)), key=lambda x: x.uid)
    g = space.general_of(state, p)
    fate = g.uid if g is not None else (units[0].uid if units else -1)
    if not alliance.is_overall(state, alliance.acting(state)):
        fate = -1
    out = []
    for u in units:
        if u.uid == fate:
            continue
        o = _order_for(state, u)
        if isinstance(o, tuple):
            out += [(u.uid, x) for x in o]
        elif o:
            out.append((u.uid, o))
    return out, fate


def plan_actions(state: BVFState, p: int) -> list[Action]:
    """The general's plan of orders as actions, best first: with his
    promise to reroll this turn's failing saves and strikes back (rerolls.py
    GUARD; elsewhere the computer spends them only on a charge that reaches,
    when not every stand arrives, and those left at the end are worth
    nothing), then without (no General, none left)."""
    orders, fate = plan_orders(state, flow.to_act(state))
    plain = Action.make("orders", p, orders=[list(x) for x in orders], fate=fate)
    return [Action.make("orders", p, **{**dict(plain.params), rerolls.GUARD: 1}), plain]


def plan_reason(a: Action) -> str:
    """The same words whatever the plan: the reason is shown to the table
    before the reveal, so it names neither a counter nor the General's
    promise (the reveal tells both; § Phase 3 Reveal Orders;)."""
    return "the general's plan of orders (face down until both reveal)"


def _order_for(state: BVFState, u: Unit):
    if u.fleeing:
        return "flee"
    if u.split:
        return "reform"
    if u.kind == "general":
        return "advance"
    if u.kind == "wizard":
        return "spell"
    if u.engaged:
        return "attack"
    if u.profile is not None and u.profile.mounted_missile:
        return ("advance", "fire")
    has_missile = stats.missile(state, u) is not None
    if has_missile and fire.targets(state, u):
        return "fire"
    if not stats.machine(u) and (stats.has_leader(u) or u.profile.troop == "berserkers"):
        reach = combat.charge_reach(state, u)
        for t in space.enemies(state, u):
            # a charge out of reach still moves its full (double) distance toward the enemy;
            # an enemy already fighting ours is charged only where a way in is open (a flank)
            if t.kind == "unit" and space.in_arc(state, u, t) and space.distance(state, u, t) <= reach * 2.5:
                if not t.engaged or _open_charge(state, u, t):
                    pl = combat.plan(state, u, t)
                    if pl.reaches and not pl.blocked:
                        return "charge"
        # a charge that closes in (missile troops only on an enemy within the listed reach): as the
        # rules play a charge out of reach (the whole block moves its full double distance, § Step 3)
        # it is the army's fastest march; without it the strong general won 1 of 20 Border March
        # games as the Marchwardens instead of 12 (docs/games/battle_valor_fantasy.md, issue 35)
        if closing_target(state, u, far=not has_missile, planning=True) is not None:
            return "charge"
        if _turn_to_face(state, u, reach):
            return "reform"
    if stats.machine(u):
        return "fire"
    if _casts_with_wizard(state, u):
        return "spell"
    return "advance"


WIZARD_RANGE = 24.0


def _casts_with_wizard(state: BVFState, u: Unit) -> bool:
    """A unit with a Wizard attached that would only advance casts instead
    once an enemy unit it can see is within 24" (spells have no range, but
    a block that has not closed in yet is worth more marching): the Wizard
    acts on the unit's order (§ Characters Attached to Units;)."""
    if not characters.with_unit(state, u, "wizard"):
        return False
    return any(t.kind == "unit" and space.distance(state, u, t) <= WIZARD_RANGE and space.line_of_sight(state, u, t)
               for t in space.enemies(state, u))


CLOSING_LOOK = 5          # the nearest enemies in the arc a closing charge weighs


def _planned_short_frame(state: BVFState, u: Unit, t: Unit):
    """Where a charge at `t` falling short would leave `u` if our own units
    in the way had moved on first (orders are placed before anyone moves:
    the block ahead of it advances too, and the front moves first:
    GeneralAgent.candidates); the enemy and the terrain stop it as in
    combat.short_frame.  None: no room to move."""
    from engine.table.formations import short_of
    reach = combat.charge_reach(state, u)
    target = space.centre(state, t)
    among = [v for v in combat._along(state, u, target, reach) if v.owner != u.owner]

    def clear(frame):
        return space.fits(state, u, space.layout(u, frame), enemy_gap=space.ADVANCE_GAP, among=among) is None
    frame = short_of(space.block(state, u), target, reach, clear)
    return frame if clear(frame) else None


BOXED = 10.0     # inches a closing move is counted short when it ends with a building or the edge just ahead


def closing(state: BVFState, u: Unit, t: Unit, planning: bool = False) -> tuple[float, float]:
    """(how far, how good) a charge at `t` that falls short moves `u`: how
    good is minus the inches left to `t`, and BOXED less when it ends with
    impassable ground or the table's edge half a reach straight ahead (a
    slide sideways in front of a farmhouse leaves the unit stuck there).
    Remembered for this state version (orders, candidates and scores ask
    again for the same pairs)."""
    key = ("ai_closing", u.uid, t.uid, planning)
    v = state.cache.get(key)
    if v is None:
        v = state.cache[key] = _closing(state, u, t, planning)
    return v


def _closing(state: BVFState, u: Unit, t: Unit, planning: bool) -> tuple[float, float]:
    frame = _planned_short_frame(state, u, t) if planning else combat.short_frame(state, u, t)
    if frame is None:
        return 0.0, -1e9
    here = space.frame_of(u)
    moved = math.hypot(frame.x - here.x, frame.y - here.y)
    good = -max(0.0, space.distance(state, u, t) - moved)
    ahead = space.layout(u, frame.moved(combat.charge_reach(state, u) / 2))
    if not space.on_table_clear(state, u, ahead):
        good -= BOXED
    return moved, good


def closing_target(state: BVFState, u: Unit, far: bool = True, planning: bool = False) -> Unit | None:
    """The enemy unit in u's arc that a charge falling short brings u
    nearest to (a charge out of reach still moves its full double distance
    straight toward the enemy, facing kept, § Step 3: twice an advance's
    pace, and sideways past what stands in front); None when none closes
    by half a reach.  `far`: any distance (else only within the listed
    two and a half reaches)."""
    if u.kind != "unit" or u.engaged or stats.machine(u):
        return None
    f = stats.formation(state, u)
    if f is not None and not f.can_charge:
        return None                     # a movement column or a snake: it advances instead
    reach = combat.charge_reach(state, u)
    near = []
    for t in space.enemies(state, u):
        if t.kind != "unit" or not space.in_arc(state, u, t):
            continue
        d = space.distance(state, u, t)
        if far or d <= reach * 2.5:
            near.append((d, t.uid, t))
    best = None
    for _, _, t in sorted(near, key=lambda x: x[:2])[:CLOSING_LOOK]:
        m, good = closing(state, u, t, planning)
        if m < reach / 2 or not worth_closing(state, u, t):
            continue
        if best is None or good > best[0] + 1e-6:
            best = (good, t)
    return best[1] if best else None


def worth_closing(state: BVFState, u: Unit, t: Unit) -> bool:
    """Whether a fight with `t` charged next turn would gain anything
    toward victory (fight_outlook): a unit closes in on a target it beats,
    not on a block that would wear it down."""
    return fight_outlook(state, u, t, "front", True, later=1) > 0


def _open_charge(state: BVFState, u: Unit, t: Unit) -> bool:
    pl = combat.plan(state, u, t)
    return pl.reaches and not pl.blocked


def _turn_to_face(state: BVFState, u: Unit, reach: float) -> bool:
    """The nearest enemy is within the charge reach but no charge reaches it
    (it is off to a side, or the wheel is too long): a Reform order turns
    the unit to face it, so that it can charge next turn (an advance would
    only stop half an inch short of it)."""
    if u.kind != "unit" or u.engaged:
        return False
    e = space.nearest_enemy(state, u)
    if e is None or e.kind != "unit" or space.distance(state, u, e) > reach:
        return False
    return space.angle_between(square_on(state, u, e), u.facing) > 5.0


def square_on(state: BVFState, u: Unit, e: Unit) -> float:
    """The facing that lines `u` up square with the side of `e` it is on
    (a charge in formation meets that side flat, with no long wheel)."""
    cx, cy = space.centre(state, e)
    ux, uy = space.centre(state, u)
    rel = (space.bearing(cx, cy, ux, uy) - e.facing + 180.0) % 360.0 - 180.0
    side = e.facing + round(rel / 90.0) * 90.0          # the outward normal of that side
    return round((side + 180.0) % 360.0, 2)


class GeneralAgent:
    name = "general"
    samples = False
    # how much of an objective's pull its advances feel (objective_place): the
    # normal general a little (it knows the victory conditions, issue 13),
    # the strong one fully
    objective_share = 0.25

    def __init__(self, rules):
        self.rules = rules
        self.last_reason = ""

    def ranked(self, state: BVFState, legal, rng, want: int = 8) -> list:
        """(score, action, why) of the best-scoring candidates the rules
        allow, best first: the top `want` and the best of each other kind
        (for the hard level's search)."""
        p = self.rules.to_act(state)          # the seat (a Grand Alliance) or the player
        out = []
        if state.phase == "orders" and not state.pending:
            # the general's own plan, listed or not (the listed sets only rotate each unit's orders):
            # the search weighs it against them, and it passes the rules' check like any proposal
            a = next((x for x in plan_actions(state, p) if self.rules.check(state, x) is None), None)
            if a is not None:
                out.append((100.0, a, plan_reason(a)))
        cands = self.candidates(state, p)
        scored = sorted(((self.score(state, a), i) for i, a in enumerate(cands)), reverse=True)
        if state.phase == "deploy" and not state.pending:
            a = self._deploy(state, cands)        # where the rest of the army still finds room (packing.py)
            if a is not None:
                # first, scored just above the next place (the easy level may slip to a place
                # nearly as good: a novice places less carefully; engine/core/search.py EasyAgent)
                top = max((sc for sc, _ in scored), default=99.0)
                out.append((max(self.score(state, a), top) + 0.01, a, self.why(state, a)))
        kinds = set()
        for sc, i in scored:
            a = cands[i]
            if len(out) >= want and a.kind in kinds:
                continue
            if self.rules.check(state, a) is None:
                out.append((sc, a, self.why(state, a)))
                kinds.add(a.kind)
                if len(out) >= want + 3:
                    break
        if not out:
            if legal is None:
                legal = self.rules.legal_actions(state)
            out = [(0.0, a, "") for a in legal if a.player == p][:1]
        return out

    def candidates(self, state: BVFState, p: int) -> list:
        """The listed actions, and in deployment the places of the biggest
        unit still to deploy too (any unit may be placed: the widest blocks
        go first, while the zone has room for them)."""
        side = flow.to_act(state)
        cands = [a for g in legal.groups(state) for a in g() if a.player == side]
        if state.phase == "deploy" and not state.pending:
            left = alliance.mine(state, [u for u in state.units.values() if u.owner == side and not u.deployed
                                         and u.alive and u.kind == "unit"])
            if left:
                big = max(left, key=lambda u: (len(u.stands), -u.uid))
                if not any(a.kind == "deploy" and a["uid"] == big.uid for a in cands):
                    cands += legal.deploy_actions(state, big)
                cands += deploy.spots(state, big)      # facing the enemy, a lane open ahead
        if state.phase in flow.PHASES and not state.pending:
            # every unit with a counter, not only the next three listed: a unit boxed in behind
            # another moves after it rather than holding (its counter lost) first
            ready = [u for u in sorted(alliance.mine(state, flow.units_of(state, side)), key=lambda x: x.uid)
                     if flow.can_activate(state, u, state.phase)]
            for u in ready[legal.PHASE_UNITS:]:
                cands += legal.unit_actions(state, u)
        if state.phase == "combat" and not state.pending:
            # a charge at an enemy beyond the listed reach: it closes at double pace (closing_target)
            for u in alliance.mine(state, flow.units_of(state, side)):
                if "charge" in u.orders and flow.can_activate(state, u, "combat") and not u.engaged:
                    t = closing_target(state, u)
                    if t is not None and not any(a.kind == "charge" and a["uid"] == u.uid and a["target"] == t.uid
                                                 for a in cands):
                        cands.append(Action.make("charge", side, uid=u.uid, target=t.uid))
        if state.phase == "reform" and not state.pending:
            # a unit ordered to reform to face an enemy it could not charge: square on to its side
            for u in alliance.mine(state, flow.units_of(state, side)):
                if u.kind != "unit" or "reform" not in u.orders or not flow.can_activate(state, u, "reform"):
                    continue
                e = space.nearest_enemy(state, u)
                if e is not None and e.kind == "unit":
                    cands.append(Action.make("reform", side, uid=u.uid, formation=u.formation, files=u.files,
                                             facing=square_on(state, u, e)))
        if state.alliance is not None:        # the seat's own actions (the rules check the units are its own)
            cands = [alliance_turns.outward(state, a) for a in cands]
        return cands

    def walk_risk(self, state: BVFState, u: Unit, frame) -> float:
        """What an advance to `frame` risks (in the score's units): where an
        enemy charge next turn would break or destroy the unit (its
        expected gain half the unit's points or more: victory.py pays half
        for a broken unit), all of that gain (issue 35: the Levy walked to
        0.9" in front of Veteran heavy infantry); a lesser danger the
        normal general does not weigh (the strong general does:
        StrongGeneral.score)."""
        if u.kind != "unit":
            return 0.0
        risk = threat.added_danger(state, u, frame)
        if risk < 0.5 * u.profile.points * len(u.stands) / max(1, u.start_stands):
            return 0.0
        return THREAT_WEIGHT * risk

    def objective_gain(self, state: BVFState, u: Unit, frame) -> float:
        """What a move of u to `frame` gains for the scenario's objectives,
        at this general's share."""
        here = space.block(state, u).frame
        gain = objective_place(state, u, frame.x, frame.y)[0] - objective_place(state, u, here.x, here.y)[0]
        return self.objective_share * gain

    def objective_why(self, state: BVFState, a: Action) -> str:
        """'march on the square', 'hold the square', or ""."""
        u = state.units.get(a.get("uid"))
        if a.kind not in ("advance", "hold") or u is None or u.kind != "unit" or not u.on_table:
            return ""
        here = space.block(state, u).frame
        now, name = objective_place(state, u, here.x, here.y)
        if name and a.kind == "advance" and now < OBJECTIVE_HELD:
            return f"march on {name}: whoever holds it at the end scores its points (victory)"
        if name and a.kind == "hold" and now >= OBJECTIVE_HELD:
            return f"hold {name}: whoever holds it at the end scores its points (victory)"
        return ""

    def why(self, state: BVFState, a: Action) -> str:
        """The goal an action serves, in the victory's own terms (enemy
        points destroyed or broken, standards, objectives: victory.py)."""
        aim = self.objective_why(state, a)
        if aim:
            return aim
        k = a.kind
        u = state.units.get(a.get("uid"))
        t = state.units.get(a.get("target"))
        if k == "charge":
            pl = combat.plan(state, u, t)
            if pl.blocked:
                return f"close on {t.name}: its way in is blocked now, the charge still moves toward it"
            if not pl.reaches:
                gain = fight_outlook(state, u, t, "front", True, later=1)
                return (f"close on {t.name}: out of reach now, the charge still moves double pace toward it, to "
                        f"charge it next turn: {fight_words(gain, t)}")
            gain = fight_outlook(state, u, t, pl.side, True)
            return (f"charge {t.name} in the {pl.side if pl.side in ('rear', 'left', 'right') else 'front'}: "
                    f"{fight_words(gain, t)} (victory counts the units broken or destroyed on each side)")
        if k == "attack":
            gain = fight_outlook(state, u, t, combat._side_of(state, u, t), False, most=1)
            return f"keep fighting {t.name}: {round_words(gain, t)}"
        if k == "fire":
            if stats.machine(u):
                return f"shoot at {t.name} with the war machine: the nearest worthwhile target"
            mod = sum(v for _, v in fire.shooting_mods(state, u, t, False))
            need, _ = fire.need_for(state, t)
            hits = success.mean(u.figures(), need, 0, mod)
            if t.engaged:
                return (f"shoot into {possessive(t.name)} combat: about {hits:.1f} hits on every unit in it, ours too, "
                        f"{volley_words(volley_outlook(state, u, t, hits), t)}")
            return (f"shoot at {t.name}: about {hits:.1f} hits before saves, "
                    f"{volley_words(volley_outlook(state, u, t, hits), t)}")
        if k == "advance":
            e = space.nearest_enemy(state, u)
            if e is None:
                return "advance: no enemy left in sight"
            if stats.missile(state, u) is not None and not u.profile.mounted or u.kind == "general":
                return f"keep about 14\" from {e.name}: in range to shoot or to command, out of its charge"
            return f"close on {e.name} ({space.distance(state, u, e):.0f}\" away) to charge it next turn"
        if k == "deploy":
            return (f"deploy {u.name} near the centre of the zone: the widest blocks first while there is room "
                    "(§ Starting the Game)")
        if k == "fate":
            order = a["order"]
            article = "an" if order[0] in "aeiou" else "a"
            return f"Fate as {article} {order} order: the General's unit moves when it counts"
        if k == "fate_move":
            return "move the enemy's unit by Fate, as little as the rule allows"
        if k == "cast":
            sp = state.catalog.spells[a["spell"]]
            chance = spells.cast_chance(state, a.player, [u], a["spell"], t) if t else 0.0
            why = f"{percent(chance)} to reach {sp.threshold} successes"
            if t is not None and t.owner == u.owner and sp.effect in DEFENCES:
                danger = threat_to(state, t)
                if danger:
                    why = f"{danger}; {why}"
            return f"cast {sp.name} on {t.name if t else 'the target'}: {why}"
        if k == "dispel":
            return "dispel the enemy's spell: an unactivated Wizard may stop it"
        if k == "general_rally":
            return f"rally {u.name}: a fleeing unit gives the enemy half its points at the end"
        if k == "hold":
            if u is not None and u.engaged and state.phase == "combat":
                return ("hold: a round struck now would cost us more victory points than it gains (held, it "
                        "cannot strike back this turn if the enemy attacks)")
            return "hold: nothing this unit can do now is worth its counter"
        if k == "reform":
            return f"reform {u.name}: the formation its next order needs"
        if k == "withhold":
            return f"no room is left in the deployment zone for {u.name}"
        if k in ("decline", "allow"):
            return "nothing to gain by it"
        return k

    def choose(self, state: BVFState, legal, rng):
        """The best-scoring candidate that the rules allow: candidates come
        from the listed groups unchecked, scored, then checked best first
        (so a decision checks a handful, not every listed action)."""
        p = self.rules.to_act(state)
        if state.phase == "orders" and not state.pending:
            for a in plan_actions(state, p):
                if self.rules.check(state, a) is None:
                    self.last_reason = plan_reason(a)
                    return a
        cands = self.candidates(state, p)
        if state.phase == "deploy" and not state.pending:
            a = self._deploy(state, cands)
            if a is not None:
                self.last_reason = self.why(state, a)
                return a
        scored = sorted(((self.score(state, a), i) for i, a in enumerate(cands)), reverse=True)
        for _, i in scored:
            if self.rules.check(state, cands[i]) is None:
                self.last_reason = self.why(state, cands[i])
                return cands[i]
        if legal is None:
            legal = self.rules.legal_actions(state)
        return [a for a in legal if a.player == p][0]

    def _deploy(self, state: BVFState, cands: list) -> Action | None:
        """The widest unit still to place, where it scores best while the rest
        of the army still packs into the zone (packing.py: placed one by one
        where each looked best, the last blocks of a 2000-point army found
        no room on the Field of the Abaci and took no part in the battle)."""
        some = next((a for a in cands if a.kind == "deploy"), None)
        if some is None:
            return None
        v = state.units[some["uid"]]
        u = packing.order([v] + packing.still_to_place(state, v))[0]
        wrap = (lambda a: alliance_turns.outward(state, a)) if state.alliance is not None else (lambda a: a)
        mine = [wrap(a) for a in legal.deploy_actions(state, u) + (deploy.spots(state, u) if u.kind == "unit" else [])]
        return packing.place_for_me(state, u, mine, lambda a: self.rules.check(state, a) is None,
                                    lambda a: self.score(state, a), wrap)

    def score(self, state: BVFState, a: Action) -> float:
        k = a.kind
        if k == "deploy":
            return self.deploy_score(state, a)
        return self.phase_score(state, a)

    def deploy_score(self, state: BVFState, a: Action) -> float:
        """A place in deployment: deploy.value, the biggest units first."""
        x, y = a["x"], a["y"]
        u = state.units[a["uid"]]
        # the biggest units first (the zone fills up: a late wide block may find no room at all)
        # a big block that charges goes in an attack column: narrow enough to wheel onto a target
        # and to turn between our other units, with its impact hits (§ Attack Column;)
        column = 4.0 if a.get("formation") == "attack_column" and len(u.stands) >= 6 and \
            stats.missile(state, u) is None and stats.has_leader(u) else 0.0
        if stats.missile(state, u) is not None and a.get("formation") != u.formation:
            column = -5.0                 # missile troops shoot from a line (+2 Successes, § Line;)
        return deploy.value(state, u, Frame(x, y, a["facing"]), a["formation"], a["files"]) \
            + len(u.stands) * 2.0 + column

    def phase_score(self, state: BVFState, a: Action) -> float:
        """An action of the turn's phases (orders, spells, fire, combat,
        moves)."""
        k = a.kind
        if k == "fate":
            return {"advance": 3, "charge": 2}.get(a["order"], 0)
        if k == "fate_move":
            return -5
        if k == "decline":
            return 0
        if k == "allow":
            return 0
        if k == "dispel":
            # a unit whose Wizard dispels loses its own counter: only one with nothing better to do
            busy = sum(1 for x in a["wizards"] if state.units[x].kind == "unit"
                       and any(o != "spell" for o in state.units[x].orders))
            return 5 - 6 * busy
        if k == "general_rally":
            return 6
        if k == "hold":
            return 0.5 if state.phase == "reform" else HOLD_SCORE
        if k == "cast":
            sp = state.catalog.spells[a["spell"]]
            if spell_idle(state, sp.effect, state.units[a["target"]]):
                return -2.0                  # nothing the spell would change this turn: below a hold
            pr = spells.cast_chance(state, a.player, [state.units[a["uid"]]], a["spell"], state.units[a["target"]])
            val = {"casualty_dice": 2.0, "casualty_dice_per_success": 3.0, "chain_lightning": 4.0,
                   "forced_flee": 5.0, "reroll_attack": 1.5, "reroll_defence": 1.5, "all_rolls": 2.0,
                   "double_attacks": 3.0}.get(sp.effect, 0.5)
            return pr * val
        if k == "fire":
            u, t = state.units[a["uid"]], state.units[a["target"]]
            if stats.machine(u):
                return 5 - space.distance(state, u, t) * 0.05
            mod = sum(v for _, v in fire.shooting_mods(state, u, t, False))
            need, _ = fire.need_for(state, t)
            hits = success.mean(u.figures(), need, 0, mod)
            gain = volley_outlook(state, u, t, hits)
            if t.engaged and gain <= 0:
                return -1.5                 # into a combat where ours take the same hits: not worth it
            # the volley's worth toward victory (a block near breaking or its last stands first: the
            # hits on a fresh Levy block barely count), its hits the tie-break
            return 4 + gain * FIRE_GAIN + hits * 0.1 - (2 if t.engaged else 0)
        if k == "attack":
            u, t = state.units[a["uid"]], state.units[a["target"]]
            # this round in victory points: a round that only wears ours down is left for the enemy to
            # start (it strikes first then, ours back)
            gain = fight_outlook(state, u, t, combat._side_of(state, u, t), False, most=1)
            return 10 + gain * 0.1 if gain > 0 else -1.5
        if k == "charge":
            u, t = state.units[a["uid"]], state.units[a["target"]]
            pl = combat.plan(state, u, t)
            if pl.blocked:
                return -2.0                           # in reach, but the way in is blocked: it would stop short
            if not pl.reaches:
                m, good = closing(state, u, t)
                if m < 1.0:
                    return -1.5                       # out of reach and no room to close in: it would not move
                if not worth_closing(state, u, t):
                    return -1.2                       # closing on a fight it would lose
                # closing at the charge's double pace: how near (the General's reroll would be spent for
                # nothing: no stand arrives whatever the dice; the same action without it goes first)
                return 1.5 + max(-20.0, good) * 0.05 - (0.01 if a.get("reroll") else 0.0)
            bonus = {"rear": 3, "left": 2, "right": 2}.get(pl.side, 0)
            # worth it by what the fight gains toward victory over the rounds left (fight_outlook):
            # a losing fight is left alone (holding scores -1)
            gain = fight_outlook(state, u, t, pl.side, True)
            if gain <= 0:
                return -1.5
            return 5 + bonus - pl.length * 0.1 + gain * 0.1
        if k == "advance":
            u = state.units[a["uid"]]
            from engine.table.formations import BlockMove, block_move
            frame, _ = block_move(space.block(state, u), BlockMove(a.get("first", 0.0), a.get("angle", 0.0),
                                                                    a.get("then", 0.0)))
            e = space.nearest_enemy(state, u)
            if e is None:
                return self.objective_gain(state, u, frame)
            ex, ey = space.centre(state, e)
            d = ((frame.x - ex) ** 2 + (frame.y - ey) ** 2) ** 0.5
            if stats.missile(state, u) is not None and not u.profile.mounted:
                return 1 - abs(d - 14) * 0.1 + self.objective_gain(state, u, frame) - self.walk_risk(state, u, frame)
            if u.kind == "general":
                return 1 - abs(d - 14) * 0.1
            # the inches gained on the nearest enemy (a far enemy is no reason to hold), the front
            # units first (those behind them follow into the room they leave)
            here = space.frame_of(u)
            d0 = ((here.x - ex) ** 2 + (here.y - ey) ** 2) ** 0.5
            return 2 + (d0 - d) * 0.1 - d * 0.02 + self.objective_gain(state, u, frame) - self.walk_risk(state, u, frame)
        if k == "reform":
            u = state.units[a["uid"]]
            same = a.get("formation") in (None, u.formation)
            sc = (0.3 if same else 0.0) + (0.1 if a.get("files") in (None, u.files) else 0.0)
            e = space.nearest_enemy(state, u)
            if e is not None and e.kind == "unit" and u.kind == "unit" and "reform" in u.orders:
                square = square_on(state, u, e)
                if space.angle_between(square, u.facing) > 5.0 and space.angle_between(square, a["facing"]) < 1.0:
                    sc += 1.0                         # turn square to the enemy it could not charge (_turn_to_face)
            return sc
        return 0


def _points(t: Unit) -> float:
    return float(t.profile.points) if t.profile is not None else 0.0


@dataclass(frozen=True)
class Outlook:
    """The words for an expected gain toward victory: one that breaks or
    destroys (half the unit's points or more: victory.py pays half for a
    broken unit), any gain, and none."""
    breaks: str
    gains: str
    loses: str

    def say(self, gain: float, t: Unit) -> str:
        if gain >= 0.5 * _points(t):
            return self.breaks
        return self.gains if gain > 0 else self.loses


# The reasons speak of a fight's or a volley's outlook in words, not in the estimate's figures
# (issue 35: "about +113 victory points in our favour" read as a score no player keeps)
FIGHT = Outlook("a fight likely to break or destroy it", "a fight we should come out of ahead",
                "a fight that would cost us more than it gains")           # a charge's or a closing move's
ROUND = Outlook("this round may break it", "this round should cost it more than us",
                "this round would cost us more than it")                     # one more round struck
VOLLEY = Outlook("enough to break or destroy it", "casualties that count toward victory",
                 "too few casualties to count for much")                     # what a volley's hits should take
THREAT = Outlook("and likely break or destroy it (victory)", "and come out of that fight ahead (victory)",
                 "and come out of that fight ahead (victory)")             # an enemy charge at our unit


def fight_words(gain: float, t: Unit) -> str:
    return FIGHT.say(gain, t)


def round_words(gain: float, t: Unit) -> str:
    return ROUND.say(gain, t)


def volley_words(gain: float, t: Unit) -> str:
    return VOLLEY.say(gain, t)


def threat_words(risk: float, u: Unit) -> str:
    return THREAT.say(risk, u)


HOLD_SCORE = -1.0        # a hold outside the Reform phase: what any move must beat
OBJECTIVE_PULL = 0.5     # per inch closer to an objective nobody of ours holds
OBJECTIVE_HELD = 10.0    # standing in reach of it


def objective_place(state: BVFState, u: Unit, x: float, y: float) -> tuple[float, str]:
    """How good it is for u's command stand to stand at (x, y) for the
    scenario's objectives (victory.py: a unit within range, none of the
    enemy's, holds one at the end): in reach of one, or closing on the
    nearest one, and its name for the reason."""
    v = state.catalog.scenario(state.scenario).victory
    objs = victory.objectives(state) if v.objective else []
    if not objs or u.kind != "unit":
        return 0.0, ""
    best, why = -1e9, ""
    for i, z in enumerate(objs):
        ox, oy = z.centre
        d = ((x - ox) ** 2 + (y - oy) ** 2) ** 0.5
        name = getattr(z, "name", "") or f"objective {i + 1}"
        val = OBJECTIVE_HELD if d <= v.objective_range + 1.0 else -OBJECTIVE_PULL * d
        if val > best:
            best, why = val, name
    return best, why


def contested_points(state: BVFState, t: Unit) -> float:
    """The points of the scenario's objectives that enemy unit `t` keeps
    from its enemy: it stands in reach of them, not fleeing (victory.py
    holder_of: one unit of each side in reach and nobody holds it)."""
    v = state.catalog.scenario(state.scenario).victory
    if not v.objective or t.kind != "unit" or t.fleeing or not t.on_table:
        return 0.0
    fs = space.feet(state, t)
    out = 0.0
    for z in victory.objectives(state):
        x, y = z.centre
        if any(space.point_distance(f, x, y) <= v.objective_range for f in fs):
            out += v.objective
    return out


DEFENCES = ("reroll_defence", "enemies_do_not_attack", "enemy_rerolls_successes")   # the spells that guard a unit


def spell_idle(state: BVFState, effect: str, t: Unit) -> bool:
    """Whether a spell on our own unit `t` would change nothing this turn
    (issue 35: Magic Armor on our Stone Thrower at the back edge, far from
    any threat, three turns of four): a defence while no enemy can charge
    or shoot it, an attack while it neither fights nor has a charge that
    reaches, double shots without a Fire order and a target."""
    if t.owner is None or t.kind != "unit":
        return False
    if effect in DEFENCES:
        return not (t.engaged or _threatened(state, t))
    if effect in ("reroll_attack", "double_attacks"):
        return not (t.engaged or ("charge" in t.orders and not t.activated and any(
            _open_charge(state, t, e) for e in space.enemies(state, t) if e.kind == "unit")))
    if effect == "double_shots":
        return not ("fire" in t.orders and not t.activated and fire.targets(state, t))
    return False


def _threatened(state: BVFState, t: Unit) -> bool:
    """An enemy unit could charge or shoot `t` this turn (threat_to): a
    defence spell lasts "for the turn" (§ Magic Armor), so a charger
    that reaches only next turn makes it worth nothing."""
    return threat_to(state, t) != ""


def threat_to(state: BVFState, t: Unit) -> str:
    """Who could strike our unit `t` this turn, in words for the reason of
    a defence spell ("Berserkers could charge it"; "" none).  Read from the
    counters on the table, face up since the reveal (§ Phase 3 Reveal
    Orders;): a charge from an enemy unit with a Charge counter not yet
    spent (or near its General, who may pass his on: § Order Counter
    Types;) that has `t` in its arc and within its reach; a volley from
    missile troops with a Fire counter, in their weapon's range, a war
    machine only where `t` is the target it would pick (its nearest: a
    Stone Thrower's range has no end, and the wizard armoured our own Bolt
    Thrower at the back edge in a play-test).  Seen against hard: Magic
    Armor on a Levy block 30" from the enemy's wolves, whose charge
    could reach it only the turn after."""
    feet = space.feet(state, t)
    for e in space.enemies(state, t):
        if e.kind != "unit" or e.fleeing or e.activated:
            continue
        if _may_charge_now(state, e) and space.distance(state, t, e) <= combat.charge_reach(state, e) and \
                block_in_arc(space.block(state, e), feet, space.arc_of(e)):
            return f"{e.name} could charge it"
    for e in space.enemies(state, t):
        if e.kind != "unit" or e.fleeing or e.activated or stats.missile(state, e) is None:
            continue
        if not any(o in ("fire", "fire_and_flee") for o in e.orders):
            continue
        if stats.machine(e):
            if fire.nearest_target(state, e) is t:
                return f"{e.name} would shoot at it (its nearest target)"
        elif space.distance(state, t, e) <= fire.weapon_range(state, e):
            return f"it is in range of {e.name}"
    return ""


def _may_charge_now(state: BVFState, e: Unit) -> bool:
    """Enemy unit `e` may still charge this turn: its own Charge counter
    not spent, or its General's, which he may pass to a unit within 12"."""
    if "charge" in e.orders:
        return True
    g = space.general_of(state, e.owner)
    return g is not None and "charge" in g.orders and not g.activated and space.near_general(state, e)


# per victory point a volley is expected to gain (volley_outlook), what it adds to a Fire's score
FIRE_GAIN = 0.2
# per victory point an enemy charge could gain next turn where an advance leaves the unit (the same
# scale as a charge's own gain: GeneralAgent.score)
THREAT_WEIGHT = 0.1


_ = (legal, spells)
