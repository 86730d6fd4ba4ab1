"""The Battle Valor Fantasy ruleset: checks with reasons, apply, legal actions.

Each action kind has one checker (games/battle_valor_fantasy/checks.py) and
one applier here.  Topic modules hold the rules: setup (table, armies,
deployment), turns (initiative, orders, Fate, compulsory moves, the phases),
moves (advance, reform, flee, rally), spells, fire, combat, casualties,
victory; space (the table) and stats (what a unit is now); choices (the
representative legal actions).  Decisions: docs/games/battle_valor_fantasy.md.
"""
from __future__ import annotations

from engine.core import registry
from engine.core.actions import Action
from engine.core.computer_players import ComputerPlayers
from engine.core.game import Game, GameParts
from engine.core.rules import Event, Illegal, OptionSpec, Outcome, refusal
from engine.table.formations import BlockMove, Frame
from engine.core.words import possessive
from games.battle_valor_fantasy import (actions, advanced_combat, alliance, alliance_turns, characters, checks, choices,
                                        combat, describe, fire, moves, position, reserves, rerolls, setup, spells, turns, works)
from games.battle_valor_fantasy.character_actions import CharacterActions
from games.battle_valor_fantasy.reserve_actions import ReserveActions
from games.battle_valor_fantasy.catalog import cat
from games.battle_valor_fantasy import catalog, coach, invariants, judge, rulings
from games.battle_valor_fantasy.state import BVFState


REROLL_KINDS = ("charge", "attack", "fire", "cast")   # activations whose roll the General may reroll


class BattleValorFantasyRules(CharacterActions, ReserveActions, Game):
    game_id = "battle_valor_fantasy"
    parts = GameParts(describe=describe, catalog=catalog, invariants=invariants, position=position, judge=judge,
                      rulings=rulings, coach=coach)
    declared = actions.DECLARED

    def computer(self) -> ComputerPlayers:
        from games.battle_valor_fantasy import ai        # the computer players read the rules: loaded when first asked for
        return ai.COMPUTER
    title = "Battle Valor Fantasy"
    min_players = 2
    max_players = 4           # 3 or 4: the Grand Alliance (alliance.py), two sides
    bench_players = 2         # `bench` draws and times the bars' board: two armies, not an alliance
    data_version = "1"
    army_lists = True                # army_catalog, army_problems, army_summary below
    rulebook = "battle_valor_fantasy.txt"

    # ---- setup -------------------------------------------------------------------------
    def options(self) -> list[OptionSpec]:
        names = tuple(sorted(cat().lists))
        # shipped lists by name for scripts and old saves; the launcher's seats choose armies
        # through the shared army lists (engine/core/army_lists.py), so it does not offer these
        return [OptionSpec("army0", "First army", "", ("",) + names, help="Army list of the first player "
                           "(empty: the scenario's default)", launcher=False),
                OptionSpec("army1", "Second army", "", ("",) + names, help="Army list of the second player",
                           launcher=False),
                OptionSpec(advanced_combat.OPTION, "Advanced combat rules", False,
                           help="Counter charges meet half way; a charge that wipes out the front rank kills the "
                           "command stand and is not fought back (optional: § Advanced Combat Rules)"),
                OptionSpec(reserves.OPTION, "Reserves and flank marchers", False,
                           help="Hold up to half the army back, listed face down; from turn 2 it arrives on your "
                           "edge, from turn 3/4 on the sides, from turn 6 on the enemy's (§ Reserves and Flank "
                           "Marchers)")]

    # the shared army lists (engine/core/army_lists.py; games/battle_valor_fantasy/list_hooks.py)
    def army_catalog(self):
        from games.battle_valor_fantasy import list_hooks
        return list_hooks.army_catalog(cat())

    def default_army_name(self, seat: int, scenario: str = "", players: int = 2) -> str:
        """The list a seat plays on `scenario` when none is chosen (the
        launcher shows it by name; 3 or 4 players: the Grand Alliance's)."""
        c = cat()
        if scenario not in c.scenarios:
            return ""
        if players > 2:
            list_id = setup.alliance_lists(scenario, min(players, 4))[seat % players]
        else:
            list_id = setup.default_lists(scenario)[seat % 2]
        return c.lists[list_id].name if list_id in c.lists else ""

    def players_note(self, players: int) -> str:
        """The launcher's word on 3 or 4 players: the Grand Alliance (alliance.py)."""
        if players == 3:
            return "Grand Alliance: players 1 & 3 against 2; 1 and 2 are the overall Generals"
        if players == 4:
            return "Grand Alliance: players 1 & 3 against 2 & 4; 1 and 2 are the overall Generals"
        return ""

    def army_problems(self, army_list) -> list:
        from games.battle_valor_fantasy import list_hooks
        return list_hooks.army_problems(cat(), army_list)

    def army_summary(self, army_list) -> str:
        from games.battle_valor_fantasy import list_hooks
        return list_hooks.army_summary(cat(), army_list)

    def scenarios(self) -> list[str]:
        """The full pitched battle first (the default, and the benchmark's)."""
        names = sorted(cat().scenarios)
        return [setup.FULL_BATTLE] + [n for n in names if n != setup.FULL_BATTLE]

    def initial_state(self, s, dice):
        state, ev = setup.initial_state(s, dice)
        if s.options.get("position") is not None:
            position.build(state, s.options["position"], ev)
        alliance_turns.settle(state)
        return state, ev

    def in_setup(self, state: BVFState) -> bool:
        return state.phase == "deploy"

    def to_act(self, state: BVFState) -> int:
        if state.alliance is not None:
            return state.seat             # a Grand Alliance: the seat (alliance_turns.py)
        return turns.to_act(state)

    def player_name(self, state: BVFState, p: int) -> str:
        return alliance.name(state, p)

    def hidden_from_others(self, state: BVFState, p: int) -> bool:
        """Orders are placed face down, and hidden Assassins and Thieves are a
        note only their owner may read: the other player must not see."""
        if state.alliance is not None:
            return alliance_turns.hidden_from_others(state, p)
        return state.phase == "orders" or characters.holds_hidden(state, p) or reserves.holds_secret(state, p)

    def outcome(self, state: BVFState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(alliance.winners(state), state.win_reason, state.win_rule)

    # ---- legal actions ------------------------------------------------------------------
    def legal_actions(self, state: BVFState) -> list[Action]:
        if state.alliance is not None:
            return [alliance_turns.outward(state, a) for a in choices.legal(state)]
        return choices.legal(state)

    def sample_legal(self, state: BVFState, rng) -> Action:
        if state.alliance is not None:
            return alliance_turns.outward(state, choices.sample(state, rng))
        return choices.sample(state, rng)

    # ---- checks -------------------------------------------------------------------------
    def check(self, state: BVFState, a: Action) -> Illegal | None:
        if state.alliance is not None:       # a seat's action, played as its side's (alliance_turns.py)
            if state.phase != "over" and a.player != state.seat:
                return Illegal(f"It is {possessive(alliance.name(state, state.seat))} decision", turns.R_TURN)
            if not 0 <= a.player < len(state.alliance.sides):
                return Illegal(f"No player {a.player}", turns.R_TURN)
            a = alliance_turns.inward(state, a)
        return refusal(checks.problem, state, a, actions.DECLARED)

    # ---- apply --------------------------------------------------------------------------
    def apply(self, state: BVFState, a: Action, dice) -> list[Event]:
        if state.alliance is not None:
            seat = a.player
            turn = alliance_turns.takes_turn(state, a)
            ev = self._apply(state, alliance_turns.inward(state, a), dice)
            if turn:
                alliance_turns.acted(state, seat)
            alliance_turns.settle(state)
            return ev
        return self._apply(state, a, dice)

    def _apply(self, state: BVFState, a: Action, dice) -> list[Event]:
        ev: list[Event] = []
        wisher = None
        if a.get("reroll") and a.kind in REROLL_KINDS:
            wisher = state.units[a["uid"]]
            rerolls.wish(wisher, a["reroll"])
        acted_in = state.phase
        getattr(self, "_do_" + a.kind)(state, a, dice, ev)
        if wisher is not None:
            wisher.effects.pop(rerolls.WISH, None)
        characters.lost_host(state, ev)
        if a.kind in characters.FREE_ACTIONS:
            return ev                    # the player acts on (characters.py)
        if state.phase not in ("over",) and state.phase in turns.PHASE_ORDERS and not state.pending:
            from games.battle_valor_fantasy import victory
            if victory.wiped_out(state):
                victory.finished(state, ev)
            elif acted_in in turns.PHASE_ORDERS:
                turns.next_actor(state, dice, ev)
            # else the phase has just begun (after Fate): turns.start_phase chose the initiative winner
            # (§ Phase 6 Cast Spells;: "starting with the player who won initiative")
        return ev

    def _do_deploy(self, state, a, dice, ev):
        u = state.units[a["uid"]]
        setup.deploy(state, u, Frame(float(a["x"]), float(a["y"]), float(a["facing"])),
                     a.get("formation", u.formation), int(a.get("files", u.files)), ev)
        self._next_deployer(state, a, dice, ev)

    def _do_withhold(self, state, a, dice, ev):
        u = state.units[a["uid"]]
        u.alive = False
        ev.append(Event("deploy", f"{u.name} finds no room in the deployment zone and takes no part in the battle",
                        setup.R_START, 0))
        self._next_deployer(state, a, dice, ev)

    def _next_deployer(self, state, a, dice, ev):
        q = list(state.deploy_queue)
        if a.player in q:
            q.remove(a.player)
        state.deploy_queue = tuple(q)
        if q:
            state.current = q[0]
        else:
            turns.end_deployment(state, dice, ev)

    def _do_orders(self, state, a, dice, ev):
        orders = [(int(u), str(o)) for u, o in a["orders"]]
        turns.place_orders(state, a.player, orders, int(a.get("fate", -1)), ev)
        for key in rerolls.PROMISES:       # face down with the counters: told when they are revealed
            if a.get(key):
                rerolls.promise(state, a.player, key, True)
        if state.phase == "fate":
            turns.after_fate(state, dice, ev)

    def _do_fate(self, state, a, dice, ev):
        pl = state.players[a.player]
        u = state.units[pl.fate_uid]
        o = a["order"]
        if o not in u.orders:
            u.orders.append(o)
        pl.fate_done = True
        ev.append(Event("fate", f"{pl.name} turns the Fate counter next to {u.name} into {describe.order_words(o)}",
                        turns.R_FATE_COUNTER, 0))
        turns.after_fate(state, dice, ev)

    def _do_fate_wait(self, state, a, dice, ev):
        pl = state.players[a.player]
        pl.fate_waits = True
        ev.append(Event("fate", f"{pl.name} won the initiative and activates the Fate counter after "
                        f"{state.players[1 - a.player].name}", turns.R_FATE, 0))
        turns.after_fate(state, dice, ev)

    def _do_fate_move(self, state, a, dice, ev):
        t = state.units[a["target"]]
        dx, dy = float(a["dx"]), float(a["dy"])
        if state.pending and state.pending[-1].kind == "fate_punish":
            state.pending.pop()
            moves.place_move(state, t, dx, dy, ev, turns.R_FATE_COUNTER, "No Fate counter")
            if state.phase == "fate":
                turns.after_fate(state, dice, ev)
            return
        pl = state.players[a.player]
        pl.fate_done = True
        moves.place_move(state, t, dx, dy, ev, turns.R_FATE_COUNTER, "Fate")
        turns.after_fate(state, dice, ev)

    def _do_decline(self, state, a, dice, ev):
        state.pending.pop()
        ev.append(Event("ruling", f"{state.players[a.player].name} declines the Fate move", turns.R_FATE_COUNTER))
        if state.phase == "fate":
            turns.after_fate(state, dice, ev)

    def _spend(self, state, a, order):
        u = state.units[a["uid"]]
        if a.get("general"):
            from games.battle_valor_fantasy import space
            g = space.general_of(state, a.player)
            ev_unit = u
            turns.spend(g, order)
            u.activated = True
            return ev_unit, g
        turns.spend(u, order)
        return u, None

    def _general_note(self, g, u, order, ev):
        if g is not None:
            ev.append(Event("ruling", f"The General passes his {order} order to {u.name}", checks.R_GENERAL))

    def _do_hold(self, state, a, dice, ev):
        u = state.units[a["uid"]]
        if state.phase == "fire":
            u.effects["held_fire"] = 1
            ev.append(Event("ruling", f"{u.name} holds its fire for the second Fire phase", turns.PHASE_RULE["fire"], 0))
            return
        for o in turns.PHASE_ORDERS[state.phase]:
            if o in u.orders:
                turns.spend(u, o)
                ev.append(Event("ruling", f"{u.name} does not use its {o} order", turns.PHASE_RULE[state.phase], 0))
                return

    def _do_build(self, state, a, dice, ev):
        u = state.units[a["uid"]]
        instead = False
        for o in turns.PHASE_ORDERS[state.phase]:
            if o in u.orders:
                u.orders.remove(o)          # given up, not activated: it may still fight back (docs § Field works)
                instead = True
                break
        u.effects["built"] = 1
        works.build(state, u, ev, instead)

    def _do_general_rally(self, state, a, dice, ev):
        from games.battle_valor_fantasy import space
        g = space.general_of(state, a.player)
        u = state.units[a["uid"]]
        g.orders = []
        g.activated = True
        ev.append(Event("rally", f"The General rallies {u.name} instead of using his order", checks.R_RALLY_GENERAL,
                        0))
        moves.rallied_by_general(state, u, ev)

    def _do_reform(self, state, a, dice, ev):
        u, g = self._spend(state, a, "reform")
        self._general_note(g, u, "reform", ev)
        if u.kind != "unit":
            u.facing = float(a["facing"]) % 360.0
            for s in u.stands:
                s.facing = u.facing
            state.touch(moved=u)
            ev.append(Event("reform", f"{u.name} turns to face {u.facing:.0f}", moves.R_REFORM, 0))
            return
        moves.reform(state, u, a["formation"], int(a["files"]), float(a["facing"]), ev)

    def _do_fire(self, state, a, dice, ev):
        u, g = self._spend(state, a, "fire")
        self._general_note(g, u, "fire", ev)
        fire.fire(state, u, state.units[a["target"]], dice, ev)

    def _do_charge(self, state, a, dice, ev):
        u, g = self._spend(state, a, "charge")
        self._general_note(g, u, "charge", ev)
        if not advanced_combat.ask(state, u, state.units[a["target"]], ev):
            combat.charge(state, u, state.units[a["target"]], dice, ev)

    def _do_counter(self, state, a, dice, ev):
        advanced_combat.decide(state, True, dice, ev)

    def _do_receive(self, state, a, dice, ev):
        advanced_combat.decide(state, False, dice, ev)

    def _do_attack(self, state, a, dice, ev):
        u, g = self._spend(state, a, "attack")
        self._general_note(g, u, "attack", ev)
        combat.attack(state, u, state.units[a["target"]], dice, ev)

    def _do_advance(self, state, a, dice, ev):
        u, g = self._spend(state, a, "advance")
        self._general_note(g, u, "advance", ev)
        m = BlockMove(float(a.get("first", 0.0)), float(a.get("angle", 0.0)), float(a.get("then", 0.0)))
        moves.advance(state, u, m, ev)

    def _do_cast(self, state, a, dice, ev):
        casters = [state.units[a["uid"]]] + [state.units[x] for x in a.get("casters", ())]
        t2 = state.units[a["target2"]] if a.get("target2") is not None else None
        spells.cast(state, a.player, casters, a["spell"], state.units[a["target"]], dice, ev, t2, a.get("order"),
                    a.get("to"))

    def _do_dispel(self, state, a, dice, ev):
        spells.dispel(state, [state.units[x] for x in a["wizards"]], dice, ev)

    def _do_allow(self, state, a, dice, ev):
        spells.allow(state, dice, ev)


RULES = BattleValorFantasyRules()
registry.register(RULES)
