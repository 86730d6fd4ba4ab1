"""UberDrakes input: the hand panel, the board, keys and the decision
panel -> the one legal Action meant.

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
from engine.ui.contract import ButtonSpec, Choice, Controller, HoverInfo, refusal
from engine.ui.contract import DecisionSpec, HandCard, HandSection, MovePreview
from engine.core.odds import percent
from engine.core.words import possessive
from games.uberdrakes.board import hex_label
from games.uberdrakes.common import can_cast, cat, econ, max_fatigue, spells_of
from games.uberdrakes.view import (DIR_WORDS, DIRS, ITEM_COLOR, ITEM_ICON, item_name,
                                   pending_title, rider_words, spell_line)

HOARD_SLOTS = ("forward", "forward", "rotate", "turn_left", "turn_right", "strafe", "backward")
SHORT = {"forward": "Forward", "rotate": "Rotate", "turn_left": "Turn L", "turn_right": "Turn R",
         "strafe": "Strafe", "backward": "Back"}
PAY_WORDS = {"coin": "1 coin", "push": "push: +1 fatigue", "card": "play the card", "replay": "push again: +1 fatigue",
             "booster": "Rocket Booster", "rocket": "Rocket Power", "skies": "Take to the Skies"}
GENERAL_PAY = ("coin", "push", "booster", "rocket", "skies")
PLAYED_PAY = ("replay", "booster", "rocket")
MOVE_SPELLS = ("heat_wave", "river_flow", "tunnel", "blowback", "flash", "blink", "cyclone")
TARGET_ITEMS = ("blink_scroll", "warp_scroll")
COMBAT_SPELLS = ("fire_breath", "acid_rain", "windblast", "deep_freeze", "plate_armor")
PAY_SPELLS = {"rocket_power": "rocket", "take_to_the_skies": "skies"}
STAGE_RULE = {"pre": "uberdrakes.txt § Phase 1 - Bonuses", "respond": "uberdrakes.txt § Phase 2 - Rolloff",
              "counter": "uberdrakes.txt § Phase 3 - Counterattack", "damage": "uberdrakes.txt § Phase 4 - Damage",
              "exchange": "uberdrakes.txt § Blood Point Rewards"}



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
        layer (engine/ui/spaceboard.py), so hovering landings composes nothing."""
        return (self.pick, self.cycled, tuple(self.marked), self.pay, self.message, self.note)

    def selected(self):
        return None

    def free_play(self) -> bool:
        """The free part of a turn (no combat, no pending decision)."""
        st = self.state
        return st.phase == "play" and st.combat is None and st.pending is None

    def _first(self, kind: str, **params):
        for a in self.by_kind.get(kind, []):
            if all(a.get(k) == v for k, v in params.items()):
                return a
        return None

    def _why_not(self, action: Action | None) -> tuple[str, str]:
        return refusal(self.rules, self.state, action)

    def _refuse(self, action: Action | None, fallback: str = "Not possible now."):
        reason, rule = self._why_not(action)
        self.message = reason or fallback
        self.message_rule = rule
        return True

    def _preview(self, a: Action) -> list[str]:
        if a not in self._prev:
            try:
                self._prev[a] = list(self.rules.preview(self.state, a))
            except Exception:  # noqa: BLE001 - a preview must never break the game
                self._prev[a] = []
        return list(self._prev[a])

    def _label(self, a: Action) -> str:
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
            fn = getattr(self.rules, "move_preview", None)
            try:
                if fn is not None:
                    mp = fn(st, a)
                else:
                    from games.uberdrakes.describe import move_preview
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
                info.preview = self._preview(a) or [self._label(a)]
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
                    info.preview.append(self._label(a) + ":")
                    info.preview.extend("  " + x for x in self._preview(a))
                if acts:
                    info.preview.append("Click to fight")
        return info

    def _why_here(self, h) -> tuple[str, str]:
        key = (self.pick, h)
        if key in self._why:
            return self._why[key]
        a = self._candidate(h)
        why, rule = self._why_not(a) if a is not None else ("", "")
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
        return Choice(prompt, list(actions), [self._label(a) for a in actions])

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
        return (", ".join(bits) or self._label(a))[:1].upper() + (", ".join(bits) or self._label(a))[1:]

    # --- the hand panel ----------------------------------------------------------------------
    def hand(self, p: int) -> list[HandSection]:
        st = self.state
        if not 0 <= p < len(st.players) or st.phase in ("dragons", "over"):
            return []
        d = st.players[p]
        acting = p == self.actor() and self.free_play()
        secs = []
        fat = f"{d.fatigue}/{max_fatigue()}"
        stats = [("Coins", d.coins, "#F4C430"), ("Magic", d.magic, "#C59BFF"),
                 ("Fatigue", fat, "#F08A24" if d.fatigue else ""), ("Blood", d.blood, "#E4572E"), ("VP", d.vp, "")]
        if st.phase == "play" and p == st.active:
            stats.append(("Actions", f"{st.actions_left} left", "#9BE38B"))
        if d.rage:
            stats.append(("Rage", d.rage, "#E4572E"))
        general = []
        for i, m in enumerate(HOARD_SLOTS):
            mv = cat().movement[m]
            nth = 1 if (m == "forward" and i == 1) else 0
            used = d.used.count(m) > nth
            hows = [h for h in GENERAL_PAY if self.moves.get((m, h))] if acting else []
            state = ""
            if self.pick and self.pick[0] == "move" and self.pick[1] == m:
                state = "selected"
            elif used:
                state = "used"
            elif acting and not hows:
                state = "off"
            sub = "used" if used else ("1 coin" if d.coins else "no coin")
            tip = mv.text + " " + ("Its coin is spent this round: push to use it again (+1 fatigue)." if used else
                                   "1 coin, once per round; or push (+1 fatigue).")
            if acting and not hows:
                why, rule = self._why_not(Action.make("move", p, how="coin", m=m))
                tip += f"\nNot now: {why}" + (f" ({rule})" if rule else "")
            general.append(HandCard(("gen", m), SHORT[m], sub, tip, tuple(mv.steps), color="#8FD694", state=state,
                                    hotkey=f"⇧{i + 1}"))
        note = "General movement: 1 coin each, each icon once per round" if st.phase == "play" else ""
        secs.append(HandSection("Hoard card", general, stats, note=note, compact=True))
        # the private hand: movement cards, then treasures
        cards = []
        counts: dict = {}
        for m in d.hand:
            counts[m] = counts.get(m, 0) + 1
        for k, m in enumerate(sorted(counts)):
            mv = cat().movement[m]
            state = ""
            if st.phase == "mulligan":
                n = self.marked.count(m)
                state = "marked" if n else ""
                sub = (f"marked{' ×2' if n > 1 else ''}") if n else ""
            else:
                sub = "play"
                if self.pick == ("move", m, "card"):
                    state = "selected"
                elif acting and not self.moves.get((m, "card")):
                    state = "off"
                    sub = "not now"
            cards.append(HandCard(("card", m), mv.name, "" if sub == "play" else sub, mv.text, tuple(mv.steps),
                                  color="#7EC8E3", state=state,
                                  hotkey=str(k + 1) if k < 9 else "", count=counts[m]))
        tcount: dict = {}
        for t in d.treasures:
            tcount[t] = tcount.get(t, 0) + 1
        for t in sorted(tcount):
            it = cat().items[t]
            sub, state = self._item_state(t, acting, treasure=True)
            cards.append(HandCard(("treasure", t), it.name, sub, it.text, icon=ITEM_ICON.get(t, "chest"),
                                  color=ITEM_COLOR.get(t, "#D9C7A0"), state=state, count=tcount[t]))
        secs.append(HandSection("Your hand", cards, private=True,
                                note="" if cards else "No cards: new ones come at the start of the next round"))
        if d.played:
            played = []
            pc: dict = {}
            for m in d.played:
                pc[m] = pc.get(m, 0) + 1
            for m in sorted(pc):
                mv = cat().movement[m]
                hows = [h for h in PLAYED_PAY if self.moves.get((m, h))] if acting else []
                state = "selected" if self.pick and self.pick[:2] == ("move", m) else ("" if hows else "off")
                played.append(HandCard(("played", m), mv.name, "push: +1 fatigue", mv.text +
                                       " Push movement to use it again (1 fatigue); it is then discarded.",
                                       tuple(mv.steps), color="#A0A0A0", state=state, count=pc[m]))
            # nothing in it to push again: a small window gives its room to the log
            secs.append(HandSection("Played this round (face up)", played,
                                    spare=all(c.state == "off" for c in played)))
        # spells and hoard items: public, compact
        chips = []
        for k, sp in enumerate(spells_of(d)):
            state, sub, tip = self._spell_state(sp, p, acting)
            chips.append(HandCard(("spell", sp.id), sp.name, sub, tip, icon="star", color="#C59BFF", state=state,
                                  hotkey=f"Alt+{k + 1}" if k < 9 else ""))
        for i in sorted(d.items):
            it = cat().items[i]
            sub, state = self._item_state(i, acting)
            chips.append(HandCard(("item", i), it.name, sub, it.text, icon=ITEM_ICON.get(i, "chest"),
                                  color=ITEM_COLOR.get(i, "#D9C7A0"), state=state))
        if d.equipped:
            it = cat().items[d.equipped]
            chips.append(HandCard(("equipped", d.equipped), it.name, "equipped", it.text,
                                  icon=ITEM_ICON.get(d.equipped, "shield"), color="#9BE38B"))
        secs.append(HandSection("Spells · hoard items", chips, compact=True))
        # the village market
        if acting and st.shop >= 0:
            market = []
            from games.uberdrakes.spaces import offers, price
            for o in offers(st, st.shop):
                a = self._first("buy", item=o)
                tip = (cat().items[o].text if o in cat().items else "Draw the top card of the treasure deck.")
                if a is None:
                    why, rule = self._why_not(Action.make("buy", p, item=o))
                    tip += f"\nNot now: {why}" + (f" ({rule})" if rule else "")
                market.append(HandCard(("buy", o), item_name(o), f"buy: {price(o)} coins", tip,
                                       icon=ITEM_ICON.get(o, "chest"), color=ITEM_COLOR.get(o, "#D9C7A0"),
                                       state="" if a else "off"))
            for a in self.by_kind.get("sell", []):
                it = cat().items[a["item"]]
                market.append(HandCard(("sell", a["item"]), f"Sell {it.name}", f"+{it.sell} coins", it.text,
                                       icon="coin", color="#F4C430"))
            left = econ().purchases_per_visit - st.shop_buys
            secs.append(HandSection(f"Market — {st.board.spaces[st.shop].name}", market,
                                    note=f"{left} purchase{'s' if left != 1 else ''} left this visit; "
                                         "buying and selling are free (not actions)"))
        return secs

    def _item_state(self, i: str, acting: bool, treasure: bool = False) -> tuple[str, str]:
        it = cat().items[i]
        use = it.use
        if it.equip is not None:
            if treasure:
                return ("equip (action)", "" if self._first("equip", item=i) else "off")
            return ("equipment", "off")
        if it.sell and use == "sell":
            return (f"sell {it.sell}", "" if self._first("sell", item=i) else "off")
        sub = {"action": "use (action)", "counter": "in combat", "precombat": "in combat", "damage": "combat damage",
               "attack": "shoot (free)", "passive": "passive"}.get(use, use)
        if i == "rocket_booster":
            sub = "pay for a move"
            ok = any(h == "booster" for (_, h) in self.moves)
        elif i == "long_bow":
            ok = bool(self.by_kind.get("shoot"))
        elif use == "action":
            ok = any(a["item"] == i for a in self.by_kind.get("item", []))
        else:
            ok = False
        return sub, ("" if ok and acting else "off")

    def _spell_state(self, sp, p: int, acting: bool) -> tuple[str, str, str]:
        st = self.state
        d = st.players[p]
        cost = f"{sp.cost}-{sp.cost_max}" if sp.cost_max else ("X+1" if sp.plus_x else str(sp.cost))
        sub = f"{cost} magic"
        tip = sp.text + (f"\n({sp.note})" if sp.note else "") + ("\nUltimate: once per game." if sp.ultimate else "")
        if sp.id in PAY_SPELLS:
            ok = any(h == PAY_SPELLS[sp.id] for (_, h) in self.moves)
            if self.pay == PAY_SPELLS[sp.id]:
                return "selected", sub, tip + "\nChosen to pay for the next movement."
        elif sp.id in COMBAT_SPELLS:
            ok = False
            tip += "\nCast during a combat (the combat panel offers it)."
        else:
            ok = any(a["spell"] == sp.id for a in self.by_kind.get("spell", []))
        if self.pick == ("spell", sp.id):
            return "selected", sub, tip
        if not ok and acting and sp.id not in COMBAT_SPELLS:
            why = can_cast(st, d, sp.id)
            if why:
                tip += f"\nNot now: {why}"
        return ("" if ok and acting else "off"), sub, tip

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
            a = self._first("buy", item=key[1])
            return a or self._refuse(Action.make("buy", p, item=key[1]))
        if kind == "sell":
            a = self._first("sell", item=key[1])
            return a or self._refuse(Action.make("sell", p, item=key[1]))
        if kind == "equipped":
            self.note = f"The {item_name(key[1])} is equipped: its bonus counts in every combat it applies to."
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
        how = "coin" if d.coins >= 1 and d.used.count(m) < cat().movement[m].slots else "push"
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
            self.message = f"{cat().movement[m].name} can only be paid with {PAY_WORDS[how]} now."
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
            self.note = (f"{cat().spell(sid).name} pays for the next general action or played card you pick."
                            if self.pay else "")
            return True
        acts = [a for a in self.by_kind.get("spell", []) if a["spell"] == sid]
        if sid in MOVE_SPELLS:
            if self.pick == ("spell", sid):
                self.unpick()
                return True
            if acts and self._set_pick(("spell", sid)):
                self.note = f"{cat().spell(sid).name}: click a green space · Esc cancels"
                return True
        if acts:
            return self._one(acts, f"Cast {cat().spell(sid).name} how?")
        if sid in COMBAT_SPELLS:
            return self._refuse(Action.make("spell", p, spell=sid))
        if sid == "thunderbolt":
            return self._refuse(Action.make("spell", p, spell=sid, target=None))
        why = can_cast(st, d, sid)
        if why:
            self.message, self.message_rule = why, "uberdrakes.txt § " + cat().spell(sid).name
            return True
        return self._refuse(Action.make("spell", p, spell=sid))

    def use_item(self, i: str):
        st = self.state
        p = self.actor()
        it = cat().items[i]
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
            a = self._first("equip", item=i)
            return a or self._refuse(Action.make("equip", p, item=i))
        if it.sell and it.use == "sell":
            a = self._first("sell", item=i)
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
            keep = self._first("keep_hand")
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
            out.append(ButtonSpec(f"Attack {st.players[a['target']].name}", f"act:attack:{a['target']}", "A",
                                  tip="; ".join(self._preview(a)) or "Start a combat (free)"))
        for a in self.by_kind.get("shoot", []):
            out.append(ButtonSpec(f"Shoot {st.players[a['target']].name}", f"act:shoot:{a['target']}", "B",
                                  tip="; ".join(self._preview(a)) or "A ranged attack with the Long Bow (free)"))
        ex = self._first("exchange")
        if ex is not None:
            out.append(ButtonSpec("Exchange blood", "exchange", "X",
                                  tip="An action: blood points for coins, healing, cards or victory points"))
        end = self._first("end_turn", roost=False)
        roost = self._first("end_turn", roost=True)
        tip_end = "Play passes to the next dragon that has not roosted"
        if end is None:
            why, rule = self._why_not(Action.make("end_turn", p, roost=False))
            tip_end = f"{why} ({rule})" if rule else why
        out.append(ButtonSpec("End turn", "end", "E", end is not None, tip=tip_end))
        tip_r = "Roost: no more turns this round; " + self._roost_words()
        if roost is None:
            why, rule = self._why_not(Action.make("end_turn", p, roost=True))
            tip_r = f"{why} ({rule})" if rule else why
        out.append(ButtonSpec("End turn and roost", "roost", "R", roost is not None, tip=tip_r))
        return out

    def _roost_words(self) -> str:
        st = self.state
        d = st.players[self.actor()]
        if d.hex is None:
            return ""
        for ln in self._preview(Action.make("end_turn", d.index, roost=True)):
            return ln.lower()
        return ""

    def _mulligan_action(self):
        if len(self.marked) != 2:
            return None
        cards = sorted(self.marked)
        return self._first("mulligan", cards=tuple(cards))

    def press(self, command: str):
        st = self.state
        p = self.actor()
        self.message = self.message_rule = self.note = ""
        if command.startswith("do:"):
            i = int(command[3:])
            return self.legal[i] if 0 <= i < len(self.legal) else None
        if command == "keep":
            return self._first("keep_hand") or self._refuse(Action.make("keep_hand", p))
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
        if command.startswith("act:"):
            _, kind, t = command.split(":")
            return self._first(kind, target=int(t)) or self._refuse(Action.make(kind, p, target=int(t)))
        if command == "exchange":
            return self._first("exchange") or self._refuse(Action.make("exchange", p))
        if command in ("end", "roost"):
            return self._first("end_turn", roost=command == "roost") or \
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
                sps = spells_of(d)
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
                what = f"{cat().movement[m].name} ({PAY_WORDS.get(how, how)})"
            elif k == "spell":
                what = cat().spell(self.pick[1]).name
            elif k == "item":
                what = item_name(self.pick[1])
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
    def decision(self) -> DecisionSpec | None:
        st = self.state
        p = self.actor()
        if st.phase == "over" or p < 0:
            return None
        if st.phase == "dragons":
            return self._dragon_choice(p)
        if st.combat is not None:
            if self.pick and self.pick[0] == "shove":
                return None
            return self._combat_spec(p)
        pend = st.pending
        if pend is None or pend.kind in ("skies_land", "cyclone_move"):
            return None
        return self._pending_spec(p)

    def _do(self, a: Action) -> str:
        return f"do:{self.legal.index(a)}"

    def _btn(self, a: Action, label: str, key: str = "", tip: str = "", cost: str = "") -> ButtonSpec:
        if not tip:
            tip = "; ".join(self._preview(a))
        return ButtonSpec(label, self._do(a), key, True, tip=tip, cost=cost)

    def _who(self, p: int) -> str:
        st = self.state
        if st.phase == "play" and p != st.active:
            return f"{st.players[p].name} decides (during {possessive(st.players[st.active].name)} turn)"
        return f"{st.players[p].name} decides"

    def _dragon_choice(self, p: int) -> DecisionSpec:
        groups = []
        btns = []
        for k, a in enumerate(self.by_kind.get("choose_dragon", [])):
            dr = cat().dragons[a["dragon"]]
            std = [s.name for s in dr.spells if not s.ultimate]
            ult = [s.name for s in dr.spells if s.ultimate]
            tip = "\n".join(spell_line(s) + ": " + s.text for s in dr.spells)
            btns.append(self._btn(a, f"{dr.name} — {', '.join(std)} · Ultimate: {', '.join(ult)}", str(k + 1), tip))
        groups.append(("Dragons still free", btns))
        return DecisionSpec(f"Player {p + 1}: choose your dragon", self.view.player_color(self.state, p),
                            [("Each dragon casts its own spells. Players who name the same dragon roll two dice "
                              "for it; the others choose again.", "muted")], [], groups,
                            "uberdrakes.txt § Game Setup", f"Player {p + 1} decides")

    def _combat_spec(self, p: int) -> DecisionSpec:
        st = self.state
        c = st.combat
        A, D = st.players[c.sides[0]], st.players[c.sides[1]]
        sides = self.view.combat_sides(st)
        what = {"zoc": "zone of control", "attack": "a voluntary attack", "bow": "Long Bow",
                "thunderbolt": "Thunderbolt", "warp": "Warp Scroll", "final": "the Final Battle"}.get(c.reason, "")
        title = f"Combat: {A.name} vs {D.name}" + (f" · {what}" if what else "") + (" · ranged" if c.ranged else "")
        lines = []
        groups = []
        me = st.players[p]
        if c.stage == "pre":
            lines.append(("Before the rolloff: Rage Potions and pre-combat spells, first the attacker, then the "
                          "defender.", "muted"))
            opts = []
            for a in self.by_kind.get("precombat", []):
                w = a["what"]
                name = item_name(w) if w in cat().items else cat().spell(w).name
                if w == "rage_potion":
                    from games.uberdrakes.combat import win_chance
                    i = c.side(p)
                    rage = [st.players[c.sides[k]].rage + c.temp_rage[k] + (1 if k == i else 0) for k in (0, 1)]
                    pa = win_chance(c.bonus[0], rage[0], c.bonus[1], rage[1])
                    name += f" (then {percent(pa if i == 0 else 1 - pa)} to win the rolloff)"
                tip = (cat().items[w].text if w in cat().items else cat().spell(w).text)
                opts.append(self._btn(a, name, tip=tip,
                                      cost="" if w in cat().items else f"{cat().spell(w).cost} magic"))
            ready = self._first("ready")
            btns = opts + ([self._btn(ready, "Ready to roll", "Enter", "Use nothing more before the rolloff")]
                           if ready else [])
            groups.append((f"{me.name}: before the roll", btns))
        elif c.stage == "respond":
            roll = self._first("roll")
            con = self._first("concede")
            lines.append((f"{A.name} rolled {c.total[0]}. Roll in return, or concede now and take double damage.",
                          ""))
            btns = []
            if roll:
                btns.append(self._btn(roll, "Roll", "Enter"))
            if con:
                btns.append(self._btn(con, "Concede (double damage)", "C",
                                      "Your total is only your bonuses; the winner deals two instances of damage"))
            groups.append((f"{me.name}: the rolloff", btns))
        elif c.stage == "counter":
            L = c.side(p)
            lines.append((f"{me.name} trails {c.total[L]} to {c.total[1 - L]}"
                          + (" (ties go to the attacker)" if L == 1 else "") +
                          ": counterattack to raise your total, or concede.", ""))
            btns = []
            plate = []
            for a in self.by_kind.get("counter", []):
                w = a["what"]
                if w == "plate_armor":
                    plate.append(self._btn(a, f"Plate Armor +{a['x']}", cost=f"{a['x'] + 1} magic"))
                    continue
                name = item_name(w) if w in cat().items else cat().spell(w).name
                cost = "" if w in cat().items else f"{cat().spell(w).cost} magic"
                btns.append(self._btn(a, f"{name}: +1 die", cost=cost))
            con = self._first("concede")
            if con:
                btns.append(self._btn(con, "Concede the battle", "C", "The other side wins"))
            groups.append((f"{me.name}: counterattack", btns))
            if plate:
                groups.append(("Plate Armor (no damage if you then win)", plate))
        elif c.stage == "damage":
            W = st.players[c.sides[c.winner]]
            L = st.players[c.sides[1 - c.winner]]
            lines.append((f"{W.name} wins. Choose the damage to deal to {L.name}"
                          + (f" ({c.damage_left} instances left)" if c.damage_left > 1 else "") + ".", "good"))
            btns = []
            spins = []
            for a in self.by_kind.get("damage", []):
                e = a["effect"]
                if e == "shove":
                    continue
                if e == "spin":
                    spins.append(self._btn(a, f"Face {DIRS[a['facing']]}", tip=f"Turn {L.name} to face "
                                           f"{DIR_WORDS[a['facing']]}"))
                    continue
                if e == "hookshot":
                    label = "Hookshot: a random treasure card" if a["item"] == "treasure" else \
                        f"Hookshot: take the {item_name(a['item'])}"
                    btns.append(self._btn(a, label, tip=cat().items["hookshot"].text))
                    continue
                if e in cat().damage:
                    dm = cat().damage[e]
                    btns.append(self._btn(a, dm.name, tip=dm.text))
                elif e == "alchemists_fire":
                    btns.append(self._btn(a, "Alchemist's Fire: 2 fatigue", tip=cat().items[e].text))
                elif e == "deep_freeze":
                    btns.append(self._btn(a, "Deep Freeze: steal a movement card", tip=cat().spell(e).text,
                                          cost=f"{cat().spell(e).cost} magic"))
            if any(a["effect"] == "shove" for a in self.by_kind.get("damage", [])):
                btns.insert(1, ButtonSpec("Shove… (pick the space)", "shove", "S", tip=cat().damage["shove"].text))
            groups.append(("Damage", btns))
            if spins:
                groups.append((f"Spin {L.name}", spins))
        elif c.stage == "exchange":
            return self._exchange_spec(p, title, sides)
        return DecisionSpec(title, self.view.player_color(st, p), lines, sides, groups, STAGE_RULE.get(c.stage, ""),
                            self._who(p))

    def _exchange_spec(self, p: int, title: str = "Blood points", sides=None) -> DecisionSpec:
        st = self.state
        d = st.players[p]
        btns = []
        words = {"coin": "1 coin", "heal": "heal 1 fatigue", "card": "a movement card", "vp": "1 victory point"}
        for a in self.by_kind.get("blood", []):
            from games.uberdrakes.combat import reward_cost
            btns.append(self._btn(a, words.get(a["reward"], a["reward"]),
                                  cost=f"{reward_cost(st, p, a['reward'])} blood"))
        done = self._first("done")
        if done:
            btns.append(self._btn(done, "Done", "Enter", "Keep the rest of your blood points"))
        lines = [(f"{d.name} has {d.blood} blood points to exchange (one reward at a time).", "")]
        return DecisionSpec(title, self.view.player_color(st, p), lines, sides or [], [("Rewards", btns)],
                            "uberdrakes.txt § Blood Point Rewards", self._who(p))

    def _pending_spec(self, p: int) -> DecisionSpec | None:
        st = self.state
        pend = st.pending
        d = st.players[p]
        k = pend.kind
        col = self.view.player_color(st, p)
        title = pending_title(st)[:1].upper() + pending_title(st)[1:]
        lines, groups, rule = [], [], ""
        if k == "portal":
            other = st.board.other_portal.get(d.hex)
            lines.append((f"Travel to the other portal ({hex_label(other) if other else '?'}) for 1 fatigue "
                          f"(you would have {min(max_fatigue(), d.fatigue + 1)}/{max_fatigue()}), emerging facing "
                          "any way — or stay.", ""))
            if d.rider and not d.portaled:
                lines.append((f"Travelling lets you deliver the {rider_words(d.rider, True)}.", "accent"))
            faces = [self._btn(a, f"Emerge facing {DIRS[a['facing']]}", str(a["facing"] + 1),
                               f"Face {DIR_WORDS[a['facing']]} at the other portal")
                     for a in self.by_kind.get("portal", []) if a.get("travel")]
            stay = self._first("portal", travel=False)
            groups.append(("Travel through the portal", faces))
            if stay:
                groups.append(("", [self._btn(stay, "Stay here", "S", "No travel, no fatigue")]))
            rule = "uberdrakes.txt § Portals"
        elif k == "pick_rider":
            acts = self.by_kind.get("pick_rider", [])
            many = len(acts) > 6
            btns = []
            for a in acts:
                r = a["rider"]
                if r is None:
                    continue
                btns.append(self._btn(a, rider_words(r, True) if many else rider_words(r), tip=rider_words(r)))
            none = self._first("pick_rider", rider=None)
            lines.append(("Carry one rider through a portal, then land on its element's space to deliver it: 1 VP and "
                          "its reward. Its bonus counts in your combats.", "muted"))
            groups.append(("Riders" + (" (either side or the deck)" if pend.data.get("side") is None else ""), btns))
            if none:
                groups.append(("", [self._btn(none, "No rider", "N", "Pick up nobody")]))
            rule = "uberdrakes.txt § Picking Up Riders"
        elif k == "deliver_village":
            lines.append(("Rider delivered! You may teleport to a village of your choice (landing there opens its "
                          "market).", "good"))
            btns = []
            for a in self.by_kind.get("deliver_village", []):
                if a["village"] is None:
                    continue
                btns.append(self._btn(a, st.board.spaces[a["village"]].name))
            stay = self._first("deliver_village", village=None)
            groups.append(("Teleport to", btns))
            if stay:
                groups.append(("", [self._btn(stay, "Stay here", "S")]))
            rule = "uberdrakes.txt § Delivering Riders"
        elif k == "discard":
            caster = st.sandstorm[2] if st.sandstorm else st.active
            lines.append((f"{possessive(st.players[caster].name)} Sandstorm: discard one movement card of your choice.", ""))
            btns = [self._btn(a, cat().movement[a["card"]].name, tip=cat().movement[a["card"]].text)
                    for a in self.by_kind.get("discard", [])]
            groups.append(("Your movement cards (only you see them)", btns))
            rule = "uberdrakes.txt § Sandstorm"
        elif k == "steal":
            t = pend.data.get("target")
            lines.append((f"The Claw: take one hoard item or treasure card from {st.players[t].name}.", ""))
            btns = [self._btn(a, f"{item_name(a['item'])} ({'hoard' if a['source'] == 'hoard' else 'treasure card'})",
                              tip=cat().items[a["item"]].text) for a in self.by_kind.get("steal", [])]
            groups.append(("Take", btns))
            rule = "uberdrakes.txt § The Claw"
        elif k in ("handbook", "mulligan_take"):
            cards = pend.data.get("cards", [])
            lines.append(("You look at: " + ", ".join(cat().movement[c].name for c in cards) + " (only you see them).",
                          ""))
            btns = []
            for a in self.by_kind.get(k, []):
                c = a["take"] if k == "handbook" else a["card"]
                label = f"Keep {cat().movement[c].name}"
                if k == "handbook" and a["other"] in ("top", "bottom"):
                    label += f", the other on the {a['other']}"
                btns.append(self._btn(a, label, tip=cat().movement[c].text))
            groups.append(("Keep", btns))
            rule = "uberdrakes.txt § Monk's Handbook" if k == "handbook" else "uberdrakes.txt § Starting the First Round"
        elif k == "exchange":
            return self._exchange_spec(p)
        else:
            btns = [self._btn(a, self._label(a)) for a in self.legal]
            groups.append(("Choose", btns))
        return DecisionSpec(title, col, lines, [], groups, rule, self._who(p))


def make_controller(match, view) -> UberDrakesController:
    return UberDrakesController(match, view)


__all__ = ["make_controller", "UberDrakesController"]
