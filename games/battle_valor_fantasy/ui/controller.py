"""Input for Battle Valor Fantasy on the table screen.

- Deployment: pick a unit from the tray (or the next one), the ghost of its
  formation follows the pointer, a click places it (the rules judge).
- Orders: a fast per-unit picker: select one of your units, press its order
  (keys 1-9), the Fate button (0) puts the Fate counter on it; "Sensible orders"
  fills every unit the way the computer would; "Place orders" commits them
  face down (the other player sees nothing: the screen hands over).
- Each phase: select a unit with a counter, its listed actions are buttons
  (advance, reform, cast ...); with it selected, a click on an enemy charges
  it, fires at it or attacks it; hovering shows the odds (describe.preview).
- Decisions (dispel, Fate's 6" move) are buttons for the deciding player.
- Aids before committing (overlay.py): hovering an enemy with a unit that
  may charge it draws the charge lane, the wheel's arc, where the block ends
  and the contact edge (front, flank, rear); an Advance, Reform or Build
  button shows its ghost first and commits on the second press (or Enter).
- Advance phase: drag a unit with an Advance order; it moves as a block
  keeping its formation (forward, one wheel, forward), the rules judge.
- G asks the General for a reroll on the next charge (if not all stands
  arrive), fire or attack (fewer than half the dice) or spell (below its
  threshold): battle_valor_fantasy.txt § Generals;.
"""
from __future__ import annotations

from engine.core.actions import Action
from engine.ui.commands import Command, Do, Pick
from engine.ui.contract import ButtonSpec, Choice, HoverInfo, TraySpec
from engine.ui.table_contract import TableController
from engine.table.formations import BlockMove, Frame, wheeled
from engine.table.geometry import slide_into
from games.battle_valor_fantasy.rules import (alliance, combat, describe, fire, flow, legal, moves, rerolls, setup,
                                              space, stats)
from games.battle_valor_fantasy.ui import overlay
from games.battle_valor_fantasy.ai import packing
from games.battle_valor_fantasy.rules.catalog import formation_words
from games.battle_valor_fantasy.ui.controller_notes import HiddenNotes

MAX_BUTTONS = 14
PENDING_HINTS = {
    "dispel": "Dispel? Your Wizards roll their dice against the casting's Successes + 1 and are then activated",
    "fate_punish": "The enemy left out the Fate counter: drag one of their units up to 6\" any way (off the table: it "
                   "takes no part in the battle), or decline (§ Order Counter Types;)",
    "counter": "Counter charge? Your unit meets the charge half way (§ Advanced Combat Rules)",
    "reserves": "Bring on reserves? Choose which arrive this turn",
}
GHOSTED = ("reform", "advance", "build")     # buttons that show a ghost before they commit
FATE_ORDER = {o: i for i, (o, _) in enumerate(legal.ORDER_KEYS)}     # Fate's buttons in the keys' order
ORDER_TIPS = {
    "advance": "Move up to its MR in the Advance phase (forward, one wheel).",
    "charge": "Charge an enemy in its arc in the Charge & Attack phase (double MR).",
    "fire": "Shoot in either Fire phase.",
    "reform": "Change formation or facing in the Reform phase.",
    "brace": "+1 Success to its saves against a charge or missiles from the front.",
    "flee": "Run from the closest enemy in the Compulsory Moves: a die per stand decides how many run double MR.",
    "fire_and_flee": "One last shot at -2, then flee.",
    "attack": "Strike in a combat it is already in.",
    "spell": "Its Wizard casts in the Cast Spells phase.",
}


def _one_reform_each(state, acts: list) -> list:
    """One Reform button per formation (its first width, facing as the unit
    faces now when it may: the player turns the ghost to the facing he
    wants, a click on the table or Q / E): the listed widths and facings
    would crowd the panel.  Other reforms stay possible through the rules."""
    out, at = [], {}
    for a in acts:
        if a.kind != "reform":
            out.append(a)
            continue
        key = (a["uid"], a.get("formation"), bool(a.get("general")))
        u = state.units[a["uid"]]
        as_is = a.get("formation") is None or abs((a["facing"] - u.facing + 180.0) % 360.0 - 180.0) <= 0.5
        if key not in at:
            at[key] = len(out)
            out.append(a)
        elif as_is:
            was = out[at[key]]
            if abs((was["facing"] - u.facing + 180.0) % 360.0 - 180.0) > 0.5 and was.get("files") == a.get("files"):
                out[at[key]] = a                   # facing as now, rather than a listed turn
    return out


def _same_reform(a: Action, b: Action) -> bool:
    """The same reform but for its facing (the ghost turned by the player)."""
    keys = ("uid", "formation", "files", "general")
    return a.kind == b.kind == "reform" and all(a.get(k) == b.get(k) for k in keys)


def block_move_to(block, target: Frame) -> BlockMove:
    """Forward, one wheel to the target's facing, forward: the BlockMove
    whose end puts the block's frame on `target` (negative legs, which the
    rules refuse, are cut to nothing; a sideways step cannot be made)."""
    angle = (target.facing - block.frame.facing + 180.0) % 360.0 - 180.0
    f0 = block.frame.forward
    if abs(angle) < 0.5:
        d = (target.x - block.frame.x) * f0[0] + (target.y - block.frame.y) * f0[1]
        return BlockMove(max(0.0, d), 0.0, 0.0)
    w = wheeled(block, angle)
    f1 = Frame(0.0, 0.0, (block.frame.facing + angle) % 360.0).forward
    dx, dy = target.x - w.x, target.y - w.y
    det = f0[0] * f1[1] - f0[1] * f1[0]
    first = (dx * f1[1] - dy * f1[0]) / det
    then = (f0[0] * dy - f0[1] * dx) / det
    return BlockMove(max(0.0, first), angle, max(0.0, then))


class BVFController(HiddenNotes, TableController):
    drag_note = "Drag to advance it as a block (the mouse wheel turns it) · right-drag measures"
    def __init__(self, match, view):
        super().__init__(match, view)
        self.draft: dict[int, list[str]] = {}
        self.fate: int = -1
        self.draft_by = self.actor() if self.state.phase == "orders" else None    # whose picks the draft holds
        self.deploying: int | None = None
        self._leave_out = None                 # (unit, units placed) when "place it for me" asked to leave it out
        self._acts: list[Action] = []
        self.want_reroll = False
        self.reroll_runs = False               # the orders ask the General to reroll flee and rally rolls
        self.reroll_guard = False              # ... and saves and strikes back (rerolls.GUARD)
        self.preview: Action | None = None     # a move chosen, its ghost shown, not yet committed
        self.spell_at: tuple | None = None     # (caster, target): the spells listed are those at this unit
        self._shapes_key = None                # overlay_shapes' cache key
        self._shapes: list = []
        self._hl = None                        # highlights' cache: (key, rings)

    # --- selection and targets -----------------------------------------------------------
    def unit_name(self, uid) -> str:
        u = self.state.units.get(uid)
        return u.name if u else str(uid)

    def reset(self) -> None:
        super().reset()
        self._acts = []
        self.preview = None
        self.spell_at = None
        self._shapes_key = None
        self._hl = None
        if self.state.phase != "orders" or self.draft_by != self.actor():
            # the next player's picker starts empty: nothing of the last one's picks shows or is placed
            self.draft, self.fate = {}, -1
            self.reroll_runs = self.reroll_guard = False
            self.draft_by = self.actor() if self.state.phase == "orders" else None

    def signature(self):
        """What the panel depends on beyond the selection: the orders drafted
        (the picker's lit button), the Fate counter, the General's promises
        and reroll, the unit being deployed, the spell's target, the ghost.
        Seen in play: pressing an order left its button unlit."""
        return super().signature() + (tuple(sorted((k, tuple(v)) for k, v in self.draft.items())), self.fate,
                                      self.reroll_runs, self.reroll_guard, self.want_reroll, self.deploying,
                                      self.spell_at, self.preview)

    def card_rows(self, key) -> list[tuple[str, str]]:
        """The order picked for the unit and not yet placed (the card said
        "Orders: none" beside the lit Charge button)."""
        if self.state.phase != "orders" or not self._mine(key):
            return []
        if key == self.fate:
            return [("Orders", "Fate counter (picked)")]
        picked = self.draft.get(key)
        if not picked:
            return []
        return [("Orders", " + ".join(self.state.catalog.orders[o].name for o in picked) + " (picked)")]

    def _mine(self, uid) -> bool:
        u = self.state.units.get(uid)
        return u is not None and alliance.seat_of(self.state, u) == self.actor()

    def click_unit(self, target, model):
        if self.preview is not None and self.preview.kind == "reform" and model is not None:
            return self.click_point((model.foot.x, model.foot.y))     # a unit clicked: face it
        if self.sel is None or not self._mine(self.sel):
            return None
        if self.state.phase == "spells" and any(a.kind == "cast" and a.get("target") == target
                                                for a in self._unit_actions(self.sel)):
            self.spell_at = (self.sel, target)   # the spells at it become the buttons (yours or the enemy's)
            return True
        if self._mine(target):
            return None
        for a in self._unit_actions(self.sel):
            if a.get("target") == target and a.kind in ("charge", "fire", "attack") and not a.get("reroll"):
                return self._with_reroll(a)
        self._say_why_not(target)
        return None

    def _say_why_not(self, target) -> None:
        """A click on an enemy that charges, fires at or attacks nothing says
        why in the bottom bar (it only selected the enemy, without a word)."""
        st = self.state
        u = st.units.get(self.sel)
        kind = {"combat": "attack" if u is not None and u.engaged else "charge", "fire": "fire",
                "fire2": "fire"}.get(st.phase)
        if u is None or kind is None or st.pending:
            return
        why = self.rules.check(st, Action.make(kind, alliance.seat_of(st, u), uid=u.uid, target=target))
        if why:
            verb = "fire at" if kind == "fire" else kind          # "cannot fire guarded wizard" (seen in a lesson)
            self.message, self.message_rule = f"{u.name} cannot {verb} {self.unit_name(target)}: {why.reason}", why.rule

    def _with_reroll(self, a: Action) -> Action:
        """The action with the General's reroll asked for, when R is on."""
        if not self.want_reroll or a.kind not in ("charge", "fire", "attack", "cast"):
            return a
        st = self.state
        u = st.units[a["uid"]]
        if a.kind == "charge":
            want = len(u.stands)
        elif a.kind == "cast":
            want = self.state.catalog.spells[a["spell"]].threshold
        elif a.kind == "fire" and stats.machine(u):
            want = stats.missile(st, u).needs_successes
        else:
            want = max(1, (stats.attack_dice(u) if a.kind == "attack" else u.figures()) // 2)
        self.want_reroll = False
        return Action.make(a.kind, a.player, **{**dict(a.params), "reroll": want})

    def highlights(self) -> dict:
        """What is legal, ringed: in an activation phase the player's units
        that still have a counter for it (on the command stand), or with one of them selected the
        enemies it may charge, attack or shoot; in the order phase the units
        still without an order; in the first turn's Fate the enemy units
        Fate may move."""
        st = self.state
        key = (self.sel, st.phase, tuple(sorted(self.draft)), self.fate)
        if self._hl is not None and self._hl[0] == key:
            return self._hl[1]
        out: dict = {}
        p = alliance.side_of(st, self.actor())          # the side; its units the seat's own (a Grand Alliance)
        if st.pending and st.pending[-1].kind == "fate_punish":
            for u in st.units.values():
                if self.fate_limit(u.uid) is not None:
                    out[u.uid] = "target"
        elif st.pending or st.phase == "over":
            pass
        elif st.phase == "orders":
            for u in flow.units_of(st, p):
                if u.uid not in self.draft and u.uid != self.fate and self._mine(u.uid):
                    out[_ring_key(u)] = "select"
        elif st.phase == "fate" and st.turn == 1:
            for u in st.units.values():          # the enemy units Fate may drag (any way, up to 10")
                if self.fate_limit(u.uid) is not None:
                    out[u.uid] = "target"
        elif st.phase in flow.PHASE_ORDERS:
            if self.sel is not None and self._mine(self.sel):
                ring = {"charge": "charge", "attack": "attack", "fire": "target", "cast": "skill"}
                for a in self._unit_actions(self.sel):
                    t = a.get("target")
                    if a.kind in ring and t is not None and t != self.sel:
                        out.setdefault(t, ring[a.kind])
            if not out:
                for u in flow.units_of(st, p):
                    if flow.can_activate(st, u, st.phase) and u.uid != self.sel and self._mine(u.uid):
                        out[_ring_key(u)] = "select"
        self._hl = (key, out)
        return out

    # --- line of sight: the rules' own (fire.sight), so the hover never says "in line of sight" under a refusal
    def _units_on_table(self, viewer, target):
        st = self.state
        u, t = st.units.get(viewer), st.units.get(target)
        if u is None or t is None or not u.on_table or not t.on_table:
            return None
        return u, t

    def sight(self, viewer, target) -> bool:
        pair = self._units_on_table(viewer, target)
        if pair is None:
            return super().sight(viewer, target)
        return fire.sight(self.state, *pair)

    def sight_blockers(self, viewer, target) -> list:
        """The bases of the other units (skirmishers do not block: space.line_of_sight)."""
        return [f for w in space.on_table(self.state)
                if w.uid not in (viewer, target) and w.kind == "unit" and w.formation != "skirmish"
                for f in self.feet(w.uid)]

    def sight_note(self, viewer, target, sight) -> str:
        pair = self._units_on_table(viewer, target)
        if pair is None or sight.visible or not space.line_of_sight(self.state, *pair):
            return ""
        return f"A wood hides it: a unit in a wood sees and is seen only within 2\" of its edge ({fire.R_WOODS})"

    def target_hover(self, target, info: HoverInfo) -> None:
        if self.sel is None or not self._mine(self.sel):
            return
        ph = self.state.phase
        kind = {"combat": "charge", "fire": "fire", "fire2": "fire"}.get(ph)
        if kind is None:
            return
        u = self.state.units[self.sel]
        if u.engaged and ph == "combat":
            kind = "attack"
        a = Action.make(kind, alliance.seat_of(self.state, u), uid=u.uid, target=target)
        lines = self.rules.preview(self.state, a)
        if lines and lines[0].startswith("Not allowed"):
            info.illegal = lines[0][len("Not allowed: "):]
        else:
            info.preview = lines

    # --- deployment ------------------------------------------------------------------------
    def _to_deploy(self) -> list:
        st = self.state
        if st.phase != "deploy":
            return []
        p = self.actor()
        left = [u for u in st.units.values() if u.owner == alliance.side_of(st, p) and not u.deployed and u.alive
                and "reserve" not in u.marks]
        left = [u for u in left if u.kind != "general"] or left     # the side's Generals last
        return [u for u in left if alliance.seat_of(st, u) == p]

    def tray(self) -> list[TraySpec]:
        return [TraySpec(u.uid, self.view.face(u)[1], u.name,
                         self.view.player_color(self.state, alliance.seat_of(self.state, u)), "square",
                         u.uid == self._deploy_unit(), self.view.face(u)[0]) for u in self._to_deploy()]

    def click_tray(self, key) -> None:
        self.deploying = key

    def _deploy_unit(self):
        left = self._to_deploy()
        ids = [u.uid for u in left]
        if self.deploying in ids:
            return self.deploying
        return packing.order(left)[0].uid if left else None     # the widest first: the army packs (packing.py)

    def placement_feet(self, pt):
        uid = self._deploy_unit()
        if uid is None or pt is None:
            return None
        u = self.state.units[uid]
        pt = self._snapped(u, pt)
        return space.layout(u, Frame(pt[0], pt[1], setup.zone_facing(self.state, u.owner)))

    def placement_problem(self, pt, feet) -> str:
        a = self._deploy_action(pt)
        why = self.rules.check(self.state, a) if a is not None else None
        return why.reason if why else ""

    def _snapped(self, u, pt):
        """The point pressed, slid up to geometry.SLIDE_LIMIT inches so the unit lies
        wholly in its zone when it stuck out of it (a click by the table's
        edge was refused: the ghost is centred on the pointer) and the
        spot so reached is legal; else the point as pressed, so a refusal
        speaks of the place the player chose."""
        st = self.state
        shift = slide_into(space.layout(u, Frame(pt[0], pt[1], setup.zone_facing(st, u.owner))),
                           setup.zone_of(st, u.owner, u).bbox)
        if shift is None or shift == (0.0, 0.0):
            return pt
        moved = (pt[0] + shift[0], pt[1] + shift[1])
        return moved if self.rules.check(st, self._deploy_action_at(u, moved)) is None else pt

    def _deploy_action(self, pt):
        uid = self._deploy_unit()
        if uid is None:
            return None
        u = self.state.units[uid]
        return self._deploy_action_at(u, self._snapped(u, pt))

    def _deploy_action_at(self, u, pt):
        return Action.make("deploy", alliance.seat_of(self.state, u), uid=u.uid, x=round(pt[0], 3),
                           y=round(pt[1], 3), facing=setup.zone_facing(self.state, u.owner), formation=u.formation,
                           files=u.files)

    def _auto_deploy(self):
        """The chosen unit placed where the computer general would put it
        (its best-scoring spot that the rules allow): one key per unit
        instead of a click on the tray and one on the table."""
        from games.battle_valor_fantasy.ai import normal
        st = self.state
        uid = self._deploy_unit()
        if uid is None:
            return None
        from games.battle_valor_fantasy.ai import deploy
        general = normal.GeneralAgent(self.rules)
        u = st.units[uid]
        cands = [self._seat_action(a) for a in legal.deploy_actions(st, u) + deploy.spots(st, u)]
        a = packing.place_for_me(st, u, cands, lambda a: self.rules.check(st, a) is None,
                                 lambda a: general.score(st, a), self._seat_action)
        if a is not None:
            return a
        out = next((a for a in cands if a.kind == "withhold" and self.rules.check(st, a) is None), None)
        if out is None:
            self.message, self.message_rule = f"No place in your zone takes {u.name}", setup.R_START
            return True
        # leaving a unit out of the battle is asked for, never done on one key
        asked = (uid, sum(1 for v in st.units.values() if v.deployed))
        if self._leave_out == asked:
            self._leave_out = None
            return out
        self._leave_out = asked
        self.message, self.message_rule = (
            f"No room is left in your zone for {u.name} (every inch tried, in its formation and in a column): "
            f"press A again to leave it out of the battle, or Undo to make room", setup.R_START)
        return True

    def click_point(self, pt):
        if self.state.phase == "deploy":
            return self._deploy_action(pt)
        a = self.preview
        if a is not None and a.kind == "reform" and pt is not None:
            u = self.state.units.get(a["uid"])
            if u is not None:
                f = space.frame_of(u)
                self._turn_reform(space.bearing(f.x, f.y, pt[0], pt[1]))
                return True
        return None

    def _turn_reform(self, facing: float) -> None:
        """The reform shown as a ghost, turned to face `facing` (§ Phase 7
        Reform Units;: "change it's facing to where you want the unit to end
        up facing"): the player's choice, not the nearest enemy."""
        a = self.preview
        facing = round(facing % 360.0, 2)
        self.preview = Action.make(a.kind, a.player, **{**dict(a.params), "facing": facing})
        why = self.rules.check(self.state, self.preview)
        self.message = (f"{self._label(self.preview)}: press the button again (or Enter) to reform, Esc to drop it"
                        + (f" · {why.reason}" if why else ""))

    # --- buttons ----------------------------------------------------------------------------
    def _unit_actions(self, uid) -> list[Action]:
        st = self.state
        if st.phase not in flow.PHASE_ORDERS or st.pending:
            return []
        u = st.units.get(uid)
        if u is None or alliance.seat_of(st, u) != self.actor():
            return []
        if not flow.can_activate(st, u, st.phase):
            if u.orders or u.kind != "unit":
                return []
            acts = [Action.make("build", u.owner, uid=u.uid)]     # no counter left: it may still build
            return [a for a in map(self._seat_action, acts) if self.rules.check(st, a) is None]
        acts = legal.unit_actions(st, u)
        if not any(a.kind == "build" for a in acts):
            acts.append(Action.make("build", u.owner, uid=u.uid))     # § Linear Obstacles: in any phase
        return [a for a in map(self._seat_action, acts) if self.rules.check(st, a) is None]

    def buttons(self) -> list[ButtonSpec]:
        st = self.state
        out: list[ButtonSpec] = []
        self._acts = []
        if st.phase == "over":
            return out
        if st.pending:
            acts = [self._seat_action(a) for a in legal.pending_actions(st)]
            acts = [a for a in acts if a.kind != "fate_move" and self.rules.check(st, a) is None][:MAX_BUTTONS]
        elif st.phase == "orders":
            return self._order_buttons()
        elif st.phase == "deploy":
            if self._deploy_unit() is not None:
                out.append(ButtonSpec("Place it for me", "deploy:auto", "A",
                                      tip="Place the chosen unit where the computer would: the widest blocks near "
                                          "the middle of your zone (§ Starting the Game)"))
            return out
        elif st.phase == "fate":
            # the first turn's Fate may move any enemy unit: its moves show when one is selected
            # (Fate's move of an enemy unit is a drag: any way, as far as the rules allow, not a fixed push);
            # the counter may become any order the unit may take, Flee included (legal.offered)
            listed = [a for a in legal.fate_actions(st, flow.to_act(st)) if a.kind != "fate_move"]
            pl = st.players[flow.to_act(st)]
            fu = st.units.get(pl.fate_uid)
            have = {a["order"] for a in listed if a.kind == "fate"}
            more = [Action.make("fate", flow.to_act(st), order=o) for o in (legal.offered(st, fu) if fu else ())
                    if o not in have]
            acts = [a for a in map(self._seat_action, listed + more) if self.rules.check(st, a) is None]
            acts.sort(key=lambda a: (a.kind != "fate", FATE_ORDER.get(a.get("order"), 99)))
            acts = acts[:MAX_BUTTONS]
        elif st.phase in flow.PHASE_ORDERS:
            acts = self._unit_actions(self.sel) if self.sel is not None else []
            acts = _one_reform_each(st, acts)
            if st.phase == "spells":
                acts = self._spells_listed(acts)
            acts = [a for a in acts if a.kind not in ("charge", "fire", "attack")] + \
                [a for a in acts if a.kind in ("charge", "fire", "attack")]
            # the General's own moves first (his 6"), then the orders he may pass on, each button once: his own
            # were cut off below the passed ones, which read like his ("Advance 4.0\"")
            acts = [a for a in acts if not a.get("general")] + [a for a in acts if a.get("general")]
            seen: set = set()
            acts = [a for a in acts if not (self._label(a) in seen or seen.add(self._label(a)))]
            acts = acts[:MAX_BUTTONS]
        else:
            acts = []
        self._acts = acts
        keys = dict(legal.ORDER_KEYS)
        fate_keys = st.phase == "fate" and not st.pending
        for i, a in enumerate(acts):
            tip = (f"List the spells {self.unit_name(a['uid'])} may cast at {self.unit_name(a['target'])} (or click "
                   f"a ringed unit)" if a.kind == "spells_at" else "; ".join(self.rules.preview(st, a)))
            if a.get("reroll"):
                tip = f"The General rerolls the whole roll if it scores fewer than {a['reroll']} Successes " \
                      f"({rerolls.R_REROLL}). " + tip
            if fate_keys:
                # the order's own key, as in the picker (the listed place moved from unit to unit)
                key = keys.get(a["order"], "") if a.kind == "fate" else ""
            else:
                key = str(i + 1) if i < 9 else ""
            # a reform's ghost turned by the player: its button names the facing it now has
            shown = self.preview if a.kind == "reform" and self.preview is not None and \
                _same_reform(self.preview, a) else a
            out.append(ButtonSpec(self._label(shown), Do(a), key, tip=tip))
        return out

    def _spell_target(self):
        return self.spell_at[1] if self.spell_at is not None and self.spell_at[0] == self.sel else None

    def _spells_listed(self, acts: list) -> list:
        """A Wizard's spells at one unit: every spell at every unit in reach
        overflowed the panel (ten defensive spells at two units of one's own
        and the offensive ones were cut off unseen).  When they do not all fit,
        one button per unit in reach ("Spells at ...") or a click on a ringed
        unit picks the target first."""
        casts = [a for a in acts if a.kind == "cast"]
        rest = [a for a in acts if a.kind != "cast"]
        t = self._spell_target()
        if t is not None and any(a["target"] == t for a in casts):
            return rest + [a for a in casts if a["target"] == t]
        if len(acts) <= MAX_BUTTONS:
            return acts
        targets = list(dict.fromkeys(a["target"] for a in casts))
        return rest + [Action.make("spells_at", a.player, uid=a["uid"], target=t)
                       for t in targets for a in casts[:1]]

    def _picks_spell_target(self) -> bool:
        """Whether the selected Wizard's buttons ask for the target first (the bottom bar says so)."""
        key = (id(self.state), self.state.version, self.sel, self.spell_at)
        if getattr(self, "_pick_key", None) != key:
            acts = _one_reform_each(self.state, self._unit_actions(self.sel))
            self._pick_key, self._pick = key, any(a.kind == "spells_at" for a in self._spells_listed(acts))
        return self._pick

    def _label(self, a: Action) -> str:
        k = a.kind
        if k == "spells_at":
            return f"Spells at {self.unit_name(a['target'])}..."
        if k == "fate":
            return f"Fate becomes {a['order'].replace('_', ' ').title()}"
        if k == "fate_wait":
            return "Activate Fate second"
        if k == "fate_move":
            edge = ("right" if a["dx"] > 0 else "left") if a["dx"] else ("bottom" if a["dy"] > 0 else "top")
            return f"Move {self.unit_name(a['target'])} {abs(a['dx'] or a['dy']):.0f}\" toward the {edge} edge"
        if k == "general_rally":
            return f"Rally {self.unit_name(a['uid'])}"
        if k == "dispel":
            return "Try to dispel"
        if k == "allow":
            return "Let the spell through"
        passed = f"{self.unit_name(a['uid'])}: " if a.get("general") and a.get("uid") is not None else ""
        if k == "advance":
            # "wheel 30° left", not "wheel -30": a positive angle turns the front to the right (formations.wheeled)
            turn = f", wheel {abs(a['angle']):.0f}° {'right' if a['angle'] > 0 else 'left'}" if a["angle"] else ""
            # the inches used, the wheel's arc with them: "Advance 0.6\", wheel 30° right" used all 4"
            return passed + f"Advance {describe.advance_length(self.state, a):.1f}\"" + turn
        if k == "reform":
            f = a.get("formation")
            return passed + (formation_words(self.state.catalog, f, a["files"]) if f else "Face") + f", facing {space.way(a['facing'])}"
        if k == "cast":
            sp = self.state.catalog.spells[a["spell"]]
            if a["target"] == self._spell_target():        # the bottom bar names the target
                return f"{sp.name} (needs {sp.threshold})"
            return f"{sp.name} > {self.unit_name(a['target'])}"
        if k == "hold":
            return "Hold fire" if self.state.phase == "fire" else "Do nothing"
        if k == "build":
            return "Build 2\" obstacle"
        if k in ("charge", "fire", "attack") and a.get("target") is not None:
            # the selected unit is on the card above: "Charge Veteran Berserkers", not its name on every button
            verb = {"charge": "Charge", "fire": "Fire at", "attack": "Attack"}[k]
            t = self.state.units.get(a["target"])
            name = space.told_apart(self.state, alliance.side_of(self.state, a.player), t) if t else a["target"]
            # the listed variant with the General's reroll read the same as the plain charge (two buttons alike)
            return passed + f"{verb} {name}" + (" (the General's order)" if a.get("general") else "") + \
                (" + General's reroll" if a.get("reroll") else "")
        return self.rules.describe(self.state, a)

    def _order_buttons(self) -> list[ButtonSpec]:
        st = self.state
        p = self.actor()
        out = [ButtonSpec("Sensible orders", "orders:auto", "A", tip="Fill every unit as the computer would"),
               ButtonSpec("Place orders", "orders:commit", "Enter",
                          tip="Commit the counters face down (the Fate counter must be placed)")]
        u = st.units.get(self.sel) if self.sel is not None else None
        if u is not None and alliance.seat_of(st, u) == p:
            opts = legal.offered(st, u)
            cur = self.draft.get(u.uid, [])
            keys = dict(legal.ORDER_KEYS)
            mmt = self._two_orders(u)
            for o in opts:
                tip = ORDER_TIPS.get(o, "")
                if mmt and o in legal.MMT_MOVE + legal.MMT_FIRE:
                    tip = ("Mounted Missile Troops take two orders: Advance or Charge, and Fire or Fire & Flee; "
                           "press one of each (§ Mounted Missile Troops). ") + tip
                out.append(ButtonSpec(self.state.catalog.orders[o].name, Pick("order", o), keys[o], active=o in cur and u.uid != self.fate,
                                      tip=tip + " Press another order to change it; Place orders commits them."))
            out.append(ButtonSpec("Fate here", Pick("order", "fate"), "0", active=self.fate == u.uid,
                                  tip="Put the Fate counter on this unit instead of an order (§ Order Counter Types;)"))
        g = space.general_of(st, alliance.side_of(st, p))
        if g is not None and g.rerolls:
            out.append(ButtonSpec(f"General rerolls flee/rally ({g.rerolls} left)", "orders:runs", "G",
                                  active=self.reroll_runs,
                                  tip="This turn the General rerolls a flee or rally roll that falls short of all the "
                                      "stands, for units within 12\" (§ Generals;)"))
            out.append(ButtonSpec("General rerolls saves/strikes back", "orders:guard", "V",
                                  active=self.reroll_guard,
                                  tip="This turn the General rerolls a save or a strike back that scores fewer "
                                      "Successes than half its dice, for units within 12\": rolls made in the "
                                      "enemy's activations, where you are not asked (§ Generals;)"))
        return out

    def press(self, command: Command):
        st = self.state
        if isinstance(command, Do):
            a = command.action
            if a.kind == "spells_at":
                self.spell_at = (a["uid"], a["target"])
                return True
            if a.kind == "reform" and self.preview is not None and _same_reform(self.preview, a):
                a, self.preview = self.preview, None        # the facing the player turned it to
                return a
            if a.kind in GHOSTED and self.preview != a:
                self.preview = a
                if a.kind == "reform":
                    self.message = (f"{self._label(a)}: the ghost shows it. Click the table where it should face "
                                    f"(Q / E turn it 15°, T faces the nearest enemy); press again (or Enter) to "
                                    f"reform, Esc to drop it")
                else:
                    self.message = (f"{self._label(a)}: the ghost shows it; press again (or Enter) to do it, Esc to "
                                    f"drop it")
                self.message_rule = ""     # a note, not a refusal (a rule left from a refusal logged it as "Refused")
                return True
            self.preview = None
            return self._with_reroll(a)
        if command == "deploy:auto":
            return self._auto_deploy()
        if command == "orders:auto":
            from games.battle_valor_fantasy.ai import normal
            orders, fate = normal.plan_orders(st, flow.to_act(st))
            self.draft = {}
            for uid, o in orders:
                self.draft.setdefault(uid, []).append(o)
            self.fate = fate
            return True
        if command == "orders:runs":
            self.reroll_runs = not self.reroll_runs
            return True
        if command == "orders:guard":
            self.reroll_guard = not self.reroll_guard
            return True
        if command == "orders:commit":
            orders = [[uid, o] for uid, os in sorted(self.draft.items()) for o in os if uid != self.fate]
            extra = {key: 1 for key, on in (("reroll_runs", self.reroll_runs), ("reroll_guard", self.reroll_guard))
                     if on}
            a = Action.make("orders", self.actor(), orders=orders, fate=self.fate, **extra)
            why = self.rules.check(st, a)
            if why:
                self.message, self.message_rule = why.reason, why.rule
                return True
            unordered = [u for u in alliance.mine(st, flow.units_of(st, self.actor()))
                         if u.kind == "unit" and u.uid not in self.draft and u.uid != self.fate
                         and legal.options_for(st, u)]
            if unordered:
                # Enter pressed with nothing picked placed a whole turn of no orders, no Fate counter
                more = len(unordered) - 3
                names = ", ".join(u.name for u in unordered[:3]) + (f" and {more} more" if more > 0 else "")
                no_fate = " The Fate counter is not placed." if self.fate == -1 else ""
                return Choice("Place the orders as they are?", [a], ["Place them as they are"],
                              f"{len(unordered)} of your units have no order counter and will not act this turn: "
                              f"{names}.{no_fate} Cancel goes back to the picker.")   # (reset clears them once placed)
            self.draft, self.fate = {}, -1     # the next player's picker starts empty (nothing of these shows)
            self.reroll_runs = self.reroll_guard = False
            return a
        if isinstance(command, Pick) and command.what == "order" and self.sel is not None:
            o = command.value
            if o == "fate":
                self.fate = self.sel
                self.draft.pop(self.sel, None)
                return True
            u = st.units.get(self.sel)
            if u is None or o not in legal.offered(st, u):
                return True
            cur = [x for x in self.draft.get(self.sel, []) if x != o] if o in self.draft.get(self.sel, []) else None
            if cur is not None:
                pass                                    # pressed again: that counter is taken back
            elif self._two_orders(u) and o in legal.MMT_MOVE + legal.MMT_FIRE:
                # one of each: the other half stays, this half is replaced
                slot = legal.MMT_MOVE if o in legal.MMT_MOVE else legal.MMT_FIRE
                keep = [x for x in self.draft.get(self.sel, []) if x in legal.MMT_MOVE + legal.MMT_FIRE
                        and x not in slot]
                cur = sorted(keep + [o], key=lambda x: x not in legal.MMT_MOVE)
            else:
                cur = [o]
            if cur:
                self.draft[self.sel] = cur
            else:
                self.draft.pop(self.sel, None)
            if self.fate == self.sel:
                self.fate = -1
            return True
        return None

    def _two_orders(self, u) -> bool:
        """Mounted Missile Troops, free to take their two orders."""
        return u.profile is not None and u.profile.mounted_missile and not u.fleeing and not u.engaged and not u.split

    # --- the coach's gold ring (engine/ui/scenes/tutorial.py, docs/lessons.md § Pointing) --------------
    def lesson_pointer(self, action):
        """What the coach rings for a lesson's step, one control at a time:
        the orders picker unit by unit (the unit, then its order's button),
        the General and Fate here, then Place orders; a decision's or a
        unit's button by its label (the scene rings the unit first); the
        enemy to charge, fire at or attack and its button (the General first
        when he passes his order); a Wizard's target, then the spell."""
        from engine.core.lessons import Pointer
        k = action.kind
        if k == "orders":
            return self._orders_pointer(action)
        if k in ("charge", "fire", "attack"):
            g = space.general_of(self.state, alliance.side_of(self.state, action.player)) if action.get("general") \
                else None
            # the General's order is given with the General selected (his buttons, or a click on the enemy);
            # the unit's button for it is ringed beside the enemy (a click on either makes it)
            who = g.uid if g is not None else action.get("uid")
            return Pointer(units=(who, action["target"]), buttons=(self._label(action),))
        uid = action.get("uid")
        if k == "reform":
            # the panel's button for that formation, whatever facing it lists (the step may leave the facing free)
            same = [a for a in _one_reform_each(self.state, self._unit_actions(uid))
                    if a.kind == "reform" and a.get("formation") == action.get("formation")]
            return Pointer(units=(uid,), buttons=(self._label(same[0] if same else action),))
        if k == "cast":
            t = action.get("target")
            if self.sel == uid and self._spell_target() != t and self._picks_spell_target():
                return Pointer(units=(uid, t), buttons=(f"Spells at {self.unit_name(t)}...",))
        return Pointer(units=(uid,) if uid is not None else (), buttons=(self._label(action),))

    def _orders_pointer(self, action):
        """Each unit of the step's orders whose pick is not yet made (ringed
        until selected, then its order's button), the Fate counter's unit
        and Fate here, then Place orders."""
        from engine.core.lessons import Pointer
        want: dict = {}
        for uid, o in action.get("orders") or ():
            want.setdefault(uid, []).append(o)
        for uid, os in want.items():
            if self.draft.get(uid) != os:
                return Pointer(units=(uid,)) if self.sel != uid else Pointer(buttons=(Pick("order", "+".join(os)),))
        fate = action.get("fate", -1)
        if fate != -1 and self.fate != fate:
            return Pointer(units=(fate,)) if self.sel != fate else Pointer(buttons=(Pick("order", "fate"),))
        return Pointer(buttons=("orders:commit",))

    def key(self, name: str, mods: frozenset = frozenset()):
        if name.isdigit() and name != "0":
            bs = self.buttons()
            cmds = [b.command for b in bs if b.key == name]
            if cmds:
                return self.press(cmds[0])
            if self._order_key_refused(name):
                return True
        if name == "return":
            if self.state.phase == "orders":
                return self.press("orders:commit")
            if self.preview is not None:
                a, self.preview = self.preview, None
                return a
        if self.preview is not None and self.preview.kind == "reform" and name in ("q", "e", "t"):
            a = self.preview
            if name == "t":
                u = self.state.units.get(a["uid"])
                e = space.nearest_enemy(self.state, u) if u is not None else None
                if e is not None:
                    self._turn_reform(moves.face_toward(self.state, u, *space.centre(self.state, e)))
                return True
            self._turn_reform(float(a["facing"]) + (-15.0 if name == "q" else 15.0))
            return True
        if name == "a" and self.state.phase == "orders":
            return self.press("orders:auto")
        if name == "a" and self.state.phase == "deploy":
            return self.press("deploy:auto")
        if name == "0" and self.state.phase == "orders":
            return self.press(Pick("order", "fate"))     # F is the screen's (fit the table)
        if name == "g" and self.state.phase == "orders":
            return self.press("orders:runs")
        if name == "v" and self.state.phase == "orders":
            return self.press("orders:guard")
        if name == "g" and self.state.phase in flow.PHASE_ORDERS:
            self.want_reroll = not self.want_reroll
            return True
        return super().key(name, mods)

    def _order_key_refused(self, name: str) -> bool:
        """An order's key the selected unit is not offered: say why (the
        key did nothing, and a learner did not know whether it was heard)."""
        st = self.state
        u = st.units.get(self.sel) if self.sel is not None else None
        order = next((o for o, k in legal.ORDER_KEYS if k == name), None)
        if st.phase != "orders" or u is None or order is None:
            return False
        why = flow.order_fits(st, u, order)
        reason, rule = why if why is not None else (
            f"{self.unit_name(u.uid)} has no use for a {self.state.catalog.orders[order].name} order now", flow.R_FATE_COUNTER)
        self.message, self.message_rule = f"{reason}: no {self.state.catalog.orders[order].name} order for it.", rule
        return True

    def cancel(self) -> bool:
        if self.preview is not None:
            self.preview = None
            self.message = ""
            return True
        if self._spell_target() is not None:
            self.spell_at = None                  # back to every unit in the Wizard's reach
            return True
        return super().cancel()

    # --- the table aids (overlay.py) ------------------------------------------------------------
    def overlay_shapes(self) -> list:
        """The table aids this frame (overlay.py), kept while the position,
        the selection, the hovered unit and the ghost stay the same."""
        st = self.state
        h = self.hovering
        key = (id(st), st.version, st.phase, self.sel, h.unit if h is not None else None, self.preview,
               len(st.works))
        if getattr(self, "_shapes_key", None) != key:
            self._shapes_key, self._shapes = key, self._overlay_shapes()
        return self._shapes

    def _overlay_shapes(self) -> list:
        st = self.state
        out = overlay.works_shapes(st)
        g = st.units.get(self.sel) if self.sel is not None else None
        if g is not None and g.kind == "general" and g.on_table:
            out += overlay.general_shapes(st, g)
        if st.phase == "over" or st.pending:
            return out
        a = self.preview
        if a is not None and a.kind in GHOSTED:
            ok = self.rules.check(st, a) is None
            u = st.units.get(a["uid"])
            if u is None:
                return out
            if a.kind == "reform":
                out += overlay.reform_shapes(st, u, a.get("formation"), int(a.get("files", u.files)),
                                             float(a["facing"]), ok)
            elif a.kind == "advance":
                out += overlay.advance_shapes(st, u, BlockMove(float(a.get("first", 0.0)), float(a.get("angle", 0.0)),
                                                               float(a.get("then", 0.0))), ok)
            elif a.kind == "build":
                out += overlay.build_shapes(st, u, ok)
            return out
        h = self.hovering
        if st.phase == "combat" and self.sel is not None and h is not None and self._mine(self.sel) \
                and not self._mine(h.unit):
            u, t = st.units.get(self.sel), st.units.get(h.unit)
            if u is not None and t is not None and not u.engaged and u.kind == "unit" and t.kind != "general" \
                    and flow.can_activate(st, u, "combat") and "charge" in u.orders:
                if combat.charge_problem(st, u, t) is None:
                    out += overlay.charge_shapes(st, u, t)
        return out

    # --- dragging an Advance, or an enemy unit by Fate ----------------------------------------------
    def fate_limit(self, unit) -> float | None:
        """How far Fate lets the player to act move this enemy unit now (the
        first turn's 10" within its zone, or 6" when the enemy placed no Fate
        counter), None when it may not (§ Order Counter Types;)."""
        st = self.state
        u = st.units.get(unit)
        if u is None or not u.on_table or u.kind == "general" or st.phase == "over":
            return None
        side = alliance.side_of(st, self.actor())
        if u.owner == side or flow.to_act(st) != side:
            return None
        if st.pending:
            return 6.0 if st.pending[-1].kind == "fate_punish" else None
        if st.phase == "fate" and st.turn == 1 and side in flow.fate_players(st) and alliance.is_overall(st, self.actor()):
            return 10.0
        return None

    def movable(self, unit) -> bool:
        return self.fate_limit(unit) is not None or super().movable(unit)

    def reach(self, unit):
        lim = self.fate_limit(unit)
        if lim is None:
            return super().reach(unit)
        if unit not in self._reach:
            from engine.ui.boards.table_tools import reach_area
            t = self.table()
            self._reach[unit] = reach_area(self.feet(unit), lim, t, t.impassable)
        return self._reach[unit]

    def drag_turn(self, degrees: float) -> None:
        if self.drag is not None and self.fate_limit(self.drag.unit) is not None:
            self.message = "Fate moves the unit without turning it (its facing and formation stay)"
            return
        super().drag_turn(degrees)

    def allowance_of(self, unit) -> float | None:
        lim = self.fate_limit(unit)
        if lim is not None:
            return lim
        st = self.state
        u = st.units.get(unit)
        if st.phase != "advance" or st.pending or u is None or alliance.seat_of(st, u) != self.actor() or u.engaged:
            return None
        if "advance" not in u.orders or not flow.can_activate(st, u, "advance"):
            return None
        return moves.advance_allowance(st, u)

    def drag_begin(self, pt, single: bool = False) -> bool:
        return super().drag_begin(pt, False)     # the rules move a unit as a block: no model alone (Shift)

    def _preview(self) -> None:
        """The drag's verdict is the rules' on the block move the drop makes
        (forward, one wheel, forward), not the table's per-model paths: seen
        in play, a drag drawn red ("blocked") that the rules then made."""
        super()._preview()
        d = self.drag
        if d is None:
            return
        try:
            a = self.make_move_action(d.unit, self.positions(d.unit, d.now))
        except Exception:  # noqa: BLE001 - a drop the block move cannot express: the table's verdict stands
            return
        why = self.rules.check(self.state, a)
        d.problem = f"{why.reason} ({why.rule})" if why else ""
        u = self.state.units[d.unit]
        d.legs = self._legs(u, a, d.problem)
        d.longest = d.legs[0].length if d.legs else 0.0

    def _legs(self, u, a: Action, problem: str) -> list:
        """Each stand's way as the rules move it (the drop's block move, or
        Fate's straight move), every leg carrying the move's own length, so
        the table's label, its colour and the bar say the same measure
        (the table's per-model shortest paths measured 4.8" where the rules
        counted 5.3")."""
        import math
        from engine.ui.boards.table_tools import MoveLeg
        st = self.state
        start = {f.tag: f for f in space.feet(st, u)}
        if a.kind == "fate_move":
            L = math.hypot(a["dx"], a["dy"])
            return [MoveLeg((u.uid, sid), f, f.moved(f.x + a["dx"], f.y + a["dy"]),
                            [(f.x, f.y), (f.x + a["dx"], f.y + a["dy"])], L, problem) for sid, f in start.items()]
        from engine.table.ways import block_way
        way = block_way(space.block(st, u), BlockMove(a["first"], a["angle"], a["then"]))
        L = way.length
        n = 16 if a["angle"] else 1
        places = [space.layout(u, way.frame_at(L * k / n)) for k in range(n + 1)]
        out = []
        for i, f in enumerate(places[-1]):
            s0 = start.get(f.tag)
            if s0 is None:
                continue
            out.append(MoveLeg((u.uid, f.tag), s0, f, [(p[i].x, p[i].y) for p in places], L, problem))
        return out

    def make_move_action(self, unit, positions: dict):
        """The block move that brings the command stand where it was
        dropped: forward, one wheel to the new facing, forward (the rules
        judge the length and the way); an enemy unit dragged by Fate: moved
        straight there, facing kept."""
        st = self.state
        u = st.units[unit]
        c = u.command_stand() or u.stands[0]
        x, y, f = positions[(u.uid, c.sid)]
        if self.fate_limit(unit) is not None:
            return Action.make("fate_move", self.actor(), target=u.uid, dx=round(x - c.x, 3), dy=round(y - c.y, 3))
        m = block_move_to(space.block(st, u), Frame(x, y, f))
        return Action.make("advance", alliance.seat_of(st, u), uid=u.uid, first=round(m.first, 3),
                           angle=round(m.angle, 1),
                           then=round(m.then, 3))

    def _fate_wait_words(self) -> str:
        st = self.state
        side = alliance.side_of(st, self.actor())
        return "; or let the other side's Fate go first" if flow.may_wait_fate(st, side) else ""

    def help_lines(self) -> list[str]:
        return [
            "Fate (first turn): drag an enemy unit up to 10\" any way within its zone (facing kept); when the enemy "
            "left out the Fate counter, drag one of its units up to 6\" or decline.",
            "Orders: click one of your units, then its order: each order has its own key in every unit (1 Advance, "
            "2 Charge, 3 Fire, 4 Reform, 5 Brace, 6 Flee, 7 Fire & Flee, 8 Attack, 9 Spell), 0 puts the Fate counter "
            "on it; press another to change it until you place them; "
            "A fills every unit as the computer would; Enter places them face down.  G / V: the General promises "
            "rerolls.",
            "Each phase: the units that may act are ringed; click one, its actions are buttons.  With it selected, "
            "click a ringed enemy to charge, fire or attack it; hovering the enemy first shows the odds and, for a "
            "charge, the lane, the wheel and the edge it will hit.",
            "Advance: drag a unit with an Advance order; it moves as a block: forward, one wheel (the mouse wheel "
            "turns it while you drag), forward.  Or press one of its Advance buttons: the ghost shows, press again "
            "or Enter to move.",
            "Reform: one button per formation (facing as now); the ghost shows: click the table where it should face "
            "(Q / E turn it 15°, T faces the nearest enemy), press again or Enter.  "
            "Spells: select the Wizard, then a Spells at... button or a ringed unit, then the spell.  Esc backs out.",
            "G in a phase: ask the General to reroll the next charge, fire, attack or spell.  Select the General: "
            "his 12\" command ring.  Right-drag: measure.",
        ]

    def hint(self) -> str:
        if self.message:
            return self.message
        if self.drag is not None and self.fate_limit(self.drag.unit) is not None:
            # Fate's move keeps the unit's facing (§ Order Counter Types;): the wheel does not turn it
            return super().hint().replace(" · wheel turns", " · facing kept")
        if self.drag is not None or self.tool == "ruler" or self.formation:
            return super().hint()         # "Moving ...: 2.6" of 4" · wheel turns · Esc cancels" and the refusal
        ph = self.state.phase
        if ph == "advance" and self.sel is not None and self.movable(self.sel):
            return (f"Drag {self.unit_name(self.sel)} (within the green area): it moves as a block, forward, one "
                    f"wheel (the mouse wheel turns it while you drag), forward; or press one of its Advance buttons")
        if self.state.pending:
            return PENDING_HINTS.get(self.state.pending[-1].kind, "Decide with the buttons on the right") + \
                "; hover a button for its chance and rule"
        if ph == "deploy":
            return "Click in your zone to place the unit (pick another from the tray); A places it for you"
        if ph == "orders":
            n = len(self.draft)
            return f"Select each unit and press its order ({n} set); 0 puts the Fate counter on it; Enter places them"
        if ph == "fate" and self.state.turn == 1 and self.fate_limit(self.sel) is not None:
            return (f"Drag {self.unit_name(self.sel)} up to 10\" any way within its deployment zone (facing and "
                    "formation kept); or turn the Fate counter into an order")
        if ph == "fate" and self.state.turn == 1:
            return ("Turn the Fate counter into an order, or drag an enemy unit up to 10\" any way within its "
                    "deployment zone by Fate (first turn only)")
        if ph == "fate":
            pl = self.state.players[alliance.side_of(self.state, self.actor())]
            where = f" next to {self.unit_name(pl.fate_uid)}" if pl.fate_uid in self.state.units else ""
            return f"Turn the Fate counter{where} into an order (its buttons){self._fate_wait_words()}"
        if ph == "spells" and self.sel is not None and self._mine(self.sel):
            t = self._spell_target()
            if t is not None:
                return f"The spells {self.unit_name(self.sel)} may cast at {self.unit_name(t)}: each button's tip " \
                       f"gives its chance and what it does; Esc lists the other units in reach"
            if self._picks_spell_target():
                return "Pick the spell's target: a Spells at... button, or click a ringed unit (yours for a " \
                       "defensive spell, the enemy's for an offensive one)"
        if ph in flow.PHASE_ORDERS:
            g = space.general_of(self.state, alliance.side_of(self.state, self.actor()))
            rr = f"; G: the General's reroll ({g.rerolls} left){' ON' if self.want_reroll else ''}" \
                if g is not None and g.rerolls else ""
            return "Select a unit with a counter: its actions are buttons; click an enemy to charge, fire or attack" + rr
        return ""


def _ring_key(u) -> object:
    """Where a unit that may act is ringed: its command stand (the centre
    of its front rank), so a phase with forty units ready rings forty
    stands, not the whole army; targets are ringed whole."""
    c = u.command_stand() if u.stands else None
    return (u.uid, (c or u.stands[0]).sid) if u.stands else u.uid


def make_controller(match, view) -> BVFController:
    return BVFController(match, view)
