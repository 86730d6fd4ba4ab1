"""The Warbound ruleset: legal actions, refusals with their rule, apply.

Topic modules hold the rules: decks, leader (Leader Phase, exchange),
initiative (Effect Phase, Hand and Hourglass), actionboard, activation,
movement, shooting, fight, wounds, panic, skills, cleanup, scenario (VP,
victory), flow (the phase sequence).  Each action kind is declared once
(actions.py) with its applier (apply.py), its words (describe.py) and its
own check, after the phase check here.  Action kinds:

- deploy {uid, to, to2?}                      deployment
- leader_skill {target}                       Leader Phase
- hourglass {space}                           Effect Phase
- activate {uid, space, pay?}                 Action Phase: pay and start
- move {to, to2?} / shoot {target} / fight {target} / skill {skill, target?, to?, to2?}
- end_activation, pass
- exchange {give: [c, c], get: c}             any time it is your decision
- initiative {take}, keep_token {color}       Cleanup
"""
from __future__ import annotations

from engine.core import registry
from engine.core.action_specs import BY_KIND
from engine.core.actions import Action
from engine.core.computer_players import ComputerPlayers
from engine.core.game import Game, GameParts
from engine.core.rules import Illegal, OptionSpec, Outcome, refusal
from games.warbound.rules import actionboard, actions, activation, flow, leader, movement, setup, shooting, skills
from games.warbound.rules.board import BOARDS
from games.warbound.rules.queries import enemies_adjacent, living, possessive
from games.warbound.rules import catalog, describe, invariants, judge, position, queries, rulings
from games.warbound.ui import coach
from games.warbound.rules.state import WBState

R_ACT = "warbound.txt § Activate a Character"
R_PHASES = "warbound.txt § Game Phases"
STEP_KINDS = ("move", "shoot", "fight", "skill", "end_activation")     # the steps of an activation


class WarboundRules(Game):
    game_id = "warbound"
    parts = GameParts(describe=describe, catalog=catalog, invariants=invariants, position=position, judge=judge,
                      rulings=rulings, coach=coach)
    declared = actions.DECLARED
    ui_package = "games.warbound.ui"      # view.py and controller.py

    def computer(self) -> ComputerPlayers:
        from games.warbound.ai import players  # the computer players read the rules: loaded when first asked for
        return players.COMPUTER

    title = "Warbound (Exploration)"
    min_players = 2
    max_players = 2
    data_version = "1"
    army_lists = True                # army_catalog, army_problems, army_summary below
    rulebook = "warbound.txt"

    def options(self) -> list[OptionSpec]:
        # each seat's deck is an army list (the launcher's seats, --armies); deck_1 and
        # deck_2 choose a starter deck by id for scripts and for games saved before that,
        # so those saves still load: the launcher does not offer them
        decks = tuple(sorted(self.catalog().decks))
        return [OptionSpec(f"deck_{i + 1}", f"Player {i + 1}'s deck", setup.DEFAULT_DECKS[i], decks,
                           help="A starter deck (data/warbound/lists)", launcher=False) for i in (0, 1)]

    def scenarios(self) -> list[str]:
        return list(BOARDS)

    # ---- decks as army lists (engine/core/army_lists.py; games/warbound/rules/list_hooks.py) ----
    def army_catalog(self):
        from games.warbound.rules.list_hooks import army_catalog
        return army_catalog(self.catalog())

    def army_problems(self, army_list) -> list:
        from games.warbound.rules.list_hooks import army_problems
        return army_problems(self.catalog(), army_list)

    def default_army_name(self, seat: int, scenario: str = "") -> str:
        """The starter deck a seat plays when no list is chosen (the launcher
        shows it); the same on every map."""
        return self.catalog().decks[setup.DEFAULT_DECKS[seat % 2]].name

    def army_summary(self, army_list) -> str:
        from games.warbound.rules.list_hooks import army_summary
        return army_summary(self.catalog(), army_list)

    def initial_state(self, s, dice, catalog=None):
        return setup.initial_state(s, dice, catalog or self.catalog())

    def in_setup(self, state: WBState) -> bool:
        return state.phase == "deploy"

    def to_act(self, state: WBState) -> int:
        return queries.to_act(state)

    def player_name(self, state: WBState, p: int) -> str:
        return state.players[p].name

    def hidden_from_others(self, state: WBState, p: int) -> bool:
        return False            # decks, tokens and the Action Board are all public

    def outcome(self, state: WBState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(state.winners, state.win_reason, state.win_rule)

    # ---- legal actions -------------------------------------------------------
    def legal_actions(self, state: WBState) -> list[Action]:
        if state.phase == "over":
            return []
        if state.queue:
            return self._decisions(state)
        p = self.to_act(state)
        if state.phase == "deploy":
            out = []
            for uid, hexes in flow.deploy_options(state, p):
                kw = {"uid": uid, "to": hexes[0]}
                if len(hexes) > 1:
                    kw["to2"] = hexes[1]
                out.append(Action.make("deploy", p, **kw))
            return out
        if state.activation is not None:
            return self._steps(state)
        out = self._activations(state, p)
        out.append(Action.make("pass", p))
        out.extend(Action.make("exchange", p, give=[a, b], get=g) for a, b, g in leader.exchanges(state, p))
        return out

    def sample_legal(self, state: WBState, rng) -> Action:
        """A random legal action without listing every move first: during
        an activation pick a kind of step, then one of its options (a
        member of legal_actions, tested); a random player rarely exchanges
        tokens, or it would do little else."""
        if state.activation is not None and not state.queue:
            act = state.activation
            ch = state.chars[act.uid]
            p = ch.owner
            groups = ["end"]
            part = next((x for x in act.parts if x in ("move", "run")), None)
            if part is not None and movement.can_move(state, ch):
                groups.append("move")
            if "shoot" in act.parts or "fight" in act.parts or not act.skill_used:
                groups.append("other")
            g = groups[rng.randrange(len(groups))]
            if g == "move":
                assert part is not None         # "move" is a group only with a move or run part
                budget = movement.allowance(state, ch, part)
                if len(ch.minis) == 1:
                    found = sorted(movement.reach(state, ch.minis[0], budget))
                    return Action.make("move", p, to=found[rng.randrange(len(found))])
                x = movement.sample_pair(state, ch, budget, rng)
                return Action.make("move", p, to=x[0], to2=x[1])
            if g == "other":
                acts = [a for a in self._steps(state, moves=False) if a.kind != "end_activation"]
                if acts:
                    return acts[rng.randrange(len(acts))]
            return Action.make("end_activation", p)
        if state.phase == "action" and state.activation is None and not state.queue and rng.random() < 0.95:
            p = state.current
            cands = [(c.uid, s) for c in living(state, p) for s in actionboard.open_spaces(state)] + [None]
            while cands:
                i = rng.randrange(len(cands))
                c = cands[i]
                if c is None:
                    return Action.make("pass", p)
                a = Action.make("activate", p, uid=c[0], space=c[1])
                if activation.activate_problem(state, a) is None:
                    return a
                cands[i] = cands[-1]
                cands.pop()
        legal = self.legal_actions(state)
        return legal[rng.randrange(len(legal))]

    def _decisions(self, state: WBState) -> list[Action]:
        kind, p = state.queue[0][0], state.queue[0][1]
        if kind == "leader_skill":
            return [Action.make("leader_skill", p, target=c.uid) for c in leader.targets(state, p, state.queue[0][2])]
        if kind == "hourglass":
            return [Action.make("hourglass", p, space=s) for s in actionboard.open_spaces(state)]
        if kind == "initiative":
            return [Action.make("initiative", p, take=True), Action.make("initiative", p, take=False)]
        if kind == "keep_token":
            cols = sorted(c for c, n in state.players[p].tokens.items() if n > 0)
            return [Action.make("keep_token", p, color=c) for c in cols] + [Action.make("keep_token", p, color=None)]
        return []

    def _activations(self, state: WBState, p: int) -> list[Action]:
        cat = state.catalog
        spaces = actionboard.open_spaces(state)
        if not spaces:
            return []
        tokens = state.players[p].tokens
        out = []
        for ch in living(state, p):
            ok: dict = {}
            for sid in spaces:
                sp = cat.board[sid]
                valid = False
                for part in sp.parts:
                    if part not in ok:
                        ok[part] = actionboard.part_problem(state, ch, part) is None
                    if ok[part]:
                        valid = True
                        break
                if not valid:
                    continue
                colorless, colored = actionboard.cost(state, ch, sid)
                if actionboard.payment(tokens, colorless, colored) is not None:
                    out.append(Action.make("activate", p, uid=ch.uid, space=sid))
        return out

    def _steps(self, state: WBState, moves: bool = True) -> list[Action]:
        act = state.activation
        assert act is not None, "the steps of an activation are asked during one"
        ch = state.chars[act.uid]
        p = ch.owner
        out = [Action.make("end_activation", p)]
        part = next((x for x in act.parts if x in ("move", "run")), None)
        if part is not None and moves:
            for d in movement.destinations(state, ch, movement.allowance(state, ch, part)):
                kw = {"to": d[0]}
                if len(d) > 1:
                    kw["to2"] = d[1]
                out.append(Action.make("move", p, **kw))
        if "shoot" in act.parts:
            out.extend(Action.make("shoot", p, target=t.uid) for t in shooting.valid_targets(state, ch))
        if "fight" in act.parts and actionboard.fighter(state, ch) is None:
            out.extend(Action.make("fight", p, target=t.uid) for t in enemies_adjacent(state, ch))
        out.extend(Action.make("skill", p, **kw) for kw in skills.options(state, ch))
        return out

    # ---- checks --------------------------------------------------------------
    def check(self, state: WBState, a: Action) -> Illegal | None:
        return refusal(self._check, state, a, actions.DECLARED)

    def _check(self, state: WBState, a: Action):
        if state.phase == "over":
            return "The game is over."
        if a.player not in (0, 1):
            return f"There is no player {a.player + 1}."
        who = self.to_act(state)
        if a.player != who:
            return (f"It is {possessive(state.players[who].name)} decision now, not "
                    f"{possessive(state.players[a.player].name)}.",
                    R_PHASES if state.phase != "action" else "warbound.txt § Activate a Character")
        if a.kind == "exchange":
            if state.phase == "deploy":
                return ("Order tokens are exchanged once the game has begun.", leader.R_EXCHANGE)
            return BY_KIND
        if state.queue:
            kind = state.queue[0][0]
            if a.kind != kind:
                return (self._waiting(state), R_PHASES)
            return None if kind == "initiative" else BY_KIND
        if state.phase == "deploy":
            if a.kind != "deploy":
                return ("Deploy your Warband first.", flow.R_DEPLOY)
            return BY_KIND
        if state.phase != "action":
            return (f"Nothing to decide in the {state.phase} phase.", R_PHASES)
        if state.activation is not None:
            if a.kind in ("activate", "pass"):
                return ("Finish the current activation first (end it to stop).", R_ACT)
            return BY_KIND if a.kind in STEP_KINDS else activation.step_problem(state, a)
        if a.kind == "pass":
            return None
        if a.kind == "activate":
            return BY_KIND
        if a.kind in STEP_KINDS:
            return ("Activate a Character on an Action of the board first.", R_ACT)
        return f"Unknown action {a.kind!r}."

    def _waiting(self, state: WBState) -> str:
        kind = state.queue[0][0]
        return {"leader_skill": "Use your Leader skill first.",
                "hourglass": "Place the Hourglass on an open Action first.",
                "initiative": "Decide whether to exchange the Hourglass for the Hand.",
                "keep_token": "Choose the Order token to keep (at most one)."}[kind]

    # ---- apply ---------------------------------------------------------------
    def apply(self, state: WBState, a: Action, dice) -> list:
        events: list = []
        actions.SPECS[a.kind].apply(state, a, dice, events)
        return events


RULES = WarboundRules()
registry.register(RULES)
