"""Dice Wars input: clicks, keys and buttons -> the one legal Action meant.

python-chess style: the controller never builds an action and hopes; it
finds the click among `legal_actions`.  When nothing legal matches, it
builds the action the click would have meant and asks the rules' `check`
for the refusal, which the screen shows (hint bar and hover) while the
state stays untouched.  No pygame here: keys arrive as names ("a", "1",
"return") so this runs headless in tests.
"""
from __future__ import annotations


from engine.hex import grid as hexgrid
from engine.core.actions import Action
from engine.ui.commands import Command, Do, Pick
from engine.ui.contract import ButtonSpec, Choice, Controller, HoverInfo, TraySpec, refusal
from engine.core.words import possessive
from games.dice_wars.rules import stats, tile_draft
from games.dice_wars.ui.view import SHAPE

UNIT_KINDS = ("deploy", "move", "face", "attack", "skill", "capture", "guard", "city_skill", "relic_skill",
              "search_ruins")
TARGET_KINDS = ("attack", "skill", "city_skill", "relic_skill", "relic_spell")
FACE_KEYS = {"1": 0, "2": 1, "3": 2, "4": 3, "5": 4, "6": 5}
DIR_HELP = "1 E · 2 SE · 3 SW · 4 W · 5 NW · 6 NE"





class DiceWarsController(Controller):
    def __init__(self, match, view):
        self.match = match
        self.view = view
        self.rules = match.rules
        self.sel: int | None = None          # selected unit uid (own, or inspected)
        self.mode: str = ""                  # "" | attack | skill | guard | city:<id> | relic:<id> | spell:<id>
        self.message = ""
        self.message_rule = ""
        self._v = None
        self.legal: list[Action] = []
        self.by_uid: dict[int, list[Action]] = {}
        self.others: list[Action] = []
        self._hl = None
        self.tile_sel: int | None = None     # Challenge III: the tile in hand picked to lay

    # --- state ------------------------------------------------------------------------
    @property
    def state(self):
        return self.match.state

    def reset(self) -> None:
        self.legal = self.match.legal_actions()
        self.by_uid = {}
        self.others = []
        for a in self.legal:
            uid = a.get("uid") if a.kind in UNIT_KINDS else None
            if uid is not None:
                self.by_uid.setdefault(uid, []).append(a)
            else:
                self.others.append(a)
        self._hl = None
        self.message = ""
        self.message_rule = ""
        st = self.state
        # keep the selection if the unit can still act; the guard decision selects its unit
        if st.pending is not None and st.pending.kind == "guard":
            self.sel, self.mode = st.pending.uid, ""
        elif self.sel is not None:
            u = st.units.get(self.sel)
            if u is None or u.hp <= 0 or (u.owner == self.actor() and self.sel not in self.by_uid):
                self.sel = None
            if self.sel is not None and self.sel in self.by_uid and self.mode:
                if not self._mode_actions(self.sel, self.mode):
                    self.mode = ""
            if self.sel is None:
                self.mode = ""
        if st.phase == "tiles":
            hand = st.tiles.hands[st.current]
            if self.tile_sel not in hand:          # a tile laid: the next player starts afresh
                self.tile_sel = hand[0] if hand else None
                self.view.turn_hand = False
        if st.phase == "deploy" and self.sel is None:
            # the next unit waiting in the tray
            tray = [u for u in self._tray_units()]
            if tray:
                self.sel = tray[0].uid

    def actor(self) -> int:
        try:
            return self.rules.to_act(self.state)
        except Exception:  # noqa: BLE001
            return -1

    def signature(self):
        return (self.sel, self.mode, self.message, self.tile_sel, self.view.turn_hand)

    def selected(self):
        return self.sel

    def _unit(self, uid):
        return self.state.units.get(uid) if uid is not None else None

    def _name(self, uid) -> str:
        u = self._unit(uid)
        return stats.card(u).name if u else "unit"

    def _target_hex(self, a: Action):
        t = a.get("target")
        if isinstance(t, tuple):
            return t
        u = self.state.units.get(t)
        return u.pos if u else None

    def _mode_kinds(self, mode: str) -> tuple:
        if mode == "attack":
            return ("attack",)
        if mode == "skill":
            return ("skill",)
        if mode.startswith("city:"):
            return ("city_skill",)
        if mode.startswith("relic:"):
            return ("relic_skill",)
        return ("attack", "skill")

    def _mode_actions(self, uid, mode: str) -> list[Action]:
        acts = self.by_uid.get(uid, [])
        if mode.startswith("city:"):
            return [a for a in acts if a.kind == "city_skill" and a["city"] == mode[5:]]
        if mode.startswith("relic:"):
            return [a for a in acts if a.kind == "relic_skill" and a["relic"] == mode[6:]]
        if mode == "guard":
            return [a for a in acts if a.kind == "guard"]
        kinds = self._mode_kinds(mode)
        return [a for a in acts if a.kind in kinds]

    def _tray_units(self):
        st = self.state
        if st.phase != "deploy":
            return []
        p = self.actor()
        return sorted((u for u in st.units.values() if u.owner == p and u.hp > 0 and u.pos is None),
                      key=lambda u: ({"hero": 0, "advanced": 1, "basic": 2}[u.tier], u.uid))

    # --- highlights -----------------------------------------------------------------------
    def highlights(self) -> dict:
        if self._hl is not None and self._hl[0] == (self.sel, self.mode):
            return self._hl[1]
        out: dict = {}
        st = self.state
        sel = self.sel
        if st.phase == "tiles":
            return self._tile_highlights()
        if st.phase == "deploy":
            if sel is not None:
                for a in self.by_uid.get(sel, []):
                    if a.kind == "deploy":
                        out[a["to"]] = "deploy"
        elif sel is not None and sel in self.by_uid:
            acts = self.by_uid[sel]
            u = self._unit(sel)
            if self.mode == "guard":
                for d in range(6):
                    n = hexgrid.neighbor(u.pos, d)
                    if n in st.board.terrain:
                        out[n] = "target"
            else:
                if not self.mode:
                    for a in acts:
                        if a.kind == "move":
                            out[a["to"]] = "move"
                skill_mode = self.mode and self.mode != "attack"
                in_mode = set(self._mode_actions(sel, self.mode)) if skill_mode else set()
                for a in acts:
                    if a.kind not in ("skill", "city_skill", "relic_skill"):
                        continue
                    if not self.mode and not isinstance(a.get("target"), int):
                        continue        # hex-targeted skills only in skill mode (K): clicks there mean moves
                    if (not self.mode and a.kind == "skill") or (skill_mode and a in in_mode):
                        h = self._target_hex(a)
                        if h is not None and out.get(h) != "attack":
                            out[h] = "skill"
                for a in acts:
                    if a.kind == "attack" and self.mode in ("", "attack"):
                        h = self._target_hex(a)
                        if h is not None:
                            out[h] = "attack"
        elif self.mode.startswith("spell:"):
            for a in self.others:
                if a.kind == "relic_spell" and a["relic"] == self.mode[6:]:
                    h = self._target_hex(a)
                    if h is not None:
                        out[h] = "skill"
        self._hl = ((self.sel, self.mode), out)
        return out

    # --- laying the map (Challenge III) ------------------------------------------------------
    def _tile_highlights(self) -> dict:
        out: dict = {}
        if self.tile_sel is None:
            return out
        free = set(self.state.tiles.free_slots())
        for h, (number, _) in self.view.hand_hexes().items():
            if number == self.tile_sel:
                out[h] = "zone"
        for h, slot in self.state.board.tile_index.items():
            if slot in free:
                out[h] = "move"
        return out

    def _tile_action(self, slot: int) -> Action:
        return Action.make("place_tile", self.actor(), tile=self.tile_sel, slot=slot, turned=self.view.turn_hand)

    def _click_tile(self, h):
        spot = self.view.tile_spot(h)
        if spot is None:
            self.message = "Click a tile of yours beside the square, then an empty (green) slot."
            return None
        if spot[0] == "hand":
            self.tile_sel = spot[1]
            return True
        _, slot, laid = spot
        if self.tile_sel is None:
            self.message = "Pick one of your tiles first (beside the square, or 1-4)."
            return None
        a = self._tile_action(slot)
        if a in self.legal:
            return a
        return self._refuse(a)

    def turn_tile(self):
        self.view.turn_hand = not self.view.turn_hand
        return True

    # --- matching clicks to actions ---------------------------------------------------------
    def _matches(self, h, kinds) -> list[Action]:
        if self.sel is None:
            return []
        out = []
        for a in self.by_uid.get(self.sel, []):
            if a.kind not in kinds:
                continue
            if a.kind in ("move", "deploy"):
                if a["to"] == h:
                    out.append(a)
            elif a.kind in ("attack", "skill", "city_skill", "relic_skill"):
                if self.mode.startswith("city:") and a.kind == "city_skill" and a["city"] != self.mode[5:]:
                    continue
                if self.mode.startswith("relic:") and a.kind == "relic_skill" and a["relic"] != self.mode[6:]:
                    continue
                if self._target_hex(a) == h:
                    out.append(a)
        return out

    def _click_kinds(self) -> tuple:
        if self.state.phase == "deploy":
            return ("deploy",)
        if self.mode == "attack":
            return ("attack",)
        if self.mode == "skill":
            return ("skill",)
        if self.mode.startswith("city:"):
            return ("city_skill",)
        if self.mode.startswith("relic:"):
            return ("relic_skill",)
        return ("attack", "move", "unit_skill")

    def _resolve(self, h):
        """(actions the click at h means, the kind tried) in priority order."""
        kinds = self._click_kinds()
        for k in kinds:
            if k == "unit_skill":
                found = [a for a in self._matches(h, ("skill",)) if isinstance(a.get("target"), int)]
                k = "skill"
            else:
                found = self._matches(h, (k,))
            if found:
                return found, k
        return [], kinds[0]

    def _candidate(self, h) -> Action | None:
        """The action a click at h would have meant (to ask `check` why not)."""
        st = self.state
        if self.sel is None:
            return None
        p = self.actor()
        other = st.occupied.get(h)
        if st.phase == "deploy":
            return Action.make("deploy", p, uid=self.sel, to=h)
        if self.mode == "guard":
            return None
        if self.mode == "skill" or self.mode.startswith(("city:", "relic:")):
            target = other if other is not None else h
            if self.mode.startswith("city:"):
                return Action.make("city_skill", p, uid=self.sel, city=self.mode[5:], target=target)
            if self.mode.startswith("relic:"):
                return Action.make("relic_skill", p, uid=self.sel, relic=self.mode[6:], target=target, carry=None)
            return Action.make("skill", p, uid=self.sel, target=target, carry=None)
        if other is not None and other != self.sel:
            return Action.make("attack", p, uid=self.sel, target=other)
        if other is None:
            return Action.make("move", p, uid=self.sel, to=h)
        return None

    def _why_not(self, action: Action | None) -> tuple[str, str]:
        return refusal(self.rules, self.state, action)

    def _one(self, actions: list[Action], what: str):
        if not actions:
            return None
        if len(actions) == 1:
            return actions[0]
        labels = [self.rules.describe(self.state, a) for a in actions]
        return Choice(f"Which {what}?", actions, labels)

    def click(self, h, button: int = 1):
        st = self.state
        self.message, self.message_rule = "", ""
        p = self.actor()
        other = st.occupied.get(h)
        ou = self._unit(other)
        if st.phase == "draft":
            self.message = "Pick a faction with the buttons on the right."
            return None
        if st.phase == "tiles":
            return self._click_tile(h)
        if self.mode.startswith("spell:"):
            rid = self.mode[6:]
            acts = [a for a in self.others if a.kind == "relic_spell" and a["relic"] == rid and self._target_hex(a) == h]
            if acts:
                self.mode = ""
                return self._one(acts, "target")
            target = other if other is not None else h
            self.message, self.message_rule = self._why_not(Action.make("relic_spell", p, relic=rid, target=target))
            self.message = self.message or "Not a target for the spell."
            return None
        if self.sel is not None and self.mode == "guard":
            u = self._unit(self.sel)
            if u is not None and u.pos is not None and hexgrid.distance(u.pos, h) == 1:
                d = hexgrid.direction_to(u.pos, h)
                acts = [a for a in self.by_uid.get(self.sel, []) if a.kind == "guard" and a["facing"] == d]
                if acts:
                    self.mode = ""
                    return acts[0]
            self.message = "Click a hex next to the unit to choose the way the guard faces (or press 1-6)."
            return None
        if self.sel is not None and self.sel in self.by_uid:
            found, kind = self._resolve(h)
            if found:
                what = {"skill": "use of the skill", "deploy": "placement"}.get(kind, kind)
                act = self._one(found, what)
                if st.phase != "deploy":
                    self.mode = ""
                return act
        # select another of my units?
        if ou is not None and ou.owner == p and (other in self.by_uid or st.phase == "deploy"):
            if other == self.sel:
                self.sel, self.mode = None, ""
                return None
            if st.pending is not None and st.pending.kind == "guard" and other != st.pending.uid:
                self.message = "Answer the guard first: attack it with the unit in its front hex, or take the counterstrike (X)."
                self.message_rule = "dice_wars.txt § Guarding"
                return None
            self.sel, self.mode = other, ""
            return None
        # explain why not
        if self.sel is not None and (self.sel in self.by_uid or st.phase == "deploy"):
            reason, rule = self._why_not(self._candidate(h))
            if reason:
                self.message, self.message_rule = reason, rule
                return None
        if ou is not None:
            # inspecting a piece that cannot act now
            self.sel, self.mode = other, ""
            if ou.owner != p:
                self.message = f"That is {possessive(st.players[ou.owner].name)} {stats.card(ou).name}; it is {possessive(st.players[p].name)} turn to act."
            else:
                reason, rule = "", ""
                if st.phase == "command":
                    from games.dice_wars.rules import flow
                    reason, rule = flow.activation_problem(st, ou) or ("", "")
                self.message = reason or f"The {stats.card(ou).name} has nothing left to do this phase."
                self.message_rule = rule
            return None
        if self.sel is not None:
            self.sel, self.mode = None, ""
        return None

    # --- hover ---------------------------------------------------------------------------
    def hover(self, h) -> HoverInfo:
        info = self.view.hex_info(self.state, h)
        if h is None:
            return info
        st = self.state
        if st.phase == "tiles":
            spot = self.view.tile_spot(h)
            if spot is not None and spot[0] == "slot" and self.tile_sel is not None:
                a = self._tile_action(spot[1])
                if a in self.legal:
                    info.preview = [self.rules.describe(st, a)]
                else:
                    info.illegal, info.rule = self._why_not(a)
            return info
        if self.sel is None or (self.sel not in self.by_uid and not self.mode.startswith("spell:")):
            return info
        if self.mode == "guard":
            u = self._unit(self.sel)
            if u is not None and u.pos is not None and hexgrid.distance(u.pos, h) == 1:
                d = hexgrid.direction_to(u.pos, h)
                info.preview = [f"Guard facing {hexgrid.DIRECTION_NAMES[d]}"]
            return info
        found, kind = self._resolve(h)
        if found:
            a = found[0]
            try:
                info.preview = [self.rules.describe(st, a)] + list(self.rules.preview(st, a))
            except Exception as e:  # noqa: BLE001
                info.preview = [self.rules.describe(st, a), f"(no preview: {e})"]
            if len(found) > 1:
                info.preview.append(f"{len(found)} ways to do this: you will be asked which")
            return info
        other = st.occupied.get(h)
        if other == self.sel:
            return info
        ou = self._unit(other)
        if ou is not None and ou.owner == self.actor() and other in self.by_uid:
            info.lines.append(f"Click to select the {stats.card(ou).name}")
            return info
        reason, rule = self._why_not(self._candidate(h))
        info.illegal, info.rule = reason, rule
        return info

    # --- buttons and keys ---------------------------------------------------------------------
    def _first(self, kind: str, **params):
        for a in self.legal:
            if a.kind == kind and all(a.get(k) == v for k, v in params.items()):
                return a
        return None

    def buttons(self) -> list[ButtonSpec]:
        st = self.state
        out: list[ButtonSpec] = []
        if st.phase == "draft":
            for i, a in enumerate(self.legal):
                fac = st.catalog.factions.get(a.get("faction"))
                out.append(ButtonSpec(fac.name if fac else self.rules.describe(st, a), Do(a),
                                      str(i + 1) if i < 9 else "",
                                      tip=f"{fac.bonus.name}: {fac.bonus.text}" if fac else ""))
            return out
        if st.phase == "tiles":
            for i, t in enumerate(st.tiles.hands[self.actor()] if 0 <= self.actor() < len(st.players) else []):
                out.append(ButtonSpec(f"Tile {t}" + (" (picked)" if t == self.tile_sel else ""), Pick("tile", t),
                                      str(i + 1) if i < 9 else "",
                                      tip=tile_draft.tile_summary(st.catalog, st.tiles.prefix, t)))
            out.append(ButtonSpec("Turn around" + (" (turned)" if self.view.turn_hand else ""), "turn_tile", "R",
                                  tip="Lay the tiles in hand the other way round (180 degrees)"))
            return out
        if st.phase == "deploy":
            auto = self._first("auto_deploy")
            out.append(ButtonSpec("Auto-deploy", "auto_deploy", "P", auto is not None,
                                  tip="Place the units still in the tray in sensible spots"))
            done = self._first("end_deploy")
            out.append(ButtonSpec("Done deploying", "end_deploy", "Enter", done is not None,
                                  tip="" if done else "Place every unit first"))
            return out
        pend = st.pending
        if pend is not None and pend.kind == "alliance":
            proposer = st.players[st.current].name
            out.append(ButtonSpec(f"Accept {possessive(proposer)} alliance", "ally_yes", "Y"))
            out.append(ButtonSpec("Refuse", "ally_no", "N"))
            return out
        if pend is not None and pend.kind == "guard":
            g = self._unit(pend.guard)
            n_att = len([a for a in self.by_uid.get(pend.uid, []) if a.kind == "attack"])
            n_sk = len([a for a in self.by_uid.get(pend.uid, []) if a.kind == "skill"])
            out.append(ButtonSpec("Attack the guard", Pick("mode", "attack"), "A", n_att > 0, self.mode == "attack",
                                  tip="Click the guard to attack it" if n_att else "The guard cannot be attacked from here"))
            if n_sk:
                out.append(ButtonSpec("Skill on the guard", Pick("mode", "skill"), "K", True, self.mode == "skill"))
            prev = ""
            cs = self._first("counterstrike")
            if cs is not None:
                try:
                    prev = "; ".join(self.rules.preview(st, cs))
                except Exception:  # noqa: BLE001
                    prev = ""
            out.append(ButtonSpec("Take the counterstrike", "counterstrike", "X", cs is not None,
                                  tip=prev or f"The {stats.card(g).name if g else 'guard'} strikes with its attack"))
            return out
        sel = self.sel
        u = self._unit(sel)
        if u is not None and sel in self.by_uid and u.owner == self.actor():
            acts = self.by_uid[sel]
            kinds = {a.kind for a in acts}
            card = stats.card(u)
            out.append(ButtonSpec("Attack", Pick("mode", "attack"), "A", "attack" in kinds, self.mode == "attack",
                                  tip="Show only attack targets" if "attack" in kinds else self._no_action_tip(u, "attack")))
            sk_name = card.skill.name if card.skill else "Skill"
            out.append(ButtonSpec(sk_name, Pick("mode", "skill"), "K", "skill" in kinds, self.mode == "skill",
                                  tip=(card.skill.text if card.skill else "No skill") if "skill" in kinds
                                  else self._no_action_tip(u, "skill")))
            out.append(ButtonSpec("Capture", "capture", "C", "capture" in kinds,
                                  tip="Capture the city (standing on its capital)" if "capture" in kinds
                                  else self._no_action_tip(u, "capture")))
            out.append(ButtonSpec("Guard", Pick("mode", "guard"), "G", "guard" in kinds, self.mode == "guard",
                                  tip="Then click a neighbouring hex (or 1-6) for the way it faces" if "guard" in kinds
                                  else self._no_action_tip(u, "guard")))
            out.append(ButtonSpec("Rotate", "rotate", "R", "face" in kinds,
                                  tip=f"Turn clockwise (Shift+R back); or face directly: {DIR_HELP}" if "face" in kinds
                                  else "After an action the unit keeps facing it; move to turn freely"))
            for cid in sorted({a["city"] for a in acts if a.kind == "city_skill"}):
                cc = self.state.catalog.cities[cid]
                out.append(ButtonSpec(f"{cc.skill.name} ({cc.name})", Pick("mode", f"city:{cid}"), "", True,
                                      self.mode == f"city:{cid}", tip=cc.skill.text))
            for rid in sorted({a["relic"] for a in acts if a.kind == "relic_skill"}):
                r = self.state.catalog.relics[rid]
                out.append(ButtonSpec(f"{r.skill.name} ({r.name})", Pick("mode", f"relic:{rid}"), "", True,
                                      self.mode == f"relic:{rid}", tip=r.skill.text))
            if "search_ruins" in kinds:
                out.append(ButtonSpec("Search the ruins", "search_ruins", "", True, tip="Draw a relic"))
        for rid in sorted({a["relic"] for a in self.others if a.kind == "relic_spell"}):
            r = self.state.catalog.relics[rid]
            out.append(ButtonSpec(f"Spell: {r.spell.name}", Pick("spell", rid), "", True, self.mode == f"spell:{rid}",
                                  tip=f"Discard {r.name}: {r.spell.text}"))
        for a in self.others:
            if a.kind in ("propose_alliance", "break_alliance"):
                name = st.players[a["to"]].name
                label = f"Propose alliance: {name}" if a.kind == "propose_alliance" else f"Break alliance: {name}"
                out.append(ButtonSpec(label, Do(a),
                                      tip=self.rules.describe(st, a) + " (only before a unit is activated)"))
        end = self._first("end_phase")
        tip = ""
        if end is None and st.phase == "command":
            reason, rule = self._why_not(Action.make("end_phase", self.actor()))
            tip = f"{reason} ({rule})" if rule else reason
        out.append(ButtonSpec("End phase", "end_phase", "E", end is not None, tip=tip or "Hand over to the next player"))
        if st.phase == "command":
            out.append(ButtonSpec("Next unit", "next", "Tab", True, tip="Select your next unit that can still act"))
        return out

    def _no_action_tip(self, u, what: str) -> str:
        st = self.state
        acts = [a for a in st.activations if a.uid == u.uid]
        if acts and acts[0].acted:
            return f"The {stats.card(u).name} has already used its action this turn."
        if what == "capture":
            return "Stand on a city's capital hex to capture it."
        if what == "skill" and stats.card(u).skill is None:
            return "This unit has no skill."
        return f"No {what} target in reach now."

    def press(self, command: Command):
        self.message, self.message_rule = "", ""
        p = self.actor()
        if isinstance(command, Pick) and command.what == "tile":
            self.tile_sel = command.value
            return True
        if command == "turn_tile":
            return self.turn_tile()
        if isinstance(command, Do):
            return command.action
        if command == "auto_deploy":
            return self._first("auto_deploy") or self._refuse(Action.make("auto_deploy", p))
        if command == "end_deploy":
            return self._first("end_deploy") or self._refuse(Action.make("end_deploy", p))
        if command == "end_phase":
            return self._first("end_phase") or self._refuse(Action.make("end_phase", p))
        if command == "counterstrike":
            return self._first("counterstrike") or self._refuse(Action.make("counterstrike", p))
        if command in ("ally_yes", "ally_no"):
            return self._first("answer_alliance", accept=command == "ally_yes")
        if command == "next":
            self.next_unit()
            return None
        if isinstance(command, Pick) and command.what == "spell":
            mode = f"spell:{command.value}"
            self.mode = "" if self.mode == mode else mode
            return None
        if self.sel is None or self.sel not in self.by_uid:
            self.message = "Select one of your units first."
            return None
        acts = self.by_uid[self.sel]
        if isinstance(command, Pick) and command.what == "mode":
            mode = command.value
            if self.mode == mode:
                self.mode = ""
                return None
            if mode == "guard":
                if not any(a.kind == "guard" for a in acts):
                    return self._refuse(Action.make("guard", p, uid=self.sel, facing=self._unit(self.sel).facing))
                self.mode = "guard"
                return None
            found = self._mode_actions(self.sel, mode)
            if not found:
                kind = {"attack": "attack", "skill": "skill"}.get(mode, "skill")
                self.message = self._no_action_tip(self._unit(self.sel), kind)
                return None
            # a skill on oneself needs no target click
            targets = {self._target_hex(a) for a in found}
            u = self._unit(self.sel)
            if mode == "skill" and targets == {u.pos}:
                return self._one(found, "use of the skill")
            self.mode = mode
            return None
        if command == "capture":
            a = next((a for a in acts if a.kind == "capture"), None)
            return a or self._refuse(Action.make("capture", p, uid=self.sel))
        if command == "search_ruins":
            return next((a for a in acts if a.kind == "search_ruins"), None)
        if command in ("rotate", "rotate_back"):
            u = self._unit(self.sel)
            step = 1 if command == "rotate" else -1
            return self.face((u.facing + step) % 6)
        return None

    def face(self, d: int):
        if self.sel is None:
            return None
        acts = self.by_uid.get(self.sel, [])
        if self.mode == "guard":
            a = next((a for a in acts if a.kind == "guard" and a["facing"] == d), None)
            if a is not None:
                self.mode = ""
            return a or self._refuse(Action.make("guard", self.actor(), uid=self.sel, facing=d))
        a = next((a for a in acts if a.kind == "face" and a["facing"] == d), None)
        return a or self._refuse(Action.make("face", self.actor(), uid=self.sel, facing=d))

    def _refuse(self, action: Action):
        reason, rule = self._why_not(action)
        self.message = reason or "Not possible now."
        self.message_rule = rule
        return True          # handled: nothing to submit

    def next_unit(self) -> None:
        mine = sorted(uid for uid in self.by_uid if (u := self._unit(uid)) and u.pos is not None
                      and any(a.kind != "face" for a in self.by_uid[uid]))
        if not mine:
            self.message = "None of your units can do more this phase: end the phase (E)."
            return
        if self.sel in mine:
            self.sel = mine[(mine.index(self.sel) + 1) % len(mine)]
        else:
            self.sel = mine[0]
        self.mode = ""

    def key(self, name: str, mods: frozenset = frozenset()):
        st = self.state
        shift = "shift" in mods
        if name in FACE_KEYS and st.phase == "command" and self.sel in self.by_uid:
            return self.face(FACE_KEYS[name])
        if st.phase == "tiles":
            hand = st.tiles.hands[st.current]
            if name in ("1", "2", "3", "4", "5", "6", "7", "8", "9"):
                i = int(name) - 1
                if i < len(hand):
                    self.tile_sel = hand[i]
                return True
            if name == "r":
                return self.turn_tile()
            return None
        if name in ("1", "2", "3", "4", "5", "6", "7", "8", "9") and st.phase == "draft":
            i = int(name) - 1
            return self.legal[i] if i < len(self.legal) else True
        if name == "tab" and st.phase == "command":
            self.next_unit()
            return True
        if st.phase == "deploy":
            if name == "p":
                return self.press("auto_deploy")
            if name in ("return", "enter", "e"):
                return self.press("end_deploy")
            return None
        pend = st.pending
        if pend is not None and pend.kind == "alliance":
            if name == "y":
                return self.press("ally_yes")
            if name == "n":
                return self.press("ally_no")
            return None
        if name == "x" and pend is not None:
            return self.press("counterstrike")
        if name in ("e", "return", "enter"):
            if self.mode == "guard" and self.sel is not None:
                return self.face(self._unit(self.sel).facing)
            return self.press("end_phase")
        own = self.sel is not None and self.sel in self.by_uid
        if not own:
            return None            # let the screen use the key (WASD panning)
        if name == "a":
            return self.press(Pick("mode", "attack")) or True
        if name == "k":
            return self.press(Pick("mode", "skill")) or True
        if name == "c":
            return self.press("capture") or True
        if name == "g":
            if self.mode == "guard":
                return self.face(self._unit(self.sel).facing)
            return self.press(Pick("mode", "guard")) or True
        if name == "r":
            return self.press("rotate_back" if shift else "rotate") or True
        return None

    def cancel(self) -> bool:
        self.message, self.message_rule = "", ""
        if self.mode:
            self.mode = ""
            return True
        st = self.state
        if self.sel is not None and not (st.pending is not None and st.pending.kind == "guard"):
            self.sel = None
            return True
        return False

    # --- words ------------------------------------------------------------------------------
    def hint(self) -> str:
        st = self.state
        if st.phase == "over":
            return ""
        p = self.actor()
        who = st.players[p].name if 0 <= p < len(st.players) else "?"
        if st.phase == "draft":
            return f"{who}: pick a faction (buttons on the right, or 1-4)."
        if st.phase == "tiles":
            if self.tile_sel is None:
                return f"{who}: pick a tile of yours (1-4)"
            turned = " turned around" if self.view.turn_hand else ""
            return (f"{who}: click a green slot of the square to lay tile {self.tile_sel}{turned} · "
                    "1-4 another tile · R turn it around")
        if st.phase == "deploy":
            tray = self._tray_units()
            u = self._unit(self.sel)
            if u is not None and u.owner == p:
                where = "another blue hex" if u.pos is not None else "a blue hex in your corner tile"
                return f"Click {where} to place the {stats.card(u).name}; right-click to cancel · P auto-deploy"
            if tray:
                return f"{who}: click a unit in the tray, then a blue hex in your corner · P places the rest"
            return f"{who}: all units placed. Click one to move it, or Done deploying (Enter)."
        pend = st.pending
        if pend is not None and pend.kind == "guard":
            g = self._unit(pend.guard)
            return (f"{who}: your {self._name(pend.uid)} entered a guarding {possessive(stats.card(g).name if g else 'unit')} front: "
                    "click it to attack (red ring) or take the counterstrike (X)")
        if pend is not None and pend.kind == "alliance":
            return f"{who}: {st.players[st.current].name} proposes an alliance: accept (Y) or refuse (N)"
        if self.mode.startswith("spell:"):
            return "Click a purple-ringed target for the spell; right-click to cancel"
        u = self._unit(self.sel)
        if u is not None and self.sel in self.by_uid and u.owner == p:
            name = stats.card(u).name
            if self.mode == "guard":
                return f"Click a hex next to the {name} to guard facing it (or 1-6, G again keeps its facing); right-click to cancel"
            if self.mode == "attack":
                return f"Click a red-ringed enemy to attack with the {name}; right-click to cancel"
            if self.mode:
                return f"Click a purple-ringed target for the {possessive(name)} skill; right-click to cancel"
            hl = set(self.highlights().values())
            parts = []
            if "move" in hl:
                parts.append(f"a green hex to move the {name}")
            if "attack" in hl:
                parts.append("a red ring to attack")
            if "skill" in hl:
                parts.append("a purple ring for its skill")
            if parts:
                return "Click " + ", ".join(parts) + "; right-click to cancel"
            return f"The {name} can still turn (R, 1-6), guard (G) or act from the buttons; right-click to cancel"
        n = len(st.activations)
        left = max(0, 2 - n)
        if self._first("end_phase") is not None and left == 0:
            return f"{who}: both turns taken: finish them or end the phase (E)"
        return f"{who}: click one of your units to take its turn ({n} of 2 turns begun) · Tab next unit"

    def help_lines(self) -> list[str]:
        return ["Dice Wars: A attack · K skill · C capture · G guard · R rotate (Shift+R back) · "
                f"{DIR_HELP} · E/Enter end phase · Tab next unit · X take a counterstrike · "
                "P auto-deploy · Y/N answer an alliance"]

    # --- deployment tray ------------------------------------------------------------------------
    def tray(self) -> list[TraySpec]:
        out = []
        for u in self._tray_units():
            c = stats.card(u)
            out.append(TraySpec(u.uid, c.code, c.name, self.state.players[u.owner].color,
                                SHAPE.get(u.tier, "circle"), u.uid == self.sel, c.icon))
        return out

    def click_tray(self, key) -> None:
        self.sel = None if self.sel == key else key
        self.mode = ""
        self.message = ""


def make_controller(match, view) -> DiceWarsController:
    return DiceWarsController(match, view)
