"""Warbound input: pick a Character, then an Action of the board (a hexagon
of the Action Board in the panel, or a button); before paying the panel
shows the cost, the board marks the tiles it may reach and its valid
targets (the closest ones with the red crosshair: first accuracy) and
hovering a target gives the exact odds; "Pay and activate" or a click on a
marked tile pays (and moves, shoots or fights at once).  Decisions (Leader
skill, Hourglass, initiative, the token kept) are buttons, the Hourglass
also a click on a hexagon of the board; the Order token reserve offers the
two-for-one exchange by colour.  Every offer comes from the rules' legal
actions; a click that matches none shows the rules' refusal."""
from __future__ import annotations

from engine.core.actions import Action
from engine.core.rules import Illegal
from engine.ui.commands import Command, Do
from engine.ui.contract import ButtonSpec, Choice, Controller, HandCard, HandSection, HoverInfo, TraySpec
from games.warbound.rules import actionboard, shooting
from games.warbound.rules.activation import R_ACT
from games.warbound.rules.fight import R_FIGHT
from games.warbound.rules.profile import stats
from games.warbound.rules.queries import enemies_adjacent, possessive

SHORT = {"move": "Move", "run": "Run", "shoot": "Shoot", "fight": "Fight"}

HEX_KINDS = ("move", "shoot", "fight", "skill", "deploy")


def space_title(sp) -> str:
    """An Action's name as its hexagon reads ("Aim + Shoot", "Move + Fight")."""
    return " + ".join(("Aim + " if part == "shoot" and sp.aim else "") + SHORT[part] for part in sp.parts)


class WarboundController(Controller):
    def __init__(self, match, view):
        self.match = match
        self.rules = match.rules       # refusals go through rules.check: the screen offers "Allow anyway"
        self.view = view
        self.sel = None
        self.pending = None         # the Action picked for the selected Character, not paid yet
        self.placing = None         # a Formation's first miniature placed: (which, hex); the other's next
        self.grab = None            # a Formation's miniature clicked first: which one goes where next
        self._preview = (None, None)
        self._hl = None
        self.message = ""
        self.message_rule = ""
        self.reset()

    @property
    def state(self):
        return self.match.state

    def reset(self) -> None:
        self.legal = [a for a in self.match.legal_actions() if a.player == self.match.to_act()]
        act = self.state.activation
        if act is not None:
            self.sel = act.uid
        if self.pending is not None and self._activation(self.pending) is None:
            self.pending = None
        self._preview = (None, None)
        self._hl = None
        self.placing = self.grab = None
        self.message, self.message_rule = "", ""     # a refusal is about the position it was made in

    def signature(self):
        return (self.sel, self.pending, self.message, self.placing, self.grab)

    # ---- the Action picked before paying ------------------------------------------------
    def _activation(self, sid):
        """The legal activation of the selected Character on this Action, if any."""
        return next((a for a in self.legal if a.kind == "activate" and a["uid"] == self.sel and a["space"] == sid),
                    None)

    def _after_paying(self):
        """The state once the pending activation is paid (a copy): what the
        Character may then do, with the Aim and Formation numbers right."""
        key = (self.sel, self.pending)          # reset() forgets it whenever the state changes
        if self._preview[0] != key:
            a = self._activation(self.pending)
            s2 = None
            if a is not None:
                s2 = self.state.copy()
                self.match.rules.apply(s2, a, None)
            self._preview = (key, s2)
        return self._preview[1]

    def _pending_steps(self) -> list:
        """[(hexes, [activate, step], kind)] for the tiles a click would pay and act on."""
        a = self._activation(self.pending)
        s2 = self._after_paying()
        if a is None or s2 is None or s2.activation is None:
            return []
        out = []
        for st in self.match.rules.legal_actions(s2):
            if st.kind in ("move", "shoot", "fight"):
                hexes = self._hexes_in(s2, st)
                kind = "move" if st.kind == "move" else ("attack" if self._closest_in(s2, st) else "target")
                out.append((hexes, [a, st], kind))
        return out

    def _closest_in(self, state, st) -> bool:
        if st.kind == "fight":
            return True
        ch = state.chars[state.activation.uid]
        t = state.chars[st["target"]]
        return t in shooting.closest(state, ch)

    def _hexes_in(self, state, a) -> list:
        out = [tuple(a[k]) for k in ("to", "to2") if a.get(k) is not None]
        t = a.get("target")
        if t is not None and not out:
            out = [h for h in state.chars[t].minis if h is not None]
        return out

    def _hexes_of(self, a: Action) -> list:
        out = []
        for k in ("to", "to2"):
            if a.get(k) is not None:
                out.append(tuple(a[k]))
        t = a.get("target")
        if t is not None and a.kind != "leader_skill":
            c = self.state.chars.get(t)
            if c is not None and a.get("to") is None:
                out += [h for h in c.minis if h is not None]
        return out

    def _on_board(self) -> list:
        return [a for a in self.legal if a.kind in HEX_KINDS
                and (a.kind != "deploy" or self.sel is None or a["uid"] == self.sel)]

    def _picked(self):
        """The selected Character of the player to act, before activating it."""
        c = self.state.chars.get(self.sel) if self.sel is not None else None
        if c is None or not c.alive or not c.deployed or self.state.activation is not None \
                or self.state.phase != "action" or c.owner != self.match.to_act():
            return None
        return c

    def highlights(self):
        """The marked tiles; the same dict while nothing changed, so the
        screen's composed board layer (keyed by it) is reused."""
        key = (self.sel, self.pending, self.placing, self.grab)
        if self._hl is not None and self._hl[0] == key:
            return self._hl[1]
        out = self._highlights()
        self._hl = (key, out)
        return out

    # ---- a Formation: each miniature to its own tile ------------------------------------
    def _pairs(self) -> list:
        """[(what a click plays, (tile of miniature 1, tile of miniature 2))] for
        every two-miniature placement open now (a Formation's move, deployment
        or skill move; paid at once when the Action is only picked)."""
        out = []
        if self.state.phase == "deploy" and self.sel is None:
            return out          # which Character first (the tray); several may deploy on a tile
        if self._picked() is not None and self.pending is not None:
            for _, acts, _ in self._pending_steps():
                if acts[1].get("to2") is not None:
                    out.append((acts, (tuple(acts[1]["to"]), tuple(acts[1]["to2"]))))
        for a in self._on_board():
            if a.get("to2") is not None:
                out.append((a, (tuple(a["to"]), tuple(a["to2"]))))
        return out

    def _mover(self):
        """The Formation the placements move (None while deploying: it is not on the board)."""
        act = self.state.activation
        c = self.state.chars.get(act.uid) if act is not None else self._picked()
        return c if c is not None and len(c.minis) == 2 else None

    def _place(self, h):
        """A click while a Formation is placed: the first tile for one miniature
        (the one clicked first, else the nearer one), then the other's; the
        pair is never chosen for the player.  None: not a placement click."""
        pairs = self._pairs()
        if not pairs:
            return None
        c = self._mover()
        if self.placing is not None:
            i, first = self.placing
            if h == first:                      # the same tile again: start over
                self.placing = None
                self.message = "Placement undone: click a tile for either miniature."
                return True
            done = [r for r, d in pairs if d[i] == first and d[1 - i] == h]
            if done:
                self.placing = None
                return done[0]
            self.message = ("The other miniature cannot end there: it must stay adjacent to the first "
                            "and within its move (the marked tiles).")
            self.message_rule = "warbound.txt § Formations"
            return True
        if c is not None and self.grab is None and h in c.minis:
            self.grab = c.minis.index(h)
            self.message = ""
            return True
        cands = [(r, d) for r, d in pairs if h in d]
        if not cands:
            return None
        sides = sorted({i for _, d in cands for i in (0, 1) if d[i] == h})
        if self.grab is not None and self.grab in sides:
            i = self.grab
        elif c is not None and len(sides) == 2:
            from engine.hex.grid import distance
            i = min(sides, key=lambda k: (distance(c.minis[k], h), k))
        else:
            i = sides[0]
        self.grab = None
        self.placing = (i, h)
        self.message = ""
        return True

    def can_drag(self, h) -> bool:
        """A Formation's miniature may be dragged to its tile (the screen's hex drag)."""
        c = self._mover()
        return c is not None and h in c.minis and bool(self._pairs())

    def drop_piece(self, start, end):
        """A miniature dragged from `start` to `end`: that one goes there, as a
        click on it and then on the tile would (the other follows the same way)."""
        c = self._mover()
        if c is None or start not in c.minis:
            return None
        i = c.minis.index(start)
        if self.placing is not None and self.placing[0] == i:
            self.placing = None                 # the placed one dragged again: placed anew
        if self.placing is None:
            self.grab = i
        return self.click(end)

    def _placing_marks(self) -> dict:
        i, first = self.placing
        kind = "deploy" if self.state.phase == "deploy" else "move"
        out = {first: "select"}
        for _, d in self._pairs():
            if d[i] == first:
                out.setdefault(d[1 - i], kind)
        c = self._mover()
        if c is not None:
            out.setdefault(c.minis[1 - i], "select")
        return out

    def _highlights(self):
        if self.placing is not None:
            return self._placing_marks()
        out = {}
        for a in self._on_board():
            kind = {"fight": "attack", "shoot": "attack"}.get(a.kind, a.kind)
            if a.kind == "shoot" and not self._closest_in(self.state, a):
                kind = "target"          # in range, not the closest: the second accuracy
            for h in self._hexes_of(a):
                if out.get(h) != "attack":
                    out[h] = kind if h not in out or kind == "attack" else out[h]
        c = self._picked()
        if c is not None and self.pending is not None:     # the Action picked: what paying allows
            for hexes, _, kind in self._pending_steps():
                for h in hexes:
                    if out.get(h) != "attack":
                        out[h] = kind
            for h in c.minis:
                out.setdefault(h, "select")
        elif c is not None:         # before paying: who it could shoot (closest: red) or fight
            for h in c.minis:
                out[h] = "select"
            near = shooting.closest(self.state, c)
            for t in shooting.valid_targets(self.state, c):
                for h in t.minis:
                    out[h] = "attack" if t in near else "target"
            for t in enemies_adjacent(self.state, c):
                for h in t.minis:
                    out[h] = "attack"
        return out

    def selected(self):
        return self.sel

    def hover(self, h):
        if h is None:
            return HoverInfo()
        info = self.view.hex_info(self.state, h)
        c = self._picked()
        if c is not None and self.pending is not None:
            s2 = self._after_paying()
            for hexes, acts, _ in self._pending_steps():
                if h in hexes:
                    rules = self.match.rules
                    info.preview = ([rules.preview(self.state, acts[0])[0]] + [rules.describe(s2, acts[1])]
                                    + rules.preview(s2, acts[1]) + ["Click to pay and do it."])
                    return info
        uid = self.state.occupied.get(h)
        if c is not None and uid is not None and self.state.chars[uid].owner != c.owner:
            t = self.state.chars[uid]
            if t in shooting.valid_targets(self.state, c):
                need, first = shooting.accuracy_for(self.state, c, t)
                info.preview = [f"{'Closest target' if first else 'Not the closest'}: shoot on {need}+"]
            elif stats(self.state, c).accuracy is not None:
                p = shooting.shooter_problem(self.state, c) or shooting.target_problem(self.state, c, t)
                if p:
                    info.illegal, info.rule = p
        for a in self._on_board():
            if h in self._hexes_of(a):
                info.preview = [self.match.rules.describe(self.state, a)] + self.match.rules.preview(self.state, a)
                break
        return info

    @staticmethod
    def _which(acts) -> str:
        """The question a choice of several actions on one tile asks."""
        if all(a.get("to2") is not None for a in acts):
            return "A Formation has two miniatures: where does the other one go?"
        if all(a.kind == "deploy" for a in acts):
            return "Which Character deploys here?"
        return "Which one?"

    def click(self, h, button: int = 1):
        placed = self._place(h)
        if placed is not None:
            return None if placed is True else placed
        if self._picked() is not None and self.pending is not None:
            found = [(acts, self.match.rules.describe(self._after_paying(), acts[1]))
                     for hexes, acts, _ in self._pending_steps() if h in hexes]
            if len(found) == 1:
                return found[0][0]
            if found:
                return Choice(self._which([f[0][1] for f in found]), [f[0] for f in found], [f[1] for f in found])
        acts = [a for a in self._on_board() if h in self._hexes_of(a)]
        if self.state.phase == "deploy" and self.sel is None and acts:
            who = {a["uid"] for a in acts}
            if len(who) == 1:                   # only one Character may stand here: it is the one
                self.sel = who.pop()
                self._hl = None
                return self.click(h)
            acts = [a for a in acts if a.get("to2") is None]    # a Formation is picked in the tray
            if not acts:
                self.message = "Several Characters may deploy here: pick one in the tray first."
                self.message_rule = ""
                return None
        if len(acts) == 1:
            return acts[0]
        if acts:
            return Choice(self._which(acts), acts, [self.match.rules.describe(self.state, a) for a in acts])
        uid = self.state.occupied.get(h)
        if uid is not None and self.state.chars[uid].owner == self.match.to_act():
            if uid != self.sel:
                self.pending = None
            self.sel = uid
            self.message = ""
            return None
        if uid is not None and self._refuse_target(self.state.chars[uid]):
            return None
        if (self.state.activation is not None or self.pending is not None) and self._refuse_move(h):
            return None
        self.message = "Nothing to do there: pick a highlighted tile or one of your Characters."
        self.message_rule = ""
        return None

    def _refuse_target(self, t) -> bool:
        """A click on an enemy that cannot be shot or fought says why (the
        rules' refusal of the attack it meant, so the screen can offer to
        allow it anyway); False when no Character of the player's is picked."""
        state, act = self.state, self.state.activation
        if act is None and self.pending is not None and self._picked() is not None:
            paid = self._after_paying()          # the Action picked: judged as once paid
            if paid is not None and paid.activation is not None:
                state, act = paid, paid.activation
        ch = state.chars.get(act.uid) if act is not None else self._picked()
        if ch is None:
            return False
        p = ch.owner
        if act is not None:
            t = state.chars[t.uid]
            kind = "fight" if t in enemies_adjacent(state, ch) and "fight" in act.parts else \
                "shoot" if "shoot" in act.parts else "fight" if "fight" in act.parts else "shoot"
            why = self.rules.check(state, Action.make(kind, p, target=t.uid))
        else:
            # before an Action is paid: the rules' own reason this Character could not target it
            adjacent = t in enemies_adjacent(self.state, ch)
            why = None
            if not adjacent:
                if stats(self.state, ch).accuracy is None:
                    why = (f"{stats(self.state, ch).name} has no ranged weapon and {stats(self.state, t).name} "
                           "is not adjacent: only a Fight reaches it.", R_FIGHT)
                else:
                    why = shooting.shooter_problem(self.state, ch) or shooting.target_problem(self.state, ch, t)
            if why is None:
                why = ("Choose an Action first: a hexagon of the Action Board in the panel.", R_ACT)
            why = Illegal(*why)
        if why is None:
            return False
        self.message, self.message_rule = why.reason, why.rule
        return True

    def refusal_prefix(self, state, action) -> tuple:
        """The legal step a refusal was judged after (the picked Action,
        paid): the screen plays it before an override of the refused one."""
        if self.pending is not None and state is self._preview[1]:
            a = self._activation(self.pending)
            return (a,) if a is not None else ()
        return ()

    def _refuse_move(self, h) -> bool:
        """A click on a tile the activation (or the Action picked, judged as
        once paid) cannot move to says why: "Out of reach within 6 tiles"."""
        state, act = self.state, self.state.activation
        if act is None and self.pending is not None and self._picked() is not None:
            paid = self._after_paying()
            if paid is not None and paid.activation is not None:
                state, act = paid, paid.activation
        if act is None:
            return False
        ch = state.chars[act.uid]
        if not any(p in act.parts for p in ("move", "run")) or len(ch.minis) != 1:
            return False
        why = self.rules.check(state, Action.make("move", ch.owner, to=h))
        if why is None:
            return False
        self.message, self.message_rule = why.reason, why.rule
        return True

    def buttons(self):
        out = []
        describe = self.match.rules.describe
        pend = self._activation(self.pending) if self.pending is not None else None
        if pend is not None:
            pv = self.match.rules.preview(self.state, pend)
            out.append(ButtonSpec(f"Pay: {actionboard.parts_name(self.state.catalog, self.pending)}", "pay", "Enter", active=True,
                                  tip="; ".join([describe(self.state, pend)] + pv),
                                  cost=pv[0].removeprefix("Cost: ").split(" (")[0] if pv else ""))
            out.append(ButtonSpec("Another Action", "unpick", "Esc", tip="Back to the choice of an Action"))
        for a in self.legal:
            if a.kind in HEX_KINDS and self._hexes_of(a):
                continue
            if a.kind == "activate":        # the Action Board's hexagons in the panel offer them
                continue
            if a.kind == "exchange":
                continue
            pv = self.match.rules.preview(self.state, a)
            tip = "; ".join([describe(self.state, a)] + pv)
            out.append(ButtonSpec(self.short(a), Do(a), tip=tip))
        return out

    def short(self, a) -> str:
        """A button label that fits: the Action, the choice, not the sentence."""
        k = a.kind
        if k in ("activate", "hourglass"):
            return ("Hourglass on " if k == "hourglass" else "") + actionboard.parts_name(self.state.catalog, a["space"])
        if k == "initiative":
            return "Take the Hand" if a["take"] else "Keep the Hourglass"
        if k == "keep_token":
            col = a.get("color")
            return f"Keep {self.state.catalog.factions[col].token}" if col else "Keep none"
        if k == "end_activation":
            return "End activation"
        if k == "pass":
            return "Pass"
        return self.match.rules.describe(self.state, a)

    # ---- a lesson's gold ring (engine/ui/scenes/tutorial.py, docs/lessons.md § Pointing) ----
    def lesson_pointer(self, action, after=None):
        """What the coach rings for a lesson's step, in the order the clicks
        come: the Character's miniatures until it is picked, then the Action's
        hexagon on the Action Board, then Pay and the tile or target of the
        learner's next step (`after`: a click there pays and acts at once),
        or every target a click would pay and act on; a move's tiles; a
        target's miniatures; the panel hexagon or button of a decision."""
        from engine.core.lessons import Pointer
        state = self.state
        k = action.kind
        if k == "activate":
            ch = state.chars.get(action.get("uid"))
            sid = action.get("space")
            if ch is None or not ch.deployed:
                return Pointer()
            if self.sel != ch.uid or state.activation is not None:
                return Pointer(hexes=tuple(ch.minis))
            if self.pending != sid:
                return Pointer(cards=(("space", sid),))
            then = self.lesson_pointer(after) if after is not None and after.kind in ("move", "shoot", "fight") \
                else None
            targets = then.hexes if then is not None else \
                tuple(h for hexes, _, kind in self._pending_steps() if kind != "move" for h in hexes)
            return Pointer(hexes=targets, buttons=("pay",))
        same = [Do(a) for a in self.legal if a.kind == k
                and all(a.get(x) == v for x, v in action.params if x != "pay")][:1]
        if k == "hourglass":
            return Pointer(cards=(("space", action.get("space")),), buttons=tuple(same))
        if k == "exchange":
            return Pointer(cards=(("exchange", action.get("get")),))
        if k in ("move", "deploy") or (k == "skill" and action.get("to") is not None):
            return Pointer(hexes=tuple(tuple(action[x]) for x in ("to", "to2") if action.get(x) is not None))
        t = state.chars.get(action.get("target")) if k in ("shoot", "fight", "skill") else None
        if t is not None:
            return Pointer(hexes=tuple(h for h in t.minis if h is not None))
        return Pointer(buttons=tuple(same))

    def press(self, command: Command):
        if command == "pay":
            a = self._activation(self.pending)
            self.pending = None
            return a
        if command == "unpick":
            self.pending = None
            return None
        if isinstance(command, Do):
            return command.action
        return None

    def key(self, name: str, mods=frozenset()):
        if name in ("return", "enter") and self.pending is not None:
            return self.press("pay")
        return None

    def cancel(self) -> bool:
        if self.placing is not None or self.grab is not None:
            self.placing = self.grab = None
            self._hl = None
            return True
        if self.pending is not None:
            self.pending = None
            return True
        if self.sel is not None and self.state.activation is None:
            self.sel = None
            return True
        return False

    def hint(self) -> str:
        if self.message:
            return self.message
        s = self.state
        if self.placing is not None:
            return (f"Formation: one miniature goes to {s.board.label(self.placing[1])}; click the tile for the "
                    "other (marked), that tile again to undo, Esc to start over.")
        if self.grab is not None:
            return "Formation: click the tile for this miniature, then the other's (Esc: start over)."
        if s.phase == "deploy":
            c = s.chars.get(self.sel) if self.sel is not None else None
            if c is not None and not c.deployed:
                return (f"Click a blue tile next to your starting tile to deploy {stats(s, c).name} "
                        "(Esc: another Character).")
            return "Pick a Character in the tray, then a highlighted tile next to your starting tile."
        if s.queue:
            return self._decision_hint(s.queue[0])
        if s.activation is not None:
            return "Click a highlighted tile to move, shoot or fight; or end the activation."
        if self.pending is not None and self._picked() is not None:
            return ("Nothing paid yet: click a marked tile to pay and act at once (red crosshair: the closest "
                    "target), Pay (Enter), or Esc for another Action.")
        if self._picked() is not None:
            return "Choose an Action: a hexagon of the Action Board in the panel (red crosshair: closest target)."
        return "Click one of your Characters, then choose an Action of the board (or pass)."

    def _decision_hint(self, item) -> str:
        """What the decision waiting is about, in a sentence (the buttons make it)."""
        kind = item[0]
        if kind == "leader_skill":
            sk = self.state.catalog.skills[item[2]]
            return (f"The Leader Phase: your Leader's skill, {sk.name} ({sk.text.rstrip('.')}). Click the button "
                    "of the Character it helps.")
        if kind == "hourglass":
            from games.warbound.rules.scenario import scenario
            if self.state.turn >= scenario(self.state).turns:       # no initiative after the last turn
                return ("The Effect Phase of the last turn: place the Hourglass on an open hexagon of the Action "
                        "Board (nobody takes the Hand after this turn, so it matters little now).")
            return ("The Effect Phase: place the Hourglass on an open hexagon of the Action Board. If the Hand "
                    "holder does not take that Action this turn, you may take the Hand at Cleanup.")
        if kind == "initiative":
            return ("Cleanup: you hold the Hourglass. Take the Hand to activate first next turn, or keep the "
                    "Hourglass to mark an Action again.")
        if kind == "keep_token":
            return "Cleanup: keep one Order token for the next turn; the others are discarded."
        return "Decide with the buttons."

    # ---- the panel: the Action Board, the timeline, the Order token reserves -------------
    def hand(self, p: int) -> list:
        """The shared Action Board as hexagons (both Periods, open or closed
        and by whom, the Hourglass, the Action picked), the timeline, and
        each player's Order tokens by colour with the exchange.  All of it
        is public (warbound.txt § The Action Board)."""
        state = self.state
        if state.phase == "deploy":
            return []
        cat = self.state.catalog
        view = self.view
        picked = self._picked()
        hourglass = any(a.kind == "hourglass" for a in self.legal)
        # the same sections whatever is selected (the card has its own slot below): picking a
        # Character never moves the board's hexagons under the pointer
        note = ("Click a hexagon: the Hourglass goes there." if hourglass else
                "Pick a Character, then an Action: cost, reach, targets before you pay."
                if state.phase == "action" else "")
        sections = []
        later = [space_title(sp) for sp in cat.board.values() if sp.period > state.period]
        for period, turns in ((1, "turns 1-2"), (2, "turns 3-5")):
            if period > state.period:       # not open yet: named under Period 1, the card keeps the room
                continue
            cards = [self._space_card(sid, sp, picked, hourglass) for sid, sp in cat.board.items()
                     if sp.period == period]
            title = f"Period {period} ({turns})" + (" · now" if state.period == period else "")
            more = f" Period 2 (turn 3) adds {', '.join(later)}." if later and period == 1 else ""
            sections.append(HandSection(("Action Board · " if period == 1 else "") + title, cards,
                                        note=(note + more).strip() if period == 1 else "", hexes=True))
        sc = cat.scenarios[state.scenario]
        turns = [HandCard(("turn", t), f"Turn {t}", f"P{sc.periods[t - 1]}",
                          tip=f"Turn {t} of {sc.turns}, Period {sc.periods[t - 1]}"
                              + (": now" if t == state.turn else (": played" if t < state.turn else "")),
                          state="selected" if t == state.turn else ("used" if t < state.turn else ""))
                 for t in range(1, sc.turns + 1)]
        hand, glass = state.players[state.hand], state.players[state.hourglass]
        stats_row = [("Hand", hand.name, view.player_color(state, hand.index)),
                     ("Hourglass", glass.name + (f" on {actionboard.parts_name(self.state.catalog, state.hourglass_space)}"
                                                 if state.hourglass_space else ""),
                      view.player_color(state, glass.index))]
        sections.append(HandSection("Timeline · the Hand and the Hourglass", turns, stats_row, hexes=True,
                                    compact=True, spare=True))      # the header says it too
        toks = []
        for q in state.players:
            have = ", ".join(f"{n} {cat.factions[c].token}" for c, n in sorted(q.tokens.items()) if n) or "none"
            toks.append((q.name, have, view.player_color(state, q.index)))
        cards = []
        exch = [a for a in self.legal if a.kind == "exchange"] if p == self.match.to_act() else []
        if exch:
            for fid, fac in cat.factions.items():
                n = sum(1 for a in exch if a["get"] == fid)
                if n:
                    cards.append(HandCard(("exchange", fid), f"+1 {fac.token}", "for 2", color=fac.color,
                                          tip=f"Discard two of your Order tokens for one {fac.token} token "
                                              f"({fac.name}); you choose which two if several would do. "
                                              "Two tokens for one of any colour, at any time "
                                              "(warbound.txt § Game Phases)."))
        sections.append(HandSection("Order tokens", cards, toks, hexes=True, compact=True,
                                    note="Exchange: two of yours for one of any colour." if cards else ""))
        return sections

    def _space_card(self, sid, sp, picked, hourglass) -> HandCard:
        state = self.state
        cat = self.state.catalog
        title = space_title(sp)
        closed = state.closed.get(sid)
        glass = state.hourglass_space == sid
        lines = [actionboard.parts_name(self.state.catalog, sid) + f" (Period {sp.period})"]
        color = ""
        if closed:
            who, paid = closed
            color = self.view.player_color(state, who)
            spent = ", ".join(f"{n} {cat.factions[c].token}" for c, n in paid) or "no tokens"
            sub = f"{state.players[who].name} {sum(n for _, n in paid)}"
            lines.append(f"Closed until Cleanup: {possessive(state.players[who].name)} Order tokens are on it "
                         f"({spent}).")
            st = "off"
        elif sp.period > state.period:
            sub, st = "turn 3+", "off"
            lines.append("Opens in Period 2 (turn 3).")
        else:
            sub, st = ("reduced" if sp.reduction else "open"), ""
            lines.append("Open to both players." + (" Move cost reduction: no colorless cost." if sp.reduction
                                                    else ""))
        if glass:
            sub = "Hourglass"
            lines.append(f"The Hourglass ({state.players[state.hourglass].name}) marks it: the Hand holder keeps "
                         "the Hand only by taking it.")
            st = st or "marked"
        if hourglass and not closed and sp.period <= state.period:
            lines.append("Click: place the Hourglass here.")
        if picked is not None and st in ("", "marked"):
            a = self._activation(sid)
            if a is not None:
                lines += self.match.rules.preview(state, a)
                lines.append("Click: see the reach and targets before paying." if self.pending != sid
                             else "Click again (or Enter) to pay.")
                if self.pending == sid:
                    st = "selected"
            else:
                why = actionboard.space_problem(state, picked, sid)
                if why is None:
                    from games.warbound.rules.activation import activate_problem
                    why = activate_problem(state, Action.make("activate", picked.owner, uid=picked.uid, space=sid))
                if why:
                    lines.append(f"Not for {stats(state, picked).name}: {why[0]}")
                    st = "off"
        return HandCard(("space", sid), title, sub, tip="\n".join(lines), color=color, state=st)

    def click_card(self, key):
        kind = key[0] if isinstance(key, tuple) else key
        if kind == "space":
            sid = key[1]
            glass = next((a for a in self.legal if a.kind == "hourglass" and a["space"] == sid), None)
            if glass is not None:
                return glass
            picked = self._picked()
            if picked is None:
                self.message = ("Pick one of your Characters first." if self.state.phase == "action"
                                else "Nothing to do on the Action Board now.")
                self.message_rule = ""
                return None
            a = self._activation(sid)
            if a is None:
                why = self.rules.check(self.state, Action.make("activate", picked.owner, uid=picked.uid, space=sid))
                self.message, self.message_rule = (why.reason, why.rule) if why else ("Not now.", "")
                return None
            self.message = ""
            if self.pending == sid:
                self.pending = None
                return a
            self.pending = sid
            return None
        if kind == "exchange":
            acts = [a for a in self.legal if a.kind == "exchange" and a["get"] == key[1]]
            if len(acts) == 1:
                return acts[0]
            if acts:
                return Choice(f"Exchange two Order tokens for one {self.state.catalog.factions[key[1]].token}",
                              acts, [self.match.rules.describe(self.state, a) for a in acts])
        return None

    def tray(self):
        out = []
        p = self.match.to_act()
        for c in self.state.chars.values():
            if c.owner == p and not c.deployed:
                st = stats(self.state, c)
                out.append(TraySpec(c.uid, self.view.code(c), st.name, self.view.player_color(self.state, p),
                                    "square" if st.formation else "circle", c.uid == self.sel, self.view.icon(c)))
        return out

    def click_tray(self, key) -> None:
        self.sel = None if self.sel == key else key
        self.placing = self.grab = None
        self._hl = None
        self.message, self.message_rule = "", ""


def make_controller(match, view) -> WarboundController:
    return WarboundController(match, view)
