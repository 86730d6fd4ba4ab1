"""What UberDrakes draws: the board of spaces, the dragons, the public
view of every hoard, hover text, and the combat panel's words.

Presentation only: reads the state and the catalog, never changes them.
Nothing here shows a card a player keeps hidden (movement cards and
treasures in hand): the private panel is the controller's `hand(p)`, asked
by the screen only for the player allowed to see it.
"""
from __future__ import annotations

from engine.core.rulings import reading
from engine.hex import grid as hexgrid
from engine.ui.contract import CardSpec, Header, HoverInfo, LabelSpec, View
from engine.ui.contract import HexDecor, PieceToken, SideSpec
from engine.core.odds import percent
from engine.core.words import a_or_an, possessive
from games.uberdrakes.rules import combat as ud_combat
from games.uberdrakes.rules.board import hex_label
from games.uberdrakes.rules.common import element_of, spells_of
from games.uberdrakes.rules.rulings import CAVE_COINS
from games.uberdrakes.rules.spaces import offers, price

# Okabe-Ito (UI.md), in an order that reads on sand: yellow last
SEAT_COLORS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#D55E00")
DIRS = ("E", "SE", "SW", "W", "NW", "NE")
DIR_WORDS = ("east", "south-east", "south-west", "west", "north-west", "north-east")
ITEM_ICON = {"dragon_lance": "lance", "long_bow": "bow", "rest_potion": "potion", "hide_shield": "shield",
             "rage_potion": "potion", "rocket_booster": "rocket", "blink_scroll": "scroll", "hookshot": "hook",
             "ancient_urn": "urn", "alchemists_fire": "flame", "merchants_portal": "portal", "warp_scroll": "scroll",
             "monks_handbook": "book", "invigorating_potion": "potion", "dimensional_gem": "gem",
             "elemental_mask": "mask", "topaz": "gem", "sapphire": "gem", "diamond": "gem", "scale_mail": "shield",
             "war_talons": "lance", "hawkeye_goggles": "mask", "riders_saddle": "rider", "treasure": "chest"}
ITEM_COLOR = {"rest_potion": "#7FC8F8", "rage_potion": "#E4572E", "invigorating_potion": "#7BD389",
              "topaz": "#F4C430", "sapphire": "#2F6FD1", "diamond": "#DDEEFF", "dimensional_gem": "#B58CFF",
              "alchemists_fire": "#F08A24", "elemental_mask": "#C9A227", "treasure": "#F4C430"}
R_SPACES = "uberdrakes.txt § Space Effects"
PHASE = {"dragons": "choose your dragon", "mulligan": "the mulligan", "play": "", "final": "the Final Battle",
         "over": "game over"}


def dir_name(f) -> str:
    return DIRS[f] if isinstance(f, int) and 0 <= f < 6 else "?"


def element_name(cat, e) -> str:
    el = cat.elements.get(e)
    return el.name if el else str(e)


def element_color(cat, e) -> str:
    el = cat.elements.get(e)
    return el.color if el else "#CCCCCC"


def item_name(cat, i) -> str:
    if i == "treasure":
        return "Treasure card"
    it = cat.items.get(i)
    return it.name if it else str(i)


def rider_words(cat, r: str, short: bool = False) -> str:
    """'Water Knight: to a Water space; +2 vs Fire; reward a Dragon Lance'."""
    rd = cat.riders.get(r)
    if rd is None:
        return str(r)
    dest = element_name(cat, rd.element)
    if short:
        return f"{rd.name} (to {dest})"
    bonus = ", ".join(f"+{v} vs {element_name(cat, k)}" for k, v in sorted(rd.bonus.items()))
    rc = cat.rider_classes.get(rd.cls)
    reward = rc.text.split("Reward:", 1)[1].strip().rstrip(".") if rc and "Reward:" in rc.text else ""
    return f"{rd.name}: to {a_or_an(dest)} space; {bonus}" + (f"; reward {reward[0].lower() + reward[1:]}" if reward else "")


def spell_line(sp) -> str:
    cost = f"{sp.cost}-{sp.cost_max}" if sp.cost_max else ("X+1" if sp.plus_x else str(sp.cost))
    return f"{sp.name} ({cost} magic{', Ultimate' if sp.ultimate else ''})"


class UberDrakesView(View):
    def __init__(self, match):
        self.match = match
        self.rules = match.rules
        self.board = match.state.board
        self.ctl = None                      # the controller (set by it): the board asks it for the preview

    # --- the map ----------------------------------------------------------------------
    def hexes(self):
        return list(self.board.hexes)

    def terrain(self, h):
        tid = self.board.terrain.get(h, "desert")
        tt = self.match.state.catalog.terrain.get(tid)
        return (tid, tt.color if tt else "#E3C58B")

    def labels(self):
        out = []
        for s in self.board.spaces:
            if s.kind in ("village", "pickup"):
                # the name along the space's bottom edge: dragons stand on its centre first
                out.append(LabelSpec(s.anchor, s.name, "space"))
            elif s.kind == "cave":
                out.extend(LabelSpec(h, "Caves", "name") for h in s.hexes)
        return out

    def decor(self, h) -> HexDecor | None:
        b = self.board
        sp = b.space(h)
        base = self.terrain(h)[1]
        k = sp.kind
        if k == "desert":
            return HexDecor("dunes", size=0.8, faint=True)
        if k == "magic":
            return HexDecor("sparkle", "#F3EAFF", 0.72)
        if k == "mountain":
            return HexDecor("peak", "#D8D0C2", 0.78, f"+{sp.mountain}", "#FFFFFF")
        if k == "treasure":
            return HexDecor("chest", "#F4C430", 0.78)
        if k == "element":
            from engine.ui.theme import luminance, mix
            ink = mix(base, (0, 0, 0), 0.6) if luminance(base) > 150 else mix(base, (255, 255, 255), 0.8)
            return HexDecor(sp.element, "#%02X%02X%02X" % ink, 0.8)
        if k == "portal":
            return HexDecor("portal", "#C59BFF", 0.95)
        if k == "village":
            return HexDecor("house", "#B5452A", 1.0 if h == sp.anchor else 0.6)
        if k == "pickup":
            return HexDecor("pennant", "#F4F1DE", 0.9) if h == sp.anchor else HexDecor("rider", "#DCEFD8", 0.5)
        if k == "cave":
            return HexDecor("cave", "#7A6452", 0.9)
        return None

    def make_board(self):
        from engine.ui.boards.spaceboard import SpaceBoard
        b = self.board
        return SpaceBoard(self.hexes(), self.terrain, self.labels(), space_of=b.space_of, thick=b.border_edges,
                          decor=self.decor, coords=b.labels,
                          preview=lambda: self.ctl.board_preview() if self.ctl is not None else None)

    # --- pieces -----------------------------------------------------------------------
    def player_color(self, state, p: int) -> str:
        return SEAT_COLORS[p % len(SEAT_COLORS)] if isinstance(p, int) and p >= 0 else "#FFFFFF"

    def letter(self, state, p: int) -> str:
        d = state.players[p]
        return state.catalog.dragons[d.dragon].code if d.dragon in state.catalog.dragons else str(p + 1)

    def icon(self, d) -> str:
        """A dragon's silhouette as data/uberdrakes/dragons.yaml names it (before the
        draft: the first dragon's, so the piece is still a dragon)."""
        dragons = self.match.state.catalog.dragons
        return dragons[d.dragon].icon if d.dragon in dragons else next(iter(dragons.values())).icon

    def tokens(self, state):
        b = state.board
        out = []
        placed = [d for d in state.players if d.hex is not None]
        # dragons sharing a space: spread over its hexes (large spaces) or offset (portal, a cave hex)
        groups: dict = {}
        for d in placed:
            groups.setdefault(b.anchor_of[d.hex], []).append(d)
        active = state.active if state.phase in ("play", "final") else -1
        for anchor, ds in groups.items():
            sp = b.space(anchor)
            spots = [anchor] + sorted((h for h in sp.hexes if h != anchor),
                                      key=lambda h: (hexgrid.distance(h, anchor), h)) if sp.large and sp.kind != "cave" \
                else [anchor]
            for i, d in enumerate(ds):
                h = spots[i] if i < len(spots) else anchor
                off = (0.0, 0.0)
                if i >= len(spots) or (len(spots) == 1 and len(ds) > 1):
                    k, n = i, len(ds)
                    off = ((k - (n - 1) / 2) * 0.7, 0.0)
                rider = state.catalog.riders.get(d.rider) if d.rider else None
                el = element_of(state.catalog, d)
                out.append(PieceToken(
                    key=d.index, hex=h, color=self.player_color(state, d.index), label=self.letter(state, d.index),
                    facing=d.facing, pips=d.fatigue, max_pips=state.catalog.economy.max_fatigue,
                    badge_icon=el or "", badge_color=element_color(state.catalog, el) if el else "",
                    carry_icon="rider" if rider else "", carry_color=element_color(state.catalog, rider.element) if rider else "",
                    carry_ready=bool(rider and d.portaled), active=d.index == active, resting=d.roosted,
                    hidden=d.camouflaged, offset=off, icon=self.icon(d)))
        return out

    # --- the panel --------------------------------------------------------------------
    def header(self, state) -> Header:
        n = len(state.players)
        try:
            p = self.rules.to_act(state)
        except Exception:  # noqa: BLE001
            p = state.active
        if state.phase == "over":
            return Header("Game over", "#FFFFFF", [state.win_reason])
        d = state.players[p]
        lines = []
        if state.phase == "dragons":
            title = f"Player {p + 1} — choose your dragon"
            lines.append("Players who name the same dragon roll off for it (§ Game Setup)")
        elif state.phase == "mulligan":
            title = f"{d.name} — keep or mulligan"
            lines.append("Mark two cards to exchange them, or keep the hand (§ Starting the First Round)")
        else:
            c = state.combat
            if c is not None:
                a, b = state.players[c.sides[0]].name, state.players[c.sides[1]].name
                title = f"{d.name} — combat"
                lines.append(f"{a} vs {b}: " + {"pre": "before the rolloff", "respond": "rolloff",
                                                 "counter": "counterattack", "damage": "damage",
                                                 "exchange": "blood points"}.get(c.stage, c.stage))
            elif state.pending is not None:
                title = f"{d.name} — {pending_title(state)}"
            else:
                left = state.actions_left
                title = f"{d.name} — {left} action{'s' if left != 1 else ''} left"
            if state.phase == "final":
                lines.insert(0, "The Final Battle: tied players fight, the last one standing wins")
            order = []
            for i in range(n):
                q = (state.active + i) % n
                if not state.players[q].roosted:
                    order.append(state.players[q].name.replace(" Dragon", ""))
            roosted = [x.name.replace(" Dragon", "") for x in state.players if x.roosted]
            lines.insert(0, f"Round {state.round} of {state.rounds} · turn order: " + " ▸ ".join(order)
                         + (f" · roosted: {', '.join(roosted)}" if roosted else ""))
            if p != state.active and state.phase == "play":
                lines.append(f"A decision during {possessive(state.players[state.active].name)} turn")
        return Header(title, self.player_color(state, p), lines)

    def summary(self, state):
        """The public view: every hoard, rider and score, one line each."""
        out = []
        for d in state.players:
            bits = [f"{d.vp} VP", f"coins {d.coins}", f"magic {d.magic}", f"fatigue {d.fatigue}", f"blood {d.blood}"]
            if d.rage:
                bits.append(f"rage {d.rage}")
            text = f"{d.name.replace(' Dragon', '')}: " + " · ".join(bits)
            if d.rider:
                rd = state.catalog.riders[d.rider]
                text += f" · rider to {element_name(state.catalog, rd.element)}" + (" ✓portal" if d.portaled else "")
            if d.delivered:
                text += f" · {len(d.delivered)} delivered"
            items = sorted(item_name(state.catalog, i) for i in d.items)
            if items:
                text += " · " + ", ".join(items)
            if d.equipped:
                text += f" · wears {item_name(state.catalog, d.equipped)}"
            text += f" · cards {len(d.hand)}" + (f" · treasures {len(d.treasures)}" if d.treasures else "")
            if d.roosted:
                text += " · roosted"
            if d.hex is None and d.dragon:
                text += " · not out yet"
            out.append((self.player_color(state, d.index), text))
        if state.sandstorm:
            v, left, caster = state.sandstorm
            out.append(("", f"Sandstorm over {state.board.spaces[v].name} ({left} more of "
                            f"{possessive(state.players[caster].name)} turns)"))
        out.append(("", "Hover a dragon for its hoard, a village for its market, a rider camp for its riders."))
        return out

    def card(self, state, key) -> CardSpec | None:
        if not isinstance(key, int) or not 0 <= key < len(state.players):
            return None
        d = state.players[key]
        b = state.board
        sub = [f"Player {key + 1}"]
        if key == state.active and state.phase == "play":
            sub.append("taking their turn")
        if d.roosted:
            sub.append("roosted")
        if d.hex is not None:
            sub.append(f"on {space_words(state.catalog, b, d.hex)}")
        stats = [("VP", str(d.vp)), ("Coins", str(d.coins)), ("Magic", str(d.magic)),
                 ("Fatigue", f"{d.fatigue}/{state.catalog.economy.max_fatigue}"), ("Blood", str(d.blood)), ("Rage", str(d.rage)),
                 ("Facing", DIR_WORDS[d.facing] if d.hex is not None else "-"),
                 ("Hand", f"{len(d.hand)} + {len(d.treasures)} tr."),
                 ("General used", f"{len(d.used)} of 7")]
        sections = []
        if d.rider:
            sections.append(("trait", "Carrying a rider" + (" (has passed through a portal)" if d.portaled
                                                             else " (must pass through a portal)"),
                             rider_words(state.catalog, d.rider)))
        if d.delivered:
            sections.append(("note", f"Delivered ({len(d.delivered)})",
                             "; ".join(rider_words(state.catalog, r, True) for r in d.delivered)))
        if d.items or d.equipped:
            txt = ", ".join(sorted(item_name(state.catalog, i) for i in d.items)) or "none"
            if d.equipped:
                txt += f" · equipped: {item_name(state.catalog, d.equipped)} ({state.catalog.items[d.equipped].text})"
            sections.append(("note", "Hoard items", txt))
        sps = spells_of(state.catalog, d)
        if sps:
            lines = []
            for sp in sps:
                tag = ""
                if sp.ultimate and (d.mask_ultimate_used if d.mask else d.ultimate_used):
                    tag = " — used"
                elif sp.id in d.spells_turn:
                    tag = " — cast this turn"
                lines.append(spell_line(sp) + tag)
            head = "Spells" + (f" (masked as the {state.catalog.dragons[d.mask].name}, {d.mask_turns} turns)" if d.mask else "")
            sections.append(("spell", head, "\n".join(lines)))
        effects = []
        if d.camouflaged:
            effects.append("Camouflaged: cannot be attacked until its next turn")
        if d.supercharge:
            effects.append(f"Supercharged for {d.supercharge} more turn(s)")
        if d.regrowth:
            effects.append("Regrowth: heals 1 fatigue next turn unless it fights")
        if d.hailstorm:
            effects.append("Hailstorm at the start of its next turn")
        if d.roost_next:
            effects.append(f"Roost effect next round: {d.roost_next}")
        if effects:
            sections.append(("cond", "Effects", "\n".join(effects)))
        if d.played:
            sections.append(("note", "Played this round (face up)", ", ".join(state.catalog.movement[m].name for m in d.played)))
        return CardSpec(title=d.name, subtitle=" · ".join(sub), color=self.player_color(state, key), shape="circle",
                        label=self.letter(state, key), stats=stats, sections=sections, icon=self.icon(d))

    def hex_info(self, state, h) -> HoverInfo:
        b = state.board
        if h not in b.terrain:
            return HoverInfo()
        sp = b.space(h)
        lines = list(space_effects(state, sp))
        for d in state.players:
            if d.hex is not None and b.space_of[d.hex] == sp.sid and (sp.large or d.hex == h):
                bits = [f"facing {DIR_WORDS[d.facing]}", f"fatigue {d.fatigue}/{state.catalog.economy.max_fatigue}"]
                if d.rider:
                    bits.append(f"carrying the {rider_words(state.catalog, d.rider, True)}")
                if d.roosted:
                    bits.append("roosted")
                if d.camouflaged:
                    bits.append("camouflaged")
                if not d.moved and sp.start:
                    bits.append("not yet moved: cannot be attacked here")
                lines.insert(0, f"{d.name} (Player {d.index + 1}): " + ", ".join(bits))
        try:
            me = self.rules.to_act(state) if state.phase in ("play", "final") else -1
        except Exception:  # noqa: BLE001
            me = -1
        zoc_by = [d.name for d in state.players if d.hex is not None and d.index != me and h in b.zoc.get(d.hex, ())]
        if zoc_by:
            lines.append("In the zone of control of " + ", ".join(zoc_by))
        title = f"{space_words(state.catalog, b, h, True)} · {hex_label(h)}"
        return HoverInfo(lines=lines, title=title)

    def decision_is_interrupt(self, state) -> bool:
        if state.phase != "play":
            return False
        try:
            return self.rules.to_act(state) != state.active
        except Exception:  # noqa: BLE001
            return False

    # --- the combat panel ---------------------------------------------------------------
    def combat_sides(self, state) -> list:
        """The two SideSpecs of the combat under way (totals, bonuses, odds)."""
        c = state.combat
        if c is None:
            return []
        sides = []
        rage = [state.players[c.sides[i]].rage + c.temp_rage[i] for i in (0, 1)]
        odds = self.combat_odds(state)
        for i in (0, 1):
            p = c.sides[i]
            d = state.players[p]
            notes = [f"{t} {v:+d}" if v else t for t, v in c.notes[i]]
            if rage[i]:
                notes.append(f"rage {rage[i]}: best two of {2 + rage[i]} dice")
            for u in c.used[i]:
                nm = item_name(state.catalog, u) if u in state.catalog.items else (state.catalog.spell(u).name if u in state.catalog.spells else u)
                notes.append(f"used {nm}")
            if c.rolled[i] or (i == 1 and c.conceded_early):
                total = str(c.total[i])
            else:
                total = f"{c.bonus[i]:+d} + roll"
            role = ("Attacker · wins ties" if i == 0 else "Defender") + (" · ranged" if c.ranged and i == 0 else "")
            if c.reason == "final":
                role = "Challenger · wins ties" if i == 0 else "Champion"
            sides.append(SideSpec(d.name, self.player_color(state, p), self.letter(state, p), role, total, notes,
                                  odds[i] if odds else "", p == c.to_act))
        return sides

    def combat_odds(self, state) -> list[str]:
        """Each side's chance now, from the rules' own distributions
        (games/uberdrakes/rules/combat.py, as `preview` uses them)."""
        c = state.combat
        if c is None:
            return []
        rage = [state.players[c.sides[i]].rage + c.temp_rage[i] for i in (0, 1)]
        if c.stage == "pre":
            pa = ud_combat.win_chance(c.bonus[0], rage[0], c.bonus[1], rage[1])
            return [f"{percent(pa)} to win the rolloff", f"{percent(1 - pa)} to win the rolloff"]
        if c.stage == "respond":
            dist = ud_combat.top_two_distribution(2 + rage[1])
            need = c.total[0] - c.bonus[1] + 1
            pd = sum(pr for s, pr in dist.items() if s >= need)
            return [f"{percent(1 - pd)} if the defender rolls", f"{percent(pd)} by rolling {max(2, need)}+ (concede: double damage)"]
        if c.stage == "counter":
            L = ud_combat.losing_side(c)
            gap = c.total[1 - L] - c.total[L]
            p1 = ud_combat.chance_to_overtake(gap, L == 1)
            out = ["", ""]
            out[1 - L] = f"leads {c.total[1 - L]} to {c.total[L]}"
            out[L] = f"trails by {gap}: one added die takes the lead {percent(p1)}"
            return out
        if c.winner >= 0:
            out = ["", ""]
            out[c.winner] = "won the battle"
            out[1 - c.winner] = "lost the battle"
            return out
        return []


def pending_title(state) -> str:
    pend = state.pending
    return {"portal": "the portal", "pick_rider": "pick up a rider", "deliver_village": "teleport to a village",
            "skies_land": "land beside the opponent", "discard": "discard to the Sandstorm",
            "cyclone_move": "the Cyclone", "steal": "The Claw", "handbook": "the Monk's Handbook",
            "mulligan_take": "keep a card", "exchange": "blood points"}.get(pend.kind, pend.kind)


def space_words(cat, board, h, long: bool = False) -> str:
    sp = board.space(h)
    if sp.kind in ("village", "pickup"):
        return sp.name + (" (village)" if sp.kind == "village" and long else "")
    if sp.kind == "cave":
        return "the Caves"
    if sp.kind == "mountain":
        return f"Mountain +{sp.mountain}"
    if sp.kind == "element":
        return f"{element_name(cat, sp.element)} space"
    tt = cat.terrain.get(sp.terrain)
    return tt.name if tt else sp.kind


def space_effects(state, sp) -> list[str]:
    """What the space does (§ Space Effects), in the words of the table."""
    e = state.catalog.economy
    k = sp.kind
    out = []
    if k == "desert":
        out.append(f"Land: no effect · Roost: +{e.desert_roost_coins} coins")
    elif k == "magic":
        out.append(f"Land: +{e.magic_land} magic · Roost: +{e.magic_roost} magic")
    elif k == "mountain":
        out.append(f"+{sp.mountain} in combat while you stand here when it begins · Roost: a permanent rage level")
    elif k == "treasure":
        out.append("Land: draw a treasure card · Roost: another at the start of the next round")
    elif k == "element":
        name = element_name(state.catalog, sp.element)
        d_id = next((d for d, dd in state.catalog.dragons.items() if dd.element == sp.element), None)
        dn = state.catalog.dragons[d_id].name if d_id else f"{name} dragon"
        out.append(f"Drop off a rider bound for {name} here (after carrying it through a portal)")
        out.append(f"The {dn} heals 1 fatigue landing here, all fatigue roosting here")
    elif k == "portal":
        out.append("Land: you may travel to the other portal (1 fatigue; not at 3 fatigue) and face any way")
        out.append("A movement passing in may continue from the other portal · no combat, no items, no roost effect")
    elif k == "village":
        out.append("A large space: enter from any side, turn freely inside, exit any way")
        out.append(f"Land: buy up to {e.purchases_per_visit} items (one of each), sell gemstones · "
                   "Roost: +1 healing next round and first choice of the new stock")
        if sp.sid in state.stock:
            out.append("For sale: " + ", ".join(f"{item_name(state.catalog, o)} ({price(state.catalog, o)} coins)" for o in offers(state, sp.sid)))
        if state.sandstorm and state.sandstorm[0] == sp.sid:
            out.append("Engulfed in the Sandstorm: no buying or selling")
        if sp.start:
            out.append("Merkezi: every dragon takes off from here; a dragon that has not moved cannot be attacked")
    elif k == "pickup":
        out.append("A large space: enter from any side, turn freely inside, exit any way")
        riders = state.pickups.get(sp.side, [])
        out.append("Land: pick up one of the riders waiting here (one rider at a time) · Roost: choose any rider "
                   "next round")
        for r in riders:
            out.append("  " + rider_words(state.catalog, r))
    elif k == "cave":
        found = "3" if reading(state, CAVE_COINS.id) == "three" else f"1d{e.cave_die}"
        out.append(f"The four cave spaces are one space: land for {found} coins (first time each round), "
                   "leave from any cave facing any way")
        out.append(f"Roost: +{e.cave_roost_coins} coins next round")
    if sp.protected:
        out.append("Thick border: zones of control do not cross it; several dragons may share it, and the active "
                   "player may choose to fight here")
    return out


def make_view(match) -> UberDrakesView:
    return UberDrakesView(match)


__all__ = ["make_view", "UberDrakesView"]
