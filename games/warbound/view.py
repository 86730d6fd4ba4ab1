"""What Warbound draws: the board, the miniatures, the Character cards (HP,
morale and armor pools, the panic side), the header with the timeline, the
Hand and the Hourglass, and a panel summary of the Action Board and the
Order token reserves.  Presentation only: reads the state, never changes it.
"""
from __future__ import annotations

from engine.ui.contract import CardSpec, Header, HoverInfo, LabelSpec, TokenSpec, View
from games.warbound import actionboard
from games.warbound.catalog import load_catalog
from games.warbound.profile import stats, unbroken_armor
from games.warbound.queries import possessive

PHASE_NAME = {"deploy": "Deployment", "leader": "Leader Phase", "effect": "Effect Phase",
              "action": "Action Phase", "cleanup": "Cleanup Phase", "over": "Game over"}


def initials(name: str) -> str:
    letters = [w[0] for w in name.replace("'", " ").split() if w[:1].isalpha()]
    return "".join(letters[:2]).upper() or name[:2]


class WarboundView(View):
    def __init__(self, match):
        self.match = match
        self.rules = match.rules
        self.board = match.state.board
        self.cat = load_catalog()

    def hexes(self):
        return list(self.board.hexes)

    def terrain(self, h):
        tid = self.board.terrain.get(h, "floor")
        return (tid, self.cat.terrain[tid].color)

    def region(self, h):
        return self.board.section.get(h, 0)

    def labels(self):
        out = [LabelSpec(h, "Start", "zone") for h in self.board.starts]
        out += [LabelSpec(h, "Scan", "name") for h in self.board.scans]
        return out

    def player_color(self, state, p: int) -> str:
        if p in (0, 1):
            fac = self.cat.leaders[state.players[p].leader].faction
            return self.cat.factions[fac].color
        return "#FFFFFF"

    def tokens(self, state):
        out = []
        act = state.activation
        for c in state.chars.values():
            if not c.alive or not c.deployed:
                continue
            st = stats(state, c)
            for i, h in enumerate(c.minis):
                out.append(TokenSpec(
                    key=(c.uid, i), hex=h, color=self.player_color(state, c.owner), label=initials(st.name),
                    shape="square" if st.formation else "circle", hp=max(0, st.hp - c.wounds), max_hp=st.hp,
                    badge="P" if c.panic else "", debuffs=c.stress, statuses=c.breaks,
                    activation=min(2, c.activations), spent=act is not None and act.uid != c.uid and False))
        return out

    def header(self, state) -> Header:
        p = self.rules.to_act(state) if state.phase != "over" else state.hand
        title = f"{state.players[p].name} — {PHASE_NAME.get(state.phase, state.phase)}"
        lines = [f"Turn {state.turn}/5 · Period {state.period} · Hand: {state.players[state.hand].name} · "
                 f"Hourglass: {state.players[state.hourglass].name}"
                 + (f" on {actionboard.parts_name(state.hourglass_space)}" if state.hourglass_space else "")]
        lines.append("VP: " + ", ".join(f"{q.name} {q.vp}" for q in state.players))
        if state.objective:
            lines.append(f"Objective: {self.cat.objectives[state.objective].name}")
        if state.phase == "over":
            lines.append(state.win_reason)
        return Header(title, self.player_color(state, p), lines)

    def summary(self, state):
        out = []
        for q in state.players:
            toks = ", ".join(f"{n} {self.cat.factions[c].token}" for c, n in sorted(q.tokens.items()) if n) or "none"
            out.append((self.player_color(state, q.index), f"{q.name}: {q.vp} VP · Order tokens {toks}"))
        for sid in actionboard.open_spaces(state) + sorted(state.closed):
            closed = state.closed.get(sid)
            who = f" — {possessive(state.players[closed[0]].name)} tokens" if closed else " — open"
            mark = " (Hourglass)" if state.hourglass_space == sid else ""
            out.append(("", f"{actionboard.parts_name(sid)}{mark}{who}"))
        return out

    def card(self, state, key) -> CardSpec | None:
        uid = key[0] if isinstance(key, tuple) else key
        c = state.chars.get(uid)
        if c is None:
            return None
        st = stats(state, c)
        ch = self.cat.characters[c.card]
        acc = "-" if st.accuracy is None else f"{st.accuracy[0]} / {st.accuracy[1] if st.accuracy[1] else '-'}"
        cost = " + ".join([f"{st.colorless} any"] * bool(st.colorless)
                          + [f"{n} {self.cat.factions[col].token}" for col, n in st.colored])
        rows = [("Attack", f"{st.attack}+ x{st.fight_dice}" if st.attack else "-"),
                ("Speed", f"{st.speed} (run +{st.run})"), ("Accuracy", f"{acc} x{st.shoot_dice}"),
                ("Cost", cost or "free"),
                ("Health", f"{c.wounds}/{st.hp} Wound tokens"),
                ("Morale", "no pool" if st.morale is None else f"{c.stress}/{st.morale} Stress tokens"),
                ("Armor", f"{unbroken_armor(state, c)}/{st.armor_points} at {st.armor_value}+ ({c.breaks} Break)"
                 if st.armor_points else "-")]
        sections = []
        for sid in st.skills:
            sk = self.cat.skills[sid]
            sections.append(("skill" if sk.timing == "active" else "trait", f"{sk.name} ({sk.timing})", sk.text))
        if c.equipment:
            e = self.cat.equipment[c.equipment]
            sections.append(("note", f"Equipment · {e.name}", e.text))
        if c.formation:
            sections.append(("note", "Formation", self.cat.formations[c.formation].text))
        if c.panic:
            sections.append(("cond", "Panic side", ch.panic.text or "The card is flipped."))
        sub = (f"{self.cat.factions[ch.faction].name} card · {state.players[c.owner].name} Warband"
               + ("" if c.alive else " · removed") + (" · PANIC side" if c.panic else ""))
        return CardSpec(title=st.name, subtitle=sub, color=self.player_color(state, c.owner),
                        shape="square" if st.formation else "circle", label=initials(st.name),
                        hp=max(0, st.hp - c.wounds), max_hp=st.hp, stats=rows, sections=sections)

    def hex_info(self, state, h) -> HoverInfo:
        tid = self.board.terrain.get(h)
        if tid is None:
            return HoverInfo()
        tt = self.cat.terrain[tid]
        lines = []
        if tt.blocks_move:
            lines.append("Obstacle: cannot be traversed or occupied")
        if tt.blocks_sight:
            lines.append("Obstructing: blocks line of sight")
        if h in self.board.scans:
            lines.append("Scan marker (traversable): 1 VP at Cleanup to the player controlling it")
        uid = state.occupied.get(h)
        if uid is not None:
            c = state.chars[uid]
            st = stats(state, c)
            lines.insert(0, f"{possessive(state.players[c.owner].name)} {st.name}: {c.wounds}/{st.hp} wounds, "
                         + ("no morale pool" if st.morale is None else f"{c.stress}/{st.morale} stress")
                         + (", PANIC" if c.panic else ""))
        return HoverInfo(lines=lines, title=f"{tt.name} · {self.board.label(h)}")


    def dice_faces(self, data: dict):
        """Warbound dice as the text colours them (§ Appendix: Nomenclature):
        green ranged attack dice, red melee ones, white armor rolls; each
        shows what its face reads (the d12's 11 and 12 read 5 and 10)."""
        colour = {"ranged": "green", "melee": "red", "armor": "white"}.get(data.get("die"))
        if colour is None or not data.get("dice"):
            return None
        return [[12, value, None, colour] for _, value in data["dice"]]


def make_view(match) -> WarboundView:
    return WarboundView(match)
