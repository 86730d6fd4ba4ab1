"""The Dice Wars ruleset: legal actions, checks with reasons, and apply.

Each action kind is declared once (actions.py) with its applier
(apply.py, with the guard's trigger and counterstrike) and its words
(describe.py).  The checks (here) go by phase first: actions.py says why
they are not split by kind.  Topic modules hold the rules themselves:
movement, targeting, combat, skills, cities, flow, victory, setup (games/dice_wars/rules/).
"""
from __future__ import annotations

from engine.core import registry
from engine.core.actions import Action
from engine.core.computer_players import ComputerPlayers
from engine.core.game import Game, GameParts
from engine.core.rules import Event, Illegal, OptionSpec, Outcome, refusal
from engine.core.words import possessive
from engine.hex import grid as hexgrid
from games.dice_wars.rules import actions, apply, cities, movement, flow, setup, skills, stats, targeting, tile_draft
from games.dice_wars.rules.board import SCENARIOS
from games.dice_wars.rules.citations import (R_ALLY, R_DEPLOY, R_DRAFT, R_FACING, R_GUARD, R_MOVE, R_PHASE, R_RELICS, R_SKILL,
                                       R_TOURNEY)
from games.dice_wars.rules import catalog, describe, invariants, judge, position, rulings
from games.dice_wars.ui import coach
from games.dice_wars.rules.state import DWState, Unit
from games.dice_wars.rules.targeting import action_target as _target

COMMAND_KINDS = ("move", "face", "attack", "skill", "capture", "guard", "city_skill", "relic_skill",
                 "search_ruins", "end_phase", "propose_alliance", "break_alliance")


def hex_label(h) -> str:
    col, row = hexgrid.axial_to_offset(tuple(h))
    return f"{chr(65 + col) if col < 26 else col}{row + 1}"


class DiceWarsRules(Game):
    game_id = "dice_wars"
    ui_package = "games.dice_wars.ui"
    parts = GameParts(describe=describe, catalog=catalog, invariants=invariants, position=position, judge=judge,
                      rulings=rulings, coach=coach)
    declared = actions.DECLARED

    def computer(self) -> ComputerPlayers:
        from games.dice_wars.ai import players  # the computer players read the rules: loaded when first asked for
        return players.COMPUTER
    title = "Dice Wars: Heroes of Polyhedra"
    min_players = 2
    max_players = 4
    data_version = "1"
    rulebook = "dice_wars.txt"

    # ---- setup ---------------------------------------------------------------
    def options(self) -> list[OptionSpec]:
        return [
            OptionSpec("fight_to_death", "Fight to the death", False, help="A defeated player is removed; play on until one side stands (§ Win Conditions)"),
            OptionSpec("relics", "I: Ancient Relics", False, help="Cities hold relics for whoever meets their condition"),
            OptionSpec("faction_bonuses", "II: Faction bonuses (draft)", False, help="Low roller drafts factions; each faction has a bonus"),
            OptionSpec("tile_placement", "III: Who lays the tiles", "random", ("random", "players"),
                       help="On shuffled maps: the dice lay them, or the players take turns, low roller first"),
            OptionSpec("hinterland_sites", "IV: Hinterland sites", "none", ("none", "ruins", "cities"),
                       help="On Hinterland maps: add ruins (search for relics) or cities (Diplomacy replaces Dominion)"),
            OptionSpec("alliances", "V: Alliances", False, help="Propose or break alliances at the start of your phase"),
            OptionSpec("coalition", "V: Coalition", "none", tuple(setup.COALITIONS), help="Permanent teams (3-4 players)"),
            OptionSpec("tournament_deploy", "VI: Tournament deployment", False, help="Binding deployment, lowest roller first"),
            OptionSpec("veterans", "VII: Veteran units", False, help="An advanced unit that kills becomes a veteran"),
        ]

    def scenarios(self) -> list[str]:
        return list(SCENARIOS)

    def players_note(self, players: int) -> str:
        """The launcher's word on three players: the corners are taken
        clockwise from the top-left, so the top-right seat sits between the
        other two (docs/games/dice_wars.md § The judge and the balanced
        map's fairness: measured, the balanced map is fair for 2 and 4)."""
        if players == 3:
            return ("3 players: the top-right seat sits between the other two, attacked from both sides (on the "
                    "balanced map it won 19% of the computer's games; a fair share is 33%)")
        return ""

    def initial_state(self, s, dice, catalog=None):
        state, events = setup.initial_state(s, dice, catalog or self.catalog())
        state.cache = {}
        return state, events

    def in_setup(self, state: DWState) -> bool:
        return state.phase in ("tiles", "draft", "deploy")

    def to_act(self, state: DWState) -> int:
        return state.pending.player if state.pending else state.current

    def player_name(self, state: DWState, p: int) -> str:
        return state.players[p].name

    def hidden_from_others(self, state: DWState, p: int) -> bool:
        return False          # Dice Wars has no hands: everything on the table is public

    def outcome(self, state: DWState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(state.winners, state.win_reason, state.win_rule)

    # ---- legal actions --------------------------------------------------------
    def legal_actions(self, state: DWState) -> list[Action]:
        if state.phase == "over":
            return []
        if state.phase == "tiles":
            return tile_draft.legal(state)
        if state.phase == "draft":
            p = state.draft[0]
            taken = {f for pl in state.players for f in pl.factions}
            return [Action.make("pick_faction", p, faction=f) for f in setup.FACTIONS if f not in taken]
        if state.phase == "deploy":
            return self._legal_deploy(state)
        if state.pending is not None:
            return self._legal_pending(state)
        p = state.current
        out: list[Action] = []
        for u in list(stats.living(state, p)):
            act = flow.activation(state, u.uid)
            if act is None and len(state.activations) >= 2:
                continue
            out.extend(self._unit_actions(state, u, act))
        out.extend(self._phase_choices(state, p))
        for q in state.players:          # interrupts: other holders' relic spells
            if q.index != p and q.alive and q.relics:
                out.extend(self._spell_actions(state, q.index))
        return out

    def sample_legal(self, state: DWState, rng) -> Action:
        """A random legal action without listing them all: pick a unit (or
        the phase's other choices) uniformly, then one of its actions.  The
        random player of simulate and bench; equals a member of
        legal_actions (tested)."""
        if state.phase != "command" or state.pending is not None:
            legal = self.legal_actions(state)
            return legal[rng.randrange(len(legal))]
        p = state.current
        groups: list = [u for u in stats.living(state, p)
                        if flow.activation(state, u.uid) is not None or len(state.activations) < 2]
        groups.append(None)
        while groups:
            i = rng.randrange(len(groups))
            g = groups[i]
            if g is None:
                acts = self._phase_choices(state, p) + self._spell_actions(state, p)
            else:
                acts = self._unit_actions(state, g, flow.activation(state, g.uid))
            if acts:
                return acts[rng.randrange(len(acts))]
            groups.pop(i)
        raise AssertionError("no legal action in an unfinished game")

    def _phase_choices(self, state: DWState, p: int) -> list[Action]:
        out: list[Action] = []
        if state.options.get("alliances") and not state.activations:
            for q in state.players:
                if q.index != p and q.alive:
                    if q.index in state.players[p].allies:
                        out.append(Action.make("break_alliance", p, to=q.index))
                    elif not stats.friendly(state, p, q.index):
                        out.append(Action.make("propose_alliance", p, to=q.index))
        if len(state.activations) >= flow.required_activations(state, p):
            out.append(Action.make("end_phase", p))
        out.extend(self._spell_actions(state, p))
        return out

    def _spell_actions(self, state: DWState, p: int) -> list[Action]:
        """Relic spells the player may cast now: at any time, even in
        another player's phase (Challenge I)."""
        out: list[Action] = []
        for rid in state.players[p].relics:
            sp = state.catalog.relics[rid].spell
            for t in self._targets(state, None, None, sp):
                if targeting.skill_target_problem(state, None, None, sp, t, owner=p) is None:
                    out.append(Action.make("relic_spell", p, relic=rid, target=t))
        return out

    def _unit_actions(self, state: DWState, u: Unit, act) -> list[Action]:
        p = u.owner
        out: list[Action] = []
        left = act.move_left if act else movement.base_move(state, u)
        if left > 0 and not stats.has_status(u, "rooted"):
            found, _ = movement.reach(state, u, left, act.guards_faced if act else ())
            uid = ("uid", u.uid)
            out.extend(Action("move", p, (("to", h), uid)) for h in found if h != u.pos)
        if act is None or act.ended_with != "action":
            out.extend(Action("face", p, (("facing", d), ("uid", u.uid))) for d in range(6)
                       if d != u.facing or act is None)
        if act is not None and act.acted:
            return out
        out.extend(self._action_options(state, u))
        return out

    def _action_options(self, state: DWState, u: Unit, only_target: int | None = None) -> list[Action]:
        """The unit's possible actions (one per turn)."""
        p = u.owner
        out: list[Action] = []
        if not stats.has_status(u, "disarmed"):
            reach = targeting.max_range(state, u)
            for t in stats.living(state):
                if only_target is not None and t.uid != only_target:
                    continue
                if hexgrid.distance(u.pos, t.pos) > reach:
                    continue
                if not stats.friendly(state, p, t.owner) and targeting.weapon_target_problem(state, u, t) is None:
                    out.append(Action.make("attack", p, uid=u.uid, target=t.uid))
        sk = stats.card(u).skill
        if sk is not None and not stats.has_status(u, "taunted"):
            for target, carry in self._skill_choices(state, u, u.pos, sk):
                if only_target is None or only_target in [v.uid for v in skills.affected(state, sk, u, p, target)]:
                    out.append(Action.make("skill", p, uid=u.uid, target=target, carry=carry))
        if only_target is not None:
            return out
        if cities.capture_problem(state, u) is None:
            out.append(Action.make("capture", p, uid=u.uid))
        out.extend(Action("guard", p, (("facing", d), ("uid", u.uid))) for d in range(6))
        for cid in sorted(stats.side_city_cards(state, p)):
            cc = state.catalog.cities[cid]
            if cc.skill is None:
                continue
            for target in cities.city_skill_candidates(state, u, cid, self._targets(state, None, None, cc.skill)
                                                       if cc.skill.target not in ("hex", "empty_hex") else None):
                if cities.city_skill_problem(state, u, cid, target) is None:
                    out.append(Action.make("city_skill", p, uid=u.uid, city=cid, target=target))
        for q in stats.side(state, p):
            for rid in state.players[q].relics:
                r = state.catalog.relics[rid]
                if r.skill is not None:
                    for target, carry in self._skill_choices(state, u, u.pos, r.skill):
                        out.append(Action.make("relic_skill", p, uid=u.uid, relic=rid, target=target, carry=carry))
        if cities.ruins_problem(state, u) is None and state.relic_deck:
            out.append(Action.make("search_ruins", p, uid=u.uid))
        return out

    def _targets(self, state: DWState, u: Unit | None, origin, sk) -> list:
        if sk.target in ("hex", "empty_hex"):
            if sk.range is not None and origin is not None:
                cands = [h for h in hexgrid.within(origin, sk.range) if h in state.board.terrain]
            elif sk.target == "empty_hex":
                cands = list(state.board.hexes)
            else:   # anywhere: hexes where the effect reaches a unit
                cands = sorted({h for v in stats.living(state) for h in hexgrid.within(v.pos, sk.radius)
                                if h in state.board.terrain})
        elif sk.range is not None and origin is not None:
            cands = [v.uid for v in stats.living(state) if hexgrid.distance(origin, v.pos) <= sk.range]
        else:
            cands = [v.uid for v in stats.living(state)]
        return [t for t in cands if targeting.skill_target_problem(state, u, origin, sk, t) is None]

    def _skill_choices(self, state: DWState, u: Unit, origin, sk) -> list:
        targets = self._targets(state, u, origin, sk)
        if not sk.carry:
            return [(t, None) for t in targets]
        allies = [v.uid for v in stats.living(state) if v.uid != u.uid
                  and stats.friendly(state, v.owner, u.owner) and hexgrid.distance(v.pos, u.pos) == 1]
        return [(t, c) for t in targets for c in allies if t != c]

    def _legal_pending(self, state: DWState) -> list[Action]:
        pend = state.pending
        if pend.kind == "alliance":
            return [Action.make("answer_alliance", pend.player, accept=True),
                    Action.make("answer_alliance", pend.player, accept=False)]
        u = state.units[pend.uid]
        out = [Action.make("counterstrike", pend.player)]
        act = flow.activation(state, u.uid)
        if act is not None and not act.acted:
            out.extend(self._action_options(state, u, only_target=pend.guard))
        for q in state.players:
            if q.alive and q.relics:
                out.extend(self._spell_actions(state, q.index))
        return out

    def _legal_deploy(self, state: DWState) -> list[Action]:
        p = state.current
        out: list[Action] = []
        binding = state.options.get("tournament_deploy")
        mine = [u for u in state.units.values() if u.owner == p and u.hp > 0]
        for u in mine:
            if (binding and u.pos is not None) or u.uid in state.deploy_moved:
                continue
            for h in setup.deploy_zone(state, u):
                if h not in state.occupied:
                    out.append(Action.make("deploy", p, uid=u.uid, to=h))
        if any(u.pos is None for u in mine):
            out.append(Action.make("auto_deploy", p))
        else:
            out.append(Action.make("end_deploy", p))
        return out

    # ---- checks ---------------------------------------------------------------
    def check(self, state: DWState, a: Action) -> Illegal | None:
        return refusal(self._check, state, a, actions.DECLARED)

    def _check(self, state: DWState, a: Action):
        if state.phase == "over":
            return "The game is over."
        if a.kind == "relic_spell":
            return self._check_spell(state, a)
        if a.player != self.to_act(state):
            who = state.players[self.to_act(state)].name
            rule = {"tiles": tile_draft.R_SHUFFLE, "draft": R_DRAFT, "deploy": R_DEPLOY}.get(state.phase, R_PHASE)
            if state.pending is not None:
                rule = R_ALLY if state.pending.kind == "alliance" else R_GUARD
            if not 0 <= a.player < len(state.players):
                return f"There is no player {a.player + 1}."
            return (f"It is {possessive(who)} decision now, not {possessive(state.players[a.player].name)}.", rule)
        if state.phase == "tiles":
            return tile_draft.problem(state, a)
        if state.phase == "draft":
            if a.kind != "pick_faction":
                return ("Factions are being drafted.", R_DRAFT)
            taken = {f for pl in state.players for f in pl.factions}
            if a["faction"] not in setup.FACTIONS or a["faction"] in taken:
                return ("That faction is not available.", R_DRAFT)
            return None
        if state.phase == "deploy":
            return self._check_deploy(state, a)
        pend = state.pending
        if pend is not None:
            if pend.kind == "alliance":
                return None if a.kind == "answer_alliance" else ("Answer the alliance proposal first.", R_ALLY)
            if a.kind == "counterstrike":
                return None
            if a.kind not in ("attack", "skill"):
                g = state.units[pend.guard]
                return (f"{stats.unit_label(state, state.units[pend.uid])} stands in the front hex of a guarding "
                        f"{stats.card(g).name}: attack it or suffer its counterstrike.", R_GUARD)
            if a["uid"] != pend.uid:
                return ("Only the unit that entered the guard's front hex may respond.", R_GUARD)
        if a.kind == "counterstrike":
            return ("No guard is waiting to counterstrike.", R_GUARD)
        if a.kind == "answer_alliance":
            return ("No alliance has been proposed.", R_ALLY)
        if a.kind == "end_phase":
            need = flow.required_activations(state, a.player)
            if len(state.activations) < need:
                return (f"You must activate and take a turn with 2 units during your phase "
                        f"({len(state.activations)} so far).", R_PHASE)
            return None
        if a.kind in ("propose_alliance", "break_alliance"):
            return self._check_alliance(state, a)
        if a.kind not in COMMAND_KINDS:
            return f"Unknown action {a.kind!r}."
        u = state.units.get(a["uid"])
        if u is None or u.owner != a.player:
            return "That is not one of your units."
        if u.hp <= 0 or u.pos is None:
            return "That unit is no longer on the board."
        prob = flow.activation_problem(state, u)
        if prob:
            return prob
        act = flow.activation(state, u.uid)
        if a.kind == "move":
            return self._check_move(state, u, act, tuple(a["to"]))
        if a.kind == "face":
            if not 0 <= a["facing"] <= 5:
                return "Facing is one of six directions."
            if act is not None and act.ended_with == "action":
                return ("After an action the unit faces the direction of that action; move again to choose "
                        "a new facing.", R_FACING)
            return None
        if act is not None and act.acted:
            return (f"{stats.card(u).name} has already taken its action this turn.", R_PHASE)
        if pend is not None:
            return self._check_guard_response(state, u, a)
        return self._check_action(state, u, a)

    def _check_move(self, state, u, act, to):
        if stats.has_status(u, "rooted"):
            c = stats.has_status(u, "rooted")
            return (f"{stats.card(u).name} is rooted by {c.source} and cannot move.", "dice_wars.txt § Conditions")
        if to == u.pos:
            return "The unit is already there."
        left = act.move_left if act else movement.base_move(state, u)
        if left <= 0:
            return (f"{stats.card(u).name} has no movement left this turn.", R_MOVE)
        found, _ = movement.reach(state, u, left, act.guards_faced if act else ())
        if to not in found:
            return movement.move_blocked_reason(state, u, to, act)
        return None

    def _check_action(self, state, u, a):
        k = a.kind
        if k == "attack":
            if stats.has_status(u, "disarmed"):
                return (f"{stats.card(u).name} is disarmed and cannot make weapon attacks.", "dice_wars.txt § Conditions")
            t = state.units.get(a["target"])
            if t is None or t.hp <= 0 or t.pos is None:
                return "There is no unit to attack there."
            return targeting.weapon_target_problem(state, u, t)
        if k == "skill":
            sk = stats.card(u).skill
            if sk is None:
                return f"{stats.card(u).name} has no skill."
            c = stats.has_status(u, "taunted")
            if c:
                return (f"{stats.card(u).name} is taunted ({c.source}) and cannot use skills.", "dice_wars.txt § Conditions")
            return self._check_skill_target(state, u, sk, a)
        if k == "capture":
            return cities.capture_problem(state, u)
        if k == "guard":
            return None if 0 <= a["facing"] <= 5 else "Facing is one of six directions."
        if k == "city_skill":
            return cities.city_skill_problem(state, u, a["city"], _target(a))
        if k == "relic_skill":
            rid = a["relic"]
            if not any(rid in state.players[q].relics for q in stats.side(state, u.owner)):
                return ("Your side does not hold that relic.", R_RELICS)
            sk = state.catalog.relics[rid].skill
            if sk is None:
                return "That relic has no skill."
            return self._check_skill_target(state, u, sk, a)
        if k == "search_ruins":
            if not state.relic_deck:
                return ("The relic pile is empty.", R_RELICS)
            return cities.ruins_problem(state, u)
        return f"Unknown action {k!r}."

    def _check_skill_target(self, state, u, sk, a):
        target = _target(a)
        prob = targeting.skill_target_problem(state, u, u.pos, sk, target)
        if prob:
            return prob
        carry = a.get("carry")
        if sk.carry:
            c = state.units.get(carry) if carry is not None else None
            if c is None or c.hp <= 0 or c.pos is None or c.uid == u.uid:
                return (f"{sk.name} carries an adjacent ally: choose one.", R_SKILL)
            if not stats.friendly(state, c.owner, u.owner) or hexgrid.distance(c.pos, u.pos) != 1:
                return (f"{sk.name} carries an ally standing next to the user.", R_SKILL)
            if c.uid == target:
                return "The carried ally cannot be the target."
        elif carry is not None:
            return f"{sk.name} carries nobody."
        return None

    def _check_guard_response(self, state, u, a):
        pend = state.pending
        prob = self._check_action(state, u, a)
        if prob:
            return prob
        if a.kind == "attack" and a["target"] != pend.guard:
            return ("The unit must attack the guarding unit, or suffer its counterstrike.", R_GUARD)
        if a.kind == "skill":
            sk = stats.card(u).skill
            if pend.guard not in [v.uid for v in skills.affected(state, sk, u, u.owner, _target(a))]:
                return ("The skill must strike the guarding unit, or suffer its counterstrike.", R_GUARD)
        return None

    def _check_deploy(self, state, a):
        p = state.current
        mine = [u for u in state.units.values() if u.owner == p and u.hp > 0]
        if a.kind == "auto_deploy":
            return None if any(u.pos is None for u in mine) else "All your units are already placed."
        if a.kind == "end_deploy":
            missing = sum(1 for u in mine if u.pos is None)
            return f"Place all your units first ({missing} left)." if missing else None
        if a.kind != "deploy":
            return ("Armies are still being deployed.", R_DEPLOY)
        u = state.units.get(a["uid"])
        if u is None or u.owner != p:
            return "That is not one of your units."
        if u.pos is not None and state.options.get("tournament_deploy"):
            return ("Tournament deployment: placements are binding once made.", R_TOURNEY)
        if u.uid in state.deploy_moved:
            return ("Each unit is placed once per deployment turn; adjust it again on your next "
                    "deployment turn.", R_DEPLOY)
        to = tuple(a["to"])
        if to not in setup.deploy_zone(state, u):
            t = state.board.terrain.get(to)
            if t is not None and not state.catalog.terrain[t].passable:
                return ("Units cannot deploy into impassable terrain.", R_DEPLOY)
            return ("Units deploy within the corner tile closest to their army.", R_DEPLOY)
        if to in state.occupied and state.occupied[to] != u.uid:
            return ("One unit per hex.", R_DEPLOY)
        return None

    def _check_alliance(self, state, a):
        if not state.options.get("alliances"):
            return ("Alliances are not in play (Challenge V is off).", R_ALLY)
        if state.activations:
            return ("Alliances are proposed or broken at the beginning of your phase, before you activate a unit.", R_ALLY)
        q = a["to"]
        if not (0 <= q < len(state.players)) or q == a.player or not state.players[q].alive:
            return "Choose another player still in the game."
        allied = q in state.players[a.player].allies
        if a.kind == "break_alliance" and not allied:
            return "You are not allied with that player."
        if a.kind == "propose_alliance" and stats.friendly(state, a.player, q):
            return "You are already on the same side."
        return None

    def _check_spell(self, state, a):
        rid = a["relic"]
        p = a.player
        if not (0 <= p < len(state.players)) or rid not in state.players[p].relics:
            return ("Only the holder of a relic can cast its spell.", R_RELICS)
        if state.phase != "command":
            return ("Relic spells are cast once the battle has begun.", R_RELICS)
        sp = state.catalog.relics[rid].spell
        return targeting.skill_target_problem(state, None, None, sp, _target(a), owner=p)

    # ---- apply -----------------------------------------------------------------
    def apply(self, state: DWState, a: Action, dice) -> list[Event]:
        ev: list[Event] = []
        # a move reuses the reach the listing just searched, while the cache still holds it
        reach = apply.listed_reach(state, a) if a.kind == "move" else None
        state.cache = None           # derived values are recomputed while the state changes
        try:
            if reach is not None:
                apply.do_move(state, a, dice, ev, reach)
            else:
                actions.SPECS[a.kind].apply(state, a, dice, ev)
        finally:
            state.cache = {}
        if state.phase == "command" and not state.players[state.current].alive and state.pending is None:
            flow.next_player(state, ev)
        return ev


RULES = DiceWarsRules()
registry.register(RULES)
