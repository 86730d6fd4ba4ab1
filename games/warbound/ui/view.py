"""What Warbound draws: the board, the miniatures, the Character cards (HP,
morale and armor pools, the panic side), the header with the timeline, the
Hand and the Hourglass, and a panel summary of the Action Board and the
Order token reserves.  Presentation only: reads the state, never changes it.
"""
from __future__ import annotations

from engine.ui.contract import CardSpec, Header, HoverInfo, LabelSpec, TokenSpec, TokenTrack, View
from games.warbound.rules import actionboard, scenario
from games.warbound.rules.profile import stats
from games.warbound.rules.queries import possessive

WOUND, STRESS, BREAK = (213, 94, 0), (240, 228, 66), (150, 156, 166)   # the tokens' colours on the card
PHASE_NAME = {"deploy": "Deployment", "leader": "Leader Phase", "effect": "Effect Phase",
              "action": "Action Phase", "cleanup": "Cleanup Phase", "over": "Game over"}


class WarboundView(View):
    def __init__(self, match):
        self.match = match
        self.rules = match.rules
        self.board = match.state.board
        self.cat = match.state.catalog

    def hexes(self):
        return list(self.board.hexes)

    def terrain(self, h):
        tid = self.board.terrain.get(h, "floor")
        return (tid, self.cat.terrain[tid].color)

    def region(self, h):
        return self.board.section.get(h, 0)

    def labels(self):
        out = [LabelSpec(h, "Start", "zone") for h in self.board.starts]
        out += [LabelSpec(h, "Scan", "inside") for h in self.board.scans]     # within its hex
        return out

    def player_color(self, state, p: int) -> str:
        if p in (0, 1):
            fac = self.cat.leaders[state.players[p].leader].faction
            return self.cat.factions[fac].color
        return "#FFFFFF"

    def icon(self, c) -> str:
        """A Character's silhouette, as its card's data names it."""
        return self.cat.characters[c.card].icon

    def code(self, c) -> str:
        """A Character's letters (unique in the game: the tray, the card)."""
        return self.cat.characters[c.card].code

    def tokens(self, state):
        out = []
        act = state.activation
        for c in state.chars.values():
            if not c.alive or not c.deployed:
                continue
            st = stats(state, c)
            for i, h in enumerate(c.minis):
                out.append(TokenSpec(
                    key=(c.uid, i), hex=h, color=self.player_color(state, c.owner), label=self.code(c),
                    shape="square" if st.formation else "circle", hp=max(0, st.hp - c.wounds), max_hp=st.hp,
                    badge="P" if c.panic else "", debuffs=c.stress, statuses=c.breaks,
                    activation=min(2, c.activations), spent=act is not None and act.uid != c.uid and False,
                    icon=self.icon(c)))
        return out

    def header(self, state) -> Header:
        p = self.rules.to_act(state) if state.phase != "over" else state.hand
        title = f"{state.players[p].name} — {PHASE_NAME.get(state.phase, state.phase)}"
        if state.phase == "over":       # not the Hand holder's name: it read as the winner's
            won = [state.players[w].name for w in state.winners]
            title = "Game over" + (f" — {won[0]} wins" if len(won) == 1 else " — a draw" if won else "")
            p = state.winners[0] if len(won) == 1 else p
        lines = [f"Turn {state.turn}/5 · Period {state.period} · Hand: {state.players[state.hand].name} · "
                 f"Hourglass: {state.players[state.hourglass].name}"
                 + (f" on {actionboard.parts_name(state.catalog, state.hourglass_space)}" if state.hourglass_space else "")]
        lines.append("VP: " + ", ".join(f"{q.name} {q.vp}" for q in state.players))
        if state.objective:
            lines.append(f"Objective: {self.cat.objectives[state.objective].name}")
        if state.phase == "over":
            lines.insert(0, state.win_reason)       # the header shows three lines: the reason first
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
            out.append(("", f"{actionboard.parts_name(state.catalog, sid)}{mark}{who}"))
        return out

    def card(self, state, key) -> CardSpec | None:
        """The Character card as the text lays it out (warbound.txt § Character
        cards): attributes (A) and the activation cost (B) at the top, the
        Health (D), Morale (E) and Armor (F) point pools as token slots with
        their Wound, Stress and Break tokens, then the skills (C); flipped to
        its panic side when it panics."""
        uid = key[0] if isinstance(key, tuple) else key
        c = state.chars.get(uid)
        if c is None:
            return None
        st = stats(state, c)
        ch = self.cat.characters[c.card]
        acc = "-" if st.accuracy is None else f"{st.accuracy[0]} / {st.accuracy[1] if st.accuracy[1] else '-'}"
        hit_f = f" (+{st.hit_fight})" if st.hit_fight else ""
        hit_s = f" (+{st.hit_shoot})" if st.hit_shoot else ""
        rows = [("Attack", f"{st.attack}+ x{st.fight_dice}{hit_f}" if st.attack else "-"),
                ("Speed", f"{st.speed} (run +{st.run})"), ("Accuracy", f"{acc} x{st.shoot_dice}{hit_s}" if st.accuracy else "-"),
                ("Cost", self.cost_text(st.colorless, st.colored) + self.cost_includes(c))]
        sections = []
        if ch.icons or c.equipment:
            sections.append(("note", "Equipment icons: " + (", ".join(ch.icons) or "none"),
                             f"{self.cat.equipment[c.equipment].name}: {self.cat.equipment[c.equipment].text}"
                             if c.equipment else ""))
        for sid in st.skills:
            sk = self.cat.skills[sid]
            sections.append(("skill" if sk.timing == "active" else "trait", f"{sk.name} ({sk.timing})", sk.text))
        if c.formation:
            sections.append(("note", "Formation", self.cat.formations[c.formation].text))
        if c.panic:
            sections.append(("cond", "PANIC side (flipped)", (ch.panic.text or "The card is flipped.")
                             + " No Morale Point pool: effects \"if you do\" add a Stress token are refused."))
        else:
            sections.append(("note", "Panic side", self.panic_text(ch)))
        tracks = [TokenTrack("Health (D)", c.wounds, st.hp, WOUND, "Wound tokens: removed when full")]
        if st.morale is None:
            rows.append(("Morale (E)", "panicked: no pool" if c.panic else "no pool"))
        else:
            tracks.append(TokenTrack("Morale (E)", c.stress, st.morale, STRESS, "Stress tokens: panic when full"))
        if st.armor_points:
            tracks.append(TokenTrack("Armor (F)", c.breaks, st.armor_points, BREAK,
                                     f"Break tokens; rolls {st.armor_value}+"))
        else:
            rows.append(("Armor (F)", "none"))
        sub = (f"{self.cat.factions[ch.faction].name} card · {state.players[c.owner].name} Warband"
               + ("" if c.alive else " · removed") + (" · PANIC side" if c.panic else "")
               + (f" · activated {c.activations}x" if c.activations else ""))
        return CardSpec(title=st.name, subtitle=sub, color=self.player_color(state, c.owner),
                        shape="square" if st.formation else "circle", label=self.code(c),
                        stats=rows, sections=sections, tracks=tracks, icon=self.icon(c))

    def cost_includes(self, c) -> str:
        """What the card's cost includes beyond the printed card (the Formation's +1)."""
        f = self.cat.formations.get(c.formation) if c.formation else None
        return f" (Formation +{f.extra_colorless} any)" if f is not None and f.extra_colorless else ""

    def cost_text(self, colorless: int, colored) -> str:
        return " + ".join([f"{colorless} any"] * bool(colorless)
                          + [f"{n} {self.cat.factions[col].token}" for col, n in colored]) or "free"

    def panic_text(self, ch) -> str:
        """What the panic side changes (shown before it flips)."""
        p = ch.panic
        bits = []
        if p.accuracy is not None:
            bits.append(f"accuracy {p.accuracy[0]} / {p.accuracy[1] if p.accuracy[1] else '-'}")
        elif p.no_long_range:
            bits.append("closest target only")
        for name, v in (("attack", p.attack), ("fight dice", p.fight_dice), ("speed", p.speed), ("run", p.run),
                        ("shoot dice", p.shoot_dice)):
            if v is not None:
                bits.append(f"{name} {v}")
        if p.cost is not None:
            bits.append("cost " + self.cost_text(p.cost.colorless, tuple(p.cost.colored.items())))
        if p.skills is not None:
            bits.append("skills: " + (", ".join(self.cat.skills[s].name for s in p.skills) or "none"))
        text = (p.text + " " if p.text else "") + "; ".join(bits)
        return (text + ("; " if bits else "") + "no Morale Point pool.").strip()

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
            lines.append("Scan marker (traversable): 1 VP at Cleanup to the player controlling it "
                         "(miniatures on it or next to it, of one player only)")
            holder = scenario.controller(state, h)
            lines.append(f"Now: {state.players[holder].name} controls it" if holder is not None else
                         "Now: nobody controls it" + (" (both players are next to it)"
                                                      if scenario.contested(state, h) else ""))
        uid = state.occupied.get(h)
        if uid is not None:
            c = state.chars[uid]
            st = stats(state, c)
            lines.insert(0, f"{possessive(state.players[c.owner].name)} {st.name}: {c.wounds}/{st.hp} wounds, "
                         + ("no morale pool" if st.morale is None else f"{c.stress}/{st.morale} stress")
                         + (f", {c.breaks} Break token{'s' * (c.breaks != 1)}" if c.breaks else "")
                         + (f", activated {c.activations}x this turn" if c.activations else "")   # the token's badges
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
