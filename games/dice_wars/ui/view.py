"""What Dice Wars draws: terrain, tokens, cards, header and hover text.

Presentation only: reads the state and the catalog, never changes them.
The generic screen (engine/ui/scenes/match_screen.py) draws what this returns.
"""
from __future__ import annotations

from engine.hex import grid as hexgrid
from engine.ui.contract import CardSpec, Header, HoverInfo, LabelSpec, TokenSpec, View
from engine.core.words import possessive
from games.dice_wars.rules import stats, tile_draft
from engine.maps.hexmap import in_block
from games.dice_wars.rules.board import load_tile

SHAPE = {"basic": "circle", "advanced": "square", "hero": "star"}
TIER_NAME = {"basic": "Basic", "advanced": "Advanced", "hero": "Hero"}
WEAPON_NAME = {"melee": "melee", "shot": "shot", "arc": "arc"}
PHASE_NAME = {"tiles": "Laying the map", "draft": "Faction draft", "deploy": "Deployment", "command": "Command phase", "over": "Game over"}
R_TERRAIN = "dice_wars.txt § Terrain"


def hex_label(h) -> str:
    col, row = hexgrid.axial_to_offset(tuple(h))
    return f"{chr(65 + col) if 0 <= col < 26 else col}{row + 1}"


SLOT_COLOR = "#2E3440"      # an empty slot of the square while the players lay the map
HAND_COLUMN = 4             # the tiles in hand lie beside the square from this block column on


class DiceWarsView(View):
    def __init__(self, match):
        self.match = match
        self.rules = match.rules
        self.cat = match.state.catalog
        self.turn_hand = False          # the tiles in hand shown turned around (the controller's R)
        self._hand_key = None
        self._hand: dict = {}           # hex -> (tile number, terrain) of the tiles in hand, beside the square

    @property
    def board(self):
        return self.match.state.board      # Challenge III: a new board with each tile laid

    # --- laying the map (Challenge III) ------------------------------------------------
    def board_key(self, state):
        """What the drawn map depends on (engine/ui/scenes/match_screen.sync_board)."""
        if state.tiles is None:
            return None
        hand = tuple(state.tiles.hands[state.current]) if state.phase == "tiles" else ()
        return (tuple(state.tiles.layout), hand, self.turn_hand and bool(hand))

    def hand_hexes(self) -> dict:
        """hex -> (tile number, terrain) for the tiles the player to lay holds,
        drawn beside the square (two columns of blocks), turned with R."""
        st = self.match.state
        key = self.board_key(st)
        if key == self._hand_key:
            return self._hand
        self._hand_key, self._hand = key, {}
        if st.phase != "tiles" or st.tiles is None:
            return self._hand
        for i, number in enumerate(st.tiles.hands[st.current]):
            data = load_tile(st.catalog, st.tiles.prefix, number)
            w, h = data.width, data.height
            bc, br = HAND_COLUMN + i % 2, i // 2
            for x, tid in data.terrain.items():
                self._hand[in_block(x, w, h, bc, br, self.turn_hand)] = (number, tid)
        return self._hand

    def tile_banners(self, state) -> list:
        out = []
        w, h = self.board.tile_cols, self.board.tile_rows
        for slot in range(9):
            centre = tile_draft.block_centre(slot % 3, slot // 3, w, h)
            laid = state.tiles.layout[slot]
            if laid is not None:
                out.append(LabelSpec(centre, f"Tile {laid[0]}{' turned' if laid[1] else ''}", "banner", "#D8DEE9"))
            else:
                owner = tile_draft.corner_owner(state.players, slot)
                if owner is not None:
                    out.append(LabelSpec(centre, f"{possessive(owner.name)} corner", "banner", "#6B7385"))
        for i, number in enumerate(state.tiles.hands[state.current]):
            bc, br = HAND_COLUMN + i % 2, i // 2
            centre = tile_draft.block_centre(bc, br, w, h)
            out.append(LabelSpec(centre, f"Tile {number}", "banner",
                                 self.player_color(state, state.current)))
        return out

    def tile_spot(self, h):
        """("hand", tile number) for a tile in hand, ("slot", slot, tile or
        None) for a hex of the square, or None."""
        got = self.hand_hexes().get(h)
        if got is not None:
            return ("hand", got[0])
        st = self.match.state
        if st.tiles is None or h not in self.board.terrain:
            return None
        slot = self.board.tile_index[h]
        laid = st.tiles.layout[slot]
        return ("slot", slot, laid[0] if laid else None)

    # --- static map ---------------------------------------------------------------
    def hexes(self):
        return list(self.board.hexes) + list(self.hand_hexes())

    def terrain(self, h):
        got = self.hand_hexes().get(h)
        tid = got[1] if got else self.board.terrain.get(h, "plains")
        if tid == tile_draft.SLOT_TERRAIN:
            return (tid, SLOT_COLOR)
        tt = self.cat.terrain.get(tid)
        return (tid, tt.color if tt else "#B9C98A")

    def region(self, h):
        got = self.hand_hexes().get(h)
        if got is not None:
            return 10 + got[0]
        return self.board.tile_index.get(h, 0)

    def tile_number(self, slot: int) -> str:
        """The printed number of the tile in a slot (laid tiles keep theirs)."""
        st = self.match.state
        if st.tiles is not None:
            laid = st.tiles.layout[slot]
            return "" if laid is None else f"{laid[0]}{'R' if laid[1] else ''}"
        names = getattr(self.board, "tile_names", None)
        return names[slot] if names else str(slot + 1)

    def labels(self):
        out = []
        hand: dict = {}
        for h, (number, _) in self.hand_hexes().items():
            col, row = hexgrid.axial_to_offset(h)
            if number not in hand or (row, col) > hand[number][0]:
                hand[number] = ((row, col), h)
        for number, (_, h) in sorted(hand.items()):
            out.append(LabelSpec(h, f"{number}{'R' if self.turn_hand else ''}", "tile"))
        # tile numbers in each tile's bottom-right hex (dice_wars.txt § Build the Map)
        best: dict = {}
        for h in self.board.hexes:
            t = self.board.tile_index.get(h, 0)
            col, row = hexgrid.axial_to_offset(h)
            if t not in best or (row, col) > best[t][0]:
                best[t] = ((row, col), h)
        if len(best) > 1:
            for t, (_, h) in sorted(best.items()):
                number = self.tile_number(t)
                if number:
                    out.append(LabelSpec(h, number, "tile"))
        return out

    # --- pieces -------------------------------------------------------------------------
    def player_color(self, state, p: int) -> str:
        if 0 <= p < len(state.players):
            return state.players[p].color
        return "#FFFFFF"

    def tokens(self, state):
        out = []
        acts = {a.uid: (i + 1, a) for i, a in enumerate(state.activations)}
        for u in state.units.values():
            if u.hp <= 0 or u.pos is None:
                continue
            card = stats.card(u)
            buffs = sum(1 for c in u.conds if c.stat != "status" and c.amount > 0)
            debuffs = sum(1 for c in u.conds if c.stat != "status" and c.amount < 0)
            statuses = sum(1 for c in u.conds if c.stat == "status")
            n, act = acts.get(u.uid, (0, None))
            spent = bool(act and act.acted and act.move_left <= 0)
            fac = self.cat.factions.get(u.faction)
            out.append(TokenSpec(
                key=u.uid, hex=u.pos, color=state.players[u.owner].color, label=card.code,
                shape=SHAPE.get(u.tier, "circle"), facing=u.facing, hp=u.hp, max_hp=u.max_hp,
                badge=fac.letter if fac else "", guarding=u.guarding, buffs=buffs, debuffs=debuffs,
                statuses=statuses, activation=n if state.phase == "command" else 0, spent=spent,
                icon=card.icon))
        return out

    def overlays(self, state):
        """City banners: a held city shows its card's name in the holder's colour.
        While the players lay the map: each tile's number and each empty
        corner's owner."""
        if state.phase == "tiles":
            return self.tile_banners(state)
        out = []
        for c in state.cities:
            site = self.board.cities[c.index]
            if c.card:
                name = self.cat.cities[c.card].name
                col = self.player_color(state, c.owner) if c.owner is not None else "#FFFFFF"
                out.append(LabelSpec(site.capital, name, "banner", col))
        return out

    # --- panel ----------------------------------------------------------------------------
    def header(self, state) -> Header:
        p = self.rules.to_act(state) if state.phase != "over" else state.current
        pl = state.players[state.current] if state.players else None
        phase = PHASE_NAME.get(state.phase, state.phase)
        title = f"{pl.name} — {phase}" if pl else phase
        lines = []
        if state.phase == "command":
            lines.append(f"Round {state.round} · command phase {state.phase_count}")
            if state.activations:
                parts = []
                for a in state.activations:
                    u = state.units.get(a.uid)
                    if u is None:
                        continue
                    bits = [f"{a.move_left} move"]
                    bits.append("acted" if a.acted else "action ready")
                    parts.append(f"{stats.card(u).name} ({', '.join(bits)})")
                lines.append("Turns: " + "; ".join(parts))
            else:
                lines.append("Turns: none yet — activate two units")
        elif state.phase == "tiles":
            left = len(state.tiles.free_slots())
            lines.append(f"{left} slot{'s' if left != 1 else ''} of the square still empty · "
                         "tiles in hand: " + "; ".join(f"{q.name} {', '.join(map(str, state.tiles.hands[q.index])) or 'none'}"
                                                       for q in state.players))
        elif state.phase == "deploy":
            placed = sum(1 for u in state.units.values() if u.owner == state.current and u.pos is not None)
            total = sum(1 for u in state.units.values() if u.owner == state.current and u.hp > 0)
            lines.append(f"{placed} of {total} units placed in your corner tile")
        elif state.phase == "over":
            lines.append(state.win_reason)
        if state.pending is not None and state.phase != "over":
            who = state.players[state.pending.player].name
            if state.pending.kind == "guard":
                lines.append(f"{who} must answer a guard: attack it or take the counterstrike")
            elif state.pending.kind == "alliance":
                lines.append(f"{who} is asked to accept an alliance")
        crowns = [f"{q.name} {q.crowns}/3" for q in state.players if q.crowns]
        if crowns:
            lines.append("Crowns: " + ", ".join(crowns))
        color = self.player_color(state, p if 0 <= p < len(state.players) else state.current)
        return Header(title, color, lines)

    def card(self, state, key) -> CardSpec | None:
        u = state.units.get(key)
        if u is None:
            return None
        c = stats.card(u)
        owner = state.players[u.owner]
        fac = self.cat.factions.get(u.faction)
        sub = [TIER_NAME.get(u.tier, u.tier)]
        if fac:
            sub.append(fac.name)
        sub.append(f"{possessive(owner.name)}")
        if u.veteran:
            sub.append("veteran")
        if u.pos is None:
            sub.append("not on the board" if u.hp > 0 else "killed")

        def stat(name: str) -> str:
            base = getattr(c, name)
            if base == "M":
                return "M"
            if u.pos is None:
                return str(base)
            try:
                now = stats.static_stat(state, u, name)
            except Exception:  # noqa: BLE001 - the card must always show
                return str(base)
            return f"{now} (card {base})" if now != base else str(base)

        def reach() -> str:
            """The range it shoots at from where it stands, its traits in (the
            Archer's High Ground on a plateau), as the attack will measure it."""
            if u.pos is None:
                return str(c.range)
            try:
                from games.dice_wars.rules import targeting
                now = targeting.attack_range(state, u, None) + stats.roll_modifier(
                    state, u, None, "range", True, stats.attack_kind(u), [])
                td = state.catalog.terrain
                lower = c.weapon == "arc" and td[stats.terrain(state, u.pos)].arc_high_ground
            except Exception:  # noqa: BLE001 - the card must always show
                return stat("range")
            text = f"{now} (card {c.range})" if now != c.range else str(c.range)
            return text + (", +1 at lower ground" if lower else "")

        atk = "M magic" if c.attack == "M" else f"{stat('attack')} {WEAPON_NAME.get(c.weapon, c.weapon)}"
        stats_rows = [("Attack", atk), ("Defense", stat("defense")), ("Range", reach()),
                      ("Move", stat("move"))]
        if u.pos is not None:
            stats_rows.append(("Facing", hexgrid.DIRECTION_NAMES[u.facing]))
            stats_rows.append(("Hex", hex_label(u.pos) + (" (guard)" if u.guarding else "")))
        sections = []
        if c.trait is not None:
            sections.append(("trait", f"Trait · {c.trait.name}", c.trait.text))
        table = []
        if c.skill is not None:
            sk = c.skill
            rng = f"range {sk.range}" if sk.range is not None else "any range"
            sections.append(("skill", f"Skill · {sk.name} ({rng}, targets {sk.target.replace('_', ' ')})", sk.text))
            lo = max(2, sk.check.minimum - 1)
            table.append(("2" if lo == 2 else f"2-{lo}", "fail"))
            hi = (sk.check.greater - 1) if sk.greater is not None and sk.check.greater else 12
            table.append((f"{sk.check.minimum}-{hi}" if hi > sk.check.minimum else str(sk.check.minimum), "standard"))
            if sk.greater is not None and sk.check.greater:
                table.append((f"{sk.check.greater}+", "greater"))
        for cond in u.conds:
            by = state.players[cond.by].name if 0 <= cond.by < len(state.players) else "?"
            if cond.stat == "status":
                sections.append(("cond", f"{cond.status.capitalize()}", f"from {cond.source}; until {possessive(by)} next phase"))
            else:
                kind = "buff" if cond.amount > 0 else "debuff"
                sections.append((kind, f"{cond.amount:+d} {cond.stat}", f"from {cond.source}; until {possessive(by)} next phase"))
        if u.guarding:
            sections.append(("note", "Guarding",
                             "+1 defense; an enemy entering its three front hexes must attack it or take a counterstrike."))
        for a in state.activations:
            if a.uid == u.uid:
                sections.append(("note", "Taking its turn",
                                 f"{a.move_left} movement left; " + ("action used" if a.acted else "action available")))
        return CardSpec(title=c.name, subtitle=" · ".join(sub), color=owner.color, shape=SHAPE.get(u.tier, "circle"),
                        label=c.code, hp=max(0, u.hp), max_hp=u.max_hp, stats=stats_rows, sections=sections,
                        table=table, icon=c.icon)

    def summary(self, state):
        out = []
        for q in state.players:
            units = [u for u in state.units.values() if u.owner == q.index and u.hp > 0]
            cities = sum(1 for c in state.cities if c.owner == q.index)
            bits = [f"{len(units)} units"]
            if cities:
                bits.append(f"{cities} {'city' if cities == 1 else 'cities'}")
            if q.crowns:
                bits.append(f"{q.crowns}/3 crowns")
            if q.allies:
                bits.append("allied with " + ", ".join(state.players[a].name for a in q.allies))
            if not q.alive:
                bits = ["defeated"]
            facs = ", ".join(self.cat.factions[f].name for f in q.factions if f in self.cat.factions)
            if not facs:
                out.append((q.color, f"{q.name}: no faction yet"))
                continue
            out.append((q.color, f"{q.name} ({facs}): " + ", ".join(bits)))
        if state.phase == "tiles":
            out.append(("", "Hover a tile for what is on it; the corners are where each army deploys."))
        else:
            out.append(("", "Hover a piece or hex for details; click one of your units to act."))
        return out

    def hex_info(self, state, h) -> HoverInfo:
        if state.phase == "tiles":
            return self.tile_info(state, h)
        tid = self.board.terrain.get(h)
        if tid is None:
            return HoverInfo()
        tt = self.cat.terrain.get(tid)
        title = f"{tt.name if tt else tid} · {hex_label(h)}"
        lines = []
        if tt is not None:
            if not tt.passable:
                lines.append("Impassable: blocks movement")
            elif tt.cost > 1:
                lines.append(f"Hindered: {tt.cost} movement to enter (not between hexes of the same type)")
            else:
                lines.append("1 movement to enter")
            if tt.blocks_sight:
                lines.append("Blocks unit targeting")
            if tt.hides_from:
                lines.append("Units here cannot be targeted by " + " or ".join(tt.hides_from) + " attacks")
            if tt.arc_high_ground:
                lines.append("High ground: arc attacks to lower ground +1 range")
            if tt.melee_attack:
                lines.append(f"+{tt.melee_attack} attack to melee units here")
            if tt.magic_bonus:
                lines.append(f"+{tt.magic_bonus} to magic rolls here")
        ci = self.board.city_at.get(h)
        if ci is not None and tt is not None and tt.passable and tt.cost > 1:
            c = state.cities[ci]
            if c.owner is not None:          # dice_wars.txt § City: hindered only for the holder's enemies
                holder = state.players[c.owner].name
                lines = [f"1 movement to enter for {holder} and its allies; hindered for its enemies: {tt.cost} to "
                         "enter" if ln.startswith("Hindered") else ln for ln in lines]
        if ci is not None:
            c = state.cities[ci]
            if c.card:
                cc = self.cat.cities[c.card]
                holder = state.players[c.owner].name if c.owner is not None else "nobody"
                lines.append(f"{cc.name}, held by {holder}")
                if cc.trait:
                    lines.append(f"{cc.trait.name}: {cc.trait.text}")
                if cc.skill:
                    lines.append(f"{cc.skill.name}: {cc.skill.text}")
            else:
                lines.append("An uncaptured city" + (": stand on the capital and capture it" if h == self.board.cities[ci].capital else ""))
        uid = state.occupied.get(h)
        if uid is not None:
            u = state.units[uid]
            c = stats.card(u)
            bits = [f"{u.hp}/{u.max_hp} HP", f"facing {hexgrid.DIRECTION_NAMES[u.facing]}"]
            if u.guarding:
                bits.append("guarding")
            lines.insert(0, f"{possessive(state.players[u.owner].name)} {c.name} ({TIER_NAME.get(u.tier, u.tier).lower()}): "
                         + ", ".join(bits))
            for cond in u.conds:
                what = cond.status if cond.stat == "status" else f"{cond.amount:+d} {cond.stat}"
                lines.insert(1, f"  {what} from {cond.source}")
        return HoverInfo(lines=lines, title=title)

    def tile_info(self, state, h) -> HoverInfo:
        """Hover text while the players lay the map (Challenge III)."""
        spot = self.tile_spot(h)
        if spot is None:
            return HoverInfo()
        prefix = state.tiles.prefix
        if spot[0] == "hand":
            who = state.players[state.current].name
            return HoverInfo(title=tile_draft.tile_summary(state.catalog, prefix, spot[1]),
                             lines=[f"In {possessive(who)} hand: click it to pick it, R turns it around"])
        _, slot, laid = spot
        where = tile_draft.slot_words(state.players, slot)
        if laid is None:
            return HoverInfo(title=f"Empty slot {where}", lines=["Pick a tile of yours, then click here to lay it"])
        tid = self.board.terrain.get(h)
        tt = self.cat.terrain.get(tid)
        return HoverInfo(title=tile_draft.tile_summary(state.catalog, prefix, laid),
                         lines=[f"Laid {where}", f"{tt.name if tt else tid} · {hex_label(h)}"])

    def decision_is_interrupt(self, state) -> bool:
        return state.pending is not None and state.pending.player != state.current


def make_view(match) -> DiceWarsView:
    return DiceWarsView(match)
