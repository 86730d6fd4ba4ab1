"""Warbound input: pick a Character, then an Action of the board (buttons
with the cost), then click tiles to move, shoot or fight; decisions
(Leader skill, Hourglass, initiative, the token kept) are buttons.  Every
offer comes from the rules' legal actions; a click that matches none shows
the rules' refusal."""
from __future__ import annotations

from engine.core.actions import Action
from engine.ui.contract import ButtonSpec, Choice, Controller, HoverInfo, TraySpec
from games.warbound import actionboard, shooting
from games.warbound.catalog import load_catalog
from games.warbound.profile import stats
from games.warbound.queries import enemies_adjacent
from games.warbound.view import initials

HEX_KINDS = ("move", "shoot", "fight", "skill", "deploy")


class WarboundController(Controller):
    def __init__(self, match, view):
        self.match = match
        self.view = view
        self.sel = None
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
        out = {}
        for a in self._on_board():
            kind = {"fight": "attack", "shoot": "attack"}.get(a.kind, a.kind)
            for h in self._hexes_of(a):
                out.setdefault(h, kind)
        c = self._picked()
        if c is not None:           # before paying: who it could shoot (closest marked) or fight
            for h in c.minis:
                out[h] = "select"
            for t in shooting.valid_targets(self.state, c):
                for h in t.minis:
                    out[h] = "target"
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

    def click(self, h, button: int = 1):
        acts = [a for a in self._on_board() if h in self._hexes_of(a)]
        if len(acts) == 1:
            return acts[0]
        if acts:
            return Choice("Which?", acts, [self.match.rules.describe(self.state, a) for a in acts])
        uid = self.state.occupied.get(h)
        if uid is not None and self.state.chars[uid].owner == self.match.to_act():
            self.sel = uid
            self.message = ""
            return None
        self.message = "Nothing to do there: pick a highlighted tile or one of your Characters."
        return None

    def buttons(self):
        out = []
        describe = self.match.rules.describe
        for i, a in enumerate(self.legal):
            if a.kind in HEX_KINDS and self._hexes_of(a):
                continue
            if a.kind == "activate" and a["uid"] != self.sel:
                continue
            if a.kind == "exchange":
                continue
            pv = self.match.rules.preview(self.state, a)
            out.append(ButtonSpec(self.short(a), f"a{i}", tip="; ".join([describe(self.state, a)] + pv),
                                  cost=pv[0].removeprefix("Cost: ") if a.kind == "activate" and pv else ""))
        if any(a.kind == "exchange" for a in self.legal):
            out.append(ButtonSpec("Exchange tokens…", "exchange", tip="Two Order tokens for one of any colour"))
        return out

    def short(self, a) -> str:
        """A button label that fits: the Action, the choice, not the sentence."""
        k = a.kind
        if k in ("activate", "hourglass"):
            return ("Hourglass on " if k == "hourglass" else "") + actionboard.parts_name(a["space"])
        if k == "initiative":
            return "Take the Hand" if a["take"] else "Keep the Hourglass"
        if k == "keep_token":
            col = a.get("color")
            return f"Keep {load_catalog().factions[col].token}" if col else "Keep none"
        if k == "end_activation":
            return "End activation"
        if k == "pass":
            return "Pass"
        return self.match.rules.describe(self.state, a)

    def press(self, command: str):
        if command == "exchange":
            acts = [a for a in self.legal if a.kind == "exchange"]
            return Choice("Exchange two Order tokens for one", acts,
                          [self.match.rules.describe(self.state, a) for a in acts])
        if command.startswith("a") and command[1:].isdigit():
            i = int(command[1:])
            if 0 <= i < len(self.legal):
                return self.legal[i]
        return None

    def cancel(self) -> bool:
        if self.sel is not None and self.state.activation is None:
            self.sel = None
            return True
        return False

    def hint(self) -> str:
        if self.message:
            return self.message
        s = self.state
        if s.phase == "deploy":
            return "Pick a Character in the tray, then a highlighted tile next to your starting tile."
        if s.queue:
            return "Decide with the buttons."
        if s.activation is not None:
            return "Click a highlighted tile to move, shoot or fight; or end the activation."
        return "Click one of your Characters, then choose an Action of the board (or pass)."

    def tray(self):
        out = []
        p = self.match.to_act()
        for c in self.state.chars.values():
            if c.owner == p and not c.deployed:
                st = stats(self.state, c)
                out.append(TraySpec(c.uid, initials(st.name), st.name, self.view.player_color(self.state, p),
                                    "square" if st.formation else "circle", c.uid == self.sel))
        return out

    def click_tray(self, key) -> None:
        self.sel = None if self.sel == key else key


def make_controller(match, view) -> WarboundController:
    return WarboundController(match, view)
