"""UberDrakes input: the hand panel, the board, keys and the decision
panel -> the one legal Action meant (what the two panels show is built in
hand_panel.py and decision_panels.py from the controller's legal actions).

The controller never builds an action and hopes: it finds the click among
`legal_actions`.  A *pick* (a movement card, a general movement action, a
played card to push again, a movement spell or item, a shove) makes board
clicks mean "end the movement here": every landing is shown with its
facing, the focused one with its exact path and a ghost dragon, and
combats it would start.  When nothing legal matches a click it builds the
action the click meant and shows the rules' refusal (`check`) with its
citation; the state stays untouched.

Keys (also in help_lines): 1-9 movement cards in the hand, Shift+1-7 the
general movement actions of the hoard card, Alt+1-4 spells, Tab the next
landing, Enter commit, P how to pay, A attack, B Long Bow, X blood points,
E end the turn, R roost.  No pygame here: the screen passes key names.
"""
from __future__ import annotations

import dataclasses

from engine.core.actions import Action
from engine.hex.grid import direction_to, distance
from engine.ui.commands import Command, Do
from engine.ui.contract import ButtonSpec, Choice, Controller, HoverInfo, refusal
from engine.ui.contract import DecisionSpec, HandSection, MovePreview
from engine.core.odds import percent
from games.uberdrakes.ui import decision_panels, hand_panel
from games.uberdrakes.rules.board import hex_label
from games.uberdrakes.rules.common import can_cast, spells_of
from games.uberdrakes.ui.hand_panel import COMBAT_SPELLS, GENERAL_PAY, HOARD_SLOTS, PAY_SPELLS, PLAYED_PAY
from games.uberdrakes.ui.view import DIR_WORDS, item_name

PAY_WORDS = {"coin": "1 coin", "push": "push: +1 fatigue", "card": "play the card", "replay": "push again: +1 fatigue",
             "booster": "Rocket Booster", "rocket": "Rocket Power", "skies": "Take to the Skies"}
MOVE_SPELLS = ("heat_wave", "river_flow", "tunnel", "blowback", "flash", "blink", "cyclone")
TARGET_ITEMS = ("blink_scroll", "warp_scroll")


class UberDrakesController(Controller):
    def __init__(self, match, view):
        self.match = match
        self.view = view
        self.rules = match.rules
        view.ctl = self
        self.message = ""
        self.message_rule = ""
        self.note = ""                       # what the last key or card did (the hint bar, not a refusal)
        self.pick: tuple | None = None       # what a board click means now (see module doc)
        self.cands: list = []                # the pick's legal actions, each naming a landing `to`
        self.focus: int | None = None        # the focused candidate (path, ghost, Enter commits it)
        self.cycled = False                  # focus chosen with Tab: a click on its hex commits it
        self.marked: list = []               # mulligan: the two cards to exchange
        self.pay = ""                        # preferred payment for the next movement (rocket, booster, skies)
        self.legal: list = []
        self.by_kind: dict = {}
        self.moves: dict = {}
        self._hl = None
        self._pv = None
        self._info: dict = {}
        self._why: dict = {}
        self._prev: dict = {}
        self._tokens = None
        self.reset()

    # --- state -----------------------------------------------------------------------------
    @property
    def state(self):
        return self.match.state

    def actor(self) -> int:
        try:
            return self.rules.to_act(self.state)
        except Exception:  # noqa: BLE001 - a finished game
            return -1

    def human(self, p: int) -> bool:
        seats = self.match.setup.seats
        return 0 <= p < len(seats) and (seats[p] or "human") == "human"

    def reset(self) -> None:
        st = self.state
        self.legal = self.match.legal_actions() if st.phase != "over" else []
        self.by_kind = {}
        for a in self.legal:
            self.by_kind.setdefault(a.kind, []).append(a)
        self.moves = {}
        for a in self.by_kind.get("move", []):
            self.moves.setdefault((a["m"], a["how"]), []).append(a)
        self.pick, self.cands, self.focus, self.cycled = None, [], None, False
        self.message = self.message_rule = self.note = ""
        self.marked = []
        self._hl = self._pv = None
        self._info, self._why, self._prev = {}, {}, {}
        self._tokens = None
        pend = st.pending
        if pend is not None and st.combat is None and pend.kind in ("skies_land", "cyclone_move") \
                and self.human(pend.player):
            self._set_pick(("pend", pend.kind))

    def signature(self):
        """What the board layer, buttons and panel depend on.  The focused
        landing is not in it: the board draws the focused path over its
        layer (engine/ui/boards/spaceboard.py), so hovering landings composes nothing."""
        return (self.pick, self.cycled, tuple(self.marked), self.pay, self.message, self.note)

    def selected(self):
        return None

    def free_play(self) -> bool:
        """The free part of a turn (no combat, no pending decision)."""
        st = self.state
        return st.phase == "play" and st.combat is None and st.pending is None

    def first_legal(self, kind: str, **params):
        for a in self.by_kind.get(kind, []):
            if all(a.get(k) == v for k, v in params.items()):
                return a
        return None

    def why_not(self, action: Action | None) -> tuple[str, str]:
        return refusal(self.rules, self.state, action)

    def _refuse(self, action: Action | None, fallback: str = "Not possible now."):
        reason, rule = self.why_not(action)
        self.message = reason or fallback
        self.message_rule = rule
        return True

    def preview_lines(self, a: Action) -> list[str]:
        if a not in self._prev:
            try:
                self._prev[a] = list(self.rules.preview(self.state, a))
            except Exception:  # noqa: BLE001 - a preview must never break the game
                self._prev[a] = []
        return list(self._prev[a])

    def action_label(self, a: Action) -> str:
        try:
            text = self.rules.describe(self.state, a)
        except Exception:  # noqa: BLE001
            text = a.kind
        name = self.state.players[a.player].name
        if text.startswith(name + ": "):
            text = text[len(name) + 2:]
        elif text.startswith(name + " "):
            text = text[len(name) + 1:]
        return text[:1].upper() + text[1:]

    # --- picks: what a board click means ---------------------------------------------------
    def _cands_for(self, pick) -> list:
        k = pick[0]
        if k == "move":
            return list(self.moves.get((pick[1], pick[2]), []))
        if k == "spell":
            return [a for a in self.by_kind.get("spell", []) if a["spell"] == pick[1] and a.get("to") is not None]
        if k == "item":
            return [a for a in self.by_kind.get("item", []) if a["item"] == pick[1] and a.get("to") is not None]
        if k == "shove":
            return [a for a in self.by_kind.get("damage", []) if a["effect"] == "shove"]
        if k == "pend":
            return [a for a in self.legal if a.kind == pick[1]]
        return []

    def _set_pick(self, pick) -> bool:
        cands = self._cands_for(pick)
        if not cands:
            return False
        self.pick, self.cands, self.cycled = pick, cands, False
        lands = {self._landing(a) for a in cands}
        self.focus = 0 if len(cands) == 1 or (len(lands) == 1 and pick[0] == "move") else None
        self._hl = self._pv = None
        self.message = self.message_rule = self.note = ""
        return True

    def unpick(self) -> None:
        self.pick, self.cands, self.focus, self.cycled = None, [], None, False
        self._hl = self._pv = None

    def _mover(self, a: Action) -> int:
        st = self.state
        if a.kind == "cyclone_move":
            return a["target"]
        if a.kind == "damage" and st.combat is not None:
            c = st.combat
            return c.sides[1 - c.winner]
        return a.player

    def _landing(self, a: Action):
        return tuple(a["to"])

    def _at(self, a: Action, h) -> bool:
        b = self.state.board
        to = self._landing(a)
        if h not in b.terrain:
            return False
        if b.large_hex.get(to):
            return b.space_of[to] == b.space_of[h]
        return to == h

    def info(self, a: Action) -> dict:
        """Path, landing, facing, combats of a candidate (the rules' move preview)."""
        if a in self._info:
            return self._info[a]
        st = self.state
        b = st.board
        mover = st.players[self._mover(a)]
        to = self._landing(a)
        mp = None
        if a.kind in ("move", "spell", "item"):
            fn = self.rules.move_preview
            try:
                if fn is not None:
                    mp = fn(st, a)
                else:
                    from games.uberdrakes.rules.describe import move_preview
                    mp = move_preview(st, a)
            except Exception:  # noqa: BLE001 - the board does without
                mp = None
        if mp is None:
            facing = a.get("facing", mover.facing) if a.get("facing") is not None else mover.facing
            mp = {"path": [mover.hex, to] if mover.hex is not None else [to], "to": to, "facing": facing,
                  "zoc": [], "blocked": False, "portal": False}
        raw = [tuple(h) for h in mp.get("path") or [to]]
        path = raw[:1]
        for cur in raw[1:]:
            prev = path[-1]
            if b.large_hex.get(prev) and distance(prev, cur) > 1 and b.other_portal.get(prev) != cur:
                # leaving a large space: drawn from its hex next to the step (any hex may be left from)
                exit_hex = next((h for h in b.space(prev).hexes if distance(h, cur) == 1), None)
                if exit_hex is not None and exit_hex != prev:
                    path.append(exit_hex)
            path.append(cur)
        path = tuple(path)
        jumps = tuple(i for i in range(len(path) - 1)
                      if path[i] in b.portal_hex and path[i + 1] == b.other_portal.get(path[i]))
        facing = mp.get("facing")
        large = b.large_hex.get(tuple(mp.get("to") or to), False)
        out = {"path": path, "to": tuple(mp.get("to") or to), "facing": facing, "free": large,
               "zoc": list(mp.get("zoc") or []), "blocked": bool(mp.get("blocked")), "jumps": jumps,
               "portal": bool(mp.get("portal"))}
        self._info[a] = out
        return out

    def board_preview(self) -> MovePreview | None:
        if not self.pick or not self.cands:
            return None
        key = (self.pick, self.focus)
        if self._pv is not None and self._pv[0] == key:
            return self._pv[1]
        seen = {}
        for a in self.cands:
            i = self.info(a)
            k = (i["to"], None if i["free"] else i["facing"])
            seen[k] = seen.get(k, False) or bool(i["zoc"])
        landings = tuple((h, f, z) for (h, f), z in seen.items())
        pv = MovePreview(landings=landings)
        if self.focus is not None and 0 <= self.focus < len(self.cands):
            a = self.cands[self.focus]
            i = self.info(a)
            ghost = None
            mover = self._mover(a)
            for t in self.tokens():
                if t.key == mover:
                    ghost = dataclasses.replace(t, hex=i["to"], facing=i["facing"], offset=(0.0, 0.0), active=False,
                                                resting=False)
                    break
            pv = MovePreview(landings=landings, path=i["path"], to=i["to"], facing=i["facing"], jumps=i["jumps"],
                             combat=bool(i["zoc"]), blocked=i["blocked"], ghost=ghost)
        self._pv = (key, pv)
        return pv

    def highlights(self) -> dict:
        sig = self.signature()
        if self._hl is not None and self._hl[0] == sig:
            return self._hl[1]
        st = self.state
        b = st.board
        out: dict = {}
        if self.pick and self.cands:
            for a in self.cands:
                to = self._landing(a)
                if b.large_hex.get(to):
                    for h in b.space(to).hexes:
                        out[h] = "move"
                else:
                    out[to] = "move"
        elif self.free_play():
            for a in self.by_kind.get("shoot", []):
                e = st.players[a["target"]]
                if e.hex is not None:
                    out[e.hex] = "skill"
            for a in self.by_kind.get("spell", []):
                if a["spell"] == "thunderbolt":
                    e = st.players[a["target"]]
                    if e.hex is not None:
                        out[e.hex] = "skill"
            for a in self.by_kind.get("attack", []):
                e = st.players[a["target"]]
                if e.hex is not None:
                    out[e.hex] = "attack"
        elif st.pending is not None and st.pending.kind == "portal" and st.combat is None:
            h = st.players[st.pending.player].hex
            if h in b.other_portal:
                out[b.other_portal[h]] = "target"
        self._hl = (sig, out)
        return out

    # --- hover --------------------------------------------------------------------------------
    def hover(self, h) -> HoverInfo:
        st = self.state
        info = self.view.hex_info(st, h)
        if self.pick and self.cands:
            idx = [i for i, a in enumerate(self.cands) if self._at(a, h)]
            if idx:
                if self.focus not in idx:
                    self.focus, self.cycled = idx[0], False
                a = self.cands[self.focus]
                info.preview = self.preview_lines(a) or [self.action_label(a)]
                if len(idx) > 1:
                    info.preview.append(f"{len(idx)} ways to end here: Tab cycles them, a click asks which")
                else:
                    info.preview.append("Click to commit (or Enter)")
            else:
                if len(self.cands) > 1 and not self.cycled and len({self._landing(a) for a in self.cands}) > 1:
                    self.focus = None
                why, rule = self._why_here(h)
                if why:
                    info.illegal, info.rule = why, rule
            return info
        if self.free_play():
            o = self._dragon_at(h)
            if o is not None and o != self.actor():
                acts = self._target_actions(o)
                for a in acts:
                    info.preview.append(self.action_label(a) + ":")
                    info.preview.extend("  " + x for x in self.preview_lines(a))
                if acts:
                    info.preview.append("Click to fight")
        return info

    def _why_here(self, h) -> tuple[str, str]:
        key = (self.pick, h)
        if key in self._why:
            return self._why[key]
        a = self._candidate(h)
        why, rule = self.why_not(a) if a is not None else ("", "")
        if a is not None and not why:
            why = "Not a place this can end."
        self._why[key] = (why, rule)
        return why, rule

    def _candidate(self, h) -> Action | None:
        """The action a click at h would have meant (to ask the rules why not)."""
        st = self.state
        p = self.actor()
        if p < 0 or not self.pick:
            return None
        k = self.pick[0]
        d = st.players[p]
        if k == "move":
            return Action.make("move", p, how=self.pick[2], m=self.pick[1], to=h, facing=d.facing, portal=False)
        if k == "spell":
            return Action.make("spell", p, spell=self.pick[1], to=h)
        if k == "item":
            return Action.make("item", p, item=self.pick[1], to=h, facing=d.facing)
        if k == "shove":
            return Action.make("damage", p, effect="shove", to=h)
        if k == "pend":
            pend = st.pending
            if self.pick[1] == "skies_land":
                return Action.make("skies_land", p, to=h)
            if self.pick[1] == "cyclone_move" and pend is not None:
                return Action.make("cyclone_move", p, target=pend.data.get("target"), to=h, facing=0)
        return None

    def tokens(self) -> list:
        if self._tokens is None:
            self._tokens = self.view.tokens(self.state)
        return self._tokens

    def _dragon_at(self, h):
        for t in self.tokens():
            if t.hex == h:
                return t.key
        return None

    def _target_actions(self, o: int) -> list:
        out = [a for a in self.by_kind.get("attack", []) if a["target"] == o]
        out += [a for a in self.by_kind.get("shoot", []) if a["target"] == o]
        out += [a for a in self.by_kind.get("spell", []) if a["spell"] == "thunderbolt" and a["target"] == o]
        return out

    # --- clicks -------------------------------------------------------------------------------
    def _one(self, actions: list, prompt: str):
        if not actions:
            return None
        if len(actions) == 1:
            return actions[0]
        return Choice(prompt, list(actions), [self.action_label(a) for a in actions])

    def click(self, h, button: int = 1):
        self.message = self.message_rule = self.note = ""
        st = self.state
        p = self.actor()
        if st.phase == "over":
            return None
        if self.pick and self.cands:
            idx = [i for i, a in enumerate(self.cands) if self._at(a, h)]
            if idx:
                if len(idx) == 1:
                    return self.cands[idx[0]]
                if self.cycled and self.focus in idx:
                    return self.cands[self.focus]
                acts = [self.cands[i] for i in idx]
                return Choice(f"How does it end at {hex_label(self._landing(acts[0]))}?", acts,
                              [self._choice_label(a) for a in acts])
            lands = {self._landing(a) for a in self.cands}
            if len(lands) == 1:
                land = next(iter(lands))
                if distance(land, h) == 1:
                    f = direction_to(land, h)
                    same = [a for a in self.cands if a.get("facing") == f and not a.get("portal")]
                    if same:
                        return same[0]
            self._why.pop((self.pick, h), None)     # asked again: the screen offers to allow this very action
            why, rule = self._why_here(h)
            self.message, self.message_rule = why or "That is not where this movement can end.", rule
            return None
        if st.phase in ("dragons", "mulligan") or st.combat is not None or st.pending is not None:
            if st.phase == "mulligan" and st.pending is None:
                self.message = "Mark two cards in your hand to exchange, or keep your hand (Enter)."
            else:
                self.message = "Answer the decision in the panel first (Tab shows it again)."
            return None
        o = self._dragon_at(h)
        if o is not None and o != p:
            acts = self._target_actions(o)
            if acts:
                return self._one(acts, f"Fight {st.players[o].name} how?")
            return self._refuse(Action.make("attack", p, target=o)) and None
        if o == p:
            self.message = "Your dragon: pick a movement card (1-9) or a general action (Shift+1-7) to move it."
            return None
        self.message = ("Pick a movement first: a card in your hand (1-9) or a general action on your hoard card "
                        "(Shift+1-7); the board then shows where it ends.")
        return None

    def _choice_label(self, a: Action) -> str:
        i = self.info(a)
        bits = []
        if not i["free"] and i["facing"] is not None:
            bits.append(f"facing {DIR_WORDS[i['facing']]}")
        if i["portal"]:
            bits.append("through the portal (1 fatigue)")
        if a.kind == "move" and i["free"]:
            bits.append("turn freely inside")
        for z in i["zoc"]:
            bits.append(f"combat with {z['name']} ({percent(z['win'])} to win the rolloff)")
        return (", ".join(bits) or self.action_label(a))[:1].upper() + (", ".join(bits) or self.action_label(a))[1:]

    # --- the hand panel (hand_panel.py) ------------------------------------------------------
    def hand(self, p: int) -> list[HandSection]:
        return hand_panel.sections(self, p)

    def click_card(self, key):
        st = self.state
        self.message = self.message_rule = self.note = ""
        p = self.actor()
        if not isinstance(key, tuple):
            return None
        kind = key[0]
        if st.phase == "mulligan" and st.pending is None:
            if kind == "card":
                m = key[1]
                if self.marked.count(m) < st.players[p].hand.count(m) and len(self.marked) < 2:
                    self.marked.append(m)
                elif m in self.marked:
                    self.marked = [x for x in self.marked if x != m]
                else:
                    self.message = "A mulligan exchanges exactly two cards: unmark one first."
                return True
            self.message = "Mark two movement cards to exchange, or keep your hand (Enter)."
            return True
        if not self.free_play():
            if kind in ("card", "gen", "played", "spell", "item", "treasure", "buy", "sell"):
                self.message = ("Not now: " + ("answer the decision in the panel first." if st.phase == "play"
                                               else "wait for your turn."))
            return True
        if kind == "gen":
            return self.pick_general(key[1])
        if kind == "card":
            m = key[1]
            if self.pick == ("move", m, "card"):
                self.unpick()
                return True
            if self._set_pick(("move", m, "card")):
                return True
            return self._refuse(Action.make("move", p, how="card", m=m, to=None, facing=None))
        if kind == "played":
            return self.pick_played(key[1])
        if kind == "spell":
            return self.cast(key[1])
        if kind in ("item", "treasure"):
            return self.use_item(key[1])
        if kind == "buy":
            a = self.first_legal("buy", item=key[1])
            return a or self._refuse(Action.make("buy", p, item=key[1]))
        if kind == "sell":
            a = self.first_legal("sell", item=key[1])
            return a or self._refuse(Action.make("sell", p, item=key[1]))
        if kind == "equipped":
            self.note = f"The {item_name(st.catalog, key[1])} is equipped: its bonus counts in every combat it applies to."
            return True
        return None

    def _pay_order(self, base: tuple) -> list:
        order = list(base)
        if self.pay in order:
            order.remove(self.pay)
            order.insert(0, self.pay)
        return order

    def pick_general(self, m: str):
        p = self.actor()
        if self.pick and self.pick[0] == "move" and self.pick[1] == m:
            self.unpick()
            return True
        for how in self._pay_order(GENERAL_PAY):
            if self._set_pick(("move", m, how)):
                if how != "coin":
                    self.note = f"Paying with {PAY_WORDS[how]} (P: another way)."
                return True
        # refused: say why the usual ways are closed
        d = self.state.players[p]
        how = "coin" if d.coins >= 1 and d.used.count(m) < self.state.catalog.movement[m].slots else "push"
        return self._refuse(Action.make("move", p, how=how, m=m, to=None, facing=None))

    def pick_played(self, m: str):
        p = self.actor()
        if self.pick and self.pick[:2] == ("move", m) and self.pick[2] in PLAYED_PAY:
            self.unpick()
            return True
        for how in self._pay_order(PLAYED_PAY):
            if self._set_pick(("move", m, how)):
                return True
        return self._refuse(Action.make("move", p, how="replay", m=m, to=None, facing=None))

    def cycle_pay(self):
        if not self.pick or self.pick[0] != "move":
            self.message = "Pick a general action or a played card first; P then changes how you pay."
            return True
        m, how = self.pick[1], self.pick[2]
        ways = GENERAL_PAY if how in GENERAL_PAY else (PLAYED_PAY if how in PLAYED_PAY else (how,))
        legal = [h for h in ways if self.moves.get((m, h))]
        if len(legal) <= 1:
            self.message = f"{self.state.catalog.movement[m].name} can only be paid with {PAY_WORDS[how]} now."
            return True
        nxt = legal[(legal.index(how) + 1) % len(legal)] if how in legal else legal[0]
        self._set_pick(("move", m, nxt))
        self.note = f"Paying with {PAY_WORDS[nxt]}."
        return True

    def cast(self, sid: str):
        st = self.state
        p = self.actor()
        d = st.players[p]
        if sid in PAY_SPELLS:
            how = PAY_SPELLS[sid]
            if not any(h == how for (_, h) in self.moves):
                return self._refuse(Action.make("move", p, how=how, m="forward", to=None, facing=None))
            self.pay = "" if self.pay == how else how
            if self.pick and self.pick[0] == "move" and self.moves.get((self.pick[1], how)):
                self._set_pick(("move", self.pick[1], how))
            self.note = (f"{st.catalog.spell(sid).name} pays for the next general action or played card you pick."
                            if self.pay else "")
            return True
        acts = [a for a in self.by_kind.get("spell", []) if a["spell"] == sid]
        if sid in MOVE_SPELLS:
            if self.pick == ("spell", sid):
                self.unpick()
                return True
            if acts and self._set_pick(("spell", sid)):
                self.note = f"{st.catalog.spell(sid).name}: click a green space · Esc cancels"
                return True
        if acts:
            return self._one(acts, f"Cast {st.catalog.spell(sid).name} how?")
        if sid in COMBAT_SPELLS:
            return self._refuse(Action.make("spell", p, spell=sid))
        if sid == "thunderbolt":
            return self._refuse(Action.make("spell", p, spell=sid, target=None))
        why = can_cast(st, d, sid)
        if why:
            self.message, self.message_rule = why, "uberdrakes.txt § " + st.catalog.spell(sid).name
            return True
        return self._refuse(Action.make("spell", p, spell=sid))

    def use_item(self, i: str):
        st = self.state
        p = self.actor()
        it = st.catalog.items[i]
        if i == "rocket_booster":
            if not any(h == "booster" for (_, h) in self.moves):
                return self._refuse(Action.make("move", p, how="booster", m="forward", to=None, facing=None))
            self.pay = "" if self.pay == "booster" else "booster"
            if self.pick and self.pick[0] == "move" and self.moves.get((self.pick[1], "booster")):
                self._set_pick(("move", self.pick[1], "booster"))
            self.note = "The Rocket Booster pays for the next general action or played card you pick." if self.pay else ""
            return True
        if i == "long_bow":
            acts = self.by_kind.get("shoot", [])
            if acts:
                return self._one(acts, "Shoot whom?")
            others = [o for o in range(len(st.players)) if o != p and st.players[o].hex is not None]
            return self._refuse(Action.make("shoot", p, target=others[0] if others else None))
        if it.equip is not None and i in st.players[p].treasures:
            a = self.first_legal("equip", item=i)
            return a or self._refuse(Action.make("equip", p, item=i))
        if it.sell and it.use == "sell":
            a = self.first_legal("sell", item=i)
            return a or self._refuse(Action.make("sell", p, item=i))
        if i in TARGET_ITEMS:
            if self.pick == ("item", i):
                self.unpick()
                return True
            if self._set_pick(("item", i)):
                self.note = f"{it.name}: click a green space · Esc cancels"
                return True
        acts = [a for a in self.by_kind.get("item", []) if a["item"] == i]
        if acts:
            return self._one(acts, f"Use the {it.name} how?")
        return self._refuse(Action.make("item", p, item=i))

    # --- buttons and keys ----------------------------------------------------------------------
    def buttons(self) -> list[ButtonSpec]:
        st = self.state
        p = self.actor()
        out = []
        if st.phase == "over" or p < 0:
            return out
        if st.phase == "mulligan" and st.pending is None:
            keep = self.first_legal("keep_hand")
            out.append(ButtonSpec("Keep this hand", "keep", "Enter", keep is not None,
                                  tip="Keep the four cards and start"))
            ok = self._mulligan_action() is not None
            out.append(ButtonSpec("Mulligan the 2 marked", "mulligan", "M", ok,
                                  tip="Put the two marked cards at the bottom of the deck, look at the top two and "
                                      "keep one (§ Starting the First Round)" if ok else
                                  "Click two cards of your hand to mark them first"))
            return out
        if not self.free_play():
            return out
        if self.pick:
            n = len(self.cands)
            out.append(ButtonSpec("Commit", "commit", "Enter",
                                  tip="Move as previewed (hover or Tab to a landing first)"))
            if n > 1:
                out.append(ButtonSpec(f"Next landing (of {n})", "cycle", "Tab", tip="Preview each way it can end"))
            if self.pick[0] == "move":
                m, how = self.pick[1], self.pick[2]
                ways = [h for h in (GENERAL_PAY + PLAYED_PAY) if self.moves.get((m, h))]
                if len(ways) > 1:
                    out.append(ButtonSpec(f"Pay: {PAY_WORDS.get(how, how)}", "pay", "P",
                                          tip="Other ways: " + ", ".join(PAY_WORDS[h] for h in ways if h != how)))
            out.append(ButtonSpec("Cancel", "cancel", "Esc", tip="Put the card back"))
        for a in self.by_kind.get("attack", []):
            out.append(ButtonSpec(f"Attack {st.players[a['target']].name}", Do(a), "A",
                                  tip="; ".join(self.preview_lines(a)) or "Start a combat (free)"))
        for a in self.by_kind.get("shoot", []):
            out.append(ButtonSpec(f"Shoot {st.players[a['target']].name}", Do(a), "B",
                                  tip="; ".join(self.preview_lines(a)) or "A ranged attack with the Long Bow (free)"))
        ex = self.first_legal("exchange")
        if ex is not None:
            out.append(ButtonSpec("Exchange blood", "exchange", "X",
                                  tip="An action: blood points for coins, healing, cards or victory points"))
        end = self.first_legal("end_turn", roost=False)
        roost = self.first_legal("end_turn", roost=True)
        tip_end = "Play passes to the next dragon that has not roosted"
        if end is None:
            why, rule = self.why_not(Action.make("end_turn", p, roost=False))
            tip_end = f"{why} ({rule})" if rule else why
        out.append(ButtonSpec("End turn", "end", "E", end is not None, tip=tip_end))
        tip_r = "Roost: no more turns this round; " + self._roost_words()
        if roost is None:
            why, rule = self.why_not(Action.make("end_turn", p, roost=True))
            tip_r = f"{why} ({rule})" if rule else why
        out.append(ButtonSpec("End turn and roost", "roost", "R", roost is not None, tip=tip_r))
        return out

    def _roost_words(self) -> str:
        st = self.state
        d = st.players[self.actor()]
        if d.hex is None:
            return ""
        for ln in self.preview_lines(Action.make("end_turn", d.index, roost=True)):
            return ln.lower()
        return ""

    def _mulligan_action(self):
        if len(self.marked) != 2:
            return None
        cards = sorted(self.marked)
        return self.first_legal("mulligan", cards=tuple(cards))

    def press(self, command: Command):
        p = self.actor()
        self.message = self.message_rule = self.note = ""
        if isinstance(command, Do):
            return command.action
        if command == "keep":
            return self.first_legal("keep_hand") or self._refuse(Action.make("keep_hand", p))
        if command == "mulligan":
            a = self._mulligan_action()
            if a is None:
                self.message = "Mark exactly two cards of your hand first (click them)."
                return True
            return a
        if command == "shove":
            if self._set_pick(("shove",)):
                return True
            return self._refuse(Action.make("damage", p, effect="shove", to=None))
        if command == "commit":
            if self.pick and self.focus is not None:
                return self.cands[self.focus]
            self.message = "Hover a green space (or Tab to one) to choose where it ends."
            return True
        if command == "cycle":
            return self.cycle()
        if command == "pay":
            return self.cycle_pay()
        if command == "cancel":
            self.cancel()
            return True
        if command == "exchange":
            return self.first_legal("exchange") or self._refuse(Action.make("exchange", p))
        if command in ("end", "roost"):
            return self.first_legal("end_turn", roost=command == "roost") or \
                self._refuse(Action.make("end_turn", p, roost=command == "roost"))
        return None

    def cycle(self):
        if not self.pick or not self.cands:
            self.message = "Nothing to cycle: pick a movement first."
            return True
        self.focus = 0 if self.focus is None else (self.focus + 1) % len(self.cands)
        self.cycled = True
        self._pv = None
        a = self.cands[self.focus]
        self.note = f"{self.focus + 1}/{len(self.cands)}: {self._choice_label(a)} — Enter commits · Tab next · Esc cancels"
        return True

    def key(self, name: str, mods: frozenset = frozenset()):
        st = self.state
        shift, alt = "shift" in mods, "alt" in mods
        if st.phase == "over":
            return None
        if st.phase == "mulligan" and st.pending is None:
            if name.isdigit() and not shift and not alt:
                d = st.players[self.actor()]
                ids = sorted(set(d.hand))
                k = int(name) - 1
                if 0 <= k < len(ids):
                    return self.click_card(("card", ids[k]))
                return True
            if name in ("return", "enter", "k"):
                return self.press("keep")
            if name == "m":
                return self.press("mulligan")
            return None
        if not self.free_play():
            return None
        d = st.players[self.actor()]
        if name.isdigit() and name != "0":
            k = int(name) - 1
            if shift:
                if k < len(HOARD_SLOTS):
                    return self.click_card(("gen", HOARD_SLOTS[k]))
                return True
            if alt:
                sps = spells_of(st.catalog, d)
                if k < len(sps):
                    return self.click_card(("spell", sps[k].id))
                return True
            ids = sorted(set(d.hand))
            if k < len(ids):
                return self.click_card(("card", ids[k]))
            self.message = f"You have {len(ids)} different movement card{'s' if len(ids) != 1 else ''}."
            return True
        if name == "tab":
            return self.cycle()
        if name in ("return", "enter"):
            return self.press("commit") if self.pick else None
        if name == "p":
            return self.cycle_pay()
        if name == "a":
            acts = self.by_kind.get("attack", [])
            if acts:
                return self._one(acts, "Attack whom?")
            others = [o for o in range(len(st.players)) if o != d.index and st.players[o].hex is not None]
            if not others:
                self.message = "No opponent on the board."
                return True
            near = min(others, key=lambda o: st.board.distance(d.hex, st.players[o].hex) if d.hex else 99)
            return self._refuse(Action.make("attack", d.index, target=near))
        if name == "b":
            return self.use_item("long_bow")
        if name == "x":
            return self.press("exchange")
        if name == "e":
            return self.press("end")
        if name == "r":
            return self.press("roost")
        return None

    def cancel(self) -> bool:
        self.message = self.message_rule = self.note = ""
        if self.pick and not (self.pick[0] == "pend"):
            self.unpick()
            return True
        if self.pay:
            self.pay = ""
            return True
        if self.marked:
            self.marked = []
            return True
        return False

    # --- a lesson's pointer (engine/ui/scenes/tutorial.py) ---------------------------------------
    def lesson_pointer(self, a: Action):
        """What the coach rings for a step's action, one control at a time:
        the card, hoard action, spell or item that starts it, then the
        payment (P) if it is another, then the space it ends on (for a
        Rotate: the space it will face); a decision's button; the turn's
        buttons; an opponent to attack."""
        from engine.core.lessons import Pointer
        k = a.kind
        if k == "move":
            m, how = a["m"], a["how"]
            start = {"card": ("card", m), "replay": ("played", m), "rocket": ("spell", "rocket_power"),
                     "skies": ("spell", "take_to_the_skies"), "booster": ("item", "rocket_booster")}.get(how, ("gen", m))
            if how in ("rocket", "skies", "booster") and self.pay != how:
                return Pointer(cards=(start,))
            if not self.pick or self.pick[:2] != ("move", m):
                first = ("gen", m) if how in ("rocket", "skies", "booster") and m in self.state.catalog.general else \
                    (("played", m) if how in ("rocket", "booster") else start)
                return Pointer(cards=(first,))
            if self.pick[2] != how:
                return Pointer(buttons=("pay",))
            return Pointer(hexes=(self._facing_hex(a) if m == "rotate" else tuple(a["to"]),))
        if k in ("spell", "item") and a.get("to") is not None:
            what = a["spell"] if k == "spell" else a["item"]
            if self.pick == (k, what):
                return Pointer(hexes=(tuple(a["to"]),))
            return Pointer(cards=(self._chip(k, what),))
        if k in ("spell", "item", "equip"):
            what = a["spell"] if k == "spell" else a["item"]
            return Pointer(cards=(self._chip("spell" if k == "spell" else "item", what),))
        if k in ("buy", "sell"):
            return Pointer(cards=((k, a["item"]),))
        if k == "damage" and a["effect"] == "shove":
            return Pointer(hexes=(tuple(a["to"]),)) if self.pick == ("shove",) else Pointer(buttons=("shove",))
        if k in ("attack", "shoot"):
            return Pointer(units=(a["target"],), buttons=(Do(a),))
        if k == "end_turn":
            return Pointer(buttons=("roost" if a["roost"] else "end",))
        if k == "exchange":
            return Pointer(buttons=("exchange",))
        if a in self.legal:
            return Pointer(buttons=(Do(a),))
        return None

    def _facing_hex(self, a: Action):
        """The space a Rotate ends facing (a click there chooses that facing)."""
        to = tuple(a["to"])
        n = self.state.board.nb.get(to, ())
        f = a.get("facing")
        return n[f] if isinstance(f, int) and 0 <= f < len(n) and n[f] is not None else to

    def _chip(self, kind: str, what: str):
        """The hand panel's card for a spell, a hoard item or a treasure card."""
        if kind == "spell":
            return ("spell", what)
        d = self.state.players[self.actor()]
        return ("treasure", what) if what not in d.items and what in d.treasures else ("item", what)

    # --- words -----------------------------------------------------------------------------------
    def hint(self) -> str:
        st = self.state
        if st.phase == "over":
            return ""
        if self.note:
            return self.note
        p = self.actor()
        who = st.players[p].name if 0 <= p < len(st.players) else "?"
        if st.phase == "dragons":
            return f"Player {p + 1}: choose your dragon in the panel (1-6)."
        if st.phase == "mulligan" and st.pending is None:
            return f"{who}: click two cards to mark them and press M to mulligan, or Enter to keep your hand."
        if self.pick:
            k = self.pick[0]
            if k == "move":
                m, how = self.pick[1], self.pick[2]
                what = f"{st.catalog.movement[m].name} ({PAY_WORDS.get(how, how)})"
            elif k == "spell":
                what = st.catalog.spell(self.pick[1]).name
            elif k == "item":
                what = item_name(st.catalog, self.pick[1])
            elif k == "shove":
                return "Click a green space to shove the loser there · Esc: back to the damage choices"
            else:
                return {"skies_land": "Click a green space next to the opponent to land there",
                        "cyclone_move": "Cyclone: click where this opponent is blown to (then its facing)"}.get(
                    self.pick[1], "Click a green space")
            n = len({self._landing(a) for a in self.cands})
            if self.focus is not None and n == 1:
                return f"{what}: click the green space or Enter to move as shown · Tab other facings · Esc cancels"
            return f"{what}: hover a green space to see the path, click to move there · Tab cycles · Esc cancels"
        if st.combat is not None or st.pending is not None:
            return f"{who}: decide in the panel (Tab shows or hides it)."
        if st.actions_left <= 0:
            return f"{who}: no actions left — attack, shop, or end your turn (E) or roost (R)."
        return (f"{who}: pick a movement card (1-9), a general action (Shift+1-7) or a spell (Alt+1-4); "
                "E ends the turn, R roosts")

    def help_lines(self) -> list[str]:
        return ["UberDrakes: 1-9 movement cards in your hand · Shift+1-7 general movement on your hoard card · "
                "Alt+1-4 spells · Tab next landing · Enter commit · P how to pay (coin, push, booster, spell) · "
                "Esc cancel · A attack · B Long Bow · X exchange blood points · E end turn · R end turn and roost.",
                "Combat and other decisions open a panel over the board: its keys are on its buttons; Tab or Esc "
                "folds it to look at the board."]

    # --- the decision panel ------------------------------------------------------------------------
    # --- the decision panel (decision_panels.py) ---------------------------------------------
    def decision(self) -> DecisionSpec | None:
        return decision_panels.decision(self)


def make_controller(match, view) -> UberDrakesController:
    return UberDrakesController(match, view)


__all__ = ["make_controller", "UberDrakesController"]
