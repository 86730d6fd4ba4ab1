"""What Battle Valor Fantasy draws: the table, stands on their bases (the
unit's letters, facing, the command stand starred), deployment zones and
objectives, the phase tracker with the counters still to activate, and unit
cards (experience, equipment, stands and figures, formation, orders).

Orders are face down while they are placed: a player's counters show only
to their owner, and only once the board has been handed to them (the screen
asks `hidden_from_others`).  Presentation only: reads the state, never
changes it.
"""
from __future__ import annotations

from engine.table.formations import Frame
from engine.table.geometry import Foot
from engine.ui.contract import CardSpec, Header, HoverInfo
from games.battle_valor_fantasy.ui.faces import unit_face
from engine.ui.table_contract import ModelSpec, PieceStyle, TableView, ZoneSpec
from engine.core.words import possessive
from games.battle_valor_fantasy.rules import alliance, characters, flow, rerolls, setup, space, stats, victory
from games.battle_valor_fantasy.rules.catalog import formation_words
from games.battle_valor_fantasy.rules.state import BVFState, Unit

# seats 1-4 (Okabe-Ito, /work/shared/UI.md): a side's allies clearly apart (sky blue and bluish green against
# vermillion and reddish purple); blue #0072B2 and orange #E69F00 beside them read as the same army at a glance
COLORS = ("#56B4E9", "#D55E00", "#009E73", "#CC79A7")
NOT_SPELLS = ("built",) + tuple(rerolls.SHORT)   # effects that are no spell: field works, the General's promises


def spells_on_unit(state, u) -> list[str]:
    """The spells on a unit this turn, by name: its effects are also the
    rules' own marks (a held fire, a wound phase ...), which the card showed
    raw ("Spells this turn: held_fire")."""
    names: dict = {}
    for sp in state.catalog.spells.values():
        names.setdefault(sp.effect, sp.name)
    out = []
    for e, amount in u.effects.items():
        if e in names and e not in NOT_SPELLS:
            n = names[e]
            out.append(f"{n} ({amount} rerolls)" if e in ("reroll_defence", "reroll_attack") else n)
    return sorted(out)


def initials(name: str) -> str:
    words = [w for w in name.replace("-", " ").split() if w[:1].isalpha()]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2].capitalize()
    return (words[0][0] + words[1][0]).upper()


class BVFView(TableView):
    def __init__(self, match):
        self.match = match
        self.rules = match.rules

    def table(self):
        return self.match.state.table

    def piece_style(self, piece) -> PieceStyle:
        tt = self.match.state.catalog.terrain.get(piece.type)
        pats = []
        if piece.impassable:
            pats.append("cross")
        elif piece.blocking or piece.flag("woods"):
            pats.append("hatch")
        if piece.difficult:
            pats.append("dots")
        return PieceStyle(piece.name or (tt.name if tt else piece.type), tt.colour if tt else "#808080",
                          tuple(pats) or ("none",))

    def player_color(self, state, p: int) -> str:
        """A seat's colour (a side's is its first seat's: seat and side 0 and 1 are the same index)."""
        return COLORS[p % len(COLORS)] if p >= 0 else "#FFFFFF"

    def zones(self, state=None) -> list[ZoneSpec]:
        """Each side's deployment zone in its colour; in a Grand Alliance each
        ally's own part of it in his (setup.zone_of)."""
        state = state or self.match.state
        out = []
        for p in state.players:
            z = state.table.zone(p.zone)
            if z is None:
                continue
            seats = state.alliance.seats(p.index) if state.alliance is not None else ()
            if len(seats) < 2:
                out.append(ZoneSpec(z.id, "deploy", ring=z.ring, color=self.player_color(state, p.index),
                                    label=f"{p.name} deployment"))
                continue
            for k, seat in enumerate(seats):
                part = setup.seat_zone(state, p.index, k, len(seats))
                out.append(ZoneSpec(part.id, "deploy", ring=part.ring, color=self.player_color(state, seat),
                                    label=f"{alliance.name(state, seat)} deployment"))
        return out

    def markers(self, state) -> list[ZoneSpec]:
        v = state.catalog.scenario(state.scenario).victory
        out = []
        for i, obj in enumerate(victory.objectives(state)):
            holder = victory.holder_of(state, obj, v.objective_range)
            col = self.player_color(state, holder) if holder is not None else "#D8D8D8"
            out.append(ZoneSpec(obj.id, "objective", point=obj.centre, radius=v.objective_range, color=col,
                                label=str(i + 1)))
        return out

    def models(self, state) -> list[ModelSpec]:
        out = []
        for u in space.on_table(state):
            seat = alliance.seat_of(state, u)
            col = self.player_color(state, seat)
            icon, label = self.face(u)
            arc = space.arc_of(u)
            for s, f in zip(u.stands, space.feet(state, u)):
                out.append(ModelSpec(key=(u.uid, s.sid), unit=u.uid, owner=seat, foot=f, color=col, label=label,
                                     leader=s.command or u.kind != "unit",
                                     statuses=(1 if u.fleeing else 0) + (1 if s.sid in u.stragglers else 0),
                                     spent=u.activated, arc=arc if s.command else 0.0,
                                     hp=s.figures if u.kind == "unit" and s.command else 0,
                                     max_hp=u.profile.figures if u.kind == "unit" and s.command else 0, icon=icon,
                                     figures=s.figures if u.kind == "unit" else 0))
            out += self._attached(state, u, col)
        return out

    def _attached(self, state, u: Unit, col: str) -> list[ModelSpec]:
        """The characters with a unit, each on its round base in contact
        with the front rank at its ends (right, left, then further out), so
        the table shows who is with whom.  A hidden Assassin or Thief is a
        note only its owner reads: it is not drawn until revealed."""
        out = []
        for i, c in enumerate(c for c in characters.with_unit(state, u) if not c.hidden):
            f = attached_foot(state, u, c, i)
            if f is not None:
                out.append(ModelSpec(key=(c.uid, "with"), unit=c.uid, owner=alliance.seat_of(state, c), foot=f,
                                     color=col,
                                     label=self.face(c)[1], leader=True, spent=c.activated,
                                     icon=self.face(c)[0]))
        return out

    def face(self, u: Unit) -> tuple[str, str]:
        """(icon, code) as the data names them: a character's type, a unit's
        troop, a cavalry unit's mount (games/battle_valor_fantasy/ui/faces.py)."""
        c = self.match.state.catalog
        if u.kind != "unit":
            ct = c.characters.get(u.kind)
            return (ct.icon, ct.code) if ct else ("", initials(u.name))
        return unit_face(c, u.profile.troop, u.profile.mount)

    # --- the panel -----------------------------------------------------------------------------
    def header(self, state: BVFState) -> Header:
        p = self.rules.to_act(state) if state.phase != "over" else state.current
        who_name, who_color = alliance.name(state, p), self.player_color(state, p)
        what = flow.PHASE_NAMES.get(state.phase, state.phase)
        if state.pending:
            what = {"dispel": "dispel?", "fate_punish": "Fate's 6\" move", "counter": "counter charge?",
                    "reserves": "bring on reserves?"}.get(state.pending[-1].kind, what)
        lines = []
        if state.phase == "deploy":
            left = {alliance.name(state, q): sum(1 for u in state.units.values() if alliance.seat_of(state, u) == q
                                                 and not u.deployed and u.alive)
                    for q in self._seats(state)}
            lines.append("Units to deploy: " + ", ".join(f"{k} {v}" for k, v in left.items()))
        elif state.phase != "over":
            order = ["orders", "fate"] + list(flow.PHASES)
            track = " > ".join(("[" + flow.PHASE_NAMES[x] + "]") if x == state.phase else flow.PHASE_NAMES[x]
                               for x in order[order.index(state.phase):][:4])
            lines.append(f"Turn {state.turn} of {state.turns} · initiative {state.players[state.initiative].name}"
                         f" · {track}")
            if state.phase in flow.PHASE_ORDERS:
                left = [f"{alliance.name(state, q)} {self._counters_left(state, q)}" for q in self._seats(state)]
                lines.append("Counters left this phase: " + ", ".join(left))
        else:
            lines.append(state.win_reason)
        if state.alliance is not None and state.phase != "over":
            side = alliance.side_of(state, p)
            lines.insert(0 if state.phase == "deploy" else 1,
                         f"Grand Alliance: {state.players[side].name} (overall General "
                         f"{alliance.name(state, state.alliance.overall(side))})")
        return Header(f"{who_name} — {what}", who_color, lines[:3])

    @staticmethod
    def _counters_left(state, seat: int) -> int:
        return sum(1 for u in flow.units_of(state, alliance.side_of(state, seat))
                   if alliance.seat_of(state, u) == seat and flow.can_activate(state, u, state.phase))

    @staticmethod
    def _seats(state) -> range:
        return range(len(state.alliance.sides) if state.alliance is not None else len(state.players))

    def orders_visible(self, state: BVFState, u: Unit) -> bool:
        """Face-down counters: during the Orders phase only the owner (who is
        the player to act, behind the handoff) sees them."""
        if state.phase != "orders":
            return True
        return alliance.seat_of(state, u) == self.rules.to_act(state)     # not even an ally's (a Grand Alliance)

    def card(self, state: BVFState, key) -> CardSpec | None:
        u = state.units.get(key)
        if u is None:
            return None
        owner_name = alliance.name(state, alliance.seat_of(state, u))
        stats_rows = []
        if u.kind == "unit":
            prof = u.profile
            sub = f"{possessive(owner_name)} {prof.experience.capitalize()} {state.catalog.unit_types[prof.unit_type].name}"
            stats_rows += [("Stands", f"{len(u.stands)}/{u.start_stands} ({u.figures()} figures)"),
                           ("Formation", formation_words(state.catalog, u.formation, u.files)),
                           ("MR", f"{stats.base_mr(u):g}\""),
                           ("Weapon", state.catalog.weapons[prof.weapon].name + (f" + {state.catalog.weapons[prof.missile].name}"
                                                                        if prof.missile else "")),
                           ("Armour", ("counts as Heavy Armour" if prof.machine else prof.armour.name)
                            + f" ({stats.armour_rerolls(state, u)} rerolls)"),     # § Attacking War Machines;
                           ("Command", "yes" if u.command_stand() else ("yes (Independent)"
                                                                         if stats.independent(u) else "none")),
                           ("Points", str(prof.points))]
            if prof.machine:
                stats_rows.append(("Wounds", f"machine {3 - u.wounds}/3, crew {4 - u.crew_wounds}/4"))
        else:
            sub = f"{possessive(owner_name)} {characters.KIND_NAMES.get(u.kind) or characters.title(state, u)}"
            if u.kind == "wizard":
                stats_rows.append(("Dice", f"{u.dice} to cast or dispel"))
            else:
                # a promise is face down with the counters: shown as they are (orders_visible)
                promised = [w for key, w in rerolls.SHORT.items() if u.effects.get(key)]
                stats_rows.append(("Rerolls", str(u.rerolls) + (f" ({' and '.join(promised)} this turn)"
                                                                 if promised and self.orders_visible(state, u) else "")))
        stats_rows += characters.card_rows(state, u)
        if self.orders_visible(state, u):
            stats_rows.append(("Orders", ", ".join(state.catalog.orders[o].name for o in u.orders) or "none"))
        else:
            stats_rows.append(("Orders", "face down"))
        flags = [w for w, on in (("fleeing", u.fleeing), ("activated", u.activated), ("split", u.split),
                                 ("in combat", bool(u.engaged))) if on]
        if flags:
            stats_rows.append(("State", ", ".join(flags)))
        sections = []
        for rid, lvl, _ in (u.profile.rules if u.profile else ()):
            r = state.catalog.special_rules[rid]
            sections.append(("trait", r.name + (f" {lvl}" if lvl else ""), r.text))
        spells_on = spells_on_unit(state, u)
        if spells_on:
            sections.append(("cond", "Spells this turn", ", ".join(spells_on)))
        icon, code = self.face(u)
        return CardSpec(u.name, sub, self.player_color(state, alliance.seat_of(state, u)), "square", code,
                        stats=stats_rows, sections=sections, icon=icon)

    def point_info(self, state, pt) -> HoverInfo:
        x, y = pt
        names = [self.piece_style(t).name for t in state.table.terrain if t.contains_point(x, y)]
        return HoverInfo(lines=names) if names else HoverInfo()

    def model_info(self, state, m: ModelSpec) -> HoverInfo:
        u = state.units[m.unit]
        who = alliance.name(state, alliance.seat_of(state, u))
        lines = [f"{who} · {len(u.stands)} stands · {state.catalog.formations[u.formation].name}"
                 if u.kind == "unit" else who]
        if u.attached >= 0 and u.attached in state.units:
            lines.append(f"With {state.units[u.attached].name}")
        seen = [c for c in characters.with_unit(state, u) if not c.hidden]
        if seen:
            lines.append("With it: " + ", ".join(c.name for c in seen))
        if self.orders_visible(state, u) and u.orders:
            lines.append("Orders: " + ", ".join(state.catalog.orders[o].name for o in u.orders))
        return HoverInfo(title=u.name, lines=lines)

    def dice_faces(self, data: dict):
        """A pool of Success dice (success.Pool.data) as the tray shows it:
        every die (20 and more over two lines), highest first, the Successes
        green and the rest faded, the rerolled dice after the first throw."""
        if "need" not in data or "rolls" not in data:
            return None
        return success_pool_dice(data)


def success_pool_dice(data: dict) -> dict:
    need = int(data["need"])
    first = sorted((int(v) for v in data["rolls"]), reverse=True)
    again = sorted((int(v) for v in data.get("rerolled", ())), reverse=True)

    def die(v):
        return {"sides": 6, "value": v, "color": SUCCESS_DIE if v >= need else None, "faded": v < need}
    out = {"dice": [die(v) for v in first + again], "wrap": True}
    if again:
        out.update(split=len(first), split_label="reroll")
    return out


SUCCESS_DIE = "#9ed29a"      # a Success in the dice tray (5 or 6, or 6 where only 6s count)


def attached_foot(state: BVFState, u: Unit, c: Unit, i: int) -> Foot | None:
    """Where the i-th character with `u` is drawn: its round base touching
    the outer end of the front rank (0: right, 1: left, 2: beyond the
    right one...).  Drawn only: the rules keep an attached character off
    the table (characters.py)."""
    fs = space.main_feet(state, u)
    if not fs:
        return None
    fr = space.frame_of(u)
    local = [(f, fr.local(f.x, f.y)) for f in fs]
    front = min(b for _, (_, b) in local)
    rank = [(f, r) for f, (r, b) in local if b < front + 0.5]
    shape = space.shape_of(c)
    rad = shape.width / 2
    base = space.shape_of(u)
    side = 1 if i % 2 == 0 else -1
    end = max(r * side for _, r in rank) + base.width / 2
    right = side * (end + rad + 2 * rad * (i // 2))
    x, y = Frame(fr.x, fr.y, u.facing).world(right, front - base.depth / 2 + rad)     # front edges flush
    return Foot(shape, x, y, u.facing, ("with", c.uid))


def make_view(match) -> BVFView:
    return BVFView(match)
