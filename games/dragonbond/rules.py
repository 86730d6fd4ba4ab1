"""The Dragonbond ruleset: checks with reasons, apply, legal actions.

Each action kind has one checker (games/dragonbond/checks.py) and one
applier here.  Topic modules hold the rules: setup, turns, movement and
moves, combat, powers, wounds, flow (the resolution steps that wait for
decisions), space (the table), stats (what a unit is now), choices (the
representative legal actions).  Decisions: docs/games/dragonbond.md.
"""
from __future__ import annotations

from engine.core import registry
from engine.core.actions import Action
from engine.core.computer_players import ComputerPlayers
from engine.core.game import Game, GameParts
from engine.core.rules import Event, Illegal, OptionSpec, Outcome, refusal
from games.dragonbond import (actions, checks, choices, combat, flow, moves, movement, position, powers, setup, stats,
                              turn_loop, turns, wounds)
from games.dragonbond.catalog import cat
from games.dragonbond.frames import Casualties, push
from games.dragonbond import catalog, coach, describe, invariants, judge, rulings
from games.dragonbond.state import DBState

R_RUN = "dragonbond.txt § Run [1]"
R_CHARGE = "dragonbond.txt § Charge [2]"
R_REST = "dragonbond.txt § Rest [-1]"
R_DISENGAGE = "dragonbond.txt § Disengage [1]"
R_COORD = "dragonbond.txt § Coordinated Move [0]"
R_ATTACK = "dragonbond.txt § Attack [1]:"
R_FATIGUE = "dragonbond.txt § Activations and Fatigue"
R_ENDING = "dragonbond.txt § Ending a Round"
R_WAIT = "dragonbond.txt § Wait [0]"


class DragonbondRules(Game):
    game_id = "dragonbond"
    parts = GameParts(describe=describe, catalog=catalog, invariants=invariants, position=position, judge=judge,
                      rulings=rulings, coach=coach)
    declared = actions.DECLARED

    def computer(self) -> ComputerPlayers:
        from games.dragonbond import ai        # the computer players read the rules: loaded when first asked for
        return ai.COMPUTER
    title = "Dragonbond: Battles of Valerna"
    min_players = 2
    max_players = 4
    data_version = "1"
    army_lists = True                # army_catalog, army_problems, army_summary below
    rulebook = "dragonbond.txt"

    # ---- setup -------------------------------------------------------------------------
    def options(self) -> list[OptionSpec]:
        return [
            OptionSpec("mode", "Game mode", "control", ("control", "annihilation"),
                       help="Control: objectives and points (needs a general each); annihilation: destroy them all"),
        ]

    # ---- army lists (engine/core/army_lists.py) ------------------------------------------
    def army_catalog(self):
        from games.dragonbond.army import army_catalog
        return army_catalog(cat())

    def army_problems(self, army_list) -> list:
        from games.dragonbond.army import list_problems
        return list_problems(cat(), army_list)

    def army_summary(self, army_list) -> str:
        from games.dragonbond.army import list_points
        lim = cat().limits.get(army_list.fields.get("size"))
        pts = list_points(cat(), army_list)
        n = len(army_list.entries)
        if lim is None:
            return f"{pts} points, {n} units"
        return f"{pts} / {lim.points} points, {n} / {lim.max_units} units ({lim.name})"

    def scenarios(self) -> list[str]:
        return list(cat().scenarios)

    fingerprint_since = 3        # format 3: the frames still to resolve became typed values (games/dragonbond/frames.py)

    def initial_state(self, s, dice):
        state, events = setup.initial_state(s, dice, position.build)
        turn_loop.run_frames(state, dice, events)
        return state, events

    def in_setup(self, state: DBState) -> bool:
        return state.phase in ("bond", "edge", "deploy")

    def to_act(self, state: DBState) -> int:
        return checks.to_act(state)

    def player_name(self, state: DBState, p: int) -> str:
        return state.players[p].name

    def hidden_from_others(self, state: DBState, p: int) -> bool:
        return False

    def outcome(self, state: DBState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(state.winners, state.win_reason, state.win_rule)

    # ---- legal actions ------------------------------------------------------------------
    def legal_actions(self, state: DBState) -> list[Action]:
        return choices.legal(state)

    def sample_legal(self, state: DBState, rng) -> Action:
        """A random listed action without listing them all: a random group
        (a unit's moves, its attacks, its powers, its special actions...),
        then one of its actions."""
        return choices.sample(state, rng)

    # ---- checks -------------------------------------------------------------------------
    def check(self, state: DBState, a: Action) -> Illegal | None:
        return refusal(checks.problem, state, a, actions.DECLARED)

    # ---- apply --------------------------------------------------------------------------
    def apply(self, state: DBState, a: Action, dice) -> list[Event]:
        ev: list[Event] = []
        getattr(self, "_do_" + a.kind)(state, a, dice, ev)
        turn_loop.run(state, dice, ev)
        return ev

    # setup
    def _do_declare_bond(self, state, a, dice, ev):
        setup.declare_bond(state, a.player, a.get("dragon"), bool(a.get("mounted")), dice, ev)

    def _do_choose_edge(self, state, a, dice, ev):
        setup.choose_edge(state, a["edge"], bool(a["first"]), ev)

    def _do_deploy(self, state, a, dice, ev):
        setup.deploy(state, state.units[a["uid"]], [tuple(p) for p in a["to"]], dice, ev)

    # turns
    def _do_pass_round(self, state, a, dice, ev):
        p = state.players[a.player]
        ev.append(Event("turn", f"{p.name} gives up the remaining {p.turns} turn{'s' if p.turns != 1 else ''} "
                        "of the round", R_ENDING, depth=0))
        p.turns = 0
        p.passed = True
        turns.next_player(state, dice, ev, a.player)

    def _do_activate(self, state, a, dice, ev):
        turns.activate(state, state.units[a["uid"]], dice, ev)

    def _begin(self, state, mode: str):
        t = state.turn
        if t.mode == "":
            t.mode = mode

    def _do_move(self, state, a, dice, ev):
        u = state.units[a["uid"]]
        t = state.turn
        self._begin(state, "act")
        kind = "coordinated" if t.mode == "coordinated" else ("run" if t.mode == "run" else "move")
        moves.declare_move(state, u, [tuple(p) for p in a["to"]], kind, ev)

    def _do_run(self, state, a, dice, ev):
        u = state.units[a["uid"]]
        state.turn.mode = "run"
        stats.pay_action(state, u, "run", ev)
        moves.declare_move(state, u, [tuple(p) for p in a["to"]], "run", ev)

    def _do_disengage(self, state, a, dice, ev):
        u = state.units[a["uid"]]
        state.turn.mode = "disengage"
        stats.pay_action(state, u, "disengage", ev)
        moves.declare_move(state, u, [tuple(p) for p in a["to"]], "disengage", ev)

    def _do_charge(self, state, a, dice, ev):
        u, t = state.units[a["uid"]], state.units[a["target"]]
        state.turn.mode = "charge"
        stats.pay_action(state, u, "charge", ev)
        moves.declare_charge(state, u, t, a["weapon"], ev)

    def _do_coordinated(self, state, a, dice, ev):
        u, v = state.units[a["uid"]], state.units[a["second"]]
        t = state.turn
        t.mode = "coordinated"
        t.second = v.uid
        ev.append(Event("ruling", f"Coordinated move: {stats.name(state, u)} and {stats.name(state, v)} may each "
                        "move; no fatigue; neither may act", R_COORD))
        push(state, Casualties())
        turns.start_of_turn(state, v, dice, ev)

    def _do_rest(self, state, a, dice, ev):
        u = state.units[a["uid"]]
        state.turn.mode = "rest"
        n = stats.remove_fatigue(state, u, 1, ev, "Rest", R_REST)
        if not n:
            ev.append(Event("ruling", f"{stats.name(state, u)} rests (no fatigue to remove)", R_REST))
        flow.ask_reaction(state, u.uid, "rest", u.uid)

    def _act(self, state):
        t = state.turn
        self._begin(state, "act")
        t.acted = True
        t.moved_first = t.moved

    def _do_attack(self, state, a, dice, ev):
        u, t = state.units[a["uid"]], state.units[a["target"]]
        self._act(state)
        stats.pay_action(state, u, "attack", ev)
        combat.declare(state, u, t, a["weapon"], "attack", ev)

    def _do_power(self, state, a, dice, ev):
        u = state.units[a["uid"]]
        self._act(state)
        powers.use_power(state, u, a["power"], a.get("target"), ev)

    def _do_wait(self, state, a, dice, ev):
        self._act(state)
        ev.append(Event("ruling", f"{stats.name(state, state.units[a['uid']])} waits", R_WAIT))

    def _do_end_turn(self, state, a, dice, ev):
        turns.end_turn(state, dice, ev)

    def _do_mount(self, state, a, dice, ev):
        self._begin(state, "act")
        movement.mount(state, state.units[a["uid"]], ev)

    def _do_dismount(self, state, a, dice, ev):
        self._begin(state, "act")
        movement.dismount(state, state.units[a["uid"]], a["to"], ev)

    # decisions
    def _do_opportunity_attack(self, state, a, dice, ev):
        pd = state.pending.pop()
        u, t = state.units[pd.uid], state.units[pd.target]
        if state.turn is not None:
            state.turn.oa_spent = state.turn.oa_spent + (u.uid,)
        combat.declare(state, u, t, a["weapon"], "oa", ev)

    def _do_use_reaction(self, state, a, dice, ev):
        pd = state.pending.pop()
        powers.use_reaction(state, state.units[pd.uid], a["power"], pd.target, dice, ev, pd.what)

    def _do_decline(self, state, a, dice, ev):
        pd = state.pending.pop()
        if pd.kind == "oa" and state.turn is not None:
            state.turn.oa_spent = state.turn.oa_spent + (pd.uid,)

    def _do_remove_models(self, state, a, dice, ev):
        pd = state.pending.pop()
        wounds.remove_models(state, state.units[pd.uid], list(a["models"]), dice, ev)

    def _do_follow_up(self, state, a, dice, ev):
        pd = state.pending.pop()
        u, t = state.units[pd.uid], state.units[pd.target]
        to = a.get("to")
        pts = movement.plan_follow_up(state, u, t, what=pd.what) if to is None else [tuple(p) for p in to]
        rule = moves.R_PILE if pd.what == "pile_in" else combat.R_CONSOLIDATE
        paths = movement.model_paths(state, u, pts, movement.FOLLOW + 1e-6)
        paths = paths if isinstance(paths, list) else None
        far = movement.longest(paths) if paths else 0.0
        movement.move_models(state, u, pts, ev, f"{'piles in' if pd.what == 'pile_in' else 'consolidates'} "
                             f"{far:.1f}\"", rule, paths=paths)

    def _do_charge_attack(self, state, a, dice, ev):
        pd = state.pending.pop()
        u, t = state.units[pd.uid], state.units[pd.target]
        combat.declare(state, u, t, pd.what, "charge", ev)

    def _do_skip_follow_up(self, state, a, dice, ev):
        state.pending.pop()



RULES = DragonbondRules()
registry.register(RULES)
