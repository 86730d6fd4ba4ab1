"""What Dragonbond draws: the table, models on their bases, unit cards with
their wound, fatigue and injury slots, captain / general / archetype
cards, the turn counter, objectives and the custom dice.

Presentation only: reads the state and the catalog, never changes them.
The generic screen (engine/ui/scenes/match_screen.py, TableBoard) draws what
this returns.
"""
from __future__ import annotations

from engine.ui.contract import CardSpec, Header, HoverInfo, TokenTrack

from engine.ui.table_contract import ModelSpec, PieceStyle, TableView, ZoneSpec
from engine.core.words import possessive
from games.dragonbond.rules import dicepool, space, stats
from games.dragonbond.rules.state import DBState, Unit

COLORS = {"Gold": "#E69F00", "Crimson": "#D55E00", "Azure": "#56B4E9", "Violet": "#CC79A7"}
FALLBACK = ("#E69F00", "#D55E00", "#56B4E9", "#CC79A7")
PHASE_NAME = {"bond": "Dragonbond", "edge": "Choosing edges", "deploy": "Deployment", "battle": "Battle",
              "over": "Game over"}
KIND_NAME = {"unit": "Unit", "general": "General", "huge": "Huge creature"}
STATUS_NAME = {"damage": "Damage", "slow": "Slow", "immobilized": "Immobilized"}
STATUS_TEXT = {"damage": "At the start of its turn roll a white die per token: each hit is a wound and removes "
                         "a token.",
               "slow": "It spends half its speed before moving (then the token goes).",
               "immobilized": "It must spend all of its speed to remove the token."}
ROUNDS = 4


WOUND_CUBE = (238, 236, 228)      # dragonbond.txt § Tokens: white wound tokens
FATIGUE_CUBE = (30, 30, 34)       # black fatigue tokens
INJURY_CUBE = (150, 150, 156)     # grey injury tokens


def dice_words(spec, kind: str = "action") -> str:
    names = dicepool.ACTION_NAMES if kind == "action" else dicepool.DEFENSE_NAMES
    parts = [f"{n} {names[i]}" for i, n in enumerate(spec.tiers()) if n]
    return " + ".join(reversed(parts)) if parts else "none"


def power_line(p) -> str:
    cost = ""
    if p.timing != "passive":
        cost = " [E]" if p.cost == "E" else f" [{p.cost}]"
    timing = {"action": "Action", "reaction": "Reaction", "passive": "Passive"}[p.timing]
    rng = f", {p.range:g}\"" if p.target != "self" and p.range else ""
    return f"{p.name}{cost} · {timing}{' · ' + p.target + rng if p.target != 'self' else ''}"


class DragonbondView(TableView):
    def __init__(self, match):
        self.match = match
        self.rules = match.rules

    # --- the table -----------------------------------------------------------------------
    def table(self):
        return self.match.state.table

    def piece_style(self, piece) -> PieceStyle:
        tt = self.match.state.catalog.terrain.get(piece.type)
        name = piece.name if piece.name and not piece.name.startswith(piece.type) else (tt.name if tt else piece.type)
        pats = []
        if piece.impassable:
            pats.append("cross")
        elif piece.blocking:
            pats.append("hatch")
        if space.instant_of(self.match.state.catalog, piece):
            pats.append("dots")          # a hazard: entering it gives a status token
        return PieceStyle(name, tt.colour if tt else "#808080", tuple(pats) or ("none",))

    def player_color(self, state, p: int) -> str:
        if 0 <= p < len(state.players):
            return COLORS.get(state.players[p].name, FALLBACK[p % len(FALLBACK)])
        return "#FFFFFF"

    def zones(self, state=None) -> list[ZoneSpec]:
        state = state or self.match.state
        owner = {p.edge: p.index for p in state.players if p.edge}
        out = []
        for z in state.table.zones_of("deployment"):
            edge = z.properties.get("edge", z.name)
            p = owner.get(edge)
            if p is not None:
                out.append(ZoneSpec(z.id, "deploy", ring=z.ring, color=self.player_color(state, p),
                                    label=f"{state.players[p].name} deployment"))
            elif state.phase in ("bond", "edge"):
                out.append(ZoneSpec(z.id, "area", ring=z.ring, color="#B0B4BA", label=""))
        return out

    def markers(self, state) -> list[ZoneSpec]:
        out = []
        for i, obj in enumerate(space.objectives(state)):
            pt = obj.point if obj.point is not None else obj.centre
            holder = space.controller(state, obj) if state.phase in ("battle", "over") else None
            col = self.player_color(state, holder) if holder is not None else "#D8D8D8"
            out.append(ZoneSpec(obj.id, "objective", point=pt, radius=space.OBJECTIVE_RANGE, color=col,
                                label=str(i + 1)))
        return out

    # --- models -------------------------------------------------------------------------------
    def models(self, state) -> list[ModelSpec]:
        out = []
        for u in space.on_table(state):
            c = stats.card(u)
            col = self.player_color(state, u.owner)
            label, icon = c.code, c.icon         # as data/dragonbond/units.yaml names them
            feet = space.feet(state, u)
            lead = next((i for i, m in enumerate(u.models) if m.captain), 0)
            h = stats.health(u)
            statuses = len(u.damage) + u.slow + u.immobilized
            badge = stats.card(state.units[u.rider]).code[:1] if u.rider is not None else ""
            for i, (m, f) in enumerate(zip(u.models, feet)):
                first = i == lead
                out.append(ModelSpec(
                    key=(u.uid, m.mid), unit=u.uid, owner=u.owner, foot=f, color=col, label=label,
                    hp=max(0, h - u.wounds) if first and h > 1 else 0, max_hp=h if first and h > 1 else 0,
                    fatigue=(u.fatigue + u.exhaustion) if first else 0,
                    leader=m.captain or c.kind in ("general", "huge"), badge=badge if first else "",
                    statuses=statuses if first else 0, icon=icon))
        return out

    # --- panel ---------------------------------------------------------------------------------
    def header(self, state: DBState) -> Header:
        """Who decides and what; the round and turn counters (with points);
        the activated unit; a decision waiting (three lines at most)."""
        p = self.rules.to_act(state) if state.phase != "over" else state.current
        who = state.players[p] if 0 <= p < len(state.players) else state.players[state.current]
        what = PHASE_NAME.get(state.phase, state.phase)
        pd = state.pending[-1] if state.pending and state.phase != "over" else None
        if pd is not None:
            what = {"oa": "opportunity attack?", "reaction": "react?", "casualties": "remove casualties",
                    "follow_up": "pile in?" if pd.what == "pile_in" else "consolidate?",
                    "charge_attack": "charge attack?"}.get(pd.kind, pd.kind)
        title = f"{who.name} — {what}"
        lines = []
        if state.phase in ("battle", "over"):
            counters = " · ".join(f"{q.name} {q.turns}" + (" (passed)" if q.passed else "")
                                  for q in state.players if not q.out)
            line = f"Round {state.round} of {ROUNDS} · turns left: {counters}"
            if state.options.get("mode", "control") == "control":
                line += " · points " + "–".join(str(q.score) for q in state.players)
            lines.append(line)
            t = state.turn
            if t is not None and t.uid in state.units:
                u = state.units[t.uid]
                bits = []
                if t.mode and t.mode != "act":
                    bits.append(t.mode)
                from games.dragonbond.rules import movement
                lim = movement.total_allowance(state, u)
                bits.append(f"moved {t.used * lim:.1f}\" of {lim:.0f}\"" if t.moved else "not moved")
                bits.append("acted" if t.acted else "action ready")
                lines.append(f"{possessive(state.players[state.current].name)} turn: {stats.name(state, u)} ({', '.join(bits)})")
        elif state.phase == "deploy":
            from games.dragonbond.rules import setup
            left = {q.name: len(setup.to_deploy(state, q.index)) for q in state.players}
            lines.append("Units to deploy: " + ", ".join(f"{k} {v}" for k, v in left.items()))
        elif state.phase == "bond":
            lines.append("Declare whether your general is bonded with a dragon (and starts mounted)")
        elif state.phase == "edge":
            lines.append("The face-off winner picks a table edge and whether to deploy first")
        if pd is not None:
            u = state.units.get(pd.uid)
            if pd.kind == "oa":
                lines.append(f"{stats.name(state, u)} may strike {stats.name(state, state.units[pd.target])} first")
            elif pd.kind == "casualties":
                lines.append(f"{pd.n} model{'s' if pd.n > 1 else ''} of {stats.name(state, u)} killed: choose which")
            elif u is not None:
                lines.append(f"For {stats.name(state, u)}")
        if state.phase == "over":
            lines.append(state.win_reason)
        return Header(title, self.player_color(state, who.index), lines[:3])

    def card(self, state: DBState, key) -> CardSpec | None:
        u = state.units.get(key)
        if u is None:
            return None
        c = stats.card(u)
        owner = state.players[u.owner]
        sub = [KIND_NAME.get(c.kind, c.kind), f"{possessive(owner.name)}"]
        if c.kind == "unit":
            sub.append(f"{len(u.models)}/{u.size} models")
        if u.bonded is not None:
            sub.append("bonded with " + stats.card(state.units[u.bonded]).name)
        if u.rider is not None:
            sub.append("ridden by " + stats.card(state.units[u.rider]).name)
        if not u.alive:
            sub.append("destroyed")
        elif not u.models and u.riding is None:
            sub.append("not on the table")
        h = stats.health(u)
        rows = [("Speed", f'{stats.speed(state, u)}"' + (f" (card {stats.base_speed(state, u)})"
                                                          if u.exhaustion else ""))]
        cap = stats.stamina(state, u)
        # the card's slots with their cubes (dragonbond.txt § Tokens): white
        # wounds on the health slots, black fatigue on the stamina slots,
        # grey injuries on a huge creature's
        tracks = []
        if h <= 30:
            tracks.append(TokenTrack("Health", u.wounds, h, WOUND_CUBE))
        else:
            rows.append(("Wounds", f"{u.wounds}/{h}"))
        tracks.append(TokenTrack("Stamina", u.fatigue, cap, FATIGUE_CUBE,
                                 note=f"+{u.exhaustion} beside it" if u.exhaustion else ""))
        if c.kind == "huge":
            tracks.append(TokenTrack("Injuries", u.injuries, c.injuries, INJURY_CUBE))
        md, rd = stats.defense_spec(u, False), stats.defense_spec(u, True)
        if md == rd:
            rows.append(("Defense", dice_words(md, "defense")))
        else:
            rows.append(("Melee def.", dice_words(md, "defense")))
            rows.append(("Ranged def.", dice_words(rd, "defense")))
        sections = []
        for w, _part in stats.weapons(state, u):
            rng = f'range {w.range:g}"' if w.type == "ranged" else "melee"
            sections.append(("trait", f"{w.name} · {rng}", f"{dice_words(w.dice)} per model that fights"))
        kws = stats.keywords(state, u)
        if kws:
            sections.append(("note", "Keywords", ", ".join(f"{k} {v}" if v else k for k, v in sorted(kws.items()))))
        for part in stats.parts(state, u):
            pc = stats.card(part)
            for p in stats.side_value(part, "powers") or []:
                sections.append(("skill", ("General · " if pc.kind == "general" else "Power · ") + power_line(p), p.text))
            if part.captain:
                cp = self.match.state.catalog.captains[part.captain]
                if part.captain_alive:
                    sections.append(("trait", f"Captain {cp.name} · " + power_line(cp.ability), cp.ability.text))
                    sections.append(("note", f"Sacrifice · {cp.sacrifice.name}", cp.sacrifice.text))
                else:
                    sections.append(("cond", f"Captain {cp.name} has fallen",
                                     f"Sacrifice · {cp.sacrifice.name}: {cp.sacrifice.text}" if part.sacrificed
                                     else "The unit fights on without the captain's ability."))
            if part.archetype:
                a = self.match.state.catalog.archetypes[part.archetype]
                side = a.mounted if (stats.mounted(part) and a.mounted is not None) else a.regular
                for p in side.abilities:
                    sections.append(("trait", f"Archetype {a.name} · " + power_line(p), p.text))
                if side.combined is not None:
                    sections.append(("skill", f"Combined power half · {side.combined.name}", side.combined.text))
        for st, n in (("damage", len(u.damage)), ("slow", u.slow), ("immobilized", u.immobilized)):
            if n:
                sections.append(("cond", f"{STATUS_NAME[st]}" + (f" ×{n}" if n > 1 else ""), STATUS_TEXT[st]))
        if u.exhaustion:
            sections.append(("debuff", f"Exhausted ({u.exhaustion} token{'s' if u.exhaustion > 1 else ''} beside it)",
                             f"Speed -{u.exhaustion}; downgrade {u.exhaustion} defense die and {2 * u.exhaustion} "
                             "attack or power dice; no run, charge or powers."))
        for t in u.temp:
            sections.append(("buff" if t.up >= t.down else "debuff", f"{t.source}: {t.roll} "
                             + (f"▲{t.up}" if t.up else "") + (f"▼{t.down}" if t.down else ""),
                             "until the end of the attack" if t.duration == "attack" else "this round"))
        if u.models:
            engaged = [stats.name(state, state.units[x]) for x in sorted(space.in_combat_with(state, u))]
            if engaged:
                sections.append(("note", "Engaged", "with " + ", ".join(engaged)
                                 + (" (flanked)" if space.flanked(state, u) else "")))
            occ = space.occupied_terrain(state, u)
            if occ:
                sections.append(("note", "Occupying", ", ".join(self.piece_style(p).name for p in occ)))
        if c.text:
            sections.append(("note", "", c.text))
        return CardSpec(title=stats.name(state, u), subtitle=" · ".join(sub), color=self.player_color(state, u.owner),
                        shape="star" if c.kind in ("general", "huge") else "circle", label=c.code,
                        stats=rows, sections=sections, tracks=tracks, icon=c.icon)

    def summary(self, state: DBState):
        out = []
        from games.dragonbond.rules import turns
        for q in state.players:
            units = turns.units_of(state, q.index)
            bits = [f"{len(units)} unit{'s' if len(units) != 1 else ''} on the table"]
            if state.phase in ("battle", "over"):
                bits.append(f"{q.turns} turns left")
                if state.options.get("mode", "control") == "control":
                    bits.append(f"{q.score} points")
            if q.out:
                bits = ["no units left"]
            out.append((self.player_color(state, q.index), f"{q.name}: " + ", ".join(bits)))
        out.append(("", "Click a unit for its cards; drag your activated unit to move it; hover an enemy for "
                        "distance, sight and odds; right-drag measures."))
        return out

    # --- hover ---------------------------------------------------------------------------------
    def point_info(self, state, pt) -> HoverInfo:
        x, y = pt
        lines = []
        title = ""
        for p in state.table.terrain:
            if p.contains_point(x, y):
                tt = self.match.state.catalog.terrain.get(p.type)
                title = self.piece_style(p).name
                if tt is not None and tt.text:
                    lines.append(tt.text)
                else:
                    flags = [w for w, on in (("blocks line of sight", p.blocking), ("impassable", p.impassable)) if on]
                    if flags:
                        lines.append(", ".join(flags).capitalize())
        for z in state.table.zones_of("deployment"):
            if z.contains_point(x, y):
                edge = z.properties.get("edge", z.name)
                who = [q.name for q in state.players if q.edge == edge]
                lines.append(f"Deployment zone, {edge} edge" + (f" ({who[0]})" if who else ""))
        for i, obj in enumerate(space.objectives(state)):
            ox, oy = obj.point if obj.point is not None else obj.centre
            if (ox - x) ** 2 + (oy - y) ** 2 <= space.OBJECTIVE_RANGE ** 2:
                counts = [space.models_on(state, obj, q.index) for q in state.players]
                holder = space.controller(state, obj)
                who = state.players[holder].name if holder is not None else "nobody (contested or empty)"
                lines.append(f"Objective {i + 1}: held by {who}; models within 3\": "
                             + ", ".join(f"{q.name} {n}" for q, n in zip(state.players, counts)))
        return HoverInfo(lines=lines, title=title)

    def model_info(self, state, m: ModelSpec) -> HoverInfo:
        u = state.units.get(m.unit)
        if u is None:
            return HoverInfo()
        c = stats.card(u)
        h = stats.health(u)
        lines = [f"{len(u.models)} model{'s' if len(u.models) != 1 else ''} · speed {stats.speed(state, u)}\" · "
                 f"wounds {u.wounds}/{h}" + (f" · injuries {u.injuries}/{c.injuries}" if c.kind == "huge" else "")
                 + f" · fatigue {u.fatigue}/{stats.stamina(state, u)}" + (f" +{u.exhaustion} exhausted" if u.exhaustion else "")]
        st = [f"{STATUS_NAME[k]} ×{n}" for k, n in (("damage", len(u.damage)), ("slow", u.slow),
                                                       ("immobilized", u.immobilized)) if n]
        if st:
            lines.append("Status: " + ", ".join(st))
        engaged = [stats.name(state, state.units[x]) for x in sorted(space.in_combat_with(state, u))]
        if engaged:
            lines.append("Engaged with " + ", ".join(engaged))
        mdl = next((x for x in u.models if (u.uid, x.mid) == m.key), None)
        if mdl is not None and mdl.captain and u.captain:
            lines.append(f"Captain {self.match.state.catalog.captains[u.captain].name}")
        return HoverInfo(title=stats.label(state, u), lines=lines)

    def decision_is_interrupt(self, state) -> bool:
        return bool(state.pending) and state.pending[-1].player != state.current

    # --- dice ---------------------------------------------------------------------------------------
    def dice_faces(self, data: dict):
        """Roll events as custom dice: action dice show a sword (success),
        two swords (double), a burst (critical) or nothing; defense dice a
        shield (block) or nothing; each in its tier's colour."""
        kind = data.get("kind")
        tiers = data.get("tiers")
        if kind not in ("action", "defense") or not tiers:
            return None
        out = []
        high = bool(data.get("high_first"))        # house ruling dragonbond.dice_faces
        for (sides, n), t in zip(data["dice"], tiers):
            if kind == "action":
                f = dicepool.face(self.match.state.catalog, "action", t, n, high)
                face = "crit" if f.critical else "swords" if f.double else "sword" if f.success else "blank"
                col = dicepool.ACTION_NAMES[t - 1]
            else:
                face = "shield" if dicepool.face(self.match.state.catalog, "defense", t, n, high).block else "blank"
                col = dicepool.DEFENSE_NAMES[t - 1]
            out.append([sides, n, face, col])
        return out


def unit_of(state: DBState, uid) -> Unit | None:
    return state.units.get(uid)


def make_view(match) -> DragonbondView:
    return DragonbondView(match)
